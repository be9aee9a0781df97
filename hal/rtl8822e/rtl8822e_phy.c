/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Baseband and RF bring-up of the 8822E in the vendor's order (rtl88x2eu
 * rtl8822e_phy.c rtl8822e_phy_init, _init_bb_reg, _init_rf_reg;
 * phydm_hal_api8822e.c config_phydm_parameter_init_8822e,
 * config_phydm_trx_mode_8822e), then the firmware's information H2Cs, the
 * WiFi-only coexistence set-up and the front-end pin-mux
 * (rtl8822e_halinit.c rtl8822e_init: wifi-only hw config, then
 * rtl8822e_init_misc). RF registers go through hal/halmac (window
 * 0x3C00/0x4C00, RF 0x00 through LSSI 0x1808/0x4108).
 */
#include "hal/common/bb_table_row.h"
#include "hal/rtl8822e/rtl8822e.h"
#include "hal/rtl8822e/rtl8822e_tables.h"

/* phydm_regconfig8822e.h RXBB_MAX_GAIN_8822E: the AGC entry whose RX BB
 * gain is the largest gives its table's lower bound. */
#define RXBB_MAX_GAIN 0x14

void rtl8822e_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out)
{
	/* The vendor's halbb headline rule, keyed on the cut as SYS_CFG1
	 * [15:12] reads it and the RFE type (rtl88x2eu rtl8822e_phy.c
	 * init_phydm_cominfo: ODM_CMNINFO_CUT_VER, ODM_CMNINFO_RFE_TYPE). */
	*out = (struct dvr_phy_cond){
		.match = DVR_PHY_MATCH_HEADLINE,
		.cut = chip->id.cut,
		.intf = DVR_PHY_INTF_USB,
		.board = chip->id.rfe_type,
	};
}

/* An AGC row: written as a BB row, and an AGC RAM entry (0x1D90) at the
 * largest RX BB gain records its table's lower bound for DIG (vendor
 * phydm_regconfig8822e.c phydm_agc_lower_bound_8822e: the first such
 * entry of each table counts). */
struct agc_ctx {
	struct dvr_io *io;
	struct rtl8822e_priv *priv;
};

static int agc_row(void *ctx, uint32_t addr, uint32_t data)
{
	struct agc_ctx *a = ctx;

	if (addr == 0x1D90 && a->priv && (data & 0x1F) == RXBB_MAX_GAIN) {
		unsigned tab = (data >> 22) & 0xF;
		if (!(a->priv->agc_lbound_found & (1u << tab))) {
			a->priv->agc_lbound[tab] = (uint8_t)((data >> 16) & 0x3F);
			a->priv->agc_lbound_found |= (uint16_t)(1u << tab);
		}
	}
	return dvr_bb_table_row(a->io, addr, data);
}

static int load_bb_agc(struct dvr_chip *chip, const struct dvr_phy_cond *c)
{
	struct agc_ctx a = { chip->io, rtl8822e_priv(chip) };
	int st;

	if (a.priv)
		a.priv->agc_lbound_found = 0;
	if ((st = dvr_chip_table_load(chip, "BB", rtl8822e_bb, rtl8822e_bb_len,
	                              c, dvr_bb_table_row, chip->io)) != DVR_OK)
		return st;
	return dvr_chip_table_load(chip, "AGC", rtl8822e_agc, rtl8822e_agc_len,
	                           c, agc_row, &a);
}

