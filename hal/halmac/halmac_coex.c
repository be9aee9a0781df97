/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The LTE-coex block's indirect registers on the HalMAC chips (rtw88
 * util.c ltecoex_read_reg, ltecoex_reg_write; coex.c
 * rtw_coex_write_indirect_reg): the port at 0x1700 takes one command
 * once its ready bit (29) is up, data through 0x1704 / 0x1708. The GNT_BT
 * and GNT_WL fields that decide who owns the antenna live behind it
 * (register 0x38), so every chip's coex set-up goes through here.
 */
#include "hal/halmac/halmac.h"

#define REG_LTECOEX_CTRL 0x1700
#define REG_LTECOEX_WDATA 0x1704
#define REG_LTECOEX_RDATA 0x1708
#define LTECOEX_READY 0x20000000u
#define LTECOEX_READ 0x800F0000u
#define LTECOEX_WRITE 0xC00F0000u
#define LTECOEX_TRIES 1000u
#define LTECOEX_POLL_US 10u

static int ready(struct dvr_io *io)
{
	return dvr_poll32(io, REG_LTECOEX_CTRL, LTECOEX_READY, LTECOEX_READY,
	                  LTECOEX_TRIES, LTECOEX_POLL_US);
}

int halmac_ltecoex_read(struct dvr_chip *chip, uint16_t reg, uint32_t *v)
{
	struct dvr_io *io = chip->io;
	int st = ready(io);

	if (st != DVR_OK)
		return st;
	dvr_w32(io, REG_LTECOEX_CTRL, LTECOEX_READ | reg);
	*v = dvr_r32(io, REG_LTECOEX_RDATA);
	return dvr_io_status(io);
}

int halmac_ltecoex_write(struct dvr_chip *chip, uint16_t reg, uint32_t v)
{
	struct dvr_io *io = chip->io;
	int st = ready(io);

	if (st != DVR_OK)
		return st;
	dvr_w32(io, REG_LTECOEX_WDATA, v);
	dvr_w32(io, REG_LTECOEX_CTRL, LTECOEX_WRITE | reg);
	return dvr_io_status(io);
}

int halmac_ltecoex_update(struct dvr_chip *chip, uint16_t reg, uint32_t mask,
                          uint32_t value)
{
	uint32_t v;
	int st = halmac_ltecoex_read(chip, reg, &v);

	if (st != DVR_OK)
		return st;
	return halmac_ltecoex_write(chip, reg, (v & ~mask) | (value & mask));
}
