/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The firmware of the HalMAC chips once the 3081 CPU runs it: the download
 * glue (hal/common/fw_3081 with the chip's descriptor and FIFO layout),
 * H2C packets on the H2C queue and 8-byte commands through the register
 * mailboxes (rtw88 fw.c), the two information packets rtw88 sends once
 * the MAC and BB are up (main.c rtw_power_on: rtw_fw_send_general_info,
 * rtw_fw_send_phydm_info), and the heartbeat that keeps the RF powered.
 */
#include <string.h>

#include "hal/common/fw_download.h"
#include "hal/common/le32.h"
#include "hal/halmac/halmac.h"

#define H2C_PKT_SIZE 32u
#define H2C_PKT_HDR 8u
#define H2C_CATEGORY 0x01u
#define H2C_CMD_ID 0xFFu
#define H2C_GENERAL_INFO 0x0D
#define H2C_PHYDM_INFO 0x11

int halmac_h2c_packet(struct dvr_chip *chip, uint16_t sub,
                      const uint8_t *payload, size_t len)
{
	uint8_t buf[HALMAC_TX_DESC_LEN + H2C_PKT_SIZE];
	const size_t dl = halmac_fw_desc_len(chip);
	uint8_t *pkt = buf + dl;

	if (len > H2C_PKT_SIZE - H2C_PKT_HDR || (len && !payload))
		return DVR_E_INVALID;
	memset(pkt, 0, H2C_PKT_SIZE);
	dvr_le32_put(pkt, H2C_CATEGORY | H2C_CMD_ID << 8 | (uint32_t)sub << 16);
	/* Sequence number per device, restarted by each download (rtw88
	 * resets it when the firmware starts). */
	uint16_t seq = chip->h2c_seq++;
	dvr_le32_put(pkt + 4, (uint32_t)(H2C_PKT_HDR + len) |
	            (uint32_t)seq << 16);
	if (len)
		memcpy(pkt + H2C_PKT_HDR, payload, len);
	halmac_fw_pkt_desc_len(halmac_data(chip), buf, dl, H2C_PKT_SIZE,
	                       HALMAC_QSEL_H2C);
	/* The H2C queue maps to the HIGH DMA queue, i.e. the first bulk
	 * OUT (rtw88 usb.c: BEACON, HIGH and H2C share the "hi" map). */
	int r = dvr_io_bulk_out_sync(chip->io, 0, buf, dl + H2C_PKT_SIZE,
	                             HALMAC_BULK_TIMEOUT_MS);
	return r < 0 ? dvr_chip_fail(chip, r, "H2C packet 0x%02x not sent",
	                             sub) : DVR_OK;
}

int halmac_fw_send_info(struct dvr_chip *chip)
{
	struct halmac_fifo f;
	unsigned n = chip->n_out >= 2 && chip->n_out <= 4 ? chip->n_out : 2;

	if (halmac_fifo_layout(chip, n, &f) != DVR_OK)
		return dvr_chip_fail(chip, DVR_E_INVALID, "no FIFO layout");
	uint8_t gi[4] = { 0 };
	/* GENERAL_INFO: byte 10 of the packet = firmware TX buffer page
	 * above the reserved boundary. */
	gi[2] = (uint8_t)(f.fw_txbuf_page - f.boundary);
	int st = halmac_h2c_packet(chip, H2C_GENERAL_INFO, gi, sizeof gi);
	if (st != DVR_OK)
		return st;
	/* PHYDM_INFO: RFE option, RF type, cut, RX antennas (low nibble) /
	 * TX antennas (high nibble). rtw88 fw.c rtw_fw_send_phydm_info
	 * names only 1T1R (4) and 2T2R (2); a 3T3R part (the RTL8814A) is
	 * 0 there, with paths A-C in both masks (rtw8814a_read_rf_type). */
	uint8_t pi[8] = { 0 };
	unsigned nss = chip->id.is_1t1r ? 1 : chip->info->max_nss;
	uint8_t paths = (uint8_t)((1u << (nss > 4 ? 4 : nss)) - 1);
	pi[0] = chip->id.rfe_type;
	pi[1] = nss == 1 ? 4 : nss == 2 ? 2 : 0;
	pi[2] = chip->id.cut;
	pi[3] = (uint8_t)(paths | paths << 4);
	return halmac_h2c_packet(chip, H2C_PHYDM_INFO, pi, sizeof pi);
}

/* The reserved pages start where this device's FIFO layout puts them:
 * the layout depends on its number of bulk OUT endpoints. */
int halmac_rsvd_boundary(struct dvr_chip *chip, uint16_t *page)
{
	struct halmac_fifo f;
	unsigned n = chip->n_out >= 2 && chip->n_out <= 4 ? chip->n_out : 2;

	if (halmac_fifo_layout(chip, n, &f) != DVR_OK)
		return dvr_chip_fail(chip, DVR_E_INVALID, "no FIFO layout");
	*page = f.boundary;
	return DVR_OK;
}

int halmac_download_firmware(struct dvr_chip *chip,
                             const struct dvr_firmware *fw)
{
	/* The path comes from the chip data (fw_kind, fw_3081). */
	int st = dvr_fw_download(chip, fw);
	if (st != DVR_OK)
		return st;
	chip->h2c_seq = 0;
	/* The information packets wait for the MAC: H2C packets travel
	 * the TX DMA, which only the MAC init turns on (rtw88 main.c
	 * rtw_power_on sends them after rtw_mac_init and phy_set_param,
	 * "after HCI has started"). */
	return DVR_OK;
}

/* ---- 8-byte register H2C commands (rtw88 fw.c
 * rtw_fw_send_h2c_command_register) ---- */

#define REG_HMETFR 0x01CC
#define REG_HMEBOX0 0x01D0
#define REG_HMEBOX0_EX 0x01F0
#define H2C_BOX_TRIES 30u
#define H2C_BOX_US 100u
#define H2C_SET_PWR_MODE 0x20
#define H2C_WL_PHY_INFO 0x58

int halmac_h2c_cmd(struct dvr_chip *chip, uint32_t w0, uint32_t w1)
{
	struct dvr_io *io = chip->io;
	unsigned box = chip->h2c_box & 3;

	/* The firmware clears the box's bit once it has taken the
	 * previous command out of it. */
	int st = dvr_poll8(io, REG_HMETFR, (uint8_t)(1u << box), 0,
	                   H2C_BOX_TRIES, H2C_BOX_US);
	if (st == DVR_E_CHIP)
		return dvr_chip_fail(chip, DVR_E_TIMEOUT, "H2C mailbox %u "
		                     "stays busy: firmware not running?", box);
	if (st != DVR_OK)
		return st;
	/* Extension word first: the write of the main word hands the box
	 * over. */
	dvr_w32(io, (uint16_t)(REG_HMEBOX0_EX + 4 * box), w1);
	dvr_w32(io, (uint16_t)(REG_HMEBOX0 + 4 * box), w0);
	chip->h2c_box = (uint8_t)((box + 1) & 3);
	return dvr_io_status(io);
}

int halmac_fw_keepalive(struct dvr_chip *chip)
{
	/* Power mode "active, all on": mode 0, awake interval 1, power
	 * state ALL_ON (devourer Jaguar3 fw_set_pwr_mode_active). */
	int st = halmac_h2c_cmd(chip, 0x01000000u | H2C_SET_PWR_MODE,
	                          0x00000C00u);
	if (st != DVR_OK)
		return st;
	/* WL PHY info with a non-zero TX throughput [17:8]: tells the
	 * firmware WLAN is transmitting, so it keeps the RF powered
	 * (rtw88 fw.c rtw_fw_update_wl_phy_info; devourer: without it the
	 * firmware powers the RF down after about 30 s). */
	return halmac_h2c_cmd(chip, H2C_WL_PHY_INFO | 100u << 8, 0);
}
