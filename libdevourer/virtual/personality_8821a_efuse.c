/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The EFUSE map of the RTL8821AU personality: what a driver reads from an
 * RTL8821AU (RTL id, TX-power indices of its one path, crystal, thermal
 * calibration, amplifier types, BT setting, and the USB block with VID,
 * PID and MAC address at 0x100 / 0x102 / 0x107, not at the RTL8812AU's
 * 0xD0) for each board= variant (rtw88 rtw88xxa.h struct rtw88xxa_efuse
 * and struct rtw8821au_efuse). The Jaguar1 layer encodes it and serves it
 * at the EFUSE port (personality_jaguar1_efuse.c).
 *
 * Boards:
 *  - "t2u-plus" (default): an RTL8821AU WLAN/BT combo stick like the
 *    TP-Link Archer T2U Plus (2357:0120) — internal PA and LNA, one
 *    antenna WLAN and BT share (0xC3 bit 0), BT coexistence in the board
 *    option (0xC1), and the vendor's default TX-power block for this chip
 *    (the vendor driver aircrack-ng/rtl8812au hal/hal_com_phycfg.c
 *    rtl8821a_pg_txpwr_def_info, as OpenIPC devourer
 *    src/jaguar1/EepromManager.cpp kPgTxpwrDef8821a carries it), thermal
 *    calibration 0x18 (synthetic: no public dump of a real stick's map was
 *    at hand);
 *  - "blank": RF calibration never programmed — TX power and thermal
 *    0xFF, the rest as above;
 *  - "8811au": the same die sold without its Bluetooth half, an
 *    RTL8811AU (rtw88 rtw8821au.c drives "8821au/8811au" alike): no BT
 *    coexistence in the board option, no antenna shared with BT, and
 *    BT_FUNC_EN reads clear (p8821a_bt_on_board; the bit rtw88 and the
 *    vendor's read_chip_version_8812a tell the two apart by); the TX
 *    power block and thermal calibration as on t2u-plus.
 */
#include <string.h>

#include "libdevourer/virtual/personality_8821a.h"

/* the RTL8821AU's USB block (rtw88 rtw88xxa.h struct rtw8821au_efuse) */
#define EF_USB_BLOCK 0x100

#define BOARD_BLANK "blank"
#define BOARD_8811AU "8811au"

const char *const p8821a_boards[] = { "t2u-plus", BOARD_BLANK, BOARD_8811AU,
                                      NULL };

bool p8821a_bt_on_board(const struct vchip *vc)
{
	return strcmp(vc->cfg.board, BOARD_8811AU) != 0;
}

/* Path A's TX-power block, the layout of rtw88 main.h struct
 * rtw_txpwr_idx: six 2.4 GHz CCK bases, five BW40 bases, the 1-stream
 * difference byte (BW20 +2, OFDM +4), the unused multi-stream bytes, 14
 * 5 GHz BW40 bases, the 1-stream byte (OFDM +4), the unused multi-stream
 * bytes and the 80 MHz byte (0). The last three bytes are not in the
 * vendor's default and stay unprogrammed. */
static const uint8_t txpwr_default[PJAGUAR1_EF_TXPWR_PATH_LEN] = {
	0x2D, 0x2D, 0x2D, 0x2D, 0x2D, 0x2D,
	0x2D, 0x2D, 0x2D, 0x2D, 0x2D,
	0x24, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A,
	0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A, 0x2A,
	0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0xFF, 0xFF, 0xFF,
};

void p8821a_efuse_map(struct vchip *vc, uint8_t *m)
{
	/* 0xC1 [7:5] = 1: BT coexistence on the board, regulatory 0 (the
	 * board-option reading of rtw88 rtw88xxa.c rtw88xxa_read_efuse);
	 * 0xC3 = 1: one antenna, shared with BT. An 8811AU has neither. */
	bool bt = p8821a_bt_on_board(vc);
	const struct pjaguar1_efuse_board board = {
		.rf_board = bt ? 0x20 : 0x00,
		.rf_bt = bt ? 0x01 : 0x00,
		.usb_block = EF_USB_BLOCK,
	};
	pjaguar1_efuse_common(vc, m, &board);
	if (strcmp(vc->cfg.board, BOARD_BLANK) != 0) {
		memcpy(&m[PJAGUAR1_EF_TXPWR], txpwr_default,
		       PJAGUAR1_EF_TXPWR_PATH_LEN);
		m[PJAGUAR1_EF_THERMAL] = 0x18;
	}
}
