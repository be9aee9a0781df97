/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822E calibrated TX power: the index every rate gets on each path
 * and the tables it comes from. The die holds TX power as the 8822C does
 * (per-path 11M and MCS7 references, per-rate differences; vendor
 * rtl88x2eu phydm_hal_api8822e.c config_phydm_set_txagc_to_hw_8822e), so
 * the registers are the Jaguar3 family's (hal/jaguar3/jaguar3_txagc.c)
 * and the arithmetic the generic one (hal/common/txpwr_index.c):
 *
 *   index = EFUSE level + min(power by rate, regulatory limit)
 *
 * EFUSE: the vendor's rtl8822e_init_hal_spec (rtl8822e_halinit.c) gives
 * the TX-power block at logical 0x10 (pg_txpwr_saddr, the 8822C's
 * layout), differences counting double (pg_txgi_diff_factor 2) on a
 * 7-bit index of 0.25 dB steps (txgi_max 127, txgi_pdbm 4). A blank base
 * (0xFF) is taken for 0x4B, the reference OpenIPC devourer programs when
 * nothing else applies (RtlJaguar3Device.cpp JAGUAR3_TXPWR_REF_BASE), also
 * this chip's default_tx_power (rtl8822e.c).
 *
 * Tables: the vendor's by-rate table (rtl8822e_bb_pg, plain binary bytes:
 * odm_read_and_config_mp_8822e_phy_reg_pg sets PHY_REG_PG_EXACT_VALUE)
 * and limit table (rtl8822e_txpwr_lmt, converted to rtw88's rows by
 * tools/gen_tables.py), the same for every RFE type: the vendor's
 * phydm_hwconfig.c loads only these two for the 8822E.
 *
 * No per-rate back-off: the 8822C's 3 dB cut of the rates sent without
 * pre-distortion (rtw88 rtw_phy_get_dis_dpd_by_rate_diff) compensates a
 * gain the other rates get from DPD; the 8822E's DPD is bypassed on the
 * front ends we run (RFE 21/22: vendor halrf_dpk_8822e.c
 * _dpk_force_bypass_8822e), so every rate goes out without it alike.
 */
#include "hal/rtl8822e/rtl8822e.h"
#include "hal/rtl8822e/rtl8822e_tables.h"

#define BLANK_BASE 0x4B

static const struct dvr_txpwr_chip txpwr = {
	.rules = {
		.factor = 2,
		.max_base = RTL8822E_MAX_TX_INDEX,
		.blank_base_2g = BLANK_BASE,
		.blank_base_5g = BLANK_BASE,
	},
	.efuse_offset = EFUSE8822E_TX_POWER,
	.paths = 2,
	.max_index = RTL8822E_MAX_TX_INDEX,
	.rate_adjust = NULL,
};

int rtl8822e_txpwr_rate_index(const uint8_t *efuse,
                              const struct dvr_txpwr_by_rate *by_rate,
                              const struct dvr_txpwr_limits *limits,
                              enum dvr_regd regd, unsigned path,
                              uint8_t rate, unsigned primary,
                              unsigned center_ch, unsigned bw_mhz, int *cap)
{
	return dvr_txpwr_rate_index(&txpwr, efuse, by_rate, limits, regd, path,
	                            rate, primary, center_ch, bw_mhz, cap);
}

int rtl8822e_txpower_tables_load(struct dvr_chip *chip)
{
	return dvr_chip_txpwr_load(chip, rtl8822e_bb_pg, rtl8822e_bb_pg_len,
	                           false, rtl8822e_txpwr_lmt,
	                           rtl8822e_txpwr_lmt_len,
	                           RTL8822E_MAX_TX_INDEX);
}

int rtl8822e_calibrated_tx_power(struct dvr_chip *chip)
{
	return dvr_chip_txpwr_calibrated(chip, &txpwr);
}

int rtl8822e_set_tx_power(struct dvr_chip *chip, int index)
{
	return jaguar3_set_tx_power(chip, &txpwr, index);
}
