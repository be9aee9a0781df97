/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Rate codes, airtime, channel frequencies and the FCS — the arithmetic the
 * model's MAC/PHY needs. The airtime formula lives here (not only in
 * libdevourer/src/airtime.c) because the model must stay an independent
 * implementation: a driver bug in its airtime estimate must not hide in the
 * model's pacing of the air.
 */
#include <pthread.h>

#include "libdevourer/virtual/vchip_internal.h"

/* CCK/OFDM rates of DESC codes 0x00..0x0B, in 500 kbit/s units (rtw88
 * main.h enum rtw_trx_desc_rate). */
static const uint8_t legacy_500k[12] = {2, 4, 11, 22, 12, 18, 24, 36,
                                        48, 72, 96, 108};

bool vc_rate_from_code(uint8_t code, struct vc_rate *out)
{
	struct vc_rate r = {0};
	if (code < 0x0C) {
		r.kind = AIR_RATE_LEGACY;
		r.legacy_500k = legacy_500k[code];
	} else if (code < 0x2C) {
		r.kind = AIR_RATE_HT;
		r.mcs = (uint8_t)(code - 0x0C);
		r.nss = (uint8_t)(r.mcs / 8 + 1);
	} else if (code <= 0x53) {
		r.kind = AIR_RATE_VHT;
		r.nss = (uint8_t)((code - 0x2C) / 10 + 1);
		r.mcs = (uint8_t)((code - 0x2C) % 10);
	} else {
		return false;
	}
	*out = r;
	return true;
}

int vc_rate_to_code(const struct vc_rate *r)
{
	switch (r->kind) {
	case AIR_RATE_LEGACY:
		for (int i = 0; i < 12; i++)
			if (legacy_500k[i] == r->legacy_500k)
				return i;
		return -1;
	case AIR_RATE_HT:
		return r->mcs <= 31 ? 0x0C + r->mcs : -1;
	case AIR_RATE_VHT:
		if (r->nss < 1 || r->nss > 4 || r->mcs > 9)
			return -1;
		return 0x2C + 10 * (r->nss - 1) + r->mcs;
	default:
		return -1;
	}
}

unsigned vc_rate_nss(uint8_t code)
{
	struct vc_rate r;
	if (!vc_rate_from_code(code, &r))
		return 0;
	if (r.kind == AIR_RATE_LEGACY)
		return 1;
	return r.nss;
}

void vc_txd_rate_fields(struct vc_tx_frame *out, uint8_t code, uint32_t dw5,
                        uint32_t dw8)
{
	out->rate_code = code;
	out->bw_code = (uint8_t)((dw5 >> 5) & 3);
	out->sgi = dw5 & (1u << 4);
	out->ldpc = dw5 & (1u << 7);
	out->stbc = (uint8_t)((dw5 >> 8) & 3);
	out->hw_seq = dw8 & (1u << 15);
}

static uint64_t div_up(uint64_t a, uint64_t b)
{
	return (a + b - 1) / b;
}

/* Data symbols of an HT/VHT PPDU: 4 us each, or 3.6 us with short GI
 * rounded up to whole 4 us as the standard's TXTIME does. */
static uint32_t ht_data_us(uint64_t nsym, bool short_gi)
{
	if (short_gi)
		return (uint32_t)(div_up(nsym * 36, 40) * 4);
	return (uint32_t)(nsym * 4);
}

static unsigned n_ltf(unsigned nss)
{
	return nss >= 3 ? 4 : nss;
}

