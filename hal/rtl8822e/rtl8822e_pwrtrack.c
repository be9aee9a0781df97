/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822E's watchdog tick (ops->track): what the vendor's 2 s
 * watchdog does for this chip (rtl88x2eu halrf.c halrf_watchdog, the
 * thermal power tracking of halrf_powertracking_ce.c with the 8822E's
 * configure_txpower_track_8822e, and halrf_lck_track_8822e, which the
 * vendor runs for the 8822E only), and the firmware heartbeat:
 *  - both paths' thermal meters are read (RF 0x42, rtl8822e_lck.c);
 *  - LCK re-lock: the average of the last two readings of each path
 *    (AVG_THERMAL_NUM_LCK) against the readings at the last LCK; 4 or
 *    more apart on either path runs LCK again, whose averages become the
 *    new baseline. With no LCK yet the first average is the baseline, as
 *    the vendor takes its first reading;
 *  - power tracking, on a board with an EFUSE thermal calibration
 *    (0xD0 path A, 0xD1 path B; Hal_EfuseParseThermalMeter in the
 *    vendor's rtl8822e_ops.c): the average of the last four readings
 *    (AVG_THERMAL_NUM_8822E) against the path's calibration, the step
 *    from the vendor's tables for |distance| (at most 29), warmer (_p)
 *    or cooler (_n) by band (get_delta_swing_table_8822e: 2.4 GHz the
 *    CCK tables, as the tracking rate stays CCK without rate reports;
 *    5 GHz the row of the sub-band), written signed into the path's
 *    0x18A0 / 0x41A0 [7:0] (odm_tx_pwr_track_set_pwr8822e; the CCK
 *    reference in [22:16] is left alone). The 8822E runs thermal mode:
 *    its TSSI mode stays off (0x1E7C bit 30 = 0 in the vendor's and in
 *    OpenIPC devourer's bring-up, docs/8822e-quirks.md), so the TSSI
 *    tables are not used. A path without a calibration reading is not
 *    compensated.
 * The step tables are the vendor's delta_swingidx_mp_*_txpwrtrk_8822e
 * (halhwimg8822e_rf.c, rtl8822e_tables.c), one set for every RFE type.
 */
#include "hal/common/pwrtrack.h"
#include "hal/rtl8822e/rtl8822e.h"
#include "hal/rtl8822e/rtl8822e_tables.h"

#define SWING_MASK 0xFFu

static const uint16_t swing_reg[2] = { 0x18A0, 0x41A0 };

static const struct dvr_pwrtrk_tables steps = {
	.g5_p = { rtl8822e_pwrtrk_5ga_p, rtl8822e_pwrtrk_5gb_p },
	.g5_n = { rtl8822e_pwrtrk_5ga_n, rtl8822e_pwrtrk_5gb_n },
	.g2_p = { rtl8822e_pwrtrk_2ga_p, rtl8822e_pwrtrk_2gb_p },
	.g2_n = { rtl8822e_pwrtrk_2ga_n, rtl8822e_pwrtrk_2gb_n },
	.cck_p = { rtl8822e_pwrtrk_2g_cck_a_p, rtl8822e_pwrtrk_2g_cck_b_p },
	.cck_n = { rtl8822e_pwrtrk_2g_cck_a_n, rtl8822e_pwrtrk_2g_cck_b_n },
};

void rtl8822e_thermal_avg(struct rtl8822e_thermal_ring *r, unsigned cap,
                          const uint8_t reading[2], uint8_t avg[2])
{
	if (cap == 0 || cap > RTL8822E_TRK_AVG_N)
		cap = RTL8822E_TRK_AVG_N;
	if (r->next >= cap)
		r->next = 0;
	if (r->n > cap)
		r->n = (uint8_t)cap;
	for (unsigned p = 0; p < 2; p++)
		r->v[p][r->next] = reading[p];
	r->next = (uint8_t)((r->next + 1) % cap);
	if (r->n < cap)
		r->n++;
	for (unsigned p = 0; p < 2; p++) {
		unsigned sum = 0;
		for (unsigned i = 0; i < r->n; i++)
			sum += r->v[p][i];
		avg[p] = (uint8_t)(sum / r->n);
	}
}

int rtl8822e_swing_index(unsigned ch, unsigned path, uint8_t avg,
                         uint8_t cal)
{
	const uint8_t *warm, *cool;
	if (path > 1)
		return 0;
	dvr_pwrtrk_select(&steps, ch, path, true, &warm, &cool);
	return dvr_pwrtrk_steps(warm, cool, avg, cal);
}

void rtl8822e_pwrtrack_init(struct dvr_chip *chip)
{
	struct rtl8822e_priv *priv = rtl8822e_priv(chip);
	if (priv)
		priv->pwrtrack = (struct rtl8822e_pwrtrack){ 0 };
}

/* The firmware's heartbeat, every tick whatever the board, as on the
 * 8822C (hal/halmac halmac_fw_keepalive; OpenIPC devourer found the
 * firmware powers the RF down after about 30 s without it). Those H2Cs
 * rewrite the OFDM power references, so the TX power is written again
 * after them. */
static int heartbeat(struct dvr_chip *chip)
{
	int st = halmac_fw_keepalive(chip);
	if (st != DVR_OK || chip->tx_power_asked < 0)
		return st;
	return rtl8822e_set_tx_power(chip, chip->tx_power_asked);
}

int rtl8822e_track(struct dvr_chip *chip, struct dvr_thermal_stats *st)
{
	struct rtl8822e_priv *priv = rtl8822e_priv(chip);
	if (!priv || !chip->efuse)
		return DVR_OK;
	int hb = heartbeat(chip);
	if (hb != DVR_OK)
		return hb;
	struct rtl8822e_pwrtrack *t = &priv->pwrtrack;
	const uint8_t *cal = &chip->efuse[EFUSE8822E_THERMAL_A];
	bool tracked = cal[0] != 0xFF || cal[1] != 0xFF;
	st->thermal_cal = !tracked ? -1 : cal[0] != 0xFF ? cal[0] : cal[1];

	uint8_t now[2], avg[2];
	for (unsigned p = 0; p < 2; p++)
		now[p] = rtl8822e_thermal_read(chip, p);
	int io = dvr_io_status(chip->io);
	if (io != DVR_OK)
		return dvr_chip_fail(chip, io, "USB error reading the thermal "
		                     "meters");
	st->thermal = now[0];

	int lck = DVR_OK;
	rtl8822e_thermal_avg(&t->lck, RTL8822E_LCK_AVG_N, now, avg);
	if (!t->lck_ref_valid) {
		t->lck_ref[0] = avg[0];
		t->lck_ref[1] = avg[1];
		t->lck_ref_valid = true;
	} else if (rtl8822e_lck_due(avg, t->lck_ref)) {
		lck = rtl8822e_lck_run(chip);
		t->lck_ref[0] = avg[0];
		t->lck_ref[1] = avg[1];
		st->lck_runs++;
		if (lck != DVR_OK && lck != DVR_E_TIMEOUT)
			return lck;
	}

	if (tracked) {
		rtl8822e_thermal_avg(&t->trk, RTL8822E_TRK_AVG_N, now, avg);
		for (unsigned p = 0; p < 2; p++) {
			int idx = cal[p] == 0xFF
			                  ? 0
			                  : rtl8822e_swing_index(
			                            chip->channel.channel, p,
			                            avg[p], cal[p]);
			t->delta[p] = (int8_t)idx;
			st->swing_offset[p] = idx;
			/* through the shadow, which holds this register
			 * for the TX AGC reference beside it
			 * (jaguar3_txagc.c) */
			dvr_reg_shadow_w32_mask(chip->io, &chip->shadow,
			                        swing_reg[p], SWING_MASK,
			                        (uint32_t)idx & SWING_MASK);
		}
	}
	return lck;
}
