/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822CU thermal power tracking and LCK end to end: a virtual adapter
 * whose die the test warms and cools (vchip_set_thermal), the driver's
 * watchdog at a 10 ms period (dvr_config.track_period_ms) instead of the
 * references' 2 s, waiting on the driver's thermal stats until the
 * compensation it writes into 0x18A0 / 0x41A0 [6:0] is what the
 * references' tables give.
 *
 * Worked by hand from rtw88 (rtw8822c.c rtw8822c_pwr_track and its
 * helpers, phy.c rtw_phy_pwrtrack_*; tables rtw8822c.c pwrtrk_*, type 0
 * for every RFE):
 *  - a reading every second tick, per path, into an average of 3/4 old +
 *    1/4 new in 1/1024 units, truncated; the compensation is rewritten on
 *    every reading.
 *  - typical board (EFUSE 0xD0 = 0x1E = 30, 0xD1 = 0x20 = 32; the model's
 *    path B reads the die + 2), channel 36 (5 GHz row 0). LCK reference:
 *    (30 + 32) >> 1 = 31.
 *    Warm to 45 (path B reads 47): A's average 33 36 38 40 41 42 42 43 43
 *    44, stays 44; B's 35 38 40 42 43 44 44 45 45 46, stays 46. LCK at
 *    A = 40 (|40 - 31| = 9 >= 8; 38 is 7), reference 40, then |44 - 40|
 *    < 8: one. Delta A 44 - 30 = 14: 5ga_p[0][14] = 14 -> 0x0E; delta B
 *    46 - 32 = 14: 5gb_p[0][14] = 13 -> 0x0D.
 *    Cool to 20 (B 22): A's average 38 33 30 27 25 24 23 22 21 21 21 20,
 *    stays 20; B's ends at 22. LCK at 30 (|30 - 40| = 10) and at 22
 *    (|22 - 30| = 8): two more, three in all. Delta A 10: -5ga_n[0][10]
 *    = -11 -> 0x75; delta B 10: -5gb_n[0][10] = -11 -> 0x75.
 *  - graded board (0xD0 = 0x24 = 36, 0xD1 = 0x1F = 31: path B reads the
 *    die - 5), channel 6: the CCK tables (rtw88's tracking rate stays CCK
 *    without rate reports). LCK reference (36 + 31) >> 1 = 33. Cool to 26
 *    (B 21): averages end at 26 and 21, delta 10 on both:
 *    -2g_cck_a_n[10] = -8 -> 0x78, -2g_cck_b_n[10] = -9 -> 0x77; A's
 *    average never passes 25, so no LCK (|26 - 33| = 7).
 *  - blank board (0xC8 = 0xFF: power-tracking type not 0; 0xD0 / 0xD1 =
 *    0xFF): rtw88 returns before touching the chip, so the meter is never
 *    started and 0x18A0 / 0x41A0 keep their table value.
 * The tracking field shares 0x18A0 / 0x41A0 with the CCK reference at
 * [22:16]: the test checks that stays.
 */
#include <stdio.h>
#include <stdlib.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/thermal_common.h"

static unsigned field(struct vchip *vc, unsigned path)
{
	return thermal_test_jgr3_track_word(vc, path) & 0x7F;
}

