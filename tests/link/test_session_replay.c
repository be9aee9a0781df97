/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Recorded session packets must not take the link over: a session of an
 * earlier run (lower epoch) or an earlier re-key of this run injected into
 * a live stream is refused and counted, the current key stays in use, the
 * recording's data delivers nothing, and a genuinely newer run is adopted.
 * dvr_link_rx_authentic() answers as dvr_link_rx_push() would judge a
 * frame's authenticity and session, and changes nothing.
 */
#include <sodium.h>

#include <devourer/link.h>

#include "tests/check.h"

#define LINK_ID 0x2a2a2au
#define MAX_FRAMES 4096
#define REKEYS 20

struct air {
	uint8_t *f[MAX_FRAMES];
	size_t len[MAX_FRAMES];
	size_t count;
};

static int air_cb(void *user, const uint8_t *frame, size_t len)
{
	struct air *a = user;
	if (a->count >= MAX_FRAMES)
		return -1;
	a->f[a->count] = malloc(len);
	if (!a->f[a->count])
		return -1;
	memcpy(a->f[a->count], frame, len);
	a->len[a->count++] = len;
	return 0;
}

static void air_clear(struct air *a)
{
	for (size_t i = 0; i < a->count; i++)
		free(a->f[i]);
	a->count = 0;
}

static bool is_session(const struct air *a, size_t i)
{
	return a->len[i] > DVR_LINK_IEEE80211_HDR_LEN &&
	       a->f[i][DVR_LINK_IEEE80211_HDR_LEN] == DVR_LINK_PACKET_SESSION;
}

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

static struct dvr_link_tx *new_tx(struct air *a, uint64_t epoch)
{
	struct dvr_link_tx_config c = {.link_id = LINK_ID, .k = 4, .n = 6,
	                               .epoch = epoch};
	struct dvr_link_tx *tx = NULL;
	return dvr_link_tx_new(&c, &drone_keys, air_cb, a, &tx) == DVR_OK
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
static struct dvr_link_tx *new_later_run(struct air *a, uint64_t above)
{
	for (unsigned tries = 0;; tries++) {
		struct dvr_link_tx *tx = new_tx(a, 0);
		if (!tx || tx_epoch(tx) > above || tries == 100000)
			return tx;
		dvr_link_tx_free(tx);
		air_clear(a);
	}
}

static struct dvr_link_rx *new_rx(struct sink *s)
{
	struct dvr_link_rx_config c = {.link_id = LINK_ID};
	struct dvr_link_rx *rx = NULL;
	return dvr_link_rx_new(&c, &gs_keys, sink_cb, s, &rx) == DVR_OK
	               ? rx : NULL;
}

static void push_range(struct dvr_link_rx *rx, const struct air *a,
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
	struct air old = {0}, live = {0};
	struct sink s = {0};
	struct dvr_link_tx *run1 = new_tx(&old, 0);
	if (!CHECK(run1 != NULL, "run 1 transmitter"))
		return;
	send_ids(run1, 1000, 1040);
	const uint64_t epoch1 = tx_epoch(run1);
	CHECK(epoch1 > 0, "default epoch is not 0");
	dvr_link_tx_free(run1);
	CHECK(is_session(&old, 0), "run 1 starts with its session packet");

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
	             DVR_LINK_RX_REPLAYED, "run 1 session mid-stream: replayed");
	push_range(rx, &live, half, live.count);
	CHECK(delivered_in_order(&s, 100), "run 2 stream keeps flowing");

	/* The whole recording of run 1 played back. */
	push_range(rx, &old, 0, old.count);
	struct dvr_link_rx_stats st;
	dvr_link_rx_get_stats(rx, &st);
	CHECK_EQ_INT(s.count, 100, "run 1 replay delivers nothing");
	CHECK_EQ_INT(st.session_changes, 1, "only run 2's session adopted");
	CHECK_EQ_INT(st.session_replayed, 1 + 3,
	             "every run 1 session copy counted session_replayed");
	size_t mark = live.count;
	send_ids(run2, 100, 120);
	push_range(rx, &live, mark, live.count);
	CHECK_EQ_INT(s.count, 120, "run 2 key still in use after the replay");

	/* A new run with a higher epoch is adopted with its first session. */
	struct air next = {0};
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
	air_clear(&next);
out:
	dvr_link_tx_free(run2);
	dvr_link_rx_free(rx);
	air_clear(&old);
	air_clear(&live);
}

/* Many re-keys in one run: no earlier session of it ever comes back. */
static void test_many_rekeys(void)
{
	struct air a = {0};
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
		if (!is_session(&a, session_at[r]))
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
	air_clear(&a);
}

/* wfb_tx keeps its -e epoch across re-keys; wfb-ng's RX follows them, so
 * ours does too, and still refuses the keys it has retired. */
static void test_fixed_epoch_rekey(void)
{
	struct air a = {0};
	struct sink s = {0};
	struct dvr_link_tx_config c = {.link_id = LINK_ID, .k = 2, .n = 3,
	                               .epoch = 7, .epoch_fixed = true};
	struct dvr_link_tx *tx = NULL;
	dvr_link_tx_new(&c, &drone_keys, air_cb, &a, &tx);
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
	air_clear(&a);
}

/* What dvr_link_rx_authentic() says of each kind of frame, before and
 * after a session, and that asking changes nothing. */
static void test_authentic(void)
{
	struct air old = {0}, live = {0};
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
	while (d < live.count && is_session(&live, d))
		d++;
	size_t od = 1;
	while (od < old.count && is_session(&old, od))
		od++;
	CHECK(is_session(&live, 0) && d < live.count && od < old.count,
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
	CHECK(!dvr_link_rx_authentic(rx, old.f[0], old.len[0]),
	      "an earlier run's session does not once a later one is in use");
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
	air_clear(&old);
	air_clear(&live);
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
	return check_done();
}
