/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Recorded session packets must not take a live link over: a session of an
 * earlier run (lower epoch) injected into a live stream is deferred, an
 * earlier re-key of this run is refused, both are counted, the current key
 * stays in use, the recording's data delivers nothing, and a genuinely
 * newer run is adopted. Another run takes over only a silent link: a
 * rebooted sender with a lower epoch is heard again within a bounded time,
 * and no recording delivers a packet twice.
 * dvr_link_rx_authentic() answers as dvr_link_rx_push() would judge a
 * frame's authenticity and session, and changes nothing.
 */
#include <sodium.h>

#include <devourer/link.h>

#include "tests/check.h"
#include "tests/link/link_air.h"

#define LINK_ID 0x2a2a2au
#define REKEYS 20

/* Packets carry their number; the sink records the numbers in order. */
struct sink {
	uint32_t id[8192];
	size_t count;
};

static void sink_cb(void *user, const uint8_t *data, size_t len)
{
	struct sink *s = user;
	if (len == 4 && s->count < sizeof(s->id) / sizeof(s->id[0]))
		s->id[s->count++] = (uint32_t)data[0] << 24 |
		                    (uint32_t)data[1] << 16 |
		                    (uint32_t)data[2] << 8 | data[3];
}

static void send_ids(struct dvr_link_tx *tx, uint32_t from, uint32_t to)
{
	for (uint32_t i = from; i < to; i++) {
		uint8_t p[4] = {(uint8_t)(i >> 24), (uint8_t)(i >> 16),
		                (uint8_t)(i >> 8), (uint8_t)i};
		dvr_link_tx_send(tx, p, sizeof(p), 0);
	}
	dvr_link_tx_flush(tx, 0);
}

static bool delivered_in_order(const struct sink *s, uint32_t n)
{
	if (s->count != n)
		return false;
	for (uint32_t i = 0; i < n; i++)
		if (s->id[i] != i)
			return false;
	return true;
}

static struct dvr_link_keys drone_keys, gs_keys;

static struct dvr_link_tx *new_tx(struct link_air *a, uint64_t epoch)
{
	struct dvr_link_tx_config c = {.link_id = LINK_ID, .k = 4, .n = 6,
	                               .epoch = epoch};
	struct dvr_link_tx *tx = NULL;
	return dvr_link_tx_new(&c, &drone_keys, link_air_record, a, &tx) == DVR_OK
	               ? tx : NULL;
}

static uint64_t tx_epoch(const struct dvr_link_tx *tx)
{
	struct dvr_link_tx_stats st;
	dvr_link_tx_get_stats(tx, &st);
	return st.epoch;
}

/* A later run with the default (wall-clock) epoch: start transmitters
 * until the clock has moved past @p above. Each attempt takes microseconds,
 * so a clock that never does is caught by the caller's check instead of
 * waiting forever. */
static struct dvr_link_tx *new_later_run(struct link_air *a, uint64_t above)
{
	for (unsigned tries = 0;; tries++) {
		struct dvr_link_tx *tx = new_tx(a, 0);
		if (!tx || tx_epoch(tx) > above || tries == 100000)
			return tx;
		dvr_link_tx_free(tx);
		link_air_clear(a);
	}
}

static struct dvr_link_rx *new_rx(struct sink *s)
{
	struct dvr_link_rx_config c = {.link_id = LINK_ID};
	struct dvr_link_rx *rx = NULL;
	return dvr_link_rx_new(&c, &gs_keys, sink_cb, s, &rx) == DVR_OK
	               ? rx : NULL;
}

static void push_range(struct dvr_link_rx *rx, const struct link_air *a,
                       size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN, a->f[i],
		                 a->len[i], 0);
}

/*
 * Run 1 is recorded; run 2 (default epoch, so a later clock) is live. Its
 * stream survives run 1's session packet injected mid-stream, run 1's data
 * replayed delivers nothing, and a run 3 is adopted at once.
 */
