/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * TX power of the 8814A: one index per rate and path written through the
 * TX AGC table port 0x1998, each word packing index, path and rate (rtw88
 * rtw8814a.c rtw8814a_set_tx_power_index_by_rate,
 * rtw8814a_set_tx_power_index; vendor rtl8814a_phycfg.c
 * PHY_SetTxPowerIndex_8814A). The per-rate byte lanes at 0xC20-0xC4C of
 * the 8812A are not used on this chip.
 *
 * rtw88 adds 2 to every index before writing it; the vendor writes the
 * index as computed, and gives no reason for a difference. We write the
 * asked index as it is (INDEX_BIAS 0): the core's index is the power the
 * application asked for in 0.5 dB steps, and a bias would put every rate
 * 1 dB above it; the vendor's own driver, which OpenIPC devourer
 * compared its 8814AU traffic with, does the same.
 */
#include "hal/common/txpwr_index.h"
#include "hal/rtl8814a/rtl8814a.h"
#include "hal/rtl8814a/rtl8814a_tables.h"

#define REG_TXAGC_TABLE 0x1998
#define TXAGC_WORD 0x00801000u
#define INDEX_BIAS 0

uint32_t rtl8814a_txagc_word(unsigned path, uint8_t rate, unsigned index)
{
	return TXAGC_WORD | (uint32_t)(index & 0x3F) << 24 |
	       (uint32_t)(path & 3) << 8 | rate;
}

unsigned rtl8814a_txagc_index(int index)
{
	int v = index + INDEX_BIAS;

	return v < 0 ? 0u : v > JAGUAR1_TXAGC_MAX ? (unsigned)JAGUAR1_TXAGC_MAX
	                                        : (unsigned)v;
}

/*
 * The EFUSE TX-power block (rtw88 rtw8814a.h struct rtw8814a_efuse:
 * txpwr_idx_table[4] at 0x10, one record per path, read by
 * rtw8814a_read_efuse for all four paths): 0.5 dB an index step (hw_spec
 * txgi_factor 1), 6-bit bases. rtw88 takes a blank base as it reads
 * (0xFF, clamped to 0x3F); a blank part here starts from the chip's
 * mid-scale default instead, as with no calibration at all.
 */
const struct dvr_txpwr_chip rtl8814a_txpwr = {
	.rules = {
		.factor = 1,
		.max_base = JAGUAR1_TXAGC_MAX,
		.blank_base_2g = 32,
		.blank_base_5g = 32,
	},
	.efuse_offset = 0x10,
	.paths = 4,
	.max_index = JAGUAR1_TXAGC_MAX,
};

/* The level of @p rate on @p path for an asked @p index: its EFUSE
 * calibration, power by rate and limit moved by how far @p index is from
 * the reference rate's (hal/common/txpwr_index.c, as the other chips);
 * the 3-stream rates have their own rows and EFUSE differences. */
static unsigned level(struct dvr_chip *chip, unsigned path, uint8_t rate,
                      int index, int shift)
{
	int v = dvr_chip_txpwr_level(chip, &rtl8814a_txpwr, path, rate, index,
	                             shift);
	return rtl8814a_txagc_index(v < 0 ? index : v);
}

/* The rate codes rtw88 writes (main.h enum rtw_trx_desc_rate): CCK 1M-11M
 * 0x00-0x03, OFDM 6M-54M 0x04-0x0B, HT MCS0-23 0x0C-0x23, VHT 1SS-3SS
 * MCS0-9 0x2C-0x49. */
static void write_range(struct dvr_chip *chip, unsigned path, uint8_t from,
                        uint8_t to, int index, int shift)
{
	struct dvr_io *io = chip->io;
	struct rtl8814a_priv *priv = chip->priv;

	for (unsigned r = from; r <= to; r++) {
		unsigned idx = level(chip, path, (uint8_t)r, index, shift);
		/* an entry that already holds the index needs no write: the
		 * table is the driver's alone (see struct rtl8814a_priv) */
		bool cached = priv && path < RTL8814A_PATHS &&
		              r < RTL8814A_TXAGC_RATES;
		if (cached && priv->txagc_known[path][r] &&
		    priv->txagc[path][r] == idx)
			continue;
		uint32_t w = rtl8814a_txagc_word(path, (uint8_t)r, idx);
		dvr_w32(io, REG_TXAGC_TABLE, w);
		/* "first time to turn on the txagc table, second to write
		 * the addr0" */
		if (r == 0x00)
			dvr_w32(io, REG_TXAGC_TABLE, w);
		if (cached) {
			priv->txagc[path][r] = (uint8_t)idx;
			priv->txagc_known[path][r] = true;
		}
	}
}

int rtl8814a_set_tx_power(struct dvr_chip *chip, int index)
{
	struct dvr_io *io = chip->io;
	int shift = dvr_chip_txpwr_shift(chip, &rtl8814a_txpwr, index);

	chip->tx_power_asked = index;
	/*
	 * CCK on both bands: rtw88 writes it on 2.4 GHz only, but rtw88
	 * writes TX power again at every channel set, and here the core
	 * does not (it asks once per start or set_tx_power). A retune from
	 * 5 to 2.4 GHz would leave CCK at the BB table's index 0x12; on
	 * 5 GHz the CCK rows are simply unused (the chip sends no CCK there).
	 */
	for (unsigned p = 0; p < chip->info->rf_paths; p++) {
		write_range(chip, p, 0x00, 0x03, index, shift);     /* CCK */
		write_range(chip, p, 0x04, 0x0B, index, shift);     /* OFDM */
		write_range(chip, p, 0x0C, 0x23, index, shift);     /* HT */
		write_range(chip, p, 0x2C, 0x49, index, shift);     /* VHT */
	}
	int st = dvr_io_status(io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "TX power not written");
	/* what the reference rate got: its limit may hold it below index */
	chip->tx_power_index = (int)level(chip, 0, DVR_TXPWR_REF_RATE, index,
	                                  shift);
	return DVR_OK;
}

int rtl8814a_calibrated_tx_power(struct dvr_chip *chip)
{
	/* MCS7 of path A at the channel, with its power by rate and limit */
	return dvr_chip_txpwr_calibrated(chip, &rtl8814a_txpwr);
}

int rtl8814a_txpower_tables_load(struct dvr_chip *chip)
{
	/* rtw8814a_rfe_defs: option 0 bb_pg_type0 with txpwr_lmt_type0,
	 * option 1 bb_pg with txpwr_lmt_type1; the by-rate bytes are BCD
	 * (hw_spec is_pwr_by_rate_dec). read_board has refused every other
	 * option. */
	bool type0 = chip->id.rfe_type == 0;

	return dvr_chip_txpwr_load(chip,
	                           type0 ? rtl8814a_bb_pg_type0 : rtl8814a_bb_pg,
	                           type0 ? rtl8814a_bb_pg_type0_len
	                                 : rtl8814a_bb_pg_len,
	                           true,
	                           type0 ? rtl8814a_txpwr_lmt_type0
	                                 : rtl8814a_txpwr_lmt_type1,
	                           type0 ? rtl8814a_txpwr_lmt_type0_len
	                                 : rtl8814a_txpwr_lmt_type1_len,
	                           JAGUAR1_TXAGC_MAX);
}
