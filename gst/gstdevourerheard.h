/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What one receiving adapter of devourersrc heard over a span (a stats
 * interval, or since start), and the fields of its "adapter" structure in
 * the stats: counted per frame on the adapter's RX thread, read into the
 * structure on the element's. Per chain: every chain a frame reports, up
 * to DVR_MAX_RF_PATHS (a 4T4R adapter's four), none dropped.
 */
#ifndef GST_DEVOURER_HEARD_H
#define GST_DEVOURER_HEARD_H

#include <gst/gst.h>

#include <devourer/devourer.h>

G_BEGIN_DECLS

/* "Nothing heard" in RSSI fields, below any real reading. */
#define GST_DEVOURER_RSSI_NONE (-127)

/* Frames addressed to this link (link id and port, authentic or not),
 * with their signal per chain and the rate of the last one, and every
 * frame at all, with its signal. */
typedef struct
{
  guint64 frames;               /* of this link */
  gint64 rssi_sum;
  guint64 rssi_samples;
  gint rssi_min, rssi_max;
  gint64 chain_rssi_sum[DVR_MAX_RF_PATHS];
  gint64 chain_snr_sum[DVR_MAX_RF_PATHS];
  guint64 chain_samples[DVR_MAX_RF_PATHS];
  gboolean has_rate;            /* rate and bw_mhz are of the last one */
  struct dvr_rate rate;
  guint bw_mhz;
  guint64 all_frames;           /* everything heard */
  gint64 all_rssi_sum;
  /* The chip's TSF (us) at the first and the last frame of this link
   * heard, when frames > 0: the adapter's own clock. */
  guint64 tsf_first, tsf_last;
} GstDevourerSrcHeard;

/* Average of @samples readings summing to @sum; GST_DEVOURER_RSSI_NONE
 * without any. */
gint gst_devourer_heard_average (gint64 sum, guint64 samples);

/* Empty: nothing heard, extremes ready for the first reading. */
void gst_devourer_heard_reset (GstDevourerSrcHeard * heard);

/* Count one frame; @ours: addressed to this link, whether or not it then
 * authenticates (only those count per chain and set the rate). */
void gst_devourer_heard_add (GstDevourerSrcHeard * heard,
    const struct dvr_rx_info * info, gboolean ours);

/* Set on @s the fields every adapter structure has about what it heard:
 * link-frames, frames-heard, rssi-heard, rate, bandwidth, tsf-first /
 * tsf-last (0 before a frame of the link), and chain-rssi / chain-snr
 * (one entry per chain that reported any, A first). */
void gst_devourer_heard_set_fields (GstStructure * s,
    const GstDevourerSrcHeard * heard);

G_END_DECLS

#endif /* GST_DEVOURER_HEARD_H */
