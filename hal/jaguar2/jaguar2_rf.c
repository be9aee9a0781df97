/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar2 RF channel word, RF 0x18 (rtw88 rtw8822b.c
 * rtw8822b_set_channel_rf, rtw8821c.c rtw8821c_set_channel_rf): band,
 * channel, RF sub-band and bandwidth fields laid out alike on both chips,
 * the sub-band boundaries the chip's (family data); and the synthesiser's
 * re-latch both do after writing it.
 */
#include "hal/common/chan_geometry.h"
#include "hal/jaguar2/jaguar2.h"

#define RF_XTALX2 0xB8
#define RF_ALL 0xFFFFFu
#define RELATCH (1u << 19)
#define RF18_BAND_5G ((1u << 16) | (1u << 8))
#define RF18_BAND_MASK ((1u << 16) | (3u << 8))
#define RF18_CHANNEL_MASK 0xFFu
#define RF18_RFSI_MID (1u << 17)
#define RF18_RFSI_HIGH (1u << 18)
#define RF18_RFSI_MASK (3u << 17)
#define RF18_BW_MASK (3u << 10)
#define RF18_BW_20M (3u << 10)
#define RF18_BW_40M (1u << 11)
#define RF18_BW_80M (1u << 10)

uint32_t jaguar2_rf18_word(const struct dvr_chip *chip, uint32_t old,
                           const struct dvr_chan_geometry *pl)
{
	const struct jaguar2_data *d = jaguar2_data(chip);
	unsigned c = pl->center;
	uint32_t v = old & ~(RF18_BAND_MASK | RF18_CHANNEL_MASK |
	                     RF18_RFSI_MASK | RF18_BW_MASK);

	if (pl->is_5g)
		v |= RF18_BAND_5G;
	v |= c & RF18_CHANNEL_MASK;
	if (c > d->rfsi_high_above)
		v |= RF18_RFSI_HIGH;
	else if (c >= d->rfsi_mid_from)
		v |= RF18_RFSI_MID;
	v |= pl->bw_mhz == 20 ? RF18_BW_20M :
	     pl->bw_mhz == 40 ? RF18_BW_40M : RF18_BW_80M;
	return v;
}

uint32_t jaguar2_rf_relatch(struct dvr_chip *chip)
{
	/* the synthesiser re-latches on an edge of RF A 0xB8 bit 19; each
	 * edge a read and a whole write, as a partial RF write is made */
	uint32_t v = halmac_rf_read(chip, 0, RF_XTALX2, RF_ALL);
	halmac_rf_write(chip, 0, RF_XTALX2, RF_ALL, v & ~RELATCH);
	v = halmac_rf_read(chip, 0, RF_XTALX2, RF_ALL);
	halmac_rf_write(chip, 0, RF_XTALX2, RF_ALL, v | RELATCH);
	return v | RELATCH;
}

void jaguar2_rf_relatch_from(struct dvr_chip *chip, uint32_t b8)
{
	halmac_rf_write(chip, 0, RF_XTALX2, RF_ALL, b8 & ~RELATCH);
	halmac_rf_write(chip, 0, RF_XTALX2, RF_ALL, b8 | RELATCH);
}
