/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 8821C calibrated TX power: the 6-bit index each rate gets on path A
 * (rtw88 phy.c rtw_phy_get_tx_power_index: the EFUSE TX-power block read
 * by hal/common/txpwr_efuse.c, plus min(power by rate, regulatory limit)
 * from rtw8821c_table.c rtw8821c_bb_pg_type0 / rtw8821c_txpwr_lmt_type0,
 * BCD by-rate bytes, parsed by hal/common), and the registers that hold
 * it: one index per rate, four rates a dword, at 0x1D00 + (rate & 0xFC),
 * byte lane rate & 3 (rtw8821c.c rtw8821c_set_tx_power_index_by_rate).
 *
 * What "TX power" means here, as on the other chips: the index the core
 * asks for is the one HT MCS7 gets; every other rate keeps its
 * calibrated distance from it and none goes past its regulatory limit;
 * with no power set the core asks for exactly the calibrated index.
 * Thermal tracking moves the output through the TX AGC offset and the BB
 * swing (rtl8821c_pwrtrack.c), not through these indices.
 */
#include "hal/common/chan_geometry.h"
#include "hal/common/rate_codes.h"
#include "hal/common/txpwr_efuse.h"
#include "hal/rtl8821c/rtl8821c.h"
#include "hal/rtl8821c/rtl8821c_tables.h"

#define REG_TXAGC_A 0x1D00
#define REF_RATE (DVR_DESC_RATE_HT_FIRST + 7)        /* HT MCS7 */
#define VHT_1SS_LAST (DVR_DESC_RATE_VHT_FIRST + 9)   /* VHT 1SS MCS9 */

/*
 * EFUSE rules: one index step per difference unit (rtw88 txgi_factor 1,
 * 0.5 dB), a base above 63 unprogrammed. An unprogrammed base takes the
 * vendor's default for this chip (rtw88's vendored alt_rtl8821ce
 * hal_com_phycfg.c rtl8821c_pg_txpwr_def_info: 0x2D on 2.4 GHz, 0x28 on
 * 5 GHz); rtw88 itself uses the byte as it is.
 */
static const struct dvr_txpwr_efuse_rules efuse_rules = {
	.factor = 1,
	.max_base = JAGUAR2_MAX_TX_INDEX,
	.blank_base_2g = 0x2D,
	.blank_base_5g = 0x28,
};

static int clamp_index(int v)
{
	return v < 0 ? 0 : v > JAGUAR2_MAX_TX_INDEX ? JAGUAR2_MAX_TX_INDEX
	                                             : v;
}

int rtl8821c_txpower_tables_load(struct dvr_chip *chip)
{
	/* rtw8821c_rfe_defs: every option takes bb_pg_type0 and
	 * txpwr_lmt_type0; the by-rate bytes are BCD (is_pwr_by_rate_dec). */
	const struct rtl8821c_rfe_def *d = rtl8821c_board(chip->id.rfe_type);

	return dvr_chip_txpwr_load(chip, d->pg, d->pg_len, true, d->lmt,
	                           d->lmt_len, JAGUAR2_MAX_TX_INDEX);
}

int rtl8821c_txpwr_index(const struct dvr_chip *chip, uint8_t rate, int *cap)
{
	struct dvr_chan_geometry g;
	int level, limit;
	/* a 5/10 MHz channel takes its 20 MHz channel's column: the tables
	 * have no narrower rows (OpenIPC devourer docs/narrowband.md, "TX
	 * power folds to the 20 MHz column") */
	struct dvr_channel ch = chip->channel;
	ch.bw_mhz = (uint16_t)dvr_baseband_bw_mhz(ch.bw_mhz);

	if (!chip->efuse || ch.channel == 0 ||
	    dvr_chan_geometry(&ch, &g) != DVR_OK || rate > VHT_1SS_LAST)
		return -1;
	const uint8_t *block = &chip->efuse[EFUSE8821C_TX_POWER];
	/* On the boards whose 2.4 GHz path is BT's front end (options 2
	 * and 4) rtw88 takes path A's 2.4 GHz record from path B's place
	 * in the block (rtw8821c_read_efuse); its 5 GHz record stays. */
	uint8_t opt = chip->id.rfe_type;
	if (!g.is_5g && (opt == 2 || opt == 4))
		block += DVR_TXPWR_EFUSE_PATH_LEN;
	if (dvr_txpwr_efuse_level(block, &efuse_rules, dvr_chip_txpwr(chip),
	                          chip->regd, 0, rate, g.primary, g.center,
	                          g.bw_mhz, &level, &limit) != DVR_OK)
		return -1;
	if (cap)
		*cap = clamp_index(limit);
	/* rtw88 clamps at the top only (its u8 wraps below 0); a negative
	 * sum is the lowest index, not the highest. */
	return clamp_index(level);
}

