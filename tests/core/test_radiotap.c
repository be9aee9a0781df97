/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Radiotap: headers as injectors write them (rate only, MCS, VHT, TX
 * flags, FCS flag, extended and vendor bitmaps), malformed variants, and
 * build -> parse round trips for TX and RX. Byte layouts are written out by
 * hand from the radiotap field alignment rules.
 */
#include <devourer/radiotap.h>

#include "tests/check.h"

static void test_rate_only(void)
{
	/* version 0, pad, len 9, present = RATE; rate 12 (6 Mbit/s) */
	const uint8_t h[] = {0, 0, 9, 0, 0x04, 0, 0, 0, 12, 0xAA, 0xBB};
	struct dvr_radiotap_tx rt;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(h, sizeof h, &rt), DVR_OK, "rate only: parses");
	CHECK_EQ_INT(rt.header_len, 9, "rate only: frame starts after 9 bytes");
	CHECK(rt.has_rate && rt.params.rate.kind == DVR_RATE_LEGACY, "rate only: legacy rate");
	CHECK_EQ_INT(rt.params.rate.legacy_500k, 12, "rate only: 6 Mbit/s");
	CHECK(rt.has_bw && rt.params.bw_mhz == 20 && rt.has_gi && !rt.params.short_gi,
	      "rate only: legacy clears HT options");
	CHECK(!rt.has_fcs && !rt.has_tx_power && !rt.params.no_ack, "rate only: nothing else");
}

static void test_mcs(void)
{
	/* present = TX_FLAGS (15) | MCS (19): TX_FLAGS u16 at 8, MCS at 10.
	 * known BW|MCS|GI|FEC|STBC, flags 40 MHz|SGI|LDPC|STBC=1, index 3. */
	const uint8_t h[] = {0, 0, 13, 0, 0x00, 0x80, 0x08, 0x00,
	                     0x08, 0x00, 0x37, 0x35, 3};
	struct dvr_radiotap_tx rt;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(h, sizeof h, &rt), DVR_OK, "mcs: parses");
	CHECK_EQ_INT(rt.header_len, 13, "mcs: length");
	CHECK(rt.has_rate && rt.params.rate.kind == DVR_RATE_HT, "mcs: HT rate");
	CHECK_EQ_INT(rt.params.rate.mcs, 3, "mcs: index 3");
	CHECK(rt.has_bw && rt.params.bw_mhz == 40, "mcs: 40 MHz");
	CHECK(rt.has_gi && rt.params.short_gi, "mcs: short GI");
	CHECK(rt.has_ldpc && rt.params.ldpc, "mcs: LDPC");
	CHECK(rt.has_stbc && rt.params.stbc == 1, "mcs: STBC 1");
	CHECK(rt.params.no_ack && !rt.params.keep_seq, "mcs: NOACK");

	/* Only the MCS index known: BW/GI untouched; 20U maps to 20 MHz. */
	const uint8_t h2[] = {0, 0, 11, 0, 0x00, 0x00, 0x08, 0x00, 0x03, 0x03, 15};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(h2, sizeof h2, &rt), DVR_OK, "mcs 20U: parses");
	CHECK(rt.has_bw && rt.params.bw_mhz == 20, "mcs 20U: 20 MHz");
	CHECK(!rt.has_gi && !rt.has_ldpc && !rt.has_stbc, "mcs 20U: GI/FEC/STBC unknown");
	CHECK_EQ_INT(rt.params.rate.mcs, 15, "mcs 20U: index 15");
}

