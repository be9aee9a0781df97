/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Register access for the HAL, on top of a transport.
 *
 * Errors are sticky: the first failed transfer is kept in io->status and
 * every later access returns at once (reads yield all-ones) until
 * dvr_io_clear_error(). Chip code can therefore write straight-line
 * sequences and check dvr_io_status() at the end of a step; a vanished
 * device costs one timeout, not thousands.
 *
 * Every control transfer, and every bulk transfer that passes through
 * dvr_io_trace_bulk(), can be written to a trace file, one line each:
 *   R|W 0xADDR LEN 0xVALUE   for 1, 2 and 4 bytes (VALUE little-endian,
 *                            as many hex digits as the length has)
 *   R|W 0xADDR LEN BYTES     for other lengths (the bytes in bus order,
 *                            two hex digits each, no prefix)
 *   TX|RX 0xEP LEN           a bulk transfer: TX when it is sent, RX when
 *                            a transfer of LEN bytes is posted (submitted)
 */
#ifndef DVR_IO_H
#define DVR_IO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "libdevourer/bus/transport.h"

struct dvr_io {
	struct dvr_transport *t;
	int status;            /* first error, or DVR_OK */
	unsigned timeout_ms;   /* per control transfer */
	FILE *trace;           /* NULL: no trace */
	/* Counters: control transfers and their data bytes, for per-stage
	 * init accounting (bench/), and transfers sent again after a
	 * timeout. */
	uint64_t ctrl_reads, ctrl_writes;
	uint64_t ctrl_bytes;
	uint64_t ctrl_retries;
	/* The transfer that made status sticky: 'R' or 'W' (0: none, or
	 * a bulk OUT), its register, length and how often it was tried. */
	char fail_dir;
	uint16_t fail_addr;
	uint16_t fail_len;
	unsigned fail_tries;
};

/* A control transfer that times out is sent again, at most this many
 * more times, before the failure sticks. */
#define DVR_IO_TIMEOUT_RETRIES 2

void dvr_io_init(struct dvr_io *io, struct dvr_transport *t);
/* Open (truncate) a trace file; DVR_E_IO if it cannot be created. */
int dvr_io_trace_open(struct dvr_io *io, const char *path);
void dvr_io_trace_close(struct dvr_io *io);
void dvr_io_trace_bulk(struct dvr_io *io, bool in, uint8_t ep, size_t len);

static inline int dvr_io_status(const struct dvr_io *io) { return io->status; }
static inline void dvr_io_clear_error(struct dvr_io *io)
{
	io->status = DVR_OK;
	io->fail_dir = 0;
}

/* The failed transfer in words ("control read of 0x1a98 (4 bytes) timed
 * out, 3 tries") into @p buf; an empty string when no control transfer
 * failed. Returns @p buf. */
const char *dvr_io_failure(const struct dvr_io *io, char *buf, size_t len);

uint8_t dvr_r8(struct dvr_io *io, uint16_t addr);
uint16_t dvr_r16(struct dvr_io *io, uint16_t addr);
uint32_t dvr_r32(struct dvr_io *io, uint16_t addr);
void dvr_w8(struct dvr_io *io, uint16_t addr, uint8_t v);
void dvr_w16(struct dvr_io *io, uint16_t addr, uint16_t v);
void dvr_w32(struct dvr_io *io, uint16_t addr, uint32_t v);

/* Read-modify-write of the field selected by mask: the value is shifted
 * to the mask's lowest set bit, as rtw88 hci.h rtw_write32_mask and the
 * vendor's PHY_SetBBReg do. */
void dvr_w8_mask(struct dvr_io *io, uint16_t addr, uint8_t mask, uint8_t v);
void dvr_w16_mask(struct dvr_io *io, uint16_t addr, uint16_t mask, uint16_t v);
void dvr_w32_mask(struct dvr_io *io, uint16_t addr, uint32_t mask, uint32_t v);
uint32_t dvr_r32_mask(struct dvr_io *io, uint16_t addr, uint32_t mask);
static inline void dvr_set8(struct dvr_io *io, uint16_t a, uint8_t bits)
{ dvr_w8(io, a, (uint8_t)(dvr_r8(io, a) | bits)); }
static inline void dvr_clr8(struct dvr_io *io, uint16_t a, uint8_t bits)
{ dvr_w8(io, a, (uint8_t)(dvr_r8(io, a) & ~bits)); }
static inline void dvr_set32(struct dvr_io *io, uint16_t a, uint32_t bits)
{ dvr_w32(io, a, dvr_r32(io, a) | bits); }
static inline void dvr_clr32(struct dvr_io *io, uint16_t a, uint32_t bits)
{ dvr_w32(io, a, dvr_r32(io, a) & ~bits); }

