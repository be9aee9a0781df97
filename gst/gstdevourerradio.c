/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An adapter opened on behalf of an element; see gstdevourerradio.h.
 */
#include "gstdevourerradio.h"

#include "gstdevourerutil.h"

void
gst_devourer_radio_init (GstDevourerRadio * radio, GstElement * element,
    GstDebugCategory * category, const gchar * selector,
    GstDevourerRadioLostFunc on_lost, gpointer user)
{
  radio->element = element;
  radio->category = category;
  radio->selector = g_strdup (selector);
  radio->share = NULL;
  radio->dev = NULL;
  radio->lost = 0;
  radio->brought_up = 0;
  radio->on_lost = on_lost;
  radio->on_channel = NULL;
  radio->channel_packed = 0;
  radio->channel_news = 0;
  radio->user = user;
  radio->opener = NULL;
  radio->open_error[0] = '\0';
}

static guint
pack_channel (const struct dvr_channel *ch)
{
  return (guint) ch->channel << 16 | (guint) (ch->bw_mhz & 0xff) << 8 |
      (guint8) ch->secondary;
}

/* Path letters of a bit mask ("AB"), into buf of at least 33 bytes. */
static const gchar *
path_letters (guint32 mask, guint paths, gchar * buf)
{
  guint n = 0;

  for (guint p = 0; p < paths && p < 26; p++)
    if (mask & (1u << p))
      buf[n++] = (gchar) ('A' + p);
  buf[n] = '\0';
  return buf;
}

/* A calibration that failed on some path: the adapter works on with the
 * neutral correction, so a warning (kind "calibration-failed") rather
 * than an error. */
static void
post_calibration_failed (GstDevourerRadio * radio, const gchar * device,
    const struct dvr_event *event)
{
  gchar tx[33], rx[33], all[33];
  const gchar *what = event->calibration.what != NULL ?
      event->calibration.what : "calibration";
  guint paths = event->calibration.paths;

  if ((event->calibration.failed_tx | event->calibration.failed_rx) == 0)
    return;
  path_letters (event->calibration.failed_tx, paths, tx);
  path_letters (event->calibration.failed_rx, paths, rx);
  path_letters (event->calibration.failed_tx | event->calibration.failed_rx,
      paths, all);
  GST_ELEMENT_WARNING_WITH_DETAILS (radio->element, RESOURCE, SETTINGS,
      ("%s of %s failed on path %s at channel %u; that path runs "
          "uncorrected (worse EVM at high MCS).", what, device, all,
          event->calibration.channel),
      ("TX failed on paths '%s', RX on paths '%s'. A path whose RF or "
          "antenna port is dead fails every time; retuning calibrates "
          "again.", tx, rx),
      ("kind", G_TYPE_STRING, "calibration-failed",
          "device", G_TYPE_STRING, device,
          "calibration", G_TYPE_STRING, what,
          "channel", G_TYPE_UINT, event->calibration.channel,
          "failed-tx-paths", G_TYPE_STRING, tx,
          "failed-rx-paths", G_TYPE_STRING, rx, NULL));
}

/* Init stages as "devourer-init-timing" messages (only the share that
 * brings the adapter up is there to hear them); the first fatal error
 * goes to the element; a retune is noted. Device thread, or the thread
 * that retuned; the adapter's users lock is held. */
