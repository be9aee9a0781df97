/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Band, channel and bandwidth of the 8822C: BB (rtw88 rtw8822c.c
 * rtw8822c_set_channel_bb), MAC (hal/halmac: mac.c rtw_set_channel_mac),
 * RF (rtw8822c_set_channel_rf) and the IGI toggle, in rtw88's order. The
 * registers both Jaguar3 dies program alike are hal/jaguar3's; this file
 * holds the 8822C's data for them.
 */
#include "hal/common/narrowband.h"
#include "hal/common/chan_geometry.h"
#include "hal/rtl8822c/rtl8822c.h"

/* rtw88 rtw8822c_set_channel_bb: at 2.4 GHz the CCK and OFDM AGC tables
 * by bandwidth (CCK 5 / 4, OFDM 6 / 0 at 20 / 40 MHz), at 5 GHz the
 * OFDM table by sub-band. */
static void agc_tables(struct dvr_chip *chip,
                       const struct dvr_chan_geometry *pl)
{
	struct dvr_io *io = chip->io;

	if (pl->is_5g) {
		uint32_t agc = jaguar3_ofdm_agc_table_5g(pl->center);
		dvr_w32_mask(io, 0x18AC, 0x1F0, agc);
		dvr_w32_mask(io, 0x41AC, 0x1F0, agc);
		return;
	}
	if (pl->bw_mhz != 20 && pl->bw_mhz != 40)
		return;
	uint32_t cck = pl->bw_mhz == 20 ? 5 : 4;
	uint32_t ofdm = pl->bw_mhz == 20 ? 6 : 0;
	dvr_w32_mask(io, 0x18AC, 0xF000, cck);
	dvr_w32_mask(io, 0x41AC, 0xF000, cck);
	dvr_w32_mask(io, 0x18AC, 0x1F0, ofdm);
	dvr_w32_mask(io, 0x41AC, 0x1F0, ofdm);
}

/* The RX baseband filter through the RF 0xEE / 0x33 / 0x3F LUT (rtw88
 * rtw8822c_set_channel_rf). */
static void rx_bb_filter(struct dvr_chip *chip,
                         const struct dvr_chan_geometry *pl)
{
	uint32_t rxbb = pl->bw_mhz == 20 ? 0x18 : pl->bw_mhz == 40 ? 0x10
	                                                         : 0x08;

	for (unsigned p = 0; p < 2; p++) {
		halmac_rf_write(chip, p, 0xEE, 0x04, 1);
		halmac_rf_write(chip, p, 0x33, 0x1F, 0x12);
		halmac_rf_write(chip, p, 0x3F, 0xFFFFF, rxbb);
		halmac_rf_write(chip, p, 0xEE, 0x04, 0);
	}
}

static const struct jaguar3_chan_data chan_data = {
	/* rtw88 rtw8822c_set_channel_bb CCK TX filter */
	.cck_shaping = {
		{ 0x5284, 0x3E18FEC8, 0x0A88, 0xACC4, 0xC8B2, 0x00FAF0DE,
		  0x00122344, 0x0FFFFFFF },
		{ 0x3DA0, 0x4962C931, 0x6AA3, 0xAA7B, 0xF3D7, 0x00000000,
		  0xFF012455, 0x0000FFFF },
	},
	.rf18_high_from = 149,
	.rf18_mid_from = 100,
	.dac_clk_20 = 7,
	.tx_dfir_by_band = false,
	.agc_tables = agc_tables,
	.rx_bb_filter = rx_bb_filter,
};

/* 5/10 MHz: the 20 MHz channel, then the baseband re-clock and a BB
 * reset, which the divided clock tree needs to take the new rate
 * (OpenIPC devourer docs/narrowband.md, "A baseband reset relatches the
 * divided clock tree. ... Jaguar3 needs it"). */
