/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The generic power-by-rate and regulatory-limit machinery
 * (hal/common/txpwr_by_rate.c, txpwr_limit.c) on rows made up here, one
 * rule of rtw88 phy.c per check, then on the RTL8812AU's own tables.
 * Expected values are worked out in the comments.
 */
#include <string.h>

#include "hal/common/txpwr_limit.h"
#include "hal/rtl8812a/rtl8812a_tables.h"
#include "tests/check.h"

/* DESC rate codes */
#define CCK1 0x00
#define CCK11 0x03
#define OFDM6 0x04
#define OFDM54 0x0B
#define MCS0 0x0C
#define VHT1SS0 0x2C
#define VHT1SS7 0x33

static struct dvr_txpwr_by_rate pbr;
static struct dvr_txpwr_limits lim;

static void by_rate(void)
{
	/* 2.4 GHz path A: CCK 0xC20 BCD 0x34363840 = 1M 40, 2M 38, 5.5M 36,
	 * 11M 34; HT 0xC30 = MCS4..7 0x28303236 = 36, 32, 30, 28. A delay
	 * marker row is skipped. */
	const struct dvr_pg_row rows[] = {
		{ 0, 0, 0, 0xC20, 0xFFFFFFFF, 0x34363840 },
		{ 0, 0, 0, 0xFE, 0, 0 },
		{ 0, 0, 0, 0xC30, 0xFFFFFFFF, 0x28303236 },
		{ 1, 1, 0, 0xE3C, 0xFFFFFFFF, 0x40424444 },
		{ 1, 1, 0, 0xE40, 0xFFFFFFFF, 0x28303236 },
	};
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, rows, 5, true), DVR_OK,
	             "BCD rows parse");
	/* relative to 11M: 40 - 34 = 6 */
	CHECK_EQ_INT(pbr.offset[0][0][CCK1], 6, "CCK1 +6 over 11M");
	CHECK_EQ_INT(pbr.offset[0][0][CCK11], 0, "11M is the base");
	CHECK_EQ_INT(pbr.base[0][0][DVR_RS_CCK], 34, "CCK base value 34");
	CHECK_EQ_INT(pbr.base[0][0][DVR_RS_HT_1S], 28, "HT1S base MCS7 28");
	/* MCS0..3 not in the rows: 0 - 28 */
	CHECK_EQ_INT(pbr.offset[0][0][MCS0], -28, "MCS0 without a row");
	/* 5 GHz path B VHT1SS 0xE3C (MCS0..3) 0x40424444: MCS0 44; base
	 * VHT1SS MCS7 (0xE40 byte 3) 28: 44 - 28 = 16 */
	CHECK_EQ_INT(pbr.offset[1][1][VHT1SS0], 16, "VHT1SS0 +16 over MCS7");
	CHECK_EQ_INT(pbr.base[1][1][DVR_RS_VHT_1S], 28, "VHT1S base 28");

	/* Binary bytes (8822C style): 0x1E is 30, not BCD 18; the 0xE08
	 * CCK row is BCD whatever the table (byte 1: 0x20 -> 20). */
	const struct dvr_pg_row bin[] = {
		{ 0, 0, 0, 0xC28, 0xFFFFFFFF, 0x1E000000 },
		{ 0, 0, 0, 0xE08, 0x0000FF00, 0x00002000 },
	};
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, bin, 2, false), DVR_OK,
	             "binary rows parse");
	CHECK_EQ_INT(pbr.base[0][0][DVR_RS_OFDM], 30, "54M binary 0x1E = 30");
	CHECK_EQ_INT(pbr.offset[0][0][CCK1], 20, "0xE08 byte 1 BCD 20");

	/* Rows the parser cannot place are refused, not dropped. */
	const struct dvr_pg_row bad_addr = { 0, 0, 0, 0xC50, ~0u, 0 };
	const struct dvr_pg_row bad_path = { 0, DVR_MAX_RF_PATHS, 0, 0xC20,
	                                     ~0u, 0 };
	const struct dvr_pg_row bad_band = { 2, 0, 0, 0xC20, ~0u, 0 };
	const struct dvr_pg_row bad_bcd = { 0, 0, 0, 0xC20, ~0u, 0xFF };
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, &bad_addr, 1, true),
	             DVR_E_INVALID, "unknown address refused");
	/* A 4-path chip's table has rows for paths C and D (path 3 here:
	 * CCK 0xC20 BCD, 1M 40 over 11M 34). */
	const struct dvr_pg_row path_d = { 0, 3, 0, 0xC20, ~0u, 0x34363840 };
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, &path_d, 1, true), DVR_OK,
	             "path D row parses");
	CHECK_EQ_INT(pbr.offset[0][3][CCK1], 6, "path D: CCK1 +6 over 11M");
	CHECK_EQ_INT(pbr.base[0][3][DVR_RS_CCK], 34, "path D: CCK base 34");
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, &bad_path, 1, true),
	             DVR_E_INVALID, "path past the last refused");
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, &bad_band, 1, true),
	             DVR_E_INVALID, "band 2 refused");
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, &bad_bcd, 1, true),
	             DVR_E_INVALID, "0xFF is no BCD byte");
	CHECK_EQ_INT(dvr_rate_section_of(0x1C), DVR_RS_HT_3S,
	             "MCS16 section");
	CHECK_EQ_INT(dvr_rate_section_of(0x49), DVR_RS_VHT_3S,
	             "VHT3SS MCS9 section");
	CHECK_EQ_INT(dvr_rate_section_of(0x54), -1, "past VHT4SS: none");
	/* A 3T chip's 3-stream groups (0xCD8-0xCE8, path A): MCS20-23
	 * 30 28 26 24 (base MCS23 24), VHT 3SS MCS8-9 in the low two
	 * bytes of 0xCE8 (base VHT 3SS MCS7 from 0xCE4, 30). */
	const struct dvr_pg_row three[] = {
		{ 0, 0, 2, 0xCDC, ~0u, 0x24262830 },
		{ 0, 0, 2, 0xCE4, ~0u, 0x30323436 },
		{ 0, 0, 2, 0xCE8, ~0u, 0x00002628 },
	};
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, three, 3, true), DVR_OK,
	             "3-stream rows parse");
	CHECK_EQ_INT(pbr.base[0][0][DVR_RS_HT_3S], 24, "MCS23 base 24");
	CHECK_EQ_INT(pbr.offset[0][0][0x20], 6, "MCS20 +6 over MCS23");
	CHECK_EQ_INT(pbr.base[0][0][DVR_RS_VHT_3S], 30, "VHT3SS MCS7 30");
	CHECK_EQ_INT(pbr.offset[0][0][0x48], -2, "VHT3SS MCS8 28 - 30");
	CHECK_EQ_INT(pbr.offset[0][0][0x49], -4, "VHT3SS MCS9 26 - 30");
	const struct dvr_pg_row past = { 0, 0, 2, 0xCEC, ~0u, 0 };
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, &past, 1, true),
	             DVR_E_INVALID, "0xCEC names no rates");
	CHECK_EQ_INT(dvr_rate_section_of(0x3F), DVR_RS_VHT_2S,
	             "VHT2SS MCS9 section");
}

