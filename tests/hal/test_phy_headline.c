/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The vendor halbb "headline" rule of the condition walker
 * (DVR_PHY_MATCH_HEADLINE), on hand-built tables: each of the four case
 * choices of vendor rtl88x2eu halhwimg8822e_bb.c halbb_sel_headline (exact
 * cut and RFE; the RFE with cut "any"; the RFE's highest cut, a later case
 * winning a tie; RFE "any" with its highest cut), a table with no case for
 * the chip (nothing written), an ELSE reached with no branch taken (the
 * rest of the table dropped), ELSE bodies never written, a table without
 * a head, and a callback error.
 */
#include "../check.h"
#include "hal/common/phy_table.h"
#include <devourer/devourer.h>

#define IF(c) (0x80000000u | (c)), 0
#define ELIF(c) (0x90000000u | (c)), 0
#define CHK 0x40000000u, 0
#define ELSE 0xA0000000u, 0
#define ENDIF 0xB0000000u, 0

/* Head cases: cut in [27:24] (F = any), RFE in [7:0] (FF = any). */
static const uint32_t table[] = {
	0xF0FFFFFFu, 0,     /* cut 0, RFE any */
	0xF1FFFF15u, 1,     /* cut 1, RFE 21 */
	0xF2FFFF15u, 2,     /* cut 2, RFE 21 */
	0xFFFFFF16u, 3,     /* cut any, RFE 22 */
	0xF3FFFF17u, 4,     /* cut 3, RFE 23 */
	0xF1FFFF17u, 5,     /* cut 1, RFE 23 */
	0xF3FFAA17u, 6,     /* cut 3, RFE 23 again: a later tie wins */
	0x100, 1,
	IF(0x00FFFFFFu), CHK, 0x200, 0xFF,
	ELIF(0x01FFFF15u), CHK, 0x200, 0x15,
	ELIF(0x02FFFF15u), CHK, 0x200, 0x25,
	ELIF(0x0FFFFF16u), CHK, 0x200, 0x16,
	ELIF(0x03FFFF17u), CHK, 0x200, 0x37,
	ELIF(0x03FFAA17u), CHK, 0x200, 0x3A,
	ELIF(0x01FFFF17u), CHK, 0x200, 0x17,
	ELSE, 0x200, 0xEE,
	ENDIF,
	0x300, 3,
	IF(0x0FFFFF16u), CHK, 0x400, 0x16,
	ENDIF,
	0x500, 5,
	IF(0x01FFFF15u), CHK, 0x600, 1,
	ELSE, 0x600, 2,
	ENDIF,
	0x700, 7,
};

/* RF-style: no RFE-"any" case. */
static const uint32_t no_any[] = {
	0xF1FFFF01u, 0,
	0xF1FFFF15u, 1,
	0x100, 1,
	IF(0x01FFFF01u), CHK, 0x200, 1,
	ELIF(0x01FFFF15u), CHK, 0x200, 2,
	ENDIF,
};

/* No head: conditions are compared with 0. */
static const uint32_t no_head[] = {
	0x100, 1,
	IF(0x01FFFF15u), CHK, 0x200, 1,
	ENDIF,
	IF(0), CHK, 0x300, 3,
	ENDIF,
};

static const uint32_t all_head[] = {
	0xF0FFFFFFu, 0,
	0xF1FFFF15u, 1,
};

struct rec {
	uint32_t val[0x10];   /* by addr >> 8; 0 = not written */
	unsigned n;
	int fail_after;
};

static int record(void *ctx, uint32_t addr, uint32_t data)
{
	struct rec *r = ctx;
	if (r->fail_after >= 0 && (int)r->n == r->fail_after)
		return DVR_E_IO;
	r->val[(addr >> 8) & 0xF] = data;
	r->n++;
	return DVR_OK;
}

static struct rec walk(const uint32_t *t, size_t n, uint8_t cut, uint8_t rfe,
                       struct dvr_phy_walk_info *info)
{
	struct dvr_phy_cond c = { .match = DVR_PHY_MATCH_HEADLINE, .cut = cut,
	                          .intf = DVR_PHY_INTF_USB, .board = rfe };
	struct rec r = { .fail_after = -1 };
	int st = dvr_phy_table_walk_info(t, n, &c, record, &r, info);
	CHECK(st == DVR_OK && info->applied == r.n, "walk ok, applied counted");
	return r;
}

#define N(t) (sizeof(t) / sizeof((t)[0]))

