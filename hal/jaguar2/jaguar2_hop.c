/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RF side of a Jaguar2 hop (a channel change within the band and
 * bandwidth): the RF 0x18 words full channel sets leave, kept so a hop
 * can write the word whole without reading RF (an RF read is a control
 * transfer of its own, and a partial RF write needs one: hal/halmac
 * halmac_rf.c).
 *
 * rtw88 rtw8822b.c rtw8822b_set_channel_rf and rtw8821c.c
 * rtw8821c_set_channel_rf read RF A 0x18, replace its band, channel,
 * sub-band and bandwidth fields, write it to every path and re-latch the
 * synthesiser on an edge of RF A 0xB8 bit 19. A hop writes the same
 * words whole, the re-latch's from the RF A 0xB8 word the last full set
 * left. (OpenIPC devourer measured its hops as good without the re-latch,
 * docs/frequency-hopping.md "No per-hop RX kick"; we keep it, the
 * reference's step, which also leaves the LSSI port 0xC90 holding the
 * command a full set leaves there.)
 *
 * Neither chip runs a calibration in its channel set (the IQK runs at
 * bring-up and from thermal tracking: rtw8822b_phy_calibration,
 * rtw8821c_phy_calibration, the pwr_track IQK threshold), so there is no
 * per-channel calibration result to keep. A calibration drops the cache
 * all the same (jaguar2_hop_forget): the firmware's IQK works on RF
 * registers behind our back, and the next channel set reads RF 0x18
 * afresh.
 */
#include "hal/common/chan_geometry.h"
#include "hal/jaguar2/jaguar2.h"

#define RF_CHNL 0x18
#define RF_ALL 0xFFFFFu

void jaguar2_hop_forget(struct jaguar2_hop_cache *c)
{
	if (c)
		*c = (struct jaguar2_hop_cache){ 0 };
}

uint32_t jaguar2_rf_channel_word(struct dvr_chip *chip,
                                 const struct dvr_chan_geometry *pl)
{
	return jaguar2_rf18_word(chip, halmac_rf_read(chip, 0, RF_CHNL,
	                                             RF_ALL), pl);
}

void jaguar2_set_rf_channel(struct dvr_chip *chip, struct jaguar2_hop_cache *c,
                            const struct dvr_chan_geometry *pl, uint32_t word,
                            unsigned paths)
{
	for (unsigned p = 0; p < paths; p++)
		halmac_rf_write(chip, p, RF_CHNL, RF_ALL, word);
	uint32_t b8 = jaguar2_rf_relatch(chip);
	if (!c)
		return;
	if (dvr_io_status(chip->io) != DVR_OK) {
		jaguar2_hop_forget(c);
		return;
	}
	c->known = true;
	c->rf18 = word;
	c->rf_b8 = b8;
	if (pl->center < JAGUAR2_HOP_CHANNELS)
		c->chan_rf18[pl->center] = word;
}

bool jaguar2_hop_rf_word(const struct dvr_chip *chip,
                         const struct jaguar2_hop_cache *c,
                         const struct dvr_chan_geometry *pl, uint32_t *word)
{
	if (!c || !c->known || pl->center >= JAGUAR2_HOP_CHANNELS)
		return false;
	uint32_t cached = c->chan_rf18[pl->center];
	/* A word a full set of this channel wrote (never 0: the bandwidth
	 * field never is), and the one a full set would write now: the
	 * same bandwidth, and the bits outside the fields as RF 0x18 holds
	 * them (rtw88 keeps those from its read). */
	if (!cached || cached != jaguar2_rf18_word(chip, c->rf18, pl))
		return false;
	*word = cached;
	return true;
}

void jaguar2_hop_rf_write(struct dvr_chip *chip, struct jaguar2_hop_cache *c,
                          uint32_t word, unsigned paths)
{
	for (unsigned p = 0; p < paths; p++)
		halmac_rf_write(chip, p, RF_CHNL, RF_ALL, word);
	jaguar2_rf_relatch_from(chip, c->rf_b8);
	if (dvr_io_status(chip->io) != DVR_OK)
		jaguar2_hop_forget(c);
	else
		c->rf18 = word;
}

int jaguar2_hop_begin(struct dvr_chip *chip, const struct jaguar2_hop_cache *c,
                      const struct dvr_channel *ch,
                      struct dvr_chan_geometry *pl,
                      struct dvr_chan_geometry *old, uint32_t *word,
                      bool *can)
{
	int st = dvr_chip_chan_geometry(chip, ch, pl);
	*can = false;
	if (st != DVR_OK)
		return st;
	*can = c && dvr_chan_geometry(&chip->channel, old) == DVR_OK &&
	       old->is_5g == pl->is_5g && old->bw_mhz == pl->bw_mhz &&
	       old->sc20 == pl->sc20 && old->sc40 == pl->sc40 &&
	       jaguar2_hop_rf_word(chip, c, pl, word);
	return DVR_OK;
}
