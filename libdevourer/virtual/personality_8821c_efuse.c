/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821C EFUSE contents: the logical map of a USB stick (512 bytes,
 * layout of rtw88 rtw8821c.h struct rtw8821c_efuse with its USB part
 * struct rtw8821cu_efuse), which the 3081-CPU layer stores in the
 * 512-byte physical array, 96 bytes of it protected, and reads out at
 * its port (personality_3081_efuse.c).
 *
 * What is programmed follows what retail RTL8821CU fuses hold, as users
 * of the vendor driver posted them (brektrou/rtl8821CU and
 * morrownr/8821cu-20210916 threads): the RTL id and the chip's own system
 * bytes 0x02-0x0F, TX power of path A for 5 GHz and — on a board whose
 * 2.4 GHz WLAN path is the Bluetooth one (RFE 2) — of path B for
 * 2.4 GHz, which is where rtw88 rtw8821c.c rtw8821c_read_efuse takes it
 * from on those boards; crystal cap, thermal meter, board and BT
 * options, RFE option, then the USB block (VID, PID, MAC address at
 * 0x107, vendor and product strings). The power indices and trims
 * themselves are ours, inside the fields' widths, with unused bytes left
 * unburnt (0xFF) as fuses read.
 *
 * Board variants (board=):
 *  - typical: an RTL8821CU with Bluetooth, RFE option 2 (one antenna,
 *    2.4 GHz WLAN at the BT port, rtw88 rtw8821c.c
 *    rtw8821c_coex_cfg_rfe_type), EFUSE 0xCA = 0x02 — the board
 *    tools/gen_end_state.py walks the tables for;
 *  - 8811cu: an RTL8811CU, no Bluetooth (0xC1 [7:5] = 0), RFE option 0
 *    (two antennas, 2.4 GHz WLAN on its own port), so rtw88 reads its
 *    CCK power with the other LNA gain table (rtw8821c.c
 *    get_cck_rx_pwr) and no AGC-BTG table applies;
 *  - blank: the typical board with its TX power block and thermal
 *    calibration never burnt (0xFF): a driver then tracks no
 *    temperature (rtw8821c.c rtw8821c_phy_pwrtrack).
 */
#include <string.h>

#include "libdevourer/virtual/personality_8821c.h"

/* logical offsets (rtw88 rtw8821c.h) */
#define EF_RTL_ID 0x00
#define EF_SYS 0x02        /* 0x02-0x0F: the chip's own system bytes */
#define EF_TXPWR 0x10      /* 4 paths x 42 bytes (rtw88 main.h) */
#define EF_TXPWR_PATH 42
#define EF_TXPWR_2G 18     /* the 2.4 GHz part of a path's record */
#define EF_CHANNEL_PLAN 0xB8
#define EF_XTAL 0xB9
#define EF_THERMAL 0xBA
#define EF_IQK_LCK 0xBB
#define EF_RF_BOARD 0xC1
#define EF_RF_FEATURE 0xC2
#define EF_RF_BT 0xC3
#define EF_EEPROM_VER 0xC4
#define EF_CUSTOMER 0xC5
#define EF_SWING_2G 0xC6
#define EF_SWING_5G 0xC7
#define EF_TXPWR_CAL 0xC8
#define EF_RFE 0xCA
#define EF_USB_VID 0x100
#define EF_USB_PID 0x102
#define EF_USB_MAC 0x107
#define EF_VENDOR_NAME 0x10F /* 7 bytes */
#define EF_DEVICE_NAME 0x118 /* 20 bytes */

struct p8821c_board {
	const char *name;
	uint8_t rfe;        /* 0xCA */
	uint8_t board_opt;  /* 0xC1: [7:5] = 1 BT coexistence, [2:0] regd */
	uint8_t bt_setting; /* 0xC3: bit 0 antenna shared with BT */
	uint8_t xtal;       /* 0xB9, 6 bits */
	uint8_t thermal;    /* 0xBA: meter reading at calibration */
	/* path A's whole record, and path B's 2.4 GHz part (burnt on
	 * boards whose 2.4 GHz WLAN goes through the BT port) */
	uint8_t txpwr_a[EF_TXPWR_PATH];
	bool path_b_2g;
	uint8_t txpwr_b_2g[EF_TXPWR_2G];
};

/* A path's record (rtw88 main.h struct rtw_txpwr_idx): [0..5] 2.4 GHz
 * CCK bases per channel group, [6..10] BW40 bases, [11] 1-stream
 * differences ([7:4] BW20, [3:0] OFDM), [12..17] more streams; [18..31]
 * 5 GHz BW40 bases, [32] 1-stream, [33..35] more streams, [36..37] OFDM,
 * [38..41] VHT. */