static void test_earlier_run(void)
{
	struct link_air old = {0}, live = {0};
	struct sink s = {0};
	struct dvr_link_tx *run1 = new_tx(&old, 0);
	if (!CHECK(run1 != NULL, "run 1 transmitter"))
		return;
	send_ids(run1, 1000, 1040);
	const uint64_t epoch1 = tx_epoch(run1);
	CHECK(epoch1 > 0, "default epoch is not 0");
	dvr_link_tx_free(run1);
	CHECK(link_air_is_session(&old, 0), "run 1 starts with its session packet");

	struct dvr_link_tx *run2 = new_later_run(&live, epoch1);
	struct dvr_link_rx *rx = new_rx(&s);
	if (!CHECK(run2 && rx, "run 2 transmitter, receiver"))
		goto out;
	CHECK(tx_epoch(run2) > epoch1, "run 2 announces a higher epoch");
	send_ids(run2, 0, 100);
	size_t half = live.count / 2;
	push_range(rx, &live, 0, half);
	CHECK_EQ_INT(dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN, old.f[0],
	                              old.len[0], 0),
	             DVR_LINK_RX_SESSION_DEFERRED,
	             "run 1 session mid-stream: deferred, run 2 is live");
	push_range(rx, &live, half, live.count);
	CHECK(delivered_in_order(&s, 100), "run 2 stream keeps flowing");

	/* The whole recording of run 1 played back. */
	push_range(rx, &old, 0, old.count);
	struct dvr_link_rx_stats st;
	dvr_link_rx_get_stats(rx, &st);
	CHECK_EQ_INT(s.count, 100, "run 1 replay delivers nothing");
	CHECK_EQ_INT(st.session_changes, 1, "only run 2's session adopted");
	CHECK_EQ_INT(st.session_deferred, 1 + 3,
	             "every run 1 session copy counted session_deferred");
	CHECK_EQ_INT(st.session_takeovers, 0, "no takeover while live");
	size_t mark = live.count;
	send_ids(run2, 100, 120);
	push_range(rx, &live, mark, live.count);
	CHECK_EQ_INT(s.count, 120, "run 2 key still in use after the replay");

	/* A new run with a higher epoch is adopted with its first session. */
	struct link_air next = {0};
	struct dvr_link_tx *run3 = new_later_run(&next, tx_epoch(run2));
	if (CHECK(run3 != NULL, "run 3 transmitter")) {
		send_ids(run3, 120, 130);
		CHECK_EQ_INT(dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN,
		                              next.f[0], next.len[0], 0),
		             DVR_LINK_RX_SESSION_NEW,
		             "run 3's first session packet adopted");
		push_range(rx, &next, 1, next.count);
		CHECK_EQ_INT(s.count, 130, "run 3 delivers");
		dvr_link_tx_free(run3);
	}
	link_air_clear(&next);
out:
	dvr_link_tx_free(run2);
	dvr_link_rx_free(rx);
	link_air_clear(&old);
	link_air_clear(&live);
}

/* Many re-keys in one run: no earlier session of it ever comes back. */
static void test_many_rekeys(void)
{
	struct link_air a = {0};
	struct sink s = {0};
	struct dvr_link_tx *tx = new_tx(&a, 0);
	struct dvr_link_rx *rx = new_rx(&s);
	if (!CHECK(tx && rx, "transmitter, receiver"))
		goto out;
	size_t session_at[REKEYS + 1];
	uint32_t id = 0;
	uint64_t last_epoch = tx_epoch(tx);
	bool rising = true;
	for (unsigned r = 0; r <= REKEYS; r++) {
		/* set_fec announces the new session at once. */
		session_at[r] = a.count;
		if (r > 0) {
			/* Each live FEC change is a re-key. */
			dvr_link_tx_set_fec(tx, 4 + (r & 1), 6 + (r & 1), 0);
			rising = rising && tx_epoch(tx) > last_epoch;
			last_epoch = tx_epoch(tx);
		}
		send_ids(tx, id, id + 10);
		id += 10;
	}
	CHECK(rising, "every re-key announces a higher epoch");
	for (unsigned r = 0; r <= REKEYS; r++)
		if (!link_air_is_session(&a, session_at[r]))
			CHECK(0, "a session packet opens each re-key");
	push_range(rx, &a, 0, a.count);
	CHECK(delivered_in_order(&s, id), "live stream across re-keys");

	unsigned refused = 0;
	for (unsigned r = 0; r < REKEYS; r++)
		refused += dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN,
		                            a.f[session_at[r]],
		                            a.len[session_at[r]], 0) ==
		           DVR_LINK_RX_REPLAYED;
	CHECK_EQ_INT(refused, REKEYS, "all 20 earlier sessions refused");
	size_t mark = a.count;
	send_ids(tx, id, id + 10);
	id += 10;
	push_range(rx, &a, mark, a.count);
	CHECK(delivered_in_order(&s, id), "current key survives the replays");
	struct dvr_link_rx_stats st;
	dvr_link_rx_get_stats(rx, &st);
	CHECK_EQ_INT(st.session_changes, REKEYS + 1, "one change per re-key");
	CHECK_EQ_INT(st.session_replayed, REKEYS, "replays counted");