int rtl8821c_calibrated_tx_power(struct dvr_chip *chip)
{
	int p = rtl8821c_txpwr_index(chip, REF_RATE, NULL);
	return p < 0 ? chip->info->default_tx_power : p;
}

/* The rate sections rtw88 writes on this chip: CCK, OFDM, HT MCS0-7 and
 * VHT 1SS (rtw8821c_set_tx_power_index skips the 2SS sections). */
static const struct {
	uint8_t first, last;
} sections[] = {
	{ DVR_DESC_RATE_CCK_FIRST, DVR_DESC_RATE_OFDM_FIRST - 1 },
	{ DVR_DESC_RATE_OFDM_FIRST, DVR_DESC_RATE_HT_FIRST - 1 },
	{ DVR_DESC_RATE_HT_FIRST, DVR_DESC_RATE_HT_FIRST + 7 },
	{ DVR_DESC_RATE_VHT_FIRST, VHT_1SS_LAST },
};

int rtl8821c_set_tx_power(struct dvr_chip *chip, int index)
{
	struct dvr_io *io = chip->io;
	bool is_5g = chip->channel.channel > 14;

	if (index < 0 || index > JAGUAR2_MAX_TX_INDEX)
		return dvr_chip_fail(chip, DVR_E_INVALID, "TX power index %d "
		                     "outside 0..%d", index,
		                     JAGUAR2_MAX_TX_INDEX);
	int ref = rtl8821c_txpwr_index(chip, REF_RATE, NULL);
	int shift = ref < 0 ? 0 : index - ref;
	int ref_applied = index;
	for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++) {
		/* No CCK on 5 GHz: rtw88 computes no CCK level there
		 * (phy.c rtw_phy_set_tx_power_level_by_path starts at
		 * OFDM), and the chip sends none. */
		if (is_5g && s == 0)
			continue;
		uint32_t word = 0;
		for (uint8_t r = sections[s].first; r <= sections[s].last; r++) {
			int cap = JAGUAR2_MAX_TX_INDEX;
			int v = rtl8821c_txpwr_index(chip, r, &cap);
			/* a set power moves every rate, none past its
			 * regulatory limit */
			v = v < 0 ? index : v + shift;
			v = clamp_index(v > cap ? cap : v);
			if (r == REF_RATE)
				ref_applied = v;
			word |= (uint32_t)v << (8 * (r & 3));
			/* A dword is written when its fourth lane is
			 * filled, and after VHT 1SS MCS9, whose dword's
			 * 2SS lanes rtw88 writes as 0. */
			if ((r & 3) == 3 || r == sections[s].last) {
				/* a word the register already holds (a
				 * hop at the same power) costs nothing */
				dvr_reg_shadow_w32(io, &chip->shadow,
				                   (uint16_t)(REG_TXAGC_A +
				                              (r & 0xFC)),
				                   word);
				word = 0;
			}
		}
	}
	int st = dvr_io_status(io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error setting TX power");
	chip->tx_power_asked = index;
	/* what the reference rate got, which its limit may hold below
	 * index */
	chip->tx_power_index = ref_applied;
	return DVR_OK;
}
