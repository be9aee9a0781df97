/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* devourersrc's statistics and link diagnosis; see gstdevourersrcstats.h. */
#include "gstdevourersrcstats.h"

#include <string.h>

#include "gstdevourerfresh.h"
#include "gstdevourerutil.h"

GST_DEBUG_CATEGORY_EXTERN (devourer_src_debug);
#define GST_CAT_DEFAULT devourer_src_debug

#define RSSI_NONE GST_DEVOURER_RSSI_NONE
/* ------------------------------------------------------------------ */
/* Statistics                                                          */
/* ------------------------------------------------------------------ */

/* A minimum or maximum of @samples readings; RSSI_NONE if there were none
 * (the running extremes start at G_MAXINT / G_MININT). */
static gint
rssi_or_none (gint value, guint64 samples)
{
  return samples > 0 ? value : RSSI_NONE;
}

/*
 * Append one structure per remote receiving adapter (aggregate=) to
 * @adapters: its slot, its sender's address, what it forwarded and what
 * the link made of it. @was: the link stats at the previous rx-stats
 * message, for the interval's counts; NULL: totals since start. In
 * interval mode the datagram counts restart from here.
 */
static void
append_remote_adapters (GstDevourerSrc * self, GValue * adapters,
    const struct dvr_link_rx_stats *ls, const struct dvr_link_rx_stats *was)
{
  GstDevourerAggregator *agg = &self->aggregator;

  g_mutex_lock (&agg->lock);
  for (guint r = 0; r < agg->n_remotes; r++) {
    GstDevourerRemote *rm = &agg->remotes[r];
    guint slot = (guint) g_atomic_int_get (&self->n_local) + r;
    const struct dvr_link_adapter_stats *as;
    guint64 frames, samples, datagrams = rm->datagrams;
    gint64 sum;
    GstStructure *as_s;
    GValue v = G_VALUE_INIT;

    if (slot >= DVR_LINK_MAX_ADAPTERS)
      break;
    as = &ls->adapter[slot];
    frames = as->frames;
    samples = as->rssi_samples;
    sum = as->rssi_sum;
    if (was != NULL) {
      frames -= was->adapter[slot].frames;
      samples -= was->adapter[slot].rssi_samples;
      sum -= was->adapter[slot].rssi_sum;
      datagrams -= rm->last_datagrams;
      rm->last_datagrams = rm->datagrams;
    }
    as_s = gst_structure_new ("adapter",
        "index", G_TYPE_UINT, slot,
        "device", G_TYPE_STRING, rm->name,
        "remote", G_TYPE_BOOLEAN, TRUE,
        "wlan-index", G_TYPE_UINT, (guint) rm->wlan_idx,
        "datagrams", G_TYPE_UINT64, datagrams,
        "frames", G_TYPE_UINT64, frames,
        was != NULL ? "rssi" : "rssi-avg", G_TYPE_INT,
        gst_devourer_heard_average (sum, samples),
        "rssi-min", G_TYPE_INT, rssi_or_none (as->rssi_min,
            as->rssi_samples),
        "rssi-max", G_TYPE_INT, rssi_or_none (as->rssi_max,
            as->rssi_samples), NULL);
    g_value_init (&v, GST_TYPE_STRUCTURE);
    g_value_take_boxed (&v, as_s);
    gst_value_array_append_and_take_value (adapters, &v);
  }
  g_mutex_unlock (&agg->lock);
}

/* Forwarder and aggregator counters since start, on @s. */
static void
set_forward_fields (GstDevourerSrc * self, GstStructure * s)
{
  GstDevourerAggregator *agg = &self->aggregator;
  struct dvr_link_fwd_stats fs;
  guint64 fwd_frames, fwd_bytes, fwd_errors, no_slot, recv_errors;
  guint64 unauthenticated, unproven, expired, kernel_drops;
  guint remotes, port, live;
  gint rcvbuf;
  gchar bound[sizeof (agg->bound)];

  g_mutex_lock (&self->rx_lock);
  fwd_frames = self->forwarder.frames;
  fwd_bytes = self->forwarder.bytes;
  fwd_errors = self->forwarder.errors;
  g_mutex_unlock (&self->rx_lock);
  g_mutex_lock (&agg->lock);
  fs = agg->stats;
  no_slot = agg->no_slot;
  unauthenticated = agg->unauthenticated;
  unproven = agg->unproven;
  expired = agg->expired;
  kernel_drops = agg->kernel_drops;
  recv_errors = agg->recv_errors;
  remotes = agg->n_remotes;
  port = agg->port;
  g_strlcpy (bound, agg->bound, sizeof (bound));
  rcvbuf = agg->rcvbuf;
  g_mutex_unlock (&agg->lock);
  live = gst_devourer_aggregator_live (agg);
  gst_structure_set (s,
      "forwarded", G_TYPE_UINT64, fwd_frames,
      "forwarded-bytes", G_TYPE_UINT64, fwd_bytes,
      "forward-errors", G_TYPE_UINT64, fwd_errors,
      "aggregate-port", G_TYPE_UINT, port,
      "aggregate-address", G_TYPE_STRING, bound,
      "aggregate-datagrams", G_TYPE_UINT64, fs.datagrams,
      "aggregate-frames", G_TYPE_UINT64, fs.frames,
      "aggregate-dedup-batches", G_TYPE_UINT64, fs.dedup_batches,
      "aggregate-empty", G_TYPE_UINT64, fs.empty,
      "aggregate-refused", G_TYPE_UINT64, fs.refused,
      "aggregate-short", G_TYPE_UINT64, fs.short_hdr,
      "aggregate-oversize", G_TYPE_UINT64, fs.oversize,
      "aggregate-bad-type", G_TYPE_UINT64, fs.bad_type,
      "aggregate-bad-length", G_TYPE_UINT64, fs.bad_length,
      "aggregate-unauthenticated", G_TYPE_UINT64, unauthenticated,
      "aggregate-unproven", G_TYPE_UINT64, unproven,
      "aggregate-no-slot", G_TYPE_UINT64, no_slot,
      "aggregate-expired", G_TYPE_UINT64, expired,
      "aggregate-kernel-drops", G_TYPE_UINT64, kernel_drops,
      "aggregate-recv-errors", G_TYPE_UINT64, recv_errors,
      "aggregate-remotes", G_TYPE_UINT, remotes,
      "aggregate-live", G_TYPE_UINT, live,
      "aggregate-buffer-size", G_TYPE_INT, rcvbuf, NULL);
}