static int load_rf(struct dvr_chip *chip, const struct dvr_phy_cond *c)
{
	struct dvr_io *io = chip->io;
	int st;

	/* RF-calibration init block (vendor halrf_rfk_init_8822e.c
	 * odm_read_and_config_mp_8822e_cal_init): calibration TX path gates
	 * 0x1CD0 [31:28] = 7, engine clock 0x1E24 bit 17, and on this die
	 * also 0x180C / 0x410C bit 31. It holds the IQK/DPK engine program
	 * as well: there is no separate NCTL load. */
	dvr_w32_mask(io, 0x1CD0, 0xF0000000u, 0x7);
	dvr_w32_mask(io, 0x1E24, 1u << 17, 1);
	dvr_w32_mask(io, 0x180C, 1u << 31, 1);
	dvr_w32_mask(io, 0x410C, 1u << 31, 1);
	if ((st = dvr_chip_table_load(chip, "RF-calibration",
	                              rtl8822e_array_mp_cal_init,
	                              rtl8822e_array_mp_cal_init_len, c,
	                              dvr_bb_table_row, io)) != DVR_OK)
		return st;
	/* The vendor loads path A first (rtw88's 8822C: B first). An RFE
	 * type without an RF case (only 1-5 and 21-24 have one) skips the
	 * table, as the vendor's headline walk does. */
	struct halmac_rf_ctx a = { chip, 0 }, b = { chip, 1 };
	if ((st = dvr_chip_table_load(chip, "RF A", rtl8822e_rf_a,
	                              rtl8822e_rf_a_len, c, halmac_rf_row,
	                              &a)) != DVR_OK)
		return st;
	return dvr_chip_table_load(chip, "RF B", rtl8822e_rf_b,
	                           rtl8822e_rf_b_len, c, halmac_rf_row, &b);
}

/* MAC 0x00 bit 16 (REG_SYS_FUNC_EN BB reset) 1-0-1 (vendor
 * phydm_bb_reset_8822e; the 8822C's rtw88 code pulses bit 17). */
uint8_t rtl8822e_bb_reset(struct dvr_io *io)
{
	dvr_set8(io, 0x0002, 0x01);
	dvr_clr8(io, 0x0002, 0x01);
	uint8_t v = (uint8_t)(dvr_r8(io, 0x0002) | 0x01);
	dvr_w8(io, 0x0002, v);
	return v;
}

/* Vendor config_phydm_parameter_init_8822e: DPD kept on for every rate
 * (ODM_CMNINFO_DIS_DPD false), 3-wire and PI on for both paths, the
 * CCK/OFDM blocks off while the tables load (@p pre) and on after. */
static void parameter_init(struct dvr_io *io, bool pre)
{
	dvr_w32_mask(io, 0x0A70, 0x3FF, 0);
	dvr_w32_mask(io, 0x180C, 0x3, 0x3);
	dvr_w32_mask(io, 0x180C, 1u << 28, 1);
	dvr_w32_mask(io, 0x410C, 0x3, 0x3);
	dvr_w32_mask(io, 0x410C, 1u << 28, 1);
	dvr_w32_mask(io, 0x1C3C, 0x3, pre ? 0 : 0x3);
	rtl8822e_bb_reset(io);
}

/*
 * TRX mode (vendor config_phydm_trx_mode_8822e with TX and RX on A+B):
 * RF mode table with path A never shut down, RX on both paths, then TX
 * with one-stream frames on a single chain. OpenIPC devourer
 * (HalJaguar3.cpp config_channel_8822e, docs/8822e-quirks.md) found that
 * one-stream frames on both chains (0x820 0x33, 0x1E2C 0x0404) stall
 * MCS0 and collapse MCS7 delivery, and that path B beats path A at
 * 5 GHz on the BL-M8812EU2: 0x32 at 5 GHz, 0x31 at 2.4 GHz, CCK on both
 * (0x1A04 [31:28] = 0xC). The band dependent half is
 * rtl8822e_set_tx_paths, written again by every channel switch.
 */
