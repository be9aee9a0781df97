/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 8812A band, channel and bandwidth switching (rtw88 rtw88xxa.c
 * rtw88xxa_switch_band, rtw88xxa_switch_channel, rtw88xxa_set_reg_bw,
 * rtw8812a_phy_fix_spur). Which channels exist and where their parts sit
 * is the generic channel geometry (hal/common/chan_geometry.c).
 */
#include "hal/common/chan_geometry.h"
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8812a/rtl8812a.h"

#define CUT_C 2u
#define RTL8812A_IGI_UNLINKED 0x1Cu

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

/* EFUSE BB swing code (2 bits per path) -> TX scaler [31:21]. */
static uint32_t bb_swing(const struct dvr_chip *chip, bool is_5g,
                         unsigned path)
{
	static const uint32_t scale[4] = { 0x200, 0x16A, 0x101, 0x0B6 };
	const struct jaguar1_priv *priv = jaguar1_priv(chip);
	uint8_t v = 0;

	if (priv)
		v = is_5g ? priv->bb_swing_5g : priv->bb_swing_2g;
	return scale[(v >> (path ? 2 : 0)) & 3];
}

static void switch_band(struct dvr_chip *chip, bool is_5g, unsigned bw)
{
	struct dvr_io *io = chip->io;

	if (is_5g) {
		dvr_set8(io, REG_CCK_CHECK, CCK_CHECK_5G);
		/* Let queued frames leave before the band changes; on
		 * timeout switch anyway (nothing better to do). */
		(void)dvr_poll8(io, REG_TXPKT_EMPTY, 0x30, 0x30, 50, 50);
		if (dvr_io_status(io) != DVR_OK)
			return;
	}
	dvr_w32_mask(io, REG_BB_RXPSEL, 0x30000000u, 3);  /* OFDM + CCK */
	dvr_w32_mask(io, REG_BB_BWINDICATION, 0x3, is_5g ? 2 : 1);
	dvr_w32_mask(io, REG_BB_PDMFTH, 0x0003E000u, is_5g ? 0x15 : 0x17);
	unsigned pd = 4;
	if (!is_5g && bw == 20 && chip->id.is_1t1r && !chip->id.ext_lna_2g)
		pd = 2;
	dvr_w32_mask(io, REG_BB_PDMFTH, 0x0000000Eu, pd);
	dvr_w32_mask(io, REG_BB_CCASEL, 0x3, is_5g ? 1 : 0); /* AGC table */
	set_rfe(chip, is_5g);
	dvr_w32_mask(io, REG_BB_TXPSEL, 0xF0, is_5g ? 0 : 1);
	dvr_w32_mask(io, REG_BB_CCK_RX, 0x0F000000u, is_5g ? 0xF : 1);
	/* Basic rates: 1, 2, 5.5, 11, 6, 12, 24 / 6, 12, 24. */
	dvr_w32_mask(io, REG_RRSR, RRSR_RATE_MASK, is_5g ? 0x150 : 0x15F);
	dvr_w32_mask(io, REG_A_TXSCALE, 0xFFE00000u, bb_swing(chip, is_5g, 0));
	dvr_w32_mask(io, REG_B_TXSCALE, 0xFFE00000u, bb_swing(chip, is_5g, 1));
	jaguar1_pwrtrack_reset(chip, is_5g);
	/* Initial gain: the AGC table seeds 0x20; the references leave the
	 * unlinked DIG floor 0x1C on both bands, about 4 dB more sensitive
	 * (rtw88 phy.c DIG_CVRG_MIN, written by rtw_phy_dig_set_max_coverage;
	 * OpenIPC devourer jaguar1/HalModule.cpp phydm_SetIgiFloor_Jaguar,
	 * the phydm dm_dig_min of the 8812). We run no DIG watchdog, so the
	 * floor is where the gain stays. */
	dvr_w32_mask(io, REG_A_IGI, IGI_MASK, RTL8812A_IGI_UNLINKED);
	dvr_w32_mask(io, REG_B_IGI, IGI_MASK, RTL8812A_IGI_UNLINKED);
	if (!is_5g)
		dvr_clr8(io, REG_CCK_CHECK, CCK_CHECK_5G);
}

static uint32_t fc_area(unsigned center)
{
	if (center >= 36 && center <= 48)
		return 0x494;
	if (center >= 50 && center <= 64)
		return 0x453;
	if (center >= 100 && center <= 116)
		return 0x452;
	if (center >= 118)
		return 0x412;
	return 0x96A;
}

