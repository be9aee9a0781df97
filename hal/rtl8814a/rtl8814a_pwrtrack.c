/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Thermal power tracking of the 8814A (rtw88 rtw8814a.c rtw8814a_pwr_track,
 * rtw8814a_phy_pwrtrack, rtw8814a_txagc_swing_offset,
 * rtw8814a_pwrtrack_set_pwr): one meter, on path A (RF 0x42), started on
 * one tick and read on the next; its moving average against the EFUSE
 * calibration (0xBA) gives each path's compensation from the board's step
 * tables, applied first as a TX AGC offset (0xC94/0xE94/0x1894/0x1A94
 * [29:25], as far as the TX power index leaves room, at most 15) and the
 * rest as BB swing steps from the EFUSE swing (at most 10 up).
 * The IQK rtw88 runs after a change of 8 or more since the last one
 * (rtw_phy_pwrtrack_need_iqk) is not run here yet: the 8814A calibrates
 * at bring-up and on every channel set (rtl8814a_iqk.c).
 */
#include "hal/common/pwrtrack.h"
#include "hal/rtl8814a/rtl8814a.h"
#include "hal/rtl8814a/rtl8814a_tables.h"

#define RF_T_METER 0x42
#define TXAGC_OFFSET_MAX 15

static const uint16_t txagc_reg[DVR_MAX_RF_PATHS] = {
	0x0C94, 0x0E94, 0x1894, 0x1A94,
};
static const uint16_t txscale_reg[DVR_MAX_RF_PATHS] = {
	0x0C1C, 0x0E1C, 0x181C, 0x1A1C,
};

/* rtw8814a_rfe_defs pwr_track_tbl: option 0 its type0 set, 1 the
 * default set. */
static const struct dvr_pwrtrk_tables trk_default = {
	.g5_p = { rtl8814a_pwrtrk_5ga_p, rtl8814a_pwrtrk_5gb_p,
	          rtl8814a_pwrtrk_5gc_p, rtl8814a_pwrtrk_5gd_p },
	.g5_n = { rtl8814a_pwrtrk_5ga_n, rtl8814a_pwrtrk_5gb_n,
	          rtl8814a_pwrtrk_5gc_n, rtl8814a_pwrtrk_5gd_n },
	.g2_p = { rtl8814a_pwrtrk_2ga_p, rtl8814a_pwrtrk_2gb_p,
	          rtl8814a_pwrtrk_2gc_p, rtl8814a_pwrtrk_2gd_p },
	.g2_n = { rtl8814a_pwrtrk_2ga_n, rtl8814a_pwrtrk_2gb_n,
	          rtl8814a_pwrtrk_2gc_n, rtl8814a_pwrtrk_2gd_n },
	.cck_p = { rtl8814a_pwrtrk_2g_cck_a_p, rtl8814a_pwrtrk_2g_cck_b_p,
	           rtl8814a_pwrtrk_2g_cck_c_p, rtl8814a_pwrtrk_2g_cck_d_p },
	.cck_n = { rtl8814a_pwrtrk_2g_cck_a_n, rtl8814a_pwrtrk_2g_cck_b_n,
	           rtl8814a_pwrtrk_2g_cck_c_n, rtl8814a_pwrtrk_2g_cck_d_n },
};
static const struct dvr_pwrtrk_tables trk_type0 = {
	.g5_p = { rtl8814a_pwrtrk_type0_5ga_p, rtl8814a_pwrtrk_type0_5gb_p,
	          rtl8814a_pwrtrk_type0_5gc_p, rtl8814a_pwrtrk_type0_5gd_p },
	.g5_n = { rtl8814a_pwrtrk_type0_5ga_n, rtl8814a_pwrtrk_type0_5gb_n,
	          rtl8814a_pwrtrk_type0_5gc_n, rtl8814a_pwrtrk_type0_5gd_n },
	.g2_p = { rtl8814a_pwrtrk_type0_2ga_p, rtl8814a_pwrtrk_type0_2gb_p,
	          rtl8814a_pwrtrk_type0_2gc_p, rtl8814a_pwrtrk_type0_2gd_p },
	.g2_n = { rtl8814a_pwrtrk_type0_2ga_n, rtl8814a_pwrtrk_type0_2gb_n,
	          rtl8814a_pwrtrk_type0_2gc_n, rtl8814a_pwrtrk_type0_2gd_n },
	.cck_p = { rtl8814a_pwrtrk_type0_2g_cck_a_p,
	           rtl8814a_pwrtrk_type0_2g_cck_b_p,
	           rtl8814a_pwrtrk_type0_2g_cck_c_p,
	           rtl8814a_pwrtrk_type0_2g_cck_d_p },
	.cck_n = { rtl8814a_pwrtrk_type0_2g_cck_a_n,
	           rtl8814a_pwrtrk_type0_2g_cck_b_n,
	           rtl8814a_pwrtrk_type0_2g_cck_c_n,
	           rtl8814a_pwrtrk_type0_2g_cck_d_n },
};

