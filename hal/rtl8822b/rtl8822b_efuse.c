/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * identify: what hal/halmac reads of every HalMAC chip (id, cut, paths,
 * EFUSE, MAC address at 0x107, RFE option, crystal), then the 8822B's own
 * EFUSE fields (rtw88 rtw8822b.c rtw8822b_read_efuse, main.c
 * rtw_chip_efuse_info_setup): BT presence, amplifier types, the RFE
 * option this driver runs the board as, and its power tables.
 */
#include "hal/rtl8822b/rtl8822b.h"
#include "hal/rtl8822b/rtl8822b_tables.h"

bool rtl8822b_rfe_supported(uint8_t rfe)
{
	for (size_t i = 0; i < rtl8822b_rfe_defs_len; i++)
		if (rtl8822b_rfe_defs[i].rfe_option == rfe)
			return true;
	return false;
}

/* An unprogrammed type byte reads as 0 (main.c
 * rtw_chip_efuse_info_setup). */
static uint8_t type_byte(uint8_t b)
{
	return b == 0xFF ? 0 : b;
}

/*
 * The RFE option. The table conditions compare it exactly and the
 * channel code needs its CCA and front-end data, which rtw88 has for
 * options 2, 3 and 5 only (rtw8822b_rfe_info); a board programmed with
 * another one is refused, as rtw88 refuses it (phy.h
 * rtw_check_supported_rfe). A blank byte (0xFF) is no answer: rtw88
 * refuses such a board too, OpenIPC devourer takes RFE 0 (for which no
 * CCA or front-end data exist anywhere), and it notes that the vendor
 * driver runs the TP-Link Archer T3U, the common RTL8812BU stick, with a
 * blank byte as RFE 3 (HalJaguar2.cpp read_efuse_rfe). We do what the
 * vendor driver does: RFE 3, the internal front end on both bands.
 */
static int rfe_option(struct dvr_chip *chip)
{
	uint8_t raw = chip->efuse[EFUSE8822B_RFE];

	if (raw == 0xFF) {
		chip->id.rfe_type = RTL8822B_RFE_BLANK;
		return DVR_OK;
	}
	if (!rtl8822b_rfe_supported(raw))
		return dvr_chip_fail(chip, DVR_E_UNSUPPORTED, "RFE option %u "
		                     "(EFUSE 0xCA) is not one the %s is known "
		                     "in (2, 3, 5)", raw, chip->info->name);
	chip->id.rfe_type = raw;
	return DVR_OK;
}

int rtl8822b_identify(struct dvr_chip *chip)
{
	int st;

	if ((st = halmac_identify(chip)) != DVR_OK)
		return st;
	if ((st = rfe_option(chip)) != DVR_OK)
		return st;
	struct rtl8822b_priv *priv = dvr_chip_priv_alloc(chip, sizeof *priv);
	if (!priv)
		return DVR_E_NO_MEM;
	const uint8_t *e = chip->efuse;
	/* One PA type byte for both bands (rtw8822b_read_efuse), an LNA
	 * byte per band; external when PA bit 4 (2.4 GHz) / bit 0 (5 GHz),
	 * LNA bit 3 (rtw_chip_efuse_info_setup). */
	uint8_t pa = type_byte(e[EFUSE8822B_PA_TYPE]);
	chip->id.type_gpa = chip->id.type_apa = pa;
	chip->id.type_glna = type_byte(e[EFUSE8822B_LNA_2G]);
	chip->id.type_alna = type_byte(e[EFUSE8822B_LNA_5G]);
	chip->id.ext_pa_2g = pa & 0x10;
	chip->id.ext_pa_5g = pa & 0x01;
	chip->id.ext_lna_2g = chip->id.type_glna & 0x08;
	chip->id.ext_lna_5g = chip->id.type_alna & 0x08;
	priv->btcoex = (type_byte(e[EFUSE8822B_RF_BOARD]) & 0xE0) == 0x20;
	return rtl8822b_txpower_tables_load(chip);
}
