/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 8822C calibrated TX power: the index every rate gets on each path from
 * the EFUSE TX-power block (hal/common/txpwr_efuse.c, as rtw88 phy.c
 * rtw_phy_get_tx_power_index), and the registers that hold it.
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

#define REG_TXAGC_WRITABLE 0x1C90
#define TXAGC_LOCK (1u << 15)
#define REG_TXAGC_DIFF 0x3A00
#define DIFF_MIN (-64)           /* the 7-bit two's complement field */
#define DIFF_MAX 63

#define RATE_11M (DVR_DESC_RATE_OFDM_FIRST - 1)
#define REF_RATE DVR_TXPWR_REF_RATE                  /* HT MCS7 */
#define N_RATES (DVR_DESC_RATE_VHT_FIRST + 20)        /* past VHT 2SS MCS9 */

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

int rtl8822c_set_tx_power(struct dvr_chip *chip, int index)
{
	struct dvr_io *io = chip->io;
	static const uint16_t ref_cck[2] = { 0x18A0, 0x41A0 };
	static const uint16_t ref_ofdm[2] = { 0x18E8, 0x41E8 };
	unsigned paths = chip->id.is_1t1r ? 1 : 2;
	bool is_5g = chip->channel.channel > 14;
	int lvl[2][N_RATES];

	if (index < 0 || index > RTL8822C_MAX_TX_INDEX)
		return dvr_chip_fail(chip, DVR_E_INVALID, "TX power index %d "
		                     "outside 0..%d", index,
		                     RTL8822C_MAX_TX_INDEX);
	int shift = dvr_chip_txpwr_shift(chip, &txpwr, index);
	for (unsigned p = 0; p < paths; p++)
		for (uint8_t r = 0; r < N_RATES; r++)
			lvl[p][r] = dvr_txpwr_rate_programmed(r)
			                    ? dvr_chip_txpwr_level(chip, &txpwr, p,
			                                           r, index, shift)
			                    : index;

	/* References. CCK only on 2.4 GHz: rtw88 computes no CCK level on
	 * 5 GHz (phy.c rtw_phy_set_tx_power_level_by_path starts at the
	 * OFDM section there), and the chip sends no CCK on that band. */
	if (!is_5g)
		for (unsigned p = 0; p < paths; p++) {
			dvr_w32_mask(io, REG_TXAGC_WRITABLE, TXAGC_LOCK, 0);
			dvr_w32_mask(io, ref_cck[p], 0x7F0000,
			             (uint32_t)lvl[p][RATE_11M]);
		}
	for (unsigned p = 0; p < paths; p++) {
		dvr_w32_mask(io, REG_TXAGC_WRITABLE, TXAGC_LOCK, 0);
		dvr_w32_mask(io, ref_ofdm[p], 0x1FC00,
		             (uint32_t)lvl[p][REF_RATE]);
	}
	/* Differences, four rates a dword, the smaller of the paths'. */
	for (uint8_t r0 = 0; r0 < N_RATES; r0 += 4) {
		if (!dvr_txpwr_rate_on_band(r0, is_5g))
			continue;
		uint32_t word = 0;
		for (uint8_t k = 0; k < 4; k++) {
			uint8_t r = (uint8_t)(r0 + k);
			bool cck = dvr_desc_rate_is_cck(r);
			int d = DIFF_MAX;
			for (unsigned p = 0; p < paths; p++) {
				int dp = lvl[p][r] -
				         lvl[p][cck ? RATE_11M : REF_RATE];
				d = dp < d ? dp : d;
			}
			/* the field cannot hold more; the level saturates */
			d = d < DIFF_MIN ? DIFF_MIN : d;
			word |= ((uint32_t)d & 0x7F) << (8 * k);
		}
		dvr_w32_mask(io, REG_TXAGC_WRITABLE, TXAGC_LOCK, 0);
		dvr_w32(io, (uint16_t)(REG_TXAGC_DIFF + r0), word);
	}
	int st = dvr_io_status(io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error setting TX power");
	chip->tx_power_asked = index;
	/* what the reference rate got, which its limit may hold below
	 * index */
	chip->tx_power_index = lvl[0][REF_RATE];
	return DVR_OK;
}
