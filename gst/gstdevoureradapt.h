/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink's adaptation (adapt=true): it hears the ground's feedback
 * records (gstdevourerfeedback.h) on a share of its own adapter, scores
 * each one and lets the link's decision engine (link.h, "Link
 * adaptation") pick a profile row — MCS, guard interval, FEC k/n, TX
 * power, the encoder's bitrate — from a txprofiles.conf file or the
 * built-in ladder. The sink applies what is decided; this part keeps the
 * records, the engine, and the encoder it steers.
 *
 * Threads: records arrive on the adapter's RX thread, which only opens
 * them and leaves them in a small mailbox (lock) and wakes the sink's
 * timer; the timer thread feeds the engine and applies its decisions.
 * Start and stop run on the state-change thread.
 *
 * A second source (alink-port): the datagrams an OpenIPC alink_gs sends
 * an alink_drone (gstdevoureralink.h). Their socket is read on the timer
 * thread itself, which then looks every GST_DEVOURER_ALINK_POLL_MS, so
 * they need no mailbox. Their scores go into the same engine.
 */
#ifndef GST_DEVOURER_ADAPT_H
#define GST_DEVOURER_ADAPT_H

#include <gst/gst.h>

#include <devourer/devourer.h>
#include <devourer/link.h>

#include "gstdevoureralink.h"
#include "gstdevourerfeedback.h"
#include "gstdevourertimer.h"

G_BEGIN_DECLS

/* Records heard but not yet fed: the timer takes them within a tick, so a
 * few are plenty; beyond that the oldest go (counted), the newest count. */
#define GST_DEVOURER_ADAPT_MAILBOX 8

/* How a known encoder takes its bitrate. */
typedef enum
{
  GST_DEVOURER_ENCODER_NONE,
  GST_DEVOURER_ENCODER_KBPS,    /* "bitrate" in kbit/s */
  GST_DEVOURER_ENCODER_BPS,     /* "bitrate" in bit/s */
  GST_DEVOURER_ENCODER_V4L2,    /* extra-controls video_bitrate, bit/s */
} GstDevourerEncoderKind;

typedef struct
{
  GstElement *sink;             /* not a reference */
  GstDevourerTimer *timer;      /* the sink's, woken by records */
  dvr_share *share;             /* feedback share of the sink's adapter */
  struct dvr_link_rx *rx;       /* RX thread only, while open */

  GMutex lock;                  /* the mailbox and the counters */
  struct dvr_link_feedback mailbox[GST_DEVOURER_ADAPT_MAILBOX];
  guint n_mail;
  guint64 records;              /* records heard and read */
  guint64 records_refused;      /* opened but not a record */
  guint64 records_overrun;      /* dropped from a full mailbox */
  guint64 silent_records;       /* spans the ground heard nothing in */

  /* timer thread (and stats under lock) */
  struct dvr_link_adapt *engine;
  struct dvr_link_adapt_config cfg;     /* the engine's, for scoring */
  struct dvr_link_profiles *profiles;    /* &file_profiles, or the ladder */
  struct dvr_link_profiles file_profiles;
  gboolean rows_set_power;      /* a file's power column is applied; the
                                 * built-in ladder keeps the sink's */
  struct dvr_link_feedback last;
  gboolean has_last;
  gint last_score;
  guint64 changes;
  guint64 keyframes;
  const struct dvr_link_profile *current;

  /* alink_gs datagrams (timer thread; counters under lock) */
  GstDevourerAlinkListener alink;
  guint64 alink_received;       /* read as a message */
  guint64 alink_refused;        /* not one (dvr_link_alink_read) */
  guint64 alink_repeats;        /* keyframe codes seen within 1 s */
  struct dvr_link_alink alink_last;
  gboolean has_alink_last;
  gboolean paused;              /* special:pause_adaptive until resume */
  gboolean kf_sent;             /* a keyframe was asked for, at: */
  guint64 last_kf_ms;

  gchar *encoder_name;          /* NULL: none steered */
  GstElement *encoder;          /* found on first use (reference) */
  GstDevourerEncoderKind encoder_kind;
  guint64 bitrate_set;          /* the last bitrate given, kbit/s */
} GstDevourerAdapt;

void gst_devourer_adapt_init (GstDevourerAdapt * a);
void gst_devourer_adapt_clear (GstDevourerAdapt * a);

/*
 * Start: the profiles from @profiles_path (NULL or empty: the built-in
 * ladder for @streams spatial streams at @bw_mhz), the engine, a link
 * receiver for @link_id / @port with the drone's @keys, and a share of
 * the adapter @selector (already open by the sink) on @channel that
 * hears that port; with @alink_port (0: none) a UDP socket on
 * @alink_address for alink_gs datagrams. FALSE with @err on failure
 * (nothing left open).
 */
gboolean gst_devourer_adapt_start (GstDevourerAdapt * a, GstElement * sink,
    GstDevourerTimer * timer, const struct dvr_link_keys *keys,
    guint32 link_id, guint port, const gchar * selector,
    const struct dvr_channel *channel, const gchar * profiles_path,
    guint streams, guint bw_mhz, const gchar * encoder_name,
    const gchar * alink_address, guint alink_port, GError ** err);

/* Stop hearing records and drop the engine (state-change thread). */
void gst_devourer_adapt_stop (GstDevourerAdapt * a);

/*
 * Timer thread: feed every record waiting and every alink datagram, then
 * let time pass; each decision that changes the row (or asks for a
 * keyframe) goes to @apply with the record or alink message that caused
 * it (both NULL for a fallback). Returns the next time it wants to run.
 */
typedef void (*GstDevourerAdaptApply) (gpointer user,
    const struct dvr_link_adapt_decision * d,
    const struct dvr_link_feedback * fb, const struct dvr_link_alink * am,
    gint score);
guint64 gst_devourer_adapt_tick (GstDevourerAdapt * a, guint64 now,
    GstDevourerAdaptApply apply, gpointer user);

/* Give the named encoder @kbps (timer thread). FALSE when there is no
 * such element, or it is not one whose bitrate units are known. */
gboolean gst_devourer_adapt_set_bitrate (GstDevourerAdapt * a, guint kbps);

/* The encoder kind of a factory name (x264enc, x265enc, openh264enc,
 * v4l2h264enc, vaapih264enc, vah264enc, nvh264enc ...). */
GstDevourerEncoderKind gst_devourer_encoder_kind (const gchar * factory);

/* Fields for the sink's stats. */
void gst_devourer_adapt_set_stats (GstDevourerAdapt * a, GstStructure * s);

G_END_DECLS

#endif /* GST_DEVOURER_ADAPT_H */
