/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Frequency hopping in the elements; see gstdevourerhop.h. */
#include "gstdevourerhop.h"

#include <stdatomic.h>
#include <string.h>

#include "gstdevourerutil.h"

/* Markers leave at HT MCS0, 20 MHz: the rate the most receivers decode,
 * as for feedback. */
#define MARKER_MCS 0
/* Rounds without a marker before the receiver gives the sender up (or,
 * parked, tries the next channel): each channel comes once a round, so a
 * clean channel hears a marker within two. */
#define LOST_ROUNDS 2
/* The sender hands no frame to its adapter from this long before a slot
 * boundary to this long after it (at most a tenth of the slot each): the
 * frames queued before it leave on the old channel before the retune, the
 * retune is done before the next frame, and a receiver that moves a
 * little late or early (it moves mid-guard; its estimate errs) misses
 * nothing. Frames wait at the gate; none is dropped. */
#define GUARD_US 1000
/* How often the receiver measures the chip's TSF against the host clock,
 * and the longest read it trusts. */
#define TSF_CLOCK_US 500000
#define MAX_TSF_READ_US 2000
/* A tracking receiver moves its estimate by this share of each marker's
 * disagreement: one late marker (a busy host) does not throw it off. */
#define TRACK_GAIN 4

struct _GstDevourerHop
{
  GstElement *element;          /* not a reference */
  gboolean sender;
  dvr_device *dev;
  guint bw_mhz;
  struct dvr_link_hop_schedule sched;
  guint32 fingerprint;
  gint64 slot_us;
  gint64 guard_us;
  guint current;                /* channel the adapter is on (hop thread) */

  GThread *thread;
  GMutex lock;                  /* everything below */
  GCond cond;
  gboolean stopping;
  GstDevourerHopStats stats;

  /* sender: the marker stream on the element's own share */
  struct dvr_link_tx *tx;
  dvr_share *share;
  guint32 epoch;
  /* the guard around the next boundary, monotonic us: frames wait in
   * [gate_from, gate_until) (the sending thread reads them per frame) */
  _Atomic gint64 gate_from, gate_until;

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
          "Time on each channel of the hop set, in ms (5-10000); both ends "
          "must use the same.", GST_DEVOURER_HOP_DWELL_MIN,
          GST_DEVOURER_HOP_DWELL_MAX, GST_DEVOURER_HOP_DWELL_DEFAULT, rw));
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

