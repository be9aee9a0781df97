/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821CU / RTL8811CU thermal power tracking end to end: a virtual
 * adapter whose die the test warms and cools (vchip_set_thermal, the
 * model's RF 0x42 meter, personality_8821c_thermal.c), the driver's
 * watchdog at a 10 ms period instead of rtw88's 2 s, waiting on the
 * driver's thermal stats until the compensation it writes is what rtw88's
 * tables give.
 *
 * Worked by hand from rtw88 (rtw8821c.c rtw8821c_pwr_track,
 * rtw8821c_phy_pwrtrack, rtw8821c_pwrtrack_set,
 * rtw8821c_txagc_swing_offset, rtw8821c_txscale_tbl; phy.c
 * rtw_phy_config_swing_table, rtw_phy_pwrtrack_avg,
 * rtw_phy_pwrtrack_get_delta, rtw_phy_pwrtrack_get_pwridx,
 * rtw_phy_pwrtrack_need_iqk; every RFE option takes
 * rtw8821c_pwr_track_type0_tbl):
 *  - path A only; one tick writes the meter trigger (RF 0x42 [17:16] = 3),
 *    the next reads [15:10] into an average of 3/4 old + 1/4 new in 1/1024
 *    units, truncated (DECLARE_EWMA(thermal, 10, 4)). Rising, the average
 *    stops one below the die ((3x + 1024 t) / 4 never reaches 1024 t);
 *    falling, it reaches it.
 *  - delta = |average - EFUSE 0xBA|; steps = warmer table[delta] or
 *    -cooler table[delta]: on 5 GHz the sub-band's row (36-64 row 0,
 *    100-144 row 1, 149-177 row 2), on 2.4 GHz the CCK tables (rtw88's
 *    tracking rate stays 1M without rate reports).
 *  - the steps go to the TX AGC offset 0xC94 [6:1] (signed 6-bit) while
 *    the index has room, at most 15 up (63 - index) or down (-index);
 *    the rest to the BB swing 0xC1C [31:21], an index into
 *    rtw8821c_txscale_tbl from its default 24 (0x200: EFUSE 0xC7 = 0,
 *    rtw8821c_get_bb_swing), at most 10 above it and not below 0. rtw88
 *    takes the room from its last TX rate's index; the HAL from the
 *    index HT MCS7 was given (hal/rtl8821c/rtl8821c_pwrtrack.c apply).
 *  - an IQK whenever the average is 8 or more from where the last one ran
 *    (iqk_threshold 8), starting from EFUSE 0xBA; no LCK (rtw88 has none
 *    for this chip).
 *  - a board whose 0xBA is unburnt (0xFF) is not tracked: rtw88 still
 *    starts the meter (rtw8821c_pwr_track writes the trigger before
 *    rtw8821c_phy_pwrtrack looks at 0xBA) and returns before reading it.
 *
 * The tables rows used (rtw8821c.c):
 *   5ga_p[0]  0 1 1 2 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 11 11 12 ...
 *   5ga_n[0]  0 1 1 2 3 3 3 4 4 5 5 6 6 6 7 8 8 8 9 9 9 10 10 11 ...
 *   5ga_p[2]  0 1 1 1 2 3 3 3 4 4 4 5 6 6 7 7 8 8 9 10 10 11 11 12 12 ...
 *   2g_cck_a_p 0 1 1 1 1 2 2 2 3 3 3 4 4 4 5 5 5 6 ...
 *   2g_cck_a_n 0 0 1 1 1 1 2 2 2 2 3 3 3 3 4 4 4 5 ...
 * (row 0's 9 at delta 19 is 10 in rows 1 and 2, its 8 at delta 17 cooling
 * is 9 there; the CCK tables' 4 at delta 11 warming and 2 at delta 9
 * cooling are 3 in the OFDM tables 2ga_p / 2ga_n: the cases below tell
 * the tables apart.)
 */
#include <stdio.h>
#include <stdlib.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/thermal_common.h"

#define REG_TXAGCIDX 0x0C94
#define REG_TXSCALE_A 0x0C1C
#define RF_T_METER 0x42

/* Twice the readings the average needs to settle from any of the steps
 * below (at most 13): waited after the compensation first shows, so a
 * value the average only passes through is not taken for the end. */
#define SETTLE_TICKS 40u

/* 0xC94 [6:1]: the TX AGC offset, signed 6-bit. */
static int agc_offset(struct vchip *vc)
{
	int v = (int)(vchip_peek32(vc, REG_TXAGCIDX) >> 1 & 0x3F);
	return v >= 32 ? v - 64 : v;
}

/* 0xC1C [31:21]: the BB swing scale. */
static uint32_t swing(struct vchip *vc)
{
	return vchip_peek32(vc, REG_TXSCALE_A) >> 21;
}

/* The TX AGC index dwords of every rate written (0x1D00-0x1D34):
 * tracking moves power through 0xC94 / 0xC1C, never through these. */
static void agc_snapshot(struct vchip *vc, uint32_t out[14])
{
	for (unsigned i = 0; i < 14; i++)
		out[i] = vchip_peek32(vc, (uint16_t)(0x1D00 + 4 * i));
}

