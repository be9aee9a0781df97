/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * identify: chip id and cut from SYS_CFG, EFUSE (MAC address, RFE option,
 * crystal, BT presence, USB3 permission) — rtw88 efuse.c and rtw8822c.c
 * rtw8822c_read_efuse, main.c rtw_chip_parameter_setup.
 */
#include <stdlib.h>
#include <string.h>

#include "hal/common/efuse.h"
#include "hal/rtl8822c/rtl8822c.h"

#define REG_LDO25 0x0029          /* 8822C: bit 0 = 2.5 V LDO for EFUSE */
#define REG_EFUSE_CTRL 0x0030
#define EFUSE_FLAG 0x80000000u
#define REG_LDO_EFUSE_CTRL 0x0034
#define REG_SYS_CFG1 0x00F0
#define REG_SYS_CFG2 0x00FC
#define EFUSE_TRIES 1000u
#define EFUSE_POLL_US 10u

int rtl8822c_probe_chip_id(struct dvr_chip *chip)
{
	uint8_t id = dvr_r8(chip->io, REG_SYS_CFG2);
	int st = dvr_io_status(chip->io);

	if (st != DVR_OK)
		return st;
	if (id != RTL8822C_CHIP_ID)
		return dvr_chip_fail(chip, DVR_E_NOT_FOUND, "chip id 0x%02x "
		                     "at 0xFC is not an RTL8822C (0x%02x)", id,
		                     RTL8822C_CHIP_ID);
	return DVR_OK;
}

static int read_phys(void *ctx, unsigned addr, uint8_t *out)
{
	struct dvr_io *io = ctx;

	if (addr >= RTL8822C_EFUSE_PHYS)
		return DVR_E_INVALID;
	/* Address in [17:8], flag clear = read; the chip sets the flag
	 * once [7:0] holds the byte. */
	dvr_w32(io, REG_EFUSE_CTRL, (uint32_t)addr << 8);
	int st = dvr_poll32(io, REG_EFUSE_CTRL, EFUSE_FLAG, EFUSE_FLAG,
	                    EFUSE_TRIES, EFUSE_POLL_US);
	if (st != DVR_OK)
		return st;
	*out = (uint8_t)dvr_r32(io, REG_EFUSE_CTRL);
	return dvr_io_status(io);
}

int rtl8822c_read_phys_efuse(struct dvr_chip *chip, unsigned addr,
                             uint8_t *out)
{
	int st = read_phys(chip->io, addr, out);

	if (st == DVR_E_CHIP || st == DVR_E_INVALID) {
		*out = 0xFF;
		return DVR_OK;
	}
	return st;
}

int rtl8822c_identify(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct rtl8822c_priv *priv = rtl8822c_priv(chip);
	int st;

	if ((st = rtl8822c_probe_chip_id(chip)) != DVR_OK)
		return st;
	uint32_t cfg1 = dvr_r32(io, REG_SYS_CFG1);
	memset(&chip->id, 0, sizeof chip->id);
	chip->id.sys_cfg = cfg1;
	chip->id.cut = (uint8_t)((cfg1 >> 12) & 0xF);   /* as read: 0 = A */
	chip->id.is_1t1r = !(cfg1 & (1u << 27));
	chip->id.usb3 = dvr_r8(io, REG_SYS_CFG2 + 3) == 0x20;

	if (!priv) {
		priv = calloc(1, sizeof *priv);
		if (!priv)
			return dvr_chip_fail(chip, DVR_E_NO_MEM, "out of memory");
		chip->priv = priv;
		priv->tx_power_asked = -1;
	}
	dvr_w32_mask(io, REG_LDO_EFUSE_CTRL, 0x300, 0);  /* WiFi bank */
	dvr_clr8(io, REG_LDO25, 0x01);
	st = dvr_efuse_decode(read_phys, io,
	                      RTL8822C_EFUSE_PHYS - RTL8822C_EFUSE_PROTECTED,
	                      priv->efuse, sizeof priv->efuse, NULL);
	if (st == DVR_E_CHIP)
		return dvr_chip_fail(chip, st, "EFUSE read never completed "
		                     "(0x30 bit 31)");
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error reading the EFUSE");

	const uint8_t *e = priv->efuse;
	priv->efuse_blank = e[0] == 0xFF && e[1] == 0xFF;
	memcpy(chip->id.mac_addr, e + EFUSE8822C_MAC, 6);
	/* A blank RFE byte: rtw88 has no default for this chip; 0 is the
	 * plain reference design and the only value with its own table
	 * branches besides 1..6/21/22. */
	chip->id.rfe_type = e[EFUSE8822C_RFE] == 0xFF ? 0 : e[EFUSE8822C_RFE];
	chip->id.crystal_cap = e[EFUSE8822C_XTAL] == 0xFF ? 0 :
	                       (uint8_t)(e[EFUSE8822C_XTAL] & 0x7F);
	priv->btcoex = (e[EFUSE8822C_RF_BOARD] & 0xE0) == 0x20;
	priv->usb3_switch_ok = e[EFUSE8822C_USB_MODE] != 0xFF &&
	                       (e[EFUSE8822C_USB_MODE] & 0x80);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return st;
	return rtl8822c_txpower_tables_load(chip);
}
