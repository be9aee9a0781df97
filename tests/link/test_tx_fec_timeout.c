/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The TX FEC timeout bounds how long the application leaves a block
 * open, not how long the sender spends blocked handing its own frames to
 * a slow radio: with a frame callback that costs milliseconds (a full TX
 * queue at a low rate) and an application that fills a block within the
 * timeout, blocks close only when full (frames = packets x n/k, no
 * timeout, no filler), also while a timer thread polls with a clock read
 * before it waited for the link, and also after a real pause (one
 * timeout, then full blocks again: no cascade). A real timeout sends
 * exactly its fillers and parity.
 *
 * Time is a counter the test advances: the callback adds its cost, the
 * "application" adds its gap. Nothing sleeps.
 */
#include <sodium.h>

#include <devourer/link.h>

#include "tests/check.h"

#define TIMEOUT_MS 20   /* devourersink's default fec-timeout */

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
 * The application sends @p packets, @p gap_ms apart once a send returns.
 * Before each send a timer thread gets the link first (it may close a
 * block, which takes the radio's time), so the application's clock is
 * stale by then; after it, a timer polls with a clock read before the
 * send.
 */
static void feed(struct dvr_link_tx *tx, struct radio *r, uint32_t packets,
                 unsigned gap_ms)
{
	uint8_t pkt[1400];
	for (uint32_t i = 0; i < packets; i++) {
		memset(pkt, (int)(i & 0xff), sizeof(pkt));
		const uint64_t app_now = r->now_ms;
		dvr_link_tx_poll(tx, r->now_ms);
		dvr_link_tx_send(tx, pkt, sizeof(pkt), app_now);
		dvr_link_tx_poll(tx, app_now);
		r->now_ms += gap_ms;
	}
}

static void test_slow_radio(unsigned k, unsigned n, uint32_t packets,
                            unsigned cost_ms, unsigned gap_ms)
{
	char what[160];
	struct radio r = { .now_ms = 1000, .cost_ms = cost_ms };
	struct dvr_link_tx *tx = make_tx(&r, k, n, true);
	if (!CHECK(tx != NULL, "transmitter made"))
		return;
	feed(tx, &r, packets, gap_ms);
	struct dvr_link_tx_stats st;
	dvr_link_tx_get_stats(tx, &st);
	snprintf(what, sizeof(what),
	         "%u/%u, %u ms per frame, input every %u ms: %u packets give "
	         "packets x n/k data frames", k, n, cost_ms, gap_ms, packets);
	CHECK_EQ_INT(st.data_frames, (uint64_t)packets * n / k, what);
	CHECK_EQ_INT(r.data_frames, st.data_frames,
	             "... every one handed to the radio");
	snprintf(what, sizeof(what),
	         "%u/%u: no block timed out while the application filled it "
	         "in time", k, n);
	CHECK_EQ_INT(st.timeouts, 0, what);
	CHECK_EQ_INT(st.filler_frames, 0, "... and no filler was sent");
	CHECK_EQ_INT(st.blocks, packets / k, "every block closed full");
	dvr_link_tx_free(tx);
}

/* The application pauses once: that block times out, the ones after it
 * fill up again (the timeout's own fillers and parity, sent while the
 * application waited, do not age the next block). */
static void test_one_pause(void)
{
	const unsigned k = 16, n = 32, held = 5;
	struct radio r = { .now_ms = 3000, .cost_ms = 3 };
	struct dvr_link_tx *tx = make_tx(&r, k, n, true);
	if (!CHECK(tx != NULL, "transmitter made"))
		return;
	feed(tx, &r, held, 1);
	r.now_ms += TIMEOUT_MS;           /* the pause */
	feed(tx, &r, 20 * k, 1);
	dvr_link_tx_flush(tx, r.now_ms);
	struct dvr_link_tx_stats st;
	dvr_link_tx_get_stats(tx, &st);
	CHECK_EQ_INT(st.timeouts, 1, "one pause: one timeout");
	CHECK_EQ_INT(st.filler_frames, k - held, "... its fillers only");
	CHECK_EQ_INT(st.blocks, 1 + 20, "then full blocks again");
	CHECK_EQ_INT(st.data_frames, (uint64_t)(1 + 20) * n,
	             "frames: the blocks' n each, nothing more");
	dvr_link_tx_free(tx);
}

/* The input stops with a block partly full: one timeout at the
 * application's TIMEOUT_MS, sending exactly the fillers and parity. */
static void test_real_timeout(void)
{
	const unsigned k = 16, n = 32, held = 5;
	struct radio r = { .now_ms = 5000, .cost_ms = 3 };
	struct dvr_link_tx *tx = make_tx(&r, k, n, true);
	if (!CHECK(tx != NULL, "transmitter made"))
		return;
	feed(tx, &r, k + held, 1);
	struct dvr_link_tx_stats st;
	dvr_link_tx_get_stats(tx, &st);
	const uint64_t frames = st.data_frames;
	/* The block has aged by the application's gaps only: one per
	 * packet since its first packet's frame went out. */
	const uint64_t deadline = r.now_ms - held + TIMEOUT_MS;
	CHECK_EQ_INT(dvr_link_tx_next_deadline(tx), deadline,
	             "deadline: opening + timeout, the radio's time not counted");
	dvr_link_tx_poll(tx, deadline - 1);
	dvr_link_tx_get_stats(tx, &st);
	CHECK(st.timeouts == 0 && st.data_frames == frames,
	      "a millisecond before the deadline: block stays open");
	r.cost_ms = 0;
	dvr_link_tx_poll(tx, deadline);
	dvr_link_tx_get_stats(tx, &st);
	CHECK_EQ_INT(st.timeouts, 1, "at the deadline: one timeout");
	CHECK_EQ_INT(st.data_frames - frames, (k - held) + (n - k),
	             "... sending exactly the fillers and the parity");
	CHECK_EQ_INT(st.filler_frames, k - held, "... fillers counted");
	dvr_link_tx_poll(tx, deadline + 10 * TIMEOUT_MS);
	dvr_link_tx_get_stats(tx, &st);
	CHECK_EQ_INT(st.timeouts, 1, "no block open: later polls send nothing");
	dvr_link_tx_free(tx);
}

/* Without a clock the link knows only the now_ms of each call: a timer
 * poll whose clock is behind the block's opening still closes nothing. */
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
	dvr_link_tx_poll(tx, 7000 + TIMEOUT_MS - 1);
	dvr_link_tx_get_stats(tx, &st);
	CHECK_EQ_INT(st.timeouts, 0, "before the timeout: open");
	dvr_link_tx_poll(tx, 7000 + TIMEOUT_MS);
	dvr_link_tx_get_stats(tx, &st);
	CHECK(st.timeouts == 1 && st.filler_frames == 6,
	      "timeout after the first packet: closed with 6 fillers");
	dvr_link_tx_free(tx);
}

int main(void)
{
	if (sodium_init() < 0)
		return 1;
	dvr_link_keygen_random(&drone_keys, &gs_keys);
	/* MCS1-like: a frame takes milliseconds, a parity burst far longer
	 * than the timeout; the application fills each block in time. */
	test_slow_radio(16, 32, 2000, 3, 1);
	test_slow_radio(128, 255, 256, 2, 0);   /* as fast as the radio */
	test_slow_radio(8, 12, 400, TIMEOUT_MS + 5, 2);
	test_one_pause();
	test_real_timeout();
	test_stale_poll_without_clock();
	return check_done();
}