/* The 'adapters' entry of local adapter @i: what the link took from it
 * (@as), what its driver received (@rs) and what it heard (@h). */
static GstStructure *
local_adapter_stats (GstDevourerSrcAdapter * a, guint i,
    const struct dvr_link_adapter_stats *as, const GstDevourerSrcHeard * h,
    const struct dvr_rx_stats *rs)
{
  GstStructure *s = gst_structure_new ("adapter",
      "index", G_TYPE_UINT, i,
      "device", G_TYPE_STRING, a->radio.selector,
      "frames", G_TYPE_UINT64, as->frames,
      "frames-received", G_TYPE_UINT64, rs->frames,
      "crc-errors", G_TYPE_UINT64, rs->crc_errors,
      "rx-malformed", G_TYPE_UINT64, rs->malformed,
      "rf-paths", G_TYPE_UINT, a->radio.dev != NULL ?
      dvr_rf_paths (a->radio.dev) : 0u,
      "rssi-avg", G_TYPE_INT, gst_devourer_heard_average (h->rssi_sum,
          h->rssi_samples),
      "rssi-min", G_TYPE_INT, rssi_or_none (h->rssi_min, h->rssi_samples),
      "rssi-max", G_TYPE_INT, rssi_or_none (h->rssi_max, h->rssi_samples),
      NULL);

  gst_devourer_heard_set_fields (s, h);
  return s;
}

