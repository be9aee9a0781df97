/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812EU thermal power tracking, LCK re-lock and the firmware
 * heartbeat end to end: a virtual adapter whose die the test warms and
 * cools (vchip_set_thermal), the driver's watchdog at a 10 ms period
 * instead of the vendor's 2 s, waiting on the driver's thermal stats
 * until the swing index it writes into 0x18A0 / 0x41A0 [7:0] is what
 * the vendor's tables give.
 *
 * Worked by hand from the vendor's rtl88x2eu (halrf_powertracking_ce.c
 * with configure_txpower_track_8822e, halrf_8822e.c
 * halrf_lck_track_8822e, odm_tx_pwr_track_set_pwr8822e; step tables
 * delta_swingidx_mp_*_txpwrtrk_8822e of halhwimg8822e_rf.c):
 *  - every tick reads both meters (RF 0x42 [6:1]);
 *  - tracking: the average of the last four readings of a path against
 *    its EFUSE calibration, step table[|distance|], + warmer, - cooler;
 *  - re-lock: the average of the last two readings of each path against
 *    the readings at the last LCK, 4 or more apart on either path.
 *  - BL-M8812EU2 (EFUSE 0xD0 = 0x1C = 28, 0xD1 = 0x1D = 29; the model's
 *    path B reads the die + 1), channel 149 (5 GHz row 2):
 *    Warm to 45 (B 46): A's four-average 32 36 40 45 (distance 17:
 *    5ga_p[2][17] = 13), B's 33 37 41 46 (17: 5gb_p[2][17] = 12). The
 *    two-average of A goes 36 then 45: LCK at 36 (8 from 28) and at 45
 *    (9 from 36), two re-locks (three when the die changed between the
 *    two paths' readings of one tick: B then lags a tick and re-locks on
 *    its own).
 *    Cool to 18 (B 19): A's four-average 38 31 24 18 (distance -10:
 *    -5ga_n[2][10] = -4 -> 0xFC), B's 39 32 25 19 (-10: -5gb_n[2][10]
 *    = -4 -> 0xFC); two-averages 31 then 18: two more re-locks.
 *  - BL-M8812EU2, channel 6: the CCK tables (the tracking rate stays CCK
 *    without rate reports). Cool to 18: distance -10 on both paths:
 *    -2g_cck_a_n[10] = -8 -> 0xF8, -2g_cck_b_n[10] = -8 -> 0xF8.
 *  - blank board (0xD0 / 0xD1 = 0xFF; the model's meter reads 0x20 =
 *    32): nothing to compensate against, so 0x18A0 / 0x41A0 are not
 *    written; the re-lock rule needs no calibration and still runs:
 *    warmed to 50, the two-average goes 41 (9 from 32) then 50 (9):
 *    two re-locks (three as above).
 *  - every board, every tick: the firmware heartbeat (WL PHY info, id
 *    0x58, in an H2C mailbox) and the TX power written again as asked.
 * The swing field shares 0x18A0 / 0x41A0 with the CCK reference at
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
	return thermal_test_jgr3_track_word(vc, path) & 0xFF;
}

