/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RX side of the model core: reception from the air, the link model
 * (channel, loss, RSSI, noise, jammers), the MAC's packet length limit, the RX
 * FIFO (its size is the chip's) and the RX DMA that moves packets from it
 * into the bulk IN transfers the host queued, as aggregates of 8-byte
 * aligned packets (rtw88 usb.c rtw_usb_rx_handler walks them so). The
 * receive filter, the RX descriptor and the PHY status are the
 * personality's.
 *
 * Like the silicon, reception needs no host thread: a frame from a sender
 * in this process is received on the sender's thread as it leaves the
 * air, goes into the FIFO and, when the host has a bulk IN transfer
 * queued, straight on into it. The host's threads only decide when it
 * reaps completed transfers. The FIFO overflows exactly when the chip's
 * would: full, with no transfer queued to drain it. The aggregation
 * timeout runs on the model's own timer thread too, so a host thread
 * waiting for a transfer is woken once, when the transfer completes.
 */
#include <errno.h>
#include <math.h>
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
 * where the receiver detects PPDUs. A 5/10 MHz receiver's RF is still
 * tuned and filtered at 20 MHz (OpenIPC devourer docs/narrowband.md):
 * it takes in the 20 MHz channel, whatever its baseband then decodes. */
static bool hears(const struct vchip_tuning *t, const struct air_frame_hdr *h)
{
	unsigned fc = vc_channel_freq(h->center);
	unsigned oc = vc_channel_freq(t->center);
	unsigned op = vc_channel_freq(t->channel);
	if (!t->channel || !fc || !oc || !op || !h->bw_mhz)
		return false;
	int rf_bw = t->bw_mhz < 20 ? 20 : (int)t->bw_mhz;
	int f_lo = (int)fc - h->bw_mhz / 2, f_hi = (int)fc + h->bw_mhz / 2;
	int o_lo = (int)oc - rf_bw / 2;
	int o_hi = (int)oc + rf_bw / 2;
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

static void rx_dma(struct vchip *vc);
static void *rx_agg_main(void *arg);

/* After the RX DMA ran (lock held): packets left in the FIFO mean every
 * transfer the host queued is complete and waits to be reaped. The
 * silicon loses nothing then until its FIFO is full; how long the host
 * stays away is what decides it, so the model keeps the longest such
 * wait (a host thread kept off the CPU shows here, not as a mystery
 * overflow). Only once the host queues transfers: a synchronous reader
 * leaves packets waiting by design. */
static void note_starved(struct vchip *vc)
{
	bool starved = vc->rx_host_queues && vc->rx_pkt_count &&
	               vc->rx_xfer_done == vc->rx_xfer_count;
	if (starved && !vc->rx_starved_since) {
		vc->rx_starved_since = air_now_ns();
		vc->stats.rx_starved++;
	} else if (!starved && vc->rx_starved_since) {
		uint64_t us = (air_now_ns() - vc->rx_starved_since) / 1000u;
		if (us > vc->stats.rx_starved_max_us)
			vc->stats.rx_starved_max_us = us;
		vc->rx_starved_since = 0;
	}
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
	rx_dma(vc);
	note_starved(vc);
	/* A reap waits for a completed transfer (close_xfer wakes it), and
	 * the aggregation timer closes an open one on time: only a
	 * synchronous bulk IN read waits for the packet itself, or, with no
	 * timer, a reap that must see an aggregate open to keep its
	 * timeout. */
	if (vc->rx_sync_waiters || !vc->rx_agg_thread_started)
		pthread_cond_broadcast(&vc->rx_data);
	return true;
}

static void pop_packet(struct vchip *vc, uint8_t *dst)
{
	ring_get(vc, dst, vc->rx_pkt_len[vc->rx_pkt_head]);
	vc->rx_pkt_head = (vc->rx_pkt_head + 1) % VC_RX_MAX_PKTS;
	vc->rx_pkt_count--;
}

/* The longest frame (FCS included) the MAC takes in: REG_RX_PKT_LIMIT
 * (0x60C) in 512-byte units — drivers write 0x18, "for VHT packet length
 * 11K", 12288 bytes (rtw88 mac.c init_wmac_cfg WLAN_RX_PKT_LIMIT, reg.h
 * REG_RX_PKT_LIMIT; the vendor driver aircrack-ng/rtl8812au
 * hal/rtl8812a/usb/usb_halinit.c) — and never more than the 14-bit
 * PKT_LEN field of the RX descriptor can say. Unprogrammed (0), only the
 * field bounds it. */
static size_t rx_pkt_limit(const struct vchip *vc)
{
	size_t field = 0x3FFF;
	size_t units = vc->regs[0x60C];
	if (units && units * 512 < field)
		return units * 512;
	return field;
}

static void close_xfer(struct vchip *vc, int result);

/* The RX DMA ran for a frame and had nothing to push: the oldest
 * waiting bulk IN transfer, if it holds nothing yet, completes with 0
 * bytes, and so does a synchronous read waiting meanwhile (lock held). */
static void complete_empty(struct vchip *vc)
{
	if (vc->rx_xfer_done < vc->rx_xfer_count) {
		const struct vc_rx_xfer *x =
			&vc->rx_xfer[(vc->rx_xfer_head + vc->rx_xfer_done) %
			             VC_RX_XFERS];
		if (!x->pkts)
			close_xfer(vc, 0);
	} else if (vc->rx_sync_waiters) {
		vc->rx_empty_flushes++;
		pthread_cond_broadcast(&vc->rx_data);
	}
}

/* The signal-to-noise ratio (dB) a receiver needs to decode a rate: the
 * minimum input sensitivity IEEE 802.11-2016 sets per rate at 20 MHz
 * (Table 15-4 DSSS, 16-5 HR/DSSS, 17-18 OFDM, 19-23 HT, 21-25 VHT; the
 * same per stream for 2 to 4 streams), less the noise the standard
 * assumes it over: -174 dBm/Hz over 20 MHz, a 10 dB noise figure and a
 * 5 dB implementation margin, -86 dBm in all. */
static int required_snr_db(const struct air_frame_hdr *h)
{
	static const int8_t ofdm[8] = {-82, -81, -79, -77, -74, -70, -66, -65};
	static const uint8_t ofdm_500k[8] = {12, 18, 24, 36, 48, 72, 96, 108};
	static const int8_t mcs[10] = {-82, -79, -77, -74, -70,
	                               -66, -65, -64, -59, -57};
	int sens = -82;
	if (h->rate_kind == AIR_RATE_LEGACY) {
		if (h->legacy_500k <= 4)
			sens = -80;  /* DSSS 1, 2 Mbit/s */
		else if (h->legacy_500k == 11 || h->legacy_500k == 22)
			sens = -76;  /* HR/DSSS 5.5, 11 Mbit/s */
		for (unsigned i = 0; i < 8; i++)
			if (h->legacy_500k == ofdm_500k[i])
				sens = ofdm[i];
	} else {
		unsigned m = h->rate_kind == AIR_RATE_HT ? h->mcs % 8u : h->mcs;
		sens = mcs[m < 10 ? m : 9];
	}
	return sens + 86;
}

/* The 802.11 minimum sensitivity is the input level at which a receiver
 * still meets a packet error rate on a reference PSDU: 8 % of 1024
 * octets for DSSS and HR/DSSS (IEEE 802.11-2016 15.4.8.2, 16.3.8.2),
 * 10 % of 1000 octets for OFDM (17.3.10.2), 10 % of 4096 octets for HT
 * and VHT (19.3.19.2, 21.3.18.2). */
static void sensitivity_reference(const struct air_frame_hdr *h,
                                  double *per, double *octets)
{
	if (h->rate_kind == AIR_RATE_LEGACY &&
	    (h->legacy_500k <= 4 || h->legacy_500k == 11 ||
	     h->legacy_500k == 22)) {
		*per = 0.08;
		*octets = 1024;
	} else if (h->rate_kind == AIR_RATE_LEGACY) {
		*per = 0.10;
		*octets = 1000;
	} else {
		*per = 0.10;
		*octets = 4096;
	}
}

/* Above the sensitivity point PER falls by a decade for each dB of SNR:
 * the waterfall of a convolutionally coded OFDM link in white noise (the
 * model's choice of slope, a round figure for BCC PER curves, which run
 * from 10 % to 1 % in about a dB). */
#define WATERFALL_DB_PER_DECADE 1.0

/* The probability that a frame of @p octets at @p snr_db is lost: the
 * reference PER at the rate's required SNR, carried to other lengths as
 * independent bit errors (PER = 1 - (1 - p)^bits) and to higher SNRs
 * along the waterfall. Below the required SNR the standard promises
 * nothing and the model loses the frame: the edge a rate falls off. */
static double packet_error_rate(const struct air_frame_hdr *h, double snr_db,
                                size_t octets)
{
	double margin = snr_db - required_snr_db(h);
	if (margin < 0)
		return 1.0;
	double ref_per, ref_octets;
	sensitivity_reference(h, &ref_per, &ref_octets);
	double bit_err = -log1p(-ref_per) / (8.0 * ref_octets);
	bit_err *= pow(10.0, -margin / WATERFALL_DB_PER_DECADE);
	return -expm1(-8.0 * (double)octets * bit_err);
}

/* Below this a frame's loss is not drawn at all: a link with margin
 * costs no random numbers, and links of configured numbers keep their
 * seeded sequences. */
#define PER_NEGLIGIBLE 1e-6

/* The power (mW) jammers put into the frame's band during its airtime
 * (air.h); 0.0 when none did. */
static double jam_power_mw(struct vchip *vc, const struct air_frame_hdr *h)
{
	unsigned fc = vc_channel_freq(h->center);
	if (!vc->air || !fc || !h->bw_mhz || h->bw_mhz / 2 >= fc)
		return 0.0;
	uint64_t span = (uint64_t)h->airtime_us * 1000;
	uint64_t start = h->tx_end_ns > span ? h->tx_end_ns - span : 0;
	return air_jam_mw(vc->air, fc - h->bw_mhz / 2u, fc + h->bw_mhz / 2u,
	                  start, h->tx_end_ns);
}

/* A noise of noise_dbm with the jammers' jam_mw added to it (powers
 * add in mW): to the decoder a jammer is more noise. */
static double with_jam_dbm(int noise_dbm, double jam_mw)
{
	if (jam_mw <= 0)
		return noise_dbm;
	return 10.0 * log10(pow(10.0, noise_dbm / 10.0) + jam_mw);
}

/* The receiver's noise= (a 20 MHz figure) integrated over a narrowband
 * frame's band: a baseband on a half / quarter clock takes in half / a
 * quarter of the thermal noise, -3 / -6 dB (OpenIPC devourer
 * docs/narrowband.md: "halving the bandwidth roughly halves the noise
 * power the receiver integrates"). The signal keeps its power, so the
 * SNR rises by as much. */
static int narrow_noise_db(unsigned bw_mhz)
{
	return bw_mhz == 10 ? -3 : bw_mhz == 5 ? -6 : 0;
}

/* The noise floor over the frame's band, in dBm: the receiver's noise
 * (noise=, +3 dB per doubling of the band, -3 dB per halving) and the
 * jammers'. */
static double floor_dbm(const struct vchip *vc, const struct air_frame_hdr *h,
                        double jam_mw)
{
	int noise = vc->cfg.noise_dbm + narrow_noise_db(h->bw_mhz) +
	            (h->bw_mhz >= 80 ? 6 : h->bw_mhz >= 40 ? 3 : 0);
	return with_jam_dbm(noise, jam_mw);
}

/* A baseband decodes only PPDUs sampled at its own clock: a 5 or 10 MHz
 * frame needs a receiver re-clocked for that width, and a re-clocked
 * receiver decodes nothing else (OpenIPC devourer docs/narrowband.md,
 * "narrowband and 20 MHz are different ADC clock domains, so a receiver
 * decodes exactly one at a time"). The rest is energy. */
static bool same_clock(const struct vchip_tuning *t,
                       const struct air_frame_hdr *h)
{
	bool narrow_rx = t->bw_mhz < 20, narrow_tx = h->bw_mhz < 20;
	if (!narrow_rx && !narrow_tx)
		return true;
	return t->bw_mhz == h->bw_mhz;
}

/* Whether the receiver decodes the frame, and the power it arrives with
 * in *rssi: the transmitter's power less the scripted path loss
 * (pathloss=), or else the link's configured rssi= moved by the
 * transmitter's modelled power against AIR_REF_TX_DBM. The SNR is
 * judged against the rate's PER curve when a radio model takes part in
 * the link — a path loss, the sender's power or modulation error, this
 * receiver's desense, or a jammer's noise (jam_mw, in the floor); a
 * link of configured numbers alone decodes as configured (the loss=
 * model is its only loss). *jammed: lost on the PER curve with a
 * jammer's power in the floor. */
static bool decodes(struct vchip *vc, const struct air_frame_hdr *h,
                    size_t octets, double jam_mw, int *rssi, bool *jammed)
{
	*jammed = false;
	*rssi = vc->cfg.rssi_dbm;
	if (h->flags & AIR_F_ENERGY_ONLY)
		return false;
	if (!same_clock(&vc->tuning, h))
		return false;
	int tx_dbm = (h->flags & AIR_F_TX_POWER) ? h->tx_power_dbm
	                                          : AIR_REF_TX_DBM;
	if (vc->pathloss) {
		double t = h->tx_end_ns > vc->plugged_ns
		                   ? (double)(h->tx_end_ns - vc->plugged_ns) / 1e9
		                   : 0.0;
		double dbm = tx_dbm - vc_pathloss_db(vc->pathloss, t,
		                                     vc_channel_freq(h->center));
		*rssi = dbm < -127 ? -127 : dbm > 20 ? 20 : (int)lround(dbm);
	} else if (h->flags & AIR_F_TX_POWER) {
		*rssi += tx_dbm - AIR_REF_TX_DBM;
	}
	int desense = vc->p->rx_desense_db ? vc->p->rx_desense_db(vc, h) : 0;
	if (desense >= VC_RX_DEAF_DB)
		return false;
	if (!vc->pathloss && !(h->flags & AIR_F_TX_POWER) && !h->tx_evm_db &&
	    desense <= 0 && jam_mw <= 0)
		return true;
	double snr = *rssi - floor_dbm(vc, h, jam_mw) - desense;
	if (h->tx_evm_db && snr > h->tx_evm_db)
		snr = h->tx_evm_db;
	double per = packet_error_rate(h, snr, octets);
	bool ok;
	if (per < PER_NEGLIGIBLE)
		ok = true;
	else if (per > 1.0 - PER_NEGLIGIBLE)
		ok = false;
	else
		ok = rng_uniform(vc) >= per;
	*jammed = !ok && jam_mw > 0;
	return ok;
}

/* One receive chain's power around the link's @p rssi: a Rician
 * channel whose line-of-sight part is K = 30 (about 15 dB) above the
 * scattered one — the model's choice: neighbouring antennas of one
 * stick that differ by a dB or two frame by frame, and a frame's
 * reported signal (any one chain, or a driver's pick among them) that
 * stays within a few dB of the link's. Its power gain
 * |sqrt(K/(K+1)) + n / sqrt(K+1)|^2, n complex Gaussian of unit power,
 * averages 1: every chain hears the link's power on average, each
 * fading on its own. */
static int faded_dbm(struct vchip *vc, int rssi)
{
	enum { K = 30 };
	/* two unit-variance Gaussians (Box-Muller) */
	double u1 = rng_uniform(vc), u2 = rng_uniform(vc);
	if (u1 < 1e-12)
		u1 = 1e-12;
	double r = sqrt(-2.0 * log(u1));
	double g1 = r * cos(2.0 * M_PI * u2), g2 = r * sin(2.0 * M_PI * u2);
	double los = sqrt((double)K / (K + 1));
	double sc = sqrt(0.5 / (K + 1));
	double i = los + sc * g1, q = sc * g2;
	double gain = i * i + q * q;
	if (gain < 1e-3)
		gain = 1e-3; /* 30 dB down: deep enough */
	return rssi + (int)lround(10.0 * log10(gain));
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
		if (vc->p->rx_flushes_empty && vc->p->rx_flushes_empty(vc))
			complete_empty(vc);
		return;
	}
	double jam_mw = jam_power_mw(vc, h);
	if (jam_mw > 0)
		vc->stats.rx_jam_covered++;
	int rssi;
	bool jammed;
	if (!decodes(vc, h, n, jam_mw, &rssi, &jammed)) {
		vc->stats.rx_undecodable++;
		if (jammed)
			vc->stats.rx_jammed++;
		return;
	}
	vc->stats.rx_last_rssi_dbm = rssi;
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
	if (n > rx_pkt_limit(vc)) {
		vc->stats.rx_too_long++;
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
		.rssi_dbm = rssi,
		/* what the PHY measures the SNR against: a jammer's power
		 * is in it */
		.noise_dbm = (int)lround(with_jam_dbm(
			vc->cfg.noise_dbm + narrow_noise_db(h->bw_mhz),
			jam_mw)),
	};
	unsigned fading = vc->p->rx_fading_chains;
	for (unsigned c = 0; c < VC_RX_CHAINS_MAX; c++)
		m.chain_rssi_dbm[c] = c < fading ? faded_dbm(vc, rssi) : rssi;
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
		if (!vc->unplugged) {
			memcpy(vc->rx_heard, vc->rx_frame, (size_t)n);
			receive(vc, &h, vc->rx_heard, (size_t)n);
		}
		pthread_mutex_unlock(&vc->lock);
	}
	return NULL;
}