static void test_vht(void)
{
	/* present = TX_FLAGS | VHT (21): TX_FLAGS at 8, VHT (align 2) 10..21.
	 * known STBC|GI|BW, flags SGI, bw code 4 (80 MHz), user 0 MCS 5 NSS 2,
	 * coding LDPC. TX_FLAGS 0x0018: NOACK + keep sequence number. */
	const uint8_t h[] = {0, 0, 22, 0, 0x00, 0x80, 0x20, 0x00,
	                     0x18, 0x00,
	                     0x45, 0x00, 0x04, 4, 0x52, 0, 0, 0, 0x01, 0, 0, 0};
	struct dvr_radiotap_tx rt;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(h, sizeof h, &rt), DVR_OK, "vht: parses");
	CHECK(rt.has_rate && rt.params.rate.kind == DVR_RATE_VHT, "vht: VHT rate");
	CHECK(rt.params.rate.mcs == 5 && rt.params.rate.nss == 2, "vht: MCS 5 NSS 2");
	CHECK(rt.has_bw && rt.params.bw_mhz == 80, "vht: 80 MHz");
	CHECK(rt.has_gi && rt.params.short_gi, "vht: short GI");
	CHECK(rt.has_stbc && rt.params.stbc == 0, "vht: STBC off");
	CHECK(rt.has_ldpc && rt.params.ldpc, "vht: LDPC");
	CHECK(rt.params.no_ack && rt.params.keep_seq, "vht: NOACK + keep seq");

	struct { uint8_t code; unsigned mhz; } bw[] = {
		{0, 20}, {1, 40}, {3, 40}, {4, 80}, {10, 80}, {11, 160}, {25, 160}};
	int bad = 0;
	for (size_t i = 0; i < sizeof bw / sizeof bw[0]; i++) {
		uint8_t v[sizeof h];
		memcpy(v, h, sizeof h);
		v[13] = bw[i].code;
		if (dvr_radiotap_parse_tx(v, sizeof v, &rt) != DVR_OK ||
		    rt.params.bw_mhz != bw[i].mhz)
			bad++;
	}
	CHECK_EQ_INT(bad, 0, "vht: bandwidth codes");

	/* NSS 0 and MCS 0: user absent, flags still apply, no rate. */
	uint8_t v[sizeof h];
	memcpy(v, h, sizeof h);
	v[14] = 0x00;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(v, sizeof v, &rt), DVR_OK, "vht no user: parses");
	CHECK(!rt.has_rate && rt.has_bw, "vht no user: no rate");
}

static void test_flags_fcs_power(void)
{
	/* present = FLAGS | RATE | DBM_TX_POWER: flags F_FCS, rate 2, power -5 */
	const uint8_t h[] = {0, 0, 11, 0, 0x06, 0x04, 0, 0, 0x10, 2, 0xFB};
	struct dvr_radiotap_tx rt;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(h, sizeof h, &rt), DVR_OK, "fcs: parses");
	CHECK(rt.has_fcs, "fcs: F_FCS seen");
	CHECK_EQ_INT(rt.params.rate.legacy_500k, 2, "fcs: 1 Mbit/s");
	CHECK(rt.has_tx_power && rt.params.has_tx_power &&
	      rt.params.tx_power_dbm == -5, "tx power -5 dBm");
}

