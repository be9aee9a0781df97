/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Queue layout programmed from chip data by the Jaguar1 family layer, on
 * a fake register file: the 8812A's own layout, and the 8821A's numbers
 * from rtw88 rtw8821a.c (256 pages of 256 bytes, 8 reserved, HQ/LQ/EQ
 * 8/8/4) to show that only data changes between chips. Expected register
 * values are worked out by hand from the field layout of REG_RQPN
 * (HPQ [7:0], LPQ [15:8], PUBQ [23:16], LD bit 31), REG_RQPN_NPQ (NPQ
 * [7:0], EPQ [23:16]) and REG_TXDMA_PQ_MAP (2 bits per queue from bit 4).
 */
#include "../check.h"
#include "fake_regs.h"
#include "hal/common/queue_layout.h"
#include "hal/jaguar1/jaguar1.h"

extern const struct dvr_chip_info rtl8812a_info;

static uint8_t llt[256];
static unsigned llt_writes;

static void on_write(struct fake_regs *f, uint16_t addr, const uint8_t *buf,
                     uint16_t len, const uint8_t *old)
{
	(void)buf;
	(void)old;
	if (addr == 0x1E0 && len == 4) {
		uint32_t v = fake_r32(f, 0x1E0);
		llt[(v >> 8) & 0xFF] = (uint8_t)v;
		llt_writes++;
		f->mem[0x1E3] &= 0x3F;          /* write done at once */
	}
}

static const struct dvr_queue_layout layout_8821a = {
	.page_size = 256,
	.tx_pages = 256,
	.rsvd_pages = 8,
	.rxff_size = 16128,
	.rx_report_size = 128,
	.rqpn = {
		[1] = DVR_RQPN(HIGH, HIGH, HIGH, HIGH, HIGH, HIGH),
		[2] = DVR_RQPN(HIGH, HIGH, NORMAL, NORMAL, HIGH, HIGH),
		[3] = DVR_RQPN(HIGH, NORMAL, LOW, LOW, HIGH, HIGH),
		[4] = DVR_RQPN(NORMAL, NORMAL, LOW, LOW, EXTRA, HIGH),
	},
	.pages = {
		[1] = { 8, 0, 0, 0, 1 },
		[2] = { 8, 0, 0, 0, 1 },
		[3] = { 8, 0, 8, 0, 1 },
		[4] = { 8, 0, 8, 4, 1 },
	},
};

static const struct jaguar1_data no_pbp = { .set_pbp = false };

