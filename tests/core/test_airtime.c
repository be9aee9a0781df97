/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * PHY rates and PPDU durations against values worked out by hand from the
 * 802.11 TXTIME formulas (the arithmetic is in the comments).
 */
#include <devourer/devourer.h>

#include "tests/check.h"

static struct dvr_rate legacy(unsigned r500k)
{
	struct dvr_rate r = {.kind = DVR_RATE_LEGACY, .legacy_500k = (uint8_t)r500k};
	return r;
}

static struct dvr_rate ht(unsigned mcs)
{
	struct dvr_rate r = {.kind = DVR_RATE_HT, .mcs = (uint8_t)mcs};
	return r;
}

static struct dvr_rate vht(unsigned nss, unsigned mcs)
{
	struct dvr_rate r = {.kind = DVR_RATE_VHT, .mcs = (uint8_t)mcs,
	                     .nss = (uint8_t)nss};
	return r;
}

static void test_rates(void)
{
	struct dvr_rate r;
	r = legacy(2);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, false), 1000, "CCK 1M");
	r = legacy(11);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, false), 5500, "CCK 5.5M");
	r = legacy(108);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, false), 54000, "OFDM 54M");
	r = legacy(5);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, false), 0, "2.5M is no rate");

	r = ht(0);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, false), 6500, "HT MCS0 20");
	r = ht(7);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, false), 65000, "HT MCS7 20 LGI");
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, true), 72200, "HT MCS7 20 SGI");
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 40, false), 135000, "HT MCS7 40 LGI");
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 40, true), 150000, "HT MCS7 40 SGI");
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 80, false), 0, "HT has no 80 MHz");
	r = ht(2);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, true), 21700, "HT MCS2 20 SGI rounds up");
	r = ht(15);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 40, true), 300000, "HT MCS15 40 SGI");
	r = ht(31);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 40, true), 600000, "HT MCS31 40 SGI");
	r = ht(32);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 40, false), 0, "HT MCS32 unsupported");

	r = vht(1, 9);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 80, true), 433300, "VHT 1SS MCS9 80 SGI");
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 80, false), 390000, "VHT 1SS MCS9 80 LGI");
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 40, true), 200000, "VHT 1SS MCS9 40 SGI");
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, false), 0, "VHT 1SS MCS9 20 invalid");
	r = vht(3, 9);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, true), 288900, "VHT 3SS MCS9 20 SGI");
	r = vht(2, 9);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 80, true), 866700, "VHT 2SS MCS9 80 SGI");
	r = vht(4, 9);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 80, true), 1733300, "VHT 4SS MCS9 80 SGI");
	r = vht(3, 6);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 80, false), 0, "VHT 3SS MCS6 80 invalid");
	r = vht(1, 0);
	/* 117 bits / 4 us = 29.25 Mbit/s, listed as 29.3 */
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 80, false), 29300, "VHT 1SS MCS0 80 LGI");
	r = vht(0, 0);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, false), 0, "VHT NSS 0 invalid");
	r = vht(5, 0);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, false), 0, "VHT NSS 5 unsupported");
	r = vht(1, 10);
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 20, false), 0, "VHT MCS 10 invalid");
	CHECK_EQ_INT(dvr_phy_rate_kbps(NULL, 20, false), 0, "NULL rate");
}

/* The standard leaves out exactly these VHT combinations up to 80 MHz and
 * 4 streams; everything else must have a rate. */
static void test_vht_exclusions(void)
{
	unsigned bws[3] = {20, 40, 80};
	int wrong = 0;
	for (unsigned b = 0; b < 3; b++)
		for (unsigned nss = 1; nss <= 4; nss++)
			for (unsigned mcs = 0; mcs <= 9; mcs++) {
				struct dvr_rate r = vht(nss, mcs);
				bool excluded =
					(bws[b] == 20 && mcs == 9 && nss != 3) ||
					(bws[b] == 80 && nss == 3 && mcs == 6);
				bool has = dvr_phy_rate_kbps(&r, bws[b], false) != 0;
				if (has == excluded) {
					printf("# bw %u nss %u mcs %u wrong\n",
					       bws[b], nss, mcs);
					wrong++;
				}
			}
	CHECK_EQ_INT(wrong, 0, "VHT valid/invalid combinations");
}

