/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The fake register file (fake_regs.h) with the few behaviours the
 * RTL8822B's code relies on, written from the references' descriptions of
 * the chip (jaguar23 facts: power sequence polls, EFUSE port, LSSI, the
 * LTE-coex port, the firmware's IQK report): APFM bits that complete at
 * once, auto-LLT that finishes, the EFUSE read port over a physical map,
 * RF registers written through the LSSI ports 0xC90/0xE90 and read back
 * through the windows 0x2800/0x2C00, the LTE-coex indirect registers
 * behind 0x1700, and a firmware that answers the IQK H2C with 0xABCDE in
 * RF A 0x08 and its report in 0x1BF0. Every H2C packet is kept.
 */
#ifndef DVR_TEST_FAKE_8822B_H
#define DVR_TEST_FAKE_8822B_H

#include "../le_bytes.h"
#include "fake_regs.h"
#include "hal/rtl8822b/rtl8822b.h"

struct fake8822b {
	struct fake_regs fr;
	uint8_t efuse_phys[1024];
	bool efuse_ok, llt_ok, coex_ready, lssi, iqk_answers;
	uint32_t iqk_report;
	uint32_t lte[256];
	unsigned lssi_writes[2];
	unsigned bulk_count;
	uint8_t h2c[16][32];          /* the H2C packets sent, in order */
};

static struct fake8822b fk;

static inline int fk_bulk(struct dvr_transport *t, unsigned out_idx,
                          const uint8_t *buf, size_t len,
                          unsigned timeout_ms)
{
	(void)t;
	(void)timeout_ms;
	if (out_idx == 0 && len == 48 + 32 && buf[48] == 0x01 &&
	    buf[49] == 0xFF) {
		if (fk.bulk_count < 16)
			memcpy(fk.h2c[fk.bulk_count], buf + 48, 32);
		unsigned sub = buf[50] | buf[51] << 8;
		if (sub == 0x0E && fk.iqk_answers) {
			put32(fk.fr.mem + 0x2800 + 0x08 * 4, 0xABCDE);
			put32(fk.fr.mem + 0x1BF0, fk.iqk_report);
		}
	}
	fk.bulk_count++;
	return (int)len;
}

static inline void fk_on_write(struct fake_regs *f, uint16_t addr,
                               const uint8_t *b, uint16_t len,
                               const uint8_t *old)
{
	(void)b;
	(void)old;
	/* APFM_ONMAC / APFM_OFFMAC complete at once */
	if (fake_hits(addr, len, 0x05))
		f->mem[0x05] &= (uint8_t)~0x03;
	if (fake_hits(addr, len, 0x208) && fk.llt_ok)
		f->mem[0x208] &= (uint8_t)~0x01;
	/* EFUSE read: address [17:8], flag clear = read */
	if (fake_hits(addr, len, 0x33) && !(f->mem[0x33] & 0x80) &&
	    fk.efuse_ok) {
		unsigned a = (f->mem[0x31] | f->mem[0x32] << 8) & 0x3FF;
		f->mem[0x30] = fk.efuse_phys[a];
		f->mem[0x33] |= 0x80;
	}
	/* LSSI: ((addr << 20) | 20-bit data) lands in the RF register the
	 * window reads */
	for (unsigned p = 0; p < 2; p++) {
		uint16_t port = p ? 0x0E90 : 0x0C90;
		if (addr != port || len != 4)
			continue;
		fk.lssi_writes[p]++;
		if (!fk.lssi)
			continue;
		uint32_t w = fake_r32(f, port);
		uint16_t win = (uint16_t)((p ? 0x2C00 : 0x2800) +
		                          ((w >> 20) & 0xFF) * 4);
		put32(f->mem + win, w & 0xFFFFF);
	}
	/* LTE-coex indirect port */
	if (addr == 0x1700 && len == 4) {
		uint32_t cmd = fake_r32(f, 0x1700);
		uint8_t reg = (uint8_t)cmd;
		if ((cmd >> 16) == 0x800F)
			put32(f->mem + 0x1708, fk.lte[reg]);
		else if ((cmd >> 16) == 0xC00F)
			fk.lte[reg] = fake_r32(f, 0x1704);
	}
	if (fake_hits(addr, len, 0x1703) && fk.coex_ready)
		f->mem[0x1703] |= 0x20;
}

static const struct dvr_transport_ops fk_ops = {
	.name = "fake 8822b",
	.ctrl_in = fake_ctrl_in,
	.ctrl_out = fake_ctrl_out,
	.bulk_out_sync = fk_bulk,
};

/* A fresh fake chip behind @p io and a bare chip of @p info on it. */
static inline void fk_reset(struct dvr_io *io, struct dvr_chip *chip,
                            const struct dvr_chip_info *info,
                            unsigned n_out)
{
	memset(&fk, 0, sizeof fk);
	fake_init(&fk.fr, io);
	fk.fr.t.ops = &fk_ops;
	fk.fr.t.info.n_out = n_out;
	fk.fr.on_write = fk_on_write;
	fk.efuse_ok = fk.llt_ok = fk.lssi = true;
	fk.fr.mem[0x1703] = 0x20;
	fk.coex_ready = true;
	memset(fk.efuse_phys, 0xFF, sizeof fk.efuse_phys);
	*chip = (struct dvr_chip){ .info = info, .io = io, .n_out = n_out,
	                           .tx_power_asked = -1 };
}

/* One 2-byte word of the logical EFUSE at even @p addr, in the physical
 * map's 2-byte-header format (block = addr / 8, word enable cleared for
 * the word written), appended at *pos. */
static inline void fk_efuse_word(size_t *pos, unsigned addr, uint8_t lo,
                                 uint8_t hi)
{
	unsigned block = addr / 8, word = (addr % 8) / 2;
	uint8_t *p = &fk.efuse_phys[*pos];

	p[0] = (uint8_t)((block & 7) << 5 | 0x0F);
	p[1] = (uint8_t)((block >> 3) << 4 | (0x0F & ~(1u << word)));
	p[2] = lo;
	p[3] = hi;
	*pos += 4;
}

/* An RF register as the window reads it. */
static inline uint32_t fk_rf(unsigned path, uint8_t addr)
{
	return fake_r32(&fk.fr, (uint16_t)((path ? 0x2C00 : 0x2800) +
	                                    addr * 4)) & 0xFFFFF;
}

static inline void fk_set_rf(unsigned path, uint8_t addr, uint32_t v)
{
	put32(fk.fr.mem + (path ? 0x2C00 : 0x2800) + addr * 4, v);
}

static inline uint32_t fk_r32(uint16_t a)
{
	return fake_r32(&fk.fr, a);
}

static inline uint16_t fk_r16(uint16_t a)
{
	return (uint16_t)(fk.fr.mem[a] | fk.fr.mem[a + 1] << 8);
}

#endif /* DVR_TEST_FAKE_8822B_H */
