/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Calibrated TX power of the RTL8822BU: a virtual adapter is brought up on
 * each of the model's board variants (board=, libdevourer/virtual/
 * personality_8822b_efuse.c) and channels, and the per-rate TX AGC
 * registers and the power the API reports are compared with indices
 * worked out by hand from the EFUSE records the model carries and the
 * formulas of rtw88 phy.c rtw_phy_get_2g_tx_power_index /
 * rtw_phy_get_5g_tx_power_index, txgi_factor 1 on this chip (rtw8822b.c
 * rtw8822b_hw_spec):
 *
 *   2.4 GHz CCK:   cck_base[group]
 *   OFDM:          bw40_base[group] + ofdm diff (1S byte [3:0])
 *   MCS at 20 MHz: bw40_base[group] + bw20 diff (1S byte [7:4])
 *                  (+ 2S byte [3:0] for the second stream)
 *   MCS at 40 MHz: bw40_base[group] (+ 2S byte [7:4])
 *   MCS at 80 MHz: (bw40_base[group] + bw40_base[group + 1]) / 2
 *                  + VHT1S byte [7:4] (+ VHT2S byte [7:4])
 *
 * "MCS" is HT and VHT alike, and the group is that of the centre channel
 * (rtw88 passes hal->current_channel). The model's records (struct
 * rtw_txpwr_idx at EFUSE 0x10 and 0x3A):
 *   typical A: CCK 0x25 0x27 0x28 0x29 0x29 0x29, 2.4 GHz BW40 0x24 0x24
 *              0x25 0x27 0x27, 1S 0x14 (BW20 +1, OFDM +4), 2S 0x00;
 *              5 GHz BW40 0x23 0x23 0x23 0x22 0x20 0x20 0x20 0x20 0x21
 *              0x22 0x24 0x23 0x23 0x23, 1S 0x13 (BW20 +1, OFDM +3), 2S
 *              0x00, VHT1S 0x2C (BW80 +2), VHT2S 0x00;
 *   typical B: CCK 0x26 0x26 0x27 0x27 0x27 0x27, BW40 0x25 0x26 0x26
 *              0x26 0x26; 5 GHz 0x27 0x28 0x28 0x27 0x23 0x23 0x23 0x23
 *              0x23 0x24 0x27 0x27 0x27 0x27; differences as A;
 *   graded A:  CCK group 2 0x2C, BW40 group 2 0x2B; 5 GHz group 0 0x26,
 *              groups 10/11 0x26 0x24; VHT1S 0x1C (BW80 +1);
 *   graded B:  CCK group 2 0x2B, BW40 group 2 0x2B; 5 GHz group 0 0x25,
 *              groups 10/11 0x26 0x26; VHT1S 0x1C;
 *   blank:     every byte 0xFF. A base above the 6-bit range takes the
 *              vendor's default, 0x2D = 45 on 2.4 GHz and 0x2A = 42 on
 *              5 GHz (hal/rtl8822b/rtl8822b_txpower.c, from the vendor
 *              hal_com_phycfg.c rtl8822b_pg_txpwr_def_info; rtw88 would
 *              take 0xFF and saturate every rate at 0x3F), and every
 *              difference nibble 0xF is -1.
 *
 * On top of that EFUSE index E, rtw88 phy.c rtw_phy_get_tx_power_index
 * adds min(by-rate offset, limit) and clamps to max_power_index 0x3F:
 * the by-rate table is rtw8822b_bb_pg_type3 and the limits
 * rtw8822b_txpwr_lmt_type0 (rtw8822b_rfe_defs[3], the model's RFE option
 * 3), both in 0.5 dB steps, the by-rate bytes BCD (is_pwr_by_rate_dec).
 * Paths A and B have the same rows; byte n of a row is rate (addr & 0xFC)
 * + n, the section's base rate is 11M, 54M, MCS7, MCS15, VHT MCS7:
 *
 *   2.4 GHz  0xC20 0x32343638: 1M 38, 11M 32 (base)           1M  +6
 *            0xC24 0x36384042: 6M 42; 0xC28 0x28303234: 54M 28  6M  +14
 *            0xC2C 0x34363840: MCS0 40; 0xC30 0x26283032: MCS7 26
 *                                                           MCS0 +14
 *            0xC38 0x26283032: MCS15 26 (base)
 *            0xC40 0x26283032: VHT1SS MCS7 26 (base); 0xC44 0x38402224:
 *            VHT1SS MCS9 22                               VHT MCS9 -4
 *   5 GHz    0xC24 0x34363840: 6M 40; 0xC28 0x26283032: 54M 26  6M  +14
 *            0xC2C 0x32343638: MCS0 38; 0xC30 0x24262830: MCS7 24
 *                                                           MCS0 +14
 *            0xC38 0x24262830: MCS15 24 (base)
 *            0xC40 0x24262830: VHT MCS7 24; 0xC44 0x36382022: VHT1SS
 *            MCS9 20                                      VHT MCS9 -4
 *
 * Limits, FCC / MKK / ETSI (the only domains of the table; worldwide is
 * the least of the three, rtw88 phy.c rtw_phy_set_tx_power_limit), minus
 * the section's base (2.4 GHz: CCK 32, OFDM 28, HT and VHT 26; 5 GHz:
 * OFDM 26, HT and VHT 24); CCK and OFDM at 20 MHz only, HT at 20 and 40,
 * VHT at 20, 40 and 80, the least over the widths up to the channel's
 * (rtw_phy_get_tx_power_limit); VHT has no 2.4 GHz rows (no limit: 63)
 * and at 5 GHz 20/40 MHz takes HT's (rtw_xref_txpwr_lmt):
 *   ch 6/20      CCK 32/30/28: WW -4, FCC 0;  OFDM 34/34/30: WW +2,
 *                FCC +6;  HT1S 34/34/30: WW +4, FCC +8;  HT2S 32/30/18:
 *                WW -8, FCC +6
 *   ch 11/40     CCK at 11 as ch 6; OFDM at 11 28/34/30: WW 0;
 *   (centre 9)   HT1S 20 MHz ch 11 26/34/30, 40 MHz ch 9 26/34/30: WW 0;
 *                HT2S 26/30/18 both: WW -8
 *   ch 36/20     OFDM 30/30/32: WW +4, FCC +4;  HT1S 30/28/32: WW +4,
 *                FCC +6;  HT2S 28/22/20: WW -4, FCC +4
 *   ch 36/80     OFDM as 36/20; HT1S least of 20 MHz ch 36 and 40 MHz
 *   (40 at 38,     ch 38 (22/30/30): WW 22, -2; HT2S also 40 MHz ch 38
 *   80 at 42)      (20/22/20): WW 20, -4; VHT1S also 80 MHz ch 42
 *                  (20/28/30): WW 20, -4
 *   ch 149/20    OFDM, HT1S, HT2S 32/63/63 (63: no limit): worldwide is
 *                FCC's here: +6, +8, +8
 *   ch 149/80    OFDM as 149/20; HT1S, HT2S also 40 MHz ch 151 30/63/63,
 *   (151, 155)     VHT1S also 80 MHz ch 155 30/63/63: +6 (WW = FCC)
 *
 * Registers (rtw88 rtw8822b.c rtw8822b_set_tx_power_index_by_rate): one
 * index a byte, 0x1D00 (path A) / 0x1D80 (path B) + (rate & 0xFC), byte
 * lane rate & 3. On 5 GHz no CCK rate is written (rtw88 phy.c
 * rtw_phy_set_tx_power_level_by_path starts at the OFDM section).
 */