static void test_airtime(void)
{
	struct dvr_rate r;

	/* OFDM 6M, 1500 B: (16 + 12000 + 6) / 24 = 500.9 -> 501 symbols;
	 * 20 + 501 * 4 = 2024 us. */
	r = legacy(12);
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, false, 1500), 2024, "OFDM 6M 1500 B");
	/* OFDM 54M: 12022 / 216 = 55.7 -> 56; 20 + 224 = 244. */
	r = legacy(108);
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, false, 1500), 244, "OFDM 54M 1500 B");
	CHECK_EQ_INT(dvr_airtime_us(&r, 40, true, 1500), 244,
	             "OFDM ignores bandwidth and GI");

	/* CCK 1M, 100 B: 192 + 800 = 992 (no short preamble at 1M). */
	r = legacy(2);
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, false, 100), 992, "CCK 1M 100 B");
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, true, 100), 992, "CCK 1M short ignored");
	/* CCK 11M short preamble, 1500 B: 96 + ceil(12000 / 11) = 96 + 1091. */
	r = legacy(22);
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, true, 1500), 1187, "CCK 11M short 1500 B");
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, false, 1500), 1283, "CCK 11M long 1500 B");
	/* CCK 5.5M long, 100 B: 192 + ceil(800 / 5.5 = 145.45) = 338. */
	r = legacy(11);
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, false, 100), 338, "CCK 5.5M 100 B");

	/* HT MCS7 20 MHz LGI 1500 B: 12022 / 260 = 46.2 -> 47 symbols = 188 us;
	 * preamble 20 + 8 (HT-SIG) + 4 (HT-STF) + 4 (1 HT-LTF) = 36 -> 224. */
	r = ht(7);
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, false, 1500), 224, "HT MCS7 20 LGI 1500 B");
	/* SGI: 47 * 3.6 = 169.2 -> 172; 36 + 172 = 208. */
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, true, 1500), 208, "HT MCS7 20 SGI 1500 B");
	/* HT MCS15 40 LGI: 1080 bits/sym; 12022 / 1080 = 11.1 -> 12 = 48 us;
	 * 2 HT-LTFs: 20 + 8 + 4 + 8 = 40 -> 88. */
	r = ht(15);
	CHECK_EQ_INT(dvr_airtime_us(&r, 40, false, 1500), 88, "HT MCS15 40 LGI 1500 B");
	/* HT MCS23 40 LGI: 3 x 540 = 1620 bits/sym, 2 encoders: 12000 + 16 +
	 * 12 = 12028 / 1620 = 7.4 -> 8 = 32 us; 3 streams -> 4 LTFs:
	 * 20 + 8 + 4 + 16 = 48 -> 80. */
	r = ht(23);
	CHECK_EQ_INT(dvr_airtime_us(&r, 40, false, 1500), 80, "HT MCS23 40 LGI 1500 B");
	r = ht(7);
	CHECK_EQ_INT(dvr_airtime_us(&r, 80, false, 1500), 0, "HT at 80 MHz invalid");

	/* VHT 1SS MCS9 80 SGI 1500 B: 1560 bits/sym; 12022 / 1560 = 7.7 -> 8;
	 * 8 * 3.6 = 28.8 -> 32 us; preamble 20 + 8 + 4 + 4 + 4 (SIG-B) = 40
	 * -> 72. */
	r = vht(1, 9);
	CHECK_EQ_INT(dvr_airtime_us(&r, 80, true, 1500), 72, "VHT 1SS MCS9 80 SGI 1500 B");
	/* LGI: 8 * 4 = 32 -> 72 as well; try 3000 B: 24022 / 1560 = 15.4 -> 16;
	 * LGI 64 -> 104; SGI 57.6 -> 60 -> 100. */
	CHECK_EQ_INT(dvr_airtime_us(&r, 80, false, 3000), 104, "VHT 1SS MCS9 80 LGI 3000 B");
	CHECK_EQ_INT(dvr_airtime_us(&r, 80, true, 3000), 100, "VHT 1SS MCS9 80 SGI 3000 B");
	/* VHT 2SS MCS9 80 SGI: 3120 bits/sym, 2 encoders: 12028 / 3120 = 3.9
	 * -> 4; 14.4 -> 16 us; 2 LTFs: 20 + 8 + 4 + 8 + 4 = 44 -> 60. */
	r = vht(2, 9);
	CHECK_EQ_INT(dvr_airtime_us(&r, 80, true, 1500), 60, "VHT 2SS MCS9 80 SGI 1500 B");
	/* VHT 1SS MCS0 20 LGI, 100 B: 26 bits/sym; 822 / 26 = 31.6 -> 32
	 * = 128 us; + 40 = 168. */
	r = vht(1, 0);
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, false, 100), 168, "VHT 1SS MCS0 20 LGI 100 B");
	r = vht(1, 9);
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, false, 100), 0, "VHT invalid combination");
	CHECK_EQ_INT(dvr_airtime_us(NULL, 20, false, 100), 0, "NULL rate");
	r = legacy(13);
	CHECK_EQ_INT(dvr_airtime_us(&r, 20, false, 100), 0, "bad legacy rate");

	/* Monotonic in length, always above the preamble. */
	r = ht(3);
	uint32_t prev = 0;
	int ok = 1;
	for (size_t len = 0; len < 4000; len += 7) {
		uint32_t t = dvr_airtime_us(&r, 20, true, len);
		if (t < prev || t < 36)
			ok = 0;
		prev = t;
	}
	CHECK(ok, "HT airtime grows with length");
}

