/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821AU thermal power tracking end to end: a virtual adapter whose
 * die the test warms and cools (vchip_set_thermal), the driver's watchdog
 * at a 10 ms period instead of the references' 2 s, and waits on the
 * driver's thermal stats until the BB swing of its one path is what the
 * references' tables give.
 *
 * Worked by hand from rtw88 (rtw8821a.c rtw8821a_pwr_track, rtw88xxa.c
 * rtw88xxa_phy_pwrtrack with no LCK and rtw8821a_do_iqk, phy.c
 * rtw_phy_pwrtrack_*; tables rtw8821a_table.c pwrtrk_*, path A only):
 *  - the average is 3/4 old + 1/4 new in 1/1024 units, truncated: from
 *    24 with readings of 34 it stays at 33, from 33 with readings of 18
 *    it comes down to 18, the last swing update at 19 (the tick that
 *    reaches the reading changes nothing), as tests/e2e/
 *    test_thermal_8812a.c works out;
 *  - recalibration when the average is 8 from the last one: the IQK
 *    alone, no LCK (rtw8821a_pwr_track hands rtw88xxa_phy_pwrtrack none);
 *  - t2u-plus board: EFUSE thermal 0x18 = 24, swing 0 dB (index 24,
 *    0x200). Channel 36 is the first 5 GHz row of the tables.
 *    Warm, delta 33 - 24 = 9: 5ga_p[0][9] = 6 -> index 30 = 0x2D3.
 *    Cool, last applied delta 24 - 19 = 5: 5ga_n[0][5] = 3 -> index 21 =
 *    0x1AF. One IQK on the way up (average 32), one on the way down (24).
 *  - t2u-plus at 2.4 GHz (channel 6), the tracking rate CCK: warm to 34,
 *    delta 9: 2g_cck_a_p[9] = 4 -> index 28 = 0x285, and the average
 *    passes 32: one IQK.
 *  - blank board (EFUSE thermal 0xFF): nothing is tracked.
 *  - past the swing limit (rtw88xxa.c rtw88xxa_pwrtrack_set): ch 36,
 *    warmed to 39, the average stops at 38, delta 14: 5ga_p[0][14] = 10
 *    -> index 34, past the limit 32 of the tracking rate: the swing stays
 *    at index 32 (0x32B) and the remnant, 2, goes on every rate's TX AGC
 *    index. At ch 36/20 worldwide (tests/e2e/test_txpower_8821a.c) 6M
 *    50, 54M 46, MCS0 48, MCS7 42, VHT MCS9 38 become 52 48 50 44 40;
 *    training from MCS7 44: 34 26 20 (0x141A22). The reported power
 *    stays. Cooled back to 24 the average's last update is at 25, delta
 *    1: 5ga_p[0][1] = 0, no remnant, every index as before.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/thermal_common.h"
#include "tests/e2e/txpower_harness.h"

static unsigned swing(struct vchip *vc)
{
	return vchip_peek32(vc, 0xC1C) >> 21;
}

static void warm_and_cool(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up("virtual:therm-5g,chip=8821a", 36,
	                                "t2u-plus board up on channel 36",
	                                &vc);
	if (!d)
		return;
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(st.thermal_cal, 24, "EFUSE thermal calibration 0x18");
	CHECK_EQ_INT(st.thermal, 24, "the meter reads the calibration "
	             "temperature");
	CHECK_EQ_INT(st.swing_offset[0], 0, "no swing offset at calibration");
	CHECK_EQ_HEX(swing(vc), 0x200, "path A swing from EFUSE: 0 dB");
	uint64_t lck0 = thermal_test_model_lck(vc);
	struct vchip_iqk k0;
	CHECK(vchip_peek_iqk(vc, 0, &k0), "path A IQK engine");

	st = thermal_test_move(d, vc, 34, 6, 0, "die warms by 10",
	                       "warm: +6 steps on path A");
	CHECK_EQ_INT(st.thermal, 34, "the meter reads 34");
	CHECK_EQ_HEX(swing(vc), 0x2D3, "path A swing index 30");
	CHECK_EQ_INT(st.iqk_runs, 1, "one re-IQK on the way up");
	CHECK_EQ_INT(st.lck_runs, 0, "no LCK: rtw88 runs none on the 8821A");
	struct vchip_iqk k1;
	vchip_peek_iqk(vc, 0, &k1);
	CHECK(k1.shots > k0.shots, "the IQK engine ran again");

	st = thermal_test_move(d, vc, 18, -3, 0, "die cools to 18",
	                       "cool: -3 steps on path A");
	CHECK_EQ_HEX(swing(vc), 0x1AF, "path A swing index 21");
	st = thermal_test_hold(d, st, 20, -3, 0,
	                       "20 ticks later still -3: the average at the "
	                       "reading does not update");
	CHECK_EQ_INT(st.thermal, 18, "the meter reads 18");
	CHECK_EQ_INT(st.iqk_runs, 2, "a second re-IQK on the way down");
	CHECK_EQ_INT(st.lck_runs, 0, "still no LCK");
	CHECK_EQ_INT(thermal_test_model_lck(vc) - lck0, 0,
	             "the RF ran no LCK");
	CHECK_EQ_HEX(vchip_peek32(vc, 0x520) >> 16 & 0xFF, 0,
	             "TX unpaused after the IQK");
	dvr_close(d);
}

