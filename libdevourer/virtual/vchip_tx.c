/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * TX side of the model core: the bulk OUT endpoints, the checks every
 * frame passes after the personality decoded its descriptor (queue vs
 * endpoint, MAC ready, bandwidth vs channel, a rate the PHY can send),
 * the TX FIFO, and the thread that puts frames on the air paced by their
 * airtime.
 *
 * Pacing follows the chip's clock, not the thread's wake-ups: a frame's
 * airtime starts when it is in the FIFO and the medium is free — at the
 * end of the previous frame in a burst — on an absolute schedule. A
 * thread the host wakes late sends what was due meanwhile at once and is
 * back on schedule; the delay never adds up across frames.
 *
 * A transfer is taken when the FIFO has room for it (otherwise the
 * endpoint NAKs until the host gives up); a taken transfer whose
 * descriptor the chip would not transmit is dropped and counted — the
 * host never learns about it, as with the real chip.
 */
#include <errno.h>
#include <string.h>

#include "libdevourer/virtual/vchip_internal.h"

/* Take one frame at d (rem bytes left in the transfer) into the FIFO.
 * Returns the bytes it occupies, or 0 when the rest of the transfer
 * cannot be trusted. */
static size_t take_frame(struct vchip *vc, unsigned ep_idx, const uint8_t *d,
                         size_t rem)
{
	struct vc_tx_frame f = {0};
	enum vc_tx_verdict v = vc->p->tx_decode(vc, ep_idx, d, rem, &f);
	size_t used = f.hdr_len + f.pkt_len;
	switch (v) {
	case VC_TXD_BAD_CHECKSUM:
		vc->stats.tx_bad_checksum++;
		return 0;
	case VC_TXD_BAD_LAYOUT:
		vc->stats.tx_bad_desc++;
		return 0;
	case VC_TXD_BAD_FIELD:
		vc->stats.tx_bad_desc++;
		return used <= rem ? used : 0;
	case VC_TXD_CONSUMED:
		return used <= rem ? used : 0;
	case VC_TXD_FRAME:
		break;
	}
	if (used > rem || f.pkt_len == 0 || f.pkt_len + 4 > AIR_MAX_FRAME) {
		vc->stats.tx_bad_desc++;
		return 0;
	}
	/* DROP_DATA_EN (0x20C bit 9): a frame on the wrong endpoint for its
	 * queue is discarded (rtw88 usb.c rtw_usb_init_burst_pkt_len sets
	 * it; the name says what it does). */
	int q = vc_wmac_qsel_dma_queue(vc, f.qsel);
	if ((vc->regs[0x20D] & 0x02) && q >= 0 &&
	    vc_wmac_dma_queue_ep(q) != ep_idx) {
		vc->stats.tx_bad_queue++;
		return used;
	}
	if (!vc->p->tx_ready(vc) || !vc->tuning.channel) {
		vc->stats.tx_not_ready++;
		return used;
	}
	unsigned bw = f.bw_code == 0 ? 20 : f.bw_code == 1 ? 40
	            : f.bw_code == 2 ? 80 : 0;
	/* a baseband on a divided clock still runs its 20 MHz mode */
	unsigned bb_bw = vc->tuning.bw_mhz < 20 ? 20 : vc->tuning.bw_mhz;
	if (bw == 0 || bw > bb_bw) {
		vc->stats.tx_bad_desc++;
		return used;
	}
	struct vc_rate r;
	if (!vc_rate_from_code(f.rate_code, &r) ||
	    vc_airtime_us(&r, vc_air_bw(&vc->tuning, bw), f.sgi,
	                  f.pkt_len + 4) == 0) {
		vc->stats.tx_bad_desc++; /* e.g. HT at 80 MHz, VHT MCS9/20 */
		return used;
	}

	struct vc_tx_entry *e = &vc->tx[(vc->tx_head + vc->tx_count) %
	                                 VC_TX_SLOTS];
	memcpy(e->buf, d + f.hdr_len, f.pkt_len);
	if (f.hw_seq && f.pkt_len >= 24) {
		/* the MAC numbers the frame itself */
		uint16_t sc = (uint16_t)((e->buf[22] & 0x0F) |
		                         (vc->hw_seq & 0xFFF) << 4);
		vc->hw_seq = (uint16_t)((vc->hw_seq + 1) & 0xFFF);
		e->buf[22] = (uint8_t)sc;
		e->buf[23] = (uint8_t)(sc >> 8);
	}
	e->len = f.pkt_len;
	e->pages = (unsigned)((used + vc->p->tx_page - 1) / vc->p->tx_page);
	e->dma_q = q;
	e->rate_code = f.rate_code;
	e->bw_code = f.bw_code;
	e->sgi = f.sgi;
	e->ldpc = f.ldpc;
	e->stbc = f.stbc;
	e->queued_ns = air_now_ns();
	vc->tx_count++;
	vc->tx_pages_used += e->pages;
	return used;
}

