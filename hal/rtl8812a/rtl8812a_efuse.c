/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * identify: chip version/cut from SYS_CFG, and what the 8812A's EFUSE says
 * (MAC address, RFE type, amplifiers, crystal, BB swing, 1T1R and 11n-only
 * boards) (rtw88 rtw88xxa.c rtw88xxa_read_efuse, rtw8812a.c). The EFUSE
 * port is the family's.
 */
#include <string.h>

#include "hal/common/efuse.h"
#include "hal/jaguar1/jaguar1_regs.h"
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
static int detect_usb_type(struct jaguar1_efuse *r, bool *is_1t1r,
                           bool *no_vht)
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
	*is_1t1r = antenna == 1;
	*no_vht = antenna == 2 && wmode == 2;
	return DVR_OK;
}

static bool mac_is_valid(const uint8_t *m)
{
	static const uint8_t zero[6], ones[6] = { 0xFF, 0xFF, 0xFF, 0xFF,
	                                          0xFF, 0xFF };
	return memcmp(m, zero, 6) && memcmp(m, ones, 6) && !(m[0] & 1);
}

int rtl8812a_identify(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct jaguar1_priv *priv = jaguar1_priv_alloc(chip);
	struct dvr_chip_id *id = &chip->id;
	struct jaguar1_efuse rd;
	size_t used = 0;
	int st;

	if (!priv || !dvr_chip_efuse_map(chip))
		return DVR_E_NO_MEM;
	memset(id, 0, sizeof *id);
	id->sys_cfg = dvr_r32(io, REG_SYS_CFG);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "cannot read SYS_CFG (0xF0)");
	/* 8812A numbers its cuts one lower than the code it means. */
	id->cut = (uint8_t)(((id->sys_cfg >> 12) & 0xF) + 1);
	id->usb3 = chip->usb3;

	jaguar1_efuse_open(chip, &rd);
	st = dvr_efuse_decode(jaguar1_efuse_read_phys, &rd,
	                      chip->info->efuse_log_size, chip->efuse,
	                      chip->info->efuse_log_size, &used);
	if (st == DVR_OK)
		st = detect_usb_type(&rd, &id->is_1t1r, &priv->no_vht);
	jaguar1_efuse_close(chip);
	if (st == DVR_OK)
		st = dvr_io_status(io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st,
		                     "EFUSE read failed at physical byte %zu", used);

	/* The die bonded with path A only is sold as the RTL8811AU (OpenIPC
	 * devourer src/jaguar1/CLAUDE.md); the family then drives one path
	 * (jaguar1_paths). */
	if (id->is_1t1r)
		id->part_name = "RTL8811AU";

	const uint8_t *e = chip->efuse;
	chip->efuse_blank = used == 0;
	parse_amplifiers(id, e);
	id->rfe_type = parse_rfe_type(id, e[EFUSE_RFE_OPTION]);
	id->crystal_cap = e[EFUSE_XTAL] == 0xFF ? 0x20 : (e[EFUSE_XTAL] & 0x3F);
	priv->bb_swing_2g = e[EFUSE_BB_SWING_2G] == 0xFF ? 0 : e[EFUSE_BB_SWING_2G];
	priv->bb_swing_5g = e[EFUSE_BB_SWING_5G] == 0xFF ? 0 : e[EFUSE_BB_SWING_5G];
	priv->btcoex = (e[EFUSE_RF_BOARD_OPT] & 0xE0) == 0x20;
	if (mac_is_valid(&e[EFUSE_MAC_ADDR])) {
		memcpy(id->mac_addr, &e[EFUSE_MAC_ADDR], 6);
	} else {
		/* Blank or unprogrammed EFUSE: a fixed locally administered
		 * address; monitor mode never uses it on the air. */
		static const uint8_t fallback[6] = { 0x02, 0x00, 0x00,
		                                     0x88, 0x12, 0x00 };
		memcpy(id->mac_addr, fallback, 6);
	}
	return rtl8812a_txpower_tables_load(chip);
}
