/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar2 5 and 10 MHz channels: tuned at 20 MHz as any other, then the
 * baseband re-clocked. RF 0x18 keeps its 20 MHz bandwidth code and the
 * MAC its 20 MHz bits (rtw88 rtw8822b.c / rtw8821c.c *_set_channel_rf,
 * RTW_CHANNEL_WIDTH_5 / _10 fall into the 20 MHz case); the BB word
 * 0x8AC takes the die's small-BW field and clock codes (the chip hands
 * them in: rtw8822b_set_channel_bb and rtw8821c_set_channel_bb write
 * different words), and both dies then drop the ADC buffer clock 0x8C4
 * [30] and set 0x8C8 [31] (REG_ADC160, REG_ADC40 in the same two
 * functions).
 *
 * After the re-clock:
 *  - the RTL8822B's synthesiser re-latches its channel state only on a
 *    change of RF 0x18's value, and a re-clock on a channel already
 *    tuned at 20 MHz rewrites the same value: RF 0x18 is written once
 *    with another channel byte, then the real word, then the usual
 *    re-latch (OpenIPC devourer docs/narrowband.md, "8822B RF18
 *    re-latch edge"; HalJaguar2.cpp does the same pair). The 8821C does
 *    not need it (same document) and @p edge_paths is 0 for it;
 *  - a BB reset, REG_SYS_FUNC_EN bit 16 low then high, relatches the
 *    divided clock tree (same document, "A baseband reset relatches the
 *    divided clock tree ... the Jaguar2 narrowband path performs it").
 */
#include "hal/common/narrowband.h"
#include "hal/common/chan_geometry.h"
#include "hal/jaguar2/jaguar2.h"

#define REG_SYS_FUNC_EN_BB 0x0002   /* bit 0: REG_SYS_FUNC_EN bit 16 */
#define REG_ADCCLK 0x08AC
#define REG_ADC160 0x08C4
#define REG_ADC40 0x08C8
#define RF_CFGCH 0x18
#define RF_ALL 0xFFFFFu

/* The RF 0x18 value edge: another channel byte, then @p word. */
static void rf18_edge(struct dvr_chip *chip, uint32_t word, unsigned paths)
{
	uint32_t ch = word & 0xFF;
	uint32_t other = (word & ~0xFFu) | (ch == 1 ? 2u : 1u);

	for (unsigned p = 0; p < paths; p++)
		halmac_rf_write(chip, p, RF_CFGCH, RF_ALL, other);
	for (unsigned p = 0; p < paths; p++)
		halmac_rf_write(chip, p, RF_CFGCH, RF_ALL, word);
	jaguar2_rf_relatch(chip);
}

int jaguar2_set_narrow_channel(struct dvr_chip *chip,
                               const struct dvr_channel *ch,
                               const struct jaguar2_narrow *nb)
{
	struct dvr_io *io = chip->io;
	int st;

	struct dvr_channel wide;
	if ((st = dvr_narrow_base(chip, ch, &wide)) != DVR_OK)
		return st;
	if ((st = nb->set_channel(chip, &wide)) != DVR_OK)
		return st;

	bool five = ch->bw_mhz == 5;
	uint32_t v = dvr_r32(io, REG_ADCCLK);
	v = (v & (five ? nb->keep_5 : nb->keep_10)) |
	    (five ? nb->set_5 : nb->set_10);
	dvr_w32(io, REG_ADCCLK, v);
	dvr_w32_mask(io, REG_ADC160, 1u << 30, 0);
	dvr_w32_mask(io, REG_ADC40, 1u << 31, 1);
	if (nb->edge_paths)
		rf18_edge(chip, halmac_rf_read(chip, 0, RF_CFGCH, RF_ALL),
		          nb->edge_paths);
	dvr_clr8(io, REG_SYS_FUNC_EN_BB, 0x01);
	dvr_set8(io, REG_SYS_FUNC_EN_BB, 0x01);
	/* what a hop knows is the 20 MHz channel's (the core never hops a
	 * narrowband channel; the edge rewrote RF 0x18) */
	if (nb->hop)
		jaguar2_hop_forget(nb->hop);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error while re-clocking "
		                     "for %u MHz", ch->bw_mhz);
	return DVR_OK;
}
