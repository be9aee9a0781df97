/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * OpenIPC adaptive-link over UDP; see gstdevoureralink.h. Facts from
 * sickgreg/OpenIPC-Adaptive-Link 4401083a ("S") and OpenIPC/adaptive-link
 * dca368db ("O"), files alink_gs and alink_drone.c.
 */
#include "gstdevoureralink.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Listener (devourersink alink-port)                                   */
/* ------------------------------------------------------------------ */

gboolean
gst_devourer_alink_listen_start (GstDevourerAlinkListener * l,
    const gchar * address, guint port, GError ** err)
{
  const gchar *host = address != NULL && address[0] != '\0'
      ? address : "0.0.0.0";
  GInetAddress *ia;
  GSocketAddress *sa;
  gboolean ok;

  memset (l, 0, sizeof (*l));
  ia = g_inet_address_new_from_string (host);
  if (ia == NULL) {
    g_set_error (err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
        "alink-address \"%s\" is not an IP address", host);
    return FALSE;
  }
  l->socket = g_socket_new (g_inet_address_get_family (ia),
      G_SOCKET_TYPE_DATAGRAM, G_SOCKET_PROTOCOL_UDP, err);
  if (l->socket == NULL) {
    g_object_unref (ia);
    return FALSE;
  }
  g_socket_set_blocking (l->socket, FALSE);
  sa = g_inet_socket_address_new (ia, (guint16) port);
  ok = g_socket_bind (l->socket, sa, FALSE, err);
  g_object_unref (sa);
  if (ok) {
    gboolean v6 = g_inet_address_get_family (ia) == G_SOCKET_FAMILY_IPV6;

    g_snprintf (l->bound, sizeof (l->bound), "%s%s%s:%u", v6 ? "[" : "",
        host, v6 ? "]" : "", port);
  }
  g_object_unref (ia);
  if (!ok)
    gst_devourer_alink_listen_stop (l);
  return ok;
}

void
gst_devourer_alink_listen_stop (GstDevourerAlinkListener * l)
{
  if (l->socket != NULL) {
    g_socket_close (l->socket, NULL);
    g_object_unref (l->socket);
  }
  memset (l, 0, sizeof (*l));
}

gint
gst_devourer_alink_listen_next (GstDevourerAlinkListener * l,
    struct dvr_link_alink *out, struct dvr_link_alink_error *why)
{
  /* One more byte than the longest datagram, so that a longer one is
   * seen to be too long rather than read cut. */
  guint8 buf[DVR_LINK_ALINK_MAX_DATAGRAM + 1];
  gssize n;

  if (l->socket == NULL)
    return 0;
  n = g_socket_receive (l->socket, (gchar *) buf, sizeof (buf), NULL, NULL);
  if (n < 0)
    return 0;                   /* would block (or an ICMP error: ignored) */
  return dvr_link_alink_read (buf, (gsize) n, out, why) == DVR_OK ? 1 : -1;
}

