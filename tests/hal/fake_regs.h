/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A tiny fake bus for HAL tests: a 64 KiB register file behind the
 * transport ops, with optional hooks so a test can give a few registers
 * behaviour (self-clearing bits, ready flags). Every control transfer is
 * counted, so a test can prove that nothing was written.
 */
#ifndef DVR_TEST_FAKE_REGS_H
#define DVR_TEST_FAKE_REGS_H

#include <string.h>

#include "libdevourer/io/io.h"

struct fake_regs {
	struct dvr_transport t;   /* first: the transport points back here */
	uint8_t mem[0x10000];
	unsigned reads, writes;
	size_t max_write_len;
	void (*on_write)(struct fake_regs *f, uint16_t addr, const uint8_t *buf,
	                 uint16_t len, const uint8_t *old);
	void (*on_read)(struct fake_regs *f, uint16_t addr, uint16_t len);
	void *user;
};

static inline int fake_ctrl_in(struct dvr_transport *t, uint16_t addr,
                               uint16_t index, uint8_t *buf, uint16_t len,
                               unsigned timeout_ms)
{
	struct fake_regs *f = (struct fake_regs *)t;
	(void)index;
	(void)timeout_ms;
	f->reads++;
	if (f->on_read)
		f->on_read(f, addr, len);
	for (uint16_t i = 0; i < len; i++)
		buf[i] = f->mem[(uint16_t)(addr + i)];
	return len;
}

static inline int fake_ctrl_out(struct dvr_transport *t, uint16_t addr,
                                uint16_t index, const uint8_t *buf,
                                uint16_t len, unsigned timeout_ms)
{
	struct fake_regs *f = (struct fake_regs *)t;
	uint8_t old[DVR_USB_CTRL_MAX];
	(void)index;
	(void)timeout_ms;
	f->writes++;
	if (len > f->max_write_len)
		f->max_write_len = len;
	for (uint16_t i = 0; i < len; i++) {
		if (i < sizeof old)
			old[i] = f->mem[(uint16_t)(addr + i)];
		f->mem[(uint16_t)(addr + i)] = buf[i];
	}
	if (f->on_write)
		f->on_write(f, addr, buf, len, old);
	return len;
}

static const struct dvr_transport_ops fake_ops = {
	.name = "fake",
	.ctrl_in = fake_ctrl_in,
	.ctrl_out = fake_ctrl_out,
};

static inline void fake_init(struct fake_regs *f, struct dvr_io *io)
{
	memset(f, 0, sizeof *f);
	f->t.ops = &fake_ops;
	f->t.info.n_out = 2;
	dvr_io_init(io, &f->t);
}

static inline uint32_t fake_r32(const struct fake_regs *f, uint16_t a)
{
	return (uint32_t)f->mem[a] | (uint32_t)f->mem[a + 1] << 8 |
	       (uint32_t)f->mem[a + 2] << 16 | (uint32_t)f->mem[a + 3] << 24;
}

/* True when [addr, addr+len) covers register byte r. */
static inline int fake_hits(uint16_t addr, uint16_t len, uint16_t r)
{
	return r >= addr && r < addr + len;
}

#endif /* DVR_TEST_FAKE_REGS_H */
