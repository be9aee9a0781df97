/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 8822B TX power: the index every rate gets on each path, from the EFUSE
 * TX-power block, power by rate and the limits of the board's RFE option
 * (the generic hal/common/txpwr_index.c, as rtw88 phy.c
 * rtw_phy_get_tx_power_index works it out), and the registers that hold
 * it: one 6-bit index per rate, four rates a dword at 0x1D00 (path A) /
 * 0x1D80 (path B) + (rate & 0xFC), byte lane rate & 3 (rtw88 rtw8822b.c
 * rtw8822b_set_tx_power_index_by_rate; OpenIPC devourer notes the block
 * is write-only, so nothing here reads it back).
 *
 * What "TX power" means, as on the other chips: the index the core asks
 * for is the one HT MCS7 on path A gets; every other rate and path keeps
 * its calibrated distance from it and none goes past its regulatory
 * limit; with no power set the core asks for exactly the calibrated
 * index (rtl8822b_calibrated_tx_power).
 */
#include "hal/common/rate_codes.h"
#include "hal/rtl8822b/rtl8822b.h"
#include "hal/rtl8822b/rtl8822b_tables.h"

#define REF_RATE DVR_TXPWR_REF_RATE                   /* HT MCS7 */
#define VHT_2SS_END (DVR_DESC_RATE_VHT_FIRST + 20)     /* past 2SS MCS9 */

/*
 * One index step per EFUSE difference unit (rtw88 txgi_factor 1, 0.5 dB
 * steps), bases above the 6-bit range unprogrammed. An unprogrammed base
 * (0xFF on a blank part) takes the vendor's default for this chip, 0x2D
 * on 2.4 GHz and 0x2A on 5 GHz (rtl8822b_pg_txpwr_def_info in the vendor
 * hal_com_phycfg.c rtw88 carries under alt_rtl8821ce/); rtw88 would use
 * the byte as it is and saturate every rate at 0x3F. No adjustment by
 * rate: the chip has no pre-distortion back-off (en_dis_dpd unset).
 */
const struct dvr_txpwr_chip rtl8822b_txpwr = {
	.rules = {
		.factor = 1,
		.max_base = JAGUAR2_MAX_TX_INDEX,
		.blank_base_2g = 0x2D,
		.blank_base_5g = 0x2A,
	},
	.efuse_offset = EFUSE8822B_TX_POWER,
	.paths = 2,
	.max_index = JAGUAR2_MAX_TX_INDEX,
};

int rtl8822b_txpower_tables_load(struct dvr_chip *chip)
{
	/* rtw8822b.c rtw8822b_rfe_defs: the by-rate and limit tables of the
	 * RFE option (identify admits no other); by-rate bytes are BCD
	 * (is_pwr_by_rate_dec). */
	for (size_t i = 0; i < rtl8822b_rfe_defs_len; i++) {
		const struct rtl8822b_rfe_def *d = &rtl8822b_rfe_defs[i];
		if (d->rfe_option != chip->id.rfe_type)
			continue;
		return dvr_chip_txpwr_load(chip, d->pg, d->pg_len, true, d->lmt,
		                           d->lmt_len, JAGUAR2_MAX_TX_INDEX);
	}
	return dvr_chip_fail(chip, DVR_E_UNSUPPORTED, "no TX power tables for "
	                     "RFE option %u", chip->id.rfe_type);
}

int rtl8822b_calibrated_tx_power(struct dvr_chip *chip)
{
	return dvr_chip_txpwr_calibrated(chip, &rtl8822b_txpwr);
}

int rtl8822b_set_tx_power(struct dvr_chip *chip, int index)
{
	static const uint16_t txagc[2] = { 0x1D00, 0x1D80 };
	struct dvr_io *io = chip->io;
	unsigned paths = chip->id.is_1t1r ? 1 : 2;
	bool is_5g = chip->channel.channel > 14;
	int ref_level = index;

	if (index < 0 || index > JAGUAR2_MAX_TX_INDEX)
		return dvr_chip_fail(chip, DVR_E_INVALID, "TX power index %d "
		                     "outside 0..%d", index,
		                     JAGUAR2_MAX_TX_INDEX);
	int shift = dvr_chip_txpwr_shift(chip, &rtl8822b_txpwr, index);
	for (unsigned p = 0; p < paths; p++) {
		for (uint8_t r0 = 0; r0 < VHT_2SS_END; r0 += 4) {
			if (!dvr_txpwr_rate_on_band(r0, is_5g))
				continue;
			uint32_t word = 0;
			for (uint8_t k = 0; k < 4; k++) {
				uint8_t r = (uint8_t)(r0 + k);
				int v = dvr_chip_txpwr_level(chip,
				                             &rtl8822b_txpwr, p,
				                             r, index, shift);
				if (p == 0 && r == REF_RATE)
					ref_level = v;
				word |= (uint32_t)v << (8 * k);
			}
			/* a word the register already holds (a hop
			 * at the same power) costs no transfer */
			dvr_reg_shadow_w32(io, &chip->shadow,
			                   (uint16_t)(txagc[p] + r0), word);
		}
	}
	int st = dvr_io_status(io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error setting TX power");
	chip->tx_power_asked = index;
	/* what the reference rate got, which its limit may hold below
	 * index */
	chip->tx_power_index = ref_level;
	return DVR_OK;
}
