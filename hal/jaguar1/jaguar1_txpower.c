/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar1 TX power registers: the per-rate TX AGC indices every die of the
 * family programs the same way (rtw88 rtw88xxa.c
 * rtw88xxa_set_tx_power_index, rtw88xxa_set_tx_power_index_by_rate,
 * rtw88xxa_tx_power_training, shared by rtw8812a.c and rtw8821a.c).
 *
 * The index of each rate is the generic calibration (hal/common/
 * txpwr_index.c: EFUSE block, power by rate, regulatory limit) read
 * through the die's EFUSE rules (jaguar1_data.txpwr); the die loads its
 * own by-rate and limit tables into chip state at identify. Thermal
 * tracking's remnant (jaguar1_pwrtrack.c) is added after the limit.
 * Every write goes through the register shadow (chip->shadow): the core
 * applies the power again after each channel change, and a hop between
 * channels of one power group leaves every word as it was — no transfer.
 * Nothing else writes these registers after phy_init (whose tables
 * empty the shadow).
 *
 * What "TX power" means here: the index the core asks for is the one the
 * reference rate (HT MCS7 on path A) gets; every other rate and path keeps
 * its calibrated distance from it (EFUSE differences and power by rate),
 * and no rate ever exceeds its regulatory limit — rtw88 has no way past
 * it either. The core asks for exactly the calibrated index
 * (jaguar1_calibrated_tx_power) when the application sets no power, so
 * an unset power is the calibration itself.
 */
#include "hal/common/rate_codes.h"
#include "hal/common/txpwr_index.h"
#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"

#define REF_RATE DVR_TXPWR_REF_RATE   /* HT MCS7 */
/* Last rate code a path programs: VHT 2SS MCS9. */
#define LAST_RATE (DVR_DESC_RATE_VHT_FIRST + 19)

/* MCS8-15 and VHT 2SS: the second stream's difference applies. */
static bool is_2ss(uint8_t rate)
{
	return (rate >= DVR_DESC_RATE_HT_FIRST + 8 &&
	        rate < DVR_DESC_RATE_VHT_FIRST) ||
	       rate >= DVR_DESC_RATE_VHT_FIRST + 10;
}

static int clamp_index(int p)
{
	return p < 0 ? 0 : p > JAGUAR1_TXAGC_MAX ? JAGUAR1_TXAGC_MAX : p;
}

int jaguar1_calibrated_tx_power(struct dvr_chip *chip)
{
	return dvr_chip_txpwr_calibrated(chip, jaguar1_data(chip)->txpwr);
}

/* Thermal tracking's TX AGC steps for a rate on a path: CCK takes path
 * A's CCK remnant, as rtw88 phy.c rtw_get_tx_power_params does for every
 * path. */
static int remnant(const struct jaguar1_priv *priv, unsigned path,
                   uint8_t rate)
{
	if (!priv || path > 1)
		return 0;
	return dvr_desc_rate_is_cck(rate) ? priv->pwrtrack.remnant_cck
	                                  : priv->pwrtrack.remnant_ofdm[path];
}

/*
 * TX AGC: one 6-bit index per rate, four rates per register (byte lane =
 * rate code & 3), same layout at 0xC20 (path A) and 0xE20 (path B):
 * CCK, OFDM x2, HT MCS0-15 x4, VHT 1SS 0-9 + 2SS 0-9 x5. On 5 GHz the CCK
 * register is left alone and a one-path die or board skips the second
 * stream, as rtw88 rtw88xxa_set_tx_power_index does.
 */
