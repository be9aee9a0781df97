/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Channel geometry from the 802.11 channelisation, shared by every chip:
 * which channels exist, where a 40 or 80 MHz channel is centred, where the
 * primary 20 MHz sits inside it, and the Realtek sub-channel codes that
 * name that position (REG_DATA_SC, the TX descriptor's DATA_SC, RF channel
 * words). Chip limits (widest bandwidth, bands) are checked apart, by
 * dvr_chan_geometry_for_chip().
 *
 *   2.4 GHz: channels 1-14, f = 2407 + 5 n MHz (14: 2484 MHz). A 40 MHz
 *            channel is two 20 MHz channels 4 numbers apart (HT40+/-),
 *            inside 1-13; no 80 MHz.
 *   5 GHz:   f = 5000 + 5 n MHz; 20 MHz channels 36-64 and 100-144 in
 *            steps of 4, 149-177 in steps of 4. 40 and 80 MHz channels are
 *            the aligned blocks of 2 and 4 counted from 36, 100 and 149.
 */
#ifndef DVR_HAL_CHAN_GEOMETRY_H
#define DVR_HAL_CHAN_GEOMETRY_H

#include <stdbool.h>
#include <stdint.h>

#include <devourer/devourer.h>

#include "hal/hal.h"

/* Position of a narrower channel inside the tuned one, the numbering of
 * rtw88 main.h (RTW_SC_*): 20 MHz parts 1..4, 40 MHz halves 9/10. */
enum {
	DVR_SC_DONT_CARE = 0,  /* fills the channel */
	DVR_SC_20_UPPER = 1,   /* just above the centre */
	DVR_SC_20_LOWER = 2,   /* just below the centre */
	DVR_SC_20_UPMOST = 3,  /* highest 20 MHz of 80 */
	DVR_SC_20_LOWEST = 4,  /* lowest 20 MHz of 80 */
	DVR_SC_40_UPPER = 9,
	DVR_SC_40_LOWER = 10,
};

struct dvr_chan_geometry {
	unsigned primary;      /* primary 20 MHz channel number */
	unsigned center;       /* channel number at the centre of it all */
	unsigned bw_mhz;       /* 20, 40 or 80 */
	bool is_5g;
	unsigned primary_mhz;  /* centre frequency of the primary 20 MHz */
	unsigned center_mhz;   /* centre frequency of the whole channel */
	uint8_t sc20;          /* where the primary 20 MHz sits (DVR_SC_20_*) */
	uint8_t sc40;          /* 80 MHz: the 40 MHz half holding it */
};

/*
 * Geometry of ch, or DVR_E_INVALID when the 802.11 channelisation has no
 * such channel: a bandwidth other than 20/40/80, a number that is no
 * channel of its band, secondary outside -1..1, a 40 MHz pair running past
 * channel 13 or across a 5 GHz block, a 5 GHz secondary on the wrong side
 * of its block, 80 MHz at 2.4 GHz or with a secondary given. At 2.4 GHz,
 * secondary 0 takes HT40+ on channels 1-7 and HT40- above.
 */
int dvr_chan_geometry(const struct dvr_channel *ch,
                      struct dvr_chan_geometry *out);

/*
 * dvr_chan_geometry() checked against the chip: DVR_E_INVALID when the
 * channel does not exist (above), then DVR_E_UNSUPPORTED when it is wider
 * than info->max_bw_mhz or at 5 GHz on a chip without that band.
 */
int dvr_chan_geometry_for_chip(const struct dvr_chip_info *info,
                               const struct dvr_channel *ch,
                               struct dvr_chan_geometry *out);

/* The same for a chip's set_channel op: on a refusal chip->error names
 * the channel and the chip ("channel 14 at 40 MHz (secondary 0) is not a
 * valid <name> channel") and the status is returned. */
int dvr_chip_chan_geometry(struct dvr_chip *chip, const struct dvr_channel *ch,
                           struct dvr_chan_geometry *out);

/* rtw88's primary-channel index (phy.c rtw_get_primary_chan_idx) from the
 * frequencies: DVR_SC_20_* for a 40 or 80 MHz channel, DVR_SC_DONT_CARE
 * for 20 MHz. */
uint8_t dvr_chan_primary_idx(unsigned bw_mhz, unsigned primary_mhz,
                             unsigned center_mhz);

/* Sub-channel code of a frame frame_bw_mhz wide sent on the channel g:
 * DVR_SC_DONT_CARE when it fills the channel, sc20 for 20 MHz, sc40 for
 * 40 MHz inside 80. */
uint8_t dvr_chan_data_sc(const struct dvr_chan_geometry *g,
                         unsigned frame_bw_mhz);

/* The same channel: primary, width and where the secondary sits (what a
 * hop cache is keyed by). */
static inline bool dvr_chan_same(const struct dvr_channel *a,
                                 const struct dvr_channel *b)
{
	return a->channel == b->channel && a->bw_mhz == b->bw_mhz &&
	       a->secondary == b->secondary;
}

#endif /* DVR_HAL_CHAN_GEOMETRY_H */