GstStructure *
gst_devourer_src_stats_make (GstDevourerSrc * self)
{
  struct dvr_link_rx_stats ls;
  GstDevourerSrcHeard heard[DVR_LINK_MAX_ADAPTERS];
  guint64 dropped, high_water, crc = 0, rx_malformed = 0, pumped;
  guint64 fb_sent, fb_errors, alink_sent, alink_errors;
  guint queued, n;
  GValue adapters = G_VALUE_INIT;
  GstStructure *s;
  struct dvr_link_fresh_info fresh;

  g_value_init (&adapters, GST_TYPE_ARRAY);

  g_mutex_lock (&self->control_lock);
  n = (guint) g_atomic_int_get (&self->n_adapters);
  g_mutex_lock (&self->rx_lock);
  if (self->link != NULL)
    dvr_link_rx_get_stats (self->link, &ls);
  else
    ls = self->final_link;
  dropped = self->queue_dropped;
  pumped = self->pumped_transfers;
  high_water = self->queue_high_water;
  queued = self->queue_len;
  for (guint i = 0; i < n; i++)
    heard[i] = self->adapters[i].heard_total;
  dvr_link_fresh_get_info (self->fresh, &fresh);
  fb_sent = self->feedback_sent;
  fb_errors = self->feedback_errors;
  alink_sent = self->alink_sent;
  alink_errors = self->alink_errors;
  g_mutex_unlock (&self->rx_lock);

  for (guint i = 0; i < n; i++) {
    GValue v = G_VALUE_INIT;
    struct dvr_rx_stats rs = { 0 };

    if (self->adapters[i].radio.dev != NULL)
      dvr_get_rx_stats (self->adapters[i].radio.dev, &rs);
    crc += rs.crc_errors;
    rx_malformed += rs.malformed;
    g_value_init (&v, GST_TYPE_STRUCTURE);
    g_value_take_boxed (&v, local_adapter_stats (&self->adapters[i], i,
            &ls.adapter[i], &heard[i], &rs));
    gst_value_array_append_and_take_value (&adapters, &v);
  }
  if (n == 0) {
    crc = self->final_crc_errors;
    rx_malformed = self->final_rx_malformed;
  }
  append_remote_adapters (self, &adapters, &ls, NULL);
  g_mutex_unlock (&self->control_lock);

  s = gst_structure_new ("application/x-devourer-src-stats",
      "packets-received", G_TYPE_UINT64, ls.packets,
      "bytes-received", G_TYPE_UINT64, ls.bytes,
      "air-bytes", G_TYPE_UINT64, ls.air_bytes,
      "packets-lost", G_TYPE_UINT64, ls.lost,
      "packets-maybe-lost", G_TYPE_UINT64, ls.lost_unknown,
      "packets-dropped", G_TYPE_UINT64, dropped,
      "fec-recovered", G_TYPE_UINT64, ls.fec_recovered,
      "unrecoverable-blocks", G_TYPE_UINT64, ls.unrecoverable,
      "lost-within-capacity", G_TYPE_UINT64, ls.lost_within_capacity,
      "duplicates", G_TYPE_UINT64, ls.duplicates,
      "redundant-fragments", G_TYPE_UINT64, ls.redundant_fragments,
      "replayed", G_TYPE_UINT64, ls.replayed,
      "auth-failed", G_TYPE_UINT64, ls.auth_failed,
      "no-session", G_TYPE_UINT64, ls.no_session,
      "sessions", G_TYPE_UINT64, ls.sessions,
      "session-changes", G_TYPE_UINT64, ls.session_changes,
      "session-replayed", G_TYPE_UINT64, ls.session_replayed,
      "session-deferred", G_TYPE_UINT64, ls.session_deferred,
      "session-takeovers", G_TYPE_UINT64, ls.session_takeovers,
      "session-older", G_TYPE_UINT64, ls.session_older,
      "session-unproven", G_TYPE_UINT64, ls.session_unproven,
      "uplink-proof", G_TYPE_BOOLEAN, fresh.uplink,
      "session-auth-failed", G_TYPE_UINT64, ls.session_auth_failed,
      "malformed", G_TYPE_UINT64, ls.malformed + ls.bad_packet,
      "link-frames", G_TYPE_UINT64, ls.link_frames,
      "other-link", G_TYPE_UINT64, ls.other_link,
      "other-link-id", G_TYPE_UINT, ls.other_link_id,
      "other-port", G_TYPE_UINT64, ls.other_port,
      "other-port-id", G_TYPE_UINT, (guint) ls.other_port_id,
      "not-wfb", G_TYPE_UINT64, ls.not_wfb,
      "frames-received", G_TYPE_UINT64, ls.frames,
      "crc-errors", G_TYPE_UINT64, crc,
      /* What the adapters' RX walk refused (cut or lying lengths,
       * oversized packets): without it a bad bulk IN stream would only
       * show as frames that never arrived. */
      "rx-malformed", G_TYPE_UINT64, rx_malformed,
      "queue-level", G_TYPE_UINT, queued,
      "queue-high-water", G_TYPE_UINT64, high_water,
      "pumped-transfers", G_TYPE_UINT64, pumped,
      "feedback-sent", G_TYPE_UINT64, fb_sent,
      "feedback-errors", G_TYPE_UINT64, fb_errors,
      "alink-sent", G_TYPE_UINT64, alink_sent,
      "alink-errors", G_TYPE_UINT64, alink_errors, NULL);
  set_forward_fields (self, s);
  g_mutex_lock (&self->control_lock);
  gst_devourer_hop_add_stats (self->hop, s);
  g_mutex_unlock (&self->control_lock);
  gst_structure_take_value (s, "adapters", &adapters);
  return s;
}

/* Post a devourer-rx-stats message for the interval since the last one.
 * @final: the last one of this run (EOS or stop); it covers the partial
 * interval, so a run shorter than stats-interval still reports. */
/* The interval's forwarded frames and aggregated datagrams (stats_lock
 * held: the bases are its). */
static void
set_interval_forward_fields (GstDevourerSrc * self, GstStructure * s)
{
  guint64 fwd, fwd_err, agg_dg, agg_ref;

  g_mutex_lock (&self->rx_lock);
  fwd = self->forwarder.frames;
  fwd_err = self->forwarder.errors;
  g_mutex_unlock (&self->rx_lock);
  g_mutex_lock (&self->aggregator.lock);
  agg_dg = self->aggregator.stats.datagrams;
  agg_ref = self->aggregator.stats.refused + self->aggregator.no_slot
      + self->aggregator.unauthenticated + self->aggregator.unproven;
  g_mutex_unlock (&self->aggregator.lock);
  gst_structure_set (s,
      "forwarded", G_TYPE_UINT64, fwd - self->last_fwd_frames,
      "forward-errors", G_TYPE_UINT64, fwd_err - self->last_fwd_errors,
      "aggregate-datagrams", G_TYPE_UINT64,
      agg_dg - self->last_agg_datagrams,
      "aggregate-refused", G_TYPE_UINT64,
      agg_ref - self->last_agg_refused, NULL);
  self->last_fwd_frames = fwd;
  self->last_fwd_errors = fwd_err;
  self->last_agg_datagrams = agg_dg;
  self->last_agg_refused = agg_ref;
}

