/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Channel number <-> frequency in both bands, and what is refused. */
#include <devourer/devourer.h>

#include "tests/check.h"

int main(void)
{
	CHECK_EQ_INT(dvr_channel_to_freq(1), 2412, "ch 1");
	CHECK_EQ_INT(dvr_channel_to_freq(6), 2437, "ch 6");
	CHECK_EQ_INT(dvr_channel_to_freq(13), 2472, "ch 13");
	CHECK_EQ_INT(dvr_channel_to_freq(14), 2484, "ch 14 off the raster");
	CHECK_EQ_INT(dvr_channel_to_freq(36), 5180, "ch 36");
	CHECK_EQ_INT(dvr_channel_to_freq(149), 5745, "ch 149");
	CHECK_EQ_INT(dvr_channel_to_freq(165), 5825, "ch 165");
	CHECK_EQ_INT(dvr_channel_to_freq(177), 5885, "ch 177");
	CHECK_EQ_INT(dvr_channel_to_freq(0), 0, "ch 0 invalid");
	CHECK_EQ_INT(dvr_channel_to_freq(15), 0, "ch 15 invalid");
	CHECK_EQ_INT(dvr_channel_to_freq(31), 0, "ch 31 invalid");
	CHECK_EQ_INT(dvr_channel_to_freq(178), 0, "ch 178 invalid");

	CHECK_EQ_INT(dvr_freq_to_channel(2412), 1, "2412");
	CHECK_EQ_INT(dvr_freq_to_channel(2472), 13, "2472");
	CHECK_EQ_INT(dvr_freq_to_channel(2484), 14, "2484");
	CHECK_EQ_INT(dvr_freq_to_channel(5180), 36, "5180");
	CHECK_EQ_INT(dvr_freq_to_channel(5825), 165, "5825");
	CHECK_EQ_INT(dvr_freq_to_channel(2413), 0, "2413 off raster");
	CHECK_EQ_INT(dvr_freq_to_channel(2477), 0, "2477 between 13 and 14");
	CHECK_EQ_INT(dvr_freq_to_channel(5182), 0, "5182 off raster");
	CHECK_EQ_INT(dvr_freq_to_channel(0), 0, "0 MHz");
	CHECK_EQ_INT(dvr_freq_to_channel(6000), 0, "6 GHz not supported");

	int round_trip_bad = 0;
	for (unsigned ch = 0; ch < 300; ch++) {
		unsigned f = dvr_channel_to_freq(ch);
		if (f && dvr_freq_to_channel(f) != ch)
			round_trip_bad++;
	}
	CHECK_EQ_INT(round_trip_bad, 0, "channel -> freq -> channel");
	return check_done();
}