static void
on_radio_event (void *user, const struct dvr_event *event)
{
  GstDevourerRadio *radio = user;
  const gchar *device = event->device != NULL ? event->device : "";

  switch (event->type) {
    case DVR_EVENT_INIT_STAGE:
    case DVR_EVENT_INIT_DONE:{
      const gchar *stage = event->type == DVR_EVENT_INIT_DONE ? "total" :
          (event->init.stage != NULL ? event->init.stage : "");

      gst_devourer_post_element_message (radio->element,
          gst_structure_new (GST_DEVOURER_MSG_INIT_TIMING,
              "device", G_TYPE_STRING, device,
              "stage", G_TYPE_STRING, stage,
              "ms", G_TYPE_DOUBLE, event->init.ms,
              "ctrl-transfers", G_TYPE_UINT64, event->init.ctrl_transfers,
              "ctrl-bytes", G_TYPE_UINT64, event->init.ctrl_bytes, NULL));
      if (event->type == DVR_EVENT_INIT_DONE)
        g_atomic_int_set (&radio->brought_up, 1);
      break;
    }
    case DVR_EVENT_CHANNEL:
      g_atomic_int_set ((gint *) & radio->channel_packed,
          (gint) pack_channel (&event->channel));
      g_atomic_int_set (&radio->channel_news, 1);
      if (radio->on_channel != NULL)
        radio->on_channel (radio, radio->user);
      break;
    case DVR_EVENT_CALIBRATION:
      post_calibration_failed (radio, device, event);
      break;
    case DVR_EVENT_WARNING:
      /* Something the driver took on trust (a board default for an
       * unprogrammed EFUSE byte): the user hears of it on the bus, not
       * only in the debug log. */
      GST_ELEMENT_WARNING_WITH_DETAILS (radio->element, RESOURCE, SETTINGS,
          ("%s: %s", device, event->warning.message != NULL ?
              event->warning.message : ""),
          ("During the \"%s\" stage of the bring-up.",
              event->warning.stage != NULL ? event->warning.stage : ""),
          ("kind", G_TYPE_STRING, "adapter-warning",
              "device", G_TYPE_STRING, device,
              "stage", G_TYPE_STRING, event->warning.stage != NULL ?
              event->warning.stage : "",
              "message", G_TYPE_STRING, event->warning.message != NULL ?
              event->warning.message : "", NULL));
      break;
    case DVR_EVENT_ERROR:
      /* The driver may report one failure from several places (a failed
       * transfer, then the unplug): the element hears of it once. */
      if (g_atomic_int_compare_and_exchange (&radio->lost, 0, 1))
        radio->on_lost (radio, event, radio->user);
      break;
    default:
      break;
  }
}

static void
on_radio_log (void *user, enum dvr_log_level level, const char *message)
{
  GstDevourerRadio *radio = user;
  GstDebugLevel gst_level;

  switch (level) {
    case DVR_LOG_ERROR:
      gst_level = GST_LEVEL_ERROR;
      break;
    case DVR_LOG_WARN:
      gst_level = GST_LEVEL_WARNING;
      break;
    case DVR_LOG_INFO:
      gst_level = GST_LEVEL_INFO;
      break;
    default:
      gst_level = GST_LEVEL_DEBUG;
      break;
  }
  GST_CAT_LEVEL_LOG (radio->category, gst_level, radio->element,
      "libdevourer: %s", message);
  /* Only the opening thread writes it, and reads it once dvr_open()
   * returned. */
  if (level == DVR_LOG_ERROR
      && g_atomic_pointer_get (&radio->opener) == (gpointer) g_thread_self ())
    g_strlcpy (radio->open_error, message, sizeof radio->open_error);
}

/* The most verbose driver log level worth producing: the driver does not
 * format lines nobody would see. */
static enum dvr_log_level
log_level_for (GstDebugCategory * category)
{
  GstDebugLevel threshold = gst_debug_category_get_threshold (category);

  if (threshold >= GST_LEVEL_DEBUG)
    return DVR_LOG_DEBUG;
  if (threshold >= GST_LEVEL_INFO)
    return DVR_LOG_INFO;
  if (threshold >= GST_LEVEL_WARNING)
    return DVR_LOG_WARN;
  return DVR_LOG_ERROR;
}

/* Tell the user this element joined an adapter another element of this
 * process already runs (the init timings came from that one). */
static void
post_joined (GstDevourerRadio * radio, dvr_share * share,
    const struct dvr_channel *ch)
{
  dvr_device *dev = dvr_share_device (share);

  gst_devourer_post_element_message (radio->element,
      gst_structure_new (GST_DEVOURER_MSG_ADAPTER_JOINED,
          "device", G_TYPE_STRING, radio->selector,
          "chip", G_TYPE_STRING, dvr_chip_name (dev),
          "users", G_TYPE_UINT, dvr_share_users (share),
          "channel", G_TYPE_UINT, (guint) ch->channel,
          "bandwidth", G_TYPE_UINT, (guint) ch->bw_mhz, NULL));
}