/* The interval's entry of local adapter @i, from what it heard (@h). */
static GstStructure *
interval_adapter_stats (GstDevourerSrc * self, guint i,
    const GstDevourerSrcHeard * h, gint avg)
{
  GstStructure *s = gst_structure_new ("adapter",
      "index", G_TYPE_UINT, i,
      "device", G_TYPE_STRING, self->adapters[i].radio.selector,
      "frames", G_TYPE_UINT64, h->frames,
      "rssi", G_TYPE_INT, avg,
      "rssi-min", G_TYPE_INT, rssi_or_none (h->rssi_min, h->rssi_samples),
      "rssi-max", G_TYPE_INT, rssi_or_none (h->rssi_max, h->rssi_samples),
      NULL);

  gst_devourer_heard_set_fields (s, h);
  return s;
}

void
gst_devourer_src_stats_post (GstDevourerSrc * self, guint64 now,
    gboolean final)
{
  struct dvr_link_rx_stats ls;
  GstDevourerSrcHeard snap[DVR_LINK_MAX_ADAPTERS];
  guint64 interval_ms, dropped, packets, bytes, air, pumped;
  GValue adapters = G_VALUE_INIT;
  gint best = RSSI_NONE, best_heard = RSSI_NONE;
  GstStructure *s;
  guint n = (guint) g_atomic_int_get (&self->n_adapters);

  g_mutex_lock (&self->stats_lock);
  g_mutex_lock (&self->rx_lock);
  if (self->stats_final || self->link == NULL) {
    g_mutex_unlock (&self->rx_lock);
    g_mutex_unlock (&self->stats_lock);
    return;
  }
  dvr_link_rx_get_stats (self->link, &ls);
  dropped = self->queue_dropped;
  pumped = self->pumped_transfers;
  for (guint i = 0; i < n; i++) {
    snap[i] = self->adapters[i].heard;
    gst_devourer_heard_reset (&self->adapters[i].heard);
  }
  g_mutex_unlock (&self->rx_lock);
  interval_ms = now > self->last_stats_ms ? now - self->last_stats_ms : 0;

  g_value_init (&adapters, GST_TYPE_ARRAY);
  for (guint i = 0; i < n; i++) {
    const GstDevourerSrcHeard *h = &snap[i];
    gint avg = gst_devourer_heard_average (h->rssi_sum, h->rssi_samples);
    gint avg_heard = gst_devourer_heard_average (h->all_rssi_sum,
        h->all_frames);
    GValue v = G_VALUE_INIT;

    if (h->rssi_samples > 0 && avg > best)
      best = avg;
    if (h->all_frames > 0 && avg_heard > best_heard)
      best_heard = avg_heard;
    g_value_init (&v, GST_TYPE_STRUCTURE);
    g_value_take_boxed (&v, interval_adapter_stats (self, i, h, avg));
    gst_value_array_append_and_take_value (&adapters, &v);
  }

  append_remote_adapters (self, &adapters, &ls, &self->last_link);

  packets = ls.packets - self->last_link.packets;
  bytes = ls.bytes - self->last_link.bytes;
  air = ls.air_bytes - self->last_link.air_bytes;
  s = gst_structure_new (GST_DEVOURER_MSG_RX_STATS,
      "interval-ms", G_TYPE_UINT64, interval_ms,
      "final", G_TYPE_BOOLEAN, final,
      "packets", G_TYPE_UINT64, packets,
      "bytes", G_TYPE_UINT64, bytes,
      "bitrate", G_TYPE_UINT64,
      interval_ms > 0 ? bytes * 8u * 1000u / interval_ms : (guint64) 0,
      "air-bytes", G_TYPE_UINT64, air,
      "air-bitrate", G_TYPE_UINT64,
      interval_ms > 0 ? air * 8u * 1000u / interval_ms : (guint64) 0,
      "link-frames", G_TYPE_UINT64,
      ls.link_frames - self->last_link.link_frames,
      "lost", G_TYPE_UINT64, ls.lost - self->last_link.lost,
      "maybe-lost", G_TYPE_UINT64,
      ls.lost_unknown - self->last_link.lost_unknown,
      "fec-recovered", G_TYPE_UINT64,
      ls.fec_recovered - self->last_link.fec_recovered,
      "unrecoverable", G_TYPE_UINT64,
      ls.unrecoverable - self->last_link.unrecoverable,
      "lost-within-capacity", G_TYPE_UINT64,
      ls.lost_within_capacity - self->last_link.lost_within_capacity,
      "duplicates", G_TYPE_UINT64,
      ls.duplicates - self->last_link.duplicates,
      "redundant-fragments", G_TYPE_UINT64,
      ls.redundant_fragments - self->last_link.redundant_fragments,
      "auth-failed", G_TYPE_UINT64,
      ls.auth_failed - self->last_link.auth_failed,
      /* A wrong key fails on the session packets, and the data that
       * follows has no session to open it: without these two the
       * interval would read like an empty channel. */
      "session-auth-failed", G_TYPE_UINT64,
      ls.session_auth_failed - self->last_link.session_auth_failed,
      "no-session", G_TYPE_UINT64,
      ls.no_session - self->last_link.no_session,
      "other-link", G_TYPE_UINT64,
      ls.other_link - self->last_link.other_link,
      "other-port", G_TYPE_UINT64,
      ls.other_port - self->last_link.other_port,
      "not-wfb", G_TYPE_UINT64, ls.not_wfb - self->last_link.not_wfb,
      "dropped", G_TYPE_UINT64, dropped - self->last_dropped,
      "pumped-transfers", G_TYPE_UINT64, pumped - self->last_pumped,
      "rssi", G_TYPE_INT, best,
      "rssi-heard", G_TYPE_INT, best_heard, NULL);
  set_interval_forward_fields (self, s);
  gst_structure_take_value (s, "adapters", &adapters);
  self->last_link = ls;
  self->last_dropped = dropped;
  self->last_pumped = pumped;
  self->last_stats_ms = now;
  self->stats_final = final;

  /* the follower lives from start to stop, and stop ends the timer
   * before it */
  gst_devourer_hop_add_stats (g_atomic_pointer_get (&self->hop), s);
  /* Posted under stats_lock so messages leave in interval order. */
  gst_devourer_post_element_message (GST_ELEMENT (self), s);
  g_mutex_unlock (&self->stats_lock);
}

