/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8814A as hal/halmac drives it, as data: its TX queue layout (rtw88
 * rtw8814a.c rtw8814a_hw_spec txff_size, rsvd_drv_pg_num,
 * page_table_8814a, rqpn_table_8814a), EFUSE geometry and grant, RF
 * access registers of four paths, monitor filter and firmware image.
 */
#include "hal/rtl8814a/rtl8814a.h"

/*
 * TX FIFO of 2048 - 10 pages of 128 bytes (hw_spec txff_size), 8 driver
 * pages and no CSI buffer: the reserved pages start at page 1986 and the
 * H2C queue sits at 2026, the firmware TX buffer at 2034. 32 pages for
 * each of HIGH, NORMAL, LOW and EXTRA on every endpoint count, no gap
 * (page_table_8814a). RX FIFO 23552 bytes (rxff_size).
 *
 * DMA queues (rqpn_table_8814a): VO, MGT and HI always on HIGH, the first
 * bulk OUT; with 2 endpoints VI too and BE/BK on NORMAL, with 3 or 4 VI
 * on NORMAL and BE/BK on LOW. No queue uses EXTRA, so a fourth endpoint
 * stays idle (the vendor's three-endpoint map, usb_halinit.c
 * _InitNormalChipThreeOutEpPriority_8814AUsb, is the same).
 */
const struct dvr_queue_layout rtl8814a_queues = {
	.page_size = HALMAC_PAGE_SIZE,
	.tx_pages = 2048 - 10,
	.rsvd_pages = HALMAC_RSVD_PAGES(8, 0),
	.rxff_size = 23552,
	.rx_report_size = HALMAC_RX_REPORT_SIZE,
	.pages = {
		[2] = { .hpq = 32, .npq = 32, .lpq = 32, .epq = 32 },
		[3] = { .hpq = 32, .npq = 32, .lpq = 32, .epq = 32 },
		[4] = { .hpq = 32, .npq = 32, .lpq = 32, .epq = 32 },
	},
	.rqpn = {
		[2] = DVR_RQPN(HIGH, HIGH, NORMAL, NORMAL, HIGH, HIGH),
		[3] = DVR_RQPN(HIGH, NORMAL, LOW, LOW, HIGH, HIGH),
		[4] = DVR_RQPN(HIGH, NORMAL, LOW, LOW, HIGH, HIGH),
	},
};

const struct halmac_data rtl8814a_halmac = {
	.chip_id = RTL8814A_CHIP_ID,
	.sys_func_en = 0xDC,         /* rtw8814a hw_spec sys_func_en */
	.csi_pages = 0,
	/* the chip's MAC set-up is code (rtl8814a_mac.c) */
	.mac_init = rtl8814a_mac_init,
	/*
	 * AAP, APM, AM, AB, APWRMGT, ADF, ACF, AMF, APP_PHYSTS, APP_FCS: the
	 * vendor's 8814A monitor set (rtl8814a_hal_init.c hw_var_set_monitor,
	 * the same bits as the 8812A's), the Jaguar1 RCR the filter maps
	 * open everything behind.
	 */
	.rcr_monitor = 0x9000382Fu,
	.edcca_init = NULL,          /* rtw88 has no 8814A adaptivity_init */
	/* rtw8814a_fill_txdesc_checksum: the first 32 bytes */
	.txdesc_csum_full = false,
	.efuse = {
		.port = HALMAC_EFUSE_PORT_RTW88,
		.phys_size = RTL8814A_EFUSE_PHYS,
		.protected_size = 0,  /* hw_spec ptct_efuse_size */
		/* rtw8814a_cfg_ldo25 is empty: no LDO to switch */
		.ldo25_reg = 0, .ldo25_bit = 0,
		.mac_addr = EFUSE8814A_MAC,
		.xtal_mask = 0x3F,    /* rtw8814a_phy_set_param */
		.usb3_mode_byte = false, /* 0x0E bit 4, the "old" switch */
		.grant = true,        /* rtw8814a_efuse_grant */
	},
	/* Reads through the direct windows, writes through the LSSI ports
	 * (rtw8814a hw_spec rf_base_addr, rf_sipi_addr; ops read_rf =
	 * rtw_phy_read_rf, write_rf = rtw_phy_write_rf_reg_sipi). */
	.rf = {
		.window = { 0x2800, 0x2C00, 0x3800, 0x3C00 },
		.lssi = { 0x0C90, 0x0E90, 0x1890, 0x1A90 },
		.window_writes = false,
	},
	/* rtw88 mac.c rtw_mac_power_switch: no 0xF5 test on the 8814A */
	.pwr_state_cr_only = true,
};

/* Image signature 0x8814, no LTE-coex block (hw_spec ltecoex_addr NULL),
 * reserved-page chunks behind the 40-byte descriptor (tx_pkt_desc_sz). */
const struct dvr_fw3081_spec rtl8814a_fw_spec =
	HALMAC_FW_SPEC_DESC(RTL8814A_FW_SIGNATURE, false, JAGUAR1_TX_DESC_LEN);
