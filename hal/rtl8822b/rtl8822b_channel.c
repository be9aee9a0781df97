/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Band, channel and bandwidth of the 8822B in rtw88's order (rtw8822b.c
 * rtw8822b_set_channel): BB (rtw8822b_set_channel_bb), MAC (hal/halmac:
 * mac.c rtw_set_channel_mac), RF (rtw8822b_set_channel_rf), RX DFIR
 * (rtw8822b_set_channel_rxdfir), IGI toggle, CCA thresholds of the
 * board's front end (rtw8822b_set_channel_cca) and its RFE pin mux
 * (rtw8822b_set_channel_rfe_efem / _ifem). rtw88 hands the chip the
 * centre channel; so do we.
 *
 * A hop (rtl8822b_hop_channel) writes only what those functions make
 * depend on the channel number within one band and bandwidth:
 *  - BB: on 2.4 GHz the CCK TX filter, which channel 14 has its own of;
 *    on 5 GHz the AGC table (0x958) and clock-tracking word (0x860) of
 *    the sub-band (rtw8822b_set_channel_bb);
 *  - RF: RF A 0xBE [17:15] (rtw88's low/middle/high_band tables), RF A
 *    0xDF bit 18 for channel 144, RF 0x18 of both paths and the re-latch
 *    (rtw8822b_set_channel_rf);
 *  - the 20 MHz CCA threshold 0x838 [7:4] of the middle 5 GHz channels
 *    (rtw8822b_set_channel_cca, IS_CH_5G_BAND_MID).
 * Everything else depends on the band, the bandwidth or the primary
 * sub-channel only, which a hop keeps (the core's is_hop; we also decline
 * a change of primary within 40/80 MHz): the band switch and CCK
 * enables, the 2.4 GHz AGC table and clock word, the antenna port
 * (set_channel_bb), the ADC clock word (0x8AC), the MAC's bandwidth and
 * sub-channel (rtw_set_channel_mac), the RX DFIR
 * (set_channel_rxdfir), the CCA thresholds but the one above, and the
 * RFE pin mux (set_channel_rfe_*, by band). The IGI toggle
 * (rtw8822b_toggle_igi) leaves every register as it found it; it kicks
 * the AGC, which OpenIPC devourer measured a hop to do as well without,
 * on both Jaguar2 chips (docs/frequency-hopping.md, "No per-hop RX
 * kick"), and a hop leaves it out. The channel set runs no calibration
 * (rtw88 runs the IQK from rtw8822b_phy_calibration and the thermal
 * tracking, never from set_channel): there is none to keep per channel.
 */
#include "hal/rtl8822b/rtl8822b.h"

#define REG_RXPSEL 0x0808
#define REG_RXCCAMSK 0x0814
#define REG_CCASEL 0x082C
#define REG_PDMFTH 0x0830
#define REG_CCA2ND 0x0838
#define REG_L1WT 0x083C
#define REG_L1PKWT 0x0840
#define REG_CLKTRK 0x0860
#define REG_ADCCLK 0x08AC
#define REG_ADC160 0x08C4
#define REG_ADC40 0x08C8
#define REG_ACBB0 0x0948
#define REG_ACBBRXFIR 0x094C
#define REG_ACGG2TBL 0x0958
#define REG_RXSB 0x0A00
#define REG_TXSF2 0x0A24
#define REG_TXSF6 0x0A28
#define REG_ENTXCCK 0x0A80
#define REG_TXDFIR 0x0C20
#define REG_TRSW 0x0CA0
#define REG_RFESEL0 0x0CB0
#define REG_RFESEL8 0x0CB4
#define REG_RFECTL 0x0CB8
#define REG_RFEINV 0x0CBC
#define RF_DTXLOK_CH 0x18
#define RF_MALSEL 0xBE
#define RF_LUTDBG 0xDF
#define RF_ALL 0xFFFFFu

/* 0xC00-0xCFF and 0xE00-0xEFF have the same layout, one per path (rtw88
 * rtw8822b.h rtw_write32s_mask). */
static void w32s_mask(struct dvr_io *io, uint16_t addr, uint32_t mask,
                      uint32_t v)
{
	dvr_w32_mask(io, addr, mask, v);
	dvr_w32_mask(io, (uint16_t)(addr + 0x200), mask, v);
}

/* ---- CCA thresholds by front end (rtw88 rtw8822b.c cca_*_ccut) ---- */

enum { CCA_1R_2G, CCA_2R_2G, CCA_1R_5G, CCA_2R_5G, CCA_COLS };

struct cca_set {
	uint32_t r82c[CCA_COLS], r830[CCA_COLS], r838[CCA_COLS];
};

static const struct cca_set cca_ifem = {
	{ 0x75C97010, 0x75C97010, 0x75C97010, 0x75C97010 },
	{ 0x79A0EAAA, 0x79A0EAAC, 0x79A0EAAA, 0x79A0EAAA },
	{ 0x87765541, 0x87746341, 0x87765541, 0x87746341 },
};

static const struct cca_set cca_efem = {
	{ 0x75B86010, 0x75B76010, 0x75B86010, 0x75B76010 },
	{ 0x79A0EAA8, 0x79A0EAAC, 0x79A0EAA8, 0x79A0EAAA },
	{ 0x87766451, 0x87766431, 0x87766451, 0x87766431 },
};

static const struct cca_set cca_ifem_ext = {
	{ 0x75DA8010, 0x75DA8010, 0x75DA8010, 0x75DA8010 },
	{ 0x79A0EAAA, 0x97A0EAAC, 0x79A0EAAA, 0x79A0EAAA },
	{ 0x87765541, 0x86666341, 0x87765561, 0x86666361 },
};

/* The front end of an RFE option (rtw88 rtw8822b_rfe_info): RFE 2 has
 * the internal one on 2.4 GHz and an external one on 5 GHz, RFE 3 and 5
 * the internal one with the "ext" CCA set on both. */
struct rfe_fe {
	const struct cca_set *cca_2g, *cca_5g;
	bool efem_5g;      /* 5 GHz front end external (CCA, pins) */
	bool ifem_ext;
};

static const struct rfe_fe fe_rfe2 = { &cca_ifem, &cca_efem, true, false };
static const struct rfe_fe fe_ifem = { &cca_ifem_ext, &cca_ifem_ext, false,
	                               true };

static const struct rfe_fe *front_end(const struct dvr_chip *chip)
{
	/* identify admits only 2, 3 and 5 */
	return chip->id.rfe_type == 2 ? &fe_rfe2 : &fe_ifem;
}

/* rtw88 main.h IS_CH_5G_BAND_MID: 52-64 and 100-144 */
static bool band_mid(unsigned c)
{
	return (c >= 52 && c <= 64) || (c >= 100 && c <= 144);
}

/* The middle 5 GHz channels at 20 MHz take their own 0x838 [7:4]. */
static bool cca2nd_mid(const struct dvr_chan_geometry *pl)
{
	return pl->bw_mhz == 20 && band_mid(pl->center);
}

void rtl8822b_set_cca(struct dvr_chip *chip, const struct dvr_chan_geometry *pl)
{
	struct dvr_io *io = chip->io;
	const struct rfe_fe *fe = front_end(chip);
	bool two_rx = !chip->id.is_1t1r;
	int col = pl->is_5g ? (two_rx ? CCA_2R_5G : CCA_1R_5G)
	                    : (two_rx ? CCA_2R_2G : CCA_1R_2G);
	const struct cca_set *set = pl->is_5g ? fe->cca_5g : fe->cca_2g;
	bool efem = pl->is_5g && fe->efem_5g;
	uint32_t r830 = set->r830[col];

	if (!efem) {
		bool two = col == CCA_2R_2G || col == CCA_2R_5G;
		if ((chip->id.cut == 1 && two && pl->bw_mhz == 40) ||
		    (!fe->ifem_ext && col == CCA_2R_5G && pl->bw_mhz == 40) ||
		    (chip->id.rfe_type == 5 && col == CCA_2R_5G))
			r830 = 0x79A0EA28;
	}
	dvr_w32(io, REG_CCASEL, set->r82c[col]);
	dvr_w32(io, REG_PDMFTH, r830);
	dvr_w32(io, REG_CCA2ND, set->r838[col]);
	if (efem && chip->id.cut != 1)
		dvr_w32(io, REG_L1WT, 0x9194B2B9);
	if (cca2nd_mid(pl))
		dvr_w32_mask(io, REG_CCA2ND, 0xF0, 0x4);
}

/* 0x838 as rtl8822b_set_cca leaves it for @p pl. */
static uint32_t cca2nd_value(const struct dvr_chip *chip,
                             const struct dvr_chan_geometry *pl)
{
	const struct rfe_fe *fe = front_end(chip);
	bool two_rx = !chip->id.is_1t1r;
	int col = pl->is_5g ? (two_rx ? CCA_2R_5G : CCA_1R_5G)
	                    : (two_rx ? CCA_2R_2G : CCA_1R_2G);
	uint32_t v = (pl->is_5g ? fe->cca_5g : fe->cca_2g)->r838[col];

	return cca2nd_mid(pl) ? (v & ~0xF0u) | 0x40u : v;
}

/* ---- RFE pin mux ---- */

void rtl8822b_set_rfe_pins(struct dvr_chip *chip, bool is_5g)
{
	struct dvr_io *io = chip->io;
	const struct rfe_fe *fe = front_end(chip);
	bool efem = fe->efem_5g;    /* the RFE 2 pin set, both bands */
	static const uint32_t sel0[2][2] = {
		{ 0x745774, 0x477547 },    /* internal front end */
		{ 0x705770, 0x177517 },    /* external (RFE 2) */
	};

	/* signal source of each pin, then no inversion */
	w32s_mask(io, REG_RFESEL0, 0xFFFFFF, sel0[efem][is_5g]);
	w32s_mask(io, REG_RFESEL8, 0xFF00, is_5g ? 0x75 : 0x57);
	if (efem)
		w32s_mask(io, REG_RFECTL, is_5g ? 0x20 : 0x10, 0);
	w32s_mask(io, REG_RFEINV, 0xC00 | 0x3F, 0);
	/* T/R switch: two paths in use on either side (rtw88 also has one
	 * value for crossed single paths, which this driver never sets
	 * up); the internal 5 GHz front end has its own. */
	uint32_t trsw = chip->id.is_1t1r ? 0xA500 : 0xA501;
	if (!efem && is_5g)
		trsw = 0xA5A5;
	w32s_mask(io, REG_TRSW, 0xFFFF, trsw);
}

/* ---- BB ---- */

/* The 5 GHz sub-band's AGC table and clock-tracking word (rtw88
 * rtw8822b_set_channel_bb, IS_CH_5G_BAND_1..4). */
static uint32_t agc_table_5g(unsigned c)
{
	return c >= 149 ? 3 : c >= 100 ? 2 : 1;
}

static uint32_t clock_track_5g(unsigned c)
{
	return c <= 48 ? 0x494 : c <= 64 ? 0x453 : c <= 116 ? 0x452 : 0x412;
}

/* The CCK TX filter: channel 14 has its own (Japan DSSS mask). */
static void cck_tx_filter(struct dvr_io *io, unsigned c)
{
	dvr_w32(io, REG_TXSF2, c == 14 ? 0x00006577 : 0x384F6577);
	dvr_w32_mask(io, REG_TXSF6, 0xFFFF, c == 14 ? 0x0000 : 0x1525);
}

static void bb_band(struct dvr_chip *chip, const struct dvr_chan_geometry *pl)
{
	struct dvr_io *io = chip->io;
	unsigned c = pl->center;

	if (!pl->is_5g) {
		dvr_w32_mask(io, REG_RXPSEL, 1u << 28, 1);     /* CCK on */
		dvr_w32_mask(io, 0x0454, 0x80, 0);             /* CCK allowed */
		dvr_w32_mask(io, REG_ENTXCCK, 1u << 18, 0);
		dvr_w32_mask(io, REG_RXCCAMSK, 0xFC00, 15);
		dvr_w32_mask(io, REG_ACGG2TBL, 0x1F, 0);       /* AGC table */
		dvr_w32_mask(io, REG_CLKTRK, 0x1FFE0000, 0x96A);
		cck_tx_filter(io, c);
		/* antenna switch toward the 2.4 GHz (WLG) port */
		dvr_w32_mask(io, REG_RFEINV, 0x300, 0x2);
		return;
	}
	dvr_w32_mask(io, REG_ENTXCCK, 1u << 18, 1);
	dvr_w32_mask(io, 0x0454, 0x80, 1);                     /* no CCK */
	dvr_w32_mask(io, REG_RXPSEL, 1u << 28, 0);
	dvr_w32_mask(io, REG_RXCCAMSK, 0xFC00, 34);
	dvr_w32_mask(io, REG_ACGG2TBL, 0x1F, agc_table_5g(c));
	dvr_w32_mask(io, REG_CLKTRK, 0x1FFE0000, clock_track_5g(c));
	/* antenna switch toward the 5 GHz (WLA) port */
	dvr_w32_mask(io, REG_RFEINV, 0x300, 0x1);
}

/* The ADC clock word 0x8AC: bandwidth in [1:0], primary sub-channel in
 * [5:2] (rtw88 RTW_SC_*), with the bits each bandwidth clears. rtw88's
 * 20/40/80 MHz words never set the clock bits [28] and [16] a 5/10 MHz
 * word clears, so after one the BB table's values come back (rtw88
 * rtw8822b_table.c: 0x8AC 0xF00F000A; 0x8C8 0x000251A5, bit 31 low). */
static void bb_bandwidth(struct dvr_chip *chip,
                         const struct dvr_chan_geometry *pl)
{
	struct dvr_io *io = chip->io;
	struct rtl8822b_priv *priv = rtl8822b_priv(chip);
	uint32_t p = pl->sc20 & 0xF;
	uint32_t v = dvr_r32(io, REG_ADCCLK);

	if (priv && priv->narrow) {
		v |= 0x10010000u;
		dvr_w32_mask(io, REG_ADC40, 1u << 31, 0);
		priv->narrow = false;
	}

	switch (pl->bw_mhz) {
	case 20:
		v &= 0xFFCFFC00;
		break;
	case 40:
		dvr_w32_mask(io, REG_RXSB, 1u << 4, p == DVR_SC_20_UPPER);
		v = (v & 0xFF3FF300) | p << 2 | 1;
		break;
	default:
		v = (v & 0xFCEFCF00) | p << 2 | 2;
		break;
	}
	dvr_w32(io, REG_ADCCLK, v);
	dvr_w32_mask(io, REG_ADC160, 1u << 30, 1);
	if (pl->bw_mhz == 80 &&
	    (chip->id.rfe_type == 2 || chip->id.rfe_type == 3)) {
		dvr_w32_mask(io, REG_L1PKWT, 0xF000, 0x6);
		dvr_w32_mask(io, REG_ADC40, 1u << 10, 1);
	}
}

/* ---- RF ---- */

/* RF 0xBE [17:15] per 5 GHz channel, every other channel number from the
 * band's first (rtw88 rtw8822b.c low_band, middle_band, high_band). */
static const uint8_t rf_be_low[15] = { 0x7, 0x6, 0x6, 0x5, 0x0, 0x0, 0x7,
	                               0xff, 0x6, 0x5, 0x0, 0x0, 0x7, 0x6,
	                               0x6 };
static const uint8_t rf_be_mid[23] = { 0x6, 0x5, 0x0, 0x0, 0x7, 0x6, 0x6,
	                               0xff, 0x0, 0x0, 0x7, 0x6, 0x6, 0x5,
	                               0x0, 0xff, 0x7, 0x6, 0x6, 0x5, 0x0,
	                               0x0, 0x7 };
static const uint8_t rf_be_high[15] = { 0x5, 0x5, 0x0, 0x7, 0x7, 0x6, 0x5,
	                                0xff, 0x0, 0x7, 0x7, 0x6, 0x5, 0x5,
	                                0x0 };

static uint32_t rf_be(unsigned c)
{
	if (c >= 36 && c <= 64)
		return rf_be_low[(c - 36) >> 1];
	if (c >= 100 && c <= 144)
		return rf_be_mid[(c - 100) >> 1];
	if (c >= 149 && c <= 177)
		return rf_be_high[(c - 149) >> 1];
	return 0;        /* 2.4 GHz */
}

/* RF 0xBE [17:15] as the channel set writes it (the tables' 0xff
 * entries land as 7 in the 3-bit field, as rtw88's masked write does). */
static uint32_t rf_be_field(unsigned c)
{
	return (rf_be(c) << 15) & 0x38000u;
}

/* A partial RF write as halmac_rf_write makes it (the register read, then
 * written whole), returning the word written. */
static uint32_t rf_merge(struct dvr_chip *chip, uint8_t addr, uint32_t mask,
                         uint32_t field)
{
	uint32_t v = halmac_rf_read(chip, 0, addr, RF_ALL);
	v = (v & ~mask) | (field & mask);
	halmac_rf_write(chip, 0, addr, RF_ALL, v);
	return v;
}

static unsigned rf_paths(const struct dvr_chip *chip)
{
	return chip->id.is_1t1r ? 1 : 2;
}

static void rf_channel(struct dvr_chip *chip,
                       const struct dvr_chan_geometry *pl)
{
	struct rtl8822b_priv *priv = rtl8822b_priv(chip);
	unsigned c = pl->center;
	uint32_t v = jaguar2_rf_channel_word(chip, pl);

	uint32_t be = rf_merge(chip, RF_MALSEL, 0x38000, rf_be_field(c));
	/* 0xDF bit 18 must be set before RF 0x18 is written for 144 */
	uint32_t df = rf_merge(chip, RF_LUTDBG, 1u << 18,
	                       c == 144 ? 1u << 18 : 0);
	jaguar2_set_rf_channel(chip, priv ? &priv->hop : NULL, pl, v,
	                       rf_paths(chip));
	if (priv) {
		priv->rf_be = be;
		priv->rf_df = df;
	}
}

static void rx_dfir(struct dvr_io *io, unsigned bw)
{
	uint32_t acbb = bw == 40 ? 1 : 2;
	uint32_t fir = bw == 40 ? 0 : bw == 80 ? 1 : 2;

	dvr_w32_mask(io, REG_ACBB0, 0x30000000, acbb);
	dvr_w32_mask(io, REG_ACBBRXFIR, 0x30000000, fir);
	w32s_mask(io, REG_TXDFIR, 1u << 31, bw == 20);
}

/* 5/10 MHz: rtw88 rtw8822b_set_channel_bb's RTW_CHANNEL_WIDTH_5 / _10
 * words on 0x8AC — the clock bits [28] and [16] cleared (5 MHz also
 * [20] and [8]), [9:0] cleared, small BW [7:6] 1 (5) / 2 (10) — the
 * ADC/DAC fields [21:20] / [9:8] left as the 20 MHz set left them (0),
 * as the vendor's config_phydm_switch_bandwidth_8822b does and OpenIPC
 * devourer runs on this die (HalJaguar2.cpp); then the RF 0x18 edge
 * this die needs (jaguar2_narrowband.c). */
static int set_narrow_channel(struct dvr_chip *chip,
                              const struct dvr_channel *ch)
{
	struct rtl8822b_priv *priv = rtl8822b_priv(chip);
	const struct jaguar2_narrow nb = {
		.set_channel = rtl8822b_set_channel,
		.keep_5 = 0xEFEEFE00u, .set_5 = 1u << 6,
		.keep_10 = 0xEFFEFF00u, .set_10 = 1u << 7,
		.edge_paths = rf_paths(chip),
		.hop = priv ? &priv->hop : NULL,
	};
	int st = jaguar2_set_narrow_channel(chip, ch, &nb);

	if (st == DVR_OK && priv)
		priv->narrow = true;
	return st;
}

int rtl8822b_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	struct dvr_io *io = chip->io;
	struct dvr_chan_geometry pl;
	int st;

	if (ch && (ch->bw_mhz == 5 || ch->bw_mhz == 10))
		return set_narrow_channel(chip, ch);
	if ((st = dvr_chip_chan_geometry(chip, ch, &pl)) != DVR_OK)
		return st;
	bb_band(chip, &pl);
	bb_bandwidth(chip, &pl);
	halmac_set_channel_mac(chip, &pl);
	rf_channel(chip, &pl);
	rx_dfir(io, pl.bw_mhz);
	rtl8822b_toggle_igi(chip);
	rtl8822b_set_cca(chip, &pl);
	rtl8822b_set_rfe_pins(chip, pl.is_5g);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error while tuning");
	return DVR_OK;
}

/* The BB writes of rtw8822b_set_channel_bb that differ between the two
 * channels of one band. */
static void bb_hop(struct dvr_io *io, unsigned from, unsigned to, bool is_5g)
{
	if (!is_5g) {
		if ((from == 14) != (to == 14))
			cck_tx_filter(io, to);
		return;
	}
	if (agc_table_5g(from) != agc_table_5g(to))
		dvr_w32_mask(io, REG_ACGG2TBL, 0x1F, agc_table_5g(to));
	if (clock_track_5g(from) != clock_track_5g(to))
		dvr_w32_mask(io, REG_CLKTRK, 0x1FFE0000, clock_track_5g(to));
}

int rtl8822b_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                         bool *hopped)
{
	struct rtl8822b_priv *priv = rtl8822b_priv(chip);
	struct dvr_io *io = chip->io;
	struct dvr_chan_geometry pl, old;
	uint32_t word;
	bool can;

	*hopped = false;
	int st = jaguar2_hop_begin(chip, priv ? &priv->hop : NULL, ch, &pl,
	                           &old, &word, &can);
	if (st != DVR_OK || !can)
		return st;    /* DVR_OK: a full set will do it */
	unsigned from = old.center, to = pl.center;

	bb_hop(io, from, to, pl.is_5g);
	if (rf_be_field(from) != rf_be_field(to)) {
		priv->rf_be = (priv->rf_be & ~0x38000u) | rf_be_field(to);
		halmac_rf_write(chip, 0, RF_MALSEL, RF_ALL, priv->rf_be);
	}
	if ((from == 144) != (to == 144)) {
		priv->rf_df = (priv->rf_df & ~(1u << 18)) |
		              (to == 144 ? 1u << 18 : 0);
		halmac_rf_write(chip, 0, RF_LUTDBG, RF_ALL, priv->rf_df);
	}
	jaguar2_hop_rf_write(chip, &priv->hop, word, rf_paths(chip));
	if (cca2nd_mid(&old) != cca2nd_mid(&pl))
		dvr_w32(io, REG_CCA2ND, cca2nd_value(chip, &pl));
	if ((st = dvr_io_status(io)) != DVR_OK) {
		jaguar2_hop_forget(&priv->hop);
		return dvr_chip_fail(chip, st, "USB error while hopping");
	}
	*hopped = true;
	return DVR_OK;
}
