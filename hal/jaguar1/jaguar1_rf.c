/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RF registers through the LSSI (3-wire) port and the row writer of the RF
 * tables with its pseudo-address delays (rtw88 rtw88xxa.c
 * rtw88xxa_phy_read_rf, phy.c rtw_phy_cfg_rf); BB/AGC rows are written by
 * hal/common/bb_table_row.c.
 */
#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"

#define CUT_C 2u
#define LSSI_SETTLE_US 13u

void jaguar1_rf_write(struct dvr_chip *chip, unsigned path, uint8_t addr,
                      uint32_t data)
{
	uint32_t word = ((uint32_t)addr << 20 | (data & RF_DATA_MASK)) &
	                0x0FFFFFFFu;

	dvr_w32(chip->io, path ? REG_B_LSSI_WRITE : REG_A_LSSI_WRITE, word);
	dvr_delay_us(LSSI_SETTLE_US);
}

uint32_t jaguar1_rf_read(struct dvr_chip *chip, unsigned path, uint8_t addr)
{
	struct dvr_io *io = chip->io;
	const struct jaguar1_data *jd = jaguar1_data(chip);
	/* A die whose reads need CCA off while the read port is switched
	 * does so on cuts other than C (RF 0 excepted: toggling CCA would
	 * change it) and waits on its C-cut; every other die waits. */
	bool by_cut = jd && jd->rf_read_cca_by_cut;
	bool cca_off = by_cut && chip->id.cut != CUT_C && addr != 0;
	bool settle = !by_cut || chip->id.cut == CUT_C;
	bool pi;
	uint32_t v;

	if (cca_off)
		dvr_set32(io, REG_BB_CCA2ND, BIT(3));
	pi = dvr_r32(io, path ? REG_B_3WIRE : REG_A_3WIRE) & BIT(2);
	dvr_w32_mask(io, REG_BB_HSSI_READ, 0xFF, addr);
	if (settle)
		dvr_delay_us(20);
	if (path)
		v = dvr_r32(io, pi ? REG_B_PI_READ : REG_B_SI_READ);
	else
		v = dvr_r32(io, pi ? REG_A_PI_READ : REG_A_SI_READ);
	if (cca_off)
		dvr_clr32(io, REG_BB_CCA2ND, BIT(3));
	return v & RF_DATA_MASK;
}

int jaguar1_rf_row(void *ctx, uint32_t addr, uint32_t data)
{
	struct jaguar1_rf_ctx *rc = ctx;

	if (addr == 0xFFE)
		dvr_delay_ms(50);
	else if (addr == 0xFE)
		dvr_delay_us(100);
	else
		jaguar1_rf_write(rc->chip, rc->path, (uint8_t)addr, data);
	return dvr_io_status(rc->chip->io);
}
