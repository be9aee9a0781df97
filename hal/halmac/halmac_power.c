/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Card enable / disable of the HalMAC chips: the steps before the chip's
 * power sequence (rtw88 mac.c rtw_mac_pre_system_cfg, 3081-CPU branch),
 * the sequence itself from the chip data through hal/common/card_power
 * (rtw_mac_power_switch), and the system set-up after it
 * (__rtw_mac_init_system_cfg). Also the optional USB2 -> USB3
 * re-enumeration.
 */
#include "hal/common/card_power.h"
#include "hal/halmac/halmac.h"

#define REG_SYS_FUNC_EN 0x0002
#define REG_SYS_FUNC_EN_HI 0x0003
#define REG_RSV_CTRL 0x001C
#define REG_RF_CTRL 0x001F
#define REG_GPIO_MUXCFG 0x0040
#define REG_LED_CFG 0x004C
#define REG_PAD_CTRL1 0x0064
#define REG_MCUFW_CTRL 0x0080
#define REG_WIFI_BT_INFO 0x00AA
#define REG_PAD_CTRL2 0x00C4
#define REG_WLRF1 0x00EC
#define REG_SYS_STATUS1_HI 0x00F5
#define REG_SYS_CFG2_B3 0x00FF
#define REG_CR 0x0100
#define REG_RCR 0x0608
#define REG_CPU_DMEM_CON 0x1080
#define REG_SW_MDIO_B3 0x10C3
#define REG_CR_EXT_B3 0x1103
#define REG_RPWM 0xFE58
#define REG_USB3_PHY_ADR 0xFF0C
#define USB3_PHY_WRITE 0x80
#define REG_USB3_PHY_DAT_L 0xFF0D
#define REG_USB3_PHY_DAT_H 0xFF0E
#define RPWM_TOGGLE 0x80
#define FW_RUNNING 0xC078
#define BOOT_FSPI_EN (1u << 20)
#define FSPI_EN (1u << 19)
#define CR_POWERED_OFF 0xEA
/* Logical EFUSE byte whose bit 7 allows the USB3 switch. */
#define EFUSE_USB_MODE 0x06

static void pre_system_cfg(struct dvr_io *io)
{
	dvr_w8(io, REG_RSV_CTRL, 0);
	/* PAPE / LNA_ON driven from WL or BT; WL RFE control pins 4/5. */
	dvr_set32(io, REG_PAD_CTRL1, (1u << 29) | (1u << 28));
	dvr_clr32(io, REG_LED_CFG, (1u << 26) | (1u << 25));
	dvr_set32(io, REG_GPIO_MUXCFG, 1u << 2);
	/* BB and RF held off until phy_init. */
	dvr_clr8(io, REG_SYS_FUNC_EN, 0x03);
	dvr_clr8(io, REG_RF_CTRL, 0x07);
	dvr_clr32(io, REG_WLRF1, (1u << 26) | (1u << 25) | (1u << 24));
}

static bool mac_is_on(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	if (dvr_r8(io, REG_CR) == CR_POWERED_OFF)
		return false;
	if (halmac_data(chip)->pwr_state_cr_only)
		return true;
	return !(dvr_r8(io, REG_SYS_STATUS1_HI) & 0x01);
}

static int run_flow(struct dvr_chip *chip, const struct dvr_pwr_cmd *const *f,
                    const char *what)
{
	uint16_t row = 0;
	int st = dvr_chip_pwr_flow(chip, f, DVR_PWR_POLL_TRIES, &row);

	if (st == DVR_E_CHIP)
		return dvr_chip_fail(chip, st, "%s: register 0x%04x never "
		                     "reached its value", what, row);
	return st;
}

static void init_system_cfg(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	/* WL platform out of reset, DDMA on (the firmware loader needs
	 * it), CPU-side function enables. */
	dvr_set32(io, REG_CPU_DMEM_CON, (1u << 16) | (1u << 8));
	dvr_set8(io, REG_SYS_FUNC_EN_HI, halmac_data(chip)->sys_func_en);
	dvr_w8_mask(io, REG_CR_EXT_B3, 0x0F, 0x0C);   /* PHY request delay */
	uint32_t fw = dvr_r32(io, REG_MCUFW_CTRL);
	if (fw & BOOT_FSPI_EN) {
		/* Boot from SPI flash would race our download. */
		dvr_w32(io, REG_MCUFW_CTRL, fw & ~BOOT_FSPI_EN);
		dvr_clr32(io, REG_GPIO_MUXCFG, FSPI_EN);
	}
	const struct halmac_data *d = halmac_data(chip);
	if (d->sys_cut_mask & (1u << (chip->id.cut & 0xF)))
		halmac_reg_ops_run(io, d->sys_cut_ops, d->n_sys_cut_ops);
}

