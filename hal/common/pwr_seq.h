/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Realtek power-sequence interpreter (card enable / disable / LPS flows).
 *
 * A flow is a NULL-terminated list of sub-sequences; each sub-sequence is an
 * array of rows ending with an END row. Every Realtek USB generation so far
 * (Jaguar1 8812A/8821A/8814A, Jaguar2/3) uses the same row format, so chips
 * share this one parser and only supply their rows (rtw88 main.h
 * struct rtw_pwr_seq_cmd, walked by mac.c rtw_sub_pwr_seq_parser).
 *
 * The parser does no I/O of its own: it calls through struct dvr_pwr_io, so
 * unit tests can run flows against a fake register file.
 */
#ifndef DVR_HAL_PWR_SEQ_H
#define DVR_HAL_PWR_SEQ_H

#include <stdint.h>

#include "libdevourer/io/io.h"

/* One row. Field order matches the generated tables. */
struct dvr_pwr_cmd {
	uint16_t offset;    /* register, or the delay amount for DELAY */
	uint8_t cut_mask;   /* BIT(cut + 1); test chip is bit 0 */
	uint8_t intf_mask;  /* DVR_PWR_INTF_* */
	uint8_t base;       /* DVR_PWR_BASE_* */
	uint8_t cmd;        /* DVR_PWR_CMD_* */
	uint8_t mask;
	uint8_t value;      /* DELAY: DVR_PWR_DELAY_US or _MS */
};

enum {
	DVR_PWR_CMD_READ = 0,   /* no-op */
	DVR_PWR_CMD_WRITE = 1,  /* byte = (byte & ~mask) | (value & mask) */
	DVR_PWR_CMD_POLL = 2,   /* until (byte & mask) == (value & mask) */
	DVR_PWR_CMD_DELAY = 3,  /* offset units of us/ms */
	DVR_PWR_CMD_END = 4,
};

enum {
	DVR_PWR_INTF_SDIO = 1u << 0,
	DVR_PWR_INTF_USB = 1u << 1,
	DVR_PWR_INTF_PCI = 1u << 2,
};

enum {
	DVR_PWR_BASE_MAC = 0,
	DVR_PWR_BASE_USB = 1,
	DVR_PWR_BASE_PCIE = 2,
	DVR_PWR_BASE_SDIO = 3,  /* SDIO local space: not reachable over USB */
};

enum { DVR_PWR_DELAY_US = 0, DVR_PWR_DELAY_MS = 1 };

/* Polling budget used by rtw88 (50 us x 20000 = 1 s): generous, because a
 * slow power-ready on a cold chip is not an error, but bounded. */
#define DVR_PWR_POLL_US 50u
#define DVR_PWR_POLL_TRIES 20000u

/* The register access the parser needs. status() returns the sticky bus
 * error (or DVR_OK) so a vanished device stops a poll at once. */
struct dvr_pwr_io {
	void *ctx;
	uint8_t (*read8)(void *ctx, uint16_t addr);
	void (*write8)(void *ctx, uint16_t addr, uint8_t v);
	void (*delay_us)(void *ctx, unsigned us);
	int (*status)(void *ctx);
};

/* Cut mask bit for a chip cut (0 = A-cut -> bit 1). */
static inline uint8_t dvr_pwr_cut_mask(unsigned cut)
{
	return (uint8_t)(cut >= 7 ? 0x80u : 1u << (cut + 1));
}

/*
 * Run every row of @p flow whose cut mask and interface mask include
 * @p cut_mask / @p intf_mask. Returns DVR_OK, the bus error, DVR_E_CHIP when
 * a POLL row never matched (*failed_row gets its register, may be NULL),
 * or DVR_E_UNSUPPORTED for a row this bus cannot execute.
 */
int dvr_pwr_seq_run(const struct dvr_pwr_cmd *const *flow, uint8_t cut_mask,
                    uint8_t intf_mask, const struct dvr_pwr_io *io,
                    unsigned poll_tries, unsigned poll_us,
                    uint16_t *failed_row);

/* A dvr_pwr_io that talks to the chip through io.h (ctx = struct dvr_io). */
void dvr_pwr_io_from_dvr_io(struct dvr_pwr_io *out, struct dvr_io *io);

#endif /* DVR_HAL_PWR_SEQ_H */
