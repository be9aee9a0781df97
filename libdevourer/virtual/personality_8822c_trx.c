/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822C descriptors. TX: the 48-byte descriptor the TX DMA reads —
 * checksum over the descriptor plus its PKT_OFFSET padding (rtw88
 * rtw8822c.c rtw8822c_fill_txdesc_checksum), field positions of rtw88
 * tx.h / the vendor HalMAC NIC descriptor. A frame the chip would not
 * send is dropped and counted; the beacon queue feeds the reserved page
 * (firmware download), the H2C queue the firmware. RX: the 24-byte
 * descriptor and the 32-byte Jaguar3 PHY status (page 0 CCK / page 1
 * OFDM, rtw88 rtw8822c.c query_phy_status_page0/1, rtw8822c.h
 * GET_PHY_STAT_P*).
 */
#include <string.h>

#include "libdevourer/virtual/personality_8822c.h"
#include "libdevourer/virtual/personality_8822c_regs.h"

#define P8822C_TX_DESC 48u
#define P8822C_RX_DESC 24u
#define P8822C_PHYST 32u

#define QSEL_BEACON 0x10
#define QSEL_H2C 0x13

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* Decode the descriptor at d as the TX DMA does (rem bytes left). */
enum vc_tx_verdict p8822c_tx_decode(struct vchip *vc, unsigned ep_idx,
                                    const uint8_t *d, size_t rem,
                                    struct vc_tx_frame *out)
{
	(void)ep_idx; /* the core applies the endpoint/queue check */
	if (rem < P8822C_TX_DESC)
		return VC_TXD_BAD_LAYOUT;
	uint32_t dw0 = vc_le32(d), dw1 = vc_le32(d + 4), dw3 = vc_le32(d + 12);
	uint32_t dw4 = vc_le32(d + 16), dw5 = vc_le32(d + 20);
	uint32_t dw8 = vc_le32(d + 32);
	size_t pad = ((dw1 >> 24) & 0x1F) * 8u;
	if (P8822C_TX_DESC + pad > rem)
		return VC_TXD_BAD_LAYOUT;
	uint16_t x = 0;
	for (size_t w = 0; w < (P8822C_TX_DESC + pad) / 2; w++)
		if (w != 14)
			x ^= le16(d + 2 * w);
	if (x != le16(d + 28))
		return VC_TXD_BAD_CHECKSUM;
	size_t pkt = dw0 & 0xFFFF;
	unsigned offset = (dw0 >> 16) & 0xFF;
	out->qsel = (dw1 >> 8) & 0x1F;
	/* The H2C queue takes its packet right after the descriptor
	 * whatever OFFSET says: rtw88 usb.c rtw_usb_write_data_h2c sends
	 * H2C packets with OFFSET 0 (only the reserved-page path sets it),
	 * and the firmware gets them. */
	if (out->qsel == QSEL_H2C)
		offset = P8822C_TX_DESC;
	if (offset != P8822C_TX_DESC || pkt == 0 ||
	    P8822C_TX_DESC + pad + pkt > rem)
		return VC_TXD_BAD_LAYOUT;
	out->hdr_len = P8822C_TX_DESC + pad;
	out->pkt_len = pkt;
	const uint8_t *payload = d + out->hdr_len;
	if (vc_wmac_qsel_dma_queue(vc, out->qsel) < 0)
		return VC_TXD_BAD_FIELD;
	if (out->qsel == QSEL_BEACON) {
		/* ENSWBCN (0x101 bit 0): software beacons go to the
		 * reserved page instead of the air */
		if (vc->regs[P8822C_CR + 1] & 0x01)
			p8822c_fw_beacon_page(vc, d, out->hdr_len + pkt);
		else
			vc->stats.tx_not_ready++;
		return VC_TXD_CONSUMED;
	}
	if (out->qsel == QSEL_H2C) {
		p8822c_fw_h2c_packet(vc, payload, pkt);
		return VC_TXD_CONSUMED;
	}
	/* Without USE_RATE the firmware's rate adaptation picks; the model
	 * sends at the band's lowest mandatory rate. */
	uint8_t code = (dw3 & (1u << 8)) ? (uint8_t)(dw4 & 0x7F)
	                                 : (vc->tuning.band_5g ? 0x04 : 0x00);
	unsigned nss = vc_rate_nss(code);
	if (nss == 0 || nss > 2 || (vc->tuning.band_5g && code <= 0x03))
		return VC_TXD_BAD_FIELD; /* 2T2R; no CCK on 5 GHz */
	out->rate_code = code;
	out->bw_code = (uint8_t)((dw5 >> 5) & 3);
	out->sgi = dw5 & (1u << 4);
	out->ldpc = dw5 & (1u << 7);
	out->stbc = (uint8_t)((dw5 >> 8) & 3);
	out->hw_seq = dw8 & (1u << 15); /* EN_HWSEQ */
	return VC_TXD_FRAME;
}