/* 10 and 5 MHz: the 20 MHz PPDU on a half / quarter clock (OpenIPC
 * devourer docs/narrowband.md): every duration x2 / x4, every rate
 * /2 /4, for CCK, OFDM, HT and VHT alike; the same rate that does not
 * exist at 20 MHz does not at 10 either. */
static void test_narrowband(void)
{
	static const struct dvr_rate rates[] = {
		{.kind = DVR_RATE_LEGACY, .legacy_500k = 22},
		{.kind = DVR_RATE_LEGACY, .legacy_500k = 108},
		{.kind = DVR_RATE_HT, .mcs = 15},
		{.kind = DVR_RATE_VHT, .mcs = 8, .nss = 1},
	};
	for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
		uint32_t t20 = dvr_airtime_us(&rates[i], 20, false, 1500);
		uint32_t r20 = dvr_phy_rate_kbps(&rates[i], 20, true);
		CHECK(t20 > 0 && r20 > 0, "the 20 MHz figures exist");
		CHECK_EQ_INT(dvr_airtime_us(&rates[i], 10, false, 1500),
		             2 * t20, "10 MHz: twice the airtime");
		CHECK_EQ_INT(dvr_airtime_us(&rates[i], 5, false, 1500),
		             4 * t20, "5 MHz: four times the airtime");
		CHECK_EQ_INT(dvr_phy_rate_kbps(&rates[i], 10, true), r20 / 2,
		             "10 MHz: half the rate");
		CHECK_EQ_INT(dvr_phy_rate_kbps(&rates[i], 5, true), r20 / 4,
		             "5 MHz: a quarter of the rate");
	}
	struct dvr_rate vht9 = {.kind = DVR_RATE_VHT, .mcs = 9, .nss = 1};
	CHECK_EQ_INT(dvr_airtime_us(&vht9, 10, false, 100), 0,
	             "VHT MCS 9 single stream: no more at 10 MHz than at 20");
	struct dvr_rate ht0 = {.kind = DVR_RATE_HT, .mcs = 0};
	CHECK_EQ_INT(dvr_airtime_us(&ht0, 15, false, 100), 0,
	             "15 MHz is no width");
}

int main(void)
{
	test_narrowband();
	test_rates();
	test_vht_exclusions();
	test_airtime();
	return check_done();
}
