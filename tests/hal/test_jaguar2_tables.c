/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The generated register tables of the RTL8822BU and RTL8821CU
 * (hal/rtl8822b/rtl8822b_tables.c, hal/rtl8821c/rtl8821c_tables.c, from
 * rtw88 rtw8822b_table.c / rtw8821c_table.c and the chip files) through
 * the generic code that will read them, before either chip has a driver:
 *
 *  - every pair table walks with the Jaguar2 condition rule (the RFE type
 *    must be equal; rtw88 phy.c check_positive) for each board rtw88
 *    accepts, and the pairs it selects match, in count and in a running
 *    checksum, what tools/gen_end_state.py's walk (an independent Python
 *    reading of rtw_parse_tbl_phy_cond) selects from the same JSON;
 *  - every RFE option's power-by-rate table parses as BCD (rtw88
 *    is_pwr_by_rate_dec) and its limit table on the 6-bit scale;
 *  - every power-sequence step of the card enable / disable flows ends
 *    with an END row.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <devourer/devourer.h>

#include "hal/common/phy_table.h"
#include "hal/common/pwr_seq.h"
#include "hal/common/txpwr_by_rate.h"
#include "hal/common/txpwr_limit.h"
#include "hal/rtl8821c/rtl8821c_tables.h"
#include "hal/rtl8822b/rtl8822b_tables.h"
#include "tests/check.h"

/* rtw88 rtw8822b.c / rtw8821c.c hw_spec max_power_index */
#define JAGUAR2_MAX_TX_INDEX 0x3F

struct sum {
	size_t n;
	uint32_t h;
};

/* The checksum gen_end_state.py's walk gave (h = h * 33 + (addr ^ data)
 * over the selected pairs, in order, modulo 2^32). */
static int sum_row(void *ctx, uint32_t addr, uint32_t data)
{
	struct sum *s = ctx;
	s->n++;
	s->h = s->h * 33u + (addr ^ data);
	return 0;
}

struct walk_expect {
	const char *name;
	const uint32_t *words;
	const size_t *len;
	size_t n;
	uint32_t h;
};

static void walk_check(const struct dvr_phy_cond *cond, const char *board,
                       const struct walk_expect *e)
{
	struct sum s = { 0, 0 };
	size_t applied = 0;
	char what[96];

	snprintf(what, sizeof what, "%s %s walks", board, e->name);
	CHECK_EQ_INT(dvr_phy_table_walk(e->words, *e->len, cond, sum_row, &s,
	                                &applied),
	             DVR_OK, what);
	snprintf(what, sizeof what, "%s %s: %zu pairs", board, e->name, e->n);
	CHECK(applied == e->n && s.n == e->n, what);
	snprintf(what, sizeof what, "%s %s checksum", board, e->name);
	CHECK_EQ_HEX(s.h, e->h, what);
}

static void flow_check(const struct dvr_pwr_cmd *const *flow,
                       const char *name)
{
	size_t steps = 0;
	for (; flow[steps]; steps++) {
		size_t i = 0;
		while (i < 64 && flow[steps][i].cmd != DVR_PWR_CMD_END)
			i++;
		char what[64];
		snprintf(what, sizeof what, "%s step %zu ends with END", name,
		         steps);
		CHECK(i < 64, what);
	}
	CHECK_EQ_INT((int)steps, 2, name);
}

static void txpwr_check(const char *chip, unsigned option,
                        const struct dvr_pg_row *pg, size_t pg_len,
                        const struct dvr_txpwr_lmt_row *lmt, size_t lmt_len)
{
	static struct dvr_txpwr_by_rate pbr;
	static struct dvr_txpwr_limits lim;
	char what[64];

	snprintf(what, sizeof what, "%s RFE %u by rate parses as BCD", chip,
	         option);
	CHECK_EQ_INT(dvr_txpwr_by_rate_parse(&pbr, pg, pg_len, true), DVR_OK,
	             what);
	snprintf(what, sizeof what, "%s RFE %u limits parse", chip, option);
	CHECK_EQ_INT(dvr_txpwr_limits_parse(&lim, lmt, lmt_len,
	                                    JAGUAR2_MAX_TX_INDEX, &pbr),
	             DVR_OK, what);
}

