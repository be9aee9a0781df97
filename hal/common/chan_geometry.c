/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Channel geometry from the 802.11 channelisation (see chan_geometry.h). */
#include "hal/common/chan_geometry.h"

static unsigned chan_mhz(unsigned n, bool is_5g)
{
	if (is_5g)
		return 5000 + 5 * n;
	return n == 14 ? 2484 : 2407 + 5 * n;
}

/* First channel of the 5 GHz sub-band n lies in, or 0: blocks of 40 and
 * 80 MHz are counted from it. */
static unsigned block_start_5g(unsigned n)
{
	if (n >= 36 && n <= 64 && n % 4 == 0)
		return 36;
	if (n >= 100 && n <= 144 && n % 4 == 0)
		return 100;
	if (n >= 149 && n <= 177 && n % 4 == 1)
		return 149;
	return 0;
}

uint8_t dvr_chan_primary_idx(unsigned bw_mhz, unsigned primary_mhz,
                             unsigned center_mhz)
{
	if (bw_mhz == 80) {
		if (primary_mhz < center_mhz)
			return center_mhz - primary_mhz > 20 ? DVR_SC_20_LOWEST
			                                    : DVR_SC_20_LOWER;
		return primary_mhz - center_mhz > 20 ? DVR_SC_20_UPMOST
		                                    : DVR_SC_20_UPPER;
	}
	if (bw_mhz == 40)
		return primary_mhz < center_mhz ? DVR_SC_20_LOWER
		                                : DVR_SC_20_UPPER;
	return DVR_SC_DONT_CARE;
}

static int geometry_2g(unsigned n, unsigned bw, int sec, unsigned *center)
{
	*center = n;
	if (bw == 80)
		return DVR_E_INVALID;
	if (bw == 20)
		return DVR_OK;
	if (n == 14)
		return DVR_E_INVALID;     /* 14 pairs with nothing */
	if (sec == 0)
		sec = n <= 7 ? 1 : -1;
	if ((sec > 0 && n + 4 > 13) || (sec < 0 && n < 5))
		return DVR_E_INVALID;
	*center = sec > 0 ? n + 2 : n - 2;
	return DVR_OK;
}

static int geometry_5g(unsigned n, unsigned bw, int sec, unsigned *center)
{
	unsigned start = block_start_5g(n);

	*center = n;
	if (!start)
		return DVR_E_INVALID;
	unsigned slot = (n - start) / 4;  /* 20 MHz slots into the sub-band */
	if (bw == 20)
		return DVR_OK;
	if (bw == 40) {
		int want = slot % 2 == 0 ? 1 : -1;
		if (sec && sec != want)
			return DVR_E_INVALID;
		*center = want > 0 ? n + 2 : n - 2;
		return DVR_OK;
	}
	if (sec)
		return DVR_E_INVALID;     /* 80 MHz blocks are fixed */
	*center = n - (slot % 4) * 4 + 6;
	return DVR_OK;
}

int dvr_chan_geometry(const struct dvr_channel *ch,
                      struct dvr_chan_geometry *out)
{
	if (!ch || !out)
		return DVR_E_INVALID;
	unsigned n = ch->channel, bw = ch->bw_mhz;
	int sec = ch->secondary, st;

	*out = (struct dvr_chan_geometry){ .primary = n, .center = n,
	                                   .bw_mhz = bw };
	if (bw != 20 && bw != 40 && bw != 80)
		return DVR_E_INVALID;
	if (sec < -1 || sec > 1)
		return DVR_E_INVALID;
	out->is_5g = n > 14;
	if (n >= 1 && n <= 14)
		st = geometry_2g(n, bw, sec, &out->center);
	else
		st = geometry_5g(n, bw, sec, &out->center);
	if (st != DVR_OK)
		return st;
	out->primary_mhz = chan_mhz(n, out->is_5g);
	out->center_mhz = chan_mhz(out->center, out->is_5g);
	out->sc20 = dvr_chan_primary_idx(bw, out->primary_mhz,
	                                 out->center_mhz);
	if (bw == 80)
		out->sc40 = out->sc20 == DVR_SC_20_UPPER ||
		            out->sc20 == DVR_SC_20_UPMOST ? DVR_SC_40_UPPER
		                                          : DVR_SC_40_LOWER;
	return DVR_OK;
}

int dvr_chan_geometry_for_chip(const struct dvr_chip_info *info,
                               const struct dvr_channel *ch,
                               struct dvr_chan_geometry *out)
{
	int st = dvr_chan_geometry(ch, out);

	if (st != DVR_OK)
		return st;
	if (!info)
		return DVR_E_INVALID;
	/* A channel that exists nowhere is invalid before it is beyond
	 * this chip. */
	if (out->bw_mhz > info->max_bw_mhz || (out->is_5g && !info->has_5ghz))
		return DVR_E_UNSUPPORTED;
	return DVR_OK;
}

int dvr_chip_chan_geometry(struct dvr_chip *chip, const struct dvr_channel *ch,
                           struct dvr_chan_geometry *out)
{
	int st = dvr_chan_geometry_for_chip(chip->info, ch, out);

	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "channel %u at %u MHz (secondary "
		                     "%d) is not a valid %s channel",
		                     ch ? ch->channel : 0, ch ? ch->bw_mhz : 0,
		                     ch ? ch->secondary : 0, chip->info->name);
	return DVR_OK;
}

uint8_t dvr_chan_data_sc(const struct dvr_chan_geometry *g,
                         unsigned frame_bw_mhz)
{
	if (g->bw_mhz <= frame_bw_mhz)
		return DVR_SC_DONT_CARE;
	return frame_bw_mhz == 20 ? g->sc20 : g->sc40;
}
