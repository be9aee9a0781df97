/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822C EFUSE contents: the logical map of an RTL8812CU stick (768
 * bytes, layout of rtw88 rtw8822c.h struct rtw8822c_efuse /
 * rtw8822cu_efuse), which the 3081-CPU layer stores in the 512-byte
 * physical array and reads out at its port (personality_3081_efuse.c).
 *
 * Board variants (board=): the TX-power calibration block and the
 * thermal-meter calibration readings (0xD0 / 0xD1) of the logical map,
 * and the factory RF trims Realtek burns byte-wise into the
 * protected tail of the physical array, outside the logical map
 * (addresses rtw88 rtw8822c.h PPG_*; read by rtw8822c.c
 * rtw8822c_thermal_trim, rtw8822c_power_trim, rtw8822c_pa_bias). No
 * public dump of an RTL8822CU's fuses is among our references, so every
 * programmed value below is synthetic, chosen inside the fields' widths
 * with the unused bits left unburnt (1), as fuses read.
 */
#include <string.h>

#include "libdevourer/virtual/personality_8822c.h"

/* logical offsets (rtw88 rtw8822c.h) */
#define EF_RTL_ID 0x00
#define EF_USB_MODE 0x06   /* bit 7: USB3 switch allowed */
#define EF_TXPWR 0x10      /* 4 paths x 42 bytes (rtw88 main.h) */
#define EF_TXPWR_PATH 42
#define EF_CHANNEL_PLAN 0xB8
#define EF_XTAL 0xB9
#define EF_IQK_LCK 0xBB
#define EF_RF_BOARD 0xC1
#define EF_RF_BT 0xC3
#define EF_SWING_2G 0xC6
#define EF_SWING_5G 0xC7
#define EF_TXPWR_CAL 0xC8
#define EF_RFE 0xCA
#define EF_COUNTRY 0xCB
#define EF_THERMAL_A 0xD0
#define EF_THERMAL_B 0xD1
#define EF_RX_GAIN_GAP 0xD4 /* 0xD4-0xDC */
#define EF_USB_VID 0x150
#define EF_USB_PID 0x152
#define EF_USB_MAC 0x157

/* One path's TX-power record (rtw88 main.h struct rtw_txpwr_idx):
 *  [0..5] 2.4 GHz CCK bases per channel group, [6..10] BW40 bases,
 *  [11] 1-stream byte ([7:4] BW20, [3:0] OFDM difference), [12]
 *  2-stream byte ([7:4] BW40, [3:0] BW20), [13..17] more streams;
 *  [18..31] 5 GHz BW40 bases, [32] 1-stream, [33] 2-stream, [34..37]
 *  more streams and OFDM, [38] VHT 1-stream ([7:4] BW80, [3:0] BW160),
 *  [39] VHT 2-stream, [40..41] more. Differences are signed 4-bit, in
 *  units of two 8822C index steps. */
struct p8822c_board {
	const char *name;
	uint8_t txpwr[2][EF_TXPWR_PATH];
	/* physical trims: thermal A/B; power trim 2.4 GHz L/M/H (A [3:0],
	 * B [7:4]); 5 GHz L1, L2, M1, M2, H1 per path ([4:0]); PA bias 2.4
	 * and 5 GHz per path ([3:0]) */
	uint8_t thermal[2], pwr_2g[3], pwr_5g[2][5], pa_2g[2], pa_5g[2];
	/* thermal meter reading per path at calibration (logical 0xD0 /
	 * 0xD1), what power tracking measures against */
	uint8_t meter_cal[2];
	/* the synthesiser's X2 calibration is still busy after power-up,
	 * the state rtw88 rtw8822c_rf_x2_check restarts */
	bool x2k_stuck;
};

