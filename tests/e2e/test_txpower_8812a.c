/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Calibrated TX power on the RTL8812AU: a virtual adapter is brought up
 * on each of the model's board variants (board=) and channels, and the
 * per-rate TX AGC registers, the power-training registers and the power
 * the API reports are compared with indices worked out by hand from the
 * EFUSE blocks the model carries (libdevourer/virtual/
 * personality_8812a_efuse.c) and the formulas of rtw88 phy.c
 * rtw_phy_get_2g_tx_power_index / rtw_phy_get_5g_tx_power_index:
 *
 *   2.4 GHz CCK:  cck_base[group]
 *   2.4 GHz OFDM: bw40_base[group] + ofdm diff (1S byte [3:0])
 *   5 GHz OFDM:   bw40_base[group] + ofdm diff (1S byte [3:0])
 *   MCS at 20 MHz: bw40_base[group] + bw20 diff (1S byte [7:4])
 *                  (+ 2S byte [3:0] for the second stream)
 *   MCS at 80 MHz: (bw40_base[group] + bw40_base[group + 1]) / 2
 *                  + VHT1S byte [7:4] (+ VHT2S byte [7:4])
 *   training (0xC54/0xE54): MCS7 - 10, - 18, - 24, bytes 0..2
 *
 * A blank block takes the vendor's default bases (0x2D on 2.4 GHz, 0x2A
 * on 5 GHz) and reads every difference nibble 0xF as -1.
 *
 * Groups: channel 6 -> 2; channel 36 (20 MHz) -> 0; 149/80 has centre
 * 155 -> groups 10 and 11.
 *
 * On top of that EFUSE index E, rtw88 phy.c rtw_phy_get_tx_power_index
 * adds min(by-rate offset, limit): index = E + min(P(rate) - P(base),
 * L - P(base) on path A), where P is the power-by-rate table
 * (rtw8812a_bb_pg, BCD bytes, byte 0 = lowest rate of the register) and L
 * the regulatory limit (rtw8812a_txpwr_lmt), both in 0.5 dB steps, "base"
 * the section's base rate (11M, 54M, MCS7, MCS15, VHT MCS7). Both paths'
 * rows are the same. By rate (2.4 GHz / 5 GHz where they differ):
 *
 *   CCK   0xC20 0x34363840: 1M 40, 11M 34 (base)     -> 1M +6
 *   OFDM  0xC24 0x42424444: 6M 44; 0xC28 0x30323638 (5 GHz 0x30323640):
 *         54M 30 (base)                               -> 6M +14
 *   HT1S  0xC2C 0x40424444: MCS0 44; 0xC30 0x28303236: MCS7 28 (base)
 *                                                     -> MCS0 +16
 *   HT2S  0xC34 0x38404242: MCS8 42; 0xC38 0x26283034: MCS15 26 (base)
 *                                                     -> MCS8 +16
 *   VHT1S 0xC40 0x28303236: MCS7 28 (base); 0xC44 0x42422426: MCS9 24
 *                                                     -> VHT1SS MCS9 -4
 *
 * Limits (FCC / ETSI / MKK; worldwide = the lowest of the three):
 *   2.4 GHz ch 6, 20 MHz: CCK 36/32/32, OFDM 36/32/32, HT1S 36/32/32,
 *     HT2S 34/32/32; no VHT rows (not limited).
 *   5 GHz ch 36, 20 MHz: OFDM 30/32/32, HT1S 30/32/32, HT2S 28/30/30;
 *     VHT takes HT's (no VHT rows at 20/40 MHz).
 *   5 GHz 149/80: ch 149/20 OFDM 36/32/63, HT1S 36/32/63, HT2S 34/30/63;
 *     ch 151/40 HT1S 36/32/63, HT2S 34/30/63; ch 155/80 VHT1S 36/32/63,
 *     VHT2S 34/30/63 (63: MKK has no limit there, no channel 149). HT is
 *     limited up to 40 MHz, VHT by the least of 20, 40 and 80 MHz.
 * Relative limits L - P(base): ch 6 worldwide: CCK 32-34 = -2, OFDM
 * 32-30 = +2, HT1S 32-28 = +4, HT2S 32-26 = +6; FCC: +2, +6, +8, 34-26 =
 * +8. ch 36 worldwide (= FCC): OFDM 30-30 = 0, HT1S 30-28 = +2, HT2S
 * 28-26 = +2, VHT1S +2; ETSI: +2, +4, +4, +4. 149/80 worldwide (= ETSI):
 * OFDM +2, HT1S +4, HT2S +4, VHT1S 32-28 = +4; FCC: +6, +8, +8, +8.
 */
