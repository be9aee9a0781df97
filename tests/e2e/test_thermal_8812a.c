/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812AU thermal power tracking end to end: a virtual adapter whose
 * die the test warms and cools (vchip_set_thermal), the driver's watchdog
 * at a 10 ms period (dvr_config.track_period_ms) instead of the
 * references' 2 s, and waits on the driver's thermal stats until the BB
 * swing it applies is what the references' tables give.
 *
 * Worked by hand from rtw88 (rtw88xxa.c rtw88xxa_phy_pwrtrack, phy.c
 * rtw_phy_pwrtrack_*; tables rtw8812a_table.c pwrtrk_*):
 *  - the average is 3/4 old + 1/4 new in 1/1024 units, truncated. From
 *    24 with readings of 34 it reads 26 28 29 30 31 32 32 32 33 and stays
 *    at 33 (one below: the truncation stops it at 34 - 1/1024); from 33
 *    with readings of 18 it reads 29 26 24 23 21 20 20 19 19 18 and stays
 *    at 18.
 *  - the swing is updated on every reading that differs from the new
 *    average (rtw_phy_pwrtrack_thermal_changed compares the two): so on
 *    the way down the tick where the average reaches 18 changes nothing,
 *    and the last update is the one at 19. On the way up the average
 *    never reaches the reading, and every tick applies 33.
 *  - recalibration (LCK + IQK) when the average is 8 from the last one:
 *    at 32 on the way up (|32 - 24| = 8), at 24 on the way down
 *    (|24 - 32| = 8): one each.
 *  - vendor-default board: EFUSE thermal 0x18 = 24, swing 0 dB (index 24,
 *    0x200). Channel 36 is the first 5 GHz row of the tables.
 *    Warm, delta 33 - 24 = 9: 5ga_p[0][9] = 7, 5gb_p[0][9] = 6 ->
 *    path A index 31 = 0x2FE, path B index 30 = 0x2D3.
 *    Cool, last applied delta 24 - 19 = 5: 5ga_n[0][5] = 3,
 *    5gb_n[0][5] = 3 -> index 21 = 0x1AF on both paths.
 *  - graded board at 2.4 GHz (channel 6): EFUSE thermal 0x1E = 30, swing
 *    2.4 GHz 0x01 (path A -3 dB = 0x16A = index 18, path B 0x200). Both
 *    paths track from path A's index (rtw88xxa_get_swing_index reads path
 *    A only; the vendor's get_swing_index too). Warm to 34: the average
 *    stays at 33, delta 3: 2g_cck_a_p[3] = 2, 2g_cck_b_p[3] = 2 -> index
 *    20 = 0x197 on both paths; |33 - 30| < 8: no recalibration.
 *  - blank board (EFUSE thermal 0xFF): nothing is tracked.
 *  - past the swing limit (rtw88xxa.c rtw88xxa_pwrtrack_set, phy.c
 *    rtw_phy_get_tx_power_index): vendor-default board at channel 36,
 *    warmed to 39: the average stops at 38, delta 14: 5ga_p[0][14] = 10,
 *    5gb_p[0][14] = 9 -> swing index 34 and 33, past the limit 32 of the
 *    tracking rate (CCK 1M): the swing stays at index 32 (0x32B) and the
 *    remnant is 2 on path A, 1 on path B. On the way up the average
 *    passes 32 (|32 - 24| = 8): one recalibration, none after (38 - 32
 *    < 8). Every rate's TX AGC index rises by its path's remnant (after
 *    the regulatory limit, clamped to 63). At ch 36/20 worldwide the
 *    indices are (tests/e2e/test_txpower_8812a.c) 6M 44, 54M 44, MCS0 44,
 *    MCS7 42, MCS8 42, MCS15 40, VHT1SS MCS9 38 on both paths: warm,
 *    path A 46 46 46 44 44 42 40, path B 45 45 45 43 43 41 39; training
 *    from MCS7: A 44 - 10, - 18, - 24 = 34 26 20 (0x141A22), B 43: 33
 *    25 19 (0x131921). The power the API reports stays (MCS7 path A
 *    before the remnant). Cooled back to 24 the remnant goes and every
 *    index is what it was.
 * The RF table itself ends with one LCK (rtw8812a_table.c rf_a: RF 0xB4
 * 0x1E78D, RF 0x18 0x1F12A, RF 0xB4 0x1A78D), which the model counts:
 * the LCKs of tracking are counted from after bring-up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/thermal_common.h"
