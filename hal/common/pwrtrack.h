/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What thermal power tracking does the same on every Realtek 802.11ac
 * chip (rtw88 phy.c rtw_phy_config_swing_table, rtw_phy_pwrtrack_avg,
 * rtw_phy_pwrtrack_get_delta, rtw_phy_pwrtrack_get_pwridx; main.h
 * DECLARE_EWMA(thermal, 10, 4)): the moving average of the thermal meter,
 * which of a board's step tables applies on a channel, the compensation
 * step for a distance from the calibration reading; and the BB swing
 * scaler table the chips that compensate through the BB swing share
 * (rtw88 rtw88xxa.c rtw88xxa_txscale_tbl, rtw8822b.c rtw8822b_txscale_tbl:
 * the same 37 values). What the chip does with a step (swing, TX AGC
 * offset, power-tracking field) is the chip's. Pure: no I/O.
 */
#ifndef DVR_HAL_PWRTRACK_H
#define DVR_HAL_PWRTRACK_H

#include <stdbool.h>
#include <stdint.h>

#include <devourer/devourer.h>

/* Entries of a step table: thermal distances 0..29 (rtw88
 * RTW_PWR_TRK_TBL_SZ). */
#define DVR_PWRTRK_SZ 30u

/* One board's step tables, _p warmer and _n cooler than calibration, per
 * path (A, B, and C, D on a 4-path chip); 5 GHz has a row per sub-band
 * (36-64, 100-144, 149-177). rtw88 main.h struct rtw_pwr_track_tbl. */
struct dvr_pwrtrk_tables {
	const uint8_t (*g5_p[DVR_MAX_RF_PATHS])[DVR_PWRTRK_SZ];
	const uint8_t (*g5_n[DVR_MAX_RF_PATHS])[DVR_PWRTRK_SZ];
	const uint8_t *g2_p[DVR_MAX_RF_PATHS];  /* 2.4 GHz OFDM */
	const uint8_t *g2_n[DVR_MAX_RF_PATHS];
	const uint8_t *cck_p[DVR_MAX_RF_PATHS]; /* 2.4 GHz CCK */
	const uint8_t *cck_n[DVR_MAX_RF_PATHS];
};

/* The warmer and cooler table of @p path at channel @p ch (the tracking
 * rate CCK when @p cck): 2.4 GHz the CCK or OFDM tables, 5 GHz the row of
 * the sub-band, any other channel the 2.4 GHz OFDM tables. */
void dvr_pwrtrk_select(const struct dvr_pwrtrk_tables *t, unsigned ch,
                       unsigned path, bool cck, const uint8_t **warm,
                       const uint8_t **cool);

/* Add @p reading to the moving average *@p ewma (3/4 old, 1/4 new, ten
 * fractional bits; an empty average, 0, takes the reading as it is, as
 * Linux ewma_*_add) and return its integer part. */
uint8_t dvr_thermal_ewma(uint32_t *ewma, uint8_t reading);

/* The compensation for average @p avg against calibration @p cal:
 * warm[d] when warmer, -cool[d] otherwise, d = |avg - cal| at most 29. */
int dvr_pwrtrk_steps(const uint8_t *warm, const uint8_t *cool, uint8_t avg,
                     uint8_t cal);

/* BB swing scalers by index, about 0.5 dB a step, 0x200 = 1.0 at 24. */
#define DVR_TXSCALE_SIZE 37u
#define DVR_TXSCALE_UNITY 24u
extern const uint16_t dvr_txscale[DVR_TXSCALE_SIZE];

/* Index of @p scaler in dvr_txscale, or DVR_TXSCALE_SIZE when it is not
 * one of them (rtw88 rtw8822b_get_swing_index). */
unsigned dvr_txscale_index(uint32_t scaler);

#endif /* DVR_HAL_PWRTRACK_H */
