/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Calibrated TX power and the init-time RF trims of the RTL8822CU: a
 * virtual adapter is brought up on each of the model's board variants
 * (board=, libdevourer/virtual/personality_8822c_efuse.c) and channels,
 * and the TX power references, the per-rate differences, the power the
 * API reports and the RF trim registers are compared with values worked
 * out by hand from the model's EFUSE bytes and the formulas of rtw88
 * phy.c rtw_phy_get_2g_tx_power_index / rtw_phy_get_5g_tx_power_index
 * with the 8822C's txgi_factor 2 (every EFUSE difference counts twice):
 *
 *   2.4 GHz CCK:   cck_base[group]
 *   OFDM:          bw40_base[group] + 2 * ofdm diff (1S byte [3:0])
 *   MCS at 20 MHz: bw40_base[group] + 2 * bw20 diff (1S byte [7:4])
 *                  (+ 2 * 2S byte [3:0] for the second stream)
 *   MCS at 80 MHz: (bw40_base[group] + bw40_base[group + 1]) / 2
 *                  + 2 * VHT1S byte [7:4] (+ 2 * VHT2S byte [7:4])
 *   then + min(power by rate, regulatory limit) of the domain
 *   (dvr_config.regd), worked out at the cases below;
 *   6M, 9M, MCS0/1, MCS8/9, VHT 1SS/2SS MCS0/1: 12 lower (rtw88 phy.c
 *   rtw_phy_get_dis_dpd_by_rate_diff, -6 x txgi_factor)
 *
 * Registers (rtw88 rtw8822c.c rtw8822c_set_tx_power_index): CCK reference
 * 0x18A0 / 0x41A0 [22:16] = 11M, OFDM reference 0x18E8 / 0x41E8 [16:10] =
 * MCS7, differences at 0x3A00 + (rate & 0xFC), signed 7-bit, the smaller
 * of the two paths'. A blank base (0xFF) is taken for 64 and a blank
 * difference nibble 0xF is -1.
 *
 * Groups: channel 6 -> 2; channel 36 (20 MHz) -> 0; 149/80 has centre
 * 155 -> groups 10 and 11.
 */
#include <string.h>

#include "tests/e2e/txpower_harness.h"

/* RF trim results after bring-up (same on every channel). */
struct trim_want {
	uint32_t thermal[2];          /* RF 0x43 [19:16] */
	uint32_t pa_2g[2], pa_5g[2];  /* RF 0x60 [15:12], [19:16] */
	bool x2k_restarted;           /* RF A 0xB8/0xBA rewritten */
};

/*
 * Power by rate (rtw8822c_bb_pg_type0, binary bytes, the same on both
 * paths and bands; byte n of a row is rate (addr & 0xFC) + n):
 *   0xC20 0x484C5054: 1M 0x54 = 84, 11M 0x48 = 72 (CCK base)
 *   0xC24 0x54585858: 6M 0x58 = 88;  0xC28 0x44484C50: 54M 0x44 = 68
 *   0xC2C 0x50545858: MCS0 88;       0xC30 0x4044484C: MCS7 0x40 = 64
 *   0xC38 0x4044484C: MCS15 64;      0xC44 0x5858383C: VHT1SS MCS9
 *   (byte 1) 0x38 = 56, VHT1SS MCS7 (0xC40 byte 3) 64
 * so the offsets over each section's base: 1M +12, 11M 0, 6M +20, 54M 0,
 * MCS0 +24, MCS7 0, MCS15 0, VHT MCS9 -8; bases CCK 72, OFDM 68, HT and
 * VHT 64.
 *
 * Limits (rtw8822c_txpwr_lmt_type0, the model's boards are RFE type 0),
 * minus the section's base; worldwide is the least of all twelve
 * domains:
 *   ch 6/20     CCK  FCC 76 (+4), worldwide 60 (-12)
 *               OFDM FCC 76 (+8), worldwide 60 (-8)
 *               HT1S FCC 76 (+12), worldwide 60 (-4)
 *               HT2S FCC 76 (+12), worldwide 36 (-28)
 *               VHT: no 2.4 GHz rows, no limit
 *   ch 36/20    OFDM FCC 74 (+6), worldwide 54 (-14)
 *               HT1S FCC 72 (+8), worldwide 54 (-10)
 *               HT2S FCC 68 (+4), worldwide 30 (-34)
 *               VHT1S: no 20 MHz rows, takes HT1S's
 *   ch 149/80   OFDM at 20 MHz ch 149: FCC 76 (+8), worldwide 28 (-40)
 *   (centre     HT1S least of 20 MHz ch 149 and 40 MHz ch 151:
 *   155)          FCC min(76, 72) = 72 (+8), worldwide min(28, 28) (-36)
 *               HT2S FCC min(76, 72) (+8), worldwide min(4, 4) (-60)
 *               VHT1S also 80 MHz ch 155: FCC 72 (+8), worldwide 28
 *                 (-36)
 *
 * level = EFUSE level + min(offset, limit) + no-DPD back-off (-12 on 6M,
 * MCS0), clamped to 0..127 (rtw88 phy.c rtw_phy_get_tx_power_index).
 * EFUSE levels (rtw88 rtw_phy_get_2g/_5g_tx_power_index, txgi_factor 2;
 * 1M and 11M the CCK level, 6M and 54M the OFDM level, MCS0/MCS7/VHT
 * MCS9 the 1SS level, MCS15 the 2SS level; groups: ch 6 -> 2, ch 36 ->
 * 0, 149/80 -> 10 and 11):
 *   typical: CCK 0x3A = 58, BW40 0x3C = 60 at 2.4 GHz; 0x46 = 70 at
 *            5 GHz, no differences;
 *   graded:  see each case; blank: bases 64, every nibble -1 (x2 = -2).
 */
