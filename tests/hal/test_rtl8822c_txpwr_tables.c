/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822C's power-by-rate and regulatory-limit tables (generated
 * hal/rtl8822c/rtl8822c_tables.c from rtw88 rtw8822c_table.c) through the
 * generic parsers, and the per-rate index the chip computes from them
 * (rtl8822c_txpwr_rate_index): binary by-rate bytes (rtw88's
 * is_pwr_by_rate_dec is false for this chip), the 7-bit scale, and the
 * limit table chosen by RFE type (rtw88 rtw8822c.c rtw8822c_rfe_defs:
 * txpwr_lmt_type5 for type 5, txpwr_lmt_type0 for the others). Expected
 * values are worked out from the table rows in the comments.
 */
#include <stdlib.h>
#include <string.h>

#include "hal/rtl8822c/rtl8822c.h"
#include "hal/rtl8822c/rtl8822c_tables.h"
#include "tests/check.h"

#define CCK1 0x00
#define CCK11 0x03
#define OFDM54 0x0B
#define MCS0 0x0C
#define MCS7 0x13
#define VHT1SS9 0x35

static struct dvr_txpwr_by_rate pbr;
static struct dvr_txpwr_limits lim;

static void tables_parse(void)
{
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, rtl8822c_bb_pg_type0,
	                                     rtl8822c_bb_pg_type0_len, false),
	             DVR_OK, "bb_pg_type0 parses as binary");
	/* 0xC20 0x484C5054: 11M 0x48 = 72 is the CCK base, 1M 0x54 = 84
	 * is 12 above it (as BCD the bytes would read 48 and 54). */
	CHECK_EQ_INT(pbr.base[DVR_TXPWR_BAND_2G][0][DVR_RS_CCK], 72,
	             "2.4 GHz CCK base 0x48");
	CHECK_EQ_INT(pbr.offset[DVR_TXPWR_BAND_2G][0][CCK1], 12,
	             "1M 0x54 - 0x48");
	/* 0xE2C 0x50545858 MCS0 0x58 = 88 over 0xE30 byte 3 MCS7 0x40 =
	 * 64, 5 GHz path B. */
	CHECK_EQ_INT(pbr.base[DVR_TXPWR_BAND_5G][1][DVR_RS_HT_1S], 64,
	             "5 GHz path B HT 1SS base 0x40");
	CHECK_EQ_INT(pbr.offset[DVR_TXPWR_BAND_5G][1][MCS0], 24,
	             "MCS0 0x58 - 0x40");
	/* 0xC44 0x5858383C byte 1: VHT 1SS MCS9 0x38 = 56, 8 below VHT 1SS
	 * MCS7 (0xC40 0x4044484C byte 3, 0x40). */
	CHECK_EQ_INT(pbr.offset[DVR_TXPWR_BAND_5G][0][VHT1SS9], -8,
	             "VHT1SS MCS9 0x38 - 0x40");

	CHECK_EQ_INT(dvr_txpwr_limits_parse(&lim, rtl8822c_txpwr_lmt_type0,
	                                    rtl8822c_txpwr_lmt_type0_len,
	                                    RTL8822C_MAX_TX_INDEX, &pbr),
	             DVR_OK, "txpwr_lmt_type0 parses");
	/* ch 6 CCK 20 MHz: FCC 76, ETSI 60, MKK 68, the least of the twelve
	 * domains 60; relative to the CCK base 72. */
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_FCC][DVR_TXPWR_BW_20][DVR_RS_CCK][5],
	             4, "ch 6 CCK FCC 76 - 72");
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_MKK][DVR_TXPWR_BW_20][DVR_RS_CCK][5],
	             -4, "ch 6 CCK MKK 68 - 72");
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_WORLDWIDE][DVR_TXPWR_BW_20]
	                       [DVR_RS_CCK][5],
	             -12, "ch 6 CCK worldwide 60 - 72");
	/* 5 GHz ch 36 at 20 MHz has HT 1SS rows only (FCC 72): VHT 1SS
	 * takes them, 72 - 64 = 8. */
	CHECK_EQ_INT(lim.lmt_5g[DVR_REGD_FCC][DVR_TXPWR_BW_20]
	                       [DVR_RS_VHT_1S][0],
	             8, "ch 36 VHT1SS takes HT1SS's 72 - 64");
	/* MKK has 127 ("no limit") at ch 149 OFDM: clamped to the 7-bit
	 * scale, 127 - 68 = 59. */
	CHECK_EQ_INT(lim.lmt_5g[DVR_REGD_MKK][DVR_TXPWR_BW_20][DVR_RS_OFDM]
	                       [35],
	             59, "ch 149 OFDM MKK 127 - 68");

	CHECK_EQ_INT(dvr_txpwr_limits_parse(&lim, rtl8822c_txpwr_lmt_type5,
	                                    rtl8822c_txpwr_lmt_type5_len,
	                                    RTL8822C_MAX_TX_INDEX, &pbr),
	             DVR_OK, "txpwr_lmt_type5 parses");
}

