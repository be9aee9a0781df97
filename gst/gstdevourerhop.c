/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Frequency hopping in the elements; see gstdevourerhop.h. */
#include "gstdevourerhop.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/resource.h>

#include "gstdevourerutil.h"

/* Markers leave at HT MCS0, 20 MHz: the rate the most receivers decode,
 * as for feedback. */
#define MARKER_MCS 0
/* Rounds without a marker before the receiver gives the sender up (or,
 * parked, tries the next channel): each channel comes once a round, so a
 * clean channel hears a marker within two. */
#define LOST_ROUNDS 2
/* The sender hands no frame to its adapter from this long before a slot
 * boundary to this long after it (at most a tenth of the shorter slot
 * either side of it: guard_of): the
 * frames queued before it leave on the old channel before the retune, the
 * retune is done before the next frame, and a receiver that moves a
 * little late or early (it moves mid-guard; its estimate errs) misses
 * nothing. Frames wait at the gate; none is dropped. */
#define GUARD_US 1000
/* The hop threads' real-time FIFO priority, when the process may take
 * one: low among real-time threads (audio servers ask for 20 and up),
 * above every normal one. */
#define HOP_RT_PRIORITY 10
/* How often the receiver measures the chip's TSF against the host clock,
 * and the longest read it trusts. */
#define TSF_CLOCK_US 500000
#define MAX_TSF_READ_US 2000
/* How far one late marker moves a tracking receiver's estimate: the two
 * hosts' clocks drift apart by tens of ppm (a few us a slot), so this
 * follows drift while a marker held up behind a burst barely counts. */
#define LATE_STEP_US 20
/* A dwell in FEC blocks changes only when the stream's rate asks for one
 * more than this fraction (1/8) away from the current one: a round's
 * count of blocks varies by one or two with no change in the stream, and
 * each change is a new grid for the ground to take. */
#define DWELL_HYSTERESIS 8
/* A marker more rounds than this from the receiver's estimate is a
 * sender whose count jumped (its slot is whatever it says): taken as a
 * new start, not walked to round by round. */
#define MAX_ROUND_JUMP 4096

/* The slot grid (link.h, "Frequency hopping"): round @round began at
 * @start (monotonic us) and its slots last @dwell us; the round after it
 * has slots of @next us. Rounds after that are taken to keep @next until
 * the sender says otherwise. */
typedef struct
{
  guint64 round;
  gint64 start;
  gint64 dwell, next;
} HopGrid;

struct _GstDevourerHop
{
  GstElement *element;          /* not a reference */
  gboolean sender;
  dvr_device *dev;
  guint bw_mhz;
  struct dvr_link_hop_schedule sched;
  guint32 fingerprint;
  /* hop-dwell: the sender's first dwell (and every one but with
   * dwell_blocks), the receiver's until a marker says the sender's */
  gint64 slot_us;
  guint dwell_blocks;           /* hop-dwell-blocks; 0: a dwell in ms */
  guint current;                /* channel the adapter is on (hop thread) */

  GThread *thread;
  GMutex lock;                  /* everything below */
  GCond cond;
  /* signalled (sender) each time tuned_end moves: frames that found the
   * slot over wait on it rather than poll */
  GCond retuned;
  gboolean stopping;
  GstDevourerHopStats stats;

  /* sender: the marker stream on the element's own share */
  struct dvr_link_tx *tx;
  dvr_share *share;
  guint32 epoch;
  /* the guard around the next boundary, monotonic us: frames wait in
   * [gate_from, gate_until) (the sending thread reads them per frame) */
  _Atomic gint64 gate_from, gate_until;
  /* the end of the slot the adapter is tuned for (the hop thread writes
   * it once the slot's retune is done; 0: none yet): after it, a frame
   * waits for the next retune rather than leave on the old channel
   * while the receiver is already on the new one */
  _Atomic gint64 tuned_end;
  gint64 t0;                    /* slot 0 began (set before the thread) */
  /* FEC across hops: of any fec_n consecutive frames at most fec_cap on
   * one channel. The last fec_n frames' hop-set indexes (a ring) and how
   * many each index has among them; the frame senders are serialised by
   * the element (its link lock), so these need no lock. */
  guint fec_n, fec_cap;
  guint8 ring[256];
  guint ring_pos, ring_fill;
  guint on_index[DVR_LINK_HOP_MAX];
  guint64 gate_slot;
  guint gate_index;
  /* hop-dwell-blocks: the link's count of closed blocks as last told
   * (the sending thread, under the element's link lock), and, under
   * lock, how many closed in the round so far, the first and the last
   * when (monotonic us) */
  guint64 blocks_total;
  guint64 round_blocks;
  gint64 round_first_block, round_last_block;

  /* receiver: the marker stream on a share of its own; the newest
   * marker and when it arrived (monotonic us) */
  dvr_share *rx_share;
  struct dvr_link_rx *rx;       /* the adapter's RX thread only */
  gboolean have_marker;
  struct dvr_link_hop_marker marker;
  gint64 marker_at_us;
  guint64 frame_tsf;            /* the frame being pushed (RX thread) */
  /* monotonic us minus the chip's TSF, measured by the hop thread */
  gboolean tsf_offset_known;
  gint64 tsf_offset;
};