static void limits(void)
{
	/* By rate, path A: 2.4 GHz CCK 11M 34, HT MCS7 28; 5 GHz HT MCS7
	 * 28, VHT1SS MCS7 28, OFDM 54M 30. */
	const struct dvr_pg_row pg[] = {
		{ 0, 0, 0, 0xC20, ~0u, 0x34363840 },
		{ 0, 0, 0, 0xC30, ~0u, 0x28303236 },
		{ 1, 0, 0, 0xC28, ~0u, 0x30323640 },
		{ 1, 0, 0, 0xC30, ~0u, 0x28303236 },
		{ 1, 0, 0, 0xC40, ~0u, 0x28303236 },
	};
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, pg, 5, true), DVR_OK,
	             "by-rate for the limits");
	/* regd, band, bw, rs, ch, limit */
	const struct dvr_txpwr_lmt_row rows[] = {
		{ 0, 0, 0, 0, 6, 36 },   /* FCC CCK ch 6 */
		{ 2, 0, 0, 0, 6, 32 },   /* ETSI CCK ch 6 */
		{ 3, 0, 0, 0, 6, 30 },   /* IC: counts only for worldwide */
		{ 0, 1, 0, 2, 149, 36 }, /* FCC HT1S 149/20 */
		{ 2, 1, 0, 2, 149, 32 },
		{ 0, 1, 1, 2, 151, 34 }, /* FCC HT1S 151/40 */
		{ 0, 1, 2, 4, 155, 30 }, /* FCC VHT1S 155/80 */
		{ 0, 1, 0, 1, 149, 100 }, /* FCC OFDM: clamped to 63 */
		{ 0, 1, 1, 4, 38, 26 },  /* FCC VHT1S 38/40, HT1S unset */
	};
	CHECK_EQ_INT(dvr_txpwr_limits_parse(&lim, rows, 9, 63, &pbr), DVR_OK,
	             "limit rows parse");
	/* relative to 11M's 34 */
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_FCC][0][DVR_RS_CCK][5], 2,
	             "FCC CCK ch 6: 36 - 34");
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_ETSI][0][DVR_RS_CCK][5], -2,
	             "ETSI CCK ch 6: 32 - 34");
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_WORLDWIDE][0][DVR_RS_CCK][5], -4,
	             "worldwide: lowest of all, IC's 30 - 34");
	/* MKK has no row: it takes the worldwide entries */
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_MKK][0][DVR_RS_CCK][5], -4,
	             "unnamed MKK obeys worldwide");
	/* no row at all: 63 - 34 */
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_FCC][0][DVR_RS_CCK][0], 29,
	             "no row: no limit, relative");
	/* 5 GHz 20 MHz: VHT1S at 149 (index 35) takes HT1S's 36 - 28 */
	CHECK_EQ_INT(lim.lmt_5g[DVR_REGD_FCC][0][DVR_RS_VHT_1S][35], 8,
	             "VHT1S takes the HT1S limit");
	/* 40 MHz ch 38 (index 1): HT1S had none, takes VHT1S's 26 - 28 */
	CHECK_EQ_INT(lim.lmt_5g[DVR_REGD_FCC][1][DVR_RS_HT_1S][1], -2,
	             "HT1S takes the VHT1S limit");
	/* 100 clamped to 63: 63 - 30 = 33 */
	CHECK_EQ_INT(lim.lmt_5g[DVR_REGD_FCC][0][DVR_RS_OFDM][35], 33,
	             "limit clamped to the largest index");

	int l = 0;
	/* 149/80 under FCC: VHT1SS7 (offset 0) meets the least of 8
	 * (149/20), 6 (151/40, the half holding the primary: HT1S 34 - 28)
	 * and 2 (155/80: 30 - 28) -> stays 0 */
	CHECK_EQ_INT(dvr_txpwr_rate_offset(&pbr, &lim, DVR_REGD_FCC, 0,
	                                   VHT1SS7, 149, 155, 80, &l),
	             0, "VHT1SS7 149/80 under its limit");
	CHECK_EQ_INT(l, 2, "VHT limit: least of 20, 40 and 80 MHz");
	/* MCS4 = 36 - 28 = +8; HT is limited up to 40 MHz only:
	 * min(8, 8 (149/20), 6 (151/40)) = 6 */
	CHECK_EQ_INT(dvr_txpwr_rate_offset(&pbr, &lim, DVR_REGD_FCC, 0,
	                                   0x10, 149, 155, 80, &l),
	             6, "MCS4 149/80: HT limited up to 40 MHz");
	CHECK_EQ_INT(l, 6, "HT limit 151/40");
	/* primary 157 above the centre 155: the 40 MHz half is 159, which
	 * has no row -> no limit there; 20 MHz 157 neither: 63 - 28 */
	CHECK_EQ_INT(dvr_txpwr_rate_offset(&pbr, &lim, DVR_REGD_FCC, 0,
	                                   0x10, 157, 155, 80, &l),
	             8, "upper half: other channels' limits");
	CHECK_EQ_INT(l, 35, "no limit at 157 and 159");
	/* CCK at 2.4 GHz 40 MHz: limited at 20 MHz only, ch 6 primary */
	CHECK_EQ_INT(dvr_txpwr_rate_offset(&pbr, &lim, DVR_REGD_ETSI, 0, CCK1,
	                                   6, 8, 40, &l),
	             -2, "CCK1 +6 capped at ETSI -2");
	/* a channel the table does not know (5 GHz 37): not limited */
	CHECK_EQ_INT(dvr_txpwr_rate_offset(&pbr, &lim, DVR_REGD_ETSI, 0,
	                                   OFDM54, 37, 37, 20, &l),
	             0, "unknown channel: by-rate only");
	CHECK_EQ_INT(l, 63, "unknown channel: no limit reported");

	const struct dvr_txpwr_lmt_row bad_ch = { 0, 1, 0, 1, 37, 30 };
	const struct dvr_txpwr_lmt_row bad_regd = { 13, 0, 0, 0, 1, 30 };
	const struct dvr_txpwr_lmt_row bad_rs = { 0, 0, 0, 10, 1, 30 };
	CHECK_EQ_INT(dvr_txpwr_limits_parse(&lim, &bad_ch, 1, 63, &pbr),
	             DVR_E_INVALID, "channel 37 refused");
	CHECK_EQ_INT(dvr_txpwr_limits_parse(&lim, &bad_regd, 1, 63, &pbr),
	             DVR_E_INVALID, "domain 13 refused");
	CHECK_EQ_INT(dvr_txpwr_limits_parse(&lim, &bad_rs, 1, 63, &pbr),
	             DVR_E_INVALID, "section past VHT 4S refused");

	/* A 3T chip's HT 3S limit (section 6) applies to MCS16-23: ch 1,
	 * 2.4 GHz, 20 MHz, limit 28 over an MCS23 base of 24 (+4) holds
	 * MCS16's +6. */
	const struct dvr_pg_row pg3[] = {
		{ 0, 0, 2, 0xCD8, ~0u, 0x30303030 },
		{ 0, 0, 2, 0xCDC, ~0u, 0x24262830 },
	};
	const struct dvr_txpwr_lmt_row ht3 = { 0, 0, 0, 6, 1, 28 };
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, pg3, 2, true), DVR_OK,
	             "3-stream by-rate rows");
	CHECK_EQ_INT(dvr_txpwr_limits_parse(&lim, &ht3, 1, 63, &pbr), DVR_OK,
	             "HT 3S limit row taken");
	CHECK_EQ_INT(dvr_txpwr_rate_offset(&pbr, &lim, DVR_REGD_FCC, 0, 0x1C,
	                                   1, 1, 20, &l),
	             4, "MCS16 +6 held at the HT 3S limit +4");
	CHECK_EQ_INT(dvr_txpwr_rate_offset(&pbr, &lim, DVR_REGD_FCC, 0, 0x13,
	                                   1, 1, 20, &l),
	             0, "MCS7 not limited by a 3-stream row");
}

