/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar3 hop: a channel change within one band and bandwidth that
 * writes only what the full channel set (jaguar3_channel.c and the
 * chip's set_channel) would write differently for the new channel.
 *
 * Within a band and bandwidth the references' channel switch depends on
 * the channel number only through (rtw88 rtw8822c.c
 * rtw8822c_set_channel_bb, rtw8822c_set_channel_rf; vendor rtl88x2eu
 * phydm_hal_api8822e.c config_phydm_switch_channel_8822e):
 *  - RF 0x18 on both paths (channel, 5 GHz sub-band bits);
 *  - the clock-offset tracking fc 0x0C30 [11:0] (steps at channels 11,
 *    13 and across 5 GHz);
 *  - at 2.4 GHz the CCK TX filter (its own on channel 14) and the TX DFIR
 *    0x808 [6:4] (3 on channel 13);
 *  - at 5 GHz the OFDM AGC table by sub-band (36-64, 100-144, 149-).
 * Everything else the full set writes depends only on the band (CCK
 * on/off, RX IQ weight, CCA mask, MAC CCK check), the bandwidth (BB
 * 0x810 / 0x9B0 / 0x9B4 / 0x1ABC / 0x88C / 0xCBC, the RX baseband filter,
 * the 2.4 GHz AGC tables) or the primary's position (0x1A00, 0x9B0,
 * MAC 0x483): a hop leaves those as the last full set of the band and
 * bandwidth left them, and refuses a change of the primary's position.
 *
 * The full set runs no calibration: IQK is the bring-up's calibrate
 * stage (rtw88 runs it only when associating, main.c
 * rtw_chip_prepare_tx), so a hop has no per-channel calibration result
 * to restore and nothing that the temperature makes stale; the
 * watchdog's thermal tracking and LCK run alike whether the channel came
 * by hop or by full set.
 */
#include <string.h>

#include "hal/common/chan_geometry.h"
#include "hal/jaguar3/jaguar3.h"

void jaguar3_hop_reset(struct jaguar3_hop *h)
{
	memset(h, 0, sizeof *h);
}

uint32_t jaguar3_hop_rf18(const struct jaguar3_hop *h,
                          const struct jaguar3_chan_data *d,
                          const struct dvr_chan_geometry *from,
                          const struct dvr_chan_geometry *to)
{
	if (!h->igi_known || to->center >= JAGUAR3_HOP_CHANNELS ||
	    from->is_5g != to->is_5g || from->bw_mhz != to->bw_mhz ||
	    from->sc20 != to->sc20 || from->sc40 != to->sc40)
		return 0;
	uint32_t v = h->rf18[to->center];
	/* cached at another bandwidth: not this hop's word */
	if (!v || jaguar3_rf18(v, d, to) != v)
		return 0;
	return v;
}

void jaguar3_hop_bb(struct dvr_chip *chip, const struct jaguar3_chan_data *d,
                    const struct dvr_chan_geometry *from,
                    const struct dvr_chan_geometry *to)
{
	struct dvr_io *io = chip->io;
	unsigned a = from->center, b = to->center;

	/* in the order of jaguar3_bb_band */
	if (to->is_5g && jaguar3_ofdm_agc_table_5g(a) !=
	                         jaguar3_ofdm_agc_table_5g(b))
		d->agc_tables(chip, to);
	if (jaguar3_sco_fc_value(from) != jaguar3_sco_fc_value(to))
		jaguar3_sco_fc(io, to);
	if (to->is_5g)
		return;
	if ((a == 14) != (b == 14))
		jaguar3_cck_shaping(io, d, b);
	if (!d->tx_dfir_by_band && (a == 13) != (b == 13))
		dvr_w32_mask(io, 0x0808, 0x70, b == 13 ? 3 : 1);
}

void jaguar3_hop_rf(struct dvr_chip *chip, uint32_t rf18, bool hold)
{
	if (hold)
		jaguar3_hold_3wire(chip);
	halmac_rf_write_word(chip, 0, 0x18, rf18);
	halmac_rf_write_word(chip, 1, 0x18, rf18);
	if (hold)
		jaguar3_release_3wire(chip, false);
}

void jaguar3_hop_toggle_igi(struct dvr_io *io, const struct jaguar3_hop *h)
{
	/* The toggle as whole words, both paths' fields at once, the way
	 * the vendor makes it (rtl88x2eu phydm_hal_api8822e.c
	 * phydm_igi_toggle_8822e: 0x1D70 - 0x202, then 0x1D70): the word is
	 * known, so two transfers. */
	uint32_t w = h->igi_word;
	uint32_t low = ((w & 0x7F) - 2) & 0x7F;

	dvr_w32(io, 0x1D70, (w & ~0x7F7Fu) | low | low << 8);
	dvr_w32(io, 0x1D70, w);
}
