/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 8812A calibrated TX power: how the die reads its EFUSE TX-power block
 * (rtw88 phy.c rtw_get_channel_group, rtw_phy_get_2g_tx_power_index,
 * rtw_phy_get_5g_tx_power_index; layout main.h struct rtw_txpwr_idx) and
 * which power-by-rate and limit tables it loads (rtw8812a_table.c
 * rtw8812a_bb_pg, rtw8812a_bb_pg_rfe3 for RFE type 3, rtw8812a_txpwr_lmt,
 * parsed by the generic hal/common/txpwr_by_rate.c and txpwr_limit.c).
 * The registers that hold the result are the family's
 * (hal/jaguar1/jaguar1_txpower.c), driven by rtl8812a_txpwr.
 */
#include "hal/common/txpwr_index.h"
#include "hal/rtl8812a/rtl8812a.h"
#include "hal/rtl8812a/rtl8812a_tables.h"

#define TXAGC_MAX JAGUAR1_TXAGC_MAX

/*
 * The block is read by the common parse (hal/common/txpwr_efuse.c): one
 * index step per EFUSE difference unit (0.5 dB steps, rtw88 txgi_factor
 * 1), bases above the 6-bit range unprogrammed. An unprogrammed base
 * (0xFF on a blank part) takes the vendor's per-chip default (rtl8812au
 * hal_com_phycfg.c hal_load_pg_txpwr_info with
 * rtl8812a_pg_txpwr_def_info; OpenIPC devourer EepromManager.cpp
 * LoadTxPowerInfo ports the same chain), 0x2D at 2.4 GHz and 0x2A at
 * 5 GHz. rtw88 uses the byte as it is. Differences are used as read,
 * blank or not: a 0xF nibble is -1 in both references.
 */
const struct dvr_txpwr_chip rtl8812a_txpwr = {
	.rules = {
		.factor = 1,
		.max_base = TXAGC_MAX,
		.blank_base_2g = 0x2D,
		.blank_base_5g = 0x2A,
	},
	.efuse_offset = EFUSE_TX_PWR,
	.paths = 2,
	.max_index = TXAGC_MAX,
};

/* The index arithmetic is the generic hal/common/txpwr_index.c (rtw88
 * clamps at the top only, its u8 wrapping below 0; a negative sum is the
 * lowest index there, not the highest). */
int rtl8812a_txpwr_index(const uint8_t *efuse, unsigned path, uint8_t rate,
                         unsigned center_ch, unsigned bw_mhz)
{
	return dvr_txpwr_rate_index(&rtl8812a_txpwr, efuse, NULL, NULL,
	                            DVR_REGD_WORLDWIDE, path, rate, center_ch,
	                            center_ch, bw_mhz, NULL);
}

int rtl8812a_txpwr_rate_index(const uint8_t *efuse,
                              const struct dvr_txpwr_by_rate *by_rate,
                              const struct dvr_txpwr_limits *limits,
                              enum dvr_regd regd, unsigned path,
                              uint8_t rate, unsigned primary,
                              unsigned center_ch, unsigned bw_mhz, int *cap)
{
	return dvr_txpwr_rate_index(&rtl8812a_txpwr, efuse, by_rate, limits,
	                            regd, path, rate, primary, center_ch,
	                            bw_mhz, cap);
}

int rtl8812a_txpower_tables_load(struct dvr_chip *chip)
{
	bool rfe3 = chip->id.rfe_type == 3;

	/* rtw8812a.c rfe_defs: RFE type 3 has its own by-rate table; the
	 * limit table is the same for every type. Bytes are BCD
	 * (is_pwr_by_rate_dec). */
	return dvr_chip_txpwr_load(chip,
	                           rfe3 ? rtl8812a_bb_pg_rfe3 : rtl8812a_bb_pg,
	                           rfe3 ? rtl8812a_bb_pg_rfe3_len
	                                : rtl8812a_bb_pg_len,
	                           true, rtl8812a_txpwr_lmt,
	                           rtl8812a_txpwr_lmt_len, TXAGC_MAX);
}