/* A frame from a sender of this process, on its thread (air.h
 * air_set_receiver). */
static void heard_local(void *ctx, const struct air_frame_hdr *h,
                        const uint8_t *frame)
{
	struct vchip *vc = ctx;
	if (h->len == 0 || h->len > sizeof vc->rx_heard)
		return;
	pthread_mutex_lock(&vc->lock);
	if (!vc->unplugged && !vc->stopping) {
		memcpy(vc->rx_heard, frame, h->len);
		receive(vc, h, vc->rx_heard, h->len);
	}
	pthread_mutex_unlock(&vc->lock);
}

int vc_rx_start(struct vchip *vc)
{
	int rc = pthread_create(&vc->rx_agg_thread, NULL, rx_agg_main, vc);
	if (rc)
		return -rc;
	pthread_mutex_lock(&vc->lock);
	vc->rx_agg_thread_started = true;
	pthread_mutex_unlock(&vc->lock);
	/* frames from other processes come through the air socket */
	rc = pthread_create(&vc->rx_thread, NULL, rx_thread, vc);
	if (rc)
		return -rc;
	vc->rx_thread_started = true;
	air_set_receiver(vc->air, heard_local, vc);
	return 0;
}

/* Move FIFO packets into buf as one aggregate (lock held). Returns its
 * length, 0 when the FIFO is empty, or -EOVERFLOW when the first packet
 * does not fit the transfer (babble: that packet is lost). */