/* DMA_TXAGG_NUM (dword 7 [31:24]) against the count the driver allowed
 * in 0x208 [7:4] (rtw88 mac.c __priority_queue_cfg). */
void p8822c_tx_agg(const struct vchip *vc, const uint8_t *d, size_t len,
                   unsigned *count, unsigned *max)
{
	*count = len >= 32 && d[31] ? d[31] : 1;
	*max = vc->regs[0x208] >> 4 ? (unsigned)(vc->regs[0x208] >> 4) : 1;
}

/* The receive filter by the RCR bits of rtw88 reg.h (AAP 0, APM 1,
 * AM 2, AB 3, CBSSID_DATA 6, CBSSID_BCN 7) and the per-subtype maps
 * RXFLTMAP0/1/2 (0x6A0 management, 0x6A2 control, 0x6A4 data). Group
 * frames are also subject to REG_MAR (0x620/0x624). */
bool p8822c_rx_accept(const struct vchip *vc, const uint8_t *f, size_t n,
                      bool crc_err)
{
	uint32_t rcr = vc_reg32(vc, P8822C_RCR);
	if (crc_err && !(rcr & (1u << 8))) /* ACRC32 */
		return false;
	if (n < 10 + 4)
		return false;
	unsigned type = (f[0] >> 2) & 3, subtype = f[0] >> 4;
	if (type == 3)
		return false;
	static const uint16_t map_reg[3] = {0x6A0, 0x6A2, 0x6A4};
	uint16_t map = (uint16_t)(vc->regs[map_reg[type]] |
	                          vc->regs[map_reg[type] + 1] << 8);
	if (!(map & (1u << subtype)))
		return false;
	/* same-BSS checks: A3 of beacons, the BSSID of data frames */
	if (n >= 24 + 4 && ((type == 0 && subtype == 8 && (rcr & (1u << 7))) ||
	                    (type == 2 && (rcr & (1u << 6))))) {
		const uint8_t *bssid = type == 0 ? f + 16
		                     : (f[1] & 0x01) ? f + 4 : (f[1] & 0x02)
		                     ? f + 10 : f + 16;
		if (memcmp(bssid, &vc->regs[0x618], 6) != 0)
			return false;
	}
	const uint8_t *a1 = f + 4;
	if (a1[0] & 1) {
		static const uint8_t bc[6] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		                              0xFF};
		bool bcast = memcmp(a1, bc, 6) == 0;
		if (!(rcr & (bcast ? 1u << 3 : 1u << 2)))
			return false;
		/* With REG_MAR all zero every group frame, beacons
		 * included, is dropped (OpenIPC devourer init_wmac_cfg).
		 * The hash that picks a MAR bit is not documented, so the
		 * model asks only for a non-empty MAR. */
		return vc_reg32(vc, 0x620) || vc_reg32(vc, 0x624);
	}
	if (rcr & (1u << 0))
		return true;
	return (rcr & (1u << 1)) && memcmp(a1, &vc->regs[0x610], 6) == 0;
}

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static bool is_cck(const struct air_frame_hdr *h)
{
	return h->rate_kind == AIR_RATE_LEGACY &&
	       (h->legacy_500k == 2 || h->legacy_500k == 4 ||
	        h->legacy_500k == 11 || h->legacy_500k == 22);
}

/* Sub-channel code of a frame inside the tuned channel: 0 = the whole
 * channel, 1..4 = a 20 MHz sub-channel, 9/10 = a 40 MHz half of 80. */
static uint8_t rx_subchannel(const struct vchip *vc,
                             const struct air_frame_hdr *h)
{
	const struct vchip_tuning *t = &vc->tuning;
	if (h->bw_mhz >= t->bw_mhz)
		return 0;
	if (h->bw_mhz == 20)
		return p8822c_of(vc)->primary_sc
		               ? p8822c_of(vc)->primary_sc
		               : (t->channel > t->center ? 1 : 2);
	return t->channel > t->center ? 9 : 10;
}

