/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 8822C calibrated TX power: the index every rate gets on each path from
 * the EFUSE TX-power block (hal/common/txpwr_efuse.c, as rtw88 phy.c
 * rtw_phy_get_tx_power_index); the registers that hold it are the
 * Jaguar3 family's (hal/jaguar3/jaguar3_txagc.c).
 *
 * The chip takes per-path references — CCK at 0x18A0/0x41A0 [22:16] (the
 * 11M level), OFDM at 0x18E8/0x41E8 [16:10] (the HT MCS7 level) — and one
 * signed 7-bit difference per rate at 0x3A00 + (rate & 0xFC), four per
 * dword, shared by both paths: rtw88 writes the smaller of the two paths'
 * differences (rtw8822c.c rtw8822c_set_tx_power_index,
 * rtw8822c_set_write_tx_power_ref, rtw8822c_set_tx_power_diff). Every
 * write is preceded by clearing 0x1C90 bit 15 (TX AGC table writable).
 *
 * On top of the EFUSE level every rate gets min(power by rate, regulatory
 * limit) as rtw88 phy.c rtw_phy_get_tx_power_index adds it, from
 * rtw8822c_table.c rtw8822c_bb_pg_type0 and the limit table of the
 * board's RFE type (rtw8822c_txpwr_lmt_type0 / _type5), parsed by the
 * generic hal/common/txpwr_by_rate.c and txpwr_limit.c on this chip's
 * 7-bit scale; then the no-DPD back-off. rtw88 also takes the least with
 * a SAR limit, which we have none of.
 *
 * What "TX power" means here, as on the 8812A: the index the core asks
 * for is the one HT MCS7 on path A gets; every other rate and path keeps
 * its calibrated distance from it, and none goes past its regulatory
 * limit; with no power set the core asks for exactly the calibrated
 * index (rtl8822c_calibrated_tx_power).
 */
#include "hal/common/rate_codes.h"
#include "hal/common/txpwr_index.h"
#include "hal/rtl8822c/rtl8822c.h"
#include "hal/rtl8822c/rtl8822c_tables.h"

/* The no-DPD back-off, below; declared for the chip data. */
static int dpd_backoff(uint8_t rate);

/*
 * EFUSE rules of this chip: differences count double (rtw88 rtw8822c.c
 * chip info txgi_factor 2, 0.25 dB steps against the block's 0.5 dB), a
 * base above the 7-bit range is unprogrammed. rtw88 uses a blank (0xFF)
 * base as it is, and its u8 sum then saturates every rate at the top
 * index 0x7F; we take the chip's mid-scale default instead (64, see
 * rtl8822c.c default_tx_power) so that a board without calibration never
 * runs its PA at full scale. No vendor table of default bases for this
 * chip is among our references. The index arithmetic is the generic
 * hal/common/txpwr_index.c; the back-off is this chip's adjustment.
 */
static const struct dvr_txpwr_chip txpwr = {
	.rules = {
		.factor = 2,
		.max_base = RTL8822C_MAX_TX_INDEX,
		.blank_base_2g = 64,
		.blank_base_5g = 64,
	},
	.efuse_offset = EFUSE8822C_TX_POWER,
	.paths = 2,
	.max_index = RTL8822C_MAX_TX_INDEX,
	.rate_adjust = dpd_backoff,
};

/*
 * The back-off of the rates that run without digital pre-distortion: with
 * the chip's en_dis_dpd and dpd_ratemask (all ten rates, rtw8822c.h
 * DIS_DPD_RATEALL) rtw88 phy.c rtw_phy_get_dis_dpd_by_rate_diff takes
 * 3 dB (-6 x txgi_factor = -12) off exactly the rates phy_init keeps
 * without DPD (0xA70 [9:0] = 0x3FF): OFDM 6M/9M, MCS0/1, MCS8/9, VHT 1SS
 * and 2SS MCS0/1. rtw88 phy.c rtw_phy_get_tx_power_index adds it after
 * min(power by rate, limit), so it lowers a limited rate too.
 */
static int dpd_backoff(uint8_t rate)
{
	static const uint8_t no_dpd[] = {
		DVR_DESC_RATE_OFDM_FIRST, DVR_DESC_RATE_OFDM_FIRST + 1,
		DVR_DESC_RATE_HT_FIRST, DVR_DESC_RATE_HT_FIRST + 1,
		DVR_DESC_RATE_HT_FIRST + 8, DVR_DESC_RATE_HT_FIRST + 9,
		DVR_DESC_RATE_VHT_FIRST, DVR_DESC_RATE_VHT_FIRST + 1,
		DVR_DESC_RATE_VHT_FIRST + 10, DVR_DESC_RATE_VHT_FIRST + 11,
	};
	for (size_t i = 0; i < sizeof no_dpd; i++)
		if (rate == no_dpd[i])
			return -6 * txpwr.rules.factor;
	return 0;
}

int rtl8822c_txpwr_index(const uint8_t *efuse, unsigned path, uint8_t rate,
                         unsigned center_ch, unsigned bw_mhz)
{
	return dvr_txpwr_rate_index(&txpwr, efuse, NULL, NULL,
	                            DVR_REGD_WORLDWIDE, path, rate, center_ch,
	                            center_ch, bw_mhz, NULL);
}

int rtl8822c_txpwr_rate_index(const uint8_t *efuse,
                              const struct dvr_txpwr_by_rate *by_rate,
                              const struct dvr_txpwr_limits *limits,
                              enum dvr_regd regd, unsigned path,
                              uint8_t rate, unsigned primary,
                              unsigned center_ch, unsigned bw_mhz, int *cap)
{
	return dvr_txpwr_rate_index(&txpwr, efuse, by_rate, limits, regd, path,
	                            rate, primary, center_ch, bw_mhz, cap);
}

int rtl8822c_txpower_tables_load(struct dvr_chip *chip)
{
	/* rtw8822c.c rtw8822c_rfe_defs: every RFE type takes bb_pg_type0,
	 * and txpwr_lmt_type0 except type 5 (txpwr_lmt_type5). rtw88
	 * refuses a type past 6; we take type 0's tables for it, the
	 * reference design's. By-rate bytes are binary (the chip's
	 * is_pwr_by_rate_dec is false). */
	bool type5 = chip->id.rfe_type == 5;

	return dvr_chip_txpwr_load(chip, rtl8822c_bb_pg_type0,
	                           rtl8822c_bb_pg_type0_len, false,
	                           type5 ? rtl8822c_txpwr_lmt_type5
	                                 : rtl8822c_txpwr_lmt_type0,
	                           type5 ? rtl8822c_txpwr_lmt_type5_len
	                                 : rtl8822c_txpwr_lmt_type0_len,
	                           RTL8822C_MAX_TX_INDEX);
}

int rtl8822c_calibrated_tx_power(struct dvr_chip *chip)
{
	return dvr_chip_txpwr_calibrated(chip, &txpwr);
}

/* The TX AGC table is the family's (hal/jaguar3/jaguar3_txagc.c). */
int rtl8822c_set_tx_power(struct dvr_chip *chip, int index)
{
	return jaguar3_set_tx_power(chip, &txpwr, index);
}
