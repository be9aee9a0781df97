/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822E's PHY side. So far only what its tables are walked with; the
 * bring-up ops refuse until they are written.
 */
#include "hal/rtl8822e/rtl8822e.h"

void rtl8822e_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out)
{
	/* The vendor's halbb headline rule, keyed on the cut as SYS_CFG1
	 * [15:12] reads it and the RFE type (rtl88x2eu rtl8822e_phy.c
	 * init_phydm_cominfo: ODM_CMNINFO_CUT_VER, ODM_CMNINFO_RFE_TYPE). */
	*out = (struct dvr_phy_cond){
		.match = DVR_PHY_MATCH_HEADLINE,
		.cut = chip->id.cut,
		.intf = DVR_PHY_INTF_USB,
		.board = chip->id.rfe_type,
	};
}

static int not_yet(struct dvr_chip *chip, const char *what)
{
	return dvr_chip_fail(chip, DVR_E_UNSUPPORTED, "%s: %s is not written "
	                     "yet", chip->info->name, what);
}

int rtl8822e_phy_init(struct dvr_chip *chip)
{
	return not_yet(chip, "the BB/RF bring-up");
}

int rtl8822e_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	(void)ch;
	return not_yet(chip, "channel set-up");
}
