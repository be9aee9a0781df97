/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812EU / RTL8822EU: USB ids, chip data and the ops table. The two
 * are one die (WiFi-only 2T2R, and the same with BT; OpenIPC devourer
 * docs/8822e-quirks.md), driven the same way, so one dvr_chip_info serves
 * both and the name says both. The die is an 8822C-class Jaguar3: USB
 * transport, firmware download, HalMAC MAC, descriptors and PHY status
 * are the 8822C's (OpenIPC devourer src/jaguar3/ChipVariant.h; vendor
 * rtl88x2eu halmac_8822e/).
 */
#include "hal/rtl8822e/rtl8822e.h"
#include "hal/rtl8822e/rtl8822e_tables.h"

/* Every entry of the vendor rtl88x2eu os_dep/linux/usb_intf.c
 * rtw_usb_id_tbl under CONFIG_RTL8822E: 0bda:a81a the RTL8812EU (the
 * LB-LINK BL-M8812EU2 FPV module), e822 and a82a "default ID for USB
 * multi-function". OpenIPC devourer (WiFiDriver.cpp read_chip_id) saw
 * RTL8812EU units enumerate as 0bda:8812, the RTL8812AU's id; no vendor
 * table lists it, so it is left to the 8812A. The probe reads the chip
 * id all the same (halmac_probe_chip_id): another die behind one of these
 * ids is refused. */
static const struct dvr_usb_id rtl8822e_usb_ids[] = {
	{ 0x0bda, 0xa81a }, { 0x0bda, 0xe822 }, { 0x0bda, 0xa82a },
};

/* The Jaguar3 RX descriptor and jgr3 PHY status, as the 8822C's (vendor
 * phydm_pre_define.h PHYSTS_3RD_TYPE_IC; OpenIPC devourer parses both dies
 * with FrameParserJaguar3.h parse_phy_sts_jgr3), with the CCK gain
 * bounds phy_init read from the BB. */
static int rtl8822e_parse_rx_pkt(const struct dvr_chip *chip,
                                 const uint8_t *p, size_t avail,
                                 struct dvr_rx_pkt *out)
{
	const struct rtl8822e_priv *priv = rtl8822e_priv(chip);

	return jaguar3_parse_rx_pkt(chip, priv ? &priv->cck_gain : NULL, p,
	                            avail, out);
}

static const struct dvr_chip_ops rtl8822e_ops = {
	HALMAC_CHIP_OPS,
	.identify = rtl8822e_identify,
	.phy_init = rtl8822e_phy_init,
	.set_channel = rtl8822e_set_channel,
	.hop_channel = rtl8822e_hop_channel,
	.track = rtl8822e_track,
	.calibrate = rtl8822e_calibrate,
	.set_tx_power = rtl8822e_set_tx_power,
	.calibrated_tx_power = rtl8822e_calibrated_tx_power,
	.parse_rx_pkt = rtl8822e_parse_rx_pkt,
	.tx_caveat = rtl8822e_tx_caveat,
};

const struct dvr_chip_info rtl8822e_info = {
	.name = "RTL8812EU/RTL8822EU",
	/* rtl8822e_board.c rtl8822e_tx_caveat says why. */
	.caveat = "its BL-M8812EU2 module's 2.4 GHz TX is not decodable: "
	          "transmit on 5 GHz",
	.usb_ids = rtl8822e_usb_ids,
	.n_usb_ids = sizeof rtl8822e_usb_ids / sizeof rtl8822e_usb_ids[0],
	/* Not in linux-firmware (no kernel rtw88 driver); the name follows
	 * rtw88's scheme. Chosen by the chip id, since the image's
	 * signature is the 8822C's. */
	.fw_file = "rtw8822e_fw.bin",
	HALMAC_CHIP_INFO,
	.rx_desc_len = JAGUAR3_RX_DESC_LEN,
	.max_rx_pkt = JAGUAR3_RX_DESC_LEN + 3 + JAGUAR3_PHY_STATUS_LEN +
	              HALMAC_MAX_RX_FRAME,
	.rf_paths = 2,
	.max_nss = 2,
	.max_bw_mhz = 80,
	/* 5/10 MHz by the 0x9B0/0x9B4 dividers and the MAC clock
	 * (rtl8822e_channel.c) */
	.narrowband = true,
	.has_5ghz = true,
	/* The 48-byte descriptor's DATA_STBC and DATA_LDPC, as on the
	 * 8822C (vendor halmac_tx_desc_nic.h enables the same fields for
	 * both). */
	.tx_stbc = true,
	.tx_ldpc = true,
	/* 7-bit index, about 0.25 dB a step on average (the slope is not
	 * constant on this die: OpenIPC devourer docs/8822e-quirks.md);
	 * 0x4B is OpenIPC devourer's default reference for it
	 * (RtlJaguar3Device.cpp JAGUAR3_TXPWR_REF_BASE). */
	.default_tx_power = 0x4B,
	.tx_power_min = 0,
	.tx_power_max = 127,
	.tx_power_step_mbm = 25,
	.ops = &rtl8822e_ops,
	.fw_3081 = &rtl8822e_fw_spec,
	.pwr_on_flow = rtl8822e_card_enable_flow,
	.pwr_off_flow = rtl8822e_card_disable_flow,
	.queues = &rtl8822e_queues,
	.phy_status_len = JAGUAR3_PHY_STATUS_LEN,
	.efuse_log_size = RTL8822E_EFUSE_LOG,
	.generation_data = &rtl8822e_halmac,
};
