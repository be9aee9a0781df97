/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Band, channel and bandwidth of the 8822C: BB (rtw88 rtw8822c.c
 * rtw8822c_set_channel_bb), MAC (hal/halmac: mac.c rtw_set_channel_mac),
 * RF (rtw8822c_set_channel_rf) and the IGI toggle, in rtw88's order.
 */
#include "hal/common/chan_geometry.h"
#include "hal/rtl8822c/rtl8822c.h"

static void bb_band_2g(struct dvr_io *io, const struct dvr_chan_geometry *pl)
{
	unsigned c = pl->center;

	dvr_clr32(io, 0x1A14, 0x300);            /* RX IQ weight */
	dvr_set32(io, 0x1A9C, 1u << 20);
	dvr_clr32(io, 0x0454, 1u << 7);          /* CCK allowed */
	dvr_clr32(io, 0x1A80, 1u << 18);
	dvr_w32_mask(io, 0x1C80, 0x3F000000, 0x0F);
	if (pl->bw_mhz == 20 || pl->bw_mhz == 40) {
		uint32_t cck = pl->bw_mhz == 20 ? 5 : 4;
		uint32_t ofdm = pl->bw_mhz == 20 ? 6 : 0;
		dvr_w32_mask(io, 0x18AC, 0xF000, cck);
		dvr_w32_mask(io, 0x41AC, 0xF000, cck);
		dvr_w32_mask(io, 0x18AC, 0x1F0, ofdm);
		dvr_w32_mask(io, 0x41AC, 0x1F0, ofdm);
	}
	dvr_w32_mask(io, 0x0C30, 0xFFF, c >= 13 ? 0x969 : c >= 11 ? 0x96A
	                                                          : 0x9AA);
	/* CCK TX filter: channel 14 has its own (Japan DSSS mask). */
	bool ch14 = c == 14;
	dvr_w32_mask(io, 0x1A20, 0xFFFF0000, ch14 ? 0x3DA0 : 0x5284);
	dvr_w32(io, 0x1A24, ch14 ? 0x4962C931 : 0x3E18FEC8);
	dvr_w32_mask(io, 0x1A28, 0xFFFF, ch14 ? 0x6AA3 : 0x0A88);
	dvr_w32_mask(io, 0x1A98, 0xFFFF0000, ch14 ? 0xAA7B : 0xACC4);
	dvr_w32_mask(io, 0x1A9C, 0xFFFF, ch14 ? 0xF3D7 : 0xC8B2);
	dvr_w32(io, 0x1AA0, ch14 ? 0x00000000 : 0x00FAF0DE);
	dvr_w32(io, 0x1AAC, ch14 ? 0xFF012455 : 0x00122344);
	dvr_w32(io, 0x1AB0, ch14 ? 0x0000FFFF : 0x0FFFFFFF);
	dvr_w32_mask(io, 0x0808, 0x70, c == 13 ? 3 : 1);
}

static void bb_band_5g(struct dvr_io *io, const struct dvr_chan_geometry *pl)
{
	unsigned c = pl->center;

	dvr_set32(io, 0x1A80, 1u << 18);
	dvr_set32(io, 0x0454, 1u << 7);          /* no CCK on 5 GHz */
	dvr_set32(io, 0x1A14, 0x300);
	dvr_clr32(io, 0x1A9C, 1u << 20);
	dvr_w32_mask(io, 0x1C80, 0x3F000000, 0x22);
	dvr_w32_mask(io, 0x0808, 0x70, 3);
	uint32_t agc = c >= 149 ? 3 : c >= 100 ? 2 : 1;
	dvr_w32_mask(io, 0x18AC, 0x1F0, agc);
	dvr_w32_mask(io, 0x41AC, 0x1F0, agc);
	uint32_t sco = c <= 51 ? 0x494 : c <= 55 ? 0x493 : c <= 111 ? 0x453 :
	               c <= 119 ? 0x452 : c <= 172 ? 0x412 : 0x411;
	dvr_w32_mask(io, 0x0C30, 0xFFF, sco);
}