static void config_trx_mode(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	bool is_2g = halmac_rf_read(chip, 0, 0x18, 0xFF) <= 14;

	dvr_w32_mask(io, 0x4100, 0xFFFFF, 0x33312);
	/* RX: CCK clock gating on, then the paths (phydm_config_cck_rx_path
	 * _8822e), OFDM equaliser weights of the non-MP branch
	 * (phydm_config_ofdm_rx_path_8822e). */
	dvr_w32_mask(io, 0x1A2C, 1u << 5, 0);
	dvr_w32_mask(io, 0x0CC0, 0x7FF, 0x400);
	dvr_w32_mask(io, 0x0CC0, 1u << 22, 0);
	dvr_w32_mask(io, 0x0CC8, 0x7FF, 0x400);
	dvr_w32_mask(io, 0x0CC8, 1u << 22, 0);
	jaguar3_rx_paths(io, true);
	rtl8822e_bb_reset(io);
	rtl8822e_set_tx_paths(io, is_2g);
	rtl8822e_bb_reset(io);
	/* The RFE pins for TX and RX on both paths (phydm_rfe_8822e;
	 * 2.4 GHz takes the "none" pattern). */
	rtl8822e_set_rfe_pins(chip, is_2g, 3);
	rtl8822e_bb_reset(io);
	jaguar3_toggle_igi(io, NULL);
}

void rtl8822e_set_tx_paths(struct dvr_io *io, bool is_2g)
{
	dvr_w32_mask(io, 0x1A04, 0xF0000000u, 0xC);
	dvr_w32_mask(io, 0x0820, 0xFF, is_2g ? 0x31 : 0x32);
	dvr_w32_mask(io, 0x1E2C, 0xFFFF, 0x0400);
}

int rtl8822e_phy_init(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct rtl8822e_priv *priv = rtl8822e_priv(chip);
	struct dvr_phy_cond c;
	int st;

	/* BB and RF power (vendor halmac_cfg_wmac_88xx.c enable_bb_rf_88xx,
	 * through rtw_halmac_phy_power_switch). */
	dvr_set8(io, 0x0002, 0x03);
	dvr_set8(io, 0x001F, 0x07);
	dvr_set32(io, 0x00EC, (1u << 26) | (1u << 25) | (1u << 24));
	parameter_init(io, true);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error powering the BB");
	rtl8822e_phy_cond(chip, &c);
	if ((st = load_bb_agc(chip, &c)) != DVR_OK)
		return st;
	/* Crystal cap into both halves of 0x1040 [23:10] (vendor
	 * rtw_phydm_set_crystal_cap, after the BB tables). */
	uint32_t cap = chip->id.crystal_cap & 0x7F;
	dvr_w32_mask(io, 0x1040, 0x00FFFC00, cap | cap << 7);
	if ((st = load_rf(chip, &c)) != DVR_OK)
		return st;
	parameter_init(io, false);
	config_trx_mode(chip);
	/* The EDCCA set-up (chip data; vendor phydm_adaptivity_init, from
	 * odm_dm_init after the PHY init). */
	halmac_edcca_init(chip);
	if (priv) {
		/* CCK gain-index bounds for the jgr3 CCK power estimate
		 * (vendor phydm_cck_gi_bound_8822e). */
		jaguar3_read_cck_gain(io, &priv->cck_gain);
		priv->band_valid = false;
	}
	rtl8822e_hop_forget(chip);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during PHY init");
	/* The vendor's halrf_init (phydm.c odm_dm_init, after the PHY init)
	 * runs the calibrations here: the AAC check, then DACK. Our LCK is
	 * that AACK with the RTK after it, and records the thermal
	 * baselines the re-lock rule of the watchdog compares with
	 * (halrf_lck_track_8822e); an engine that stays busy leaves the
	 * synthesiser as it was, which the watchdog's re-lock retries. */
	rtl8822e_pwrtrack_init(chip);
	st = rtl8822e_lck(chip);
	if (st == DVR_E_TIMEOUT)
		dvr_chip_warn(chip, "LC-tank calibration (AACK/RTK) did not "
		              "finish; the synthesiser keeps its reset tuning "
		              "until the thermal watchdog re-locks it");
	else if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during LCK");
	if ((st = rtl8822e_dack(chip)) != DVR_OK)
		return st;
	if ((st = halmac_fw_send_info(chip)) != DVR_OK)
		return st;
	if ((st = rtl8822e_coex_wlan_only(chip)) != DVR_OK)
		return st;
	/* After coex, which rewrites GPIO_MUXCFG (vendor rtl8822e_init:
	 * wifi-only hw config, then rtl8822e_init_misc). */
	return rtl8822e_frontend_pinmux(chip);
}
