/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RX side of the virtual adapter: the thread that listens on the air, the
 * link model (channel, loss, RSSI, noise), the MAC receive filter (RCR and
 * the subtype maps) [6], the RX FIFO (16 KiB as on the chip [1.4]) and the
 * bulk IN endpoint that hands out aggregates laid out as the chip lays
 * them out [9.1]-[9.3].
 */
#include <errno.h>
#include <string.h>

#include "libdevourer/virtual/vchip_internal.h"

#define RCR_AAP (1u << 0)
#define RCR_APM (1u << 1)
#define RCR_AM (1u << 2)
#define RCR_AB (1u << 3)
#define RCR_ACRC32 (1u << 8)
#define RCR_ADF (1u << 11)
#define RCR_ACF (1u << 12)
#define RCR_AMF (1u << 13)
#define RCR_APP_PHYSTS (1u << 28)
#define RCR_APP_FCS (1u << 31)

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

static bool mac_accepts(const struct vchip *vc, uint32_t rcr,
                        const uint8_t *f, size_t n)
{
	if (n < 10 + 4) /* frame control, duration, A1, FCS */
		return false;
	unsigned type = (f[0] >> 2) & 3, subtype = f[0] >> 4;
	static const uint32_t type_bit[3] = {RCR_AMF, RCR_ACF, RCR_ADF};
	if (type == 3 || !(rcr & type_bit[type]))
		return false;
	uint16_t map = (uint16_t)(vc->regs[0x6A0 + 2 * type] |
	                          vc->regs[0x6A1 + 2 * type] << 8);
	if (!(map & (1u << subtype)))
		return false;
	const uint8_t *a1 = f + 4;
	if (a1[0] & 1) {
		static const uint8_t bc[6] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		                              0xFF};
		return memcmp(a1, bc, 6) == 0 ? (rcr & RCR_AB) : (rcr & RCR_AM);
	}
	if (rcr & RCR_AAP)
		return true;
	return (rcr & RCR_APM) && memcmp(a1, &vc->regs[0x610], 6) == 0;
}

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* 32-byte Jaguar1 PHY status [9.3]. */
static void phy_status(const struct vchip *vc, const struct air_frame_hdr *h,
                       uint8_t *p)
{
	int rssi = vc->cfg.rssi_dbm, snr = rssi - vc->cfg.noise_dbm;
	snr = clamp(snr, 0, 63);
	uint8_t gain = (uint8_t)clamp(rssi + 110, 0, 127);
	memset(p, 0, VC_RX_PHYST);
	p[0] = gain; /* (gain & 0x7F) - 110 = RSSI, path A */
	p[1] = gain; /* path B */
	const struct vchip_tuning *t = &vc->tuning;
	unsigned bwc = t->bw_mhz == 80 ? 2 : t->bw_mhz == 40 ? 1 : 0;
	p[2] = (uint8_t)t->center;
	p[3] = (uint8_t)(((t->center >> 8) & 3) | (vc->primary_sc & 0xF) << 2 |
	                 bwc << 6);
	bool cck = h->rate_kind == DVR_RATE_LEGACY &&
	           (h->legacy_500k == 2 || h->legacy_500k == 4 ||
	            h->legacy_500k == 11 || h->legacy_500k == 22);
	if (cck) {
		p[4] = (uint8_t)clamp(snr * 100 / 63, 0, 100); /* quality */
		p[5] = (uint8_t)vc->cck_agc_byte;
	} else {
		p[4] = (uint8_t)(gain << 1); /* PWDB_ALL */
	}
	int8_t evm = (int8_t)clamp(-2 * snr, -127, 0); /* 0.5 dB units */
	p[13] = (uint8_t)evm;
	p[14] = h->nss >= 2 ? (uint8_t)evm : 0;
	p[15] = (uint8_t)(snr * 2); /* SNR path A, 0.5 dB units */
	p[16] = (uint8_t)(snr * 2);
	p[25] = (uint8_t)evm; /* signal-field EVM (legacy OFDM) */
}

static void ring_put(struct vchip *vc, const uint8_t *src, size_t n)
{
	size_t wr = (vc->rx_rd + vc->rx_used) % VC_RXFF_BYTES;
	size_t first = VC_RXFF_BYTES - wr < n ? VC_RXFF_BYTES - wr : n;
	memcpy(vc->rxff + wr, src, first);
	memcpy(vc->rxff, src + first, n - first);
	vc->rx_used += n;
}

static void ring_get(struct vchip *vc, uint8_t *dst, size_t n)
{
	size_t first = VC_RXFF_BYTES - vc->rx_rd < n ? VC_RXFF_BYTES - vc->rx_rd
	                                             : n;
	if (dst) {
		memcpy(dst, vc->rxff + vc->rx_rd, first);
		memcpy(dst + first, vc->rxff, n - first);
	}
	vc->rx_rd = (vc->rx_rd + n) % VC_RXFF_BYTES;
	vc->rx_used -= n;
}

static void pop_packet(struct vchip *vc, uint8_t *dst)
{
	ring_get(vc, dst, vc->rx_pkt_len[vc->rx_pkt_head]);
	vc->rx_pkt_head = (vc->rx_pkt_head + 1) % VC_RX_MAX_PKTS;
	vc->rx_pkt_count--;
}

