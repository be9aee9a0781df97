/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RX side of the model core: the thread that listens on the air, the
 * link model (channel, loss, RSSI, noise), the RX FIFO (its size is the
 * chip's) and the bulk IN endpoint that hands out aggregates of 8-byte
 * aligned packets (rtw88 usb.c rtw_usb_rx_handler walks them so). The
 * receive filter, the RX descriptor and the PHY status are the
 * personality's.
 */
#include <errno.h>
#include <string.h>

#include "libdevourer/virtual/vchip_internal.h"

/* splitmix64: small, seedable, good enough for a loss model */
static uint64_t rng_next(struct vchip *vc)
{
	uint64_t z = (vc->rng_state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static double rng_uniform(struct vchip *vc)
{
	return (double)(rng_next(vc) >> 11) * (1.0 / 9007199254740992.0);
}

/* Does a frame sent on [centre +- bw/2] reach a receiver tuned to t? It
 * must lie inside the receiver's channel and cover its primary 20 MHz,
 * where the receiver detects PPDUs. */
static bool hears(const struct vchip_tuning *t, const struct air_frame_hdr *h)
{
	unsigned fc = vc_channel_freq(h->center);
	unsigned oc = vc_channel_freq(t->center);
	unsigned op = vc_channel_freq(t->channel);
	if (!t->channel || !fc || !oc || !op || !h->bw_mhz)
		return false;
	int f_lo = (int)fc - h->bw_mhz / 2, f_hi = (int)fc + h->bw_mhz / 2;
	int o_lo = (int)oc - (int)t->bw_mhz / 2;
	int o_hi = (int)oc + (int)t->bw_mhz / 2;
	return f_lo >= o_lo && f_hi <= o_hi && (int)op > f_lo &&
	       (int)op < f_hi;
}

static void ring_put(struct vchip *vc, const uint8_t *src, size_t n)
{
	size_t wr = (vc->rx_rd + vc->rx_used) % vc->p->rxff_bytes;
	size_t first = vc->p->rxff_bytes - wr < n ? vc->p->rxff_bytes - wr : n;
	memcpy(vc->rxff + wr, src, first);
	memcpy(vc->rxff, src + first, n - first);
	vc->rx_used += n;
}

static void ring_get(struct vchip *vc, uint8_t *dst, size_t n)
{
	size_t room = vc->p->rxff_bytes - vc->rx_rd;
	size_t first = room < n ? room : n;
	if (dst) {
		memcpy(dst, vc->rxff + vc->rx_rd, first);
		memcpy(dst + first, vc->rxff, n - first);
	}
	vc->rx_rd = (vc->rx_rd + n) % vc->p->rxff_bytes;
	vc->rx_used -= n;
}

bool vc_rx_fifo_put(struct vchip *vc, const uint8_t *pkt, size_t len)
{
	if (len == 0 || vc->rx_used + len > vc->p->rxff_bytes ||
	    vc->rx_pkt_count >= VC_RX_MAX_PKTS) {
		vc->stats.rx_fifo_overflow++;
		return false;
	}
	ring_put(vc, pkt, len);
	vc->rx_pkt_len[(vc->rx_pkt_head + vc->rx_pkt_count) % VC_RX_MAX_PKTS] =
		(uint32_t)len;
	vc->rx_pkt_count++;
	pthread_cond_broadcast(&vc->rx_data);
	return true;
}

static void pop_packet(struct vchip *vc, uint8_t *dst)
{
	ring_get(vc, dst, vc->rx_pkt_len[vc->rx_pkt_head]);
	vc->rx_pkt_head = (vc->rx_pkt_head + 1) % VC_RX_MAX_PKTS;
	vc->rx_pkt_count--;
}

/* One frame heard on the air (lock held). */
static void receive(struct vchip *vc, const struct air_frame_hdr *h,
                    uint8_t *f, size_t n)
{
	if (!hears(&vc->tuning, h)) {
		vc->stats.other_channel++;
		return;
	}
	vc->stats.rx_heard++;
	if (!vc->p->rx_ready(vc)) {
		vc->stats.rx_filtered++;
		return;
	}
	bool crc_err = false;
	if (rng_uniform(vc) < vc->cfg.loss) {
		vc->stats.rx_lost++;
		if (!vc->p->rx_keeps_bad_fcs(vc))
			return;
		/* decoded with errors: flip one bit; the FCS check fails */
		uint64_t r = rng_next(vc);
		f[r % n] ^= (uint8_t)(1u << ((r >> 32) % 8));
		crc_err = true;
	}
	if (!vc->p->rx_accept(vc, f, n, crc_err)) {
		vc->stats.rx_filtered++;
		return;
	}
	struct vc_rate rate = {.kind = h->rate_kind,
	                        .legacy_500k = h->legacy_500k,
	                        .mcs = h->mcs,
	                        .nss = h->nss};
	int code = vc_rate_to_code(&rate);
	if (code < 0) {
		vc->stats.rx_filtered++;
		return;
	}
	struct vc_rx_meta m = {
		.air = h,
		.frame = f,
		.len = n,
		.crc_err = crc_err,
		.rate_code = code,
		.tsf_us = h->tx_end_ns > vc->tsf_base_ns
		                  ? (h->tx_end_ns - vc->tsf_base_ns) / 1000
		                  : 0,
		.rssi_dbm = vc->cfg.rssi_dbm,
		.noise_dbm = vc->cfg.noise_dbm,
	};
	uint8_t *p = vc->rx_pkt;
	size_t flen = 0;
	size_t hl = vc->p->rx_encode(vc, &m, p, &flen);
	size_t total = hl + flen;
	if (hl > vc->p->rx_hdr_max || flen > n) {
		vc->stats.rx_fifo_overflow++;
		return;
	}
	memcpy(p + hl, f, flen);
	vc_rx_fifo_put(vc, p, total);
}

static void *rx_thread(void *arg)
{
	struct vchip *vc = arg;
	struct air_frame_hdr h;
	for (;;) {
		pthread_mutex_lock(&vc->lock);
		bool stop = vc->stopping;
		pthread_mutex_unlock(&vc->lock);
		if (stop)
			break;
		int n = air_recv(vc->air, &h, vc->rx_frame, sizeof vc->rx_frame,
		                 50);
		if (n <= 0)
			continue; /* timeout, or a malformed datagram */
		pthread_mutex_lock(&vc->lock);
		if (!vc->unplugged)
			receive(vc, &h, vc->rx_frame, (size_t)n);
		pthread_mutex_unlock(&vc->lock);
	}
	return NULL;
}

int vc_rx_start(struct vchip *vc)
{
	int rc = pthread_create(&vc->rx_thread, NULL, rx_thread, vc);
	if (rc)
		return -rc;
	vc->rx_thread_started = true;
	return 0;
}

int vc_rx_bulk_in(struct vchip *vc, uint8_t *buf, size_t cap,
                  unsigned timeout_ms)
{
	struct timespec dl;
	vc_deadline(&dl, timeout_ms);
	pthread_mutex_lock(&vc->lock);
	while (!vc->unplugged && vc->rx_pkt_count == 0) {
		if (pthread_cond_timedwait(&vc->rx_data, &vc->lock, &dl) ==
		    ETIMEDOUT) {
			pthread_mutex_unlock(&vc->lock);
			return -ETIMEDOUT;
		}
	}
	if (vc->unplugged) {
		pthread_mutex_unlock(&vc->lock);
		return -ENODEV;
	}
	/* RXDMA_AGG_EN (0x10C bit2) lets the chip pack several packets into
	 * one transfer (rtw88 reg.h BIT_RXDMA_AGG_EN); the model sends what
	 * it has at once. */
	bool agg = vc->regs[0x10C] & 0x04;
	size_t off = 0;
	unsigned cnt = 0;
	while (vc->rx_pkt_count) {
		size_t plen = vc->rx_pkt_len[vc->rx_pkt_head];
		size_t start = (off + 7) & ~(size_t)7;
		if (start + plen > cap) {
			if (cnt == 0) {
				/* babble: the packet does not fit the host
				 * buffer and is lost */
				pop_packet(vc, NULL);
				vc->stats.rx_fifo_overflow++;
				pthread_mutex_unlock(&vc->lock);
				return -EOVERFLOW;
			}
			break;
		}
		memset(buf + off, 0, start - off);
		pop_packet(vc, buf + start);
		off = start + plen;
		cnt++;
		if (!agg || cnt == 255)
			break;
	}
	vc->p->rx_agg_count(buf, cnt);
	vc->stats.rx_delivered += cnt;
	pthread_mutex_unlock(&vc->lock);
	return (int)off;
}
