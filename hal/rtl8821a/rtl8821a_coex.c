/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The antenna switch the RTL8821AU's WLAN and Bluetooth halves share, and
 * BB/RF bring-up ending with WLAN holding it. rtw88 sets the switch from
 * its coex state machine (rtw8821a.c rtw8821a_coex_cfg_ant_switch); a
 * monitor/injection driver runs no Bluetooth stack, so it takes the
 * WLAN-only phase (COEX_SET_ANT_WONLY) and keeps it: the MAC's DPDT
 * select off, the WLAN baseband's on, the PTA's software control off,
 * RFE pins 8/9 as the DPDT pins at level 1. A part without BT (RTL8811AU)
 * has no such switch: its band switch drives the external band switch
 * instead (rtl8821a_channel.c).
 */
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8821a/rtl8821a.h"

#define REG_LED_CFG      0x004C
#define DPDT_WL_SEL      BIT(24)
#define DPDT_SEL_EN      BIT(23)
#define REG_GNT_BT       0x0765
#define PTA_SW_CTL       0x18     /* bits 4:3 */
#define REG_RFE_CTRL8    0x0CB4
#define DPDT_CTRL_PIN    0x77
#define RFE_CTRL8_LEVEL  0x30000000u

void rtl8821a_antenna_to_wlan(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	const struct jaguar1_priv *priv = jaguar1_priv(chip);

	if (!priv || !priv->btcoex)
		return;
	uint32_t led = dvr_r32(io, REG_LED_CFG);
	dvr_w32(io, REG_LED_CFG, (led & ~DPDT_SEL_EN) | DPDT_WL_SEL);
	dvr_clr8(io, REG_GNT_BT, PTA_SW_CTL);
	dvr_w8(io, REG_RFE_CTRL8, DPDT_CTRL_PIN);
	dvr_w32_mask(io, REG_RFE_CTRL8, RFE_CTRL8_LEVEL, 1);
}

int rtl8821a_phy_init(struct dvr_chip *chip)
{
	int st = jaguar1_phy_init(chip);
	if (st != DVR_OK)
		return st;
	rtl8821a_antenna_to_wlan(chip);
	if ((st = dvr_io_status(chip->io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "antenna switch to WLAN failed");
	return DVR_OK;
}
