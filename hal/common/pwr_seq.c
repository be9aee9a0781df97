/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "hal/common/pwr_seq.h"

#include <stddef.h>

static int pwr_status(const struct dvr_pwr_io *io)
{
	return io->status ? io->status(io->ctx) : DVR_OK;
}

static int pwr_poll(const struct dvr_pwr_cmd *row, const struct dvr_pwr_io *io,
                    unsigned tries, unsigned poll_us)
{
	uint8_t want = row->value & row->mask;

	for (unsigned i = 0; i < tries; i++) {
		uint8_t v = io->read8(io->ctx, row->offset);
		int st = pwr_status(io);

		if (st != DVR_OK)
			return st;
		if ((v & row->mask) == want)
			return DVR_OK;
		io->delay_us(io->ctx, poll_us);
	}
	return DVR_E_CHIP;
}

static int pwr_row(const struct dvr_pwr_cmd *row, const struct dvr_pwr_io *io,
                   unsigned tries, unsigned poll_us)
{
	switch (row->cmd) {
	case DVR_PWR_CMD_READ:
		return DVR_OK;
	case DVR_PWR_CMD_WRITE: {
		if (row->base == DVR_PWR_BASE_SDIO)
			return DVR_E_UNSUPPORTED;
		uint8_t v = io->read8(io->ctx, row->offset);
		v = (uint8_t)((v & ~row->mask) | (row->value & row->mask));
		io->write8(io->ctx, row->offset, v);
		return pwr_status(io);
	}
	case DVR_PWR_CMD_POLL:
		if (row->base == DVR_PWR_BASE_SDIO)
			return DVR_E_UNSUPPORTED;
		return pwr_poll(row, io, tries, poll_us);
	case DVR_PWR_CMD_DELAY:
		io->delay_us(io->ctx, row->value == DVR_PWR_DELAY_MS ?
		             (unsigned)row->offset * 1000u : row->offset);
		return DVR_OK;
	default:
		/* An unknown command means a corrupt table: refuse rather
		 * than guess. */
		return DVR_E_INVALID;
	}
}

int dvr_pwr_seq_run(const struct dvr_pwr_cmd *const *flow, uint8_t cut_mask,
                    uint8_t intf_mask, const struct dvr_pwr_io *io,
                    unsigned poll_tries, unsigned poll_us,
                    uint16_t *failed_row)
{
	if (!flow || !io || !io->read8 || !io->write8 || !io->delay_us)
		return DVR_E_INVALID;
	for (; *flow; flow++) {
		for (const struct dvr_pwr_cmd *row = *flow;
		     row->cmd != DVR_PWR_CMD_END; row++) {
			if (!(row->cut_mask & cut_mask) ||
			    !(row->intf_mask & intf_mask))
				continue;
			int st = pwr_row(row, io, poll_tries, poll_us);
			if (st != DVR_OK) {
				if (failed_row)
					*failed_row = row->offset;
				return st;
			}
		}
	}
	return DVR_OK;
}

static uint8_t dio_read8(void *ctx, uint16_t addr)
{
	return dvr_r8(ctx, addr);
}

static void dio_write8(void *ctx, uint16_t addr, uint8_t v)
{
	dvr_w8(ctx, addr, v);
}

static void dio_delay_us(void *ctx, unsigned us)
{
	(void)ctx;
	dvr_delay_us(us);
}

static int dio_status(void *ctx)
{
	return dvr_io_status(ctx);
}

void dvr_pwr_io_from_dvr_io(struct dvr_pwr_io *out, struct dvr_io *io)
{
	out->ctx = io;
	out->read8 = dio_read8;
	out->write8 = dio_write8;
	out->delay_us = dio_delay_us;
	out->status = dio_status;
}
