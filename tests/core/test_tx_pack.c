/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Packing frames into one bulk OUT (libdevourer/src/tx_pack.c) with the
 * real chip data and descriptor ops of the HalMAC chips, checked against
 * the aggregate layout of rtw88 usb.c rtw_usb_tx_agg_skb:
 *  - which chips pack, and how many frames (a chip missing any part of
 *    the chip data or the op packs none);
 *  - every block after the first starts 8-byte aligned, the pad zeroed,
 *    each descriptor as build_tx_desc made it, each frame byte-exact;
 *  - the first descriptor carries the count (dword 7 [31:24]) and a
 *    checksum recomputed over it, by each chip's own rule (8822C: the 48
 *    bytes; 8821C: the first 32), checked by an XOR written here;
 *  - the count limit, the 20480-byte limit (exactly full fits, one byte
 *    more does not) and a refused descriptor leave the transfer as it was;
 *  - a frame alone carries no aggregation field: its bytes are exactly
 *    the descriptor and frame of a transfer of one.
 */
#include <stdlib.h>
#include <string.h>

#include "hal/halmac/halmac.h"
#include "hal/hal.h"
#include "libdevourer/src/tx_pack.h"
#include "tests/check.h"

#define DESC 48u

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* XOR of the little-endian half-words of the first span bytes, the
 * checksum's own (bytes 28-29) left out. */
static uint16_t xor_span(const uint8_t *d, size_t span)
{
	uint16_t x = 0;
	for (size_t i = 0; i < span; i += 2)
		if (i != 28)
			x ^= le16(d + i);
	return x;
}

static struct dvr_chip chip_of(uint16_t pid)
{
	struct dvr_chip c;
	memset(&c, 0, sizeof c);
	c.info = dvr_hal_find_chip(0x0bda, pid);
	c.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };
	return c;
}

static const struct dvr_tx_params ofdm6 = {
	.rate = { .kind = DVR_RATE_LEGACY, .legacy_500k = 12 },
	.bw_mhz = 20, .no_ack = true,
};

/* Long frames need VHT: a legacy PPDU ends at 4095 bytes. */
static const struct dvr_tx_params vht = {
	.rate = { .kind = DVR_RATE_VHT, .mcs = 7, .nss = 1 },
	.bw_mhz = 20, .no_ack = true,
};

static void fill(uint8_t *f, size_t len, uint8_t seed)
{
	for (size_t i = 0; i < len; i++)
		f[i] = (uint8_t)(seed + i * 13);
	f[0] = 0x08;                 /* data */
	f[4] = 0xFF;                 /* broadcast A1 */
}

static int add(const struct dvr_chip *c, struct dvr_tx_pack *p,
               const uint8_t *f, size_t len, const struct dvr_tx_params *tp)
{
	static uint8_t scratch[DVR_TX_HEADROOM];
	struct dvr_tx_desc_req req = { .params = tp, .frame_len = len,
	                               .group_addressed = true };
	return dvr_tx_pack_add(c, dvr_tx_pack_max(c->info), p, &req, f,
	                       scratch);
}

static void test_who_packs(void)
{
	struct dvr_chip c22 = chip_of(0xc812), c21 = chip_of(0xc811),
	                c12 = chip_of(0x8812);
	if (!CHECK(c22.info && c21.info && c12.info, "chips in the registry"))
		exit(check_done());
	CHECK_EQ_INT(dvr_tx_pack_max(c22.info), 3, "RTL8822CU packs 3");
	CHECK_EQ_INT(dvr_tx_pack_max(c21.info), 3, "RTL8821CU packs 3");
	CHECK_EQ_INT(dvr_tx_pack_max(c12.info), 1,
	             "RTL8812AU: one frame per transfer (its tx_agg_max 1)");

	struct dvr_chip_info ci = *c22.info;
	struct dvr_chip_ops ops = *ci.ops;
	ci.ops = &ops;
	ops.tx_agg_head = NULL;
	CHECK_EQ_INT(dvr_tx_pack_max(&ci), 1, "no tx_agg_head op: no packing");
	ops.tx_agg_head = c22.info->ops->tx_agg_head;
	ci.tx_agg_max_bytes = 0;
	CHECK_EQ_INT(dvr_tx_pack_max(&ci), 1, "no byte limit: no packing");
	ci.tx_agg_max_bytes = HALMAC_TX_AGG_MAX_BYTES;
	ci.tx_agg_align = 6;
	CHECK_EQ_INT(dvr_tx_pack_max(&ci), 1, "alignment not a power of two");
	ci.tx_agg_align = 0;
	CHECK_EQ_INT(dvr_tx_pack_max(&ci), 1, "no alignment: no packing");
	CHECK_EQ_INT(dvr_tx_pack_buf_size(c22.info, 3), 20480,
	             "8822C buffer: the aggregate limit");
	CHECK_EQ_INT(dvr_tx_pack_buf_size(c22.info, 1),
	             DVR_TX_HEADROOM + c22.info->max_tx_frame,
	             "8822C buffer without packing: one largest frame");
}

