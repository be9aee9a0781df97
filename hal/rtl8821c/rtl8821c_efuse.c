/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * identify: what hal/halmac reads of every HalMAC chip (id, cut, EFUSE,
 * MAC address, the 0xCA byte, crystal), then the 8821C's own reading of
 * its fields (rtw88 rtw8821c.c rtw8821c_read_efuse; main.c
 * rtw_chip_efuse_info_setup for what an unprogrammed byte stands for):
 * the RFE option and package type both in 0xCA, whether the 2.4 GHz
 * front end is BT's, BT presence, thermal calibration and BB swing; then
 * the board's power tables.
 */
#include "hal/rtl8821c/rtl8821c.h"
#include "hal/rtl8821c/rtl8821c_tables.h"

const struct rtl8821c_rfe_def *rtl8821c_board(uint8_t option)
{
	for (size_t i = 0; i < rtl8821c_rfe_defs_len; i++)
		if (rtl8821c_rfe_defs[i].rfe_option == option)
			return &rtl8821c_rfe_defs[i];
	/* rtw88 refuses a board whose option it does not list
	 * (phy.h rtw_check_supported_rfe); we drive it as the reference
	 * design, option 0. */
	return &rtl8821c_rfe_defs[0];
}

bool rtl8821c_rfe_is_btg(uint8_t option)
{
	/* rtw8821c_read_efuse: options 2, 4, 7, 0xA, 0xC and 0xF put the
	 * WLAN 2.4 GHz path on the BT front end. */
	switch (option) {
	case 0x2: case 0x4: case 0x7: case 0xA: case 0xC: case 0xF:
		return true;
	default:
		return false;
	}
}

/* A byte an unprogrammed EFUSE leaves at 0xFF stands for 0 (rtw88 main.c
 * rtw_chip_efuse_info_setup does so for the swing settings and the board
 * option; hal/halmac for the RFE byte). */
static uint8_t or_zero(uint8_t v)
{
	return v == 0xFF ? 0 : v;
}

int rtl8821c_identify(struct dvr_chip *chip)
{
	int st;

	if ((st = halmac_identify(chip)) != DVR_OK)
		return st;
	struct rtl8821c_priv *priv = dvr_chip_priv_alloc(chip, sizeof *priv);
	if (!priv)
		return dvr_chip_fail(chip, DVR_E_NO_MEM, "out of memory");
	const uint8_t *e = chip->efuse;
	/* hal/halmac kept the whole byte; the RFE option is its low five
	 * bits, the package type bit 5, and the table conditions read the
	 * byte >> 3 (rtl8821c_phy_cond). */
	priv->rfe_full = or_zero(e[EFUSE8821C_RFE]);
	priv->package = (priv->rfe_full & RTL8821C_RFE_PACKAGE) != 0;
	chip->id.rfe_type = priv->rfe_full & RTL8821C_RFE_OPTION_MASK;
	priv->btg = rtl8821c_rfe_is_btg(chip->id.rfe_type);
	/* One RF path whatever SYS_CFG1 says: the PHYDM_INFO H2C and the
	 * IQK report follow it. */
	chip->id.is_1t1r = true;
	priv->btcoex = (or_zero(e[EFUSE8821C_RF_BOARD]) & 0xE0) == 0x20;
	priv->thermal = e[EFUSE8821C_THERMAL];
	priv->swing_2g = or_zero(e[EFUSE8821C_SWING_2G]);
	priv->swing_5g = or_zero(e[EFUSE8821C_SWING_5G]);
	return rtl8821c_txpower_tables_load(chip);
}
