/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar1 40-byte TX descriptor for injected frames (rtw88 tx.h
 * field layout, RATE_ID numbering of main.h enum rtw_rate_index). Pure
 * function of the request and the chip state: no I/O, no allocation.
 */
#include "hal/common/chan_geometry.h"
#include "hal/common/rate_codes.h"
#include "hal/jaguar1/jaguar1.h"

#define QSEL_MGMT 0x12u
#define MACID_BMC 1u       /* vendor/D: the broadcast station entry */
#define LEGACY_MAX_FRAME 4091u /* L-SIG length 4095 incl. 4-byte FCS */

/* RATE_ID: the rate-adaptation table a frame belongs to. */
enum { RID_BGN40_2SS = 0, RID_BGN40_1SS = 1, RID_BGN20_2SS = 2,
       RID_BGN20_1SS = 3, RID_G = 7, RID_B = 8, RID_AC_2SS = 9,
       RID_AC_1SS = 10 };

struct tx_vector {
	uint8_t code;     /* DATARATE */
	uint8_t rate_id;
	uint8_t nss;
	bool ht_vht;
};

static int pick_rate(const struct dvr_chip *chip,
                     const struct dvr_tx_params *tp, unsigned bw,
                     struct tx_vector *v)
{
	unsigned max_nss = chip->id.is_1t1r ? 1 : chip->info->max_nss;
	const struct dvr_rate *r = &tp->rate;
	int st = dvr_desc_rate_from(r, &v->code);

	if (st != DVR_OK)
		return st;
	v->nss = (uint8_t)dvr_desc_rate_nss(v->code);
	v->ht_vht = !dvr_desc_rate_is_cck(v->code) &&
	            !dvr_desc_rate_is_ofdm(v->code);
	if (!v->ht_vht) {
		/* No CCK on 5 GHz. */
		if (dvr_desc_rate_is_cck(v->code) && chip->channel.channel > 14)
			return DVR_E_UNSUPPORTED;
		v->rate_id = dvr_desc_rate_is_cck(v->code) ? RID_B : RID_G;
		return DVR_OK;
	}
	if (v->nss > max_nss)
		return DVR_E_UNSUPPORTED;
	if (r->kind == DVR_RATE_HT) {
		if (bw > 40)
			return DVR_E_UNSUPPORTED;   /* HT has no 80 MHz */
		v->rate_id = bw == 40 ? (v->nss == 2 ? RID_BGN40_2SS : RID_BGN40_1SS)
		                      : (v->nss == 2 ? RID_BGN20_2SS : RID_BGN20_1SS);
		return DVR_OK;
	}
	if (jaguar1_priv(chip) && jaguar1_priv(chip)->no_vht)
		return DVR_E_UNSUPPORTED;           /* 11n-only board */
	/* MCS9 at 20 MHz exists only for 3 streams. */
	if (r->mcs == 9 && bw == 20)
		return DVR_E_INVALID;
	v->rate_id = v->nss == 2 ? RID_AC_2SS : RID_AC_1SS;
	return DVR_OK;
}

/* Sub-channel of a frame narrower than the tuned channel; 0 when it
 * fills the channel (or no channel is tuned yet). */
static unsigned data_sc(const struct dvr_chip *chip, unsigned bw)
{
	struct dvr_chan_geometry g;

	if (chip->channel.bw_mhz <= bw)
		return DVR_SC_DONT_CARE;
	if (dvr_chan_geometry_for_chip(chip->info, &chip->channel, &g) !=
	    DVR_OK)
		return DVR_SC_DONT_CARE;
	return dvr_chan_data_sc(&g, bw);
}

static uint16_t desc_checksum(const uint8_t *d)
{
	uint16_t x = 0;

	for (unsigned i = 0; i < 32; i += 2)
		x ^= (uint16_t)(d[i] | d[i + 1] << 8);
	return x;
}

int jaguar1_build_tx_desc(const struct dvr_chip *chip, uint8_t *desc,
                           const struct dvr_tx_desc_req *req)
{
	const struct dvr_tx_params *tp;
	struct tx_vector v;
	unsigned bw;
	int st;

	if (!desc || !req || !req->params)
		return DVR_E_INVALID;
	tp = req->params;
	if (req->frame_len == 0)
		return DVR_E_INVALID;
	if (req->frame_len > chip->info->max_tx_frame)
		return DVR_E_OVERFLOW;

	bw = tp->bw_mhz ? tp->bw_mhz : 20;
	if (bw != 20 && bw != 40 && bw != 80)
		return DVR_E_INVALID;
	if (bw > chip->info->max_bw_mhz)
		return DVR_E_UNSUPPORTED;
	if (tp->rate.kind == DVR_RATE_LEGACY)
		bw = 20;               /* legacy PPDUs are 20 MHz */
	if (chip->channel.bw_mhz && bw > chip->channel.bw_mhz)
		return DVR_E_INVALID;  /* wider than the tuned channel */
	if ((st = pick_rate(chip, tp, bw, &v)) != DVR_OK)
		return st;
	if (!v.ht_vht && req->frame_len > LEGACY_MAX_FRAME)
		return DVR_E_OVERFLOW;
	if (tp->stbc) {
		/* STBC doubles the space-time streams: only 1 -> 2 on a
		 * 2-chain chip. */
		if (!v.ht_vht || tp->stbc > 1 || v.nss != 1 ||
		    chip->id.is_1t1r || chip->info->rf_paths < 2)
			return DVR_E_UNSUPPORTED;
	}
	if (tp->ldpc && !v.ht_vht)
		return DVR_E_UNSUPPORTED;

	uint32_t dw[10] = { 0 };
	dw[0] = (uint32_t)req->frame_len | JAGUAR1_TX_DESC_LEN << 16 |
	        1u << 26 /* LS */ | 1u << 27 /* FS */ | 1u << 31 /* OWN */;
	if (req->group_addressed)
		dw[0] |= 1u << 24;     /* BMC */
	dw[1] = MACID_BMC | QSEL_MGMT << 8 | (uint32_t)v.rate_id << 16;
	dw[3] = 1u << 8 /* USE_RATE */ | 1u << 10 /* DISDATAFB */;
	unsigned retries = tp->no_ack ? 0 : (tp->retries > 63 ? 63 : tp->retries);
	dw[4] = v.code | 0x1Fu << 8 /* DATA_RATE_FB_LIMIT */ |
	        1u << 17 /* RETRY_LIMIT_EN */ | (uint32_t)retries << 18;
	dw[5] = data_sc(chip, bw) & 0xF;
	if (v.ht_vht && tp->short_gi)
		dw[5] |= 1u << 4;      /* DATA_SHORT */
	dw[5] |= (uint32_t)(bw == 80 ? 2 : bw == 40 ? 1 : 0) << 5;
	if (tp->ldpc)
		dw[5] |= 1u << 7;
	if (tp->stbc)
		dw[5] |= 1u << 8;      /* DATA_STBC = 1 */
	if (tp->keep_seq)
		dw[9] = (uint32_t)(req->seq & 0xFFF) << 12;
	else
		dw[8] = 1u << 15;      /* EN_HWSEQ */

	for (unsigned i = 0; i < 10; i++)
		jaguar1_put_le32(desc + 4 * i, dw[i]);
	uint16_t sum = desc_checksum(desc);
	desc[28] = (uint8_t)sum;
	desc[29] = (uint8_t)(sum >> 8);
	return (int)JAGUAR1_TX_DESC_LEN;
}