static void typical_5g(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm22-5g,chip=8822c,board=typical", 36,
	        "typical board up on channel 36", &vc);
	if (!d)
		return;
	uint64_t lck0 = thermal_test_model_lck(vc);
	CHECK_EQ_INT(lck0, 0, "no LCK at bring-up");
	unsigned cck[2];
	thermal_test_jgr3_cck_refs(vc, cck);
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(st.thermal_cal, 30, "EFUSE 0xD0 calibration 0x1E");
	CHECK_EQ_INT(st.thermal, 30, "path A reads the calibration "
	             "temperature");
	CHECK(st.swing_offset[0] == 0 && st.swing_offset[1] == 0,
	      "no compensation at the calibration temperature");
	CHECK(field(vc, 0) == 0 && field(vc, 1) == 0,
	      "0x18A0 / 0x41A0 [6:0] = 0");
	CHECK(vchip_peek_rf(vc, 0, 0x42) & (1u << 19) &&
	      vchip_peek_rf(vc, 1, 0x42) & (1u << 19),
	      "the meters of both paths were started (RF 0x42 bit 19)");

	st = thermal_test_move(d, vc, 45, 14, 13, "die warms by 15",
	                       "warm: +14 on path A, +13 on path B");
	CHECK_EQ_INT(st.thermal, 45, "the meter reads 45");
	CHECK_EQ_HEX(field(vc, 0), 0x0E, "0x18A0 [6:0] = 14");
	CHECK_EQ_HEX(field(vc, 1), 0x0D, "0x41A0 [6:0] = 13");
	CHECK(thermal_test_jgr3_cck_refs_kept(vc, cck),
	      "the CCK references [22:16] kept");
	CHECK_EQ_INT(st.lck_runs, 1, "one LCK on the way up");
	CHECK_EQ_INT(thermal_test_model_lck(vc) - lck0, 1, "the RF ran one LCK");

	st = thermal_test_move(d, vc, 20, -11, -11, "die cools to 20",
	                       "cool: -11 on both paths");
	CHECK_EQ_HEX(field(vc, 0), 0x75, "0x18A0 [6:0] = -11, 7-bit");
	CHECK_EQ_HEX(field(vc, 1), 0x75, "0x41A0 [6:0] = -11, 7-bit");
	st = thermal_test_hold(d, st, 20, -11, -11,
	                       "20 ticks later still -11");
	CHECK_EQ_INT(st.thermal, 20, "the meter reads 20");
	CHECK_EQ_INT(st.lck_runs, 3, "two more LCKs on the way down");
	CHECK_EQ_INT(thermal_test_model_lck(vc) - lck0, 3, "the RF ran three");
	CHECK_EQ_INT(st.iqk_runs, 0, "rtw88's 8822C tracking runs no IQK");
	CHECK(thermal_test_jgr3_cck_refs_kept(vc, cck),
	      "the CCK references still kept");
	dvr_close(d);
}

static void graded_2g(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm22-2g,chip=8822c,board=graded", 6,
	        "graded board up on channel 6", &vc);
	if (!d)
		return;
	unsigned cck[2];
	thermal_test_jgr3_cck_refs(vc, cck);
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(st.thermal_cal, 36, "EFUSE 0xD0 calibration 0x24");
	st = thermal_test_move(d, vc, 26, -8, -9, "die cools by 10",
	                       "CCK tables: -8 on path A, -9 on path B");
	CHECK_EQ_HEX(field(vc, 0), 0x78, "0x18A0 [6:0] = -8");
	CHECK_EQ_HEX(field(vc, 1), 0x77, "0x41A0 [6:0] = -9");
	CHECK(thermal_test_jgr3_cck_refs_kept(vc, cck),
	      "the CCK references [22:16] kept");
	st = thermal_test_wait(d, 0, 0, st.ticks + 10);
	CHECK_EQ_INT(st.lck_runs, 0, "no LCK for a change of 7");
	CHECK_EQ_INT(thermal_test_model_lck(vc), 0, "the RF ran none");
	dvr_close(d);
}

static void blank_board(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm22-blank,chip=8822c,board=blank", 36,
	        "blank board up", &vc);
	if (!d)
		return;
	uint32_t r[2] = { vchip_peek32(vc, 0x18A0), vchip_peek32(vc, 0x41A0) };
	struct dvr_thermal_stats st = thermal_test_untracked(d, vc);
	CHECK(st.swing_offset[0] == 0 && st.swing_offset[1] == 0,
	      "no compensation");
	CHECK(vchip_peek32(vc, 0x18A0) == r[0] &&
	      vchip_peek32(vc, 0x41A0) == r[1], "0x18A0 / 0x41A0 untouched");
	CHECK(!(vchip_peek_rf(vc, 0, 0x42) & (1u << 19)) &&
	      !(vchip_peek_rf(vc, 1, 0x42) & (1u << 19)),
	      "the meters never started");
	CHECK_EQ_INT(thermal_test_model_lck(vc), 0, "no LCK");
	dvr_close(d);
}

int main(void)
{
	char dir[] = "/tmp/dvr-thermal22-XXXXXX";
	thermal_test_begin(dir);
	typical_5g();
	graded_2g();
	blank_board();
	/* the firmware heartbeat and the TX power the tick writes again */
	thermal_test_jgr3_heartbeat("virtual:therm22-hb,chip=8822c");
	e2e_air_remove(dir);
	return check_done();
}
