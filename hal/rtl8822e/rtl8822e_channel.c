/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Band, channel and bandwidth of the 8822E: the registers both Jaguar3
 * dies program alike (hal/jaguar3) with this die's data, then what the
 * vendor adds for it (rtl88x2eu phydm_hal_api8822e.c
 * config_phydm_switch_channel_8822e, config_phydm_switch_bandwidth_8822e):
 * RF 0xDF, the TX paths and RFE pins per band, TX shaping, spur
 * elimination, the DAC clock, BB reset, IGI toggle and the DAC FIFO reset.
 */
#include "hal/common/narrowband.h"
#include "hal/common/chan_geometry.h"
#include "hal/rtl8822e/rtl8822e.h"

/* phydm_hal_api8822e.h: the AGC tables (OFDM 2.4 GHz 0, 5 GHz 1/2/3 by
 * sub-band, CCK 8) and the DIG lower bound of a table that has none. */
#define AGC_OFDM_2G 0
#define AGC_CCK 8
#define AGC_L_BND_DEFAULT 0x0D

/* Vendor phydm_ofdm_agc_tab_sel_8822e: the table on both paths, then its
 * lower bound (recorded while the AGC table loaded) into 0x828 [7:3]. */
static void ofdm_agc_table(struct dvr_chip *chip, uint32_t tab)
{
	struct dvr_io *io = chip->io;
	const struct rtl8822e_priv *priv = rtl8822e_priv(chip);
	uint32_t lbound = AGC_L_BND_DEFAULT;

	if (priv && (priv->agc_lbound_found & (1u << tab)))
		lbound = priv->agc_lbound[tab];
	dvr_w32_mask(io, 0x18AC, 0x1F0, tab);
	dvr_w32_mask(io, 0x41AC, 0x1F0, tab);
	dvr_w32_mask(io, 0x0828, 0xF8, lbound);
}

/* Vendor config_phydm_switch_channel_8822e step 1 with
 * phydm_set_agc_table_8822e (no BT link). OpenIPC devourer
 * (RadioManagementJaguar3.cpp select_agc_tables) found the 8822E deaf on
 * 2.4 GHz with the 8822C's indices. */
static void agc_tables(struct dvr_chip *chip,
                       const struct dvr_chan_geometry *pl)
{
	if (pl->is_5g) {
		ofdm_agc_table(chip, jaguar3_ofdm_agc_table_5g(pl->center));
		return;
	}
	dvr_w32_mask(chip->io, 0x18AC, 0xF000, AGC_CCK);
	dvr_w32_mask(chip->io, 0x41AC, 0xF000, AGC_CCK);
	ofdm_agc_table(chip, AGC_OFDM_2G);
}

/* The RX/TX baseband filter in RF 0x1A; the 8822E has no RF 0x3F LUT
 * for it (rtl8822e_frontend.c). */
static void rx_bb_filter(struct dvr_chip *chip,
                         const struct dvr_chan_geometry *pl)
{
	rtl8822e_set_bw_filter(chip, pl->bw_mhz);
}

static const struct jaguar3_chan_data chan_data = {
	/* Vendor phydm_cck_tx_shaping_filter_8822e: the 8822C's set, but
	 * for channel 14's 0x1AAC. */
	.cck_shaping = {
		{ 0x5284, 0x3E18FEC8, 0x0A88, 0xACC4, 0xC8B2, 0x00FAF0DE,
		  0x00122344, 0x0FFFFFFF },
		{ 0x3DA0, 0x4962C931, 0x6AA3, 0xAA7B, 0xF3D7, 0x00000000,
		  0xFE012577, 0x0000FFFF },
	},
	/* RF 0x18 sub-band: bit 18 above channel 144, bit 17 from 80
	 * ("01: 5400 < f <= 5720, 10: f > 5720"). */
	.rf18_high_from = 149,
	.rf18_mid_from = 80,
	.dac_clk_20 = 6,          /* "DAC clock = 480M clock for BW20" */
	/* tx_shaping below sets 0x808 [6:4] to 3 on both bands */
	.tx_dfir_by_band = true,
	.agc_tables = agc_tables,
	.rx_bb_filter = rx_bb_filter,
};

/* Vendor phydm_tx_triangular_shap_cfg_8822e: CFR and the triangular TX
 * shaping, per band, at 20/40/80 MHz. */
