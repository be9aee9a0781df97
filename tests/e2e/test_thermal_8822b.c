/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822BU thermal power tracking end to end: a virtual adapter whose
 * die the test warms and cools (vchip_set_thermal), the driver's watchdog
 * at a 10 ms period (dvr_config.track_period_ms) instead of rtw88's 2 s,
 * waiting on the driver's thermal stats until the steps it applies are
 * what rtw88's tables give, then reading the TX AGC offset (0xC94 /
 * 0xE94 [29:25]) and the BB swing (0xC1C / 0xE1C [31:21]) it wrote.
 *
 * Worked by hand from rtw88 (rtw8822b.c rtw8822b_pwr_track,
 * rtw8822b_phy_pwrtrack, rtw8822b_phy_pwrtrack_path,
 * rtw8822b_pwrtrack_set, rtw8822b_txagc_swing_offset; phy.c
 * rtw_phy_pwrtrack_avg / _thermal_changed / _get_delta / _get_pwridx /
 * _need_iqk; tables rtw8822b.c rtw8822b_pwrtrk_*, type 0 for every RFE
 * option):
 *  - one tick starts the die's only meter (RF A 0x42 [17:16] = 3), the
 *    next reads it (RF A 0x42 [15:10]) into an average of 3/4 old + 1/4
 *    new in 1/1024 units, truncated (a rise therefore settles one count
 *    below the reading, a fall on it);
 *  - when the reading differs from the new average (or on the first
 *    reading) the step for |average - calibration| (EFUSE 0xBA, 0x20 =
 *    32 on the model's typical board) is looked up per path, from path
 *    A's one meter: warmer, the _p table; cooler, minus the _n table. At
 *    5 GHz band 1 (ch 36) 5ga/5gb row 0, the same for both paths; at
 *    2.4 GHz the CCK tables, rtw88's tracking rate (dm_info->tx_rate)
 *    staying CCK 1M with no rate reports:
 *      5g_p  0 1 2 2 3 4 5 5 6 7 8 9 9 10 11 12 13 14 14 15 16 17 18 ...
 *      5g_n  0 1 2 2 3 4 5 5 6 7 8 8 9 10 11 11 12 ...
 *      cck_a_p 0 1 1 2 2 3 3 4 4 5 5 6 6 7 ...
 *      cck_b_p 0 0 1 1 2 2 3 3 4 4 5 5 6 6 ...
 *      cck_n   0 1 1 1 2 2 3 3 3 4 4 5 5 5 ...
 *  - a changed step N is split (rtw8822b_txagc_swing_offset): warmer, up
 *    to the headroom H = 0x3F - (the tracking rate's index), at most 15,
 *    goes to the TX AGC offset, the rest to the swing above the BB
 *    table's (0x200, index 24 of rtw8822b_txscale_tbl), at most 10 above
 *    it; cooler, the swing goes down N steps, the offset is 0. Swing
 *    values of the scale table used below: [16] 0x143, [20] 0x197, [24]
 *    0x200, [27] 0x261, [30] 0x2D3, [33] 0x35C, [34] 0x38E;
 *  - the IQK runs again when the average is 8 or more from where the
 *    last one ran (iqk_threshold 8; the calibration reading at first);
 *    rtw88 runs no LCK for this chip.
 * The tracking rate's index is CCK 1M's: at 2.4 GHz its CCK level, at 5
 * GHz the OFDM EFUSE level (no 5 GHz CCK by-rate or limit rows); with a
 * power asked, the level that power gives it (hal/rtl8822b/
 * rtl8822b_pwrtrack.c: what the chip then sends), as worked out in
 * tests/e2e/test_txpower_8822b.c.
 */
#include <stdio.h>
#include <stdlib.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/thermal_common.h"

#define SWING_TABLE 0x200u   /* rtw8822b_txscale_tbl[24], the BB table's */

static unsigned agc(struct vchip *vc, unsigned path)
{
	return vchip_peek32(vc, path ? 0x0E94 : 0x0C94) >> 25 & 0x1F;
}

static unsigned swing(struct vchip *vc, unsigned path)
{
	return vchip_peek32(vc, path ? 0x0E1C : 0x0C1C) >> 21;
}

/* IQKs the model's firmware was asked for so far (the model keeps its
 * first 4096 milestones, far more than a test here makes). */
#define MAX_MILESTONES 4096u
static unsigned model_iqks(struct vchip *vc)
{
	static enum vchip_milestone m[MAX_MILESTONES];
	size_t n = vchip_milestones(vc, m, MAX_MILESTONES);
	unsigned k = 0;
	for (size_t i = 0; i < n && i < MAX_MILESTONES; i++)
		k += m[i] == VCHIP_M_CALIBRATION;
	return k;
}

static void check_regs(struct vchip *vc, const char *what, unsigned agc_a,
                       unsigned agc_b, unsigned swing_a, unsigned swing_b)
{
	char m[200];
	snprintf(m, sizeof m, "%s: TX AGC offset A (0xC94 [29:25])", what);
	CHECK_EQ_INT(agc(vc, 0), agc_a, m);
	snprintf(m, sizeof m, "%s: TX AGC offset B (0xE94 [29:25])", what);
	CHECK_EQ_INT(agc(vc, 1), agc_b, m);
	snprintf(m, sizeof m, "%s: BB swing A (0xC1C [31:21])", what);
	CHECK_EQ_HEX(swing(vc, 0), swing_a, m);
	snprintf(m, sizeof m, "%s: BB swing B (0xE1C [31:21])", what);
	CHECK_EQ_HEX(swing(vc, 1), swing_b, m);
}

/*
 * Typical board, ch 36: headroom 0x3F - (0x23 + 3) = 25 on A and 0x3F -
 * (0x27 + 3) = 21 on B, both past 15.
 * Warm to 45: averages 35 37 39 40 41 42 43 43 44, staying at 44: delta
 * 12, 5g_p[12] = 9 on both: offset 9, swing 0x200. The IQK ran at 40
 * (|40 - 32| = 8): one.
 * Warm to 55: 47 49 50 51 52 53 53 54, staying at 54: delta 22, 5g_p[22]
 * = 18: offset 15, swing 24 + 3 = 27, 0x261. IQK at 49 (|49 - 40| = 9):
 * two.
 * Cool to 20: 46 39 34 31 28 26 24 23 22 21 21 21 20, then 20 = the
 * reading: no more updates, the step stays that of 21: delta 11, -5g_n
 * [11] = -8: offset 0, swing 16, 0x143. IQKs at 39, 31, 23: five.
 */
static void typical_5g(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm22b-5g,chip=8822b,board=typical", 36,
	        "typical board up on channel 36", &vc);
	if (!d)
		return;
	uint64_t lck0 = thermal_test_model_lck(vc);
	unsigned iqk0 = model_iqks(vc);
	CHECK_EQ_INT(iqk0, 1, "one IQK at bring-up");
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(st.thermal_cal, 32, "EFUSE 0xBA calibration 0x20");
	CHECK_EQ_INT(st.thermal, 32, "the meter reads the calibration "
	             "temperature");
	CHECK(st.swing_offset[0] == 0 && st.swing_offset[1] == 0,
	      "no step at the calibration temperature");
	check_regs(vc, "at calibration", 0, 0, SWING_TABLE, SWING_TABLE);
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, 0x42) >> 16 & 3, 3,
	             "the meter was started (RF A 0x42 [17:16] = 3)");

	st = thermal_test_move(d, vc, 45, 9, 9, "die warms by 13",
	                       "warm: +9 on both paths");
	CHECK_EQ_INT(st.thermal, 45, "the meter reads 45");
	check_regs(vc, "+9", 9, 9, SWING_TABLE, SWING_TABLE);
	CHECK_EQ_INT(st.iqk_runs, 1, "one IQK on the way to 45");

	st = thermal_test_move(d, vc, 55, 18, 18, "die warms by 23",
	                       "warmer: +18 on both paths");
	check_regs(vc, "+18", 15, 15, 0x261, 0x261);
	CHECK_EQ_INT(st.iqk_runs, 2, "a second IQK on the way to 55");

	st = thermal_test_move(d, vc, 20, -8, -8, "die cools to 20",
	                       "cool: -8 on both paths");
	st = thermal_test_hold(d, st, 20, -8, -8, "20 ticks later still -8");
	CHECK_EQ_INT(st.thermal, 20, "the meter reads 20");
	check_regs(vc, "-8", 0, 0, 0x143, 0x143);
	CHECK_EQ_INT(st.iqk_runs, 5, "three more IQKs on the way down");
	CHECK_EQ_INT(model_iqks(vc) - iqk0, 5,
	             "the firmware was asked for five");
	CHECK_EQ_INT(thermal_test_model_lck(vc) - lck0, 0,
	             "no LCK while tracking");
	dvr_close(d);
}

