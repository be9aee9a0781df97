/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821AU / RTL8811AU: USB ids, chip data and the ops table. What the
 * Jaguar1 family does one way is the family's (hal/jaguar1/); the 8821A's
 * own ops and hooks are in the other files of this directory.
 */
#include "hal/common/carrier_sense.h"
#include "hal/common/fw_8051.h"
#include "hal/common/pwr_seq.h"
#include "hal/common/queue_layout.h"
#include "hal/rtl8821a/rtl8821a.h"
#include "hal/rtl8821a/rtl8821a_tables.h"

/* Every VID:PID of the 8821A HAL: rtw88 rtw8821au.c rtw_8821au_id_table
 * (the vendor's usb_intf.c lists the same) and 2357:0122, which the
 * vendor also lists here and rtw88 under the 8812A: rtl8821a_probe
 * decides it from the chip. */
static const struct dvr_usb_id rtl8821a_usb_ids[] = {
	{ 0x2357, 0x0120 },	/* TP-Link */
	{ 0x0bda, 0x0811 },	/* Realtek */
	{ 0x0bda, 0x0820 },	/* Realtek */
	{ 0x0bda, 0x0821 },	/* Realtek */
	{ 0x0bda, 0x8822 },	/* Realtek */
	{ 0x0bda, 0x0823 },	/* Realtek */
	{ 0x0bda, 0xa811 },	/* Realtek */
	{ 0x0411, 0x0242 },	/* Buffalo */
	{ 0x0411, 0x029b },	/* Buffalo */
	{ 0x04bb, 0x0953 },	/* I-O DATA */
	{ 0x056e, 0x4007 },	/* ELECOM */
	{ 0x056e, 0x400e },	/* ELECOM */
	{ 0x056e, 0x400f },	/* ELECOM */
	{ 0x0846, 0x9052 },	/* Netgear */
	{ 0x0e66, 0x0023 },	/* Hawking */
	{ 0x2001, 0x3314 },	/* D-Link */
	{ 0x2001, 0x3318 },	/* D-Link */
	{ 0x2019, 0xab32 },	/* Planex */
	{ 0x20f4, 0x804b },	/* TRENDnet */
	{ 0x2357, 0x011e },	/* TP-Link */
	{ 0x2357, 0x011f },	/* TP-Link */
	{ 0x3823, 0x6249 },	/* Obihai */
	{ 0x7392, 0xa811 },	/* Edimax */
	{ 0x7392, 0xa812 },	/* Edimax */
	{ 0x7392, 0xa813 },	/* Edimax */
	{ 0x7392, 0xb611 },	/* Edimax */
	{ 0x2357, 0x0122 },	/* TP-Link, shared with the 8812A list */
};

/* The family's ops, with the die's probe, identify and phy_init (the
 * family's, then the antenna switch). */
static const struct dvr_chip_ops rtl8821a_ops = {
	JAGUAR1_CHIP_OPS,
	.probe = rtl8821a_probe,
	.identify = rtl8821a_identify,
	.phy_init = rtl8821a_phy_init,
};

/* 8051 reset with 0x1D bit 0 as the 8821A's CPU reset release (rtw88
 * rtw88xxa.c rtw88xxa_reset_8051, the branch that is not the 8812A's),
 * and the 8821A's image signature 0x210x (the vendor's
 * IS_FW_HEADER_EXIST_8821; rtw8821a_fw.bin says 0x2101). */
JAGUAR1_DEFINE_FW_8051(rtl8821a_fw, 0x2100, 0x01);

/* TX FIFO of 64 KiB in 256 pages of 256 bytes, the last 8 kept for the
 * driver (boundary 0xF8), 8 high, 8 low and 4 extra queue pages (rtw88
 * rtw8821a.c txff_size, page_size, rsvd_drv_pg_num, page_table_8821a,
 * rxff_size). */
static const struct dvr_queue_layout rtl8821a_queues =
	JAGUAR1_QUEUE_LAYOUT(256, 8, 8, 8, 4);

/* The die's data for the family, in the order the bring-up uses it. */
static const struct jaguar1_data rtl8821a_family = {
	/* identify */
	.cut_add = 0,                /* SYS_CFG's cut read raw */
	.efuse_mac = RTL8821A_EFUSE_MAC_ADDR,
	.fallback_mac = { 0x02, 0x00, 0x00, 0x88, 0x21, 0x00 },
	/* power-on and MAC */
	.ldo_from_strap = true,
	.mac_table_len = &rtl8821a_mac_len,
	.mac_table = rtl8821a_mac,
	/* the 256-byte page is REG_PBP's reset value: rtw88 writes it for
	 * the 8812A only */
	.set_pbp = false,
	.agg_depth_dwbcn1 = true,
	.ampdu_max_time = 0x5E,      /* rtw88 rtw88xxa_power_on, 8821A */
	.mac_quirks = rtl8821a_mac_quirks,
	/* BB/RF */
	.rf_read_cca_by_cut = false, /* every read waits 20 us */
	.bb_table_len = &rtl8821a_bb_len,
	.bb_table = rtl8821a_bb,
	.agc_table_len = &rtl8821a_agc_len,
	.agc_table = rtl8821a_agc,
	.xtal_mask = 0x00FFF000u,    /* 0x2C [23:12] */
	.rf_table_len = { &rtl8821a_rf_a_len },
	.rf_table = { rtl8821a_rf_a },
	/* channel, calibration, TX power, tracking (no spur fix, no LCK:
	 * rtw88 runs neither on the 8821A) */
	.band_regs = rtl8821a_band_regs,
	/* rtw88 phy.c DIG_CVRG_MIN, the same unlinked floor as the 8812A
	 * (see jaguar1_channel.c) */
	.igi_unlinked = 0x1C,
	.iqk = rtl8821a_iqk,
	.calibrate_channel = rtl8821a_phy_calibration,
	.txpwr = &rtl8821a_txpwr,
	.cck_default_index = 0,      /* rtw88 rtw88xxa_pwrtrack_init */
	.pwrtrk_tables = rtl8821a_pwrtrk_tables,
	/* RX */
	.cck_rx_power = rtl8821a_cck_rx_power,
};

const struct dvr_chip_info rtl8821a_info = {
	/* "RTL8811AU" once identify finds no Bluetooth (part_name) */
	.name = "RTL8821AU",
	/* OpenIPC devourer's hardware table: injected HT MCS7/20 at about
	 * 54 Mbit/s on channel 6, 32 on 36, 28 on 149. */
	.caveat = "on 5 GHz it was measured at about half its 2.4 GHz TX "
	          "rate",
	.fw_file = "rtw8821a_fw.bin",
	.fw_package = "firmware-realtek from Debian 13, linux-firmware 2024",
	/* The TX DMA takes up to 6 frames a bulk OUT (rtw88 rtw8821a.c
	 * usb_tx_agg_desc_num, the vendor's UsbTxAggDescNum); the core
	 * packs them with the family's jaguar1_tx_agg_head. */
	.tx_agg_max = 6,
	/* 1T1R, one spatial stream (rtw88 rtw88xxa_fill_hw_cap nss 1;
	 * rf_tbl path A only) */
	.max_nss = 1,
	.rf_paths = 1,
	/* The descriptor has the fields, but STBC needs a second chain,
	 * and rtw88 declares no LDPC for the 8821A (rtw8821a_hw_spec
	 * rx_ldpc false): with no reference for its TX LDPC, none is
	 * asked of it. */
	.tx_ldpc = false,
	.tx_stbc = false,
	JAGUAR1_CHIP_INFO,
	JAGUAR1_DIE_INFO(rtl8821a),
};
