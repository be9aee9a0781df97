/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * identify: what hal/halmac reads of every HalMAC chip (id, cut, EFUSE,
 * MAC address, RFE option, crystal), then the 8822C's own EFUSE fields
 * (BT presence; rtw88 rtw8822c.c rtw8822c_read_efuse, main.c
 * rtw_chip_efuse_info_setup) and its power tables for the RFE type.
 */
#include "hal/rtl8822c/rtl8822c.h"

int rtl8822c_identify(struct dvr_chip *chip)
{
	int st;

	if ((st = halmac_identify(chip)) != DVR_OK)
		return st;
	struct rtl8822c_priv *priv = dvr_chip_priv_alloc(chip, sizeof *priv);
	if (!priv)
		return DVR_E_NO_MEM;
	priv->btcoex = (chip->efuse[EFUSE8822C_RF_BOARD] & 0xE0) == 0x20;
	return rtl8822c_txpower_tables_load(chip);
}
