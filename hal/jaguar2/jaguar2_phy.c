/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The part of the BB/RF set-up both Jaguar2 chips do alike, between each
 * one's own BB/RF power-on and its own steps after the tables (rtw88
 * rtw8822b.c rtw8822b_phy_set_param and rtw8821c.c rtw8821c_phy_set_param
 * run the same lines here): the RX path select held in reset while the
 * tables load, and the EFUSE crystal cap, 6 bits, into both of the
 * crystal's cap fields (REG_AFE_XTAL_CTRL [30:25], REG_AFE_PLL_CTRL
 * [6:1], rtw88 reg.h).
 */
#include "hal/jaguar2/jaguar2.h"

#define REG_AFE_XTAL_CTRL 0x0024
#define REG_AFE_PLL_CTRL 0x0028

int jaguar2_phy_load(struct dvr_chip *chip,
                     int (*load_tables)(struct dvr_chip *chip))
{
	struct dvr_io *io = chip->io;
	int st;

	dvr_clr32(io, JAGUAR2_REG_RXPSEL, JAGUAR2_RX_PSEL_RST);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error powering the BB");
	if ((st = load_tables(chip)) != DVR_OK)
		return st;
	uint32_t cap = chip->id.crystal_cap & 0x3F;
	dvr_w32_mask(io, REG_AFE_XTAL_CTRL, 0x7E000000u, cap);
	dvr_w32_mask(io, REG_AFE_PLL_CTRL, 0x7Eu, cap);
	return DVR_OK;
}
