/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * TX side of the virtual adapter: the bulk OUT endpoints, the TX
 * descriptor checks the chip applies [8][1.3][1.6], the TX FIFO, and the
 * thread that puts frames on the air paced by their airtime.
 *
 * A transfer is taken when the FIFO has room for it (otherwise the
 * endpoint NAKs until the host gives up); a taken transfer whose
 * descriptor the chip would not transmit is dropped and counted — the
 * host never learns about it, as with the real chip.
 */
#include <errno.h>
#include <string.h>

#include "libdevourer/virtual/vchip_internal.h"

#define R_CR 0x100

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* DMA queue of a QSEL via REG_TXDMA_PQ_MAP [1.3]; -1 if no such queue. */
static int qsel_dma_queue(const struct vchip *vc, unsigned qsel)
{
	uint16_t pq = (uint16_t)(vc->regs[0x10C] | vc->regs[0x10D] << 8);
	unsigned shift;
	switch (qsel) {
	case 0: case 3: shift = 8; break;   /* BE */
	case 1: case 2: shift = 10; break;  /* BK */
	case 4: case 5: shift = 6; break;   /* VI */
	case 6: case 7: shift = 4; break;   /* VO */
	case 0x12: shift = 12; break;       /* MGT */
	case 0x10: case 0x11: case 0x13: shift = 14; break; /* HI/BCN/H2C */
	default: return -1;
	}
	return (pq >> shift) & 3;
}

/* Endpoint index a DMA queue is fed from: HIGH->0, NORMAL->1, LOW->2,
 * EXTRA->3 [1.3]. */
static unsigned dma_queue_ep(int q)
{
	static const unsigned ep[4] = {3, 2, 1, 0}; /* EXTRA LOW NORMAL HIGH */
	return ep[q & 3];
}

static bool tx_dma_ready(const struct vchip *vc)
{
	return vc->mac_on && (vc->regs[R_CR] & 0x01); /* HCI_TXDMA_EN */
}

/* Decode one descriptor at d (rem bytes left in the transfer). Returns
 * the bytes this frame occupies, or 0 when its layout cannot be trusted
 * (the rest of the transfer is then dropped too). */
static size_t take_frame(struct vchip *vc, unsigned ep_idx, const uint8_t *d,
                         size_t rem)
{
	uint16_t x = 0;
	for (unsigned w = 0; w < 16; w++)
		if (w != 14)
			x ^= le16(d + 2 * w);
	if (x != le16(d + 28)) {
		vc->stats.tx_bad_checksum++;
		return 0;
	}
	uint32_t dw0 = vc_le32(d), dw1 = vc_le32(d + 4), dw3 = vc_le32(d + 12);
	uint32_t dw4 = vc_le32(d + 16), dw5 = vc_le32(d + 20);
	uint32_t dw8 = vc_le32(d + 32);
	size_t pkt = dw0 & 0xFFFF;
	unsigned offset = (dw0 >> 16) & 0xFF;
	size_t pad = ((dw1 >> 24) & 0x1F) * 8u;
	if (offset != VC_TX_DESC || pkt == 0 || VC_TX_DESC + pad + pkt > rem) {
		vc->stats.tx_bad_desc++;
		return 0;
	}
	size_t used = VC_TX_DESC + pad + pkt;
	if (pkt + 4 > AIR_MAX_FRAME) {
		vc->stats.tx_bad_desc++;
		return used;
	}
	int q = qsel_dma_queue(vc, (dw1 >> 8) & 0x1F);
	if (q < 0) {
		vc->stats.tx_bad_desc++;
		return used;
	}
	/* DROP_DATA_EN (0x20C bit9): a frame on the wrong endpoint for its
	 * queue is discarded ([1.3], inferred from the name). */
	if ((vc->regs[0x20D] & 0x02) && dma_queue_ep(q) != ep_idx) {
		vc->stats.tx_bad_queue++;
		return used;
	}
	if (!vc_tx_path_ready(vc) || !vc->tuning.channel) {
		vc->stats.tx_not_ready++;
		return used;
	}
	/* Without USE_RATE the firmware's rate adaptation would choose; the
	 * model sends at the band's lowest mandatory rate. */
	uint8_t code = (dw3 & (1u << 8)) ? (uint8_t)(dw4 & 0x7F)
	                                 : (vc->tuning.band_5g ? 0x04 : 0x00);
	unsigned nss = vc_rate_nss(code);
	if (nss == 0 || nss > 2) { /* 8812A: 2 spatial streams [8.3] */
		vc->stats.tx_bad_desc++;
		return used;
	}
	if (vc->tuning.band_5g && code <= 0x03)
		code = 0x04; /* no CCK on 5 GHz: the 8812A falls back [8.1] */
	unsigned bw_code = (dw5 >> 5) & 3;
	unsigned bw = bw_code == 0 ? 20 : bw_code == 1 ? 40 : bw_code == 2 ? 80 : 0;
	if (bw == 0 || bw > vc->tuning.bw_mhz) {
		vc->stats.tx_bad_desc++;
		return used;
	}
	bool sgi = dw5 & (1u << 4);
	struct dvr_rate r;
	vc_rate_from_code(code, &r);
	if (vc_airtime_us(&r, bw, sgi, pkt + 4) == 0) {
		vc->stats.tx_bad_desc++; /* e.g. HT at 80 MHz, VHT MCS9/20 */
		return used;
	}

	struct vc_tx_entry *e = &vc->tx[(vc->tx_head + vc->tx_count) %
	                                 VC_TX_SLOTS];
	memcpy(e->buf, d + VC_TX_DESC + pad, pkt);
	if ((dw8 & (1u << 15)) && pkt >= 24) {
		/* EN_HWSEQ: the MAC numbers the frame itself */
		uint16_t sc = (uint16_t)((e->buf[22] & 0x0F) |
		                         (vc->hw_seq & 0xFFF) << 4);
		vc->hw_seq = (uint16_t)((vc->hw_seq + 1) & 0xFFF);
		e->buf[22] = (uint8_t)sc;
		e->buf[23] = (uint8_t)(sc >> 8);
	}
	e->len = pkt;
	e->pages = (unsigned)((used + VC_TX_PAGE - 1) / VC_TX_PAGE);
	e->rate_code = code;
	e->bw_code = (uint8_t)bw_code;
	e->sgi = sgi;
	e->ldpc = dw5 & (1u << 7);
	e->stbc = (uint8_t)((dw5 >> 8) & 3);
	vc->tx_count++;
	vc->tx_pages_used += e->pages;
	return used;
}

