/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * rtl8812a_txpwr_index, the calibrated per-rate TX AGC index from the
 * EFUSE TX-power block, on a block built here byte by byte so each case
 * reaches one rule of rtw88 phy.c rtw_phy_get_2g_tx_power_index /
 * rtw_phy_get_5g_tx_power_index (and the vendor's default for a base that
 * was never programmed). Expected values are worked out in the comments.
 */
#include <stdlib.h>
#include <string.h>

#include "hal/rtl8812a/rtl8812a.h"
#include "tests/check.h"

/* DESC rate codes */
#define CCK1 0x00
#define MCS0 0x0C
#define OFDM6 0x04
#define MCS7 0x13
#define MCS15 0x1B
#define VHT1SS_MCS9 0x35
#define VHT2SS_MCS0 0x36

int main(void)
{
	uint8_t e[512];
	memset(e, 0xFF, sizeof e);
	uint8_t *a = &e[0x10];          /* path A block */

	/* 2.4 GHz, path A: CCK bases per group, BW40 bases, 1S byte 0x3D
	 * (BW20 +3, OFDM -3), 2S byte 0x9A (BW40 -7, BW20 -6). */
	for (int g = 0; g < 6; g++)
		a[g] = (uint8_t)(0x20 + g);
	for (int g = 0; g < 5; g++)
		a[6 + g] = (uint8_t)(0x30 + g);
	a[11] = 0x3D;
	a[12] = 0x9A;

	/* ch 1 group 0: CCK a[0] = 0x20. */
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, CCK1, 1, 20), 0x20, "CCK ch1");
	/* ch 14: CCK has its own group 5 (a[5] = 0x25), OFDM uses group 4:
	 * 0x34 - 3 = 0x31. */
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, CCK1, 14, 20), 0x25,
	             "CCK ch14 group 5");
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, OFDM6, 14, 20), 0x31,
	             "OFDM ch14 group 4");
	/* ch 9 group 3, 20 MHz: MCS7 0x33 + 3 = 0x36; MCS15 0x36 - 6 =
	 * 0x30. */
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, MCS7, 9, 20), 0x36,
	             "MCS7 ch9/20");
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, MCS15, 9, 20), 0x30,
	             "MCS15 ch9/20");
	/* 40 MHz (centre 9): the BW40 base itself, 2SS 0x33 - 7 = 0x2C. */
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, MCS7, 9, 40), 0x33,
	             "MCS7 ch9/40 = base");
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, MCS15, 9, 40), 0x2C,
	             "MCS15 ch9/40");

	/* 5 GHz, path A: bases 0x10 + group, 1S byte 0x8F (BW20 -8, OFDM -1),
	 * 2S 0x21 (BW40 +2, BW20 +1), VHT1S 0x70 (BW80 +7), VHT2S 0xC0
	 * (BW80 -4). Group 6 base unprogrammed (0xFF). */
	for (int g = 0; g < 14; g++)
		a[18 + g] = (uint8_t)(0x10 + g);
	a[18 + 6] = 0xFF;
	a[32] = 0x8F;
	a[33] = 0x21;
	a[38] = 0x70;
	a[39] = 0xC0;
	/* ch 100 group 4: OFDM 0x14 - 1 = 0x13; MCS7/20 0x14 - 8 = 0x0C;
	 * VHT2SS MCS0/20 0x14 - 8 + 1 = 0x0D; /40 2SS 0x14 + 2 = 0x16. */
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, OFDM6, 100, 20), 0x13,
	             "OFDM ch100");
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, MCS7, 100, 20), 0x0C,
	             "MCS7 ch100/20");
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, VHT2SS_MCS0, 100, 20), 0x0D,
	             "VHT2SS ch100/20");
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, VHT2SS_MCS0, 102, 40), 0x16,
	             "VHT2SS centre 102/40");
	/* 80 MHz centre 106 (group 4, upper 5): (0x14 + 0x15) / 2 = 0x14,
	 * + 7 = 0x1B; 2SS 0x1B - 4 = 0x17. */
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, VHT1SS_MCS9, 106, 80), 0x1B,
	             "VHT1SS centre 106/80");
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, VHT2SS_MCS0, 106, 80), 0x17,
	             "VHT2SS centre 106/80");
	/* ch 116 group 6 is 0xFF: the vendor default 0x2A; OFDM 0x2A - 1. */
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, OFDM6, 116, 20), 0x29,
	             "unprogrammed base: vendor default");
	/* ch 36 group 0: MCS7/20 0x10 - 8 = 8; a base of 3 would go below 0
	 * and stops at 0. */
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, MCS7, 36, 20), 0x08,
	             "MCS7 ch36/20");
	a[18] = 0x03;
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, MCS7, 36, 20), 0,
	             "negative sum floors at 0");
	/* A base of 0x3F + 7 stops at 0x3F. */
	a[18 + 4] = 0x3F;
	a[18 + 5] = 0x3F;
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, VHT1SS_MCS9, 106, 80), 0x3F,
	             "sum above the range stops at 63");

	/* Path B: its own block (blank here): 2.4 GHz default 0x2D, 1S
	 * nibble 0xF = -1: MCS7 ch6/20 0x2C. */
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 1, MCS7, 6, 20), 0x2C,
	             "path B blank: default base - 1");
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 2, MCS7, 6, 20), -1,
	             "no third path");
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, MCS7, 15, 20), -1,
	             "channel 15 has no group");
	CHECK_EQ_INT(rtl8812a_txpwr_index(e, 0, MCS7, 178, 20), -1,
	             "channel 178 has no group");

	/* Power by rate and limits on top (rtl8812a_txpwr_rate_index), with
	 * the tables identify loads: bb_pg, or bb_pg_rfe3 on RFE type 3. */
	struct dvr_chip chip;
	memset(&chip, 0, sizeof chip);
	CHECK_EQ_INT(rtl8812a_txpower_tables_load(&chip), DVR_OK,
	             "RFE 0 tables load");
	if (!CHECK(chip.txpwr != NULL, "the tables are the chip's"))
		return check_done();
	int cap = 0;
	/* Path B blank at ch 6/20: MCS 0x2D - 1 = 44. bb_pg 2.4 GHz 0xE2C
	 * 0x40424444: MCS0 44 over MCS7 28 (0xE30 byte 3) = +16; FCC HT1S
	 * limit at ch 6 36 - 28 = +8: 44 + 8 = 52, cap 52. */
	CHECK_EQ_INT(rtl8812a_txpwr_rate_index(e, &chip.txpwr->by_rate,
	                                       &chip.txpwr->limits, DVR_REGD_FCC, 1,
	                                       MCS0, 6, 6, 20, &cap),
	             52, "MCS0 ch6 FCC: by rate capped at the limit");
	CHECK_EQ_INT(cap, 52, "cap = EFUSE + limit");
	/* MCS15: 0xE38 0x26283034 MCS15 26 is the base: 2SS 44 - 1 = 43 +
	 * 0; cap 43 + (FCC HT2S 34 - 26 = 8) = 51. */
	CHECK_EQ_INT(rtl8812a_txpwr_rate_index(e, &chip.txpwr->by_rate,
	                                       &chip.txpwr->limits, DVR_REGD_FCC, 1,
	                                       MCS15, 6, 6, 20, &cap),
	             43, "MCS15 ch6 FCC: the base rate");
	CHECK_EQ_INT(cap, 51, "MCS15 cap");
	chip.id.rfe_type = 3;
	CHECK_EQ_INT(rtl8812a_txpower_tables_load(&chip), DVR_OK,
	             "RFE 3 tables load");
	/* bb_pg_rfe3 0xE2C 0x32323232, 0xE30 0x28303232: MCS0 32 over MCS7
	 * 28 = +4, under the limit +8: 44 + 4 = 48. */
	CHECK_EQ_INT(rtl8812a_txpwr_rate_index(e, &chip.txpwr->by_rate,
	                                       &chip.txpwr->limits, DVR_REGD_FCC, 1,
	                                       MCS0, 6, 6, 20, NULL),
	             48, "RFE 3: its own by-rate table");
	dvr_chip_state_free(&chip);
	return check_done();
}
