/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * identify: what the 8812A's EFUSE says beyond the family's fields
 * (RFE type, amplifiers, BT coexistence, 1T1R and 11n-only boards)
 * (rtw88 rtw88xxa.c rtw88xxa_read_efuse, rtw8812a.c). SYS_CFG, the EFUSE
 * port and the common fields are the family's (jaguar1_identify).
 */
#include "hal/rtl8812a/rtl8812a.h"

/* 8812A amplifier flags and table type codes. */
static void parse_amplifiers(struct dvr_chip_id *id, const uint8_t *e)
{
	/* An unprogrammed byte (0xFF) means "internal amplifiers". */
	uint8_t pa = e[EFUSE_PA_TYPE] == 0xFF ? 0 : e[EFUSE_PA_TYPE];
	uint8_t lna2 = e[EFUSE_LNA_2G] == 0xFF ? 0 : e[EFUSE_LNA_2G];
	uint8_t lna5 = e[EFUSE_LNA_5G] == 0xFF ? 0 : e[EFUSE_LNA_5G];

	id->ext_pa_2g = (pa & 0x30) == 0x30;
	id->ext_lna_2g = (lna2 & 0x88) == 0x88;
	id->ext_pa_5g = (pa & 0x03) == 0x03;
	id->ext_lna_5g = (lna5 & 0x88) == 0x88;
	id->type_gpa = (uint8_t)((((lna2 >> 6) & 1) << 2) | ((lna2 >> 2) & 1));
	id->type_apa = (uint8_t)((((lna5 >> 6) & 1) << 2) | ((lna5 >> 2) & 1));
	id->type_glna = (uint8_t)((((lna2 >> 4) & 3) << 2) | (lna2 & 3));
	id->type_alna = (uint8_t)((((lna5 >> 4) & 3) << 2) | (lna5 & 3));
}

/* RFE type rules for USB boards. */
static uint8_t parse_rfe_type(const struct dvr_chip_id *id, uint8_t opt)
{
	if (opt == 0xFF)
		return 0;
	if (opt & 0x80) {
		if (!id->ext_lna_5g)
			return 4;
		if (!id->ext_pa_5g)
			return 2;
		return (id->ext_lna_2g && id->ext_pa_2g) ? 3 : 0;
	}
	uint8_t t = opt & 0x3F;
	/* Some boards mark type 4 yet have external amplifiers: USB
	 * products behave as type 0 (rtw88 workaround). */
	if (t == 4 && (id->ext_pa_5g || id->ext_pa_2g || id->ext_lna_5g ||
	               id->ext_lna_2g))
		return 0;
	return t;
}

/* Board variant marks past the logical map: antenna count in physical
 * bytes 1019/1018 (1 = a 1T1R board), "wireless mode" in 1021/1020 (2 with
 * two antennas = the 11n-only RTL8812AU-VN). rtw88 rtw8812a_read_usb_type and
 * the vendor hal_ReadUsbType_8812AU read the same bytes. */
int rtl8812a_efuse_extra(struct dvr_chip *chip, struct jaguar1_efuse *r)
{
	unsigned antenna = 0, wmode = 0;
	uint8_t v;
	int st;

	for (unsigned i = 0; i < 2 && !antenna; i++) {
		if ((st = jaguar1_efuse_read_phys(r, 1019 - i, &v)) != DVR_OK)
			return st;
		antenna = (v >> 5) & 7;
		if (!antenna)
			antenna = (v >> 1) & 7;
	}
	for (unsigned i = 0; i < 2 && !wmode; i++) {
		if ((st = jaguar1_efuse_read_phys(r, 1021 - i, &v)) != DVR_OK)
			return st;
		wmode = (v >> 2) & 3;
	}
	chip->id.is_1t1r = antenna == 1;
	jaguar1_priv(chip)->no_vht = antenna == 2 && wmode == 2;
	return DVR_OK;
}

int rtl8812a_identify(struct dvr_chip *chip)
{
	int st = jaguar1_identify(chip);
	if (st != DVR_OK)
		return st;

	/* The die bonded with path A only is sold as the RTL8811AU (OpenIPC
	 * devourer src/jaguar1/CLAUDE.md); the family then drives one path
	 * (jaguar1_paths). */
	if (chip->id.is_1t1r)
		chip->id.part_name = "RTL8811AU";

	const uint8_t *e = chip->efuse;
	parse_amplifiers(&chip->id, e);
	chip->id.rfe_type = parse_rfe_type(&chip->id, e[EFUSE_RFE_OPTION]);
	/* The 8812A's BT coexistence is the board option's (rtw88
	 * rtw88xxa_read_efuse). */
	jaguar1_priv(chip)->btcoex = (e[EFUSE_RF_BOARD_OPT] & 0xE0) == 0x20;
	return rtl8812a_txpower_tables_load(chip);
}
