/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Identification of a HalMAC chip: the die behind the USB id (SYS_CFG2),
 * its cut, paths and link speed (SYS_CFG1, SYS_CFG2), and the logical
 * EFUSE read through the 0x30 port and decoded (rtw88 efuse.c
 * rtw_dump_physical_efuse_map, rtw_dump_logical_efuse_map; main.c
 * rtw_chip_parameter_setup, rtw_chip_efuse_info_setup), or, on a chip
 * whose EFUSE is the one-time-programmable kind of the RTL8822E, through
 * its power cut and burst mode (vendor rtl88x2eu halmac_efuse_8822e.c).
 * The chip's own fields of the map are read by its identify afterwards.
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
/* The OTP port (vendor rtl88x2eu halmac_bit_8822e.h, halmac_reg_8822e.h,
 * halmac_bit2.h). */
#define REG_SYS_ISO_CTRL 0x0000
#define ISO_EB2CORE (1u << 8)        /* BIT_ISO_EB2CORE */
#define PWC_EV2EF_S (1u << 14)       /* BIT_PWC_EV2EF_S_8822E */
#define PWC_EV2EF_B (1u << 15)       /* BIT_PWC_EV2EF_B_8822E */
#define REG_EFUSE_CTRL_1 0x00A4
#define EF_BURST (1u << 19)          /* BIT_EF_BURST */
#define REG_PMC_DBG_CTRL2 0x00CC
#define DIS_PMCREG_WRMSK 0x04        /* BIT_SYSON_DIS_PMCREG_WRMSK */
#define OTP_MODE_SEL 0xC0000000u     /* BITS_EF_MODE_SEL_8822E: 0 = read */
#define OTP_RDY (1u << 29)           /* BIT_EF_RDY_8822E */
#define OTP_ADDR_SHIFT 16            /* BIT_SHIFT_EF_ADDR_8822E */
#define OTP_ADDR_MASK 0x7FFu
#define OTP_DATA 0xFFFFu             /* BITS_EF_DATA_8822E */
/* The vendor polls RDY up to 10000 times 1 us apart (read_hw_efuse_8822e);
 * EFUSE_TRIES x EFUSE_POLL_US is the same 10 ms. */
/* Logical offsets every HalMAC chip keeps in the same place. */
#define EFUSE_XTAL 0xB9
/* The EFUSE grant of a chip whose efuse.grant is set (rtw88 reg.h
 * REG_EFUSE_ACCESS, BIT_FEN_ELDR, REG_SYS_CLKR, BIT_LOADER_CLK_EN,
 * BIT_ANA8M). */
#define REG_EFUSE_ACCESS 0x00CF
#define EFUSE_ACCESS_ON 0x69
#define EFUSE_ACCESS_OFF 0x00
#define REG_SYS_FUNC_EN 0x0002
#define FEN_ELDR (1u << 12)
#define REG_SYS_CLKR 0x0008
#define LOADER_CLK_EN (1u << 5)
#define ANA8M (1u << 1)
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
	enum halmac_efuse_port kind;
};

static int read_phys(void *ctx, unsigned addr, uint8_t *out)
{
	const struct efuse_port *port = ctx;
	struct dvr_io *io = port->io;
	uint32_t flag = EFUSE_FLAG;

	if (addr >= port->size)
		return DVR_E_INVALID;
	if (port->kind == HALMAC_EFUSE_PORT_OTP) {
		/* Address in [26:16], mode [31:30] 0 = read, RDY clear
		 * starts it (vendor read_hw_efuse_8822e). The other bits
		 * are kept: OpenIPC devourer (HalJaguar3.cpp
		 * efuse_phys_read_8822e) saw low addresses read 0xFF on
		 * an RTL8812EU when the whole word was written. */
		uint32_t v = dvr_r32(io, REG_EFUSE_CTRL);
		v &= ~(OTP_MODE_SEL | OTP_RDY |
		       (OTP_ADDR_MASK << OTP_ADDR_SHIFT) | OTP_DATA);
		dvr_w32(io, REG_EFUSE_CTRL,
		        v | ((uint32_t)addr & OTP_ADDR_MASK) << OTP_ADDR_SHIFT);
		flag = OTP_RDY;
	} else {
		/* Address in [17:8], flag clear = read; the chip sets the
		 * flag once [7:0] holds the byte. */
		dvr_w32(io, REG_EFUSE_CTRL, (uint32_t)addr << 8);
	}
	int st = dvr_poll32(io, REG_EFUSE_CTRL, flag, flag, EFUSE_TRIES,
	                    EFUSE_POLL_US);
	if (st != DVR_OK)
		return st;
	*out = (uint8_t)dvr_r32(io, REG_EFUSE_CTRL);
	return dvr_io_status(io);
}

/*
 * The OTP's software power cut and burst mode, in (on) and out (vendor
 * rtl88x2eu halmac_efuse_8822e.c enable_efuse_sw_pwr_cut and
 * disable_efuse_sw_pwr_cut with is_write 0, around the burst-mode
 * writes of read_hw_efuse_8822e). Without the power cut every byte reads
 * 0xFF, without burst mode bytes intermittently do (OpenIPC devourer
 * HalJaguar3.cpp efuse_pwr_cut_8822e).
 */
