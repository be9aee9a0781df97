/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* devourersink's adaptation; see gstdevoureradapt.h. */
#include "gstdevoureradapt.h"

#include <string.h>

#include "gstdevourerutil.h"

void
gst_devourer_adapt_init (GstDevourerAdapt * a)
{
  memset (a, 0, sizeof (*a));
  g_mutex_init (&a->lock);
}

void
gst_devourer_adapt_clear (GstDevourerAdapt * a)
{
  gst_devourer_adapt_stop (a);
  g_mutex_clear (&a->lock);
}

/* A packet of the feedback stream (RX thread, inside the link receiver):
 * a record into the mailbox. */
static void
on_record (void *user, const uint8_t * data, size_t len)
{
  GstDevourerAdapt *a = user;
  struct dvr_link_feedback fb;
  gboolean ok = dvr_link_feedback_read (data, len, &fb) == DVR_OK;

  g_mutex_lock (&a->lock);
  if (!ok) {
    a->records_refused++;
  } else {
    a->records++;
    if (a->n_mail == GST_DEVOURER_ADAPT_MAILBOX) {
      memmove (&a->mailbox[0], &a->mailbox[1],
          (GST_DEVOURER_ADAPT_MAILBOX - 1) * sizeof (a->mailbox[0]));
      a->n_mail--;
      a->records_overrun++;
    }
    a->mailbox[a->n_mail++] = fb;
  }
  g_mutex_unlock (&a->lock);
  if (ok)
    gst_devourer_timer_wake_by (a->timer, 0);
}

/* A frame of the feedback port on the sink's adapter (RX thread). */
static void
on_frame (void *user, const struct dvr_rx_frame *f)
{
  GstDevourerAdapt *a = user;

  dvr_link_rx_push (a->rx, 0, f->info.signal_dbm, f->data, f->len,
      gst_devourer_now_ms ());
}

GstDevourerEncoderKind
gst_devourer_encoder_kind (const gchar * factory)
{
  /* Units as each encoder documents its property (gst-inspect-1.0). */
  static const struct
  {
    const gchar *name;
    GstDevourerEncoderKind kind;
  } known[] = {
    {"x264enc", GST_DEVOURER_ENCODER_KBPS},
    {"x265enc", GST_DEVOURER_ENCODER_KBPS},
    {"vaapih264enc", GST_DEVOURER_ENCODER_KBPS},
    {"vaapih265enc", GST_DEVOURER_ENCODER_KBPS},
    {"vah264enc", GST_DEVOURER_ENCODER_KBPS},
    {"vah264lpenc", GST_DEVOURER_ENCODER_KBPS},
    {"vah265enc", GST_DEVOURER_ENCODER_KBPS},
    {"nvh264enc", GST_DEVOURER_ENCODER_KBPS},
    {"nvh265enc", GST_DEVOURER_ENCODER_KBPS},
    {"openh264enc", GST_DEVOURER_ENCODER_BPS},
    {"v4l2h264enc", GST_DEVOURER_ENCODER_V4L2},
    {"v4l2h265enc", GST_DEVOURER_ENCODER_V4L2},
  };

  for (gsize i = 0; factory != NULL && i < G_N_ELEMENTS (known); i++)
    if (g_str_equal (factory, known[i].name))
      return known[i].kind;
  return GST_DEVOURER_ENCODER_NONE;
}

