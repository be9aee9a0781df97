/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The BT/WLAN coexistence block of the HalMAC chips as every one of them
 * is set up for WLAN: the LTE-coex indirect registers behind 0x1700
 * (rtw88 util.c ltecoex_read_reg, ltecoex_reg_write; the grant fields of
 * LTE_COEX_CTRL live there) and the part of rtw88's coex_set_init chip
 * hook the RTL8822B, RTL8821C and RTL8822C share (rtw8822b.c
 * rtw8822b_coex_cfg_init, rtw8821c.c rtw8821c_coex_cfg_init, rtw8822c.c
 * rtw8822c_coex_cfg_init). Which grants and antenna switches a chip then
 * sets is the chip's.
 */
#include "hal/halmac/halmac.h"

#define REG_LTECOEX_CTRL 0x1700
#define REG_LTECOEX_WDATA 0x1704
#define REG_LTECOEX_RDATA 0x1708
#define LTECOEX_READY 0x20000000u
#define LTECOEX_TRIES 1000u
#define LTECOEX_POLL_US 10u

int halmac_ltecoex_read(struct dvr_chip *chip, uint16_t reg, uint32_t *v)
{
	struct dvr_io *io = chip->io;
	int st = dvr_poll32(io, REG_LTECOEX_CTRL, LTECOEX_READY, LTECOEX_READY,
	                    LTECOEX_TRIES, LTECOEX_POLL_US);

	if (st != DVR_OK)
		return st;
	dvr_w32(io, REG_LTECOEX_CTRL, 0x800F0000u | reg);
	*v = dvr_r32(io, REG_LTECOEX_RDATA);
	return dvr_io_status(io);
}

int halmac_ltecoex_write(struct dvr_chip *chip, uint16_t reg, uint32_t v)
{
	struct dvr_io *io = chip->io;
	int st = dvr_poll32(io, REG_LTECOEX_CTRL, LTECOEX_READY, LTECOEX_READY,
	                    LTECOEX_TRIES, LTECOEX_POLL_US);

	if (st != DVR_OK)
		return st;
	dvr_w32(io, REG_LTECOEX_WDATA, v);
	dvr_w32(io, REG_LTECOEX_CTRL, 0xC00F0000u | reg);
	return dvr_io_status(io);
}

int halmac_ltecoex_update(struct dvr_chip *chip, uint16_t reg, uint32_t mask,
                          uint32_t v)
{
	uint32_t old;
	int st = halmac_ltecoex_read(chip, reg, &old);

	if (st != DVR_OK)
		return st;
	return halmac_ltecoex_write(chip, reg, (old & ~mask) | (v & mask));
}

void halmac_coex_cfg_init(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	/* Beacon function (TBTT interrupt), BT report sample rate 5, BT
	 * counters, PTA from the BT side (its enable and pins), PTA WL TX
	 * not gated by EDCCA, GNT_BT high while both are selected. */
	dvr_set8(io, 0x0550, 0x08);
	dvr_w8_mask(io, 0x0790, 0x3F, 0x05);
	dvr_w8(io, 0x0778, 0x01);
	dvr_set32(io, 0x0040, (1u << 5) | (1u << 9));
	dvr_w8_mask(io, 0x04C6, 0x30, 0x01);
	dvr_set8(io, 0x0763, 0x10);
}
