/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The TX FEC timeout is a gap in the application's input, not time the
 * sender spends blocked handing its own frames to a slow radio: with a
 * frame callback that costs milliseconds (a full TX queue at a low rate)
 * and an application that keeps feeding faster than the timeout, blocks
 * close only when full (frames = packets x n/k, no timeout, no filler),
 * also while a timer thread polls with a clock read before it waited for
 * the link. When the input really stops, one timeout closes the block
 * with exactly its fillers and parity.
 *
 * Time is a counter the test advances: the callback adds its cost, the
 * "application" adds its gap. Nothing sleeps.
 */
#include <sodium.h>

#include <devourer/link.h>

#include "tests/check.h"

#define TIMEOUT_MS 10
#define APP_GAP_MS 1       /* the application is faster than the timeout */

struct radio {
	uint64_t now_ms;       /* the test's clock */
	unsigned cost_ms;      /* what handing over one frame takes */
	uint64_t frames, data_frames;
};

static uint64_t radio_clock(void *user)
{
	return ((struct radio *)user)->now_ms;
}

static int slow_frame(void *user, const uint8_t *frame, size_t len)
{
	struct radio *r = user;
	r->frames++;
	if (len > DVR_LINK_IEEE80211_HDR_LEN &&
	    frame[DVR_LINK_IEEE80211_HDR_LEN] == DVR_LINK_PACKET_DATA)
		r->data_frames++;
	r->now_ms += r->cost_ms;
	return 0;
}

static struct dvr_link_keys drone_keys, gs_keys;

static struct dvr_link_tx *make_tx(struct radio *r, unsigned k, unsigned n,
                                   bool with_clock)
{
	struct dvr_link_tx_config c = { .link_id = 0x515151, .k = (uint8_t)k,
		.n = (uint8_t)n, .fec_timeout_ms = TIMEOUT_MS,
		.clock_ms = with_clock ? radio_clock : NULL,
		.clock_user = with_clock ? r : NULL };
	struct dvr_link_tx *tx = NULL;
	if (dvr_link_tx_new(&c, &drone_keys, slow_frame, r, &tx) != DVR_OK)
		return NULL;
	return tx;
}

/*
 * The application sends @p packets as fast as it can (APP_GAP_MS apart
 * once a send returns). Between two sends a timer thread polls twice: once
 * with the clock it read before waiting for the link (the time the send
 * began), once with the current one.
 */
static void feed(struct dvr_link_tx *tx, struct radio *r, uint32_t packets)
{
	uint8_t pkt[1400];
	for (uint32_t i = 0; i < packets; i++) {
		memset(pkt, (int)(i & 0xff), sizeof(pkt));
		const uint64_t before = r->now_ms;
		dvr_link_tx_send(tx, pkt, sizeof(pkt), before);
		dvr_link_tx_poll(tx, before);
		dvr_link_tx_poll(tx, r->now_ms);
		r->now_ms += APP_GAP_MS;
		dvr_link_tx_poll(tx, r->now_ms);
	}
}

static void test_slow_radio(unsigned k, unsigned n, uint32_t packets,
                            unsigned cost_ms)
{
	char what[160];
	struct radio r = { .now_ms = 1000, .cost_ms = cost_ms };
	struct dvr_link_tx *tx = make_tx(&r, k, n, true);
	if (!CHECK(tx != NULL, "transmitter made"))
		return;
	feed(tx, &r, packets);
	struct dvr_link_tx_stats st;
	dvr_link_tx_get_stats(tx, &st);
	snprintf(what, sizeof(what),
	         "%u/%u, %u ms per frame: %u packets give packets x n/k "
	         "data frames", k, n, cost_ms, packets);
	CHECK_EQ_INT(st.data_frames, (uint64_t)packets * n / k, what);
	CHECK_EQ_INT(r.data_frames, st.data_frames,
	             "... every one handed to the radio");
	snprintf(what, sizeof(what),
	         "%u/%u: no block timed out while the input kept coming", k, n);
	CHECK_EQ_INT(st.timeouts, 0, what);
	CHECK_EQ_INT(st.filler_frames, 0, "... and no filler was sent");
	CHECK_EQ_INT(st.blocks, packets / k, "every block closed full");
	dvr_link_tx_free(tx);
}