static void rtl8812a_tables(void)
{
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, rtl8812a_bb_pg_rfe3,
	                                     rtl8812a_bb_pg_rfe3_len, true),
	             DVR_OK, "8812A bb_pg_rfe3 parses");
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, rtl8812a_bb_pg,
	                                     rtl8812a_bb_pg_len, true),
	             DVR_OK, "8812A bb_pg parses");
	CHECK_EQ_INT(dvr_txpwr_limits_parse(&lim, rtl8812a_txpwr_lmt,
	                                    rtl8812a_txpwr_lmt_len, 0x3F, &pbr),
	             DVR_OK, "8812A txpwr_lmt parses");
	/* bb_pg 0xC28 2.4 GHz 0x30323638: 54M 30; 6M in 0xC24 0x42424444:
	 * 44 -> +14 */
	CHECK_EQ_INT(pbr.offset[0][0][OFDM6], 14, "8812A 2.4 GHz 6M +14");
	/* txpwr_lmt FCC 2.4 GHz ch 1 CCK 36, over 11M 34 */
	CHECK_EQ_INT(lim.lmt_2g[DVR_REGD_FCC][0][DVR_RS_CCK][0], 2,
	             "8812A FCC CCK ch 1: 36 - 34");
	/* MKK 5 GHz ch 149 HT1S 63 (none): 63 - 28 */
	CHECK_EQ_INT(lim.lmt_5g[DVR_REGD_MKK][0][DVR_RS_HT_1S][35], 35,
	             "8812A MKK has no limit at 149");
}

int main(void)
{
	by_rate();
	limits();
	rtl8812a_tables();
	return check_done();
}
