/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Thermal power tracking of the RTL8822B, run by the core's watchdog (the
 * track op) as rtw88 runs it from its 2 s watchdog (rtw8822b.c
 * rtw8822b_pwr_track, rtw8822b_phy_pwrtrack, rtw8822b_phy_pwrtrack_path,
 * rtw8822b_pwrtrack_set, rtw8822b_pwrtrack_set_pwr,
 * rtw8822b_txagc_swing_offset, rtw8822b_pwrtrack_init; the averaging and
 * table steps are hal/common/pwrtrack.c, the meter's tick
 * hal/jaguar2/jaguar2_thermal.c):
 *  - one tick starts the die's one thermal meter (RF A 0x42 [17:16] = 3),
 *    the next reads it (RF A 0x42 [15:10]); a board with no calibration
 *    reading (EFUSE 0xBA = 0xFF) is not tracked;
 *  - the reading joins a moving average; unless the reading equals the
 *    average (or nothing was written yet), each path's step for
 *    |average - calibration| is looked up in the warmer or cooler table
 *    of the channel (2.4 GHz: the CCK tables, rtw88's choice while its
 *    tracking rate is CCK 1M, as it stays in monitor mode with no rate
 *    reports; 5 GHz: the row of the sub-band);
 *  - a changed step is applied: warmer, first as TX AGC offset steps
 *    (0xC94 / 0xE94 [29:25]) up to the headroom the tracking rate has
 *    below the top index (at most 15), the rest as BB swing steps above
 *    the swing the tables left (at most 10 more); cooler, as BB swing
 *    steps down (0xC1C / 0xE1C [31:21], the scaler table);
 *  - when the average has moved 8 or more from where the last IQK ran
 *    (the calibration reading at first; hw_spec iqk_threshold) the IQK
 *    runs again (rtl8822b_calib.c, with the TRX mode after it).
 * rtw88 measures the headroom at the calibrated index of its tracking
 * rate; ours is the level set_tx_power gives that rate (CCK 1M) for the
 * power last asked, which is what the chip really sends. Every RFE option
 * of this chip takes the one set of step tables (rtw8822b_rfe_defs).
 * The firmware's heartbeat goes out every tick, as rtw88's watchdog
 * sends its WL PHY info on every chip.
 */
#include <stdlib.h>

#include "hal/common/pwrtrack.h"
#include "hal/rtl8822b/rtl8822b.h"
#include "hal/rtl8822b/rtl8822b_tables.h"

#define IQK_THRESHOLD 8u
#define AGC_OFFSET_MAX 0xF
#define SWING_UP_MAX 10
#define TRACK_RATE 0x00            /* CCK 1M */

static const struct dvr_pwrtrk_tables steps = {
	.g5_p = { rtl8822b_pwrtrk_5ga_p, rtl8822b_pwrtrk_5gb_p },
	.g5_n = { rtl8822b_pwrtrk_5ga_n, rtl8822b_pwrtrk_5gb_n },
	.g2_p = { rtl8822b_pwrtrk_2ga_p, rtl8822b_pwrtrk_2gb_p },
	.g2_n = { rtl8822b_pwrtrk_2ga_n, rtl8822b_pwrtrk_2gb_n },
	.cck_p = { rtl8822b_pwrtrk_2g_cck_a_p, rtl8822b_pwrtrk_2g_cck_b_p },
	.cck_n = { rtl8822b_pwrtrk_2g_cck_a_n, rtl8822b_pwrtrk_2g_cck_b_n },
};

static uint8_t thermal_cal(const struct dvr_chip *chip)
{
	return chip->efuse ? chip->efuse[EFUSE8822B_THERMAL] : 0xFF;
}

void rtl8822b_pwrtrack_init(struct dvr_chip *chip)
{
	struct rtl8822b_priv *priv = rtl8822b_priv(chip);
	if (!priv)
		return;
	struct rtl8822b_pwrtrack *t = &priv->pwrtrack;
	/* The swing the BB table left on path A is where the steps count
	 * from; unity when it is none of the scalers. */
	unsigned swing = dvr_txscale_index(dvr_r32_mask(chip->io, 0x0C1C,
	                                                0xFFE00000u));
	*t = (struct rtl8822b_pwrtrack){ 0 };
	t->first = true;
	if (swing >= DVR_TXSCALE_SIZE)
		swing = DVR_TXSCALE_UNITY;
	t->default_swing = (uint8_t)swing;
	t->thermal_k = thermal_cal(chip);
}

