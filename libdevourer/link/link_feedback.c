/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The feedback record the ground sends the drone (link.h, "Link
 * feedback"): a fixed layout, written and read field by field so the
 * host's byte order and struct padding never reach the air.
 */
#include <string.h>

#include <devourer/link.h>

enum {
	OFF_MAGIC = 0, OFF_VERSION = 2, OFF_FLAGS = 3, OFF_SEQ = 4,
	OFF_SPAN = 6, OFF_PACKETS = 8, OFF_LOST = 12, OFF_RECOVERED = 16,
	OFF_FRAMES = 20, OFF_CHAINS = 24, OFF_RSSI = 25, OFF_SNR = 29,
	OFF_RATE_KIND = 33, OFF_RATE = 34, OFF_NSS = 35, OFF_BW = 36,
	OFF_FEC_K = 37, OFF_FEC_N = 38, OFF_WORST = 39,
};

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

size_t dvr_link_feedback_write(const struct dvr_link_feedback *fb,
                               uint8_t *out, size_t cap)
{
	if (!fb || !out || cap < DVR_LINK_FEEDBACK_LEN ||
	    fb->n_chains > DVR_MAX_RF_PATHS || fb->rate.kind > DVR_RATE_VHT)
		return 0;
	memset(out, 0, DVR_LINK_FEEDBACK_LEN);
	out[OFF_MAGIC] = 'D';
	out[OFF_MAGIC + 1] = 'F';
	out[OFF_VERSION] = DVR_LINK_FEEDBACK_VERSION;
	out[OFF_FLAGS] = fb->flags;
	put16(out + OFF_SEQ, fb->seq);
	put16(out + OFF_SPAN, fb->span_ms);
	put32(out + OFF_PACKETS, fb->packets);
	put32(out + OFF_LOST, fb->lost);
	put32(out + OFF_RECOVERED, fb->recovered);
	put32(out + OFF_FRAMES, fb->frames);
	out[OFF_CHAINS] = fb->n_chains;
	/* chains beyond n_chains stay 0 on the air whatever the struct held */
	for (unsigned c = 0; c < fb->n_chains; c++) {
		out[OFF_RSSI + c] = (uint8_t)fb->rssi_dbm[c];
		out[OFF_SNR + c] = (uint8_t)fb->snr_db[c];
	}
	if (fb->has_rate) {
		out[OFF_RATE_KIND] = (uint8_t)(fb->rate.kind + 1);
		out[OFF_RATE] = fb->rate.kind == DVR_RATE_LEGACY
		                        ? fb->rate.legacy_500k
		                        : fb->rate.mcs;
		out[OFF_NSS] = fb->rate.nss;
		out[OFF_BW] = fb->bw_mhz;
	}
	out[OFF_FEC_K] = fb->fec_k;
	out[OFF_FEC_N] = fb->fec_n;
	out[OFF_WORST] = fb->worst_block_missing;
	return DVR_LINK_FEEDBACK_LEN;
}

int dvr_link_feedback_read(const uint8_t *buf, size_t len,
                           struct dvr_link_feedback *out)
{
	if (!buf || !out || len < DVR_LINK_FEEDBACK_LEN ||
	    buf[OFF_MAGIC] != 'D' || buf[OFF_MAGIC + 1] != 'F' ||
	    buf[OFF_VERSION] != DVR_LINK_FEEDBACK_VERSION ||
	    buf[OFF_CHAINS] > DVR_MAX_RF_PATHS ||
	    buf[OFF_RATE_KIND] > DVR_RATE_VHT + 1 ||
	    buf[OFF_FEC_K] > buf[OFF_FEC_N])
		return DVR_E_INVALID;
	struct dvr_link_feedback fb;
	memset(&fb, 0, sizeof fb);
	fb.flags = buf[OFF_FLAGS];
	fb.seq = get16(buf + OFF_SEQ);
	fb.span_ms = get16(buf + OFF_SPAN);
	fb.packets = get32(buf + OFF_PACKETS);
	fb.lost = get32(buf + OFF_LOST);
	fb.recovered = get32(buf + OFF_RECOVERED);
	fb.frames = get32(buf + OFF_FRAMES);
	fb.n_chains = buf[OFF_CHAINS];
	for (unsigned c = 0; c < fb.n_chains; c++) {
		fb.rssi_dbm[c] = (int8_t)buf[OFF_RSSI + c];
		fb.snr_db[c] = (int8_t)buf[OFF_SNR + c];
	}
	if (buf[OFF_RATE_KIND]) {
		fb.has_rate = true;
		fb.rate.kind = (uint8_t)(buf[OFF_RATE_KIND] - 1);
		if (fb.rate.kind == DVR_RATE_LEGACY)
			fb.rate.legacy_500k = buf[OFF_RATE];
		else
			fb.rate.mcs = buf[OFF_RATE];
		fb.rate.nss = buf[OFF_NSS];
		fb.bw_mhz = buf[OFF_BW];
	}
	fb.fec_k = buf[OFF_FEC_K];
	fb.fec_n = buf[OFF_FEC_N];
	fb.worst_block_missing = buf[OFF_WORST];
	*out = fb;
	return DVR_OK;
}