#include "tests/e2e/txpower_harness.h"

/* DESC rate codes checked */
enum { CCK1 = 0x00, OFDM6 = 0x04, OFDM54 = 0x0B, MCS0 = 0x0C, MCS7 = 0x13,
       MCS15 = 0x1B, VHT1SS7 = 0x33, VHT1SS9 = 0x35, N_RATES = 8 };
static const uint8_t rates[N_RATES] = { CCK1, OFDM6, OFDM54, MCS0, MCS7,
	                                MCS15, VHT1SS7, VHT1SS9 };
static const char *const rate_names[N_RATES] = {
	"CCK 1M", "OFDM 6M", "OFDM 54M", "MCS0", "MCS7", "MCS15",
	"VHT1SS MCS7", "VHT1SS MCS9",
};

/* Expected index per rate of rates[] on one path; CCK unchecked on 5 GHz
 * (written 0 in the tables below). */
struct txp_case {
	const char *board;
	struct dvr_channel ch;
	enum dvr_regd regd;
	int a[N_RATES], b[N_RATES];
	int set_mbm;                  /* 0: no power set afterwards */
	int set_a[N_RATES], set_b[N_RATES];
};

#define WW DVR_REGD_WORLDWIDE
#define FCC DVR_REGD_FCC
static const struct txp_case cases[] = {
	/* typical ch 6 (group 2) worldwide. EFUSE A: CCK 0x28 = 40, OFDM
	 * 0x25 + 4 = 41, MCS 0x25 + 1 = 38 (2SS + 0 = 38); B: CCK 0x27 =
	 * 39, OFDM 0x26 + 4 = 42, MCS 39.
	 * A: 1M 40 + min(6, -4) = 36; 6M 41 + min(14, 2) = 43; 54M 41 +
	 * min(0, 2) = 41; MCS0 38 + min(14, 4) = 42; MCS7 38; MCS15 38 - 8
	 * = 30; VHT MCS7 38 (no limit); VHT MCS9 38 - 4 = 34.
	 * B: 39 - 4 = 35; 42 + 2 = 44; 42; 39 + 4 = 43; 39; 31; 39; 35. */
	{ "typical", { 6, 20, 0 }, WW,
	  { 36, 43, 41, 42, 38, 30, 38, 34 },
	  { 35, 44, 42, 43, 39, 31, 39, 35 }, 0, { 0 }, { 0 } },
	/* FCC: A 1M 40 + min(6, 0) = 40; 6M 41 + 6 = 47; 54M 41; MCS0 38 +
	 * 8 = 46; MCS7 38; MCS15 38 + min(0, 6) = 38; VHT as worldwide.
	 * B: 39; 48; 42; 47; 39; 39; 39; 35.
	 * Then 40 dBm, past the index maximum: index 63 asked for MCS7 A,
	 * +25 on every rate, each stopped at EFUSE + limit where it has
	 * one: A 1M 40 + 0 = 40; 6M 41 + 6 = 47; 54M 47; MCS0 38 + 8 = 46;
	 * MCS7 46; MCS15 38 + 6 = 44; VHT MCS7 38 + 25 = 63, the maximum
	 * (no limit at 2.4 GHz); VHT MCS9 34 + 25 = 59.
	 * B: 39; 48; 48; 47; 47; 45; 39 + 25 = 64 -> 63; 35 + 25 = 60. */
	{ "typical", { 6, 20, 0 }, FCC,
	  { 40, 47, 41, 46, 38, 38, 38, 34 },
	  { 39, 48, 42, 47, 39, 39, 39, 35 }, 4000,
	  { 40, 47, 47, 46, 46, 44, 63, 59 },
	  { 39, 48, 48, 47, 47, 45, 63, 60 } },
	/* typical ch 11/40 below (centre 9, group 3) worldwide. EFUSE A: CCK
	 * 0x29 = 41, OFDM 0x27 + 4 = 43, MCS 0x27 = 39 (no BW20 difference
	 * at 40 MHz); B: CCK 0x27 = 39, OFDM 0x26 + 4 = 42, MCS 38.
	 * A: 1M 41 - 4 = 37; 6M 43 + min(14, 0) = 43; 54M 43; MCS0 39 + 0
	 * = 39; MCS7 39; MCS15 39 - 8 = 31; VHT MCS7 39; MCS9 35.
	 * B: 35; 42; 42; 38; 38; 30; 38; 34. */
	{ "typical", { 11, 40, -1 }, WW,
	  { 37, 43, 43, 39, 39, 31, 39, 35 },
	  { 35, 42, 42, 38, 38, 30, 38, 34 }, 0, { 0 }, { 0 } },
	/* typical ch 36 (group 0) worldwide. EFUSE A: OFDM 0x23 + 3 = 38,
	 * MCS 0x23 + 1 = 36; B: OFDM 0x27 + 3 = 42, MCS 40.
	 * A: 6M 38 + min(14, 4) = 42; 54M 38; MCS0 36 + 4 = 40; MCS7 36;
	 * MCS15 36 - 4 = 32; VHT MCS7 36; VHT MCS9 36 - 4 = 32.
	 * B: 46; 42; 44; 40; 36; 40; 36.
	 * Then 25 dBm = index 50 for MCS7 A, +14 on every rate up to EFUSE
	 * + limit: A 6M 42 (38 + 4); 54M min(52, 42) = 42; MCS0 40; MCS7
	 * min(50, 36 + 4) = 40, reported 20 dBm; MCS15 32; VHT MCS7 40;
	 * VHT MCS9 min(46, 40) = 40. B: 46; 46; 44; 44; 36; 44; 44. */
	{ "typical", { 36, 20, 0 }, WW,
	  { 0, 42, 38, 40, 36, 32, 36, 32 },
	  { 0, 46, 42, 44, 40, 36, 40, 36 }, 2500,
	  { 0, 42, 42, 40, 40, 32, 40, 40 },
	  { 0, 46, 46, 44, 44, 36, 44, 44 } },
	/* FCC: A 6M 42; 54M 38; MCS0 36 + 6 = 42; MCS7 36; MCS15 36 +
	 * min(0, 4) = 36; VHT MCS7 36; MCS9 32. B: 46; 42; 46; 40; 40; 40;
	 * 36. The same 25 dBm: MCS7 A now stops at 36 + 6 = 42 (21 dBm);
	 * A: 6M 42; 54M 42; MCS0 42; MCS7 42; MCS15 min(50, 40) = 40; VHT
	 * MCS7 42; MCS9 42. B: 46; 46; 46; 46; 44; 46; 46. */
	{ "typical", { 36, 20, 0 }, FCC,
	  { 0, 42, 38, 42, 36, 36, 36, 32 },
	  { 0, 46, 42, 46, 40, 40, 40, 36 }, 2500,
	  { 0, 42, 42, 42, 42, 40, 42, 42 },
	  { 0, 46, 46, 46, 46, 44, 46, 46 } },
	/* typical 36/80 (groups 0 and 1) worldwide. EFUSE A: OFDM 38, MCS
	 * (0x23 + 0x23) / 2 + 2 = 37; B: OFDM 42, MCS (0x27 + 0x28) / 2 + 2
	 * = 41.
	 * A: 6M 38 + 4 = 42; 54M 38; MCS0 37 + min(14, -2) = 35; MCS7 35;
	 * MCS15 37 - 4 = 33; VHT MCS7 37 - 4 = 33; VHT MCS9 37 + min(-4,
	 * -4) = 33. B: 46; 42; 39; 39; 37; 37; 37.
	 * Then 5 dBm = index 10 for MCS7 A, -25 on every rate: A 6M 17;
	 * 54M 13; MCS0 10; MCS7 10; MCS15 8; VHT 8, 8. B: 21; 17; 14; 14;
	 * 12; 12; 12. */
	{ "typical", { 36, 80, 0 }, WW,
	  { 0, 42, 38, 35, 35, 33, 33, 33 },
	  { 0, 46, 42, 39, 39, 37, 37, 37 }, 500,
	  { 0, 17, 13, 10, 10, 8, 8, 8 },
	  { 0, 21, 17, 14, 14, 12, 12, 12 } },
	/* typical 149/80 (groups 10 and 11) worldwide, which is FCC here.
	 * EFUSE A: OFDM 0x24 + 3 = 39, MCS (0x24 + 0x23) / 2 + 2 = 37; B:
	 * OFDM 0x27 + 3 = 42, MCS (0x27 + 0x27) / 2 + 2 = 41.
	 * A: 6M 39 + 6 = 45; 54M 39; MCS0 37 + 6 = 43; MCS7 37; MCS15 37;
	 * VHT MCS7 37; MCS9 33. B: 48; 42; 47; 41; 41; 41; 37. */
	{ "typical", { 149, 80, 0 }, WW,
	  { 0, 45, 39, 43, 37, 37, 37, 33 },
	  { 0, 48, 42, 47, 41, 41, 41, 37 }, 0, { 0 }, { 0 } },
	{ "typical", { 149, 80, 0 }, FCC,
	  { 0, 45, 39, 43, 37, 37, 37, 33 },
	  { 0, 48, 42, 47, 41, 41, 41, 37 }, 0, { 0 }, { 0 } },

	/* graded ch 6 worldwide. EFUSE A: CCK 0x2C = 44, OFDM 0x2B + 4 =
	 * 47, MCS 0x2B + 1 = 44; B: CCK 0x2B = 43, OFDM 47, MCS 44.
	 * A: 1M 44 - 4 = 40; 6M 47 + 2 = 49; 54M 47; MCS0 44 + 4 = 48;
	 * MCS7 44; MCS15 44 - 8 = 36; VHT 44, 40. B: 39, then as A. */
	{ "graded", { 6, 20, 0 }, WW,
	  { 40, 49, 47, 48, 44, 36, 44, 40 },
	  { 39, 49, 47, 48, 44, 36, 44, 40 }, 0, { 0 }, { 0 } },
	/* graded ch 36 worldwide. EFUSE A: OFDM 0x26 + 3 = 41, MCS 39; B:
	 * OFDM 0x25 + 3 = 40, MCS 38.
	 * A: 6M 45; 54M 41; MCS0 43; MCS7 39; MCS15 35; VHT 39, 35.
	 * B: 44; 40; 42; 38; 34; 38; 34. */
	{ "graded", { 36, 20, 0 }, WW,
	  { 0, 45, 41, 43, 39, 35, 39, 35 },
	  { 0, 44, 40, 42, 38, 34, 38, 34 }, 0, { 0 }, { 0 } },
	/* graded 149/80 worldwide. EFUSE A: OFDM 0x26 + 3 = 41, MCS (0x26 +
	 * 0x24) / 2 + 1 = 38; B: OFDM 41, MCS (0x26 + 0x26) / 2 + 1 = 39.
	 * A: 6M 47; 54M 41; MCS0 44; MCS7 38; MCS15 38; VHT 38, 34.
	 * B: 47; 41; 45; 39; 39; 39; 35. */
	{ "graded", { 149, 80, 0 }, WW,
	  { 0, 47, 41, 44, 38, 38, 38, 34 },
	  { 0, 47, 41, 45, 39, 39, 39, 35 }, 0, { 0 }, { 0 } },

	/* blank worldwide, both paths alike. ch 6: CCK 45, OFDM 45 - 1 =
	 * 44, MCS 45 - 1 = 44, MCS15 44 - 1 = 43: 1M 45 - 4 = 41; 6M 44 +
	 * 2 = 46; 54M 44; MCS0 44 + 4 = 48; MCS7 44; MCS15 43 - 8 = 35; VHT
	 * 44, 40. */
	{ "blank", { 6, 20, 0 }, WW,
	  { 41, 46, 44, 48, 44, 35, 44, 40 },
	  { 41, 46, 44, 48, 44, 35, 44, 40 }, 0, { 0 }, { 0 } },
	/* ch 36: OFDM 42 - 1 = 41, MCS 41, MCS15 40: 6M 45; 54M 41; MCS0
	 * 45; MCS7 41; MCS15 40 - 4 = 36; VHT 41, 37. */
	{ "blank", { 36, 20, 0 }, WW,
	  { 0, 45, 41, 45, 41, 36, 41, 37 },
	  { 0, 45, 41, 45, 41, 36, 41, 37 }, 0, { 0 }, { 0 } },
	/* 149/80: OFDM 41, MCS (42 + 42) / 2 - 1 = 41, MCS15 40: 6M 47;
	 * 54M 41; MCS0 47; MCS7 41; MCS15 40; VHT 41, 37. */
	{ "blank", { 149, 80, 0 }, WW,
	  { 0, 47, 41, 47, 41, 40, 41, 37 },
	  { 0, 47, 41, 47, 41, 40, 41, 37 }, 0, { 0 }, { 0 } },
};