out:
	dvr_link_tx_free(tx);
	dvr_link_rx_free(rx);
	link_air_clear(&a);
}

/* wfb_tx keeps its -e epoch across re-keys; wfb-ng's RX follows them, so
 * ours does too, and still refuses the keys it has retired. */
static void test_fixed_epoch_rekey(void)
{
	struct link_air a = {0};
	struct sink s = {0};
	struct dvr_link_tx_config c = {.link_id = LINK_ID, .k = 2, .n = 3,
	                               .epoch = 7, .epoch_fixed = true};
	struct dvr_link_tx *tx = NULL;
	dvr_link_tx_new(&c, &drone_keys, link_air_record, &a, &tx);
	struct dvr_link_rx *rx = new_rx(&s);
	if (!CHECK(tx && rx, "transmitter, receiver"))
		goto out;
	send_ids(tx, 0, 10);
	dvr_link_tx_set_fec(tx, 2, 3, 0);
	CHECK_EQ_INT(tx_epoch(tx), 7, "fixed epoch kept across a re-key");
	send_ids(tx, 10, 20);
	push_range(rx, &a, 0, a.count);
	CHECK(delivered_in_order(&s, 20), "equal-epoch re-key followed");
	CHECK_EQ_INT(dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN, a.f[0],
	                              a.len[0], 0),
	             DVR_LINK_RX_REPLAYED, "retired key of this epoch refused");
	CHECK(!dvr_link_rx_authentic(rx, a.f[0], a.len[0]),
	      "and not authentic for a slot either");
out:
	dvr_link_tx_free(tx);
	dvr_link_rx_free(rx);
	link_air_clear(&a);
}

/* What dvr_link_rx_authentic() says of each kind of frame, before and
 * after a session, and that asking changes nothing. */