#include "tests/e2e/txpower_harness.h"

static unsigned swing(struct vchip *vc, unsigned path)
{
	return vchip_peek32(vc, path ? 0xE1C : 0xC1C) >> 21;
}

static void warm_and_cool(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm-5g,board=vendor-default", 36,
	        "vendor-default board up on channel 36", &vc);
	if (!d)
		return;
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(st.thermal_cal, 24, "EFUSE thermal calibration 0x18");
	CHECK_EQ_INT(st.thermal, 24, "the meter reads the calibration "
	             "temperature");
	CHECK(st.swing_offset[0] == 0 && st.swing_offset[1] == 0,
	      "no swing offset at the calibration temperature");
	CHECK_EQ_HEX(swing(vc, 0), 0x200, "path A swing from EFUSE: 0 dB");
	CHECK_EQ_HEX(swing(vc, 1), 0x200, "path B swing from EFUSE: 0 dB");
	uint64_t lck0 = thermal_test_model_lck(vc);
	CHECK_EQ_INT(lck0, 1, "the RF table's own LCK at bring-up");
	struct vchip_iqk k0;
	CHECK(vchip_peek_iqk(vc, 0, &k0), "IQK engine");

	st = thermal_test_move(d, vc, 34, 7, 6, "die warms by 10",
	                       "warm: +7 steps on path A, +6 on path B");
	CHECK_EQ_INT(st.thermal, 34, "the meter reads 34");
	CHECK_EQ_HEX(swing(vc, 0), 0x2FE, "path A swing index 31");
	CHECK_EQ_HEX(swing(vc, 1), 0x2D3, "path B swing index 30");
	CHECK_EQ_INT(st.lck_runs, 1, "one LCK on the way up");
	CHECK_EQ_INT(thermal_test_model_lck(vc) - lck0, 1, "the RF ran one LCK");
	CHECK_EQ_INT(st.iqk_runs, 1, "one re-IQK on the way up");
	struct vchip_iqk k1;
	vchip_peek_iqk(vc, 0, &k1);
	CHECK(k1.shots > k0.shots, "the IQK engine ran again");

	st = thermal_test_move(d, vc, 18, -3, -3, "die cools to 18",
	                       "cool: -3 steps on both paths");
	CHECK_EQ_HEX(swing(vc, 0), 0x1AF, "path A swing index 21");
	CHECK_EQ_HEX(swing(vc, 1), 0x1AF, "path B swing index 21");
	/* the average goes on to 18 and stays: nothing changes after */
	st = thermal_test_hold(d, st, 20, -3, -3,
	                       "20 ticks later still -3: the average at the "
	                       "reading does not update");
	CHECK_EQ_INT(st.thermal, 18, "the meter reads 18");
	CHECK_EQ_INT(st.lck_runs, 2, "a second LCK on the way down");
	CHECK_EQ_INT(thermal_test_model_lck(vc) - lck0, 2, "the RF ran two");
	CHECK_EQ_HEX(vchip_peek32(vc, 0x520) >> 16 & 0xFF, 0,
	             "TX unpaused after LCK");
	dvr_close(d);
}

static void graded_2g(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm-2g,board=graded", 6,
	        "graded board up on channel 6", &vc);
	if (!d)
		return;
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(st.thermal_cal, 30, "EFUSE thermal calibration 0x1E");
	CHECK_EQ_HEX(swing(vc, 0), 0x16A, "path A swing from EFUSE: -3 dB");
	CHECK_EQ_HEX(swing(vc, 1), 0x200, "path B swing from EFUSE: 0 dB");
	st = thermal_test_move(d, vc, 34, 2, 2, "die warms by 4",
	                       "CCK tables: +2 steps on both paths");
	CHECK_EQ_HEX(swing(vc, 0), 0x197, "path A swing index 18 + 2");
	CHECK_EQ_HEX(swing(vc, 1), 0x197, "path B from path A's index too");
	CHECK_EQ_INT(st.lck_runs, 0, "no LCK for a change of 3");
	CHECK_EQ_INT(thermal_test_model_lck(vc), 1, "the RF ran only the table's");
	dvr_close(d);
}

