/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Channel geometry for every channel number 0-200 at 20, 40 and 80 MHz.
 * The expected values come from the 802.11 channelisation, written out
 * here as lists rather than computed the way the code computes them:
 *  - 2.4 GHz: channels 1-13 at 2407 + 5 n MHz, 14 at 2484 MHz; a 40 MHz
 *    channel joins channels n and n +/- 4 inside 1-13 (centre n +/- 2).
 *  - 5 GHz: channel n at 5000 + 5 n MHz; 20 MHz channels 36-64, 100-144
 *    and 149-177 every 4; the 40 MHz channels are centred on 38, 46, 54,
 *    62, 102, ..., 142, 151, 159, 167, 175 and the 80 MHz ones on 42, 58,
 *    106, 122, 138, 155, 171 (the VHT channel table).
 * The primary-channel index follows from the offset of the primary from
 * the centre: -30 MHz lowest, -10 lower, +10 upper, +30 upmost; for 80 MHz
 * the 40 MHz code is "upper" when the primary is above the centre.
 */
#include <stdlib.h>

#include "../check.h"
#include "hal/common/chan_geometry.h"

static const unsigned c40_5g[] = { 38, 46, 54, 62, 102, 110, 118, 126, 134,
                                   142, 151, 159, 167, 175 };
static const unsigned c80_5g[] = { 42, 58, 106, 122, 138, 155, 171 };

static bool is_5g_20(unsigned n)
{
	return (n >= 36 && n <= 64 && n % 4 == 0) ||
	       (n >= 100 && n <= 144 && n % 4 == 0) ||
	       (n >= 149 && n <= 177 && (n - 149) % 4 == 0);
}

/* Centre of the listed channel that contains primary n, or 0. */
static unsigned listed_centre(const unsigned *list, size_t len, unsigned n,
                              unsigned half_span)
{
	for (size_t i = 0; i < len; i++)
		if (n + half_span >= list[i] && n <= list[i] + half_span &&
		    is_5g_20(n))
			return list[i];
	return 0;
}

static uint8_t sc20_from_offset(int off_mhz)
{
	switch (off_mhz) {
	case -30: return 4;
	case -10: return 2;
	case 10: return 1;
	case 30: return 3;
	default: return 0xEE;
	}
}

struct want {
	bool ok;
	unsigned center, primary_mhz, center_mhz;
	uint8_t sc20, sc40;
};

static bool same(const struct dvr_chan_geometry *g, const struct want *w,
                 unsigned n, unsigned bw)
{
	return g->primary == n && g->bw_mhz == bw && g->center == w->center &&
	       g->primary_mhz == w->primary_mhz &&
	       g->center_mhz == w->center_mhz && g->sc20 == w->sc20 &&
	       g->sc40 == w->sc40 && g->is_5g == (n > 14);
}

static unsigned mhz(unsigned n)
{
	if (n > 14)
		return 5000 + 5 * n;
	return n == 14 ? 2484 : 2407 + 5 * n;
}

static struct want expect(unsigned n, unsigned bw, int sec)
{
	struct want w = { 0 };
	if (n >= 1 && n <= 14) {
		if (bw == 20) {
			w = (struct want){ true, n, mhz(n), mhz(n), 0, 0 };
		} else if (bw == 40 && n != 14) {
			int s = sec ? sec : (n <= 7 ? 1 : -1);
			int other = (int)n + 4 * s;
			if (other >= 1 && other <= 13) {
				unsigned c = (unsigned)((int)n + 2 * s);
				w = (struct want){ true, c, mhz(n), mhz(c),
				                   s > 0 ? 2 : 1, 0 };
			}
		}
		return w;
	}
	if (!is_5g_20(n))
		return w;
	if (bw == 20)
		return (struct want){ true, n, mhz(n), mhz(n), 0, 0 };
	if (bw == 40) {
		unsigned c = listed_centre(c40_5g, 14, n, 2);
		int s = c > n ? 1 : -1;
		if (!c || (sec && sec != s))
			return w;
		return (struct want){ true, c, mhz(n), mhz(c),
		                      sc20_from_offset(((int)n - (int)c) * 5), 0 };
	}
	unsigned c = listed_centre(c80_5g, 7, n, 6);
	if (!c || sec)
		return w;
	int off = ((int)n - (int)c) * 5;
	return (struct want){ true, c, mhz(n), mhz(c), sc20_from_offset(off),
	                      off > 0 ? 9 : 10 };
}

