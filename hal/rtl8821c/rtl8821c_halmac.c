/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8821C as hal/halmac and hal/jaguar2 drive it, as data: its TX queue
 * layout (FIFO sizes, page and queue tables of rtw88 rtw8821c.c hw_spec,
 * page_table_8821c, rqpn_table_8821c), the constants of rtw8821c_mac_init
 * (values in rtw8821c.h), its monitor RCR, EFUSE geometry, RF access
 * registers and firmware image signature, and its CCK power hook.
 */
#include "hal/rtl8821c/rtl8821c.h"

/* rtw88 rtw8821c.c rtw8821c_mac_init, in its order: the Jaguar2 rows
 * (hal/jaguar2/jaguar2.h) around this chip's own, then what OpenIPC
 * devourer found Jaguar2 needs for monitor RX on top of it. */
static const struct halmac_reg_op mac_consts[] = {
	JAGUAR2_MAC_PROTOCOL_ROWS,
	/* pre-TX count 0x1E4 with its enable (bit 11 of the pair) */
	HM_W8(0x04E5, 0xE4), HM_W8(0x04E6, 0x09),
	JAGUAR2_MAC_AGG_ROWS,
	HM_SET8(0x0480, 0x20),                       /* initial RTS rate */
	JAGUAR2_MAC_EDCA_ROWS,
	JAGUAR2_MAC_WMAC_ROWS,
	/* CCK ACK timeout, TRX protocol, no VHT-SIG-B CRC check, MAC
	 * options */
	HM_W8(0x0639, 0x40), HM_SET8(0x066C, 0x02),
	HM_SET8(0x0718, 0x40),
	HM_W32(0x07D8, 0xB0810041), HM_W8(0x07D4, 0x98),
	/* rtw88 leaves RXFLTMAP1 at 0x0FFF (the 32-bit write of the
	 * WMAC rows); OpenIPC devourer opens it on the 8821C
	 * (HalmacJaguar2MacInit.cpp init_wmac_cfg). */
	HM_W16(0x06A2, 0xFFFF),
	JAGUAR2_MAC_MAR_ROWS,
};

/* 64 KiB TX FIFO of 128-byte pages, 8 driver pages and no CSI buffer
 * reserved (boundary 460); 16 KiB RX FIFO. Endpoint counts 2..4 only. */
const struct dvr_queue_layout rtl8821c_queues = {
	.page_size = HALMAC_PAGE_SIZE,
	.tx_pages = 65536 / HALMAC_PAGE_SIZE,
	.rsvd_pages = HALMAC_RSVD_PAGES(8, 0),
	.rxff_size = 16384,
	.rx_report_size = HALMAC_RX_REPORT_SIZE,
	.pages = {
		[2] = { .hpq = 16, .npq = 16, .gap = 1 },
		[3] = { .hpq = 16, .npq = 16, .lpq = 16, .gap = 1 },
		[4] = { .hpq = 16, .npq = 16, .lpq = 16, .epq = 14, .gap = 1 },
	},
	.rqpn = HALMAC_USB_RQPN,
};

const struct halmac_data rtl8821c_halmac = {
	.chip_id = RTL8821C_CHIP_ID,
	.sys_func_en = 0xD8,         /* rtw88 rtw8821c hw_spec sys_func_en */
	.csi_pages = 0,
	HALMAC_MAC_CONSTS(mac_consts),
	/*
	 * APP_FCS | APP_MIC | APP_ICV | APP_PHYSTS | APWRMGT | AB | AM | APM
	 * | AAP: OpenIPC devourer's Jaguar2 monitor value (HalJaguar2.cpp
	 * enable_rx). It keeps bits 11-13 clear, which its bisection on an
	 * 8811CU found drop every ambient beacon when set (rtw88's
	 * 0xE400220E sets bit 13); bit 28 (PHY status) is safe because
	 * hal/halmac sets the 0x115 driver-info fix on every chip.
	 */
	.rcr_monitor = 0xF000002Fu,
	.txdesc_csum_full = false,   /* rtw8821c_fill_txdesc_checksum: 32 B */
	.efuse = {
		.phys_size = RTL8821C_EFUSE_PHYS,
		.protected_size = RTL8821C_EFUSE_PROTECTED,
		.ldo25_reg = 0x0037, .ldo25_bit = 0x80, /* rtw8821c_cfg_ldo25 */
		.mac_addr = EFUSE8821C_MAC,
		.xtal_mask = 0x3F,       /* rtw8821c_phy_set_param: & 0x3F */
		.usb3_mode_byte = false,
	},
	/* Reads through the window at 0x2800, writes through LSSI 0xC90
	 * (rtw88 hw_spec rf_base_addr, rf_sipi_addr; ops write_rf =
	 * rtw_phy_write_rf_reg_sipi). rtw88 lists path B's 0x2C00 / 0xE90
	 * too; nothing here addresses a path B on this 1T1R die. */
	.rf = {
		.window = { 0x2800, 0x2C00 },
		.lssi = { 0x0C90, 0x0E90 },
		.window_writes = false,
	},
};

/* Image signature 0x8821; the LTE-coex block at 0x1700 is kept across the
 * download (rtw88 rtw8821c hw_spec ltecoex_addr, mac.c around the DDMA). */
const struct dvr_fw3081_spec rtl8821c_fw_spec =
	HALMAC_FW_SPEC(RTL8821C_FW_SIGNATURE, true);

const struct jaguar2_data rtl8821c_jaguar2 = {
	.cck_rx_power = rtl8821c_cck_rx_power,
	/* rtw88 rtw8821c.c rtw8821c_set_channel_rf: RF sub-band 1 for
	 * channels 100-140, 2 above 140 */
	.rfsi_mid_from = 100,
	.rfsi_high_above = 140,
};