static void cck_2g(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up("virtual:therm-2g,chip=8821a", 6,
	                                "t2u-plus board up on channel 6", &vc);
	if (!d)
		return;
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_HEX(swing(vc), 0x200, "path A swing from EFUSE: 0 dB");
	st = thermal_test_move(d, vc, 34, 4, 0, "die warms by 10",
	                       "CCK table: +4 steps on path A");
	CHECK_EQ_HEX(swing(vc), 0x285, "path A swing index 28");
	CHECK_EQ_INT(st.iqk_runs, 1, "one re-IQK");
	CHECK_EQ_INT(st.lck_runs, 0, "no LCK");
	dvr_close(d);
}

static void blank_board(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(
	        "virtual:therm-blank,chip=8821a,board=blank", 36,
	        "blank board up", &vc);
	if (!d)
		return;
	struct dvr_thermal_stats st = thermal_test_untracked(d, vc);
	CHECK_EQ_INT(st.swing_offset[0], 0, "no swing offset");
	CHECK_EQ_HEX(swing(vc), 0x200, "path A swing untouched");
	dvr_close(d);
}

/* Path A's TX AGC index of a rate. */
static int agc(struct vchip *vc, uint8_t rate)
{
	return txp_jaguar1_index(vc, 0xC20, rate);
}

/* OFDM 6M .. VHT 1SS MCS9 (0xC24..0xC44 but the second stream's
 * 0xC34/0xC38, which a one-path die leaves); CCK is not written at 5 GHz.
 * 0xC44's high half is VHT 2SS MCS0/1: masked off. */
static const uint16_t agc_regs[] = { 0xC24, 0xC28, 0xC2C, 0xC30,
	                             0xC3C, 0xC40, 0xC44 };
#define N_AGC (sizeof agc_regs / sizeof agc_regs[0])

static void snapshot(struct vchip *vc, uint32_t out[N_AGC])
{
	for (unsigned i = 0; i < N_AGC; i++)
		out[i] = vchip_peek32(vc, agc_regs[i]) &
		         (agc_regs[i] == 0xC44 ? 0xFFFFu : 0xFFFFFFFFu);
}

static void past_the_limit(void)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up("virtual:therm-hot,chip=8821a", 36,
	                                "t2u-plus board up on channel 36",
	                                &vc);
	if (!d)
		return;
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	uint32_t cold[N_AGC], hot[N_AGC];
	snapshot(vc, cold);
	int mbm = dvr_tx_power_mbm(d);
	CHECK_EQ_INT(agc(vc, 0x13), 42, "MCS7 at 24");

	st = thermal_test_move(d, vc, 39, 10, 0, "die warms by 15",
	                       "warm: +10 steps on path A");
	CHECK_EQ_HEX(swing(vc), 0x32B, "path A swing at the limit 32");
	static const uint8_t rate[5] = { 0x04, 0x0B, 0x0C, 0x13, 0x35 };
	static const int want[5] = { 52, 48, 50, 44, 40 };
	for (unsigned i = 0; i < 5; i++) {
		char m[64];
		snprintf(m, sizeof m, "rate 0x%02X + 2", rate[i]);
		CHECK_EQ_INT(agc(vc, rate[i]), want[i], m);
	}
	snapshot(vc, hot);
	for (unsigned i = 0; i < N_AGC * 4; i++) {
		if (agc_regs[i / 4] == 0xC44 && i % 4 >= 2)
			continue;
		int c = (int)(cold[i / 4] >> (i % 4 * 8) & 0xFF);
		int h = (int)(hot[i / 4] >> (i % 4 * 8) & 0xFF);
		int up = c + 2 > 63 ? 63 : c + 2;
		if (h != up)
			CHECK_EQ_INT(h, up, "every rate rises by the remnant");
	}
	CHECK_EQ_HEX(vchip_peek32(vc, 0xC54) & 0xFFFFFF, 0x141A22,
	             "training from MCS7 44");
	CHECK_EQ_INT(dvr_tx_power_mbm(d), mbm, "the reported power stays");
	CHECK_EQ_INT(st.iqk_runs, 1, "one recalibration on the way up");

	st = thermal_test_move(d, vc, 24, 0, 0, "die back to 24",
	                       "cool: the last update at average 25, 0 steps");
	snapshot(vc, hot);
	CHECK(memcmp(cold, hot, sizeof cold) == 0,
	      "no remnant: every index as at the calibration temperature");
	CHECK_EQ_INT(agc(vc, 0x13), 42, "MCS7 back at 42");
	dvr_close(d);
}

int main(void)
{
	char dir[] = "/tmp/dvr-thermal-XXXXXX";
	thermal_test_begin(dir);
	warm_and_cool();
	cck_2g();
	blank_board();
	past_the_limit();
	e2e_air_remove(dir);
	return check_done();
}
