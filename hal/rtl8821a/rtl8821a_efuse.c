/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * probe and identify of the RTL8821A die: which die sits behind a VID:PID
 * the 8812A HAL lists too, and what the 8821A's EFUSE and BT function
 * say beyond the family's fields (rtw88 rtw88xxa.c rtw88xxa_read_efuse,
 * main.c rtw_chip_efuse_info_setup). SYS_CFG, the EFUSE port and the
 * common fields are the family's (jaguar1_identify).
 */
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8821a/rtl8821a.h"

#define REG_SYS_CFG2   0x00FC  /* chip id */
#define CHIP_ID_8812A  0x04
#define BT_FUNC_EN     BIT(18)

/*
 * Which die answers behind the VID:PID. rtw88 and the vendor driver pick
 * the HAL from the VID:PID alone, and disagree on 2357:0122 (rtw88
 * rtw8812au.c lists it as an RTL8812AU, the vendor's usb_intf.c under
 * both, as the Archer T2U Nano, an RTL8811AU). SYS_CFG cannot settle it:
 * an 8821A reads the same low byte as an 8812A. The chip id in
 * REG_SYS_CFG2 (0xFC) can: 0x04 is the 8812A, 0x05 the 8821A (OpenIPC
 * devourer src/WiFiDriver.cpp read_chip_id, halmac's get_chip_info
 * reading). It reads on an unpowered chip, one control transfer. Only
 * the 8812A's id hands the adapter on; any other reading keeps the
 * VID:PID's choice, as every reference makes it.
 */
int rtl8821a_probe(struct dvr_chip *chip)
{
	uint8_t id = dvr_r8(chip->io, REG_SYS_CFG2);
	int st = dvr_io_status(chip->io);

	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "cannot read the chip id (0xFC)");
	if (id == CHIP_ID_8812A)
		return dvr_chip_fail(chip, DVR_E_NOT_FOUND, "chip id 0x%02x: "
		                     "an RTL8812A die", id);
	return DVR_OK;
}

/* An unprogrammed amplifier byte (0xFF) means internal amplifiers, as
 * the 8812A's reading takes it. */
static uint8_t amp_byte(uint8_t v)
{
	return v == 0xFF ? 0 : v;
}

int rtl8821a_identify(struct dvr_chip *chip)
{
	struct dvr_chip_id *id = &chip->id;
	int st = jaguar1_identify(chip);
	if (st != DVR_OK)
		return st;

	/* The generic one-bit amplifier tests (rtw88 main.c
	 * rtw_chip_efuse_info_setup); the 8821A has no amplifier type
	 * codes for the tables, which compare none. */
	const uint8_t *e = chip->efuse;
	uint8_t pa = amp_byte(e[RTL8821A_EFUSE_PA_TYPE]);
	id->ext_pa_2g = pa & BIT(4);
	id->ext_pa_5g = pa & BIT(0);
	id->ext_lna_2g = amp_byte(e[RTL8821A_EFUSE_LNA_2G]) & BIT(3);
	id->ext_lna_5g = amp_byte(e[RTL8821A_EFUSE_LNA_5G]) & BIT(3);

	/* Bluetooth is the die's, not the board option's: BT_FUNC_EN in
	 * 0x68 (rtw88 rtw88xxa_read_efuse, the 8821A branch; the vendor's
	 * read_chip_version_8812a reads the same bit). Without it the part
	 * is the RTL8811AU (rtw88 rtw8821au.c "8821au/8811au"). */
	uint32_t bt = dvr_r32(chip->io, REG_WL_BT_PWR_CTRL);
	if ((st = dvr_io_status(chip->io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "cannot read the BT function "
		                     "(0x68)");
	jaguar1_priv(chip)->btcoex = bt & BT_FUNC_EN;
	id->part_name = (bt & BT_FUNC_EN) ? NULL : "RTL8811AU";
	return rtl8821a_txpower_tables_load(chip);
}