gboolean
gst_devourer_alink_code_new (GstDevourerAlinkListener * l,
    const gchar * code, guint64 now_ms)
{
  /* alink_drone's code_exists() / add_code() (O alink_drone.c, next to
   * special_command_message()): a code is a repeat while it is younger
   * than EXPIRY_TIME_MS; a new one takes a free or expired slot, else
   * the oldest. */
  GstDevourerAlinkCode *slot = NULL;

  for (guint i = 0; i < GST_DEVOURER_ALINK_CODES; i++) {
    GstDevourerAlinkCode *c = &l->codes[i];
    gboolean live = c->code[0] != '\0'
        && now_ms - c->ms < GST_DEVOURER_ALINK_CODE_MS;

    if (live && strcmp (c->code, code) == 0)
      return FALSE;
    if (!live && slot == NULL)
      slot = c;
  }
  if (slot == NULL) {
    slot = &l->codes[0];
    for (guint i = 1; i < GST_DEVOURER_ALINK_CODES; i++)
      if (l->codes[i].ms < slot->ms)
        slot = &l->codes[i];
  }
  g_strlcpy (slot->code, code, sizeof (slot->code));
  slot->ms = now_ms;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Sender (devourersrc alink-send)                                      */
/* ------------------------------------------------------------------ */

gboolean
gst_devourer_alink_send_start (GstDevourerAlinkSender * s, const gchar * spec,
    GError ** err)
{
  GSocketConnectable *na;
  GSocketAddressEnumerator *en;
  GSocketAddress *sa;

  memset (s, 0, sizeof (*s));
  na = g_network_address_parse (spec, 0, err);
  if (na == NULL)
    return FALSE;
  if (g_network_address_get_port (G_NETWORK_ADDRESS (na)) == 0) {
    g_set_error (err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
        "alink-send \"%s\": no UDP port (write host:port, e.g. "
        "10.5.0.10:9999)", spec);
    g_object_unref (na);
    return FALSE;
  }
  en = g_socket_connectable_enumerate (na);
  sa = g_socket_address_enumerator_next (en, NULL, err);
  g_object_unref (en);
  g_object_unref (na);
  if (sa == NULL) {
    if (err != NULL && *err == NULL)
      g_set_error (err, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
          "alink-send \"%s\": no address", spec);
    return FALSE;
  }
  s->socket = g_socket_new (g_socket_address_get_family (sa),
      G_SOCKET_TYPE_DATAGRAM, G_SOCKET_PROTOCOL_UDP, err);
  if (s->socket == NULL) {
    g_object_unref (sa);
    return FALSE;
  }
  g_socket_set_blocking (s->socket, FALSE);
  s->dest = sa;
  return TRUE;
}

void
gst_devourer_alink_send_stop (GstDevourerAlinkSender * s)
{
  if (s->socket != NULL) {
    g_socket_close (s->socket, NULL);
    g_object_unref (s->socket);
  }
  if (s->dest != NULL)
    g_object_unref (s->dest);
  memset (s, 0, sizeof (*s));
}

gint
gst_devourer_alink_o_score (gint best_rssi, gint best_snr)
{
  /* O alink_gs calculate_link(): each value mapped from its [min, max]
   * to 0..1 (clamped), weighted, 1000 + 1000 x that, sent as
   * int(final_score), a truncation; ranges and weights are O's shipped
   * alink_gs.conf, which dvr_link_adapt_config_default() also holds.
   * allow_penalty is off there, so final_score is this raw score. */
  struct dvr_link_adapt_config c;
  gdouble snr_n, rssi_n, v;

  dvr_link_adapt_config_default (&c);
  snr_n = CLAMP ((gdouble) (best_snr - c.snr_min) / (c.snr_max - c.snr_min),
      0.0, 1.0);
  rssi_n = CLAMP ((gdouble) (best_rssi - c.rssi_min) /
      (c.rssi_max - c.rssi_min), 0.0, 1.0);
  v = 1000.0 + 1000.0 * (c.snr_weight * snr_n + c.rssi_weight * rssi_n);
  return CLAMP ((gint) v, DVR_LINK_ADAPT_SCORE_MIN, DVR_LINK_ADAPT_SCORE_MAX);
}

static void
new_code (GstDevourerAlinkSender * s)
{
  /* ''.join(random.choices(string.ascii_lowercase, k=4)) */
  for (guint i = 0; i < 4; i++)
    s->code[i] = (gchar) ('a' + g_random_int_range (0, 26));
  s->code[4] = '\0';
  s->code_left = GST_DEVOURER_ALINK_IDR_MESSAGES;
}

gboolean
gst_devourer_alink_message_for (GstDevourerAlinkSender * s,
    const struct dvr_link_feedback *fb, struct dvr_link_alink *out)
{
  /* O alink_gs handle_video_rx_stats(): no packet in the report, no
   * message (the drone falls back after its fallback_ms); the first
   * report with video after none starts a keyframe request. */
  gboolean heard = !(fb->flags & DVR_LINK_FEEDBACK_SILENT)
      && (fb->packets > 0 || fb->lost > 0 || fb->frames > 0);
  gint best_rssi = -101, best_snr = 0;

  if (!heard) {
    s->heard_before = FALSE;
    return FALSE;
  }
  if (!s->heard_before)
    new_code (s);
  s->heard_before = TRUE;
  /* calculate_link(): any packet lost starts (or restarts) a request */
  if (fb->lost > 0)
    new_code (s);
  /* the best antenna's rssi_avg and snr_avg, starting from -101 and 0 */
  for (guint c = 0; c < fb->n_chains && c < DVR_MAX_RF_PATHS; c++) {
    best_rssi = MAX (best_rssi, fb->rssi_dbm[c]);
    best_snr = MAX (best_snr, fb->snr_db[c]);
  }
  memset (out, 0, sizeof (*out));
  out->kind = DVR_LINK_ALINK_SCORE;
  out->form = DVR_LINK_ALINK_FORM_O;
  out->timestamp = g_get_real_time () / G_USEC_PER_SEC;
  out->rssi_score = out->snr_score =
      gst_devourer_alink_o_score (best_rssi, best_snr);
  out->fec_rec = (gint) MIN (fb->recovered, (guint32) G_MAXINT32);
  out->lost = (gint) MIN (fb->lost, (guint32) G_MAXINT32);
  out->best_rssi = best_rssi;
  out->best_snr = best_snr;
  out->antennas = fb->n_chains;
  /* penalty and fec_change need O's Kalman noise estimate, which is only
   * used with allow_penalty / allow_fec_increase, both off in O's
   * alink_gs.conf: sent as O sends them then, 0. */
  out->penalty = 0;
  out->fec_change = 0;
  /* generate_message(): the code rides in idr_max_messages messages */
  if (s->code_left > 0) {
    g_strlcpy (out->idr_code, s->code, sizeof (out->idr_code));
    if (--s->code_left == 0)
      s->code[0] = '\0';
  }
  return TRUE;
}

gboolean
gst_devourer_alink_send_record (GstDevourerAlinkSender * s,
    const struct dvr_link_feedback *fb)
{
  struct dvr_link_alink m;
  guint8 buf[DVR_LINK_ALINK_MAX_DATAGRAM];
  gsize n;

  if (s->socket == NULL)
    return FALSE;
  if (!gst_devourer_alink_message_for (s, fb, &m)) {
    s->skipped++;
    return FALSE;
  }
  n = dvr_link_alink_write (&m, buf, sizeof (buf));
  if (n == 0 || g_socket_send_to (s->socket, s->dest, (const gchar *) buf, n,
          NULL, NULL) != (gssize) n) {
    s->errors++;
    return FALSE;
  }
  s->sent++;
  return TRUE;
}
