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
#include "hal/common/rate_codes.h"
#include "hal/rtl8814a/rtl8814a.h"

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

/* The rate codes rtw88 writes (main.h enum rtw_trx_desc_rate): CCK 1M-11M
 * 0x00-0x03, OFDM 6M-54M 0x04-0x0B, HT MCS0-23 0x0C-0x23, VHT 1SS-3SS
 * MCS0-9 0x2C-0x49. */
static void write_range(struct dvr_io *io, unsigned path, uint8_t from,
                        uint8_t to, unsigned index)
{
	for (unsigned r = from; r <= to; r++) {
		uint32_t w = rtl8814a_txagc_word(path, (uint8_t)r, index);
		dvr_w32(io, REG_TXAGC_TABLE, w);
		/* "first time to turn on the txagc table, second to write
		 * the addr0" */
		if (r == 0x00)
			dvr_w32(io, REG_TXAGC_TABLE, w);
	}
}

int rtl8814a_set_tx_power(struct dvr_chip *chip, int index)
{
	struct dvr_io *io = chip->io;
	unsigned idx = rtl8814a_txagc_index(index);
	bool is_2g = chip->channel.channel && chip->channel.channel <= 14;

	for (unsigned p = 0; p < chip->info->rf_paths; p++) {
		if (is_2g)
			write_range(io, p, 0x00, 0x03, idx);   /* CCK */
		write_range(io, p, 0x04, 0x0B, idx);       /* OFDM */
		write_range(io, p, 0x0C, 0x23, idx);       /* HT 1-3 SS */
		write_range(io, p, 0x2C, 0x49, idx);       /* VHT 1-3 SS */
	}
	int st = dvr_io_status(io);
	return st == DVR_OK ? DVR_OK :
	       dvr_chip_fail(chip, st, "TX power not written");
}
