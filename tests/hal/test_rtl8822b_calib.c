/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822B bring-up beyond the MAC against the fake register file
 * (fake_8822b.h): PHY init (the real tables through the LSSI, crystal,
 * TRX mode and its RF mode table, RFE pins, the firmware's information
 * H2Cs, the WLAN coex grant), the firmware IQK handshake (success, the
 * per-path report, a reload, a firmware that never answers), LCK with its
 * one-time AAC check, and thermal tracking (meter trigger and read, the
 * steps of the tables split into TX AGC offset and BB swing, IQK again
 * after a thermal delta of 8). Expected values are worked out from the
 * rtw88 and OpenIPC devourer sources named in the driver's comments.
 */
#include "../check.h"
#include "fake_8822b.h"
#include "hal/common/pwrtrack.h"
#include "hal/rtl8822b/rtl8822b_tables.h"

static struct rtl8822b_priv priv;

static void setup(struct dvr_io *io, struct dvr_chip *chip, uint8_t rfe,
                  bool one_path)
{
	fk_reset(io, chip, &rtl8822b_info, 2);
	memset(&priv, 0, sizeof priv);
	chip->priv = &priv;
	chip->id.cut = 2;
	chip->id.rfe_type = rfe;
	chip->id.is_1t1r = one_path;
	chip->id.crystal_cap = 0x25;
}

static unsigned h2c_sub(unsigned i)
{
	return fk.h2c[i][2] | fk.h2c[i][3] << 8;
}

