/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar1 40-byte TX descriptor for injected frames (rtw88 tx.h
 * field layout, RATE_ID numbering of main.h enum rtw_rate_index). Pure
 * function of the request and the chip state: no I/O, no allocation.
 */
#include "hal/common/le32.h"
#include "hal/common/tx_vector.h"
#include "hal/jaguar1/jaguar1.h"

#define QSEL_MGMT 0x12u
#define MACID_BMC 1u       /* vendor/D: the broadcast station entry */

static uint16_t desc_checksum(const uint8_t *d)
{
	uint16_t x = 0;

	for (unsigned i = 0; i < 32; i += 2)
		x ^= (uint16_t)(d[i] | d[i + 1] << 8);
	return x;
}

/* Everything the descriptor below refuses, decided here once: the
 * build and the check op answer alike by construction. */
static int jaguar1_tx_vector(const struct dvr_chip *chip,
                             const struct dvr_tx_desc_req *req,
                             struct dvr_tx_vector *v, char *why,
                             size_t why_len)
{
	struct dvr_tx_caps caps;

	/* An 11n-only board (efuse) has no VHT. */
	caps.vht = !(jaguar1_priv(chip) && jaguar1_priv(chip)->no_vht);
	return dvr_tx_vector_check(chip, &caps, req, v, why, why_len);
}

int jaguar1_check_tx_vector(const struct dvr_chip *chip,
                            const struct dvr_tx_desc_req *req, char *why,
                            size_t why_len)
{
	struct dvr_tx_vector v;

	if (!chip || !req || !req->params)
		return DVR_E_INVALID;
	return jaguar1_tx_vector(chip, req, &v, why, why_len);
}

int jaguar1_build_tx_desc(const struct dvr_chip *chip, uint8_t *desc,
                           const struct dvr_tx_desc_req *req)
{
	const struct dvr_tx_params *tp;
	struct dvr_tx_vector v;
	unsigned bw;
	int st;

	if (!desc || !req || !req->params)
		return DVR_E_INVALID;
	tp = req->params;
	if ((st = jaguar1_tx_vector(chip, req, &v, NULL, 0)) != DVR_OK)
		return st;
	bw = v.bw_mhz;

	const struct jaguar1_data *jd = jaguar1_data(chip);
	const bool plain = jd && jd->tx_dw0_plain;
	uint32_t dw[10] = { 0 };
	dw[0] = (uint32_t)req->frame_len | JAGUAR1_TX_DESC_LEN << 16 |
	        1u << 26 /* LS */;
	if (!plain)
		dw[0] |= 1u << 27 /* FS */ | 1u << 31 /* OWN */;
	if (req->group_addressed)
		dw[0] |= 1u << 24;     /* BMC */
	dw[1] = MACID_BMC | QSEL_MGMT << 8 | (uint32_t)v.rate_id << 16;
	dw[3] = 1u << 8 /* USE_RATE */ | 1u << 10 /* DISDATAFB */;
	unsigned retries = tp->no_ack ? 0 : (tp->retries > 63 ? 63 : tp->retries);
	dw[4] = v.code | 1u << 17 /* RETRY_LIMIT_EN */ |
	        (uint32_t)retries << 18;
	if (!plain)
		dw[4] |= 0x1Fu << 8;   /* DATA_RATE_FB_LIMIT */
	dw[5] = v.data_sc & 0xF;
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
		dvr_le32_put(desc + 4 * i, dw[i]);
	uint16_t sum = desc_checksum(desc);
	desc[28] = (uint8_t)sum;
	desc[29] = (uint8_t)(sum >> 8);
	return (int)JAGUAR1_TX_DESC_LEN;
}

void jaguar1_tx_agg_head(const struct dvr_chip *chip, uint8_t *desc,
                         unsigned n)
{
	(void)chip;
	/* 8 bits; the core asks for no more than the die's tx_agg_max */
	desc[31] = (uint8_t)(n > 0xFF ? 0xFF : n);
	desc[28] = desc[29] = 0;
	uint16_t sum = desc_checksum(desc);
	desc[28] = (uint8_t)sum;
	desc[29] = (uint8_t)(sum >> 8);
}