uint32_t vc_airtime_us(const struct vc_rate *rate, unsigned bw_mhz,
                       bool short_gi, size_t psdu_len)
{
	uint64_t bits = (uint64_t)psdu_len * 8;
	/* 10 / 5 MHz: the 20 MHz PPDU from a DAC on a half / quarter
	 * clock, every symbol (and preamble) 2x / 4x as long (OpenIPC
	 * devourer docs/narrowband.md) */
	if (bw_mhz == 10 || bw_mhz == 5)
		return vc_airtime_us(rate, 20, short_gi, psdu_len) *
		       (20u / bw_mhz);
	if (bw_mhz != 20 && bw_mhz != 40 && bw_mhz != 80)
		return 0;
	switch (rate->kind) {
	case AIR_RATE_LEGACY: {
		unsigned r = rate->legacy_500k;
		if (r == 2 || r == 4 || r == 11 || r == 22) {
			/* long preamble for 1M, short when asked otherwise */
			unsigned pre = (r == 2 || !short_gi) ? 192 : 96;
			return (uint32_t)(pre + div_up(bits * 2, r));
		}
		for (int i = 4; i < 12; i++) {
			if (legacy_500k[i] == r) {
				uint64_t ndbps = (uint64_t)r * 2;
				return (uint32_t)(20 + 4 * div_up(16 + bits + 6,
				                                  ndbps));
			}
		}
		return 0;
	}
	case AIR_RATE_HT: {
		static const uint16_t nd20[8] = {26, 52, 78, 104, 156, 208,
		                                 234, 260};
		static const uint16_t nd40[8] = {54, 108, 162, 216, 324, 432,
		                                 486, 540};
		if (rate->mcs > 31 || bw_mhz == 80)
			return 0;
		unsigned nss = rate->mcs / 8u + 1;
		uint64_t ndbps = (uint64_t)(bw_mhz == 40 ? nd40 : nd20)
		                         [rate->mcs % 8] * nss;
		unsigned nes = ndbps / 4 > 300 ? 2 : 1;
		uint64_t nsym = div_up(16 + bits + 6 * nes, ndbps);
		return 32 + 4 * n_ltf(nss) + ht_data_us(nsym, short_gi);
	}
	case AIR_RATE_VHT: {
		/* bits per subcarrier and coding rate num/den per MCS */
		static const uint8_t nbpsc[10] = {1, 2, 2, 4, 4, 6, 6, 6, 8, 8};
		static const uint8_t rnum[10] = {1, 1, 3, 1, 3, 2, 3, 5, 3, 5};
		static const uint8_t rden[10] = {2, 2, 4, 2, 4, 3, 4, 6, 4, 6};
		unsigned nsd = bw_mhz == 20 ? 52 : bw_mhz == 40 ? 108 : 234;
		if (rate->mcs > 9 || rate->nss < 1 || rate->nss > 4)
			return 0;
		uint64_t num = (uint64_t)nsd * nbpsc[rate->mcs] *
		               rnum[rate->mcs] * rate->nss;
		if (num % rden[rate->mcs])
			return 0; /* not a valid VHT combination (e.g. MCS9
			             at 20 MHz with 1 or 2 streams) */
		uint64_t ndbps = num / rden[rate->mcs];
		unsigned nes = ndbps / 4 > 600 ? 2 : 1;
		uint64_t nsym = div_up(16 + bits + 6 * nes, ndbps);
		return 36 + 4 * n_ltf(rate->nss) + ht_data_us(nsym, short_gi);
	}
	default:
		return 0;
	}
}

unsigned vc_channel_freq(unsigned ch)
{
	if (ch >= 1 && ch <= 13)
		return 2407 + 5 * ch;
	if (ch == 14)
		return 2484;
	if (ch >= 32 && ch <= 177)
		return 5000 + 5 * ch;
	return 0;
}

/* CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), the 802.11 FCS. */
static uint32_t crc_table[256];
static pthread_once_t crc_once = PTHREAD_ONCE_INIT;

static void crc_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
		crc_table[i] = c;
	}
}

uint32_t vc_crc32(const uint8_t *p, size_t n)
{
	pthread_once(&crc_once, crc_init);
	uint32_t c = 0xFFFFFFFFu;
	for (size_t i = 0; i < n; i++)
		c = crc_table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
	return c ^ 0xFFFFFFFFu;
}
