/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8812A's own part of the band and channel switch (the rest is the
 * family's, hal/jaguar1/jaguar1_channel.c): its band registers (rtw88
 * rtw88xxa.c rtw88xxa_switch_band, the branch that is not the 8821A's)
 * with the RFE pin mux of its board types (rtw8812a_phy_set_rfe_reg_24g,
 * rtw8812a_phy_set_rfe_reg_5g), and its ADC clock spur fix
 * (rtw8812a_phy_fix_spur).
 */
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8812a/rtl8812a.h"

#define CUT_C 2u

/* RFE pin mux per RFE type, 8812A (rtw88 rtw8812a_phy_set_rfe_reg_24g/_5g). */
static void set_rfe(struct dvr_chip *chip, bool is_5g)
{
	struct dvr_io *io = chip->io;
	uint32_t pinmux, inv_a, inv_b;
	bool reg900 = false;

	switch (chip->id.rfe_type) {
	case 3:
		pinmux = is_5g ? 0x54337717u : 0x54337770u;
		inv_a = inv_b = 0x010;
		reg900 = true;
		break;
	case 4:
		pinmux = is_5g ? 0x77337777u : 0x77777777u;
		inv_a = inv_b = is_5g ? 0x010 : 0x001;
		break;
	case 5:
		dvr_w8(io, REG_A_RFE_PINMUX + 2, is_5g ? 0x33 : 0x77);
		dvr_w32(io, REG_B_RFE_PINMUX, is_5g ? 0x77337777u : 0x77777777u);
		if (is_5g)
			dvr_set8(io, REG_A_RFE_INV + 3, BIT(0));
		else
			dvr_clr8(io, REG_A_RFE_INV + 3, BIT(0));
		dvr_w32_mask(io, REG_B_RFE_INV, RFE_INV_MASK, is_5g ? 0x010 : 0);
		return;
	case 6:
		pinmux = is_5g ? 0x07737717u : 0x07772770u;
		dvr_w32(io, REG_A_RFE_PINMUX, pinmux);
		dvr_w32(io, REG_B_RFE_PINMUX, pinmux);
		dvr_w32(io, REG_A_RFE_INV, 0x00000077u);
		dvr_w32(io, REG_B_RFE_INV, 0x00000077u);
		return;
	case 1:
		if (jaguar1_priv(chip) && jaguar1_priv(chip)->btcoex) {
			/* BT owns pins 6/7 of path A and inverter bits 26/27:
			 * leave them alone (rtw88 rtw8812a_phy_set_rfe_reg_*g,
			 * type 1 with btcoex). */
			dvr_w32_mask(io, REG_A_RFE_PINMUX, 0x00FFFFFFu,
			             is_5g ? 0x337717u : 0x777777u);
			dvr_w32(io, REG_B_RFE_PINMUX,
			        is_5g ? 0x77337717u : 0x77777777u);
			dvr_w32_mask(io, REG_A_RFE_INV, 0x33F00000u, 0);
			dvr_w32_mask(io, REG_B_RFE_INV, RFE_INV_MASK, 0);
			return;
		}
		pinmux = is_5g ? 0x77337717u : 0x77777777u;
		inv_a = inv_b = 0;
		break;
	case 2:
		pinmux = is_5g ? 0x77337777u : 0x77777777u;
		inv_a = inv_b = is_5g ? 0x010 : 0;
		break;
	default:
		/* Type 0 and unknown types: the common internal-PA layout. */
		pinmux = is_5g ? 0x77337717u : 0x77777777u;
		inv_a = inv_b = is_5g ? 0x010 : 0;
		break;
	}
	dvr_w32(io, REG_A_RFE_PINMUX, pinmux);
	dvr_w32(io, REG_B_RFE_PINMUX, pinmux);
	dvr_w32_mask(io, REG_A_RFE_INV, RFE_INV_MASK, inv_a);
	dvr_w32_mask(io, REG_B_RFE_INV, RFE_INV_MASK, inv_b);
	if (reg900)
		dvr_w32_mask(io, REG_BB_RFE_900, 0x303, 1);
}

/* Between the RX and TX path selects of a band switch (rtw88
 * rtw88xxa_switch_band): BW indication, packet-detect thresholds, the
 * AGC table of the band, the RFE pins. */
void rtl8812a_band_regs(struct dvr_chip *chip, bool is_5g, unsigned bw)
{
	struct dvr_io *io = chip->io;

	dvr_w32_mask(io, REG_BB_BWINDICATION, 0x3, is_5g ? 2 : 1);
	dvr_w32_mask(io, REG_BB_PDMFTH, 0x0003E000u, is_5g ? 0x15 : 0x17);
	unsigned pd = 4;
	if (!is_5g && bw == 20 && chip->id.is_1t1r && !chip->id.ext_lna_2g)
		pd = 2;
	dvr_w32_mask(io, REG_BB_PDMFTH, 0x0000000Eu, pd);
	dvr_w32_mask(io, REG_BB_CCASEL, 0x3, is_5g ? 1 : 0); /* AGC table */
	set_rfe(chip, is_5g);
}

void rtl8812a_fix_spur(struct dvr_chip *chip, unsigned bw, unsigned center)
{
	struct dvr_io *io = chip->io;

	if (chip->id.cut == CUT_C) {
		dvr_w32_mask(io, REG_BB_ADCCLK, 0xC00,
		             bw == 40 && center == 11 ? 3 : 2);
		if (bw == 20 && (center == 13 || center == 14)) {
			dvr_w32_mask(io, REG_BB_ADCCLK, 0x300, 3);
			dvr_w32_mask(io, REG_BB_ADC160, BIT(30), 1);
		} else if (bw == 40 && center == 11) {
			dvr_w32_mask(io, REG_BB_ADC160, BIT(30), 1);
		} else if (bw != 80) {
			dvr_w32_mask(io, REG_BB_ADCCLK, 0x300, 2);
			dvr_w32_mask(io, REG_BB_ADC160, BIT(30), 0);
		}
	} else if (center <= 14) {
		dvr_w32_mask(io, REG_BB_ADCCLK, 0x300,
		             bw == 20 && (center == 13 || center == 14) ? 3 : 2);
	}
}