static bool agc_same(struct vchip *vc, const uint32_t before[14])
{
	uint32_t now[14];
	agc_snapshot(vc, now);
	for (unsigned i = 0; i < 14; i++)
		if (now[i] != before[i])
			return false;
	return true;
}

/* Wait for path A's steps to show @want, then SETTLE_TICKS more; the
 * stats as then read. */
static struct dvr_thermal_stats settle(dvr_device *d, int want)
{
	struct dvr_thermal_stats st = thermal_test_wait(d, want, 0, 0);
	return thermal_test_wait(d, 0, 0, st.ticks + SETTLE_TICKS);
}

/*
 * typical board (0xBA = 0x1B = 27), channel 36 (row 0), worldwide: HT
 * MCS7 has index 34 (EFUSE 0x22, its limit 27 - 24 = +3 above a by-rate
 * offset of 0; tests/e2e/test_txpower_8821c.c), room 15 either way.
 * Warm to 47: averages 32 35 38 40 42 43 44 44 45 45 46, then 46; delta
 * 19: 5ga_p[0][19] = +9, all TX AGC. IQKs at 35 (|35 - 27| = 8) and 43
 * (8): two.
 * Cool to 10: averages 37 30 25 21 18 16 14 13 12 12 11 11 10; delta 17:
 * -5ga_n[0][17] = -8, all TX AGC (0x38 in 6 bits). IQKs at 30 (13 from
 * 43), 21 (9) and 13 (8): five in all.
 */
static void typical_5g(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm21-5g,chip=8821c", 36,
	        "typical board up on channel 36", &vc);
	if (!d)
		return;
	CHECK_EQ_INT(dvr_tx_power_mbm(d), 34 * 50, "MCS7 at index 34");
	uint32_t agc[14];
	agc_snapshot(vc, agc);
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(st.thermal_cal, 27, "EFUSE 0xBA calibration 0x1B");
	CHECK_EQ_INT(st.thermal, 27, "the die reads the calibration "
	             "temperature");
	CHECK_EQ_INT(st.swing_offset[0], 0, "no compensation there");
	CHECK_EQ_HEX(swing(vc), 0x200, "BB swing at its default 0x200");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, RF_T_METER) >> 16 & 3, 3,
	             "the meter was started (RF 0x42 [17:16])");

	CHECK_EQ_INT(vchip_set_thermal(vc, 47), 0, "die warms by 20");
	st = settle(d, 9);
	CHECK_EQ_INT(st.swing_offset[0], 9, "warm: +9 (5ga_p[0][19])");
	CHECK_EQ_INT(st.thermal, 47, "the meter reads 47");
	CHECK_EQ_INT(agc_offset(vc), 9, "0xC94 [6:1] = 9");
	CHECK_EQ_HEX(swing(vc), 0x200, "BB swing unmoved");
	CHECK_EQ_INT(st.iqk_runs, 2, "two IQKs on the way up");

	CHECK_EQ_INT(vchip_set_thermal(vc, 10), 0, "die cools to 10");
	st = settle(d, -8);
	CHECK_EQ_INT(st.swing_offset[0], -8, "cool: -8 (5ga_n[0][17])");
	CHECK_EQ_INT(st.thermal, 10, "the meter reads 10");
	CHECK_EQ_INT(agc_offset(vc), -8, "0xC94 [6:1] = -8");
	CHECK_EQ_HEX(vchip_peek32(vc, REG_TXAGCIDX) >> 1 & 0x3F, 0x38,
	             "-8 in 6 bits");
	CHECK_EQ_HEX(swing(vc), 0x200, "BB swing still unmoved");
	CHECK_EQ_INT(st.iqk_runs, 5, "three more IQKs on the way down");
	CHECK_EQ_INT(st.lck_runs, 0, "no LCK from tracking");
	CHECK(agc_same(vc, agc), "the per-rate TX AGC indices untouched");
	dvr_close(d);
}

/*
 * typical board, channel 36, 1 dBm asked: MCS7 at index 2 (34 - 32), so
 * the TX AGC offset can go down by 2 only. Cool to 17: averages 24 22 21
 * 20 19 18 18 18 17, then 17; delta 10: -5ga_n[0][10] = -5: TX AGC -2,
 * BB swing 24 - 5 + 2 = 21 (24 is above the 3 left over):
 * rtw8821c_txscale_tbl[21] = 0x1AF.
 */
static void low_power_swing(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm21-low,chip=8821c", 36,
	        "typical board up for the low-power case", &vc);
	if (!d)
		return;
	CHECK_EQ_INT(dvr_set_tx_power_mbm(d, 100), DVR_OK, "1 dBm asked");
	CHECK_EQ_INT(dvr_tx_power_mbm(d), 100, "MCS7 at index 2");
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(vchip_set_thermal(vc, 17), 0, "die cools by 10");
	st = settle(d, -5);
	CHECK_EQ_INT(st.swing_offset[0], -5, "-5 (5ga_n[0][10])");
	CHECK_EQ_INT(st.thermal, 17, "the meter reads 17");
	CHECK_EQ_INT(agc_offset(vc), -2, "TX AGC down by the 2 it has");
	CHECK_EQ_HEX(swing(vc), 0x1AF, "BB swing index 21 takes the other 3");
	dvr_close(d);
}