/* The final message of a run, unless stats-interval is 0 (never). */
void
gst_devourer_src_stats_post_final (GstDevourerSrc * self)
{
  guint interval;

  GST_OBJECT_LOCK (self);
  interval = self->settings.stats_interval;
  GST_OBJECT_UNLOCK (self);
  if (interval > 0)
    gst_devourer_src_stats_post (self, gst_devourer_now_ms (), TRUE);
}

/* ------------------------------------------------------------------ */
/* Link diagnosis                                                      */
/* ------------------------------------------------------------------ */

/* Is a warning of @kind due? At most one per kind per repeat interval. */
static gboolean
diag_due (GstDevourerSrc * self, GstDevourerSrcDiag kind, guint64 now)
{
  if (self->diag_ever_warned[kind]
      && now - self->diag_warned_ms[kind] < GST_DEVOURER_SRC_DIAG_REPEAT_MS)
    return FALSE;
  self->diag_ever_warned[kind] = TRUE;
  self->diag_warned_ms[kind] = now;
  return TRUE;
}

/* An aggregator that got no valid forwarded frame in the window: say on
 * which port it listens and what it refused, if anything arrived. */
static void
diagnose_aggregate (GstDevourerSrc * self, guint64 now, guint secs)
{
  GstDevourerAggregator *agg = &self->aggregator;
  struct dvr_link_fwd_stats fs;
  guint64 no_slot, unauth, kdrops;

  if (agg->thread == NULL)
    return;
  g_mutex_lock (&agg->lock);
  fs = agg->stats;
  no_slot = agg->no_slot;
  unauth = agg->unauthenticated;
  kdrops = agg->kernel_drops;
  g_mutex_unlock (&agg->lock);
  if (fs.frames == self->diag_agg_frames
      && diag_due (self, GST_DEVOURER_SRC_DIAG_NOTHING_FORWARDED, now)) {
    GST_ELEMENT_WARNING_WITH_DETAILS (self, RESOURCE, READ,
        ("No forwarded frame for %u s on UDP %s.", secs, agg->bound),
        ("%" G_GUINT64_FORMAT " datagrams arrived since start, %"
            G_GUINT64_FORMAT " refused (short %" G_GUINT64_FORMAT
            ", oversize %" G_GUINT64_FORMAT ", unknown type %"
            G_GUINT64_FORMAT ", bad length %" G_GUINT64_FORMAT "). Point "
            "the forwarders (wfb_rx -f -c ADDR -u PORT, or devourersrc "
            "forward=ADDR:PORT) at this address and port, and check that "
            "no firewall drops UDP to it.", fs.datagrams, fs.refused,
            fs.short_hdr, fs.oversize, fs.bad_type, fs.bad_length),
        ("kind", G_TYPE_STRING, "nothing-forwarded",
            "port", G_TYPE_UINT, (guint) agg->port,
            "datagrams", G_TYPE_UINT64, fs.datagrams,
            "refused", G_TYPE_UINT64, fs.refused,
            "no-slot", G_TYPE_UINT64, no_slot, NULL));
  }
  if (no_slot > self->diag_agg_no_slot
      && diag_due (self, GST_DEVOURER_SRC_DIAG_NO_SLOT, now)) {
    GST_ELEMENT_WARNING_WITH_DETAILS (self, RESOURCE, READ,
        ("More live forwarders than adapter slots: %" G_GUINT64_FORMAT
            " authentic frames not used.", no_slot - self->diag_agg_no_slot),
        ("The link tells at most %d adapters apart, local ones first; "
            "%u slots are for remote senders (address, port and wlan "
            "index each), and every one is held by a sender that carried "
            "this link within the last %u ms (aggregate-timeout). Frames "
            "of the others are counted in aggregate-no-slot and not used. "
            "Use fewer forwarders or local adapters.", DVR_LINK_MAX_ADAPTERS,
            agg->max_remotes,
            (guint) (agg->slot_timeout_us / G_TIME_SPAN_MILLISECOND)),
        ("kind", G_TYPE_STRING, "aggregate-full",
            "no-slot", G_TYPE_UINT64, no_slot, NULL));
  }
  /* Only when nothing forwarded got through: a stranger's noise beside a
   * working forwarder is counted, not worth a warning. */
  if (unauth > self->diag_agg_unauth && fs.frames > self->diag_agg_frames
      && gst_devourer_aggregator_live (agg) == 0
      && diag_due (self, GST_DEVOURER_SRC_DIAG_UNAUTHENTICATED, now)) {
    GST_ELEMENT_WARNING_WITH_DETAILS (self, STREAM, DECRYPT,
        ("Forwarded frames that do not authenticate: %" G_GUINT64_FORMAT
            " in %u s, from senders without an adapter slot.",
            unauth - self->diag_agg_unauth, secs),
        ("A sender gets a slot with a frame that authenticates under "
            "this link's key and that the link had not yet (a data "
            "fragment of the current session, or a session packet that "
            "starts one; not older than the current). Check that the "
            "forwarders hear the same link (link-id, radio-port) and that "
            "this element has the ground key of it; until a session packet "
            "arrives, data alone cannot prove anything. Counted in "
            "aggregate-unauthenticated."),
        ("kind", G_TYPE_STRING, "aggregate-unauthenticated",
            "unauthenticated", G_TYPE_UINT64, unauth, NULL));
  }
  if (kdrops > self->diag_agg_kdrops
      && diag_due (self, GST_DEVOURER_SRC_DIAG_KERNEL_DROPS, now)) {
    GST_ELEMENT_WARNING_WITH_DETAILS (self, RESOURCE, READ,
        ("The kernel dropped %" G_GUINT64_FORMAT " forwarded datagrams in "
            "%u s: the aggregate socket's receive buffer was full.",
            kdrops - self->diag_agg_kdrops, secs),
        ("The socket has %d bytes (aggregate-buffer-size asked %d; "
            "without root the kernel caps it at net.core.rmem_max). Raise "
            "aggregate-buffer-size, or net.core.rmem_max, or run as root. "
            "Counted in aggregate-kernel-drops.", agg->rcvbuf,
            agg->rcvbuf_asked),
        ("kind", G_TYPE_STRING, "aggregate-kernel-drops",
            "kernel-drops", G_TYPE_UINT64, kdrops,
            "buffer-size", G_TYPE_INT, agg->rcvbuf, NULL));
  }
  self->diag_agg_frames = fs.frames;
  self->diag_agg_no_slot = no_slot;
  self->diag_agg_unauth = unauth;
  self->diag_agg_kdrops = kdrops;
}

