/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822E's TX power and thermal pieces that need no chip: its
 * vendor by-rate and limit tables through the generic parsers (the limit
 * table as tools/gen_tables.py converts it), the index of a rate on the
 * model's BL-M8812EU2 EFUSE (libdevourer/virtual/personality_8822e_efuse.c),
 * the LCK re-lock rule, the thermal averages and the swing index from the
 * vendor's step tables. Expected values are worked out in the comments.
 */
#include <string.h>

#include "hal/rtl8822e/rtl8822e.h"
#include "hal/rtl8822e/rtl8822e_tables.h"
#include "tests/check.h"

#define CCK1 0x00
#define CCK11 0x03
#define OFDM6 0x04
#define OFDM54 0x0B
#define MCS0 0x0C
#define MCS7 0x13
#define MCS15 0x1B
#define VHT1SS9 0x35

static struct dvr_txpwr_by_rate pbr;
static struct dvr_txpwr_limits lim;
static uint8_t efuse[RTL8822E_EFUSE_LOG];

static void tables_parse(void)
{
	/* bb_pg: the same rows as the 8822C's type-0 table, plain binary:
	 * 0xC20 0x484C5054 11M 72 (CCK base), 1M 84; 0xC30 0x4044484C MCS7
	 * 64 (HT 1SS base). */
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, rtl8822e_bb_pg,
	                                     rtl8822e_bb_pg_len, false),
	             DVR_OK, "bb_pg parses as binary");
	CHECK_EQ_INT(pbr.base[DVR_TXPWR_BAND_2G][0][DVR_RS_CCK], 72,
	             "2.4 GHz CCK base 0x48");
	CHECK_EQ_INT(pbr.offset[DVR_TXPWR_BAND_2G][0][CCK1], 12,
	             "1M 0x54 - 0x48");
	CHECK_EQ_INT(pbr.base[DVR_TXPWR_BAND_5G][1][DVR_RS_HT_1S], 64,
	             "5 GHz path B HT 1SS base 0x40");
	CHECK_EQ_INT(pbr.offset[DVR_TXPWR_BAND_5G][0][VHT1SS9], -8,
	             "VHT1SS MCS9 0x38 - 0x40");

	CHECK_EQ_INT(dvr_txpwr_limits_parse(&lim, rtl8822e_txpwr_lmt,
	                                    rtl8822e_txpwr_lmt_len,
	                                    RTL8822E_MAX_TX_INDEX, &pbr),
	             DVR_OK, "txpwr_lmt parses");
	/* ch 6 CCK 20 MHz 1T: FCC 76, MKK 68, ETSI 60 (vendor numbering
	 * FCC 0, ETSI 1, MKK 2 mapped to rtw88's FCC 0, MKK 1, ETSI 2). */
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_FCC][DVR_TXPWR_BW_20][DVR_RS_CCK][5],
	             4, "ch 6 CCK FCC 76 - 72");
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_MKK][DVR_TXPWR_BW_20][DVR_RS_CCK][5],
	             -4, "ch 6 CCK MKK 68 - 72");
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_ETSI][DVR_TXPWR_BW_20][DVR_RS_CCK]
	                       [5],
	             -12, "ch 6 CCK ETSI 60 - 72");
	/* ch 6 HT 2T rows went to HT 2SS: FCC 76, the least (ETSI) 36. */
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_FCC][DVR_TXPWR_BW_20][DVR_RS_HT_2S]
	                       [5],
	             12, "ch 6 HT2SS FCC 76 - 64");
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_WORLDWIDE][DVR_TXPWR_BW_20]
	                       [DVR_RS_HT_2S][5],
	             -28, "ch 6 HT2SS worldwide 36 - 64");
	/* ch 149 OFDM: ETSI's vendor value is -128 ("WW"), resolved to the
	 * least of the others (UKRAINE 54): 54 - 68; MKK's 127 ("no
	 * limit") is 127 - 68. Index 35 is ch 149 in the 5 GHz order. */
	CHECK_EQ_INT(lim.lmt_5g[DVR_REGD_ETSI][DVR_TXPWR_BW_20][DVR_RS_OFDM]
	                       [35],
	             -14, "ch 149 OFDM ETSI WW -> 54 - 68");
	CHECK_EQ_INT(lim.lmt_5g[DVR_REGD_MKK][DVR_TXPWR_BW_20][DVR_RS_OFDM]
	                       [35],
	             59, "ch 149 OFDM MKK 127 - 68");
	/* 80 MHz VHT 2T at centre 155 (index 38): FCC 62 - 64. */
	CHECK_EQ_INT(lim.lmt_5g[DVR_REGD_FCC][DVR_TXPWR_BW_80]
	                       [DVR_RS_VHT_2S][38],
	             -2, "ch 155/80 VHT2SS FCC 62 - 64");
	/* The worldwide never takes a -128 placeholder. */
	bool sane = true;
	for (unsigned bw = 0; bw < DVR_TXPWR_BWS; bw++)
		for (unsigned rs = 0; rs < DVR_RS_NUM; rs++)
			for (unsigned c = 0; c < DVR_TXPWR_CH_5G; c++)
				sane &= lim.lmt_5g[DVR_REGD_WORLDWIDE][bw][rs]
				                  [c] > -100;
	CHECK(sane, "no worldwide 5 GHz limit near -128");
}

