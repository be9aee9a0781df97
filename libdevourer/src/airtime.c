/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * PHY rate and PPDU duration of one frame, from the 802.11 PHY clauses:
 * DSSS/CCK (clauses 16/17), OFDM (17), HT mixed format (19) and VHT (21).
 * Used for airtime accounting in the TX statistics and by the examples, so
 * it has to be right to the microsecond for a single-MPDU PPDU.
 *
 * Modelling choices (the public signature carries no more information):
 *  - CCK: @p short_gi selects the short PLCP preamble (72 us preamble +
 *    24 us header = 96 us) instead of the long one (144 + 48 = 192 us).
 *    1 Mbit/s cannot use the short preamble and always takes 192 us.
 *  - OFDM rates ignore short_gi and bandwidth (a non-HT duplicate PPDU at
 *    40/80 MHz lasts exactly as long as the 20 MHz one).
 *  - The 6 us 2.4 GHz signal extension after OFDM/HT PPDUs is NOT
 *    included: it is idle air, not part of the PPDU, and the band is not
 *    known here.
 *  - No STBC: the number of space-time streams equals the number of
 *    spatial streams (HT-LTF/VHT-LTF count 1, 2, 4, 4 for 1..4 streams).
 *  - BCC coding: 16 SERVICE bits and 6 tail bits per encoder. The encoder
 *    count (N_ES) follows the standard's rule of one encoder per 300
 *    Mbit/s (HT) / 600 Mbit/s (VHT) of short-GI data rate.
 *  - HT/VHT PHY rates are rounded to 100 kbit/s, as in the standard's
 *    MCS tables (e.g. HT MCS7 20 MHz short GI = 72.2 Mbit/s).
 *  - 10 and 5 MHz are the 20 MHz PPDU on a half / quarter baseband clock
 *    (OpenIPC devourer docs/narrowband.md): every symbol, preamble and
 *    CCK chip lasts 2x / 4x as long, the rate is a half / a quarter.
 */
#include <devourer/devourer.h>

/* Modulation and coding of MCS 0..9 (HT MCS 0..7 per stream are the
 * first eight): bits per subcarrier and code rate num/den. */
struct mcs_mod {
	uint8_t bpscs;
	uint8_t rate_num, rate_den;
};

static const struct mcs_mod mcs_mods[10] = {
	{1, 1, 2}, /* BPSK 1/2 */
	{2, 1, 2}, /* QPSK 1/2 */
	{2, 3, 4}, /* QPSK 3/4 */
	{4, 1, 2}, /* 16-QAM 1/2 */
	{4, 3, 4}, /* 16-QAM 3/4 */
	{6, 2, 3}, /* 64-QAM 2/3 */
	{6, 3, 4}, /* 64-QAM 3/4 */
	{6, 5, 6}, /* 64-QAM 5/6 */
	{8, 3, 4}, /* 256-QAM 3/4 (VHT only) */
	{8, 5, 6}, /* 256-QAM 5/6 (VHT only) */
};

#define T_LEGACY_PREAMBLE 20u /* L-STF 8 + L-LTF 8 + L-SIG 4 */
#define T_HT_SIG 8u
#define T_VHT_SIG_A 8u
#define T_STF 4u              /* HT-STF / VHT-STF */
#define T_LTF 4u              /* per HT-LTF / VHT-LTF */
#define T_VHT_SIG_B 4u
#define T_SYM 4u              /* OFDM symbol with the 800 ns GI */
#define SERVICE_BITS 16u
#define TAIL_BITS 6u

static uint32_t div_round_up(uint64_t a, uint64_t b)
{
	return (uint32_t)((a + b - 1) / b);
}

/* Data subcarriers per OFDM symbol (N_SD) for a HT/VHT bandwidth. */
static unsigned data_subcarriers(unsigned bw_mhz)
{
	switch (bw_mhz) {
	case 20: return 52;
	case 40: return 108;
	case 80: return 234;
	default: return 0;
	}
}

/* Training fields needed for n space-time streams. */
static unsigned ltf_count(unsigned nsts)
{
	return nsts == 3 ? 4 : nsts;
}

static bool legacy_is_cck(unsigned r500k)
{
	return r500k == 2 || r500k == 4 || r500k == 11 || r500k == 22;
}

static bool legacy_is_ofdm(unsigned r500k)
{
	switch (r500k) {
	case 12: case 18: case 24: case 36:
	case 48: case 72: case 96: case 108:
		return true;
	default:
		return false;
	}
}

/* What a HT/VHT PPDU needs: data bits per symbol, encoders, streams. */
struct mimo_params {
	unsigned ndbps;
	unsigned nes;
	unsigned nss;
};

/* Resolve a HT or VHT rate at a bandwidth. Returns false for a rate the
 * standard does not define (bad MCS/NSS, HT at 80 MHz, VHT MCS 9 at
 * 20 MHz except 3 streams, VHT 80 MHz 3 streams MCS 6...). */