static const struct p8821c_board boards[] = {
	{ "typical", 0x02, 0x21, 0x41, 0x2C, 0x1B, {
		/* 2.4 GHz of path A unused on a BTG board (its difference
		 * byte is burnt, as on retail parts) */
		0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		0x22, 0x23, 0x23, 0x24, 0x25, 0x24, 0x24,
		0x24, 0x26, 0x27, 0x27, 0x26, 0x28, 0x29,
		0x00, 0xFF, 0xFF, 0xFF, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	  }, true, {
		0x2F, 0x2F, 0x2E, 0x2E, 0x2E, 0x2D,
		0x2F, 0x2F, 0x2E, 0x2E, 0x2D,
		0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	  } },
	{ "8811cu", 0x00, 0x00, 0x00, 0x24, 0x20, {
		0x2A, 0x2A, 0x2B, 0x2B, 0x2B, 0x2C,
		0x2B, 0x2B, 0x2C, 0x2C, 0x2C,
		0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		0x26, 0x26, 0x27, 0x27, 0x28, 0x28, 0x28,
		0x29, 0x29, 0x29, 0x2A, 0x2A, 0x2B, 0x2B,
		0x01, 0xFF, 0xFF, 0xFF, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	  }, false, {0} },
};

/* The typical board with nothing of its calibration burnt. */
#define BOARD_BLANK "blank"

const char *const p8821c_boards[] = { "typical", "8811cu", BOARD_BLANK,
	                                NULL };

static const char *board_name(const struct vchip *vc)
{
	return vc->cfg.board[0] ? vc->cfg.board : p8821c_boards[0];
}

/* The board vc->cfg.board names, the typical one for the blank part. */
static const struct p8821c_board *board_of(const struct vchip *vc)
{
	const char *name = board_name(vc);
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
		if (strcmp(name, boards[i].name) == 0)
			return &boards[i];
	return &boards[0];
}

unsigned p8821c_rfe(const struct vchip *vc)
{
	return p3081_of(vc)->efuse_log[EF_RFE] & 0x1Fu;
}

static void put_string(uint8_t *m, const char *s, size_t max)
{
	size_t n = strlen(s);
	memcpy(m, s, n < max ? n : max);
}

void p8821c_efuse_build(struct vchip *vc)
{
	/* the system bytes 0x02-0x0F as retail parts read */
	static const uint8_t sys[14] = { 0x00, 0xBC, 0x09, 0x00, 0x21, 0x00,
		                         0x6E, 0x04, 0xA4, 0x34, 0x10, 0x00,
		                         0x30, 0x0B };
	uint8_t *m = p3081_of(vc)->efuse_log;
	const struct p8821c_board *b = board_of(vc);
	bool blank = strcmp(board_name(vc), BOARD_BLANK) == 0;
	memset(m, 0xFF, p3081_chip_of(vc)->efuse_log);
	m[EF_RTL_ID] = 0x29; /* 0x8129 */
	m[EF_RTL_ID + 1] = 0x81;
	memcpy(&m[EF_SYS], sys, sizeof sys);
	if (!blank) {
		memcpy(&m[EF_TXPWR], b->txpwr_a, EF_TXPWR_PATH);
		if (b->path_b_2g)
			memcpy(&m[EF_TXPWR + EF_TXPWR_PATH], b->txpwr_b_2g,
			       EF_TXPWR_2G);
		m[EF_THERMAL] = b->thermal;
	}
	m[EF_CHANNEL_PLAN] = 0x7F;  /* world-wide */
	m[EF_XTAL] = b->xtal;
	m[EF_IQK_LCK] = 0x00;
	/* PA and LNA types (0xBC-0xC0) stay unburnt: internal amplifiers
	 * (rtw88 main.c rtw_chip_efuse_info_setup reads 0xFF as 0) */
	m[EF_RF_BOARD] = b->board_opt;
	m[EF_RF_FEATURE] = 0x00;
	m[EF_RF_BT] = b->bt_setting;
	m[EF_EEPROM_VER] = 0x00;
	m[EF_CUSTOMER] = 0x00;
	m[EF_SWING_2G] = 0x00;      /* full BB swing (0x200) on both bands */
	m[EF_SWING_5G] = 0x00;
	m[EF_TXPWR_CAL] = 0x00;
	m[EF_RFE] = b->rfe;
	m[EF_USB_VID] = (uint8_t)vc->usb.vid;
	m[EF_USB_VID + 1] = (uint8_t)(vc->usb.vid >> 8);
	m[EF_USB_PID] = (uint8_t)vc->usb.pid;
	m[EF_USB_PID + 1] = (uint8_t)(vc->usb.pid >> 8);
	memcpy(&m[EF_USB_MAC], vc->mac_addr, 6);
	put_string(&m[EF_VENDOR_NAME], "Realtek", 7);
	put_string(&m[EF_DEVICE_NAME], "802.11ac NIC", 20);
	p3081_efuse_encode(vc);
}
