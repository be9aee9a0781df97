/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Regulatory TX power limits: per regulatory domain, band, bandwidth, rate
 * section and channel the most power a chip's vendor table allows (rtw88
 * tables rtw<chip>_txpwr_lmt), and the per-rate offset a TX power index
 * gets once power by rate and the limit are combined (rtw88 phy.c
 * rtw_parse_tbl_txpwr_lmt, rtw_phy_set_tx_power_limit, the cross-reference
 * of HT and VHT limits, rtw_phy_tx_power_limit_config,
 * rtw_phy_get_tx_power_limit, rtw_phy_get_tx_power_index).
 *
 *   index(rate) = EFUSE base(rate) + min(by-rate offset, limit - base value)
 *
 * with "limit - base value" the limit in the same 0.5 dB steps, relative to
 * the section's by-rate base value on path A (the EFUSE base index stands
 * for that value). Generic: the chip supplies its rows and its largest
 * index (0x3F on Jaguar1, 0x7F on Jaguar3).
 */
#ifndef DVR_HAL_TXPWR_LIMIT_H
#define DVR_HAL_TXPWR_LIMIT_H

#include <stddef.h>
#include <stdint.h>

#include <devourer/devourer.h>

#include "hal/hal.h"
#include "hal/common/txpwr_by_rate.h"

/* Regulatory domain codes of the limit tables (rtw88 main.h enum
 * rtw_regulatory_domains): FCC 0, MKK 1, ETSI 2, then IC, KCC ... which
 * fold into the worldwide minimum here. */
enum { DVR_TXPWR_REGD_FCC = 0, DVR_TXPWR_REGD_MKK = 1,
       DVR_TXPWR_REGD_ETSI = 2, DVR_TXPWR_REGD_TABLE_MAX = 12 };

/* Bandwidth codes of the tables (rtw88 main.h enum rtw_bandwidth). */
enum { DVR_TXPWR_BW_20 = 0, DVR_TXPWR_BW_40, DVR_TXPWR_BW_80,
       DVR_TXPWR_BWS };

#define DVR_TXPWR_CH_2G 14
#define DVR_TXPWR_CH_5G 49

/* One row (rtw88 phy.h struct rtw_txpwr_lmt_cfg_pair): ch is the
 * channel number (the centre channel of a 40/80 MHz channel), lmt in
 * 0.5 dBm steps. */
struct dvr_txpwr_lmt_row {
	uint8_t regd, band, bw, rs, ch;
	int8_t lmt;
};

/* Limits relative to the section's by-rate base value, one set per
 * public domain (enum dvr_regd: worldwide, FCC, ETSI, MKK). */
#define DVR_TXPWR_DOMAINS 4
struct dvr_txpwr_limits {
	int max_index;
	int16_t lmt_2g[DVR_TXPWR_DOMAINS][DVR_TXPWR_BWS][DVR_RS_NUM]
	              [DVR_TXPWR_CH_2G];
	int16_t lmt_5g[DVR_TXPWR_DOMAINS][DVR_TXPWR_BWS][DVR_RS_NUM]
	              [DVR_TXPWR_CH_5G];
};

/*
 * Fill out from rows: every entry starts at max_index ("no limit"); a row
 * sets its domain's entry (clamped to +-max_index) and lowers the
 * worldwide entry to the smallest of all domains; a domain the table
 * never names takes the worldwide entries; at 5 GHz 20/40 MHz an HT or
 * VHT entry still at "no limit" takes the other's; then every entry is
 * made relative to pbr's base (path A, that band and section).
 * DVR_E_INVALID for a row with an unknown band, bandwidth, section or
 * channel, or a domain code past the table's range.
 */
int dvr_txpwr_limits_parse(struct dvr_txpwr_limits *out,
                           const struct dvr_txpwr_lmt_row *rows, size_t n,
                           int max_index,
                           const struct dvr_txpwr_by_rate *pbr);

/*
 * Offset of rate on path over its EFUSE base: min(by-rate offset, limit),
 * the limit being the smallest over every bandwidth from 20 MHz up to
 * the one tuned (CCK and OFDM are limited at 20 MHz only, HT at 40 MHz
 * at most), each taken at that bandwidth's centre channel inside the
 * tuned one. primary / center / bw_mhz: the tuned channel. A channel the
 * table has no entry for is not limited. *limit (may be NULL): the limit
 * in force, relative as the offset (max_index when there is none).
 */
int dvr_txpwr_rate_offset(const struct dvr_txpwr_by_rate *pbr,
                          const struct dvr_txpwr_limits *lim,
                          enum dvr_regd regd, unsigned path, uint8_t rate,
                          unsigned primary, unsigned center, unsigned bw_mhz,
                          int *limit);

/* A chip's power-by-rate and limit tables as parsed for one board. */
struct dvr_txpwr_tables {
	bool loaded;                      /* both parsed */
	struct dvr_txpwr_by_rate by_rate;
	struct dvr_txpwr_limits limits;
};

/*
 * Parse a board's by-rate table (bcd as dvr_txpwr_by_rate_parse) and its
 * limit table (max_index as dvr_txpwr_limits_parse) into t; t->loaded
 * only when both were taken. DVR_OK, or DVR_E_INVALID with *rejected (may
 * be NULL) naming the table refused.
 */
int dvr_txpwr_tables_load(struct dvr_txpwr_tables *t,
                          const struct dvr_pg_row *pg, size_t n_pg, bool bcd,
                          const struct dvr_txpwr_lmt_row *lmt, size_t n_lmt,
                          int max_index, const char **rejected);

/*
 * The same into the chip's common state (chip->txpwr, allocated when
 * missing): what a chip's identify runs once the RFE type is known. DVR_OK,
 * DVR_E_NO_MEM, or DVR_E_INVALID with chip->error naming the table refused.
 */
int dvr_chip_txpwr_load(struct dvr_chip *chip,
                        const struct dvr_pg_row *pg, size_t n_pg, bool bcd,
                        const struct dvr_txpwr_lmt_row *lmt, size_t n_lmt,
                        int max_index);

/* The loaded tables of @p chip, or NULL (none parsed). */
static inline const struct dvr_txpwr_tables *
dvr_chip_txpwr(const struct dvr_chip *chip)
{
	return chip->txpwr && chip->txpwr->loaded ? chip->txpwr : NULL;
}

#endif /* DVR_HAL_TXPWR_LIMIT_H */