/* The input stops with a block half full: one timeout, the frames it
 * must send and no more, counted from when the last send returned. */
static void test_real_timeout(void)
{
	const unsigned k = 16, n = 32, held = 5;
	struct radio r = { .now_ms = 5000, .cost_ms = 3 };
	struct dvr_link_tx *tx = make_tx(&r, k, n, true);
	if (!CHECK(tx != NULL, "transmitter made"))
		return;
	feed(tx, &r, k + held);
	struct dvr_link_tx_stats st;
	dvr_link_tx_get_stats(tx, &st);
	const uint64_t frames = st.data_frames;
	/* The last send returned APP_GAP_MS before now. */
	const uint64_t last_input = r.now_ms - APP_GAP_MS;
	CHECK_EQ_INT(dvr_link_tx_next_deadline(tx), last_input + TIMEOUT_MS,
	             "deadline: last input (after its frame went out) + timeout");
	dvr_link_tx_poll(tx, last_input + TIMEOUT_MS - 1);
	dvr_link_tx_get_stats(tx, &st);
	CHECK(st.timeouts == 0 && st.data_frames == frames,
	      "a millisecond before the deadline: block stays open");
	r.cost_ms = 0;
	dvr_link_tx_poll(tx, last_input + TIMEOUT_MS);
	dvr_link_tx_get_stats(tx, &st);
	CHECK_EQ_INT(st.timeouts, 1, "at the deadline: one timeout");
	CHECK_EQ_INT(st.data_frames - frames, (k - held) + (n - k),
	             "... sending exactly the fillers and the parity");
	CHECK_EQ_INT(st.filler_frames, k - held, "... fillers counted");
	dvr_link_tx_poll(tx, last_input + 10 * TIMEOUT_MS);
	dvr_link_tx_get_stats(tx, &st);
	CHECK_EQ_INT(st.timeouts, 1, "no block open: later polls send nothing");
	dvr_link_tx_free(tx);
}

/* Without a clock the link knows only the now_ms of each call: a timer
 * poll whose clock is behind the last send's still closes nothing. */
static void test_stale_poll_without_clock(void)
{
	struct radio r = { .now_ms = 7000, .cost_ms = 0 };
	struct dvr_link_tx *tx = make_tx(&r, 8, 12, false);
	if (!CHECK(tx != NULL, "transmitter made"))
		return;
	uint8_t pkt[100] = { 0 };
	dvr_link_tx_send(tx, pkt, sizeof(pkt), 7000);
	dvr_link_tx_poll(tx, 6999);
	struct dvr_link_tx_stats st;
	dvr_link_tx_get_stats(tx, &st);
	CHECK_EQ_INT(st.timeouts, 0, "poll with an older clock: no timeout");
	dvr_link_tx_send(tx, pkt, sizeof(pkt), 7008);
	dvr_link_tx_poll(tx, 7012);
	dvr_link_tx_get_stats(tx, &st);
	CHECK_EQ_INT(st.timeouts, 0,
	             "12 ms after the first packet, 4 after the last: open");
	dvr_link_tx_poll(tx, 7018);
	dvr_link_tx_get_stats(tx, &st);
	CHECK(st.timeouts == 1 && st.filler_frames == 6,
	      "10 ms after the last packet: closed with 6 fillers");
	dvr_link_tx_free(tx);
}

int main(void)
{
	if (sodium_init() < 0)
		return 1;
	dvr_link_keygen_random(&drone_keys, &gs_keys);
	/* MCS1-like: a frame takes several ms; a parity burst is far longer
	 * than the timeout. */
	test_slow_radio(16, 32, 2000, 3);
	test_slow_radio(128, 255, 256, 2);
	test_slow_radio(8, 12, 400, TIMEOUT_MS + 2);
	test_real_timeout();
	test_stale_poll_without_clock();
	return check_done();
}
