/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar1 card enable and disable around the chip's power flows (rtw88
 * rtw88xxa.c rtw88xxa_power_on, rtw88xxau_hw_reset,
 * rtw88xxau_init_power_on, rtw88xxa_power_off).
 */
#include <stdlib.h>

#include "hal/common/card_power.h"
#include "hal/common/fw_8051.h"
#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"

#define MAC_OFF_POLL_TRIES 100u
#define MAC_OFF_POLL_US 50u

/* Firmware left running by a previous user: stop it and reset MAC/BB/RF
 * the light way before the power sequence. */
static int hw_reset(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	(void)dvr_fw_8051_reset_cpu(chip);
	dvr_w8(io, REG_MCUFW_CTRL, 0x00);
	dvr_set32(io, REG_BB_XCD_RF_PARA, BIT(6));  /* gate BB clock first */
	dvr_clr8(io, REG_SYS_FUNC_EN, SYS_FUNC_BBRSTB | SYS_FUNC_BB_GLB_RST);
	dvr_w8(io, REG_RF_CTRL, 0);
	dvr_w16(io, REG_CR, 0);
	dvr_set8(io, REG_APS_FSMCO_B1, APFM_OFFMAC);
	int st = dvr_poll8(io, REG_APS_FSMCO_B1, APFM_OFFMAC, 0,
	                   MAC_OFF_POLL_TRIES, MAC_OFF_POLL_US);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "MAC did not power off (0x05 bit1 "
		                     "stayed set) during reset");
	dvr_set8(io, REG_APS_FSMCO_B1, APFM_ONMAC);
	dvr_clr8(io, REG_SYS_FUNC_EN_HI, BIT(4) | BIT(7));
	dvr_set8(io, REG_SYS_FUNC_EN_HI, BIT(4) | BIT(7));
	return dvr_io_status(io);
}

int jaguar1_power_on(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	const struct jaguar1_data *jd = jaguar1_data(chip);
	int st;

	for (size_t i = 0; jd && i < jd->n_pre_power_writes; i++)
		dvr_w8(io, jd->pre_power_writes[i].addr,
		       jd->pre_power_writes[i].value);

	if (dvr_r8(io, REG_MCUFW_CTRL) & MCUFW_RAM_DL_SEL) {
		if ((st = hw_reset(chip)) != DVR_OK)
			return st;
	}
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "register access failed before "
		                     "the power sequence");
	if ((st = dvr_card_enable(chip)) != DVR_OK)
		return st;

	dvr_w16(io, REG_CR, 0);
	dvr_w16(io, REG_CR, CR_INIT_ENABLES);
	if (jd && jd->ldo_from_strap &&
	    (dvr_r8(io, REG_SYS_CFG + 3) & BIT(0)))
		dvr_set8(io, REG_LDO_SWR_CTRL, BIT(6));

	/* The LLT must exist before the firmware download; the queue pages
	 * that use it are programmed after the MAC table (mac_init), in
	 * the order rtw88 and the vendor driver both use. */
	if ((st = jaguar1_llt_init(chip)) != DVR_OK)
		return st;
	dvr_set32(io, REG_TXDMA_OFFSET_CHK, DROP_DATA_EN);

	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "register access failed during "
		                     "power-on");
	if (jaguar1_priv(chip))
		jaguar1_priv(chip)->band = JAGUAR1_BAND_NONE;
	jaguar1_hop_forget(chip);
	return DVR_OK;
}

void jaguar1_power_off(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	const struct dvr_chip_info *info = chip->info;
	uint8_t r05;

	if (io && dvr_io_status(io) == DVR_OK) {
		uint8_t cr = dvr_r8(io, REG_CR);
		/* 0 or 0xEA: the MAC is already off. */
		if (cr != 0 && cr != 0xEA) {
			/* EN_SIC (0x40 bit 12) is the BT-coex serial link:
			 * rtw88 rtw88xxa_power_off leaves it on BT boards. */
			if (!jaguar1_priv(chip) || !jaguar1_priv(chip)->btcoex)
				dvr_clr8(io, REG_GPIO_MUXCFG + 1, BIT(4));
			if (chip->usb3)
				dvr_set8(io, REG_USB_MOD, BIT(4) | BIT(3));
			dvr_w32(io, REG_HISR0, 0xFFFFFFFFu);
			dvr_w32(io, REG_HISR1, 0xFFFFFFFFu);
			dvr_w32(io, REG_HIMR0, 0);
			dvr_w32(io, REG_HIMR1, 0);
			r05 = dvr_r8(io, REG_APS_FSMCO_B1);
			dvr_w8(io, REG_APS_FSMCO_B1,
			       (uint8_t)(r05 & ~APS_FSMCO_B1_BIT15));
			dvr_clr8(io, REG_TX_RPT_CTRL, BIT(1));
			dvr_w8(io, REG_CR, 0);
			/* Best effort: a failed step still lets the rest run. */
			if (info->pwr_lps_flow)
				(void)dvr_chip_pwr_flow(chip, info->pwr_lps_flow,
				                        DVR_PWR_TEARDOWN_POLL_TRIES,
				                        NULL);
			if (dvr_r8(io, REG_MCUFW_CTRL) & MCUFW_RAM_DL_SEL)
				(void)dvr_fw_8051_reset_cpu(chip);
			dvr_clr8(io, REG_SYS_FUNC_EN_HI, SYS_FUNC_HI_CPU_EN);
			dvr_w8(io, REG_MCUFW_CTRL, 0);
			(void)dvr_chip_pwr_flow(chip, info->pwr_off_flow,
			                        DVR_PWR_TEARDOWN_POLL_TRIES, NULL);
			uint8_t now = dvr_r8(io, REG_APS_FSMCO_B1);
			dvr_w8(io, REG_APS_FSMCO_B1,
			       (uint8_t)((now & ~APS_FSMCO_B1_BIT15) |
			                 (r05 & APS_FSMCO_B1_BIT15)));
		}
	}
	dvr_chip_state_free(chip);
}