void
gst_devourer_hop_settings_init (GstDevourerHopSettings * s)
{
  memset (s, 0, sizeof (*s));
  s->dwell_ms = GST_DEVOURER_HOP_DWELL_DEFAULT;
  s->dwell_blocks = 0;
  s->port = GST_DEVOURER_HOP_PORT;
}

void
gst_devourer_hop_settings_clear (GstDevourerHopSettings * s)
{
  g_clear_pointer (&s->channels, g_free);
  if (s->seed != NULL)
    gst_devourer_free_secret (s->seed);
  s->seed = NULL;
}

void
gst_devourer_hop_settings_copy (GstDevourerHopSettings * dst,
    const GstDevourerHopSettings * src)
{
  *dst = *src;
  dst->channels = g_strdup (src->channels);
  dst->seed = g_strdup (src->seed);
}

void
gst_devourer_hop_install_properties (GObjectClass * klass, guint first_id,
    gboolean sender)
{
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
      GST_PARAM_MUTABLE_READY;

  g_object_class_install_property (klass,
      first_id + GST_DEVOURER_HOP_PROP_CHANNELS,
      g_param_spec_string ("hop-channels", "Hop set",
          sender ? "Hop over these channels (\"36,40,44,48\": 2 to 32 "
          "channels of one band), a slot of hop-dwell ms on each, in the "
          "order the link's keys give; markers on hop-port tell the ground "
          "where the drone is. Empty: stay on channel." :
          "Follow a devourersink hopping over these channels (the same "
          "list): park on one until its marker arrives, then retune with "
          "it slot by slot; find it again when it is lost. Empty: stay on "
          "channel.", NULL, rw));
  g_object_class_install_property (klass,
      first_id + GST_DEVOURER_HOP_PROP_DWELL,
      g_param_spec_uint ("hop-dwell", "Hop dwell",
          sender ? "Time on each channel of the hop set, in ms (5-10000); "
          "the markers tell the ground. With hop-dwell-blocks: the dwell "
          "until the stream's block rate is known." :
          "Time on each channel of the hop set, in ms (5-10000), assumed "
          "until the drone's first marker says its own (and how long to "
          "park on a channel while looking for it).",
          GST_DEVOURER_HOP_DWELL_MIN, GST_DEVOURER_HOP_DWELL_MAX,
          GST_DEVOURER_HOP_DWELL_DEFAULT, rw));
  if (sender)
    g_object_class_install_property (klass,
        first_id + GST_DEVOURER_HOP_PROP_DWELL_BLOCKS,
        g_param_spec_uint ("hop-dwell-blocks", "Hop dwell in FEC blocks",
            "Time on each channel as this many of the stream's FEC blocks "
            "(0-1000), at the block rate of the round before, clamped to "
            "5-10000 ms and changed only between rounds; a slot then "
            "carries whole blocks (no spreading of each block over "
            "channels). 0: hop-dwell ms.", 0,
            GST_DEVOURER_HOP_DWELL_BLOCKS_MAX, 0, rw));
  g_object_class_install_property (klass,
      first_id + GST_DEVOURER_HOP_PROP_SEED,
      g_param_spec_string ("hop-seed", "Hop order key",
          "The hop order's key as 1-32 hex digits (OpenIPC devourer's "
          "DEVOURER_HOP_SEED: the same seed gives its order), or "
          "\"sequential\" for the public round robin. Empty: derived from "
          "the link's key pair, which both ends hold.", NULL,
          rw | GST_PARAM_DOC_SHOW_DEFAULT));
  g_object_class_install_property (klass,
      first_id + GST_DEVOURER_HOP_PROP_PORT,
      g_param_spec_uint ("hop-port", "Hop marker radio port",
          "Radio port (0-255) of the hop markers on link-id (not the port "
          "of the video).", 0, 255, GST_DEVOURER_HOP_PORT, rw));
}

gboolean
gst_devourer_hop_settings_set (GstDevourerHopSettings * s, guint first_id,
    guint prop_id, const GValue * value)
{
  if (prop_id < first_id || prop_id >= first_id + GST_DEVOURER_HOP_N_PROPS)
    return FALSE;
  switch (prop_id - first_id) {
    case GST_DEVOURER_HOP_PROP_CHANNELS:
      gst_devourer_replace_string (&s->channels, value);
      break;
    case GST_DEVOURER_HOP_PROP_DWELL:
      s->dwell_ms = g_value_get_uint (value);
      break;
    case GST_DEVOURER_HOP_PROP_DWELL_BLOCKS:
      s->dwell_blocks = g_value_get_uint (value);
      break;
    case GST_DEVOURER_HOP_PROP_SEED:
      gst_devourer_replace_secret (&s->seed, value);
      break;
    default:
      s->port = g_value_get_uint (value);
      break;
  }
  return TRUE;
}

gboolean
gst_devourer_hop_settings_get (const GstDevourerHopSettings * s,
    guint first_id, guint prop_id, GValue * value)
{
  if (prop_id < first_id || prop_id >= first_id + GST_DEVOURER_HOP_N_PROPS)
    return FALSE;
  switch (prop_id - first_id) {
    case GST_DEVOURER_HOP_PROP_CHANNELS:
      g_value_set_string (value, s->channels);
      break;
    case GST_DEVOURER_HOP_PROP_DWELL:
      g_value_set_uint (value, s->dwell_ms);
      break;
    case GST_DEVOURER_HOP_PROP_DWELL_BLOCKS:
      g_value_set_uint (value, s->dwell_blocks);
      break;
    case GST_DEVOURER_HOP_PROP_SEED:
      /* a key is written, never read back */
      g_value_set_string (value, s->seed && s->seed[0] ? "********" : NULL);
      break;
    default:
      g_value_set_uint (value, s->port);
      break;
  }
  return TRUE;
}

