/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Baseband and RF bring-up of the 8822C (rtw88 rtw8822c.c
 * rtw8822c_phy_set_param, rtw8822c_header_file_init,
 * rtw8822c_config_trx_mode; phy.c rtw_phy_load_tables, rtw_load_rfk_table).
 * RF registers are reached through hal/halmac (this chip's window at
 * 0x3C00/0x4C00 and LSSI at 0x1808/0x4108, in its chip data).
 */
#include "hal/common/bb_table_row.h"
#include "hal/rtl8822c/rtl8822c.h"
#include "hal/rtl8822c/rtl8822c_tables.h"

void rtl8822c_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out)
{
	/* Jaguar3: the generation's rule, the RFE option exactly equal. */
	halmac_phy_cond(chip, out);
}

static int load_tables(struct dvr_chip *chip)
{
	struct dvr_phy_cond c;
	struct dvr_io *io = chip->io;
	int st;

	rtl8822c_phy_cond(chip, &c);
	if ((st = dvr_chip_table_load(chip, "BB", rtl8822c_bb, rtl8822c_bb_len,
	                              &c, dvr_bb_table_row, io)) != DVR_OK ||
	    (st = dvr_chip_table_load(chip, "AGC", rtl8822c_agc,
	                              rtl8822c_agc_len, &c, dvr_bb_table_row,
	                              io)) != DVR_OK)
		return st;
	/* RF-calibration init block (rtw88 phy.c rtw_load_rfk_table):
	 * calibration engine clock on, TX path gates 0x1CD0 [30:28]. */
	dvr_w32_mask(io, 0x1E24, 1u << 17, 1);
	dvr_w32_mask(io, 0x1CD0, 0xF0000000u, 0x7);
	if ((st = dvr_chip_table_load(chip, "RF-calibration",
	                              rtl8822c_array_mp_cal_init,
	                              rtl8822c_array_mp_cal_init_len, &c,
	                              dvr_bb_table_row, io)) != DVR_OK)
		return st;
	/* rtw88 lists the RF tables as { B, A }. */
	struct halmac_rf_ctx b = { chip, 1 }, a = { chip, 0 };
	if ((st = dvr_chip_table_load(chip, "RF B", rtl8822c_rf_b,
	                              rtl8822c_rf_b_len, &c, halmac_rf_row,
	                              &b)) != DVR_OK)
		return st;
	return dvr_chip_table_load(chip, "RF A", rtl8822c_rf_a,
	                           rtl8822c_rf_a_len, &c, halmac_rf_row, &a);
}

static void header_file_init(struct dvr_io *io, bool pre)
{
	/* 3-wire TX/RX enable and PI on for both paths; the CCK/OFDM
	 * blocks are off while the tables load. */
	dvr_set32(io, 0x180C, (1u << 28) | 0x3);
	dvr_set32(io, 0x410C, (1u << 28) | 0x3);
	if (pre)
		dvr_clr32(io, 0x1C3C, 0x3);
	else
		dvr_set32(io, 0x1C3C, 0x3);
}

void rtl8822c_bb_reset(struct dvr_io *io)
{
	dvr_set8(io, 0x0002, 0x02);
	dvr_clr8(io, 0x0002, 0x02);
	dvr_set8(io, 0x0002, 0x02);
}

/* TX on A+B with one-stream frames and CCK on path A, RX on both (rtw88's
 * default antennas); a 1T1R die uses path A only. */
static void config_trx_mode(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	bool two = !chip->id.is_1t1r;

	dvr_w32_mask(io, 0x1800, 0xFFFFF, 0x33312);
	dvr_w32_mask(io, 0x4100, 0xFFFFF, two ? 0x33312 : 0x11111);
	jaguar3_rx_paths(io, two);
	/* TX: CCK on A */
	dvr_w32_mask(io, 0x1A04, 0xF0000000, 0x8);
	rtl8822c_bb_reset(io);
	/* TX: OFDM on A (+B for two streams), one-stream frames on A */
	if (two) {
		dvr_w32_mask(io, 0x0820, 0xFF, 0x31);
		dvr_w32_mask(io, 0x1E2C, 0xFFFF, 0x0400);
	} else {
		dvr_w32_mask(io, 0x0820, 0xFF, 0x11);
		dvr_w32_mask(io, 0x1E2C, 0xFF, 0x00);
	}
	rtl8822c_bb_reset(io);
	rtl8822c_bb_reset(io);
	jaguar3_toggle_igi(io, NULL);
}

int rtl8822c_phy_init(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct rtl8822c_priv *priv = rtl8822c_priv(chip);
	int st;

	/* BB and RF power */
	dvr_set8(io, 0x0002, 0x03);
	dvr_set8(io, 0x001F, 0x07);
	dvr_set32(io, 0x00EC, (1u << 26) | (1u << 25) | (1u << 24));
	dvr_w32_mask(io, 0x0A70, 0x3FF, 0x3FF);   /* no DPD on low rates */
	header_file_init(io, true);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error powering the BB");
	if ((st = load_tables(chip)) != DVR_OK)
		return st;
	uint32_t cap = chip->id.crystal_cap & 0x7F;
	dvr_w32_mask(io, 0x1040, 0x00FFFC00, cap | cap << 7);
	header_file_init(io, false);
	config_trx_mode(chip);
	/* rtw88 phy.c rtw_phy_init: the EDCCA set-up (chip data) */
	halmac_edcca_init(chip);

	/* CCK gain-index bounds for the CCK power estimate. */
	if (priv) {
		jaguar3_read_cck_gain(io, &priv->cck_gain);
		priv->band_valid = false;
	}
	rtl8822c_hop_forget(chip);
	/* RF init (rtw88 rtw8822c_rf_init): DACK first. */
	if ((st = rtl8822c_dack(chip)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during DACK");
	/* X2 check and the EFUSE trims (rtl8822c_rf_trim.c). */
	if ((st = rtl8822c_rf_trims(chip)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during the RF trims");
	rtl8822c_pwrtrack_init(chip);
	/* rtw88 ends phy_set_param with bf.c rtw_bf_phy_init, the sounding
	 * and MU-MIMO set-up of an associated station: left out, a monitor /
	 * injection radio never sounds nor is sounded (the RTL8822B and
	 * RTL8821C leave it out too). */
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during PHY init");
	if ((st = halmac_fw_send_info(chip)) != DVR_OK)
		return st;
	return rtl8822c_coex_wlan_only(chip);
}