gboolean
gst_devourer_adapt_start (GstDevourerAdapt * a, GstElement * sink,
    GstDevourerTimer * timer, const struct dvr_link_keys *keys,
    guint32 link_id, guint port, const gchar * selector,
    const struct dvr_channel *channel, const gchar * profiles_path,
    guint streams, guint bw_mhz, const gchar * encoder_name,
    const gchar * alink_address, guint alink_port, GError ** err)
{
  struct dvr_link_rx_config rc = {
    .link_id = link_id,
    .radio_port = (uint8_t) port,
    /* a record is one block of its own: nothing to wait for */
    .block_timeout_ms = 1,
  };
  struct dvr_share_config sc = { 0 };
  int r;

  a->sink = sink;
  a->timer = timer;
  if (profiles_path != NULL && profiles_path[0] != '\0') {
    struct dvr_link_profiles_error pe;

    memset (&pe, 0, sizeof (pe));
    r = dvr_link_profiles_load (profiles_path, &a->file_profiles, &pe);
    if (r != DVR_OK) {
      g_set_error (err, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS,
          "profiles \"%s\": %s", profiles_path, pe.msg[0] ? pe.msg :
          dvr_strerror (r));
      goto fail;
    }
    a->profiles = &a->file_profiles;
    a->rows_set_power = TRUE;
  } else {
    r = dvr_link_profiles_ladder (streams, bw_mhz, &a->profiles);
    if (r != DVR_OK) {
      g_set_error (err, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS,
          "built-in profile ladder: %s", dvr_strerror (r));
      goto fail;
    }
    a->rows_set_power = FALSE;
  }
  dvr_link_adapt_config_default (&a->cfg);
  r = dvr_link_adapt_new (&a->cfg, a->profiles, &a->engine);
  if (r == DVR_OK)
    r = dvr_link_rx_new (&rc, keys, on_record, a, &a->rx);
  if (r != DVR_OK) {
    g_set_error (err, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED,
        "adaptation: %s", dvr_strerror (r));
    goto fail;
  }
  a->encoder_name = g_strdup (encoder_name);
  a->encoder_kind = GST_DEVOURER_ENCODER_NONE;
  a->bitrate_set = 0;
  a->has_last = FALSE;
  a->current = NULL;
  a->has_alink_last = FALSE;
  a->paused = FALSE;
  a->kf_sent = FALSE;
  a->alink_received = a->alink_refused = a->alink_repeats = 0;
  if (alink_port != 0) {
    GError *e = NULL;

    if (!gst_devourer_alink_listen_start (&a->alink, alink_address,
            alink_port, &e)) {
      g_set_error (err, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_OPEN_READ,
          "alink-port %u: %s", alink_port, e->message);
      g_clear_error (&e);
      goto fail;
    }
    GST_INFO_OBJECT (sink, "listening for alink_gs on udp:%s",
        a->alink.bound);
  }

  sc.device.on_rx = on_frame;
  sc.device.user = a;
  sc.channel = *channel;
  dvr_link_rx_match (link_id, (uint8_t) port, &sc.match);
  r = dvr_share_open (selector, &sc, &a->share);
  if (r != DVR_OK) {
    a->share = NULL;
    g_set_error (err, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_OPEN_READ,
        "cannot hear feedback on %s: %s", selector, dvr_strerror (r));
    goto fail;
  }
  return TRUE;

fail:
  gst_devourer_adapt_stop (a);
  return FALSE;
}

void
gst_devourer_adapt_stop (GstDevourerAdapt * a)
{
  /* After the share closes no record callback runs. */
  if (a->share != NULL)
    dvr_share_close (a->share);
  a->share = NULL;
  dvr_link_rx_free (a->rx);
  a->rx = NULL;
  gst_devourer_alink_listen_stop (&a->alink);
  g_mutex_lock (&a->lock);
  dvr_link_adapt_free (a->engine);
  a->engine = NULL;
  a->current = NULL;
  a->n_mail = 0;
  g_mutex_unlock (&a->lock);
  /* a file's rows, or the ladder's list with its rows */
  if (a->profiles != NULL)
    dvr_link_profiles_free (a->profiles);
  a->profiles = NULL;
  memset (&a->file_profiles, 0, sizeof (a->file_profiles));
  g_clear_pointer (&a->encoder_name, g_free);
  gst_clear_object (&a->encoder);
}

/* A keyframe asked for outside a score the engine is fed (an alink
 * special:request_keyframe, or any request while paused): limited to one
 * per keyframe_interval_ms like the engine's own, counted from the last
 * keyframe either asked. */
static void
keyframe_alone (GstDevourerAdapt * a, guint64 now, guint32 interval_ms,
    const struct dvr_link_alink *am, GstDevourerAdaptApply apply,
    gpointer user)
{
  struct dvr_link_adapt_decision d;

  if (a->kf_sent && now - a->last_kf_ms < interval_ms)
    return;
  memset (&d, 0, sizeof (d));
  d.why = DVR_LINK_ADAPT_NONE;
  d.to = d.from = a->current;
  d.keyframe = TRUE;
  a->kf_sent = TRUE;
  a->last_kf_ms = now;
  g_mutex_lock (&a->lock);
  a->keyframes++;
  g_mutex_unlock (&a->lock);
  apply (user, &d, NULL, am, 0);
}