static void test_authentic(void)
{
	struct link_air old = {0}, live = {0};
	struct sink s = {0};
	struct dvr_link_tx *run1 = new_tx(&old, 0);
	struct dvr_link_tx *run2 = NULL;
	struct dvr_link_rx *rx = new_rx(&s);
	struct dvr_link_rx_stats st;
	if (!CHECK(run1 && rx, "transmitter, receiver"))
		goto out;
	send_ids(run1, 0, 8);
	run2 = new_later_run(&live, tx_epoch(run1));
	if (!CHECK(run2 != NULL, "a later run"))
		goto out;
	send_ids(run2, 0, 40);
	/* The first data frame (the session may be announced more than
	 * once at the start). */
	size_t d = 1;
	while (d < live.count && link_air_is_session(&live, d))
		d++;
	size_t od = 1;
	while (od < old.count && link_air_is_session(&old, od))
		od++;
	CHECK(link_air_is_session(&live, 0) && d < live.count && od < old.count,
	      "each run opens with a session packet, then data");

	CHECK(!dvr_link_rx_authentic(rx, live.f[d], live.len[d]),
	      "data before any session proves nothing");
	CHECK(dvr_link_rx_authentic(rx, live.f[0], live.len[0]),
	      "a session packet sealed for this receiver does");
	CHECK(dvr_link_rx_authentic(rx, old.f[0], old.len[0]),
	      "so does an earlier run's, while no session is known");
	dvr_link_rx_get_stats(rx, &st);
	CHECK(st.session_changes == 0 && s.count == 0,
	      "asking adopted and delivered nothing");

	push_range(rx, &live, 0, 1);
	CHECK(dvr_link_rx_authentic(rx, live.f[d], live.len[d]),
	      "the session's data authenticates");
	CHECK(dvr_link_rx_authentic(rx, old.f[0], old.len[0]),
	      "an earlier run's session could still be adopted, once the "
	      "current one falls silent");
	CHECK(!dvr_link_rx_authentic(rx, old.f[od], old.len[od]),
	      "nor its data");
	CHECK(dvr_link_rx_authentic(rx, live.f[0], live.len[0]),
	      "the current session packet again does");

	uint8_t forged[DVR_LINK_WIFI_MTU];
	size_t flen = live.len[d];
	memcpy(forged, live.f[d], flen);
	forged[flen - 1] ^= 1;
	CHECK(!dvr_link_rx_authentic(rx, forged, flen), "a flipped bit does not");
	memcpy(forged, live.f[0], live.len[0]);
	forged[live.len[0] - 1] ^= 1;
	CHECK(!dvr_link_rx_authentic(rx, forged, live.len[0]),
	      "nor in a session packet");
	CHECK(!dvr_link_rx_authentic(rx, live.f[d], DVR_LINK_IEEE80211_HDR_LEN),
	      "a bare header does not");
	CHECK(!dvr_link_rx_authentic(rx, NULL, 100) &&
	      !dvr_link_rx_authentic(NULL, live.f[d], live.len[d]),
	      "NULL does not");
	memcpy(forged, live.f[d], live.len[d]);
	forged[10] ^= 0x40; /* another link id in the address */
	CHECK(!dvr_link_rx_authentic(rx, forged, live.len[d]),
	      "another link's frame does not");

	/* Asked about everything first, the stream is still delivered
	 * whole: the check has no effect on the receiver. */
	for (size_t i = 1; i < live.count; i++)
		dvr_link_rx_authentic(rx, live.f[i], live.len[i]);
	push_range(rx, &live, 1, live.count);
	CHECK(delivered_in_order(&s, 40), "then delivered, whole and in order");
	dvr_link_rx_get_stats(rx, &st);
	CHECK(st.duplicates == 0 && st.auth_failed == 0,
	      "no frame counted twice, nothing counted as forged");
out:
	dvr_link_tx_free(run1);
	dvr_link_tx_free(run2);
	dvr_link_rx_free(rx);
	link_air_clear(&old);
	link_air_clear(&live);
}

/*
 * Sessions of another run taking over a silent link. A transmitter's
 * frames reach the receiver the moment they are made (tee_cb), at the
 * time the test sets, and are recorded for replaying.
 */
struct radio {
	struct link_air rec;            /* every frame, for playing back */
	struct dvr_link_rx *rx;    /* NULL: recorded only */
	uint64_t now;
};

static int tee_cb(void *user, const uint8_t *frame, size_t len)
{
	struct radio *r = user;
	if (link_air_record(&r->rec, frame, len) != 0)
		return -1;
	if (r->rx)
		dvr_link_rx_push(r->rx, 0, DVR_LINK_RSSI_UNKNOWN, frame, len,
		                 r->now);
	return 0;
}

static struct dvr_link_tx *radio_tx(struct radio *r, uint64_t epoch)
{
	struct dvr_link_tx_config c = {.link_id = LINK_ID, .k = 4, .n = 6,
	                               .epoch = epoch};
	struct dvr_link_tx *tx = NULL;
	return dvr_link_tx_new(&c, &drone_keys, tee_cb, r, &tx) == DVR_OK
	               ? tx : NULL;
}

static struct dvr_link_rx *rx_with_takeover(struct sink *s, uint32_t ms)
{
	struct dvr_link_rx_config c = {.link_id = LINK_ID, .takeover_ms = ms};
	struct dvr_link_rx *rx = NULL;
	return dvr_link_rx_new(&c, &gs_keys, sink_cb, s, &rx) == DVR_OK
	               ? rx : NULL;
}