static void test_extended(void)
{
	/* word0 = TSFT | RATE | next radiotap ns | ext
	 * word1 = DBM_ANTSIGNAL | ANTENNA | next radiotap ns | ext
	 * word2 = DBM_ANTSIGNAL | ANTENNA | TX_FLAGS
	 * TSFT at 16, RATE 24, antsig 25, ant 26, antsig 27, ant 28, pad,
	 * TX_FLAGS 30..31 -> 32 bytes. */
	const uint8_t h[32] = {
		0, 0, 32, 0,
		0x05, 0x00, 0x00, 0xA0,
		0x20, 0x08, 0x00, 0xA0,
		0x20, 0x88, 0x00, 0x00,
		1, 2, 3, 4, 5, 6, 7, 8,
		108, 0xC4, 0, 0xC8, 1, 0, 0x08, 0x00};
	struct dvr_radiotap_tx rt;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(h, sizeof h, &rt), DVR_OK, "ext: parses");
	CHECK_EQ_INT(rt.params.rate.legacy_500k, 108, "ext: rate 54M");
	CHECK(rt.params.no_ack, "ext: TX_FLAGS in third word");

	/* Same with a vendor namespace between: word0 = RATE | vendor | ext,
	 * word1 (vendor) = bit 0 | radiotap | ext, word2 = TX_FLAGS. RATE at
	 * 16, vendor header at 18 (OUI, sub ns, skip 5), data 24..28,
	 * TX_FLAGS at 30. */
	const uint8_t v[32] = {
		0, 0, 32, 0,
		0x04, 0x00, 0x00, 0xC0,
		0x01, 0x00, 0x00, 0xA0,
		0x00, 0x80, 0x00, 0x00,
		24, 0, 0x00, 0x11, 0x22, 0x01, 5, 0,
		9, 9, 9, 9, 9, 0, 0x08, 0x00};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(v, sizeof v, &rt), DVR_OK, "vendor: parses");
	CHECK_EQ_INT(rt.params.rate.legacy_500k, 24, "vendor: rate before");
	CHECK(rt.params.no_ack, "vendor: TX_FLAGS after the skipped data");

	/* An unknown field (index 32) after everything needed: fine. */
	const uint8_t u[] = {0, 0, 14, 0, 0x04, 0, 0, 0x80, 0x01, 0, 0, 0, 22, 0x77};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(u, sizeof u, &rt), DVR_OK, "unknown trailing field: ok");
	CHECK_EQ_INT(rt.params.rate.legacy_500k, 22, "unknown trailing field: rate read");

	/* An unknown field before a needed one: refused. word1 = index 32 |
	 * radiotap | ext, word2 = TX_FLAGS. */
	const uint8_t n[] = {0, 0, 20, 0, 0x04, 0, 0, 0x80, 0x01, 0, 0, 0xA0,
	                     0x00, 0x80, 0, 0, 22, 0x77, 0x08, 0x00};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(n, sizeof n, &rt), DVR_E_INVALID,
	             "unknown field before TX_FLAGS: refused");
}