#include "tests/e2e/txpower_harness.h"

/* DESC rate codes checked */
enum { CCK1 = 0x00, OFDM6 = 0x04, OFDM54 = 0x0B, MCS0 = 0x0C, MCS7 = 0x13,
       MCS8 = 0x14, MCS15 = 0x1B, VHT1SS9 = 0x35, N_RATES = 8 };
static const uint8_t rates[N_RATES] = { CCK1, OFDM6, OFDM54, MCS0, MCS7,
	                                MCS8, MCS15, VHT1SS9 };

/* Expected index per rate of rates[] on one path; CCK 0 = not written
 * (5 GHz). */
struct txp_case {
	const char *board;
	enum dvr_regd regd;
	struct dvr_channel ch;
	int a[N_RATES], b[N_RATES];
};

#define WW DVR_REGD_WORLDWIDE
static const struct txp_case cases[] = {
	/* vendor-default, both paths alike. EFUSE at ch 6: CCK 45, OFDM
	 * 45+2 = 47, 1SS 45, 2SS 45-2 = 43 (bases 0x2D, 1S byte 0x02, 2S
	 * byte 0xEE). Worldwide: CCK1 45+min(6,-2) = 43; 6M 47+min(14,2)
	 * = 49; 54M 47+min(0,2) = 47; MCS0 45+min(16,4) = 49; MCS7 45;
	 * MCS8 43+min(16,6) = 49; MCS15 43; VHT1SS9 45-4 = 41. */
	{ "vendor-default", WW, { 6, 20, 0 },
	  { 43, 49, 47, 49, 45, 49, 43, 41 },
	  { 43, 49, 47, 49, 45, 49, 43, 41 } },
	/* FCC: CCK1 45+min(6,2) = 47; 6M 47+6 = 53; MCS0 45+8 = 53; MCS8
	 * 43+8 = 51; the base rates and VHT as above. */
	{ "vendor-default", DVR_REGD_FCC, { 6, 20, 0 },
	  { 47, 53, 47, 53, 45, 51, 43, 41 },
	  { 47, 53, 47, 53, 45, 51, 43, 41 } },
	/* ch 36: EFUSE OFDM 42+2 = 44, 1SS 42, 2SS 40 (bases 0x2A).
	 * Worldwide: 6M 44+min(14,0) = 44; 54M 44; MCS0 42+2 = 44; MCS7 42;
	 * MCS8 40+2 = 42; MCS15 40; VHT1SS9 42-4 = 38. */
	{ "vendor-default", WW, { 36, 20, 0 },
	  { 0, 44, 44, 44, 42, 42, 40, 38 },
	  { 0, 44, 44, 44, 42, 42, 40, 38 } },
	/* ETSI: 6M 44+2 = 46; MCS0 42+4 = 46; MCS8 40+4 = 44. */
	{ "vendor-default", DVR_REGD_ETSI, { 36, 20, 0 },
	  { 0, 46, 44, 46, 42, 44, 40, 38 },
	  { 0, 46, 44, 46, 42, 44, 40, 38 } },
	/* 149/80: EFUSE (42+42)/2 = 42 with VHT1S 0x00: 1SS 42, 2SS 40,
	 * OFDM 44. Worldwide: 6M 44+2 = 46; MCS0 42+4 = 46; MCS8 40+4 =
	 * 44; VHT1SS9 42-4 = 38. */
	{ "vendor-default", WW, { 149, 80, 0 },
	  { 0, 46, 44, 46, 42, 44, 40, 38 },
	  { 0, 46, 44, 46, 42, 44, 40, 38 } },
	/* FCC: 6M 44+6 = 50; MCS0 42+8 = 50; MCS8 40+8 = 48. */
	{ "vendor-default", DVR_REGD_FCC, { 149, 80, 0 },
	  { 0, 50, 44, 50, 42, 48, 40, 38 },
	  { 0, 50, 44, 50, 42, 48, 40, 38 } },

	/* graded, worldwide. ch 6, A: CCK 46, OFDM 46, 1SS 45, 2SS 43:
	 * CCK1 46-2 = 44, 6M 46+2 = 48, 54M 46, MCS0 45+4 = 49, MCS7 45,
	 * MCS8 43+6 = 49, MCS15 43, VHT1SS9 45-4 = 41. B: CCK 45, OFDM 45,
	 * 1SS 43, 2SS 41: 43, 47, 45, 47, 43, 47, 41, 39. */
	{ "graded", WW, { 6, 20, 0 },
	  { 44, 48, 46, 49, 45, 49, 43, 41 },
	  { 43, 47, 45, 47, 43, 47, 41, 39 } },
	/* ch 36, A: OFDM 47, 1SS 45, 2SS 44: 6M 47+0, 54M 47, MCS0 45+2 =
	 * 47, MCS7 45, MCS8 44+2 = 46, MCS15 44, VHT1SS9 41. B: OFDM 45,
	 * 1SS 43, 2SS 42: 45, 45, 45, 43, 44, 42, 39. */
	{ "graded", WW, { 36, 20, 0 },
	  { 0, 47, 47, 47, 45, 46, 44, 41 },
	  { 0, 45, 45, 45, 43, 44, 42, 39 } },
	/* 149/80, A: OFDM 42, 1SS 37, 2SS 35: 6M 42+2 = 44, 54M 42, MCS0
	 * 37+4 = 41, MCS7 37, MCS8 35+4 = 39, MCS15 35, VHT1SS9 33. B: OFDM
	 * 40, 1SS 35, 2SS 33: 42, 40, 39, 35, 37, 33, 31. */
	{ "graded", WW, { 149, 80, 0 },
	  { 0, 44, 42, 41, 37, 39, 35, 33 },
	  { 0, 42, 40, 39, 35, 37, 33, 31 } },

	/* blank, worldwide. ch 6: CCK 45, OFDM 44, 1SS 44, 2SS 43: CCK1
	 * 45-2 = 43, 6M 44+2 = 46, 54M 44, MCS0 44+4 = 48, MCS7 44, MCS8
	 * 43+6 = 49, MCS15 43, VHT1SS9 44-4 = 40. */
	{ "blank", WW, { 6, 20, 0 },
	  { 43, 46, 44, 48, 44, 49, 43, 40 },
	  { 43, 46, 44, 48, 44, 49, 43, 40 } },
	/* ch 36: OFDM 41, 1SS 41, 2SS 40: 41, 41, 41+2 = 43, 41, 40+2 =
	 * 42, 40, 41-4 = 37. */
	{ "blank", WW, { 36, 20, 0 },
	  { 0, 41, 41, 43, 41, 42, 40, 37 },
	  { 0, 41, 41, 43, 41, 42, 40, 37 } },
	/* 149/80: OFDM 41, 1SS 41, 2SS 40: 41+2 = 43, 41, 41+4 = 45, 41,
	 * 40+4 = 44, 40, 37. */
	{ "blank", WW, { 149, 80, 0 },
	  { 0, 43, 41, 45, 41, 44, 40, 37 },
	  { 0, 43, 41, 45, 41, 44, 40, 37 } },
};

