/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 8814A channel hop: a move within the band and bandwidth to a channel the
 * driver has set in full before, made by writing only what differs
 * between the two channels' cached registers.
 *
 * What depends on the channel number within one band and bandwidth, from
 * rtw88 rtw8814a.c rtw8814a_set_channel (rtl8814a_channel.c):
 *  - rtw8814a_switch_channel: fc_area 0x860 [28:17], RF 0x18 of the four
 *    paths (RFSI, band and channel bits), the AGC table of the 5 GHz
 *    sub-band 0x958 [4:0];
 *  - rtw8814a_24g_cck_tx_dfir: the CCK TX filter 0xA20-0xA28 (channels
 *    12-14 differ from 1-11);
 *  - rtw8814a_set_bw_mode: where the primary 20 MHz sits in a 40 or 80
 *    MHz channel: 0x483, 0x8AC [5:2], 0xA00 bit 4.
 * What it skips, depending on band and bandwidth alone: the band switch
 * (rtw8814a_switch_band: RFE pins, TX/RX paths, CCK check, BB swing) and
 * the bandwidth fields (rtw8814a_set_bw_mode: 0x668 RF mode, 0x8AC clock
 * mode, 0x82C, RF 0x18's bandwidth bits, which the cached whole RF 0x18
 * word holds unchanged).
 *
 * It keeps the calibration in force: the LO leakage in each path's RF
 * 0x08, the TX and RX I/Q correction on each path's NCTL result page
 * (0x1B38, 0x1B3C) and the 0xC94-family bits that switch them on stay
 * those of the band's last full set. The chip vendor's driver runs no
 * IQK on a channel switch at all (rtl8814au hal/rtl8814a/
 * rtl8814a_phycfg.c phy_SwChnlAndSetBwMode8814A: channel, bandwidth, TX
 * power; an IQK on each channel only in its manufacturing-test build,
 * HAL_HandleSwChnl8814A), and rtw88 leaves the calibration alone while it
 * visits channels quickly (main.c rtw_set_channel: none while scanning).
 * Restoring a per-channel result would cost four LO words, four page
 * selects and eight correction words, 2.9 ms of USB 2.0 bus. The hop
 * declines once the thermal average has moved rtw88's recalibration
 * threshold (phy.c rtw_phy_pwrtrack_need_iqk: iqk_threshold, 8) from the
 * calibration in force and leaves the change to a full set, which
 * calibrates anew.
 *
 * Of the four RF 0x18 words and the tuning registers above, a hop writes
 * what differs; the per-rate TX power after it writes only the table
 * entries whose index moved (rtl8814a_txpower.c), which a channel whose
 * regulatory limit differs does (36 against 40 on some boards).
 */
#include <stdlib.h>

#include "hal/common/chan_geometry.h"
#include "hal/rtl8814a/rtl8814a.h"

#define RF_CFGCH    0x18
#define RF_ALL      0xFFFFFu

static int find(const struct rtl8814a_hop_cache *c,
                const struct dvr_channel *ch)
{
	for (unsigned i = 0; i < RTL8814A_HOP_ENTRIES; i++)
		if (c->e[i].ch.channel && dvr_chan_same(&c->e[i].ch, ch))
			return (int)i;
	return -1;
}

void rtl8814a_hop_forget(struct dvr_chip *chip)
{
	struct rtl8814a_priv *priv = chip->priv;
	if (!priv)
		return;
	for (unsigned i = 0; i < RTL8814A_HOP_ENTRIES; i++)
		priv->hop.e[i].ch.channel = 0;
	priv->hop.live = -1;
}

void rtl8814a_hop_store(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	struct rtl8814a_priv *priv = chip->priv;
	struct dvr_io *io = chip->io;
	if (!priv || !ch || !ch->channel)
		return;
	priv->hop.live = -1;
	if (!priv->j1.calibrated)
		return;
	struct rtl8814a_hop_cache *c = &priv->hop;
	c->calib_thermal = jaguar1_thermal_now(chip);
	int i = find(c, ch);
	if (i < 0) {
		i = (int)c->next;
		c->next = (c->next + 1) % RTL8814A_HOP_ENTRIES;
	}
	struct rtl8814a_chan_regs *e = &c->e[i];
	*e = (struct rtl8814a_chan_regs){ 0 };
	e->clktrk = dvr_r32(io, 0x0860);
	e->agc_sel = dvr_r32(io, 0x0958);
	for (unsigned k = 0; k < 3; k++)
		e->cck_dfir[k] = dvr_r32(io, (uint16_t)(0x0A20 + 4 * k));
	e->data_sc = dvr_r8(io, 0x0483);
	e->adcclk = dvr_r32(io, 0x08AC);
	e->rxsb = dvr_r32(io, 0x0A00);
	/* RF reads through the direct windows: one transfer each */
	for (unsigned p = 0; p < RTL8814A_PATHS; p++)
		e->rf18[p] = rtl8814a_rf_read(chip, p, RF_CFGCH, RF_ALL);
	if (dvr_io_status(io) != DVR_OK)
		return;
	e->ch = *ch;
	c->live = i;
}

int rtl8814a_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                         bool *hopped)
{
	struct rtl8814a_priv *priv = chip->priv;
	struct dvr_io *io = chip->io;

	*hopped = false;
	if (!priv || !ch || !priv->j1.calibrated || priv->hop.live < 0)
		return DVR_OK;
	const struct rtl8814a_chan_regs *from = &priv->hop.e[priv->hop.live];
	int i = find(&priv->hop, ch);
	if (i < 0 || !dvr_chan_same(&from->ch, &chip->channel))
		return DVR_OK;
	const struct rtl8814a_chan_regs *to = &priv->hop.e[i];
	if ((unsigned)abs((int)jaguar1_thermal_now(chip) -
	                  (int)priv->hop.calib_thermal) >= JAGUAR1_IQK_THRESHOLD)
		return DVR_OK;

	/* rtw8814a_switch_channel's order, then the CCK filter */
	dvr_w32_if_changed(io, 0x0860, from->clktrk, to->clktrk);
	for (unsigned p = 0; p < RTL8814A_PATHS; p++)
		if (from->rf18[p] != to->rf18[p])
			rtl8814a_rf_write(chip, p, RF_CFGCH, RF_ALL, to->rf18[p]);
	dvr_w32_if_changed(io, 0x0958, from->agc_sel, to->agc_sel);
	for (unsigned k = 0; k < 3; k++)
		dvr_w32_if_changed(io, (uint16_t)(0x0A20 + 4 * k),
		                   from->cck_dfir[k], to->cck_dfir[k]);
	/* rtw8814a_set_bw_mode: the primary's position */
	if (from->data_sc != to->data_sc)
		dvr_w8(io, 0x0483, to->data_sc);
	dvr_w32_if_changed(io, 0x08AC, from->adcclk, to->adcclk);
	dvr_w32_if_changed(io, 0x0A00, from->rxsb, to->rxsb);

	int st = dvr_io_status(io);
	if (st != DVR_OK) {
		priv->hop.live = -1;
		priv->band_set = false;   /* the next set starts over */
		return dvr_chip_fail(chip, st, "channel hop failed");
	}
	priv->hop.live = i;
	*hopped = true;
	return DVR_OK;
}

int rtl8814a_calibrate(struct dvr_chip *chip)
{
	int st = jaguar1_calibrate(chip);
	/* the channel set before bring-up calibrated cached nothing */
	if (st == DVR_OK)
		rtl8814a_hop_store(chip, &chip->channel);
	return st;
}