static void blank_board(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm-blank,board=blank", 36,
	        "blank board up", &vc);
	if (!d)
		return;
	struct dvr_thermal_stats st = thermal_test_untracked(d, vc);
	CHECK(st.swing_offset[0] == 0 && st.swing_offset[1] == 0,
	      "no swing offset");
	CHECK_EQ_HEX(swing(vc, 0), 0x200, "path A swing untouched");
	CHECK_EQ_INT(thermal_test_model_lck(vc), 1, "no LCK beyond the table's");
	dvr_close(d);
}

/* OFDM 6M .. VHT 2SS MCS9: the registers 0x24..0x4C past each path's
 * base (CCK is not written at 5 GHz). */
#define AGC_FIRST 0x24u
#define AGC_WORDS 11u

static void snapshot(struct vchip *vc, uint32_t out[2][AGC_WORDS])
{
	for (unsigned p = 0; p < 2; p++)
		for (unsigned i = 0; i < AGC_WORDS; i++)
			out[p][i] = vchip_peek32(
				vc, (uint16_t)((p ? 0xE00 : 0xC00) + AGC_FIRST +
				               4 * i));
}

static void past_the_limit(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm-hot,board=vendor-default", 36,
	        "vendor-default board up on channel 36", &vc);
	if (!d)
		return;
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	uint32_t cold[2][AGC_WORDS], hot[2][AGC_WORDS];
	snapshot(vc, cold);
	int mbm = dvr_tx_power_mbm(d);
	CHECK_EQ_INT(txp_jaguar1_index(vc, 0xC20, 0x13), 42, "MCS7 path A at 24");

	st = thermal_test_move(d, vc, 39, 10, 9, "die warms by 15",
	                       "warm: +10 steps on path A, +9 on path B");
	CHECK_EQ_HEX(swing(vc, 0), 0x32B, "path A swing at the limit 32");
	CHECK_EQ_HEX(swing(vc, 1), 0x32B, "path B swing at the limit 32");
	static const uint8_t rate[7] = { 0x04, 0x0B, 0x0C, 0x13, 0x14,
		                         0x1B, 0x35 };
	static const int want_a[7] = { 46, 46, 46, 44, 44, 42, 40 };
	static const int want_b[7] = { 45, 45, 45, 43, 43, 41, 39 };
	for (unsigned i = 0; i < 7; i++) {
		char m[64];
		snprintf(m, sizeof m, "rate 0x%02X path A + 2", rate[i]);
		CHECK_EQ_INT(txp_jaguar1_index(vc, 0xC20, rate[i]), want_a[i], m);
		snprintf(m, sizeof m, "rate 0x%02X path B + 1", rate[i]);
		CHECK_EQ_INT(txp_jaguar1_index(vc, 0xE20, rate[i]), want_b[i], m);
	}
	snapshot(vc, hot);
	for (unsigned p = 0; p < 2; p++)
		for (unsigned i = 0; i < AGC_WORDS * 4; i++) {
			int c = (int)(cold[p][i / 4] >> (i % 4 * 8) & 0xFF);
			int h = (int)(hot[p][i / 4] >> (i % 4 * 8) & 0xFF);
			int up = c + (p ? 1 : 2) > 63 ? 63 : c + (p ? 1 : 2);
			if (h != up)
				CHECK_EQ_INT(h, up, "every rate rises by the "
				             "remnant");
		}
	CHECK_EQ_HEX(vchip_peek32(vc, 0xC54) & 0xFFFFFF, 0x141A22,
	             "path A training from MCS7 44");
	CHECK_EQ_HEX(vchip_peek32(vc, 0xE54) & 0xFFFFFF, 0x131921,
	             "path B training from MCS7 43");
	CHECK_EQ_INT(dvr_tx_power_mbm(d), mbm, "the reported power stays");
	CHECK_EQ_INT(st.lck_runs, 1, "one recalibration on the way up");

	st = thermal_test_move(d, vc, 24, 1, 1, "die back to 24",
	                       "cool: the last update at average 25, +1 step");
	snapshot(vc, hot);
	CHECK(memcmp(cold, hot, sizeof cold) == 0,
	      "no remnant: every index as at the calibration temperature");
	CHECK_EQ_INT(txp_jaguar1_index(vc, 0xC20, 0x13), 42, "MCS7 path A back at 42");
	dvr_close(d);
}

int main(void)
{
	char dir[] = "/tmp/dvr-thermal-XXXXXX";
	thermal_test_begin(dir);
	warm_and_cool();
	graded_2g();
	blank_board();
	past_the_limit();
	e2e_air_remove(dir);
	return check_done();
}