/* Levels per rate: 1M, 11M, 6M, 54M, MCS0, MCS7, MCS15, VHT1SS MCS9. */
static const struct txp_jgr3_case cases[] = {
	/* typical ch 6 worldwide: 1M 58 + min(12, -12) = 46; 11M 58 - 12 =
	 * 46; 6M 60 + min(20, -8) - 12 = 40; 54M 60 - 8 = 52; MCS0 60 +
	 * min(24, -4) - 12 = 44; MCS7 60 - 4 = 56; MCS15 60 - 28 = 32; VHT9
	 * 60 - 8 = 52. */
	{ "typical", { 6, 20, 0 }, DVR_REGD_WORLDWIDE,
	  { 46, 46, 40, 52, 44, 56, 32, 52 },
	  { 46, 46, 40, 52, 44, 56, 32, 52 }, 0, { 0 }, { 0 } },
	/* typical ch 6 FCC: 1M 58 + min(12, 4) = 62; 11M 58; 6M 60 +
	 * min(20, 8) - 12 = 56; 54M 60; MCS0 60 + min(24, 12) - 12 = 60;
	 * MCS7 60; MCS15 60; VHT9 52. */
	{ "typical", { 6, 20, 0 }, DVR_REGD_FCC,
	  { 62, 58, 56, 60, 60, 60, 60, 52 },
	  { 62, 58, 56, 60, 60, 60, 60, 52 }, 0, { 0 }, { 0 } },
	/* typical ch 36 worldwide: 6M 70 - 14 - 12 = 44; 54M 70 - 14 = 56;
	 * MCS0 70 - 10 - 12 = 48; MCS7 60; MCS15 70 - 34 = 36; VHT9 70 +
	 * min(-8, -10) = 60. */
	{ "typical", { 36, 20, 0 }, DVR_REGD_WORLDWIDE,
	  { 0, 0, 44, 56, 48, 60, 36, 60 },
	  { 0, 0, 44, 56, 48, 60, 36, 60 }, 0, { 0 }, { 0 } },
	/* typical ch 36 FCC: 6M 70 + min(20, 6) - 12 = 64; 54M 70; MCS0 70
	 * + min(24, 8) - 12 = 66; MCS7 70; MCS15 70 + min(0, 4) = 70; VHT9
	 * 70 - 8 = 62.
	 * Then 20 dBm = index 80 for MCS7 A, above its limit: every rate
	 * moves by 80 - 70 = +10, none past EFUSE + limit + back-off:
	 * 6M min(74, 70 + 6 - 12 = 64) = 64; 54M min(80, 76) = 76; MCS0
	 * min(76, 70 + 8 - 12 = 66) = 66; MCS7 min(80, 78) = 78; MCS15
	 * min(80, 74) = 74; VHT9 min(72, 78) = 72. */
	{ "typical", { 36, 20, 0 }, DVR_REGD_FCC,
	  { 0, 0, 64, 70, 66, 70, 70, 62 },
	  { 0, 0, 64, 70, 66, 70, 70, 62 }, 2000,
	  { 0, 0, 64, 76, 66, 78, 74, 72 },
	  { 0, 0, 64, 76, 66, 78, 74, 72 } },
	/* typical 149/80 worldwide: 6M 70 - 40 - 12 = 18; 54M 30; MCS0 70
	 * - 36 - 12 = 22; MCS7 34; MCS15 70 - 60 = 10; VHT9 70 - 36 = 34. */
	{ "typical", { 149, 80, 0 }, DVR_REGD_WORLDWIDE,
	  { 0, 0, 18, 30, 22, 34, 10, 34 },
	  { 0, 0, 18, 30, 22, 34, 10, 34 }, 0, { 0 }, { 0 } },
	/* typical 149/80 FCC: 6M 70 + 8 - 12 = 66; 54M 70; MCS0 70 + 8 -
	 * 12 = 66; MCS7 70; MCS15 70; VHT9 70 - 8 = 62. */
	{ "typical", { 149, 80, 0 }, DVR_REGD_FCC,
	  { 0, 0, 66, 70, 66, 70, 70, 62 },
	  { 0, 0, 66, 70, 66, 70, 70, 62 }, 0, { 0 }, { 0 } },

	/* graded ch 6 (group 2), worldwide. EFUSE A: CCK 0x4A = 74; BW40
	 * 0x46 = 70; 1S 0x12 (BW20 +1, OFDM +2): OFDM 74, 1SS 72; 2S 0xFE
	 * (BW20 -2): 2SS 68. B: CCK 0x48 = 72; BW40 0x44 = 68; 1S 0x02:
	 * OFDM 72, 1SS 68; 2S 0xEE: 2SS 64.
	 * A: 1M/11M 74 - 12 = 62; 6M 74 - 8 - 12 = 54; 54M 66; MCS0 72 - 4
	 * - 12 = 56; MCS7 68; MCS15 68 - 28 = 40; VHT9 72 - 8 = 64.
	 * B: 60, 60; 72 - 20 = 52; 64; 68 - 16 = 52; 64; 36; 60. */
	{ "graded", { 6, 20, 0 }, DVR_REGD_WORLDWIDE,
	  { 62, 62, 54, 66, 56, 68, 40, 64 },
	  { 60, 60, 52, 64, 52, 64, 36, 60 }, 0, { 0 }, { 0 } },
	/* graded ch 36 (group 0), worldwide. EFUSE A: base 0x50 = 80; 1S
	 * 0x13: OFDM 86, 1SS 82; 2S 0xFF: 2SS 80. B: 0x4E = 78; 1S 0x12:
	 * OFDM 82, 1SS 80; 2S 0xFE: 2SS 76.
	 * A: 6M 86 - 26 = 60; 54M 72; MCS0 82 - 22 = 60; MCS7 72; MCS15
	 * 80 - 34 = 46; VHT9 82 - 10 = 72.
	 * B: 82 - 26 = 56; 68; 80 - 22 = 58; 70; 76 - 34 = 42; 70. */
	{ "graded", { 36, 20, 0 }, DVR_REGD_WORLDWIDE,
	  { 0, 0, 60, 72, 60, 72, 46, 72 },
	  { 0, 0, 56, 68, 58, 70, 42, 70 }, 0, { 0 }, { 0 } },
	/* graded 149/80 (groups 10, 11), worldwide. EFUSE A: (0x5A + 0x5C)
	 * / 2 = 91, VHT1S 0xF0 (BW80 -1): 1SS 89; VHT2S 0xE0: 2SS 85; OFDM
	 * 90 + 6 = 96. B: (0x58 + 0x59) / 2 = 88; VHT1S 0x10: 1SS 90;
	 * VHT2S 0xF0: 2SS 88; OFDM 92.
	 * A: 6M 96 - 52 = 44; 54M 56; MCS0 89 - 48 = 41; MCS7 53; MCS15
	 * 85 - 60 = 25; VHT9 53.
	 * B: 92 - 52 = 40; 52; 90 - 48 = 42; 54; 88 - 60 = 28; 54. */
	{ "graded", { 149, 80, 0 }, DVR_REGD_WORLDWIDE,
	  { 0, 0, 44, 56, 41, 53, 25, 53 },
	  { 0, 0, 40, 52, 42, 54, 28, 54 }, 0, { 0 }, { 0 } },

	/* blank, worldwide. EFUSE: CCK 64, OFDM 62, 1SS 62, 2SS 60.
	 * ch 6: 1M/11M 64 - 12 = 52; 6M 62 - 20 = 42; 54M 54; MCS0 62 - 16
	 * = 46; MCS7 58; MCS15 60 - 28 = 32; VHT9 62 - 8 = 54. */
	{ "blank", { 6, 20, 0 }, DVR_REGD_WORLDWIDE,
	  { 52, 52, 42, 54, 46, 58, 32, 54 },
	  { 52, 52, 42, 54, 46, 58, 32, 54 }, 0, { 0 }, { 0 } },
	/* ch 36: 6M 62 - 26 = 36; 54M 48; MCS0 62 - 22 = 40; MCS7 52;
	 * MCS15 60 - 34 = 26; VHT9 52. */
	{ "blank", { 36, 20, 0 }, DVR_REGD_WORLDWIDE,
	  { 0, 0, 36, 48, 40, 52, 26, 52 },
	  { 0, 0, 36, 48, 40, 52, 26, 52 }, 0, { 0 }, { 0 } },
	/* 149/80: 6M 62 - 52 = 10; 54M 22; MCS0 62 - 48 = 14; MCS7 26;
	 * MCS15 60 - 60 = 0; VHT9 26. */
	{ "blank", { 149, 80, 0 }, DVR_REGD_WORLDWIDE,
	  { 0, 0, 10, 22, 14, 26, 0, 26 },
	  { 0, 0, 10, 22, 14, 26, 0, 26 }, 0, { 0 }, { 0 } },
};

