/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar1 baseband and RF bring-up from the die's tables (rtw88
 * rtw88xxa.c rtw88xxa_phy_bb_config, rtw88xxa_phy_rf_config), and the
 * calibrate stage that hands over to the die's per-channel calibration.
 */
#include "hal/common/bb_table_row.h"
#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"

int jaguar1_phy_init(struct dvr_chip *chip)
{
	const struct jaguar1_data *jd = jaguar1_data(chip);
	struct dvr_io *io = chip->io;
	struct dvr_phy_cond cond;
	struct jaguar1_rf_ctx rc = { .chip = chip };
	uint32_t cap = chip->id.crystal_cap & 0x3F;
	unsigned paths = jaguar1_paths(chip);
	int st;

	/* BB/RF domain on, BB out of reset; rtw88 releases both RF
	 * enables whatever the die (0x76 is path B's). */
	dvr_set8(io, REG_SYS_FUNC_EN, SYS_FUNC_USBA);
	dvr_set8(io, REG_SYS_FUNC_EN, SYS_FUNC_BBRSTB | SYS_FUNC_BB_GLB_RST);
	dvr_w8(io, REG_RF_CTRL, 0x07);
	dvr_w8(io, REG_RF_B_CTRL, 0x07);

	jaguar1_phy_cond(chip, &cond);
	st = dvr_phy_table_walk(jd->bb_table, *jd->bb_table_len, &cond,
	                        dvr_bb_table_row, io, NULL);
	if (st == DVR_OK)
		st = dvr_phy_table_walk(jd->agc_table, *jd->agc_table_len,
		                        &cond, dvr_bb_table_row, io, NULL);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "BB/AGC table write failed");

	dvr_w32_mask(io, REG_AFE_XTAL_CTRL, jd->xtal_mask, cap | cap << 6);

	for (rc.path = 0; rc.path < paths && st == DVR_OK; rc.path++)
		st = dvr_phy_table_walk(jd->rf_table[rc.path],
		                        *jd->rf_table_len[rc.path], &cond,
		                        jaguar1_rf_row, &rc, NULL);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "RF table write (path %c) failed",
		                     'A' + (int)rc.path - 1);
	if (paths == 1 && jd->config_1t)
		jd->config_1t(io);

	if (jaguar1_priv(chip)) {
		jaguar1_priv(chip)->band = JAGUAR1_BAND_NONE;
		jaguar1_priv(chip)->cal_table = 0;
	}
	/* the tables rewrote the BB and RF: nothing cached holds */
	jaguar1_hop_forget(chip);
	dvr_reg_shadow_reset(&chip->shadow);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "PHY init failed");
	return DVR_OK;
}

int jaguar1_calibrate(struct dvr_chip *chip)
{
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	int st = jaguar1_data(chip)->calibrate_channel(chip,
	                                               chip->channel.channel);
	if (st == DVR_OK && priv)
		priv->calibrated = true;
	/* the channel set before bring-up calibrated cached nothing; it
	 * has its IQK now (the family's channel set only: the 8814A keeps
	 * its own) */
	if (st == DVR_OK && chip->info->ops->set_channel == jaguar1_set_channel)
		jaguar1_hop_store(chip, &chip->channel);
	return st;
}
