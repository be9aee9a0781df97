/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The channel switch both Jaguar3 dies make the same way: the BB band and
 * bandwidth registers (rtw88 rtw8822c.c rtw8822c_set_channel_bb; vendor
 * rtl88x2eu phydm_hal_api8822e.c config_phydm_switch_channel_8822e and
 * config_phydm_switch_bandwidth_8822e write the same registers), RF 0x18
 * on both paths under the 3-wire hold, the IGI toggle and the RX half of
 * the TRX mode. What differs between the dies (AGC table indices, CCK
 * shaping coefficients, the RX baseband filter, sub-band edges, the DAC
 * clock at 20 MHz) comes from struct jaguar3_chan_data.
 */
#include "hal/common/chan_geometry.h"
#include "hal/jaguar3/jaguar3.h"

uint32_t jaguar3_sco_fc_value(const struct dvr_chan_geometry *pl)
{
	unsigned c = pl->center;

	if (!pl->is_5g)
		return c >= 13 ? 0x969 : c >= 11 ? 0x96A : 0x9AA;
	return c <= 51 ? 0x494 : c <= 55 ? 0x493 : c <= 111 ? 0x453 :
	       c <= 119 ? 0x452 : c <= 172 ? 0x412 : 0x411;
}

/* Clock-offset tracking fc by channel. */
void jaguar3_sco_fc(struct dvr_io *io, const struct dvr_chan_geometry *pl)
{
	dvr_w32_mask(io, 0x0C30, 0xFFF, jaguar3_sco_fc_value(pl));
}

/* CCK TX filter: channel 14 has its own (Japan DSSS mask). */
void jaguar3_cck_shaping(struct dvr_io *io, const struct jaguar3_chan_data *d,
                         unsigned center)
{
	const uint32_t *f = d->cck_shaping[center == 14];

	dvr_w32_mask(io, 0x1A20, 0xFFFF0000, f[0]);
	dvr_w32(io, 0x1A24, f[1]);
	dvr_w32_mask(io, 0x1A28, 0xFFFF, f[2]);
	dvr_w32_mask(io, 0x1A98, 0xFFFF0000, f[3]);
	dvr_w32_mask(io, 0x1A9C, 0xFFFF, f[4]);
	dvr_w32(io, 0x1AA0, f[5]);
	dvr_w32(io, 0x1AAC, f[6]);
	dvr_w32(io, 0x1AB0, f[7]);
}

static void bb_band_2g(struct dvr_chip *chip,
                       const struct jaguar3_chan_data *d,
                       const struct dvr_chan_geometry *pl)
{
	struct dvr_io *io = chip->io;
	unsigned c = pl->center;

	dvr_clr32(io, 0x1A14, 0x300);            /* CCK RX IQ weight [1,1] */
	dvr_set32(io, 0x1A9C, 1u << 20);
	dvr_clr32(io, 0x0454, 1u << 7);          /* CCK allowed */
	dvr_clr32(io, 0x1A80, 1u << 18);
	dvr_w32_mask(io, 0x1C80, 0x3F000000, 0x0F);
	d->agc_tables(chip, pl);
	jaguar3_sco_fc(io, pl);
	jaguar3_cck_shaping(io, d, c);
	dvr_w32_mask(io, 0x0808, 0x70, c == 13 ? 3 : 1);   /* TX DFIR */
}

static void bb_band_5g(struct dvr_chip *chip,
                       const struct jaguar3_chan_data *d,
                       const struct dvr_chan_geometry *pl)
{
	struct dvr_io *io = chip->io;

	dvr_set32(io, 0x1A80, 1u << 18);
	dvr_set32(io, 0x0454, 1u << 7);          /* no CCK on 5 GHz */
	dvr_set32(io, 0x1A14, 0x300);
	dvr_clr32(io, 0x1A9C, 1u << 20);
	dvr_w32_mask(io, 0x1C80, 0x3F000000, 0x22);
	dvr_w32_mask(io, 0x0808, 0x70, 3);
	d->agc_tables(chip, pl);
	jaguar3_sco_fc(io, pl);
}

void jaguar3_bb_band(struct dvr_chip *chip, const struct jaguar3_chan_data *d,
                     const struct dvr_chan_geometry *pl)
{
	if (pl->is_5g)
		bb_band_5g(chip, d, pl);
	else
		bb_band_2g(chip, d, pl);
}

uint32_t jaguar3_ofdm_agc_table_5g(unsigned center)
{
	return center >= 149 ? 3 : center >= 100 ? 2 : 1;
}

