/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar3 48-byte TX descriptor (12 little-endian dwords; field map: vendor
 * HalMAC halmac_tx_desc_nic.h, rtw88 tx.h) for injected frames, and the
 * descriptors of firmware-bound packets. Pure functions: no I/O.
 */
#include <string.h>

#include "hal/common/chan_geometry.h"
#include "hal/jaguar3/jaguar3.h"

#define MACID_INJECT 1u        /* the broadcast/monitor station entry */
#define LEGACY_MAX_FRAME 4091u /* L-SIG length 4095 incl. 4-byte FCS */
#define RETRY_MAX 63u          /* RTS_DATA_RTY_LMT is 6 bits */

/* RATE_ID codes (rtw88 main.h RATEID_IDX_*). */
enum { RID_BGN40_2SS = 0, RID_BGN40_1SS = 1, RID_BGN20_2SS = 2,
       RID_BGN20_1SS = 3, RID_G = 7, RID_B = 8, RID_AC_2SS = 9,
       RID_AC_1SS = 10 };

uint16_t jaguar3_txdesc_checksum(const uint8_t *buf)
{
	size_t pkt_offset = (j3_get_le32(buf + 4) >> 24) & 0x1F;
	size_t n = JAGUAR3_TX_DESC_LEN + 8 * pkt_offset;
	uint16_t x = 0;

	for (size_t i = 0; i < n; i += 2) {
		if (i == 28)
			continue;          /* the checksum field counts as 0 */
		x ^= (uint16_t)(buf[i] | buf[i + 1] << 8);
	}
	return x;
}

void jaguar3_txdesc_fill_checksum(uint8_t *buf)
{
	uint16_t x = jaguar3_txdesc_checksum(buf);

	buf[28] = (uint8_t)x;
	buf[29] = (uint8_t)(x >> 8);
}

void jaguar3_fw_pkt_desc(uint8_t *desc, size_t len, uint8_t qsel)
{
	uint32_t dw0 = (uint32_t)(len & 0xFFFF);

	memset(desc, 0, JAGUAR3_TX_DESC_LEN);
	if (qsel != JAGUAR3_QSEL_H2C)
		dw0 |= JAGUAR3_TX_DESC_LEN << 16 | 1u << 26; /* OFFSET, LS */
	j3_put_le32(desc, dw0);
	j3_put_le32(desc + 4, (uint32_t)(qsel & 0x1F) << 8);
	jaguar3_txdesc_fill_checksum(desc);
}

struct tx_vector {
	uint8_t code;     /* DATARATE (rtw88 main.h DESC_RATE*) */
	uint8_t rate_id;
	uint8_t nss;
	bool ht_vht;
};

static unsigned chip_nss(const struct dvr_chip *chip)
{
	return chip->id.is_1t1r ? 1u : chip->info->max_nss;
}

static int legacy_code(uint8_t r500k)
{
	static const uint8_t rates[12] = { 2, 4, 11, 22, 12, 18, 24, 36, 48,
	                                   72, 96, 108 };
	for (int i = 0; i < 12; i++)
		if (rates[i] == r500k)
			return i;
	return -1;
}

static int pick_rate(const struct dvr_chip *chip,
                     const struct dvr_tx_params *tp, unsigned bw,
                     struct tx_vector *v)
{
	const struct dvr_rate *r = &tp->rate;

	switch (r->kind) {
	case DVR_RATE_LEGACY: {
		int c = legacy_code(r->legacy_500k);
		if (c < 0)
			return DVR_E_INVALID;
		if (c < 4 && chip->channel.channel > 14)
			return DVR_E_UNSUPPORTED;  /* no CCK on 5 GHz */
		*v = (struct tx_vector){ (uint8_t)c, c < 4 ? RID_B : RID_G, 1,
		                         false };
		return DVR_OK;
	}
	case DVR_RATE_HT:
		if (r->mcs > 31)
			return DVR_E_INVALID;
		v->nss = (uint8_t)(r->mcs / 8 + 1);
		if (v->nss > chip_nss(chip))
			return DVR_E_UNSUPPORTED;
		if (bw > 40)
			return DVR_E_UNSUPPORTED;  /* HT has no 80 MHz */
		v->code = (uint8_t)(0x0C + r->mcs);
		v->rate_id = bw == 40 ?
			(v->nss == 2 ? RID_BGN40_2SS : RID_BGN40_1SS) :
			(v->nss == 2 ? RID_BGN20_2SS : RID_BGN20_1SS);
		v->ht_vht = true;
		return DVR_OK;
	case DVR_RATE_VHT:
		if (r->nss < 1 || r->nss > 4 || r->mcs > 9)
			return DVR_E_INVALID;
		if (r->nss > chip_nss(chip))
			return DVR_E_UNSUPPORTED;
		/* VHT MCS9 at 20 MHz exists only for 3 (and 6) streams:
		 * its symbol would not hold a whole number of bits. */
		if (r->mcs == 9 && bw == 20 && r->nss != 3)
			return DVR_E_INVALID;
		v->nss = r->nss;
		v->code = (uint8_t)(0x2C + 10 * (r->nss - 1) + r->mcs);
		v->rate_id = r->nss == 2 ? RID_AC_2SS : RID_AC_1SS;
		v->ht_vht = true;
		return DVR_OK;
	default:
		return DVR_E_INVALID;
	}
}

