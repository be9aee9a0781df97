/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822BU / RTL8812BU: USB ids, chip data and the ops table. The two
 * bondings are one die driven the same way (rtw88 drives both with one
 * chip struct, rtw8822b.c rtw8822b_hw_spec); whether BT is present is
 * read from EFUSE by identify, so one dvr_chip_info serves both.
 */
#include "hal/rtl8822b/rtl8822b.h"
#include "hal/rtl8822b/rtl8822b_tables.h"

/*
 * rtw88 rtw8822bu.c rtw_8822bu_id_table, every entry (the same list the
 * vendor ids of our facts name: Realtek, Edimax, ASUS, D-Link, Linksys,
 * TP-Link with the Archer T3U 2357:012d, Netgear, Hawking, LiteOn,
 * TRENDnet, ELECOM, Mercusys, Buffalo). Two are shared with other dies:
 * 13b1:0043 with the RTL8822CU (listed first in the registry; its probe
 * reads chip id 0x0A and passes to us), 2357:0115 with the RTL8812AU,
 * which has no probe op and is asked last (hal/registry.c): our probe
 * takes an 8822B die and leaves any other to it.
 */
static const struct dvr_usb_id rtl8822b_usb_ids[] = {
	{ 0x0bda, 0xb812 }, { 0x0bda, 0xb82c }, { 0x0bda, 0x2102 },
	{ 0x7392, 0xb822 }, { 0x7392, 0xc822 }, { 0x7392, 0xd822 },
	{ 0x7392, 0xe822 }, { 0x7392, 0xf822 }, { 0x0bda, 0xb81a },
	{ 0x0b05, 0x1841 }, { 0x0b05, 0x184c }, { 0x0b05, 0x19aa },
	{ 0x0b05, 0x1870 }, { 0x0b05, 0x1874 }, { 0x2001, 0x331e },
	{ 0x2001, 0x331c }, { 0x2001, 0x331f }, { 0x13b1, 0x0043 },
	{ 0x13b1, 0x0045 }, { 0x2357, 0x012d }, { 0x2357, 0x0138 },
	{ 0x2357, 0x0115 }, { 0x2357, 0x012e }, { 0x2357, 0x0116 },
	{ 0x2357, 0x0117 }, { 0x0846, 0x9055 }, { 0x0e66, 0x0025 },
	{ 0x04ca, 0x8602 }, { 0x20f4, 0x808a }, { 0x20f4, 0x805a },
	{ 0x056e, 0x4011 }, { 0x2c4e, 0x0107 }, { 0x2c4e, 0x010a },
	{ 0x2001, 0x3322 }, { 0x0411, 0x03d1 }, { 0x0411, 0x03d0 },
};

static const struct dvr_chip_ops rtl8822b_ops = {
	HALMAC_CHIP_OPS,
	JAGUAR2_CHIP_OPS,
	.usb_mode_switch = halmac_usb3_switch,
	.identify = rtl8822b_identify,
	.phy_init = rtl8822b_phy_init,
	.set_channel = rtl8822b_set_channel,
	.hop_channel = rtl8822b_hop_channel,
	.calibrate = rtl8822b_calibrate,
	.track = rtl8822b_track,
	.set_tx_power = rtl8822b_set_tx_power,
	.calibrated_tx_power = rtl8822b_calibrated_tx_power,
};

static const struct jaguar2_data rtl8822b_jaguar2 = {
	.cck_rx_power = rtl8822b_cck_rx_power,
	/* rtw88 rtw8822b.c rtw8822b_set_channel_rf: RF18_RFSI_GE_CH80,
	 * RF18_RFSI_GT_CH144 */
	.rfsi_mid_from = 80,
	.rfsi_high_above = 144,
};

const struct dvr_chip_info rtl8822b_info = {
	.name = "RTL8822BU/RTL8812BU",
	.usb_ids = rtl8822b_usb_ids,
	.n_usb_ids = sizeof rtl8822b_usb_ids / sizeof rtl8822b_usb_ids[0],
	.fw_file = "rtw8822b_fw.bin",
	.fw_package = "firmware-realtek (Debian), linux-firmware",
	HALMAC_CHIP_INFO,
	JAGUAR2_CHIP_INFO,
	.rf_paths = 2,
	.max_nss = 2,
	.max_bw_mhz = 80,
	/* 5/10 MHz by the 0x8AC small-BW field and clock bits, with the RF
	 * 0x18 edge this die needs (rtl8822b_channel.c) */
	.narrowband = true,
	.has_5ghz = true,
	/* Two chains for STBC, and the descriptor's DATA_STBC / DATA_LDPC,
	 * which rtw88 tx.c rtw_tx_data_pkt_info_update fills on this chip
	 * whenever the peer takes them. */
	.tx_stbc = true,
	.tx_ldpc = true,
	.ops = &rtl8822b_ops,
	.fw_3081 = &rtl8822b_fw_spec,
	.pwr_on_flow = rtl8822b_card_enable_flow,
	.pwr_off_flow = rtl8822b_card_disable_flow,
	.queues = &rtl8822b_queues,
	.efuse_log_size = RTL8822B_EFUSE_LOG,
	.generation_data = &rtl8822b_halmac,
	.family_data = &rtl8822b_jaguar2,
};
