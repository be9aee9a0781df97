/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Band, channel and bandwidth of the 8814A (rtw88 rtw8814a.c
 * rtw8814a_set_channel and what it calls: rtw8814a_switch_band with the
 * RFE pin mux per option and the BB swing of four paths,
 * rtw8814a_switch_channel, rtw8814a_24g_cck_tx_dfir, rtw8814a_set_bw_mode).
 * The channel arithmetic is hal/common/chan_geometry; RF registers go
 * through hal/halmac's window/LSSI access of four paths.
 */
#include "hal/common/narrowband.h"
#include "hal/common/chan_geometry.h"
#include "hal/rtl8814a/rtl8814a.h"

#define REG_SYS_CFG3_B2 0x1002      /* 0x1000 bits 23:16 */
#define FEN_BB_RSTB 0x01            /* 0x1000 bit 16 */
#define REG_CCK_CHECK 0x0454
#define CHECK_CCK_EN 0x80
#define RF_CFGCH 0x18
#define RF18_RFSI_BAND_CH 0x703FFu  /* RFSI [18:17], band 16/9/8, ch [7:0] */
#define RF18_BW_MASK 0x00C00u

static const uint16_t txscale[DVR_MAX_RF_PATHS] = {
	0x0C1C, 0x0E1C, 0x181C, 0x1A1C,
};

uint32_t rtl8814a_bb_swing(const struct dvr_chip *chip, bool is_5g,
                           unsigned path)
{
	static const uint32_t setting[4] = { 0x200, 0x16A, 0x101, 0x0B6 };
	const struct rtl8814a_priv *priv = chip->priv;
	uint8_t sw = 0;

	if (priv)
		sw = is_5g ? priv->j1.bb_swing_5g : priv->j1.bb_swing_2g;
	return setting[(sw >> (2 * (path & 3))) & 3];
}

/* rtw8814a_set_rfe_reg_24g / _5g: pin mux of A, B, C, D (0xCB0, 0xEB0,
 * 0x18B4, 0x1AB4) and 0x1ABC [27:20], by RFE option. */
static void rfe_pins(struct dvr_chip *chip, bool is_5g)
{
	struct dvr_io *io = chip->io;
	uint32_t abc, d, inv;
	bool write_d = true;

	switch (chip->id.rfe_type) {
	case 2:
		abc = is_5g ? 0x37173717 : 0x72707270;
		d = is_5g ? 0x77177717 : 0x77707770;
		inv = is_5g ? 0x37 : 0x72;
		break;
	case 1:
		abc = is_5g ? 0x33173317 : 0x77777777;
		d = is_5g ? 0x77177717 : 0x77777777;
		inv = is_5g ? 0x33 : 0x77;
		break;
	default:
		abc = is_5g ? 0x54775477 : 0x77777777;
		d = abc;
		inv = is_5g ? 0x54 : 0x77;
		write_d = is_5g;    /* rtw88 leaves D alone on 2.4 GHz */
		break;
	}
	dvr_w32(io, 0x0CB0, abc);
	dvr_w32(io, 0x0EB0, abc);
	dvr_w32(io, 0x18B4, abc);
	if (write_d)
		dvr_w32(io, 0x1AB4, d);
	dvr_w32_mask(io, 0x1ABC, 0x0FF00000u, inv);
}

static void bw_adc_agc(struct dvr_io *io, bool is_5g, unsigned bw)
{
	/* ADC clock mode 0x8AC [1:0]; CCA/AGC select 0x82C [15:12] */
	dvr_w32_mask(io, 0x08AC, 0x3, bw == 20 ? 0 : bw == 40 ? 1 : 2);
	uint32_t agc = bw == 20 ? 6 : bw == 80 ? 3 : is_5g ? 8 : 7;
	dvr_w32_mask(io, 0x082C, 0xF000, agc);
}

static void switch_band(struct dvr_chip *chip, bool is_5g, unsigned bw)
{
	struct dvr_io *io = chip->io;

	/* CCK and OFDM off, clocks gated, while the band changes */
	dvr_clr8(io, REG_SYS_CFG3_B2, FEN_BB_RSTB);
	if (!is_5g) {
		dvr_w32_mask(io, 0x0958, 0x1F, 0);        /* AGC table */
		rfe_pins(chip, false);
		dvr_w32_mask(io, 0x080C, 0xF0, 0x2);      /* TX path */
		dvr_w32_mask(io, 0x0A04, 0x0F000000u, 0x5);
		dvr_w32_mask(io, 0x0808, 0x30000000u, 0x3); /* CCK + OFDM RX */
		dvr_w8(io, REG_CCK_CHECK, 0);
		dvr_w32_mask(io, 0x0A80, 1u << 18, 0);
	} else {
		dvr_w8(io, REG_CCK_CHECK, CHECK_CCK_EN);
		/* "Enable CCK Tx function, even when CCK is off" */
		dvr_w32_mask(io, 0x0A80, 1u << 18, 1);
		rfe_pins(chip, true);
		dvr_w32_mask(io, 0x080C, 0xF0, 0x0);
		dvr_w32_mask(io, 0x0A04, 0x0F000000u, 0xF);
		dvr_w32_mask(io, 0x0808, 0x30000000u, 0x2); /* OFDM RX only */
	}
	for (unsigned p = 0; p < 4; p++)
		dvr_w32_mask(io, txscale[p], 0xFFE00000u,
		             rtl8814a_bb_swing(chip, is_5g, p));
	bw_adc_agc(io, is_5g, bw);
	dvr_set8(io, REG_SYS_CFG3_B2, FEN_BB_RSTB);
}

