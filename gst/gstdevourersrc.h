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

#include "gstdevourerradio.h"
#include "gstdevourertimer.h"
#include "gstdevourerutil.h"

G_BEGIN_DECLS

#define GST_TYPE_DEVOURER_SRC (gst_devourer_src_get_type ())
G_DECLARE_FINAL_TYPE (GstDevourerSrc, gst_devourer_src, GST, DEVOURER_SRC,
    GstPushSrc)

/* Frames of this link one adapter heard in a stats interval. */
typedef struct
{
  guint64 frames;
  gint64 rssi_sum;
  guint64 rssi_samples;
  gint rssi_min, rssi_max;
} GstDevourerSrcHeard;

/* One receiving adapter. */
typedef struct
{
  GstDevourerSrc *self;
  guint index;                  /* adapter index given to the link */
  GstDevourerRadio radio;       /* its user pointer is this adapter */
  GstDevourerSrcHeard heard;    /* current interval, under rx_lock */
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

  /* Driver control calls (open/start/close, retune). Taken before
   * rx_lock. */
  GMutex control_lock;
  GstDevourerSrcAdapter adapters[DVR_LINK_MAX_ADAPTERS];
  /* Written under control_lock; atomic because the device and timer
   * threads read them without it. */
  guint n_adapters;
  gint adapters_lost;

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

  /* Timer thread: link timekeeping and devourer-rx-stats messages. */
  GstDevourerTimer timer;
  guint64 next_stats_ms;
  guint64 last_stats_ms;
  struct dvr_link_rx_stats last_link;
  guint64 last_dropped;

  /* Kept after stop so 'stats' still reads after NULL. */
  struct dvr_link_rx_stats final_link;
  guint64 final_crc_errors;
  guint64 final_rx_malformed;
};

GST_ELEMENT_REGISTER_DECLARE (devourersrc);

G_END_DECLS

#endif /* GST_DEVOURER_SRC_H */
