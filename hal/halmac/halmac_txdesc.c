/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The HalMAC generation's 48-byte TX descriptor (12 little-endian dwords;
 * field map: vendor HalMAC halmac_tx_desc_nic.h, rtw88 tx.h) for injected
 * frames, and the descriptors of firmware-bound packets. Pure functions:
 * no I/O.
 */
#include <stdio.h>
#include <string.h>

#include "hal/common/le32.h"
#include "hal/common/tx_vector.h"
#include "hal/halmac/halmac.h"

#define MACID_INJECT 1u        /* the broadcast/monitor station entry */
#define RETRY_MAX 63u          /* RTS_DATA_RTY_LMT is 6 bits */

/* Bytes the DMA checks: rtw88 rtw8822c_fill_txdesc_checksum counts the
 * descriptor and its PKT_OFFSET padding, rtw8822b/rtw8821c
 * (fill_txdesc_checksum_common with 16 words) the first 32 bytes. */
static size_t checksum_span(const struct halmac_data *d, const uint8_t *buf)
{
	if (!d->txdesc_csum_full)
		return 32;
	size_t pkt_offset = (dvr_le32_get(buf + 4) >> 24) & 0x1F;
	return HALMAC_TX_DESC_LEN + 8 * pkt_offset;
}

uint16_t halmac_txdesc_checksum(const struct halmac_data *d,
                                const uint8_t *buf)
{
	size_t n = checksum_span(d, buf);
	uint16_t x = 0;

	for (size_t i = 0; i < n; i += 2) {
		if (i == 28)
			continue;          /* the checksum field counts as 0 */
		x ^= (uint16_t)(buf[i] | buf[i + 1] << 8);
	}
	return x;
}

void halmac_txdesc_fill_checksum(const struct halmac_data *d, uint8_t *buf)
{
	uint16_t x = halmac_txdesc_checksum(d, buf);

	buf[28] = (uint8_t)x;
	buf[29] = (uint8_t)(x >> 8);
}

size_t halmac_fw_desc_len(const struct dvr_chip *chip)
{
	size_t n = chip->info->tx_desc_len;

	return n == 40 ? 40 : HALMAC_TX_DESC_LEN;
}

void halmac_fw_pkt_desc_len(const struct halmac_data *d, uint8_t *desc,
                            size_t desc_len, size_t len, uint8_t qsel)
{
	uint32_t dw0 = (uint32_t)(len & 0xFFFF);

	memset(desc, 0, desc_len);
	if (qsel != HALMAC_QSEL_H2C)
		dw0 |= (uint32_t)desc_len << 16 | 1u << 26; /* OFFSET, LS */
	dvr_le32_put(desc, dw0);
	dvr_le32_put(desc + 4, (uint32_t)(qsel & 0x1F) << 8);
	halmac_txdesc_fill_checksum(d, desc);
}

void halmac_fw_pkt_desc(const struct halmac_data *d, uint8_t *desc,
                        size_t len, uint8_t qsel)
{
	halmac_fw_pkt_desc_len(d, desc, HALMAC_TX_DESC_LEN, len, qsel);
}

void halmac_rsvd_page_desc(const struct dvr_chip *chip, uint8_t *desc,
                           size_t len)
{
	halmac_fw_pkt_desc_len(halmac_data(chip), desc,
	                       halmac_fw_desc_len(chip), len,
	                       HALMAC_QSEL_BEACON);
}

/* Everything the descriptor below refuses, decided here once: the
 * build and the check op answer alike by construction. */
static int tx_vector(const struct dvr_chip *chip,
                             const struct dvr_tx_desc_req *req,
                             struct dvr_tx_vector *v, char *why,
                             size_t why_len)
{
	const struct dvr_tx_caps caps = { .vht = true };
	int st = dvr_tx_vector_check(chip, &caps, req, v, why, why_len);

	if (st != DVR_OK)
		return st;
	/* DATA_SHORT on a legacy rate would mean short preamble on CCK. */
	if (req->params->short_gi && !v->ht_vht) {
		if (why && why_len)
			snprintf(why, why_len, "a short guard interval needs an "
			         "HT or VHT rate, not a legacy one");
		return DVR_E_UNSUPPORTED;
	}
	return DVR_OK;
}

int halmac_check_tx_vector(const struct dvr_chip *chip,
                           const struct dvr_tx_desc_req *req, char *why,
                           size_t why_len)
{
	struct dvr_tx_vector v;

	if (!chip || !req || !req->params)
		return DVR_E_INVALID;
	return tx_vector(chip, req, &v, why, why_len);
}

int halmac_build_tx_desc(const struct dvr_chip *chip, uint8_t *desc,
                         const struct dvr_tx_desc_req *req)
{
	const struct dvr_tx_params *tp;
	struct dvr_tx_vector v;
	unsigned bw;
	int st;

	if (!chip || !desc || !req || !req->params)
		return DVR_E_INVALID;
	tp = req->params;
	if ((st = tx_vector(chip, req, &v, NULL, 0)) != DVR_OK)
		return st;
	bw = v.bw_mhz;

	uint32_t dw[12] = { 0 };
	dw[0] = (uint32_t)req->frame_len | HALMAC_TX_DESC_LEN << 16 |
	        1u << 26 /* LS */ | 1u << 31 /* DISQSELSEQ */;
	if (req->group_addressed)
		dw[0] |= 1u << 24;             /* BMC */
	dw[1] = MACID_INJECT | (uint32_t)HALMAC_QSEL_MGMT << 8 |
	        (uint32_t)v.rate_id << 16;
	dw[2] = 0x3Fu << 24;                   /* G_ID: no MU group */
	dw[3] = 1u << 8 /* USE_RATE */ | 1u << 10 /* DISDATAFB */;
	unsigned retries = tp->no_ack ? 0 :
	                   tp->retries > RETRY_MAX ? RETRY_MAX : tp->retries;
	dw[4] = v.code | 1u << 17 /* RTY_LMT_EN */ | (uint32_t)retries << 18;
	dw[5] = v.data_sc & 0xFu;
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
		dvr_le32_put(desc + 4 * i, dw[i]);
	halmac_txdesc_fill_checksum(halmac_data(chip), desc);
	return (int)HALMAC_TX_DESC_LEN;
}

void halmac_tx_agg_head(const struct dvr_chip *chip, uint8_t *desc,
                        unsigned n)
{
	/* The field is 8 bits; the core never asks for more than the
	 * chip's tx_agg_max. */
	desc[31] = (uint8_t)(n > 0xFF ? 0xFF : n);
	halmac_txdesc_fill_checksum(halmac_data(chip), desc);
}
