/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* EFUSE physical -> logical decoding on hand-built maps (rtw88 efuse.c
 * rtw_dump_logical_efuse_map). */
#include "../check.h"
#include "hal/common/efuse.h"
#include <devourer/devourer.h>

struct phys {
	uint8_t b[512];
	unsigned reads;
	int fail_at;
};

static int rd(void *ctx, unsigned addr, uint8_t *out)
{
	struct phys *p = ctx;
	p->reads++;
	if (p->fail_at >= 0 && addr == (unsigned)p->fail_at)
		return DVR_E_IO;
	*out = p->b[addr];
	return DVR_OK;
}

int main(void)
{
	struct phys p;
	uint8_t log[512];
	size_t used;

	memset(&p, 0xFF, sizeof p.b);
	p.fail_at = -1;
	/* 1-byte header: block 1, words 0 and 2 present (enable bits clear)
	 * -> logical 0x08..0x09 and 0x0C..0x0D */
	p.b[0] = 0x1A;
	p.b[1] = 0x11; p.b[2] = 0x22; p.b[3] = 0x33; p.b[4] = 0x44;
	/* 2-byte header for block 0x1A (logical 0xD0): h1 low 5 bits 0x0F,
	 * block = ((h2 & 0xF0) >> 1) | (h1 >> 5) = (0x30>>1)|2 = 0x1A;
	 * word 3 present -> logical 0xD6..0xD7 */
	p.b[5] = 0x4F;
	p.b[6] = 0x37;
	p.b[7] = 0xAB; p.b[8] = 0xCD;
	p.b[9] = 0xFF;
	CHECK_EQ_INT(dvr_efuse_decode(rd, &p, 512, log, sizeof log, &used),
	             DVR_OK, "decode ok");
	CHECK_EQ_INT(used, 9, "stops at the end marker");
	CHECK_EQ_HEX(log[0x08], 0x11, "block 1 word 0 lo");
	CHECK_EQ_HEX(log[0x09], 0x22, "block 1 word 0 hi");
	CHECK_EQ_HEX(log[0x0A], 0xFF, "block 1 word 1 absent");
	CHECK_EQ_HEX(log[0x0C], 0x33, "block 1 word 2 lo");
	CHECK_EQ_HEX(log[0x0D], 0x44, "block 1 word 2 hi");
	CHECK_EQ_HEX(log[0xD6], 0xAB, "extended header word 3 lo");
	CHECK_EQ_HEX(log[0xD7], 0xCD, "extended header word 3 hi");
	CHECK_EQ_HEX(log[0x00], 0xFF, "unwritten logical byte is 0xFF");

	/* blank EFUSE */
	memset(p.b, 0xFF, sizeof p.b);
	p.reads = 0;
	CHECK_EQ_INT(dvr_efuse_decode(rd, &p, 512, log, sizeof log, &used),
	             DVR_OK, "blank ok");
	CHECK(used == 0 && p.reads == 1, "blank: one read");

	/* a map that runs off the end is cut, not overrun */
	memset(p.b, 0xFF, sizeof p.b);
	p.b[510] = 0x00;   /* block 0, all four words: needs 8 more bytes */
	p.b[511] = 0x12;
	CHECK_EQ_INT(dvr_efuse_decode(rd, &p, 512, log, sizeof log, &used),
	             DVR_OK, "truncated map ok");
	CHECK(used <= 512, "never reads past the physical size");

	/* a block beyond the logical map is skipped */
	memset(p.b, 0xFF, sizeof p.b);
	p.b[0] = 0xEF;  /* extended: h1 >> 5 = 7 */
	p.b[1] = 0xF0;  /* (0xF0 >> 1) | 7 = 0x7F -> logical 0x3F8 */
	p.b[2] = 1; p.b[3] = 2; p.b[4] = 3; p.b[5] = 4;
	p.b[6] = 5; p.b[7] = 6; p.b[8] = 7; p.b[9] = 8;
	CHECK_EQ_INT(dvr_efuse_decode(rd, &p, 512, log, 256, &used), DVR_OK,
	             "out-of-map block ok");
	CHECK_EQ_INT(used, 10, "out-of-map block consumed");

	/* read error propagates */
	p.fail_at = 3;
	CHECK_EQ_INT(dvr_efuse_decode(rd, &p, 512, log, sizeof log, &used),
	             DVR_E_IO, "read error");
	return check_done();
}
