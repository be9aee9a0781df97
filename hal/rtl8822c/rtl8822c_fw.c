/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Firmware of the 8822C: the download (hal/common/fw_3081 with this chip's
 * descriptor and FIFO layout), H2C packets, and the two information
 * packets rtw88 sends right after the firmware starts (main.c
 * rtw_power_on: rtw_fw_send_general_info, rtw_fw_send_phydm_info).
 */
#include <string.h>

#include "hal/common/fw_3081.h"
#include "hal/rtl8822c/rtl8822c.h"

#define H2C_PKT_SIZE 32u
#define H2C_PKT_HDR 8u
#define H2C_CATEGORY 0x01u
#define H2C_CMD_ID 0xFFu
#define H2C_GENERAL_INFO 0x0D
#define H2C_PHYDM_INFO 0x11
#define FW_POLL_TRIES 1000u
#define FW_POLL_US 10u
#define BULK_TIMEOUT_MS 500u


static void rsvd_page_desc(uint8_t *desc, size_t len)
{
	jaguar3_fw_pkt_desc(desc, len, JAGUAR3_QSEL_BEACON);
}

int rtl8822c_h2c_packet(struct dvr_chip *chip, uint16_t sub,
                        const uint8_t *payload, size_t len)
{
	uint8_t buf[JAGUAR3_TX_DESC_LEN + H2C_PKT_SIZE];
	uint8_t *pkt = buf + JAGUAR3_TX_DESC_LEN;

	if (len > H2C_PKT_SIZE - H2C_PKT_HDR || (len && !payload))
		return DVR_E_INVALID;
	memset(pkt, 0, H2C_PKT_SIZE);
	j3_put_le32(pkt, H2C_CATEGORY | H2C_CMD_ID << 8 | (uint32_t)sub << 16);
	/* Sequence number per device, restarted by each download (rtw88
	 * resets it when the firmware starts). */
	struct rtl8822c_priv *priv = rtl8822c_priv(chip);
	uint16_t seq = priv ? priv->h2c_seq++ : 0;
	j3_put_le32(pkt + 4, (uint32_t)(H2C_PKT_HDR + len) |
	            (uint32_t)seq << 16);
	if (len)
		memcpy(pkt + H2C_PKT_HDR, payload, len);
	jaguar3_fw_pkt_desc(buf, H2C_PKT_SIZE, JAGUAR3_QSEL_H2C);
	/* The H2C queue maps to the HIGH DMA queue, i.e. the first bulk
	 * OUT (rtw88 usb.c: BEACON, HIGH and H2C share the "hi" map). */
	int r = dvr_io_bulk_out_sync(chip->io, 0, buf, sizeof buf,
	                             BULK_TIMEOUT_MS);
	return r < 0 ? dvr_chip_fail(chip, r, "H2C packet 0x%02x not sent",
	                             sub) : DVR_OK;
}

static int send_info(struct dvr_chip *chip, const struct jaguar3_fifo *f)
{
	uint8_t gi[4] = { 0 };
	/* GENERAL_INFO: byte 10 of the packet = firmware TX buffer page
	 * above the reserved boundary. */
	gi[2] = (uint8_t)(f->fw_txbuf_page - f->boundary);
	int st = rtl8822c_h2c_packet(chip, H2C_GENERAL_INFO, gi, sizeof gi);
	if (st != DVR_OK)
		return st;
	/* PHYDM_INFO: RFE option, RF type (2 = 2T2R, 4 = 1T1R), cut,
	 * RX antennas (low nibble) / TX antennas (high nibble). */
	uint8_t pi[8] = { 0 };
	bool one = chip->id.is_1t1r;
	pi[0] = chip->id.rfe_type;
	pi[1] = one ? 4 : 2;
	pi[2] = chip->id.cut;
	pi[3] = one ? 0x11 : 0x33;
	return rtl8822c_h2c_packet(chip, H2C_PHYDM_INFO, pi, sizeof pi);
}

int rtl8822c_download_firmware(struct dvr_chip *chip,
                               const struct dvr_firmware *fw)
{
	struct jaguar3_fifo f;
	unsigned n = chip->n_out >= 2 && chip->n_out <= 4 ? chip->n_out : 2;

	if (jaguar3_fifo_layout(&rtl8822c_mac_cfg, n, &f) != DVR_OK)
		return dvr_chip_fail(chip, DVR_E_INVALID, "no FIFO layout");
	const struct dvr_fw3081_cfg cfg = {
		.signature = RTL8822C_FW_SIGNATURE,
		.desc_len = JAGUAR3_TX_DESC_LEN,
		.rsvd_page_desc = rsvd_page_desc,
		.out_index = 0,                 /* HIGH queue endpoint */
		.rsvd_boundary = f.boundary,
		.ltecoex = true,
		.poll_tries = FW_POLL_TRIES,
		.poll_us = FW_POLL_US,
		.bulk_timeout_ms = BULK_TIMEOUT_MS,
	};
	int st = dvr_fw3081_download(chip, fw, &cfg);
	if (st != DVR_OK)
		return st;
	if (rtl8822c_priv(chip))
		rtl8822c_priv(chip)->h2c_seq = 0;
	return send_info(chip, &f);
}