int main(void)
{
	static const unsigned bws[] = { 20, 40, 80 };
	unsigned checked = 0, wrong = 0, valid = 0;

	for (unsigned n = 0; n <= 200; n++) {
		for (unsigned b = 0; b < 3; b++) {
			for (int sec = -1; sec <= 1; sec++) {
				struct dvr_channel ch = { (uint16_t)n,
				                          (uint16_t)bws[b],
				                          (int8_t)sec };
				struct dvr_chan_geometry g;
				struct want w = expect(n, bws[b], sec);
				int st = dvr_chan_geometry(&ch, &g);
				checked++;
				if (w.ok)
					valid++;
				if (w.ok ? (st != DVR_OK || !same(&g, &w, n, bws[b]))
				         : st != DVR_E_INVALID) {
					if (wrong++ < 5)
						printf("# %u/%u/%d: status %d, centre %u"
						       " sc %u/%u\n", n, bws[b], sec,
						       st, g.center, g.sc20, g.sc40);
				}
			}
		}
	}
	CHECK_EQ_INT(wrong, 0, "every channel/bandwidth/secondary as listed");
	CHECK_EQ_INT(checked, 201 * 3 * 3, "whole grid walked");
	/* 2.4 GHz: 14 channels x 3 secondaries at 20 MHz; at 40 MHz HT40+
	 * on 1-9, HT40- on 5-13, the usual choice on 1-13: 9 + 9 + 13.
	 * 5 GHz: 28 channels, x 3 at 20 MHz, x 2 at 40 (no secondary or
	 * the right one), x 1 at 80. 42 + 31 + 84 + 56 + 28 = 241. */
	CHECK_EQ_INT(valid, 241, "valid combinations counted by hand");

	/* Landmarks. */
	struct dvr_chan_geometry g;
	struct dvr_channel c = { 36, 80, 0 };
	CHECK(dvr_chan_geometry(&c, &g) == DVR_OK && g.center == 42 &&
	      g.sc20 == DVR_SC_20_LOWEST && g.sc40 == DVR_SC_40_LOWER &&
	      g.center_mhz == 5210, "36/80: centre 42 (5210 MHz), lowest 20");
	c = (struct dvr_channel){ 161, 80, 0 };
	CHECK(dvr_chan_geometry(&c, &g) == DVR_OK && g.center == 155 &&
	      g.sc20 == DVR_SC_20_UPMOST && g.sc40 == DVR_SC_40_UPPER,
	      "161/80: centre 155, upmost 20, upper 40");
	c = (struct dvr_channel){ 6, 40, 0 };
	CHECK(dvr_chan_geometry(&c, &g) == DVR_OK && g.center == 8 &&
	      g.sc20 == DVR_SC_20_LOWER, "6/40 usual: HT40+, centre 8");
	c = (struct dvr_channel){ 11, 40, 0 };
	CHECK(dvr_chan_geometry(&c, &g) == DVR_OK && g.center == 9 &&
	      g.sc20 == DVR_SC_20_UPPER, "11/40 usual: HT40-, centre 9");
	c = (struct dvr_channel){ 14, 20, 0 };
	CHECK(dvr_chan_geometry(&c, &g) == DVR_OK && g.primary_mhz == 2484,
	      "channel 14 at 2484 MHz");
	c = (struct dvr_channel){ 36, 160, 0 };
	CHECK_EQ_INT(dvr_chan_geometry(&c, &g), DVR_E_INVALID, "160 MHz: no");
	c = (struct dvr_channel){ 36, 20, 2 };
	CHECK_EQ_INT(dvr_chan_geometry(&c, &g), DVR_E_INVALID, "secondary 2");
	CHECK_EQ_INT(dvr_chan_geometry(NULL, &g), DVR_E_INVALID, "NULL");

	/* rtw88's index from frequencies alone. */
	CHECK_EQ_INT(dvr_chan_primary_idx(80, 5180, 5210), DVR_SC_20_LOWEST,
	             "idx 80: -30 MHz");
	CHECK_EQ_INT(dvr_chan_primary_idx(80, 5200, 5210), DVR_SC_20_LOWER,
	             "idx 80: -10 MHz");
	CHECK_EQ_INT(dvr_chan_primary_idx(80, 5220, 5210), DVR_SC_20_UPPER,
	             "idx 80: +10 MHz");
	CHECK_EQ_INT(dvr_chan_primary_idx(80, 5240, 5210), DVR_SC_20_UPMOST,
	             "idx 80: +30 MHz");
	CHECK_EQ_INT(dvr_chan_primary_idx(40, 2437, 2447), DVR_SC_20_LOWER,
	             "idx 40: below");
	CHECK_EQ_INT(dvr_chan_primary_idx(20, 2437, 2437), DVR_SC_DONT_CARE,
	             "idx 20");

	/* Checked against a chip: what does not exist stays invalid, what
	 * exists beyond the chip is unsupported. */
	struct dvr_chip_info narrow = { .max_bw_mhz = 40, .has_5ghz = false };
	struct dvr_chip_info wide = { .max_bw_mhz = 80, .has_5ghz = true };
	c = (struct dvr_channel){ 36, 80, 0 };
	CHECK_EQ_INT(dvr_chan_geometry_for_chip(&wide, &c, &g), DVR_OK,
	             "36/80 on an 80 MHz 5 GHz chip");
	CHECK(g.center == 42 && g.sc20 == DVR_SC_20_LOWEST,
	      "chip check keeps the geometry");
	CHECK_EQ_INT(dvr_chan_geometry_for_chip(&narrow, &c, &g),
	             DVR_E_UNSUPPORTED, "36/80 beyond a 40 MHz chip");
	c = (struct dvr_channel){ 36, 20, 0 };
	CHECK_EQ_INT(dvr_chan_geometry_for_chip(&narrow, &c, &g),
	             DVR_E_UNSUPPORTED, "5 GHz on a 2.4 GHz-only chip");
	c = (struct dvr_channel){ 6, 40, 0 };
	CHECK_EQ_INT(dvr_chan_geometry_for_chip(&narrow, &c, &g), DVR_OK,
	             "6/40 on a 40 MHz 2.4 GHz chip");
	c = (struct dvr_channel){ 6, 80, 0 };
	CHECK_EQ_INT(dvr_chan_geometry_for_chip(&narrow, &c, &g), DVR_E_INVALID,
	             "6/80 exists nowhere: invalid, not unsupported");
	c = (struct dvr_channel){ 37, 20, 0 };
	CHECK_EQ_INT(dvr_chan_geometry_for_chip(&narrow, &c, &g), DVR_E_INVALID,
	             "37 exists nowhere");
	c = (struct dvr_channel){ 36, 20, 0 };
	CHECK_EQ_INT(dvr_chan_geometry_for_chip(NULL, &c, &g), DVR_E_INVALID,
	             "no chip data");

	/* Sub-channel of narrower frames. */
	c = (struct dvr_channel){ 149, 80, 0 };
	dvr_chan_geometry(&c, &g);
	CHECK_EQ_INT(dvr_chan_data_sc(&g, 80), 0, "80 in 80: fills it");
	CHECK_EQ_INT(dvr_chan_data_sc(&g, 40), DVR_SC_40_LOWER, "40 in 80");
	CHECK_EQ_INT(dvr_chan_data_sc(&g, 20), DVR_SC_20_LOWEST, "20 in 80");
	c = (struct dvr_channel){ 40, 40, 0 };
	dvr_chan_geometry(&c, &g);
	CHECK_EQ_INT(dvr_chan_data_sc(&g, 20), DVR_SC_20_UPPER, "20 in 40");
	CHECK_EQ_INT(dvr_chan_data_sc(&g, 40), 0, "40 in 40");
	return check_done();
}
