/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the tests expect of each chip they bring up through the real HAL
 * on the chip model: one row per chip, every value with where it comes
 * from. Which chips are tested is not decided here: the test_chips list
 * of tests/meson.build is, and hands each per-chip test the chip's name,
 * which it looks up with test_chip_find(). The chip_table test keeps the
 * two lists the same.
 *
 * Data files of a chip go by its name (docs/adding-a-chip.md, "Tests"):
 * tests/e2e/golden/rtl<name>_ch36_bw20.trace and _ch149_bw80.trace,
 * tests/e2e/end_state/rtl<name>_tables.txt and _code.txt.
 */
#ifndef DVR_TESTS_CHIP_TABLE_H
#define DVR_TESTS_CHIP_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* One register the model must hold: the 32-bit MAC/BB register at addr,
 * or RF register addr of path A or B. */
struct test_chip_reg {
	const char *what; /* NULL ends a list */
	enum { TEST_REG_MAC = 0, TEST_REG_RF_A, TEST_REG_RF_B } space;
	uint16_t addr;
	uint32_t mask, value;
};

struct test_chip {
	/* The chip model's chip= and the suffix of the tests' names. */
	const char *name;
	/* dvr_chip_name() of an adapter the HAL drives. */
	const char *dvr_name;
	/* The HAL entry (dvr_chip_info name) that drives it, when its
	 * bonding makes dvr_name another part's (known once the chip is
	 * identified); NULL: dvr_name. */
	const char *hal_name;
	/* A USB id the model presents it under and the HAL drives it by:
	 * devourer-vusb's --adapter NAME:VID:PID, the usbfs tests' adapter. */
	uint16_t vid, pid;
	/* Link speed once dvr_open() returned, on the model's default
	 * board: 5000 for a chip whose EFUSE asks for the USB 3 switch. */
	unsigned usb_mbps;
	/* Spatial streams it sends and receives (cross_chip's VHT rate). */
	unsigned nss;
	/* bringup: writes through the 0x1000 firmware window a download
	 * makes; 0 for a chip whose firmware goes in by another path. */
	unsigned fw_window_writes;
	/* bringup: the HAL asks the firmware for IQK after the channel (the
	 * model's calibration milestone). */
	bool fw_iqk;
	/* gst_link: by default the sender may pack several frames into one
	 * USB transfer (async is the chip's preferred TX mode and its DMA
	 * takes more than one); false: one transfer per frame. */
	bool packs_by_default;
	/* bringup: registers after dvr_start() on ch 36/80, default board,
	 * worldwide. */
	struct test_chip_reg started[4];
	/* gst_link: devourersink's tx-power (dBm) asked at ch 149/20 on the
	 * default board, and the power the adapter then reports under the
	 * worldwide (least of every domain) and the FCC limits. */
	struct {
		int ask_dbm, worldwide_mbm, fcc_mbm;
	} power_149;
};

static inline const char *test_chip_hal_name(const struct test_chip *tc)
{
	return tc->hal_name ? tc->hal_name : tc->dvr_name;
}