/* The guard around a boundary between slots of @a and @b us. */
static gint64
guard_of (gint64 a, gint64 b)
{
  return MIN ((gint64) GUARD_US, MIN (a, b) / 10);
}

/* The guard at every boundary of @g's round: its dwell's, or the next
 * round's when that is shorter. Both ends compute it from the same two
 * dwells. */
static gint64
grid_guard (const HopGrid * g)
{
  return guard_of (g->dwell, g->next);
}

/* Move @g on to round @round (never back): each round begins where the
 * one before it ended. */
static void
grid_to_round (HopGrid * g, guint n, guint64 round)
{
  if (round > g->round) {
    g->start += (gint64) n * g->dwell;
    g->dwell = g->next;
    g->round++;
  }
  if (round > g->round) {
    /* the rest at the one dwell the grid knows */
    g->start += (gint64) (round - g->round) * n * g->dwell;
    g->round = round;
  }
}

/* The round of @g holding @t (for @t before the grid's round, that
 * round). */
static guint64
grid_round_at (const HopGrid * g, guint n, gint64 t)
{
  gint64 first_len = (gint64) n * g->dwell, rest_len = (gint64) n * g->next;

  if (t < g->start + first_len)
    return g->round;
  return g->round + 1 + (guint64) ((t - g->start - first_len) / rest_len);
}

/* The slot of @g's round holding @t (the first for @t before the round,
 * the last for @t after it), and when it begins and ends. */
static guint64
grid_slot (const HopGrid * g, guint n, gint64 t, gint64 * start, gint64 * end)
{
  gint64 into = t - g->start;
  guint64 i = into > 0 ? (guint64) (into / g->dwell) : 0;

  if (i >= n)
    i = n - 1;
  *start = g->start + (gint64) i * g->dwell;
  *end = *start + g->dwell;
  return g->round * n + i;
}

/* Retune to @channel (hop thread), timed. */
static void
tune (GstDevourerHop * hop, guint channel)
{
  struct dvr_channel ch = {.channel = (uint16_t) channel,
    .bw_mhz = (uint16_t) hop->bw_mhz
  };
  gint64 t0 = g_get_monotonic_time ();
  /* at the boundary, not after whatever video the adapter still holds:
   * that leaves on the new channel, where the receiver is by then */
  int r = dvr_set_channel_now (hop->dev, &ch);
  guint64 took = (guint64) (g_get_monotonic_time () - t0);

  g_mutex_lock (&hop->lock);
  if (r == DVR_OK) {
    hop->current = channel;
    hop->stats.hops++;
    hop->stats.retune_us_last = took;
    if (took > hop->stats.retune_us_max)
      hop->stats.retune_us_max = took;
  } else {
    hop->stats.hop_failures++;
  }
  hop->stats.channel = hop->current;
  g_mutex_unlock (&hop->lock);
  if (r != DVR_OK)
    GST_WARNING_OBJECT (hop->element, "hop to channel %u refused: %s (%s)",
        channel, dvr_strerror (r), dvr_last_error (hop->dev));
}

static int
emit_marker (void *user, const uint8_t * frame, size_t len)
{
  GstDevourerHop *hop = user;

  return dvr_share_send (hop->share, frame, len);
}

/* The marker of @slot, @phase_us into it, in the round of @g (hop
 * thread). */
static void
send_marker (GstDevourerHop * hop, const HopGrid * g, guint64 slot,
    gint64 phase_us)
{
  /* the dwells always: a ground needs no hop-dwell of its own */
  struct dvr_link_hop_marker m = {
    .fingerprint = hop->fingerprint,
    .epoch = hop->epoch,
    .slot = slot,
    .phase_us = (uint32_t) CLAMP (phase_us, 0, G_MAXUINT32),
    .dwell_us = (uint32_t) g->dwell,
    .next_dwell_us = (uint32_t) g->next,
  };
  uint8_t b[DVR_LINK_HOP_MARKER_DWELL_LEN];
  struct dvr_link_tx_stats before, after;
  guint64 now_ms = gst_devourer_now_ms ();
  size_t len = dvr_link_hop_marker_write (&m, b);

  dvr_link_tx_get_stats (hop->tx, &before);
  /* announces the session when due, so a late receiver gets the key */
  dvr_link_tx_poll (hop->tx, now_ms);
  dvr_link_tx_send (hop->tx, b, len, now_ms);
  dvr_link_tx_get_stats (hop->tx, &after);
  g_mutex_lock (&hop->lock);
  if (after.emit_errors - before.emit_errors >=
      (after.data_frames - before.data_frames) +
      (after.session_frames - before.session_frames))
    hop->stats.marker_errors++;
  else
    hop->stats.markers_sent++;
  g_mutex_unlock (&hop->lock);
}