static void test_malformed(void)
{
	struct dvr_radiotap_tx rt;
	const uint8_t ok[] = {0, 0, 9, 0, 0x04, 0, 0, 0, 12};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(ok, 7, &rt), DVR_E_INVALID, "buffer < 8");
	CHECK_EQ_INT(dvr_radiotap_parse_tx(ok, 8, &rt), DVR_E_INVALID, "length beyond buffer");
	CHECK_EQ_INT(dvr_radiotap_parse_tx(NULL, 9, &rt), DVR_E_INVALID, "NULL buffer");
	CHECK_EQ_INT(dvr_radiotap_parse_tx(ok, 9, NULL), DVR_E_INVALID, "NULL out");

	uint8_t b[16];
	memcpy(b, ok, 9);
	b[0] = 1;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(b, 9, &rt), DVR_E_INVALID, "version 1");
	memcpy(b, ok, 9);
	b[2] = 7;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(b, 9, &rt), DVR_E_INVALID, "length 7");
	memcpy(b, ok, 9);
	b[2] = 8;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(b, 9, &rt), DVR_E_INVALID,
	             "RATE truncated by the length");
	memcpy(b, ok, 9);
	b[8] = 5;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(b, 9, &rt), DVR_E_INVALID, "RATE 2.5 Mbit/s");

	/* Presence word says another follows, the length ends first. */
	const uint8_t ext[] = {0, 0, 8, 0, 0x04, 0, 0, 0x80, 12};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(ext, sizeof ext, &rt), DVR_E_INVALID,
	             "extension word truncated");

	/* MCS field cut: present MCS, length 10 (needs 11). */
	const uint8_t mcs_cut[] = {0, 0, 10, 0, 0, 0, 0x08, 0, 0x02, 0};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(mcs_cut, sizeof mcs_cut, &rt), DVR_E_INVALID,
	             "MCS truncated");
	const uint8_t mcs_bad[] = {0, 0, 11, 0, 0, 0, 0x08, 0, 0x02, 0, 32};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(mcs_bad, sizeof mcs_bad, &rt), DVR_E_INVALID,
	             "MCS index 32");
	const uint8_t mcs_unknown[] = {0, 0, 11, 0, 0, 0, 0x08, 0, 0x00, 0, 200};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(mcs_unknown, sizeof mcs_unknown, &rt), DVR_OK,
	             "MCS index not marked known: ignored");
	CHECK(!rt.has_rate, "MCS index not known: no rate");

	/* VHT: present VHT only, field at 8..19. */
	uint8_t vht[20] = {0, 0, 20, 0, 0, 0, 0x20, 0, 0x44, 0, 0, 0, 0x50};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(vht, sizeof vht, &rt), DVR_E_INVALID,
	             "VHT MCS 5 with NSS 0");
	vht[12] = 0x15;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(vht, sizeof vht, &rt), DVR_E_INVALID, "VHT NSS 5");
	vht[12] = 0xA1;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(vht, sizeof vht, &rt), DVR_E_INVALID, "VHT MCS 10");
	vht[12] = 0x91;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(vht, sizeof vht, &rt), DVR_OK, "VHT MCS 9 NSS 1");
	vht[8] = 0x40;
	vht[11] = 26;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(vht, sizeof vht, &rt), DVR_E_INVALID,
	             "VHT bandwidth code 26");
	CHECK_EQ_INT(dvr_radiotap_parse_tx(vht, 19, &rt), DVR_E_INVALID,
	             "VHT length beyond buffer");
	vht[2] = 19;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(vht, sizeof vht, &rt), DVR_E_INVALID,
	             "VHT truncated");

	/* Both namespace switches in one word. */
	const uint8_t both[] = {0, 0, 13, 0, 0x04, 0, 0, 0xE0, 0, 0, 0, 0, 12};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(both, sizeof both, &rt), DVR_E_INVALID,
	             "radiotap and vendor namespace at once");

	/* Vendor skip length past the header. */
	const uint8_t vskip[] = {0, 0, 18, 0, 0x00, 0, 0, 0xC0, 0x00, 0, 0, 0,
	                         0, 0, 0, 0, 40, 0};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(vskip, sizeof vskip, &rt), DVR_E_INVALID,
	             "vendor data past the header");
}

/* Exhaustive robustness: every truncation of valid headers is either
 * parsed within bounds or refused (ASan watches the reads). */
static void test_truncations(void)
{
	uint8_t buf[64];
	struct dvr_tx_params p = {.rate = {.kind = DVR_RATE_VHT, .mcs = 7, .nss = 2},
	                          .bw_mhz = 80, .has_tx_power = true,
	                          .tx_power_dbm = 10};
	size_t n = dvr_radiotap_build_tx(&p, buf, sizeof buf);
	int bad = 0;
	for (size_t cut = 0; cut < n; cut++) {
		uint8_t *copy = malloc(cut ? cut : 1);
		memcpy(copy, buf, cut);
		struct dvr_radiotap_tx rt;
		if (dvr_radiotap_parse_tx(copy, cut, &rt) != DVR_E_INVALID)
			bad++;
		free(copy);
	}
	CHECK_EQ_INT(bad, 0, "every truncated header refused");
}

static int tx_params_equal(const struct dvr_tx_params *a, const struct dvr_tx_params *b)
{
	return a->rate.kind == b->rate.kind && a->rate.legacy_500k == b->rate.legacy_500k &&
	       a->rate.mcs == b->rate.mcs &&
	       (a->rate.kind != DVR_RATE_VHT || a->rate.nss == b->rate.nss) &&
	       a->bw_mhz == b->bw_mhz && a->short_gi == b->short_gi && a->ldpc == b->ldpc &&
	       a->stbc == b->stbc && a->no_ack == b->no_ack && a->keep_seq == b->keep_seq &&
	       a->has_tx_power == b->has_tx_power &&
	       (!a->has_tx_power || a->tx_power_dbm == b->tx_power_dbm);
}