static const struct test_chip test_chip_table[] = {
	{
		.name = "8812a",
		.dvr_name = "RTL8812AU",
		.vid = 0x0BDA, .pid = 0x8812,
		.usb_mbps = 480,
		.nss = 2,
		/* the v52.10 image, 196 bytes a write */
		.fw_window_writes = 26998 / 196,
		.fw_iqk = false,
		/* No power configured: the calibrated level from the model's
		 * default EFUSE board (vendor-default: 5 GHz bases 0x2A,
		 * OFDM +2, VHT1S BW80 0), not the zeros the tables leave.
		 * At 36/80: OFDM 0x2A + 2 = 0x2C, MCS (0x2A + 0x2A) / 2 + 0
		 * = 0x2A, plus power by rate capped by the worldwide limit:
		 * OFDM 6M-18M +14/+14/+12/+12 capped at 0 (ch 36 OFDM limit
		 * 30 - 54M's 30); MCS4-6 +8/+4/+2 capped at +2 (HT1S 30 -
		 * MCS7's 28 at 36/20 and 38/40), MCS7 the base
		 * (tests/e2e/test_txpower_8812a.c has the rest). */
		.started = {
			{ "calibrated TX power index on path A OFDM rates",
			  TEST_REG_MAC, 0xC24, 0xFFFFFFFF, 0x2C2C2C2C },
			{ "calibrated TX power index on path B MCS4-7",
			  TEST_REG_MAC, 0xE30, 0xFFFFFFFF, 0x2A2C2C2C },
		},
		/* vendor-default, ch 149/20: MCS7 path A has the EFUSE index
		 * 0x2A = 42 (5 GHz base, BW20 difference 0); its limit is HT
		 * 1SS at 20 MHz ch 149 (rtw8812a_txpwr_lmt) minus the
		 * by-rate base MCS7 28: worldwide (ETSI) 32, +4, so 25 dBm
		 * (index 50, 0.5 dB an index) stops at 42 + 4 = 46 (2300
		 * mBm); FCC 36, +8: 50 passes, at 42 + 8. */
		.power_149 = { 25, 2300, 2500 },
	},
	{
		/* the RTL8812A die bonded with path A only */
		.name = "8811a",
		.dvr_name = "RTL8811AU",
		.hal_name = "RTL8812AU",
		.vid = 0x0BDA, .pid = 0x0811,
		.usb_mbps = 480,
		.nss = 1,
		/* the 8812A's image and window */
		.fw_window_writes = 26998 / 196,
		.fw_iqk = false,
		/* What rtw88 rtw8812a_config_1t leaves on a 1T1R board, and
		 * path A's calibrated OFDM index as on the RTL8812AU (the
		 * same vendor-default EFUSE block, path A). */
		.started = {
			{ "receive on path A only (OFDM and CCK)",
			  TEST_REG_MAC, 0x808, 0xFF, 0x11 },
			{ "transmit on path A only",
			  TEST_REG_MAC, 0x80C, 0xFF0F, 0x1101 },
			{ "calibrated TX power index on path A OFDM rates",
			  TEST_REG_MAC, 0xC24, 0xFFFFFFFF, 0x2C2C2C2C },
		},
		/* as the RTL8812AU's path A: MCS7 the same index and limits */
		.power_149 = { 25, 2300, 2500 },
	},
	{
		.name = "8822c",
		.dvr_name = "RTL8822CU/RTL8812CU",
		.vid = 0x0BDA, .pid = 0xC812,
		/* its typical board's EFUSE asks for the switch */
		.usb_mbps = 5000,
		.nss = 2,
		.fw_window_writes = 0,
		.fw_iqk = true,
		.started = {
			{ "IQK completion the firmware reported",
			  TEST_REG_MAC, 0x2D9C, 0xFF, 0xAA },
		},
		/* typical, ch 149/20: MCS7 path A has the EFUSE level 70
		 * (0x46); its limit is HT 1SS at 20 MHz ch 149
		 * (rtw8822c_txpwr_lmt_type0) minus the by-rate base 64:
		 * worldwide 28, -36, so 20 dBm asked gives 70 - 36 = 34 (850
		 * mBm, 0.25 dB an index); FCC 76, +12: 20 dBm = index 80
		 * passes, under 70 + 12 = 82. */
		.power_149 = { 20, 850, 2000 },
	},
	{
		.name = "8822b",
		.dvr_name = "RTL8822BU/RTL8812BU",
		/* the model's default identity, first of rtw88's table */
		.vid = 0x0BDA, .pid = 0xB812,
		/* its default board's EFUSE asks for the switch, as the
		 * RTL8822CU's */
		.usb_mbps = 5000,
		.nss = 2,
		.fw_window_writes = 0,
		.fw_iqk = true,
		/* No power configured: the calibrated level from the model's
		 * default EFUSE board (typical: 5 GHz group 0 bases A 0x23,
		 * B 0x27, OFDM +3, VHT1S BW80 +2), plus power by rate
		 * (rtw8822b_bb_pg_type3, RFE 3) capped by the worldwide
		 * limit (rtw8822b_txpwr_lmt_type0, least of FCC, MKK, ETSI),
		 * 0.5 dB an index. At 36/80: OFDM 6M-18M by rate 40 38 36
		 * 34 over 54M's 26, +14..+8, capped at ch 36's OFDM limit 30
		 * - 26 = +4: A 0x23 + 3 + 4 = 0x2A, B 0x27 + 3 + 4 = 0x2E;
		 * HT MCS at 80 MHz (0x23 + 0x23) / 2 + 2 = 37 on A, MCS4-7
		 * by rate 30 28 26 24 over MCS7's 24, +6..0, capped at the
		 * 40 MHz ch 38 HT1S limit 22 - 24 = -2: 35 = 0x23 each
		 * (tests/e2e/test_txpower_8822b.c has the rest). */
		.started = {
			{ "calibrated TX power index on path A OFDM 6M-18M",
			  TEST_REG_MAC, 0x1D04, 0xFFFFFFFF, 0x2A2A2A2A },
			{ "calibrated TX power index on path B OFDM 6M-18M",
			  TEST_REG_MAC, 0x1D84, 0xFFFFFFFF, 0x2E2E2E2E },
			{ "calibrated TX power index on path A MCS4-7",
			  TEST_REG_MAC, 0x1D10, 0xFFFFFFFF, 0x23232323 },
		},
		/* typical, ch 149/20: MCS7 path A has the EFUSE index 0x24 +
		 * 1 = 37 (group 10 base, BW20 +1); its limit is HT 1SS at 20
		 * MHz ch 149 minus the by-rate base MCS7 24: FCC 32, +8; MKK
		 * and ETSI set none there (63), so the worldwide limit is
		 * FCC's and the two cannot differ at this channel. 25 dBm
		 * (index 50) stops at 37 + 8 = 45 under both: 2250 mBm. */
		.power_149 = { 25, 2250, 2250 },
	},
	{
		.name = "8821c",
		.dvr_name = "RTL8821CU/RTL8811CU",
		/* the model's default identity, the RTL8821CU with BT */
		.vid = 0x0BDA, .pid = 0xC820,
		/* USB 2 only (rtw88 usb.c rtw_usb3_chip_new lacks it) */
		.usb_mbps = 480,
		.nss = 1,
		.fw_window_writes = 0,
		.fw_iqk = true,
		/* No power configured: the calibrated indices from the
		 * model's typical board (RFE option 2), rtw88 rtw8821c.c
		 * rtw8821c_set_tx_power_index_by_rate's one byte a rate at
		 * 0x1D00 + (rate & 0xFC). At 36/80 (centre 42, groups 0 and
		 * 1) the EFUSE gives OFDM 0x22 + 0 (OFDM difference) = 34
		 * and HT / VHT (0x22 + 0x23) / 2 - 1 (VHT1S byte 0xFF, BW80
		 * -1) = 33; power by rate (rtw8821c_bb_pg_type0, 5 GHz) puts
		 * 6M-18M 8 above the OFDM base (54M, 26) and MCS0-2 10 above
		 * the HT base (MCS7, 24), but the worldwide limits
		 * (rtw8821c_txpwr_lmt_type0) less those bases hold them: OFDM
		 * 27 at ch 36, 27 - 26 = +1, so 6M-18M 34 + 1 = 35 = 0x23;
		 * HT 1SS the least of 27 at 36/20 and 22 at 38/40, 22 - 24 =
		 * -2, so every MCS 33 - 2 = 31 = 0x1F; VHT 1SS also 19 at
		 * 42/80, 19 - 24 = -5: 28 = 0x1C
		 * (tests/e2e/test_txpower_8821c.c has the rest). */
		.started = {
			{ "calibrated TX AGC of path A OFDM 6M-18M",
			  TEST_REG_MAC, 0x1D04, 0xFFFFFFFF, 0x23232323 },
			{ "calibrated TX AGC of path A HT MCS0-3",
			  TEST_REG_MAC, 0x1D0C, 0xFFFFFFFF, 0x1F1F1F1F },
			{ "calibrated TX AGC of path A VHT 1SS MCS0-3",
			  TEST_REG_MAC, 0x1D2C, 0xFFFFFFFF, 0x1C1C1C1C },
		},
		/* typical, ch 149/20: MCS7 has the EFUSE index 0x27 = 39
		 * (5 GHz group 10, BW20 difference 0); its limit is HT 1SS
		 * at 20 MHz ch 149 (rtw8821c_txpwr_lmt_type0) minus the
		 * by-rate base MCS7 24: worldwide 14 (ETSI, Qatar), -10, so
		 * 20 dBm (index 40, 0.5 dB an index) stops at 39 - 10 = 29
		 * (1450 mBm); FCC 33, +9: index 40 passes, under 39 + 9 =
		 * 48 (the cap is 24 dBm, the worldwide one 14.5). */
		.power_149 = { 20, 1450, 2000 },
	},
	{
		.name = "8822e",
		.dvr_name = "RTL8812EU/RTL8822EU",
		/* the LB-LINK BL-M8812EU2, the model's default board */
		.vid = 0x0BDA, .pid = 0xA81A,
		.usb_mbps = 480,
		.nss = 2,
		.fw_window_writes = 0,
		/* IQK is the driver's own, on the NCTL engine */
		.fw_iqk = false,
		/* At 36/80 (vendor phydm_hal_api8822e.c): the RX/TX
		 * baseband filter of 80 MHz in RF 0x1A [14:10] (bits 13 and
		 * 10, config_phydm_switch_bandwidth_8822e), the OFDM AGC
		 * table of channels 36-64 (phydm_ofdm_agc_tab_sel_8822e),
		 * one-stream OFDM on path B at 5 GHz (OpenIPC devourer
		 * HalJaguar3.cpp config_channel_8822e), and TX resumed after
		 * the driver's IQK paused it (0x522). */
		.started = {
			{ "80 MHz baseband filter on path A",
			  TEST_REG_RF_A, 0x1A, 0x7C00, 0x2400 },
			{ "OFDM AGC table 1 on path A", TEST_REG_MAC, 0x18AC,
			  0x1F0, 0x010 },
			{ "OFDM TX: 2SS on A+B, 1SS on B", TEST_REG_MAC, 0x0820,
			  0xFF, 0x32 },
			{ "TX not paused after IQK", TEST_REG_MAC, 0x0520,
			  0x00FF0000, 0 },
		},
		/* bl-m8812eu2, ch 149/20: MCS7 path A has the EFUSE index
		 * 0x49 = 73 (the base of every 5 GHz group on this board,
		 * BW20 difference 0); its
		 * limit is HT 1SS at 20 MHz ch 149 (vendor rtl88x2eu
		 * halhwimg8822e_bb.c txpwr_lmt) minus the by-rate base MCS7
		 * 64: worldwide 54 (ETSI), -10, so 20 dBm (index 80, 0.25 dB
		 * an index) stops at 73 - 10 = 63 (1575 mBm); FCC 76, +12:
		 * index 80 passes, under 73 + 12 = 85. */
		.power_149 = { 20, 1575, 2000 },
	},
	{
		.name = "8821a",
		/* the model's default board has BT_FUNC_EN: an RTL8821AU,
		 * not an RTL8811AU */
		.dvr_name = "RTL8821AU",
		/* the model's default identity, the TP-Link Archer T2U Plus
		 * (rtw88 rtw8821au.c) */
		.vid = 0x2357, .pid = 0x0120,
		/* USB 2 only: rtw88 switches the 8812A and 8814A alone
		 * (usb.c rtw_usb3_chip_old) */
		.usb_mbps = 480,
		.nss = 1,
		/* the v42.4 image's 31866 bytes of code, 196 bytes a write */
		.fw_window_writes = 31866 / 196,
		/* the IQK is the driver's own (rtw8821a_iqk), not the
		 * firmware's */
		.fw_iqk = false,
		/* async by preference, as the RTL8812AU, and a TX DMA of
		 * six frames (rtw88 rtw8821a.c usb_tx_agg_desc_num) */
		.packs_by_default = true,
		/* No power configured: the calibrated level from the model's
		 * t2u-plus EFUSE (the vendor's 8821A defaults: 5 GHz bases
		 * 0x2A, 1S byte 0x04 = BW20 +0 and OFDM +4, 80 MHz byte 0),
		 * plus power by rate (rtw8821a_bb_pg, 5 GHz) capped by the
		 * worldwide limit (rtw8821a_txpwr_lmt, least of FCC, MKK and
		 * ETSI), 0.5 dB an index. At 36/80 (centre 42, group 0):
		 * OFDM 0x2A + 4 = 46, 6M-18M by rate 36 36 34 34 over 54M's
		 * 26, +10..+8, capped at ch 36's OFDM limit 30 - 26 = +4:
		 * 50 = 0x32; HT and VHT (0x2A + 0x2A) / 2 + 0 = 42, MCS0-3
		 * +12..+8 over MCS7's 24, capped at the HT 1S limit of 36/20
		 * and 38/40 (30, 26) less 24 = +2: 44 = 0x2C, MCS7 the base
		 * 42; VHT 1S also under 42/80's 22 (FCC), 22 - 24 = -2: 40 =
		 * 0x28 (tests/e2e/test_txpower_8821a.c has the rest). */
		.started = {
			{ "calibrated TX power index on path A OFDM 6M-18M",
			  TEST_REG_MAC, 0xC24, 0xFFFFFFFF, 0x32323232 },
			{ "calibrated TX power index on path A MCS0-3",
			  TEST_REG_MAC, 0xC2C, 0xFFFFFFFF, 0x2C2C2C2C },
			{ "calibrated TX power index on path A MCS4-7",
			  TEST_REG_MAC, 0xC30, 0xFFFFFFFF, 0x2A2C2C2C },
			{ "calibrated TX power index on path A VHT MCS0-3",
			  TEST_REG_MAC, 0xC3C, 0xFFFFFFFF, 0x28282828 },
		},
		/* t2u-plus, ch 149/20: MCS7 has the EFUSE index 0x2A = 42
		 * (5 GHz base, BW20 difference 0); its limit is HT 1S at 20
		 * MHz ch 149 (rtw8821a_txpwr_lmt) minus the by-rate base
		 * MCS7 24: worldwide 30 (ETSI), +6, so 25 dBm (index 50)
		 * stops at 42 + 6 = 48 (2400 mBm); FCC 32, +8: 50 passes, at
		 * 42 + 8. */
		.power_149 = { 25, 2400, 2500 },
	},
	{
		.name = "8814a",
		.dvr_name = "RTL8814AU",
		/* the model's default identity, first of rtw88's table */
		.vid = 0x0BDA, .pid = 0x8813,
		/* its default board invites the "old" USB 3 switch (EFUSE
		 * 0x0E bit 4), which the HAL does not make yet: USB 2 */
		.usb_mbps = 480,
		/* 3T3R (rtw88 rtw8814a_read_rf_type, the vendor's 3 streams) */
		.nss = 3,
		.fw_window_writes = 0,
		/* rtw88 runs the 8814A's IQK in the driver (NCTL at 0x1B00),
		 * not the firmware; the HAL runs none yet */
		.fw_iqk = false,
		/* After a start on 36/80 (centre 42), default board RFE 1
		 * (rtw8814a.c): RF A 0x18 channel 42 and bandwidth bits
		 * [11:10] 0 (rtw8814a_switch_channel, _set_bw_rf); AGC
		 * table 1 for ch 36-64 in 0x958 [4:0]; 0x1ABC [27:20] 0x33,
		 * RFE 1's 5 GHz pin mux (rtw8814a_set_rfe_reg_5g); the BB
		 * enables 0x1000 bits 17/16 (rtw8814a_phy_set_param). */
		.started = {
			{ "RF A channel 42 at 80 MHz", TEST_REG_RF_A, 0x18,
			  0xCFF, 0x02A },
			{ "AGC table of ch 36-64", TEST_REG_MAC, 0x0958, 0x1F,
			  1 },
			{ "RFE 1 5 GHz pin mux of path D", TEST_REG_MAC, 0x1ABC,
			  0x0FF00000, 0x03300000 },
			{ "BB reset released", TEST_REG_MAC, 0x1000,
			  0x00030000, 0x00030000 },
		},
		/* default board, ch 149/20: MCS7 has the EFUSE index 0x25 +
		 * 1 = 38 on path A (5 GHz group 10 base, BW20 difference
		 * +1); its limit is HT 1S at 20 MHz ch 149
		 * (rtw8814a_txpwr_lmt_type1) minus the by-rate base MCS7 28:
		 * FCC 28 is the least of every domain, so 20 dBm (index 40)
		 * stops at 38 (1900 mBm) under either
		 * (tests/e2e/test_txpower_8814a.c has the rest). */
		.power_149 = { 20, 1900, 1900 },
	},
};

#define TEST_CHIP_COUNT (sizeof test_chip_table / sizeof test_chip_table[0])

/* The row of chip name; NULL when this table has none. */
static inline const struct test_chip *test_chip_find(const char *name)
{
	for (size_t i = 0; name && i < TEST_CHIP_COUNT; i++)
		if (strcmp(test_chip_table[i].name, name) == 0)
			return &test_chip_table[i];
	return NULL;
}

#endif /* DVR_TESTS_CHIP_TABLE_H */
