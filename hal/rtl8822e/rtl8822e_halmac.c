/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822E as hal/halmac drives it, as data: its TX queue layout, its
 * EFUSE port and geometry, its RF access registers and firmware image
 * signature (vendor rtl88x2eu hal/halmac/halmac_88xx/halmac_8822e/).
 *
 * Not here yet: the MAC constants of the vendor's init_wmac_cfg_8822e,
 * init_protocol_cfg_8822e and init_edca_cfg_8822e (mac_consts), and the
 * EDCCA set-up (edcca_init).
 */
#include "hal/rtl8822e/rtl8822e.h"

/* 256 KiB TX FIFO of 128-byte pages, 16 driver and 50 CSI pages reserved,
 * 24 KiB RX FIFO; 64 pages per dedicated queue for 2, 3 and 4 bulk OUT
 * endpoints (vendor halmac_8822e_cfg.h TX_FIFO_SIZE_8822E,
 * RX_FIFO_SIZE_8822E; halmac_init_8822e.c RSVD_PG_DRV_NUM,
 * HALMAC_PG_NUM_{2,3,4}BULKOUT_8822E; the 8822C's layout). */
const struct dvr_queue_layout rtl8822e_queues = {
	.page_size = HALMAC_PAGE_SIZE,
	.tx_pages = 262144 / HALMAC_PAGE_SIZE,
	.rsvd_pages = HALMAC_RSVD_PAGES(16, 50),
	.rxff_size = 24576,
	.rx_report_size = HALMAC_RX_REPORT_SIZE,
	.pages = {
		[2] = { .hpq = 64, .npq = 64, .gap = 1 },
		[3] = { .hpq = 64, .npq = 64, .lpq = 64, .gap = 1 },
		[4] = { .hpq = 64, .npq = 64, .lpq = 64, .epq = 64, .gap = 1 },
	},
	.rqpn = HALMAC_USB_RQPN,
};

const struct halmac_data rtl8822e_halmac = {
	.chip_id = RTL8822E_CHIP_ID,
	/* vendor halmac_init_8822e.c init_system_cfg_8822e: SYS_FUNC_EN
	 * high byte 0xD8, as the 8822C */
	.sys_func_en = 0xD8,
	.csi_pages = 50,
	/* The 8822C's monitor RCR (OpenIPC devourer HalJaguar3.cpp
	 * monitor_rx_cfg runs one for both dies). */
	.rcr_monitor = 0xF410400Fu,
	/* Checksum over 48 + 8 * PKT_OFFSET bytes (vendor
	 * halmac_common_8822e.c fill_txdesc_check_sum_8822e). */
	.txdesc_csum_full = true,
	.efuse = {
		.port = HALMAC_EFUSE_PORT_OTP,
		.phys_size = RTL8822E_EFUSE_PHYS,
		.protected_size = RTL8822E_EFUSE_PROTECTED,
		.phys_start = RTL8822E_EFUSE_MAP_START,
		.mac_addr = EFUSE8822E_MAC,
		/* 7-bit crystal cap (vendor phydm_cfotracking.c
		 * phydm_set_crystal_cap) */
		.xtal_mask = 0x7F,
		/* EEPROM_USB_MODE_8822EU (vendor include/hal_pg.h) */
		.usb3_mode_byte = true,
	},
	/* Direct windows 0x3C00/0x4C00 for reads and writes, RF 0x00 only
	 * through LSSI (vendor phydm_hal_api8822e.c
	 * config_phydm_read_rf_reg_8822e, config_phydm_write_rf_reg_8822e;
	 * OpenIPC devourer docs/8822e-quirks.md: a window write to RF 0x00 is
	 * dropped). */
	.rf = {
		.window = { 0x3C00, 0x4C00 },
		.lssi = { 0x1808, 0x4108 },
		.window_writes = true,
	},
	/* The USB3 PHY table is empty (vendor halmac_phy_8822e.c
	 * usb3_phy_param_8822e). */
};

/* Image signature 0x8822; the LTE-coex block is kept across the download
 * (vendor halmac_fw_88xx.c download_firmware_88xx backs up and restores
 * LTE-coex register 0x38 on every chip of the generation). */
const struct dvr_fw3081_spec rtl8822e_fw_spec =
	HALMAC_FW_SPEC(RTL8822E_FW_SIGNATURE, true);