/* Wait until @until_us (monotonic) or a wake-up; FALSE when stopping. */
static gboolean
wait_until (GstDevourerHop * hop, gint64 until_us)
{
  /* a deadline already past (the retune before it took longer, e.g. a
   * full set) is not a late wake-up */
  gboolean go, slept = g_get_monotonic_time () < until_us, timed_out = FALSE;

  g_mutex_lock (&hop->lock);
  while (!hop->stopping && !hop->have_marker)
    if (!g_cond_wait_until (&hop->cond, &hop->lock, until_us)) {
      timed_out = TRUE;
      break;
    }
  if (timed_out && slept) {
    /* how late the host let this thread run after its time */
    gint64 late = g_get_monotonic_time () - until_us;

    if (late > 0 && (guint64) late > hop->stats.wake_late_us_max)
      hop->stats.wake_late_us_max = (guint64) late;
  }
  go = !hop->stopping;
  g_mutex_unlock (&hop->lock);
  return go;
}

/*
 * The hop thread's retunes must land inside the guard, at most 1 ms from
 * the boundary, and at normal priority a busy host (a ground decoding
 * video) often wakes a thread later than that. The drone's frames wait
 * at its gate for a late retune; a late ground misses the first frames
 * of the slot. A real-time FIFO priority wakes it on time; the thread
 * sleeps between boundaries and retunes in under a millisecond, so it
 * takes little from the rest. The process may take one as root, with
 * CAP_SYS_NICE, or up to its RLIMIT_RTPRIO (`ulimit -r`, what audio users
 * are given); otherwise the thread runs as before and hop-realtime says
 * so.
 */
