/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821CU / RTL8811CU: USB ids, chip data and the ops table. One die
 * behind both names (rtw88 rtw8821cu.c drives both with rtw8821c_hw_spec);
 * identify reads from EFUSE whether BT is there.
 */
#include "hal/common/carrier_sense.h"
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
	.probe = halmac_probe_chip_id,
	.identify = rtl8821c_identify,
	.power_on = halmac_power_on,
	.download_firmware = halmac_download_firmware,
	.mac_init = halmac_mac_init,
	.phy_init = rtl8821c_phy_init,
	.set_monitor = halmac_set_monitor,
	.set_carrier_sense = dvr_set_carrier_sense,
	.set_channel = rtl8821c_set_channel,
	.calibrate = rtl8821c_calibrate,
	.track = rtl8821c_track,
	.set_tx_power = rtl8821c_set_tx_power,
	.calibrated_tx_power = rtl8821c_calibrated_tx_power,
	.wait_tx_idle = halmac_wait_tx_idle,
	.power_off = halmac_power_off,
	.tx_out_index = halmac_tx_out_index,
	.build_tx_desc = halmac_build_tx_desc,
	.check_tx_vector = halmac_check_tx_vector,
	.tx_agg_head = halmac_tx_agg_head,
	.parse_rx_pkt = jaguar2_parse_rx_pkt,
};

const struct dvr_chip_info rtl8821c_info = {
	.name = "RTL8821CU/RTL8811CU",
	.usb_ids = rtl8821c_usb_ids,
	.n_usb_ids = sizeof rtl8821c_usb_ids / sizeof rtl8821c_usb_ids[0],
	.fw_file = "rtw8821c_fw.bin",
	.tx_desc_len = HALMAC_TX_DESC_LEN,
	.rx_desc_len = HALMAC_RX_DESC_LEN,
	.rx_agg_align = 8,
	/* A VHT MPDU is at most 11454 bytes with FCS (the RX packet limit
	 * rtw8821c_mac_init sets, 12288, holds it). */
	.max_tx_frame = HALMAC_MAX_RX_FRAME - 4,
	.max_rx_pkt = HALMAC_RX_DESC_LEN + 3 + HALMAC_PHY_STATUS_LEN +
	              HALMAC_MAX_RX_FRAME,
	/* One RF path, one stream (rtw88 rf_tbl holds path A only; the
	 * PHYDM_INFO H2C says 1T1R), 80 MHz, both bands. */
	.rf_paths = 1,
	.max_nss = 1,
	.max_bw_mhz = 80,
	.has_5ghz = true,
	/* STBC needs a second chain. LDPC: the vendor phydm
	 * query_phydm_ldpc_capability_8821c gives TX LDPC (0x01000100:
	 * TX yes, RX no), and rtw88 tx.c sets DATA_LDPC for any chip when
	 * the peer takes it. */
	.tx_stbc = false,
	.tx_ldpc = true,
	/* Sync, as OpenIPC devourer sends on Jaguar2: the chip NAKs every
	 * bulk OUT until its TX path is programmed, and queued frames into
	 * an endpoint that does not drain wedge its USB core. */
	.preferred_tx_mode = DVR_TX_SYNC,
	/*
	 * 6-bit TX AGC index (0..63) in 0.5 dB steps (rtw88 max_power_index
	 * 0x3F, txgi_factor 1). With no power set the core applies the
	 * calibrated level of the channel (rtl8821c_calibrated_tx_power);
	 * 32 stands in before a channel is known.
	 */
	.default_tx_power = 32,
	.tx_power_min = 0,
	.tx_power_max = RTL8821C_MAX_TX_INDEX,
	.tx_power_step_mbm = 50,
	/* The firmware download can leave the TX endpoint halted; rtw88
	 * usb.c clears every pipe before it sends. */
	.clear_halt_before_tx = true,
	/* rtw88 rtw8821c.c usb_tx_agg_desc_num. */
	.tx_agg_max = 3,
	.tx_agg_max_bytes = HALMAC_TX_AGG_MAX_BYTES,
	.tx_agg_align = HALMAC_TX_AGG_ALIGN,
	.ops = &rtl8821c_ops,
	.fw_kind = DVR_FW_3081_DDMA,
	.fw_3081 = &rtl8821c_fw_spec,
	.pwr_on_flow = rtl8821c_card_enable_flow,
	.pwr_off_flow = rtl8821c_card_disable_flow,
	.queues = &rtl8821c_queues,
	.phy_status_len = HALMAC_PHY_STATUS_LEN,
	.efuse_log_size = RTL8821C_EFUSE_LOG,
	.generation_data = &rtl8821c_halmac,
	.family_data = &rtl8821c_jaguar2,
};