static void phy_init(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	const struct dvr_chip_ops *o = rtl8822b_info.ops;

	setup(&io, &chip, 3, false);
	fk.fr.mem[0xCBE] = 0xFF;
	fk.lte[0x38] = 0x00FF00FF;
	unsigned w0 = fk.fr.writes;
	int st = o->phy_init(&chip);
	CHECK_EQ_INT(st, DVR_OK, "PHY init");
	if (st != DVR_OK)
		printf("# %s\n", chip.error);
	/* C-cut RFE 3 selects 125 MAC, 1492 BB, 521 AGC, 411 RF A and 356
	 * RF B rows, delays included (test_jaguar2_tables) */
	CHECK(fk.fr.writes - w0 > 2500, "thousands of table writes");
	CHECK(fk.lssi_writes[0] > 390 && fk.lssi_writes[1] > 340,
	      "RF tables of both paths through LSSI");
	CHECK_EQ_HEX(fk.fr.mem[0x02] & 0x03, 0x03, "BB out of reset");
	CHECK_EQ_HEX(fk.fr.mem[0x1F] & 0x07, 0x07, "RF enabled");
	CHECK_EQ_HEX((fk_r32(0x24) >> 25) & 0x3F, 0x25, "crystal 0x24 [30:25]");
	CHECK_EQ_HEX((fk_r32(0x28) >> 1) & 0x3F, 0x25, "crystal 0x28 [6:1]");
	CHECK_EQ_HEX(fk_r32(0x808) & 0x30000000, 0x30000000,
	             "RX path select out of reset");
	/* TRX mode (rtw8822b_config_trx_mode, A+B) */
	CHECK(fk_r16(0xC08) == 0x3231 && fk_r16(0xE08) == 0x3231,
	      "RF mode of both paths active");
	CHECK_EQ_HEX(fk_r32(0x93C) >> 18, 0x001u << 2 | 3, "0x93C: 1SS on A, "
	             "[19:18] = 3");
	CHECK_EQ_HEX(fk_r32(0x80C) >> 28 & 7, 0x5, "0x80C [30:28]");
	CHECK_EQ_HEX(fk.fr.mem[0x80C], 0x33, "TX paths A+B");
	CHECK_EQ_HEX((fk_r32(0x940) >> 4) & 0xFFF, 0x43, "0x940: two paths");
	CHECK_EQ_HEX(fk_r32(0xA04) >> 24, 0x80, "CCK TX A, CCK RX A");
	CHECK_EQ_HEX(fk.fr.mem[0x808], 0x33, "RX paths A+B");
	CHECK((fk_r32(0x1904) & 0x10000) && (fk_r32(0x800) & 0x10000000) &&
	      (fk_r32(0x850) & 0x800000), "two-path RX weights");
	CHECK_EQ_HEX(fk_r32(0xA2C) & 0x440000, 0, "0xA2C bits 22, 18 clear");
	CHECK(fk_rf(0, 0x33) == 1 && fk_rf(0, 0x3E) == 0x34 &&
	      fk_rf(0, 0x3F) == 0x4080C && fk_rf(0, 0xEF) == 0,
	      "RF mode table entry through the LUT");
	CHECK(fk_r32(0x82C) == 0x75DA8010 && fk_r32(0x838) == 0x86666341,
	      "CCA of channel 1 / 20 MHz, RFE 3");
	CHECK((fk_r32(0xCB0) & 0xFFFFFF) == 0x745774 &&
	      fk_r16(0xCA0) == 0xA501, "2.4 GHz pins");
	/* RFE init */
	CHECK(((fk_r32(0x64) >> 28) & 3) == 3 &&
	      ((fk_r32(0x4C) >> 25) & 3) == 0 && (fk_r32(0x40) & 4),
	      "chip top mux");
	CHECK(((fk_r32(0x1990) & 0x3F) == 0x30) &&
	      ((fk_r32(0x1990) >> 10) & 3) == 3 &&
	      ((fk_r32(0x974) >> 10) & 3) == 3, "RFE pin sources");
	/* firmware information */
	CHECK_EQ_INT(fk.bulk_count, 2, "two H2C packets");
	CHECK(h2c_sub(0) == 0x0D && fk.h2c[0][8 + 2] == 48,
	      "GENERAL_INFO: FW TX buffer 48 pages above the boundary");
	CHECK(h2c_sub(1) == 0x11 && fk.h2c[1][8] == 3 && fk.h2c[1][9] == 2 &&
	      fk.h2c[1][10] == 2 && fk.h2c[1][11] == 0x33,
	      "PHYDM_INFO: RFE 3, 2T2R, cut C, A+B");
	/* coex */
	CHECK_EQ_HEX(fk.lte[0x38], 0x00FF777F, "LTE_COEX_CTRL: coex off, "
	             "GNT_BT sw low, GNT_WL sw high, the rest kept");
	CHECK((fk.lte[0xA0] & 0xFFFF) == 0xFFFF &&
	      (fk.lte[0xA4] & 0xFFFF) == 0xFFFF, "WL/BT TRX all pass");
	CHECK_EQ_HEX(fk_r16(0xAA), 0x8003, "scoreboard: WL active and on");
	CHECK(fk.fr.mem[0x73] & 0x04, "antenna path owner WLAN");
	CHECK_EQ_HEX((fk_r32(0x4C) >> 23) & 3, 2, "antenna switch by the BB");
	CHECK_EQ_HEX(fk.fr.mem[0xCB4], 0x77, "DPDT on RFE controls 8/9");
	CHECK(fk.fr.mem[0x974] == 0xFF && ((fk_r32(0x974) >> 8) & 3) == 3 &&
	      ((fk_r32(0x1990) >> 8) & 3) == 0 && !(fk.fr.mem[0xCBE] & 0x08),
	      "switch buffer mux");
	CHECK((fk.fr.mem[0x550] & 0x08) && (fk.fr.mem[0x790] & 0x3F) == 5 &&
	      fk.fr.mem[0x778] == 1 && (fk_r32(0x40) & 0x220) == 0x220 &&
	      (fk.fr.mem[0x4C6] & 0x30) == 0x10 && (fk.fr.mem[0x763] & 0x10),
	      "the coex set-up every HalMAC chip shares");
	CHECK_EQ_INT(priv.pwrtrack.default_swing,
	             dvr_txscale_index(fk_r32(0xC1C) >> 21) < DVR_TXSCALE_SIZE
	                     ? dvr_txscale_index(fk_r32(0xC1C) >> 21)
	                     : DVR_TXSCALE_UNITY,
	             "tracking counts from the tables' swing");

	/* RFE 2: the external front end's scoreboard flag */
	setup(&io, &chip, 2, false);
	CHECK_EQ_INT(o->phy_init(&chip), DVR_OK, "PHY init RFE 2");
	CHECK_EQ_HEX(fk_r16(0xAA), 0x8103, "scoreboard + external FEM");
	CHECK(fk_r32(0x82C) == 0x75C97010, "RFE 2: ifem CCA on 2.4 GHz");

	/* 1T1R: path A only */
	setup(&io, &chip, 3, true);
	CHECK_EQ_INT(o->phy_init(&chip), DVR_OK, "PHY init 1T1R");
	CHECK_EQ_INT(fk.lssi_writes[1], 0, "no RF B write at all");
	CHECK(fk_r16(0xC08) == 0x3231 && fk_r16(0xE08) == 0x1111,
	      "path B's RF mode idle");
	CHECK(((fk_r32(0x940) >> 4) & 0xFFF) == 0x01 &&
	      fk.fr.mem[0x80C] == 0x11 && fk.fr.mem[0x808] == 0x11 &&
	      !(fk_r32(0x1904) & 0x10000), "one-path TX and RX");
	CHECK(fk.h2c[1][9] == 4 && fk.h2c[1][11] == 0x11,
	      "PHYDM_INFO: 1T1R, A");

	/* failures */
	setup(&io, &chip, 3, false);
	fk.lssi = false;
	st = o->phy_init(&chip);
	CHECK(st == DVR_E_CHIP && strstr(chip.error, "0x33"),
	      "RF mode table never takes writes: DVR_E_CHIP");
	setup(&io, &chip, 3, false);
	fk.coex_ready = false;
	fk.fr.mem[0x1703] = 0;
	st = o->phy_init(&chip);
	CHECK(st == DVR_E_CHIP && strstr(chip.error, "coex"),
	      "coex port never ready: DVR_E_CHIP");
}