static const char *rate_name(uint8_t rate)
{
	switch (rate) {
	case CCK1: return "CCK 1M";
	case OFDM6: return "OFDM 6M";
	case OFDM54: return "OFDM 54M";
	case MCS0: return "MCS0";
	case MCS7: return "MCS7";
	case MCS8: return "MCS8";
	case MCS15: return "MCS15";
	default: return "VHT1SS MCS9";
	}
}

/* Every rate of want[] on the path at base, each shifted by shift. */
static void check_path(struct vchip *vc, const char *what, uint16_t base,
                       const int *want, int shift)
{
	char m[200];
	for (unsigned i = 0; i < N_RATES; i++) {
		if (rates[i] == CCK1 && !want[i])
			continue;
		snprintf(m, sizeof m, "%s %s", what, rate_name(rates[i]));
		CHECK_EQ_INT(txp_jaguar1_index(vc, base, rates[i]), want[i] + shift, m);
	}
	snprintf(m, sizeof m, "%s training from MCS7", what);
	CHECK_EQ_HEX(vchip_peek32(vc, (uint16_t)(base + 0x34)) & 0xFFFFFF,
	             txp_jaguar1_training(want[4] + shift), m);
}

static dvr_device *start(const struct txp_case *c, const char *fw,
                         const char *name, const char *what,
                         struct vchip **vc)
{
	return txp_start("8812a", name, c->board, c->regd, &c->ch, fw, what,
	                 vc);
}

