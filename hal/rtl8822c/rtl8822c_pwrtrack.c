/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Thermal power tracking and LCK of the RTL8822C, run by the core's
 * watchdog (the track op) as rtw88 runs them from its 2 s watchdog
 * (rtw8822c.c rtw8822c_pwr_track, __rtw8822c_pwr_track,
 * rtw8822c_pwr_track_stats, rtw8822c_pwr_track_path,
 * rtw8822c_pwrtrack_set, rtw8822c_do_lck; phy.c rtw_phy_pwrtrack_avg,
 * _get_delta, _get_pwridx, _need_lck, rtw_phy_config_swing_table):
 *  - a board is tracked only when EFUSE 0xC8 [7:4] (power-tracking type)
 *    is 0; a blank board (0xFF) is left alone entirely;
 *  - one tick starts the thermal meter of both paths (RF 0x42 bit 19
 *    written 1, 0, 1), the next reads each path's RF 0x42 [6:1];
 *  - each path with a calibration reading (EFUSE 0xD0 / 0xD1, not 0xFF)
 *    feeds a moving average (3/4 old, 1/4 new, ten fractional bits:
 *    rtw88 main.h DECLARE_EWMA(thermal, 10, 4)); a path without one
 *    keeps the average 0xFF it starts with;
 *  - when path A's average has moved 8 or more (chip_info lck_threshold)
 *    from where LCK last ran (at first the mean of the two calibration
 *    readings), LCK runs;
 *  - then, every such tick, each path's compensation is the table step
 *    for |average - calibration| (at most 29), from the warmer (_p) or
 *    cooler (_n) table of the band: 2.4 GHz the CCK tables (rtw88 picks
 *    them while its tracking rate is CCK, which it stays in monitor mode
 *    with no rate reports), 5 GHz the row of the sub-band (36-64,
 *    100-144, 149-177), any other channel the 2.4 GHz OFDM tables. It is
 *    written, signed, into the path's power-tracking field 0x18A0 /
 *    0x41A0 [6:0] (TX AGC index steps), the register whose [22:16] holds
 *    the CCK reference: a masked write leaves that alone.
 * Every RFE type of this chip takes the type-0 tables (rtw8822c.c
 * rtw8822c_rfe_defs).
 */
#include <stdlib.h>

#include "hal/common/chan_geometry.h"
#include "hal/common/pwrtrack.h"
#include "hal/rtl8822c/rtl8822c.h"
#include "hal/rtl8822c/rtl8822c_tables.h"

#define EFUSE_TXPWR_CAL 0xC8
#define RF_T_METER      0x42
#define METER_TRIGGER   (1u << 19)
#define METER_VALUE     0x7Eu
#define RF_SYN_PFD      0xB0
#define RF_SYN_CTRL     0xBB
#define RF_SYN_AAC      0xC9
#define RF_AAC_CTRL     0xCA
#define AAC_BUSY        (1u << 12)
#define RF_FAST_LCK     0xCC
#define RF_ALL          0xFFFFFu
#define LCK_THRESHOLD   8u
#define PWR_TRACK_MASK  0x7Fu

static const uint16_t pwr_track_reg[2] = { 0x18A0, 0x41A0 };

static bool tracked(const struct dvr_chip *chip)
{
	return (chip->efuse[EFUSE_TXPWR_CAL] >> 4) == 0;
}

void rtl8822c_pwrtrack_init(struct dvr_chip *chip)
{
	struct rtl8822c_priv *priv = rtl8822c_priv(chip);
	if (!priv || !chip->efuse)
		return;
	const uint8_t *cal = &chip->efuse[EFUSE8822C_THERMAL_A];
	struct rtl8822c_pwrtrack *t = &priv->pwrtrack;
	*t = (struct rtl8822c_pwrtrack){ 0 };
	t->avg[0] = t->avg[1] = 0xFF;
	t->lck_ref = (uint8_t)((cal[0] + cal[1]) >> 1);
}

/* Every RFE type's step tables (rtw8822c.c rtw8822c_rfe_defs: type 0). */
static const struct dvr_pwrtrk_tables steps = {
	.g5_p = { rtl8822c_pwrtrk_5ga_p, rtl8822c_pwrtrk_5gb_p },
	.g5_n = { rtl8822c_pwrtrk_5ga_n, rtl8822c_pwrtrk_5gb_n },
	.g2_p = { rtl8822c_pwrtrk_2ga_p, rtl8822c_pwrtrk_2gb_p },
	.g2_n = { rtl8822c_pwrtrk_2ga_n, rtl8822c_pwrtrk_2gb_n },
	.cck_p = { rtl8822c_pwrtrk_2g_cck_a_p, rtl8822c_pwrtrk_2g_cck_b_p },
	.cck_n = { rtl8822c_pwrtrk_2g_cck_a_n, rtl8822c_pwrtrk_2g_cck_b_n },
};

/* rtw88 rtw8822c_do_lck, on path A. Returns false when the AAC never
 * reported done (rtw88 goes on regardless, and so do we). */
