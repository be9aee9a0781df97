/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Channel number <-> centre frequency of a 20 MHz channel, for the two bands
 * the supported chips tune: 2.4 GHz (channels 1..14) and 5 GHz (32..177).
 */
#include <devourer/devourer.h>

/* 5 GHz channel numbers the driver accepts. 32 is the lowest UNII-1 centre
 * used by any regulatory domain, 177 the highest UNII-4 one (5885 MHz). */
#define CH5_FIRST 32u
#define CH5_LAST 177u

unsigned dvr_channel_to_freq(unsigned channel)
{
	if (channel >= 1 && channel <= 13)
		return 2407u + 5u * channel;
	/* Channel 14 (Japan, DSSS only) sits 12 MHz above channel 13,
	 * off the 5 MHz raster. */
	if (channel == 14)
		return 2484u;
	if (channel >= CH5_FIRST && channel <= CH5_LAST)
		return 5000u + 5u * channel;
	return 0;
}

unsigned dvr_freq_to_channel(unsigned freq_mhz)
{
	if (freq_mhz == 2484)
		return 14;
	if (freq_mhz >= 2412 && freq_mhz <= 2472) {
		if ((freq_mhz - 2407u) % 5u != 0)
			return 0;
		return (freq_mhz - 2407u) / 5u;
	}
	if (freq_mhz >= 5000u + 5u * CH5_FIRST &&
	    freq_mhz <= 5000u + 5u * CH5_LAST) {
		if ((freq_mhz - 5000u) % 5u != 0)
			return 0;
		return (freq_mhz - 5000u) / 5u;
	}
	return 0;
}
