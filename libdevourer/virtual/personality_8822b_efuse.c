/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822B EFUSE contents: the logical map of an RTL8822BU / RTL8812BU
 * stick (768 bytes, layout of rtw88 rtw8822b.h struct rtw8822b_efuse with
 * its USB part struct rtw8822bu_efuse), which the 3081-CPU layer stores
 * in the 1024-byte physical array and reads out at its port
 * (personality_3081_efuse.c). The 8822B has no factory trims outside the
 * map that a driver reads (rtw88 reads none for it; the 8822C's PPG_*
 * bytes have no 8822B counterpart).
 *
 * The programmed values follow public RTL8822BU EFUSE dumps printed by
 * the vendor driver (rtl88x2bu "HW EFUSE" logs in the morrownr/88x2bu
 * repositories' issue threads), field by field: the first bytes
 * including usb_mode, the TX-power records of paths A and B, channel
 * plan, crystal, thermal meter, board options and the RFE option, and the
 * USB part's string descriptors. What a dump shows but the model must
 * make its own (VID, PID, MAC address) comes from the adapter's identity.
 *
 * Board variants (board=):
 *  - typical: an RFE-type-3 (iFEM) board as a dump shows one, the board
 *    the repository's end-state expectations assume;
 *  - graded: the TX-power records of a second dump (different per
 *    channel group and path), the rest as typical;
 *  - blank: TX power and thermal calibration never burnt (0xFF): a driver
 *    then has no calibrated power and tracks no temperature;
 *  - rfe-blank: as typical with the RFE option unburnt (0xFF), as
 *    OpenIPC devourer reports of a TP-Link Archer T3U (rtw88 refuses
 *    such a part, phy.h rtw_check_supported_rfe; the vendor driver runs
 *    it as RFE 3; devourer src/jaguar2/HalJaguar2.cpp read_efuse_rfe).
 */
#include <string.h>

#include "libdevourer/virtual/personality_8822b.h"

/* logical offsets (rtw88 rtw8822b.h struct rtw8822b_efuse) */
#define EF_RTL_ID 0x00
#define EF_USB_MODE 0x06   /* bit 7: USB3 switch allowed */
#define EF_TXPWR 0x10      /* 4 paths x 42 bytes (rtw88 main.h) */
#define EF_TXPWR_PATH 42
#define EF_CHANNEL_PLAN 0xB8
#define EF_XTAL 0xB9       /* 6 bits used (rtw8822b_phy_set_param) */
#define EF_IQK_LCK 0xBB
#define EF_PA_TYPE 0xBC
#define EF_LNA_2G 0xBD     /* 2 bytes */
#define EF_LNA_5G 0xBF     /* 2 bytes */
#define EF_RF_BOARD 0xC1   /* regd [2:0]; BT coex when [7:5] = 1 */
#define EF_RF_FEATURE 0xC2
#define EF_RF_BT 0xC3
#define EF_EEPROM_VER 0xC4
#define EF_CUSTOMER 0xC5
#define EF_SWING_2G 0xC6
#define EF_SWING_5G 0xC7
#define EF_TXPWR_CAL 0xC8
#define EF_RF_ANT 0xC9
#define EF_RFE 0xCA
#define EF_COUNTRY 0xCB
/* the USB part (struct rtw8822bu_efuse, from 0xD0) */
#define EF_USB_VID 0x100
#define EF_USB_PID 0x102
#define EF_USB_MAC 0x107
#define EF_USB_VENDOR 0x10D  /* string descriptor: length, 0x03, text */
#define EF_USB_PRODUCT 0x116 /* likewise */

/* One path's TX-power record (rtw88 main.h struct rtw_txpwr_idx):
 *  [0..5] 2.4 GHz CCK bases per channel group, [6..10] BW40 bases,
 *  [11] 1-stream byte ([7:4] BW20, [3:0] OFDM difference), [12..17]
 *  2..4-stream bytes; [18..31] 5 GHz BW40 bases, [32] 1-stream, [33..35]
 *  more streams, [36..37] OFDM, [38] VHT 1-stream ([7:4] BW80), [39..41]
 *  more streams. Bases are 6-bit TX power indexes (0..0x3F, rtw8822b.c
 *  max_power_index); differences signed 4-bit. */
struct p8822b_board {
	const char *name;
	uint8_t txpwr[2][EF_TXPWR_PATH];
	uint8_t xtal, thermal, rfe;
};

/* The 2.4 GHz CCK/BW40 bases, then the 5 GHz BW40 bases of one path,
 * around the difference bytes every dump shows alike: 1 stream 0x14 /
 * 0x13, 2 streams 0x00, the third and fourth stream unburnt. */
#define TXPWR_PATH(c0, c1, c2, c3, c4, c5, b0, b1, b2, b3, b4, a0, a1, a2, \
                   a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, vht1) \
	{ c0, c1, c2, c3, c4, c5, b0, b1, b2, b3, b4,                      \
	  0x14, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF,                        \
	  a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13,      \
	  0x13, 0x00, 0xFF, 0xFF, 0x00, 0xFF, vht1, 0x00, 0xFF, 0xFF }

