/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar3 TX AGC table: how an 8822C-class die holds the TX power of
 * every rate. The same registers on the RTL8822C (rtw88 rtw8822c.c
 * rtw8822c_set_tx_power_index, rtw8822c_set_write_tx_power_ref,
 * rtw8822c_set_tx_power_diff) and the RTL8822E (vendor rtl88x2eu
 * phydm_hal_api8822e.c config_phydm_write_txagc_ref_8822e,
 * config_phydm_write_txagc_diff_8822e):
 *  - per path a CCK reference, 0x18A0 / 0x41A0 [22:16] (the 11M level),
 *    and an OFDM reference, 0x18E8 / 0x41E8 [16:10] (the HT MCS7 level);
 *  - per rate one signed 7-bit difference to its reference at 0x3A00 +
 *    (rate & 0xFC), four a dword, shared by both paths: the smaller of
 *    the two paths' differences is written;
 *  - 0x1C90 bit 15 clear for a write to reach the table (the reference
 *    clears it before every write; as a level it stays clear, and the
 *    register shadow leaves out the repeats).
 * The levels themselves are the generic ones of hal/common/txpwr_index.c
 * under the chip's EFUSE rules.
 */
#include "hal/common/rate_codes.h"
#include "hal/jaguar3/jaguar3.h"

#define REG_TXAGC_WRITABLE 0x1C90
#define TXAGC_LOCK (1u << 15)
#define REG_TXAGC_DIFF 0x3A00
#define DIFF_MIN (-64)           /* the 7-bit two's complement field */
#define DIFF_MAX 63

#define RATE_11M (DVR_DESC_RATE_OFDM_FIRST - 1)
#define REF_RATE DVR_TXPWR_REF_RATE                  /* HT MCS7 */
#define N_RATES (DVR_DESC_RATE_VHT_FIRST + 20)        /* past VHT 2SS MCS9 */

int jaguar3_set_tx_power(struct dvr_chip *chip,
                         const struct dvr_txpwr_chip *tc, int index)
{
	struct dvr_io *io = chip->io;
	/* Every register here through the shadow: a channel change that
	 * keeps the levels (a hop within one EFUSE channel group at a fixed
	 * power) then writes nothing. The lock bit stays clear once
	 * cleared (the BB table sets it; nothing but this code writes it),
	 * the references' other fields are the power tracking's, which
	 * writes them through the shadow too. */
	struct dvr_reg_shadow *sh = &chip->shadow;
	static const uint16_t ref_cck[2] = { 0x18A0, 0x41A0 };
	static const uint16_t ref_ofdm[2] = { 0x18E8, 0x41E8 };
	unsigned paths = chip->id.is_1t1r ? 1 : 2;
	bool is_5g = chip->channel.channel > 14;
	int lvl[2][N_RATES];

	if (index < 0 || index > tc->max_index)
		return dvr_chip_fail(chip, DVR_E_INVALID, "TX power index %d "
		                     "outside 0..%d", index, tc->max_index);
	int shift = dvr_chip_txpwr_shift(chip, tc, index);
	for (unsigned p = 0; p < paths; p++)
		for (uint8_t r = 0; r < N_RATES; r++)
			lvl[p][r] = dvr_txpwr_rate_programmed(r)
			                    ? dvr_chip_txpwr_level(chip, tc, p, r,
			                                           index, shift)
			                    : index;

	/* References. CCK only on 2.4 GHz: rtw88 computes no CCK level on
	 * 5 GHz (phy.c rtw_phy_set_tx_power_level_by_path starts at the
	 * OFDM section there), and the chip sends no CCK on that band. */
	if (!is_5g)
		for (unsigned p = 0; p < paths; p++) {
			dvr_reg_shadow_w32_mask(io, sh, REG_TXAGC_WRITABLE,
			                        TXAGC_LOCK, 0);
			dvr_reg_shadow_w32_mask(io, sh, ref_cck[p], 0x7F0000,
			                        (uint32_t)lvl[p][RATE_11M]);
		}
	for (unsigned p = 0; p < paths; p++) {
		dvr_reg_shadow_w32_mask(io, sh, REG_TXAGC_WRITABLE,
		                        TXAGC_LOCK, 0);
		dvr_reg_shadow_w32_mask(io, sh, ref_ofdm[p], 0x1FC00,
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
		dvr_reg_shadow_w32_mask(io, sh, REG_TXAGC_WRITABLE,
		                        TXAGC_LOCK, 0);
		dvr_reg_shadow_w32(io, sh, (uint16_t)(REG_TXAGC_DIFF + r0),
		                   word);
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