static void phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p)
{
	const struct air_frame_hdr *h = m->air;
	int rssi = m->rssi_dbm, snr = clamp(rssi - m->noise_dbm, 0, 63);
	uint8_t pwdb = (uint8_t)clamp(rssi + 110, 0, 127);
	memset(p, 0, P8822C_PHYST);
	unsigned ch = vc->tuning.channel;
	if (is_cck(h)) {
		/* page 0; a gain index inside the CCK window the BB holds
		 * (0x1A98/0x1A70 lower bound) needs no correction */
		uint8_t lb = (uint8_t)(((vc->regs[0x1A98] >> 6) & 3) << 4 |
		                       (vc->regs[0x1A73] & 0x0F));
		p[0] = 0;
		p[1] = pwdb;
		p[2] = lb & 0x3F;
		p[6] = (uint8_t)ch;
		p[16] = pwdb;
		p[19] = lb & 0x3F;
		return;
	}
	p[0] = (uint8_t)(1 | ((ch >> 8) & 3) << 6);
	p[1] = pwdb; /* path A */
	p[2] = pwdb; /* path B */
	uint8_t sc = rx_subchannel(vc, h);
	p[5] = (uint8_t)(sc | sc << 4);
	p[6] = (uint8_t)ch;
	p[7] = (uint8_t)((vc->tuning.band_5g ? 1 : 0) | (h->ldpc ? 0x20 : 0) |
	                 (h->stbc ? 0x40 : 0));
	uint8_t evm = (uint8_t)clamp(2 * snr, 0, 127); /* -EVM, 0.5 dB */
	p[16] = evm;
	p[17] = h->nss >= 2 ? evm : 0;
	p[24] = (uint8_t)clamp(2 * snr, 0, 127); /* SNR, 0.5 dB */
	p[25] = (uint8_t)clamp(2 * snr, 0, 127);
}

size_t p8822c_rx_encode(struct vchip *vc, const struct vc_rx_meta *m,
                        uint8_t *hdr, size_t *frame_len)
{
	uint32_t rcr = vc_reg32(vc, P8822C_RCR);
	const uint8_t *f = m->frame;
	size_t flen = (rcr & (1u << 31)) ? m->len : m->len - 4; /* APP_FCS */
	unsigned drv_units = vc->regs[0x60F] & 0x0F;
	bool physt = (rcr & (1u << 28)) && drv_units; /* APP_PHYSTS */
	/* the PHY status is 32 bytes; DRV_INFO_SIZE says what the driver
	 * configured (rtw88 mac.c rtw_drv_info_cfg writes 4) */
	size_t drv = physt ? (drv_units * 8u < P8822C_PHYST ? P8822C_PHYST
	                                                 : drv_units * 8u)
	                   : 0;
	if (drv > P8822C_PHYST)
		drv = P8822C_PHYST;
	memset(hdr, 0, P8822C_RX_DESC + drv);
	unsigned type = (f[0] >> 2) & 3;
	bool group = f[4] & 1;
	bool bcast = group && f[4] == 0xFF && f[5] == 0xFF && f[6] == 0xFF &&
	             f[7] == 0xFF && f[8] == 0xFF && f[9] == 0xFF;
	uint32_t dw0 = (uint32_t)(flen & 0x3FFF) | (m->crc_err ? 1u << 14 : 0) |
	               (uint32_t)(drv / 8) << 16 | (physt ? 1u << 26 : 0);
	uint32_t dw1 = type << 28 | (group && !bcast ? 1u << 30 : 0) |
	               (bcast ? 1u << 31 : 0);
	uint32_t dw2 = m->crc_err ? 0 : 1u << 31; /* FCS_OK */
	if (flen >= 24 && type != 1) {
		uint16_t sc = (uint16_t)(f[22] | f[23] << 8);
		dw2 |= (uint32_t)(sc >> 4) | (uint32_t)(sc & 0xF) << 12;
	}
	vc_put_le32(hdr, dw0);
	vc_put_le32(hdr + 4, dw1);
	vc_put_le32(hdr + 8, dw2);
	vc_put_le32(hdr + 12, (uint32_t)m->rate_code & 0x7F);
	vc_put_le32(hdr + 16, 0);
	vc_put_le32(hdr + 20, (uint32_t)m->tsf_us);
	if (physt)
		phy_status(vc, m, hdr + P8822C_RX_DESC);
	*frame_len = flen;
	return P8822C_RX_DESC + drv;
}

/* DMA_AGG_NUM: dword 3 [23:16] of the first descriptor */
void p8822c_rx_agg_count(uint8_t *first_desc, unsigned count)
{
	first_desc[14] = (uint8_t)(count > 255 ? 255 : count);
}
