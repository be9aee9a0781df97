/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "hal/common/bb_table_row.h"

#include "hal/hal.h"

int dvr_bb_table_row(void *ctx, uint32_t addr, uint32_t data)
{
	struct dvr_io *io = ctx;

	switch (addr) {
	case 0xFE: dvr_delay_ms(50); break;
	case 0xFD: dvr_delay_ms(5); break;
	case 0xFC: dvr_delay_ms(1); break;
	case 0xFB: dvr_delay_us(50); break;
	case 0xFA: dvr_delay_us(5); break;
	case 0xF9: dvr_delay_us(1); break;
	default: dvr_w32(io, (uint16_t)addr, data); break;
	}
	return dvr_io_status(io);
}

int dvr_mac_table_row(void *ctx, uint32_t addr, uint32_t data)
{
	struct dvr_io *io = ctx;

	dvr_w8(io, (uint16_t)addr, (uint8_t)data);
	return dvr_io_status(io);
}

int dvr_chip_table_load(struct dvr_chip *chip, const char *what,
                        const uint32_t *table, size_t n,
                        const struct dvr_phy_cond *cond, dvr_phy_row_fn fn,
                        void *ctx)
{
	int st = dvr_phy_table_walk(table, n, cond, fn, ctx, NULL);

	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "%s table load failed", what);
	return DVR_OK;
}
