/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar1 chips' (RTL8812AU, RTL8821AU) 40-byte TX descriptor as the chip reads it (rtw88
 * tx.h RTW_TX_DESC_W*; the vendor SET_TX_DESC_*_8812 field set as
 * OpenIPC devourer src/jaguar1/FrameParser.h carries it): checksum, size,
 * offset, queue, rate and bandwidth. A descriptor the chip would not
 * transmit gets a verdict; the model core counts it and drops it.
 */
#include "libdevourer/virtual/personality_jaguar1.h"

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

void pjaguar1_tx_agg(const struct vchip *vc, const uint8_t *d, size_t len,
                   unsigned *count, unsigned *max)
{
	/* USB_TXAGG_NUM (dword 7 [31:24]) of the first descriptor vs the
	 * descriptor number the driver programmed in 0x208[7:4] (0 means
	 * one) (rtw88 rtw88xxa.c rtw88xxa_power_on; usb.c
	 * rtw_usb_tx_agg_skb). */
	*count = len >= 32 && d[31] ? d[31] : 1;
	*max = vc->regs[PJAGUAR1_TDECTRL] >> 4;
	if (!*max)
		*max = 1;
}

bool pjaguar1_txd_checksum_ok(const uint8_t *d)
{
	/* XOR of the first 16 little-endian words with the checksum word
	 * itself (dword 7 [15:0]) left out (rtw88 tx.c
	 * rtw_tx_fill_txdesc_checksum: 32 bytes on the Jaguar1 chips) */
	uint16_t x = 0;
	for (unsigned w = 0; w < 16; w++)
		if (w != 14)
			x ^= le16(d + 2 * w);
	return x == le16(d + 28);
}

enum vc_tx_verdict pjaguar1_tx_decode(struct vchip *vc, unsigned ep_idx,
                                    const uint8_t *d, size_t rem,
                                    struct vc_tx_frame *out)
{
	if (rem < PJAGUAR1_TX_DESC)
		return VC_TXD_BAD_LAYOUT;
	if (!pjaguar1_txd_checksum_ok(d))
		return VC_TXD_BAD_CHECKSUM;
	uint32_t dw0 = vc_le32(d), dw1 = vc_le32(d + 4), dw3 = vc_le32(d + 12);
	uint32_t dw4 = vc_le32(d + 16), dw5 = vc_le32(d + 20);
	uint32_t dw8 = vc_le32(d + 32);
	size_t pkt = dw0 & 0xFFFF;
	unsigned offset = (dw0 >> 16) & 0xFF;
	size_t pad = ((dw1 >> 24) & 0x1F) * 8u;
	if (offset != PJAGUAR1_TX_DESC || pkt == 0 ||
	    PJAGUAR1_TX_DESC + pad + pkt > rem)
		return VC_TXD_BAD_LAYOUT;
	out->hdr_len = PJAGUAR1_TX_DESC + pad;
	out->pkt_len = pkt;
	if (pkt + 4 > AIR_MAX_FRAME)
		return VC_TXD_BAD_FIELD;
	out->qsel = (dw1 >> 8) & 0x1F;
	int q = vc_wmac_qsel_dma_queue(vc, out->qsel);
	if (q < 0)
		return VC_TXD_BAD_FIELD;
	(void)ep_idx; /* the core checks the endpoint against the queue */
	/* Without USE_RATE the firmware's rate adaptation would choose; the
	 * model sends at the band's lowest mandatory rate. */
	uint8_t code = (dw3 & (1u << 8)) ? (uint8_t)(dw4 & 0x7F)
	                                 : (vc->tuning.band_5g ? 0x04 : 0x00);
	unsigned nss = vc_rate_nss(code);
	if (nss == 0 || nss > pjaguar1_chip(vc)->max_nss)
		return VC_TXD_BAD_FIELD;
	if (vc->tuning.band_5g && code <= 0x03)
		code = 0x04; /* no CCK on 5 GHz: sent at 6 Mbit/s */
	vc_txd_rate_fields(out, code, dw5, dw8);
	return VC_TXD_FRAME;
}