static void tx_shaping(struct dvr_io *io, bool is_2g)
{
	dvr_w32_mask(io, 0x0A74, 1u << 31, 1);
	dvr_w32_mask(io, 0x0808, 0x70, 3);
	dvr_w32_mask(io, 0x0A74, 0x3FF, is_2g ? 0x15 : 0x3F);
	dvr_w32_mask(io, 0x0A74, 0xFFC00, is_2g ? 0x13 : 0x3F);
	dvr_w32_mask(io, 0x080C, 0xF, is_2g ? 5 : 8);
	dvr_w32_mask(io, 0x081C, 0xFF, is_2g ? 0xFF : 0x55);
	dvr_w32_mask(io, 0x081C, 0x0F000000, is_2g ? 0 : 7);
	dvr_w32_mask(io, 0x08A0, 0xF0000000u, is_2g ? 0xB : 0);
}

/* ---- spur elimination (vendor phydm_spur_eliminate_8822e) ---- */

struct spur_fix {
	uint8_t center, bw_mhz;
	uint16_t nbi_tone;       /* manual notch tone; 0: notch off */
	uint8_t n_csi;
	uint16_t csi[3];         /* CSI mask tones */
	uint8_t csi_weight;
	uint16_t pkt_detect;     /* 0xC24 [15:0] */
};

/* The 5760 MHz spur (channels 153/161/169, 151/159/167, 155/171) and the
 * 5280 / 5600 MHz ones (54/102/118 at 40, 58/106/122 at 80). */
static const struct spur_fix spur_fixes[] = {
	{ 153, 20, 112, 3, { 111, 112, 113 }, 0xA, 0x60E0 },
	{ 161, 20, 112, 1, { 112 }, 0xA, 0x60E0 },
	{ 169, 20, 112, 1, { 112 }, 0xA, 0x60E0 },
	{ 151, 40, 16, 3, { 15, 16, 17 }, 0xA, 0x00E0 },
	{ 159, 40, 16, 1, { 16 }, 0xA, 0x00E0 },
	{ 167, 40, 16, 1, { 16 }, 0xA, 0x00E0 },
	{ 155, 80, 208, 3, { 207, 208, 209 }, 0xA, 0xC0E0 },
	{ 171, 80, 208, 1, { 208 }, 0xA, 0xC0E0 },
	{ 54, 40, 0, 1, { 32 }, 0xC, 0x00FF },
	{ 102, 40, 0, 1, { 32 }, 0xC, 0x00FF },
	{ 58, 80, 0, 1, { 224 }, 0xA, 0x00FF },
	{ 106, 80, 0, 1, { 224 }, 0xA, 0x00FF },
	{ 118, 40, 0, 1, { 32 }, 0xC, 0x00FF },
	{ 122, 80, 0, 1, { 224 }, 0xA, 0x00FF },
};

/* phydm_set_manual_nbi_8822e */
static void manual_nbi(struct dvr_io *io, unsigned tone)
{
	bool on = tone != 0;

	dvr_w32_mask(io, 0x1944, 0x001FF000, tone);
	dvr_w32_mask(io, 0x4044, 0x001FF000, tone);
	dvr_w32_mask(io, 0x1940, 1u << 31, on);
	dvr_w32_mask(io, 0x4040, 1u << 31, on);
	dvr_w32_mask(io, 0x0818, 1u << 11, on);
	dvr_w32_mask(io, 0x1D3C, 0x78000000, on ? 0xF : 0);
}

/* phydm_set_nbi_wa_para_8822e */
static void nbi_helpers(struct dvr_io *io, bool on, unsigned bw_mhz)
{
	dvr_w32_mask(io, 0x0810, 0xF, on ? 7 : 0);
	dvr_w32_mask(io, 0x0810, 0xF0000, on ? 7 : 0);
	dvr_w32_mask(io, 0x088C, 0x30000, on ? 3 : 2);
	uint32_t w = on && bw_mhz == 40 ? 0 : 3;
	dvr_w32_mask(io, 0x1944, 0x300, w);
	dvr_w32_mask(io, 0x4044, 0x300, w);
}

/* The CSI mask table: clock on, table writes on, ..., clock off. */
static void csi_table_open(struct dvr_io *io)
{
	dvr_w32_mask(io, 0x1EE8, 0x3, 0x3);
	dvr_w32_mask(io, 0x1D94, 0xC0000000u, 0x1);
}

/* phydm_set_csi_mask_8822e: two tones a table entry. */
static void csi_mask(struct dvr_io *io, unsigned tone, uint8_t weight)
{
	csi_table_open(io);
	dvr_w32_mask(io, 0x1D94, 0x00FF0000, (tone >> 1) & 0xFF);
	dvr_w32_mask(io, 0x1D94, tone & 1 ? 0xF0 : 0x0F, weight);
	dvr_w32_mask(io, 0x1EE8, 0x3, 0);
}

