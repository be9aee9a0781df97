/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersrc: receives a WFB-NG link on one or several devourer Wi-Fi
 * adapters (receive diversity) and pushes each recovered packet as one
 * buffer.
 */
#ifndef GST_DEVOURER_SRC_H
#define GST_DEVOURER_SRC_H

#include <gst/gst.h>
#include <gst/base/gstpushsrc.h>

#include <devourer/devourer.h>
#include <devourer/link.h>

#include "gstdevourerforward.h"
#include "gstdevourerheard.h"
#include "gstdevoureralink.h"
#include "gstdevourerfeedback.h"
#include "gstdevourerhop.h"
#include "gstdevourerradio.h"
#include "gstdevourertimer.h"
#include "gstdevourerutil.h"

G_BEGIN_DECLS

#define GST_TYPE_DEVOURER_SRC (gst_devourer_src_get_type ())
G_DECLARE_FINAL_TYPE (GstDevourerSrc, gst_devourer_src, GST, DEVOURER_SRC,
    GstPushSrc)

/* The kinds of link diagnosis warnings, each rate-limited on its own. */
typedef enum
{
  GST_DEVOURER_SRC_DIAG_AUTH,
  GST_DEVOURER_SRC_DIAG_OTHER_LINK,
  GST_DEVOURER_SRC_DIAG_OTHER_PORT,
  GST_DEVOURER_SRC_DIAG_NOTHING,
  GST_DEVOURER_SRC_DIAG_NOTHING_FORWARDED,
  GST_DEVOURER_SRC_DIAG_NO_SLOT,
  GST_DEVOURER_SRC_DIAG_UNAUTHENTICATED,
  GST_DEVOURER_SRC_DIAG_KERNEL_DROPS,
  GST_DEVOURER_SRC_DIAG_SESSION_OLDER,
  GST_DEVOURER_SRC_DIAG_SESSION_DEFERRED,
  GST_DEVOURER_SRC_DIAG_SESSION_UNPROVEN,
  GST_DEVOURER_SRC_DIAG_KINDS,
} GstDevourerSrcDiag;

/* One receiving adapter. */
typedef struct
{
  GstDevourerSrc *self;
  guint index;                  /* adapter index given to the link */
  GstDevourerRadio radio;       /* its user pointer is this adapter */
  GstDevourerSrcHeard heard;    /* current interval, under rx_lock */
  GstDevourerSrcHeard heard_total;      /* since start, under rx_lock */
  GstDevourerSrcHeard fb_heard; /* since the last feedback record, under
                                 * rx_lock */
} GstDevourerSrcAdapter;

struct _GstDevourerSrc
{
  GstPushSrc parent;

  /* Properties, under the object lock: those devourersink has too, then
   * the src's own. */
  GstDevourerSettings settings;
  gboolean keep_corrupted;
  GstCaps *caps;
  guint queue_size;
  gboolean streaming_rx;

  /* Driver control calls (retune) and the adapters' share pointers (the
   * shares are opened and closed without it: gstdevourerradio.h). Taken
   * before rx_lock. */
  GMutex control_lock;
  GstDevourerSrcAdapter adapters[DVR_LINK_MAX_ADAPTERS];
  /* Written under control_lock; atomic because the device and timer
   * threads read them without it. */
  guint n_adapters;
  gint adapters_lost;
  /* The channel the adapters are tuned to (under control_lock): what
   * 'channel' and 'bandwidth' read back after a refused retune. */
  struct dvr_channel tuned;

  /* Everything the device threads touch: the link receiver (not
   * thread-safe, and several adapters feed it), the packet queue. */
  GMutex rx_lock;
  GCond rx_cond;
  struct dvr_link_rx *link;
  GstBufferPool *pool;
  GstBuffer **queue;            /* ring of queue_cap packets */
  guint queue_cap, queue_head, queue_len;
  guint64 queue_dropped;
  guint64 queue_high_water;
  gboolean flushing;
  GstClockTime push_arrival;    /* running time of the frame being pushed */
  guint64 lost_seen;            /* dvr_link_rx_lost at the last packet */
  gboolean gap;                 /* packets missing before the next queued
                                 * one (lost by the link or dropped here) */
  gboolean discont;             /* next buffer out follows a start/flush */
  guint block_timeout_ms;       /* fec-timeout in force; set in start
                                 * under the object lock */

  gint fatal;                   /* atomic: an error was posted, stop */

