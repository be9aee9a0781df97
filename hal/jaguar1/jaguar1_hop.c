/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar1 channel hop: a move within the band and bandwidth to a channel
 * the driver has set in full before, made by writing only the tuning
 * registers whose value differs between the two channels.
 *
 * What depends on the channel number within one band and bandwidth, from
 * the full set (rtw88 rtw88xxa.c rtw88xxa_set_channel and what it calls;
 * hal/jaguar1/jaguar1_channel.c):
 *  - rtw88xxa_switch_channel: the fc_area of the sub-band, 0x860 [28:17],
 *    and RF 0x18 of every path (band/RFSI bits and channel number);
 *  - rtw88xxa_set_reg_bw: where the primary 20 MHz sits in a 40 or 80 MHz
 *    channel (36 and 40 share 38 as their 40 MHz centre, the primary
 *    differs): 0x483, 0x8AC [5:2], 0x838 [31:28], 0xA00 bit 4;
 *  - rtw8812a_phy_fix_spur (8812A): 0x8AC [11:8] and 0x8C4 bit 30 for
 *    2.4 GHz channels 11, 13 and 14;
 *  - on the 8812A in 5 GHz the AGC difference table of the sub-band (the
 *    die's hop_calibration).
 * What it skips, because it depends on the band and bandwidth alone,
 * which a hop keeps (the core makes a hop only then, device.c is_hop):
 * the band switch (rtw88xxa_switch_band: CCK check, path selects, RFE
 * pins, AGC table select, basic rates, BB swing, IGI), the bandwidth
 * fields (rtw88xxa_set_reg_bw, rtw88xxa_post_set_bw_mode: 0x668 RF mode,
 * 0x8AC clock mode, 0x8C4 bit 30, 0x848 packet-detect threshold) and RF
 * 0x18's bandwidth bits (rtw88xxa_set_channel_rf; the cached RF 0x18
 * word holds them unchanged).
 *
 * It also keeps the calibration in force: the I/Q correction (0xC10/
 * 0xE10, page C1 0xCCC/0xCD4/0xECC/0xED4), the LO leakage in RF 0x58 and
 * what the IQK engine holds (0x978) stay those of the band's last full
 * set. That is the chip vendor's own policy: its driver runs the IQK on a
 * band switch only, never on a move within the band (rtl8812au
 * hal/rtl8812a phy_SwChnlAndSetBwMode8812: bNeedIQK is set by
 * phy_SwBand8812; OpenIPC devourer docs/frequency-hopping.md measured it
 * on hardware), and rtw88 likewise leaves the calibration alone while it
 * visits channels quickly (main.c rtw_set_channel: no calibration while
 * scanning, "takes too long"). Restoring a per-channel correction would
 * cost a page select there and back and five words (eleven transfers,
 * 1.4 ms of USB 2.0 bus on the two-path 8812A) for a correction the
 * vendor treats as one per band. The hop declines once the die has moved
 * the recalibration threshold from the temperature that calibration ran
 * at: rtw88 calibrates again when the thermal average has moved 8
 * (rtw88xxa.c rtw88xxa_phy_pwrtrack, chip_info iqk_threshold); the hop
 * reads the average tracking kept (an RF read of the meter costs
 * transfers and settle time) and leaves the change to a full set, which
 * calibrates anew. Thermal tracking's own recalibration (LCK on the 8812A, then IQK)
 * forgets every cached channel: the LC tank moved under all of them.
 *
 * The per-rate TX power the core applies after the hop goes through the
 * register shadow (jaguar1_txpower.c), so an unchanged fan-out costs no
 * transfer.
 */
#include <stdlib.h>

#include "hal/common/chan_geometry.h"
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/jaguar1/jaguar1.h"

static int find(const struct jaguar1_hop_cache *c,
                const struct dvr_channel *ch)
{
	for (unsigned i = 0; i < JAGUAR1_HOP_ENTRIES; i++)
		if (c->e[i].ch.channel && dvr_chan_same(&c->e[i].ch, ch))
			return (int)i;
	return -1;
}

static unsigned hop_paths(const struct dvr_chip *chip)
{
	unsigned n = jaguar1_paths(chip);
	return n > 2 ? 2 : n;
}

uint8_t jaguar1_thermal_now(const struct dvr_chip *chip)
{
	const struct jaguar1_priv *priv = jaguar1_priv(chip);
	if (!priv)
		return 0;
	/* before tracking's first reading (after bring-up or a band
	 * switch), the EFUSE calibration temperature: where tracking
	 * measures from (the same offset on the 8814A) */
	const struct jaguar1_pwrtrack *t = &priv->pwrtrack;
	if (t->avg)
		return (uint8_t)(t->avg >> 10);
	return chip->efuse ? chip->efuse[JAGUAR1_EFUSE_THERMAL] : 0;
}

