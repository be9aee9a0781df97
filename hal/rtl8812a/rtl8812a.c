/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812AU: USB ids, chip data and the ops table. What the Jaguar1 family
 * does one way is the family's (hal/jaguar1/); the 8812A's own ops are in
 * the other files of this directory, one job each.
 */
#include "hal/common/carrier_sense.h"
#include "hal/common/fw_8051.h"
#include "hal/common/pwr_seq.h"
#include "hal/common/queue_layout.h"
#include "hal/rtl8812a/rtl8812a.h"
#include "hal/rtl8812a/rtl8812a_tables.h"

/* Every VID:PID the 8812A HAL drives (rtw88 rtw8812au.c table plus the
 * vendor's 2357:0115), and the two RTL8811AU ids 0bda:0811/0bda:a811:
 * rtw88 and the vendor driver give those to their 8821A code, while
 * OpenIPC devourer (src/jaguar1/EepromManager.cpp is_rtl8821a_pid) finds
 * the 8812A die bonded with one path behind them. Both dies ship under
 * them; a chip listed earlier in the registry with a probe of its chip id
 * takes its own die and leaves the 8812A's here. */
static const struct dvr_usb_id rtl8812a_usb_ids[] = {
	{ 0x0bda, 0x8812 }, { 0x0bda, 0x881a }, { 0x0bda, 0x881b },
	{ 0x0bda, 0x881c }, { 0x0409, 0x0408 }, { 0x0411, 0x025d },
	{ 0x04bb, 0x0952 }, { 0x050d, 0x1106 }, { 0x050d, 0x1109 },
	{ 0x0586, 0x3426 }, { 0x0789, 0x016e }, { 0x07b8, 0x8812 },
	{ 0x0846, 0x9051 }, { 0x0b05, 0x17d2 }, { 0x0df6, 0x0074 },
	{ 0x0e66, 0x0022 }, { 0x1058, 0x0632 }, { 0x13b1, 0x003f },
	{ 0x148f, 0x9097 }, { 0x1740, 0x0100 }, { 0x2001, 0x330e },
	{ 0x2001, 0x3313 }, { 0x2001, 0x3315 }, { 0x2001, 0x3316 },
	{ 0x2019, 0xab30 }, { 0x20f4, 0x805b }, { 0x2357, 0x0101 },
	{ 0x2357, 0x0103 }, { 0x2357, 0x010d }, { 0x2357, 0x010e },
	{ 0x2357, 0x010f }, { 0x2357, 0x0115 }, { 0x2357, 0x0122 },
	{ 0x2604, 0x0012 }, { 0x7392, 0xa822 }, { 0x0bda, 0x0811 },
	{ 0x0bda, 0xa811 },
};

/* 8051 reset with 0x1D bit 3 as the 8812A's CPU reset release (the
 * 8821A uses bit 0; rtw88 rtw88xxa.c rtw88xxa_reset_8051), and the
 * 8812A's image signature 0x950x. */
JAGUAR1_DEFINE_FW_8051(rtl8812a_fw, 0x9500, 0x08);

/* TX FIFO of 256 pages of 512 bytes, the last 9 kept for the driver
 * (boundary 0xF7), 16 high and 16 low queue pages (rtw88 rtw8812a.c
 * page_table_8812a, rqpn_table_8812a, rxff_size). */
static const struct dvr_queue_layout rtl8812a_queues =
	JAGUAR1_QUEUE_LAYOUT(512, 9, 16, 16, 0);

/* Reset RF paths A and B after a U2/U3 switch (rtw88 rtw88xxa.c
 * rtw88xxa_power_on, 8812A on USB). */
static const struct jaguar1_byte_write rtl8812a_pre_power[] = {
	{ 0x001F, 0x05 }, { 0x001F, 0x07 }, { 0x0076, 0x05 }, { 0x0076, 0x07 },
};

static const struct jaguar1_data rtl8812a_family = {
	.pre_power_writes = rtl8812a_pre_power,
	.n_pre_power_writes = sizeof rtl8812a_pre_power /
	                      sizeof rtl8812a_pre_power[0],
	.mac_table = rtl8812a_mac,
	.mac_table_len = &rtl8812a_mac_len,
	.rf_read_cca_by_cut = true,
	.set_pbp = true,
	.pbp = 0x30,                 /* TX pages 512 B (3), RX code 0 */
	.ampdu_max_time = 0x70,
	.mac_quirks = rtl8812a_mac_quirks,
	.cck_rx_power = rtl8812a_cck_rx_power,
	.cut_add = 1,                /* SYS_CFG counts one below the cut */
	.efuse_mac = EFUSE_MAC_ADDR,
	.fallback_mac = { 0x02, 0x00, 0x00, 0x88, 0x12, 0x00 },
	.efuse_extra = rtl8812a_efuse_extra,
	.bb_table = rtl8812a_bb,
	.bb_table_len = &rtl8812a_bb_len,
	.agc_table = rtl8812a_agc,
	.agc_table_len = &rtl8812a_agc_len,
	.rf_table = { rtl8812a_rf_a, rtl8812a_rf_b },
	.rf_table_len = { &rtl8812a_rf_a_len, &rtl8812a_rf_b_len },
	.xtal_mask = 0x7FF80000u,    /* 0x2C [30:19] */
	.config_1t = rtl8812a_config_1t,
	.band_regs = rtl8812a_band_regs,
	.fix_spur = rtl8812a_fix_spur,
	/* the unlinked DIG floor (see jaguar1_channel.c) */
	.igi_unlinked = 0x1C,
	.calibrate_channel = rtl8812a_phy_calibration,
	.hop_calibration = rtl8812a_hop_calibration,
	.txpwr = &rtl8812a_txpwr,
	.pwrtrk_tables = rtl8812a_pwrtrk_tables,
	.cck_default_index = 24,     /* rtw88 rtw88xxa_pwrtrack_init */
	.lck = rtl8812a_lck,
	.iqk = rtl8812a_iqk,
};

static const struct dvr_chip_ops rtl8812a_ops = {
	JAGUAR1_CHIP_OPS,
	.identify = rtl8812a_identify,
	.phy_init = jaguar1_phy_init,
};

const struct dvr_chip_info rtl8812a_info = {
	JAGUAR1_CHIP_INFO,
	JAGUAR1_DIE_INFO(rtl8812a),
	.name = "RTL8812AU",
	.fw_file = "rtw8812a_fw.bin",
	.fw_package = "firmware-realtek from Debian 13, linux-firmware 2024",
	/* 5/10 MHz by the 0x8AC clock dividers (jaguar1_narrowband.c) */
	.narrowband = true,
	.rf_paths = 2,
	.max_nss = 2,
	/* The 40-byte descriptor carries DATA_STBC and DATA_LDPC (rtw88
	 * tx.h) and the 2T2R baseband sends both: the vendor driver fills
	 * them for data frames (aircrack-ng rtl8812au rtl8812au_xmit.c
	 * update_txdesc) and OpenIPC devourer for injected ones
	 * (RtlJaguarDevice.cpp build_tx_block). */
	.tx_stbc = true,
	.tx_ldpc = true,
	/* One frame per bulk OUT: more overflow the 8812A's OQT (rtw88
	 * rtw8812a.c usb_tx_agg_desc_num 1). */
	.tx_agg_max = 1,
};
