/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Calibrated TX power of the RTL8812EU / RTL8822EU: a virtual adapter is
 * brought up on the model's boards (board=, libdevourer/virtual/
 * personality_8822e_efuse.c) and channels, and the TX AGC references,
 * the per-rate differences and the power the API reports are compared
 * with values worked out by hand from the model's EFUSE bytes, the
 * vendor's tables and the rules of the vendor's rtl8822e_init_hal_spec
 * (rtl8822e_halinit.c: block at 0x10 in the 8822C's layout, differences
 * count double, 7-bit index of 0.25 dB):
 *
 *   2.4 GHz CCK:   cck_base[group]
 *   OFDM:          bw40_base[group] + 2 * ofdm diff (1S byte [3:0])
 *   MCS at 20 MHz: bw40_base[group] + 2 * bw20 diff (1S byte [7:4])
 *                  (+ 2 * 2S byte [7:4] for the second stream)
 *   then + min(power by rate, regulatory limit) of dvr_config.regd;
 *   no per-rate back-off (DPD is bypassed on this die's front ends).
 *
 * Registers (the Jaguar3 TX AGC table, vendor phydm_hal_api8822e.c
 * config_phydm_write_txagc_ref_8822e / _diff_8822e): CCK reference
 * 0x18A0 / 0x41A0 [22:16] = 11M, OFDM reference 0x18E8 / 0x41E8 [16:10]
 * = MCS7, differences at 0x3A00 + (rate & 0xFC), signed 7-bit, the
 * smaller of the two paths'.
 *
 * EFUSE (the model): BL-M8812EU2 — CCK and 2.4 GHz BW40 bases 0x2D = 45
 * on both paths, 2.4 GHz 1S byte 0x00, 5 GHz BW40 bases 0x49 = 73 (A)
 * and 0x52 = 82 (B), 5 GHz 1S byte 0x02 (OFDM +2, BW20 0), every other
 * byte 0xFF (nibble 0xF = -1). Blank — bases 0xFF taken for 0x4B = 75,
 * every nibble -1. So the EFUSE levels:
 *   BL-M8812EU2 ch 6: CCK 45, OFDM 45, 1SS 45, 2SS 43 (both paths);
 *               ch 36: OFDM 77 / 86, 1SS 73 / 82, 2SS 71 / 80 (A / B);
 *   blank ch 6: CCK 75, OFDM 73, 1SS 73, 2SS 71.
 *
 * Power by rate (rtl8822e_bb_pg, the same rows as the 8822C's type 0):
 * offsets 1M +12, 11M 0, 6M +20, 54M 0, MCS0 +24, MCS7 0, MCS15 0, VHT
 * 1SS MCS9 -8 over bases CCK 72, OFDM 68, HT / VHT 64.
 * Limits (rtl8822e_txpwr_lmt as tools/gen_tables.py converts it; the
 * worldwide is the least of all ten regulations), minus the base:
 *   ch 6/20   CCK FCC 76 (+4), ww 60 (-12); OFDM FCC 76 (+8), ww 60
 *             (-8); HT1S FCC 76 (+12), ww 60 (-4); HT2S FCC 76 (+12),
 *             ww 36 (-28); VHT none at 2.4 GHz
 *   ch 36/20  OFDM FCC 72 (+4), ww 54 (-14); HT1S FCC 72 (+8), ww 54
 *             (-10); HT2S FCC 68 (+4), ww 30 (-34); VHT1S takes HT1S's
 */
#include "tests/e2e/txpower_harness.h"

/* Levels per rate: 1M, 11M, 6M, 54M, MCS0, MCS7, MCS15, VHT1SS MCS9. */
static const struct txp_jgr3_case cases[] = {
	/* ch 6 worldwide: 1M 45 + min(12, -12) = 33; 11M 33; 6M 45 +
	 * min(20, -8) = 37; 54M 37; MCS0 45 + min(24, -4) = 41; MCS7 41;
	 * MCS15 43 - 28 = 15; VHT9 45 - 8 = 37. */
	{ "bl-m8812eu2", { 6, 20, 0 }, DVR_REGD_WORLDWIDE,
	  { 33, 33, 37, 37, 41, 41, 15, 37 },
	  { 33, 33, 37, 37, 41, 41, 15, 37 }, 0, { 0 }, { 0 } },
	/* ch 6 FCC: 1M 45 + 4 = 49; 11M 45; 6M 45 + 8 = 53; 54M 45; MCS0
	 * 45 + 12 = 57; MCS7 45; MCS15 43; VHT9 37. */
	{ "bl-m8812eu2", { 6, 20, 0 }, DVR_REGD_FCC,
	  { 49, 45, 53, 45, 57, 45, 43, 37 },
	  { 49, 45, 53, 45, 57, 45, 43, 37 }, 0, { 0 }, { 0 } },
	/* ch 36 worldwide: 6M 77 - 14 = 63 (B 86 - 14 = 72); 54M 63 (72);
	 * MCS0 73 - 10 = 63 (72); MCS7 63 (72); MCS15 71 - 34 = 37 (46);
	 * VHT9 73 + min(-8, -10) = 63 (72). */
	{ "bl-m8812eu2", { 36, 20, 0 }, DVR_REGD_WORLDWIDE,
	  { 0, 0, 63, 63, 63, 63, 37, 63 },
	  { 0, 0, 72, 72, 72, 72, 46, 72 }, 0, { 0 }, { 0 } },
	/* ch 36 FCC: 6M 77 + 4 = 81 (90); 54M 77 (86); MCS0 73 + 8 = 81
	 * (90); MCS7 73 (82); MCS15 71 (80); VHT9 73 - 8 = 65 (74).
	 * Then 20 dBm = index 80 for MCS7 A: every rate moves by 80 - 73
	 * = +7, none past EFUSE + limit:
	 *   A: 6M min(88, 77 + 4) = 81; 54M min(84, 81) = 81; MCS0
	 *      min(88, 73 + 8) = 81; MCS7 80; MCS15 min(78, 71 + 4) = 75;
	 *      VHT9 min(72, 81) = 72;
	 *   B: 6M min(97, 90) = 90; 54M min(93, 90) = 90; MCS0 min(97,
	 *      90) = 90; MCS7 89; MCS15 min(87, 84) = 84; VHT9 81. */
	{ "bl-m8812eu2", { 36, 20, 0 }, DVR_REGD_FCC,
	  { 0, 0, 81, 77, 81, 73, 71, 65 },
	  { 0, 0, 90, 86, 90, 82, 80, 74 }, 2000,
	  { 0, 0, 81, 81, 81, 80, 75, 72 },
	  { 0, 0, 90, 90, 90, 89, 84, 81 } },
	/* blank ch 6 worldwide: 1M 75 - 12 = 63; 11M 63; 6M 73 - 8 = 65;
	 * 54M 65; MCS0 73 - 4 = 69; MCS7 69; MCS15 71 - 28 = 43; VHT9 73 -
	 * 8 = 65. */
	{ "blank", { 6, 20, 0 }, DVR_REGD_WORLDWIDE,
	  { 63, 63, 65, 65, 69, 69, 43, 65 },
	  { 63, 63, 65, 65, 69, 69, 43, 65 }, 0, { 0 }, { 0 } },
};

int main(void)
{
	char dir[] = "/tmp/dvr-txp22e-XXXXXX";
	const char *fw = txp_begin(dir);
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
		txp_jgr3_run_case("8822e", i, &cases[i], fw, NULL);
	e2e_air_remove(dir);
	return check_done();
}