/* phydm_clean_specific_csi_mask_8822e: the entries the fixes use (the
 * vendor indexes the table with these numbers as they are). */
static void csi_mask_clear(struct dvr_io *io)
{
	static const uint8_t entries[] = { 7, 8, 16, 55, 56, 103, 104, 112 };

	csi_table_open(io);
	for (size_t i = 0; i < sizeof entries; i++) {
		dvr_w32_mask(io, 0x1D94, 0x00FF0000, entries[i]);
		dvr_w32_mask(io, 0x1D94, 0xFF, 0);
	}
	dvr_w32_mask(io, 0x1EE8, 0x3, 0);
}

static const struct spur_fix *spur_fix_of(const struct dvr_chan_geometry *pl)
{
	const struct spur_fix *f = NULL;

	for (size_t i = 0; i < sizeof spur_fixes / sizeof spur_fixes[0]; i++)
		if (spur_fixes[i].center == pl->center &&
		    spur_fixes[i].bw_mhz == pl->bw_mhz)
			f = &spur_fixes[i];
	return f;
}

static void spur_eliminate(struct dvr_io *io,
                           const struct dvr_chan_geometry *pl)
{
	const struct spur_fix *f = spur_fix_of(pl);

	/* Automatic NBI detection off, CSI masking on. */
	dvr_w32_mask(io, 0x0818, 1u << 3, 0);
	dvr_w32_mask(io, 0x1D3C, 0x78000000, 0);
	dvr_w32_mask(io, 0x0C0C, 1u << 3, 1);
	if (!f) {
		manual_nbi(io, 0);
		nbi_helpers(io, false, pl->bw_mhz);
		csi_mask_clear(io);
		dvr_w32_mask(io, 0x0C0C, 1u << 3, 0);
		dvr_w32_mask(io, 0x0C24, 0xFFFF, 0x00FF);
		return;
	}
	csi_mask_clear(io);
	manual_nbi(io, f->nbi_tone);
	nbi_helpers(io, f->nbi_tone != 0, pl->bw_mhz);
	for (unsigned i = 0; i < f->n_csi; i++)
		csi_mask(io, f->csi[i], f->csi_weight);
	dvr_w32_mask(io, 0x0C24, 0xFFFF, f->pkt_detect);
}

/* The 5760 MHz spur channels' DAC clock (vendor
 * phydm_set_dac_clock_8822e). */
static bool dac_clock_spur(unsigned center)
{
	return center == 151 || center == 153 || center == 155;
}

/* The vendor's channel check: no RF channel between the bands' ends. */
static bool vendor_rejects(unsigned c)
{
	return c == 15 || (c >= 97 && c <= 99) || (c >= 145 && c <= 148) ||
	       c > 253;
}

/* ---- 5 and 10 MHz ---- */

/* The MAC clock (REG_AFE_CTRL1 0x24 [21:20]: 0 80 MHz, 2 20 MHz, 3 the
 * 20 MHz clock of 5 MHz channels) and the microsecond ticks of the TSF
 * and EDCA timers in it (0x55C, 0x638: 80, or 20 at 5/10 MHz) (vendor
 * halmac cfg_mac_clk_88xx, rtl88x2eu halmac_cfg_wmac_88xx.c). */
static void mac_clock(struct dvr_io *io, unsigned bw_mhz)
{
	uint32_t sel = bw_mhz == 5 ? 3 : bw_mhz == 10 ? 2 : 0;
	uint8_t us = bw_mhz < 20 ? 20 : 80;

	dvr_w32_mask(io, 0x0024, 0x00300000, sel);
	dvr_w8(io, 0x055C, us);
	dvr_w8(io, 0x0638, us);
}

/* Vendor config_phydm_switch_bandwidth_8822e, CHANNEL_WIDTH_5 / _10: CFR
 * off and the triangular TX shaping cleared (tx_shaping puts both back
 * at 20/40/80 MHz). */
static void narrow_tx_shaping(struct dvr_io *io)
{
	dvr_w32_mask(io, 0x0A74, 1u << 31, 0);
	dvr_w32_mask(io, 0x0A74, 0x3FF, 0x15);
	dvr_w32_mask(io, 0x0A74, 0xFFC00, 0x13);
	dvr_w32_mask(io, 0x0808, 0x70, 1);
	dvr_w32_mask(io, 0x080C, 0xF, 5);
	dvr_w32_mask(io, 0x081C, 0xFF, 0);
	dvr_w32_mask(io, 0x081C, 0x0F000000, 0);
	dvr_w32_mask(io, 0x08A0, 0xF0000000u, 0);
}