static void take_transfer(struct vchip *vc, unsigned ep_idx,
                          const uint8_t *data, size_t len)
{
	if (len < VC_TX_DESC || len > VC_TX_MAX_XFER) {
		vc->stats.tx_bad_desc++;
		return;
	}
	/* USB_TXAGG_NUM of the first descriptor vs the descriptor number
	 * the driver programmed in 0x208[7:4] (0 means one) [1.6]. */
	unsigned agg = data[31] ? data[31] : 1;
	unsigned agg_max = vc->regs[0x208] >> 4;
	if (!agg_max)
		agg_max = 1;
	if (agg > agg_max) {
		vc->stats.tx_bad_desc++;
		return;
	}
	size_t off = 0;
	for (unsigned i = 0; i < agg; i++) {
		if (off + VC_TX_DESC > len || vc->tx_count >= VC_TX_SLOTS) {
			vc->stats.tx_bad_desc++;
			return;
		}
		size_t used = take_frame(vc, ep_idx, data + off, len - off);
		if (!used)
			return;
		off = (off + used + 7) & ~(size_t)7;
	}
}

int vc_tx_bulk_out(struct vchip *vc, unsigned ep_idx, const uint8_t *data,
                   size_t len, unsigned timeout_ms)
{
	struct timespec dl;
	vc_deadline(&dl, timeout_ms);
	pthread_mutex_lock(&vc->lock);
	if (vc->unplugged) {
		pthread_mutex_unlock(&vc->lock);
		return -ENODEV;
	}
	if (len == 0) { /* zero-length packet ending a transfer */
		pthread_mutex_unlock(&vc->lock);
		return 0;
	}
	/* Room for the whole transfer, one page of slack per frame of an
	 * aggregate; the DMA engine must be on to take anything. */
	unsigned need = (unsigned)((len + VC_TX_PAGE - 1) / VC_TX_PAGE) +
	                (len >= 32 && data[31] ? data[31] : 1u);
	if (need > VC_TX_PAGES)
		need = VC_TX_PAGES;
	while (!vc->unplugged &&
	       (!tx_dma_ready(vc) || vc->tx_pages_used + need > VC_TX_PAGES ||
	        vc->tx_count >= VC_TX_SLOTS)) {
		if (pthread_cond_timedwait(&vc->tx_space, &vc->lock, &dl) ==
		    ETIMEDOUT) {
			vc->stats.tx_naks++;
			pthread_mutex_unlock(&vc->lock);
			return -ETIMEDOUT;
		}
	}
	if (vc->unplugged) {
		pthread_mutex_unlock(&vc->lock);
		return -ENODEV;
	}
	vc->stats.tx_transfers++;
	if (vc->pers)
		vc->pers->tx_transfer(vc, ep_idx, data, len);
	else
		take_transfer(vc, ep_idx, data, len);
	pthread_cond_broadcast(&vc->tx_work);
	pthread_mutex_unlock(&vc->lock);
	return (int)len;
}