/* One packet per millisecond from @p t0, each numbered; the link's own
 * clock is the packet's time, so it re-announces its session every
 * second as it would on the air. */
static void send_one(struct radio *r, struct dvr_link_tx *tx, uint32_t i,
                     uint64_t now)
{
	r->now = now;
	uint8_t p[4] = {(uint8_t)(i >> 24), (uint8_t)(i >> 16),
	                (uint8_t)(i >> 8), (uint8_t)i};
	dvr_link_tx_send(tx, p, sizeof(p), now);
}

static void stream(struct radio *r, struct dvr_link_tx *tx, uint32_t from,
                   uint32_t to, uint64_t t0)
{
	for (uint32_t i = from; i < to; i++)
		send_one(r, tx, i, t0 + (i - from));
	dvr_link_tx_flush(tx, r->now);
}

static void play_back(struct dvr_link_rx *rx, const struct link_air *a,
                      uint64_t now)
{
	for (size_t i = 0; i < a->count; i++)
		dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN, a->f[i],
		                 a->len[i], now);
}

/* Packets [from, to) each delivered once, in order, from index @p at. */
static bool tail_delivered(const struct sink *s, size_t at, uint32_t from,
                           uint32_t to)
{
	if (s->count - at != to - from)
		return false;
	for (size_t i = at; i < s->count; i++)
		if (s->id[i] != from + (uint32_t)(i - at))
			return false;
	return true;
}

static bool delivered_once(const struct sink *s)
{
	for (size_t i = 0; i < s->count; i++)
		for (size_t j = i + 1; j < s->count; j++)
			if (s->id[i] == s->id[j])
				return false;
	return true;
}

/* The first packet delivered with an id of at least @p base, or -1. */
static long first_of(const struct sink *s, uint32_t base)
{
	for (size_t i = 0; i < s->count; i++)
		if (s->id[i] >= base)
			return (long)i;
	return -1;
}

#define EPOCH_2025 UINT64_C(1764700000000000)
#define EPOCH_NO_CLOCK UINT64_C(1000000000000)

/*
 * A drone without a real-time clock reboots: its new run announces an
 * epoch far below the one the ground follows. After a real reboot (the
 * old run silent for longer than the takeover time) the new session is
 * adopted with its first packet; after a restart quicker than that, with
 * its first announcement once the old run has been silent for the
 * takeover time, so within takeover + the session interval.
 */
static void test_reboot_lower_epoch(uint64_t gap_ms)
{
	struct sink s = {0};
	struct radio r = {0};
	r.rx = rx_with_takeover(&s, 0);
	struct dvr_link_tx *before = radio_tx(&r, EPOCH_2025);
	if (!CHECK(r.rx && before, "receiver, first run"))
		goto out;
	stream(&r, before, 0, 1000, 0);
	const uint64_t last_heard = r.now;
	dvr_link_tx_free(before);
	CHECK(tail_delivered(&s, 0, 0, 1000), "first run delivered");

	struct dvr_link_tx *after = radio_tx(&r, EPOCH_NO_CLOCK);
	if (!CHECK(after != NULL, "rebooted run"))
		goto out;
	const uint64_t t0 = last_heard + gap_ms;
	stream(&r, after, 100000, 103000, t0);
	dvr_link_tx_free(after);
	struct dvr_link_rx_stats st;
	dvr_link_rx_get_stats(r.rx, &st);
	const long at = first_of(&s, 100000);
	CHECK(at >= 0 && st.session_takeovers == 1 && st.session_older == 1,
	      "the rebooted run's lower epoch is adopted (session_older)");
	if (at < 0)
		goto out;
	const uint32_t first = s.id[at];
	const uint64_t adopted_at = t0 + (first - 100000);
	const uint64_t quiet = last_heard + 1000;
	if (!CHECK(adopted_at <= (t0 > quiet ? t0 : quiet) + 1000,
	           "at its start, or within takeover (1 s) + session "
	           "interval (1 s) of the old run's last packet"))
		printf("#   gap %llu ms: first packet %u (at %llu ms)\n",
		       (unsigned long long)gap_ms, first,
		       (unsigned long long)adopted_at);
	CHECK(tail_delivered(&s, (size_t)at, first, 103000),
	      "everything from then on delivered once, in order");
	if (gap_ms >= 1000)
		CHECK_EQ_INT(first, 100000, "after a real reboot: at once");
	else
		CHECK(st.session_deferred > 0,
		      "a quicker restart waits, counted session_deferred");
out:
	dvr_link_rx_free(r.rx);
	link_air_clear(&r.rec);
}

