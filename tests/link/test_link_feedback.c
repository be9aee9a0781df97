/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The feedback record (link.h, "Link feedback"): its bytes as the layout
 * says, a round trip, and every kind of record that is not one refused.
 * And what a ground measures for it that the link's counters do not
 * carry: the most fragments one block missed (dvr_link_rx_take_worst_block).
 */
#include <string.h>

#include <devourer/link.h>

#include "tests/check.h"

static struct dvr_link_feedback sample(void)
{
	struct dvr_link_feedback fb;
	memset(&fb, 0, sizeof fb);
	fb.seq = 0x1234;
	fb.span_ms = 200;
	fb.flags = DVR_LINK_FEEDBACK_KEYFRAME;
	fb.n_chains = 2;
	fb.rssi_dbm[0] = -61;
	fb.rssi_dbm[1] = -64;
	fb.snr_db[0] = 31;
	fb.snr_db[1] = 28;
	fb.packets = 0x01020304;
	fb.lost = 3;
	fb.recovered = 17;
	fb.frames = 700;
	fb.has_rate = true;
	fb.rate.kind = DVR_RATE_HT;
	fb.rate.mcs = 5;
	fb.bw_mhz = 20;
	fb.fec_k = 8;
	fb.fec_n = 12;
	fb.worst_block_missing = 4;
	return fb;
}

static void test_layout(void)
{
	struct dvr_link_feedback fb = sample();
	fb.rssi_dbm[3] = -50;  /* beyond n_chains: not on the air */
	uint8_t b[64];
	memset(b, 0xAA, sizeof b);
	CHECK_EQ_INT(dvr_link_feedback_write(&fb, b, sizeof b),
	             DVR_LINK_FEEDBACK_LEN, "written: 40 bytes");
	static const uint8_t want[DVR_LINK_FEEDBACK_LEN] = {
		'D', 'F', 1, 0x01, 0x12, 0x34, 0x00, 200,
		0x01, 0x02, 0x03, 0x04, 0, 0, 0, 3,
		0, 0, 0, 17, 0, 0, 0x02, 0xBC,
		2, (uint8_t)-61, (uint8_t)-64, 0, 0, 31, 28, 0,
		0, 2, 5, 0, 20, 8, 12, 4,
	};
	CHECK_MEM(b, want, sizeof want, "every field where the layout says");
	CHECK_EQ_INT(b[DVR_LINK_FEEDBACK_LEN], 0xAA, "nothing past 40 bytes");
}

static void test_round_trip(void)
{
	struct dvr_link_feedback fb = sample(), back;
	uint8_t b[DVR_LINK_FEEDBACK_LEN + 8] = {0};
	dvr_link_feedback_write(&fb, b, sizeof b);
	CHECK_EQ_INT(dvr_link_feedback_read(b, sizeof b, &back), DVR_OK,
	             "read back (trailing bytes ignored)");
	CHECK(memcmp(&fb, &back, sizeof fb) == 0, "the same record");

	fb.has_rate = true;
	fb.rate = (struct dvr_rate){ .kind = DVR_RATE_LEGACY,
		                     .legacy_500k = 12 };
	dvr_link_feedback_write(&fb, b, sizeof b);
	dvr_link_feedback_read(b, sizeof b, &back);
	CHECK(back.has_rate && back.rate.kind == DVR_RATE_LEGACY &&
	      back.rate.legacy_500k == 12 && back.rate.mcs == 0,
	      "a legacy rate: 6 Mbit/s");
	fb.rate = (struct dvr_rate){ .kind = DVR_RATE_VHT, .mcs = 9,
		                     .nss = 2 };
	fb.bw_mhz = 80;
	dvr_link_feedback_write(&fb, b, sizeof b);
	dvr_link_feedback_read(b, sizeof b, &back);
	CHECK(back.rate.kind == DVR_RATE_VHT && back.rate.mcs == 9 &&
	      back.rate.nss == 2 && back.bw_mhz == 80, "VHT MCS9 x2 at 80");

	memset(&fb, 0, sizeof fb);
	fb.flags = DVR_LINK_FEEDBACK_SILENT;
	dvr_link_feedback_write(&fb, b, sizeof b);
	CHECK_EQ_INT(b[33], 0, "no frame heard: rate kind 0 on the air");
	dvr_link_feedback_read(b, sizeof b, &back);
	CHECK(!back.has_rate && back.flags == DVR_LINK_FEEDBACK_SILENT &&
	      back.n_chains == 0, "a silent span");
}

static void refused(const uint8_t *b, size_t len, const char *what)
{
	struct dvr_link_feedback out;
	memset(&out, 0x5A, sizeof out);
	struct dvr_link_feedback before = out;
	CHECK_EQ_INT(dvr_link_feedback_read(b, len, &out), DVR_E_INVALID,
	             what);
	CHECK(memcmp(&out, &before, sizeof out) == 0,
	      "a refused record leaves the output alone");
}