/*
 * Look at the last diagnosis window (timer thread) and say what is wrong
 * when the counters show a misconfiguration rather than a weak link:
 * nothing on the air at all, only another link id or radio port, or our
 * frames failing authentication while nothing is delivered.
 */
/* One diagnosis window: the link's counters now and at its start, and
 * the settings they are judged against. */
typedef struct
{
  struct dvr_link_rx_stats ls;
  const struct dvr_link_rx_stats *was;
  guint64 now, link_frames, sess_fail, data_fail, deferred, older, unproven;
  guint link_id, port, takeover, secs;
} DiagWindow;

/* Not a single frame reached the local adapters. */
static void
diag_nothing_heard (GstDevourerSrc * self, const DiagWindow * w)
{
  if (diag_due (self, GST_DEVOURER_SRC_DIAG_NOTHING, w->now)) {
    struct dvr_channel ch;
    GString *names = g_string_new (NULL);

    g_mutex_lock (&self->control_lock);
    ch = self->tuned;
    for (guint i = 0; i < self->n_adapters; i++)
      g_string_append_printf (names, "%s%s", i > 0 ? ", " : "",
          self->adapters[i].radio.selector);
    g_mutex_unlock (&self->control_lock);
    GST_ELEMENT_WARNING_WITH_DETAILS (self, RESOURCE, READ,
        ("Nothing heard for %u s on channel %u (%u MHz) by %s.", w->secs,
            ch.channel, ch.bw_mhz, names->str),
        ("Not a single frame reached the adapter(s). Tune devourersrc to "
            "the sender's channel and bandwidth (channel=, bandwidth=), "
            "and check that the sender is on, in range, and that the "
            "antennas are connected."),
        ("kind", G_TYPE_STRING, "nothing-heard",
            "channel", G_TYPE_UINT, (guint) ch.channel,
            "bandwidth", G_TYPE_UINT, (guint) ch.bw_mhz,
            "devices", G_TYPE_STRING, names->str, NULL));
    g_string_free (names, TRUE);
  }
}

