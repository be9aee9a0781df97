/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Regulatory limit tables and their combination with power by rate, as
 * rtw88 phy.c does it (rtw_parse_tbl_txpwr_lmt, rtw_phy_set_tx_power_limit,
 * rtw_xref_txpwr_lmt, rtw_phy_tx_power_limit_config,
 * rtw_phy_get_tx_power_limit, rtw_phy_get_tx_power_index; channel indices
 * rtw_channel_to_idx; centre channel per bandwidth main.c
 * rtw_update_channel).
 */
#include <stdlib.h>
#include <string.h>

#include "hal/common/txpwr_limit.h"

#include "hal/common/rate_codes.h"

/* 5 GHz channel numbers in table order (rtw88 phy.c rtw_channel_idx_5g):
 * every 20, 40 and 80 MHz centre of the five sub-bands. */
static const uint8_t ch_5g[DVR_TXPWR_CH_5G] = {
	36, 38, 40, 42, 44, 46, 48,
	52, 54, 56, 58, 60, 62, 64,
	100, 102, 104, 106, 108, 110, 112,
	116, 118, 120, 122, 124, 126, 128,
	132, 134, 136, 138, 140, 142, 144,
	149, 151, 153, 155, 157, 159, 161,
	165, 167, 169, 171, 173, 175, 177,
};

static int ch_index(unsigned band, unsigned ch)
{
	if (band == DVR_TXPWR_BAND_2G)
		return ch >= 1 && ch <= DVR_TXPWR_CH_2G ? (int)ch - 1 : -1;
	for (int i = 0; i < DVR_TXPWR_CH_5G; i++)
		if (ch_5g[i] == ch)
			return i;
	return -1;
}

/* Table domain code -> our domain slot (enum dvr_regd); -1: one that
 * only counts towards the worldwide minimum. */
static int domain_of(unsigned regd)
{
	switch (regd) {
	case DVR_TXPWR_REGD_FCC: return DVR_REGD_FCC;
	case DVR_TXPWR_REGD_ETSI: return DVR_REGD_ETSI;
	case DVR_TXPWR_REGD_MKK: return DVR_REGD_MKK;
	default: return -1;
	}
}

static int16_t *entry(struct dvr_txpwr_limits *l, unsigned dom, unsigned band,
                      unsigned bw, unsigned rs, unsigned idx)
{
	return band == DVR_TXPWR_BAND_2G ? &l->lmt_2g[dom][bw][rs][idx]
	                                 : &l->lmt_5g[dom][bw][rs][idx];
}

int dvr_txpwr_limits_parse(struct dvr_txpwr_limits *out,
                           const struct dvr_txpwr_lmt_row *rows, size_t n,
                           int max_index,
                           const struct dvr_txpwr_by_rate *pbr)
{
	bool named[DVR_TXPWR_DOMAINS] = { false };

	if (!out || !pbr || (n && !rows) || max_index <= 0 || max_index > 127)
		return DVR_E_INVALID;
	out->max_index = max_index;
	for (unsigned d = 0; d < DVR_TXPWR_DOMAINS; d++)
		for (unsigned bw = 0; bw < DVR_TXPWR_BWS; bw++)
			for (unsigned rs = 0; rs < DVR_RS_NUM; rs++) {
				for (unsigned c = 0; c < DVR_TXPWR_CH_2G; c++)
					out->lmt_2g[d][bw][rs][c] =
						(int16_t)max_index;
				for (unsigned c = 0; c < DVR_TXPWR_CH_5G; c++)
					out->lmt_5g[d][bw][rs][c] =
						(int16_t)max_index;
			}

	for (size_t i = 0; i < n; i++) {
		const struct dvr_txpwr_lmt_row *r = &rows[i];
		int idx = r->band < DVR_TXPWR_BANDS ? ch_index(r->band, r->ch)
		                                    : -1;
		if (idx < 0 || r->regd > DVR_TXPWR_REGD_TABLE_MAX ||
		    r->bw >= DVR_TXPWR_BWS || r->rs >= DVR_RS_NUM)
			return DVR_E_INVALID;
		int v = r->lmt;
		v = v < -max_index ? -max_index : v > max_index ? max_index : v;
		int dom = domain_of(r->regd);
		if (dom >= 0) {
			*entry(out, (unsigned)dom, r->band, r->bw, r->rs,
			       (unsigned)idx) = (int16_t)v;
			named[dom] = true;
		}
		int16_t *ww = entry(out, DVR_REGD_WORLDWIDE, r->band, r->bw,
		                    r->rs, (unsigned)idx);
		if (v < *ww)
			*ww = (int16_t)v;
	}

	/* A domain the table does not name obeys the worldwide limits
	 * (none of FCC, ETSI, MKK has an alternative domain in rtw88
	 * regd.c rtw_regd_alt). */
	for (unsigned d = 0; d < DVR_TXPWR_DOMAINS; d++) {
		if (d == DVR_REGD_WORLDWIDE || named[d])
			continue;
		memcpy(out->lmt_2g[d], out->lmt_2g[DVR_REGD_WORLDWIDE],
		       sizeof out->lmt_2g[d]);
		memcpy(out->lmt_5g[d], out->lmt_5g[DVR_REGD_WORLDWIDE],
		       sizeof out->lmt_5g[d]);
	}

	/* 5 GHz at 20/40 MHz the tables give HT limits only (VHT at 80
	 * only): an HT / VHT entry left at "no limit" takes the other's. */
	static const unsigned pairs[][2] = {
		{ DVR_RS_HT_1S, DVR_RS_VHT_1S }, { DVR_RS_HT_2S, DVR_RS_VHT_2S },
		{ DVR_RS_HT_3S, DVR_RS_VHT_3S }, { DVR_RS_HT_4S, DVR_RS_VHT_4S },
	};
	for (unsigned d = 0; d < DVR_TXPWR_DOMAINS; d++)
		for (unsigned bw = DVR_TXPWR_BW_20; bw <= DVR_TXPWR_BW_40; bw++)
			for (unsigned c = 0; c < DVR_TXPWR_CH_5G; c++)
				for (unsigned k = 0;
				     k < sizeof pairs / sizeof pairs[0]; k++) {
					int16_t *ht = &out->lmt_5g[d][bw][pairs[k][0]][c];
					int16_t *vht = &out->lmt_5g[d][bw][pairs[k][1]][c];
					if (*ht == *vht)
						continue;
					if (*ht == max_index)
						*ht = *vht;
					else if (*vht == max_index)
						*vht = *ht;
				}

	/* Relative to the by-rate base value the EFUSE base stands for
	 * (path A's, for both paths, as rtw88). */
	for (unsigned d = 0; d < DVR_TXPWR_DOMAINS; d++)
		for (unsigned bw = 0; bw < DVR_TXPWR_BWS; bw++)
			for (unsigned rs = 0; rs < DVR_RS_NUM; rs++) {
				int b2 = pbr->base[DVR_TXPWR_BAND_2G][0][rs];
				int b5 = pbr->base[DVR_TXPWR_BAND_5G][0][rs];
				for (unsigned c = 0; c < DVR_TXPWR_CH_2G; c++)
					out->lmt_2g[d][bw][rs][c] = (int16_t)(
						out->lmt_2g[d][bw][rs][c] - b2);
				for (unsigned c = 0; c < DVR_TXPWR_CH_5G; c++)
					out->lmt_5g[d][bw][rs][c] = (int16_t)(
						out->lmt_5g[d][bw][rs][c] - b5);
			}
	return DVR_OK;
}

