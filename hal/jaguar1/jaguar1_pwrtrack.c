/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar1 thermal power tracking, run by the core's watchdog (the track
 * op) as rtw88 runs it from its 2 s watchdog (rtw88xxa.c
 * rtw88xxa_phy_pwrtrack, rtw88xxa_pwrtrack_set, rtw88xxa_pwrtrack_init,
 * shared by rtw8812a.c rtw8812a_pwr_track and rtw8821a.c
 * rtw8821a_pwr_track; phy.c rtw_phy_pwrtrack_*):
 *  - one tick starts the thermal meter (RF 0x42 [17:16] = 3), the next
 *    reads it (RF 0x42 [15:10]); a board whose EFUSE holds no thermal
 *    calibration (0xBA = 0xFF) is not tracked;
 *  - the reading goes into a moving average (3/4 old, 1/4 new, ten
 *    fractional bits: rtw88 main.h DECLARE_EWMA(thermal, 10, 4));
 *  - when the average has moved 8 or more from where the last
 *    recalibration was (the EFUSE value at first; rtw88 chip_info
 *    iqk_threshold 8), the die's LCK runs now (where it has one) and
 *    its IQK after the swing update;
 *  - unless the reading equals the average (or it is the first reading
 *    since the band was set up), the BB swing is updated: the table step
 *    for |average - EFUSE| (at most 29) of each path, from the warmer
 *    (_p) or cooler (_n) table of the band (2.4 GHz: the CCK tables,
 *    which rtw88 picks while its tracking rate is CCK 1M, as it stays in
 *    monitor mode without rate reports; 5 GHz: the row of the sub-band),
 *    added to the swing index of the EFUSE swing and written to
 *    0xC1C / 0xE1C [31:21]; what lies past the swing's limit goes to
 *    the TX AGC index of every rate instead (the remnant), and TX power
 *    is applied again when it changes.
 * The step tables, CCK's default index, the LCK and the IQK are the die's
 * (struct jaguar1_data).
 */
#include <stdlib.h>
#include <string.h>

#include "hal/common/pwrtrack.h"
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/jaguar1/jaguar1.h"

#define RF_T_METER    0x42
#define METER_START   (3u << 16)
#define METER_VALUE   0xFC00u
#define IQK_THRESHOLD 8u
/* The tracking rate is CCK 1M (see above): rtw88xxa_pwrtrack_set's
 * limit for it. */
#define SWING_LIMIT   32u
/* EFUSE swing selects -> scaler (rtw88xxa.c rtw88xxa_get_bb_swing). */
static const uint16_t efuse_swing[4] = { 0x200, 0x16A, 0x101, 0x0B6 };

uint32_t jaguar1_bb_swing(const struct dvr_chip *chip, bool is_5g,
                          unsigned path)
{
	const struct jaguar1_priv *priv = jaguar1_priv(chip);
	uint8_t v = 0;

	if (priv)
		v = is_5g ? priv->bb_swing_5g : priv->bb_swing_2g;
	return efuse_swing[(v >> (path ? 2 : 0)) & 3];
}

/* The swing index tracking starts from: path A's EFUSE swing at the band,
 * for both paths as rtw88xxa_get_swing_index has it; 24 (unity) when the
 * value is not in the table. */
static uint8_t default_index(const struct jaguar1_priv *priv, bool is_5g)
{
	uint8_t sel = (is_5g ? priv->bb_swing_5g : priv->bb_swing_2g) & 3;
	unsigned i = dvr_txscale_index(efuse_swing[sel]);
	return (uint8_t)(i < DVR_TXSCALE_SIZE ? i : DVR_TXSCALE_UNITY);
}

void jaguar1_pwrtrack_reset(struct dvr_chip *chip, bool is_5g)
{
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	if (!priv)
		return;
	struct jaguar1_pwrtrack *t = &priv->pwrtrack;
	*t = (struct jaguar1_pwrtrack){ 0 };
	t->first_reading = true;
	t->thermal_k = chip->efuse ? chip->efuse[JAGUAR1_EFUSE_THERMAL] : 0xFF;
	t->default_index = default_index(priv, is_5g);
}

/*
 * Swing index default + steps, within the scaler table and the tracking
 * limit. What lies past the limit is the TX AGC "remnant", which the TX
 * power computation adds to every rate's index of the path (rtw88
 * rtw88xxa_pwrtrack_set): the OFDM/MCS remnant per path, and the CCK one
 * from path A, counted from CCK's own default index (24 on the 8812A,
 * rtw88xxa_pwrtrack_init default_cck_index, the die's
 * jaguar1_data.cck_default_index) but only while the OFDM
 * index is past the limit, as there. rtw88 keeps the index in a u8, so
 * a cooling step below index 0 would wrap and land on the limit; we
 * stop at 0 with no remnant, which is what rtw88 gives at index 0.
 */