static uint32_t rf18_band(unsigned center)
{
	if (center <= 14)
		return 0;
	if (center <= 64)
		return BIT(16) | BIT(8);
	if (center <= 140)
		return BIT(17) | BIT(16) | BIT(8);
	return BIT(18) | BIT(16) | BIT(8);
}

static void set_bw_regs(struct dvr_chip *chip, unsigned bw,
                        const struct dvr_chan_geometry *pl)
{
	struct dvr_io *io = chip->io;
	bool one_t = chip->id.is_1t1r;
	bool peak_alt = dvr_r8(io, REG_BB_BWINDICATION + 3) & BIT(2);
	uint32_t l1;

	uint32_t trx = dvr_r32(io, REG_WMAC_TRXPTCL_CTL) &
	               ~(uint32_t)(TRXPTCL_BW_40 | TRXPTCL_BW_80);
	if (bw == 40)
		trx |= TRXPTCL_BW_40;
	else if (bw == 80)
		trx |= TRXPTCL_BW_80;
	dvr_w32(io, REG_WMAC_TRXPTCL_CTL, trx);
	dvr_w8(io, REG_DATA_SC, (uint8_t)(pl->sc40 << 4 | pl->sc20));

	dvr_w32_mask(io, REG_BB_ADCCLK, 0x003003C3u,
	             0x00300200u | (bw == 20 ? 0 : bw == 40 ? 1 : 2));
	dvr_w32_mask(io, REG_BB_ADC160, BIT(30), bw == 80);
	if (bw == 20) {
		l1 = one_t ? 8 : 7;
	} else {
		dvr_w32_mask(io, REG_BB_ADCCLK, 0x3C, pl->sc20);
		dvr_w32_mask(io, REG_BB_CCA2ND, 0xF0000000u, pl->sc20);
		if (bw == 40)
			l1 = peak_alt ? 6 : (one_t ? 8 : 7);
		else
			l1 = peak_alt ? 5 : (one_t ? 7 : 6);
		if (bw == 40)
			dvr_w32_mask(io, REG_BB_RXSB, BIT(4), pl->sc20 == 1);
	}
	dvr_w32_mask(io, REG_BB_L1PKTH, 0x03C00000u, l1);
}

static void fix_spur(struct dvr_chip *chip, unsigned bw, unsigned center)
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

int rtl8812a_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	struct dvr_io *io = chip->io;
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	struct dvr_chan_geometry pl;
	int st;

	if (!ch)
		return DVR_E_INVALID;
	if (ch->bw_mhz == 80 && priv && priv->no_vht)
		return dvr_chip_fail(chip, DVR_E_UNSUPPORTED, "this board is "
		                     "an 11n-only RTL8812AU (EFUSE wireless "
		                     "mode): no 80 MHz channels");
	if ((st = dvr_chip_chan_geometry(chip, ch, &pl)) != DVR_OK)
		return st;

	enum jaguar1_band band = pl.is_5g ? JAGUAR1_BAND_5G : JAGUAR1_BAND_2G;
	bool new_band = !priv || priv->band != band ||
	                priv->band == JAGUAR1_BAND_NONE;
	if (new_band) {
		switch_band(chip, pl.is_5g, ch->bw_mhz);
		if (priv)
			priv->band = band;
	}

	dvr_w32_mask(io, REG_BB_CLKTRK, 0x1FFE0000u, fc_area(pl.center));
	set_bw_regs(chip, ch->bw_mhz, &pl);
	fix_spur(chip, ch->bw_mhz, pl.center);

	/* RF 0x18 per path: band bits, channel, bandwidth in one write. */
	uint32_t bw_bits = ch->bw_mhz == 20 ? 3 : ch->bw_mhz == 40 ? 1 : 0;
	for (unsigned p = 0; p < jaguar1_paths(chip); p++) {
		uint32_t v = jaguar1_rf_read(chip, p, RF_CFGCH);
		v &= ~(RF18_BAND_MASK | RF18_CHANNEL_MASK | RF18_BW_MASK);
		v |= rf18_band(pl.center) | pl.center | bw_bits << 10;
		jaguar1_rf_write(chip, p, RF_CFGCH, v);
	}

	if ((st = dvr_io_status(io)) != DVR_OK) {
		if (priv)
			priv->band = JAGUAR1_BAND_NONE;
		return dvr_chip_fail(chip, st, "channel switch failed");
	}
	/* Once bring-up has calibrated, every channel set calibrates
	 * again, as rtw88 does (rtl8812a_calibrate.c): the I/Q imbalance
	 * follows the synthesizer and mixers of the channel. */
	if (priv && priv->calibrated)
		return rtl8812a_phy_calibration(chip, ch->channel);
	/* chip->channel is the core's to record: senders read it. */
	return DVR_OK;
}
