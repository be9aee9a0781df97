/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What identify reads the same way on every Jaguar1 die (rtw88
 * rtw88xxa.c rtw88xxa_read_efuse, with the chip version read before it):
 * SYS_CFG and the cut, the logical EFUSE map through the family's port,
 * the crystal cap, the BB swing of each band and the MAC address of the
 * die's USB block. The die's fields (amplifier rules, RFE type, BT) and
 * its TX power tables are its own identify's.
 */
#include <string.h>

#include "hal/common/efuse.h"
#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"

#define EFUSE_XTAL         0xB9
#define EFUSE_BB_SWING_2G  0xC6
#define EFUSE_BB_SWING_5G  0xC7

/* A usable station address: not all zeros, not all ones, unicast. */
static bool usable_mac(const uint8_t *m)
{
	static const uint8_t none[6];
	static const uint8_t erased[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
	return !(m[0] & 1) && memcmp(m, none, 6) != 0 &&
	       memcmp(m, erased, 6) != 0;
}

/* An unprogrammed byte (0xFF) reads as @p blank. */
static uint8_t programmed_or(uint8_t v, uint8_t blank)
{
	return v == 0xFF ? blank : v;
}

int jaguar1_identify(struct dvr_chip *chip)
{
	const struct jaguar1_data *jd = jaguar1_data(chip);
	struct jaguar1_priv *priv = jaguar1_priv_alloc(chip);
	struct dvr_io *io = chip->io;
	struct dvr_chip_id *id = &chip->id;
	size_t size = chip->info->efuse_log_size, used = 0;
	struct jaguar1_efuse port;
	int st;

	if (!priv || !dvr_chip_efuse_map(chip))
		return DVR_E_NO_MEM;
	memset(id, 0, sizeof *id);
	id->sys_cfg = dvr_r32(io, REG_SYS_CFG);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "cannot read SYS_CFG (0xF0)");
	id->cut = (uint8_t)(((id->sys_cfg >> 12) & 0xF) + jd->cut_add);
	id->usb3 = chip->usb3;

	jaguar1_efuse_open(chip, &port);
	st = dvr_efuse_decode(jaguar1_efuse_read_phys, &port, size,
	                      chip->efuse, size, &used);
	if (st == DVR_OK && jd->efuse_extra)
		st = jd->efuse_extra(chip, &port);
	jaguar1_efuse_close(chip);
	if (st == DVR_OK)
		st = dvr_io_status(io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st,
		                     "EFUSE read failed at physical byte %zu", used);

	const uint8_t *e = chip->efuse;
	chip->efuse_blank = used == 0;
	id->crystal_cap = e[EFUSE_XTAL] == 0xFF ? 0x20 : (e[EFUSE_XTAL] & 0x3F);
	priv->bb_swing_2g = programmed_or(e[EFUSE_BB_SWING_2G], 0);
	priv->bb_swing_5g = programmed_or(e[EFUSE_BB_SWING_5G], 0);
	/* Blank or unprogrammed: the die's fixed locally administered
	 * address; monitor mode never uses it on the air. */
	memcpy(id->mac_addr, usable_mac(&e[jd->efuse_mac]) ? &e[jd->efuse_mac]
	                                                   : jd->fallback_mac,
	       6);
	return DVR_OK;
}
