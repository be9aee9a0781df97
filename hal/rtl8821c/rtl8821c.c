/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821CU / RTL8811CU: USB ids, chip data and the ops table. One die
 * behind both names (rtw88 rtw8821cu.c drives both with rtw8821c_hw_spec);
 * identify reads from EFUSE whether BT is there.
 */
#include "hal/rtl8821c/rtl8821c.h"
#include "hal/rtl8821c/rtl8821c_tables.h"

/* rtw88 rtw8821cu.c rtw_8821cu_id_table, every entry (COMFAST CF-811AC is
 * 0bda:c811, whose chip id OpenIPC devourer read as 0x09). None is shared
 * with another chip we drive; the probe still reads the chip id, so a
 * stick whose PID lies is refused by name rather than misdriven. */
static const struct dvr_usb_id rtl8821c_usb_ids[] = {
	{ 0x0bda, 0x2006 }, { 0x0bda, 0x8731 }, { 0x0bda, 0x8811 },
	{ 0x0bda, 0xb820 }, { 0x0bda, 0xb82b }, { 0x0bda, 0xc80c },
	{ 0x0bda, 0xc811 }, { 0x0bda, 0xc820 }, { 0x0bda, 0xc821 },
	{ 0x0bda, 0xc82a }, { 0x0bda, 0xc82b },
	{ 0x2001, 0x331d },                       /* D-Link */
	{ 0x2c4e, 0x0105 },                       /* Mercusys */
	{ 0x7392, 0xc811 }, { 0x7392, 0xd811 },   /* Edimax */
};

/* USB2 only (rtw88 usb.c rtw_usb3_chip_new lists the 8822B and 8822C,
 * not this chip): no usb_mode_switch. */
static const struct dvr_chip_ops rtl8821c_ops = {
	HALMAC_CHIP_OPS,
	JAGUAR2_CHIP_OPS,
	.identify = rtl8821c_identify,
	.phy_init = rtl8821c_phy_init,
	.set_channel = rtl8821c_set_channel,
	.hop_channel = rtl8821c_hop_channel,
	.calibrate = rtl8821c_calibrate,
	.track = rtl8821c_track,
	.set_tx_power = rtl8821c_set_tx_power,
	.calibrated_tx_power = rtl8821c_calibrated_tx_power,
};

const struct dvr_chip_info rtl8821c_info = {
	.name = "RTL8821CU/RTL8811CU",
	.usb_ids = rtl8821c_usb_ids,
	.n_usb_ids = sizeof rtl8821c_usb_ids / sizeof rtl8821c_usb_ids[0],
	.fw_file = "rtw8821c_fw.bin",
	.fw_package = "firmware-realtek (Debian), linux-firmware",
	HALMAC_CHIP_INFO,
	JAGUAR2_CHIP_INFO,
	/* One RF path, one stream (rtw88 rf_tbl holds path A only; the
	 * PHYDM_INFO H2C says 1T1R), 80 MHz, both bands. */
	.rf_paths = 1,
	.max_nss = 1,
	.max_bw_mhz = 80,
	/* 5/10 MHz by the 0x8AC small-BW field and clock codes
	 * (rtl8821c_channel.c) */
	.narrowband = true,
	.has_5ghz = true,
	/* STBC needs a second chain. LDPC: the vendor phydm
	 * query_phydm_ldpc_capability_8821c gives TX LDPC (0x01000100:
	 * TX yes, RX no), and rtw88 tx.c sets DATA_LDPC for any chip when
	 * the peer takes it. */
	.tx_stbc = false,
	.tx_ldpc = true,
	.ops = &rtl8821c_ops,
	.fw_3081 = &rtl8821c_fw_spec,
	.pwr_on_flow = rtl8821c_card_enable_flow,
	.pwr_off_flow = rtl8821c_card_disable_flow,
	.queues = &rtl8821c_queues,
	.efuse_log_size = RTL8821C_EFUSE_LOG,
	.generation_data = &rtl8821c_halmac,
	.family_data = &rtl8821c_jaguar2,
};