static int fill_aggregate(struct vchip *vc, uint8_t *buf, size_t cap)
{
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
				pop_packet(vc, NULL);
				vc->stats.rx_fifo_overflow++;
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
	if (cnt) {
		vc->p->rx_agg_count(buf, cnt);
		vc->stats.rx_delivered += cnt;
	}
	return (int)off;
}

/* USB RX aggregation in REG_RXDMA_AGG_PG_TH (0x280): [7:0] a size
 * threshold, [15:8] a timeout (rtw88 reg.h BIT_RXDMA_AGG_PG_TH,
 * BIT_DMA_AGG_TO_V1). The chip closes an aggregate once it holds the
 * threshold (the packet that crosses it still goes in), when the next
 * packet would not fit the transfer, or when the timeout has run since
 * its first packet. No reference documents the units: the size is taken
 * in 4 KiB, as the vendor driver derives it from the host buffer
 * (aircrack-ng/rtl8812au hal/rtl8812a/usb/usb_halinit.c, buffer / 4096,
 * at most 5, for 32 KiB transfers), the timeout in 32 us. Size 0 sets
 * no threshold: the aggregate takes what the FIFO holds and closes when
 * the timeout runs (timeout 0: at once). */
static size_t agg_threshold(const struct vchip *vc)
{
	return (size_t)vc->regs[0x280] * 4096;
}

