/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The network leg of devourersrc's distributed reception: UDP send of
 * forwarded frames, and the aggregator's receive thread. The datagram
 * format is the link layer's (link.h "Distributed reception"); here are
 * only sockets, addresses and the thread.
 */
#include "gstdevourerforward.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>

/* ------------------------------------------------------------------ */
/* Addresses                                                           */
/* ------------------------------------------------------------------ */

/* "host:port" or "[v6]:port" -> the first address it resolves to, as a
 * native sockaddr. @need_port: a port of 0 is refused. */
static gboolean
resolve (const gchar * spec, gboolean need_port,
    struct sockaddr_storage *out, socklen_t * out_len, GSocketFamily * family,
    GError ** err)
{
  GSocketConnectable *na;
  GSocketAddressEnumerator *en;
  GSocketAddress *sa;
  gboolean ok = FALSE;

  na = g_network_address_parse (spec, 0, err);
  if (na == NULL)
    return FALSE;
  if (need_port && g_network_address_get_port (G_NETWORK_ADDRESS (na)) == 0) {
    g_set_error (err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
        "\"%s\": no UDP port (write host:port)", spec);
    g_object_unref (na);
    return FALSE;
  }
  en = g_socket_connectable_enumerate (na);
  sa = g_socket_address_enumerator_next (en, NULL, err);
  if (sa != NULL) {
    gssize len = g_socket_address_get_native_size (sa);

    if (len > 0 && (gsize) len <= sizeof (*out)
        && g_socket_address_to_native (sa, out, sizeof (*out), err)) {
      *out_len = (socklen_t) len;
      *family = g_socket_address_get_family (sa);
      ok = TRUE;
    } else if (err != NULL && *err == NULL) {
      g_set_error (err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
          "\"%s\": not an IP address", spec);
    }
    g_object_unref (sa);
  } else if (err != NULL && *err == NULL) {
    g_set_error (err, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
        "\"%s\": no address", spec);
  }
  g_object_unref (en);
  g_object_unref (na);
  return ok;
}

/* "udp:ADDR:PORT" of a native address (IPv6 in brackets). */
static void
address_name (const struct sockaddr_storage *ss, socklen_t len, gchar * out,
    gsize cap)
{
  GSocketAddress *sa = g_socket_address_new_from_native ((gpointer) ss, len);

  if (sa != NULL && G_IS_INET_SOCKET_ADDRESS (sa)) {
    GInetSocketAddress *isa = G_INET_SOCKET_ADDRESS (sa);
    GInetAddress *ia = g_inet_socket_address_get_address (isa);
    gchar *ip = g_inet_address_to_string (ia);
    gboolean v6 =
        g_inet_address_get_family (ia) == G_SOCKET_FAMILY_IPV6;

    g_snprintf (out, cap, "udp:%s%s%s:%u", v6 ? "[" : "", ip, v6 ? "]" : "",
        (guint) g_inet_socket_address_get_port (isa));
    g_free (ip);
  } else {
    g_snprintf (out, cap, "udp:?");
  }
  if (sa != NULL)
    g_object_unref (sa);
}

/* ------------------------------------------------------------------ */
/* Forwarder                                                           */
/* ------------------------------------------------------------------ */

gboolean
gst_devourer_forwarder_start (GstDevourerForwarder * f, const gchar * spec,
    GError ** err)
{
  gchar **parts = g_strsplit_set (spec, ",; \t", -1);
  GString *names = g_string_new (NULL);
  gboolean ok = TRUE;

  memset (f, 0, sizeof (*f));
  for (guint i = 0; ok && parts[i] != NULL; i++) {
    GSocketFamily family;
    GSocket *sock;

    if (parts[i][0] == '\0')
      continue;
    if (f->n_dest == GST_DEVOURER_FORWARD_MAX_DEST) {
      g_set_error (err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
          "more than %d forward destinations", GST_DEVOURER_FORWARD_MAX_DEST);
      ok = FALSE;
      break;
    }
    if (!resolve (parts[i], TRUE, &f->addr[f->n_dest],
            &f->addr_len[f->n_dest], &family, err)) {
      ok = FALSE;
      break;
    }
    sock = g_socket_new (family, G_SOCKET_TYPE_DATAGRAM,
        G_SOCKET_PROTOCOL_UDP, err);
    if (sock == NULL) {
      ok = FALSE;
      break;
    }
    g_socket_set_blocking (sock, FALSE);
    f->socket[f->n_dest] = sock;
    {
      gchar name[96];

      address_name (&f->addr[f->n_dest], f->addr_len[f->n_dest], name,
          sizeof (name));
      g_string_append_printf (names, "%s%s", f->n_dest > 0 ? ", " : "",
          name + 4);
    }
    f->n_dest++;
  }
  g_strfreev (parts);
  if (ok && f->n_dest == 0) {
    g_set_error (err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
        "no forward destination in \"%s\"", spec);
    ok = FALSE;
  }
  f->names = g_string_free (names, FALSE);
  if (!ok)
    gst_devourer_forwarder_stop (f);
  return ok;
}

