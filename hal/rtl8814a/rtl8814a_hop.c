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
 *  - the IQK every set runs (rtw8814a_phy_calibration, rtw8814a_iqk): the
 *    LO leakage each path's RF 0x08 takes, the TX and RX correction words
 *    on each path's NCTL result page (0x1B38, 0x1B3C, selected through
 *    0x1B00), and the 0xC94-family bits that switch them on.
 *  - rtw8814a_set_bw_mode: where the primary 20 MHz sits in a 40 or 80
 *    MHz channel: 0x483, 0x8AC [5:2], 0xA00 bit 4.
 * What it skips, depending on band and bandwidth alone: the band switch
 * (rtw8814a_switch_band: RFE pins, TX/RX paths, CCK check, BB swing) and
 * the bandwidth fields (rtw8814a_set_bw_mode: 0x668 RF mode, 0x8AC clock
 * mode, 0x82C, RF 0x18's bandwidth bits, which the cached whole RF 0x18
 * word holds unchanged). The IQK is skipped while the thermal average is
 * within rtw88's recalibration threshold (phy.c
 * rtw_phy_pwrtrack_need_iqk: iqk_threshold, 8) of the channel's
 * calibration. A channel whose IQK switched a correction off where the
 * other's left it on is no hop: those bits share 0xC94 with tracking's TX
 * AGC offset, which a hop would have to read.
 *
 * Of the four RF 0x18 words, four LO leakage words and eight correction
 * words with their four page selects, a hop writes what differs; the
 * per-rate TX power after it writes only the table entries whose index
 * moved (rtl8814a_txpower.c).
 */
#include <stdlib.h>

#include "hal/common/chan_geometry.h"
#include "hal/rtl8814a/rtl8814a.h"

#define RF_CFGCH    0x18
#define RF_DTXLOK   0x08
#define RF_ALL      0xFFFFFu
#define NCTL_CMD    0x1B00
#define NCTL_IDLE   0xF8000000u   /* what rtw8814a_iqk_reset_nctl leaves */
#define NCTL_TX_IQC 0x1B38
#define NCTL_RX_IQC 0x1B3C
#define NCTL_RX_READBACK 0x20000000u
#define IQC_ON_MASK 0x00000C01u

static const uint16_t iqc_on_reg[RTL8814A_PATHS] = {
	0x0C94, 0x0E94, 0x1894, 0x1A94,
};

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

static void select_page(struct dvr_io *io, unsigned path)
{
	dvr_w32(io, NCTL_CMD, NCTL_IDLE | path << 1);
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
	int i = find(c, ch);
	if (i < 0) {
		i = (int)c->next;
		c->next = (c->next + 1) % RTL8814A_HOP_ENTRIES;
	}
	struct rtl8814a_chan_regs *e = &c->e[i];
	*e = (struct rtl8814a_chan_regs){ 0 };
	e->thermal = jaguar1_thermal_now(chip);
	e->clktrk = dvr_r32(io, 0x0860);
	e->agc_sel = dvr_r32(io, 0x0958);
	for (unsigned k = 0; k < 3; k++)
		e->cck_dfir[k] = dvr_r32(io, (uint16_t)(0x0A20 + 4 * k));
	e->data_sc = dvr_r8(io, 0x0483);
	e->adcclk = dvr_r32(io, 0x08AC);
	e->rxsb = dvr_r32(io, 0x0A00);
	/* RF reads through the direct windows: one transfer each */
	for (unsigned p = 0; p < RTL8814A_PATHS; p++) {
		e->rf18[p] = rtl8814a_rf_read(chip, p, RF_CFGCH, RF_ALL);
		e->lok[p] = rtl8814a_rf_read(chip, p, RF_DTXLOK, RF_ALL);
		e->iqc_on[p] = dvr_r32(io, iqc_on_reg[p]) & IQC_ON_MASK;
	}
	/* each path's result page, read as the IQK reads it; the engine
	 * left idle on page A as the IQK's reset leaves it */
	for (unsigned p = 0; p < RTL8814A_PATHS; p++) {
		select_page(io, p);
		e->tx_iqc[p] = dvr_r32(io, NCTL_TX_IQC);
		dvr_w32(io, NCTL_RX_IQC, NCTL_RX_READBACK);
		e->rx_iqc[p] = dvr_r32(io, NCTL_RX_IQC);
	}
	dvr_w32(io, NCTL_CMD, NCTL_IDLE);
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
	if ((unsigned)abs((int)jaguar1_thermal_now(chip) - (int)to->thermal) >=
	    JAGUAR1_IQK_THRESHOLD)
		return DVR_OK;
	for (unsigned p = 0; p < RTL8814A_PATHS; p++)
		if (from->iqc_on[p] != to->iqc_on[p])
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
	/* then the IQK's results in the order it leaves them: LO leakage,
	 * each path's page, the engine idle on page A */
	for (unsigned p = 0; p < RTL8814A_PATHS; p++)
		if (from->lok[p] != to->lok[p])
			rtl8814a_rf_write(chip, p, RF_DTXLOK, RF_ALL, to->lok[p]);
	bool paged = false;
	for (unsigned p = 0; p < RTL8814A_PATHS; p++) {
		if (from->tx_iqc[p] == to->tx_iqc[p] &&
		    from->rx_iqc[p] == to->rx_iqc[p])
			continue;
		select_page(io, p);
		paged = true;
		dvr_w32_if_changed(io, NCTL_TX_IQC,
		                   from->tx_iqc[p], to->tx_iqc[p]);
		dvr_w32_if_changed(io, NCTL_RX_IQC,
		                   from->rx_iqc[p], to->rx_iqc[p]);
	}
	if (paged) {
		/* the read-back select the full set leaves in 0x1B3C, then
		 * page A */
		dvr_w32(io, NCTL_RX_IQC, NCTL_RX_READBACK);
		dvr_w32(io, NCTL_CMD, NCTL_IDLE);
	}

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