static void test_tx_round_trip(void)
{
	struct dvr_tx_params cases[] = {
		{.rate = {.kind = DVR_RATE_LEGACY, .legacy_500k = 12}, .bw_mhz = 20},
		{.rate = {.kind = DVR_RATE_LEGACY, .legacy_500k = 22}, .bw_mhz = 20,
		 .no_ack = true, .keep_seq = true},
		{.rate = {.kind = DVR_RATE_HT, .mcs = 7}, .bw_mhz = 20, .short_gi = true},
		{.rate = {.kind = DVR_RATE_HT, .mcs = 12}, .bw_mhz = 40, .ldpc = true,
		 .stbc = 1, .no_ack = true, .has_tx_power = true, .tx_power_dbm = -3},
		{.rate = {.kind = DVR_RATE_VHT, .mcs = 9, .nss = 1}, .bw_mhz = 80,
		 .short_gi = true, .ldpc = true},
		{.rate = {.kind = DVR_RATE_VHT, .mcs = 0, .nss = 4}, .bw_mhz = 20,
		 .stbc = 1, .has_tx_power = true, .tx_power_dbm = 20},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		uint8_t buf[64];
		char what[64];
		size_t n = dvr_radiotap_build_tx(&cases[i], buf, sizeof buf);
		snprintf(what, sizeof what, "tx round trip %zu: built", i);
		CHECK(n >= 8 && n <= sizeof buf, what);
		struct dvr_radiotap_tx rt;
		snprintf(what, sizeof what, "tx round trip %zu: parsed", i);
		CHECK_EQ_INT(dvr_radiotap_parse_tx(buf, n, &rt), DVR_OK, what);
		snprintf(what, sizeof what, "tx round trip %zu: length", i);
		CHECK_EQ_INT(rt.header_len, n, what);
		struct dvr_tx_params zero = {0}, merged;
		dvr_radiotap_merge(&rt, &zero, &merged);
		snprintf(what, sizeof what, "tx round trip %zu: same TX vector", i);
		CHECK(tx_params_equal(&merged, &cases[i]), what);
		snprintf(what, sizeof what, "tx round trip %zu: too small -> 0", i);
		CHECK_EQ_INT(dvr_radiotap_build_tx(&cases[i], buf, n - 1), 0, what);
	}

	/* Unrepresentable TX vectors build nothing. */
	uint8_t buf[64];
	struct dvr_tx_params ht80 = {.rate = {.kind = DVR_RATE_HT, .mcs = 1}, .bw_mhz = 80};
	CHECK_EQ_INT(dvr_radiotap_build_tx(&ht80, buf, sizeof buf), 0, "HT at 80 MHz not built");
	struct dvr_tx_params vht0 = {.rate = {.kind = DVR_RATE_VHT, .mcs = 1}, .bw_mhz = 20};
	CHECK_EQ_INT(dvr_radiotap_build_tx(&vht0, buf, sizeof buf), 0, "VHT NSS 0 not built");

	/* Exact bytes of a simple header: RATE 6M + TX_FLAGS NOACK. */
	struct dvr_tx_params simple = {.rate = {.kind = DVR_RATE_LEGACY, .legacy_500k = 12},
	                               .no_ack = true};
	const uint8_t expect[] = {0, 0, 12, 0, 0x04, 0x80, 0, 0, 12, 0, 0x08, 0};
	size_t n = dvr_radiotap_build_tx(&simple, buf, sizeof buf);
	CHECK_EQ_INT(n, sizeof expect, "simple tx header length");
	CHECK_MEM(buf, expect, sizeof expect, "simple tx header bytes");
}