int dvr_txpwr_rate_offset(const struct dvr_txpwr_by_rate *pbr,
                          const struct dvr_txpwr_limits *lim,
                          enum dvr_regd regd, unsigned path, uint8_t rate,
                          unsigned primary, unsigned center, unsigned bw_mhz,
                          int *limit_out)
{
	unsigned band = center <= DVR_TXPWR_CH_2G ? DVR_TXPWR_BAND_2G
	                                          : DVR_TXPWR_BAND_5G;
	int rs = dvr_rate_section_of(rate);
	int offset = 0;

	if (limit_out)
		*limit_out = lim ? lim->max_index : 127;
	if (rs < 0 || path >= DVR_TXPWR_PATHS)
		return 0;
	offset = pbr->offset[band][path][rate];
	if (!lim || (unsigned)regd >= DVR_TXPWR_DOMAINS)
		return offset;

	/* Centre channel of each bandwidth inside the tuned channel: the
	 * primary at 20 MHz, the half holding the primary at 40 of 80. */
	unsigned cch[DVR_TXPWR_BWS] = { primary, center, center };
	unsigned bw = bw_mhz >= 80 ? DVR_TXPWR_BW_80
	              : bw_mhz >= 40 ? DVR_TXPWR_BW_40 : DVR_TXPWR_BW_20;
	if (bw == DVR_TXPWR_BW_80)
		cch[DVR_TXPWR_BW_40] = primary > center ? center + 4 : center - 4;
	if (rs == DVR_RS_CCK || rs == DVR_RS_OFDM)
		bw = DVR_TXPWR_BW_20;
	else if (dvr_desc_rate_is_ht(rate) && bw > DVR_TXPWR_BW_40)
		bw = DVR_TXPWR_BW_40;

	int limit = lim->max_index;
	for (unsigned b = DVR_TXPWR_BW_20; b <= bw; b++) {
		int idx = ch_index(band, cch[b]);
		if (idx < 0)
			/* rtw88 gives up on the whole limit here */
			return offset;
		int v = band == DVR_TXPWR_BAND_2G
		                ? lim->lmt_2g[regd][b][rs][idx]
		                : lim->lmt_5g[regd][b][rs][idx];
		if (v < limit)
			limit = v;
	}
	if (limit_out)
		*limit_out = limit;
	return limit < offset ? limit : offset;
}

int dvr_txpwr_tables_load(struct dvr_txpwr_tables *t,
                          const struct dvr_pg_row *pg, size_t n_pg, bool bcd,
                          const struct dvr_txpwr_lmt_row *lmt, size_t n_lmt,
                          int max_index, const char **rejected)
{
	t->loaded = false;
	int st = dvr_txpwr_by_rate_parse(&t->by_rate, pg, n_pg, bcd);
	if (st != DVR_OK) {
		if (rejected)
			*rejected = "power-by-rate";
		return st;
	}
	/* limits are kept relative to the by-rate base, so parsed second */
	st = dvr_txpwr_limits_parse(&t->limits, lmt, n_lmt, max_index,
	                            &t->by_rate);
	if (st != DVR_OK) {
		if (rejected)
			*rejected = "TX power limit";
		return st;
	}
	t->loaded = true;
	return DVR_OK;
}

int dvr_chip_txpwr_load(struct dvr_chip *chip,
                        const struct dvr_pg_row *pg, size_t n_pg, bool bcd,
                        const struct dvr_txpwr_lmt_row *lmt, size_t n_lmt,
                        int max_index)
{
	const char *bad = NULL;

	if (!chip->txpwr) {
		chip->txpwr = calloc(1, sizeof *chip->txpwr);
		if (!chip->txpwr)
			return dvr_chip_fail(chip, DVR_E_NO_MEM,
			                     "out of memory");
	}
	int st = dvr_txpwr_tables_load(chip->txpwr, pg, n_pg, bcd, lmt, n_lmt,
	                               max_index, &bad);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "%s table rejected", bad);
	return DVR_OK;
}
