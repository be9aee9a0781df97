/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Realtek descriptor rate codes <-> struct dvr_rate (see rate_codes.h). */
#include "hal/common/rate_codes.h"

#include <string.h>

/* Legacy rates in 500 kbit/s units, in code order: CCK then OFDM. */
static const uint8_t legacy_500k[DVR_DESC_RATE_HT_FIRST] = {
	2, 4, 11, 22, 12, 18, 24, 36, 48, 72, 96, 108,
};

int dvr_desc_rate_from(const struct dvr_rate *rate, uint8_t *code)
{
	if (!rate || !code)
		return DVR_E_INVALID;
	switch (rate->kind) {
	case DVR_RATE_LEGACY:
		for (uint8_t i = 0; i < DVR_DESC_RATE_HT_FIRST; i++) {
			if (legacy_500k[i] == rate->legacy_500k) {
				*code = i;
				return DVR_OK;
			}
		}
		return DVR_E_INVALID;
	case DVR_RATE_HT:
		if (rate->mcs > DVR_DESC_RATE_HT_MAX_MCS)
			return DVR_E_INVALID;
		*code = (uint8_t)(DVR_DESC_RATE_HT_FIRST + rate->mcs);
		return DVR_OK;
	case DVR_RATE_VHT:
		if (rate->nss < 1 || rate->nss > DVR_DESC_RATE_VHT_MAX_NSS ||
		    rate->mcs > DVR_DESC_RATE_VHT_MAX_MCS)
			return DVR_E_INVALID;
		*code = (uint8_t)(DVR_DESC_RATE_VHT_FIRST +
		                  10 * (rate->nss - 1) + rate->mcs);
		return DVR_OK;
	default:
		return DVR_E_INVALID;
	}
}

bool dvr_desc_rate_to(uint8_t code, struct dvr_rate *rate)
{
	bool valid = code < DVR_DESC_RATE_COUNT;

	memset(rate, 0, sizeof *rate);
	if (!valid)
		code = DVR_DESC_RATE_CCK_FIRST;
	if (code < DVR_DESC_RATE_HT_FIRST) {
		rate->kind = DVR_RATE_LEGACY;
		rate->legacy_500k = legacy_500k[code];
	} else if (code < DVR_DESC_RATE_VHT_FIRST) {
		rate->kind = DVR_RATE_HT;
		rate->mcs = (uint8_t)(code - DVR_DESC_RATE_HT_FIRST);
	} else {
		rate->kind = DVR_RATE_VHT;
		rate->nss = (uint8_t)((code - DVR_DESC_RATE_VHT_FIRST) / 10 + 1);
		rate->mcs = (uint8_t)((code - DVR_DESC_RATE_VHT_FIRST) % 10);
	}
	return valid;
}

unsigned dvr_desc_rate_nss(uint8_t code)
{
	if (code < DVR_DESC_RATE_HT_FIRST)
		return 1;
	if (code < DVR_DESC_RATE_VHT_FIRST)
		return (code - DVR_DESC_RATE_HT_FIRST) / 8u + 1;
	if (code < DVR_DESC_RATE_COUNT)
		return (code - DVR_DESC_RATE_VHT_FIRST) / 10u + 1;
	return 0;
}