/* Only another link id, or this link on another radio port, is heard. */
static void
diag_other_link_or_port (GstDevourerSrc * self, const DiagWindow * w)
{
  if (w->link_frames == 0 && w->ls.other_link > w->was->other_link
      && diag_due (self, GST_DEVOURER_SRC_DIAG_OTHER_LINK, w->now)) {
    GST_ELEMENT_WARNING_WITH_DETAILS (self, RESOURCE, SETTINGS,
        ("Frames of link-id %u are heard, none of link-id %u.",
            w->ls.other_link_id, w->link_id),
        ("%" G_GUINT64_FORMAT " WFB-NG frames of another link in the last "
            "%u s (the last of link-id %u). Set link-id=%u here to receive "
            "them, or give the sender link-id=%u.",
            w->ls.other_link - w->was->other_link, w->secs,
            w->ls.other_link_id, w->ls.other_link_id, w->link_id),
        ("kind", G_TYPE_STRING, "other-link",
            "link-id", G_TYPE_UINT, w->link_id,
            "link-id-heard", G_TYPE_UINT, w->ls.other_link_id, NULL));
  }
  if (w->link_frames == 0 && w->ls.other_port > w->was->other_port
      && diag_due (self, GST_DEVOURER_SRC_DIAG_OTHER_PORT, w->now)) {
    GST_ELEMENT_WARNING_WITH_DETAILS (self, RESOURCE, SETTINGS,
        ("Frames of link-id %u on radio-port %u are heard, none on "
            "radio-port %u.", w->link_id, (guint) w->ls.other_port_id,
            w->port),
        ("%" G_GUINT64_FORMAT " frames of this link on another radio port "
            "in the last %u s (the last on radio-port %u). Set "
            "radio-port=%u here to receive that stream, or give the "
            "sender radio-port=%u.", w->ls.other_port - w->was->other_port,
            w->secs, (guint) w->ls.other_port_id,
            (guint) w->ls.other_port_id, w->port),
        ("kind", G_TYPE_STRING, "other-port",
            "radio-port", G_TYPE_UINT, w->port,
            "radio-port-heard", G_TYPE_UINT, (guint) w->ls.other_port_id,
            NULL));
  }
}

/* Sessions heard but not followed: older, deferred, unproven. */
static void
diag_sessions (GstDevourerSrc * self, const DiagWindow * w)
{
  if (w->older > 0
      && diag_due (self, GST_DEVOURER_SRC_DIAG_SESSION_OLDER, w->now)) {
    GST_ELEMENT_WARNING_WITH_DETAILS (self, STREAM, DECODE,
        ("The sender of link-id %u restarted with a lower epoch (a camera "
            "without a clock?): followed again after %u ms of silence.",
            w->link_id, w->takeover),
        ("%" G_GUINT64_FORMAT " session(s) older than the one followed "
            "were adopted once it fell silent. Give devourersink an "
            "epoch-file= on storage that survives a reboot, so that every "
            "run announces a higher epoch and is followed at once (and by "
            "wfb-ng receivers, which never take a lower one).", w->older),
        ("kind", G_TYPE_STRING, "session-older",
            "session-older", G_TYPE_UINT64, w->older,
            "session-takeover", G_TYPE_UINT, w->takeover, NULL));
  }
  /* A sender restarted within the w->takeover time is w->deferred for a
   * moment and then followed: only deferral that goes on is news. */
  if (w->deferred > 0 && w->ls.session_takeovers == w->was->session_takeovers)
    self->diag_deferred_windows++;
  else
    self->diag_deferred_windows = 0;
  if (w->deferred > 0 && (w->takeover == 0 || self->diag_deferred_windows >= 2)
      && diag_due (self, GST_DEVOURER_SRC_DIAG_SESSION_DEFERRED, w->now)) {
    if (w->takeover == 0)
      GST_ELEMENT_WARNING_WITH_DETAILS (self, STREAM, DECODE,
          ("Link-id %u: sessions older than the one followed are heard and "
              "refused (session-takeover=0).", w->link_id),
          ("%" G_GUINT64_FORMAT " session packets of another run in the "
              "last %u s. With session-takeover=0 a sender restarted at a "
              "lower epoch is never followed: set session-takeover, or "
              "give the sink an epoch-file=.", w->deferred, w->secs),
          ("kind", G_TYPE_STRING, "session-deferred",
              "session-deferred", G_TYPE_UINT64, w->deferred, NULL));
    else if (w->ls.packets != w->was->packets)
      GST_ELEMENT_WARNING_WITH_DETAILS (self, STREAM, DECODE,
          ("Link-id %u: another run's sessions are heard while the one "
              "followed is live: a second sender with this key, or a "
              "recording played back.", w->link_id),
          ("%" G_GUINT64_FORMAT " session packets of another run in the "
              "last %u s were not adopted; the current session keeps the "
              "link until it falls silent for %u ms.", w->deferred, w->secs,
              w->takeover),
          ("kind", G_TYPE_STRING, "session-deferred",
              "session-deferred", G_TYPE_UINT64, w->deferred, NULL));
  }
  /* A sender that has just started echoes the challenge within a second
   * or two of hearing it: only a window after a window of nothing but
   * w->unproven sessions is news. */
  if (w->unproven > 0 && w->ls.packets == w->was->packets)
    self->diag_unproven_windows++;
  else
    self->diag_unproven_windows = 0;
  if (self->diag_unproven_windows >= 2
      && diag_due (self, GST_DEVOURER_SRC_DIAG_SESSION_UNPROVEN, w->now)) {
    GST_ELEMENT_WARNING_WITH_DETAILS (self, STREAM, DECODE,
        ("Link-id %u: the sender's sessions do not answer this side's "
            "challenge, so they are not followed. Does the uplink reach "
            "it?", w->link_id),
        ("%" G_GUINT64_FORMAT " session packets in the last %u s came from "
            "a sender that echoes challenges, none of them the one this "
            "process's devourersink on link-id %u carries. A live sender "
            "answers within a second or two of hearing it; one that never "
            "does either does not hear this side (check the uplink's "
            "channel, radio-port, key and range) or is a recording of an "
            "earlier run played back. freshness=false follows such a "
            "sender with the one-way rules.", w->unproven, w->secs, w->link_id),
        ("kind", G_TYPE_STRING, "session-unproven",
            "session-unproven", G_TYPE_UINT64, w->unproven, NULL));
  }
}

