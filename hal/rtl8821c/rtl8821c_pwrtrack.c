/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Thermal power tracking of the 8821C, path A, as rtw88 runs it from its
 * 2 s watchdog (rtw8821c.c rtw8821c_pwr_track, rtw8821c_phy_pwrtrack,
 * rtw8821c_pwrtrack_set, rtw8821c_txagc_swing_offset; phy.c
 * rtw_phy_config_swing_table, rtw_phy_pwrtrack_avg,
 * rtw_phy_pwrtrack_get_delta, rtw_phy_pwrtrack_get_pwridx,
 * rtw_phy_pwrtrack_need_iqk): one tick starts the thermal meter, the next
 * reads it, averages, looks the distance from the EFUSE calibration up in
 * the warmer / cooler step tables (rtw8821c_table.c, generated into
 * rtl8821c_tables.c) and moves the power by that many steps, first
 * through the TX AGC offset (0xC94 [6:1]) while the index has room, the
 * rest through the BB swing (0xC1C [31:21]); a die 8 or more steps away
 * from where the last IQK ran gets another (rtw88 iqk_threshold 8).
 * The averaging, the step lookup and the swing scalers are
 * hal/common/pwrtrack.c, the meter's tick hal/jaguar2/jaguar2_thermal.c.
 *
 * rtw88 reads no power-tracking type from this chip's EFUSE (its
 * power_track_type stays 0: tracking on); a blank calibration reading
 * (0xFF) turns tracking off.
 */
#include <stdlib.h>

#include "hal/common/chan_geometry.h"
#include "hal/common/pwrtrack.h"
#include "hal/rtl8821c/rtl8821c.h"
#include "hal/rtl8821c/rtl8821c_tables.h"

#define REG_TXAGCIDX 0x0C94
#define REG_TXSCALE_A 0x0C1C
#define SWING_MASK 0xFFE00000u
#define IQK_THRESHOLD 8
#define AGC_REACH 15               /* most the TX AGC offset moves */

/* The BB swing scale by index: rtw88 rtw8821c.c rtw8821c_txscale_tbl,
 * the same 37 values as the other chips' (hal/common dvr_txscale). */
#define N_SWING ((int)DVR_TXSCALE_SIZE)

void rtl8821c_pwrtrack_init(struct dvr_chip *chip)
{
	if (!rtl8821c_priv(chip))
		return;
	rtl8821c_pwrtrack_restart(chip, dvr_r32_mask(chip->io, REG_TXSCALE_A,
	                                             SWING_MASK));
}

void rtl8821c_pwrtrack_restart(struct dvr_chip *chip, uint32_t swing)
{
	struct rtl8821c_priv *priv = rtl8821c_priv(chip);
	if (!priv)
		return;
	unsigned i = dvr_txscale_index(swing);
	struct rtl8821c_pwrtrack *t = &priv->pwrtrack;
	*t = (struct rtl8821c_pwrtrack){ 0 };
	/* unity (0x200) when 0xC1C holds none of the scalers */
	t->swing_default = (uint8_t)(i < DVR_TXSCALE_SIZE ? i
	                                                  : DVR_TXSCALE_UNITY);
	t->first = true;
	t->iqk_ref = priv->thermal;
}

/* The warmer / cooler tables at centre channel @p ch: rtw88 picks the CCK
 * tables on 2.4 GHz for the rate its watchdog last saw, which without TX
 * reports stays CCK 1M; on 5 GHz the sub-band's row. */
static void step_tables(unsigned ch, const uint8_t **warm,
                        const uint8_t **cool)
{
	if (ch <= 14) {
		*warm = rtl8821c_pwrtrk_2g_cck_a_p;
		*cool = rtl8821c_pwrtrk_2g_cck_a_n;
		return;
	}
	int row = ch >= 149 ? 2 : ch >= 100 ? 1 : 0;
	*warm = rtl8821c_pwrtrk_5ga_p[row];
	*cool = rtl8821c_pwrtrk_5ga_n[row];
}

/*
 * Split @p delta steps between the TX AGC offset and the BB swing
 * (rtw8821c_txagc_swing_offset): the offset takes what the applied index
 * leaves room for, at most 15 either way; the swing the rest, at most 10
 * above its default and not below 0. rtw88 sizes the room from its last
 * TX rate's index; ours is the reference rate's (chip->tx_power_index),
 * what the core set.
 */
static void apply(struct dvr_chip *chip, struct rtl8821c_pwrtrack *t)
{
	int idx = chip->tx_power_index;
	idx = idx < 0 ? 0 : idx > JAGUAR2_MAX_TX_INDEX ? JAGUAR2_MAX_TX_INDEX
	                                                : idx;
	int up = JAGUAR2_MAX_TX_INDEX - idx, down = -idx;
	up = up > AGC_REACH ? AGC_REACH : up;
	down = down < -AGC_REACH ? -AGC_REACH : down;
	int d = t->delta, base = t->swing_default, agc = d, swing = base;

	if (d > up) {
		agc = up;
		swing = base + d - up;
		swing = swing > base + 10 ? base + 10 : swing;
	} else if (d < down) {
		agc = down;
		swing = base > down - d ? base + d - down : 0;
	}
	swing = swing >= N_SWING ? N_SWING - 1 : swing;
	/* 0xC94 [6:1] holds a signed 6-bit step count. */
	dvr_w32_mask(chip->io, REG_TXAGCIDX, 0x7E, (uint32_t)agc & 0x3F);
	dvr_w32_mask(chip->io, REG_TXSCALE_A, SWING_MASK, dvr_txscale[swing]);
}

/* rtw88 main.c rtw_watch_dog_work sends the WL PHY info every tick
 * (phy.c rtw_phy_ra_track); without it the firmware may power the RF
 * down (hal/halmac halmac_fw_keepalive). */
int rtl8821c_track(struct dvr_chip *chip, struct dvr_thermal_stats *st)
{
	struct rtl8821c_priv *priv = rtl8821c_priv(chip);
	if (!priv)
		return DVR_OK;
	struct rtl8821c_pwrtrack *t = &priv->pwrtrack;
	uint8_t cal = priv->thermal;
	int reading, tick = jaguar2_thermal_tick(chip, &t->triggered, cal, st,
	                                         &reading);
	if (tick != DVR_OK || reading < 0)
		return tick;
	uint8_t avg = dvr_thermal_ewma(&t->ewma, (uint8_t)reading);
	t->avg = avg;
	/* rtw88 moves the power on the first reading after an init, and
	 * later only while the average differs from the reading. */
	bool moved = t->first || avg != reading;
	t->first = false;
	if (moved) {
		struct dvr_chan_geometry g;
		unsigned ch = dvr_chan_geometry(&chip->channel, &g) == DVR_OK
		                      ? g.center : chip->channel.channel;
		const uint8_t *warm, *cool;
		step_tables(ch, &warm, &cool);
		t->delta = (int8_t)dvr_pwrtrk_steps(warm, cool, avg, cal);
		if (t->delta != t->delta_last) {
			t->delta_last = t->delta;
			apply(chip, t);
		}
	}
	st->swing_offset[0] = t->delta;
	int io = dvr_io_status(chip->io);
	if (io != DVR_OK)
		return dvr_chip_fail(chip, io, "USB error in thermal tracking");
	if (abs((int)avg - (int)t->iqk_ref) >= IQK_THRESHOLD) {
		t->iqk_ref = avg;
		st->iqk_runs++;
		return rtl8821c_iqk(chip);
	}
	return DVR_OK;
}