static void test_merge(void)
{
	struct dvr_tx_params defaults = {
		.rate = {.kind = DVR_RATE_HT, .mcs = 1}, .bw_mhz = 40, .short_gi = true,
		.ldpc = true, .retries = 3, .has_tx_power = true, .tx_power_dbm = 7};
	/* TX_FLAGS only. */
	const uint8_t h[] = {0, 0, 10, 0, 0x00, 0x80, 0, 0, 0x08, 0};
	struct dvr_radiotap_tx rt;
	struct dvr_tx_params m;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(h, sizeof h, &rt), DVR_OK, "merge: parse");
	dvr_radiotap_merge(&rt, &defaults, &m);
	CHECK(m.rate.kind == DVR_RATE_HT && m.rate.mcs == 1 && m.bw_mhz == 40 &&
	      m.short_gi && m.ldpc && m.retries == 3 && m.has_tx_power &&
	      m.tx_power_dbm == 7, "merge: defaults kept where radiotap is silent");
	CHECK(m.no_ack, "merge: NOACK from radiotap");

	/* MCS with only the index known keeps the default bandwidth. */
	const uint8_t h2[] = {0, 0, 11, 0, 0x00, 0x00, 0x08, 0x00, 0x02, 0x00, 5};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(h2, sizeof h2, &rt), DVR_OK, "merge mcs: parse");
	dvr_radiotap_merge(&rt, &defaults, &m);
	CHECK(m.rate.mcs == 5 && m.bw_mhz == 40 && m.short_gi, "merge: MCS index only");

	/* A VHT field with no user (NSS 0) states 80 MHz, STBC and short GI
	 * but no rate; over a legacy default rate those options do not
	 * apply (a legacy PPDU is 20 MHz, long GI, one stream), and the
	 * vector must stay one radiotap can write back (found by
	 * tests/fuzz/fuzz_radiotap). */
	const uint8_t h3[] = {0, 0, 22, 0, 0x00, 0x00, 0x20, 0x00,
	                      0x45, 0x00, 0x05, 4, 0x00, 0, 0, 0,
	                      0x01, 0, 0, 0, 0, 0};
	struct dvr_tx_params legacy = {
		.rate = {.kind = DVR_RATE_LEGACY, .legacy_500k = 12}, .bw_mhz = 20};
	CHECK_EQ_INT(dvr_radiotap_parse_tx(h3, sizeof h3, &rt), DVR_OK,
	             "merge vht without user: parse");
	dvr_radiotap_merge(&rt, &legacy, &m);
	CHECK(m.rate.kind == DVR_RATE_LEGACY && m.rate.legacy_500k == 12 &&
	      m.bw_mhz == 20 && !m.short_gi && m.stbc == 0 && !m.ldpc,
	      "merge: HT/VHT options without a rate leave a legacy rate alone");
	uint8_t back[64];
	size_t n = dvr_radiotap_build_tx(&m, back, sizeof back);
	struct dvr_tx_params m2;
	CHECK(n > 0 && dvr_radiotap_parse_tx(back, n, &rt) == DVR_OK,
	      "merge: the legacy vector builds and parses");
	dvr_radiotap_merge(&rt, &legacy, &m2);
	CHECK(m2.bw_mhz == m.bw_mhz && m2.short_gi == m.short_gi &&
	      m2.stbc == m.stbc, "merge: and round-trips");
}