/* rtw88 usb.c rtw_usb_phy_cfg and rtw_usb_phy_write: the chip's USB3
 * PHY parameters for its cut, through the PHY port at 0xFF0C-0xFF0E.
 * rtw88 writes them at probe whatever the link speed; here the card
 * enable is the first step that knows the cut. */
static void usb3_phy_cfg(struct dvr_chip *chip)
{
	const struct halmac_data *d = halmac_data(chip);

	for (size_t i = 0; i < d->n_usb3_phy; i++) {
		const struct halmac_usb_phy_param *p = &d->usb3_phy[i];
		if (!(p->cut_mask & (1u << (chip->id.cut & 0xF))))
			continue;
		dvr_w8(chip->io, REG_USB3_PHY_DAT_L, (uint8_t)p->value);
		dvr_w8(chip->io, REG_USB3_PHY_DAT_H, (uint8_t)(p->value >> 8));
		dvr_w8(chip->io, REG_USB3_PHY_ADR, p->addr | USB3_PHY_WRITE);
	}
}

int halmac_power_on(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	int st;

	usb3_phy_cfg(chip);
	pre_system_cfg(io);
	/* A firmware still running from a previous user is woken so that
	 * it lets the power sequence through. */
	if (dvr_r16(io, REG_MCUFW_CTRL) == FW_RUNNING)
		dvr_w8(io, REG_RPWM,
		       (uint8_t)((dvr_r8(io, REG_RPWM) ^ RPWM_TOGGLE) &
		                 RPWM_TOGGLE));
	/* Powered already (left by a kernel driver or an earlier run):
	 * power off first so the chip starts from its reset state. */
	if (mac_is_on(chip) && dvr_io_status(io) == DVR_OK)
		run_flow(chip, chip->info->pwr_off_flow, "card disable");
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error before power-on");
	st = run_flow(chip, chip->info->pwr_on_flow, "card enable");
	if (st != DVR_OK)
		return st;
	if (!halmac_data(chip)->pwr_state_cr_only)
		dvr_clr8(io, REG_SYS_STATUS1_HI, 0x01);
	init_system_cfg(chip);
	return dvr_io_status(io);
}

void halmac_power_off(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	/* Tell the coex side WLAN is going away (rtw88 coex.c
	 * rtw_coex_power_off_setting), stop the MAC so the device
	 * re-enumerates cleanly (devourer), then card disable. */
	dvr_w16(io, REG_WIFI_BT_INFO, 0x8000);
	dvr_w8(io, REG_CR, 0);
	dvr_w32(io, REG_RCR, 0);
	if (dvr_io_status(io) == DVR_OK)
		run_flow(chip, chip->info->pwr_off_flow, "card disable");
	dvr_chip_state_free(chip);
}

int halmac_usb3_switch(struct dvr_chip *chip, bool *reenumerating)
{
	struct dvr_io *io = chip->io;

	if (!reenumerating)
		return DVR_E_INVALID;
	*reenumerating = false;
	/* The permission is in the EFUSE, which identify reads: rtw88
	 * usb.c rtw_usb_probe runs rtw_chip_info_setup (EFUSE included)
	 * before rtw_usb_switch_mode, and the core asks for the switch
	 * before the bring-up's identify. */
	if (!chip->efuse) {
		int st = chip->info->ops->identify(chip);
		if (st != DVR_OK)
			return st;
	}
	const uint8_t mode = chip->efuse ? chip->efuse[EFUSE_USB_MODE] : 0xFF;
	if (!halmac_data(chip)->efuse.usb3_mode_byte || mode == 0xFF ||
	    !(mode & 0x80))
		return DVR_OK;                 /* EFUSE does not allow it */
	if (dvr_r8(io, REG_SYS_CFG2_B3) == 0x20)
		return dvr_io_status(io);      /* already SuperSpeed */
	/* rtw88 usb.c rtw_usb_switch_mode_new: PAD_CTRL2 says whether the
	 * port can, then asks for mode 2 and re-enumeration. */
	uint32_t pad = dvr_r32(io, REG_PAD_CTRL2);
	unsigned mode2 = (pad >> 18) & 3;
	if ((mode2 == 0 && !(pad & (1u << 20))) || mode2 == 2)
		return dvr_io_status(io);
	if (halmac_data(chip)->usb3_iowrap_timeout)
		dvr_clr8(io, REG_SW_MDIO_B3, 0x01);
	dvr_w32_mask(io, REG_PAD_CTRL2, 0x000C0000u, 2);
	dvr_set32(io, REG_PAD_CTRL2, 1u << 16);
	dvr_w8(io, REG_PAD_CTRL2 + 1, 0x04);
	dvr_set32(io, 0x0004, 1u << 9);        /* APFM_OFFMAC */
	dvr_delay_ms(1);
	dvr_set32(io, REG_PAD_CTRL2, 1u << 17);
	int st = dvr_io_status(io);
	if (st == DVR_OK)
		*reenumerating = true;
	return st;
}
