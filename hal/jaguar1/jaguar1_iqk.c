/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the IQ calibrations of the Jaguar1 dies share (rtw88 rtw88xxa.c
 * rtw88xxa_iqk_backup_mac_bb, rtw88xxa_iqk_backup_afe,
 * rtw88xxa_iqk_restore_mac_bb, rtw88xxa_iqk_configure_mac,
 * rtw88xxa_iqk_finish): the page switch of the 0xC00-0xEFF bank, saving
 * and restoring register lists on page C, the MAC and BB quieted for the
 * loop-back, the "two shots agree" rule that turns a calibration's shots
 * into its result, and what the last IQK found as the core reports it.
 * The calibration sequence itself is each die's (rtw8812a_iqk with both
 * paths at once, rtw8821a_iqk on its one path), as in rtw88.
 */
#include <stdlib.h>

#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"

#define CCASEL    0x082C   /* bit 31: page C1 of the 0xC00-0xEFF bank */
#define PAGE_C1   BIT(31)
#define RXPSEL    0x0808
#define CCK_RX    0x0A04
#define BCN_CTRL  0x0550
#define TXPAUSE   0x0522

void jaguar1_iqk_page(struct dvr_io *io, bool c1)
{
	dvr_w32_mask(io, CCASEL, PAGE_C1, c1 ? 1 : 0);
}

void jaguar1_iqk_backup(struct dvr_io *io, const uint16_t *regs, size_t n,
                        uint32_t *out)
{
	jaguar1_iqk_page(io, false);
	for (size_t i = 0; i < n; i++)
		out[i] = dvr_r32(io, regs[i]);
}

void jaguar1_iqk_restore(struct dvr_io *io, const uint16_t *regs, size_t n,
                         const uint32_t *vals)
{
	jaguar1_iqk_page(io, false);
	for (size_t i = 0; i < n; i++)
		dvr_w32(io, regs[i], vals[i]);
}

/* The loop-back must see only its own tone: queues paused, beacons off,
 * RX antennas, CCA and the CCK RX path off. */
void jaguar1_iqk_quiet_mac(struct dvr_io *io)
{
	jaguar1_iqk_page(io, false);
	dvr_w8(io, TXPAUSE, 0x3F);
	dvr_w32_mask(io, BCN_CTRL, BIT(11) | BIT(3), 0);
	dvr_w8(io, RXPSEL, 0x00);
	dvr_w32_mask(io, REG_BB_CCA2ND, 0xF, 0xC);
	dvr_w8(io, CCK_RX + 3, 0x0F);
}

int jaguar1_iqk_sext11(uint32_t v)
{
	v &= 0x7FF;
	return (v & 0x400) ? (int)v - 0x800 : (int)v;
}

/* Every earlier shot is compared with the new one's predecessors in the
 * order rtw88xxa_iqk_finish walks them: the first pair within the margin
 * in both X and Y gives the result, their mean. */
void jaguar1_iqk_acc_add(struct jaguar1_iqk_acc *a, int x, int y,
                         int agree)
{
	if (a->n >= JAGUAR1_IQK_TRIES)
		return;
	a->x[a->n] = x;
	a->y[a->n] = y;
	a->n++;
	for (unsigned i = 0; i + 1 < a->n && !a->finished; i++)
		for (unsigned j = i + 1; j < a->n; j++)
			if (abs(a->x[i] - a->x[j]) < agree &&
			    abs(a->y[i] - a->y[j]) < agree) {
				a->rx = (a->x[i] + a->x[j]) / 2;
				a->ry = (a->y[i] + a->y[j]) / 2;
				a->finished = true;
				break;
			}
}

bool jaguar1_iqk_acc_given_up(const struct jaguar1_iqk_acc *a)
{
	return a->tries + a->n >= JAGUAR1_IQK_TRIES;
}

void jaguar1_iqk_record(struct dvr_chip *chip, unsigned channel)
{
	const struct jaguar1_priv *priv = jaguar1_priv(chip);
	struct dvr_calib_result *r = &chip->calib;
	unsigned paths = jaguar1_paths(chip);

	r->runs++;
	r->what = "IQK";
	r->channel = channel;
	r->paths = paths;
	r->failed_tx = 0;
	r->failed_rx = 0;
	for (unsigned p = 0; p < paths && priv; p++) {
		if (!priv->iqk[p].tx_ok)
			r->failed_tx |= 1u << p;
		if (!priv->iqk[p].rx_ok)
			r->failed_rx |= 1u << p;
	}
}
