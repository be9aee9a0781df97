/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The LTE-coex block's indirect registers on the HalMAC chips (rtw88
 * util.c ltecoex_read_reg, ltecoex_reg_write; coex.c
 * rtw_coex_write_indirect_reg): the port at 0x1700 takes one command
 * once its ready bit (29) is up, data through 0x1704 / 0x1708. The GNT_BT
 * and GNT_WL fields that decide who owns the antenna live behind it
 * (register 0x38), so every chip's coex set-up goes through here; and
 * the coexistence registers every one of these chips sets the same way.
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

int halmac_coex_fail(struct dvr_chip *chip, int st)
{
	if (st == DVR_E_CHIP)
		return dvr_chip_fail(chip, st, "coex indirect port (0x1700 bit "
		                     "29) never ready");
	return dvr_chip_fail(chip, st, "USB error during coex set-up");
}

void halmac_coex_cfg_init(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	/* What rtw88 rtw8822b.c, rtw8821c.c and rtw8822c.c
	 * coex_cfg_init all do, in their order: beacon function (TBTT
	 * interrupt), BT report sample rate 5 (0x790 [5:0]), BT counter
	 * statistics, PTA from the BT side (0x40 bits 5 and 9), PTA WL-TX
	 * on but not through EDCCA (0x4C6 bit 4 set, bit 5 clear), GNT_BT
	 * polarity (0x762 bit 12). */
	dvr_set8(io, 0x0550, 0x08);
	dvr_w8_mask(io, 0x0790, 0x3F, 0x05);
	dvr_w8(io, 0x0778, 0x01);
	dvr_set32(io, 0x0040, (1u << 5) | (1u << 9));
	dvr_w8_mask(io, 0x04C6, 0x30, 0x01);
	dvr_set8(io, 0x0763, 0x10);
	/* What rtw88 coex.c __rtw_coex_init_hw_config does for every chip
	 * right after its coex_cfg_init: TX responses (ACK, BA, CTS),
	 * beacons and the beacon queue high priority against BT
	 * (rtw_coex_set_wl_pri_mask: bits 3, 4 and 27 of the coex table's
	 * high word 0x6CC, a byte at a time). The chips' own coex_cfg_init
	 * rows that follow touch none of these bits. */
	dvr_w8_mask(io, 0x06CC, 1u << 3, 1);
	dvr_w8_mask(io, 0x06CC, 1u << 4, 1);
	dvr_w8_mask(io, 0x06CF, 1u << 3, 1);
}