/* Frames of the link that do not authenticate: another key. */
static void
diag_auth (GstDevourerSrc * self, const DiagWindow * w)
{
  /* Data of a session not (yet) adopted fails too: that is not a key
   * problem while the session packets themselves open. */
  if ((w->sess_fail > 0
          || (w->data_fail > 0 && w->deferred == 0 && w->unproven == 0))
      && w->ls.packets == w->was->packets
      && diag_due (self, GST_DEVOURER_SRC_DIAG_AUTH, w->now)) {
    GST_ELEMENT_WARNING_WITH_DETAILS (self, STREAM, DECRYPT_NOKEY,
        ("Frames of link-id %u are heard but do not authenticate: the "
            "sender uses another key.", w->link_id),
        ("In the last %u s %" G_GUINT64_FORMAT " session packets and %"
            G_GUINT64_FORMAT " data frames failed authentication and "
            "nothing was delivered. Give both ends the same password, or "
            "key-file=gs.key from the pair whose drone.key the sender "
            "uses.", w->secs, w->sess_fail, w->data_fail),
        ("kind", G_TYPE_STRING, "auth-failed",
            "session-auth-failed", G_TYPE_UINT64, w->sess_fail,
            "auth-failed", G_TYPE_UINT64, w->data_fail,
            "no-session", G_TYPE_UINT64, w->ls.no_session - w->was->no_session,
            NULL));
  }
}

void
gst_devourer_src_diagnose (GstDevourerSrc * self, guint64 now)
{
  DiagWindow w = { .was = &self->diag_link, .now = now,
    .secs = GST_DEVOURER_SRC_DIAG_WINDOW_MS / 1000u
  };
  guint64 heard = 0;
  guint n = (guint) g_atomic_int_get (&self->n_adapters);

  g_mutex_lock (&self->rx_lock);
  dvr_link_rx_get_stats (self->link, &w.ls);
  for (guint i = 0; i < n; i++)
    heard += self->adapters[i].heard_total.all_frames;
  g_mutex_unlock (&self->rx_lock);

  GST_OBJECT_LOCK (self);
  w.link_id = self->settings.link_id;
  w.port = self->settings.radio_port;
  w.takeover = self->session_takeover;
  GST_OBJECT_UNLOCK (self);

  w.link_frames = w.ls.link_frames - w.was->link_frames;
  w.sess_fail = w.ls.session_auth_failed - w.was->session_auth_failed;
  w.data_fail = w.ls.auth_failed - w.was->auth_failed;
  w.deferred = w.ls.session_deferred - w.was->session_deferred;
  w.older = w.ls.session_older - w.was->session_older;
  w.unproven = w.ls.session_unproven - w.was->session_unproven;

  /* An aggregator without local adapters hears nothing by design. */
  if (n > 0 && heard == self->diag_heard)
    diag_nothing_heard (self, &w);
  diag_other_link_or_port (self, &w);
  diag_sessions (self, &w);
  diag_auth (self, &w);
  diagnose_aggregate (self, now, w.secs);
  self->diag_link = w.ls;
  self->diag_heard = heard;
  self->diag_next_ms = now + GST_DEVOURER_SRC_DIAG_WINDOW_MS;
}