int main(void)
{
	struct dvr_phy_walk_info info;
	struct rec r;

	/* 1: exact cut and RFE. Every chain resolves: the whole table. */
	r = walk(table, N(table), 1, 21, &info);
	CHECK_EQ_HEX(info.target, 0x01FFFF15, "cut 1 RFE 21: exact case");
	CHECK_EQ_INT(info.head_words, 14, "head of 7 cases");
	CHECK_EQ_HEX(r.val[2], 0x15, "cut 1 RFE 21: its branch");
	CHECK_EQ_INT(r.val[4], 0, "cut 1 RFE 21: another RFE's IF skipped");
	CHECK_EQ_INT(r.val[6], 1, "cut 1 RFE 21: ELSE body not written");
	CHECK_EQ_INT(r.val[7], 7, "cut 1 RFE 21: table to its end");
	CHECK_EQ_INT(r.n, 6, "cut 1 RFE 21: six writes");
	CHECK(info.end == DVR_PHY_WALK_DONE, "cut 1 RFE 21: walk done");

	/* 3: no exact case, no cut "any": the RFE's highest cut (2). The
	 * 0x600 chain has no branch for it and an ELSE: the table stops. */
	r = walk(table, N(table), 0, 21, &info);
	CHECK_EQ_HEX(info.target, 0x02FFFF15, "cut 0 RFE 21: highest cut 2");
	CHECK_EQ_HEX(r.val[2], 0x25, "cut 0 RFE 21: cut-2 branch");
	CHECK_EQ_INT(r.val[5], 5, "cut 0 RFE 21: rows before the ELSE");
	CHECK(r.val[6] == 0 && r.val[7] == 0,
	      "cut 0 RFE 21: nothing from the unmatched ELSE on");
	CHECK(info.end == DVR_PHY_WALK_ELSE_STOP, "cut 0 RFE 21: ELSE stop");
	CHECK_EQ_HEX(table[info.stop_word], 0xA0000000, "stop at that ELSE");
	CHECK_EQ_INT(r.n, 4, "cut 0 RFE 21: four writes");
	r = walk(table, N(table), 2, 21, &info);
	CHECK_EQ_HEX(info.target, 0x02FFFF15, "cut 2 RFE 21: exact case");

	/* 2: the RFE with cut "any" beats a highest cut. */
	r = walk(table, N(table), 5, 22, &info);
	CHECK_EQ_HEX(info.target, 0x0FFFFF16, "cut 5 RFE 22: cut any");
	CHECK(r.val[2] == 0x16 && r.val[4] == 0x16, "RFE 22 branches");

	/* 3, tie: two cut-3 cases of RFE 23; the later one, and the body
	 * compares all 28 bits, [23:8] included. */
	r = walk(table, N(table), 0, 23, &info);
	CHECK_EQ_HEX(info.target, 0x03FFAA17, "cut 0 RFE 23: later cut-3 case");
	CHECK_EQ_HEX(r.val[2], 0x3A, "cut 0 RFE 23: bits 23:8 compared");
	/* ... while choosing a case ignores them: exact match, first one */
	r = walk(table, N(table), 3, 23, &info);
	CHECK_EQ_HEX(info.target, 0x03FFFF17, "cut 3 RFE 23: first exact case");
	r = walk(table, N(table), 1, 23, &info);
	CHECK_EQ_HEX(r.val[2], 0x17, "cut 1 RFE 23: exact case");

	/* 4: an RFE the head does not name: RFE "any", highest cut. */
	r = walk(table, N(table), 2, 0, &info);
	CHECK_EQ_HEX(info.target, 0x00FFFFFF, "RFE 0: the RFE-any case");
	CHECK_EQ_HEX(r.val[2], 0xFF, "RFE 0: RFE-any branch");
	r = walk(table, N(table), 0, 0xFF, &info);
	CHECK_EQ_HEX(info.target, 0x00FFFFFF, "RFE 0xFF: the RFE-any case");

	/* 5: no case fits: nothing written at all, not even the common
	 * rows. */
	r = walk(no_any, N(no_any), 1, 0, &info);
	CHECK(info.end == DVR_PHY_WALK_NO_CASE && r.n == 0,
	      "no RFE-any case: RFE 0 loads nothing");
	r = walk(no_any, N(no_any), 0, 21, &info);
	CHECK(info.end == DVR_PHY_WALK_DONE && r.val[2] == 2,
	      "no RFE-any case: RFE 21 of another cut still loads");
	r = walk(all_head, N(all_head), 0, 0xFF, &info);
	CHECK(info.end == DVR_PHY_WALK_NO_CASE && r.n == 0,
	      "a table that is all head fits nothing");

	/* No head: every common row, branches compared with 0. */
	r = walk(no_head, N(no_head), 1, 21, &info);
	CHECK(info.head_words == 0 && info.target == 0, "no head: target 0");
	CHECK(r.val[1] == 1 && r.val[2] == 0 && r.val[3] == 3,
	      "no head: only the condition equal to 0");

	/* The selection alone. */
	size_t head;
	uint32_t target;
	CHECK(dvr_phy_headline_select(table, N(table), 1, 21, &head, &target) &&
	      head == 14 && target == 0x01FFFF15, "select: exact case");
	CHECK(!dvr_phy_headline_select(no_any, N(no_any), 1, 0, &head, &target),
	      "select: no case");

	/* Callback error stops the walk. */
	struct dvr_phy_cond c = { .match = DVR_PHY_MATCH_HEADLINE, .cut = 1,
	                          .board = 21 };
	struct rec e = { .fail_after = 2 };
	CHECK_EQ_INT(dvr_phy_table_walk_info(table, N(table), &c, record, &e,
	                                     &info),
	             DVR_E_IO, "callback error stops the walk");
	CHECK_EQ_INT(info.applied, 2, "applied count at the failure");
	size_t applied = 99;
	CHECK_EQ_INT(dvr_phy_table_walk(table, 3, &c, record, &e, &applied),
	             DVR_E_INVALID, "odd word count refused");
	CHECK_EQ_INT(applied, 0, "nothing applied on a refusal");

	/* A headline condition has no meaning outside its table. */
	CHECK(!dvr_phy_cond_check(&c, 0x81FFFF15u, 0),
	      "cond_check is false in HEADLINE mode");
	return check_done();
}
