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

static const uint16_t track_reg[2] = { 0x18A0, 0x41A0 };

static unsigned field(struct vchip *vc, unsigned path)
{
	return vchip_peek32(vc, track_reg[path]) & 0x7F;
}

static unsigned cck_ref(struct vchip *vc, unsigned path)
{
	return vchip_peek32(vc, track_reg[path]) >> 16 & 0x7F;
}

static void typical_5g(void)
{
	dvr_device *d = thermal_test_start("virtual:therm22-5g,chip=8822c,board=typical",
	                      36);
	struct vchip *vc = vchip_find("therm22-5g");
	CHECK(d && vc, "typical board up on channel 36");
	if (!d || !vc) {
		dvr_close(d);
		return;
	}
	uint64_t lck0 = thermal_test_model_lck(vc);
	CHECK_EQ_INT(lck0, 0, "no LCK at bring-up");
	unsigned cck[2] = { cck_ref(vc, 0), cck_ref(vc, 1) };
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

	CHECK_EQ_INT(vchip_set_thermal(vc, 45), 0, "die warms by 15");
	st = thermal_test_wait(d, 14, 13, 0);
	CHECK(st.swing_offset[0] == 14 && st.swing_offset[1] == 13,
	      "warm: +14 on path A, +13 on path B");
	CHECK_EQ_INT(st.thermal, 45, "the meter reads 45");
	CHECK_EQ_HEX(field(vc, 0), 0x0E, "0x18A0 [6:0] = 14");
	CHECK_EQ_HEX(field(vc, 1), 0x0D, "0x41A0 [6:0] = 13");
	CHECK(cck_ref(vc, 0) == cck[0] && cck_ref(vc, 1) == cck[1],
	      "the CCK references [22:16] kept");
	CHECK_EQ_INT(st.lck_runs, 1, "one LCK on the way up");
	CHECK_EQ_INT(thermal_test_model_lck(vc) - lck0, 1, "the RF ran one LCK");

	CHECK_EQ_INT(vchip_set_thermal(vc, 20), 0, "die cools to 20");
	st = thermal_test_wait(d, -11, -11, 0);
	CHECK(st.swing_offset[0] == -11 && st.swing_offset[1] == -11,
	      "cool: -11 on both paths");
	CHECK_EQ_HEX(field(vc, 0), 0x75, "0x18A0 [6:0] = -11, 7-bit");
	CHECK_EQ_HEX(field(vc, 1), 0x75, "0x41A0 [6:0] = -11, 7-bit");
	uint64_t t0 = st.ticks;
	st = thermal_test_wait(d, 0, 0, t0 + 20);
	CHECK(st.swing_offset[0] == -11 && st.swing_offset[1] == -11,
	      "20 ticks later still -11");
	CHECK_EQ_INT(st.thermal, 20, "the meter reads 20");
	CHECK_EQ_INT(st.lck_runs, 3, "two more LCKs on the way down");
	CHECK_EQ_INT(thermal_test_model_lck(vc) - lck0, 3, "the RF ran three");
	CHECK_EQ_INT(st.iqk_runs, 0, "rtw88's 8822C tracking runs no IQK");
	CHECK(cck_ref(vc, 0) == cck[0] && cck_ref(vc, 1) == cck[1],
	      "the CCK references still kept");
	dvr_close(d);
}

static void graded_2g(void)
{
	dvr_device *d = thermal_test_start("virtual:therm22-2g,chip=8822c,board=graded", 6);
	struct vchip *vc = vchip_find("therm22-2g");
	CHECK(d && vc, "graded board up on channel 6");
	if (!d || !vc) {
		dvr_close(d);
		return;
	}
	unsigned cck[2] = { cck_ref(vc, 0), cck_ref(vc, 1) };
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(st.thermal_cal, 36, "EFUSE 0xD0 calibration 0x24");
	CHECK_EQ_INT(vchip_set_thermal(vc, 26), 0, "die cools by 10");
	st = thermal_test_wait(d, -8, -9, 0);
	CHECK(st.swing_offset[0] == -8 && st.swing_offset[1] == -9,
	      "CCK tables: -8 on path A, -9 on path B");
	CHECK_EQ_HEX(field(vc, 0), 0x78, "0x18A0 [6:0] = -8");
	CHECK_EQ_HEX(field(vc, 1), 0x77, "0x41A0 [6:0] = -9");
	CHECK(cck_ref(vc, 0) == cck[0] && cck_ref(vc, 1) == cck[1],
	      "the CCK references [22:16] kept");
	st = thermal_test_wait(d, 0, 0, st.ticks + 10);
	CHECK_EQ_INT(st.lck_runs, 0, "no LCK for a change of 7");
	CHECK_EQ_INT(thermal_test_model_lck(vc), 0, "the RF ran none");
	dvr_close(d);
}