static uint8_t data_sc(const struct dvr_chip *chip, unsigned bw)
{
	struct dvr_chan_geometry g;

	if (!chip->channel.bw_mhz || chip->channel.bw_mhz <= bw)
		return DVR_SC_DONT_CARE;
	if (dvr_chan_geometry_for_chip(chip->info, &chip->channel, &g) !=
	    DVR_OK)
		return DVR_SC_DONT_CARE;
	return dvr_chan_data_sc(&g, bw);
}

int jaguar3_build_tx_desc(const struct dvr_chip *chip, uint8_t *desc,
                          const struct dvr_tx_desc_req *req)
{
	const struct dvr_tx_params *tp;
	struct tx_vector v;
	unsigned bw;
	int st;

	if (!chip || !desc || !req || !req->params)
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
		bw = 20;                       /* legacy PPDUs are 20 MHz */
	if (chip->channel.bw_mhz && bw > chip->channel.bw_mhz)
		return DVR_E_INVALID;          /* wider than the channel */
	if ((st = pick_rate(chip, tp, bw, &v)) != DVR_OK)
		return st;
	if (!v.ht_vht && req->frame_len > LEGACY_MAX_FRAME)
		return DVR_E_OVERFLOW;
	if (tp->stbc) {
		/* STBC maps one spatial stream onto two chains; nothing
		 * else fits a 2-chain chip. */
		if (!v.ht_vht || tp->stbc > 1 || v.nss != 1 ||
		    chip_nss(chip) < 2)
			return DVR_E_UNSUPPORTED;
	}
	if (tp->ldpc && !v.ht_vht)
		return DVR_E_UNSUPPORTED;
	if (tp->short_gi && !v.ht_vht)
		return DVR_E_UNSUPPORTED;  /* DATA_SHORT would mean short
		                              preamble on CCK */

	uint32_t dw[12] = { 0 };
	dw[0] = (uint32_t)req->frame_len | JAGUAR3_TX_DESC_LEN << 16 |
	        1u << 26 /* LS */ | 1u << 31 /* DISQSELSEQ */;
	if (req->group_addressed)
		dw[0] |= 1u << 24;             /* BMC */
	dw[1] = MACID_INJECT | (uint32_t)JAGUAR3_QSEL_MGMT << 8 |
	        (uint32_t)v.rate_id << 16;
	dw[2] = 0x3Fu << 24;                   /* G_ID: no MU group */
	dw[3] = 1u << 8 /* USE_RATE */ | 1u << 10 /* DISDATAFB */;
	unsigned retries = tp->no_ack ? 0 :
	                   tp->retries > RETRY_MAX ? RETRY_MAX : tp->retries;
	dw[4] = v.code | 1u << 17 /* RTY_LMT_EN */ | (uint32_t)retries << 18;
	dw[5] = data_sc(chip, bw) & 0xFu;
	if (tp->short_gi)
		dw[5] |= 1u << 4;              /* DATA_SHORT */
	dw[5] |= (uint32_t)(bw == 80 ? 2 : bw == 40 ? 1 : 0) << 5;
	if (tp->ldpc)
		dw[5] |= 1u << 7;
	if (tp->stbc)
		dw[5] |= 1u << 8;              /* DATA_STBC = 1 */
	if (tp->keep_seq)
		dw[9] = (uint32_t)(req->seq & 0xFFF) << 12;  /* SW_SEQ */
	else
		dw[8] = 1u << 15;              /* EN_HWSEQ */

	for (unsigned i = 0; i < 12; i++)
		j3_put_le32(desc + 4 * i, dw[i]);
	jaguar3_txdesc_fill_checksum(desc);
	return (int)JAGUAR3_TX_DESC_LEN;
}
