/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Realtek descriptor rate codes: every code 0x00-0x53 against the rate it
 * names, built here from the numbering itself (4 CCK, 8 OFDM, 32 HT MCS,
 * 4 x 10 VHT NSS/MCS, in that order), both directions; the rates that have
 * no code; the classification and stream count of each code.
 */
#include "../check.h"
#include "hal/common/rate_codes.h"

/* 802.11 legacy rates in 500 kbit/s: DSSS/CCK 1, 2, 5.5, 11 Mbit/s, then
 * OFDM 6 ... 54 Mbit/s. */
static const uint8_t legacy[12] = { 2, 4, 11, 22, 12, 18, 24, 36, 48, 72,
                                    96, 108 };

static struct dvr_rate expected_rate(unsigned code)
{
	struct dvr_rate r = { 0 };
	if (code < 12) {
		r.kind = DVR_RATE_LEGACY;
		r.legacy_500k = legacy[code];
	} else if (code < 12 + 32) {
		r.kind = DVR_RATE_HT;
		r.mcs = (uint8_t)(code - 12);
	} else {
		r.kind = DVR_RATE_VHT;
		r.nss = (uint8_t)((code - 44) / 10 + 1);
		r.mcs = (uint8_t)((code - 44) % 10);
	}
	return r;
}

int main(void)
{
	unsigned bad_to = 0, bad_from = 0, bad_class = 0, bad_nss = 0;

	for (unsigned code = 0; code < 0x54; code++) {
		struct dvr_rate want = expected_rate(code), got;
		uint8_t back = 0xFF;
		if (!dvr_desc_rate_to((uint8_t)code, &got) ||
		    got.kind != want.kind || got.legacy_500k != want.legacy_500k ||
		    got.mcs != want.mcs || got.nss != want.nss)
			bad_to++;
		if (dvr_desc_rate_from(&want, &back) != DVR_OK || back != code)
			bad_from++;
		unsigned classes = dvr_desc_rate_is_cck((uint8_t)code) +
		                   dvr_desc_rate_is_ofdm((uint8_t)code) +
		                   dvr_desc_rate_is_ht((uint8_t)code) +
		                   dvr_desc_rate_is_vht((uint8_t)code);
		bool right = code < 4 ? dvr_desc_rate_is_cck((uint8_t)code) :
		             code < 12 ? dvr_desc_rate_is_ofdm((uint8_t)code) :
		             code < 44 ? dvr_desc_rate_is_ht((uint8_t)code) :
		             dvr_desc_rate_is_vht((uint8_t)code);
		if (classes != 1 || !right)
			bad_class++;
		unsigned nss = want.kind == DVR_RATE_LEGACY ? 1 :
		               want.kind == DVR_RATE_HT ? want.mcs / 8u + 1 :
		               want.nss;
		if (dvr_desc_rate_nss((uint8_t)code) != nss)
			bad_nss++;
	}
	CHECK_EQ_INT(bad_to, 0, "code -> rate for all 84 codes");
	CHECK_EQ_INT(bad_from, 0, "rate -> code for all 84 rates");
	CHECK_EQ_INT(bad_class, 0, "each code in exactly its class");
	CHECK_EQ_INT(bad_nss, 0, "streams of each code");

	/* Landmarks of the numbering. */
	struct dvr_rate r = { .kind = DVR_RATE_LEGACY, .legacy_500k = 12 };
	uint8_t c = 0;
	CHECK(dvr_desc_rate_from(&r, &c) == DVR_OK && c == 0x04, "OFDM 6M = 0x04");
	r = (struct dvr_rate){ .kind = DVR_RATE_HT, .mcs = 7 };
	CHECK(dvr_desc_rate_from(&r, &c) == DVR_OK && c == 0x13, "HT MCS7 = 0x13");
	r = (struct dvr_rate){ .kind = DVR_RATE_VHT, .nss = 2, .mcs = 9 };
	CHECK(dvr_desc_rate_from(&r, &c) == DVR_OK && c == 0x3F,
	      "VHT 2SS MCS9 = 0x3F");
	r = (struct dvr_rate){ .kind = DVR_RATE_VHT, .nss = 4, .mcs = 9 };
	CHECK(dvr_desc_rate_from(&r, &c) == DVR_OK && c == 0x53,
	      "VHT 4SS MCS9 = 0x53, the last code");

	/* Rates without a code. */
	static const struct dvr_rate none[] = {
		{ .kind = DVR_RATE_LEGACY, .legacy_500k = 0 },
		{ .kind = DVR_RATE_LEGACY, .legacy_500k = 3 },
		{ .kind = DVR_RATE_LEGACY, .legacy_500k = 110 },
		{ .kind = DVR_RATE_HT, .mcs = 32 },
		{ .kind = DVR_RATE_VHT, .nss = 0, .mcs = 0 },
		{ .kind = DVR_RATE_VHT, .nss = 5, .mcs = 0 },
		{ .kind = DVR_RATE_VHT, .nss = 1, .mcs = 10 },
		{ .kind = 77 },
	};
	for (unsigned i = 0; i < sizeof none / sizeof none[0]; i++) {
		char what[64];
		c = 0xAA;
		snprintf(what, sizeof what, "rate %u has no code", i);
		CHECK_EQ_INT(dvr_desc_rate_from(&none[i], &c), DVR_E_INVALID,
		             what);
		snprintf(what, sizeof what, "rate %u: code untouched", i);
		CHECK_EQ_HEX(c, 0xAA, what);
	}
	CHECK_EQ_INT(dvr_desc_rate_from(NULL, &c), DVR_E_INVALID, "NULL rate");

	/* Codes that are no rate: reported as CCK 1M, flagged. */
	unsigned flagged = 0;
	for (unsigned code = 0x54; code < 0x100; code++) {
		struct dvr_rate got;
		if (!dvr_desc_rate_to((uint8_t)code, &got) &&
		    got.kind == DVR_RATE_LEGACY && got.legacy_500k == 2 &&
		    dvr_desc_rate_nss((uint8_t)code) == 0 &&
		    !dvr_desc_rate_is_vht((uint8_t)code))
			flagged++;
	}
	CHECK_EQ_INT(flagged, 0x100 - 0x54, "codes past 0x53: no rate, 1M");
	return check_done();
}
