/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "hal/common/tx_vector.h"

#include "hal/common/chan_geometry.h"
#include "hal/common/rate_codes.h"

static int refuse(const char **reason, int st, const char *why)
{
	if (reason)
		*reason = why;
	return st;
}

static unsigned chip_streams(const struct dvr_chip *chip)
{
	return chip->id.is_1t1r ? 1u : chip->info->max_nss;
}

static unsigned chip_chains(const struct dvr_chip *chip)
{
	return chip->id.is_1t1r ? 1u : chip->info->rf_paths;
}

/* Sub-channel of a PPDU of @p bw inside the tuned channel. */
static uint8_t data_sc(const struct dvr_chip *chip, unsigned bw)
{
	struct dvr_chan_geometry g;

	if (chip->channel.bw_mhz <= bw)
		return DVR_SC_DONT_CARE;   /* fills it, or nothing is tuned */
	if (dvr_chan_geometry_for_chip(chip->info, &chip->channel, &g) !=
	    DVR_OK)
		return DVR_SC_DONT_CARE;
	return (uint8_t)dvr_chan_data_sc(&g, bw);
}

/* Rate code, streams and RATE_ID of the rate at PPDU bandwidth @p bw. */
static int pick_rate(const struct dvr_chip *chip,
                     const struct dvr_tx_caps *caps,
                     const struct dvr_rate *r, unsigned bw,
                     struct dvr_tx_vector *v, const char **reason)
{
	if (dvr_desc_rate_from(r, &v->code) != DVR_OK)
		return refuse(reason, DVR_E_INVALID, "no such rate");
	v->nss = (uint8_t)dvr_desc_rate_nss(v->code);
	v->ht_vht = dvr_desc_rate_is_ht(v->code) ||
	            dvr_desc_rate_is_vht(v->code);
	if (!v->ht_vht) {
		bool cck = dvr_desc_rate_is_cck(v->code);
		if (cck && chip->channel.channel > 14)
			return refuse(reason, DVR_E_UNSUPPORTED,
			              "CCK on a 5 GHz channel");
		v->rate_id = cck ? DVR_RATE_ID_B : DVR_RATE_ID_G;
		return DVR_OK;
	}
	if (v->nss > chip_streams(chip))
		return refuse(reason, DVR_E_UNSUPPORTED,
		              "more spatial streams than the chip has");
	if (r->kind == DVR_RATE_HT) {
		if (bw > 40)
			return refuse(reason, DVR_E_UNSUPPORTED,
			              "HT has no 80 MHz PPDU");
		if (bw == 40)
			v->rate_id = v->nss == 2 ? DVR_RATE_ID_BGN40_2SS
			                         : DVR_RATE_ID_BGN40_1SS;
		else
			v->rate_id = v->nss == 2 ? DVR_RATE_ID_BGN20_2SS
			                         : DVR_RATE_ID_BGN20_1SS;
		return DVR_OK;
	}
	if (!caps || !caps->vht)
		return refuse(reason, DVR_E_UNSUPPORTED, "no VHT on this part");
	/* At 20 MHz the MCS9 symbol holds a whole number of data bits only
	 * with 3 (or 6) streams (IEEE 802.11 VHT MCS tables). */
	if (r->mcs == 9 && bw == 20 && v->nss != 3)
		return refuse(reason, DVR_E_INVALID,
		              "VHT MCS9 does not exist at 20 MHz");
	v->rate_id = v->nss == 2 ? DVR_RATE_ID_AC_2SS : DVR_RATE_ID_AC_1SS;
	return DVR_OK;
}

int dvr_tx_vector_check(const struct dvr_chip *chip,
                        const struct dvr_tx_caps *caps,
                        const struct dvr_tx_desc_req *req,
                        struct dvr_tx_vector *out, const char **reason)
{
	const struct dvr_tx_params *tp = req->params;
	struct dvr_tx_vector v = { 0 };
	int st;

	if (req->frame_len == 0)
		return refuse(reason, DVR_E_INVALID, "empty frame");
	if (req->frame_len > chip->info->max_tx_frame)
		return refuse(reason, DVR_E_OVERFLOW,
		              "frame longer than the chip sends");
	v.bw_mhz = tp->bw_mhz ? tp->bw_mhz : 20;
	if (v.bw_mhz != 20 && v.bw_mhz != 40 && v.bw_mhz != 80)
		return refuse(reason, DVR_E_INVALID, "no such bandwidth");
	if (v.bw_mhz > chip->info->max_bw_mhz)
		return refuse(reason, DVR_E_UNSUPPORTED,
		              "wider than the chip sends");
	if (tp->rate.kind == DVR_RATE_LEGACY)
		v.bw_mhz = 20;         /* legacy PPDUs are 20 MHz */
	if (chip->channel.bw_mhz && v.bw_mhz > chip->channel.bw_mhz)
		return refuse(reason, DVR_E_INVALID,
		              "wider than the tuned channel");
	if ((st = pick_rate(chip, caps, &tp->rate, v.bw_mhz, &v, reason)) !=
	    DVR_OK)
		return st;
	if (!v.ht_vht && req->frame_len > DVR_TX_LEGACY_MAX_FRAME)
		return refuse(reason, DVR_E_OVERFLOW,
		              "frame longer than a legacy PPDU holds");
	/* STBC sends one spatial stream on two chains: nothing else. */
	if (tp->stbc && (!v.ht_vht || tp->stbc > 1 || v.nss != 1 ||
	                 chip_chains(chip) < 2))
		return refuse(reason, DVR_E_UNSUPPORTED,
		              "STBC needs one HT/VHT stream on two chains");
	if (tp->ldpc && !v.ht_vht)
		return refuse(reason, DVR_E_UNSUPPORTED,
		              "LDPC only codes HT/VHT PPDUs");
	v.data_sc = data_sc(chip, v.bw_mhz);
	*out = v;
	return DVR_OK;
}