static void run_case(const struct txp_case *c, const char *fw, unsigned n)
{
	char name[32], what[128], m[200];
	snprintf(name, sizeof name, "txp%u", n);
	txp_case_name(what, sizeof what, c->board, c->regd, &c->ch);
	struct vchip *vc = NULL;
	dvr_device *dev = start(c, fw, name, what, &vc);
	if (!dev)
		return;
	snprintf(m, sizeof m, "%s path A", what);
	check_path(vc, m, 0xC20, c->a, 0);
	snprintf(m, sizeof m, "%s path B", what);
	check_path(vc, m, 0xE20, c->b, 0);
	/* The power reported is MCS7's on path A, 0.5 dB an index. */
	txp_check_reported(dev, what, "reported power", c->a[4], 50);

	/* An explicit 15 dBm = index 30 for MCS7 on path A, below every
	 * limit: every other rate and path keeps its distance from it. */
	int shift = 30 - c->a[4];
	uint32_t cck_a = vchip_peek32(vc, 0xC20);
	snprintf(m, sizeof m, "%s: set 15 dBm", what);
	CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 1500), DVR_OK, m);
	snprintf(m, sizeof m, "%s: 15 dBm reported", what);
	CHECK_EQ_INT(dvr_tx_power_mbm(dev), 1500, m);
	snprintf(m, sizeof m, "%s 15 dBm path A", what);
	check_path(vc, m, 0xC20, c->a, shift);
	snprintf(m, sizeof m, "%s 15 dBm path B", what);
	check_path(vc, m, 0xE20, c->b, shift);
	if (!c->a[0]) {
		snprintf(m, sizeof m, "%s: CCK not written on 5 GHz", what);
		CHECK_EQ_HEX(vchip_peek32(vc, 0xC20), cck_a, m);
	}
	dvr_close(dev);
}

/*
 * Asking for more than the limit: 26 dBm = index 52 on vendor-default
 * ch 6, 7 above the calibrated MCS7 45. Worldwide every rate moves up 7
 * but none past E + L - P(base): MCS7 45+7 = 52 > 45+4 = 49 -> 49 (and
 * the API reports 49 = 24.5 dBm); MCS0 49+7 = 56 -> 45+4 = 49; 54M
 * 47+7 = 54 -> 47+2 = 49; CCK1 43+7 = 50 -> 45-2 = 43; MCS15 43+7 = 50
 * -> 43+6 = 49; VHT1SS9 41+7 = 48 (no limit at 2.4 GHz). Under FCC the
 * MCS7 cap is 45+8 = 53, so 52 is granted in full.
 */
static void above_limit(const char *fw)
{
	static const struct txp_case ww = { "vendor-default", WW, { 6, 20, 0 },
		                            { 0 }, { 0 } };
	static const struct txp_case fcc = { "vendor-default", DVR_REGD_FCC,
		                             { 6, 20, 0 }, { 0 }, { 0 } };
	static const struct { uint8_t rate; int want; } ww_want[] = {
		{ MCS7, 49 }, { MCS0, 49 }, { OFDM54, 49 }, { CCK1, 43 },
		{ MCS15, 49 }, { VHT1SS9, 48 },
	};
	struct vchip *vc = NULL;
	char m[160];
	dvr_device *dev = start(&ww, fw, "txpcap", "above limit", &vc);
	if (dev) {
		CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 2600), DVR_OK,
		             "above limit: set 26 dBm");
		CHECK_EQ_INT(dvr_tx_power_mbm(dev), 2450,
		             "above limit: reports the limited 24.5 dBm");
		for (size_t i = 0; i < sizeof ww_want / sizeof ww_want[0];
		     i++) {
			snprintf(m, sizeof m, "above limit: A %s",
			         rate_name(ww_want[i].rate));
			CHECK_EQ_INT(txp_jaguar1_index(vc, 0xC20, ww_want[i].rate),
			             ww_want[i].want, m);
			snprintf(m, sizeof m, "above limit: B %s",
			         rate_name(ww_want[i].rate));
			CHECK_EQ_INT(txp_jaguar1_index(vc, 0xE20, ww_want[i].rate),
			             ww_want[i].want, m);
		}
		dvr_close(dev);
	}
	dev = start(&fcc, fw, "txpfcc", "FCC above", &vc);
	if (dev) {
		CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 2600), DVR_OK,
		             "FCC: set 26 dBm");
		CHECK_EQ_INT(dvr_tx_power_mbm(dev), 2600,
		             "FCC: 26 dBm is within the limit");
		CHECK_EQ_INT(txp_jaguar1_index(vc, 0xC20, MCS7), 52, "FCC: MCS7 52");
		dvr_close(dev);
	}
}

int main(void)
{
	char dir[] = "/tmp/dvr-txp-XXXXXX";
	const char *fw = txp_begin(dir);

	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i], fw, i);
	above_limit(fw);

	/* A domain the library does not know is refused at open. */
	{
		dvr_device *bad = NULL;
		struct dvr_config c = { .firmware_dir = fw,
			                .regd = (enum dvr_regd)99 };
		CHECK_EQ_INT(dvr_open("virtual:txpregd,chip=8812a", &c, &bad),
		             DVR_E_INVALID, "unknown regulatory domain refused");
		if (bad)
			dvr_close(bad);
	}

	txp_check_unknown_board("8812a", fw);
	e2e_air_remove(dir);
	return check_done();
}
