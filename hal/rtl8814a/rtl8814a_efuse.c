/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the 8814A reads of itself. identify: the chip id, cut, link speed
 * (hal/halmac). The EFUSE map only after the firmware download, in rtw88's
 * order (main.c rtw_power_on: rtw_mac_power_on, firmware, then
 * rtw_chip_efuse_info_setup reads it; OpenIPC devourer found that reading
 * it before the download breaks the reserved-page download on its
 * 8814AU, EepromManager.cpp LateInitFor8814A). Its fields are the 8814A's
 * (rtw88 rtw8814a.c rtw8814a_read_efuse, rtw8814a_read_rfe_type).
 * The firmware's boot is checked here too: on this chip a CPU that did
 * not boot leaves RX working and TX dead (OpenIPC devourer, CLAUDE.md
 * "Chip facts"), so it fails the bring-up with that said.
 */
#include <stdio.h>
#include <string.h>

#include "hal/rtl8814a/rtl8814a.h"

uint8_t rtl8814a_rfe_from_efuse(uint8_t raw)
{
	/* rtw8814a_read_rfe_type: bit 7 set (a blank 0xFF too) means "the
	 * default of the bus": 1 on USB. */
	return (raw & 0x80) ? 1 : raw;
}

int rtl8814a_identify(struct dvr_chip *chip)
{
	int st = halmac_identify_chip(chip);

	if (st != DVR_OK)
		return st;
	/* SYS_CFG's RF_TYPE_ID means nothing here: rtw88 overrides it with
	 * the EFUSE antenna option (rtw8814a_read_rf_type), and every
	 * 8814A board has its four paths. */
	chip->id.is_1t1r = false;
	if (!dvr_chip_priv_alloc(chip, sizeof(struct rtl8814a_priv)))
		return DVR_E_NO_MEM;
	return DVR_OK;
}

/* The EFUSE fields of the board, the RFE option it runs as, and its TX
 * power tables. */
static int read_board(struct dvr_chip *chip)
{
	int st = halmac_read_efuse(chip);

	if (st != DVR_OK)
		return st;
	const uint8_t *e = chip->efuse;
	chip->id.rfe_type = rtl8814a_rfe_from_efuse(e[EFUSE8814A_RFE]);
	/* rtw88 has tables for options 0 and 1 only (rtw8814a_rfe_defs)
	 * and refuses other boards (phy.h rtw_check_supported_rfe). */
	if (chip->id.rfe_type > 1)
		return dvr_chip_fail(chip, DVR_E_UNSUPPORTED, "RFE option %u "
		                     "(EFUSE 0xCA) is not one the %s is known "
		                     "in (0, 1)", chip->id.rfe_type,
		                     chip->info->name);
	/* rtw8814a_read_amplifier_type: option 1 has internal 2.4 GHz and
	 * external 5 GHz PA and LNA; option 0 none. */
	chip->id.ext_pa_5g = chip->id.ext_lna_5g = chip->id.rfe_type == 1;
	struct rtl8814a_priv *priv = chip->priv;
	if (priv) {
		priv->j1.bb_swing_2g = e[EFUSE8814A_SWING_2G] == 0xFF ? 0 :
		                       e[EFUSE8814A_SWING_2G];
		priv->j1.bb_swing_5g = e[EFUSE8814A_SWING_5G] == 0xFF ? 0 :
		                       e[EFUSE8814A_SWING_5G];
		priv->efuse_read = true;
	}
	st = rtl8814a_txpower_tables_load(chip);
	if (st != DVR_OK)
		return st;
	return dvr_io_status(chip->io);
}

int rtl8814a_download_firmware(struct dvr_chip *chip,
                               const struct dvr_firmware *fw)
{
	int st = halmac_download_firmware(chip, fw);

	if (st == DVR_E_FIRMWARE &&
	    strstr(chip->error, "never became ready")) {
		/* Say what it means on this chip before anyone transmits. */
		char why[sizeof chip->error];
		snprintf(why, sizeof why, "%s", chip->error);
		return dvr_chip_fail(chip, DVR_E_FIRMWARE, "%s's 3081 CPU did "
		                     "not boot the firmware (%s): it would "
		                     "receive but drop every frame it is given "
		                     "to send, so it is not opened",
		                     chip->info->name, why);
	}
	if (st != DVR_OK)
		return st;
	return read_board(chip);
}
