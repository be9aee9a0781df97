/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Condition-table walker: which rows are applied for several boards,
 * interfaces, cuts and packages, on a hand-built table (distinct values per
 * branch) and on the real 8812A MAC/BB tables.
 */
#include "../check.h"
#include "hal/common/phy_table.h"
#include <devourer/devourer.h>
#include "hal/rtl8812a/rtl8812a_tables.h"

#define IF(c1) 0x80000000u | (c1)
#define ELIF(c1) 0x90000000u | (c1)
#define CHK 0x40000000u, 0
#define ELSE 0xA0000000u, 0
#define ENDIF 0xB0000000u, 0

static const uint32_t table[] = {
	0x100, 1,
	IF(0x08), 0x00000000, CHK, 0x200, 0xA0,   /* ext PA 5G, APA type 0 */
	ELIF(0x08), 0x05000000, CHK, 0x200, 0xA5, /* ext PA 5G, APA type 5 */
	ELIF(0x200), 0, CHK, 0x200, 0xB0,         /* USB, any board */
	ELSE, 0x200, 0xE0,
	ENDIF,
	0x300, 3,
	IF(0x10), 0, CHK, 0x400, 1,               /* BT only */
	ELSE, 0x400, 2,
	ENDIF,
	IF(0x02000000), 0, CHK, 0x500, 1,         /* C-cut */
	ENDIF,
	IF(0x1000), 0, CHK, 0x600, 1,             /* package 1 */
	ELSE, 0x600, 2,
	ENDIF,
	IF(0x01), 0x00000005, CHK, 0x700, 5,      /* ext LNA 2G, GLNA 5 */
	ELIF(0x03), 0x00000000, CHK, 0x700, 3,    /* ext LNA+PA 2G */
	ENDIF,
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

static struct rec walk(const struct dvr_phy_cond *c)
{
	struct rec r = { .fail_after = -1 };
	size_t applied = 0;
	int st = dvr_phy_table_walk(table, sizeof table / 4, c, record, &r,
	                            &applied);
	CHECK(st == DVR_OK && applied == r.n, "walk ok, applied counted");
	return r;
}

struct last {
	uint32_t addr, data;
	unsigned n;
	uint32_t c68;
	uint32_t r011;
};

static int record_real(void *ctx, uint32_t addr, uint32_t data)
{
	struct last *l = ctx;
	l->n++;
	if (addr == 0xC68)
		l->c68 = data;
	if (addr == 0x011)
		l->r011 = data;
	return DVR_OK;
}

int main(void)
{
	struct dvr_phy_cond usb = { .match = DVR_PHY_MATCH_JAGUAR1, .cut = 1,
	                            .intf = DVR_PHY_INTF_USB, .platform = 4 };
	struct dvr_phy_cond c;
	struct rec r;

	r = walk(&usb);
	CHECK_EQ_INT(r.val[1], 1, "plain row before IF applied");
	CHECK_EQ_HEX(r.val[2], 0xB0, "internal board on USB: USB ELSE-IF");
	CHECK_EQ_INT(r.val[3], 3, "plain row after END-IF applied");
	CHECK_EQ_INT(r.val[4], 2, "no BT: ELSE");
	CHECK_EQ_INT(r.val[5], 0, "B-cut: C-cut row skipped");
	CHECK_EQ_INT(r.val[6], 2, "package unknown (15): ELSE");
	CHECK_EQ_INT(r.val[7], 0, "no ext LNA 2G: nothing");
	CHECK_EQ_INT(r.n, 5, "rows applied, internal USB");

	c = usb;
	c.board = DVR_PHY_BOARD_EXT_PA_5G;
	c.type_apa = 5;
	r = walk(&c);
	CHECK_EQ_HEX(r.val[2], 0xA5, "ext PA 5G type 5: second branch");
	c.type_apa = 0;
	r = walk(&c);
	CHECK_EQ_HEX(r.val[2], 0xA0, "ext PA 5G type 0: first branch");
	c.type_apa = 3;
	r = walk(&c);
	CHECK_EQ_HEX(r.val[2], 0xB0, "ext PA 5G type 3: falls to USB branch");

	c = usb;
	c.intf = DVR_PHY_INTF_PCIE;
	r = walk(&c);
	CHECK_EQ_HEX(r.val[2], 0xE0, "PCIe internal: ELSE");

	c = usb;
	c.board = DVR_PHY_BOARD_BT;
	r = walk(&c);
	CHECK_EQ_INT(r.val[4], 1, "BT board: BT row (vendor rule)");

	c = usb;
	c.cut = 2;
	r = walk(&c);
	CHECK_EQ_INT(r.val[5], 1, "C-cut row on C-cut");
	c.cut = 0;
	r = walk(&c);
	CHECK_EQ_INT(r.val[5], 0, "A-cut (mapped to 15) does not match cut 2");

	c = usb;
	c.package = 1;
	r = walk(&c);
	CHECK_EQ_INT(r.val[6], 1, "package 1 row");

	c = usb;
	c.board = DVR_PHY_BOARD_EXT_LNA_2G;
	c.type_glna = 5;
	r = walk(&c);
	CHECK_EQ_INT(r.val[7], 5, "ext LNA 2G GLNA 5");
	c.board = DVR_PHY_BOARD_EXT_LNA_2G | DVR_PHY_BOARD_EXT_PA_2G;
	c.type_glna = 0;
	r = walk(&c);
	CHECK_EQ_INT(r.val[7], 3, "ext LNA+PA 2G: ELSE-IF needs both bits");
	c.board = DVR_PHY_BOARD_EXT_PA_2G;
	r = walk(&c);
	CHECK_EQ_INT(r.val[7], 0, "ext PA 2G alone: neither branch");

	/* RFE-equality rule (8814A / Jaguar2): board byte is a type number */
	c = (struct dvr_phy_cond){ .match = DVR_PHY_MATCH_RFE_EQUAL,
	                           .intf = DVR_PHY_INTF_USB, .board = 0x10 };
	CHECK(dvr_phy_cond_check(&c, 0x80000010u, 0), "RFE 16 == 16");
	CHECK(!dvr_phy_cond_check(&c, 0x80000011u, 0), "RFE 17 != 16");
	CHECK(!dvr_phy_cond_check(&c, 0x80000110u, 0), "RFE 16 on PCIe row");
	c.board = 0;
	CHECK(dvr_phy_cond_check(&c, 0x80000000u, 0xFFFFFFFFu),
	      "RFE 0 == 0, second word ignored");

	/* Errors */
	struct rec e = { .fail_after = 2 };
	size_t applied = 99;
	CHECK_EQ_INT(dvr_phy_table_walk(table, sizeof table / 4, &usb, record,
	                                &e, &applied), DVR_E_IO,
	             "callback error stops the walk");
	CHECK_EQ_INT(applied, 2, "applied count at the failure");
	CHECK_EQ_INT(dvr_phy_table_walk(table, 3, &usb, record, &e, NULL),
	             DVR_E_INVALID, "odd word count refused");

	/* Real 8812A tables */
	struct last l = { 0 };
	dvr_phy_table_walk(rtl8812a_mac, rtl8812a_mac_len, &usb, record_real,
	                   &l, NULL);
	CHECK_EQ_HEX(l.r011, 0x66, "8812A MAC table: USB writes 0x011 = 0x66");
	CHECK_EQ_INT(l.n, 108 - 1, "8812A MAC table: 107 rows on USB");
	c = usb;
	c.intf = DVR_PHY_INTF_PCIE;
	l = (struct last){ 0 };
	dvr_phy_table_walk(rtl8812a_mac, rtl8812a_mac_len, &c, record_real, &l,
	                   NULL);
	CHECK_EQ_HEX(l.r011, 0x5A, "8812A MAC table: ELSE writes 0x5A");
	l = (struct last){ 0 };
	dvr_phy_table_walk(rtl8812a_bb, rtl8812a_bb_len, &usb, record_real, &l,
	                   NULL);
	CHECK_EQ_HEX(l.c68, 0x59799979, "8812A BB: internal board ELSE value");
	c = usb;
	c.board = DVR_PHY_BOARD_EXT_PA_5G;
	c.type_apa = 5;
	l = (struct last){ 0 };
	dvr_phy_table_walk(rtl8812a_bb, rtl8812a_bb_len, &c, record_real, &l,
	                   NULL);
	CHECK_EQ_HEX(l.c68, 0x59791979, "8812A BB: ext PA 5G type 5 value");
	return check_done();
}