static void rate_index(void)
{
	/* A blank EFUSE: bases 64, every difference nibble -1 (two steps):
	 * ch 6 CCK level 64; 5 GHz OFDM 64 - 2 = 62. */
	static uint8_t e[RTL8822C_EFUSE_LOG];
	memset(e, 0xFF, sizeof e);
	struct dvr_chip chip;
	memset(&chip, 0, sizeof chip);
	CHECK_EQ_INT(rtl8822c_txpower_tables_load(&chip), DVR_OK,
	             "RFE 0 tables load");
	CHECK(dvr_chip_txpwr(&chip) != NULL, "RFE 0 tables in use");
	if (!chip.txpwr)
		return;

	int cap = 0;
	/* 11M worldwide: 64 + min(0, -12) = 52, cap 64 - 12 = 52. */
	CHECK_EQ_INT(rtl8822c_txpwr_rate_index(e, &chip.txpwr->by_rate,
	                                       &chip.txpwr->limits,
	                                       DVR_REGD_WORLDWIDE, 0, CCK11,
	                                       6, 6, 20, &cap),
	             52, "11M ch 6 worldwide: limited");
	CHECK_EQ_INT(cap, 52, "11M cap");
	/* 1M FCC: 64 + min(12, 4) = 68. */
	CHECK_EQ_INT(rtl8822c_txpwr_rate_index(e, &chip.txpwr->by_rate,
	                                       &chip.txpwr->limits, DVR_REGD_FCC, 0,
	                                       CCK1, 6, 6, 20, NULL),
	             68, "1M ch 6 FCC: by rate capped at the limit");
	/* MCS0 FCC at ch 6: 62 + min(24, HT1S 76 - 64 = 12) - 12 (no DPD)
	 * = 62; cap 62 + 12 - 12 = 62. */
	CHECK_EQ_INT(rtl8822c_txpwr_rate_index(e, &chip.txpwr->by_rate,
	                                       &chip.txpwr->limits, DVR_REGD_FCC, 0,
	                                       MCS0, 6, 6, 20, &cap),
	             62, "MCS0 ch 6 FCC: limit, then the DPD back-off");
	CHECK_EQ_INT(cap, 62, "MCS0 cap includes the back-off");
	/* without tables: the EFUSE level and the back-off only */
	CHECK_EQ_INT(rtl8822c_txpwr_rate_index(e, NULL, NULL, DVR_REGD_FCC,
	                                       0, MCS0, 6, 6, 20, NULL),
	             rtl8822c_txpwr_index(e, 0, MCS0, 6, 20),
	             "no tables: as rtl8822c_txpwr_index");
	/* ch 64 OFDM FCC, RFE 0: type0 row 74 - 68 = +6: 54M 62 + min(0,
	 * 6) = 62, cap 68. */
	CHECK_EQ_INT(rtl8822c_txpwr_rate_index(e, &chip.txpwr->by_rate,
	                                       &chip.txpwr->limits, DVR_REGD_FCC, 0,
	                                       OFDM54, 64, 64, 20, &cap),
	             62, "54M ch 64 FCC");
	CHECK_EQ_INT(cap, 68, "54M ch 64 cap, type 0 limit");

	/* RFE 5: txpwr_lmt_type5, whose FCC row there is 76: cap 62 + 8. */
	chip.id.rfe_type = 5;
	CHECK_EQ_INT(rtl8822c_txpower_tables_load(&chip), DVR_OK,
	             "RFE 5 tables load");
	rtl8822c_txpwr_rate_index(e, &chip.txpwr->by_rate, &chip.txpwr->limits,
	                          DVR_REGD_FCC, 0, OFDM54, 64, 64, 20, &cap);
	CHECK_EQ_INT(cap, 70, "54M ch 64 cap, type 5 limit");
	/* a type rtw88 has no entry for: the reference design's tables */
	chip.id.rfe_type = 9;
	CHECK_EQ_INT(rtl8822c_txpower_tables_load(&chip), DVR_OK,
	             "RFE 9 tables load");
	rtl8822c_txpwr_rate_index(e, &chip.txpwr->by_rate, &chip.txpwr->limits,
	                          DVR_REGD_FCC, 0, OFDM54, 64, 64, 20, &cap);
	CHECK_EQ_INT(cap, 68, "RFE 9: type 0 limit");
	dvr_chip_state_free(&chip);
}

int main(void)
{
	tables_parse();
	rate_index();
	return check_done();
}
