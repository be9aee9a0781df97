/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Jaguar1 chip state and table conditions. */
#include <stdlib.h>

#include "hal/jaguar1/jaguar1.h"

struct jaguar1_priv *jaguar1_priv_alloc(struct dvr_chip *chip)
{
	if (!chip->priv)
		chip->priv = calloc(1, sizeof(struct jaguar1_priv));
	return chip->priv;
}

void jaguar1_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out)
{
	const struct dvr_chip_id *id = &chip->id;
	const struct jaguar1_priv *priv = jaguar1_priv(chip);

	*out = (struct dvr_phy_cond){
		.match = DVR_PHY_MATCH_JAGUAR1,
		.cut = id->cut,
		.package = 0,
		.intf = DVR_PHY_INTF_USB,
		.platform = 0x04,
		.board = (uint8_t)((id->ext_lna_2g ? DVR_PHY_BOARD_EXT_LNA_2G : 0) |
		                   (id->ext_pa_2g ? DVR_PHY_BOARD_EXT_PA_2G : 0) |
		                   (id->ext_lna_5g ? DVR_PHY_BOARD_EXT_LNA_5G : 0) |
		                   (id->ext_pa_5g ? DVR_PHY_BOARD_EXT_PA_5G : 0) |
		                   (priv && priv->btcoex ? DVR_PHY_BOARD_BT : 0)),
		.type_glna = id->type_glna,
		.type_gpa = id->type_gpa,
		.type_alna = id->type_alna,
		.type_apa = id->type_apa,
	};
}
