/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Power by rate: the per-rate target power a chip's vendor table gives
 * (rtw88 calls it "PHY_REG_PG", tables rtw<chip>_bb_pg), in the form the
 * TX power computation uses — for every band, path and rate the distance
 * in 0.5 dB steps from its rate section's base rate, plus the base rate's
 * own value (rtw88 phy.c rtw_parse_tbl_bb_pg, rtw_phy_store_tx_power_by_rate,
 * rtw_phy_tx_power_by_rate_config).
 *
 * The chip supplies its rows; nothing here knows a chip. Parsed once per
 * device open into struct dvr_txpwr_by_rate; lookups are array reads.
 * Every rate code up to VHT 4SS MCS9 has a slot; the tables carry rows
 * up to three streams (rtw88 has no register name for a 4-stream group).
 */
#ifndef DVR_HAL_TXPWR_BY_RATE_H
#define DVR_HAL_TXPWR_BY_RATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <devourer/devourer.h>

/* Table band codes (rtw88 phy.c enum rtw_phy_band_type). */
enum { DVR_TXPWR_BAND_2G = 0, DVR_TXPWR_BAND_5G = 1, DVR_TXPWR_BANDS = 2 };

/* Rate sections, numbered as the limit tables number them (rtw88 main.h
 * enum rtw_rate_section). */
enum dvr_rate_section {
	DVR_RS_CCK = 0,
	DVR_RS_OFDM,
	DVR_RS_HT_1S,
	DVR_RS_HT_2S,
	DVR_RS_VHT_1S,
	DVR_RS_VHT_2S,
	/* rtw88 numbers the 3- and 4-stream sections after these */
	DVR_RS_HT_3S,
	DVR_RS_HT_4S,
	DVR_RS_VHT_3S,
	DVR_RS_VHT_4S,
	DVR_RS_NUM
};

/* A row per RF path the table names: sized for every chip
 * (DVR_MAX_RF_PATHS); a 2T2R chip's tables fill A and B. */
#define DVR_TXPWR_PATHS DVR_MAX_RF_PATHS
/* Rate codes covered: CCK 1M up to VHT 4SS MCS9 (hal/common/rate_codes.h). */
#define DVR_TXPWR_RATES 0x54

/* One row of a by-rate table (rtw88 phy.h struct rtw_phy_pg_cfg_pair):
 * addr names a group of up to four rates (the TX AGC register that
 * holds them on the chip the table was written for), data holds one
 * value per byte. tx_num is carried but not used (as in rtw88). */
struct dvr_pg_row {
	uint32_t band, path, tx_num, addr, mask, data;
};

struct dvr_txpwr_by_rate {
	/* rate's value minus its section's base rate's value */
	int8_t offset[DVR_TXPWR_BANDS][DVR_TXPWR_PATHS][DVR_TXPWR_RATES];
	/* the base rate's value (CCK 11M, OFDM 54M, the last MCS of an HT
	 * section, MCS7 of a VHT one): 0.5 dBm steps */
	int8_t base[DVR_TXPWR_BANDS][DVR_TXPWR_PATHS][DVR_RS_NUM];
};

/* Rate section of a rate code; -1 for a code that is no rate. */
int dvr_rate_section_of(uint8_t rate);

/*
 * Fill out from rows. bcd: the table's bytes are BCD (rtw88 chip
 * is_pwr_by_rate_dec: 8812A, 8821A), else plain binary (8822C). Rows
 * whose addr is the 0xFE / 0xFFE delay marker are skipped (the delay is
 * meaningless here). Returns DVR_OK, or DVR_E_INVALID naming nothing
 * stored when a row has an unknown band, path, address or mask.
 */
int dvr_txpwr_by_rate_parse(struct dvr_txpwr_by_rate *out,
                            const struct dvr_pg_row *rows, size_t n,
                            bool bcd);

#endif /* DVR_HAL_TXPWR_BY_RATE_H */