static uint64_t agg_timeout_ns(const struct vchip *vc)
{
	return (uint64_t)vc->regs[0x281] * 32000;
}

/* Complete the oldest waiting transfer with result (lock held). */
static void close_xfer(struct vchip *vc, int result)
{
	struct vc_rx_xfer *x = &vc->rx_xfer[(vc->rx_xfer_head +
	                                     vc->rx_xfer_done) % VC_RX_XFERS];
	if (result >= 0 && x->pkts) {
		vc->p->rx_agg_count(x->buf, x->pkts);
		vc->stats.rx_delivered += x->pkts;
	}
	x->result = result;
	vc->rx_xfer_done++;
	pthread_cond_broadcast(&vc->rx_data);
	if (vc->rx_completion)
		vc->rx_completion(vc->rx_completion_ctx, vc->rx_xfer_done);
}

/* Whether the aggregate being built is full: aggregation off, the size
 * threshold (0: none) reached, or the 8-bit packet count at its end. */
static bool agg_full(const struct vchip *vc, const struct vc_rx_xfer *x)
{
	bool agg = vc->regs[0x10C] & 0x04;
	size_t thr = agg_threshold(vc);
	return !agg || (thr && x->used >= thr) || x->pkts == 255;
}

/* The RX DMA: while the FIFO holds packets and a queued transfer waits,
 * move them into it as one aggregate and complete it by the rules above
 * (lock held). Packets already waiting in the FIFO when a transfer opens
 * all join it (up to the threshold and the transfer's size), as before
 * any timeout could run. A timeout that ran out while nobody looked is
 * applied here or at reap with the outcome a timer would have had: a
 * packet arriving later starts the next aggregate. */
