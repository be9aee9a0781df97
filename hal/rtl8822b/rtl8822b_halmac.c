/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822B as hal/halmac drives it, as data: its TX queue layout (FIFO
 * sizes, page and queue tables of rtw88 rtw8822b.c rtw8822b_hw_spec,
 * page_table_8822b, rqpn_table_8822b), the constants of
 * rtw8822b_mac_init, its EFUSE geometry, RF access registers and monitor
 * filter, and its firmware image.
 */
#include "hal/rtl8822b/rtl8822b.h"

/* rtw88 rtw8822b.c rtw8822b_mac_init, in its order: the Jaguar2 rows
 * (hal/jaguar2/jaguar2.h) around this chip's own, then REG_MAR. */
static const struct halmac_reg_op mac_consts[] = {
	HM_CLR8(0x04BC, 0x40),                       /* no pre-TX command */
	JAGUAR2_MAC_PROTOCOL_ROWS,
	JAGUAR2_MAC_AGG_ROWS,
	JAGUAR2_MAC_EDCA_ROWS,
	JAGUAR2_MAC_WMAC_ROWS,
	/* MAC options (WLAN_MAC_OPT_FUNC2, WLAN_MAC_OPT_NORM_FUNC1), no
	 * VHT-SIG-B CRC check */
	HM_W32(0x07D8, 0xB0810041), HM_W8(0x07D4, 0x98),
	HM_SET8(0x0718, 0x40),
	JAGUAR2_MAC_MAR_ROWS,
};

/*
 * rtw88 rtw8822b.c rtw8822b_adaptivity_init: the EDCCA thresholds L2H and
 * H2L (0x8A4 bytes 0 and 1, rtw8822b_edcca_th) both at RTW8822B_EDCCA_MAX
 * 0x7F, where energy detection never fires (the watchdog's
 * rtw8822b_adaptivity, which we do not run, would move them); the MAC
 * rows; the EDCCA source option 1 (0x944 [29:28]), power moving-average
 * level 0 (0x8A0 [1:0]) and the EDCCA decision option (0x8DC bit 5).
 */
static const struct halmac_reg_op edcca_init[] = {
	HM_FIELD32(0x08A4, 0x000000FF, 0x0000007F),
	HM_FIELD32(0x08A4, 0x0000FF00, 0x00007F00),
	HALMAC_EDCCA_MAC_ROWS,
	HM_FIELD32(0x0944, 0x30000000, 0x10000000),
	HM_FIELD32(0x08A0, 0x00000003, 0x00000000),
	HM_SET32(0x08DC, 0x00000020),
};

/* 256 KiB TX FIFO of 128-byte pages; rtw88 reserves 8 driver pages and no
 * CSI buffer on this chip (hw_spec rsvd_drv_pg_num, csi_buf_pg_num: the
 * vendor HalMAC's 16 + 50 would move the boundary from 1996 to 1938, and
 * nothing here uses the area beyond the firmware's pages); 24 KiB RX
 * FIFO. Endpoint counts 2..4 only. */
const struct dvr_queue_layout rtl8822b_queues = {
	.page_size = HALMAC_PAGE_SIZE,
	.tx_pages = 262144 / HALMAC_PAGE_SIZE,
	.rsvd_pages = HALMAC_RSVD_PAGES(8, 0),
	.rxff_size = 24576,
	.rx_report_size = HALMAC_RX_REPORT_SIZE,
	.pages = {
		[2] = { .hpq = 64, .npq = 64, .gap = 1 },
		[3] = { .hpq = 64, .npq = 64, .lpq = 64, .gap = 1 },
		[4] = { .hpq = 64, .npq = 64, .lpq = 64, .epq = 64, .gap = 1 },
	},
	.rqpn = HALMAC_USB_RQPN,
};

/* rtw88 rtw8822b.c usb3_param_8822b: USB3 PHY register 0x01 = 0xA841 on
 * D-cut (RTW_INTF_PHY_CUT_D); the USB2 table is empty. */