static int set_narrow_channel(struct dvr_chip *chip,
                              const struct dvr_channel *ch)
{
	struct dvr_channel wide;
	int st;

	if ((st = dvr_narrow_base(chip, ch, &wide)) != DVR_OK)
		return st;
	if ((st = rtl8822c_set_channel(chip, &wide)) != DVR_OK)
		return st;
	jaguar3_bb_narrowband(chip->io, ch->bw_mhz);
	rtl8822c_bb_reset(chip->io);
	/* what a hop knows of the BB is the 20 MHz channel's, no longer
	 * the chip's (the core never hops a narrowband channel) */
	rtl8822c_hop_forget(chip);
	jaguar3_toggle_igi(chip->io, NULL);
	struct rtl8822c_priv *priv = rtl8822c_priv(chip);
	if (priv)
		priv->narrow = true;
	if ((st = dvr_io_status(chip->io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error while re-clocking "
		                     "for %u MHz", ch->bw_mhz);
	return DVR_OK;
}

int rtl8822c_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	struct dvr_io *io = chip->io;
	struct dvr_chan_geometry pl;
	int st;

	if (ch && (ch->bw_mhz == 5 || ch->bw_mhz == 10))
		return set_narrow_channel(chip, ch);
	if ((st = dvr_chip_chan_geometry(chip, ch, &pl)) != DVR_OK)
		return st;
	struct rtl8822c_priv *priv = rtl8822c_priv(chip);
	/* back from 5/10 MHz: the clocks a 40/80 MHz set would not write */
	if (priv && priv->narrow) {
		jaguar3_bb_narrowband_undo(io, &chan_data);
		priv->narrow = false;
	}
	jaguar3_bb_band(chip, &chan_data, &pl);
	jaguar3_bb_bandwidth(io, &chan_data, &pl);
	halmac_set_channel_mac(chip, &pl);
	jaguar3_rf_channel(chip, &chan_data, &pl, priv ? &priv->hop : NULL);
	/* Without the IGI toggle the receiver can stay deaf after a
	 * switch (devourer docs/8822e-quirks.md). */
	jaguar3_toggle_igi(io, priv ? &priv->hop : NULL);
	if ((st = dvr_io_status(io)) != DVR_OK) {
		if (priv) {
			priv->band_valid = false;
			jaguar3_hop_reset(&priv->hop);
		}
		return dvr_chip_fail(chip, st, "USB error while tuning");
	}
	if (priv) {
		priv->is_5g = pl.is_5g;
		priv->band_valid = true;
	}
	return DVR_OK;
}

void rtl8822c_hop_forget(struct dvr_chip *chip)
{
	struct rtl8822c_priv *priv = rtl8822c_priv(chip);

	if (priv)
		jaguar3_hop_reset(&priv->hop);
}

/* rtw88 rtw8822c_set_channel less what the hop keeps (jaguar3_hop.c
 * says what and why): the channel's BB registers where they differ,
 * RF 0x18 on both paths under the 3-wire hold
 * (rtw8822c_set_channel_rf), the IGI toggle. */
int rtl8822c_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                         bool *hopped)
{
	struct rtl8822c_priv *priv = rtl8822c_priv(chip);
	struct dvr_chan_geometry from, to;
	struct dvr_io *io = chip->io;

	*hopped = false;
	if (!priv || !priv->band_valid ||
	    dvr_chan_geometry_for_chip(chip->info, &chip->channel, &from) !=
	            DVR_OK ||
	    dvr_chan_geometry_for_chip(chip->info, ch, &to) != DVR_OK ||
	    from.is_5g != priv->is_5g)
		return DVR_OK;
	uint32_t rf18 = jaguar3_hop_rf18(&priv->hop, &chan_data, &from, &to);
	if (!rf18)
		return DVR_OK;
	jaguar3_hop_bb(chip, &chan_data, &from, &to);
	jaguar3_hop_rf(chip, rf18, true);
	jaguar3_hop_toggle_igi(io, &priv->hop);
	int st = dvr_io_status(io);
	if (st != DVR_OK) {
		priv->band_valid = false;
		jaguar3_hop_reset(&priv->hop);
		return dvr_chip_fail(chip, st, "USB error while hopping");
	}
	*hopped = true;
	return DVR_OK;
}