static void rx_dma(struct vchip *vc)
{
	uint64_t now = air_now_ns();
	while (vc->rx_xfer_done < vc->rx_xfer_count) {
		struct vc_rx_xfer *x = &vc->rx_xfer[(vc->rx_xfer_head +
		                                     vc->rx_xfer_done) %
		                                    VC_RX_XFERS];
		/* opened in this pass (first_ns == now): the FIFO's backlog
		 * goes in before the timeout counts */
		if (x->pkts && now - x->first_ns >= agg_timeout_ns(vc) &&
		    (x->first_ns != now || !vc->rx_pkt_count)) {
			close_xfer(vc, (int)x->used);
			continue;
		}
		if (!vc->rx_pkt_count)
			break;
		size_t plen = vc->rx_pkt_len[vc->rx_pkt_head];
		size_t start = (x->used + 7) & ~(size_t)7;
		if (start + plen > x->cap) {
			if (x->pkts) {
				close_xfer(vc, (int)x->used);
				continue;
			}
			/* babble: the packet does not fit the host buffer
			 * and is lost */
			pop_packet(vc, NULL);
			vc->stats.rx_fifo_overflow++;
			close_xfer(vc, -EOVERFLOW);
			continue;
		}
		memset(x->buf + x->used, 0, start - x->used);
		pop_packet(vc, x->buf + start);
		x->used = start + plen;
		if (x->pkts++ == 0)
			x->first_ns = now;
		if (agg_full(vc, x))
			close_xfer(vc, (int)x->used);
	}
	/* An aggregate opened in this pass and still open: the timer
	 * starts counting its timeout. */
	if (vc->rx_xfer_done < vc->rx_xfer_count) {
		const struct vc_rx_xfer *x =
			&vc->rx_xfer[(vc->rx_xfer_head + vc->rx_xfer_done) %
			             VC_RX_XFERS];
		if (x->pkts && x->first_ns == now)
			pthread_cond_signal(&vc->rx_agg);
	}
}