static void board_5g(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm22e-5g,chip=8822e,board=bl-m8812eu2", 149,
	        "BL-M8812EU2 up on channel 149", &vc);
	if (!d)
		return;
	/* phy_init runs one LCK; the watchdog's are counted from here */
	uint64_t lck0 = thermal_test_model_lck(vc);
	CHECK(lck0 >= 1, "bring-up ran LCK (RTK started on RF A)");
	unsigned cck[2];
	thermal_test_jgr3_cck_refs(vc, cck);
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 6);
	CHECK_EQ_INT(st.thermal_cal, 28, "EFUSE 0xD0 calibration 0x1C");
	CHECK_EQ_INT(st.thermal, 28, "path A reads the calibration "
	             "temperature");
	CHECK(st.swing_offset[0] == 0 && st.swing_offset[1] == 0,
	      "no compensation at the calibration temperature");
	CHECK(field(vc, 0) == 0 && field(vc, 1) == 0,
	      "0x18A0 / 0x41A0 [7:0] = 0");
	CHECK_EQ_INT(st.lck_runs, 0, "no re-lock at a steady temperature");

	st = thermal_test_move(d, vc, 45, 13, 12, "die warms by 17",
	                       "warm: +13 on path A, +12 on path B");
	CHECK_EQ_INT(st.thermal, 45, "the meter reads 45");
	CHECK_EQ_HEX(field(vc, 0), 0x0D, "0x18A0 [7:0] = 13");
	CHECK_EQ_HEX(field(vc, 1), 0x0C, "0x41A0 [7:0] = 12");
	CHECK(thermal_test_jgr3_cck_refs_kept(vc, cck),
	      "the CCK references [22:16] kept");
	st = thermal_test_wait(d, 0, 0, st.ticks + 4);
	uint64_t up = st.lck_runs;
	CHECK(up == 2 || up == 3, "two re-locks on the way up (three with "
	      "the paths a tick apart)");
	CHECK_EQ_INT(thermal_test_model_lck(vc) - lck0, up,
	             "the RF ran as many");

	st = thermal_test_move(d, vc, 18, -4, -4, "die cools to 18",
	                       "cool: -4 on both paths");
	CHECK_EQ_HEX(field(vc, 0), 0xFC, "0x18A0 [7:0] = -4, 8-bit");
	CHECK_EQ_HEX(field(vc, 1), 0xFC, "0x41A0 [7:0] = -4, 8-bit");
	st = thermal_test_hold(d, st, 20, -4, -4, "20 ticks later still -4");
	CHECK_EQ_INT(st.thermal, 18, "the meter reads 18");
	CHECK(st.lck_runs - up == 2 || st.lck_runs - up == 3,
	      "two more re-locks on the way down");
	CHECK_EQ_INT(thermal_test_model_lck(vc) - lck0, st.lck_runs,
	             "the RF ran as many");
	CHECK_EQ_INT(st.iqk_runs, 0, "the tick runs no IQK");
	CHECK(thermal_test_jgr3_cck_refs_kept(vc, cck),
	      "the CCK references still kept");
	dvr_close(d);
}

static void board_2g(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm22e-2g,chip=8822e,board=bl-m8812eu2", 6,
	        "BL-M8812EU2 up on channel 6", &vc);
	if (!d)
		return;
	unsigned cck[2];
	thermal_test_jgr3_cck_refs(vc, cck);
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 6);
	CHECK_EQ_INT(st.thermal_cal, 28, "EFUSE 0xD0 calibration 0x1C");
	thermal_test_move(d, vc, 18, -8, -8, "die cools by 10",
	                  "CCK tables: -8 on both paths");
	CHECK_EQ_HEX(field(vc, 0), 0xF8, "0x18A0 [7:0] = -8");
	CHECK_EQ_HEX(field(vc, 1), 0xF8, "0x41A0 [7:0] = -8");
	CHECK(thermal_test_jgr3_cck_refs_kept(vc, cck),
	      "the CCK references [22:16] kept");
	dvr_close(d);
}

static void blank_board(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm22e-blank,chip=8822e,board=blank", 36,
	        "blank board up", &vc);
	if (!d)
		return;
	uint64_t lck0 = thermal_test_model_lck(vc);
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 6);
	uint32_t r[2] = { vchip_peek32(vc, 0x18A0), vchip_peek32(vc, 0x41A0) };
	CHECK_EQ_INT(st.thermal_cal, -1, "no EFUSE calibration");
	CHECK_EQ_INT(st.thermal, 32, "the meter reads the model's 0x20");
	CHECK_EQ_INT(vchip_set_thermal(vc, 50), 0, "die warms to 50");
	st = thermal_test_wait(d, 0, 0, st.ticks + 12);
	CHECK_EQ_INT(st.thermal, 50, "the meter reads 50");
	CHECK(st.swing_offset[0] == 0 && st.swing_offset[1] == 0,
	      "no compensation");
	CHECK(vchip_peek32(vc, 0x18A0) == r[0] &&
	      vchip_peek32(vc, 0x41A0) == r[1], "0x18A0 / 0x41A0 untouched");
	CHECK(st.lck_runs == 2 || st.lck_runs == 3,
	      "the re-lock rule runs without a calibration");
	CHECK_EQ_INT(thermal_test_model_lck(vc) - lck0, st.lck_runs,
	             "the RF ran as many");
	dvr_close(d);
}

int main(void)
{
	char dir[] = "/tmp/dvr-thermal22e-XXXXXX";
	thermal_test_begin(dir);
	board_5g();
	board_2g();
	blank_board();
	/* the firmware heartbeat and the TX power the tick writes again */
	thermal_test_jgr3_heartbeat("virtual:therm22e-hb,chip=8822e");
	e2e_air_remove(dir);
	return check_done();
}