/* The index of rate on the path's block (rtw88
 * rtw8822b_set_tx_power_index_by_rate). */
static int peek_rate(struct vchip *vc, unsigned path, uint8_t rate)
{
	uint16_t reg = (uint16_t)(0x1D00 + 0x80 * path + (rate & 0xFC));
	return (int)((vchip_peek32(vc, reg) >> (8 * (rate & 3))) & 0xFF);
}

static void check_levels(struct vchip *vc, const char *what, bool is_5g,
                         const int *a, const int *b)
{
	char m[200];
	for (unsigned p = 0; p < 2; p++) {
		const int *want = p ? b : a;
		for (unsigned i = 0; i < N_RATES; i++) {
			if (is_5g && rates[i] == CCK1)
				continue;
			snprintf(m, sizeof m, "%s: %s path %c", what,
			         rate_names[i], 'A' + p);
			CHECK_EQ_INT(peek_rate(vc, p, rates[i]), want[i], m);
		}
	}
}

static void run_case(const struct txp_case *c, const char *fw, unsigned n)
{
	char name[32], what[128], m[200];
	snprintf(name, sizeof name, "txp22b%u", n);
	txp_case_name(what, sizeof what, c->board, c->regd, &c->ch);
	struct vchip *vc = NULL;
	dvr_device *dev = txp_start("8822b", name, c->board, c->regd, &c->ch,
	                            fw, what, &vc);
	if (dev) {
		bool is_5g = c->ch.channel > 14;
		check_levels(vc, what, is_5g, c->a, c->b);
		if (is_5g) {
			snprintf(m, sizeof m, "%s: no CCK index written",
			         what);
			CHECK(vchip_peek32(vc, 0x1D00) == 0 &&
			      vchip_peek32(vc, 0x1D80) == 0, m);
		}
		/* Nothing tracked yet: the TX AGC offset (0xC94 / 0xE94
		 * [29:25]) is the BB table's 0 and the swing (0xC1C / 0xE1C
		 * [31:21]) its 0x200, rtw8822b_txscale_tbl[24] (rtw88
		 * rtw8822b_table.c rtw8822b_bb 0xC1C / 0xE1C = 0x40040053,
		 * 0xC94 / 0xE94 = 0x01000100). */
		snprintf(m, sizeof m, "%s: no tracking offset", what);
		CHECK((vchip_peek32(vc, 0x0C94) >> 25 & 0x1F) == 0 &&
		      (vchip_peek32(vc, 0x0E94) >> 25 & 0x1F) == 0, m);
		snprintf(m, sizeof m, "%s: BB swing 0x200 on both paths",
		         what);
		CHECK(vchip_peek32(vc, 0x0C1C) >> 21 == 0x200 &&
		      vchip_peek32(vc, 0x0E1C) >> 21 == 0x200, m);
		/* The power reported is MCS7's on path A, 0.5 dB an
		 * index. */
		txp_check_reported(dev, what, "reported power", c->a[4], 50);

		if (c->set_mbm) {
			txp_set(dev, what, c->set_mbm, m, sizeof m);
			check_levels(vc, m, is_5g, c->set_a, c->set_b);
			txp_check_reported(dev, what,
			                   "power reported after the set",
			                   c->set_a[4], 50);
		}
		dvr_close(dev);
	}
}