/* One score into the engine, from a record @fb or an alink message @am. */
static void
feed (GstDevourerAdapt * a, guint64 now, gint score, gboolean kf,
    const struct dvr_link_feedback *fb, const struct dvr_link_alink *am,
    GstDevourerAdaptApply apply, gpointer user)
{
  struct dvr_link_adapt_decision d;

  memset (&d, 0, sizeof (d));
  dvr_link_adapt_feed (a->engine, score, kf, now, &d);
  g_mutex_lock (&a->lock);
  if (fb != NULL) {
    a->last = *fb;
    a->has_last = TRUE;
  }
  a->last_score = score;
  if (d.why != DVR_LINK_ADAPT_NONE) {
    a->changes++;
    a->current = d.to;
  }
  if (d.keyframe)
    a->keyframes++;
  g_mutex_unlock (&a->lock);
  if (d.keyframe) {
    a->kf_sent = TRUE;
    a->last_kf_ms = now;
  }
  if (d.why != DVR_LINK_ADAPT_NONE || d.keyframe)
    apply (user, &d, fb, am, score);
}

/* What alink_drone does with one datagram (O alink_drone.c
 * process_message() and special_command_message()): a score is
 * selected on unless paused; a keyframe code is honoured paused or not,
 * once per code within a second. */
static void
take_alink (GstDevourerAdapt * a, guint64 now,
    const struct dvr_link_adapt_config *cfg, const struct dvr_link_alink *m,
    GstDevourerAdaptApply apply, gpointer user)
{
  gboolean kf = FALSE;

  if (m->idr_code[0] != '\0') {
    kf = gst_devourer_alink_code_new (&a->alink, m->idr_code, now);
    if (!kf) {
      g_mutex_lock (&a->lock);
      a->alink_repeats++;
      g_mutex_unlock (&a->lock);
    }
  }
  switch (m->kind) {
    case DVR_LINK_ALINK_SCORE:
      g_mutex_lock (&a->lock);
      a->alink_last = *m;
      a->has_alink_last = TRUE;
      g_mutex_unlock (&a->lock);
      if (!a->paused)
        feed (a, now, dvr_link_adapt_alink_score (cfg, m->rssi_score,
                m->snr_score), kf, NULL, m, apply, user);
      else if (kf)
        keyframe_alone (a, now, cfg->keyframe_interval_ms, m, apply, user);
      break;
    case DVR_LINK_ALINK_KEYFRAME:
      if (kf)
        keyframe_alone (a, now, cfg->keyframe_interval_ms, m, apply, user);
      break;
    case DVR_LINK_ALINK_PAUSE:
    case DVR_LINK_ALINK_RESUME:
      g_mutex_lock (&a->lock);
      a->paused = m->kind == DVR_LINK_ALINK_PAUSE;
      g_mutex_unlock (&a->lock);
      GST_INFO_OBJECT (a->sink, "adaptation %s by alink_gs",
          a->paused ? "paused" : "resumed");
      break;
  }
}

guint64
gst_devourer_adapt_tick (GstDevourerAdapt * a, guint64 now,
    GstDevourerAdaptApply apply, gpointer user)
{
  struct dvr_link_feedback mail[GST_DEVOURER_ADAPT_MAILBOX];
  struct dvr_link_adapt_decision d;
  const struct dvr_link_adapt_config *cfg = &a->cfg;
  struct dvr_link_alink m;
  struct dvr_link_alink_error why;
  guint64 next;
  guint n;
  gint got;

  if (a->engine == NULL)
    return G_MAXUINT64;
  g_mutex_lock (&a->lock);
  n = a->n_mail;
  memcpy (mail, a->mailbox, n * sizeof (mail[0]));
  a->n_mail = 0;
  g_mutex_unlock (&a->lock);

  for (guint i = 0; i < n; i++) {
    gint score = dvr_link_feedback_score (cfg, &mail[i]);
    gboolean kf = (mail[i].flags & DVR_LINK_FEEDBACK_KEYFRAME) != 0;

    /* A span in which the ground heard nothing is not a score: the
     * drone's encoder may simply have had nothing to send (a low frame
     * rate, a stalled pipeline, a loaded host), and a link really lost
     * stays silent, so the fallback comes after fallback_ms without a
     * score, as it does when the records stop (and as alink_gs, which
     * sends nothing without video, makes alink_drone do). */
    if (mail[i].flags & DVR_LINK_FEEDBACK_SILENT) {
      g_mutex_lock (&a->lock);
      a->silent_records++;
      g_mutex_unlock (&a->lock);
      continue;
    }
    if (!a->paused) {
      feed (a, now, score, kf, &mail[i], NULL, apply, user);
    } else {
      g_mutex_lock (&a->lock);
      a->last = mail[i];
      a->has_last = TRUE;
      a->last_score = score;
      g_mutex_unlock (&a->lock);
      if (kf)
        keyframe_alone (a, now, cfg->keyframe_interval_ms, NULL, apply, user);
    }
  }
  /* every datagram waiting; a flood is bounded by the socket's buffer */
  while ((got = gst_devourer_alink_listen_next (&a->alink, &m, &why)) != 0) {
    g_mutex_lock (&a->lock);
    if (got > 0)
      a->alink_received++;
    else
      a->alink_refused++;
    g_mutex_unlock (&a->lock);
    if (got > 0)
      take_alink (a, now, cfg, &m, apply, user);
    else
      GST_DEBUG_OBJECT (a->sink, "alink datagram refused: %s", why.msg);
  }
  /* alink_drone's fallback thread does nothing while paused */
  memset (&d, 0, sizeof (d));
  if (!a->paused)
    dvr_link_adapt_poll (a->engine, now, &d);
  if (d.why != DVR_LINK_ADAPT_NONE) {
    g_mutex_lock (&a->lock);
    a->changes++;
    a->current = d.to;
    g_mutex_unlock (&a->lock);
    apply (user, &d, NULL, NULL, d.score);
  }
  /* often enough to notice silence within a tenth of the fallback time */
  next = now + MAX (cfg->fallback_ms / 10, 10);
  if (a->alink.socket != NULL)
    next = MIN (next, now + GST_DEVOURER_ALINK_POLL_MS);
  return next;
}

