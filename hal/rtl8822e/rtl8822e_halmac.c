/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822E as hal/halmac drives it, as data: its TX queue layout, its
 * EFUSE port and geometry, its RF access registers and firmware image
 * signature (vendor rtl88x2eu hal/halmac/halmac_88xx/halmac_8822e/),
 * its MAC constants, its B-cut system step and its EDCCA set-up.
 */
#include "hal/rtl8822e/rtl8822e.h"

/*
 * The vendor's MAC set-up at 20/40/80 MHz in its order (rtl88x2eu
 * halmac_init_8822e.c init_protocol_cfg_8822e with init_txq_ctrl_8822e,
 * init_sifs_ctrl_8822e and init_rate_fallback_ctrl_8822e; then
 * init_edca_cfg_8822e with halmac_cfg_wmac_88xx.c cfg_mac_clk_88xx; then
 * init_wmac_cfg_8822e with halmac_cfg_wmac_8822e.c init_low_pwr_8822e;
 * register addresses halmac_reg_8822e.h, bits halmac_bit_8822e.h, values
 * the WLAN_* constants of halmac_init_8822e.c). OpenIPC devourer runs the
 * same HalMAC set-up on the 8822C and the 8822E
 * (HalmacJaguar3MacInit.cpp). Where it differs from the 8822C list
 * (rtw88's): RTS aggregation limit 0x20, pre-TX count 0x1E4, RCR
 * 0xE410220E, 0x7D8 0xB1810041, and the TXBF sounding-failure bypass,
 * the RRSR RSC fix, 0x480 bit 5, BAR-on-MU-fail, TX CTS in RX NAV and
 * the RX FIFO grant cut, which rtw88's 8822C list has not; and the CSI
 * buffer's start page, which rtw88 never writes.
 */
static const struct halmac_reg_op mac_consts[] = {
	/* CSI DMA start page: the 50 CSI pages reserved at the top of the
	 * TX FIFO (rtl8822e_queues; vendor halmac_init_8822e.c
	 * priority_queue_cfg_8822e writes WMAC_CSIDMA_CFG =
	 * rsvd_csibuf_addr, 2048 - 50). Left at 0 the MAC would put CSI
	 * into the first TX pages instead of the space kept for it. */
	HM_W16(0x169C, 262144 / HALMAC_PAGE_SIZE - 50),
	/* TX queue control, TX report enables (WLAN_TXQ_RPT_EN) */
	HM_SET8(0x0420, 0x80), HM_W8(0x0421, 0x1F),
	/* SIFS: OFDM CTX/IRX 0x0E, CCK/OFDM duration tune 0x0A/0x10,
	 * WLAN_SIFS_CFG, CCK CTX/IRX 0x0A */
	HM_W16(0x063E, 0x0E0E), HM_W16(0x0428, 0x100A),
	HM_W32(0x0514, 0x100A0E0A), HM_W16(0x063C, 0x0A0A),
	/* rate fallback */
	HM_W32(0x0430, 0x01000000), HM_W32(0x0434, 0x08070504),
	HM_W32(0x043C, 0x08070504), HM_W32(0x0444, 0xFE01F010),
	HM_W32(0x0448, 0x40000000), HM_W32(0x044C, 0x003FF010),
	HM_W32(0x0450, 0x40000000), HM_W32(0x049C, 0x0600F010),
	HM_W32(0x04A0, 0x400003E0), HM_W32(0x04A4, 0x0600F015),
	HM_W32(0x04A8, 0x000000E0),
	/* A-MPDU max time, EOF on TX hang */
	HM_W8(0x0455, 0x70), HM_SET8(0x045E, 0x04),
	/* pre-TX count 0x1E4 | BIT_EN_PRECNT */
	HM_W8(0x04E5, 0xE4), HM_W8(0x04E6, 0x09),
	/* RTS length 0xFF, RTS time 8, max aggregation 0x3F, RTS 0x20 */
	HM_W32(0x04C8, 0x203F08FF),
	/* BAR retry 1, rate-try aggregation 8 */
	HM_W16(0x04CE, 0x0801),
	/* fast EDCA thresholds */
	HM_W8(0x1448, 0x06), HM_W8(0x144A, 0x06), HM_W8(0x144C, 0x06),
	HM_W8(0x144E, 0x06),
	HM_CLR8(0x0426, 0x20),                       /* BA parser off */
	/* TXBF error protection bypassed (sounding failure): update
	 * enables off, timers on, timeouts off */
	HM_FIELD32(0x1428, 0x30000000, 0x10000000),
	HM_FIELD32(0x142C, 0x30000000, 0x10000000),
	HM_CLR32(0x1430, 0x00000003),
	HM_CLR32(0x0440, 0x00600000),                /* RRSR RSC = 0 */
	HM_SET8(0x0480, 0x20),                       /* INIRTS_RATE_SEL */
	/* EDCA: slot 9, PIFS 0x1C, TBTT prohibit 4 / hold 0x64, AC params */
	HM_W8(0x051B, 0x09), HM_W8(0x0512, 0x1C), HM_W32(0x0540, 0x00006404),
	HM_W32(0x0500, 0x002FA226), HM_W32(0x0504, 0x005EA328),
	HM_W32(0x0508, 0x005EA42B), HM_W32(0x050C, 0x0000A44F),
	HM_CLR8(0x0521, 0x10), HM_SET8(0x0525, 0x07),
	/* 80 MHz MAC clock, 1 us ticks (cfg_mac_clk_88xx) */
	HM_CLR32(0x0024, 0x00300000), HM_W8(0x055C, 80), HM_W8(0x0638, 80),
	HM_SET8(0x0577, 0x0B), HM_CLR8(0x05B4, 0x70),
	HM_W16(0x0522, 0x0000),                      /* TX pause off */
	HM_W32(0x0544, 0x001B0005), HM_W16(0x055E, 0x3030),
	/* beacon function on (TSF runs), beacon timing */
	HM_SET8(0x0550, 0x08), HM_W8(0x0558, 0x04), HM_W8(0x0551, 0x10),
	HM_W8(0x0559, 0x02), HM_W8(0x055D, 0xFF),
	HM_SET8(0x0530, 0x01),                       /* no BAR on MU fail */
	/* WMAC: ACK timeout 0x21, EIFS 0x40, all multicast, response rate,
	 * CCK ACK timeout, NAV max, TX CTS in RX NAV, BAR ACK type */
	HM_W8(0x0640, 0x21), HM_W16(0x0642, 0x0040),
	HM_W32(0x0620, 0xFFFFFFFF), HM_W32(0x0624, 0xFFFFFFFF),
	HM_W8(0x06DE, 0x84), HM_W8(0x0639, 0x6A), HM_W8(0x0652, 0xC8),
	HM_SET8(0x066C, 0x02), HM_W8(0x066E, 0x05),
	HM_W32(0x06A0, 0xFFFFFFFF), HM_W16(0x06A4, 0xFFFF),
	HM_W32(0x0608, 0xE410220E),                  /* WLAN_RCR_CFG */
	HM_SET8(0x1612, 0x0E),
	HM_W8(0x060C, 12288 >> 9),                   /* RX packet limit */
	HM_W8(0x0606, 0x30), HM_W8(0x0605, 0x30),    /* TCR */
	/* dummy-FCS ready mask, RX FIFO grant cut */
	HM_FIELD16(0x1664, 0x0300, 0x0300),
	HM_SET8(0x0718, 0x40),                       /* no VHT-SIG-B CRC check */
	HM_W32(0x07D8, 0xB1810041), HM_W8(0x07D4, 0x98),
	/* RX packet filter (low power): FIFO thresholds, length threshold
	 * 1, every check on, all packet types */
	HM_FIELD16(0x1612, 0x0FF0, 0x0550),
	HM_W16(0x1610, 0x3F80), HM_W32(0x1614, 0xFFFFFFFF),
};