void jaguar1_hop_forget(struct dvr_chip *chip)
{
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	if (!priv)
		return;
	for (unsigned i = 0; i < JAGUAR1_HOP_ENTRIES; i++)
		priv->hop.e[i].ch.channel = 0;
	priv->hop.live = -1;
}

void jaguar1_hop_store(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	struct dvr_io *io = chip->io;
	if (!priv || !ch || !ch->channel)
		return;
	priv->hop.live = -1;
	if (!priv->calibrated)
		return;     /* a hop keeps a calibration: none has run */
	struct jaguar1_hop_cache *c = &priv->hop;
	c->calib_thermal = jaguar1_thermal_now(chip);
	int i = find(c, ch);
	if (i < 0) {
		i = (int)c->next;
		c->next = (c->next + 1) % JAGUAR1_HOP_ENTRIES;
	}
	struct jaguar1_chan_regs *e = &c->e[i];
	*e = (struct jaguar1_chan_regs){ 0 };

	/* Read back what the set left: the values are whole registers, so
	 * the hop writes them without a read. */
	e->clktrk = dvr_r32(io, REG_BB_CLKTRK);
	e->data_sc = dvr_r8(io, REG_DATA_SC);
	e->cca2nd = dvr_r32(io, REG_BB_CCA2ND);
	e->rxsb = dvr_r32(io, REG_BB_RXSB);
	e->adcclk = dvr_r32(io, REG_BB_ADCCLK);
	e->adc160 = dvr_r32(io, REG_BB_ADC160);
	unsigned paths = hop_paths(chip);
	for (unsigned p = 0; p < paths; p++)
		e->rf18[p] = priv->rf18[p];
	if (dvr_io_status(io) != DVR_OK)
		return;     /* e->ch stays empty: no hop to a half-read entry */
	e->ch = *ch;
	c->live = i;
}

int jaguar1_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                        bool *hopped)
{
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	const struct jaguar1_data *fam = jaguar1_data(chip);
	struct dvr_io *io = chip->io;

	*hopped = false;
	if (!priv || !ch || !priv->calibrated || priv->hop.live < 0)
		return DVR_OK;
	const struct jaguar1_chan_regs *from = &priv->hop.e[priv->hop.live];
	int i = find(&priv->hop, ch);
	if (i < 0 || !dvr_chan_same(&from->ch, &chip->channel))
		return DVR_OK;
	const struct jaguar1_chan_regs *to = &priv->hop.e[i];
	if ((unsigned)abs((int)jaguar1_thermal_now(chip) -
	                  (int)priv->hop.calib_thermal) >= JAGUAR1_IQK_THRESHOLD)
		return DVR_OK;

	/* the full set's order: fc_area, the primary's position, spur
	 * fields, RF 0x18 of every path */
	dvr_w32_if_changed(io, REG_BB_CLKTRK, from->clktrk, to->clktrk);
	if (from->data_sc != to->data_sc)
		dvr_w8(io, REG_DATA_SC, to->data_sc);
	dvr_w32_if_changed(io, REG_BB_ADCCLK, from->adcclk, to->adcclk);
	dvr_w32_if_changed(io, REG_BB_CCA2ND, from->cca2nd, to->cca2nd);
	dvr_w32_if_changed(io, REG_BB_RXSB, from->rxsb, to->rxsb);
	dvr_w32_if_changed(io, REG_BB_ADC160, from->adc160, to->adc160);
	unsigned paths = hop_paths(chip);
	for (unsigned p = 0; p < paths; p++)
		if (from->rf18[p] != to->rf18[p])
			jaguar1_rf_write(chip, p, RF_CFGCH, to->rf18[p]);
	int st = DVR_OK;
	if (fam->hop_calibration)
		st = fam->hop_calibration(chip, ch->channel);
	if (st == DVR_OK && (st = dvr_io_status(io)) != DVR_OK)
		st = dvr_chip_fail(chip, st, "channel hop failed");
	if (st != DVR_OK) {
		/* what the chip holds is unknown now: the next is full */
		priv->hop.live = -1;
		priv->band = JAGUAR1_BAND_NONE;
		return st;
	}
	priv->rf18[0] = to->rf18[0];
	priv->rf18[1] = to->rf18[1];
	priv->hop.live = i;
	*hopped = true;
	return DVR_OK;
}