static const struct p8822c_board boards[] = {
	/* Flat calibration: one base per band and path, no differences;
	 * trims burnt. */
	{ "typical", { {
		0x3A, 0x3A, 0x3A, 0x3A, 0x3A, 0x3A,
		0x3C, 0x3C, 0x3C, 0x3C, 0x3C,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x46, 0x46, 0x46, 0x46, 0x46, 0x46, 0x46,
		0x46, 0x46, 0x46, 0x46, 0x46, 0x46, 0x46,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	}, {
		0x3A, 0x3A, 0x3A, 0x3A, 0x3A, 0x3A,
		0x3C, 0x3C, 0x3C, 0x3C, 0x3C,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x46, 0x46, 0x46, 0x46, 0x46, 0x46, 0x46,
		0x46, 0x46, 0x46, 0x46, 0x46, 0x46, 0x46,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	} },
	  { 0xF2, 0xF5 }, { 0x21, 0x32, 0x43 },
	  { { 0xE2, 0xE3, 0xE4, 0xE5, 0xE6 }, { 0xE1, 0xE2, 0xE3, 0xE4, 0xE5 } },
	  { 0xF5, 0xF6 }, { 0xF7, 0xF8 }, { 0x1E, 0x20 }, false },
	/* Graded per channel group and path, with non-zero differences;
	 * other trims; X2 calibration left busy. */
	{ "graded", { {
		0x48, 0x49, 0x4A, 0x4B, 0x4C, 0x4E,
		0x44, 0x45, 0x46, 0x47, 0x48,
		0x12, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56,
		0x57, 0x58, 0x59, 0x5A, 0x5C, 0x5D, 0x5E,
		0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0, 0xE0, 0xFF, 0xFF,
	}, {
		0x46, 0x47, 0x48, 0x49, 0x4A, 0x4C,
		0x42, 0x43, 0x44, 0x45, 0x46,
		0x02, 0xEE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		0x4E, 0x4F, 0x50, 0x51, 0x52, 0x53, 0x54,
		0x55, 0x56, 0x57, 0x58, 0x59, 0x5B, 0x5C,
		0x12, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0x10, 0xF0, 0xFF, 0xFF,
	} },
	  { 0xF7, 0xF0 }, { 0x54, 0x65, 0x76 },
	  { { 0xE9, 0xEA, 0xEB, 0xEC, 0xED }, { 0xF1, 0xF2, 0xF3, 0xF4, 0xF5 } },
	  { 0xF3, 0xF4 }, { 0xF9, 0xFA }, { 0x24, 0x1F }, true },
};

/* A part whose TX-power block, thermal calibration (0xC8, 0xD0, 0xD1:
 * a driver then tracks no temperature) and trims were never burnt (all
 * 0xFF); the rest of its EFUSE is as on the others. */
#define BOARD_BLANK "blank"

const char *const p8822c_boards[] = { "typical", "graded", BOARD_BLANK, NULL };

/* The board vc->cfg.board names (the first one when none), NULL for the
 * blank part. */
static const struct p8822c_board *board_of(const struct vchip *vc)
{
	const char *name = vc->cfg.board[0] ? vc->cfg.board : p8822c_boards[0];
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
		if (strcmp(name, boards[i].name) == 0)
			return &boards[i];
	return NULL;
}

