/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812AU: USB ids, chip facts and the ops table. The work is done in the
 * other files of this directory, one job each.
 */
#include "hal/rtl8812a/rtl8812a.h"

/* Every VID:PID the 8812A HAL drives (facts 2.3; rtw88 table plus the
 * vendor's 2357:0115). 8811AU/8821AU ids belong to the 8821A HAL. */
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
	{ 0x2604, 0x0012 }, { 0x7392, 0xa822 },
};

static const struct dvr_chip_ops rtl8812a_ops = {
	.identify = rtl8812a_identify,
	.power_on = rtl8812a_power_on,
	.download_firmware = rtl8812a_download_firmware,
	.mac_init = rtl8812a_mac_init,
	.phy_init = rtl8812a_phy_init,
	.set_monitor = rtl8812a_set_monitor,
	.set_channel = rtl8812a_set_channel,
	.set_tx_power = rtl8812a_set_tx_power,
	.wait_tx_idle = rtl8812a_wait_tx_idle,
	.power_off = rtl8812a_power_off,
	.tx_out_index = rtl8812a_tx_out_index,
	.build_tx_desc = rtl8812a_build_tx_desc,
	.parse_rx_pkt = rtl8812a_parse_rx_pkt,
};

const struct dvr_chip_info rtl8812a_info = {
	.name = "RTL8812AU",
	.usb_ids = rtl8812a_usb_ids,
	.n_usb_ids = sizeof rtl8812a_usb_ids / sizeof rtl8812a_usb_ids[0],
	.fw_file = "rtw8812a_fw.bin",
	.tx_desc_len = RTL8812A_TX_DESC_LEN,
	.rx_desc_len = RTL8812A_RX_DESC_LEN,
	.rx_agg_align = 8,
	/*
	 * Largest MPDU without FCS: a VHT MPDU may be 11454 bytes with FCS
	 * (the limit RX_PKT_LIMIT 0x18 is set for). It fits easily: the
	 * 8812A carries one frame per bulk OUT and the vendor/rtw88 transfer
	 * buffer is 20480 bytes (40 + 11450 < 20480), and the TX FIFO keeps
	 * >= 214 public 512-byte pages (107 KiB) for it. Rates whose PPDU
	 * cannot carry that much (legacy: L-SIG length <= 4095 with FCS) are
	 * refused per frame by build_tx_desc.
	 */
	.max_tx_frame = RTL8812A_MAX_RX_FRAME - 4,
	.max_rx_pkt = RTL8812A_RX_DESC_LEN + RTL8812A_PHY_STATUS_LEN +
	              RTL8812A_MAX_RX_FRAME,
	.rf_paths = 2,
	.max_nss = 2,
	.max_bw_mhz = 80,
	.has_5ghz = true,
	.preferred_tx_mode = DVR_TX_ASYNC,
	/*
	 * The BB table leaves the per-rate TX AGC registers unprogrammed, so
	 * without a value the chip would transmit at its lowest power. 32 is
	 * mid-scale of the 6-bit index (steps of about 0.5 dB): below the
	 * values boards are calibrated to on every band, so it cannot
	 * overdrive an external PA, yet well above the noise.
	 */
	.default_tx_power = 32,
	/* 6-bit TXAGC index (rtw88 rtw_chip_info.txgi_max is 63 for
	 * this chip) counting 0.5 dB steps, the unit rtw88 phy.c keeps
	 * its by-rate and limit tables in. */
	.tx_power_min = 0,
	.tx_power_max = 63,
	.tx_power_step_mbm = 50,
	.tx_agg_max = 1,
	.ops = &rtl8812a_ops,
};
