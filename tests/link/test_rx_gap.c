/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * dvr_link_rx_lost() read from inside the packet callback tells exactly
 * which delivered packet follows a gap: the count rises once, at the first
 * packet after the missing ones, and never while packets arrive unbroken
 * (what devourersrc turns into GStreamer's DISCONT flag).
 */
#include <stdlib.h>
#include <string.h>

#include <devourer/link.h>

#include "tests/check.h"

#define K 4
#define N 5
#define N_PACKETS 12
#define MAX_FRAMES 256

struct frames {
	uint8_t *f[MAX_FRAMES];
	size_t len[MAX_FRAMES];
	size_t count;
};

static int capture(void *user, const uint8_t *frame, size_t len)
{
	struct frames *a = user;

	if (a->count < MAX_FRAMES) {
		a->f[a->count] = malloc(len);
		memcpy(a->f[a->count], frame, len);
		a->len[a->count++] = len;
	}
	return 0;
}

struct seen {
	struct dvr_link_rx *rx;
	unsigned id[N_PACKETS];
	uint64_t lost[N_PACKETS];
	unsigned count;
};

static void on_packet(void *user, const uint8_t *data, size_t len)
{
	struct seen *s = user;

	if (len < 1 || s->count >= N_PACKETS)
		return;
	s->id[s->count] = data[0];
	s->lost[s->count] = dvr_link_rx_lost(s->rx);
	s->count++;
}

/* Data fragment @frag of block @blk? (No prefix: the WFB header follows
 * the 802.11 header; the nonce is the block index << 8 | fragment.) */
static int is_fragment(const uint8_t *f, size_t len, uint64_t blk,
                       unsigned frag)
{
	const uint8_t *p = f + DVR_LINK_IEEE80211_HDR_LEN;
	uint64_t nonce = 0;

	if (len < DVR_LINK_IEEE80211_HDR_LEN + DVR_LINK_BLOCK_HDR_LEN ||
	    p[0] != DVR_LINK_PACKET_DATA)
		return 0;
	for (int i = 1; i <= 8; i++)
		nonce = nonce << 8 | p[i];
	return (nonce >> 8) == blk && (nonce & 0xff) == frag;
}

int main(void)
{
	struct dvr_link_keys drone, gs;
	struct dvr_link_tx_config tc = { .link_id = 0x42, .k = K, .n = N,
	                                 .epoch = 1 };
	struct dvr_link_rx_config rc = { .link_id = 0x42 };
	struct dvr_link_tx *tx = NULL;
	struct frames air = { 0 };
	struct seen seen = { 0 };
	unsigned rises = 0, rise_at = 0;

	CHECK(dvr_link_rx_lost(NULL) == 0, "NULL receiver: nothing lost");
	if (!CHECK(dvr_link_keygen_random(&drone, &gs) == DVR_OK, "keys") ||
	    !CHECK(dvr_link_tx_new(&tc, &drone, capture, &air, &tx) == DVR_OK,
	           "transmitter") ||
	    !CHECK(dvr_link_rx_new(&rc, &gs, on_packet, &seen, &seen.rx) ==
	           DVR_OK, "receiver"))
		return check_done();

	for (uint8_t i = 0; i < N_PACKETS; i++) {
		uint8_t pkt[16];

		memset(pkt, i, sizeof pkt);
		dvr_link_tx_send(tx, pkt, sizeof pkt, 0);
	}
	/* Block 1 (packets 4..7) loses its fragments 1 and 2: two missing,
	 * one parity fragment, so packets 5 and 6 cannot be rebuilt. */
	for (size_t i = 0; i < air.count; i++) {
		if (is_fragment(air.f[i], air.len[i], 1, 1) ||
		    is_fragment(air.f[i], air.len[i], 1, 2))
			continue;
		dvr_link_rx_push(seen.rx, 0, DVR_LINK_RSSI_UNKNOWN, air.f[i],
		                 air.len[i], 0);
	}
	dvr_link_rx_flush(seen.rx);

	CHECK_EQ_INT(seen.count, N_PACKETS - 2, "all but the two lost arrive");
	for (unsigned i = 0; i < seen.count; i++) {
		uint64_t before = i > 0 ? seen.lost[i - 1] : 0;

		if (seen.lost[i] != before) {
			rises++;
			rise_at = seen.id[i];
		}
	}
	CHECK_EQ_INT(rises, 1, "the count rises once, at one gap");
	CHECK_EQ_INT(rise_at, 7, "... at the first packet after the gap");
	CHECK_EQ_INT(seen.lost[seen.count - 1], 2, "by the two packets lost");
	CHECK_EQ_INT(dvr_link_rx_lost(seen.rx), 2, "the same as stats.lost");

	dvr_link_tx_free(tx);
	dvr_link_rx_free(seen.rx);
	for (size_t i = 0; i < air.count; i++)
		free(air.f[i]);
	return check_done();
}
