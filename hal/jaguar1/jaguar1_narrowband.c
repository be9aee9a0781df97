/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar1 5 and 10 MHz channels: the channel is tuned at 20 MHz as any
 * other, then the baseband's sample clocks are divided and the baseband
 * told it runs "small bandwidth" — the RF, the MAC's bandwidth bits and
 * the TX power column stay at 20 MHz (OpenIPC devourer
 * docs/narrowband.md, "Jaguar1 ... the shared 0x8ac block"). These are
 * the 8812A die's codes: its chip data sets narrowband; the 8821A's DAC
 * divide starves its TX DMA (same document, "8821A cannot divide its DAC
 * clock"); the 8814A encodes the same block the Jaguar2 way and has its
 * own re-clock (rtl8814a_channel.c).
 *
 * BB 0x8AC (rRFMOD_Jaguar) under the vendor's bandwidth mask 0x003003C3
 * (aircrack-ng/rtl8812au hal/rtl8812a/rtl8812a_phycfg.c
 * phy_PostSetBwMode8812: 20 MHz writes 0x00300200):
 *   [1:0] BB mode 0 (20 MHz), [7:6] small BW (1 = 5 MHz, 2 = 10 MHz),
 *   [9:8] ADC clock, [21:20] DAC clock, one notch down per halving:
 *   20 MHz DAC 3 / ADC 2, 10 MHz 2 / 1, 5 MHz 1 / 0.
 * 0x8C4 [30], the ADC buffer clock the spur fix may raise, is held at 0,
 * and the spur fix's ADC choice is overwritten (it would undo [9:8]).
 */
#include "hal/common/narrowband.h"
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/jaguar1/jaguar1.h"

#define RFMOD_BW_MASK 0x003003C3u

/* The 0x8AC word (under RFMOD_BW_MASK) of a width. */
static uint32_t rfmod_word(unsigned bw_mhz)
{
	uint32_t dac, adc, small;

	if (bw_mhz == 10) {
		dac = 2; adc = 1; small = 2;
	} else {
		dac = 1; adc = 0; small = 1;
	}
	return dac << 20 | adc << 8 | small << 6;
}

int jaguar1_set_narrow_channel(struct dvr_chip *chip,
                               const struct dvr_channel *ch)
{
	struct dvr_io *io = chip->io;
	int st;

	/* the RF and everything else: the 20 MHz channel */
	struct dvr_channel wide;
	if ((st = dvr_narrow_base(chip, ch, &wide)) != DVR_OK)
		return st;
	if ((st = jaguar1_set_channel(chip, &wide)) != DVR_OK)
		return st;
	dvr_w32_mask(io, REG_BB_ADCCLK, RFMOD_BW_MASK,
	             rfmod_word(ch->bw_mhz));
	dvr_w32_mask(io, REG_BB_ADC160, BIT(30), 0);
	/* the chip no longer holds the 20 MHz channel's cached registers
	 * a hop starts from (the core never hops a narrowband channel) */
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	if (priv)
		priv->hop.live = -1;
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "narrowband re-clock failed");
	return DVR_OK;
}