/* The aggregation timer: the chip closes an open aggregate when its
 * timeout has run since its first packet, whether or not the host is
 * waiting (rtw88 reg.h BIT_DMA_AGG_TO_V1; the unit as agg_timeout_ns
 * takes it). On the model's own thread, so a host reap sleeps once per
 * transfer, until it completes, and never wakes only to start counting a
 * timeout. */
static void *rx_agg_main(void *arg)
{
	struct vchip *vc = arg;
	pthread_mutex_lock(&vc->lock);
	while (!vc->stopping) {
		const struct vc_rx_xfer *x = NULL;
		if (vc->rx_xfer_done < vc->rx_xfer_count)
			x = &vc->rx_xfer[(vc->rx_xfer_head + vc->rx_xfer_done) %
			                 VC_RX_XFERS];
		if (!x || !x->pkts) {
			pthread_cond_wait(&vc->rx_agg, &vc->lock);
			continue;
		}
		uint64_t due = x->first_ns + agg_timeout_ns(vc);
		if (air_now_ns() >= due) {
			rx_dma(vc);
			continue;
		}
		struct timespec ts;
		vc_ns_to_ts(due, &ts);
		pthread_cond_timedwait(&vc->rx_agg, &vc->lock, &ts);
	}
	pthread_mutex_unlock(&vc->lock);
	return NULL;
}