/* Three frames of odd lengths, then a fourth: chip's checksum span. */
static void test_three(uint16_t pid, const char *name, size_t span)
{
	struct dvr_chip c = chip_of(pid);
	static uint8_t buf[20480];
	static uint8_t f[3][300];
	static const size_t len[3] = { 101, 203, 77 };
	char what[128];

	memset(buf, 0xAA, sizeof buf); /* a buffer used before */
	struct dvr_tx_pack p;
	dvr_tx_pack_reset(&p, buf, sizeof buf);
	for (int i = 0; i < 3; i++) {
		fill(f[i], len[i], (uint8_t)(17 * i + 1));
		snprintf(what, sizeof what, "%s: frame %d packed", name, i);
		CHECK_EQ_INT(add(&c, &p, f[i], len[i], &ofdm6), DVR_OK, what);
	}
	/* rtw88 usb.c rtw_usb_tx_agg_skb: each block starts 8-aligned. */
	const size_t at[3] = { 0, 152, 408 }; /* 149 -> 152, 403 -> 408 */
	CHECK_EQ_INT(p.n, 3, "three frames");
	CHECK_EQ_INT(p.used, 408 + DESC + 77, "length: last block unpadded");
	uint8_t fourth[64];
	fill(fourth, sizeof fourth, 99);
	struct dvr_tx_pack before = p;
	CHECK_EQ_INT(add(&c, &p, fourth, sizeof fourth, &ofdm6),
	             DVR_E_OVERFLOW, "a fourth frame goes to the next transfer");
	CHECK(p.used == before.used && p.n == before.n,
	      "the transfer is as it was");

	/* Descriptors as build_tx_desc makes them, before the head. */
	uint8_t want[3][DESC];
	for (int i = 0; i < 3; i++) {
		struct dvr_tx_desc_req req = { .params = &ofdm6,
		                               .frame_len = len[i],
		                               .group_addressed = true };
		c.info->ops->build_tx_desc(&c, want[i], &req);
	}
	uint16_t lone_sum = le16(want[0] + 28);
	size_t total = dvr_tx_pack_close(&c, &p);
	CHECK_EQ_INT(total, p.used, "close returns the length");
	for (int i = 0; i < 3; i++) {
		const uint8_t *d = buf + at[i];
		snprintf(what, sizeof what, "%s: block %d at %zu", name, i,
		         at[i]);
		CHECK_EQ_INT(at[i] % 8, 0, what);
		snprintf(what, sizeof what, "%s: block %d TXPKTSIZE", name, i);
		CHECK_EQ_INT(le16(d), len[i], what);
		snprintf(what, sizeof what, "%s: frame %d byte-exact", name, i);
		CHECK_MEM(d + DESC, f[i], len[i], what);
		if (i > 0) {
			snprintf(what, sizeof what,
			         "%s: descriptor %d as built, no count", name, i);
			CHECK_MEM(d, want[i], DESC, what);
			size_t end = at[i - 1] + DESC + len[i - 1];
			bool zero = true;
			for (size_t k = end; k < at[i]; k++)
				zero = zero && buf[k] == 0;
			snprintf(what, sizeof what, "%s: pad before block %d "
			         "zeroed", name, i);
			CHECK(zero, what);
		}
	}
	CHECK_EQ_INT(buf[31], 3, "first descriptor: DMA_TXAGG_NUM 3");
	CHECK_MEM(buf, want[0], 28, "first descriptor: dwords 0-6 as built");
	CHECK_MEM(buf + 32, want[0] + 32, DESC - 32,
	          "first descriptor: dwords 8-11 as built");
	snprintf(what, sizeof what, "%s: first checksum over %zu bytes with "
	         "the count", name, span);
	CHECK_EQ_HEX(le16(buf + 28), xor_span(buf, span), what);
	CHECK(le16(buf + 28) != lone_sum, "checksum recomputed, not kept");
	for (int i = 1; i < 3; i++) {
		snprintf(what, sizeof what, "%s: block %d checksum valid", name,
		         i);
		CHECK_EQ_HEX(le16(buf + at[i] + 28),
		             xor_span(buf + at[i], span), what);
	}
}