/*
 * 5/10 MHz: the 20 MHz channel, then
 *  - the baseband re-clock with the 8822C's codes (jaguar3_narrowband.c):
 *    the vendor's own 8822E 5 MHz DAC code (2) airs nothing on the
 *    silicon, the 8822C's do (OpenIPC devourer
 *    src/jaguar3/RadioManagementJaguar3.cpp set_bandwidth_dividers,
 *    docs/narrowband.md);
 *  - the MAC clock and its microsecond ticks divided, without which a
 *    5 MHz frame never reaches the air on this die (same sources);
 *  - CFR and TX shaping as the vendor sets them for 5/10 MHz;
 *  - the BB reset, the IGI toggle and the DAC FIFO reset a new TX clock
 *    needs, as after any change of bandwidth (set_channel below).
 */
static int set_narrow_channel(struct dvr_chip *chip,
                              const struct dvr_channel *ch)
{
	struct dvr_io *io = chip->io;
	struct rtl8822e_priv *priv = rtl8822e_priv(chip);
	struct dvr_channel wide;
	int st;

	if ((st = dvr_narrow_base(chip, ch, &wide)) != DVR_OK)
		return st;
	if ((st = rtl8822e_set_channel(chip, &wide)) != DVR_OK)
		return st;
	jaguar3_bb_narrowband(io, ch->bw_mhz);
	mac_clock(io, ch->bw_mhz);
	narrow_tx_shaping(io);
	uint8_t sys_func_en = rtl8822e_bb_reset(io);
	/* what a hop knows of the BB is the 20 MHz channel's, no longer
	 * the chip's (the core never hops a narrowband channel) */
	rtl8822e_hop_forget(chip);
	if (priv) {
		priv->sys_func_en = sys_func_en;
		priv->sys_func_known = dvr_io_status(io) == DVR_OK;
		priv->narrow = true;
	}
	jaguar3_toggle_igi(io, NULL);
	rtl8822e_dack_soft_reset(chip);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error while re-clocking "
		                     "for %u MHz", ch->bw_mhz);
	return DVR_OK;
}

