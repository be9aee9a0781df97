/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Baseband and RF bring-up of the 8821C (rtw88 rtw8821c.c
 * rtw8821c_phy_set_param; phy.c rtw_phy_load_tables,
 * rtw_phy_setup_phy_cond), then what rtw88 main.c rtw_power_on runs after
 * it: the information H2Cs and the coexistence set-up. RF registers are
 * reached through hal/halmac (window 0x2800 for reads, LSSI 0xC90 for
 * writes, in this chip's data).
 *
 * There is no TRX-mode step: rtw88 has none for this chip, and OpenIPC
 * devourer found the vendor's is a no-op while the 8822B's drives the
 * 8821C into a wrong mode (HalJaguar2.cpp config_trx_mode). Nor the
 * beamforming init rtw88 ends with: sounding is no part of injection.
 */
#include "hal/common/bb_table_row.h"
#include "hal/rtl8821c/rtl8821c.h"
#include "hal/rtl8821c/rtl8821c_tables.h"

#define REG_SYS_FUNC_EN 0x0002
#define FEN_PCIEA 0x40
#define FEN_BB_RESET 0x03         /* BB_GLB_RST | BB_RSTB */
#define REG_RF_CTRL 0x001F
#define REG_WLRF1_B3 0x00EF
#define RF_ENABLE 0x07            /* RF_EN | RF_RSTB | RF_SDM_RSTB */
#define REG_CCK0_FAREPORT 0x0A2C
#define REG_TXSF2 0x0A24
#define REG_TXSF6 0x0A28
#define REG_CSRATIO 0x0AAA
#define REG_TXFILTER 0x0AAC
#define REG_RFE_CTRL8 0x0CB4

/* The 0xCA byte as read; a chip identify has not run on knows only its
 * option. */
static uint8_t rfe_full(const struct dvr_chip *chip)
{
	const struct rtl8821c_priv *priv = rtl8821c_priv(chip);

	return priv ? priv->rfe_full : chip->id.rfe_type;
}

void rtl8821c_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out)
{
	uint8_t full = rfe_full(chip);

	/* Jaguar2 rule (rtw88 phy.c check_positive, non-8812A branch):
	 * cut as read (A = 0 -> 15), package 1 when 0xCA bit 5 is set
	 * (else unknown, 15), interface equal, RFE exactly equal, the RFE
	 * input being the whole 0xCA byte >> 3 on this chip. */
	*out = (struct dvr_phy_cond){
		.match = DVR_PHY_MATCH_RFE_EQUAL,
		.cut = chip->id.cut,
		.package = (full & RTL8821C_RFE_PACKAGE) ? 1 : 0,
		.intf = DVR_PHY_INTF_USB,
		.platform = 0x04,
		.board = (uint8_t)(full >> 3),
	};
}

static int walk(struct dvr_chip *chip, const uint32_t *t, size_t n,
                dvr_phy_row_fn fn, void *ctx, const char *what)
{
	struct dvr_phy_cond cond;

	rtl8821c_phy_cond(chip, &cond);
	int st = dvr_phy_table_walk(t, n, &cond, fn, ctx, NULL);
	return st == DVR_OK ? DVR_OK
	                    : dvr_chip_fail(chip, st, "%s table load failed",
	                                    what);
}

/* rtw88 phy.c rtw_phy_load_tables: MAC, BB, AGC, the option's AGC-BTG
 * table, the RFE control pins, RF A. */