static void rtl8822b(void)
{
	/* rtw8822b_rfe_defs: 2 -> bb_pg_type2 / txpwr_lmt_type2,
	 * 3 -> type3 / type0, 5 -> type5 / type5 */
	static const struct {
		uint8_t rfe;
		const struct dvr_pg_row *pg;
		const struct dvr_txpwr_lmt_row *lmt;
	} defs[] = {
		{ 2, rtl8822b_bb_pg_type2, rtl8822b_txpwr_lmt_type2 },
		{ 3, rtl8822b_bb_pg_type3, rtl8822b_txpwr_lmt_type0 },
		{ 5, rtl8822b_bb_pg_type5, rtl8822b_txpwr_lmt_type5 },
	};
	CHECK_EQ_INT((int)rtl8822b_rfe_defs_len, 3, "8822B: three RFE options");
	for (size_t i = 0; i < rtl8822b_rfe_defs_len && i < 3; i++) {
		const struct rtl8822b_rfe_def *d = &rtl8822b_rfe_defs[i];
		CHECK(d->rfe_option == defs[i].rfe && d->pg == defs[i].pg &&
		      d->lmt == defs[i].lmt,
		      "8822B rfe_defs row as rtw88 lists it");
		CHECK(d->pg_len == rtl8822b_bb_pg_type2_len &&
		      d->lmt_len == rtl8822b_txpwr_lmt_type0_len,
		      "8822B rfe_defs lengths (46 / 585 rows each)");
		txpwr_check("8822B", d->rfe_option, d->pg, d->pg_len, d->lmt,
		            d->lmt_len);
	}

	/* RFE 2, 3, 5 on a C-cut (2) and a D-cut (3) chip, USB: the RF
	 * tables branch on the D-cut; MAC and BB have no condition. */
	static const struct {
		uint8_t rfe, cut;
		uint32_t agc, rf_a, rf_b;
	} boards[] = {
		{ 2, 2, 0xdea2739f, 0x786536d5, 0x70ffd5ec },
		{ 2, 3, 0xdea2739f, 0x90a8df19, 0xead99774 },
		{ 3, 2, 0x78a2739f, 0x35d036b9, 0xc6f8e488 },
		{ 3, 3, 0x78a2739f, 0x9e000e0d, 0xde278507 },
		{ 5, 2, 0x46a2739f, 0x874869d6, 0x93cba688 },
		{ 5, 3, 0x46a2739f, 0x291bd11f, 0x92bf7517 },
	};
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		struct dvr_phy_cond cond = {
			.match = DVR_PHY_MATCH_RFE_EQUAL,
			.cut = boards[i].cut,
			.intf = DVR_PHY_INTF_USB,
			.platform = 0x04,
			.board = boards[i].rfe,
		};
		const struct walk_expect e[] = {
			{ "mac", rtl8822b_mac, &rtl8822b_mac_len, 125, 0x62c7a07b },
			{ "bb", rtl8822b_bb, &rtl8822b_bb_len, 1492, 0x54a16126 },
			{ "agc", rtl8822b_agc, &rtl8822b_agc_len, 521,
			  boards[i].agc },
			{ "rf_a", rtl8822b_rf_a, &rtl8822b_rf_a_len, 411,
			  boards[i].rf_a },
			{ "rf_b", rtl8822b_rf_b, &rtl8822b_rf_b_len, 356,
			  boards[i].rf_b },
		};
		char board[32];
		snprintf(board, sizeof board, "8822B RFE %u cut %u",
		         boards[i].rfe, boards[i].cut);
		for (size_t t = 0; t < sizeof e / sizeof e[0]; t++)
			walk_check(&cond, board, &e[t]);
	}
	flow_check(rtl8822b_card_enable_flow, "8822B card enable");
	flow_check(rtl8822b_card_disable_flow, "8822B card disable");
}