void
gst_devourer_forward_info (const struct dvr_rx_info *rx, guint wlan_idx,
    struct dvr_link_fwd_info *out)
{
  guint chains = MIN (rx->n_chains, DVR_LINK_FWD_ANTENNAS);

  memset (out->antenna, DVR_LINK_FWD_NO_ANTENNA, sizeof (out->antenna));
  memset (out->rssi, (guint8) DVR_LINK_FWD_NO_RSSI, sizeof (out->rssi));
  memset (out->noise, DVR_LINK_FWD_NO_NOISE, sizeof (out->noise));
  out->wlan_idx = (guint8) MIN (wlan_idx, 0xfeu);
  if (chains == 0) {
    /* One overall reading: antenna 0, no noise figure. */
    out->antenna[0] = 0;
    out->rssi[0] = rx->signal_dbm;
  }
  for (guint c = 0; c < chains; c++) {
    /* wfb-ng's noise slot is rssi - snr (src/wifibroadcast.hpp). */
    gint noise = (gint) rx->rssi_dbm[c] - (gint) rx->snr_db[c];

    out->antenna[c] = (guint8) c;
    out->rssi[c] = rx->rssi_dbm[c];
    out->noise[c] = (gint8) CLAMP (noise, -128, 126);
  }
  out->freq_mhz = rx->freq_mhz;
  out->mcs_index = (rx->rate.kind == DVR_RATE_HT
      || rx->rate.kind == DVR_RATE_VHT) ? rx->rate.mcs : 0;
  out->bandwidth_mhz = (guint8) MIN (rx->bw_mhz, 255u);
}

void
gst_devourer_forwarder_send (GstDevourerForwarder * f, guint wlan_idx,
    const struct dvr_rx_frame *frame)
{
  struct dvr_link_fwd_info info;
  guint8 hdr[DVR_LINK_FWD_HDR_LEN];
  const uint8_t *payload = NULL;
  size_t plen = dvr_link_fwd_payload (frame->data, frame->len, &payload);
  struct iovec iov[2];
  struct msghdr msg;

  if (plen == 0)
    return;
  gst_devourer_forward_info (&frame->info, wlan_idx, &info);
  dvr_link_fwd_put_header (&info, hdr);
  /* Header and frame leave as one datagram without a copy, as wfb-ng's
   * Forwarder sends them (src/rx.cpp). */
  iov[0].iov_base = hdr;
  iov[0].iov_len = sizeof (hdr);
  iov[1].iov_base = (void *) (uintptr_t) payload;
  iov[1].iov_len = plen;
  for (guint i = 0; i < f->n_dest; i++) {
    memset (&msg, 0, sizeof (msg));
    msg.msg_name = &f->addr[i];
    msg.msg_namelen = f->addr_len[i];
    msg.msg_iov = iov;
    msg.msg_iovlen = 2;
    if (sendmsg (g_socket_get_fd (f->socket[i]), &msg, MSG_DONTWAIT) < 0) {
      f->errors++;
      f->last_errno = errno;
    } else {
      f->frames++;
      f->bytes += sizeof (hdr) + plen;
    }
  }
}

void
gst_devourer_forwarder_stop (GstDevourerForwarder * f)
{
  for (guint i = 0; i < GST_DEVOURER_FORWARD_MAX_DEST; i++)
    g_clear_object (&f->socket[i]);
  f->n_dest = 0;
  g_clear_pointer (&f->names, g_free);
}

/* ------------------------------------------------------------------ */
/* Aggregator                                                          */
/* ------------------------------------------------------------------ */

void
gst_devourer_aggregator_init (GstDevourerAggregator * a)
{
  memset (a, 0, sizeof (*a));
  g_mutex_init (&a->lock);
}

void
gst_devourer_aggregator_clear (GstDevourerAggregator * a)
{
  gst_devourer_aggregator_stop (a);
  g_mutex_clear (&a->lock);
}

/* The remote slot of a sender (lock held), a new one at its first frame;
 * -1 when all slots are taken. */
static gint
remote_slot (GstDevourerAggregator * a, const struct sockaddr_storage *ss,
    socklen_t len, guint8 wlan_idx)
{
  GstDevourerRemote *r;

  for (guint i = 0; i < a->n_remotes; i++) {
    r = &a->remotes[i];
    if (r->addr_len == len && r->wlan_idx == wlan_idx
        && memcmp (&r->addr, ss, len) == 0)
      return (gint) i;
  }
  if (a->n_remotes >= a->max_remotes)
    return -1;
  r = &a->remotes[a->n_remotes];
  memset (r, 0, sizeof (*r));
  memcpy (&r->addr, ss, len);
  r->addr_len = len;
  r->wlan_idx = wlan_idx;
  address_name (ss, len, r->name, sizeof (r->name));
  return (gint) a->n_remotes++;
}