/*
 * One recorded session packet of a higher-epoch run reaches a fresh
 * ground first. The ground adopts it (nothing tells it from a live one),
 * but it brings no fragment, so the real sender's lower epoch takes over
 * once the takeover time has passed.
 */
static void test_recorded_session_first(void)
{
	struct sink s = {0};
	struct radio old = {0}, live = {0};
	struct dvr_link_tx *rec = radio_tx(&old, EPOCH_2025);
	live.rx = rx_with_takeover(&s, 0);
	if (!CHECK(rec && live.rx, "recording, receiver"))
		goto out;
	stream(&old, rec, 0, 40, 0);
	dvr_link_tx_free(rec);
	CHECK_EQ_INT(dvr_link_rx_push(live.rx, 0, DVR_LINK_RSSI_UNKNOWN,
	                              old.rec.f[0], old.rec.len[0], 0),
	             DVR_LINK_RX_SESSION_NEW, "fresh ground adopts it");
	struct dvr_link_tx *tx = radio_tx(&live, EPOCH_NO_CLOCK);
	if (!CHECK(tx != NULL, "real sender"))
		goto out;
	stream(&live, tx, 1000, 3000, 10);
	dvr_link_tx_free(tx);
	const long at = first_of(&s, 1000);
	CHECK(at >= 0 && s.id[at] <= 1000 + 1000 + 1000 &&
	      tail_delivered(&s, (size_t)at, s.id[at], 3000),
	      "the real sender is delivered within takeover + interval, "
	      "then in full");
out:
	dvr_link_rx_free(live.rx);
	link_air_clear(&old.rec);
	link_air_clear(&live.rec);
}

/*
 * A recording of a run the ground never followed, played through a live
 * stream frame by frame (one with a far higher epoch, one lower): the
 * live sender is never displaced and nothing recorded is delivered.
 */
static void test_live_not_displaced(void)
{
	const uint64_t live_epoch = EPOCH_2025;
	const uint64_t rec_epoch[2] = {live_epoch + (UINT64_C(1) << 40),
	                               live_epoch - 1000000};
	for (unsigned v = 0; v < 2; v++) {
		struct sink s = {0};
		struct radio old = {0}, live = {0};
		struct dvr_link_tx *rec = radio_tx(&old, rec_epoch[v]);
		struct dvr_link_tx *tx = radio_tx(&live, live_epoch);
		live.rx = rx_with_takeover(&s, 0);
		if (!CHECK(rec && tx && live.rx, "recording, sender, receiver"))
			goto next;
		stream(&old, rec, 5000, 7000, 0);
		/* The live run first (its own start), then every recorded
		 * frame between two of its packets. */
		size_t played = 0;
		for (uint32_t i = 0; i < 2000; i++) {
			send_one(&live, tx, i, 100000 + i);
			if (played < old.rec.count) {
				dvr_link_rx_push(live.rx, 0, DVR_LINK_RSSI_UNKNOWN,
				                 old.rec.f[played],
				                 old.rec.len[played], live.now);
				played++;
			}
		}
		dvr_link_tx_flush(tx, live.now);
		struct dvr_link_rx_stats st;
		dvr_link_rx_get_stats(live.rx, &st);
		if (!CHECK(tail_delivered(&s, 0, 0, 2000) &&
		      st.session_takeovers == 0 && st.session_deferred > 0,
		      v == 0 ? "a far higher epoch: the live sender stays, "
		               "the recording is deferred, none of it delivered"
		             : "a lower epoch: the same"))
			printf("#   delivered %zu takeovers %llu deferred %llu "
			       "changes %llu\n", s.count,
			       (unsigned long long)st.session_takeovers,
			       (unsigned long long)st.session_deferred,
			       (unsigned long long)st.session_changes);
	next:
		dvr_link_tx_free(rec);
		dvr_link_tx_free(tx);
		dvr_link_rx_free(live.rx);
		link_air_clear(&old.rec);
		link_air_clear(&live.rec);
	}
}