static int load_tables(struct dvr_chip *chip)
{
	const struct rtl8821c_rfe_def *def = rtl8821c_board(chip->id.rfe_type);
	struct dvr_io *io = chip->io;
	struct halmac_rf_ctx a = { chip, 0 };
	int st;

	if ((st = walk(chip, rtl8821c_mac, rtl8821c_mac_len,
	               dvr_mac_table_row, io, "MAC")) != DVR_OK ||
	    (st = walk(chip, rtl8821c_bb, rtl8821c_bb_len, dvr_bb_table_row,
	               io, "BB")) != DVR_OK ||
	    (st = walk(chip, rtl8821c_agc, rtl8821c_agc_len,
	               dvr_bb_table_row, io, "AGC")) != DVR_OK)
		return st;
	if (def->agc_btg &&
	    (st = walk(chip, def->agc_btg, def->agc_btg_len, dvr_bb_table_row,
	               io, "AGC-BTG")) != DVR_OK)
		return st;
	/* The RFE control pins, by the whole 0xCA byte as rtw88 tests it:
	 * 0x28-0x2F one setting, exactly 4 another, every other board the
	 * third. */
	uint8_t full = rfe_full(chip);
	dvr_w32(io, REG_RFE_CTRL8, full >= 0x28 && full <= 0x2F ? 0x00000073u :
	                           full == 0x04 ? 0x20000077u : 0x10000077u);
	return walk(chip, rtl8821c_rf_a, rtl8821c_rf_a_len, halmac_rf_row, &a,
	            "RF A");
}

/* BB on, its reset toggled, RF on (rtw8821c_phy_set_param's opening). */
static void bb_rf_power(struct dvr_io *io)
{
	uint8_t v = (uint8_t)(dvr_r8(io, REG_SYS_FUNC_EN) | FEN_PCIEA);

	dvr_w8(io, REG_SYS_FUNC_EN, v);
	dvr_w8(io, REG_SYS_FUNC_EN, (uint8_t)(v | FEN_BB_RESET));
	dvr_w8(io, REG_SYS_FUNC_EN, (uint8_t)(v & ~FEN_BB_RESET));
	dvr_w8(io, REG_SYS_FUNC_EN, (uint8_t)(v | FEN_BB_RESET));
	dvr_w8(io, REG_RF_CTRL, RF_ENABLE);
	dvr_delay_us(10);
	dvr_w8(io, REG_WLRF1_B3, RF_ENABLE);
	dvr_delay_us(10);
}

int rtl8821c_phy_init(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct rtl8821c_priv *priv = rtl8821c_priv(chip);
	int st;

	bb_rf_power(io);
	if ((st = jaguar2_phy_load(chip, load_tables)) != DVR_OK)
		return st;
	dvr_w32_mask(io, REG_CCK0_FAREPORT, (1u << 22) | (1u << 18), 0);
	dvr_set32(io, JAGUAR2_REG_RXPSEL, JAGUAR2_RX_PSEL_RST);
	if (priv) {
		/* The CCK TX filter of every channel but 14, as the tables
		 * leave it: rtl8821c_channel.c puts it back after 14. */
		priv->cck_filter[0] = dvr_r32(io, REG_TXSF2);
		priv->cck_filter[1] = dvr_r32(io, REG_TXSF6);
		priv->cck_filter[2] = dvr_r32(io, REG_TXFILTER);
		priv->cck_filter_valid = dvr_io_status(io) == DVR_OK;
		/* The CCK detection threshold rtw88's CCK-PD steps from. */
		priv->cck_pd_default = dvr_r8(io, REG_CSRATIO) & 0x1F;
	}
	rtl8821c_pwrtrack_init(chip);
	/* the RF words a hop would write are the powered-off chip's */
	if (priv)
		jaguar2_hop_forget(&priv->hop);
	/*
	 * The "1212 module" 5 GHz RX fix of the vendor driver
	 * (rtl8821c_halinit.c rtl8821c_hal_init_misc: PAD_CTRL1 + 3 = 0x36
	 * when its rfe_type, the whole EFUSE 0xCA byte, is 2), which OpenIPC
	 * devourer applies too (bf_init_8821c, testing 0xCA & 0x1F). rtw88
	 * has no such step. Byte 3 of 0x64 also holds the PAPE / LNA_ON
	 * select (bits 5:4 here), which 0x36 keeps set and the antenna set-up
	 * after it sets again.
	 */
	if (rfe_full(chip) == 0x02)
		dvr_w8(io, 0x0067, 0x36);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during PHY init");
	/* rtw88 main.c rtw_power_on: the information H2Cs once the BB is
	 * up, then coex. */
	if ((st = halmac_fw_send_info(chip)) != DVR_OK)
		return st;
	return rtl8821c_coex_wlan_only(chip);
}
