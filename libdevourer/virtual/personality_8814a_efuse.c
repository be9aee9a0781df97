/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8814A EFUSE contents: the 512-byte logical map of an RTL8814AU
 * stick (rtw88 rtw8814a.h struct rtw8814a_efuse with its USB part struct
 * rtw8814au_efuse), which the 3081 layer stores in the 1024-byte
 * physical array in the Realtek block format and reads out at its port
 * (personality_3081_efuse.c; rtw88 rtw8814a.c hw_spec phy_efuse_size,
 * log_efuse_size, no protected tail).
 *
 * Boards (board=):
 *  - default: a calibrated 4T4R stick with RFE type 1 (internal 2.4 GHz
 *    PA/LNA, external 5 GHz ones: rtw8814a_read_amplifier_type; the
 *    value OpenIPC devourer reads on its CF-938AC), TX power records for
 *    all four paths, crystal and thermal calibration, the USB3 switch
 *    invited (0x0E bit 4) unless usb3switch=0;
 *  - blank: nothing burnt but the RTL id and the USB part (ids, MAC): no
 *    TX power records, no thermal or crystal calibration, RFE option
 *    0xFF (rtw88 then takes RFE 1 on USB, rtw8814a_read_rfe_type).
 * The TX power bytes are the model's, in the ranges the 8822B's public
 * dumps show (personality_8822b_efuse.c): no public 8814AU dump was at
 * hand.
 */
#include <string.h>

#include "libdevourer/virtual/personality_8814a.h"

#define EF_TXPWR_PATH 42u

const char *const p8814a_boards[] = {"default", "blank", NULL};

/* One path's record (rtw88 main.h struct rtw_txpwr_idx): 2.4 GHz CCK
 * bases [0..5], BW40 bases [6..10], 1-stream difference byte [11],
 * 2..4-stream bytes [12..17]; 5 GHz BW40 bases [18..31], 1-stream byte
 * [32], more streams [33..35], OFDM [36..37], VHT 1-stream BW80 [38],
 * more streams [39..41]. */
static void txpwr_path(uint8_t *r, int offset)
{
	static const uint8_t base[EF_TXPWR_PATH] = {
		0x2A, 0x2A, 0x2B, 0x2B, 0x2B, 0x2B,
		0x28, 0x28, 0x29, 0x29, 0x29,
		0x14, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF,
		0x26, 0x26, 0x26, 0x25, 0x24, 0x24, 0x24,
		0x23, 0x24, 0x25, 0x26, 0x26, 0x26, 0x26,
		0x13, 0x00, 0x00, 0xFF, 0x00, 0xFF, 0x2C, 0x00, 0x00, 0xFF,
	};
	for (unsigned i = 0; i < EF_TXPWR_PATH; i++) {
		bool is_base = i <= 10 || (i >= 18 && i <= 31);
		r[i] = is_base ? (uint8_t)(base[i] + offset) : base[i];
	}
}

void p8814a_efuse_build(struct vchip *vc)
{
	uint8_t *m = p3081_of(vc)->efuse_log;
	bool blank = strcmp(vc->cfg.board, "blank") == 0;
	memset(m, 0xFF, p3081_chip_of(vc)->efuse_log);
	m[0] = 0x29; /* RTL id 0x8129 (rtw88 efuse.c RTW_EFUSE id check) */
	m[1] = 0x81;
	if (!blank) {
		/* usb_mode: bit 4 invites the USB2 -> USB3 switch (rtw88
		 * rtw8814a.c rtw8814a_read_efuse) */
		m[P8814A_EF_USB_MODE] = vc->cfg.efuse_stay_usb2 ? 0x00 : 0x10;
		for (unsigned p = 0; p < P8814A_RF_PATHS; p++)
			txpwr_path(&m[P8814A_EF_TXPWR + p * EF_TXPWR_PATH],
			           (int)p - 1);
		m[0xB8] = 0x20;               /* channel plan */
		m[P8814A_EF_XTAL] = 0x20;
		m[P8814A_EF_THERMAL] = 0x1C;
		m[0xBB] = 0x00;               /* IQK / LCK */
		m[0xC1] = 0x01;               /* board option: regd 1 */
		m[0xC3] = 0x00;
		m[0xC4] = 0x01;               /* EEPROM version */
		m[P8814A_EF_SWING_2G] = 0x00; /* BB swing 0 dB, all paths */
		m[P8814A_EF_SWING_5G] = 0x00;
		m[P8814A_EF_TRX_ANT] = 0xFF;  /* 4T4R (rtw8814a_read_rf_type) */
		m[P8814A_EF_RFE] = 0x01;
	}
	m[P8814A_EF_USB_VID] = (uint8_t)vc->usb.vid;
	m[P8814A_EF_USB_VID + 1] = (uint8_t)(vc->usb.vid >> 8);
	m[P8814A_EF_USB_PID] = (uint8_t)vc->usb.pid;
	m[P8814A_EF_USB_PID + 1] = (uint8_t)(vc->usb.pid >> 8);
	memcpy(&m[P8814A_EF_USB_MAC], vc->mac_addr, 6);
	p3081_efuse_encode(vc);
}