static void rtl8821c(void)
{
	/* rtw8821c_rfe_defs: options 0, 2, 4, 6, all bb_pg_type0 /
	 * txpwr_lmt_type0; 2 and 4 add agc_btg_type2 */
	CHECK_EQ_INT((int)rtl8821c_rfe_defs_len, 4, "8821C: four RFE options");
	for (size_t i = 0; i < rtl8821c_rfe_defs_len && i < 4; i++) {
		const struct rtl8821c_rfe_def *d = &rtl8821c_rfe_defs[i];
		bool btg = d->rfe_option == 2 || d->rfe_option == 4;
		CHECK(d->rfe_option == 2 * i && d->pg == rtl8821c_bb_pg_type0 &&
		      d->pg_len == rtl8821c_bb_pg_type0_len &&
		      d->lmt == rtl8821c_txpwr_lmt_type0 &&
		      d->lmt_len == rtl8821c_txpwr_lmt_type0_len,
		      "8821C rfe_defs row as rtw88 lists it");
		CHECK(btg ? d->agc_btg == rtl8821c_agc_btg_type2 &&
		                    d->agc_btg_len == rtl8821c_agc_btg_type2_len
		          : d->agc_btg == NULL && d->agc_btg_len == 0,
		      "8821C AGC-BTG table for options 2 and 4 only");
		txpwr_check("8821C", d->rfe_option, d->pg, d->pg_len, d->lmt,
		            d->lmt_len);
	}

	/* The condition input is EFUSE 0xCA >> 3 and the package 0xCA bit 5
	 * (rtw88 rtw_phy_setup_phy_cond, rtw8821c_read_efuse): option n
	 * with bit 5 clear reads as RFE 0, package unknown; with bit 5 set
	 * as RFE 4, package 1. The cut is only tested with SDIO. */
	static const struct {
		uint8_t efuse_ca;
		uint32_t agc, agc_btg, rf_a;
	} boards[] = {
		{ 0x00, 0x555db102, 0x7d382e40, 0x96fd2aeb },
		{ 0x02, 0x555db102, 0x7d382e40, 0x96fd2aeb },
		{ 0x24, 0x845db102, 0xc4382e40, 0x60fa7196 },
		{ 0x26, 0x845db102, 0xc4382e40, 0x60fa7196 },
	};
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		uint8_t ca = boards[i].efuse_ca;
		struct dvr_phy_cond cond = {
			.match = DVR_PHY_MATCH_RFE_EQUAL,
			.cut = 2,
			.package = (ca & 0x20) ? 1 : 0,
			.intf = DVR_PHY_INTF_USB,
			.platform = 0x04,
			.board = (uint8_t)(ca >> 3),
		};
		const struct walk_expect e[] = {
			{ "mac", rtl8821c_mac, &rtl8821c_mac_len, 138, 0xf76abdca },
			{ "bb", rtl8821c_bb, &rtl8821c_bb_len, 1669, 0x0e3e65b8 },
			{ "agc", rtl8821c_agc, &rtl8821c_agc_len, 386,
			  boards[i].agc },
			{ "agc_btg_type2", rtl8821c_agc_btg_type2,
			  &rtl8821c_agc_btg_type2_len, 128, boards[i].agc_btg },
			{ "rf_a", rtl8821c_rf_a, &rtl8821c_rf_a_len, 586,
			  boards[i].rf_a },
		};
		char board[32];
		snprintf(board, sizeof board, "8821C 0xCA=0x%02x", ca);
		for (size_t t = 0; t < sizeof e / sizeof e[0]; t++)
			walk_check(&cond, board, &e[t]);
	}
	flow_check(rtl8821c_card_enable_flow, "8821C card enable");
	flow_check(rtl8821c_card_disable_flow, "8821C card disable");
}

int main(void)
{
	rtl8822b();
	rtl8821c();
	return check_done();
}