static const struct halmac_usb_phy_param usb3_phy[] = {
	{ .addr = 0x01, .value = 0xA841, .cut_mask = 1u << 3 },
};

const struct halmac_data rtl8822b_halmac = {
	.chip_id = RTL8822B_CHIP_ID,
	/*
	 * rtw88 rtw8822b hw_spec sys_func_en 0xDC, where the RTL8822C and
	 * RTL8821C (and OpenIPC devourer for every Jaguar2) take 0xD8: the
	 * extra bit is 0x03 bit 2, the WLAN CPU enable. The download turns
	 * the CPU off before it touches the chip's memory and on after
	 * (hal/common/fw_3081.c, rtw88 mac.c wlan_cpu_enable), so the bit
	 * matters only between power-on and the download; we keep the value
	 * of the driver written for this chip.
	 */
	.sys_func_en = 0xDC,
	.csi_pages = 0,
	HALMAC_MAC_CONSTS(mac_consts),
	/*
	 * APP_FCS | APP_MIC | APP_ICV | APP_PHYSTS | APWRMGT | AB | AM | APM
	 * | AAP: OpenIPC devourer's Jaguar2 monitor filter, validated on the
	 * RTL8822BU (HalJaguar2.cpp enable_rx). Its bisection found that
	 * bits 11-13 (ADF/ACF/AMF on Jaguar1) must stay clear on Jaguar2 or
	 * every ambient beacon is dropped, which rules out rtw88's MAC-init
	 * constant 0xE400220E (bit 13) and the MAC table's 0x220E low half;
	 * rtw88's runtime default 0xF410400E plus mac80211's AAP keeps them
	 * clear too but adds VHT_DACK, PKTCTL_DLEN and HTC_LOC_CTRL, which
	 * concern a station's own responses, not what a monitor hears.
	 */
	.rcr_monitor = 0xF000002Fu,
	HALMAC_EDCCA_INIT(edcca_init),
	/* rtw88 rtw8822b_fill_txdesc_checksum: the first 32 bytes only; a
	 * 48-byte span has the TX DMA drop every frame (OpenIPC devourer
	 * FrameParserJaguar2.h). */
	.txdesc_csum_full = false,
	.efuse = {
		.phys_size = RTL8822B_EFUSE_PHYS,
		.protected_size = RTL8822B_EFUSE_PROTECTED,
		/* rtw8822b_cfg_ldo25: REG_LDO_EFUSE_CTRL + 3 bit 7 */
		.ldo25_reg = 0x0037, .ldo25_bit = 0x80,
		.mac_addr = EFUSE8822B_MAC,
		/* rtw8822b_phy_set_param: crystal_cap & 0x3F */
		.xtal_mask = 0x3F,
		/* rtw8822b_read_efuse: usb_mode bit 7 allows the switch */
		.usb3_mode_byte = true,
	},
	/* Reads through the direct window 0x2800/0x2C00, writes through the
	 * LSSI ports 0xC90/0xE90 (rtw88 rtw8822b hw_spec rf_base_addr,
	 * rf_sipi_addr; ops write_rf = rtw_phy_write_rf_reg_sipi). */
	.rf = {
		.window = { 0x2800, 0x2C00 },
		.lssi = { 0x0C90, 0x0E90 },
		.window_writes = false,
	},
	/* rtw88 usb.c rtw_usb_switch_mode_new: 0x10C3 bit 0 cleared first
	 * on this chip. */
	.usb3_iowrap_timeout = true,
	.usb3_phy = usb3_phy,
	.n_usb3_phy = sizeof usb3_phy / sizeof usb3_phy[0],
};

/* Image signature 0x8822 (the same as the RTL8822C's: the chip id tells
 * the dies apart, the file name the images); the LTE-coex block at
 * 0x1700 is kept across the download (rtw88 mac.c
 * __rtw_download_firmware, this chip has an ltecoex_addr). */
const struct dvr_fw3081_spec rtl8822b_fw_spec =
	HALMAC_FW_SPEC(RTL8822B_FW_SIGNATURE, true);
