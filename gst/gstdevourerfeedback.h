/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Link feedback in the elements (link.h, "Link feedback"): the ground's
 * devourersrc sums up what it heard and sends it on the uplink as a link
 * stream of its own (feedback-port) on one of its adapters; the drone's
 * devourersink hears those records on its adapter and adapts to them.
 *
 * The records travel as WFB-NG packets under the link's keys, so only a
 * holder of the pair can make one, and a replayed one is dropped by the
 * link's nonces as any data is. Each record is one FEC block of 1 data
 * and 1 parity fragment: sent twice, kept if either arrives, and never
 * held back waiting for others.
 */
#ifndef GST_DEVOURER_FEEDBACK_H
#define GST_DEVOURER_FEEDBACK_H

#include <gst/gst.h>

#include <devourer/devourer.h>
#include <devourer/link.h>

#include "gstdevourerheard.h"

G_BEGIN_DECLS

/* The radio port feedback uses unless told otherwise: in the uplink half
 * of the port space, clear of wfb-ng's own (0x90 MAVLink, 0xA0 tunnel). */
#define GST_DEVOURER_FEEDBACK_PORT 0xFE
/* Each record goes out at HT MCS0, 20 MHz, long GI: the most robust rate
 * an HT sender has, so feedback outlives the video it steers. */
#define GST_DEVOURER_FEEDBACK_MCS 0

/* The ground's sender. The link sender is used on the src's timer thread
 * only; the share is set once the adapters are open (atomic pointer). */
typedef struct
{
  struct dvr_link_tx *tx;
  dvr_share *share;
  guint16 seq;
  guint64 sent;                 /* records handed to the adapter */
  guint64 errors;               /* records the adapter refused */
} GstDevourerFeedbackSender;

/* A link sender for @link_id / @port with the ground's @keys (either
 * half of a pair seals for the other). FALSE with @err set on failure. */
gboolean gst_devourer_feedback_sender_init (GstDevourerFeedbackSender * fs,
    const struct dvr_link_keys *keys, guint32 link_id, guint port,
    GError ** err);

/* Where records go from now on (NULL: nowhere, they count as errors). */
void gst_devourer_feedback_sender_set_share (GstDevourerFeedbackSender * fs,
    dvr_share * share);

/* Send one record now. TRUE when the adapter took it. */
gboolean gst_devourer_feedback_sender_send (GstDevourerFeedbackSender * fs,
    const struct dvr_link_feedback *fb, guint64 now_ms);

void gst_devourer_feedback_sender_clear (GstDevourerFeedbackSender * fs);

/* A record for the span of @span_ms that ends now: the link's counts
 * since @before, what the adapter that heard the link best (@heard) got
 * per chain and the rate it heard last, the session @sess, and @worst
 * (dvr_link_rx_take_worst_block). Packets given up ask the drone for a
 * keyframe; a span without a frame of the link is marked silent. */
void gst_devourer_feedback_fill (struct dvr_link_feedback *fb,
    guint span_ms, const struct dvr_link_rx_stats *now,
    const struct dvr_link_rx_stats *before, const GstDevourerSrcHeard * heard,
    const struct dvr_link_rx_session *sess, guint worst);

G_END_DECLS

#endif /* GST_DEVOURER_FEEDBACK_H */
