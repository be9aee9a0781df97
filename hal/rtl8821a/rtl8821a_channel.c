/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8821A's own part of a band switch (the rest is the family's,
 * hal/jaguar1/jaguar1_channel.c; rtw88 rtw88xxa.c rtw88xxa_switch_band,
 * the 8821A branch): the external band switch of a single-antenna board
 * without BT (rtw8821a_set_ext_band_switch: rtw88 disables antenna
 * diversity, so every part without BT drives it), the RFE pins of path A
 * (rtw8821a_phy_set_rfe_reg_24g / _5g) and the TX scaler's AGC table
 * select, 0xC1C [11:8]. rtw88 sets the 5 GHz pins before 0x454's CCK
 * check and the TX-empty wait, the family after them: the pins follow a
 * band the queues have already left either way. The 8821A has no spur
 * fix (rtw88 runs rtw8812a_phy_fix_spur on the 8812A only).
 */
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8821a/rtl8821a.h"

#define REG_LED_CFG   0x004C
#define DPDT_WL_SEL   BIT(24)
#define DPDT_SEL_EN   BIT(23)

/* Which band the board's band switch passes: WLAN's baseband drives it
 * (not the MAC), RFE pins 8/9 as its control at level 1 for 2.4 GHz, 2
 * for 5 GHz. */
static void ext_band_switch(struct dvr_io *io, bool is_5g)
{
	uint32_t led = dvr_r32(io, REG_LED_CFG);
	dvr_w32(io, REG_LED_CFG, (led & ~DPDT_SEL_EN) | DPDT_WL_SEL);
	dvr_w32_mask(io, REG_A_RFE_INV, 0x000000FFu, 0x77);
	dvr_w32_mask(io, REG_A_RFE_INV, 0x30000000u, is_5g ? 2 : 1);
}

/* Path A's RFE pins: LNA_ON [15:12] and PAPE [7:4] on for 5 GHz (5, 4)
 * and off for 2.4 GHz (7); pins [2:0] and [10:8] with 0xCB4 bits 20/22
 * route a 2.4 GHz external LNA in when the board has one, else bypass
 * it. */
static void rfe_pins(struct dvr_chip *chip, bool is_5g)
{
	struct dvr_io *io = chip->io;
	bool ext_lna = !is_5g && chip->id.ext_lna_2g;
	uint32_t pins = is_5g ? 0x5040u : 0x7070u;
	uint32_t lna_pins = ext_lna ? 0x202u : 0x707u;

	dvr_w32_mask(io, REG_A_RFE_PINMUX, 0xF0F0u, pins >> 4);
	dvr_w32_mask(io, REG_A_RFE_INV, BIT(20) | BIT(22), ext_lna ? 1 : 0);
	dvr_w32_mask(io, REG_A_RFE_PINMUX, 0x707u, lna_pins);
}

void rtl8821a_band_regs(struct dvr_chip *chip, bool is_5g, unsigned bw)
{
	(void)bw;
	if (!jaguar1_priv(chip) || !jaguar1_priv(chip)->btcoex)
		ext_band_switch(chip->io, is_5g);
	rfe_pins(chip, is_5g);
	dvr_w32_mask(chip->io, REG_A_TXSCALE, 0x00000F00u, is_5g ? 1 : 0);
}