static void test_refused(void)
{
	struct dvr_link_feedback fb = sample();
	uint8_t good[DVR_LINK_FEEDBACK_LEN], b[DVR_LINK_FEEDBACK_LEN];
	dvr_link_feedback_write(&fb, good, sizeof good);

	refused(good, DVR_LINK_FEEDBACK_LEN - 1, "one byte short");
	refused(good, 0, "empty");
	memcpy(b, good, sizeof b);
	b[1] = 'G';
	refused(b, sizeof b, "another magic");
	memcpy(b, good, sizeof b);
	b[2] = 2;
	refused(b, sizeof b, "a later version");
	memcpy(b, good, sizeof b);
	b[24] = 5;
	refused(b, sizeof b, "five chains");
	memcpy(b, good, sizeof b);
	b[33] = 4;
	refused(b, sizeof b, "an unknown rate kind");
	memcpy(b, good, sizeof b);
	b[37] = 13;
	refused(b, sizeof b, "k above n");
	memcpy(b, good, sizeof b);
	b[3] = 0xFC;
	struct dvr_link_feedback out;
	CHECK_EQ_INT(dvr_link_feedback_read(b, sizeof b, &out), DVR_OK,
	             "unknown flags are no reason to refuse");
	CHECK_EQ_INT(dvr_link_feedback_read(NULL, 40, &out), DVR_E_INVALID,
	             "NULL buffer");

	fb.n_chains = DVR_MAX_RF_PATHS + 1;
	CHECK_EQ_INT(dvr_link_feedback_write(&fb, b, sizeof b), 0,
	             "more chains than a chip has: not written");
	fb = sample();
	CHECK_EQ_INT(dvr_link_feedback_write(&fb, b, sizeof b - 1), 0,
	             "no room: not written");
}

/* Frames a link sender made, kept to be heard or not. */
struct frames {
	uint8_t buf[32][256];
	size_t len[32];
	unsigned n;
};

static int keep_frame(void *user, const uint8_t *f, size_t len)
{
	struct frames *fr = user;
	if (fr->n < 32 && len <= sizeof fr->buf[0]) {
		memcpy(fr->buf[fr->n], f, len);
		fr->len[fr->n++] = len;
	}
	return 0;
}

static void count_packet(void *user, const uint8_t *data, size_t len)
{
	(void)data;
	(void)len;
	(*(unsigned *)user)++;
}

static void test_worst_block(void)
{
	struct dvr_link_keys drone, ground;
	if (!CHECK(dvr_link_keygen_random(&drone, &ground) == DVR_OK, "keys"))
		return;
	struct dvr_link_tx_config tc = { .link_id = 1, .k = 4, .n = 7 };
	struct dvr_link_rx_config rc = { .link_id = 1 };
	struct frames fr = { .n = 0 };
	unsigned delivered = 0;
	struct dvr_link_tx *tx = NULL;
	struct dvr_link_rx *rx = NULL;
	CHECK_EQ_INT(dvr_link_tx_new(&tc, &drone, keep_frame, &fr, &tx), DVR_OK,
	             "a sender, 4 of 7");
	CHECK_EQ_INT(dvr_link_rx_new(&rc, &ground, count_packet, &delivered,
	                             &rx), DVR_OK, "a receiver");
	if (!tx || !rx)
		goto out;
	uint8_t pkt[40] = {1};
	/* two blocks: session, then 7 fragments each */
	for (unsigned i = 0; i < 8; i++)
		dvr_link_tx_send(tx, pkt, sizeof pkt, 0);
	unsigned first_data = fr.n - 14;
	/* block 0 misses data fragments 1 and 3, block 1 misses fragment 0 */
	for (unsigned i = 0; i < fr.n; i++) {
		unsigned d = i - first_data;
		if (i >= first_data && (d == 1 || d == 3 || d == 7))
			continue;
		dvr_link_rx_push(rx, 0, -50, fr.buf[i], fr.len[i], 0);
	}
	CHECK_EQ_INT(delivered, 8, "FEC rebuilt all eight packets");
	CHECK_EQ_INT(dvr_link_rx_take_worst_block(rx), 2,
	             "the worst block missed two fragments");
	CHECK_EQ_INT(dvr_link_rx_take_worst_block(rx), 0,
	             "taking it starts the count again");
	CHECK_EQ_INT(dvr_link_rx_take_worst_block(NULL), 0, "NULL: 0");
out:
	dvr_link_tx_free(tx);
	dvr_link_rx_free(rx);
}

int main(void)
{
	test_layout();
	test_round_trip();
	test_refused();
	test_worst_block();
	return check_done();
}