static bool mimo_resolve(const struct dvr_rate *rate, unsigned bw_mhz,
                         struct mimo_params *out)
{
	unsigned mcs, nss;
	if (rate->kind == DVR_RATE_HT) {
		if (rate->mcs > 31 || (bw_mhz != 20 && bw_mhz != 40))
			return false;
		mcs = rate->mcs % 8u;
		nss = rate->mcs / 8u + 1u;
	} else if (rate->kind == DVR_RATE_VHT) {
		if (rate->mcs > 9 || rate->nss < 1 || rate->nss > 4)
			return false;
		mcs = rate->mcs;
		nss = rate->nss;
	} else {
		return false;
	}
	unsigned nsd = data_subcarriers(bw_mhz);
	if (nsd == 0)
		return false;
	const struct mcs_mod *m = &mcs_mods[mcs];
	unsigned coded = nsd * m->bpscs * nss * m->rate_num;
	/* A combination whose data bits per symbol are not whole is not in
	 * the standard (e.g. VHT MCS 9 at 20 MHz with 1, 2 or 4 streams). */
	if (coded % m->rate_den != 0)
		return false;
	unsigned ndbps = coded / m->rate_den;
	unsigned nes;
	if (rate->kind == DVR_RATE_HT) {
		/* One BCC encoder per 300 Mbit/s at the 400 ns GI:
		 * 300 * 3.6 = 1080 bits per symbol. */
		nes = ndbps > 1080 ? 2 : 1;
	} else {
		/* One BCC encoder per 600 Mbit/s at the 400 ns GI
		 * (3.6 us symbols): 600 * 3.6 = 2160 bits per symbol. */
		nes = div_round_up(ndbps, 2160);
	}
	/* Every encoder must get the same whole number of bits per
	 * symbol; the standard leaves out the MCS where this fails
	 * (VHT 80 MHz, 3 streams, MCS 6). */
	if (ndbps % nes != 0)
		return false;
	out->ndbps = ndbps;
	out->nes = nes;
	out->nss = nss;
	return true;
}

/* Round kbit/s to 100 kbit/s, half up, as the standard's tables do. */
static uint32_t round_100k(uint64_t numer, uint64_t denom)
{
	return (uint32_t)((numer + denom * 50) / (denom * 100) * 100);
}

/* How many times slower than 20 MHz a narrowband width's clock runs
 * (0: not a narrowband width). */
static unsigned narrow_factor(unsigned bw_mhz)
{
	return bw_mhz == 10 ? 2 : bw_mhz == 5 ? 4 : 0;
}

uint32_t dvr_phy_rate_kbps(const struct dvr_rate *rate, unsigned bw_mhz,
                           bool short_gi)
{
	if (!rate)
		return 0;
	if (narrow_factor(bw_mhz))
		return dvr_phy_rate_kbps(rate, 20, short_gi) /
		       narrow_factor(bw_mhz);
	if (rate->kind == DVR_RATE_LEGACY) {
		if (!legacy_is_cck(rate->legacy_500k) &&
		    !legacy_is_ofdm(rate->legacy_500k))
			return 0;
		return rate->legacy_500k * 500u;
	}
	struct mimo_params p;
	if (!mimo_resolve(rate, bw_mhz, &p))
		return 0;
	/* bits per symbol / symbol time: 4 us, or 3.6 us with short GI. */
	if (short_gi)
		return round_100k((uint64_t)p.ndbps * 10000u, 36);
	return round_100k((uint64_t)p.ndbps * 1000u, 4);
}

/* Time of n data symbols, counted in whole 4 us steps as the TXTIME
 * formulas do (short GI: 3.6 us symbols, total rounded up to 4 us). */
static uint32_t data_time_us(uint32_t nsym, bool short_gi)
{
	if (!short_gi)
		return T_SYM * nsym;
	return T_SYM * div_round_up((uint64_t)nsym * 9u, 10u);
}

uint32_t dvr_airtime_us(const struct dvr_rate *rate, unsigned bw_mhz,
                        bool short_gi, size_t psdu_len)
{
	if (!rate)
		return 0;
	/* Larger than any PSDU a supported PHY carries (VHT: 4,692,480
	 * bytes); also keeps the arithmetic below far from overflow. */
	if (psdu_len > 8u * 1024u * 1024u)
		return 0;
	if (narrow_factor(bw_mhz))
		return dvr_airtime_us(rate, 20, short_gi, psdu_len) *
		       narrow_factor(bw_mhz);
	uint64_t bits = (uint64_t)psdu_len * 8u;

	if (rate->kind == DVR_RATE_LEGACY) {
		unsigned r = rate->legacy_500k;
		if (legacy_is_cck(r)) {
			bool short_pre = short_gi && r != 2;
			uint32_t pre = short_pre ? 96u : 192u;
			/* bits / (r * 0.5 Mbit/s) microseconds. */
			return pre + div_round_up(bits * 2u, r);
		}
		if (legacy_is_ofdm(r)) {
			/* 4 us symbols of 2*r data bits (r in 500 kbit/s). */
			uint32_t nsym = div_round_up(
				SERVICE_BITS + bits + TAIL_BITS, 2u * r);
			return T_LEGACY_PREAMBLE + T_SYM * nsym;
		}
		return 0;
	}

	struct mimo_params p;
	if (!mimo_resolve(rate, bw_mhz, &p))
		return 0;
	uint32_t nsym = div_round_up(
		SERVICE_BITS + bits + (uint64_t)TAIL_BITS * p.nes, p.ndbps);
	uint32_t pre;
	if (rate->kind == DVR_RATE_HT)
		pre = T_LEGACY_PREAMBLE + T_HT_SIG + T_STF +
		      T_LTF * ltf_count(p.nss);
	else
		pre = T_LEGACY_PREAMBLE + T_VHT_SIG_A + T_STF +
		      T_LTF * ltf_count(p.nss) + T_VHT_SIG_B;
	return pre + data_time_us(nsym, short_gi);
}
