/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Band, channel and bandwidth of the 8821C, in rtw88's order (rtw8821c.c
 * rtw8821c_set_channel): BB (rtw8821c_set_channel_bb), BB swing and a
 * fresh thermal tracking state (rtw8821c_set_channel_bb_swing), MAC
 * (hal/halmac: mac.c rtw_set_channel_mac), RF with the front-end select
 * (rtw8821c_set_channel_rf, rtw8821c_switch_rf_set), RX DFIR
 * (rtw8821c_set_channel_rxdfir). rtw88 hands the chip the centre
 * channel; so does this file.
 *
 * rtw88 has a CCK TX filter set of its own for the Chinese SRRC domain
 * (rtw8821c_cck_tx_filter_srrc); none of the domains we offer is SRRC.
 *
 * A hop (rtl8821c_hop_channel) writes only what those functions make
 * depend on the channel number within one band and bandwidth:
 *  - BB: on 2.4 GHz the CCK TX filter, which channel 14 has its own of;
 *    on 5 GHz the sub-band in 0xC1C [11:8] and the clock-tracking word
 *    0x860 (rtw8821c_set_channel_bb);
 *  - RF 0x18 and the re-latch (rtw8821c_set_channel_rf);
 *  - the thermal tracking started afresh (rtw8821c_set_channel_bb_swing
 *    runs rtw8821c_pwrtrack_init on every channel set), with the band's
 *    BB swing written back when the tracking had moved it.
 * Everything else depends on the band, the bandwidth or the primary
 * sub-channel only, which a hop keeps (the core's is_hop; we also decline
 * a change of primary within 40/80 MHz): the band switch and CCK
 * enables, the 2.4 GHz clock word (set_channel_bb), the ADC clock word
 * 0x8AC, the BB swing of the band (rtw8821c_get_bb_swing reads the
 * band's EFUSE setting), the MAC's bandwidth and sub-channel
 * (rtw_set_channel_mac), the front-end select, RF 0xDF bit 6 and RF 0x64
 * (set_channel_rf, rtw8821c_switch_rf_set), the RX DFIR
 * (set_channel_rxdfir) and the antenna switch of the band. The channel
 * set runs no calibration (rtw88 runs the IQK from
 * rtw8821c_phy_calibration and the thermal tracking): there is none to
 * keep per channel.
 */
#include "hal/common/chan_geometry.h"
#include "hal/rtl8821c/rtl8821c.h"

#define REG_SYS_CTRL 0x0000
#define FEN_EN (1u << 26)
#define REG_CCK_CHECK 0x0454
#define REG_RXPSEL 0x0808
#define REG_RXCCAMSK 0x0814
#define REG_CLKTRK 0x0860
#define REG_ADCCLK 0x08AC
#define REG_ADC160 0x08C4
#define REG_ADC40 0x08C8
#define REG_CHFIR 0x08F0
#define REG_ACBB0 0x0948
#define REG_ACBBRXFIR 0x094C
#define REG_RXSB 0x0A00
#define REG_TXSF2 0x0A24
#define REG_TXSF6 0x0A28
#define REG_ENTXCCK 0x0A80
#define REG_ENRXCCA 0x0A84
#define REG_TXFILTER 0x0AAC
#define REG_TXSCALE_A 0x0C1C
#define REG_TXDFIR 0x0C20
#define REG_RFECTL 0x0CB8
#define REG_DMEM_CTRL 0x1080
#define WL_RST (1u << 16)
#define RF_LUTDBG 0xDF

/* 0xCB8 front-end switches (rtw8821c.h B_*_SWITCH). */
#define SW_BTG (1u << 16)
#define SW_CTRL (1u << 18)
#define SW_WL ((1u << 20) | (1u << 22))
#define SW_WLG (1u << 21)
#define SW_WLA (1u << 23)

enum front_end { FE_BTG, FE_WLG, FE_WLA };

/* rtw8821c_switch_rf_set: the WLAN path to BT's 2.4 GHz port, to its own
 * 2.4 GHz port, or to the 5 GHz one; the 2.4 GHz choices also set the
 * CCA and LNA controls of that port. */
static void switch_front_end(struct dvr_io *io, enum front_end fe)
{
	dvr_set32(io, REG_DMEM_CTRL, WL_RST);
	dvr_set32(io, REG_SYS_CTRL, FEN_EN);
	uint32_t v = dvr_r32(io, REG_RFECTL);
	v &= ~(SW_BTG | SW_CTRL | SW_WL | SW_WLG | SW_WLA);
	switch (fe) {
	case FE_BTG:
		v |= SW_BTG;
		dvr_w32_mask(io, REG_ENRXCCA, 0x00FF0000u, 0x0E);
		dvr_w32_mask(io, REG_ENTXCCK, 0x0000FFFFu, 0xFC84);
		break;
	case FE_WLG:
		v |= SW_WL | SW_WLG;
		dvr_w32_mask(io, REG_ENRXCCA, 0x00FF0000u, 0x12);
		dvr_w32_mask(io, REG_ENTXCCK, 0x0000FFFFu, 0x7532);
		break;
	case FE_WLA:
		v |= SW_WL | SW_WLA;
		break;
	}
	dvr_w32(io, REG_RFECTL, v);
}

/* The CCK TX filter: channel 14 has its own (Japan's DSSS mask);
 * elsewhere the tables' values come back. */
static void cck_tx_filter(struct dvr_io *io, const struct rtl8821c_priv *priv,
                          unsigned c)
{
	if (c == 14) {
		dvr_w32(io, REG_TXSF2, 0x0000B81C);
		dvr_w32_mask(io, REG_TXSF6, 0xFFFF, 0x0000);
		dvr_w32(io, REG_TXFILTER, 0x00003667);
	} else if (priv && priv->cck_filter_valid) {
		dvr_w32(io, REG_TXSF2, priv->cck_filter[0]);
		dvr_w32_mask(io, REG_TXSF6, 0xFFFF,
		             priv->cck_filter[1] & 0xFFFF);
		dvr_w32(io, REG_TXFILTER, priv->cck_filter[2]);
	}
}

/* The 5 GHz sub-band's TX scale field and clock-tracking word (rtw88
 * rtw8821c_set_channel_bb). */
static uint32_t sub_band_5g(unsigned c)
{
	return c >= 149 ? 3 : c >= 100 ? 2 : 1;
}

static uint32_t clock_track_5g(unsigned c)
{
	return c <= 48 ? 0x494 : c <= 64 ? 0x453 : c <= 116 ? 0x452 : 0x412;
}

static void bb_band(struct dvr_chip *chip, const struct dvr_chan_geometry *pl)
{
	struct dvr_io *io = chip->io;
	const struct rtl8821c_priv *priv = rtl8821c_priv(chip);
	unsigned c = pl->center;

	if (!pl->is_5g) {
		dvr_w32_mask(io, REG_RXPSEL, 1u << 28, 1);   /* CCK RX on */
		dvr_w32_mask(io, REG_CCK_CHECK, 0x80, 0);
		dvr_w32_mask(io, REG_ENTXCCK, 1u << 18, 0);
		dvr_w32_mask(io, REG_RXCCAMSK, 0xFC00, 15);
		dvr_w32_mask(io, REG_TXSCALE_A, 0xF00, 0);
		dvr_w32_mask(io, REG_CLKTRK, 0x1FFE0000u, 0x96A);
		cck_tx_filter(io, priv, c);
		return;
	}
	dvr_w32_mask(io, REG_ENTXCCK, 1u << 18, 1);
	dvr_w32_mask(io, REG_CCK_CHECK, 0x80, 1);            /* no CCK */
	dvr_w32_mask(io, REG_RXPSEL, 1u << 28, 0);
	dvr_w32_mask(io, REG_RXCCAMSK, 0xFC00, 15);
	/* TX scale sub-band and the clock-tracking word by sub-band. */
	dvr_w32_mask(io, REG_TXSCALE_A, 0xF00, sub_band_5g(c));
	dvr_w32_mask(io, REG_CLKTRK, 0x1FFE0000u, clock_track_5g(c));
}

/* 0x8AC: the ADC clock word; 40/80 MHz name the primary 20 MHz in [5:2]
 * and the bandwidth in [1:0]. */
static void bb_bandwidth(struct dvr_io *io, const struct dvr_chan_geometry *pl)
{
	uint32_t p = pl->sc20 & 0xF;
	uint32_t v = dvr_r32(io, REG_ADCCLK);

	switch (pl->bw_mhz) {
	case 20:
		v = (v & 0xFFCFFC00u) | 0x10010000u;
		break;
	case 40:
		dvr_w32_mask(io, REG_RXSB, 1u << 4, p == DVR_SC_20_UPPER);
		v = (v & 0xFF3FF300u) | 0x20020000u | p << 2 | 1;
		break;
	default:
		v = (v & 0xFCFFCF00u) | 0x40040000u | p << 2 | 2;
		break;
	}
	dvr_w32(io, REG_ADCCLK, v);
	dvr_w32_mask(io, REG_ADC160, 1u << 30, 1);
}

/* rtw8821c_get_bb_swing: the EFUSE setting 0..9 picks one of four TX
 * scales, three settings each; anything above 9 the first. */
static uint32_t bb_swing(const struct rtl8821c_priv *priv, bool is_5g)
{
	static const uint16_t scale[4] = { 0x200, 0x16A, 0x101, 0x0B6 };
	uint8_t s = !priv ? 0 : is_5g ? priv->swing_5g : priv->swing_2g;

	return scale[s > 9 ? 0 : s / 3];
}

static void rf_channel(struct dvr_chip *chip,
                       const struct dvr_chan_geometry *pl)
{
	struct rtl8821c_priv *priv = rtl8821c_priv(chip);
	uint32_t v = jaguar2_rf_channel_word(chip, pl);

	if (pl->is_5g) {
		switch_front_end(chip->io, FE_WLA);
		halmac_rf_write(chip, 0, RF_LUTDBG, 1u << 6, 0);
	} else {
		switch_front_end(chip->io, priv && priv->btg ? FE_BTG : FE_WLG);
		halmac_rf_write(chip, 0, RF_LUTDBG, 1u << 6, 1);
		halmac_rf_write(chip, 0, 0x64, 0xF, 0xF);
	}
	jaguar2_set_rf_channel(chip, priv ? &priv->hop : NULL, pl, v, 1);
}

/* RX digital filters per bandwidth: 0x948 [29:28], 0x94C [29:28], 0xC20
 * bit 31, 0x8F0 bit 31. */
static void rx_dfir(struct dvr_io *io, unsigned bw_mhz)
{
	uint32_t fir = bw_mhz == 80 ? 1 : 2;

	dvr_w32_mask(io, REG_ACBB0, 0x30000000u, 2);
	dvr_w32_mask(io, REG_ACBBRXFIR, 0x30000000u, fir);
	dvr_w32_mask(io, REG_TXDFIR, 1u << 31, bw_mhz == 20);
	dvr_w32_mask(io, REG_CHFIR, 1u << 31, bw_mhz == 80);
}

/* 5/10 MHz: rtw88 rtw8821c_set_channel_bb's RTW_CHANNEL_WIDTH_5 / _10
 * words on 0x8AC — the clock bits [28], [21:20], [16], [9:8] and [7:0]
 * cleared, then DAC [21:20] and ADC [9:8] 2 with small BW [7:6] 1
 * (0x200240, 5 MHz) or 3 and 2 (0x300380, 10 MHz); the 20 MHz word
 * (0x10010000 set) undoes it. No RF 0x18 edge: this die re-latches
 * without one (OpenIPC devourer docs/narrowband.md). */
static int set_narrow_channel(struct dvr_chip *chip,
                              const struct dvr_channel *ch)
{
	struct rtl8821c_priv *priv = rtl8821c_priv(chip);
	const struct jaguar2_narrow nb = {
		.set_channel = rtl8821c_set_channel,
		.keep_5 = 0xEFCEFC00u, .set_5 = 0x00200240u,
		.keep_10 = 0xEFCEFC00u, .set_10 = 0x00300380u,
		.edge_paths = 0,
		.hop = priv ? &priv->hop : NULL,
	};
	int st = jaguar2_set_narrow_channel(chip, ch, &nb);

	if (st == DVR_OK && priv)
		priv->narrow = true;
	return st;
}

/* Back from 5/10 MHz: rtw88's 40/80 MHz words keep the DAC/ADC fields
 * [21:20] / [9:8] a 5/10 MHz word set and never set the clock bits [28]
 * / [16] back; its 20 MHz word does both, so it goes first, and 0x8C8
 * [31] returns to the BB table's 0 (rtw88 rtw8821c_table.c 0x00025165). */
static void leave_narrow(struct dvr_io *io)
{
	uint32_t v = dvr_r32(io, REG_ADCCLK);

	dvr_w32(io, REG_ADCCLK, (v & 0xFFCFFC00u) | 0x10010000u);
	dvr_w32_mask(io, REG_ADC40, 1u << 31, 0);
}

int rtl8821c_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	struct dvr_io *io = chip->io;
	struct dvr_chan_geometry pl;
	int st;

	if (ch && (ch->bw_mhz == 5 || ch->bw_mhz == 10))
		return set_narrow_channel(chip, ch);
	if ((st = dvr_chip_chan_geometry(chip, ch, &pl)) != DVR_OK)
		return st;
	struct rtl8821c_priv *priv = rtl8821c_priv(chip);
	if (priv && priv->narrow) {
		leave_narrow(io);
		priv->narrow = false;
	}
	bb_band(chip, &pl);
	bb_bandwidth(io, &pl);
	dvr_w32_mask(io, REG_TXSCALE_A, 0xFFE00000u,
	             bb_swing(rtl8821c_priv(chip), pl.is_5g));
	rtl8821c_pwrtrack_init(chip);
	halmac_set_channel_mac(chip, &pl);
	rf_channel(chip, &pl);
	rx_dfir(io, pl.bw_mhz);
	/* The antenna switch follows the band (rtl8821c_coex.c). */
	rtl8821c_coex_antenna(chip, pl.is_5g);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error while tuning");
	return DVR_OK;
}