  /* The RX pump (streaming-rx, one local adapter, no aggregate=):
   * create() completes
   * the adapter's transfers itself (dvr_share_rx_pump), so the frame, the
   * link and the buffer are all handled in the streaming thread. The
   * share is set in start under rx_lock and read by create() and
   * unlock(); NULL: create() waits on rx_cond for the device thread's
   * packets instead (several sources, or a bus without a pump). */
  dvr_share *pump;
  gboolean pump_off;            /* fell back to rx_cond (rx_lock) */
  guint64 pump_next_poll_ms;    /* streaming thread only */
  guint rx_waiters;             /* create()s waiting on rx_cond (rx_lock) */
  guint64 pumped_transfers;     /* bulk IN transfers create() completed
                                 * itself (rx_lock) */

  /* Hopping (hop-channels): properties under the object lock; the
   * follower runs between start and stop (gstdevourerhop.h), set and
   * cleared under control_lock. */
  GstDevourerHopSettings hop_settings;
  GstDevourerHop *hop;

  /* Timer thread: link timekeeping and devourer-rx-stats messages. */
  GstDevourerTimer timer;
  guint64 next_stats_ms;
  /* The interval a devourer-rx-stats message covers: under stats_lock,
   * since the timer, EOS and stop each post one. After the final one
   * (EOS or stop) no periodic message follows until the next start. */
  GMutex stats_lock;
  guint64 last_stats_ms;
  struct dvr_link_rx_stats last_link;
  guint64 last_dropped;
  guint64 last_pumped;
  gboolean stats_final;

  /* Link diagnosis (timer thread only): counters at the start of the
   * current window, and when each kind of warning was last posted. */
  guint64 diag_next_ms;
  struct dvr_link_rx_stats diag_link;
  guint64 diag_heard;
  guint diag_deferred_windows;  /* in a row, with no takeover */
  guint64 diag_warned_ms[GST_DEVOURER_SRC_DIAG_KINDS];
  gboolean diag_ever_warned[GST_DEVOURER_SRC_DIAG_KINDS];

  /* Link feedback to the drone (feedback-interval, feedback-port): the
   * sender and its span are the timer thread's; the counts the span
   * starts from are read under rx_lock. */
  guint feedback_interval;      /* properties: object lock */
  guint feedback_port;
  GstDevourerFeedbackSender feedback;
  gboolean feedback_on;         /* set in start, cleared in stop */
  guint feedback_period;        /* the interval in force this run */
  guint64 feedback_next_ms;
  guint64 feedback_span_start;
  struct dvr_link_rx_stats feedback_last;
  guint64 feedback_sent;        /* stats copies, under rx_lock */
  guint64 feedback_errors;
  gboolean feedback_records;    /* the span's record goes out (interval) */

  /* The same span as OpenIPC alink_gs's message to an alink_drone
   * (alink-send), every feedback-interval or GST_DEVOURER_ALINK_SEND_MS;
   * timer thread. */
  gchar *alink_send;            /* property: object lock */
  GstDevourerAlinkSender alink;
  guint64 alink_sent, alink_errors;     /* stats copies, under rx_lock */

  /* Kept after stop so 'stats' still reads after NULL. */
  struct dvr_link_rx_stats final_link;
  guint64 final_crc_errors;
  guint64 final_rx_malformed;

  /* Distributed reception (gstdevourerforward.h). 'forward' and
   * 'aggregate' under the object lock. The forwarder runs from start to
   * stop, used under rx_lock; the aggregator's thread pushes its frames
   * into the link under rx_lock at adapter slots n_local and up. */
  gchar *forward;
  gchar *aggregate;
  gchar *bind_address;
  gint aggregate_buffer_size;
  guint aggregate_timeout;      /* ms */
  guint session_takeover;       /* ms, 0 = never */
  gboolean freshness;           /* demand the echo where there is an uplink */
  /* The process's freshness object of this stream's link id while the
   * link exists (state-change thread; read by stats under rx_lock). */
  struct dvr_link_fresh *fresh;
  guint32 fresh_link_id;
  guint diag_unproven_windows;  /* diagnosis windows of unproven sessions
                                 * in a row with nothing delivered */
  GstDevourerForwarder forwarder;
  GstDevourerAggregator aggregator;
  guint n_local;                /* local adapters of this run (atomic) */
  /* rx-stats interval bases (stats_lock) and the diagnosis window's. */
  guint64 last_fwd_frames, last_fwd_errors;
  guint64 last_agg_datagrams, last_agg_refused;
  guint64 diag_agg_frames;
  guint64 diag_agg_no_slot;
  guint64 diag_agg_unauth;
  guint64 diag_agg_kdrops;
};

GST_ELEMENT_REGISTER_DECLARE (devourersrc);

G_END_DECLS

#endif /* GST_DEVOURER_SRC_H */