/* Little helpers to read the RX headers at offsets worked out by hand. */
static unsigned le16(const uint8_t *p) { return (unsigned)(p[0] | p[1] << 8); }
static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void test_rx_build(void)
{
	uint8_t buf[128];
	struct dvr_radiotap_tx rt;

	/* HT MCS 9, 40 MHz, SGI, bad FCS, two chains on channel 36:
	 * 3 words (16 bytes), TSFT 16..23, FLAGS 24, CHANNEL 26..29,
	 * ANTSIGNAL 30, MCS 31..33, chain 0 34/35, chain 1 36/37. */
	struct dvr_rx_info ht = {
		.flags = DVR_RX_FCS_BAD | DVR_RX_SHORT_GI,
		.rate = {.kind = DVR_RATE_HT, .mcs = 9}, .bw_mhz = 40,
		.channel = 36, .freq_mhz = 5180, .n_chains = 2,
		.rssi_dbm = {-40, -43}, .signal_dbm = -39,
		.tsf_us = 0x0102030405060708ull};
	size_t n = dvr_radiotap_build_rx(&ht, buf, sizeof buf);
	CHECK_EQ_INT(n, 38, "rx ht: length");
	CHECK_EQ_INT(le16(buf + 2), 38, "rx ht: length field");
	CHECK_EQ_HEX(le32(buf + 4), 0xA008002Bu, "rx ht: word 0");
	CHECK_EQ_HEX(le32(buf + 8), 0xA0000820u, "rx ht: word 1 (chain 0)");
	CHECK_EQ_HEX(le32(buf + 12), 0x00000820u, "rx ht: word 2 (chain 1)");
	const uint8_t tsf[8] = {8, 7, 6, 5, 4, 3, 2, 1};
	CHECK_MEM(buf + 16, tsf, 8, "rx ht: TSFT");
	CHECK_EQ_HEX(buf[24], 0x40, "rx ht: FLAGS BADFCS");
	CHECK_EQ_INT(le16(buf + 26), 5180, "rx ht: channel frequency");
	CHECK_EQ_HEX(le16(buf + 28), 0x0140, "rx ht: channel flags 5 GHz OFDM");
	CHECK_EQ_INT((int8_t)buf[30], -39, "rx ht: signal");
	const uint8_t mcs[3] = {0x37, 0x05, 9};
	CHECK_MEM(buf + 31, mcs, 3, "rx ht: MCS field");
	CHECK(buf[34] == (uint8_t)-40 && buf[35] == 0 && buf[36] == (uint8_t)-43 &&
	      buf[37] == 1, "rx ht: per-chain signal and antenna");
	CHECK_EQ_INT(dvr_radiotap_parse_tx(buf, n, &rt), DVR_OK, "rx ht: parses back");
	CHECK(rt.params.rate.kind == DVR_RATE_HT && rt.params.rate.mcs == 9 &&
	      rt.params.bw_mhz == 40 && rt.params.short_gi && !rt.has_fcs,
	      "rx ht: rate/bw/GI read back");
	CHECK_EQ_INT(dvr_radiotap_build_rx(&ht, buf, n - 1), 0, "rx ht: too small -> 0");
	CHECK_EQ_INT(dvr_radiotap_build_rx(&ht, buf, n), n, "rx ht: exact size fits");

	/* VHT 2SS MCS 8 80 MHz LDPC STBC, one chain: 2 words (12 bytes),
	 * TSFT 16..23, FLAGS 24, CHANNEL 26..29, ANTSIGNAL 30, VHT 32..43,
	 * chain 44/45. */
	struct dvr_rx_info vht = {
		.flags = DVR_RX_LDPC | DVR_RX_STBC,
		.rate = {.kind = DVR_RATE_VHT, .mcs = 8, .nss = 2}, .bw_mhz = 80,
		.channel = 149, .n_chains = 1, .rssi_dbm = {-60}, .signal_dbm = -60};
	n = dvr_radiotap_build_rx(&vht, buf, sizeof buf);
	CHECK_EQ_INT(n, 46, "rx vht: length");
	CHECK_EQ_INT(le16(buf + 26), 5745, "rx vht: frequency from the channel number");
	const uint8_t vfield[12] = {0x45, 0, 0x01, 4, 0x82, 0, 0, 0, 0x01, 0, 0, 0};
	CHECK_MEM(buf + 32, vfield, 12, "rx vht: VHT field");
	CHECK_EQ_INT(dvr_radiotap_parse_tx(buf, n, &rt), DVR_OK, "rx vht: parses back");
	CHECK(rt.params.rate.kind == DVR_RATE_VHT && rt.params.rate.nss == 2 &&
	      rt.params.rate.mcs == 8 && rt.params.bw_mhz == 80 && rt.params.ldpc &&
	      rt.params.stbc == 1, "rx vht: read back");

	/* Legacy CCK 11M on channel 6, no chains: TSFT 8..15, FLAGS 16,
	 * RATE 17, CHANNEL 18..21, ANTSIGNAL 22. */
	struct dvr_rx_info cck = {
		.rate = {.kind = DVR_RATE_LEGACY, .legacy_500k = 22}, .bw_mhz = 20,
		.channel = 6, .freq_mhz = 2437, .signal_dbm = -70};
	n = dvr_radiotap_build_rx(&cck, buf, sizeof buf);
	CHECK_EQ_INT(n, 23, "rx cck: length");
	CHECK_EQ_HEX(le32(buf + 4), 0x0000002Fu, "rx cck: present word");
	CHECK_EQ_INT(buf[17], 22, "rx cck: rate");
	CHECK_EQ_HEX(le16(buf + 20), 0x00A0, "rx cck: channel flags 2 GHz CCK");
	CHECK_EQ_HEX(buf[16], 0x00, "rx cck: FLAGS clear");
	CHECK_EQ_INT(dvr_radiotap_parse_tx(buf, n, &rt), DVR_OK, "rx cck: parses back");
	CHECK_EQ_INT(rt.params.rate.legacy_500k, 22, "rx cck: rate read back");

	/* Four chains: still inside the documented 128 bytes. */
	struct dvr_rx_info four = vht;
	four.n_chains = 4;
	n = dvr_radiotap_build_rx(&four, buf, sizeof buf);
	CHECK(n > 0 && n <= 128, "rx four chains fits 128 bytes");
	CHECK_EQ_INT(dvr_radiotap_parse_tx(buf, n, &rt), DVR_OK, "rx four chains parses");
}