static void switch_channel(struct dvr_chip *chip, unsigned ch)
{
	struct dvr_io *io = chip->io;
	uint32_t fc = ch >= 36 && ch <= 48 ? 0x494 :
	              ch >= 50 && ch <= 64 ? 0x453 :
	              ch >= 100 && ch <= 116 ? 0x452 :
	              ch >= 118 ? 0x412 : 0x96A;

	dvr_w32_mask(io, 0x0860, 0x1FFE0000u, fc);
	/* RF 0x18: RFSI, band and channel of every path in one write */
	uint32_t mod = ch >= 36 && ch <= 64 ? 0x101 :
	               ch >= 100 && ch <= 140 ? 0x301 :
	               ch > 140 ? 0x501 : 0x000;
	for (unsigned p = 0; p < 4; p++)
		rtl8814a_rf_write(chip, p, RF_CFGCH, RF18_RFSI_BAND_CH,
		                  mod << 8 | ch);
	/* AGC table by 5 GHz sub-band; channels between the sub-bands
	 * leave it as it was, as rtw88 does */
	if (ch >= 36 && ch <= 64)
		dvr_w32_mask(io, 0x0958, 0x1F, 1);
	else if (ch >= 100 && ch <= 144)
		dvr_w32_mask(io, 0x0958, 0x1F, 2);
	else if (ch >= 149)
		dvr_w32_mask(io, 0x0958, 0x1F, 3);
}

/* rtw8814a_24g_cck_tx_dfir: the CCK TX filter of the 2.4 GHz channel. */
static void cck_tx_filter(struct dvr_io *io, unsigned ch)
{
	if (ch < 1 || ch > 14)
		return;
	dvr_w32(io, 0x0A20, 0x1A1B0030);
	if (ch <= 11) {
		dvr_w32(io, 0x0A24, 0x090E1317);
		dvr_w32(io, 0x0A28, 0x00000204);
	} else if (ch <= 13) {
		dvr_w32(io, 0x0A24, 0x090E1217);
		dvr_w32(io, 0x0A28, 0x00000305);
	} else {
		dvr_w32(io, 0x0A24, 0x00000E17);
		dvr_w32(io, 0x0A28, 0x00000000);
	}
}

static void set_bw_mode(struct dvr_chip *chip,
                        const struct dvr_chan_geometry *pl)
{
	struct dvr_io *io = chip->io;
	unsigned bw = pl->bw_mhz;

	/* REG_WMAC_TRXPTCL_CTL RFMOD: bit 7 40 MHz, bit 8 80 MHz */
	uint16_t trx = dvr_r16(io, 0x0668) & (uint16_t)~0x0180u;
	trx |= bw == 80 ? 0x0100 : bw == 40 ? 0x0080 : 0;
	dvr_w16(io, 0x0668, trx);
	uint8_t sc20 = bw == 20 ? 0 : pl->sc20;
	uint8_t sc40 = bw == 80 ? pl->sc40 : 0;
	dvr_w8(io, 0x0483, (uint8_t)(sc20 | sc40 << 4));   /* DATA_SC */
	bw_adc_agc(io, pl->is_5g, bw);
	if (bw != 20)
		dvr_w32_mask(io, 0x08AC, 0x3C, sc20);
	if (bw == 40)
		dvr_w32_mask(io, 0x0A00, 1u << 4, sc20 == DVR_SC_20_UPPER);
	uint32_t rfbw = bw == 20 ? 3 : bw == 40 ? 1 : 0;
	for (unsigned p = 0; p < 4; p++)
		rtl8814a_rf_write(chip, p, RF_CFGCH, RF18_BW_MASK, rfbw);
	/*
	 * Not done: rtw8814a_adc_clk, a fixed AFE sequence for A-cut parts
	 * only, and rtw8814a_spur_calibration, the NBI/CSI masks rtw88
	 * sets against the 5280/5600/5760 MHz spurs on a few channels.
	 */
}

