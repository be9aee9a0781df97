/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar1 EFUSE port: access grant, and one physical byte per request
 * through REG_EFUSE_CTRL (rtw88 efuse.c rtw_dump_physical_efuse_map, with
 * the Jaguar1 grant of rtw88xxa.c). Decoding the map is hal/common/efuse.c;
 * what the bytes mean is the chip's.
 */
#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"

#define EFUSE_POLL_TRIES 1000u
#define EFUSE_POLL_US 10u

/* Physical address range reachable through REG_EFUSE_CTRL [17:8]. */
#define EFUSE_PHY_ADDR_MAX 1023u

void jaguar1_efuse_open(struct dvr_chip *chip, struct jaguar1_efuse *port)
{
	struct dvr_io *io = chip->io;

	dvr_w8(io, REG_EFUSE_ACCESS, EFUSE_ACCESS_ON);
	dvr_w16(io, REG_SYS_FUNC_EN,
	        (uint16_t)(dvr_r16(io, REG_SYS_FUNC_EN) | SYS_FUNC_ELDR));
	dvr_w16(io, REG_SYS_CLKR,
	        (uint16_t)(dvr_r16(io, REG_SYS_CLKR) | SYS_CLK_LOADER_EN |
	                   SYS_CLK_ANA8M));
	/* The WiFi bank of the EFUSE. */
	dvr_w32_mask(io, REG_LDO_EFUSE_CTRL, 0x00000300u, 0);
	port->io = io;
	port->ctl = dvr_r32(io, REG_EFUSE_CTRL) &
	            ~(EFUSE_CTRL_FLAG | 0x0003FFFFu);
}

/* Address in [17:8], flag clear = read request; the chip sets the flag
 * when [7:0] holds the byte. */
int jaguar1_efuse_read_phys(void *ctx, unsigned addr, uint8_t *out)
{
	struct jaguar1_efuse *r = ctx;
	int st;

	if (addr > EFUSE_PHY_ADDR_MAX)
		return DVR_E_INVALID;
	dvr_w32(r->io, REG_EFUSE_CTRL, r->ctl | (uint32_t)addr << 8);
	st = dvr_poll32(r->io, REG_EFUSE_CTRL, EFUSE_CTRL_FLAG,
	                EFUSE_CTRL_FLAG, EFUSE_POLL_TRIES, EFUSE_POLL_US);
	if (st != DVR_OK)
		return st;
	*out = (uint8_t)dvr_r32(r->io, REG_EFUSE_CTRL);
	return dvr_io_status(r->io);
}

void jaguar1_efuse_close(struct dvr_chip *chip)
{
	dvr_w8(chip->io, REG_EFUSE_ACCESS, EFUSE_ACCESS_OFF);
}