/*
 * 8811cu board (0xBA = 0x20 = 32), channel 165 (row 2), FCC, 30 dBm
 * asked: MCS7 held at its limit, index 0x2B + 9 = 52 (2600 mBm;
 * tests/e2e/test_txpower_8821c.c), 11 below the index maximum. Warm to
 * 57: averages 38 42 46 49 51 52 53 54 55 55 55 56, then 56; delta 24:
 * 5ga_p[2][24] = +12: TX AGC +11, BB swing 24 + 1 = 25:
 * rtw8821c_txscale_tbl[25] = 0x21E. IQKs at 42 (10) and 51 (9): two.
 */
static void high_power_swing(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up_regd(
	        "virtual:therm21-hi,chip=8821c,board=8811cu", 165,
	        DVR_REGD_FCC, "8811cu board up on channel 165", &vc);
	if (!d)
		return;
	CHECK_EQ_INT(dvr_set_tx_power_mbm(d, 3000), DVR_OK, "30 dBm asked");
	CHECK_EQ_INT(dvr_tx_power_mbm(d), 2600, "MCS7 held at index 52");
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(st.thermal_cal, 32, "EFUSE 0xBA calibration 0x20");
	CHECK_EQ_INT(vchip_set_thermal(vc, 57), 0, "die warms by 25");
	st = settle(d, 12);
	CHECK_EQ_INT(st.swing_offset[0], 12, "+12 (5ga_p[2][24])");
	CHECK_EQ_INT(agc_offset(vc), 11, "TX AGC up by the 11 it has");
	CHECK_EQ_HEX(swing(vc), 0x21E, "BB swing index 25 takes the last 1");
	CHECK_EQ_INT(st.iqk_runs, 2, "two IQKs");
	dvr_close(d);
}

/*
 * 8811cu board, channel 6, worldwide: MCS7 at index 44 (0x2C, limit +4
 * above its offset 0), room 15 up and down. Warm to 44: averages 35 37
 * 38 40 41 41 42 42 43, then 43; delta 11: 2g_cck_a_p[11] = +4. Cool to
 * 23: averages 38 34 31 29 27 26 25 25 24 24 23; delta 9:
 * -2g_cck_a_n[9] = -2. IQKs at 40 (8), 31 (9) and 23 (8): three.
 */
static void cck_2g(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm21-2g,chip=8821c,board=8811cu", 6,
	        "8811cu board up on channel 6", &vc);
	if (!d)
		return;
	CHECK_EQ_INT(dvr_tx_power_mbm(d), 44 * 50, "MCS7 at index 44");
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(vchip_set_thermal(vc, 44), 0, "die warms by 12");
	st = settle(d, 4);
	CHECK_EQ_INT(st.swing_offset[0], 4, "CCK table: +4 (2g_cck_a_p[11])");
	CHECK_EQ_INT(agc_offset(vc), 4, "0xC94 [6:1] = 4");
	CHECK_EQ_INT(vchip_set_thermal(vc, 23), 0, "die cools to 23");
	st = settle(d, -2);
	CHECK_EQ_INT(st.swing_offset[0], -2, "CCK table: -2 (2g_cck_a_n[9])");
	CHECK_EQ_INT(agc_offset(vc), -2, "0xC94 [6:1] = -2");
	CHECK_EQ_HEX(swing(vc), 0x200, "BB swing unmoved");
	CHECK_EQ_INT(st.iqk_runs, 3, "three IQKs");
	dvr_close(d);
}

/* blank board: nothing tracked, nothing written but the meter trigger. */
static void blank_board(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm21-blank,chip=8821c,board=blank", 36,
	        "blank board up", &vc);
	if (!d)
		return;
	uint32_t agc = vchip_peek32(vc, REG_TXAGCIDX);
	uint32_t scale = vchip_peek32(vc, REG_TXSCALE_A);
	struct dvr_thermal_stats st = thermal_test_untracked(d, vc);
	CHECK_EQ_INT(st.swing_offset[0], 0, "no compensation");
	CHECK_EQ_HEX(vchip_peek32(vc, REG_TXAGCIDX), agc, "0xC94 untouched");
	CHECK_EQ_HEX(vchip_peek32(vc, REG_TXSCALE_A), scale,
	             "0xC1C untouched");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, RF_T_METER) >> 16 & 3, 3,
	             "the meter is started all the same, as rtw88 does");
	CHECK_EQ_INT(st.iqk_runs, 0, "no IQK");
	dvr_close(d);
}

int main(void)
{
	char dir[] = "/tmp/dvr-thermal21-XXXXXX";
	thermal_test_begin(dir);
	typical_5g();
	low_power_swing();
	high_power_swing();
	cck_2g();
	blank_board();
	e2e_air_remove(dir);
	return check_done();
}