static const struct p8822b_board boards[] = {
	{ "typical", {
		TXPWR_PATH(0x25, 0x27, 0x28, 0x29, 0x29, 0x29,
		           0x24, 0x24, 0x25, 0x27, 0x27,
		           0x23, 0x23, 0x23, 0x22, 0x20, 0x20, 0x20,
		           0x20, 0x21, 0x22, 0x24, 0x23, 0x23, 0x23, 0x2C),
		TXPWR_PATH(0x26, 0x26, 0x27, 0x27, 0x27, 0x27,
		           0x25, 0x26, 0x26, 0x26, 0x26,
		           0x27, 0x28, 0x28, 0x27, 0x23, 0x23, 0x23,
		           0x23, 0x23, 0x24, 0x27, 0x27, 0x27, 0x27, 0x2C),
	  }, 0x2F, 0x20, 0x03 },
	{ "graded", {
		TXPWR_PATH(0x2B, 0x2B, 0x2C, 0x2C, 0x2C, 0x2C,
		           0x2A, 0x2B, 0x2B, 0x2B, 0x2B,
		           0x26, 0x25, 0x24, 0x23, 0x20, 0x20, 0x21,
		           0x21, 0x23, 0x24, 0x26, 0x24, 0x24, 0x24, 0x1C),
		TXPWR_PATH(0x2A, 0x2B, 0x2B, 0x2C, 0x2C, 0x2C,
		           0x2B, 0x2B, 0x2B, 0x2B, 0x2B,
		           0x25, 0x25, 0x25, 0x24, 0x21, 0x21, 0x21,
		           0x21, 0x22, 0x24, 0x26, 0x26, 0x26, 0x26, 0x1C),
	  }, 0x2F, 0x20, 0x03 },
};

#define BOARD_BLANK "blank"
#define BOARD_RFE_BLANK "rfe-blank"

const char *const p8822b_boards[] = { "typical", "graded", BOARD_BLANK,
	                              BOARD_RFE_BLANK, NULL };

static const char *board_name(const struct vchip *vc)
{
	return vc->cfg.board[0] ? vc->cfg.board : p8822b_boards[0];
}

/* The board whose TX power the map carries: NULL for the blank part; the
 * RFE-blank part is typical's. */
static const struct p8822b_board *board_of(const struct vchip *vc)
{
	const char *name = board_name(vc);
	if (strcmp(name, BOARD_RFE_BLANK) == 0)
		return &boards[0];
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
		if (strcmp(name, boards[i].name) == 0)
			return &boards[i];
	return NULL;
}

/* A USB string descriptor as the USB part keeps it: length, type 3,
 * the text (one byte a character, as the dumps show). */
static void put_string(uint8_t *at, const char *text)
{
	size_t n = strlen(text);
	at[0] = (uint8_t)(n + 2);
	at[1] = 0x03;
	memcpy(at + 2, text, n);
}

void p8822b_efuse_build(struct vchip *vc)
{
	uint8_t *m = p3081_of(vc)->efuse_log;
	const struct p8822b_board *b = board_of(vc);
	bool blank = !b;
	if (!b)
		b = &boards[0];
	memset(m, 0xFF, p3081_chip_of(vc)->efuse_log);

	/* 0x00..0x0F as the dumps show them: RTL id 0x8129, then reserved
	 * bytes and usb_mode 0xA1. Bit 7 of usb_mode invites a driver to
	 * switch the link to USB3 (rtw88 rtw8822b.c rtw8822b_read_efuse
	 * usb_mode_switch); usb3switch=0 models a part that asks to stay on
	 * USB 2. */
	static const uint8_t head[16] = { 0x29, 0x81, 0x00, 0x3C, 0x09, 0x00,
		                          0xA1, 0x00, 0xB6, 0x04, 0x64, 0x10,
		                          0x00, 0x00, 0xA3, 0x00 };
	memcpy(&m[EF_RTL_ID], head, sizeof head);
	if (vc->cfg.efuse_stay_usb2)
		m[EF_USB_MODE] &= 0x7F;

	/* paths A and B; C and D stay blank as on a 2T2R part */
	for (unsigned p = 0; !blank && p < 2; p++)
		memcpy(&m[EF_TXPWR + p * EF_TXPWR_PATH], b->txpwr[p],
		       EF_TXPWR_PATH);

	m[EF_CHANNEL_PLAN] = 0xA5;
	m[EF_XTAL] = b->xtal;
	/* the meter's reading at calibration (what power tracking measures
	 * against; 0xFF: rtw88 rtw8822b_phy_pwrtrack tracks nothing) */
	m[P8822B_EF_THERMAL] = blank ? 0xFF : b->thermal;
	m[EF_IQK_LCK] = 0x00;
	/* internal PA and LNA: PA / LNA types unburnt */
	m[EF_PA_TYPE] = 0xFF;
	m[EF_RF_BOARD] = 0x01;      /* regd 1, no BT coexistence (8812BU) */
	m[EF_RF_FEATURE] = 0x00;
	m[EF_RF_BT] = 0x11;
	m[EF_EEPROM_VER] = 0x00;
	m[EF_CUSTOMER] = 0x00;
	m[EF_SWING_2G] = 0x00;
	m[EF_SWING_5G] = 0x00;
	m[EF_TXPWR_CAL] = 0x00;
	/* RFE option 3, iFEM with the "ext" CCA set (rtw88 rtw8822b.c
	 * rtw8822b_rfe_info) */
	m[EF_RFE] = strcmp(board_name(vc), BOARD_RFE_BLANK) == 0 ? 0xFF
	                                                         : b->rfe;

	m[EF_USB_VID] = (uint8_t)vc->usb.vid;
	m[EF_USB_VID + 1] = (uint8_t)(vc->usb.vid >> 8);
	m[EF_USB_PID] = (uint8_t)vc->usb.pid;
	m[EF_USB_PID + 1] = (uint8_t)(vc->usb.pid >> 8);
	memcpy(&m[EF_USB_MAC], vc->mac_addr, 6);
	put_string(&m[EF_USB_VENDOR], "Realtek");
	put_string(&m[EF_USB_PRODUCT], "802.11ac NIC");

	p3081_efuse_encode(vc);
}