gboolean
gst_devourer_radio_open (GstDevourerRadio * radio, struct dvr_config *cfg,
    const struct dvr_channel *channel, const struct dvr_rx_match *match,
    GMutex * publish)
{
  struct dvr_share_config scfg = { 0 };
  dvr_share *share = NULL;
  int ret;

  cfg->on_event = on_radio_event;
  cfg->on_log = on_radio_log;
  cfg->user = radio;
  cfg->log_level = log_level_for (radio->category);
  g_atomic_int_set (&radio->lost, 0);
  g_atomic_int_set (&radio->brought_up, 0);
  scfg.device = *cfg;
  scfg.channel = *channel;
  if (match != NULL)
    scfg.match = *match;

  GST_CAT_INFO_OBJECT (radio->category, radio->element,
      "opening %s, channel %u/%u MHz", radio->selector, channel->channel,
      channel->bw_mhz);
  radio->open_error[0] = '\0';
  g_atomic_pointer_set (&radio->opener, g_thread_self ());
  ret = dvr_share_open (radio->selector, &scfg, &share);
  g_atomic_pointer_set (&radio->opener, NULL);
  if (ret != DVR_OK) {
    /* The element's configuration is valid by construction (property
     * ranges), so what the driver finds malformed is the selector. */
    if (ret == DVR_E_INVALID)
      gst_devourer_post_selector_error (radio->element, radio->selector,
          radio->open_error);
    else
      gst_devourer_post_device_error (radio->element, radio->selector,
          "open", ret, radio->open_error);
    return FALSE;
  }
  if (!g_atomic_int_get (&radio->brought_up))
    /* A joiner is on the channel it asked for, or it was refused. */
    post_joined (radio, share, channel);
  if (publish != NULL)
    g_mutex_lock (publish);
  radio->share = share;
  radio->dev = dvr_share_device (share);
  if (publish != NULL)
    g_mutex_unlock (publish);
  return TRUE;
}

gboolean
gst_devourer_radio_take_channel (GstDevourerRadio * radio,
    struct dvr_channel *channel)
{
  guint packed;

  if (!g_atomic_int_compare_and_exchange (&radio->channel_news, 1, 0))
    return FALSE;
  packed = (guint) g_atomic_int_get ((gint *) & radio->channel_packed);
  channel->channel = (uint16_t) (packed >> 16);
  channel->bw_mhz = (uint16_t) ((packed >> 8) & 0xff);
  channel->secondary = (int8_t) (guint8) (packed & 0xff);
  return TRUE;
}

gboolean
gst_devourer_radio_set_channel (GstDevourerRadio * radio,
    const struct dvr_channel *channel)
{
  int ret;

  if (radio->dev == NULL)
    return FALSE;
  ret = dvr_set_channel (radio->dev, channel);
  if (ret != DVR_OK)
    GST_ELEMENT_WARNING (radio->element, RESOURCE, SETTINGS,
        ("Could not tune %s to channel %u at %u MHz; it stays on the "
            "channel it was on.", radio->selector, channel->channel,
            channel->bw_mhz), ("%s: %s", dvr_strerror (ret),
            dvr_last_error (radio->dev)));
  return ret == DVR_OK;
}

void
gst_devourer_radio_close (GstDevourerRadio * radio, GMutex * publish)
{
  dvr_share *share;

  if (publish != NULL)
    g_mutex_lock (publish);
  share = radio->share;
  radio->share = NULL;
  radio->dev = NULL;
  if (publish != NULL)
    g_mutex_unlock (publish);
  /* Outside every element lock: leaving waits for the adapter's callbacks
   * in progress (any element's), which may take their element's locks. */
  dvr_share_close (share);
  g_free (radio->selector);
  radio->selector = NULL;
}