static void blank_board(void)
{
	dvr_device *d = thermal_test_start("virtual:therm22-blank,chip=8822c,board=blank",
	                      36);
	struct vchip *vc = vchip_find("therm22-blank");
	CHECK(d && vc, "blank board up");
	if (!d || !vc) {
		dvr_close(d);
		return;
	}
	uint32_t r[2] = { vchip_peek32(vc, 0x18A0), vchip_peek32(vc, 0x41A0) };
	CHECK_EQ_INT(vchip_set_thermal(vc, 50), 0, "die far from anything");
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 12);
	CHECK(st.ticks >= 12, "the watchdog ticks");
	CHECK_EQ_INT(st.thermal_cal, -1, "no EFUSE calibration");
	CHECK_EQ_INT(st.thermal, -1, "nothing read: not tracked");
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

/* Whatever the board, every tick sends the firmware its heartbeat (WL
 * PHY info, id 0x58, TX throughput 100 in [17:8]: one of the four H2C
 * mailboxes 0x1D0..0x1DC holds it) and writes the TX power again as it
 * was asked: a power held at its limit stays where the set put it. */
static void heartbeat(void)
{
	dvr_device *d = thermal_test_start("virtual:therm22-hb,chip=8822c", 6);
	struct vchip *vc = vchip_find("therm22-hb");
	CHECK(d && vc, "heartbeat board up");
	if (!d || !vc) {
		dvr_close(d);
		return;
	}
	/* Channel 6, worldwide, just past MCS7's limit: MCS7 stops at it,
	 * rates their limits do not hold yet (CCK, the slower OFDM ones)
	 * take the whole step. Written again from what reached MCS7 they
	 * would lose part of it. */
	CHECK_EQ_INT(dvr_set_tx_power_mbm(d, 3000), DVR_OK, "30 dBm asked");
	int held = dvr_tx_power_mbm(d);
	CHECK_EQ_INT(dvr_set_tx_power_mbm(d, held + 50), DVR_OK,
	             "two steps past MCS7's limit asked");
	uint32_t ref = vchip_peek32(vc, 0x18E8), diff[16];
	for (unsigned i = 0; i < 16; i++)
		diff[i] = vchip_peek32(vc, (uint16_t)(0x3A00 + 4 * i));
	int mbm = dvr_tx_power_mbm(d);
	struct dvr_thermal_stats st = { 0 };
	dvr_get_thermal_stats(d, &st);
	st = thermal_test_wait(d, 0, 0, st.ticks + 4);
	bool seen = false;
	for (unsigned box = 0; box < 4; box++)
		seen |= vchip_peek32(vc, (uint16_t)(0x1D0 + 4 * box)) ==
		        0x00006458u;
	CHECK(seen, "the WL PHY info heartbeat sits in an H2C mailbox");
	CHECK_EQ_HEX(vchip_peek32(vc, 0x18E8), ref,
	             "OFDM reference as the set left it after the ticks");
	bool same = true;
	for (unsigned i = 0; i < 16; i++)
		same &= vchip_peek32(vc, (uint16_t)(0x3A00 + 4 * i)) == diff[i];
	CHECK(same, "every per-rate difference as the set left it");
	CHECK_EQ_INT(dvr_tx_power_mbm(d), mbm, "reported power unchanged");
	dvr_close(d);
}

int main(void)
{
	if (!check_firmware_dir())
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-thermal22-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
	typical_5g();
	graded_2g();
	blank_board();
	heartbeat();
	e2e_air_remove(dir);
	return check_done();
}
