/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The EFUSE map of the RTL8812AU personality: a logical map with the
 * content a driver needs (RTL id, MAC address, amplifier types, RFE
 * option, crystal, TX power indices) for each board= variant (rtw88
 * rtw88xxa.h struct rtw88xxa_efuse / rtw8812au_efuse for the map). The
 * Jaguar1 layer encodes it and serves it at the EFUSE port
 * (personality_jaguar1_efuse.c).
 */
#include <string.h>

#include "libdevourer/virtual/personality_8812a.h"

/* The RTL8812AU's own part of the logical map (rtw88 rtw88xxa.h struct
 * rtw8812au_efuse): the USB3 switch byte and its USB block. */
#define EF_USB_MODE 0x08
#define EF_USB_BLOCK 0xD0

/*
 * TX-power calibration blocks, one per board variant, 42 bytes per path
 * (rtw88 main.h struct rtw_txpwr_idx): 2.4 GHz CCK bases (6 channel
 * groups), BW40 bases (5), the 1-stream byte ([7:4] BW20, [3:0] OFDM
 * difference), 2-stream bytes ([7:4] BW40, [3:0] BW20; then OFDM, CCK),
 * 3/4-stream bytes; 5 GHz BW40 bases (14 groups), 1-stream byte, 2..4
 * stream bytes, OFDM multi-stream bytes, VHT bytes ([7:4] BW80, [3:0]
 * BW160) per stream count. Differences are signed 4-bit.
 */
struct txpwr_board {
	const char *name;
	uint8_t path[2][PJAGUAR1_EF_TXPWR_PATH_LEN];
	/* thermal meter reading at calibration (0xBA), BB swing selects
	 * 2.4 / 5 GHz (0xC6 / 0xC7: path A [1:0], path B [3:2]; 0 = 0 dB,
	 * 1 = -3, 2 = -6, 3 = -9 dB, rtw88 rtw88xxa.c rtw88xxa_get_bb_swing) */
	uint8_t thermal, swing_2g, swing_5g;
};

static const struct txpwr_board boards[] = {
	/* The vendor driver's own per-chip default PG block (aircrack-ng
	 * rtl8812au hal/hal_com_phycfg.c rtl8812a_pg_txpwr_def_info, the
	 * table OpenIPC devourer EepromManager.cpp kPgTxpwrDef8812a
	 * reproduces): the values a board's calibration starts from. */
	{ "vendor-default", { {
		0x2D, 0x2D, 0x2D, 0x2D, 0x2D, 0x2D,
		0x2D, 0x2D, 0x2D, 0x2D, 0x2D,
		0x02, 0xEE, 0xEE, 0xFF, 0xFF, 0xFF, 0xFF,
		0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A,
		0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A,
		0x02, 0xEE, 0xFF, 0xFF, 0xEE, 0xFF, 0x00, 0xEE, 0xFF, 0xFF,
	}, {
		0x2D, 0x2D, 0x2D, 0x2D, 0x2D, 0x2D,
		0x2D, 0x2D, 0x2D, 0x2D, 0x2D,
		0x02, 0xEE, 0xEE, 0xFF, 0xFF, 0xFF, 0xFF,
		0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A,
		0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A,
		0x02, 0xEE, 0xFF, 0xFF, 0xEE, 0xFF, 0x00, 0xEE, 0xFF, 0xFF,
	} },
	  /* the vendor's default thermal value (EEPROM_Default_ThermalMeter_
	   * 8812) and full swing, which is also what it assumes when the
	   * EFUSE is not loaded */
	  0x18, 0x00, 0x00 },
	/* A calibrated-looking board (synthetic: no public dump of a real
	 * 8812AU block was at hand): bases falling with frequency, path B
	 * one to two steps below path A, positive OFDM and negative
	 * multi-stream and 80 MHz differences. */
	{ "graded", { {
		0x2F, 0x2F, 0x2E, 0x2E, 0x2D, 0x2D,
		0x2D, 0x2D, 0x2C, 0x2C, 0x2B,
		0x12, 0xFE, 0xEE, 0xFF, 0xFF, 0xFF, 0xFF,
		0x2C, 0x2C, 0x2B, 0x2B, 0x29, 0x29, 0x28,
		0x28, 0x28, 0x27, 0x27, 0x26, 0x26, 0x26,
		0x13, 0xEF, 0xFF, 0xFF, 0xEE, 0xFF, 0xFE, 0xEE, 0xFF, 0xFF,
	}, {
		0x2E, 0x2E, 0x2D, 0x2D, 0x2C, 0x2C,
		0x2C, 0x2C, 0x2B, 0x2B, 0x2A,
		0x02, 0xFE, 0xEE, 0xFF, 0xFF, 0xFF, 0xFF,
		0x2A, 0x2A, 0x29, 0x29, 0x27, 0x27, 0x26,
		0x26, 0x26, 0x25, 0x25, 0x24, 0x24, 0x24,
		0x13, 0xEF, 0xFF, 0xFF, 0xEE, 0xFF, 0xFE, 0xEE, 0xFF, 0xFF,
	} },
	  /* (synthetic too) calibrated warmer than the default, and a
	   * backed-off swing: 2.4 GHz path A -3 dB, 5 GHz path B -3 dB */
	  0x1E, 0x01, 0x04 },
};

/* A board whose RF calibration was never programmed: TX-power block and
 * thermal value 0xFF (a driver then tracks no temperature); BB swing 0 dB
 * and the rest of its EFUSE as on the others. */
#define BOARD_BLANK "blank"

const char *const p8812a_boards[] = { "vendor-default", "graded",
	                              BOARD_BLANK, NULL };

static void build_calibration(uint8_t *m, const char *board)
{
	m[PJAGUAR1_EF_BB_SWING_2G] = 0x00;
	m[PJAGUAR1_EF_BB_SWING_5G] = 0x00;
	if (strcmp(board, BOARD_BLANK) == 0)
		return; /* TX power and thermal left 0xFF */
	const struct txpwr_board *b = &boards[0];
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
		if (strcmp(board, boards[i].name) == 0)
			b = &boards[i];
	/* paths A and B; C and D stay unprogrammed 0xFF */
	for (unsigned p = 0; p < 2; p++)
		memcpy(&m[PJAGUAR1_EF_TXPWR + p * PJAGUAR1_EF_TXPWR_PATH_LEN],
		       b->path[p], PJAGUAR1_EF_TXPWR_PATH_LEN);
	m[PJAGUAR1_EF_THERMAL] = b->thermal;
	m[PJAGUAR1_EF_BB_SWING_2G] = b->swing_2g;
	m[PJAGUAR1_EF_BB_SWING_5G] = b->swing_5g;
}

void p8812a_efuse_map(struct vchip *vc, uint8_t *m)
{
	/* no BT coexistence, regulatory 0; no shared antenna */
	static const struct pjaguar1_efuse_board board = {
		.rf_board = 0x00, .rf_bt = 0x00, .usb_block = EF_USB_BLOCK,
	};
	pjaguar1_efuse_common(vc, m, &board);
	m[EF_USB_MODE] = 0x00; /* bit1 clear: no USB2->USB3 switch */
	build_calibration(m, vc->cfg.board);
}