/*
 * Trims from the model's physical EFUSE bytes (rtw88 rtw8822c.c
 * rtw8822c_thermal_trim: RF field = fuse [3:1] | fuse bit 0 << 3;
 * rtw8822c_pa_bias: fuse [3:0]):
 *  typical: thermal A 0xF2 -> 1 | 0 = 0x1, B 0xF5 -> 2 | 8 = 0xA; PA
 *           bias 2.4 GHz 0xF5 / 0xF6 -> 5 / 6, 5 GHz 0xF7 / 0xF8 -> 7 / 8;
 *  graded:  thermal A 0xF7 -> 3 | 8 = 0xB, B 0xF0 -> 0; PA bias 0xF3 /
 *           0xF4 -> 3 / 4, 0xF9 / 0xFA -> 9 / 0xA; its X2 calibration
 *           reports busy, so it is restarted;
 *  blank:   nothing written: the fields keep the RF table's 0.
 */
static const struct {
	const char *board;
	struct trim_want t;
} trims[] = {
	{ "typical", { { 0x1, 0xA }, { 5, 6 }, { 7, 8 }, false } },
	{ "graded", { { 0xB, 0x0 }, { 3, 4 }, { 9, 0xA }, true } },
	{ "blank", { { 0, 0 }, { 0, 0 }, { 0, 0 }, false } },
};

