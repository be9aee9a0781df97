/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The TX power index of a rate on a path, as rtw88 phy.c
 * rtw_phy_get_tx_power_index works it out for every 802.11ac chip:
 *
 *   index = EFUSE base (hal/common/txpwr_efuse.c)
 *         + min(power by rate, regulatory limit) (txpwr_limit.c)
 *         + the chip's own adjustment of the rate (e.g. the 8822C's
 *           back-off of the rates sent without pre-distortion)
 *
 * clamped to the chip's range; and what a chip's set_tx_power makes of an
 * index the core asks for: the reference rate (HT MCS7 on path A) gets
 * it, every other rate and path keeps its calibrated distance from it,
 * none goes past its regulatory limit. Only the registers that hold the
 * levels are the chip's. Pure functions of chip data and state: no I/O.
 */
#ifndef DVR_HAL_TXPWR_INDEX_H
#define DVR_HAL_TXPWR_INDEX_H

#include <stdbool.h>
#include <stdint.h>

#include <devourer/devourer.h>

#include "hal/hal.h"
#include "hal/common/rate_codes.h"
#include "hal/common/txpwr_efuse.h"
#include "hal/common/txpwr_limit.h"

/* How a chip reads its TX-power block and what range it programs. */
struct dvr_txpwr_chip {
	struct dvr_txpwr_efuse_rules rules;
	/* Logical EFUSE offset of path A's record; path B's (and C's and
	 * D's on a 4-path chip) follow it (rtw88 main.h struct
	 * rtw_txpwr_idx txpwr_idx_table[]). */
	uint16_t efuse_offset;
	/* Path records there, A first: at most DVR_MAX_RF_PATHS. */
	unsigned paths;
	int max_index;             /* the index register's top (0x3F, 0x7F) */
	/* Added after min(by rate, limit), before the clamp; NULL: none. */
	int (*rate_adjust)(uint8_t rate);
};

/* The rates rtw88 gives an index on a chip of up to two streams: CCK,
 * OFDM, HT MCS0-15, VHT 1SS and 2SS (its rate sections up to
 * __RTW_RATE_SECTION_2SS_MAX); every group of four codes is all in or
 * all out. A 3-stream chip names its further rates itself. */
bool dvr_txpwr_rate_programmed(uint8_t rate);

/* Those of them a chip programs on a band: no CCK on 5 GHz, where
 * rtw88 computes no CCK level (phy.c rtw_phy_set_tx_power_level_by_path
 * starts at the OFDM section) and the chip sends none. */
bool dvr_txpwr_rate_on_band(uint8_t rate, bool is_5g);

/* The reference rate of "TX power": HT MCS7 (on path A). */
#define DVR_TXPWR_REF_RATE (DVR_DESC_RATE_HT_FIRST + 7)

/*
 * Index of descriptor rate code @p rate on @p path (0..paths-1) at the tuned
 * channel (@p primary, @p center_ch, @p bw_mhz) from the logical EFUSE
 * map @p efuse, with power by rate and the limits of @p regd when
 * @p by_rate is not NULL, clamped to 0..max_index. *cap (may be NULL):
 * the most the limit lets the rate have (base + limit + adjustment,
 * clamped). -1 for a path past the chip's records (@p tc paths), a
 * code past VHT 4SS MCS9 or a channel in no EFUSE group. rtw88 clamps
 * at the top only (its u8 wraps below 0); a negative sum is the lowest
 * index here, not the highest.
 */
int dvr_txpwr_rate_index(const struct dvr_txpwr_chip *tc,
                         const uint8_t *efuse,
                         const struct dvr_txpwr_by_rate *by_rate,
                         const struct dvr_txpwr_limits *limits,
                         enum dvr_regd regd, unsigned path, uint8_t rate,
                         unsigned primary, unsigned center_ch,
                         unsigned bw_mhz, int *cap);

/* The same at @p chip's current channel with its EFUSE copy, tables and
 * regd; -1 when there is none (no channel yet, no EFUSE copy). */
int dvr_chip_txpwr_index(const struct dvr_chip *chip,
                         const struct dvr_txpwr_chip *tc, unsigned path,
                         uint8_t rate, int *cap);

/* The calibrated_tx_power op's answer: the reference rate's index at the
 * current channel, or info->default_tx_power without one. */
int dvr_chip_txpwr_calibrated(const struct dvr_chip *chip,
                              const struct dvr_txpwr_chip *tc);

/* How far @p index moves every rate from its calibrated level: index
 * minus the reference rate's calibrated index (0 with no calibration). */
int dvr_chip_txpwr_shift(const struct dvr_chip *chip,
                         const struct dvr_txpwr_chip *tc, int index);

/* The level @p rate on @p path gets when @p index was asked for and
 * dvr_chip_txpwr_shift gave @p shift: its calibrated index moved by the
 * shift (@p index itself where there is no calibration), held at its
 * regulatory limit, clamped to 0..max_index. */
int dvr_chip_txpwr_level(const struct dvr_chip *chip,
                         const struct dvr_txpwr_chip *tc, unsigned path,
                         uint8_t rate, int index, int shift);

#endif /* DVR_HAL_TXPWR_INDEX_H */
