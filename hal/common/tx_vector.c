/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "hal/common/tx_vector.h"

#include <stdarg.h>
#include <stdio.h>

#include "hal/common/chan_geometry.h"
#include "hal/common/rate_codes.h"

/* Where the refusal's sentence goes; NULL buf: nobody asked for one. */
struct why {
	char *buf;
	size_t len;
};

static int refuse(const struct why *w, int st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int refuse(const struct why *w, int st, const char *fmt, ...)
{
	va_list ap;

	if (!w->buf || w->len == 0)
		return st;
	va_start(ap, fmt);
	vsnprintf(w->buf, w->len, fmt, ap);
	va_end(ap);
	return st;
}

static const char *chip_name(const struct dvr_chip *chip)
{
	return chip->info->name ? chip->info->name : "chip";
}

static unsigned chip_streams(const struct dvr_chip *chip)
{
	return chip->id.is_1t1r ? 1u : chip->info->max_nss;
}

static unsigned chip_chains(const struct dvr_chip *chip)
{
	return dvr_chip_rf_paths(chip);
}

/* "the RTL8812AU", or "this RTL8812AU (a 1T1R part)" when the strap cut
 * its streams and chains below what the chip family has. */
static void chip_phrase(const struct dvr_chip *chip, char *buf, size_t len)
{
	if (chip->id.is_1t1r)
		snprintf(buf, len, "this %s (a 1T1R part)", chip_name(chip));
	else
		snprintf(buf, len, "the %s", chip_name(chip));
}

/* The rate as a person names it: "MCS 31", "VHT NSS 2 MCS 9",
 * "11 Mbit/s". */
static void rate_phrase(const struct dvr_rate *r, char *buf, size_t len)
{
	if (r->kind == DVR_RATE_HT)
		snprintf(buf, len, "MCS %u", r->mcs);
	else if (r->kind == DVR_RATE_VHT)
		snprintf(buf, len, "VHT NSS %u MCS %u", r->nss, r->mcs);
	else if (r->legacy_500k % 2)
		snprintf(buf, len, "%u.5 Mbit/s", r->legacy_500k / 2u);
	else
		snprintf(buf, len, "%u Mbit/s", r->legacy_500k / 2u);
}

/* Sub-channel of a PPDU of @p bw inside the tuned channel. */
static uint8_t data_sc(const struct dvr_chip *chip, unsigned bw)
{
	struct dvr_chan_geometry g;

	if (dvr_baseband_bw_mhz(chip->channel.bw_mhz) <= bw)
		return DVR_SC_DONT_CARE;   /* fills it, or nothing is tuned */
	if (dvr_chan_geometry_for_chip(chip->info, &chip->channel, &g) !=
	    DVR_OK)
		return DVR_SC_DONT_CARE;
	return (uint8_t)dvr_chan_data_sc(&g, bw);
}

static int no_such_rate(const struct why *w, const struct dvr_rate *r)
{
	char rate[32];

	switch (r->kind) {
	case DVR_RATE_HT:
		return refuse(w, DVR_E_INVALID,
		              "HT MCS %u does not exist (MCS 0 to 31)", r->mcs);
	case DVR_RATE_VHT:
		return refuse(w, DVR_E_INVALID,
		              "VHT NSS %u MCS %u does not exist (NSS 1 to 4, "
		              "MCS 0 to 9)", r->nss, r->mcs);
	case DVR_RATE_LEGACY:
		rate_phrase(r, rate, sizeof rate);
		return refuse(w, DVR_E_INVALID,
		              "%s is not an 802.11 legacy rate (1, 2, 5.5, 11 "
		              "CCK; 6 to 54 OFDM)", rate);
	default:
		return refuse(w, DVR_E_INVALID, "rate kind %u does not exist",
		              r->kind);
	}
}

/* Rate code, streams and RATE_ID of the rate at PPDU bandwidth @p bw. */
static int pick_rate(const struct dvr_chip *chip,
                     const struct dvr_tx_caps *caps,
                     const struct dvr_rate *r, unsigned bw,
                     struct dvr_tx_vector *v, const struct why *w)
{
	char rate[32], who[64];

	if (dvr_desc_rate_from(r, &v->code) != DVR_OK)
		return no_such_rate(w, r);
	v->nss = (uint8_t)dvr_desc_rate_nss(v->code);
	v->ht_vht = dvr_desc_rate_is_ht(v->code) ||
	            dvr_desc_rate_is_vht(v->code);
	if (!v->ht_vht) {
		bool cck = dvr_desc_rate_is_cck(v->code);
		if (cck && chip->channel.channel > 14) {
			rate_phrase(r, rate, sizeof rate);
			return refuse(w, DVR_E_UNSUPPORTED,
			              "%s is a CCK rate, which exists only on "
			              "2.4 GHz; channel %u is 5 GHz (use 6 Mbit/s "
			              "or faster)", rate, chip->channel.channel);
		}
		v->rate_id = cck ? DVR_RATE_ID_B : DVR_RATE_ID_G;
		return DVR_OK;
	}
	if (v->nss > chip_streams(chip)) {
		rate_phrase(r, rate, sizeof rate);
		chip_phrase(chip, who, sizeof who);
		return refuse(w, DVR_E_UNSUPPORTED,
		              "%s needs %u spatial streams; %s sends at most %u",
		              rate, v->nss, who, chip_streams(chip));
	}
	if (r->kind == DVR_RATE_HT) {
		if (bw > 40)
			return refuse(w, DVR_E_UNSUPPORTED,
			              "HT has no %u MHz PPDU (20 or 40 MHz; an "
			              "80 MHz PPDU needs a VHT rate)", bw);
		if (v->nss == 3)       /* one table for 20 and 40 MHz */
			v->rate_id = DVR_RATE_ID_BGN_3SS;
		else if (bw == 40)
			v->rate_id = v->nss == 2 ? DVR_RATE_ID_BGN40_2SS
			                         : DVR_RATE_ID_BGN40_1SS;
		else
			v->rate_id = v->nss == 2 ? DVR_RATE_ID_BGN20_2SS
			                         : DVR_RATE_ID_BGN20_1SS;
		return DVR_OK;
	}
	if (!caps || !caps->vht) {
		chip_phrase(chip, who, sizeof who);
		return refuse(w, DVR_E_UNSUPPORTED,
		              "%s has no VHT (an 802.11n-only board): use an "
		              "HT MCS", who);
	}
	/* At 20 MHz the MCS9 symbol holds a whole number of data bits only
	 * with 3 (or 6) streams (IEEE 802.11 VHT MCS tables). */
	if (r->mcs == 9 && bw == 20 && v->nss != 3)
		return refuse(w, DVR_E_INVALID,
		              "VHT MCS 9 does not exist at 20 MHz with %u "
		              "spatial stream%s (only with 3)", v->nss,
		              v->nss == 1 ? "" : "s");
	v->rate_id = v->nss == 3 ? DVR_RATE_ID_AC_3SS :
	             v->nss == 2 ? DVR_RATE_ID_AC_2SS : DVR_RATE_ID_AC_1SS;
	return DVR_OK;
}

/* STBC as Realtek descriptors carry it (DATA_STBC = 1): one spatial
 * stream spread over two chains, nothing else. */
static int check_stbc(const struct dvr_chip *chip,
                      const struct dvr_tx_params *tp,
                      const struct dvr_tx_vector *v, const struct why *w)
{
	char who[64];

	if (!tp->stbc)
		return DVR_OK;
	chip_phrase(chip, who, sizeof who);
	if (!chip->info->tx_stbc)
		return refuse(w, DVR_E_UNSUPPORTED, "%s cannot send STBC", who);
	if (!v->ht_vht)
		return refuse(w, DVR_E_UNSUPPORTED,
		              "STBC needs an HT or VHT rate, not a legacy one");
	if (tp->stbc > 1)
		return refuse(w, DVR_E_UNSUPPORTED,
		              "STBC adds one space-time stream, not %u",
		              tp->stbc);
	if (chip_chains(chip) < 2)
		return refuse(w, DVR_E_UNSUPPORTED,
		              "STBC needs 2 TX chains; %s has %u", who,
		              chip_chains(chip));
	if (v->nss != 1)
		return refuse(w, DVR_E_UNSUPPORTED,
		              "STBC doubles a single spatial stream onto 2 "
		              "chains; this rate has %u streams, and 2 STBC "
		              "streams need 4 chains (%s has %u)", v->nss, who,
		              chip_chains(chip));
	return DVR_OK;
}

int dvr_tx_vector_check(const struct dvr_chip *chip,
                        const struct dvr_tx_caps *caps,
                        const struct dvr_tx_desc_req *req,
                        struct dvr_tx_vector *out, char *why, size_t why_len)
{
	const struct dvr_tx_params *tp = req->params;
	const struct why w = { why, why_len };
	struct dvr_tx_vector v = { 0 };
	char who[64];
	int st;

	if (req->frame_len == 0)
		return refuse(&w, DVR_E_INVALID, "an empty frame");
	if (req->frame_len > chip->info->max_tx_frame)
		return refuse(&w, DVR_E_OVERFLOW,
		              "a %zu-byte frame is longer than the %s sends "
		              "(%zu bytes)", req->frame_len, chip_name(chip),
		              chip->info->max_tx_frame);
	v.bw_mhz = tp->bw_mhz ? tp->bw_mhz : 20;
	if (v.bw_mhz != 20 && v.bw_mhz != 40 && v.bw_mhz != 80)
		return refuse(&w, DVR_E_INVALID,
		              "a %u MHz PPDU does not exist (20, 40 or 80 MHz)",
		              v.bw_mhz);
	if (v.bw_mhz > chip->info->max_bw_mhz)
		return refuse(&w, DVR_E_UNSUPPORTED,
		              "%u MHz is wider than the %s sends (%u MHz at "
		              "most)", v.bw_mhz, chip_name(chip),
		              chip->info->max_bw_mhz);
	if (tp->rate.kind == DVR_RATE_LEGACY)
		v.bw_mhz = 20;         /* legacy PPDUs are 20 MHz */
	/* a 5/10 MHz channel runs the 20 MHz baseband (hal.h) */
	if (chip->channel.bw_mhz &&
	    v.bw_mhz > dvr_baseband_bw_mhz(chip->channel.bw_mhz))
		return refuse(&w, DVR_E_INVALID,
		              "a %u MHz PPDU is wider than the tuned channel "
		              "(channel %u, %u MHz)", v.bw_mhz,
		              chip->channel.channel, chip->channel.bw_mhz);
	if ((st = pick_rate(chip, caps, &tp->rate, v.bw_mhz, &v, &w)) !=
	    DVR_OK)
		return st;
	if (!v.ht_vht && req->frame_len > DVR_TX_LEGACY_MAX_FRAME)
		return refuse(&w, DVR_E_OVERFLOW,
		              "a %zu-byte frame is longer than a legacy PPDU "
		              "holds (%u bytes)", req->frame_len,
		              DVR_TX_LEGACY_MAX_FRAME);
	if ((st = check_stbc(chip, tp, &v, &w)) != DVR_OK)
		return st;
	if (tp->ldpc) {
		chip_phrase(chip, who, sizeof who);
		if (!chip->info->tx_ldpc)
			return refuse(&w, DVR_E_UNSUPPORTED,
			              "%s cannot send LDPC", who);
		if (!v.ht_vht)
			return refuse(&w, DVR_E_UNSUPPORTED,
			              "LDPC codes only HT and VHT PPDUs, not a "
			              "legacy rate");
	}
	v.data_sc = data_sc(chip, v.bw_mhz);
	*out = v;
	return DVR_OK;
}
