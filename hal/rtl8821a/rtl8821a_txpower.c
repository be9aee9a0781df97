/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 8821A calibrated TX power: how the die reads its EFUSE TX-power block
 * (path A's record only; rtw88 phy.c rtw_phy_get_2g_tx_power_index /
 * _5g_, layout main.h struct rtw_txpwr_idx) and the power-by-rate and
 * limit tables it loads, one set for every board (rtw8821a.c
 * rtw8821a_rfe_defs, entry 0: rtw8821a_bb_pg, rtw8821a_txpwr_lmt; by-rate
 * bytes BCD, is_pwr_by_rate_dec). The registers are the family's
 * (hal/jaguar1/jaguar1_txpower.c).
 */
#include "hal/rtl8821a/rtl8821a.h"
#include "hal/rtl8821a/rtl8821a_tables.h"

/*
 * One index step per EFUSE difference unit (rtw88 txgi_factor 1), 6-bit
 * indices (max_power_index 0x3F). A blank part's bases take the vendor's
 * 8821A defaults, 0x2D at 2.4 GHz and 0x2A at 5 GHz (the vendor driver
 * aircrack-ng/rtl8812au hal/hal_com_phycfg.c rtl8821a_pg_txpwr_def_info
 * through hal_load_pg_txpwr_info); rtw88 would use the 0xFF as it is.
 */
const struct dvr_txpwr_chip rtl8821a_txpwr = {
	.efuse_offset = RTL8821A_EFUSE_TX_PWR,
	.paths = 1,
	.max_index = JAGUAR1_TXAGC_MAX,
	.rules = { .factor = 1, .max_base = JAGUAR1_TXAGC_MAX,
	           .blank_base_2g = 0x2D, .blank_base_5g = 0x2A },
};

int rtl8821a_txpower_tables_load(struct dvr_chip *chip)
{
	return dvr_chip_txpwr_load(chip, rtl8821a_bb_pg, rtl8821a_bb_pg_len,
	                           true, rtl8821a_txpwr_lmt,
	                           rtl8821a_txpwr_lmt_len, JAGUAR1_TXAGC_MAX);
}
