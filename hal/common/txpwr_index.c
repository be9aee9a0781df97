/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * TX power index of a rate (rtw88 phy.c rtw_phy_get_tx_power_index,
 * rtw_get_tx_power_params) and the levels an asked-for index gives every
 * rate; see txpwr_index.h.
 */
#include "hal/common/txpwr_index.h"

#include "hal/common/chan_geometry.h"

bool dvr_txpwr_rate_programmed(uint8_t rate)
{
	return rate < DVR_DESC_RATE_HT_FIRST + 16 ||
	       (rate >= DVR_DESC_RATE_VHT_FIRST &&
	        rate < DVR_DESC_RATE_VHT_FIRST + 20);
}

bool dvr_txpwr_rate_on_band(uint8_t rate, bool is_5g)
{
	return dvr_txpwr_rate_programmed(rate) &&
	       !(is_5g && dvr_desc_rate_is_cck(rate));
}

static int clamp_index(const struct dvr_txpwr_chip *tc, int v)
{
	return v < 0 ? 0 : v > tc->max_index ? tc->max_index : v;
}

int dvr_txpwr_rate_index(const struct dvr_txpwr_chip *tc,
                         const uint8_t *efuse,
                         const struct dvr_txpwr_by_rate *by_rate,
                         const struct dvr_txpwr_limits *limits,
                         enum dvr_regd regd, unsigned path, uint8_t rate,
                         unsigned primary, unsigned center_ch,
                         unsigned bw_mhz, int *cap)
{
	int base, limit = tc->max_index;

	if (path >= tc->paths || path >= DVR_MAX_RF_PATHS ||
	    rate >= DVR_TXPWR_RATES)
		return -1;
	const uint8_t *block = &efuse[tc->efuse_offset +
	                              path * DVR_TXPWR_EFUSE_PATH_LEN];
	if (dvr_txpwr_efuse_base(block, &tc->rules, rate, center_ch, bw_mhz,
	                         &base) != DVR_OK)
		return -1;
	int off = by_rate ? dvr_txpwr_rate_offset(by_rate, limits, regd, path,
	                                          rate, primary, center_ch,
	                                          bw_mhz, &limit)
	                  : 0;
	int adj = tc->rate_adjust ? tc->rate_adjust(rate) : 0;
	if (cap)
		*cap = clamp_index(tc, base + limit + adj);
	return clamp_index(tc, base + off + adj);
}

int dvr_chip_txpwr_index(const struct dvr_chip *chip,
                         const struct dvr_txpwr_chip *tc, unsigned path,
                         uint8_t rate, int *cap)
{
	const struct dvr_txpwr_tables *t = dvr_chip_txpwr(chip);
	struct dvr_chan_geometry g;
	/* The regulatory and by-rate tables have no 5/10 MHz rows; a
	 * narrowband channel is an RF tune at 20 MHz and takes the 20 MHz
	 * column (OpenIPC devourer docs/narrowband.md, "TX power folds to
	 * the 20 MHz column"). */
	struct dvr_channel ch = chip->channel;
	ch.bw_mhz = (uint16_t)dvr_baseband_bw_mhz(ch.bw_mhz);

	if (!chip->efuse || ch.channel == 0 ||
	    dvr_chan_geometry(&ch, &g) != DVR_OK)
		return -1;
	return dvr_txpwr_rate_index(tc, chip->efuse, t ? &t->by_rate : NULL,
	                            t ? &t->limits : NULL, chip->regd, path,
	                            rate, g.primary, g.center, g.bw_mhz, cap);
}

int dvr_chip_txpwr_calibrated(const struct dvr_chip *chip,
                              const struct dvr_txpwr_chip *tc)
{
	int p = dvr_chip_txpwr_index(chip, tc, 0, DVR_TXPWR_REF_RATE, NULL);

	return p < 0 ? chip->info->default_tx_power : p;
}

int dvr_chip_txpwr_shift(const struct dvr_chip *chip,
                         const struct dvr_txpwr_chip *tc, int index)
{
	int ref = dvr_chip_txpwr_index(chip, tc, 0, DVR_TXPWR_REF_RATE, NULL);

	return ref < 0 ? 0 : index - ref;
}

int dvr_chip_txpwr_level(const struct dvr_chip *chip,
                         const struct dvr_txpwr_chip *tc, unsigned path,
                         uint8_t rate, int index, int shift)
{
	int cap = tc->max_index;
	int v = dvr_chip_txpwr_index(chip, tc, path, rate, &cap);

	/* a set power moves every rate, none past its regulatory limit */
	v = v < 0 ? index : v + shift;
	return clamp_index(tc, v > cap ? cap : v);
}
