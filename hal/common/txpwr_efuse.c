/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Base TX power index from the EFUSE TX-power block, as rtw88 phy.c
 * rtw_phy_get_2g_tx_power_index / rtw_phy_get_5g_tx_power_index work it
 * out (record layout: rtw88 main.h struct rtw_2g_txpwr_idx,
 * struct rtw_5g_txpwr_idx).
 */
#include "hal/common/txpwr_efuse.h"

#include <limits.h>

#include <devourer/devourer.h>

#include "hal/common/rate_codes.h"
#include "hal/common/txpwr_limit.h"

/* Byte offsets inside one path's record: 18 bytes of 2.4 GHz, then 24
 * of 5 GHz. Difference bytes hold two signed 4-bit fields. The n-stream
 * differences (n = 2..4) follow each other: two bytes apart at 2.4 GHz
 * (their second byte holds CCK and OFDM differences no rate uses), one
 * byte apart at 5 GHz. */
#define G2_CCK_BASE 0      /* 6 groups */
#define G2_BW40_BASE 6     /* 5 groups */
#define G2_1S_DIFF 11      /* [7:4] BW20, [3:0] OFDM */
#define G2_NS_DIFF(n) (12 + 2 * ((n) - 2)) /* [7:4] BW40, [3:0] BW20 */
#define G5_BW40_BASE 18    /* 14 groups */
#define G5_1S_DIFF 32      /* [7:4] BW20, [3:0] OFDM */
#define G5_NS_DIFF(n) (33 + (n) - 2)       /* [7:4] BW40, [3:0] BW20 */
#define G5_VHT1S_DIFF 38   /* [7:4] BW80, [3:0] BW160 */
#define G5_VHT_NS_DIFF(n) (39 + (n) - 2)
#define G5_GROUPS 14
#define MAX_NSS 4

int dvr_txpwr_channel_group(unsigned ch, bool cck)
{
	if (ch >= 1 && ch <= 14) {
		if (ch <= 2)
			return 0;
		if (ch <= 5)
			return 1;
		if (ch <= 8)
			return 2;
		if (ch <= 11)
			return 3;
		return ch == 14 && cck ? 5 : 4;
	}
	static const struct { unsigned first, last; } g5[G5_GROUPS] = {
		{ 36, 42 }, { 44, 50 }, { 52, 58 }, { 60, 64 },
		{ 100, 106 }, { 108, 114 }, { 116, 122 }, { 124, 130 },
		{ 132, 138 }, { 140, 144 }, { 149, 155 }, { 157, 161 },
		{ 165, 171 }, { 173, 177 },
	};
	for (int i = 0; i < G5_GROUPS; i++)
		if (ch >= g5[i].first && ch <= g5[i].last)
			return i;
	return -1;
}

static int nibble(uint8_t b, bool high)
{
	int n = high ? b >> 4 : b & 0xF;
	return n >= 8 ? n - 16 : n;
}

static int base_of(const struct dvr_txpwr_efuse_rules *r, uint8_t b,
                   bool is_5g)
{
	if (b <= r->max_base)
		return b;
	return is_5g ? r->blank_base_5g : r->blank_base_2g;
}

/* HT MCS0-31 and VHT: the bandwidth and stream differences apply. */
static bool is_mcs(uint8_t rate)
{
	return rate >= DVR_DESC_RATE_HT_FIRST && rate < DVR_DESC_RATE_COUNT;
}

/* The sum of the difference nibbles of streams 2 up to the rate's own
 * (rtw88 adds one for each of above_2ss, above_3ss, above_4ss): a
 * 3-stream rate is its 2-stream level plus the third stream's
 * difference. first_byte: the 2-stream byte, stride: the distance to
 * the next stream's, high: which of its nibbles. */
static int streams_diff(const uint8_t *t, uint8_t rate, unsigned first_byte,
                        unsigned stride, bool high)
{
	unsigned nss = is_mcs(rate) ? dvr_desc_rate_nss(rate) : 1;
	int sum = 0;

	for (unsigned n = 2; n <= nss && n <= MAX_NSS; n++)
		sum += nibble(t[first_byte + stride * (n - 2)], high);
	return sum;
}

int dvr_txpwr_efuse_base(const uint8_t *t,
                         const struct dvr_txpwr_efuse_rules *r,
                         uint8_t rate, unsigned center_ch, unsigned bw_mhz,
                         int *out)
{
	bool cck = dvr_desc_rate_is_cck(rate);
	int g = dvr_txpwr_channel_group(center_ch, cck);
	int f = r->factor, p;

	if (g < 0)
		return DVR_E_INVALID;
	if (center_ch <= 14) {
		if (cck) {
			*out = base_of(r, t[G2_CCK_BASE + g], false);
			return DVR_OK;
		}
		p = base_of(r, t[G2_BW40_BASE + g], false);
		if (!is_mcs(rate))
			p += nibble(t[G2_1S_DIFF], false) * f;
		else if (bw_mhz == 40)
			p += streams_diff(t, rate, G2_NS_DIFF(2), 2, true) * f;
		else
			p += (nibble(t[G2_1S_DIFF], true) +
			      streams_diff(t, rate, G2_NS_DIFF(2), 2, false)) *
			     f;
		*out = p;
		return DVR_OK;
	}
	p = base_of(r, t[G5_BW40_BASE + g], true);
	if (!is_mcs(rate)) {
		p += nibble(t[G5_1S_DIFF], false) * f;
	} else if (bw_mhz == 80) {
		/* the 80 MHz base is the mean of its two 40 MHz halves'
		 * groups; the last group has no upper neighbour */
		int up = g + 1 < G5_GROUPS ? g + 1 : g;
		p = (p + base_of(r, t[G5_BW40_BASE + up], true)) / 2;
		p += (nibble(t[G5_VHT1S_DIFF], true) +
		      streams_diff(t, rate, G5_VHT_NS_DIFF(2), 1, true)) * f;
	} else if (bw_mhz == 40) {
		p += streams_diff(t, rate, G5_NS_DIFF(2), 1, true) * f;
	} else {
		p += (nibble(t[G5_1S_DIFF], true) +
		      streams_diff(t, rate, G5_NS_DIFF(2), 1, false)) * f;
	}
	*out = p;
	return DVR_OK;
}

int dvr_txpwr_efuse_level(const uint8_t *block,
                          const struct dvr_txpwr_efuse_rules *rules,
                          const struct dvr_txpwr_tables *t,
                          enum dvr_regd regd, unsigned path, uint8_t rate,
                          unsigned primary, unsigned center_ch,
                          unsigned bw_mhz, int *level, int *cap)
{
	int base, off = 0, limit = INT_MAX;
	int st = dvr_txpwr_efuse_base(block, rules, rate, center_ch, bw_mhz,
	                              &base);

	if (st != DVR_OK)
		return st;
	if (t)
		off = dvr_txpwr_rate_offset(&t->by_rate, &t->limits, regd, path,
		                            rate, primary, center_ch, bw_mhz,
		                            &limit);
	*level = base + off;
	if (cap)
		*cap = t ? base + limit : INT_MAX;
	return DVR_OK;
}