/*
 * The model's BL-M8812EU2 EFUSE TX-power records at 0x10 (path A) and
 * 0x3A (path B), the 8822C layout: CCK and 2.4 GHz BW40 bases 0x2D = 45,
 * the 2.4 GHz 1S difference byte 0x00, the 5 GHz BW40 bases 0x49 = 73
 * (A) and 0x52 = 82 (B) for all 14 groups, the 5 GHz 1S byte 0x02 (OFDM
 * +2 in the low nibble, BW20 0 in the high one), every other byte 0xFF
 * (a difference nibble 0xF is -1).
 */
static void model_efuse(void)
{
	memset(efuse, 0xFF, sizeof efuse);
	for (unsigned p = 0; p < 2; p++) {
		uint8_t *r = &efuse[EFUSE8822E_TX_POWER + 42 * p];
		memset(r, 0x2D, 11);
		r[11] = 0x00;
		memset(r + 18, p ? 0x52 : 0x49, 14);
		r[18 + 14] = 0x02;
	}
}

struct want {
	uint8_t rate;
	int a, b;
};

static void check_rates(const char *what, enum dvr_regd regd, unsigned ch,
                        const struct want *w, size_t n)
{
	char m[160];
	for (size_t i = 0; i < n; i++)
		for (unsigned p = 0; p < 2; p++) {
			snprintf(m, sizeof m, "%s rate 0x%02X path %c", what,
			         w[i].rate, 'A' + p);
			CHECK_EQ_INT(rtl8822e_txpwr_rate_index(
			                     efuse, &pbr, &lim, regd, p,
			                     w[i].rate, ch, ch, 20, NULL),
			             p ? w[i].b : w[i].a, m);
		}
}

/*
 * EFUSE levels (x2 differences): ch 6 CCK 45, OFDM 45 + 0, 1SS 45 + 0,
 * 2SS 45 + 2 x -1 = 43 on both paths; ch 36 OFDM 73 + 4 = 77 (B 86),
 * 1SS 73 (B 82), 2SS 71 (B 80). Then + min(by-rate offset, limit):
 */