static void set_swing(struct dvr_chip *chip, struct jaguar1_pwrtrack *t,
                      unsigned path, int steps)
{
	const int cck_default = jaguar1_data(chip)->cck_default_index;
	int idx = (int)t->default_index + steps;
	int remnant = 0, remnant_cck = 0;
	if (idx < 0)
		idx = 0;
	if (idx > (int)SWING_LIMIT) {
		remnant = idx - (int)SWING_LIMIT;
		remnant_cck = cck_default + steps - (int)SWING_LIMIT;
		idx = (int)SWING_LIMIT;
	}
	t->remnant_ofdm[path] = (int8_t)remnant;
	if (path == 0)
		t->remnant_cck = (int8_t)remnant_cck;
	dvr_w32_mask(chip->io, path ? REG_B_TXSCALE : REG_A_TXSCALE,
	             0xFFE00000u, dvr_txscale[idx]);
}

int jaguar1_track(struct dvr_chip *chip, struct dvr_thermal_stats *st)
{
	const struct jaguar1_data *fam = jaguar1_data(chip);
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	if (!priv)
		return DVR_OK;
	struct jaguar1_pwrtrack *t = &priv->pwrtrack;
	uint8_t cal = chip->efuse ? chip->efuse[JAGUAR1_EFUSE_THERMAL] : 0xFF;
	st->thermal_cal = cal == 0xFF ? -1 : cal;

	if (!t->meter_started) {
		jaguar1_rf_write(chip, 0, RF_T_METER,
		                 jaguar1_rf_read(chip, 0, RF_T_METER) |
		                         METER_START);
		t->meter_started = true;
		return DVR_OK;
	}
	t->meter_started = false;
	if (cal == 0xFF)
		return DVR_OK;

	uint8_t reading =
		(uint8_t)((jaguar1_rf_read(chip, 0, RF_T_METER) & METER_VALUE) >>
		          10);
	uint8_t avg = dvr_thermal_ewma(&t->avg, reading);
	st->thermal = reading;

	bool recal = (unsigned)abs((int)avg - (int)t->thermal_k) >=
	             IQK_THRESHOLD;
	if (recal) {
		t->thermal_k = avg;
		/* the LCK and IQK below move what every cached channel
		 * holds: returns are full sets until each is set again */
		jaguar1_hop_forget(chip);
		if (fam->lck) {
			fam->lck(chip);
			st->lck_runs++;
		}
	}
	bool update = true;
	if (t->first_reading)
		t->first_reading = false;
	else if (avg == reading)
		update = false;
	if (update) {
		const struct dvr_pwrtrk_tables *set = fam->pwrtrk_tables(chip);
		int8_t remnant_pre[DVR_MAX_RF_PATHS];
		memcpy(remnant_pre, t->remnant_ofdm, sizeof remnant_pre);
		for (unsigned p = 0; p < jaguar1_paths(chip) && p < 2; p++) {
			const uint8_t *warm, *cool;
			dvr_pwrtrk_select(set, chip->channel.channel, p, true,
			                  &warm, &cool);
			int n = dvr_pwrtrk_steps(warm, cool, avg, cal);
			if (n == t->steps[p])
				continue;
			t->steps[p] = (int8_t)n;
			set_swing(chip, t, p, n);
		}
		if (memcmp(remnant_pre, t->remnant_ofdm, sizeof remnant_pre))
			t->remnant_pending = true;
	}
	/* a new remnant reaches the TX AGC at once, as rtw88
	 * rtw88xxa_phy_pwrtrack sets the power level again; at the power
	 * last asked for, so the reported power stays. A failed write is
	 * tried again on the next tick. */
	int st_pwr = DVR_OK;
	if (t->remnant_pending && chip->tx_power_asked >= 0) {
		st_pwr = jaguar1_set_tx_power(chip, chip->tx_power_asked);
		if (st_pwr == DVR_OK)
			t->remnant_pending = false;
	}
	for (unsigned p = 0; p < DVR_MAX_RF_PATHS; p++)
		st->swing_offset[p] = t->steps[p];
	if (!recal)
		return st_pwr;
	st->iqk_runs++;
	int st_iqk = fam->iqk(chip, chip->channel.channel > 14);
	return st_pwr != DVR_OK ? st_pwr : st_iqk;
}