static void
prefer_realtime (GstDevourerHop * hop)
{
  struct sched_param sp = {.sched_priority = HOP_RT_PRIORITY };
  struct rlimit rl;
  int err;

  if (getrlimit (RLIMIT_RTPRIO, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
      && rl.rlim_cur > 0 && rl.rlim_cur < HOP_RT_PRIORITY)
    sp.sched_priority = (int) rl.rlim_cur;
  err = pthread_setschedparam (pthread_self (), SCHED_FIFO, &sp);
  g_mutex_lock (&hop->lock);
  hop->stats.realtime = err == 0;
  g_mutex_unlock (&hop->lock);
  if (err == 0)
    GST_DEBUG_OBJECT (hop->element, "hop thread at real-time priority %d",
        sp.sched_priority);
  else
    GST_INFO_OBJECT (hop->element, "hop thread at normal priority (%s): "
        "a busy host may wake it late at slot boundaries (hop-late-us-max)",
        g_strerror (err));
}

/*
 * The dwell of the round after the one that begins now, @ended_us having
 * been the length of the round that just ended (sender's hop thread).
 * In ms: hop-dwell, always. In FEC blocks: dwell_blocks of the blocks
 * the link closed in that round, timed from the first to the last of
 * them (a stream's blocks come at a steady pace, which a count over the
 * round would blur by a block either way), or the round itself when only
 * one closed; clamped to hop-dwell's range. A round in which none closed
 * (no stream, or a paused one) says nothing of the rate: the dwell stays.
 */
static gint64
choose_next_dwell (GstDevourerHop * hop, gint64 next, gint64 ended_us)
{
  guint64 count;
  gint64 first, last, interval, want;

  if (hop->dwell_blocks == 0)
    return hop->slot_us;
  g_mutex_lock (&hop->lock);
  count = hop->round_blocks;
  first = hop->round_first_block;
  last = hop->round_last_block;
  hop->round_blocks = 0;
  g_mutex_unlock (&hop->lock);
  if (count == 0)
    return next;
  interval = count >= 2 ? (last - first) / (gint64) (count - 1) : ended_us;
  want = CLAMP (interval * (gint64) hop->dwell_blocks,
      (gint64) GST_DEVOURER_HOP_DWELL_MIN * 1000,
      (gint64) GST_DEVOURER_HOP_DWELL_MAX * 1000);
  if (ABS (want - next) * DWELL_HYSTERESIS <= next)
    return next;
  GST_DEBUG_OBJECT (hop->element, "%" G_GUINT64_FORMAT " blocks closed "
      "in the round, one every %" G_GINT64_FORMAT " us: a dwell of %"
      G_GINT64_FORMAT " us from the round after next", count, interval,
      want);
  return want;
}

static gpointer
sender_thread (gpointer user)
{
  GstDevourerHop *hop = user;
  guint n = hop->sched.n;
  HopGrid g = {.round = 0,.start = hop->t0,.dwell = hop->slot_us,
    .next = hop->slot_us
  };

  prefer_realtime (hop);

  for (;;) {
    gint64 now = g_get_monotonic_time (), start, end, guard;
    guint64 slot;
    guint ch;

    /* a host that ran late skips the slots it missed: the schedule is
     * the clock's, not a count of retunes; each round that begins
     * settles the dwell of the one after it */
    while (grid_round_at (&g, n, now) > g.round) {
      gint64 ended = (gint64) n * g.dwell;

      grid_to_round (&g, n, g.round + 1);
      g.next = choose_next_dwell (hop, g.next, ended);
    }
    slot = grid_slot (&g, n, now, &start, &end);
    guard = grid_guard (&g);
    ch = dvr_link_hop_channel (&hop->sched, slot);
    if (ch != hop->current)
      tune (hop, ch);
    if (slot == 0)
      atomic_store (&hop->gate_until, start + guard);
    g_mutex_lock (&hop->lock);
    atomic_store (&hop->tuned_end, end);
    g_cond_broadcast (&hop->retuned);
    hop->stats.slot = slot;
    hop->stats.dwell_us = (guint64) g.dwell;
    g_mutex_unlock (&hop->lock);
    /* The marker goes while the gate still holds the video: nothing is
     * queued before it, so it leaves at once and its phase is true; the
     * receiver has moved a quarter guard after the boundary. */
    if (!wait_until (hop, start + 3 * guard / 4))
      break;
    if (g_get_monotonic_time () < end)
      send_marker (hop, &g, slot, g_get_monotonic_time () - start);
    /* Close the gate a guard before the boundary, open it a guard after:
     * no new frame reaches the adapter while either end retunes. */
    atomic_store (&hop->gate_until, end + guard);
    atomic_store (&hop->gate_from, end - guard);
    if (!wait_until (hop, end))
      break;
  }
  return NULL;
}

/* The newest marker into the receiver's estimate @g of the sender's grid
 * (hop thread). */
static void
take_marker (GstDevourerHop * hop, gboolean * tracking, HopGrid * g,
    guint32 * epoch, gint64 * last_us)
{
  struct dvr_link_hop_marker m;
  guint n = hop->sched.n;
  gint64 at, dwell, next;
  HopGrid heard;

  g_mutex_lock (&hop->lock);
  if (!hop->have_marker) {
    g_mutex_unlock (&hop->lock);
    return;
  }
  m = hop->marker;
  at = hop->marker_at_us;
  hop->have_marker = FALSE;
  g_mutex_unlock (&hop->lock);

  /* OpenIPC's 29 bytes say no dwell: then ours (hop-dwell) */
  dwell = m.dwell_us ? (gint64) m.dwell_us : hop->slot_us;
  next = m.dwell_us ? (gint64) m.next_dwell_us : dwell;
  heard.round = m.slot / n;
  heard.dwell = dwell;
  heard.next = next;
  heard.start = at - (gint64) m.phase_us - (gint64) (m.slot % n) * dwell;

  g_mutex_lock (&hop->lock);
  hop->stats.markers_heard++;
  if (!*tracking || m.epoch != *epoch ||
      (heard.round > g->round ? heard.round - g->round :
          g->round - heard.round) > MAX_ROUND_JUMP) {
    /* found (or the sender restarted: a new epoch starts its slots anew;
     * or its count jumped) */
    *g = heard;
    *epoch = m.epoch;
    *tracking = TRUE;
    hop->stats.acquisitions++;
    hop->stats.offset_us = 0;
    hop->stats.state = GST_DEVOURER_HOP_TRACKING;
  } else {
    gint64 start;

    /* Both in one round: where the marker puts its start against the
     * estimate. A marker of a later round brings its dwells; one of an
     * earlier round (late by a round boundary) only its timing, the
     * estimate knowing the dwells since. */
    if (heard.round >= g->round) {
      grid_to_round (g, n, heard.round);
      start = g->start;
      *g = heard;
    } else {
      grid_to_round (&heard, n, g->round);
      start = g->start;
      g->start = heard.start;
    }
    /* A marker is only ever late (queued behind video in the sender's
     * adapter, or waiting for the medium), never early: an earlier one
     * moves the estimate at once, a later one only a little. */
    hop->stats.offset_us = g->start - start;
    if (g->start > start)
      g->start = start + MIN (g->start - start, (gint64) LATE_STEP_US);
  }
  *last_us = at;
  g_mutex_unlock (&hop->lock);
}

/* Where the chip's TSF stands against the host's clock: one read of the
 * TSF register between two clock readings. A read that took long (a busy
 * bus or host) says little and is not kept. The two clocks run apart by
 * the crystals' tolerance (tens of ppm), so this runs again every
 * TSF_CLOCK_US. */
static void
measure_tsf_offset (GstDevourerHop * hop)
{
  guint64 tsf;
  gint64 before = g_get_monotonic_time ();
  int r = dvr_get_tsf (hop->dev, &tsf);
  gint64 after = g_get_monotonic_time ();

  if (r != DVR_OK || after - before > MAX_TSF_READ_US)
    return;
  g_mutex_lock (&hop->lock);
  hop->tsf_offset = (before + after) / 2 - (gint64) tsf;
  hop->tsf_offset_known = TRUE;
  g_mutex_unlock (&hop->lock);
}

static gpointer
receiver_thread (gpointer user)
{
  GstDevourerHop *hop = user;
  guint n = hop->sched.n;
  gboolean tracking = FALSE;
  gint64 last_marker = 0, park_until = 0;
  /* until a marker: hop-dwell, for how long to park on a channel */
  HopGrid g = {.dwell = hop->slot_us,.next = hop->slot_us };
  guint32 epoch = 0;
  guint park = 0;
  gint64 next_clock = 0;

  prefer_realtime (hop);

  for (;;) {
    gint64 now = g_get_monotonic_time (), deadline, lost_after;

    if (now >= next_clock) {
      measure_tsf_offset (hop);
      next_clock = now + TSF_CLOCK_US;
    }
    take_marker (hop, &tracking, &g, &epoch, &last_marker);
    /* two rounds of the sender's (as it said them last) */
    lost_after = (gint64) LOST_ROUNDS * n * MAX (g.dwell, g.next);
    if (tracking && now - last_marker > lost_after) {
      tracking = FALSE;
      park_until = 0;
      g_mutex_lock (&hop->lock);
      hop->stats.losses++;
      hop->stats.state = GST_DEVOURER_HOP_ACQUIRING;
      g_mutex_unlock (&hop->lock);
    }
    if (tracking) {
      /* a quarter guard after each boundary, the sender's own guard */
      gint64 quarter = grid_guard (&g) / 4, start, end;
      guint64 slot;
      guint ch;

      grid_to_round (&g, n, grid_round_at (&g, n, now - quarter));
      quarter = grid_guard (&g) / 4;
      slot = grid_slot (&g, n, now - quarter, &start, &end);
      ch = dvr_link_hop_channel (&hop->sched, slot);
      if (ch != hop->current)
        tune (hop, ch);
      g_mutex_lock (&hop->lock);
      hop->stats.slot = slot;
      hop->stats.dwell_us = (guint64) g.dwell;
      g_mutex_unlock (&hop->lock);
      deadline = end + quarter;
    } else {
      if (now >= park_until) {
        /* two rounds here heard nothing: the next channel */
        if (park_until != 0)
          park = (park + 1) % n;
        park_until = now + lost_after;
      }
      if (hop->sched.channels[park] != hop->current)
        tune (hop, hop->sched.channels[park]);
      deadline = park_until;
    }
    if (!wait_until (hop, deadline))
      break;
  }
  return NULL;
}

static gboolean
dwell_in_range (guint32 us)
{
  return us >= GST_DEVOURER_HOP_DWELL_MIN * 1000u &&
      us <= GST_DEVOURER_HOP_DWELL_MAX * 1000u;
}

/* A marker-port packet (the adapter's RX thread, inside the link). */
static void
on_marker_packet (void *user, const uint8_t * data, size_t len)
{
  GstDevourerHop *hop = user;
  struct dvr_link_hop_marker m;
  gint64 at = g_get_monotonic_time ();
  /* a dwell out of hop-dwell's range is no sender of ours: refused
   * rather than followed */
  gboolean ok = dvr_link_hop_marker_read (data, len, &m) == DVR_OK &&
      m.fingerprint == hop->fingerprint &&
      (m.dwell_us == 0 || (dwell_in_range (m.dwell_us) &&
          dwell_in_range (m.next_dwell_us)));

  g_mutex_lock (&hop->lock);
  if (ok && hop->tsf_offset_known)
    at = (gint64) hop->frame_tsf + hop->tsf_offset;
  if (ok) {
    hop->marker = m;
    hop->marker_at_us = at;
    hop->have_marker = TRUE;
    g_cond_signal (&hop->cond);
  } else {
    hop->stats.markers_refused++;
  }
  g_mutex_unlock (&hop->lock);
}

static void
on_marker_frame (void *user, const struct dvr_rx_frame *f)
{
  GstDevourerHop *hop = user;

  /* when the frame ended on the air, on the chip's clock: free of the
   * time the adapter held it in an RX aggregate and the host took to
   * run this thread */
  hop->frame_tsf = f->info.tsf_us;

  dvr_link_rx_push (hop->rx, 0, f->info.signal_dbm, f->data, f->len,
      gst_devourer_now_ms ());
}

guint32
gst_devourer_hop_session_interval (const GstDevourerHopSettings * s)
{
  uint16_t channels[DVR_LINK_HOP_MAX];
  unsigned n = 0;

  if (s->channels == NULL || s->channels[0] == '\0' ||
      dvr_link_hop_parse_channels (s->channels, channels, &n, NULL, 0) !=
      DVR_OK)
    return 0;
  return MIN (1000u, s->dwell_ms * n);
}

static gboolean
fail (GError ** err, const gchar * what, const gchar * why)
{
  g_set_error (err, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS,
      "%s: %s", what, why);
  return FALSE;
}

static gboolean
open_markers (GstDevourerHop * hop, const GstDevourerHopSettings * settings,
    const struct dvr_link_keys *keys, guint32 link_id, dvr_share * share,
    const gchar * selector, GError ** err)
{
  int r;

  if (hop->sender) {
    struct dvr_link_tx_config cfg = {
      .link_id = link_id,
      .radio_port = (uint8_t) settings->port,
      /* one marker a block, with one parity: sent twice, never waits */
      .k = 1,
      .n = 2,
      /* the session with every marker: a parked ground has only the
       * slots on its channel to learn the key in */
      .session_interval_ms = 1,
    };
    struct dvr_tx_params vector = {
      .rate = {.kind = DVR_RATE_HT,.mcs = MARKER_MCS},
      .bw_mhz = 20,
      .no_ack = true,
    };

    hop->share = share;
    r = dvr_link_tx_new (&cfg, keys, emit_marker, hop, &hop->tx);
    if (r == DVR_OK)
      r = dvr_link_tx_set_radiotap (hop->tx, &vector);
    if (r != DVR_OK)
      return fail (err, "hop marker sender", dvr_strerror (r));
    hop->epoch = g_random_int ();
  } else {
    struct dvr_link_rx_config rc = {
      .link_id = link_id,
      .radio_port = (uint8_t) settings->port,
      .block_timeout_ms = 1,
    };
    struct dvr_share_config sc = { 0 };
    struct dvr_channel ch = {.channel = (uint16_t) hop->current,
      .bw_mhz = (uint16_t) hop->bw_mhz
    };

    r = dvr_link_rx_new (&rc, keys, on_marker_packet, hop, &hop->rx);
    if (r != DVR_OK)
      return fail (err, "hop marker receiver", dvr_strerror (r));
    sc.device.on_rx = on_marker_frame;
    sc.device.user = hop;
    sc.channel = ch;
    dvr_link_rx_match (link_id, (uint8_t) settings->port, &sc.match);
    r = dvr_share_open (selector, &sc, &hop->rx_share);
    if (r != DVR_OK) {
      hop->rx_share = NULL;
      return fail (err, "cannot hear hop markers", dvr_strerror (r));
    }
  }
  return TRUE;
}

GstDevourerHop *
gst_devourer_hop_start (GstElement * element,
    const GstDevourerHopSettings * settings, gboolean sender,
    const struct dvr_link_keys *keys, guint32 link_id, dvr_share * share,
    const gchar * selector, const struct dvr_channel *tuned, GError ** err)
{
  uint16_t channels[DVR_LINK_HOP_MAX];
  unsigned n = 0;
  char why[160] = "";
  gboolean sequential = settings->seed != NULL &&
      g_ascii_strcasecmp (settings->seed, "sequential") == 0;
  GstDevourerHop *hop;
  int r;

  if (dvr_link_hop_parse_channels (settings->channels, channels, &n, why,
          sizeof (why)) != DVR_OK) {
    fail (err, "hop-channels", why);
    return NULL;
  }
  hop = g_new0 (GstDevourerHop, 1);
  hop->element = element;
  hop->sender = sender;
  hop->dev = dvr_share_device (share);
  hop->bw_mhz = tuned->bw_mhz;
  hop->current = tuned->channel;
  hop->slot_us = (gint64) settings->dwell_ms * 1000;
  hop->dwell_blocks = sender ? settings->dwell_blocks : 0;
  hop->stats.dwell_us = (guint64) hop->slot_us;
  g_mutex_init (&hop->lock);
  g_cond_init (&hop->cond);
  g_cond_init (&hop->retuned);
  r = dvr_link_hop_schedule_init (&hop->sched, channels, n, keys,
      sequential ? NULL : settings->seed, sequential);
  if (r != DVR_OK) {
    fail (err, "hop-seed", settings->seed && settings->seed[0] ?
        "1 to 32 hex digits, or \"sequential\"" :
        "the link's key pair cannot key a hop order");
    goto fail;
  }
  hop->fingerprint = dvr_link_hop_fingerprint (&hop->sched);
  hop->stats.state = sender ? GST_DEVOURER_HOP_SENDING :
      GST_DEVOURER_HOP_ACQUIRING;
  hop->stats.channel = hop->current;
  if (!open_markers (hop, settings, keys, link_id, share, selector, err))
    goto fail;
  hop->t0 = g_get_monotonic_time ();
  hop->thread = g_thread_try_new (sender ? "dvr-hop-tx" : "dvr-hop-rx",
      sender ? sender_thread : receiver_thread, hop, err);
  if (hop->thread == NULL)
    goto fail;
  if (hop->dwell_blocks)
    GST_INFO_OBJECT (element, "hopping over %s, slots of %u FEC blocks "
        "(%u ms until the rate is known), %s order", settings->channels,
        hop->dwell_blocks, settings->dwell_ms, sequential ? "sequential" :
        settings->seed && settings->seed[0] ? "seeded" : "keyed");
  else
    GST_INFO_OBJECT (element, "hopping over %s, %u ms slots, %s order",
        settings->channels, settings->dwell_ms, sequential ? "sequential" :
        settings->seed && settings->seed[0] ? "seeded" : "keyed");
  return hop;

fail:
  gst_devourer_hop_stop (hop);
  return NULL;
}

void
gst_devourer_hop_stop (GstDevourerHop * hop)
{
  if (hop == NULL)
    return;
  if (hop->thread != NULL) {
    g_mutex_lock (&hop->lock);
    hop->stopping = TRUE;
    g_cond_signal (&hop->cond);
    g_cond_broadcast (&hop->retuned);
    g_mutex_unlock (&hop->lock);
    g_thread_join (hop->thread);
  }
  /* the marker share first: its RX callback feeds hop->rx */
  if (hop->rx_share != NULL)
    dvr_share_close (hop->rx_share);
  dvr_link_rx_free (hop->rx);
  dvr_link_tx_free (hop->tx);
  g_mutex_clear (&hop->lock);
  g_cond_clear (&hop->cond);
  g_cond_clear (&hop->retuned);
  g_free (hop);
}

void
gst_devourer_hop_get_stats (GstDevourerHop * hop, GstDevourerHopStats * out)
{
  g_mutex_lock (&hop->lock);
  *out = hop->stats;
  g_mutex_unlock (&hop->lock);
}

void
gst_devourer_hop_add_stats (GstDevourerHop * hop, GstStructure * s)
{
  static const gchar *const states[] = { "sending", "acquiring",
    "tracking"
  };
  GstDevourerHopStats st;

  if (hop == NULL)
    return;
  gst_devourer_hop_get_stats (hop, &st);
  gst_structure_set (s,
      "hop-state", G_TYPE_STRING, states[st.state],
      "hop-slot", G_TYPE_UINT64, st.slot,
      "hop-channel", G_TYPE_UINT, st.channel,
      "hop-dwell-us", G_TYPE_UINT64, st.dwell_us,
      "hops", G_TYPE_UINT64, st.hops,
      "hop-failures", G_TYPE_UINT64, st.hop_failures,
      "hop-retune-us-last", G_TYPE_UINT64, st.retune_us_last,
      "hop-retune-us-max", G_TYPE_UINT64, st.retune_us_max,
      "hop-realtime", G_TYPE_BOOLEAN, st.realtime,
      "hop-late-us-max", G_TYPE_UINT64, st.wake_late_us_max,
      "hop-markers-sent", G_TYPE_UINT64, st.markers_sent,
      "hop-marker-errors", G_TYPE_UINT64, st.marker_errors,
      "hop-markers-heard", G_TYPE_UINT64, st.markers_heard,
      "hop-markers-refused", G_TYPE_UINT64, st.markers_refused,
      "hop-acquisitions", G_TYPE_UINT64, st.acquisitions,
      "hop-losses", G_TYPE_UINT64, st.losses,
      "hop-offset-us", G_TYPE_INT64, st.offset_us, NULL);
}

void
gst_devourer_hop_set_fec (GstDevourerHop * hop, guint k, guint n)
{
  hop->fec_n = MIN (n, G_N_ELEMENTS (hop->ring));
  hop->fec_cap = n > k ? n - k : 0;
  /* A slot of whole blocks carries all n frames of each: a cap of n - k
   * a channel would let a slot carry n - k frames in all and the stream
   * back up behind the gate (and, measured at the gate's pace, the
   * dwell grow without end). Slots that hold whole blocks are the
   * choice hop-dwell-blocks makes. */
  if (hop->dwell_blocks)
    hop->fec_cap = 0;
  hop->gate_slot = G_MAXUINT64;
}

gboolean
gst_devourer_hop_counts_blocks (GstDevourerHop * hop)
{
  return hop->dwell_blocks != 0;
}

void
gst_devourer_hop_blocks_closed (GstDevourerHop * hop, guint64 total)
{
  gint64 now;

  if (total <= hop->blocks_total) {
    /* a new link counts from 0 again */
    hop->blocks_total = total;
    return;
  }
  now = g_get_monotonic_time ();
  g_mutex_lock (&hop->lock);
  if (hop->round_blocks == 0)
    hop->round_first_block = now;
  hop->round_last_block = now;
  hop->round_blocks += total - hop->blocks_total;
  g_mutex_unlock (&hop->lock);
  hop->blocks_total = total;
}

/* One more frame on hop-set entry @index into the window of the last
 * fec_n. */
static void
window_push (GstDevourerHop * hop, guint index)
{
  if (hop->ring_fill == hop->fec_n)
    hop->on_index[hop->ring[hop->ring_pos]]--;
  else
    hop->ring_fill++;
  hop->ring[hop->ring_pos] = (guint8) index;
  hop->on_index[index]++;
  hop->ring_pos = (hop->ring_pos + 1) % hop->fec_n;
}

void
gst_devourer_hop_gate (GstDevourerHop * hop)
{
  for (;;) {
    gint64 now = g_get_monotonic_time ();
    gint64 from = atomic_load (&hop->gate_from);
    gint64 until = atomic_load (&hop->gate_until);
    guint64 slot;

    if (now >= from && now < until) {
      g_usleep ((gulong) (until - now));
      continue;
    }
    /* The slot is over and the hop thread has not retuned yet (a busy
     * host woke it late): the frame waits for the retune, which wakes
     * it, for at most a slot, so a stuck retune delays frames rather
     * than stops them. */
    gint64 tuned = atomic_load (&hop->tuned_end);
    if (now >= tuned && now < tuned + hop->slot_us) {
      gboolean stopping;

      g_mutex_lock (&hop->lock);
      while (!hop->stopping && atomic_load (&hop->tuned_end) == tuned)
        if (!g_cond_wait_until (&hop->retuned, &hop->lock,
                tuned + hop->slot_us))
          break;
      stopping = hop->stopping;
      g_mutex_unlock (&hop->lock);
      if (stopping)
        return;
      continue;
    }
    if (hop->fec_cap == 0)
      return;
    /* the cap runs only with a dwell in ms (set_fec): every slot is
     * hop-dwell long from t0 */
    slot = now > hop->t0 ? (guint64) ((now - hop->t0) / hop->slot_us) : 0;
    if (slot != hop->gate_slot) {
      hop->gate_slot = slot;
      hop->gate_index = dvr_link_hop_index (&hop->sched, slot);
    }
    if (hop->on_index[hop->gate_index] < hop->fec_cap) {
      window_push (hop, hop->gate_index);
      return;
    }
    /* This channel already carries as many of the last fec_n frames as
     * a block's parity repairs: the frame waits for the next slot's
     * channel, so no block loses more than that to one jammed channel,
     * whichever frames of the stream make it up. */
    g_usleep ((gulong) (hop->t0 + (gint64) (slot + 1) * hop->slot_us +
            guard_of (hop->slot_us, hop->slot_us) - now));
  }
}
