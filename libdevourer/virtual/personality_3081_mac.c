/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The HalMAC-style MAC of the 3081-CPU chips (rtw88 mac.c
 * rtw_mac_init and the queue set-up of these chips): the CR enables and
 * what they let through, the auto-LLT that builds the TX buffer's link
 * list by itself (there is no LLT table to write by hand), the FIFO page
 * counters a queue flush polls, the H2C queue pointers, the LTE-coex
 * indirect port, and the monitor milestone the receive filter reaches.
 */
#include "libdevourer/virtual/personality_3081.h"
#include "libdevourer/virtual/personality_3081_regs.h"

/* ---- CR: what the DMA and the MAC let through ---- */

bool p3081_tx_dma_on(const struct vchip *vc)
{
	const struct p3081_chip *c = p3081_chip_of(vc);
	return vc->mac_on && (vc->regs[P3081_CR] & 0x01) && /* HCI_TXDMA_EN */
	       !(c->tx_stalled && c->tx_stalled(vc));
}

bool p3081_tx_ready(const struct vchip *vc)
{
	/* HCI_TXDMA_EN | TXDMA_EN | MACTXEN and running firmware: without
	 * firmware the model does not transmit (no reference says the chip
	 * sends descriptor-rate frames without it) */
	const struct p3081_chip *c = p3081_chip_of(vc);
	return vc->mac_on && (vc->regs[P3081_CR] & 0x45) == 0x45 &&
	       p3081_of(vc)->fw_running &&
	       (!c->wlan_has_antenna || c->wlan_has_antenna(vc)) &&
	       (!c->tx_front_end || c->tx_front_end(vc));
}

bool p3081_rx_ready(const struct vchip *vc)
{
	const struct p3081_chip *c = p3081_chip_of(vc);
	return vc->mac_on && (vc->regs[P3081_CR] & 0x8A) == 0x8A &&
	       (!c->wlan_has_antenna || c->wlan_has_antenna(vc)) &&
	       (!c->rx_delivers || c->rx_delivers(vc));
}

bool p3081_rx_flushes_empty(const struct vchip *vc)
{
	const struct p3081_chip *c = p3081_chip_of(vc);
	return c->rx_flushes_empty && vc->mac_on &&
	       (vc->regs[P3081_CR] & 0x8A) == 0x8A &&
	       (!c->wlan_has_antenna || c->wlan_has_antenna(vc)) &&
	       c->rx_flushes_empty(vc);
}

void p3081_cr_written(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	bool on = vc->mac_on && (vc->regs[P3081_CR] & 0xC0) == 0xC0;
	if (on && !s->txrx_on)
		vc_milestone(vc, VCHIP_M_TX_ENABLED);
	s->txrx_on = on;
}

/* ---- queues ---- */

/* REG_AUTO_LLT_V1 (0x208 bit 0): the chip builds the link list over the
 * page layout and clears the bit P3081_LLT_NS later (p3081_read8 shows
 * the bit set until then). */
void p3081_tdectrl_written(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	if (!(vc->regs[P3081_TDECTRL] & 0x01))
		return;
	vc->regs[P3081_TDECTRL] &= (uint8_t)~0x01;
	s->llt_done_ns = air_now_ns() + P3081_LLT_NS;
	/* A chip without a MAC register table (rtw88 rtw8822c_mac is
	 * empty) has the page layout as its MAC set-up, and the link list
	 * the chip builds over it (rtw88 mac.c priority_queue_cfg,
	 * BIT_AUTO_INIT_LLT_V1) is the step the chip itself sees. */
	if (!p3081_chip_of(vc)->mac_table_is_llt)
		return;
	if (!s->mac_done)
		vc_milestone(vc, VCHIP_M_MAC_TABLE);
	s->mac_done = true;
}

bool p3081_mac_read(const struct vchip *vc, uint32_t a, uint8_t *out)
{
	if (a == P3081_LTECOEX_CTRL + 3) {
		*out = (uint8_t)(vc->regs[a] | 0x20); /* ready */
		return true;
	}
	if (a >= P3081_FIFOPAGE_INFO_1 + 2 &&
	    a < P3081_FIFOPAGE_INFO_1 + 16 && (a & 3) >= 2) {
		/* available pages: the queue's reserved pages less those its
		 * frames still hold — equal again once the queue drained
		 * (rtw88 mac.c __rtw_mac_flush_prio_queue waits for that) */
		static const int queue_of[4] = {3, 1, 2, 0}; /* H L N E */
		uint32_t base = a & ~3u;
		int q = queue_of[(base - P3081_FIFOPAGE_INFO_1) / 4];
		unsigned rsvd = (unsigned)(vc->regs[base] |
		                           (vc->regs[base + 1] & 0x0F) << 8);
		unsigned held = vc_tx_queue_pages(vc, q);
		unsigned avail = held < rsvd ? rsvd - held : 0;
		*out = (uint8_t)(a & 1 ? avail >> 8 : avail);
		return true;
	}
	if (p3081_in(a, 1, P3081_H2C_PKT_RD, P3081_H2C_PKT_WR + 3)) {
		/* H2C queue read/write pointers: the firmware drains packets
		 * as they arrive, so both sit at the queue head (0x244) —
		 * rtw88 mac.c init_h2c then finds the whole queue free. */
		uint32_t head = vc_reg32(vc, P3081_H2CQ_HEAD) & 0x3FFFF;
		*out = (uint8_t)(head >> (8 * (a & 3)));
		return true;
	}
	return false;
}

/* ---- the LTE-coex port ---- */

/* A command on the LTE-coex port: bit 31 starts an access to the
 * dword at [15:0], bit 30 makes it a write of WDATA, else RDATA takes
 * the register. The access completes at once, so the ready bit (29)
 * always reads 1 (rtw88 util.c ltecoex_read_reg polls it before every
 * command). */
void p3081_ltecoex_ctrl_written(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	uint32_t ctrl = vc_reg32(vc, P3081_LTECOEX_CTRL);
	if (!(ctrl & (1u << 31)))
		return;
	uint32_t off = ctrl & 0xFFFFu;
	if (off >= 4 * (sizeof s->ltecoex / sizeof s->ltecoex[0]))
		return; /* outside the block: no register answers */
	if (ctrl & (1u << 30))
		s->ltecoex[off / 4] = vc_reg32(vc, P3081_LTECOEX_WDATA);
	else
		vc_put_le32(&vc->regs[P3081_LTECOEX_RDATA],
		            s->ltecoex[off / 4]);
}

/* ---- monitor ---- */

/* Monitor: RCR accepts every unicast address (AAP) and the management
 * and control maps pass every subtype (0x6A0 = 0xFFFFFFFF, as rtw88
 * rtw8822c.c rtw8822c_mac_init writes it); on a chip whose RCR bits
 * 11-13 filter beacons, those bits are clear. */
void p3081_rx_filter_written(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	uint32_t rcr = vc_reg32(vc, P3081_RCR);
	bool mon = (rcr & RCR_AAP) &&
	           vc_reg32(vc, P3081_RXFLTMAP0) == 0xFFFFFFFFu &&
	           !(p3081_chip_of(vc)->rcr_11_13_drop_beacons &&
	             (rcr & (RCR_ADF | RCR_ACF | RCR_AMF)));
	if (mon && !s->monitor_on)
		vc_milestone(vc, VCHIP_M_MONITOR);
	s->monitor_on = mon;
}
