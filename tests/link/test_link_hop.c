/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The hop schedule and marker (link.h, "Frequency hopping"). The expected
 * orders below were computed apart from this code, by a SipHash-2-4 written
 * from its paper (checked on the paper's own vector: key 00..0f, message
 * 00..0e -> a129ca6149be45e5) and the shuffle OpenIPC devourer's
 * HopSchedule describes: the same seed gives the same channels there.
 */
#include <string.h>

#include <devourer/link.h>

#include "tests/check.h"

static const uint16_t set4[] = { 36, 40, 44, 48 };
static const uint16_t set8[] = { 36, 40, 44, 48, 149, 153, 157, 161 };

static void order(const struct dvr_link_hop_schedule *s, unsigned *out,
                  unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		out[i] = dvr_link_hop_index(s, i);
}

static void seeded_orders(void)
{
	struct dvr_link_hop_schedule s;
	unsigned got[16];
	CHECK_EQ_INT(dvr_link_hop_schedule_init(&s, set4, 4, NULL,
	             "0x000102030405060708090a0b0c0d0e0f", false), DVR_OK,
	             "seed of 32 hex digits");
	static const unsigned want4[16] = { 2, 1, 3, 0, 2, 1, 0, 3,
		                            3, 2, 1, 0, 3, 0, 2, 1 };
	order(&s, got, 16);
	CHECK(memcmp(got, want4, sizeof got) == 0,
	      "4 channels: the reference's order for key 00..0f");
	CHECK_EQ_INT(dvr_link_hop_channel(&s, 0), 44, "slot 0 on channel 44");
	CHECK_EQ_INT((long long)dvr_link_hop_fingerprint(&s), 0x8eb9eccdLL,
	             "fingerprint: SipHash of \"devourer-hop\"");

	CHECK_EQ_INT(dvr_link_hop_schedule_init(&s, set8, 8, NULL,
	             "000102030405060708090a0b0c0d0e0f", false), DVR_OK,
	             "the same seed without 0x");
	static const unsigned want8[16] = { 4, 5, 1, 2, 7, 3, 6, 0,
		                            6, 5, 7, 2, 4, 1, 0, 3 };
	order(&s, got, 16);
	CHECK(memcmp(got, want8, sizeof got) == 0,
	      "8 channels: the reference's order");

	CHECK_EQ_INT(dvr_link_hop_schedule_init(&s, set4, 4, NULL, "abcdef",
	             false), DVR_OK, "a short seed is right-aligned");
	static const unsigned want_short[16] = { 3, 2, 0, 1, 0, 2, 3, 1,
		                                 0, 3, 2, 1, 3, 2, 0, 1 };
	order(&s, got, 16);
	CHECK(memcmp(got, want_short, sizeof got) == 0,
	      "seed abcdef: the reference's order");

	static const char *const bad[] = { "0x", "xyz", "123g",
		"000102030405060708090a0b0c0d0e0f0" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK_EQ_INT(dvr_link_hop_schedule_init(&s, set4, 4, NULL,
		             bad[i], false), DVR_E_INVALID, bad[i]);
}

/* Every round visits each channel once; long runs use each equally. */
static void rounds_are_permutations(void)
{
	struct dvr_link_hop_schedule s;
	dvr_link_hop_schedule_init(&s, set8, 8, NULL, "5eed", false);
	bool all = true;
	unsigned use[8] = { 0 };
	for (uint64_t r = 0; r < 500; r++) {
		unsigned seen = 0;
		for (unsigned i = 0; i < 8; i++) {
			unsigned k = dvr_link_hop_index(&s, r * 8 + i);
			seen |= 1u << k;
			use[k]++;
		}
		all = all && seen == 0xFF;
	}
	CHECK(all, "500 rounds of 8: each a permutation");
	/* a far slot is computed without the ones before it */
	uint64_t far = 123456789012ull;
	unsigned a = dvr_link_hop_index(&s, far);
	unsigned b = dvr_link_hop_index(&s, far);
	CHECK_EQ_INT(a, b, "a slot's channel is the same every time");
}

static struct dvr_link_keys drone, ground;

static void key_derived_orders(void)
{
	CHECK_EQ_INT(dvr_link_keygen_random(&drone, &ground), DVR_OK, "keys");
	struct dvr_link_hop_schedule d, g, other;
	CHECK_EQ_INT(dvr_link_hop_schedule_init(&d, set8, 8, &drone, NULL,
	             false), DVR_OK, "drone half");
	CHECK_EQ_INT(dvr_link_hop_schedule_init(&g, set8, 8, &ground, "",
	             false), DVR_OK, "ground half (empty seed: the keys)");
	unsigned od[64], og[64], oo[64];
	order(&d, od, 64);
	order(&g, og, 64);
	CHECK(memcmp(od, og, sizeof od) == 0,
	      "both halves of a pair give one order");
	CHECK_EQ_INT((long long)dvr_link_hop_fingerprint(&d),
	             (long long)dvr_link_hop_fingerprint(&g),
	             "and one fingerprint");

	struct dvr_link_keys d2, g2;
	dvr_link_keygen_random(&d2, &g2);
	dvr_link_hop_schedule_init(&other, set8, 8, &d2, NULL, false);
	order(&other, oo, 64);
	unsigned same = 0;
	for (unsigned i = 0; i < 64; i++)
		same += oo[i] == od[i];
	/* two independent orders agree on about 1 slot in 8; all 64 would
	 * be a chance of 8^-64 */
	CHECK(same < 32, "another pair: another order");
	CHECK(dvr_link_hop_fingerprint(&other) !=
	      dvr_link_hop_fingerprint(&d), "and another fingerprint");

	struct dvr_link_keys blank = { { 0 }, { 0 } };
	CHECK_EQ_INT(dvr_link_hop_schedule_init(&other, set8, 8, &blank, NULL,
	             false), DVR_E_INVALID, "a blank key pair is refused");
	CHECK_EQ_INT(dvr_link_hop_schedule_init(&other, set8, 8, NULL, NULL,
	             false), DVR_E_INVALID, "no key and no seed is refused");
}

static void sequential(void)
{
	struct dvr_link_hop_schedule s;
	CHECK_EQ_INT(dvr_link_hop_schedule_init(&s, set4, 4, NULL, NULL, true),
	             DVR_OK, "sequential needs no key");
	bool rr = true;
	for (unsigned i = 0; i < 12; i++)
		rr = rr && dvr_link_hop_channel(&s, i) == set4[i % 4];
	CHECK(rr, "sequential: round robin");
	CHECK_EQ_INT((long long)dvr_link_hop_fingerprint(&s), 0x53455131LL,
	             "sequential fingerprint SEQ1");
}

static void channel_lists(void)
{
	uint16_t ch[DVR_LINK_HOP_MAX];
	unsigned n;
	char why[160];
	CHECK_EQ_INT(dvr_link_hop_parse_channels("36,40,44,48", ch, &n, why,
	             sizeof why), DVR_OK, "36,40,44,48");
	CHECK(n == 4 && ch[0] == 36 && ch[3] == 48, "four channels in order");
	static const char *const bad[] = { "", "36", "36,,40", "36,40,",
		"36,41x", "36,36", "1,36", "36,200", "a,b" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		why[0] = 0;
		int st = dvr_link_hop_parse_channels(bad[i], ch, &n, why,
		                                     sizeof why);
		printf("# \"%s\": %s\n", bad[i], why);
		CHECK(st == DVR_E_INVALID && why[0] && n == 0, bad[i]);
	}
}

static void markers(void)
{
	struct dvr_link_hop_marker m = { .fingerprint = 0x8eb9eccd,
		.epoch = 0x01020304, .slot = 0x1122334455667788ull,
		.phase_us = 4321 };
	uint8_t b[DVR_LINK_HOP_MARKER_DWELL_LEN];
	CHECK_EQ_INT(dvr_link_hop_marker_write(&m, b), DVR_LINK_HOP_MARKER_LEN,
	             "no dwell: the 29-byte form");
	static const uint8_t want[DVR_LINK_HOP_MARKER_LEN] = {
		0xDD, 27, 0x57, 0x42, 0x75, 0x48, 1,
		0xcd, 0xec, 0xb9, 0x8e, 0x04, 0x03, 0x02, 0x01,
		0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11,
		0xe1, 0x10, 0x00, 0x00, 0xD7, 0x3A };
	CHECK(memcmp(b, want, sizeof want) == 0, "marker bytes");
	struct dvr_link_hop_marker r;
	memset(&r, 0xFF, sizeof r);
	CHECK_EQ_INT(dvr_link_hop_marker_read(b, sizeof want, &r), DVR_OK,
	             "read");
	CHECK(r.fingerprint == m.fingerprint && r.epoch == m.epoch &&
	      r.slot == m.slot && r.phase_us == m.phase_us, "round trip");
	CHECK(r.dwell_us == 0 && r.next_dwell_us == 0,
	      "the 29 bytes say no dwell");
	CHECK_EQ_INT(dvr_link_hop_marker_read(b, sizeof want - 1, &r),
	             DVR_E_INVALID, "short marker refused");
	CHECK_EQ_INT(dvr_link_hop_marker_read(b, sizeof want + 1, &r),
	             DVR_E_INVALID, "30 bytes refused");
	b[27] ^= 1;
	CHECK_EQ_INT(dvr_link_hop_marker_read(b, sizeof want, &r),
	             DVR_E_INVALID, "bad trailer refused");
}

/* The dwells after the 29 bytes: those stay the reference's, the two
 * words follow in little-endian. */
static void markers_with_dwell(void)
{
	struct dvr_link_hop_marker m = { .fingerprint = 0x8eb9eccd,
		.epoch = 0x01020304, .slot = 0x1122334455667788ull,
		.phase_us = 4321, .dwell_us = 40000, .next_dwell_us = 0x0a0b0c0d };
	uint8_t b[DVR_LINK_HOP_MARKER_DWELL_LEN + 1];
	CHECK_EQ_INT(dvr_link_hop_marker_write(&m, b),
	             DVR_LINK_HOP_MARKER_DWELL_LEN, "with dwell: 37 bytes");
	static const uint8_t want[DVR_LINK_HOP_MARKER_DWELL_LEN] = {
		0xDD, 27, 0x57, 0x42, 0x75, 0x48, 1,
		0xcd, 0xec, 0xb9, 0x8e, 0x04, 0x03, 0x02, 0x01,
		0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11,
		0xe1, 0x10, 0x00, 0x00, 0xD7, 0x3A,
		0x40, 0x9c, 0x00, 0x00, 0x0d, 0x0c, 0x0b, 0x0a };
	CHECK(memcmp(b, want, sizeof want) == 0,
	      "the reference's 29 bytes, then both dwells");
	struct dvr_link_hop_marker r;
	CHECK_EQ_INT(dvr_link_hop_marker_read(b, sizeof want, &r), DVR_OK,
	             "read");
	CHECK(r.fingerprint == m.fingerprint && r.epoch == m.epoch &&
	      r.slot == m.slot && r.phase_us == m.phase_us &&
	      r.dwell_us == 40000 && r.next_dwell_us == 0x0a0b0c0d,
	      "round trip with the dwells");
	CHECK_EQ_INT(dvr_link_hop_marker_read(b, DVR_LINK_HOP_MARKER_LEN, &r),
	             DVR_OK, "its first 29 bytes are a marker of their own");
	CHECK(r.dwell_us == 0 && r.slot == m.slot, "without the dwell");
	for (size_t len = DVR_LINK_HOP_MARKER_LEN + 1;
	     len <= DVR_LINK_HOP_MARKER_DWELL_LEN + 1; len++)
		if (len != DVR_LINK_HOP_MARKER_DWELL_LEN)
			CHECK_EQ_INT(dvr_link_hop_marker_read(b, len, &r),
			             DVR_E_INVALID, "a cut or long dwell refused");

	m.next_dwell_us = 0;
	dvr_link_hop_marker_write(&m, b);
	CHECK_EQ_INT(dvr_link_hop_marker_read(b, DVR_LINK_HOP_MARKER_DWELL_LEN,
	                                      &r), DVR_OK, "next not given");
	CHECK_EQ_INT(r.next_dwell_us, 40000, "is written as this round's");

	memset(b + 29, 0, 4);
	CHECK_EQ_INT(dvr_link_hop_marker_read(b, DVR_LINK_HOP_MARKER_DWELL_LEN,
	                                      &r), DVR_E_INVALID,
	             "a dwell of 0 refused");
	dvr_link_hop_marker_write(&m, b);
	memset(b + 33, 0, 4);
	CHECK_EQ_INT(dvr_link_hop_marker_read(b, DVR_LINK_HOP_MARKER_DWELL_LEN,
	                                      &r), DVR_E_INVALID,
	             "a next dwell of 0 refused");
	dvr_link_hop_marker_write(&m, b);
	b[28] ^= 0x80;
	CHECK_EQ_INT(dvr_link_hop_marker_read(b, DVR_LINK_HOP_MARKER_DWELL_LEN,
	                                      &r), DVR_E_INVALID,
	             "bad trailer refused with the dwells too");
	CHECK_EQ_INT(dvr_link_hop_marker_read(NULL, 37, &r), DVR_E_INVALID,
	             "no buffer refused");
}

int main(void)
{
	seeded_orders();
	rounds_are_permutations();
	key_derived_orders();
	sequential();
	channel_lists();
	markers();
	markers_with_dwell();
	return check_done();
}
