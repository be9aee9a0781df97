/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The EFUSE of a 3081-CPU chip as its read port shows it: the logical map
 * a chip builds (personality_<chip>_efuse.c) stored in the physical array
 * in the Realtek block format, the protected tail of the array left to
 * the chip's own factory bytes, and the byte-read engine at
 * REG_EFUSE_CTRL (0x30) that the driver drives one physical address at a
 * time (rtw88 efuse.c rtw_dump_physical_efuse_map; no 0xCF grant on these
 * chips). Sizes are the chip's (struct p3081_chip). A chip whose port
 * is laid out otherwise (the 8822E's OTP) hooks its own in
 * (efuse_ctrl_written, efuse_catch_up) and fills the physical array
 * itself. Programming is not modelled.
 */
#include <string.h>

#include "libdevourer/virtual/personality_3081.h"
#include "libdevourer/virtual/personality_3081_regs.h"

/* Realtek physical format: per 8-byte logical block that holds any
 * programmed word, a header — one byte (block << 4 | word-enable) for
 * blocks below 16, else two bytes ((block & 7) << 5 | 0x0F, then
 * (block >> 3) << 4 | word-enable) — followed by the present words; a
 * clear word-enable bit marks a present word and 0xFF ends the map. The
 * protected tail of the array is never part of it. */
void p3081_efuse_encode(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	const struct p3081_chip *c = p3081_chip_of(vc);
	uint8_t *ph = s->efuse_phys;
	size_t o = 0, limit = c->efuse_phys - c->efuse_ptct;
	memset(ph, 0xFF, c->efuse_phys);
	for (unsigned blk = 0; blk < c->efuse_log / 8; blk++) {
		const uint8_t *b = &s->efuse_log[blk * 8];
		uint8_t wen = 0x0F;
		unsigned words = 0;
		for (unsigned w = 0; w < 4; w++)
			if (b[2 * w] != 0xFF || b[2 * w + 1] != 0xFF) {
				wen &= (uint8_t)~(1u << w);
				words++;
			}
		if (!words)
			continue;
		size_t need = (blk < 16 ? 1u : 2u) + 2u * words;
		if (o + need > limit)
			break; /* a chip's map fits with room to spare */
		if (blk < 16) {
			ph[o++] = (uint8_t)(blk << 4 | wen);
		} else {
			ph[o++] = (uint8_t)((blk & 7) << 5 | 0x0F);
			ph[o++] = (uint8_t)((blk >> 3) << 4 | wen);
		}
		for (unsigned w = 0; w < 4; w++)
			if (!(wen & (1u << w))) {
				ph[o++] = b[2 * w];
				ph[o++] = b[2 * w + 1];
			}
	}
}

/* A read command (bit 31 written 0) of physical address [17:8] takes
 * P3081_EFUSE_READ_NS; until then the flag reads clear. Write commands
 * (bit 31 = 1) burn nothing. */
void p3081_efuse_ctrl_written(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	if (p3081_chip_of(vc)->efuse_ctrl_written) {
		p3081_chip_of(vc)->efuse_ctrl_written(vc);
		return;
	}
	uint32_t w = vc_reg32(vc, P3081_EFUSE_CTRL);
	if (w & 0x80000000u) {
		s->efuse_busy = false;
		return;
	}
	s->efuse_busy = true;
	s->efuse_ready_ns = air_now_ns() + P3081_EFUSE_READ_NS;
}

/* The byte of the read in progress, once it is due: data in [7:0], bit
 * 31 set. The BT bank (0x34 [9:8] != 0) reads blank. */
void p3081_efuse_catch_up(struct vchip *vc, uint64_t now)
{
	struct p3081_state *s = p3081_of(vc);
	if (p3081_chip_of(vc)->efuse_catch_up) {
		p3081_chip_of(vc)->efuse_catch_up(vc, now);
		return;
	}
	if (!s->efuse_busy || now < s->efuse_ready_ns)
		return;
	s->efuse_busy = false;
	uint32_t w = vc_reg32(vc, P3081_EFUSE_CTRL);
	unsigned a = (w >> 8) & 0x3FF;
	uint8_t byte = 0xFF;
	if ((vc->regs[P3081_EFUSE_BANK + 1] & 0x03) == 0 &&
	    a < p3081_chip_of(vc)->efuse_phys)
		byte = s->efuse_phys[a];
	vc_put_le32(&vc->regs[P3081_EFUSE_CTRL],
	            (w & ~0xFFu) | byte | 0x80000000u);
}