int jaguar1_set_tx_power(struct dvr_chip *chip, int index)
{
	const struct dvr_txpwr_chip *tc = jaguar1_data(chip)->txpwr;
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	struct dvr_io *io = chip->io;
	unsigned paths = jaguar1_paths(chip);
	int shift = dvr_chip_txpwr_shift(chip, tc, index);
	int ref_applied = index;
	bool is_5g = chip->channel.channel > 14;
	int st;

	if (index < 0 || index > JAGUAR1_TXAGC_MAX)
		return dvr_chip_fail(chip, DVR_E_INVALID,
		                     "TX power index %d outside 0..63", index);
	chip->tx_power_asked = index;
	for (unsigned p = 0; p < paths; p++) {
		uint16_t base = p ? REG_B_TXAGC : REG_A_TXAGC;
		uint32_t word = 0;
		int mcs7 = index, mcs7_agc = index;
		for (uint8_t rate = 0; rate <= LAST_RATE; rate++) {
			if (rate >= DVR_DESC_RATE_HT_FIRST + 16 &&
			    rate < DVR_DESC_RATE_VHT_FIRST)
				continue;          /* MCS16-31: no third stream */
			int v = dvr_chip_txpwr_level(chip, tc, p, rate, index,
			                             shift);
			if (rate == REF_RATE)
				mcs7 = v;
			/* thermal tracking's remnant comes after the limit
			 * and only the top of the range holds it (rtw88
			 * rtw_phy_get_tx_power_index: base + min(by rate,
			 * limit) + remnant, then max_power_index): it makes
			 * up for the swing the die's warmth takes, so the
			 * output stays at the limited level. We clamp at 0
			 * too where rtw88's u8 would wrap. */
			v = clamp_index(v + remnant(priv, p, rate));
			if (rate == REF_RATE)
				mcs7_agc = v;
			word |= (uint32_t)v << ((rate & 3) * 8);
			bool one_ss_last = paths == 1 &&
			                   rate == DVR_DESC_RATE_VHT_FIRST + 9;
			if ((rate & 3) != 3 && !one_ss_last)
				continue;
			uint16_t off = (uint16_t)(rate & 0xFC);
			if (rate >= DVR_DESC_RATE_VHT_FIRST)
				off = (uint16_t)(off - 0x10);
			bool skip = (is_5g && rate < DVR_DESC_RATE_OFDM_FIRST) ||
			            (paths == 1 && is_2ss(rate));
			if (one_ss_last)
				/* VHT1SS 8/9 share with VHT2SS 0/1 */
				dvr_reg_shadow_w32_mask(io, &chip->shadow,
				                        (uint16_t)(base + off),
				                        0xFFFF, word & 0xFFFF);
			else if (!skip)
				dvr_reg_shadow_w32(io, &chip->shadow,
				                   (uint16_t)(base + off), word);
			word = 0;
			if (one_ss_last)
				break;
		}
		/*
		 * Power-training levels step DOWN from the MCS7 index: the
		 * 10, 8 and 6 are cumulative, each written no lower than 2
		 * (rtw88 rtw88xxa_tx_power_training and the vendor
		 * PHY_TxPowerTrainingByPath_8812 subtract from a running
		 * value). Both references compute this in u32, so an index
		 * below 24 wraps there; the floor of 2 is what the code
		 * means.
		 */
		int t0 = mcs7_agc - 10 < 2 ? 2 : mcs7_agc - 10;
		int t1 = mcs7_agc - 18 < 2 ? 2 : mcs7_agc - 18;
		int t2 = mcs7_agc - 24 < 2 ? 2 : mcs7_agc - 24;
		uint32_t training = (uint32_t)t0 | (uint32_t)t1 << 8 |
		                    (uint32_t)t2 << 16;
		dvr_reg_shadow_w32_mask(io, &chip->shadow,
		                        p ? REG_B_TX_TRAINING : REG_A_TX_TRAINING,
		                        0x00FFFFFFu, training);
		if (p == 0)
			ref_applied = mcs7;
	}
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "TX power write failed");
	/* what the reference rate got, which its limit may hold below
	 * index; without the remnant, which keeps the power, not raises
	 * it */
	chip->tx_power_index = ref_applied;
	return DVR_OK;
}
