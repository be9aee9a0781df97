/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822C as hal/halmac drives it, as data: its TX queue layout (FIFO
 * sizes, page and queue tables of rtw88 rtw8822c.c hw_spec,
 * page_table_8822c, rqpn_table_8822c), the constants of
 * rtw8822c_mac_init, its EFUSE geometry and RF access registers.
 */
#include "hal/rtl8822c/rtl8822c.h"

/* rtw88 rtw8822c.c rtw8822c_mac_init, in its order. */
static const struct halmac_reg_op mac_consts[] = {
	/* TX queue control and TX report enables */
	HM_SET8(0x0420, 0x80), HM_W8(0x0421, 0x1F),
	/* SIFS */
	HM_W16(0x0428, 0x100A), HM_W32(0x0514, 0x100A0E0A),
	HM_W16(0x063C, 0x0A0A), HM_W16(0x063E, 0x0E0E),
	/* rate fallback */
	HM_W32(0x0430, 0x01000000), HM_W32(0x0434, 0x08070504),
	HM_W32(0x043C, 0x08070504), HM_W32(0x0444, 0xFE01F010),
	HM_W32(0x0448, 0x40000000), HM_W32(0x044C, 0x003FF010),
	HM_W32(0x0450, 0x40000000), HM_W32(0x049C, 0x0600F010),
	HM_W32(0x04A0, 0x400003E0), HM_W32(0x04A4, 0x0600F015),
	HM_W32(0x04A8, 0x000000E0),
	/* protocol */
	HM_W8(0x0455, 0x70), HM_SET8(0x045E, 0x04),
	HM_W8(0x04E5, 0xE0), HM_W8(0x04E6, 0x09),      /* pre-TX count 0x1E0 + en */
	HM_W32(0x04C8, 0x3F3F08FF), HM_W16(0x04CE, 0x0801),
	HM_W8(0x1448, 0x06), HM_W8(0x144A, 0x06), HM_W8(0x144C, 0x06), HM_W8(0x144E, 0x06),
	HM_CLR8(0x0426, 0x20),                       /* BA parser off */
	HM_CLR32(0x0440, 0x00600000),
	/* EDCA */
	HM_W32(0x0500, 0x002FA226), HM_W32(0x0504, 0x005EA328),
	HM_W32(0x0508, 0x005EA42B), HM_W32(0x050C, 0x0000A44F),
	HM_W8(0x0512, 0x1C), HM_CLR8(0x0521, 0x10), HM_SET8(0x0525, 0x07),
	/* 80 MHz MAC clock, 1 us ticks */
	HM_CLR32(0x0024, 0x00300000), HM_W8(0x055C, 80), HM_W8(0x0638, 80),
	HM_SET8(0x0577, 0x0B), HM_CLR8(0x05B4, 0x70),
	HM_W16(0x0522, 0x0000), HM_W8(0x051B, 0x09),
	HM_W32(0x0544, 0x001B0005), HM_W16(0x055E, 0x3030),
	/* beacon function on (TSF runs), beacon timing */
	HM_SET8(0x0550, 0x08), HM_W32(0x0540, 0x00006404), HM_W8(0x0558, 0x04),
	HM_W8(0x0551, 0x10), HM_W8(0x0559, 0x02), HM_W8(0x055D, 0xFF),
	/* WMAC: all multicast accepted, responses, filters */
	HM_W32(0x0620, 0xFFFFFFFF), HM_W32(0x0624, 0xFFFFFFFF),
	HM_W8(0x06DE, 0x84), HM_W8(0x0640, 0x21), HM_W8(0x0639, 0x6A),
	HM_W16(0x0642, 0x0040), HM_W8(0x0652, 0xC8), HM_W8(0x066E, 0x05),
	HM_W32(0x06A0, 0xFFFFFFFF), HM_W16(0x06A4, 0xFFFF),
	HM_W32(0x0608, 0xE400220E), HM_W8(0x060C, 0x18),
	HM_W8(0x0606, 0x30), HM_W8(0x0605, 0x30),
	HM_SET32(0x1664, 0x00000200),
	HM_W32(0x07D8, 0xB0810041), HM_W8(0x07D4, 0x98),
	/* RX packet filter (low power): FIFO thresholds 1, checks on,
	 * error threshold 7 */
	HM_FIELD16(0x1612, 0x0FF0, 0x0550),
	HM_W16(0x1610, 0x3F80), HM_W32(0x1614, 0xFFFFFFFF),
	HM_FIELD16(0x1610, 0x0077, 0x0007),
	HM_SET8(0x0718, 0x40),                       /* no VHT-SIG-B CRC check */
	HM_W32(0x0304, 0x33330000),                  /* interrupt migration */
};

