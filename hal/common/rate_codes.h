/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Realtek descriptor rate codes ("DESC_RATE"): the 7-bit number every
 * Realtek generation since Jaguar1 writes into a TX descriptor's DATARATE
 * field and reports in an RX descriptor's RX_RATE field (rtw88 main.h
 * enum rtw_trx_desc_rate):
 *
 *   0x00-0x03  CCK 1, 2, 5.5, 11 Mbit/s
 *   0x04-0x0B  OFDM 6, 9, 12, 18, 24, 36, 48, 54 Mbit/s
 *   0x0C-0x2B  HT MCS 0-31
 *   0x2C-0x53  VHT NSS 1-4 x MCS 0-9 (0x2C + 10 * (nss - 1) + mcs)
 *
 * Pure conversions between these codes and struct dvr_rate; no chip data.
 */
#ifndef DVR_HAL_RATE_CODES_H
#define DVR_HAL_RATE_CODES_H

#include <stdbool.h>
#include <stdint.h>

#include <devourer/devourer.h>

enum {
	DVR_DESC_RATE_CCK_FIRST = 0x00,   /* CCK 1M */
	DVR_DESC_RATE_OFDM_FIRST = 0x04,  /* OFDM 6M */
	DVR_DESC_RATE_HT_FIRST = 0x0C,    /* HT MCS0 */
	DVR_DESC_RATE_VHT_FIRST = 0x2C,   /* VHT 1SS MCS0 */
	DVR_DESC_RATE_COUNT = 0x54,       /* first code past VHT 4SS MCS9 */
};

#define DVR_DESC_RATE_HT_MAX_MCS 31u
#define DVR_DESC_RATE_VHT_MAX_NSS 4u
#define DVR_DESC_RATE_VHT_MAX_MCS 9u

/* The code of a rate, or DVR_E_INVALID for a rate that has none (a legacy
 * rate that is not one of the twelve, HT MCS > 31, VHT NSS outside 1..4 or
 * MCS > 9, an unknown kind). */
int dvr_desc_rate_from(const struct dvr_rate *rate, uint8_t *code);

/* The rate of a code. A code past VHT 4SS MCS9 is no rate: the answer is
 * false and *rate is CCK 1M, what rtw88 reports for such a code. */
bool dvr_desc_rate_to(uint8_t code, struct dvr_rate *rate);

static inline bool dvr_desc_rate_is_cck(uint8_t code)
{
	return code < DVR_DESC_RATE_OFDM_FIRST;
}

static inline bool dvr_desc_rate_is_ofdm(uint8_t code)
{
	return code >= DVR_DESC_RATE_OFDM_FIRST &&
	       code < DVR_DESC_RATE_HT_FIRST;
}

static inline bool dvr_desc_rate_is_ht(uint8_t code)
{
	return code >= DVR_DESC_RATE_HT_FIRST &&
	       code < DVR_DESC_RATE_VHT_FIRST;
}

static inline bool dvr_desc_rate_is_vht(uint8_t code)
{
	return code >= DVR_DESC_RATE_VHT_FIRST && code < DVR_DESC_RATE_COUNT;
}

/* Spatial streams of a code: 1 for legacy, MCS / 8 + 1 for HT, NSS for
 * VHT; 0 for a code that is no rate. */
unsigned dvr_desc_rate_nss(uint8_t code);

#endif /* DVR_HAL_RATE_CODES_H */