static void release_head(struct vchip *vc)
{
	struct vc_tx_entry *e = &vc->tx[vc->tx_head];
	vc->tx_pages_used -= e->pages;
	vc->tx_head = (vc->tx_head + 1) % VC_TX_SLOTS;
	vc->tx_count--;
	pthread_cond_broadcast(&vc->tx_space);
}

/* Centre channel of a frame narrower than the tuned channel: the 20 MHz
 * primary, or the 40 MHz half of an 80 MHz channel holding the primary. */
static unsigned frame_center(const struct vchip_tuning *t, unsigned bw)
{
	if (bw >= t->bw_mhz)
		return t->center;
	if (bw == 20)
		return t->channel;
	return t->channel < t->center ? t->center - 4 : t->center + 4;
}

static void *tx_thread(void *arg)
{
	struct vchip *vc = arg;
	pthread_mutex_lock(&vc->lock);
	while (!vc->stopping) {
		if (vc->unplugged || vc->tx_count == 0) {
			pthread_cond_wait(&vc->tx_work, &vc->lock);
			continue;
		}
		struct vc_tx_entry *e = &vc->tx[vc->tx_head];
		if (!vc_tx_path_ready(vc) || !vc->tuning.channel) {
			vc->stats.tx_not_ready++; /* MAC went down meanwhile */
			release_head(vc);
			continue;
		}
		struct dvr_rate r;
		vc_rate_from_code(e->rate_code, &r);
		unsigned bw = 20u << e->bw_code;
		uint32_t airtime = vc_airtime_us(&r, bw, e->sgi, e->len + 4);
		struct air_frame_hdr h = {
			.magic = AIR_MAGIC,
			.version = AIR_VERSION,
			.len = (uint16_t)(e->len + 4),
			.channel = (uint16_t)vc->tuning.channel,
			.center = (uint16_t)frame_center(&vc->tuning, bw),
			.bw_mhz = (uint16_t)bw,
			.rate_kind = r.kind,
			.legacy_500k = r.legacy_500k,
			.mcs = r.mcs,
			.nss = r.nss,
			.short_gi = e->sgi,
			.ldpc = e->ldpc,
			.stbc = e->stbc,
			.tx_power_dbm = 0, /* TX power is not modelled */
			.airtime_us = airtime,
		};
		uint64_t start;
		if (vc->air) {
			pthread_mutex_unlock(&vc->lock);
			start = air_reserve(vc->air, h.channel, airtime);
			pthread_mutex_lock(&vc->lock);
		} else {
			uint64_t now = air_now_ns();
			start = vc->local_busy_until > now ? vc->local_busy_until
			                                   : now;
			vc->local_busy_until = start + (uint64_t)airtime * 1000;
		}
		uint64_t end = start + (uint64_t)airtime * 1000;
		/* The frame is on the air until its slot ends. */
		struct timespec ts;
		vc_ns_to_ts(end, &ts);
		while (!vc->stopping && air_now_ns() < end)
			pthread_cond_timedwait(&vc->tx_work, &vc->lock, &ts);
		if (vc->stopping)
			break;
		uint32_t fcs = vc_crc32(e->buf, e->len);
		vc_put_le32(e->buf + e->len, fcs);
		h.tx_end_ns = end;
		if (vc->air && !vc->unplugged) {
			/* the slot stays ours: no other thread touches it */
			pthread_mutex_unlock(&vc->lock);
			air_send(vc->air, &h, e->buf);
			pthread_mutex_lock(&vc->lock);
		}
		vc->stats.tx_aired++;
		vc->stats.tx_airtime_us += airtime;
		release_head(vc);
	}
	pthread_mutex_unlock(&vc->lock);
	return NULL;
}

int vc_tx_start(struct vchip *vc)
{
	int rc = pthread_create(&vc->tx_thread, NULL, tx_thread, vc);
	if (rc)
		return -rc;
	vc->tx_thread_started = true;
	return 0;
}