bool vc_rx_push(struct vchip *vc, const uint8_t *pkt, size_t total)
{
	if (vc->rx_used + total > VC_RXFF_BYTES ||
	    vc->rx_pkt_count >= VC_RX_MAX_PKTS) {
		vc->stats.rx_fifo_overflow++;
		return false;
	}
	ring_put(vc, pkt, total);
	vc->rx_pkt_len[(vc->rx_pkt_head + vc->rx_pkt_count) % VC_RX_MAX_PKTS] =
		(uint32_t)total;
	vc->rx_pkt_count++;
	pthread_cond_broadcast(&vc->rx_data);
	return true;
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
	if (!vc_rx_path_ready(vc)) {
		vc->stats.rx_filtered++;
		return;
	}
	uint32_t rcr = vc_reg32(vc, 0x608);
	bool crc_err = false;
	if (rng_uniform(vc) < vc->cfg.loss) {
		vc->stats.rx_lost++;
		if (!(rcr & RCR_ACRC32))
			return;
		/* decoded with errors: flip one bit; the FCS check fails */
		uint64_t r = rng_next(vc);
		f[r % n] ^= (uint8_t)(1u << ((r >> 32) % 8));
		crc_err = true;
	}
	if (vc->pers && vc->pers->rx_accepts ? !vc->pers->rx_accepts(vc, f, n)
	                                     : !mac_accepts(vc, rcr, f, n)) {
		vc->stats.rx_filtered++;
		return;
	}
	struct dvr_rate rate = {.kind = h->rate_kind,
	                        .legacy_500k = h->legacy_500k,
	                        .mcs = h->mcs,
	                        .nss = h->nss};
	int code = vc_rate_to_code(&rate);
	if (code < 0) {
		vc->stats.rx_filtered++;
		return;
	}
	size_t flen = (rcr & RCR_APP_FCS) ? n : n - 4;
	if (vc->pers) {
		/* the chip's own descriptor and PHY-status layout */
		size_t total = vc->pers->rx_encode(vc, h, f, flen, crc_err,
		                                   code, vc->rx_pkt);
		if (total)
			vc_rx_push(vc, vc->rx_pkt, total);
		return;
	}
	unsigned drv_units = vc->regs[0x60F] & 0x0F;
	bool physt = (rcr & RCR_APP_PHYSTS) && drv_units;
	size_t drv = physt ? drv_units * 8u : 0;
	size_t total = VC_RX_DESC + drv + flen;
	if (vc->rx_used + total > VC_RXFF_BYTES ||
	    vc->rx_pkt_count >= VC_RX_MAX_PKTS) {
		vc->stats.rx_fifo_overflow++;
		return;
	}
	uint8_t *p = vc->rx_pkt;
	memset(p, 0, VC_RX_DESC + drv);
	unsigned type = (f[0] >> 2) & 3;
	bool group = f[4] & 1;
	bool bcast = group && f[4] == 0xFF && f[5] == 0xFF && f[6] == 0xFF &&
	             f[7] == 0xFF && f[8] == 0xFF && f[9] == 0xFF;
	uint32_t dw0 = (uint32_t)(flen & 0x3FFF) | (crc_err ? 1u << 14 : 0) |
	               (uint32_t)(drv / 8) << 16 | (physt ? 1u << 26 : 0) |
	               1u << 28 | 1u << 29;
	uint32_t dw1 = type << 28 | (group && !bcast ? 1u << 30 : 0) |
	               (bcast ? 1u << 31 : 0);
	uint32_t dw2 = 0;
	if (n >= 24 + 4 && type != 1) {
		uint16_t sc = (uint16_t)(f[22] | f[23] << 8);
		dw2 = (uint32_t)(sc >> 4) | (uint32_t)(sc & 0xF) << 12;
	}
	unsigned bwc = h->bw_mhz == 80 ? 2 : h->bw_mhz == 40 ? 1 : 0;
	uint32_t dw4 = (h->short_gi ? 1u : 0) | (h->ldpc ? 2u : 0) |
	               (h->stbc ? 4u : 0) | bwc << 4;
	uint64_t at = h->tx_end_ns > vc->tsf_base_ns
	                      ? (h->tx_end_ns - vc->tsf_base_ns) / 1000
	                      : 0;
	vc_put_le32(p, dw0);
	vc_put_le32(p + 4, dw1);
	vc_put_le32(p + 8, dw2);
	vc_put_le32(p + 12, (uint32_t)code & 0x7F);
	vc_put_le32(p + 16, dw4);
	vc_put_le32(p + 20, (uint32_t)at);
	if (physt)
		phy_status(vc, h, p + VC_RX_DESC);
	memcpy(p + VC_RX_DESC + drv, f, flen);
	ring_put(vc, p, total);
	vc->rx_pkt_len[(vc->rx_pkt_head + vc->rx_pkt_count) % VC_RX_MAX_PKTS] =
		(uint32_t)total;
	vc->rx_pkt_count++;
	pthread_cond_broadcast(&vc->rx_data);
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
	 * one transfer [1.4]; the model sends what it has at once. */
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
	buf[14] = (uint8_t)cnt; /* USB_AGG_PKTNUM, first descriptor dw3 */
	vc->stats.rx_delivered += cnt;
	pthread_mutex_unlock(&vc->lock);
	return (int)off;
}