/* The compensation of a path as TX AGC offset and swing index
 * (rtw8814a_txagc_swing_offset). */
static void apply(struct dvr_chip *chip, unsigned path, int delta,
                  unsigned def)
{
	int room = JAGUAR1_TXAGC_MAX - (int)rtl8814a_txagc_index(
	                                     chip->tx_power_index);
	if (room > TXAGC_OFFSET_MAX)
		room = TXAGC_OFFSET_MAX;
	int agc = 0, swing = (int)def;

	if (delta >= 0) {
		agc = delta <= room ? delta : room;
		swing = (int)def + (delta - agc);
		if (swing > (int)def + 10)
			swing = (int)def + 10;
	} else {
		swing = (int)def + delta;
		if (swing < 0)
			swing = 0;
	}
	if (swing >= (int)DVR_TXSCALE_SIZE)
		swing = DVR_TXSCALE_SIZE - 1;
	dvr_w32_mask(chip->io, txagc_reg[path], 0x3E000000u, (uint32_t)agc);
	dvr_w32_mask(chip->io, txscale_reg[path], 0xFFE00000u,
	             dvr_txscale[swing]);
}

int rtl8814a_track(struct dvr_chip *chip, struct dvr_thermal_stats *st)
{
	struct rtl8814a_priv *priv = chip->priv;
	const uint8_t cal = chip->efuse ? chip->efuse[EFUSE8814A_THERMAL]
	                                : 0xFF;

	st->thermal_cal = cal == 0xFF ? -1 : cal;
	if (!priv || cal == 0xFF)
		return DVR_OK;              /* nothing to track against */
	struct jaguar1_pwrtrack *t = &priv->j1.pwrtrack;
	if (!t->meter_started) {
		rtl8814a_rf_write(chip, 0, RF_T_METER, 0x30000, 0x3);
		t->meter_started = true;
		return dvr_io_status(chip->io);
	}
	t->meter_started = false;
	uint8_t reading = (uint8_t)rtl8814a_rf_read(chip, 0, RF_T_METER,
	                                            0xFC00);
	int s = dvr_io_status(chip->io);
	if (s != DVR_OK)
		return s;
	st->thermal = reading;
	uint8_t avg = dvr_thermal_ewma(&t->avg, reading);
	const struct dvr_pwrtrk_tables *tab =
		chip->id.rfe_type == 0 ? &trk_type0 : &trk_default;
	bool is_5g = chip->channel.channel > 14;
	unsigned def = dvr_txscale_index(rtl8814a_bb_swing(chip, is_5g, 0));
	for (unsigned p = 0; p < chip->info->rf_paths; p++) {
		const uint8_t *warm, *cool;
		dvr_pwrtrk_select(tab, chip->channel.channel, p, false, &warm,
		                  &cool);
		int steps = dvr_pwrtrk_steps(warm, cool, avg, cal);
		if (!t->first_reading && steps == t->steps[p])
			continue;
		t->steps[p] = (int8_t)steps;
		apply(chip, p, steps, def);
		st->swing_offset[p] = steps;
	}
	t->first_reading = false;
	return dvr_io_status(chip->io);
}