static void check_trims(struct vchip *vc, const char *what,
                        const struct trim_want *t)
{
	char m[200];
	for (unsigned p = 0; p < 2; p++) {
		snprintf(m, sizeof m, "%s: thermal trim path %c", what,
		         'A' + p);
		CHECK_EQ_HEX((vchip_peek_rf(vc, p, 0x43) >> 16) & 0xF,
		             t->thermal[p], m);
		snprintf(m, sizeof m, "%s: 2.4 GHz PA bias path %c", what,
		         'A' + p);
		CHECK_EQ_HEX((vchip_peek_rf(vc, p, 0x60) >> 12) & 0xF,
		             t->pa_2g[p], m);
		snprintf(m, sizeof m, "%s: 5 GHz PA bias path %c", what,
		         'A' + p);
		CHECK_EQ_HEX((vchip_peek_rf(vc, p, 0x60) >> 16) & 0xF,
		             t->pa_5g[p], m);
		snprintf(m, sizeof m, "%s: power-trim entries closed, path %c",
		         what, 'A' + p);
		CHECK_EQ_HEX(vchip_peek_rf(vc, p, 0xEE) & (1u << 19), 0, m);
	}
	/* Left alone, RF A 0xB8 / 0xBA keep the RF table's 0xC0440 /
	 * 0xE840D (rtw88 rtw8822c_table.c); restarted they end at rtw88
	 * rtw8822c_rf_x2_check's 0x80440 / 0x6840D. */
	snprintf(m, sizeof m, "%s: X2 calibration %s (0xBA)", what,
	         t->x2k_restarted ? "restarted" : "left alone");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, 0xBA),
	             t->x2k_restarted ? 0x6840Du : 0xE840Du, m);
	snprintf(m, sizeof m, "%s: X2 calibration %s (0xB8)", what,
	         t->x2k_restarted ? "restarted" : "left alone");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, 0xB8),
	             t->x2k_restarted ? 0x80440u : 0xC0440u, m);
}

/* The trims of the case's board (after bring-up, whatever the channel). */
static void check_board_trims(struct vchip *vc, const char *what,
                              const struct txp_jgr3_case *c)
{
	for (size_t i = 0; i < sizeof trims / sizeof trims[0]; i++)
		if (strcmp(trims[i].board, c->board) == 0)
			check_trims(vc, what, &trims[i].t);
}

int main(void)
{
	char dir[] = "/tmp/dvr-txp22c-XXXXXX";
	const char *fw = txp_begin(dir);
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
		txp_jgr3_run_case("8822c", i, &cases[i], fw,
		                  check_board_trims);
	txp_check_unknown_board("8822c", fw);
	e2e_air_remove(dir);
	return check_done();
}
