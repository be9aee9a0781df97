/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The generic EFUSE TX-power base (hal/common/txpwr_efuse.c) against
 * rtw88 phy.c rtw_get_channel_group and rtw_phy_get_2g_tx_power_index /
 * rtw_phy_get_5g_tx_power_index, on a hand-made record: channel groups
 * at their edges, both difference factors, 40 MHz second streams, the
 * third and fourth streams' own bytes, the 80 MHz mean, the blank-base
 * rule.
 */
#include <limits.h>
#include <string.h>

#include "../check.h"
#include "hal/common/rate_codes.h"
#include "hal/common/txpwr_efuse.h"

#define MCS(n) (DVR_DESC_RATE_HT_FIRST + (n))
#define VHT(nss, n) (DVR_DESC_RATE_VHT_FIRST + 10 * ((nss) - 1) + (n))

static int base(const uint8_t *t, const struct dvr_txpwr_efuse_rules *r,
                uint8_t rate, unsigned ch, unsigned bw)
{
	int v = -1000;
	if (dvr_txpwr_efuse_base(t, r, rate, ch, bw, &v) != DVR_OK)
		return -1000;
	return v;
}

int main(void)
{
	/* groups (rtw88 rtw_get_channel_group) */
	static const struct { unsigned ch; bool cck; int g; } groups[] = {
		{ 1, false, 0 }, { 2, false, 0 }, { 3, false, 1 },
		{ 5, false, 1 }, { 6, false, 2 }, { 8, false, 2 },
		{ 9, false, 3 }, { 11, false, 3 }, { 12, false, 4 },
		{ 13, false, 4 }, { 14, false, 4 }, { 14, true, 5 },
		{ 36, false, 0 }, { 42, false, 0 }, { 44, false, 1 },
		{ 50, false, 1 }, { 58, false, 2 }, { 64, false, 3 },
		{ 100, false, 4 }, { 106, false, 4 }, { 114, false, 5 },
		{ 122, false, 6 }, { 130, false, 7 }, { 138, false, 8 },
		{ 144, false, 9 }, { 149, false, 10 }, { 155, false, 10 },
		{ 161, false, 11 }, { 165, false, 12 }, { 171, false, 12 },
		{ 173, false, 13 }, { 177, false, 13 },
		{ 0, false, -1 }, { 15, false, -1 }, { 35, false, -1 },
		{ 65, false, -1 }, { 145, false, -1 }, { 178, false, -1 },
	};
	for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
		char m[64];
		snprintf(m, sizeof m, "group of ch %u%s", groups[i].ch,
		         groups[i].cck ? " (CCK)" : "");
		CHECK_EQ_INT(dvr_txpwr_channel_group(groups[i].ch,
		                                     groups[i].cck),
		             groups[i].g, m);
	}

	uint8_t t[DVR_TXPWR_EFUSE_PATH_LEN];
	memset(t, 0xFF, sizeof t);
	for (unsigned g = 0; g < 6; g++)
		t[g] = (uint8_t)(40 + g);          /* CCK 40..45 */
	for (unsigned g = 0; g < 5; g++)
		t[6 + g] = (uint8_t)(50 + g);      /* 2.4 GHz BW40 50..54 */
	t[11] = 0x3E;  /* BW20 +3, OFDM -2 */
	t[12] = 0xD1;  /* BW40 -3, BW20 +1 */
	for (unsigned g = 0; g < 14; g++)
		t[18 + g] = (uint8_t)(30 + g);     /* 5 GHz BW40 30..43 */
	t[32] = 0x21;  /* BW20 +2, OFDM +1 */
	t[33] = 0xEF;  /* BW40 -2, BW20 -1 */
	t[38] = 0x30;  /* BW80 +3 */
	t[39] = 0xC0;  /* BW80 -4 */
	const struct dvr_txpwr_efuse_rules one = { 1, 0x3F, 0x2D, 0x2A };
	const struct dvr_txpwr_efuse_rules two = { 2, 0x7F, 64, 64 };

	/* ch 6 (group 2): CCK 42 without differences; OFDM 52 - 2; MCS7
	 * at 20 MHz 52 + 3; MCS15 + 1 more; at 40 MHz MCS7 52, MCS15
	 * 52 - 3. Factor 2 doubles every difference. */
	CHECK_EQ_INT(base(t, &one, 3, 6, 20), 42, "CCK 11M ch 6");
	CHECK_EQ_INT(base(t, &one, 11, 6, 20), 50, "54M ch 6");
	CHECK_EQ_INT(base(t, &two, 11, 6, 20), 48, "54M ch 6, factor 2");
	CHECK_EQ_INT(base(t, &one, MCS(7), 6, 20), 55, "MCS7 ch 6/20");
	CHECK_EQ_INT(base(t, &one, MCS(15), 6, 20), 56, "MCS15 ch 6/20");
	CHECK_EQ_INT(base(t, &two, MCS(15), 6, 20), 60,
	             "MCS15 ch 6/20, factor 2");
	CHECK_EQ_INT(base(t, &one, MCS(7), 6, 40), 52, "MCS7 ch 6/40");
	CHECK_EQ_INT(base(t, &one, MCS(15), 6, 40), 49, "MCS15 ch 6/40");
	CHECK_EQ_INT(base(t, &one, 0, 14, 20), 45, "CCK ch 14: group 5");
	CHECK_EQ_INT(base(t, &one, 11, 14, 20), 52, "OFDM ch 14: group 4");
	/* ch 36 (group 0): OFDM 30 + 1; MCS7/20 30 + 2; VHT 2SS 1 at 20
	 * MHz 32 - 1; 40 MHz (centre 38) MCS15 30 - 2. */
	CHECK_EQ_INT(base(t, &one, 4, 36, 20), 31, "6M ch 36");
	CHECK_EQ_INT(base(t, &one, MCS(7), 36, 20), 32, "MCS7 ch 36/20");
	CHECK_EQ_INT(base(t, &one, VHT(2, 1), 36, 20), 31,
	             "VHT2SS1 ch 36/20");
	CHECK_EQ_INT(base(t, &one, MCS(15), 38, 40), 28, "MCS15 ch 38/40");
	/* 80 MHz, centre 155 (groups 10, 11): (40 + 41) / 2 = 40, + 3 =
	 * 43 for one stream, - 4 more for two (factor 2: 40 + 6 - 8);
	 * OFDM on group 10 40 + 1. Centre 171 (groups 12, 13): (42 + 43)
	 * / 2 = 42, + 3. */
	CHECK_EQ_INT(base(t, &one, VHT(1, 9), 155, 80), 43, "VHT1SS9 155/80");
	CHECK_EQ_INT(base(t, &one, VHT(2, 0), 155, 80), 39, "VHT2SS0 155/80");
	CHECK_EQ_INT(base(t, &two, VHT(2, 0), 155, 80), 38,
	             "VHT2SS0 155/80, factor 2");
	CHECK_EQ_INT(base(t, &one, 11, 155, 80), 41, "54M 155/80");
	CHECK_EQ_INT(base(t, &one, MCS(0), 171, 80), 45, "MCS0 171/80");
	/* The last group has no upper neighbour: its own base twice. */
	CHECK_EQ_INT(base(t, &one, MCS(0), 177, 80), 46,
	             "MCS0 177/80: (43 + 43) / 2 + 3");
	/* Third and fourth streams (rtw88 above_3ss, above_4ss): each adds
	 * its own byte to the second stream's level. 3S 2.4 GHz byte 14
	 * 0x52 (BW40 +5, BW20 +2), 5 GHz byte 34 0x3D (BW40 +3, BW20 -3),
	 * VHT3S byte 40 0x20 (BW80 +2); 4S 2.4 GHz byte 16 blank (-1). */
	t[14] = 0x52;
	t[34] = 0x3D;
	t[40] = 0x20;
	CHECK_EQ_INT(base(t, &one, MCS(23), 6, 20), 58,
	             "MCS23 ch 6/20: 52 + 3 + 1 + 2");
	CHECK_EQ_INT(base(t, &one, MCS(16), 6, 40), 54,
	             "MCS16 ch 6/40: 52 - 3 + 5");
	CHECK_EQ_INT(base(t, &one, MCS(24), 6, 20), 57,
	             "MCS24 ch 6/20: the 3-stream level - 1");
	CHECK_EQ_INT(base(t, &one, VHT(3, 0), 36, 20), 28,
	             "VHT3SS0 ch 36/20: 30 + 2 - 1 - 3");
	CHECK_EQ_INT(base(t, &one, MCS(16), 38, 40), 31,
	             "MCS16 ch 38/40: 30 - 2 + 3");
	CHECK_EQ_INT(base(t, &one, VHT(3, 9), 155, 80), 41,
	             "VHT3SS9 155/80: 40 + 3 - 4 + 2");
	CHECK_EQ_INT(base(t, &two, VHT(3, 9), 155, 80), 42,
	             "VHT3SS9 155/80, factor 2: 40 + 6 - 8 + 4");
	CHECK_EQ_INT(base(t, &one, MCS(15), 6, 20), 56,
	             "MCS15 ch 6/20 takes no 3-stream byte");
	/* A channel without a group is refused. */
	CHECK_EQ_INT(base(t, &one, MCS(7), 15, 20), -1000, "ch 15 refused");

	/* Blank bases take the rule's value; blank nibbles are -1. */
	memset(t, 0xFF, sizeof t);
	CHECK_EQ_INT(base(t, &one, 0, 1, 20), 0x2D, "blank CCK, 8812A rule");
	CHECK_EQ_INT(base(t, &one, MCS(15), 1, 20), 0x2D - 2,
	             "blank MCS15 2.4 GHz, factor 1");
	CHECK_EQ_INT(base(t, &two, MCS(15), 1, 20), 64 - 4,
	             "blank MCS15 2.4 GHz, factor 2");
	CHECK_EQ_INT(base(t, &one, VHT(2, 3), 42, 80), 0x2A - 2,
	             "blank VHT2SS 5 GHz 80 MHz, factor 1");
	CHECK_EQ_INT(base(t, &one, MCS(23), 1, 20), 0x2D - 3,
	             "blank MCS23 2.4 GHz: one -1 a stream");
	/* A base at the rule's limit is still a base. */
	t[6] = 0x3F;
	CHECK_EQ_INT(base(t, &one, MCS(7), 1, 40), 0x3F, "base 0x3F used");
	t[6] = 0x40;
	CHECK_EQ_INT(base(t, &one, MCS(7), 1, 40), 0x2D,
	             "base 0x40 above the 6-bit rule: blank");
	CHECK_EQ_INT(base(t, &two, MCS(7), 1, 40), 0x40,
	             "base 0x40 within the 7-bit rule");

	/* The level without power tables is the base, with no cap; a
	 * channel without a group is refused and leaves both alone. */
	int level = -1, cap = -1;
	CHECK(dvr_txpwr_efuse_level(t, &one, NULL, DVR_REGD_WORLDWIDE, 0,
	                            MCS(7), 1, 1, 40, &level, &cap) == DVR_OK &&
	      level == 0x2D && cap == INT_MAX,
	      "level without tables: the base, uncapped");
	level = cap = -7;
	CHECK(dvr_txpwr_efuse_level(t, &one, NULL, DVR_REGD_WORLDWIDE, 0,
	                            MCS(7), 15, 15, 20, &level, &cap) ==
	              DVR_E_INVALID && level == -7 && cap == -7,
	      "level on a channel without a group: refused");
	return check_done();
}