static void bb_bandwidth(struct dvr_io *io, const struct dvr_chan_geometry *pl)
{
	uint32_t p = pl->sc20;

	switch (pl->bw_mhz) {
	case 20:
		dvr_w32_mask(io, 0x0810, 0x3FF0, 0x19B);
		dvr_w32_mask(io, 0x09B0, 0xF, 0);
		dvr_w32_mask(io, 0x09B0, 0xFFC0, 0);
		dvr_w32_mask(io, 0x09B4, 0x700, 7);
		dvr_w32_mask(io, 0x09B4, 0x700000, 6);
		dvr_w32_mask(io, 0x1ABC, 1u << 30, 0);
		dvr_w32_mask(io, 0x088C, 0xF000, 1);
		dvr_w32_mask(io, 0x0CBC, 1u << 21, 0);
		break;
	case 40:
		dvr_w32_mask(io, 0x1A00, 1u << 4, p == DVR_SC_20_UPPER);
		dvr_w32_mask(io, 0x09B0, 0xF, 5);
		dvr_w32_mask(io, 0x09B0, 0xC0, 0);
		dvr_w32_mask(io, 0x09B0, 0xFF00, p | p << 4);
		dvr_w32_mask(io, 0x1ABC, 1u << 30, 1);
		dvr_w32_mask(io, 0x088C, 0xF000, 1);
		dvr_w32_mask(io, 0x0CBC, 1u << 21, 1);
		break;
	default:
		dvr_w32_mask(io, 0x09B0, 0xF, 0xA);
		dvr_w32_mask(io, 0x09B0, 0xC0, 0);
		dvr_w32_mask(io, 0x09B0, 0xFF00, p | p << 4);
		dvr_w32_mask(io, 0x088C, 0xF000, 6);
		dvr_w32_mask(io, 0x0CBC, 1u << 21, 1);
		break;
	}
}

static void rf_channel(struct dvr_chip *chip,
                       const struct dvr_chan_geometry *pl)
{
	struct dvr_io *io = chip->io;
	unsigned c = pl->center;
	uint32_t v = halmac_rf_read(chip, 0, 0x18, 0xFFFFF);
	uint32_t rxbb;

	v &= ~((1u << 16) | (1u << 9) | (1u << 8) | 0xFFu | (3u << 17) |
	       (3u << 12));
	if (pl->is_5g)
		v |= (1u << 16) | (1u << 8);
	v |= c & 0xFF;
	if (c >= 149)
		v |= 1u << 18;
	else if (c >= 100)
		v |= 1u << 17;
	if (pl->bw_mhz == 20) {
		v |= 3u << 12;
		rxbb = 0x18;
	} else if (pl->bw_mhz == 40) {
		v |= 1u << 13;
		rxbb = 0x10;
	} else {
		v |= 1u << 12;
		rxbb = 0x08;
	}
	dvr_w32_mask(io, 0x1C90, 1u << 8, 0);    /* hold the 3-wire */
	for (unsigned p = 0; p < 2; p++) {
		/* RX baseband filter through the LUT. */
		halmac_rf_write(chip, p, 0xEE, 0x04, 1);
		halmac_rf_write(chip, p, 0x33, 0x1F, 0x12);
		halmac_rf_write(chip, p, 0x3F, 0xFFFFF, rxbb);
		halmac_rf_write(chip, p, 0xEE, 0x04, 0);
	}
	halmac_rf_write(chip, 0, 0x18, 0xFFFFF, v);
	halmac_rf_write(chip, 1, 0x18, 0xFFFFF, v);
	dvr_w32_mask(io, 0x1C90, 1u << 8, 1);
	dvr_w32_mask(io, 0x1830, 1u << 29, 1);   /* force the update */
	dvr_w32_mask(io, 0x4130, 1u << 29, 1);
}

int rtl8822c_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	struct dvr_io *io = chip->io;
	struct dvr_chan_geometry pl;
	int st;

	if ((st = dvr_chip_chan_geometry(chip, ch, &pl)) != DVR_OK)
		return st;
	if (pl.is_5g)
		bb_band_5g(io, &pl);
	else
		bb_band_2g(io, &pl);
	bb_bandwidth(io, &pl);
	halmac_set_channel_mac(chip, &pl);
	rf_channel(chip, &pl);
	/* Without the IGI toggle the receiver can stay deaf after a
	 * switch (devourer docs/8822e-quirks.md). */
	rtl8822c_toggle_igi(io);
	struct rtl8822c_priv *priv = rtl8822c_priv(chip);
	if ((st = dvr_io_status(io)) != DVR_OK) {
		if (priv)
			priv->band_valid = false;
		return dvr_chip_fail(chip, st, "USB error while tuning");
	}
	if (priv) {
		priv->is_5g = pl.is_5g;
		priv->band_valid = true;
	}
	return DVR_OK;
}