static void iqk(void)
{
	struct dvr_io io;
	struct dvr_chip chip;

	setup(&io, &chip, 3, false);
	chip.channel = (struct dvr_channel){ 36, 20, 0 };
	fk.iqk_answers = true;
	fk_set_rf(0, 0x08, 0x12345);
	CHECK_EQ_INT(rtl8822b_iqk(&chip), DVR_OK, "IQK completes");
	CHECK(fk.bulk_count == 1 && h2c_sub(0) == 0x0E &&
	      (fk.h2c[0][4] | fk.h2c[0][5] << 8) == 9 && fk.h2c[0][8] == 0,
	      "one IQK H2C: sub 0x0E, 9 bytes, no clear, no segment");
	CHECK_EQ_HEX(fk_rf(0, 0x08), 0, "RF A 0x08 cleared after");
	CHECK(chip.calib.runs == 1 && !strcmp(chip.calib.what, "IQK") &&
	      chip.calib.channel == 36 && chip.calib.paths == 2 &&
	      chip.calib.failed_tx == 0 && chip.calib.failed_rx == 0,
	      "recorded: both paths fine");
	CHECK(fk_r16(0xC08) == 0x3231 && fk_rf(0, 0x3F) == 0x4080C,
	      "TRX mode set again after the IQK");
	CHECK(fk_r32(0x838) == 0x86666361 &&
	      (fk_r32(0xCB0) & 0xFFFFFF) == 0x477547,
	      "with the CCA and pins of the channel tuned (36/20)");

	fk.iqk_report = 0x21;        /* TX A failed, RX B failed */
	CHECK_EQ_INT(rtl8822b_iqk(&chip), DVR_OK, "IQK with failures");
	CHECK(chip.calib.runs == 2 && chip.calib.failed_tx == 1 &&
	      chip.calib.failed_rx == 2, "report: TX A, RX B failed");
	fk.iqk_report = 0x10021;     /* reloaded */
	CHECK_EQ_INT(rtl8822b_iqk(&chip), DVR_OK, "IQK reloaded");
	CHECK(chip.calib.failed_tx == 0 && chip.calib.failed_rx == 0,
	      "a reload counts no failure");

	/* a firmware that never answers: 6 s, then on as rtw88 */
	fk.iqk_answers = false;
	fk_set_rf(0, 0x08, 0);
	uint64_t t0 = check_now_ms_();
	CHECK_EQ_INT(rtl8822b_iqk(&chip), DVR_OK, "IQK never reported");
	CHECK(check_now_ms_() - t0 >= 5900, "after rtw88's 300 x 20 ms");
	CHECK(chip.calib.runs == 4 && chip.calib.failed_tx == 3 &&
	      chip.calib.failed_rx == 3, "recorded as failed on both paths");

	/* calibrate: LCK, then the IQK */
	setup(&io, &chip, 3, false);
	chip.channel = (struct dvr_channel){ 6, 20, 0 };
	fk.iqk_answers = true;
	put32(fk.fr.mem + 0xC00, 0x12345678);
	put32(fk.fr.mem + 0xE00, 0x9ABCDEF0);
	fk_set_rf(0, 0x18, 0x0CC06);
	fk_set_rf(0, 0xC9, 0x00000);     /* AAC code 0: outside 4..7 */
	fk_set_rf(0, 0xCA, 0xFFFFF);
	CHECK_EQ_INT(rtl8822b_info.ops->calibrate(&chip), DVR_OK,
	             "calibrate");
	CHECK(fk_r32(0xC00) == 0x12345678 && fk_r32(0xE00) == 0x9ABCDEF0,
	      "LCK: BB modes back");
	CHECK_EQ_HEX(fk_rf(0, 0x18), 0x0CC06, "RF 0x18 as it was");
	CHECK(fk_rf(0, 0xC4) == 0x81402 && fk_rf(0, 0x00) == 0x3FFFF &&
	      fk_rf(1, 0x00) == 0x3FFFF, "RTK on, RF modes back");
	CHECK(fk_rf(0, 0xCA) == 0x7FFFF &&
	      ((fk_rf(0, 0xB2) >> 14) & 0x1F) == 6, "AAC fixed by hand");
	CHECK(chip.calib.runs == 1 && chip.calib.failed_tx == 0,
	      "the IQK after it");
	fk_set_rf(0, 0xB2, 0);
	CHECK_EQ_INT(rtl8822b_info.ops->calibrate(&chip), DVR_OK,
	             "calibrate again");
	CHECK_EQ_HEX(fk_rf(0, 0xB2), 0, "the AAC check runs once");
}