/* The BB writes of rtw8821c_set_channel_bb that differ between the two
 * channels of one band. */
static void bb_hop(struct dvr_io *io, const struct rtl8821c_priv *priv,
                   unsigned from, unsigned to, bool is_5g)
{
	if (!is_5g) {
		if ((from == 14) != (to == 14))
			cck_tx_filter(io, priv, to);
		return;
	}
	if (sub_band_5g(from) != sub_band_5g(to))
		dvr_w32_mask(io, REG_TXSCALE_A, 0xF00, sub_band_5g(to));
	if (clock_track_5g(from) != clock_track_5g(to))
		dvr_w32_mask(io, REG_CLKTRK, 0x1FFE0000u, clock_track_5g(to));
}

int rtl8821c_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                         bool *hopped)
{
	struct rtl8821c_priv *priv = rtl8821c_priv(chip);
	struct dvr_io *io = chip->io;
	struct dvr_chan_geometry pl, old;
	uint32_t word;
	bool can;

	*hopped = false;
	int st = jaguar2_hop_begin(chip, priv ? &priv->hop : NULL, ch, &pl,
	                           &old, &word, &can);
	if (st != DVR_OK || !can)
		return st;    /* DVR_OK: a full set will do it */

	bb_hop(io, priv, old.center, pl.center, pl.is_5g);
	/* The full set writes the band's swing and starts the tracking
	 * afresh from it. The swing field still holds the band's value
	 * unless the tracking has stepped it since (it writes the swing
	 * only on a change of step, and a step of 0 is the value the
	 * channel set left). */
	uint32_t swing = bb_swing(priv, pl.is_5g);
	if (priv->pwrtrack.delta_last != 0)
		dvr_w32_mask(io, REG_TXSCALE_A, 0xFFE00000u, swing);
	rtl8821c_pwrtrack_restart(chip, swing);
	jaguar2_hop_rf_write(chip, &priv->hop, word, 1);
	if ((st = dvr_io_status(io)) != DVR_OK) {
		jaguar2_hop_forget(&priv->hop);
		return dvr_chip_fail(chip, st, "USB error while hopping");
	}
	*hopped = true;
	return DVR_OK;
}
