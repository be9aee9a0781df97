/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822CU / RTL8812CU: USB ids, chip data and the ops table. The two
 * bondings are one die driven the same way (rtw88 drives both with one
 * chip struct); whether BT is present is read from EFUSE by identify, so
 * one dvr_chip_info serves both and the name says both.
 */
#include "hal/rtl8822c/rtl8822c.h"
#include "hal/rtl8822c/rtl8822c_tables.h"

/* rtw88 rtw8822cu.c rtw_8822cu_id_table, every entry. 13b1:0043 is also
 * in rtw88's 8822BU table: the chip id (halmac_probe_chip_id) tells them
 * apart. */
static const struct dvr_usb_id rtl8822c_usb_ids[] = {
	{ 0x0bda, 0xc82c }, { 0x0bda, 0xc812 }, { 0x0bda, 0xc82e },
	{ 0x0bda, 0xd820 }, { 0x0bda, 0xd82b }, { 0x13b1, 0x0043 },
	{ 0x2001, 0x3329 },
};

static const struct dvr_chip_ops rtl8822c_ops = {
	HALMAC_CHIP_OPS,
	.usb_mode_switch = halmac_usb3_switch,
	.identify = rtl8822c_identify,
	.phy_init = rtl8822c_phy_init,
	.set_channel = rtl8822c_set_channel,
	.hop_channel = rtl8822c_hop_channel,
	.calibrate = rtl8822c_calibrate,
	.track = rtl8822c_track,
	.set_tx_power = rtl8822c_set_tx_power,
	.calibrated_tx_power = rtl8822c_calibrated_tx_power,
	.parse_rx_pkt = rtl8822c_parse_rx_pkt,
};

const struct dvr_chip_info rtl8822c_info = {
	.name = "RTL8822CU/RTL8812CU",
	.usb_ids = rtl8822c_usb_ids,
	.n_usb_ids = sizeof rtl8822c_usb_ids / sizeof rtl8822c_usb_ids[0],
	.fw_file = "rtw8822c_fw.bin",
	.fw_package = "firmware-realtek (Debian), linux-firmware",
	HALMAC_CHIP_INFO,
	.rx_desc_len = JAGUAR3_RX_DESC_LEN,
	.max_rx_pkt = JAGUAR3_RX_DESC_LEN + 3 + JAGUAR3_PHY_STATUS_LEN +
	              HALMAC_MAX_RX_FRAME,
	.rf_paths = 2,
	.max_nss = 2,
	.max_bw_mhz = 80,
	/* 5/10 MHz by the 0x9B0/0x9B4 dividers (jaguar3_narrowband.c) */
	.narrowband = true,
	.has_5ghz = true,
	/* DATA_STBC and DATA_LDPC of the 48-byte descriptor (rtw88 tx.h;
	 * rtw88 tx.c rtw_tx_data_pkt_info_update sets both for this chip
	 * when the peer takes them). */
	.tx_stbc = true,
	.tx_ldpc = true,
	/*
	 * The 8822C index is 7 bits (0..127, about 0.25 dB steps; rtw88
	 * max_power_index 0x7f). With no power set the core applies the
	 * calibrated level of the channel (rtl8822c_calibrated_tx_power);
	 * 64, mid-scale, is what stands in before a channel is known and
	 * what an unprogrammed EFUSE base is taken for.
	 */
	.default_tx_power = 64,
	.tx_power_min = 0,
	.tx_power_max = 127,
	.tx_power_step_mbm = 25,
	.ops = &rtl8822c_ops,
	.fw_3081 = &rtl8822c_fw_spec,
	.pwr_on_flow = rtl8822c_card_enable_flow,
	.pwr_off_flow = rtl8822c_card_disable_flow,
	.queues = &rtl8822c_queues,
	.phy_status_len = JAGUAR3_PHY_STATUS_LEN,
	.efuse_log_size = RTL8822C_EFUSE_LOG,
	.generation_data = &rtl8822c_halmac,
};

int rtl8822c_parse_rx_pkt(const struct dvr_chip *chip, const uint8_t *p,
                          size_t avail, struct dvr_rx_pkt *out)
{
	const struct rtl8822c_priv *priv = chip ? rtl8822c_priv(chip) : NULL;

	return jaguar3_parse_rx_pkt(chip, priv ? &priv->cck_gain : NULL, p,
	                            avail, out);
}