static void rate_index(void)
{
	model_efuse();
	/* ch 6 worldwide: limits CCK 60 - 72 = -12, OFDM 60 - 68 = -8,
	 * HT1S 60 - 64 = -4, HT2S 36 - 64 = -28, VHT none at 2.4 GHz:
	 * 1M 45 + min(12, -12) = 33; 11M 33; 6M 45 + min(20, -8) = 37;
	 * 54M 37; MCS0 45 + min(24, -4) = 41; MCS7 41; MCS15 43 - 28 =
	 * 15; VHT1SS MCS9 45 - 8 = 37. */
	static const struct want ww6[] = {
		{ CCK1, 33, 33 }, { CCK11, 33, 33 }, { OFDM6, 37, 37 },
		{ OFDM54, 37, 37 }, { MCS0, 41, 41 }, { MCS7, 41, 41 },
		{ MCS15, 15, 15 }, { VHT1SS9, 37, 37 },
	};
	check_rates("ch 6 worldwide", DVR_REGD_WORLDWIDE, 6, ww6, 8);
	/* ch 6 FCC: CCK +4, OFDM +8, HT1S +12, HT2S +12: 1M 45 + 4 = 49;
	 * 11M 45; 6M 45 + 8 = 53; 54M 45; MCS0 45 + 12 = 57; MCS7 45;
	 * MCS15 43; VHT9 37. */
	static const struct want fcc6[] = {
		{ CCK1, 49, 49 }, { CCK11, 45, 45 }, { OFDM6, 53, 53 },
		{ OFDM54, 45, 45 }, { MCS0, 57, 57 }, { MCS7, 45, 45 },
		{ MCS15, 43, 43 }, { VHT1SS9, 37, 37 },
	};
	check_rates("ch 6 FCC", DVR_REGD_FCC, 6, fcc6, 8);
	/* ch 36 worldwide: OFDM 54 - 68 = -14, HT1S 54 - 64 = -10, HT2S
	 * 30 - 64 = -34, VHT1S takes HT1S's: 6M 77 - 14 = 63 (B 72); 54M
	 * 63 (72); MCS0 73 - 10 = 63 (72); MCS7 63 (72); MCS15 71 - 34 =
	 * 37 (46); VHT9 73 + min(-8, -10) = 63 (72). */
	static const struct want ww36[] = {
		{ OFDM6, 63, 72 }, { OFDM54, 63, 72 }, { MCS0, 63, 72 },
		{ MCS7, 63, 72 }, { MCS15, 37, 46 }, { VHT1SS9, 63, 72 },
	};
	check_rates("ch 36 worldwide", DVR_REGD_WORLDWIDE, 36, ww36, 6);
	/* ch 36 FCC: OFDM 72 - 68 = +4, HT1S 72 - 64 = +8, HT2S 68 - 64 =
	 * +4: 6M 77 + 4 = 81 (B 90); 54M 77 (86); MCS0 73 + 8 = 81 (90);
	 * MCS7 73 (82); MCS15 71 (80); VHT9 73 - 8 = 65 (74). */
	static const struct want fcc36[] = {
		{ OFDM6, 81, 90 }, { OFDM54, 77, 86 }, { MCS0, 81, 90 },
		{ MCS7, 73, 82 }, { MCS15, 71, 80 }, { VHT1SS9, 65, 74 },
	};
	check_rates("ch 36 FCC", DVR_REGD_FCC, 36, fcc36, 6);

	/* Without tables the EFUSE level alone; a blank base is 0x4B. */
	CHECK_EQ_INT(rtl8822e_txpwr_rate_index(efuse, NULL, NULL,
	                                       DVR_REGD_WORLDWIDE, 0, MCS7,
	                                       36, 36, 20, NULL),
	             73, "ch 36 MCS7 A without tables: 0x49");
	uint8_t blank[RTL8822E_EFUSE_LOG];
	memset(blank, 0xFF, sizeof blank);
	CHECK_EQ_INT(rtl8822e_txpwr_rate_index(blank, NULL, NULL,
	                                       DVR_REGD_WORLDWIDE, 0, CCK11,
	                                       6, 6, 20, NULL),
	             0x4B, "blank EFUSE: 11M on 0x4B");
	CHECK_EQ_INT(rtl8822e_txpwr_rate_index(efuse, NULL, NULL,
	                                       DVR_REGD_WORLDWIDE, 2, MCS7,
	                                       36, 36, 20, NULL),
	             -1, "no path C");
	CHECK_EQ_INT(rtl8822e_txpwr_rate_index(efuse, NULL, NULL,
	                                       DVR_REGD_WORLDWIDE, 0, MCS7,
	                                       200, 200, 20, NULL),
	             -1, "no channel 200");
}

/* The re-lock rule (vendor halrf_lck_track_8822e): 4 or more on either
 * path, either way. */