/* The element named encoder= in the sink's pipeline (reference), or
 * NULL. */
static GstElement *
find_encoder (GstDevourerAdapt * a)
{
  GstObject *top = gst_object_ref (GST_OBJECT (a->sink)), *up;
  GstElement *e = NULL;

  while ((up = gst_object_get_parent (top)) != NULL) {
    gst_object_unref (top);
    top = up;
  }
  if (GST_IS_BIN (top))
    e = gst_bin_get_by_name (GST_BIN (top), a->encoder_name);
  gst_object_unref (top);
  return e;
}

gboolean
gst_devourer_adapt_set_bitrate (GstDevourerAdapt * a, guint kbps)
{
  if (a->encoder_name == NULL)
    return FALSE;
  if (a->encoder == NULL) {
    GstElementFactory *f;

    a->encoder = find_encoder (a);
    if (a->encoder == NULL)
      return FALSE;
    f = gst_element_get_factory (a->encoder);
    a->encoder_kind = gst_devourer_encoder_kind (f != NULL ?
        gst_plugin_feature_get_name (GST_PLUGIN_FEATURE (f)) : NULL);
  }
  switch (a->encoder_kind) {
    case GST_DEVOURER_ENCODER_KBPS:
      g_object_set (a->encoder, "bitrate", kbps, NULL);
      break;
    case GST_DEVOURER_ENCODER_BPS:
      g_object_set (a->encoder, "bitrate", kbps * 1000u, NULL);
      break;
    case GST_DEVOURER_ENCODER_V4L2:{
      GstStructure *c = gst_structure_new ("controls", "video_bitrate",
          G_TYPE_INT, (gint) MIN (kbps * 1000ull, G_MAXINT), NULL);

      g_object_set (a->encoder, "extra-controls", c, NULL);
      gst_structure_free (c);
      break;
    }
    default:
      return FALSE;
  }
  g_mutex_lock (&a->lock);
  a->bitrate_set = kbps;
  g_mutex_unlock (&a->lock);
  return TRUE;
}

void
gst_devourer_adapt_set_stats (GstDevourerAdapt * a, GstStructure * s)
{
  g_mutex_lock (&a->lock);
  gst_structure_set (s,
      "feedback-records", G_TYPE_UINT64, a->records,
      "feedback-silent", G_TYPE_UINT64, a->silent_records,
      "feedback-refused", G_TYPE_UINT64, a->records_refused,
      "feedback-overrun", G_TYPE_UINT64, a->records_overrun,
      "profile-changes", G_TYPE_UINT64, a->changes,
      "keyframes-requested", G_TYPE_UINT64, a->keyframes,
      "feedback-score", G_TYPE_INT, a->has_last ? a->last_score : 0,
      "profile-line", G_TYPE_UINT, a->current ? a->current->line : 0u,
      "encoder-bitrate", G_TYPE_UINT64, a->bitrate_set,
      "alink-received", G_TYPE_UINT64, a->alink_received,
      "alink-refused", G_TYPE_UINT64, a->alink_refused,
      "alink-keyframe-repeats", G_TYPE_UINT64, a->alink_repeats,
      "adapt-paused", G_TYPE_BOOLEAN, a->paused, NULL);
  g_mutex_unlock (&a->lock);
}
