/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One adapter opened on behalf of an element: open and start it (a failure
 * becomes the element's GST_ELEMENT_ERROR), send the driver's log lines to
 * the element's debug category, turn its init stages into
 * "devourer-init-timing" element messages, retune it, and tell the element
 * once when the adapter is lost (DVR_EVENT_ERROR, e.g. unplugged). What a
 * loss means (the end of the stream, or one antenna fewer) is the
 * element's decision, so that stays with the element.
 */
#ifndef GST_DEVOURER_RADIO_H
#define GST_DEVOURER_RADIO_H

#include <gst/gst.h>

#include <devourer/devourer.h>

G_BEGIN_DECLS

typedef struct _GstDevourerRadio GstDevourerRadio;

/* The adapter reported a fatal error. Called at most once per opening, on
 * the device thread (it must not close the device). */
typedef void (*GstDevourerRadioLostFunc) (GstDevourerRadio * radio,
    const struct dvr_event * event, gpointer user);

struct _GstDevourerRadio
{
  GstElement *element;          /* posts the messages; not a reference */
  GstDebugCategory *category;   /* receives the driver's log lines */
  gchar *selector;              /* the device string this radio opens */
  dvr_device *dev;              /* between open and close */
  gint lost;                    /* atomic: the loss was reported */
  GstDevourerRadioLostFunc on_lost;
  gpointer user;                /* for on_lost and the element's on_rx */
  /* The thread inside dvr_open() (atomic; NULL outside it) and the last
   * error line the driver logged on it: a failed open hands out no
   * device to ask, so its reason only comes through the log. */
  gpointer opener;
  gchar open_error[256];
};

/* Prepare @radio for @selector (copied). Nothing is opened yet. */
void gst_devourer_radio_init (GstDevourerRadio * radio, GstElement * element,
    GstDebugCategory * category, const gchar * selector,
    GstDevourerRadioLostFunc on_lost, gpointer user);

/*
 * Open the adapter with @cfg and start it on @channel. The caller fills
 * the element's own fields of @cfg (on_rx, tx settings, firmware_dir...);
 * the event, log and user fields are this radio's (callbacks get the
 * radio as their user pointer). On failure the device error is posted on
 * the element, nothing stays open and FALSE is returned.
 */
gboolean gst_devourer_radio_open (GstDevourerRadio * radio,
    struct dvr_config *cfg, const struct dvr_channel *channel);

/* Retune a started radio; a refusal is an element warning and FALSE (the
 * adapter stays on the channel it was on). FALSE too when not open. */
gboolean gst_devourer_radio_set_channel (GstDevourerRadio * radio,
    const struct dvr_channel *channel);

/* Close the adapter (no callback runs afterwards) and forget the
 * selector. Safe on a radio that never opened. */
void gst_devourer_radio_close (GstDevourerRadio * radio);

G_END_DECLS

#endif /* GST_DEVOURER_RADIO_H */