/* A 5/10 MHz frame is a 20 MHz PPDU on a slower clock: radiotap says
 * 20 MHz (OpenIPC devourer docs/narrowband.md), for HT and VHT alike,
 * and parses back as a 20 MHz vector, which a narrowband channel sends
 * at its own width. */
static void test_rx_narrowband(void)
{
	uint8_t buf[128];
	struct dvr_radiotap_tx rt;

	for (unsigned bw = 5; bw <= 10; bw += 5) {
		struct dvr_rx_info ht = {
			.rate = {.kind = DVR_RATE_HT, .mcs = 1}, .bw_mhz =
			        (uint16_t)bw, .channel = 149, .n_chains = 1,
			.rssi_dbm = {-50}, .signal_dbm = -50};
		size_t n = dvr_radiotap_build_rx(&ht, buf, sizeof buf);
		CHECK(n > 0, bw == 5 ? "rx 5 MHz HT: built"
		                     : "rx 10 MHz HT: built");
		CHECK(n > 0 && dvr_radiotap_parse_tx(buf, n, &rt) == DVR_OK &&
		      rt.params.rate.kind == DVR_RATE_HT &&
		      rt.params.rate.mcs == 1 && rt.params.bw_mhz == 20,
		      bw == 5 ? "rx 5 MHz HT: says MCS 1 at 20 MHz"
		              : "rx 10 MHz HT: says MCS 1 at 20 MHz");
		struct dvr_rx_info vht = {
			.rate = {.kind = DVR_RATE_VHT, .mcs = 2, .nss = 1},
			.bw_mhz = (uint16_t)bw, .channel = 149, .n_chains = 1,
			.rssi_dbm = {-50}, .signal_dbm = -50};
		n = dvr_radiotap_build_rx(&vht, buf, sizeof buf);
		CHECK(n > 0 && dvr_radiotap_parse_tx(buf, n, &rt) == DVR_OK &&
		      rt.params.rate.kind == DVR_RATE_VHT &&
		      rt.params.bw_mhz == 20,
		      bw == 5 ? "rx 5 MHz VHT: says 20 MHz"
		              : "rx 10 MHz VHT: says 20 MHz");
	}
}

int main(void)
{
	test_rate_only();
	test_mcs();
	test_vht();
	test_flags_fcs_power();
	test_extended();
	test_malformed();
	test_truncations();
	test_tx_round_trip();
	test_merge();
	test_rx_build();
	test_rx_narrowband();
	return check_done();
}