/*
 * rtw88 rtw8822c.c rtw8822c_adaptivity_init: the EDCCA thresholds L2H and
 * H2L (0x84C bytes 2 and 3, rtw8822c_edcca_th) both at RTW8822C_EDCCA_MAX
 * 0x7F plus the register's offset 0x80, 0xFF as the byte holds it: energy
 * detection never fires (the watchdog's rtw8822c_adaptivity, which we do
 * not run, would move them); the MAC rows; the EDCCA decision option
 * (0x844 [30:29]) cleared.
 */
static const struct halmac_reg_op edcca_init[] = {
	HM_FIELD32(0x084C, 0x00FF0000, 0x00FF0000),
	HM_FIELD32(0x084C, 0xFF000000, 0xFF000000),
	HALMAC_EDCCA_MAC_ROWS,
	HM_CLR32(0x0844, 0x60000000),
};

/* 256 KiB TX FIFO of 128-byte pages, 16 driver and 50 CSI pages reserved;
 * 24 KiB RX FIFO. Endpoint counts 2..4 only. */
const struct dvr_queue_layout rtl8822c_queues = {
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

const struct halmac_data rtl8822c_halmac = {
	.chip_id = RTL8822C_CHIP_ID,
	.sys_func_en = 0xD8,         /* rtw88 rtw8822c hw_spec sys_func_en */
	.csi_pages = 50,
	HALMAC_MAC_CONSTS(mac_consts),
	/* APP_FCS | APP_MIC | APP_ICV | APP_PHYSTS | VHT_DACK | PKTCTL_DLEN
	 * | HTC_LOC_CTRL | AB | AM | APM (rtw88 main.c rtw_core_init) plus
	 * AAP, which makes monitor mode promiscuous for unicast (OpenIPC
	 * devourer Jaguar3). */
	.rcr_monitor = 0xF410400Fu,
	HALMAC_EDCCA_INIT(edcca_init),
	.txdesc_csum_full = true,
	.efuse = {
		.phys_size = RTL8822C_EFUSE_PHYS,
		.protected_size = RTL8822C_EFUSE_PROTECTED,
		.ldo25_reg = 0x0029, .ldo25_bit = 0x01, /* rtw8822c_cfg_ldo25 */
		.mac_addr = EFUSE8822C_MAC,
		.xtal_mask = 0x7F,
		.usb3_mode_byte = true,
	},
	/* Direct window 0x3C00/0x4C00 for reads and writes; RF 0x00 only
	 * through LSSI (rtw88 rtw8822c.c rf_base_addr, rf_sipi_addr). */
	.rf = {
		.window = { 0x3C00, 0x4C00 },
		.lssi = { 0x1808, 0x4108 },
		.window_writes = true,
	},
};

/* Image signature 0x8822; the LTE-coex block at 0x1700 is kept across the
 * download (rtw88 mac.c ltecoex_reg_write around the DDMA). */
const struct dvr_fw3081_spec rtl8822c_fw_spec =
	HALMAC_FW_SPEC(RTL8822C_FW_SIGNATURE, true);
