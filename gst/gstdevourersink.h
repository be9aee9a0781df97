/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink: sends each buffer as one packet over a WFB-NG link (FEC,
 * ChaCha20-Poly1305) injected by a devourer Wi-Fi adapter.
 */
#ifndef GST_DEVOURER_SINK_H
#define GST_DEVOURER_SINK_H

#include <gst/gst.h>
#include <gst/base/gstbasesink.h>

#include <devourer/devourer.h>
#include <devourer/link.h>

#include "gstdevoureradapt.h"
#include "gstdevourerhop.h"
#include "gstdevourerradio.h"
#include "gstdevourertimer.h"
#include "gstdevourerutil.h"

G_BEGIN_DECLS

#define GST_TYPE_DEVOURER_SINK (gst_devourer_sink_get_type ())
G_DECLARE_FINAL_TYPE (GstDevourerSink, gst_devourer_sink, GST,
    DEVOURER_SINK, GstBaseSink)

struct _GstDevourerSink
{
  GstBaseSink parent;

  /* Properties, under the object lock: those devourersrc has too, then
   * the sink's own. */
  GstDevourerSettings settings;
  gint mcs;
  gint legacy_rate;
  guint vht_nss;
  guint stbc;
  gboolean ldpc;
  gboolean short_gi;
  gint tx_power;
  gint tx_mode;
  gint tx_agg;                  /* enum dvr_tx_agg */
  gboolean carrier_sense;       /* FALSE: DVR_CARRIER_SENSE_OFF */
  gint regd;                    /* enum dvr_regd */
  gint oversize;                /* GstDevourerSinkOversize */
  guint fec_k, fec_n;
  guint64 epoch;                /* 0 = the link layer's wall-clock default */
  gchar *epoch_file;            /* NULL: none */
  gint fec_policy;              /* enum dvr_link_fec_policy */
  gboolean freshness;           /* carry the process's challenge and echo */
  /* The process's freshness object of this stream's link id while the
   * link exists (state-change thread only; the link uses it). */
  struct dvr_link_fresh *fresh;
  guint32 fresh_link_id;

  /* Serialises driver control calls (retune, power) between start/stop
   * and live property changes, and guards the radio's share pointer (the
   * share itself is opened and closed without it) and what each
   * devourer-tx-duty message differences against (below). Taken before
   * link_lock. The element's locks are the object lock (properties),
   * this one, and link_lock (the data path). */
  GMutex control_lock;
  GstDevourerRadio radio;       /* its share, open between start and stop */

  /* The link transmitter is single-threaded: render and the timer thread
   * share it under this lock. */
  GMutex link_lock;
  struct dvr_link_tx *link;
  struct dvr_tx_params tx_params;       /* current TX vector */
  guint32 phy_kbps;
  gsize max_payload;
  /* A buffer above max_payload is cut into packets (a byte stream) rather
   * than refused: the oversize property resolved against the caps. */
  gboolean split_oversize;
  guint64 oversize_refused;
  guint64 buffers_split;
  guint64 buffers_empty;
  guint64 map_failed;
  /* Live rate changes refused because the adapter cannot send the TX
   * vector they make (the previous vector stays). */
  guint64 vector_refused;
  /* Frames the driver refused for their TX vector or size: the first one
   * of each TX vector is reported with a warning (vector_warned), after
   * the link lock is released (refusal_pending: its status, 0 = none;
   * written under the link lock, read atomically first by render). */
  guint64 frames_refused;
  gboolean vector_warned;
  gint refusal_pending;

  gint fatal;                   /* atomic: an error was posted, stop */
  gint device_gone;             /* atomic: dvr_send saw DVR_E_NO_DEVICE */
  gint flushing;                /* atomic: between unlock and unlock_stop */

  /* Control thread: the channel the adapter is tuned to (what the
   * channel and bandwidth properties read back while it is open). */
  struct dvr_channel tuned;

  /* Timer thread: link timekeeping and devourer-tx-duty messages. The
   * last of those is posted at EOS or stop, from the streaming or the
   * application thread: what each message differences against is under
   * control_lock. */
  GstDevourerTimer timer;
  guint64 next_stats_ms;
  guint64 last_stats_ms;
  struct dvr_tx_stats last_tx;          /* this stream's frames */
  struct dvr_tx_stats last_adapter_tx;  /* every stream's on the adapter */
  struct dvr_link_tx_stats last_link;
  gint final_duty_posted;       /* atomic: since the last buffer */

  /* Adaptation to the ground's feedback (adapt=true): properties under
   * the object lock; the rest is gstdevoureradapt.h's (its decisions are
   * applied on the timer thread). */
  gboolean adapt;
  gchar *profiles;              /* NULL: the built-in ladder */
  gchar *encoder;               /* NULL: no encoder steered */
  guint feedback_port;
  guint alink_port;             /* 0: no alink_gs listener */
  gchar *alink_address;         /* its bind address (NULL: 0.0.0.0) */
  GstDevourerAdapt adaptation;
  gboolean adapting;            /* between start and stop */
  guint64 adapt_next_ms;        /* timer thread */
  guint keyframe_count;         /* timer thread */

  /* Hopping (hop-channels): properties under the object lock; the hopper
   * runs between start and stop (gstdevourerhop.h), set and cleared
   * under control_lock. */
  GstDevourerHopSettings hop_settings;
  GstDevourerHop *hop;

  /* Counters kept after stop so 'stats' still reads after EOS/NULL. */
  struct dvr_link_tx_stats final_link;
  struct dvr_tx_stats final_tx;
};

GST_ELEMENT_REGISTER_DECLARE (devourersink);

G_END_DECLS

#endif /* GST_DEVOURER_SINK_H */
