/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8814AU: USB ids, chip data and the ops table. The MAC, firmware and
 * power ops are hal/halmac's (rtw88 runs the generic 3081 path of mac.c
 * for this chip), the TX descriptor and RX parser hal/jaguar1's (rtw88
 * rtw8814a hw_spec: 40-byte TX, 24-byte RX descriptor, Jaguar PHY status);
 * the chip's own ops are in the other files of this folder.
 */
#include "hal/common/carrier_sense.h"
#include "hal/rtl8814a/rtl8814a.h"
#include "hal/rtl8814a/rtl8814a_tables.h"

/* rtw88 rtw8814au.c rtw_8814au_id_table, every entry (Realtek, ELECOM,
 * Netgear, ASUS, Hawking, D-Link, TRENDnet, TP-Link, Edimax). */
static const struct dvr_usb_id rtl8814a_usb_ids[] = {
	{ 0x0bda, 0x8813 }, { 0x056e, 0x400b }, { 0x056e, 0x400d },
	{ 0x0846, 0x9054 }, { 0x0b05, 0x1817 }, { 0x0b05, 0x1852 },
	{ 0x0b05, 0x1853 }, { 0x0e66, 0x0026 }, { 0x2001, 0x331a },
	{ 0x20f4, 0x809a }, { 0x20f4, 0x809b }, { 0x2357, 0x0106 },
	{ 0x7392, 0xa833 }, { 0x7392, 0xa834 },
};

static const struct dvr_chip_ops rtl8814a_ops = {
	.probe = halmac_probe_chip_id,
	.identify = rtl8814a_identify,
	.power_on = halmac_power_on,
	.download_firmware = rtl8814a_download_firmware,
	.mac_init = halmac_mac_init,
	.phy_init = rtl8814a_phy_init,
	.set_monitor = halmac_set_monitor,
	.set_carrier_sense = dvr_set_carrier_sense,
	.set_channel = rtl8814a_set_channel,
	.hop_channel = rtl8814a_hop_channel,
	.calibrate = rtl8814a_calibrate,
	.set_tx_power = rtl8814a_set_tx_power,
	.calibrated_tx_power = rtl8814a_calibrated_tx_power,
	.track = rtl8814a_track,
	.wait_tx_idle = halmac_wait_tx_idle,
	.power_off = halmac_power_off,
	.tx_out_index = halmac_tx_out_index,
	.build_tx_desc = jaguar1_build_tx_desc,
	.check_tx_vector = jaguar1_check_tx_vector,
	.parse_rx_pkt = jaguar1_parse_rx_pkt,
};

const struct jaguar1_data rtl8814a_family = {
	.cck_rx_power = rtl8814a_cck_rx_power,
	.tx_dw0_plain = true,
	.rx_dw4_no_phy = true,
	.rx_signal_second_lowest = true,
	.calibrate_channel = rtl8814a_calibrate_channel,
	.iqk = rtl8814a_iqk,
};

const struct dvr_chip_info rtl8814a_info = {
	.name = "RTL8814AU",
	.usb_ids = rtl8814a_usb_ids,
	.n_usb_ids = sizeof rtl8814a_usb_ids / sizeof rtl8814a_usb_ids[0],
	.fw_file = "rtw8814a_fw.bin",
	.fw_package = "firmware-realtek from Debian 13, linux-firmware 2024",
	/* rtw8814a hw_spec tx_pkt_desc_sz 40, rx_pkt_desc_sz 24 */
	.tx_desc_len = JAGUAR1_TX_DESC_LEN,
	.rx_desc_len = JAGUAR1_RX_DESC_LEN,
	.rx_agg_align = 8,
	.max_tx_frame = DVR_MAX_TX_FRAME,
	.max_rx_pkt = JAGUAR1_RX_DESC_LEN + RTL8814A_PHY_STATUS_LEN +
	              RTL8814A_MAX_RX_FRAME,
	/* Four RF paths always programmed, three spatial streams (rtw88
	 * rtw8814a_read_rf_type: rf_path_num 4, RF_3T3R for the 0xEE/0xFF
	 * antenna options; vendor init_hal_spec_8814a: 3 TX / 3 streams). */
	.rf_paths = 4,
	.max_nss = 3,
	.max_bw_mhz = 80,
	/* 5/10 MHz by 0x8AC's Jaguar2-layout clock fields
	 * (rtl8814a_channel.c) */
	.narrowband = true,
	.has_5ghz = true,
	/* the descriptor's DATA_STBC / DATA_LDPC are where the 8812A has
	 * them (vendor rtl8814a_xmit.h); OpenIPC devourer sends STBC on
	 * the 8814AU (RtlJaguarDevice.cpp build_tx_block) */
	.tx_stbc = true,
	.tx_ldpc = true,
	/* A 3081 chip: the blocking sender of the HalMAC chips (halmac.h
	 * HALMAC_CHIP_INFO says why), with the bulk OUT pipes cleared once
	 * (rtw88 usb.c does it for every chip it probes). */
	.preferred_tx_mode = DVR_TX_SYNC,
	.clear_halt_before_tx = true,
	/* 6-bit TX AGC index (rtw8814a hw_spec max_power_index 0x3F) in
	 * 0.5 dB steps; 32 when nothing is asked (mid-scale, below what
	 * boards are calibrated to). */
	.default_tx_power = 32,
	.tx_power_min = 0,
	.tx_power_max = 63,
	.tx_power_step_mbm = 50,
	/* One frame per bulk OUT: the Jaguar1 descriptor builder has no
	 * aggregation head; mac_init programs the same count into the TX
	 * DMA (0x208 [7:4], 0x20B). rtw88 packs up to 3. */
	.tx_agg_max = 1,
	.tsf_reg = 0x0560, /* REG_TSFTR, rtw88 reg.h */
	.ops = &rtl8814a_ops,
	.fw_kind = DVR_FW_3081_DDMA,
	.fw_3081 = &rtl8814a_fw_spec,
	.pwr_on_flow = rtl8814a_card_enable_flow,
	.pwr_off_flow = rtl8814a_card_disable_flow,
	.queues = &rtl8814a_queues,
	.phy_status_len = RTL8814A_PHY_STATUS_LEN,
	.efuse_log_size = RTL8814A_EFUSE_LOG,
	.generation_data = &rtl8814a_halmac,
	.family_data = &rtl8814a_family,
};