static void test_size_limit(void)
{
	struct dvr_chip c = chip_of(0xc812);
	static uint8_t buf[20480];
	static uint8_t f[11454];
	struct dvr_tx_pack p;

	fill(f, sizeof f, 3);
	dvr_tx_pack_reset(&p, buf, sizeof buf);
	CHECK_EQ_INT(add(&c, &p, f, 8000, &vht), DVR_OK, "8000 B, first");
	CHECK_EQ_INT(add(&c, &p, f, 8000, &vht), DVR_OK, "8000 B, second");
	CHECK_EQ_INT(add(&c, &p, f, 8000, &vht), DVR_E_OVERFLOW,
	             "a third 8000 B frame passes 20480 bytes");
	CHECK_EQ_INT(p.n, 2, "two frames stay");
	CHECK_EQ_INT(p.used, 2 * (DESC + 8000), "16096 bytes");

	/* 10000 + 48 = 10048 (aligned); 20480 - 10048 - 48 = 10384 fits
	 * to the byte, 10385 does not. */
	dvr_tx_pack_reset(&p, buf, sizeof buf);
	CHECK_EQ_INT(add(&c, &p, f, 10000, &vht), DVR_OK, "10000 B");
	CHECK_EQ_INT(add(&c, &p, f, 10385, &vht), DVR_E_OVERFLOW,
	             "one byte past 20480 goes to the next transfer");
	CHECK_EQ_INT(add(&c, &p, f, 10384, &vht), DVR_OK,
	             "exactly 20480 bytes fits");
	CHECK_EQ_INT(dvr_tx_pack_close(&c, &p), 20480, "transfer of 20480");

	/* Alone, the largest frame fits whatever the aggregate limit. */
	static uint8_t big[DVR_TX_HEADROOM + 11454];
	dvr_tx_pack_reset(&p, big, sizeof big);
	CHECK_EQ_INT(add(&c, &p, f, c.info->max_tx_frame, &vht), DVR_OK,
	             "largest frame alone");
	CHECK_EQ_INT(add(&c, &p, f, 24, &vht), DVR_E_OVERFLOW,
	             "nothing joins it past the buffer");
}

static void test_refused_and_alone(void)
{
	struct dvr_chip c = chip_of(0xc812);
	static uint8_t buf[20480], lone[DESC + 500];
	uint8_t f[500];
	struct dvr_tx_pack p;

	fill(f, sizeof f, 5);
	dvr_tx_pack_reset(&p, buf, sizeof buf);
	CHECK_EQ_INT(add(&c, &p, f, 500, &ofdm6), DVR_OK, "one frame");
	/* Short GI on a legacy rate is refused by the descriptor. */
	struct dvr_tx_params bad = ofdm6;
	bad.short_gi = true;
	CHECK(add(&c, &p, f, 100, &bad) < 0 &&
	      add(&c, &p, f, 100, &bad) != DVR_E_OVERFLOW,
	      "a refused descriptor gives the builder's error");
	CHECK(p.n == 1 && p.used == DESC + 500, "and leaves the transfer");

	/* What a transfer of one frame carries: exactly its descriptor and
	 * frame, as without aggregation. */
	struct dvr_tx_desc_req req = { .params = &ofdm6, .frame_len = 500,
	                               .group_addressed = true };
	CHECK_EQ_INT(c.info->ops->build_tx_desc(&c, lone, &req), DESC,
	             "built alone");
	memcpy(lone + DESC, f, 500);
	CHECK_EQ_INT(dvr_tx_pack_close(&c, &p), DESC + 500, "closed: 548");
	CHECK_MEM(buf, lone, DESC + 500, "a lone frame is sent as built");
	CHECK_EQ_INT(buf[31], 0, "no DMA_TXAGG_NUM on a lone frame");
}

int main(void)
{
	test_who_packs();
	test_three(0xc812, "8822C", 48);
	test_three(0xc811, "8821C", 32);
	test_size_limit();
	test_refused_and_alone();
	return check_done();
}
