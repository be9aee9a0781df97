/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Channel geometry: centre channel and sub-channel codes (chan_plan.h). */
#include "hal/common/chan_plan.h"

/* 20 MHz channel numbers of the three 5 GHz sub-bands: steps of 4, the
 * upper sub-band on odd numbers. */
static bool valid_5g(unsigned c)
{
	return (c >= 36 && c <= 64 && c % 4 == 0) ||
	       (c >= 100 && c <= 144 && c % 4 == 0) ||
	       (c >= 149 && c <= 177 && c % 4 == 1);
}

/* Index of a 5 GHz channel in 20 MHz steps from the first channel of its
 * sub-band; 40 and 80 MHz blocks are aligned to that first channel. */
static unsigned index_5g(unsigned c)
{
	unsigned first = c >= 149 ? 149 : c >= 100 ? 100 : 36;

	return (c - first) / 4;
}

static int plan_2g(const struct dvr_channel *ch, struct dvr_chan_plan *out)
{
	unsigned c = ch->channel;

	if (ch->bw_mhz == 80)
		return DVR_E_INVALID;
	if (ch->bw_mhz == 20)
		return DVR_OK;
	if (c == 14)
		return DVR_E_INVALID;          /* DSSS only */
	int sec = ch->secondary ? ch->secondary : (c <= 7 ? 1 : -1);
	if ((sec > 0 && c + 4 > 13) || (sec < 0 && c < 5))
		return DVR_E_INVALID;
	out->center = sec > 0 ? c + 2 : c - 2;
	/* Secondary above: the primary is the lower half. */
	out->pri20 = sec > 0 ? DVR_SC_20_LOWER : DVR_SC_20_UPPER;
	return DVR_OK;
}

static int plan_5g(const struct dvr_channel *ch, struct dvr_chan_plan *out)
{
	unsigned c = ch->channel;

	if (!valid_5g(c))
		return DVR_E_INVALID;
	out->is_5g = true;
	if (ch->bw_mhz == 20)
		return DVR_OK;
	unsigned i = index_5g(c);
	if (ch->bw_mhz == 40) {
		int sec = i % 2 == 0 ? 1 : -1;
		if (ch->secondary && ch->secondary != sec)
			return DVR_E_INVALID;
		out->center = sec > 0 ? c + 2 : c - 2;
		out->pri20 = sec > 0 ? DVR_SC_20_LOWER : DVR_SC_20_UPPER;
		return DVR_OK;
	}
	if (ch->secondary)
		return DVR_E_INVALID;          /* 80 MHz blocks are fixed */
	/* The 80 MHz block holds four 20 MHz channels; its centre sits
	 * 6 channel numbers above the first. */
	out->center = c - (i % 4) * 4 + 6;
	static const uint8_t pos[4] = { DVR_SC_20_LOWEST, DVR_SC_20_LOWER,
	                                DVR_SC_20_UPPER, DVR_SC_20_UPPERMOST };
	out->pri20 = pos[i % 4];
	out->pri40 = i % 4 >= 2 ? DVR_SC_40_UPPER : DVR_SC_40_LOWER;
	return DVR_OK;
}

int dvr_chan_plan(const struct dvr_channel *ch, unsigned max_bw, bool has_5g,
                  struct dvr_chan_plan *out)
{
	if (!ch || !out)
		return DVR_E_INVALID;
	*out = (struct dvr_chan_plan){ .primary = ch->channel,
	                               .center = ch->channel,
	                               .bw_mhz = ch->bw_mhz };
	if (ch->bw_mhz != 20 && ch->bw_mhz != 40 && ch->bw_mhz != 80)
		return DVR_E_INVALID;
	if (ch->secondary < -1 || ch->secondary > 1)
		return DVR_E_INVALID;
	int st;
	if (ch->channel >= 1 && ch->channel <= 14)
		st = plan_2g(ch, out);
	else if (!has_5g)
		return valid_5g(ch->channel) ? DVR_E_UNSUPPORTED : DVR_E_INVALID;
	else
		st = plan_5g(ch, out);
	if (st == DVR_OK && ch->bw_mhz > max_bw)
		return DVR_E_UNSUPPORTED;
	return st;
}

uint8_t dvr_chan_plan_data_sc(const struct dvr_chan_plan *pl,
                              unsigned frame_bw)
{
	if (!pl || frame_bw >= pl->bw_mhz)
		return DVR_SC_DONT_CARE;
	if (frame_bw == 20)
		return pl->pri20;
	return pl->pri40;               /* 40 MHz frame inside 80 MHz */
}
