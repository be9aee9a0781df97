/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 8812A baseband and RF bring-up (rtw88 rtw88xxa.c rtw88xxa_phy_bb_config,
 * rtw88xxa_phy_rf_config, rtw8812a_config_1t). Table rows are written by
 * the family's row writers; TX power is the family's
 * (hal/jaguar1/jaguar1_txpower.c) with rtl8812a_txpower.c's rules.
 */
#include "hal/common/bb_table_row.h"
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8812a/rtl8812a.h"
#include "hal/rtl8812a/rtl8812a_tables.h"

/* 1T1R boards: receive and transmit on path A only. */
static void config_1t(struct dvr_io *io)
{
	dvr_w32_mask(io, REG_BB_RXPSEL, 0xFF, 0x11);
	dvr_w32_mask(io, REG_BB_TXPSEL, 0xFFFF, 0x1111);
	dvr_w32_mask(io, REG_BB_CCK_RX, 0x0C000000u, 0);
	dvr_w32_mask(io, REG_BB_8BC, 0xC0000060u, 4);
	dvr_w32_mask(io, REG_B_3WIRE, 0xF, 4);
	dvr_w32(io, REG_B_LSSI_WRITE, 0);
	dvr_w32(io, 0x0E60, 0);
	dvr_w32(io, 0x0E64, 0);
}

int rtl8812a_phy_init(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct dvr_phy_cond cond;
	struct jaguar1_rf_ctx rc = { .chip = chip };
	uint32_t cap = chip->id.crystal_cap & 0x3F;
	int st;

	dvr_set8(io, REG_SYS_FUNC_EN, SYS_FUNC_USBA);
	dvr_set8(io, REG_SYS_FUNC_EN, SYS_FUNC_BBRSTB | SYS_FUNC_BB_GLB_RST);
	dvr_w8(io, REG_RF_CTRL, 0x07);
	dvr_w8(io, REG_RF_B_CTRL, 0x07);

	jaguar1_phy_cond(chip, &cond);
	st = dvr_phy_table_walk(rtl8812a_bb, rtl8812a_bb_len, &cond,
	                        dvr_bb_table_row, io, NULL);
	if (st == DVR_OK)
		st = dvr_phy_table_walk(rtl8812a_agc, rtl8812a_agc_len, &cond,
		                        dvr_bb_table_row, io, NULL);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "BB/AGC table write failed");

	dvr_w32_mask(io, REG_AFE_XTAL_CTRL, XTAL_CAP_MASK, cap | cap << 6);

	rc.path = 0;
	st = dvr_phy_table_walk(rtl8812a_rf_a, rtl8812a_rf_a_len, &cond,
	                        jaguar1_rf_row, &rc, NULL);
	if (st == DVR_OK && jaguar1_paths(chip) > 1) {
		rc.path = 1;
		st = dvr_phy_table_walk(rtl8812a_rf_b, rtl8812a_rf_b_len, &cond,
		                        jaguar1_rf_row, &rc, NULL);
	}
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "RF table write (path %c) failed",
		                     rc.path ? 'B' : 'A');
	if (jaguar1_paths(chip) == 1)
		config_1t(io);

	if (jaguar1_priv(chip))
		jaguar1_priv(chip)->band = JAGUAR1_BAND_NONE;
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "PHY init failed");
	return DVR_OK;
}