/* The TX AGC offset and swing index a compensation of @p delta steps
 * takes with @p headroom index steps left above the tracking rate. */
static void split(const struct rtl8822b_pwrtrack *t, int delta, int headroom,
                  int *agc, int *swing)
{
	int def = t->default_swing;

	if (headroom > AGC_OFFSET_MAX)
		headroom = AGC_OFFSET_MAX;
	if (delta >= 0 && delta <= headroom) {
		*agc = delta;
		*swing = def;
	} else if (delta >= 0) {
		*agc = headroom;
		*swing = def + delta - headroom;
		if (*swing > def + SWING_UP_MAX)
			*swing = def + SWING_UP_MAX;
	} else {
		*agc = 0;
		*swing = def > -delta ? def + delta : 0;
	}
	if (*swing >= (int)DVR_TXSCALE_SIZE)
		*swing = DVR_TXSCALE_SIZE - 1;
}

static void apply(struct dvr_chip *chip, unsigned path, int delta)
{
	static const uint16_t agc_reg[2] = { 0x0C94, 0x0E94 };
	static const uint16_t swing_reg[2] = { 0x0C1C, 0x0E1C };
	const struct rtl8822b_pwrtrack *t = &rtl8822b_priv(chip)->pwrtrack;
	int asked = chip->tx_power_asked;
	int level = asked >= 0
	        ? dvr_chip_txpwr_level(chip, &rtl8822b_txpwr, path, TRACK_RATE,
	                               asked, dvr_chip_txpwr_shift(
	                                       chip, &rtl8822b_txpwr, asked))
	        : chip->info->default_tx_power;
	int agc, swing;

	split(t, delta, JAGUAR2_MAX_TX_INDEX - level, &agc, &swing);
	dvr_w32_mask(chip->io, agc_reg[path], 0x3E000000u, (uint32_t)agc);
	dvr_w32_mask(chip->io, swing_reg[path], 0xFFE00000u,
	             dvr_txscale[swing]);
}

int rtl8822b_track(struct dvr_chip *chip, struct dvr_thermal_stats *st)
{
	struct rtl8822b_priv *priv = rtl8822b_priv(chip);
	if (!priv)
		return DVR_OK;
	struct rtl8822b_pwrtrack *t = &priv->pwrtrack;
	uint8_t cal = thermal_cal(chip);
	int reading, tick = jaguar2_thermal_tick(chip, &t->triggered, cal, st,
	                                         &reading);
	if (tick != DVR_OK || reading < 0)
		return tick;
	uint8_t r = (uint8_t)reading;
	t->avg = dvr_thermal_ewma(&t->ewma, r);
	bool update = t->first || t->avg != r;
	t->first = false;
	unsigned paths = chip->id.is_1t1r ? 1 : 2;
	struct dvr_chan_geometry g;
	unsigned ch = dvr_chan_geometry(&chip->channel, &g) == DVR_OK
	                      ? g.center
	                      : chip->channel.channel;
	for (unsigned p = 0; p < paths && update; p++) {
		const uint8_t *warm, *cool;
		dvr_pwrtrk_select(&steps, ch, p, true, &warm, &cool);
		/* one meter: path A's reading steps both paths */
		int n = dvr_pwrtrk_steps(warm, cool, t->avg, cal);
		if (n == t->delta[p])
			continue;
		t->delta[p] = (int8_t)n;
		apply(chip, p, n);
	}
	for (unsigned p = 0; p < 2; p++)
		st->swing_offset[p] = t->delta[p];
	int io_st = dvr_io_status(chip->io);
	if (io_st != DVR_OK)
		return dvr_chip_fail(chip, io_st, "USB error during power "
		                     "tracking");
	if ((unsigned)abs((int)t->avg - (int)t->thermal_k) < IQK_THRESHOLD)
		return DVR_OK;
	t->thermal_k = t->avg;
	st->iqk_runs++;
	return rtl8822b_iqk(chip);
}
