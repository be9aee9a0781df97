/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 8812A calibrated TX power: the per-rate TX AGC index each path gets on a
 * channel, worked out from the EFUSE TX-power block as rtw88 does it
 * (phy.c rtw_get_channel_group, rtw_phy_get_2g_tx_power_index,
 * rtw_phy_get_5g_tx_power_index; layout main.h struct rtw_txpwr_idx), and
 * the registers that hold it (rtw88xxa.c rtw88xxa_set_tx_power_index,
 * rtw88xxa_tx_power_training).
 *
 * Power by rate and the regulatory limit are added as rtw88 does
 * (phy.c rtw_phy_get_tx_power_index): index = EFUSE index + min(by-rate
 * offset, limit), with the tables of rtw8812a_table.c (rtw8812a_bb_pg,
 * rtw8812a_bb_pg_rfe3 for RFE type 3, rtw8812a_txpwr_lmt) parsed by the
 * generic hal/common/txpwr_by_rate.c and txpwr_limit.c. Thermal
 * tracking's remnant (what its BB swing could not take,
 * rtl8812a_pwrtrack.c) is added after the limit, as there.
 *
 * What "TX power" means here: the index the core asks for is the one the
 * reference rate (HT MCS7 on path A) gets; every other rate and path keeps
 * its calibrated distance from it (EFUSE differences and power by rate),
 * and no rate ever exceeds its regulatory limit — rtw88 has no way past
 * it either. The core asks for exactly the calibrated index
 * (rtl8812a_calibrated_tx_power) when the application sets no power, so
 * an unset power is the calibration itself.
 */
#include "hal/common/rate_codes.h"
#include "hal/common/txpwr_index.h"
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8812a/rtl8812a.h"
#include "hal/rtl8812a/rtl8812a_tables.h"

#define TXAGC_MAX 0x3F

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
static const struct dvr_txpwr_chip txpwr = {
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

/* MCS8-15 and VHT 2SS: the second stream's difference applies. */
static bool is_2ss(uint8_t rate)
{
	return (rate >= DVR_DESC_RATE_HT_FIRST + 8 &&
	        rate < DVR_DESC_RATE_VHT_FIRST) ||
	       rate >= DVR_DESC_RATE_VHT_FIRST + 10;
}

static int clamp_index(int p)
{
	return p < 0 ? 0 : p > TXAGC_MAX ? TXAGC_MAX : p;
}

/* The index arithmetic is the generic hal/common/txpwr_index.c (rtw88
 * clamps at the top only, its u8 wrapping below 0; a negative sum is the
 * lowest index there, not the highest). */
int rtl8812a_txpwr_index(const uint8_t *efuse, unsigned path, uint8_t rate,
                         unsigned center_ch, unsigned bw_mhz)
{
	return dvr_txpwr_rate_index(&txpwr, efuse, NULL, NULL,
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
	return dvr_txpwr_rate_index(&txpwr, efuse, by_rate, limits, regd, path,
	                            rate, primary, center_ch, bw_mhz, cap);
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

#define REF_RATE DVR_TXPWR_REF_RATE   /* HT MCS7 */

int rtl8812a_calibrated_tx_power(struct dvr_chip *chip)
{
	return dvr_chip_txpwr_calibrated(chip, &txpwr);
}

/* Thermal tracking's TX AGC steps for a rate on a path
 * (rtl8812a_pwrtrack.c): CCK takes path A's CCK remnant, as rtw88 phy.c
 * rtw_get_tx_power_params does for every path. */
static int remnant(const struct jaguar1_priv *priv, unsigned path,
                   uint8_t rate)
{
	if (!priv || path > 1)
		return 0;
	return dvr_desc_rate_is_cck(rate) ? priv->pwrtrack.remnant_cck
	                                  : priv->pwrtrack.remnant_ofdm[path];
}

/* Last rate code a path programs: VHT 2SS MCS9. */
#define LAST_RATE (DVR_DESC_RATE_VHT_FIRST + 19)

/*
 * TX AGC: one 6-bit index per rate, four rates per register (byte lane =
 * rate code & 3), same layout at 0xC20 (path A) and 0xE20 (path B):
 * CCK, OFDM x2, HT MCS0-15 x4, VHT 1SS 0-9 + 2SS 0-9 x5. On 5 GHz the CCK
 * register is left alone and a 1T1R board skips the second stream, as
 * rtw88 rtw88xxa_set_tx_power_index does.
 */
int rtl8812a_set_tx_power(struct dvr_chip *chip, int index)
{
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	struct dvr_io *io = chip->io;
	unsigned paths = jaguar1_paths(chip);
	int shift = dvr_chip_txpwr_shift(chip, &txpwr, index);
	int ref_applied = index;
	bool is_5g = chip->channel.channel > 14;
	int st;

	if (index < 0 || index > TXAGC_MAX)
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
			int v = dvr_chip_txpwr_level(chip, &txpwr, p, rate,
			                             index, shift);
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
				dvr_w32_mask(io, (uint16_t)(base + off), 0xFFFF,
				             word & 0xFFFF);
			else if (!skip)
				dvr_w32(io, (uint16_t)(base + off), word);
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
		dvr_w32_mask(io, p ? REG_B_TX_TRAINING : REG_A_TX_TRAINING,
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
