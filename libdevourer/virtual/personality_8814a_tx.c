/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8814A's TX side: its 40-byte Jaguar1 TX descriptor read by a
 * HalMAC-style TX DMA (the beacon queue fills the reserved page for the
 * firmware download, the H2C queue feeds the firmware, as on the other
 * 3081-CPU chips), the FIFO pages a normal queue needs, and the power a
 * frame leaves the antennas with.
 *
 * Descriptor (rtw88 tx.h RTW_TX_DESC_W*, rtw8814a.c
 * rtw8814a_fill_txdesc_checksum; vendor rtl8814a_xmit.h
 * SET_TX_DESC_*_8814A): checksum over the first 32 bytes, PKT_SIZE
 * [15:0] and OFFSET [23:16] = 40 in dword 0, QSEL dword 1 [12:8] and
 * PKT_OFFSET [28:24] (8-byte units), USE_RATE dword 3 bit 8, rate dword
 * 4 [6:0], bandwidth/SGI/STBC/LDPC dword 5 and EN_HWSEQ dword 8 as on
 * the other generations. Dword 0 bit 31 is DISQSELSEQ here, not OWN: the
 * model reads neither.
 *
 * FIFO pages (rtw88 mac.c __priority_queue_cfg): the TX DMA stores a
 * frame of a normal queue in the link list the automatic LLT built
 * (0x208 bit 0) over the pages of its queue (0x230/0x234/0x238/0x23C
 * [11:0] for HIGH/LOW/NORMAL/EXTRA) or the public ones (0x240 [11:0]).
 * With neither, the frame has nowhere to land and the DMA hangs on it:
 * the bulk OUT endpoints NAK from then on until the MAC is powered off
 * (OpenIPC devourer src/jaguar1/HalModule.cpp rtl8812au_hal_init: "MGT
 * frames submitted via bulk OUT have nowhere to land and the chip never
 * drains the EP").
 *
 * CCK on 5 GHz: the chip takes the transfer and sends nothing (OpenIPC
 * devourer src/jaguar1/RtlJaguarDevice.cpp build_tx_block: "the bulk-OUT
 * completes but nothing goes on-air"); the model counts it in
 * tx_phy_dropped.
 */
#include <math.h>

#include "libdevourer/virtual/personality_3081_regs.h"
#include "libdevourer/virtual/personality_8814a.h"
#include "libdevourer/virtual/personality_jaguar1.h"

#define QSEL_BEACON 0x10
#define QSEL_H2C 0x13

/* TX power: 0.5 dB per index step (Jaguar1 TX AGC, rtw88 main.h
 * txgi_factor 1 for the 8814A: one index step is the half-dB unit of
 * the power tables), index 40 = AIR_REF_TX_DBM a chain — the model's
 * anchor: no reference gives the absolute output power. */
#define REF_INDEX 40

/* ---- the auto-LLT ---- */

/* 0x208 written: the layer started the auto-LLT when bit 0 was set
 * (p3081_tdectrl_written: its end time in llt_done_ns). */
void p8814a_tdectrl_written(struct vchip *vc)
{
	struct p8814a_state *s = p8814a_of(vc);
	if (s->base.llt_done_ns != s->llt_seen_ns) {
		s->llt_seen_ns = s->base.llt_done_ns;
		s->llt_ready_ns = s->base.llt_done_ns;
	}
}

bool p8814a_tx_stalled(const struct vchip *vc)
{
	return p8814a_of(vc)->tx_stalled;
}

/* Pages DMA queue @p q (3 HIGH, 2 NORMAL, 1 LOW, 0 EXTRA) may fill. */
static unsigned queue_pages(const struct vchip *vc, int q)
{
	static const uint16_t reg_of[4] = {0x023C, 0x0234, 0x0238, 0x0230};
	uint16_t r = reg_of[q & 3];
	unsigned own = (unsigned)(vc->regs[r] | (vc->regs[r + 1] & 0x0F) << 8);
	unsigned pub = (unsigned)(vc->regs[0x240] |
	                          (vc->regs[0x241] & 0x0F) << 8);
	return own + pub;
}

static bool llt_ready(const struct vchip *vc)
{
	uint64_t t = p8814a_of(vc)->llt_ready_ns;
	return t && air_now_ns() >= t;
}

/* ---- the descriptor ---- */

enum vc_tx_verdict p8814a_tx_decode(struct vchip *vc, unsigned ep_idx,
                                    const uint8_t *d, size_t rem,
                                    struct vc_tx_frame *out)
{
	(void)ep_idx; /* the core checks the endpoint against the queue */
	if (rem < P8814A_TX_DESC)
		return VC_TXD_BAD_LAYOUT;
	if (!pjaguar1_txd_checksum_ok(d))
		return VC_TXD_BAD_CHECKSUM;
	uint32_t dw0 = vc_le32(d), dw1 = vc_le32(d + 4), dw3 = vc_le32(d + 12);
	uint32_t dw4 = vc_le32(d + 16), dw5 = vc_le32(d + 20);
	uint32_t dw8 = vc_le32(d + 32);
	size_t pkt = dw0 & 0xFFFF;
	unsigned offset = (dw0 >> 16) & 0xFF;
	size_t pad = ((dw1 >> 24) & 0x1F) * 8u;
	out->qsel = (dw1 >> 8) & 0x1F;
	/* an H2C packet follows its descriptor whatever OFFSET says, as on
	 * the other 3081 chips (rtw88 usb.c rtw_usb_write_data_h2c) */
	if (out->qsel == QSEL_H2C)
		offset = P8814A_TX_DESC;
	if (offset != P8814A_TX_DESC || pkt == 0 ||
	    P8814A_TX_DESC + pad + pkt > rem)
		return VC_TXD_BAD_LAYOUT;
	out->hdr_len = P8814A_TX_DESC + pad;
	out->pkt_len = pkt;
	int q = vc_wmac_qsel_dma_queue(vc, out->qsel);
	if (q < 0)
		return VC_TXD_BAD_FIELD;
	if (out->qsel == QSEL_BEACON) {
		/* ENSWBCN (0x101 bit 0): into the reserved page */
		if (vc->regs[P3081_CR + 1] & 0x01)
			p3081_fw_beacon_page(vc, d, out->hdr_len + pkt);
		else
			vc->stats.tx_not_ready++;
		return VC_TXD_CONSUMED;
	}
	if (out->qsel == QSEL_H2C) {
		p3081_fw_h2c_packet(vc, d + out->hdr_len, pkt);
		return VC_TXD_CONSUMED;
	}
	if (pkt + 4 > AIR_MAX_FRAME)
		return VC_TXD_BAD_FIELD;
	if (!llt_ready(vc) || queue_pages(vc, q) == 0) {
		p8814a_of(vc)->tx_stalled = true;
		vc->stats.tx_not_ready++;
		return VC_TXD_CONSUMED;
	}
	/* Without USE_RATE the firmware's rate adaptation picks; the model
	 * sends at the band's lowest mandatory rate. */
	uint8_t code = (dw3 & (1u << 8)) ? (uint8_t)(dw4 & 0x7F)
	                                 : (vc->tuning.band_5g ? 0x04 : 0x00);
	unsigned nss = vc_rate_nss(code);
	if (nss == 0 || nss > p3081_chip_of(vc)->tx_nss)
		return VC_TXD_BAD_FIELD;
	vc_txd_rate_fields(out, code, dw5, dw8);
	if (code <= 0x03 && vc->tuning.band_5g && p3081_tx_ready(vc)) {
		vc->stats.tx_phy_dropped++;
		return VC_TXD_CONSUMED;
	}
	return VC_TXD_FRAME;
}

/* ---- the power on the air ---- */

/* dBm of one chain at TX power index @p idx */
static double chain_dbm(unsigned idx)
{
	return AIR_REF_TX_DBM + ((double)idx - REF_INDEX) / 2.0;
}

/* The frame's power: the chains its rate goes out on, each at the index
 * 0x1998 set for that path and rate, added in milliwatts. CCK leaves on
 * the paths of 0xA04 [31:28] (bit 3 A .. bit 0 D; rtw88 rtw8814a.c
 * rtw8814a_config_trx_path sets 4, path B alone); n spatial streams on
 * the first n paths — the model's choice: which paths the BB's OFDM path
 * registers (the BB table's 0x80C / 0x808 rows) put a stream on no
 * reference spells out, so a one-stream frame leaves on path A alone. */
void p8814a_tx_radio(struct vchip *vc, struct air_frame_hdr *h)
{
	const struct p8814a_state *s = p8814a_of(vc);
	struct vc_rate r = {.kind = h->rate_kind,
	                    .legacy_500k = h->legacy_500k,
	                    .mcs = h->mcs,
	                    .nss = h->nss};
	int code = vc_rate_to_code(&r);
	if (code < 0 || code >= (int)P8814A_RATE_CODES)
		return;
	unsigned mask;
	if (p3081_is_cck(h)) {
		unsigned f = vc->regs[P8814A_CCK_PATH + 3] >> 4;
		mask = (f & 8 ? 1u : 0) | (f & 4 ? 2u : 0) | (f & 2 ? 4u : 0) |
		       (f & 1 ? 8u : 0);
	} else {
		unsigned n = h->nss ? h->nss : 1;
		mask = (1u << n) - 1;
	}
	double mw = 0;
	for (unsigned p = 0; p < P8814A_RF_PATHS; p++)
		if ((mask & (1u << p)) && p8814a_rf_on(vc, p))
			mw += pow(10.0, chain_dbm(s->txagc[p][code]) / 10.0);
	if (mw <= 0.0) {
		h->flags |= AIR_F_ENERGY_ONLY; /* no chain sends */
		return;
	}
	long dbm = lround(10.0 * log10(mw));
	h->tx_power_dbm = (int8_t)(dbm < -40 ? -40 : dbm > 40 ? 40 : dbm);
	h->flags |= AIR_F_TX_POWER;
}
