/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822E's generated vendor tables under the headline walker
 * (DVR_PHY_MATCH_HEADLINE): the write counts tools/tables/README.md gives
 * for the BL-M8812EU2's RFE 21 at every cut 0-3 (found there by an
 * independent walk of the JSON), that an RFE outside the tables' cases
 * loads BB and AGC from their RFE-"any" case but no RF table, and that
 * the RF-calibration init table has no conditions at all.
 */
#include "../check.h"
#include "hal/common/phy_table.h"
#include <devourer/devourer.h>
#include "hal/rtl8822e/rtl8822e_tables.h"

static int count(void *ctx, uint32_t addr, uint32_t data)
{
	(void)addr;
	(void)data;
	++*(unsigned *)ctx;
	return DVR_OK;
}

static unsigned walk(const uint32_t *t, size_t n, uint8_t cut, uint8_t rfe,
                     enum dvr_phy_walk_end *end)
{
	struct dvr_phy_cond c = { .match = DVR_PHY_MATCH_HEADLINE, .cut = cut,
	                          .intf = DVR_PHY_INTF_USB, .board = rfe };
	struct dvr_phy_walk_info info;
	unsigned n_cb = 0;
	int st = dvr_phy_table_walk_info(t, n, &c, count, &n_cb, &info);
	CHECK(st == DVR_OK && info.applied == n_cb, "walk ok");
	*end = info.end;
	return n_cb;
}

int main(void)
{
	enum dvr_phy_walk_end e;
	char what[96];

	for (uint8_t cut = 0; cut <= 3; cut++) {
		snprintf(what, sizeof what, "RFE 21 cut %u: BB 1293 writes", cut);
		CHECK_EQ_INT(walk(rtl8822e_bb, rtl8822e_bb_len, cut, 21, &e),
		             1293, what);
		snprintf(what, sizeof what, "RFE 21 cut %u: AGC 642 writes", cut);
		CHECK_EQ_INT(walk(rtl8822e_agc, rtl8822e_agc_len, cut, 21, &e),
		             642, what);
		snprintf(what, sizeof what, "RFE 21 cut %u: RF A 809 writes", cut);
		CHECK_EQ_INT(walk(rtl8822e_rf_a, rtl8822e_rf_a_len, cut, 21, &e),
		             809, what);
		CHECK(e == DVR_PHY_WALK_DONE, "RF A walked to its end");
		snprintf(what, sizeof what, "RFE 21 cut %u: RF B 787 writes", cut);
		CHECK_EQ_INT(walk(rtl8822e_rf_b, rtl8822e_rf_b_len, cut, 21, &e),
		             787, what);
		CHECK(e == DVR_PHY_WALK_DONE, "RF B walked to its end");
	}

	/* A blank EFUSE's RFE 0: BB/AGC from the RFE-any case, no RF. */
	CHECK(walk(rtl8822e_bb, rtl8822e_bb_len, 0, 0, &e) > 0 &&
	      e != DVR_PHY_WALK_NO_CASE, "RFE 0: BB from the RFE-any case");
	CHECK(walk(rtl8822e_agc, rtl8822e_agc_len, 0, 0, &e) > 0 &&
	      e != DVR_PHY_WALK_NO_CASE, "RFE 0: AGC from the RFE-any case");
	CHECK(walk(rtl8822e_rf_a, rtl8822e_rf_a_len, 0, 0, &e) == 0 &&
	      e == DVR_PHY_WALK_NO_CASE, "RFE 0: no RF A table");
	CHECK(walk(rtl8822e_rf_b, rtl8822e_rf_b_len, 0, 0, &e) == 0 &&
	      e == DVR_PHY_WALK_NO_CASE, "RFE 0: no RF B table");

	/* Every RFE the RF tables name loads something. */
	static const uint8_t rfes[] = { 1, 2, 3, 4, 5, 21, 22, 23, 24 };
	for (size_t i = 0; i < sizeof rfes; i++) {
		snprintf(what, sizeof what, "RFE %u: RF A loads", rfes[i]);
		CHECK(walk(rtl8822e_rf_a, rtl8822e_rf_a_len, 1, rfes[i], &e) > 0,
		      what);
	}

	/* Calibration init: 2611 plain pairs, whatever the board. */
	CHECK_EQ_INT(walk(rtl8822e_array_mp_cal_init,
	                  rtl8822e_array_mp_cal_init_len, 0, 0, &e),
	             2611, "cal_init: every pair");
	return check_done();
}
