/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The receiver tells losses FEC could not repair (a block that lost more
 * than n-k fragments) from losses it should have repaired (k fragments
 * did arrive, but too late: the block had been given up). The soak
 * (scripts/soak.sh) fails on the second kind, so it must be counted
 * exactly: here with k=4, n=6 blocks.
 */
#include <sodium.h>

#include <devourer/link.h>

#include "tests/check.h"
#include "tests/link/link_air.h"

#define LINK_ID 0x51a51au

static bool is_data(const struct link_air *a, size_t i)
{
	return a->len[i] > DVR_LINK_IEEE80211_HDR_LEN &&
	       a->f[i][DVR_LINK_IEEE80211_HDR_LEN] == DVR_LINK_PACKET_DATA;
}

static size_t delivered;

static void sink_cb(void *user, const uint8_t *data, size_t len)
{
	(void)user;
	(void)data;
	(void)len;
	delivered++;
}

static struct dvr_link_keys drone_keys, gs_keys;

/* Three blocks of four packets; a->f holds them, session packets included. */
static bool record(struct link_air *a)
{
	struct dvr_link_tx_config c = {.link_id = LINK_ID, .k = 4, .n = 6};
	struct dvr_link_tx *tx = NULL;
	if (dvr_link_tx_new(&c, &drone_keys, link_air_record, a, &tx) != DVR_OK)
		return false;
	for (uint8_t i = 0; i < 12; i++) {
		uint8_t p[8] = {i};
		dvr_link_tx_send(tx, p, sizeof(p), 0);
	}
	dvr_link_tx_free(tx);
	return true;
}

/* The data frames of the recording, in order: frag[b * 6 + f]. */
static size_t data_frames(const struct link_air *a, size_t *frag)
{
	size_t m = 0;
	for (size_t i = 0; i < a->count && m < 18; i++)
		if (is_data(a, i))
			frag[m++] = i;
	return m;
}

static struct dvr_link_rx *new_rx(uint32_t timeout_ms)
{
	struct dvr_link_rx_config c = {.link_id = LINK_ID,
	                               .block_timeout_ms = timeout_ms};
	struct dvr_link_rx *rx = NULL;
	return dvr_link_rx_new(&c, &gs_keys, sink_cb, NULL, &rx) == DVR_OK
	               ? rx : NULL;
}

static void push(struct dvr_link_rx *rx, const struct link_air *a, size_t i,
                 uint64_t now)
{
	dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN, a->f[i], a->len[i],
	                 now);
}

static void push_sessions(struct dvr_link_rx *rx, const struct link_air *a)
{
	for (size_t i = 0; i < a->count; i++)
		if (!is_data(a, i))
			push(rx, a, i, 0);
}

int main(void)
{
	if (sodium_init() < 0)
		return 1;
	dvr_link_keygen_random(&drone_keys, &gs_keys);
	struct link_air a = {0};
	size_t frag[18];
	if (!CHECK(record(&a), "12 packets sent as k=4 n=6") ||
	    !CHECK(data_frames(&a, frag) == 18, "3 blocks of 6 fragments"))
		return check_done();

	/* Block 0 loses 2 of 6 (within capacity, repaired), block 1 loses 3
	 * (beyond: 3 of its 4 packets cannot all come back), block 2 none. */
	struct dvr_link_rx *rx = new_rx(0);
	struct dvr_link_rx_stats st;
	delivered = 0;
	push_sessions(rx, &a);
	for (size_t i = 0; i < 18; i++) {
		bool drop = i == 1 || i == 2 || i == 6 || i == 7 || i == 8;
		if (!drop)
			push(rx, &a, frag[i], 0);
	}
	dvr_link_rx_flush(rx);
	dvr_link_rx_get_stats(rx, &st);
	CHECK_EQ_INT(st.fec_recovered, 2, "block 0 repaired by FEC");
	CHECK_EQ_INT(st.lost, 3, "block 1: three packets lost");
	CHECK_EQ_INT(st.lost_within_capacity, 0,
	             "all of that loss was beyond FEC capacity");
	CHECK_EQ_INT(delivered, 9, "9 of 12 delivered");
	dvr_link_rx_free(rx);

	/* Block 0 hears fragments 0 and 2, so packet 2 waits for packet 1;
	 * the block timeout gives the block up (packets 1 and 3 lost), and
	 * then its two parity fragments arrive: 4 of 6 heard after all, so
	 * the loss was within FEC capacity, only late. (A block holding
	 * nothing back is not given up: its late fragments can still land.) */
	rx = new_rx(10);
	delivered = 0;
	push_sessions(rx, &a);
	push(rx, &a, frag[0], 0);
	push(rx, &a, frag[2], 0);
	dvr_link_rx_poll(rx, 100);
	dvr_link_rx_get_stats(rx, &st);
	CHECK(st.lost == 1 && st.lost_unknown == 1,
	      "timeout: block 0 given up, packet 1 lost, slot 3 unknown");
	CHECK_EQ_INT(st.lost_within_capacity, 0,
	             "2 of 6 heard so far: beyond capacity yet");
	push(rx, &a, frag[4], 100);
	dvr_link_rx_get_stats(rx, &st);
	CHECK_EQ_INT(st.lost_within_capacity, 0, "3 of 6: still beyond");
	push(rx, &a, frag[5], 100);
	dvr_link_rx_get_stats(rx, &st);
	CHECK_EQ_INT(st.lost_within_capacity, 2,
	             "a 4th fragment arrives late: the loss was repairable");
	push(rx, &a, frag[5], 100);
	push(rx, &a, frag[4], 100);
	dvr_link_rx_get_stats(rx, &st);
	CHECK_EQ_INT(st.lost_within_capacity, 2, "counted once per block");
	CHECK_EQ_INT(delivered, 2, "2 delivered, nothing twice");
	dvr_link_rx_free(rx);

	for (size_t i = 0; i < a.count; i++)
		free(a.f[i]);
	return check_done();
}