static int tick(struct dvr_chip *chip, struct dvr_thermal_stats *st,
                uint8_t reading)
{
	fk_set_rf(0, 0x42, (uint32_t)reading << 10);
	return rtl8822b_track(chip, st);
}

static unsigned agc(unsigned path)
{
	return (fk_r32(path ? 0xE94 : 0xC94) >> 25) & 0x1F;
}

static unsigned swing(unsigned path)
{
	return fk_r32(path ? 0xE1C : 0xC1C) >> 21;
}

static void track(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	struct dvr_thermal_stats st = { 0 };
	uint8_t e[RTL8822B_EFUSE_LOG];

	setup(&io, &chip, 3, false);
	memset(e, 0xFF, sizeof e);
	e[EFUSE8822B_THERMAL] = 0x20;
	chip.efuse = e;
	chip.channel = (struct dvr_channel){ 6, 20, 0 };
	put32(fk.fr.mem + 0xC1C, 0x200u << 21);
	put32(fk.fr.mem + 0xE1C, 0x200u << 21);
	rtl8822b_pwrtrack_init(&chip);
	CHECK(priv.pwrtrack.default_swing == 24 &&
	      priv.pwrtrack.thermal_k == 0x20, "init: unity swing, cal 0x20");

	CHECK_EQ_INT(tick(&chip, &st, 0), DVR_OK, "tick 1");
	CHECK_EQ_HEX((fk_rf(0, 0x42) >> 16) & 3, 3, "meter started");
	CHECK_EQ_INT(st.thermal_cal, 0x20, "calibration reported");
	CHECK(fk_r32(0x1D0) == 0x01000020, "heartbeat: power mode all on");
	/* 4 warmer: CCK tables, steps 2 on each path within the headroom
	 * (nothing asked: the default 32, 31 left, at most 15) */
	CHECK_EQ_INT(tick(&chip, &st, 0x24), DVR_OK, "tick 2");
	CHECK_EQ_INT(st.thermal, 0x24, "reading reported");
	CHECK(agc(0) == rtl8822b_pwrtrk_2g_cck_a_p[4] &&
	      agc(1) == rtl8822b_pwrtrk_2g_cck_b_p[4] && swing(0) == 0x200 &&
	      swing(1) == 0x200, "warmer: TX AGC offset, swing at unity");
	CHECK(st.swing_offset[0] == rtl8822b_pwrtrk_2g_cck_a_p[4] &&
	      st.iqk_runs == 0, "steps reported, no IQK yet");
	/* the same reading again: the average did not move, nothing new */
	put32(fk.fr.mem + 0xC94, 0);
	tick(&chip, &st, 0);
	CHECK_EQ_INT(tick(&chip, &st, 0x24), DVR_OK, "tick 4");
	CHECK_EQ_INT(agc(0), 0, "reading = average: no update");

	/* 10 warmer at a power near the top: 2 index steps of headroom,
	 * the rest as swing; 10 from the last IQK: IQK again */
	rtl8822b_pwrtrack_init(&chip);
	chip.tx_power_asked = 60;   /* 1M: blank 0x2D + (60 - 44) = 61 */
	fk.iqk_answers = true;
	tick(&chip, &st, 0);
	CHECK_EQ_INT(tick(&chip, &st, 0x2A), DVR_OK, "hot tick");
	unsigned n = rtl8822b_pwrtrk_2g_cck_a_p[10];
	CHECK(agc(0) == 2 && swing(0) == dvr_txscale[24 + n - 2],
	      "2 as TX AGC offset, the rest as BB swing");
	CHECK(st.iqk_runs == 1 && chip.calib.runs == 1 &&
	      priv.pwrtrack.thermal_k == 0x2A, "IQK again at a delta of 10");

	/* 6 cooler: swing down, no offset, no IQK (the swing the tables
	 * left is what init counts from: unity again) */
	put32(fk.fr.mem + 0xC1C, 0x200u << 21);
	put32(fk.fr.mem + 0xE1C, 0x200u << 21);
	rtl8822b_pwrtrack_init(&chip);
	tick(&chip, &st, 0);
	CHECK_EQ_INT(tick(&chip, &st, 0x1A), DVR_OK, "cold tick");
	n = rtl8822b_pwrtrk_2g_cck_a_n[6];
	CHECK(agc(0) == 0 && swing(0) == dvr_txscale[24 - n] &&
	      swing(1) == dvr_txscale[24 - rtl8822b_pwrtrk_2g_cck_b_n[6]],
	      "cooler: BB swing steps down");
	CHECK_EQ_INT(st.iqk_runs, 1, "delta 6: no IQK");

	/* 5 GHz: the sub-band's row */
	rtl8822b_pwrtrack_init(&chip);
	chip.tx_power_asked = -1;
	chip.channel = (struct dvr_channel){ 36, 20, 0 };
	tick(&chip, &st, 0);
	tick(&chip, &st, 0x24);
	CHECK_EQ_INT(agc(0), rtl8822b_pwrtrk_5ga_p[0][4], "5 GHz row 0");

	/* 1T1R: path B left alone */
	rtl8822b_pwrtrack_init(&chip);
	chip.id.is_1t1r = true;
	put32(fk.fr.mem + 0xE94, 0);
	tick(&chip, &st, 0);
	tick(&chip, &st, 0x24);
	CHECK(agc(0) != 0 && agc(1) == 0, "1T1R: path A only");
	chip.id.is_1t1r = false;

	/* no calibration reading: not tracked */
	e[EFUSE8822B_THERMAL] = 0xFF;
	rtl8822b_pwrtrack_init(&chip);
	st = (struct dvr_thermal_stats){ .thermal = -1 };
	tick(&chip, &st, 0);
	tick(&chip, &st, 0x24);
	CHECK(st.thermal_cal == -1 && st.thermal == -1,
	      "EFUSE 0xBA blank: nothing read");

	/* the heartbeat's mailbox busy: the error comes back */
	fk.fr.mem[0x1CC] = 0x0F;
	CHECK_EQ_INT(rtl8822b_track(&chip, &st), DVR_E_TIMEOUT,
	             "heartbeat refused: DVR_E_TIMEOUT");
	chip.efuse = NULL;
}

int main(void)
{
	phy_init();
	iqk();
	track();
	return check_done();
}
