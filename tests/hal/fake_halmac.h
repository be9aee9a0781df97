/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a HalMAC chip's registers do that its ops wait on, for the chip
 * tests on tests/hal/fake_regs.h: the power-sequence's APFM requests
 * complete at once, auto-LLT finishes, the physical EFUSE answers through
 * the 0x30 port, and the LTE-coex port (0x1700 bit 29) is ready again
 * after each command. A test calls fake_halmac_write() from its on_write
 * hook and turns a behaviour off to prove its op's error path.
 */
#ifndef DVR_TEST_FAKE_HALMAC_H
#define DVR_TEST_FAKE_HALMAC_H

#include <stdbool.h>

#include "fake_regs.h"

struct fake_halmac {
	uint8_t efuse[1024];   /* physical EFUSE; 0xFF unprogrammed */
	bool efuse_ok;         /* false: a read never completes */
	bool llt_ok;           /* false: auto-LLT never finishes */
	bool coex_ready;       /* the coex port answers */
};

/* Every behaviour on, the EFUSE blank. */
static inline void fake_halmac_reset(struct fake_halmac *h)
{
	memset(h->efuse, 0xFF, sizeof h->efuse);
	h->efuse_ok = h->llt_ok = true;
	h->coex_ready = false;
}

/* The transport of a HalMAC chip test: the fake's control transfers and
 * the test's bulk OUT @p bulk (where H2C packets and reserved pages go).
 * static const struct dvr_transport_ops ops = FAKE_HALMAC_OPS(my_bulk); */
#define FAKE_HALMAC_OPS(bulk)                                                \
	{                                                                    \
		.name = "fake+bulk",                                         \
		.ctrl_in = fake_ctrl_in,                                     \
		.ctrl_out = fake_ctrl_out,                                   \
		.bulk_out_sync = (bulk),                                     \
	}

/* fake_init for a HalMAC chip test: @p ops (the fake's control transfers
 * plus the test's bulk OUT, where H2C packets and reserved pages go),
 * @p n_out bulk OUT endpoints, @p on_write as the register hook (it
 * calls fake_halmac_write), @p h reset. */
static inline void fake_halmac_init(struct fake_regs *f, struct dvr_io *io,
                                    const struct dvr_transport_ops *ops,
                                    unsigned n_out,
                                    void (*on_write)(struct fake_regs *,
                                                     uint16_t,
                                                     const uint8_t *,
                                                     uint16_t,
                                                     const uint8_t *),
                                    struct fake_halmac *h)
{
	fake_init(f, io);
	f->t.ops = ops;
	f->t.info.n_out = n_out;
	f->on_write = on_write;
	fake_halmac_reset(h);
}

static inline void fake_halmac_write(struct fake_regs *f,
                                     const struct fake_halmac *h,
                                     uint16_t addr, uint16_t len)
{
	/* APFM_ONMAC / APFM_OFFMAC (0x05 bits 0, 1) complete at once. */
	if (fake_hits(addr, len, 0x05))
		f->mem[0x05] &= (uint8_t)~0x03;
	if (fake_hits(addr, len, 0x208) && h->llt_ok)
		f->mem[0x208] &= (uint8_t)~0x01;
	/* EFUSE read request: address [17:8], flag clear; the chip sets
	 * the flag with the byte in [7:0]. */
	if (fake_hits(addr, len, 0x33) && !(f->mem[0x33] & 0x80) &&
	    h->efuse_ok) {
		unsigned a = (f->mem[0x31] | f->mem[0x32] << 8) & 0x3FF;
		f->mem[0x30] = a < sizeof h->efuse ? h->efuse[a] : 0xFF;
		f->mem[0x33] |= 0x80;
	}
	if (fake_hits(addr, len, 0x1703) && h->coex_ready)
		f->mem[0x1703] |= 0x20;
}

#endif /* DVR_TEST_FAKE_HALMAC_H */