/* Retune to @channel (hop thread), timed. */
static void
tune (GstDevourerHop * hop, guint channel)
{
  struct dvr_channel ch = {.channel = (uint16_t) channel,
    .bw_mhz = (uint16_t) hop->bw_mhz
  };
  gint64 t0 = g_get_monotonic_time ();
  int r = dvr_set_channel (hop->dev, &ch);
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

/* The marker of @slot, @phase_us into it (hop thread). */
static void
send_marker (GstDevourerHop * hop, guint64 slot, gint64 phase_us)
{
  struct dvr_link_hop_marker m = {
    .fingerprint = hop->fingerprint,
    .epoch = hop->epoch,
    .slot = slot,
    .phase_us = (uint32_t) CLAMP (phase_us, 0, G_MAXUINT32),
  };
  uint8_t b[DVR_LINK_HOP_MARKER_LEN];
  struct dvr_link_tx_stats before, after;
  guint64 now_ms = gst_devourer_now_ms ();

  dvr_link_hop_marker_write (&m, b);
  dvr_link_tx_get_stats (hop->tx, &before);
  /* announces the session when due, so a late receiver gets the key */
  dvr_link_tx_poll (hop->tx, now_ms);
  dvr_link_tx_send (hop->tx, b, sizeof (b), now_ms);
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
  gboolean go;

  g_mutex_lock (&hop->lock);
  while (!hop->stopping && !hop->have_marker)
    if (!g_cond_wait_until (&hop->cond, &hop->lock, until_us))
      break;
  go = !hop->stopping;
  g_mutex_unlock (&hop->lock);
  return go;
}

static gpointer
sender_thread (gpointer user)
{
  GstDevourerHop *hop = user;
  gint64 t0 = g_get_monotonic_time ();
  guint64 slot = 0;

  for (;;) {
    guint ch = dvr_link_hop_channel (&hop->sched, slot);

    gint64 start = t0 + (gint64) slot * hop->slot_us;

    if (ch != hop->current)
      tune (hop, ch);
    if (slot == 0)
      atomic_store (&hop->gate_until, start + hop->guard_us);
    g_mutex_lock (&hop->lock);
    hop->stats.slot = slot;
    g_mutex_unlock (&hop->lock);
    /* The marker goes while the gate still holds the video: nothing is
     * queued before it, so it leaves at once and its phase is true; the
     * receiver has moved a quarter guard after the boundary. */
    if (!wait_until (hop, start + 3 * hop->guard_us / 4))
      break;
    if (g_get_monotonic_time () < start + hop->slot_us)
      send_marker (hop, slot, g_get_monotonic_time () - start);
    /* Close the gate a guard before the boundary (open again a guard
     * after it) and let what the adapter holds leave on this slot's
     * channel meanwhile: a burst of video queued there would otherwise
     * hold the retune past the moment the receiver moves. */
    if (!wait_until (hop, start + hop->slot_us - hop->guard_us))
      break;
    atomic_store (&hop->gate_until, start + hop->slot_us + hop->guard_us);
    atomic_store (&hop->gate_from, start + hop->slot_us - hop->guard_us);
    dvr_flush (hop->dev, (unsigned) (hop->guard_us / 1000) + 1);
    if (!wait_until (hop, start + hop->slot_us))
      break;
    /* a host that ran late skips the slots it missed: the schedule is
     * the clock's, not a count of retunes */
    slot = (guint64) ((g_get_monotonic_time () - t0) / hop->slot_us);
  }
  return NULL;
}

/* The newest marker into the receiver's estimate (hop thread). */
static void
take_marker (GstDevourerHop * hop, gboolean * tracking, gint64 * t0,
    guint32 * epoch, gint64 * last_us)
{
  struct dvr_link_hop_marker m;
  gint64 at;

  g_mutex_lock (&hop->lock);
  if (!hop->have_marker) {
    g_mutex_unlock (&hop->lock);
    return;
  }
  m = hop->marker;
  at = hop->marker_at_us;
  hop->have_marker = FALSE;
  g_mutex_unlock (&hop->lock);

  gint64 start = at - (gint64) m.phase_us - (gint64) m.slot * hop->slot_us;
  g_mutex_lock (&hop->lock);
  hop->stats.markers_heard++;
  if (!*tracking || m.epoch != *epoch) {
    /* found (or the sender restarted: a new epoch starts its slots anew) */
    *t0 = start;
    *epoch = m.epoch;
    *tracking = TRUE;
    hop->stats.acquisitions++;
    hop->stats.offset_us = 0;
    hop->stats.state = GST_DEVOURER_HOP_TRACKING;
  } else {
    hop->stats.offset_us = start - *t0;
    *t0 += (start - *t0) / TRACK_GAIN;
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
  gint64 lost_after = (gint64) LOST_ROUNDS * hop->sched.n * hop->slot_us;
  gboolean tracking = FALSE;
  gint64 t0 = 0, last_marker = 0, park_until = 0;
  guint32 epoch = 0;
  guint park = 0;

  gint64 next_clock = 0;

  for (;;) {
    gint64 now = g_get_monotonic_time (), deadline;

    if (now >= next_clock) {
      measure_tsf_offset (hop);
      next_clock = now + TSF_CLOCK_US;
    }
    take_marker (hop, &tracking, &t0, &epoch, &last_marker);
    if (tracking && now - last_marker > lost_after) {
      tracking = FALSE;
      park_until = 0;
      g_mutex_lock (&hop->lock);
      hop->stats.losses++;
      hop->stats.state = GST_DEVOURER_HOP_ACQUIRING;
      g_mutex_unlock (&hop->lock);
    }
    if (tracking) {
      gint64 into = now - t0 - hop->guard_us / 4;
      guint64 slot = into > 0 ? (guint64) (into / hop->slot_us) : 0;
      guint ch = dvr_link_hop_channel (&hop->sched, slot);

      if (ch != hop->current)
        tune (hop, ch);
      g_mutex_lock (&hop->lock);
      hop->stats.slot = slot;
      g_mutex_unlock (&hop->lock);
      deadline = t0 + (gint64) (slot + 1) * hop->slot_us + hop->guard_us / 4;
    } else {
      if (now >= park_until) {
        /* two rounds here heard nothing: the next channel */
        if (park_until != 0)
          park = (park + 1) % hop->sched.n;
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

/* A marker-port packet (the adapter's RX thread, inside the link). */
static void
on_marker_packet (void *user, const uint8_t * data, size_t len)
{
  GstDevourerHop *hop = user;
  struct dvr_link_hop_marker m;
  gint64 at = g_get_monotonic_time ();
  gboolean ok = dvr_link_hop_marker_read (data, len, &m) == DVR_OK &&
      m.fingerprint == hop->fingerprint;

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
  hop->guard_us = MIN (GUARD_US, hop->slot_us / 10);
  g_mutex_init (&hop->lock);
  g_cond_init (&hop->cond);
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
  hop->thread = g_thread_try_new (sender ? "dvr-hop-tx" : "dvr-hop-rx",
      sender ? sender_thread : receiver_thread, hop, err);
  if (hop->thread == NULL)
    goto fail;
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
      "hops", G_TYPE_UINT64, st.hops,
      "hop-failures", G_TYPE_UINT64, st.hop_failures,
      "hop-retune-us-last", G_TYPE_UINT64, st.retune_us_last,
      "hop-retune-us-max", G_TYPE_UINT64, st.retune_us_max,
      "hop-markers-sent", G_TYPE_UINT64, st.markers_sent,
      "hop-marker-errors", G_TYPE_UINT64, st.marker_errors,
      "hop-markers-heard", G_TYPE_UINT64, st.markers_heard,
      "hop-markers-refused", G_TYPE_UINT64, st.markers_refused,
      "hop-acquisitions", G_TYPE_UINT64, st.acquisitions,
      "hop-losses", G_TYPE_UINT64, st.losses,
      "hop-offset-us", G_TYPE_INT64, st.offset_us, NULL);
}

void
gst_devourer_hop_gate (GstDevourerHop * hop)
{
  gint64 now = g_get_monotonic_time ();
  gint64 from = atomic_load (&hop->gate_from);
  gint64 until = atomic_load (&hop->gate_until);

  if (now >= from && now < until)
    g_usleep ((gulong) (until - now));
}