void vc_rx_fail_queued(struct vchip *vc, int err)
{
	while (vc->rx_xfer_done < vc->rx_xfer_count) {
		struct vc_rx_xfer *x = &vc->rx_xfer[(vc->rx_xfer_head +
		                                     vc->rx_xfer_done) %
		                                    VC_RX_XFERS];
		/* an unlinked transfer keeps the packets already in it */
		close_xfer(vc, err == -ECONNRESET && x->pkts ? (int)x->used
		                                            : err);
	}
}

int vc_rx_submit(struct vchip *vc, uint8_t *buf, size_t cap, uintptr_t tag,
                 int fault)
{
	pthread_mutex_lock(&vc->lock);
	if (vc->unplugged) {
		pthread_mutex_unlock(&vc->lock);
		return -ENODEV;
	}
	if (vc->rx_xfer_count >= VC_RX_XFERS) {
		pthread_mutex_unlock(&vc->lock);
		return -EBUSY;
	}
	/* A halted endpoint fails every transfer queued on it. */
	if (fault)
		vc_rx_fail_queued(vc, fault);
	struct vc_rx_xfer *x = &vc->rx_xfer[(vc->rx_xfer_head +
	                                     vc->rx_xfer_count) % VC_RX_XFERS];
	*x = (struct vc_rx_xfer){.buf = buf, .cap = cap, .tag = tag,
	                         .result = fault};
	vc->rx_xfer_count++;
	vc->rx_host_queues = true;
	if (fault) {
		vc->rx_xfer_done++;
		pthread_cond_broadcast(&vc->rx_data);
		if (vc->rx_completion)
			vc->rx_completion(vc->rx_completion_ctx,
			                  vc->rx_xfer_done);
	} else {
		rx_dma(vc);
	}
	note_starved(vc);
	pthread_mutex_unlock(&vc->lock);
	return 0;
}

