/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 48-byte TX descriptor of the 3081-CPU chips as their TX DMA reads
 * it: checksum (over the whole descriptor and its PKT_OFFSET padding on
 * the 8822C, rtw88 rtw8822c.c rtw8822c_fill_txdesc_checksum; over the
 * first 32 bytes on the 8822B and 8821C, their fill_txdesc_checksum),
 * size, offset, queue, rate and bandwidth, field positions of rtw88 tx.h
 * / the vendor HalMAC NIC descriptor. A frame the chip would not send is
 * dropped and counted; the beacon queue feeds the reserved page
 * (firmware download), the H2C queue the firmware.
 */
#include "libdevourer/virtual/personality_3081.h"
#include "libdevourer/virtual/personality_3081_regs.h"

#define QSEL_BEACON 0x10
#define QSEL_H2C 0x13

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* Decode the descriptor at d as the TX DMA does (rem bytes left). */
enum vc_tx_verdict p3081_tx_decode(struct vchip *vc, unsigned ep_idx,
                                   const uint8_t *d, size_t rem,
                                   struct vc_tx_frame *out)
{
	const struct p3081_chip *c = p3081_chip_of(vc);
	(void)ep_idx; /* the core applies the endpoint/queue check */
	if (rem < P3081_TX_DESC)
		return VC_TXD_BAD_LAYOUT;
	uint32_t dw0 = vc_le32(d), dw1 = vc_le32(d + 4), dw3 = vc_le32(d + 12);
	uint32_t dw4 = vc_le32(d + 16), dw5 = vc_le32(d + 20);
	uint32_t dw8 = vc_le32(d + 32);
	size_t pad = ((dw1 >> 24) & 0x1F) * 8u;
	if (P3081_TX_DESC + pad > rem)
		return VC_TXD_BAD_LAYOUT;
	/* XOR of the little-endian words the chip sums, the checksum word
	 * itself (dword 7 [15:0], word 14) left out */
	size_t span = c->txd_checksum_all ? P3081_TX_DESC + pad : 32;
	uint16_t x = 0;
	for (size_t w = 0; w < span / 2; w++)
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
		offset = P3081_TX_DESC;
	if (offset != P3081_TX_DESC || pkt == 0 ||
	    P3081_TX_DESC + pad + pkt > rem)
		return VC_TXD_BAD_LAYOUT;
	out->hdr_len = P3081_TX_DESC + pad;
	out->pkt_len = pkt;
	const uint8_t *payload = d + out->hdr_len;
	if (vc_wmac_qsel_dma_queue(vc, out->qsel) < 0)
		return VC_TXD_BAD_FIELD;
	if (out->qsel == QSEL_BEACON) {
		/* ENSWBCN (0x101 bit 0): software beacons go to the
		 * reserved page instead of the air */
		if (vc->regs[P3081_CR + 1] & 0x01)
			p3081_fw_beacon_page(vc, d, out->hdr_len + pkt);
		else
			vc->stats.tx_not_ready++;
		return VC_TXD_CONSUMED;
	}
	if (out->qsel == QSEL_H2C) {
		p3081_fw_h2c_packet(vc, payload, pkt);
		return VC_TXD_CONSUMED;
	}
	/* Without USE_RATE the firmware's rate adaptation picks; the model
	 * sends at the band's lowest mandatory rate. */
	uint8_t code = (dw3 & (1u << 8)) ? (uint8_t)(dw4 & 0x7F)
	                                 : (vc->tuning.band_5g ? 0x04 : 0x00);
	unsigned nss = vc_rate_nss(code);
	if (nss == 0 || nss > c->tx_nss ||
	    (vc->tuning.band_5g && code <= 0x03))
		return VC_TXD_BAD_FIELD; /* streams it lacks; no CCK on 5 GHz */
	vc_txd_rate_fields(out, code, dw5, dw8);
	return VC_TXD_FRAME;
}

/* DMA_TXAGG_NUM (dword 7 [31:24]) of the first descriptor against the
 * count the driver allowed in 0x208 [7:4] (rtw88 mac.c
 * __priority_queue_cfg, BIT_MASK_BLK_DESC_NUM); 0 counts as one frame.
 * rtw88 writes the same count to 0x20B too; what the chip does with that
 * byte no reference says, and the model does not read it. Each block
 * after the first is looked for at the next 8-byte boundary (rtw88 usb.c
 * rtw_usb_tx_agg_skb pads to it); its own count field is not read. */
void p3081_tx_agg(const struct vchip *vc, const uint8_t *d, size_t len,
                  unsigned *count, unsigned *max)
{
	*count = len >= 32 && d[31] ? d[31] : 1;
	*max = vc->regs[P3081_TDECTRL] >> 4
	               ? (unsigned)(vc->regs[P3081_TDECTRL] >> 4)
	               : 1;
}
