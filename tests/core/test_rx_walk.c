/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RX aggregate walking with the RTL8812AU parser: well-formed aggregates
 * yield every packet at its 8-byte-aligned offset; truncated, oversized and
 * garbage aggregates are dropped and counted, never read out of bounds
 * (run under ASan, the random part is a small fuzzer).
 */
#include <stdlib.h>

#include "hal/hal.h"
#include "libdevourer/src/rx_walk.h"
#include "tests/check.h"
#include "tests/le_bytes.h"

#define DESC 24
#define PHYST 32

/* One packet as rtw88 rx.h (RTW_RX_DESC_W*) lays it out and usb.c
 * rtw_usb_rx_handler walks it: descriptor, 32-byte PHY status,
 * frame of frame_len bytes (FCS included). Returns bytes used. */
static size_t put_packet(uint8_t *p, size_t frame_len, uint8_t rate,
                         uint8_t fill, bool crc_err)
{
	memset(p, 0, DESC + PHYST);
	put32(p, (uint32_t)frame_len | (crc_err ? 1u << 14 : 0) |
	                 (4u << 16) | (1u << 26));
	put32(p + 12, rate);
	put32(p + 20, 0x01020304); /* TSFL */
	p[DESC + 0] = 0x40 + 50;   /* path A gain → -60 dBm */
	p[DESC + 1] = 0x40 + 48;
	for (size_t i = 0; i < frame_len; i++)
		p[DESC + PHYST + i] = (uint8_t)(fill + i);
	p[DESC + PHYST] = 0x08; /* data frame */
	return DESC + PHYST + frame_len;
}

struct seen {
	unsigned n;
	size_t lens[64];
	size_t offsets[64];
	const uint8_t *base;
};

static void on_pkt(void *user, const struct dvr_rx_pkt *pkt)
{
	struct seen *s = user;
	if (s->n < 64) {
		s->lens[s->n] = pkt->frame_len;
		s->offsets[s->n] = (size_t)(pkt->frame - s->base);
	}
	s->n++;
}

static size_t align8(size_t v)
{
	return (v + 7) & ~(size_t)7;
}

