/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8812A's RF calibration of a channel, as rtw88 runs it
 * (rtw8812a.c rtw8812a_phy_calibration): IQK of every path
 * (rtl8812a_iqk.c), then on 5 GHz the AGC-table difference of the
 * sub-band — the low-band rows for channels 36-64, the high-band rows
 * from channel 100 — over the AGC table phy_init loaded. rtw88 runs it
 * after every channel set outside a scan (main.c rtw_set_channel marks
 * need_rfk, consumed by rtw_chip_prepare_tx before the first frame); we
 * have no scan and transmit at once, so the channel set itself runs it
 * once bring-up has calibrated. 2.4 GHz channels and 5 GHz channels
 * below 100 outside 36-64 get no AGC difference, as in rtw88.
 */
#include "hal/common/bb_table_row.h"
#include "hal/rtl8812a/rtl8812a.h"
#include "hal/rtl8812a/rtl8812a_tables.h"

/* Which AGC difference table a channel takes: 0 none, 1 the low band's,
 * 2 the high band's (jaguar1_priv.cal_table). */
enum { AGC_DIFF_NONE, AGC_DIFF_LB, AGC_DIFF_HB };

static unsigned agc_diff_of(unsigned channel)
{
	if (channel >= 36 && channel <= 64)
		return AGC_DIFF_LB;
	return channel >= 100 ? AGC_DIFF_HB : AGC_DIFF_NONE;
}

static int load_agc_diff(struct dvr_chip *chip, unsigned channel)
{
	const uint32_t *rows;
	size_t n;
	struct dvr_phy_cond cond;
	unsigned table = agc_diff_of(channel);

	if (table == AGC_DIFF_LB) {
		rows = rtl8812a_agc_diff_lb;
		n = rtl8812a_agc_diff_lb_len;
	} else if (table == AGC_DIFF_HB) {
		rows = rtl8812a_agc_diff_hb;
		n = rtl8812a_agc_diff_hb_len;
	} else {
		return DVR_OK;
	}
	jaguar1_phy_cond(chip, &cond);
	int st = dvr_phy_table_walk(rows, n, &cond, dvr_bb_table_row,
	                            chip->io, NULL);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "AGC difference table of "
		                     "channel %u failed", channel);
	if (jaguar1_priv(chip))
		jaguar1_priv(chip)->cal_table = (uint8_t)table;
	return DVR_OK;
}

/* A hop keeps the calibration in force (jaguar1_hop.c) but the AGC
 * difference is the sub-band's: loaded again when the BB holds the
 * other band's rows, left alone as a full set leaves it otherwise. */
int rtl8812a_hop_calibration(struct dvr_chip *chip, unsigned channel)
{
	const struct jaguar1_priv *priv = jaguar1_priv(chip);
	unsigned table = agc_diff_of(channel);
	if (table == AGC_DIFF_NONE || (priv && priv->cal_table == table))
		return DVR_OK;
	return load_agc_diff(chip, channel);
}

int rtl8812a_phy_calibration(struct dvr_chip *chip, unsigned channel)
{
	int st = rtl8812a_iqk(chip, channel > 14);
	if (st != DVR_OK)
		return st;
	jaguar1_iqk_record(chip, channel);
	return load_agc_diff(chip, channel);
}