static bool lck(struct dvr_chip *chip)
{
	halmac_rf_write(chip, 0, RF_SYN_CTRL, RF_ALL, 0x80010);
	halmac_rf_write(chip, 0, RF_SYN_PFD, RF_ALL, 0x1F0FA);
	dvr_delay_us(1);
	halmac_rf_write(chip, 0, RF_AAC_CTRL, RF_ALL, 0x80000);
	halmac_rf_write(chip, 0, RF_SYN_AAC, RF_ALL, 0x80001);
	bool done = false;
	for (unsigned ms = 0; ms <= 100; ms++) {
		if (!halmac_rf_read(chip, 0, RF_AAC_CTRL, AAC_BUSY)) {
			done = true;
			break;
		}
		if (dvr_io_status(chip->io) != DVR_OK)
			break;
		dvr_delay_ms(1);
	}
	halmac_rf_write(chip, 0, RF_SYN_PFD, RF_ALL, 0x1F0F8);
	halmac_rf_write(chip, 1, RF_SYN_CTRL, RF_ALL, 0x80010);
	halmac_rf_write(chip, 0, RF_FAST_LCK, RF_ALL, 0x0F000);
	halmac_rf_write(chip, 0, RF_FAST_LCK, RF_ALL, 0x4F000);
	dvr_delay_us(1);
	halmac_rf_write(chip, 0, RF_FAST_LCK, RF_ALL, 0x0F000);
	return done;
}

/* The firmware's heartbeat, every tick whatever the board: rtw88 main.c
 * rtw_watch_dog_work sends the WL PHY info each time, and OpenIPC
 * devourer found the firmware powers the RF down after about 30 s
 * without it. Those H2Cs rewrite the OFDM power references, so the TX
 * power is written again after them (halmac_fw_keepalive). */
static int heartbeat(struct dvr_chip *chip)
{
	int st = halmac_fw_keepalive(chip);
	if (st != DVR_OK || chip->tx_power_asked < 0)
		return st;
	return rtl8822c_set_tx_power(chip, chip->tx_power_asked);
}

int rtl8822c_track(struct dvr_chip *chip, struct dvr_thermal_stats *st)
{
	struct rtl8822c_priv *priv = rtl8822c_priv(chip);
	if (!priv || !chip->efuse)
		return DVR_OK;
	int hb = heartbeat(chip);
	if (hb != DVR_OK)
		return hb;
	struct rtl8822c_pwrtrack *t = &priv->pwrtrack;
	const uint8_t *cal = &chip->efuse[EFUSE8822C_THERMAL_A];
	bool on = tracked(chip) && (cal[0] != 0xFF || cal[1] != 0xFF);
	st->thermal_cal = !on ? -1 : cal[0] != 0xFF ? cal[0] : cal[1];
	if (!tracked(chip))
		return DVR_OK;

	if (!t->triggered) {
		for (unsigned p = 0; p < 2; p++) {
			halmac_rf_write(chip, p, RF_T_METER, METER_TRIGGER, 1);
			halmac_rf_write(chip, p, RF_T_METER, METER_TRIGGER, 0);
			halmac_rf_write(chip, p, RF_T_METER, METER_TRIGGER, 1);
		}
		t->triggered = true;
		return DVR_OK;
	}
	t->triggered = false;

	for (unsigned p = 0; p < 2; p++) {
		if (cal[p] == 0xFF)
			continue;
		uint8_t r = (uint8_t)halmac_rf_read(chip, p, RF_T_METER,
		                                      METER_VALUE);
		t->avg[p] = dvr_thermal_ewma(&t->ewma[p], r);
		if (p == 0 || cal[0] == 0xFF)
			st->thermal = r;
	}
	bool lck_ok = true;
	if ((unsigned)abs((int)t->avg[0] - (int)t->lck_ref) >= LCK_THRESHOLD) {
		t->lck_ref = t->avg[0];
		lck_ok = lck(chip);
		st->lck_runs++;
	}

	struct dvr_chan_geometry g;
	unsigned ch = dvr_chan_geometry(&chip->channel, &g) == DVR_OK
	                      ? g.center
	                      : chip->channel.channel;
	for (unsigned p = 0; p < 2; p++) {
		const uint8_t *warm, *cool;
		dvr_pwrtrk_select(&steps, ch, p, true, &warm, &cool);
		int idx = dvr_pwrtrk_steps(warm, cool, t->avg[p], cal[p]);
		t->delta[p] = (int8_t)idx;
		st->swing_offset[p] = idx;
		/* through the shadow, which holds this register for
		 * the TX AGC reference beside it (jaguar3_txagc.c) */
		dvr_reg_shadow_w32_mask(chip->io, &chip->shadow,
		                        pwr_track_reg[p], PWR_TRACK_MASK,
		                        (uint32_t)idx & PWR_TRACK_MASK);
	}
	if (!lck_ok)
		return dvr_chip_fail(chip, DVR_E_TIMEOUT,
		                     "LCK: RF A 0xCA bit 12 still busy after "
		                     "100 ms");
	return DVR_OK;
}