static void lck_rule(void)
{
	const uint8_t ref[2] = { 30, 31 };
	const uint8_t same[2] = { 30, 31 }, up3[2] = { 33, 34 },
	              a_up4[2] = { 34, 31 }, b_down4[2] = { 30, 27 },
	              b_down3[2] = { 27, 28 };
	CHECK(!rtl8822e_lck_due(same, ref), "no drift: no LCK");
	CHECK(!rtl8822e_lck_due(up3, ref), "3 up on both: no LCK");
	CHECK(rtl8822e_lck_due(a_up4, ref), "4 up on A: LCK");
	CHECK(rtl8822e_lck_due(b_down4, ref), "4 down on B: LCK");
	CHECK(!rtl8822e_lck_due(b_down3, ref), "3 down on both: no LCK");
}

/* The averages: two readings for the re-lock, four for tracking, the
 * mean of those held, truncated. */
static void averages(void)
{
	struct rtl8822e_thermal_ring r = { 0 };
	uint8_t avg[2];
	const uint8_t s1[2] = { 30, 40 }, s2[2] = { 33, 41 },
	              s3[2] = { 36, 50 };
	rtl8822e_thermal_avg(&r, RTL8822E_LCK_AVG_N, s1, avg);
	CHECK(avg[0] == 30 && avg[1] == 40, "one reading: itself");
	rtl8822e_thermal_avg(&r, RTL8822E_LCK_AVG_N, s2, avg);
	CHECK(avg[0] == 31 && avg[1] == 40, "two: (30+33)/2, (40+41)/2");
	rtl8822e_thermal_avg(&r, RTL8822E_LCK_AVG_N, s3, avg);
	CHECK(avg[0] == 34 && avg[1] == 45, "the oldest dropped: (33+36)/2,"
	      " (41+50)/2");

	struct rtl8822e_thermal_ring t = { 0 };
	const uint8_t in[5][2] = { { 20, 0 }, { 21, 1 }, { 22, 2 },
		                   { 24, 3 }, { 30, 9 } };
	for (unsigned i = 0; i < 4; i++)
		rtl8822e_thermal_avg(&t, RTL8822E_TRK_AVG_N, in[i], avg);
	CHECK(avg[0] == 21 && avg[1] == 1, "four: 87/4, 6/4");
	rtl8822e_thermal_avg(&t, RTL8822E_TRK_AVG_N, in[4], avg);
	CHECK(avg[0] == 24 && avg[1] == 3, "fifth replaces the first: "
	      "97/4, 15/4");
	/* a corrupt ring does not index out of bounds */
	struct rtl8822e_thermal_ring bad = { .n = 200, .next = 200 };
	rtl8822e_thermal_avg(&bad, 99, in[0], avg);
	CHECK(true, "corrupt ring survived");
}

/* Swing indices from the vendor's delta_swingidx_mp_*_txpwrtrk_8822e
 * (rtl8822e_tables.c). */
static void swing(void)
{
	CHECK_EQ_INT(rtl8822e_swing_index(36, 0, 44, 30), 7,
	             "ch 36 A 14 warmer: 5ga_p[0][14]");
	CHECK_EQ_INT(rtl8822e_swing_index(36, 1, 20, 30), 0,
	             "ch 36 B 10 cooler: -5gb_n[0][10] = 0");
	CHECK_EQ_INT(rtl8822e_swing_index(100, 1, 35, 30), 4,
	             "ch 100 B 5 warmer: 5gb_p[1][5]");
	CHECK_EQ_INT(rtl8822e_swing_index(149, 0, 63, 20), 22,
	             "ch 149 A 43 warmer, capped at 29: 5ga_p[2][29]");
	CHECK_EQ_INT(rtl8822e_swing_index(149, 1, 10, 30), -8,
	             "ch 149 B 20 cooler: -5gb_n[2][20]");
	CHECK_EQ_INT(rtl8822e_swing_index(6, 0, 20, 30), -8,
	             "ch 6 A 10 cooler: -2g_cck_a_n[10]");
	CHECK_EQ_INT(rtl8822e_swing_index(6, 1, 33, 30), 3,
	             "ch 6 B 3 warmer: 2g_cck_b_p[3]");
	CHECK_EQ_INT(rtl8822e_swing_index(6, 0, 30, 30), 0,
	             "at calibration: 0");
	CHECK_EQ_INT(rtl8822e_swing_index(36, 2, 44, 30), 0, "no path C");
}

int main(void)
{
	tables_parse();
	rate_index();
	lck_rule();
	averages();
	swing();
	return check_done();
}
