/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * identify: what hal/halmac reads of every HalMAC chip (id, cut, EFUSE
 * through this chip's OTP port, MAC address, crystal), then the 8822E's
 * RFE type, which selects the cases of its vendor tables, then its TX
 * power tables (rtl8822e_txpower.c).
 */
#include "hal/rtl8822e/rtl8822e.h"

uint8_t rtl8822e_rfe_type(uint8_t raw, bool *defaulted)
{
	/* The vendor refuses to initialise with 0xCA = 0xFF unless a module
	 * parameter names the RFE type (rtl88x2eu rtl8822e_ops.c
	 * Hal_ReadRFEType). OpenIPC devourer (HalJaguar3.cpp rtw_hal_init)
	 * takes 21 for 0 and 0xFF: with 0 the tables load no RF table and
	 * the front-end pins stay unset, and the chip hears nothing. An OTP
	 * that could not be read also reads 0xFF. */
	bool blank = raw == 0 || raw == 0xFF;

	if (defaulted)
		*defaulted = blank;
	return blank ? RTL8822E_RFE_DEFAULT : raw;
}

int rtl8822e_identify(struct dvr_chip *chip)
{
	int st;

	if ((st = halmac_identify(chip)) != DVR_OK)
		return st;
	if (!dvr_chip_priv_alloc(chip, sizeof(struct rtl8822e_priv)))
		return dvr_chip_fail(chip, DVR_E_NO_MEM, "out of memory");
	uint8_t raw = chip->efuse[EFUSE8822E_RFE];
	bool defaulted;
	chip->id.rfe_type = rtl8822e_rfe_type(raw, &defaulted);
	if (defaulted)
		dvr_chip_warn(chip, "EFUSE byte 0x%02X (RFE type) reads 0x%02X "
		              "(%s): taking RFE type %u, the BL-M8812EU2 front "
		              "end; another board may need another",
		              EFUSE8822E_RFE, raw,
		              raw == 0xFF ? "unprogrammed or unreadable" :
		                            "no front end named",
		              RTL8822E_RFE_DEFAULT);
	return rtl8822e_txpower_tables_load(chip);
}
