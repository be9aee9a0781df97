/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar1 band, channel and bandwidth switching (rtw88 rtw88xxa.c
 * rtw88xxa_set_channel, rtw88xxa_switch_band, rtw88xxa_switch_channel,
 * rtw88xxa_post_set_bw_mode, rtw88xxa_set_channel_rf, shared by the
 * 8812A and the 8821A). What the dies do their own way is theirs
 * (struct jaguar1_data): the band registers between the RX path select
 * and the TX path select (the 8812A's BW indication, CCA and RFE pin
 * mux; the 8821A's RFE and TX scaler bits), the spur fix, the unlinked
 * DIG floor, and the calibration a channel set runs once bring-up has
 * calibrated. Which channels exist and where their parts sit is the
 * generic channel geometry (hal/common/chan_geometry.c).
 */
#include "hal/common/chan_geometry.h"
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/jaguar1/jaguar1.h"

static void switch_band(struct dvr_chip *chip, bool is_5g, unsigned bw)
{
	const struct jaguar1_data *fam = jaguar1_data(chip);
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
	fam->band_regs(chip, is_5g, bw);
	dvr_w32_mask(io, REG_BB_TXPSEL, 0xF0, is_5g ? 0 : 1);
	dvr_w32_mask(io, REG_BB_CCK_RX, 0x0F000000u, is_5g ? 0xF : 1);
	/* Basic rates: 1, 2, 5.5, 11, 6, 12, 24 / 6, 12, 24. */
	dvr_w32_mask(io, REG_RRSR, RRSR_RATE_MASK, is_5g ? 0x150 : 0x15F);
	dvr_w32_mask(io, REG_A_TXSCALE, 0xFFE00000u,
	             jaguar1_bb_swing(chip, is_5g, 0));
	dvr_w32_mask(io, REG_B_TXSCALE, 0xFFE00000u,
	             jaguar1_bb_swing(chip, is_5g, 1));
	jaguar1_pwrtrack_reset(chip, is_5g);
	/* Initial gain: the AGC table seeds 0x20; the references leave the
	 * unlinked DIG floor 0x1C on both bands, about 4 dB more sensitive
	 * (rtw88 phy.c DIG_CVRG_MIN, written by rtw_phy_dig_set_max_coverage;
	 * OpenIPC devourer jaguar1/HalModule.cpp phydm_SetIgiFloor_Jaguar,
	 * the phydm dm_dig_min of the 8812; the die's igi_unlinked). We run
	 * no DIG watchdog, so the floor is where the gain stays. */
	dvr_w32_mask(io, REG_A_IGI, IGI_MASK, fam->igi_unlinked);
	/* per RF path in use, as rtw88 phy.c rtw_phy_dig_write walks
	 * rf_path_num (the 8821A's DIG list has path A alone) */
	if (jaguar1_paths(chip) > 1)
		dvr_w32_mask(io, REG_B_IGI, IGI_MASK, fam->igi_unlinked);
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
	/* rtw88 asks hal->rf_type == RF_2T2R: a one-path die (the 8821A)
	 * counts as 1T1R as much as a 1T1R board of a two-path one */
	bool one_t = jaguar1_paths(chip) < 2;
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

int jaguar1_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	const struct jaguar1_data *fam = jaguar1_data(chip);
	struct dvr_io *io = chip->io;
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	struct dvr_chan_geometry pl;
	int st;

	if (!ch)
		return DVR_E_INVALID;
	if (ch->bw_mhz < 20)
		return jaguar1_set_narrow_channel(chip, ch);
	if (ch->bw_mhz == 80 && priv && priv->no_vht)
		return dvr_chip_fail(chip, DVR_E_UNSUPPORTED, "this board is "
		                     "an 11n-only %s (EFUSE wireless mode): "
		                     "no 80 MHz channels", chip->info->name);
	if ((st = dvr_chip_chan_geometry(chip, ch, &pl)) != DVR_OK)
		return st;

	enum jaguar1_band band = pl.is_5g ? JAGUAR1_BAND_5G : JAGUAR1_BAND_2G;
	/* the registers a hop knows are being rewritten */
	if (priv)
		priv->hop.live = -1;
	bool new_band = !priv || priv->band != band ||
	                priv->band == JAGUAR1_BAND_NONE;
	if (new_band) {
		switch_band(chip, pl.is_5g, ch->bw_mhz);
		if (priv)
			priv->band = band;
	}

	dvr_w32_mask(io, REG_BB_CLKTRK, 0x1FFE0000u, fc_area(pl.center));
	set_bw_regs(chip, ch->bw_mhz, &pl);
	if (fam->fix_spur)
		fam->fix_spur(chip, ch->bw_mhz, pl.center);

	/* RF 0x18 per path: band bits, channel, bandwidth in one write. */
	uint32_t bw_bits = ch->bw_mhz == 20 ? 3 : ch->bw_mhz == 40 ? 1 : 0;
	for (unsigned p = 0; p < jaguar1_paths(chip); p++) {
		uint32_t v = jaguar1_rf_read(chip, p, RF_CFGCH);
		v &= ~(RF18_BAND_MASK | RF18_CHANNEL_MASK | RF18_BW_MASK);
		v |= rf18_band(pl.center) | pl.center | bw_bits << 10;
		jaguar1_rf_write(chip, p, RF_CFGCH, v);
		if (priv && p < 2)
			priv->rf18[p] = v;
	}

	if ((st = dvr_io_status(io)) != DVR_OK) {
		if (priv)
			priv->band = JAGUAR1_BAND_NONE;
		return dvr_chip_fail(chip, st, "channel switch failed");
	}
	/* Once bring-up has calibrated, every channel set calibrates
	 * again, as rtw88 does (the die's calibrate_channel): the I/Q
	 * imbalance follows the synthesizer and mixers of the channel. */
	if (priv && priv->calibrated) {
		if ((st = fam->calibrate_channel(chip, ch->channel)) != DVR_OK)
			return st;
		/* what the set and its IQK left, for hops back here */
		jaguar1_hop_store(chip, ch);
	}
	/* chip->channel is the core's to record: senders read it. */
	return DVR_OK;
}