int main(void)
{
	const struct dvr_chip_info *info = dvr_hal_find_chip(0x0bda, 0x8812);
	CHECK(info != NULL, "RTL8812AU in the registry");
	if (!info)
		return check_done();
	struct dvr_chip chip = { .info = info };
	static uint8_t buf[32768];
	struct seen s;
	struct dvr_rx_walk_counts c;

	/* Three packets; lengths chosen so that padding is needed. */
	size_t lens[3] = { 101, 1504, 77 };
	size_t off = 0, starts[3];
	for (int i = 0; i < 3; i++) {
		starts[i] = off;
		off += put_packet(buf + off, lens[i], 0x0C + (uint8_t)i,
		                  (uint8_t)i, false);
		if (i < 2)
			off = align8(off);
	}
	memset(&s, 0, sizeof s);
	s.base = buf;
	dvr_rx_walk(&chip, buf, off, on_pkt, &s, &c);
	CHECK_EQ_INT(c.packets, 3, "three packets in a good aggregate");
	CHECK_EQ_INT(c.malformed, 0, "no malformed packet");
	CHECK_EQ_INT(s.n, 3, "callback ran three times");
	for (int i = 0; i < 3 && i < (int)s.n; i++) {
		CHECK_EQ_INT(s.lens[i], lens[i], "frame length incl. FCS");
		CHECK_EQ_INT(s.offsets[i], starts[i] + DESC + PHYST,
		             "frame after descriptor and PHY status");
	}

	/* The same aggregate with the final padding present. */
	memset(&s, 0, sizeof s);
	s.base = buf;
	dvr_rx_walk(&chip, buf, align8(off), on_pkt, &s, &c);
	CHECK_EQ_INT(c.packets, 3, "trailing alignment padding is not junk");
	CHECK_EQ_INT(c.malformed, 0, "padding counted as nothing");

	/* Truncated: the transfer ends inside the third frame. */
	memset(&s, 0, sizeof s);
	s.base = buf;
	dvr_rx_walk(&chip, buf, off - 20, on_pkt, &s, &c);
	CHECK_EQ_INT(c.packets, 2, "truncated aggregate: first two delivered");
	CHECK_EQ_INT(c.malformed, 1, "truncated packet counted");

	/* Trailing junk too short for a descriptor. */
	size_t end = align8(off);
	memset(buf + end, 0xA5, 12);
	memset(&s, 0, sizeof s);
	s.base = buf;
	dvr_rx_walk(&chip, buf, end + 12, on_pkt, &s, &c);
	CHECK_EQ_INT(c.packets, 3, "junk tail: packets before it delivered");
	CHECK_EQ_INT(c.malformed, 1, "junk tail counted");

	/* Oversized: [ok, 11.8 kB, ok, ok]. The big one is beyond any VHT
	 * MPDU the driver takes, but its descriptor says where it ends: it
	 * is dropped and counted alone, the packets after it arrive. */
	size_t big = 11800, ostart[4];
	off = 0;
	for (int i = 0; i < 4; i++) {
		ostart[i] = off;
		off += put_packet(buf + off, i == 1 ? big : 300 + (size_t)i,
		                  0x0C, (uint8_t)i, false);
		if (i < 3)
			off = align8(off);
	}
	memset(&s, 0, sizeof s);
	s.base = buf;
	dvr_rx_walk(&chip, buf, off, on_pkt, &s, &c);
	CHECK_EQ_INT(c.packets, 3, "packets around an oversized one arrive");
	CHECK_EQ_INT(c.malformed, 1, "oversized packet counted as a drop");
	CHECK_EQ_INT(c.oversized, 1, "and named oversized");
	CHECK_EQ_INT(c.dropped_bytes, DESC + PHYST + big,
	             "only the oversized packet's bytes are dropped");
	CHECK_EQ_INT(s.offsets[0], ostart[0] + DESC + PHYST, "first frame");
	CHECK_EQ_INT(s.offsets[1], ostart[2] + DESC + PHYST,
	             "third packet found after the oversized one");
	CHECK_EQ_INT(s.offsets[2], ostart[3] + DESC + PHYST, "fourth frame");

	/* An oversized packet that runs past the transfer ends the walk:
	 * nothing after it can be found. */
	memset(&s, 0, sizeof s);
	s.base = buf;
	dvr_rx_walk(&chip, buf, ostart[1] + 4000, on_pkt, &s, &c);
	CHECK_EQ_INT(c.packets, 1, "cut oversized packet: first delivered");
	CHECK_EQ_INT(c.malformed, 1, "cut oversized packet counted");
	CHECK_EQ_INT(c.oversized, 0, "not skipped: its end is not there");
	CHECK_EQ_INT(c.dropped_bytes, 4000, "the rest of the transfer dropped");

	/* The longest PKT_LEN the descriptor can say (16383). */
	put_packet(buf, 200, 0x04, 0, false);
	put32(buf, 0x3FFFu | (4u << 16) | (1u << 26));
	memset(&s, 0, sizeof s);
	s.base = buf;
	dvr_rx_walk(&chip, buf, sizeof buf, on_pkt, &s, &c);
	CHECK_EQ_INT(c.oversized, 1, "16383-byte frame skipped alone");
	CHECK_EQ_INT(s.n, c.packets, "only whole packets reach the callback");

	/* Shorter than a descriptor. */
	dvr_rx_walk(&chip, buf, 10, on_pkt, &s, &c);
	CHECK_EQ_INT(c.malformed, 1, "10-byte transfer is malformed");
	dvr_rx_walk(&chip, buf, 0, on_pkt, &s, &c);
	CHECK_EQ_INT(c.malformed + c.packets, 0, "empty transfer: nothing");

	/* CRC-error frames keep a valid length: walking goes on past them. */
	off = put_packet(buf, 300, 0x04, 1, true);
	off = align8(off);
	off += put_packet(buf + off, 300, 0x04, 2, false);
	memset(&s, 0, sizeof s);
	s.base = buf;
	dvr_rx_walk(&chip, buf, off, on_pkt, &s, &c);
	CHECK_EQ_INT(c.packets, 2, "walk continues past a CRC-error frame");

	/* Garbage: random transfers of random lengths. Every byte of every
	 * packet handed out must lie inside the transfer. */
	srand(12345);
	unsigned bad_bounds = 0, total_pkts = 0, total_bad = 0;
	for (int iter = 0; iter < 20000; iter++) {
		size_t len = (size_t)rand() % 4096;
		uint8_t *g = malloc(len ? len : 1);
		for (size_t i = 0; i < len; i++)
			g[i] = (uint8_t)rand();
		/* Sometimes make the first length plausible. */
		if (len >= 4 && (iter & 1)) {
			g[0] = (uint8_t)rand();
			g[1] = (uint8_t)(g[1] & 0x07);
		}
		memset(&s, 0, sizeof s);
		s.base = g;
		dvr_rx_walk(&chip, g, len, on_pkt, &s, &c);
		for (unsigned i = 0; i < s.n && i < 64; i++)
			if (s.offsets[i] + s.lens[i] > len)
				bad_bounds++;
		total_pkts += c.packets;
		total_bad += c.malformed;
		if (len > 0 && c.packets == 0 && c.malformed == 0)
			bad_bounds++; /* bytes vanished without a count */
		free(g);
	}
	printf("# fuzz: %u packets accepted, %u transfers malformed\n",
	       total_pkts, total_bad);
	CHECK_EQ_INT(bad_bounds, 0,
	             "garbage: nothing out of bounds, nothing dropped uncounted");
	CHECK(total_bad > 10000, "garbage is mostly rejected");
	return check_done();
}