/*
 * Never twice: run A (with two re-keys) is followed, falls silent, run B
 * takes over and falls silent; then all of A's recording is played back.
 * A's earlier sessions are spent, its last one may come back but none of
 * its recorded blocks delivers again. Then A, back in range, goes on and
 * is delivered.
 */
static void test_never_twice(void)
{
	struct sink s = {0};
	struct radio a = {0}, b = {0};
	a.rx = b.rx = rx_with_takeover(&s, 0);
	struct dvr_link_tx *ta = radio_tx(&a, 5000);
	struct dvr_link_tx *tb = radio_tx(&b, 100);
	if (!CHECK(a.rx && ta && tb, "receiver, runs A and B"))
		goto out;
	stream(&a, ta, 0, 100, 0);
	dvr_link_tx_set_fec(ta, 4, 6, a.now);
	stream(&a, ta, 100, 200, 100);
	dvr_link_tx_set_fec(ta, 2, 4, a.now);
	stream(&a, ta, 200, 300, 200);
	CHECK(tail_delivered(&s, 0, 0, 300), "run A and its re-keys delivered");

	stream(&b, tb, 1000, 1100, 2000);
	CHECK(tail_delivered(&s, 300, 1000, 1100),
	      "run B (lower epoch) takes over the silent link");

	play_back(a.rx, &a.rec, 5000);
	struct dvr_link_rx_stats st;
	dvr_link_rx_get_stats(a.rx, &st);
	CHECK(s.count == 400 && delivered_once(&s),
	      "A's whole recording after B fell silent: nothing delivered "
	      "again");
	CHECK(st.session_replayed > 0 && st.replayed > 0,
	      "A's earlier sessions refused, its last one's blocks replayed");

	/* A resumes (the same session, new blocks) a moment later. */
	a.rx = NULL;
	stream(&a, ta, 300, 320, 5100);
	a.rx = b.rx;
	const size_t mark = s.count;
	stream(&a, ta, 320, 400, 5200);
	CHECK(s.count > mark && tail_delivered(&s, mark, s.id[mark], 400) &&
	      delivered_once(&s),
	      "A back in range is delivered again, each packet once");
out:
	dvr_link_tx_free(ta);
	dvr_link_tx_free(tb);
	dvr_link_rx_free(b.rx);
	link_air_clear(&a.rec);
	link_air_clear(&b.rec);
}

/* takeover_ms = UINT32_MAX keeps wfb-ng's order: a lower epoch never. */
static void test_strict_order(void)
{
	struct sink s = {0};
	struct radio r = {0};
	r.rx = rx_with_takeover(&s, UINT32_MAX);
	struct dvr_link_tx *hi = radio_tx(&r, EPOCH_2025);
	struct dvr_link_tx *lo = radio_tx(&r, EPOCH_NO_CLOCK);
	if (!CHECK(r.rx && hi && lo, "receiver, runs"))
		goto out;
	stream(&r, hi, 0, 100, 0);
	stream(&r, lo, 100, 200, 60000);
	struct dvr_link_rx_stats st;
	dvr_link_rx_get_stats(r.rx, &st);
	CHECK(s.count == 100 && st.session_takeovers == 0,
	      "strict order: the lower epoch is never adopted");
out:
	dvr_link_tx_free(hi);
	dvr_link_tx_free(lo);
	dvr_link_rx_free(r.rx);
	link_air_clear(&r.rec);
}

int main(void)
{
	if (sodium_init() < 0)
		return 1;
	dvr_link_keygen_random(&drone_keys, &gs_keys);
	test_earlier_run();
	test_many_rekeys();
	test_fixed_epoch_rekey();
	test_authentic();
	test_reboot_lower_epoch(5000);
	test_reboot_lower_epoch(100);
	test_recorded_session_first();
	test_live_not_displaced();
	test_never_twice();
	test_strict_order();
	return check_done();
}