/* A power in the configuration is applied by dvr_start() as a later set
 * would be: typical ch 36/20 worldwide at 25 dBm, as the case above. */
static void configured_power(const char *fw)
{
	static const int want_a[N_RATES] = { 0, 42, 42, 40, 40, 32, 40, 40 };
	static const int want_b[N_RATES] = { 0, 46, 46, 44, 44, 36, 44, 44 };
	struct dvr_config cfg = { .firmware_dir = fw, .tx_power = 2500 };
	dvr_device *dev = NULL;
	struct dvr_channel ch = { 36, 20, 0 };
	CHECK_EQ_INT(dvr_open("virtual:txp22bcfg,chip=8822b", &cfg, &dev),
	             DVR_OK, "configured power: open");
	if (!dev)
		return;
	int r = dvr_start(dev, &ch);
	CHECK_EQ_INT(r, DVR_OK, "configured power: start");
	struct vchip *vc = vchip_find("txp22bcfg");
	if (vc && r == DVR_OK) {
		check_levels(vc, "configured 2500 mBm", true, want_a, want_b);
		CHECK_EQ_INT(dvr_tx_power_mbm(dev), 2000,
		             "configured 25 dBm: MCS7 A held at 20 dBm");
	}
	dvr_close(dev);
}

int main(void)
{
	char dir[] = "/tmp/dvr-txp22b-XXXXXX";
	const char *fw = txp_begin(dir);
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i], fw, i);
	configured_power(fw);
	txp_check_unknown_board("8822b", fw);
	e2e_air_remove(dir);
	return check_done();
}