/* B-cut: the LDO output select 0x1018 [1:0] cleared (vendor
 * halmac_init_8822e.c init_system_cfg_8822e, BITS_LDO_VSEL_8822E). */
static const struct halmac_reg_op sys_b_cut[] = {
	HM_CLR8(0x1018, 0x03),
};

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

/*
 * Vendor phydm_adaptivity.c phydm_adaptivity_init for a Jaguar3 chip:
 * the EDCCA thresholds L2H and H2L (0x84C bytes 2 and 3) at 0x7F plus
 * the register's offset 0x80, the "no link" state in which energy
 * detection never fires; the MAC rows (phydm_mac_edcca_state, don't
 * ignore EDCCA); the decision option 0x844 [30:29] cleared
 * (phydm_edcca_decision_opt). The same rows as the 8822C's.
 */
static const struct halmac_reg_op edcca_init[] = {
	HM_FIELD32(0x084C, 0x00FF0000, 0x00FF0000),
	HM_FIELD32(0x084C, 0xFF000000, 0xFF000000),
	HALMAC_EDCCA_MAC_ROWS,
	HM_CLR32(0x0844, 0x60000000),
};

const struct halmac_data rtl8822e_halmac = {
	.chip_id = RTL8822E_CHIP_ID,
	/* vendor halmac_init_8822e.c init_system_cfg_8822e: SYS_FUNC_EN
	 * high byte 0xD8, as the 8822C */
	.sys_func_en = 0xD8,
	.csi_pages = 50,
	HALMAC_MAC_CONSTS(mac_consts),
	.sys_cut_ops = sys_b_cut,
	.n_sys_cut_ops = sizeof sys_b_cut / sizeof sys_b_cut[0],
	.sys_cut_mask = 1u << 1,
	/* The 8822C's monitor RCR (OpenIPC devourer HalJaguar3.cpp
	 * monitor_rx_cfg runs one for both dies). */
	.rcr_monitor = 0xF410400Fu,
	HALMAC_EDCCA_INIT(edcca_init),
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
