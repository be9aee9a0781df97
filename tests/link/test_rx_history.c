/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The receiver's memory of heard fragments spans its whole reorder window
 * (ring_blocks up to 1024) and more: with ring_blocks = 1000, fragments of
 * a block hundreds of blocks behind the newest arrive late and are
 * delivered, copies of fragments already heard are refused and counted as
 * duplicates wherever they fall in the window, no packet is delivered
 * twice, and fragments older than the memory are still refused as
 * replayed.
 */
#include <sodium.h>

#include <devourer/link.h>

#include "tests/check.h"

#define LINK_ID 0x3b3b3bu
#define K 2
#define N 3
#define RING 1000
#define BLOCKS 600
#define MAX_FRAMES 8192

struct air {
	uint8_t *f[MAX_FRAMES];
	size_t len[MAX_FRAMES];
	size_t count;
	size_t session;                /* a session announcement */
	size_t at[BLOCKS * 3][N];      /* frame of (block, fragment) */
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

/* Index the frames by the block and fragment their nonce names. */
static void air_index(struct air *a)
{
	for (size_t i = 0; i < a->count; i++) {
		const uint8_t *p = a->f[i] + DVR_LINK_IEEE80211_HDR_LEN;
		if (p[0] == DVR_LINK_PACKET_SESSION) {
			a->session = i;
			continue;
		}
		uint64_t blk = 0;
		for (int b = 1; b < 8; b++)
			blk = (blk << 8) | p[b];
		if (blk < BLOCKS * 3 && p[8] < N)
			a->at[blk][p[8]] = i;
	}
}

/* Packets carry their number; the sink checks each comes once, in order. */
struct sink {
	uint32_t next;                 /* number expected next */
	size_t count, out_of_order;
};

static void sink_cb(void *user, const uint8_t *data, size_t len)
{
	struct sink *s = user;
	uint32_t id = len == 4 ? (uint32_t)data[0] << 24 |
	                         (uint32_t)data[1] << 16 |
	                         (uint32_t)data[2] << 8 | data[3]
	                       : UINT32_MAX;
	if (id != s->next)
		s->out_of_order++;
	s->next = id + 1;
	s->count++;
}

static struct dvr_link_keys drone_keys, gs_keys;

static int push(struct dvr_link_rx *rx, const struct air *a, size_t f)
{
	return dvr_link_rx_push(rx, 0, -40, a->f[f], a->len[f], 0);
}

static int push_frag(struct dvr_link_rx *rx, const struct air *a,
                     uint64_t blk, unsigned frag)
{
	return push(rx, a, a->at[blk][frag]);
}

static void send_blocks(struct dvr_link_tx *tx, uint32_t blocks)
{
	for (uint32_t i = 0; i < blocks * K; i++) {
		uint8_t p[4] = {(uint8_t)(i >> 24), (uint8_t)(i >> 16),
		                (uint8_t)(i >> 8), (uint8_t)i};
		dvr_link_tx_send(tx, p, sizeof(p), 0);
	}
}

static struct air air;

int main(void)
{
	if (sodium_init() < 0)
		return 1;
	dvr_link_keygen_random(&drone_keys, &gs_keys);
	struct dvr_link_tx_config tc = { .link_id = LINK_ID, .k = K, .n = N };
	struct dvr_link_tx *tx = NULL;
	if (!CHECK(dvr_link_tx_new(&tc, &drone_keys, air_cb, &air, &tx) ==
	           DVR_OK, "transmitter made"))
		return check_done();
	send_blocks(tx, BLOCKS * 3);
	air_index(&air);

	struct sink s = { 0 };
	struct dvr_link_rx_config rc = { .link_id = LINK_ID,
		.ring_blocks = RING };
	struct dvr_link_rx *rx = NULL;
	CHECK_EQ_INT(dvr_link_rx_new(&rc, &gs_keys, sink_cb, &s, &rx), DVR_OK,
	             "receiver with a 1000-block window");
	push(rx, &air, air.session);

	/* Block 0 loses its second packet for now, every later block its
	 * first: nothing after packet 0 can be delivered yet, and 600
	 * blocks are held, far more than 256. */
	push_frag(rx, &air, 0, 0);
	for (uint64_t b = 1; b < BLOCKS; b++)
		push_frag(rx, &air, b, 1);
	CHECK_EQ_INT(s.count, 1, "held: only packet 0 delivered");

	/* Copies (a second adapter, a replay) of fragments held anywhere in
	 * the window, including blocks 256 and 512 apart from the front. */
	static const uint64_t copies[] = { 1, 256, 257, 512, 513, BLOCKS - 1 };
	int dup_verdicts = 0;
	for (size_t i = 0; i < sizeof(copies) / sizeof(copies[0]); i++)
		dup_verdicts += push_frag(rx, &air, copies[i], 1) ==
		                DVR_LINK_RX_DUPLICATE;
	dup_verdicts += push_frag(rx, &air, 0, 0) == DVR_LINK_RX_DUPLICATE;
	struct dvr_link_rx_stats st;
	dvr_link_rx_get_stats(rx, &st);
	CHECK_EQ_INT(dup_verdicts, 7, "copies in the window: duplicates");
	CHECK_EQ_INT(st.duplicates, 7, "... counted");
	CHECK(st.lost == 0 && st.unrecoverable == 0 && s.count == 1,
	      "... and no block given up because of them");

	/* The missing fragments arrive late, oldest first. */
	int late_ok = push_frag(rx, &air, 0, 1) == DVR_LINK_RX_DATA;
	for (uint64_t b = 1; b < BLOCKS; b++)
		late_ok += push_frag(rx, &air, b, 0) == DVR_LINK_RX_DATA;
	dvr_link_rx_get_stats(rx, &st);
	CHECK_EQ_INT(late_ok, BLOCKS, "late fragments in the window accepted");
	CHECK_EQ_INT(s.count, BLOCKS * K, "every packet delivered");
	CHECK_EQ_INT(s.out_of_order, 0, "... once each, in order");
	CHECK(st.lost == 0 && st.replayed == 0 && st.redundant_fragments == 0,
	      "nothing lost, replayed or late");

	/* Parity of finished blocks, hundreds behind the newest: late. */
	int late = push_frag(rx, &air, 0, 2) == DVR_LINK_RX_LATE;
	late += push_frag(rx, &air, 300, 2) == DVR_LINK_RX_LATE;
	/* A copy of a delivered fragment of a finished block: duplicate. */
	int dup = push_frag(rx, &air, 0, 1) == DVR_LINK_RX_DUPLICATE;
	dup += push_frag(rx, &air, 300, 0) == DVR_LINK_RX_DUPLICATE;
	dvr_link_rx_get_stats(rx, &st);
	CHECK(late == 2 && st.redundant_fragments == 2, "parity of finished blocks: late");
	CHECK(dup == 2 && st.duplicates == 9,
	      "copies of delivered fragments: duplicates");
	CHECK_EQ_INT(s.count, BLOCKS * K, "... nothing delivered again");

	/* The stream runs on past the window and the memory behind it. */
	for (uint64_t b = BLOCKS; b < BLOCKS * 3; b++)
		for (unsigned f = 0; f < K; f++)
			push_frag(rx, &air, b, f);
	CHECK_EQ_INT(s.count, BLOCKS * 3 * K, "the stream goes on");
	uint64_t replayed_before = st.replayed;
	int replayed = push_frag(rx, &air, 1, 2) == DVR_LINK_RX_REPLAYED;
	replayed += push_frag(rx, &air, 2, 0) == DVR_LINK_RX_REPLAYED;
	dvr_link_rx_get_stats(rx, &st);
	CHECK(replayed == 2 && st.replayed == replayed_before + 2,
	      "fragments older than the memory: replayed, counted");
	CHECK(s.count == BLOCKS * 3 * K && s.out_of_order == 0,
	      "no packet ever delivered twice or out of order");
	CHECK_EQ_INT(st.lost, 0, "nothing lost");

	dvr_link_rx_free(rx);
	dvr_link_tx_free(tx);
	air_clear(&air);
	return check_done();
}