int rtl8822e_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	struct dvr_io *io = chip->io;
	struct rtl8822e_priv *priv = rtl8822e_priv(chip);
	struct dvr_chan_geometry pl;
	int st;

	if (ch && (ch->bw_mhz == 5 || ch->bw_mhz == 10))
		return set_narrow_channel(chip, ch);

	if (vendor_rejects(ch->channel))
		return dvr_chip_fail(chip, DVR_E_INVALID, "%s: channel %u is "
		                     "outside the synthesiser's bands (15, "
		                     "97-99 and 145-148 are refused)",
		                     chip->info->name, (unsigned)ch->channel);
	if ((st = dvr_chip_chan_geometry(chip, ch, &pl)) != DVR_OK)
		return st;
	if (vendor_rejects(pl.center))
		return dvr_chip_fail(chip, DVR_E_INVALID, "%s: centre channel "
		                     "%u is outside the synthesiser's bands",
		                     chip->info->name, pl.center);
	bool is_2g = !pl.is_5g;
	if (priv && priv->narrow) {
		/* back from 5/10 MHz: the MAC clock of bring-up, and the BB
		 * clocks 40/80 MHz would not write */
		mac_clock(io, pl.bw_mhz);
		jaguar3_bb_narrowband_undo(io, &chan_data);
		priv->narrow = false;
	}
	jaguar3_bb_band(chip, &chan_data, &pl);
	jaguar3_bb_bandwidth(io, &chan_data, &pl);
	/* Dynamic CCK packet-detection threshold by bandwidth. */
	if (pl.bw_mhz == 20 || pl.bw_mhz == 40) {
		dvr_w32_mask(io, 0x1AE8, 1u << 31, pl.bw_mhz == 20);
		dvr_w32_mask(io, 0x1AEC, 0xF, pl.bw_mhz == 20 ? 6 : 8);
	}
	halmac_set_channel_mac(chip, &pl);
	jaguar3_rf_channel(chip, &chan_data, &pl, priv ? &priv->hop : NULL);
	/* RF A 0xDF bit 18, "RxA enhance-Q", on 2.4 GHz only. */
	halmac_rf_write(chip, 0, 0xDF, 1u << 18, is_2g);
	/* TX paths and RFE pins for the band: one-stream frames on path B
	 * at 5 GHz, A at 2.4 GHz (rtl8822e_phy.c config_trx_mode); the pins
	 * for TX and RX on both paths, the "none" pattern on 2.4 GHz. */
	rtl8822e_set_tx_paths(io, is_2g);
	rtl8822e_set_rfe_pins(chip, is_2g, 3);
	tx_shaping(io, is_2g);
	if (pl.is_5g) {
		/* OFDM TX back-off and scaling at 5 GHz: OpenIPC devourer
		 * HalJaguar3.cpp config_channel_8822e, from a vendor drop
		 * newer than rtl88x2eu; brings on-air power to the vendor
		 * driver's. */
		dvr_w32_mask(io, 0x0818, 0x07C00000, 0xC);
		dvr_w32_mask(io, 0x081C, 0x001FC000, 0x4);
	}
	spur_eliminate(io, &pl);
	/* DAC clock for the 5760 MHz spur channels (vendor
	 * phydm_set_dac_clock_8822e). */
	dvr_w32_mask(io, 0x1CDC, 1u << 31, dac_clock_spur(pl.center));
	uint8_t sys_func_en = rtl8822e_bb_reset(io);
	if (priv) {
		priv->sys_func_en = sys_func_en;
		priv->sys_func_known = dvr_io_status(io) == DVR_OK;
	}
	/* Without the IGI toggle the receiver can stay deaf after a
	 * switch (OpenIPC devourer docs/8822e-quirks.md). */
	jaguar3_toggle_igi(io, priv ? &priv->hop : NULL);
	/* A new TX clock can leave the DAC FIFO in error: reset it after a
	 * switch to 40 or 80 MHz (OpenIPC devourer RadioManagementJaguar3.cpp
	 * set_channel_bwmode; the vendor after every bandwidth change, its
	 * halrf_ex_dac_fifo_rst being the AFE banks' soft reset). */
	if (pl.bw_mhz == 40 || pl.bw_mhz == 80)
		rtl8822e_dack_soft_reset(chip);
	if ((st = dvr_io_status(io)) != DVR_OK) {
		rtl8822e_hop_forget(chip);
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

void rtl8822e_hop_forget(struct dvr_chip *chip)
{
	struct rtl8822e_priv *priv = rtl8822e_priv(chip);

	if (priv) {
		jaguar3_hop_reset(&priv->hop);
		priv->sys_func_known = false;
	}
}

/* Vendor config_phydm_switch_channel_8822e less what the hop keeps
 * (hal/jaguar3 jaguar3_hop.c says what and why; RF 0xDF, the TX paths,
 * RFE pins, TX shaping and the 5 GHz back-off are the band's; the DAC
 * FIFO reset follows a bandwidth change only), in the full set's order:
 * the channel's BB registers where they differ, RF 0x18 on both paths
 * (the vendor writes it without the 3-wire hold, its
 * phydm_rstb_3wire_8822e calls there commented out), the spur fix when
 * either channel has one, the DAC clock where it differs, the BB reset
 * (phydm_bb_reset_8822e: bit 16 of 0x00 set, cleared, set; it is known
 * set, so the clear and the set) and the IGI toggle. */
int rtl8822e_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                         bool *hopped)
{
	struct rtl8822e_priv *priv = rtl8822e_priv(chip);
	struct dvr_chan_geometry from, to;
	struct dvr_io *io = chip->io;

	*hopped = false;
	if (!priv || !priv->band_valid || !priv->sys_func_known ||
	    vendor_rejects(ch->channel) ||
	    dvr_chan_geometry_for_chip(chip->info, &chip->channel, &from) !=
	            DVR_OK ||
	    dvr_chan_geometry_for_chip(chip->info, ch, &to) != DVR_OK ||
	    vendor_rejects(to.center) || from.is_5g != priv->is_5g)
		return DVR_OK;
	uint32_t rf18 = jaguar3_hop_rf18(&priv->hop, &chan_data, &from, &to);
	if (!rf18)
		return DVR_OK;
	jaguar3_hop_bb(chip, &chan_data, &from, &to);
	jaguar3_hop_rf(chip, rf18, false);
	if (spur_fix_of(&from) || spur_fix_of(&to))
		spur_eliminate(io, &to);
	if (dac_clock_spur(from.center) != dac_clock_spur(to.center))
		dvr_w32_mask(io, 0x1CDC, 1u << 31, dac_clock_spur(to.center));
	uint8_t v = priv->sys_func_en;
	dvr_w8(io, 0x0002, (uint8_t)(v & ~0x01u));
	dvr_w8(io, 0x0002, v);
	jaguar3_hop_toggle_igi(io, &priv->hop);
	int st = dvr_io_status(io);
	if (st != DVR_OK) {
		priv->band_valid = false;
		rtl8822e_hop_forget(chip);
		return dvr_chip_fail(chip, st, "USB error while hopping");
	}
	*hopped = true;
	return DVR_OK;
}