/*
 * Typical board, ch 6: the CCK tables, which differ between the paths;
 * headroom 0x3F - 36 (CCK 1M: 0x28 + min(6, -4)) = 27 on A and 0x3F - 35
 * on B, both past 15.
 * Warm to 44: averages 35 37 38 40 41 41 42 42 43, staying at 43: delta
 * 11, cck_a_p[11] = 6, cck_b_p[11] = 5: offsets 6 and 5, swing 0x200.
 * Cool to 22: 38 34 31 28 27 25 24 24 23 23 22, then 22 = the reading:
 * the step of 23, delta 9, -cck_n[9] = -4 on both: offset 0, swing 20,
 * 0x197.
 */
static void typical_2g(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm22b-2g,chip=8822b,board=typical", 6,
	        "typical board up on channel 6", &vc);
	if (!d)
		return;
	thermal_test_wait(d, 0, 0, 4);
	thermal_test_move(d, vc, 44, 6, 5, "die warms by 12",
	                  "CCK tables: +6 on path A, +5 on path B");
	check_regs(vc, "ch 6 warm", 6, 5, SWING_TABLE, SWING_TABLE);
	thermal_test_move(d, vc, 22, -4, -4, "die cools to 22",
	                  "CCK tables: -4 on both paths");
	check_regs(vc, "ch 6 cool", 0, 0, 0x197, 0x197);
	dvr_close(d);
}

