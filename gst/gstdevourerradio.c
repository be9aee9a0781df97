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
  radio->dev = NULL;
  radio->lost = 0;
  radio->on_lost = on_lost;
  radio->user = user;
  radio->opener = NULL;
  radio->open_error[0] = '\0';
}

/* Init stages as "devourer-init-timing" messages; the first fatal error
 * goes to the element. Device thread. */
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
      break;
    }
    case DVR_EVENT_ERROR:
      /* The driver may report one failure from several places (a failed
       * transfer, then the unplug): the element hears of it once. */
      if (g_atomic_int_compare_and_exchange (&radio->lost, 0, 1))
        radio->on_lost (radio, event, radio->user);
      break;
    case DVR_EVENT_CHANNEL:
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

gboolean
gst_devourer_radio_open (GstDevourerRadio * radio, struct dvr_config *cfg,
    const struct dvr_channel *channel)
{
  int ret;

  cfg->on_event = on_radio_event;
  cfg->on_log = on_radio_log;
  cfg->user = radio;
  cfg->log_level = log_level_for (radio->category);
  g_atomic_int_set (&radio->lost, 0);

  GST_CAT_INFO_OBJECT (radio->category, radio->element,
      "opening %s, channel %u/%u MHz", radio->selector, channel->channel,
      channel->bw_mhz);
  radio->open_error[0] = '\0';
  g_atomic_pointer_set (&radio->opener, g_thread_self ());
  ret = dvr_open (radio->selector, cfg, &radio->dev);
  g_atomic_pointer_set (&radio->opener, NULL);
  if (ret != DVR_OK) {
    radio->dev = NULL;
    /* The element's configuration is valid by construction (property
     * ranges), so what dvr_open() finds malformed is the selector. */
    if (ret == DVR_E_INVALID)
      gst_devourer_post_selector_error (radio->element, radio->selector,
          radio->open_error);
    else
      gst_devourer_post_device_error (radio->element, radio->selector,
          "open", ret, radio->open_error);
    return FALSE;
  }
  ret = dvr_start (radio->dev, channel);
  if (ret != DVR_OK) {
    gst_devourer_post_device_error (radio->element, radio->selector,
        "start", ret, dvr_last_error (radio->dev));
    dvr_close (radio->dev);
    radio->dev = NULL;
    return FALSE;
  }
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
gst_devourer_radio_close (GstDevourerRadio * radio)
{
  if (radio->dev != NULL) {
    dvr_close (radio->dev);
    radio->dev = NULL;
  }
  g_free (radio->selector);
  radio->selector = NULL;
}