int main(void)
{
	static struct fake_regs f;
	struct dvr_io io;
	struct dvr_chip_info info = {
		.name = "layout-test", .queues = &layout_8821a,
		.family_data = &no_pbp,
	};
	struct dvr_chip chip = { .info = &info, .io = &io };

	CHECK(dvr_queue_layout_valid(&layout_8821a), "8821A layout valid");
	CHECK(dvr_queue_layout_valid(rtl8812a_info.queues), "8812A layout valid");
	CHECK_EQ_INT(dvr_queue_boundary(&layout_8821a), 0xF8, "boundary 0xF8");
	CHECK_EQ_INT(dvr_queue_boundary(rtl8812a_info.queues), 0xF7,
	             "8812A boundary 0xF7");

	/* 8821A: public = 248 - dedicated - 1 gap = 239 / 231 / 227. */
	static const struct { unsigned n; uint32_t rqpn, npq; uint16_t map;
	                      unsigned ep; } want[] = {
		{ 2, 0x80EF0008u, 0x00000000u, 0xFAF0, 0 },
		{ 3, 0x80E70808u, 0x00000000u, 0xF5B0, 0 },
		{ 4, 0x80E30808u, 0x00040000u, 0xC5A0, 3 },
	};
	for (unsigned i = 0; i < 3; i++) {
		char what[80];
		fake_init(&f, &io);
		f.mem[0x10C] = 0x05;            /* RX-side bits to keep */
		f.mem[0x104] = 0x11;            /* reset value to keep */
		chip.n_out = want[i].n;
		jaguar1_init_queues(&chip);
		snprintf(what, sizeof what, "8821A RQPN %u EP", want[i].n);
		CHECK_EQ_HEX(fake_r32(&f, 0x200), want[i].rqpn, what);
		snprintf(what, sizeof what, "8821A RQPN_NPQ %u EP", want[i].n);
		CHECK_EQ_HEX(fake_r32(&f, 0x214), want[i].npq, what);
		snprintf(what, sizeof what, "8821A PQ map %u EP", want[i].n);
		CHECK_EQ_HEX(f.mem[0x10C] | f.mem[0x10D] << 8,
		             want[i].map | 0x05, what);
		snprintf(what, sizeof what, "8821A boundaries %u EP", want[i].n);
		CHECK(f.mem[0x424] == 0xF8 && f.mem[0x425] == 0xF8 &&
		      f.mem[0x45D] == 0xF8 && f.mem[0x114] == 0xF8 &&
		      f.mem[0x209] == 0xF8, what);
		snprintf(what, sizeof what, "MGMT endpoint %u EP", want[i].n);
		CHECK_EQ_INT(jaguar1_tx_out_index(&chip, want[i].n), want[i].ep,
		             what);
	}
	CHECK_EQ_HEX(f.mem[0x5A7], 0xFF, "4 EP: HI queue without limit");
	CHECK_EQ_HEX(f.mem[0x116] | f.mem[0x117] << 8, 0x3E7F,
	             "RX FIFO boundary 16128 - 128 - 1");
	CHECK_EQ_HEX(f.mem[0x104], 0x11, "PBP left alone without set_pbp");
	CHECK_EQ_INT(jaguar1_tx_out_index(&chip, 1), 0, "1 EP: endpoint 0");
	CHECK_EQ_INT(jaguar1_tx_out_index(&chip, 9), 3, "9 EP: as 4");

	/* LLT from the same data: chain to 0xF7, end, ring 0xF8..0xFF. */
	fake_init(&f, &io);
	f.on_write = on_write;
	memset(llt, 0, sizeof llt);
	llt_writes = 0;
	CHECK_EQ_INT(jaguar1_llt_init(&chip), DVR_OK, "LLT 8821A layout");
	CHECK_EQ_INT(llt_writes, 256, "one write per page");
	bool chain = true;
	for (unsigned i = 0; i < 0xF7; i++)
		chain = chain && llt[i] == i + 1;
	CHECK(chain, "pages 0..0xF6 chained");
	CHECK_EQ_HEX(llt[0xF7], 0xFF, "last shared page ends the list");
	CHECK(llt[0xF8] == 0xF9 && llt[0xFE] == 0xFF, "reserved pages chained");
	CHECK_EQ_HEX(llt[0xFF], 0xF8, "ring back to the boundary");

	/* An LLT write that never completes is reported, not ignored. */
	fake_init(&f, &io);
	/* No hook: the op bits [31:30] stay busy after the write. */
	chip.error[0] = '\0';
	CHECK_EQ_INT(jaguar1_llt_init(&chip), DVR_E_CHIP, "stuck LLT fails");
	CHECK(strstr(chip.error, "LLT") != NULL, "stuck LLT explained");

	/* Layouts that cannot work are refused by the checker. */
	struct dvr_queue_layout bad = layout_8821a;
	bad.pages[4].lpq = 250;
	CHECK(!dvr_queue_layout_valid(&bad), "more dedicated pages than FIFO");
	bad = layout_8821a;
	bad.rsvd_pages = 256;
	CHECK(!dvr_queue_layout_valid(&bad), "everything reserved");
	bad = layout_8821a;
	bad.rqpn[2].mgt = 4;
	CHECK(!dvr_queue_layout_valid(&bad), "DMA code 4 does not exist");
	bad = layout_8821a;
	bad.tx_pages = 512;
	info.queues = &bad;
	CHECK_EQ_INT(jaguar1_llt_init(&chip), DVR_E_INVALID,
	             "512 pages do not fit the 8-bit LLT");
	return check_done();
}