static void build_logical(struct vchip *vc)
{
	uint8_t *m = p3081_of(vc)->efuse_log;
	memset(m, 0xFF, p3081_chip_of(vc)->efuse_log);
	m[EF_RTL_ID] = 0x29; /* 0x8129 */
	m[EF_RTL_ID + 1] = 0x81;
	/* Bit 7 invites a driver to switch the link to USB3 (rtw88
	 * rtw8822c.c rtw8822c_read_efuse usb_mode_switch): a USB3 stick
	 * that enumerates at high speed is meant to be switched (rtw88
	 * usb.c switches by default, module parameter switch_usb_mode);
	 * whether the port can do SuperSpeed is the pad's answer, not
	 * the EFUSE's. */
	m[EF_USB_MODE] = vc->cfg.efuse_stay_usb2 ? 0x00 : 0x80;
	/* TX-power records of paths A and B; C and D stay blank as on a
	 * 2T2R part. */
	const struct p8822c_board *b = board_of(vc);
	for (unsigned p = 0; b && p < 2; p++)
		memcpy(&m[EF_TXPWR + p * EF_TXPWR_PATH], b->txpwr[p],
		       EF_TXPWR_PATH);
	m[EF_CHANNEL_PLAN] = 0x7F;  /* world-wide */
	m[EF_XTAL] = 0x3F;          /* 7-bit crystal cap */
	m[EF_IQK_LCK] = 0x00;
	m[EF_RF_BOARD] = 0x00;      /* regd 0, no BT coexistence (8812CU) */
	m[EF_RF_BT] = 0x00;
	m[EF_SWING_2G] = 0x00;
	m[EF_SWING_5G] = 0x00;
	/* [7:4] power-tracking type 0, the one rtw88 tracks */
	m[EF_TXPWR_CAL] = b ? 0x00 : 0xFF;
	m[EF_RFE] = 0x01;           /* one of rtw88's RFE 0-6 */
	m[EF_COUNTRY] = 'U';
	m[EF_COUNTRY + 1] = 'S';
	m[EF_THERMAL_A] = b ? b->meter_cal[0] : 0xFF;
	m[EF_THERMAL_B] = b ? b->meter_cal[1] : 0xFF;
	memset(&m[EF_RX_GAIN_GAP], 0x00, 9);
	m[EF_USB_VID] = (uint8_t)vc->usb.vid;
	m[EF_USB_VID + 1] = (uint8_t)(vc->usb.vid >> 8);
	m[EF_USB_PID] = (uint8_t)vc->usb.pid;
	m[EF_USB_PID + 1] = (uint8_t)(vc->usb.pid >> 8);
	memcpy(&m[EF_USB_MAC], vc->mac_addr, 6);
}

/* The factory trims, byte-wise in the protected tail (rtw88 rtw8822c.h
 * PPG_*: thermal 0x1EF / 0x1B0, power 0x1D4 / 0x1EE / 0x1D2 and
 * 0x1EC..0x1DB, PA bias 0x1D6 / 0x1D5 / 0x1D8 / 0x1D7). */
static void burn_trims(struct vchip *vc)
{
	static const uint16_t pwr_2g[3] = { 0x1D4, 0x1EE, 0x1D2 };
	static const uint16_t pwr_5g[2][5] = {
		{ 0x1EC, 0x1E8, 0x1E4, 0x1E0, 0x1DC },
		{ 0x1EB, 0x1E7, 0x1E3, 0x1DF, 0x1DB },
	};
	uint8_t *ph = p3081_of(vc)->efuse_phys;
	const struct p8822c_board *b = board_of(vc);
	if (!b)
		return;
	ph[0x1EF] = b->thermal[0];
	ph[0x1B0] = b->thermal[1];
	for (unsigned i = 0; i < 3; i++)
		ph[pwr_2g[i]] = b->pwr_2g[i];
	for (unsigned p = 0; p < 2; p++)
		for (unsigned i = 0; i < 5; i++)
			ph[pwr_5g[p][i]] = b->pwr_5g[p][i];
	ph[0x1D6] = b->pa_2g[0];
	ph[0x1D5] = b->pa_2g[1];
	ph[0x1D8] = b->pa_5g[0];
	ph[0x1D7] = b->pa_5g[1];
}

void p8822c_efuse_build(struct vchip *vc)
{
	build_logical(vc);
	p3081_efuse_encode(vc);
	burn_trims(vc);
	const struct p8822c_board *b = board_of(vc);
	p8822c_of(vc)->x2k_stuck = b && b->x2k_stuck;
	p8822c_of(vc)->x2k_busy = p8822c_of(vc)->x2k_stuck;
}