static void
handle_datagram (GstDevourerAggregator * a, gsize len,
    const struct sockaddr_storage *ss, socklen_t ss_len)
{
  struct dvr_link_fwd_info info;
  const uint8_t *payload;
  size_t plen, flen;
  gint slot = -1;
  int kind;

  g_mutex_lock (&a->lock);
  kind = dvr_link_fwd_parse (a->dgram, len, &info, &payload, &plen,
      &a->stats);
  if (kind == DVR_LINK_FWD_FRAME) {
    slot = remote_slot (a, ss, ss_len, info.wlan_idx);
    if (slot < 0)
      a->no_slot++;
    else
      a->remotes[slot].datagrams++;
  }
  g_mutex_unlock (&a->lock);
  if (slot < 0)
    return;
  flen = dvr_link_fwd_frame (a->channel_id, payload, plen, a->frame,
      sizeof (a->frame));
  if (flen > 0)
    a->fn (a->user, (guint) slot, &info, a->frame, flen);
}

static gpointer
aggregator_thread (gpointer user)
{
  GstDevourerAggregator *a = user;
  int fd = g_socket_get_fd (a->socket);

  while (!g_cancellable_is_cancelled (a->cancel)) {
    if (!g_socket_condition_wait (a->socket, G_IO_IN, a->cancel, NULL))
      break;                    /* cancelled (or the socket failed) */
    for (;;) {
      struct sockaddr_storage ss;
      socklen_t ss_len = sizeof (ss);
      /* MSG_TRUNC: the datagram's real length, so one longer than the
       * buffer is refused as oversize instead of read cut short. */
      ssize_t n = recvfrom (fd, a->dgram, sizeof (a->dgram),
          MSG_DONTWAIT | MSG_TRUNC, (struct sockaddr *) &ss, &ss_len);

      if (n < 0) {
        if (errno == EINTR)
          continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
          g_mutex_lock (&a->lock);
          a->recv_errors++;
          g_mutex_unlock (&a->lock);
        }
        break;
      }
      if (ss_len > sizeof (ss))
        ss_len = sizeof (ss);
      handle_datagram (a, MIN ((gsize) n, sizeof (a->dgram)), &ss, ss_len);
    }
  }
  return NULL;
}

gboolean
gst_devourer_aggregator_start (GstDevourerAggregator * a, const gchar * spec,
    guint32 channel_id, guint max_remotes, GstDevourerAggregateFn fn,
    gpointer user, GError ** err)
{
  struct sockaddr_storage ss;
  socklen_t ss_len;
  GSocketFamily family;
  GSocketAddress *sa, *local;
  gchar *full;
  gboolean ok = FALSE;

  /* A bare port listens on every IPv4 address, as wfb_rx -a does. */
  full = (spec[0] != '\0' && strspn (spec, "0123456789") == strlen (spec)) ?
      g_strdup_printf ("0.0.0.0:%s", spec) : g_strdup (spec);
  if (!resolve (full, FALSE, &ss, &ss_len, &family, err))
    goto out;
  a->socket = g_socket_new (family, G_SOCKET_TYPE_DATAGRAM,
      G_SOCKET_PROTOCOL_UDP, err);
  if (a->socket == NULL)
    goto out;
  g_socket_set_blocking (a->socket, FALSE);
  sa = g_socket_address_new_from_native (&ss, ss_len);
  ok = g_socket_bind (a->socket, sa, FALSE, err);
  g_object_unref (sa);
  if (!ok)
    goto out;
  ok = FALSE;
  local = g_socket_get_local_address (a->socket, err);
  if (local == NULL)
    goto out;
  g_mutex_lock (&a->lock);
  a->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local));
  g_mutex_unlock (&a->lock);
  {
    struct sockaddr_storage ls;
    gssize ll = g_socket_address_get_native_size (local);
    gchar name[96];

    if (ll > 0 && (gsize) ll <= sizeof (ls)
        && g_socket_address_to_native (local, &ls, sizeof (ls), NULL)) {
      address_name (&ls, (socklen_t) ll, name, sizeof (name));
      a->bound = g_strdup (name + 4);
    } else {
      a->bound = g_strdup_printf ("%s", full);
    }
  }
  g_object_unref (local);

  g_mutex_lock (&a->lock);
  memset (&a->stats, 0, sizeof (a->stats));
  a->no_slot = 0;
  a->recv_errors = 0;
  a->n_remotes = 0;
  a->max_remotes = MIN (max_remotes, (guint) DVR_LINK_MAX_ADAPTERS);
  g_mutex_unlock (&a->lock);
  a->channel_id = channel_id;
  a->fn = fn;
  a->user = user;
  a->cancel = g_cancellable_new ();
  a->thread = g_thread_try_new ("dvrsrc-aggregate", aggregator_thread, a,
      err);
  ok = a->thread != NULL;

out:
  g_free (full);
  if (!ok)
    gst_devourer_aggregator_stop (a);
  return ok;
}

void
gst_devourer_aggregator_stop (GstDevourerAggregator * a)
{
  if (a->thread != NULL) {
    g_cancellable_cancel (a->cancel);
    g_thread_join (a->thread);
    a->thread = NULL;
  }
  g_clear_object (&a->cancel);
  g_clear_object (&a->socket);
  g_clear_pointer (&a->bound, g_free);
}