void jaguar3_bb_bandwidth(struct dvr_io *io, const struct jaguar3_chan_data *d,
                          const struct dvr_chan_geometry *pl)
{
	uint32_t p = pl->sc20;

	switch (pl->bw_mhz) {
	case 20:
		dvr_w32_mask(io, 0x0810, 0x3FF0, 0x19B);   /* RX DFIR */
		dvr_w32_mask(io, 0x09B0, 0xF, 0);
		dvr_w32_mask(io, 0x09B0, 0xFFC0, 0);
		dvr_w32_mask(io, 0x09B4, 0x700, d->dac_clk_20);
		dvr_w32_mask(io, 0x09B4, 0x700000, 6);     /* ADC 160 MHz */
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

uint32_t jaguar3_rf18(uint32_t rf18, const struct jaguar3_chan_data *d,
                      const struct dvr_chan_geometry *pl)
{
	unsigned c = pl->center;
	uint32_t v = rf18;

	/* Channel [7:0], band bits 16 and 8, sub-band [18:17], RF
	 * bandwidth [13:12]; every other bit kept. */
	v &= ~((1u << 16) | (1u << 9) | (1u << 8) | 0xFFu | (3u << 17) |
	       (3u << 12));
	v |= c & 0xFF;
	if (pl->is_5g) {
		v |= (1u << 16) | (1u << 8);
		if (c >= d->rf18_high_from)
			v |= 1u << 18;
		else if (c >= d->rf18_mid_from)
			v |= 1u << 17;
	}
	if (pl->bw_mhz == 20)
		v |= 3u << 12;
	else if (pl->bw_mhz == 40)
		v |= 1u << 13;
	else
		v |= 1u << 12;
	return v;
}

/* The 3-wire interface held while RF 0x18 is written (rtw88 rtw8822c.c
 * rtw8822c_rstb_3wire; vendor phydm_rstb_3wire_8822c), 0x1C90 through
 * the register shadow: no hardware writes it. */
void jaguar3_hold_3wire(struct dvr_chip *chip)
{
	dvr_reg_shadow_w32_mask(chip->io, &chip->shadow, 0x1C90, 1u << 8, 0);
}

void jaguar3_release_3wire(struct dvr_chip *chip, bool rewrite)
{
	static const uint16_t anapar[2] = { 0x1830, 0x4130 };

	dvr_reg_shadow_w32_mask(chip->io, &chip->shadow, 0x1C90, 1u << 8, 1);
	/* The "force update anapar" bits are a level the BB keeps set: every
	 * whole-word write of these registers in the references carries bit
	 * 29 (rtw88 rtw8822c.c rtw8822c_txgapk_afe_dpk_restore 0x700B8041;
	 * vendor phydm_hal_api8822c.c phydm_1rcca_setting_8822c 0x700B8001,
	 * phydm_invld_pkt_setting_8822c 0x70EB8001). The full set writes
	 * them as the references do; a hop only when they are not set. */
	for (unsigned p = 0; p < 2; p++) {
		if (!rewrite) {
			dvr_reg_shadow_w32_mask(chip->io, &chip->shadow,
			                        anapar[p], 1u << 29, 1);
			continue;
		}
		/* read and written, as the references do, and known after */
		dvr_reg_shadow_forget(&chip->shadow, anapar[p]);
		uint32_t v = dvr_r32(chip->io, anapar[p]);
		if (dvr_io_status(chip->io) == DVR_OK)
			dvr_reg_shadow_w32(chip->io, &chip->shadow, anapar[p],
			                   v | 1u << 29);
	}
}

void jaguar3_rf_channel(struct dvr_chip *chip,
                        const struct jaguar3_chan_data *d,
                        const struct dvr_chan_geometry *pl,
                        struct jaguar3_hop *hop)
{
	uint32_t v = jaguar3_rf18(halmac_rf_read(chip, 0, 0x18, 0xFFFFF), d,
	                          pl);

	/* The RF shadow reaches the analog side only with the 3-wire held
	 * while it is written, and the force-update bits set after (needed
	 * for 2.4 GHz RX; vendor phydm_rstb_3wire_8822e). */
	jaguar3_hold_3wire(chip);
	d->rx_bb_filter(chip, pl);
	halmac_rf_write(chip, 0, 0x18, 0xFFFFF, v);
	halmac_rf_write(chip, 1, 0x18, 0xFFFFF, v);
	jaguar3_release_3wire(chip, true);
	if (hop && pl->center < JAGUAR3_HOP_CHANNELS &&
	    dvr_io_status(chip->io) == DVR_OK)
		hop->rf18[pl->center] = v;
}

void jaguar3_toggle_igi(struct dvr_io *io, struct jaguar3_hop *hop)
{
	/* Nudge the initial gain index down and back: the BB sends no
	 * 3-wire command by itself after a path, channel or bandwidth
	 * change, so the RF would not enter RX mode (rtw88 rtw8822c.c
	 * rtw8822c_toggle_igi; vendor phydm_igi_toggle_8822e). */
	uint32_t word = dvr_r32(io, 0x1D70);
	uint32_t igi = word & 0x7F;

	dvr_w32_mask(io, 0x1D70, 0x7F, igi - 2);
	dvr_w32_mask(io, 0x1D70, 0x7F00, igi - 2);
	dvr_w32_mask(io, 0x1D70, 0x7F, igi);
	dvr_w32_mask(io, 0x1D70, 0x7F00, igi);
	if (hop) {
		hop->igi_word = (word & ~0x7F7Fu) | igi | igi << 8;
		hop->igi_known = dvr_io_status(io) == DVR_OK;
	}
}

void jaguar3_rx_paths(struct dvr_io *io, bool two)
{
	/* CCK: MRC for barker and CCA, antenna A to CCK1 and B to CCK2. */
	dvr_w32_mask(io, 0x1A2C, 0x00060000, two);
	dvr_w32_mask(io, 0x1A2C, 0x00600000, two);
	dvr_w32_mask(io, 0x1A04, 0x0F000000, two ? 1 : 0);
	/* OFDM: HT/VHT stream limits, antenna weighting, MRC equaliser,
	 * RX antennas and CCA paths. */
	dvr_w32_mask(io, 0x1D30, 0x300, two);
	dvr_w32_mask(io, 0x1D30, 0x600000, two);
	dvr_w32_mask(io, 0x0C44, 1u << 17, two);
	dvr_w32_mask(io, 0x0C54, 1u << 20, two);
	dvr_w32_mask(io, 0x0C38, 1u << 24, two);
	dvr_w32_mask(io, 0x0824, 0x0F000000, two ? 3 : 1);
	dvr_w32_mask(io, 0x0824, 0x000F0000, two ? 3 : 1);
}