/*
 * 5 and 10 MHz: the channel tuned at 20 MHz (RF 0x18 keeps its 20 MHz
 * code, rtw88 rtw8814a.c rtw8814a_set_bw_rf; the MAC its 20 MHz bits),
 * then BB 0x8AC re-clocked. This die's 0x8AC has the Jaguar2 layout the
 * vendor's phy_SetBwRegAdc_8814A comment names ([28, 21:20, 16, 9:6,
 * 1:0]): the clock bits [28] (DAC) and [16] (ADC) released, DAC [21:20]
 * and ADC [9:8] 3 / 3 with small BW [7:6] 2 for 10 MHz, 2 / 2 with small
 * BW 1 for 5 MHz, BB mode [1:0] 0 — the codes OpenIPC devourer runs on
 * the 8814AU, TX and RX (src/jaguar1/RadioManagementModule.cpp, 8814AU
 * narrowband; docs/narrowband.md, "the same register block can carry
 * the same fields with a different value encoding"). rtw88 has no 5/10
 * MHz BB word for this die.
 */
#define NARROW_MASK 0x103103C3u
/* The BB table's bits under NARROW_MASK (rtw88 rtw8814a_table.c: 0x8AC
 * 0xF40F550A), which the 20/40/80 MHz sets never write again. */
#define NARROW_MASK_TABLE 0x10010100u

static uint32_t narrow_word(unsigned bw_mhz)
{
	uint32_t code = bw_mhz == 10 ? 3 : 2, small = bw_mhz == 10 ? 2 : 1;

	return code << 20 | code << 8 | small << 6;
}

static int set_narrow_channel(struct dvr_chip *chip,
                              const struct dvr_channel *ch)
{
	struct rtl8814a_priv *priv = chip->priv;
	struct dvr_channel wide;
	int st;

	if ((st = dvr_narrow_base(chip, ch, &wide)) != DVR_OK)
		return st;
	if ((st = rtl8814a_set_channel(chip, &wide)) != DVR_OK)
		return st;
	dvr_w32_mask(chip->io, 0x08AC, NARROW_MASK, narrow_word(ch->bw_mhz));
	if (priv) {
		/* the cached registers a hop starts from are the 20 MHz
		 * channel's (the core never hops a narrowband channel) */
		priv->hop.live = -1;
		priv->narrow = true;
	}
	if ((st = dvr_io_status(chip->io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error while re-clocking "
		                     "for %u MHz", ch->bw_mhz);
	return DVR_OK;
}

int rtl8814a_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	struct rtl8814a_priv *priv = chip->priv;
	struct dvr_chan_geometry pl;
	int st;

	if (!ch)
		return DVR_E_INVALID;
	if (ch->bw_mhz == 5 || ch->bw_mhz == 10)
		return set_narrow_channel(chip, ch);
	if ((st = dvr_chip_chan_geometry(chip, ch, &pl)) != DVR_OK)
		return st;
	if (priv && priv->narrow) {
		uint32_t clocks = NARROW_MASK & ~3u;   /* [1:0] set below */
		uint32_t v = dvr_r32(chip->io, 0x08AC);
		dvr_w32(chip->io, 0x08AC, (v & ~clocks) | NARROW_MASK_TABLE);
		priv->narrow = false;
	}
	/*
	 * rtw88 switches band when 0x454 bit 7 says the BB is on the other
	 * one; after bring-up that bit reads 2.4 GHz, so a first 2.4 GHz
	 * channel would never write the RFE pin mux, without which the
	 * 8814AU does not transmit (OpenIPC devourer, see rfe_gpio). The
	 * first channel set therefore always switches.
	 */
	if (priv)
		priv->hop.live = -1;    /* the cached registers change */
	bool old_5g = dvr_r8(chip->io, REG_CCK_CHECK) & CHECK_CCK_EN;
	if (!priv || !priv->band_set || old_5g != pl.is_5g) {
		switch_band(chip, pl.is_5g, pl.bw_mhz);
		if (priv) {
			priv->band_set = true;
			priv->band_5g = pl.is_5g;
		}
	}
	switch_channel(chip, pl.center);
	cck_tx_filter(chip->io, pl.center);
	set_bw_mode(chip, &pl);
	if ((st = dvr_io_status(chip->io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "channel switch failed");
	/* Once bring-up has calibrated, every channel set calibrates again
	 * (rtw88 rtw_phy_calibration after each switch; the family's
	 * calibrate_channel hook, as jaguar1_set_channel runs it). The TX
	 * power of the new channel the core applies after. */
	if (priv && priv->j1.calibrated) {
		if ((st = rtl8814a_calibrate_channel(chip, ch->channel)) !=
		    DVR_OK)
			return st;
		/* what the set and its IQK left, for hops back here */
		rtl8814a_hop_store(chip, ch);
	}
	return DVR_OK;
}