static void take_transfer(struct vchip *vc, unsigned ep_idx,
                          const uint8_t *data, size_t len)
{
	if (len < 32 || len > vc->p->tx_max_xfer) {
		vc->stats.tx_bad_desc++;
		return;
	}
	unsigned agg, agg_max;
	vc->p->tx_agg(vc, data, len, &agg, &agg_max);
	/* A count past the chip's setting is the model's refusal, not a
	 * check the references say the silicon makes: OpenIPC devourer saw
	 * an 8822BU's TX DMA misparse such a transfer (its first block
	 * aired again and again). The model drops the transfer and counts
	 * it, so a driver that oversteps is seen rather than half-aired. */
	if (agg > agg_max) {
		vc->stats.tx_bad_desc++;
		return;
	}
	size_t off = 0;
	for (unsigned i = 0; i < agg; i++) {
		if (off + 32 > len || vc->tx_count >= VC_TX_SLOTS) {
			vc->stats.tx_bad_desc++;
			return;
		}
		size_t used = take_frame(vc, ep_idx, data + off, len - off);
		if (!used)
			return;
		/* An aggregate once its head descriptor was good. */
		if (i == 0 && agg > 1)
			vc->stats.tx_agg_transfers++;
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
	 * aggregate, and a slot for each of its frames: taken with fewer,
	 * the frames past the last slot would be dropped as if the chip had
	 * refused them (short frames run out of slots before pages). The
	 * DMA engine must be on to take anything. */
	unsigned agg, agg_max;
	vc->p->tx_agg(vc, data, len, &agg, &agg_max);
	size_t page = vc->p->tx_page;
	unsigned pages = vc->p->tx_pages;
	unsigned need = (unsigned)((len + page - 1) / page) + agg;
	if (need > pages)
		need = pages;
	unsigned slots = agg == 0 ? 1 : agg > VC_TX_SLOTS ? VC_TX_SLOTS : agg;
	while (!vc->unplugged &&
	       (!vc->p->tx_dma_on(vc) || vc->tx_pages_used + need > pages ||
	        vc->tx_count + slots > VC_TX_SLOTS)) {
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
	take_transfer(vc, ep_idx, data, len);
	pthread_cond_broadcast(&vc->tx_work);
	pthread_mutex_unlock(&vc->lock);
	return (int)len;
}

unsigned vc_tx_queue_pages(const struct vchip *vc, int q)
{
	unsigned pages = 0;
	for (unsigned i = 0; i < vc->tx_count; i++) {
		const struct vc_tx_entry *e = &vc->tx[(vc->tx_head + i) %
		                                      VC_TX_SLOTS];
		if (e->dma_q == q)
			pages += e->pages;
	}
	return pages;
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
		if (!vc->p->tx_ready(vc) || !vc->tuning.channel) {
			vc->stats.tx_not_ready++; /* MAC went down meanwhile */
			release_head(vc);
			continue;
		}
		struct vc_rate r;
		vc_rate_from_code(e->rate_code, &r);
		unsigned bw = vc_air_bw(&vc->tuning, 20u << e->bw_code);
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
			.airtime_us = airtime,
		};
		/* the radio as it is set now: power, quality, energy only */
		if (vc->p->tx_radio)
			vc->p->tx_radio(vc, &h);
		/* Due when it entered the FIFO, not before this chip's
		 * previous frame ended. */
		uint64_t due = e->queued_ns > vc->tx_sched_end ? e->queued_ns
		                                                : vc->tx_sched_end;
		uint64_t start;
		if (vc->air && !vc_wmac_tx_defers(vc)) {
			/* carrier sense off: on the air when due */
			start = due;
			pthread_mutex_unlock(&vc->lock);
			air_occupy(vc->air, h.channel, start, airtime);
			pthread_mutex_lock(&vc->lock);
		} else if (vc->air) {
			pthread_mutex_unlock(&vc->lock);
			start = air_reserve(vc->air, h.channel, due, airtime);
			pthread_mutex_lock(&vc->lock);
			if (start > due)
				vc->stats.tx_deferred++;
		} else {
			start = vc->local_busy_until > due ? vc->local_busy_until
			                                   : due;
			vc->local_busy_until = start + (uint64_t)airtime * 1000;
		}
		uint64_t end = start + (uint64_t)airtime * 1000;
		vc->tx_sched_end = end;
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