/*
 * Typical board, ch 36, 29 dBm asked (index 58, +22 over MCS7 A's
 * calibrated 36): the tracking rate's level is 38 + 22 = 60 on A
 * (headroom 3) and 42 + 22 = 64, held at 0x3F, on B (headroom 0).
 * Warm to 45, +9: A offset 3, swing 24 + 6 = 30, 0x2D3; B offset 0,
 * swing 24 + 9 = 33, 0x35C.
 * Warm to 55, +18: A 3 and 24 + 15 = 39, B 0 and 42, both swings held at
 * 24 + 10 = 34, 0x38E.
 */
static void headroom(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm22b-hi,chip=8822b,board=typical", 36,
	        "typical board up on channel 36, power to be set", &vc);
	if (!d)
		return;
	CHECK_EQ_INT(dvr_set_tx_power_mbm(d, 2900), DVR_OK, "29 dBm asked");
	thermal_test_wait(d, 0, 0, 4);
	check_regs(vc, "high power, at calibration", 0, 0, SWING_TABLE,
	           SWING_TABLE);
	thermal_test_move(d, vc, 45, 9, 9, "die warms by 13",
	                  "high power, warm: +9 on both paths");
	check_regs(vc, "high power +9", 3, 0, 0x2D3, 0x35C);
	CHECK_EQ_INT(vchip_set_thermal(vc, 55), 0, "die warms by 23");
	thermal_test_wait(d, 18, 18, 0);
	check_regs(vc, "high power +18", 3, 0, 0x38E, 0x38E);
	dvr_close(d);
}

/* Blank board (EFUSE 0xBA = 0xFF): rtw88 starts the meter on every other
 * tick (power_track_type, never read from this chip's EFUSE, stays 0),
 * then rtw8822b_phy_pwrtrack returns before reading it: nothing is
 * tracked, nothing written, no IQK. */
static void blank_board(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm22b-blank,chip=8822b,board=blank", 36,
	        "blank board up", &vc);
	if (!d)
		return;
	uint32_t r[4] = { vchip_peek32(vc, 0x0C94), vchip_peek32(vc, 0x0E94),
		          vchip_peek32(vc, 0x0C1C), vchip_peek32(vc, 0x0E1C) };
	unsigned iqk0 = model_iqks(vc);
	struct dvr_thermal_stats st = thermal_test_untracked(d, vc);
	CHECK(st.swing_offset[0] == 0 && st.swing_offset[1] == 0,
	      "no step");
	CHECK(vchip_peek32(vc, 0x0C94) == r[0] &&
	      vchip_peek32(vc, 0x0E94) == r[1] &&
	      vchip_peek32(vc, 0x0C1C) == r[2] &&
	      vchip_peek32(vc, 0x0E1C) == r[3],
	      "0xC94 / 0xE94 / 0xC1C / 0xE1C untouched");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, 0x42) >> 16 & 3, 3,
	             "the meter was started all the same");
	CHECK_EQ_INT(st.iqk_runs, 0, "no IQK");
	CHECK_EQ_INT(model_iqks(vc), iqk0, "the firmware was asked for none");
	dvr_close(d);
}

/* Whatever the board, every tick sends the firmware its heartbeat (WL
 * PHY info, H2C 0x58 with TX throughput 100 in [17:8], rtw88 fw.c
 * rtw_fw_update_wl_phy_info): one of the four H2C mailboxes 0x1D0..0x1DC
 * holds it. */
static void heartbeat(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm22b-hb,chip=8822b,board=blank", 6,
	        "heartbeat board up", &vc);
	if (!d)
		return;
	thermal_test_wait(d, 0, 0, 4);
	thermal_test_check_heartbeat(vc);
	dvr_close(d);
}

int main(void)
{
	char dir[] = "/tmp/dvr-thermal22b-XXXXXX";
	thermal_test_begin(dir);
	typical_5g();
	typical_2g();
	headroom();
	blank_board();
	heartbeat();
	e2e_air_remove(dir);
	return check_done();
}