int vc_rx_reap(struct vchip *vc, unsigned timeout_ms, uintptr_t *tag)
{
	uint64_t deadline = air_now_ns() + (uint64_t)timeout_ms * 1000000u;
	pthread_mutex_lock(&vc->lock);
	while (vc->rx_xfer_done == 0) {
		if (vc->rx_reap_interrupt) {
			vc->rx_reap_interrupt = false;
			pthread_mutex_unlock(&vc->lock);
			return -EINTR;
		}
		if (vc->rx_xfer_count == 0) {
			pthread_mutex_unlock(&vc->lock);
			return -ENOENT; /* nothing queued to wait for */
		}
		if (vc->unplugged) { /* an unplug failed them all: not reached */
			pthread_mutex_unlock(&vc->lock);
			return -ENODEV;
		}
		/* the aggregate in the oldest transfer closes on its own
		 * when its timeout runs */
		rx_dma(vc);
		if (vc->rx_xfer_done)
			break;
		const struct vc_rx_xfer *x = &vc->rx_xfer[vc->rx_xfer_head];
		uint64_t now = air_now_ns();
		if (now >= deadline) {
			pthread_mutex_unlock(&vc->lock);
			return -ETIMEDOUT;
		}
		uint64_t wake = deadline;
		if (x->pkts && x->first_ns + agg_timeout_ns(vc) < wake)
			wake = x->first_ns + agg_timeout_ns(vc);
		struct timespec ts;
		vc_ns_to_ts(wake, &ts);
		pthread_cond_timedwait(&vc->rx_data, &vc->lock, &ts);
	}
	struct vc_rx_xfer *x = &vc->rx_xfer[vc->rx_xfer_head];
	int r = x->result;
	*tag = x->tag;
	vc->rx_xfer_head = (vc->rx_xfer_head + 1) % VC_RX_XFERS;
	vc->rx_xfer_count--;
	vc->rx_xfer_done--;
	pthread_mutex_unlock(&vc->lock);
	return r;
}

void vc_rx_interrupt(struct vchip *vc)
{
	pthread_mutex_lock(&vc->lock);
	vc->rx_reap_interrupt = true;
	pthread_cond_broadcast(&vc->rx_data);
	pthread_mutex_unlock(&vc->lock);
}

void vc_rx_set_completion(struct vchip *vc, vchip_bulk_in_completion_fn fn,
                          void *ctx)
{
	pthread_mutex_lock(&vc->lock);
	vc->rx_completion = fn;
	vc->rx_completion_ctx = ctx;
	pthread_mutex_unlock(&vc->lock);
}

void vc_rx_cancel(struct vchip *vc)
{
	pthread_mutex_lock(&vc->lock);
	vc_rx_fail_queued(vc, -ECONNRESET);
	pthread_mutex_unlock(&vc->lock);
}

int vc_rx_bulk_in(struct vchip *vc, uint8_t *buf, size_t cap,
                  unsigned timeout_ms)
{
	struct timespec dl;
	vc_deadline(&dl, timeout_ms);
	pthread_mutex_lock(&vc->lock);
	while (!vc->unplugged && vc->rx_pkt_count == 0) {
		if (vc->rx_empty_flushes) {
			vc->rx_empty_flushes--;
			pthread_mutex_unlock(&vc->lock);
			return 0;
		}
		vc->rx_sync_waiters++;
		int w = pthread_cond_timedwait(&vc->rx_data, &vc->lock, &dl);
		vc->rx_sync_waiters--;
		if (w == ETIMEDOUT) {
			pthread_mutex_unlock(&vc->lock);
			return -ETIMEDOUT;
		}
	}
	if (vc->unplugged) {
		pthread_mutex_unlock(&vc->lock);
		return -ENODEV;
	}
	int r = fill_aggregate(vc, buf, cap);
	pthread_mutex_unlock(&vc->lock);
	return r;
}
