/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Identification of a HalMAC chip: the die behind the USB id (SYS_CFG2),
 * its cut, paths and link speed (SYS_CFG1, SYS_CFG2), and the logical
 * EFUSE read through the 0x30 port and decoded (rtw88 efuse.c
 * rtw_dump_physical_efuse_map, rtw_dump_logical_efuse_map; main.c
 * rtw_chip_parameter_setup, rtw_chip_efuse_info_setup). The chip's own
 * fields of the map are read by its identify afterwards.
 */
#include <string.h>

#include "hal/common/efuse.h"
#include "hal/common/phy_table.h"
#include "hal/halmac/halmac.h"

#define REG_EFUSE_CTRL 0x0030
#define EFUSE_FLAG 0x80000000u
#define REG_LDO_EFUSE_CTRL 0x0034
#define REG_SYS_CFG1 0x00F0
#define REG_SYS_CFG2 0x00FC
#define EFUSE_TRIES 1000u
#define EFUSE_POLL_US 10u
/* Logical offsets every HalMAC chip keeps in the same place. */
#define EFUSE_XTAL 0xB9
#define EFUSE_RFE 0xCA

int halmac_probe_chip_id(struct dvr_chip *chip)
{
	const uint8_t want = halmac_data(chip)->chip_id;
	uint8_t id = dvr_r8(chip->io, REG_SYS_CFG2);
	int st = dvr_io_status(chip->io);

	if (st != DVR_OK)
		return st;
	if (id != want)
		return dvr_chip_fail(chip, DVR_E_NOT_FOUND, "chip id 0x%02x "
		                     "at 0xFC is not an %s (0x%02x)", id,
		                     chip->info->name, want);
	return DVR_OK;
}

struct efuse_port {
	struct dvr_io *io;
	unsigned size;
};

static int read_phys(void *ctx, unsigned addr, uint8_t *out)
{
	const struct efuse_port *port = ctx;
	struct dvr_io *io = port->io;

	if (addr >= port->size)
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

int halmac_read_phys_efuse(struct dvr_chip *chip, unsigned addr,
                           uint8_t *out)
{
	struct efuse_port port = { chip->io,
		                   halmac_data(chip)->efuse.phys_size };
	int st = read_phys(&port, addr, out);

	if (st == DVR_E_CHIP || st == DVR_E_INVALID) {
		*out = 0xFF;
		return DVR_OK;
	}
	return st;
}

int halmac_identify(struct dvr_chip *chip)
{
	const struct halmac_efuse_spec *es = &halmac_data(chip)->efuse;
	const size_t log_size = chip->info->efuse_log_size;
	struct dvr_io *io = chip->io;
	int st;

	if ((st = halmac_probe_chip_id(chip)) != DVR_OK)
		return st;
	uint32_t cfg1 = dvr_r32(io, REG_SYS_CFG1);
	memset(&chip->id, 0, sizeof chip->id);
	chip->id.sys_cfg = cfg1;
	chip->id.cut = (uint8_t)((cfg1 >> 12) & 0xF);   /* as read: 0 = A */
	chip->id.is_1t1r = !(cfg1 & (1u << 27));
	chip->id.usb3 = dvr_r8(io, REG_SYS_CFG2 + 3) == 0x20;

	if (!dvr_chip_efuse_map(chip))
		return dvr_chip_fail(chip, DVR_E_NO_MEM, "out of memory");
	dvr_w32_mask(io, REG_LDO_EFUSE_CTRL, 0x300, 0);  /* WiFi bank */
	dvr_clr8(io, es->ldo25_reg, es->ldo25_bit);
	struct efuse_port port = { io, es->phys_size };
	st = dvr_efuse_decode(read_phys, &port,
	                      es->phys_size - es->protected_size,
	                      chip->efuse, log_size, NULL);
	if (st == DVR_E_CHIP)
		return dvr_chip_fail(chip, st, "EFUSE read never completed "
		                     "(0x30 bit 31)");
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error reading the EFUSE");

	const uint8_t *e = chip->efuse;
	chip->efuse_blank = e[0] == 0xFF && e[1] == 0xFF;
	memcpy(chip->id.mac_addr, e + es->mac_addr, 6);
	/* A blank RFE byte: rtw88 has no default for these chips; 0 is the
	 * plain reference design. */
	chip->id.rfe_type = e[EFUSE_RFE] == 0xFF ? 0 : e[EFUSE_RFE];
	chip->id.crystal_cap = e[EFUSE_XTAL] == 0xFF ? 0 :
	                       (uint8_t)(e[EFUSE_XTAL] & es->xtal_mask);
	return dvr_io_status(io);
}

void halmac_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out)
{
	/* rtw88 phy.c rtw_phy_setup_phy_cond and check_positive (the branch
	 * of every chip after the 8812A/8821A): cut as read (A = 0 -> 15),
	 * package unknown (15), interface equal, RFE option exactly equal;
	 * the type bytes are not used. */
	*out = (struct dvr_phy_cond){
		.match = DVR_PHY_MATCH_RFE_EQUAL,
		.cut = chip->id.cut,
		.package = 0,
		.intf = DVR_PHY_INTF_USB,
		.platform = 0x04,
		.board = chip->id.rfe_type,
	};
}
