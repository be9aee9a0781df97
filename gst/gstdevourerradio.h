/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One element's share of an adapter (dvr_share_open): open or join it (a
 * failure becomes the element's GST_ELEMENT_ERROR), send the driver's log
 * lines to the element's debug category, turn its init stages into
 * "devourer-init-timing" element messages (the element that brought the
 * adapter up gets them; one that joined a running adapter gets a
 * "devourer-adapter-joined" message instead), retune it, remember the
 * channel whoever retuned it moved it to, and tell the element once when
 * the adapter is lost (DVR_EVENT_ERROR, e.g. unplugged). What a loss means
 * (the end of the stream, or one antenna fewer) is the element's
 * decision, so that stays with the element.
 *
 * The share's callbacks run on the device thread with the adapter's users
 * lock held, for every share of the adapter in turn: they must not block
 * or take a lock an element holds while it opens or closes a share. So an
 * element opens and closes its radio without its own locks held, and
 * hands the share to its other threads by a lock it names (@publish).
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

/* Someone (this element or another on the adapter) retuned it: the
 * channel is in gst_devourer_radio_take_channel(). Called on the thread
 * that retuned, inside the driver: it must only note it (wake a timer). */
typedef void (*GstDevourerRadioChannelFunc) (GstDevourerRadio * radio,
    gpointer user);

struct _GstDevourerRadio
{
  GstElement *element;          /* posts the messages; not a reference */
  GstDebugCategory *category;   /* receives the driver's log lines */
  gchar *selector;              /* the device string this radio opens */
  dvr_share *share;             /* between open and close */
  dvr_device *dev;              /* the share's device, for what is the
                                 * adapter's (channel, power, names) */
  gint lost;                    /* atomic: the loss was reported */
  gint brought_up;              /* atomic: this share opened the adapter */
  GstDevourerRadioLostFunc on_lost;
  GstDevourerRadioChannelFunc on_channel;       /* optional, set after init */
  gpointer user;                /* for on_lost and the element's on_rx */
  /* The channel the last DVR_EVENT_CHANNEL named (atomic, packed:
   * channel << 16 | bandwidth << 8 | secondary), and whether it is news
   * (atomic; set after the channel). No lock: the retuning thread holds
   * the adapter's, and whoever reads it may hold the element's. */
  guint channel_packed;
  gint channel_news;
  /* The thread inside dvr_open() (atomic; NULL outside it) and the last
   * error line the driver logged on it: a failed open hands out no
   * device to ask, so its reason only comes through the log. */
  gpointer opener;
  gchar open_error[512];
};

/* Prepare @radio for @selector (copied). Nothing is opened yet. */
void gst_devourer_radio_init (GstDevourerRadio * radio, GstElement * element,
    GstDebugCategory * category, const gchar * selector,
    GstDevourerRadioLostFunc on_lost, gpointer user);

/*
 * Open the adapter with @cfg and start it on @channel, or join it when
 * another element of this process runs it (then it must be on @channel:
 * the adapter has one). The caller fills the element's own fields of @cfg
 * (on_rx, tx settings, firmware_dir...); the event, log and user fields
 * are this radio's (callbacks get the radio as their user pointer).
 * @match: which received frames are this element's (NULL: all). The share
 * is stored in the radio under @publish (NULL: no lock), which the caller
 * must not hold. On failure the device error is posted on the element,
 * nothing stays open and FALSE is returned.
 */
gboolean gst_devourer_radio_open (GstDevourerRadio * radio,
    struct dvr_config *cfg, const struct dvr_channel *channel,
    const struct dvr_rx_match *match, GMutex * publish);

/* The channel a retune moved the adapter to, if one happened since the
 * last call (TRUE), for the element to read back and notify. */
gboolean gst_devourer_radio_take_channel (GstDevourerRadio * radio,
    struct dvr_channel *channel);

/* Retune a started radio; a refusal is an element warning and FALSE (the
 * adapter stays on the channel it was on). FALSE too when not open. */
gboolean gst_devourer_radio_set_channel (GstDevourerRadio * radio,
    const struct dvr_channel *channel);

/* Take the share out of the radio under @publish (which the caller must
 * not hold; NULL: no lock) and leave the adapter: no callback of this
 * share runs afterwards, and the adapter closes if this was its last
 * user. Then forget the selector. Safe on a radio that never opened. */
void gst_devourer_radio_close (GstDevourerRadio * radio, GMutex * publish);

G_END_DECLS

#endif /* GST_DEVOURER_RADIO_H */