/* Write @p to at addr when it differs from @p from, what the register
 * holds: a hop from one channel's cached state to another's writes only
 * what the two channels do not share. */
static inline void dvr_w32_if_changed(struct dvr_io *io, uint16_t addr,
                                      uint32_t from, uint32_t to)
{
	if (from != to)
		dvr_w32(io, addr, to);
}

/* Write len bytes starting at addr in requests of at most `chunk` bytes
 * (chunk <= DVR_USB_CTRL_MAX). */
void dvr_write_block(struct dvr_io *io, uint16_t addr, const uint8_t *buf,
                     size_t len, size_t chunk);

/* Poll until (reg & mask) == (value & mask), waiting poll_us between reads,
 * at most tries reads. Returns DVR_OK, the io error, or DVR_E_CHIP. */
int dvr_poll8(struct dvr_io *io, uint16_t addr, uint8_t mask, uint8_t value,
              unsigned tries, unsigned poll_us);
int dvr_poll32(struct dvr_io *io, uint16_t addr, uint32_t mask,
               uint32_t value, unsigned tries, unsigned poll_us);

/* Blocking bulk OUT for chips that download firmware through the TX FIFO;
 * traced. Returns bytes or an error (also made sticky). */
int dvr_io_bulk_out_sync(struct dvr_io *io, unsigned out_idx,
                         const uint8_t *buf, size_t len, unsigned timeout_ms);

void dvr_delay_us(unsigned us);
void dvr_delay_ms(unsigned ms);
/* Microseconds the calling thread has waited in dvr_delay_us/_ms since it
 * started: the chip's mandated settle times inside an operation, which a
 * real bus adds to its transfers. */
uint64_t dvr_delay_total_us(void);

/* ---- Register shadow (reg_shadow.c) ---- */
/*
 * The last value the driver wrote to each of a set of 32-bit registers,
 * so a write that would not change a register can be left out. A channel
 * hop rewrites what differs between two channels (the per-rate TX power
 * fan-out, the stored calibration results): where the two channels share
 * a value the chip already holds it, and every control transfer saved is
 * at least one USB 2.0 microframe (125 us). Writes stay 32-bit, as every
 * reference driver makes them to the baseband.
 *
 * Only registers the hardware itself never changes belong here (the
 * chip's own logic or firmware writing one would make the shadow lie),
 * and only writes made through the shadow are known to it: code that
 * writes such a register directly must forget it (dvr_reg_shadow_forget).
 * The core empties the shadow whenever the chip loses its registers (power
 * on and off).
 */
/* Open addressing on the register address; the largest user is the
 * 8814A's fan-out, about 30 registers on each of 4 paths. */
#define DVR_REG_SHADOW_SLOTS 512u

struct dvr_reg_shadow {
	uint32_t key[DVR_REG_SHADOW_SLOTS];  /* address + 1; 0: empty */
	uint32_t val[DVR_REG_SHADOW_SLOTS];
	/* writes made and writes left out, for the benches and tests */
	uint64_t written, skipped;
};

void dvr_reg_shadow_reset(struct dvr_reg_shadow *s);

/* Write v to the 32-bit register at addr unless the shadow knows it
 * already holds v. Returns true when a transfer was made. A full table
 * degrades to plain writes, never to a wrong skip. */
bool dvr_reg_shadow_w32(struct dvr_io *io, struct dvr_reg_shadow *s,
                        uint16_t addr, uint32_t v);

/* The field under mask set to v (shifted to the mask's lowest set bit,
 * as dvr_w32_mask): without a read when the register's value is known,
 * and without any transfer when the field already holds v. */
bool dvr_reg_shadow_w32_mask(struct dvr_io *io, struct dvr_reg_shadow *s,
                             uint16_t addr, uint32_t mask, uint32_t v);

/* addr was written behind the shadow's back: its value is unknown. */
void dvr_reg_shadow_forget(struct dvr_reg_shadow *s, uint16_t addr);

#endif /* DVR_IO_H */