static void otp_power(struct dvr_io *io, bool on)
{
	if (on) {
		dvr_set8(io, REG_PMC_DBG_CTRL2, DIS_PMCREG_WRMSK);
		dvr_w16(io, REG_SYS_ISO_CTRL, (uint16_t)(dvr_r16(
		        io, REG_SYS_ISO_CTRL) | PWC_EV2EF_S));
		dvr_delay_us(1000);
		dvr_w16(io, REG_SYS_ISO_CTRL, (uint16_t)(dvr_r16(
		        io, REG_SYS_ISO_CTRL) | PWC_EV2EF_B));
		dvr_w16(io, REG_SYS_ISO_CTRL, (uint16_t)(dvr_r16(
		        io, REG_SYS_ISO_CTRL) & ~ISO_EB2CORE));
		dvr_set32(io, REG_EFUSE_CTRL_1, EF_BURST);
	} else {
		dvr_clr32(io, REG_EFUSE_CTRL_1, EF_BURST);
		dvr_w16(io, REG_SYS_ISO_CTRL, (uint16_t)(dvr_r16(
		        io, REG_SYS_ISO_CTRL) | ISO_EB2CORE));
		dvr_w16(io, REG_SYS_ISO_CTRL, (uint16_t)(dvr_r16(
		        io, REG_SYS_ISO_CTRL) & ~PWC_EV2EF_B));
		dvr_delay_us(1000);
		dvr_w16(io, REG_SYS_ISO_CTRL, (uint16_t)(dvr_r16(
		        io, REG_SYS_ISO_CTRL) & ~PWC_EV2EF_S));
		dvr_clr8(io, REG_PMC_DBG_CTRL2, DIS_PMCREG_WRMSK);
	}
}

int halmac_read_phys_efuse(struct dvr_chip *chip, unsigned addr,
                           uint8_t *out)
{
	const struct halmac_efuse_spec *es = &halmac_data(chip)->efuse;
	struct efuse_port port = { chip->io, es->phys_size, es->port };
	const bool otp = es->port == HALMAC_EFUSE_PORT_OTP;

	if (otp)
		otp_power(chip->io, true);
	int st = read_phys(&port, addr, out);
	if (otp)
		otp_power(chip->io, false);
	if (st == DVR_E_CHIP || st == DVR_E_INVALID) {
		*out = 0xFF;
		st = DVR_OK;
	}
	return st == DVR_OK ? dvr_io_status(chip->io) : st;
}

/* The logical map from the physical bytes, by the chip's port. */
static int read_map(struct dvr_chip *chip, const struct halmac_efuse_spec *es)
{
	struct dvr_io *io = chip->io;
	struct efuse_port port = { io, es->phys_size, es->port };
	const size_t log_size = chip->info->efuse_log_size;
	const size_t usable = es->phys_size - es->protected_size;

	if (es->port == HALMAC_EFUSE_PORT_OTP) {
		otp_power(io, true);
		int st = dvr_efuse_decode_2byte(read_phys, &port,
		                                es->phys_start, usable,
		                                chip->efuse, log_size, NULL);
		/* Out of the power cut whatever happened: the chip's core
		 * is isolated from its EFUSE until then. */
		otp_power(io, false);
		return st;
	}
	if (es->grant) {
		/* rtw88 rtw8814a.c rtw8814a_efuse_grant: the access key,
		 * the loader on, its clocks on. */
		dvr_w8(io, REG_EFUSE_ACCESS, EFUSE_ACCESS_ON);
		dvr_w16(io, REG_SYS_FUNC_EN,
		        (uint16_t)(dvr_r16(io, REG_SYS_FUNC_EN) | FEN_ELDR));
		dvr_w16(io, REG_SYS_CLKR, (uint16_t)(dvr_r16(io, REG_SYS_CLKR) |
		                                     LOADER_CLK_EN | ANA8M));
	}
	dvr_w32_mask(io, REG_LDO_EFUSE_CTRL, 0x300, 0);  /* WiFi bank */
	if (es->ldo25_bit)
		dvr_clr8(io, es->ldo25_reg, es->ldo25_bit);
	int st = dvr_efuse_decode(read_phys, &port, usable, chip->efuse,
	                          log_size, NULL);
	if (es->grant)
		dvr_w8(io, REG_EFUSE_ACCESS, EFUSE_ACCESS_OFF);
	return st;
}

int halmac_identify_chip(struct dvr_chip *chip)
{
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
	return dvr_io_status(io);
}

int halmac_identify(struct dvr_chip *chip)
{
	int st;

	if ((st = halmac_identify_chip(chip)) != DVR_OK)
		return st;
	return halmac_read_efuse(chip);
}

int halmac_read_efuse(struct dvr_chip *chip)
{
	const struct halmac_efuse_spec *es = &halmac_data(chip)->efuse;
	struct dvr_io *io = chip->io;
	int st;

	if (!dvr_chip_efuse_map(chip))
		return dvr_chip_fail(chip, DVR_E_NO_MEM, "out of memory");
	st = read_map(chip, es);
	if (st == DVR_E_CHIP)
		return dvr_chip_fail(chip, st, "EFUSE read never completed "
		                     "(0x30 bit %d)",
		                     es->port == HALMAC_EFUSE_PORT_OTP ? 29 : 31);
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
