/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8812A's own part of thermal power tracking (the rest is the
 * family's, hal/jaguar1/jaguar1_pwrtrack.c): its step tables, RFE type 3
 * boards having tables of their own (rtw8812a.c rfe_defs), and its LCK
 * (rtw8812a.c rtw8812a_do_lck, which the 8821A does not run).
 */
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8812a/rtl8812a.h"
#include "hal/rtl8812a/rtl8812a_tables.h"

#define RF_CHANNEL    0x18
#define RF_LCK        0xB4
#define LCK_START     BIT(15)
#define LCK_MODE      BIT(14)
#define CONT_TX       0x0914       /* rtw88 REG_SINGLE_TONE_CONT_TX */
#define CONT_TX_MASK  0x70000u
#define TXPAUSE       0x0522

/* The step tables of a board: RFE type 3 has its own (rtw8812a.c
 * rfe_defs). */
static const struct dvr_pwrtrk_tables steps = {
	.g5_p = { rtl8812a_pwrtrk_5ga_p, rtl8812a_pwrtrk_5gb_p },
	.g5_n = { rtl8812a_pwrtrk_5ga_n, rtl8812a_pwrtrk_5gb_n },
	.g2_p = { rtl8812a_pwrtrk_2ga_p, rtl8812a_pwrtrk_2gb_p },
	.g2_n = { rtl8812a_pwrtrk_2ga_n, rtl8812a_pwrtrk_2gb_n },
	.cck_p = { rtl8812a_pwrtrk_2g_cck_a_p, rtl8812a_pwrtrk_2g_cck_b_p },
	.cck_n = { rtl8812a_pwrtrk_2g_cck_a_n, rtl8812a_pwrtrk_2g_cck_b_n },
};
static const struct dvr_pwrtrk_tables steps_rfe3 = {
	.g5_p = { rtl8812a_pwrtrk_rfe3_5ga_p, rtl8812a_pwrtrk_rfe3_5gb_p },
	.g5_n = { rtl8812a_pwrtrk_rfe3_5ga_n, rtl8812a_pwrtrk_rfe3_5gb_n },
	.g2_p = { rtl8812a_pwrtrk_rfe3_2ga_p, rtl8812a_pwrtrk_rfe3_2gb_p },
	.g2_n = { rtl8812a_pwrtrk_rfe3_2ga_n, rtl8812a_pwrtrk_rfe3_2gb_n },
	.cck_p = { rtl8812a_pwrtrk_rfe3_2g_cck_a_p,
	           rtl8812a_pwrtrk_rfe3_2g_cck_b_p },
	.cck_n = { rtl8812a_pwrtrk_rfe3_2g_cck_a_n,
	           rtl8812a_pwrtrk_rfe3_2g_cck_b_n },
};

/* LC-tank calibration on path A, TX paused around it unless the BB
 * sends a continuous test signal (rtw88 rtw8812a.c rtw8812a_do_lck). */
void rtl8812a_lck(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	bool cont_tx = dvr_r32_mask(io, CONT_TX, CONT_TX_MASK) != 0;
	uint32_t rf18 = jaguar1_rf_read(chip, 0, RF_CHANNEL);
	if (!cont_tx)
		dvr_w8(io, TXPAUSE, 0xFF);
	jaguar1_rf_write(chip, 0, RF_LCK,
	                 jaguar1_rf_read(chip, 0, RF_LCK) | LCK_MODE);
	jaguar1_rf_write(chip, 0, RF_CHANNEL,
	                 jaguar1_rf_read(chip, 0, RF_CHANNEL) | LCK_START);
	dvr_delay_ms(150);
	for (int i = 0; i < 5; i++) {
		if (!(jaguar1_rf_read(chip, 0, RF_CHANNEL) & LCK_START))
			break;
		dvr_delay_ms(10);
	}
	jaguar1_rf_write(chip, 0, RF_CHANNEL, rf18);
	jaguar1_rf_write(chip, 0, RF_LCK,
	                 jaguar1_rf_read(chip, 0, RF_LCK) & ~LCK_MODE);
	if (!cont_tx)
		dvr_w8(io, TXPAUSE, 0);
	jaguar1_rf_write(chip, 0, RF_CHANNEL, rf18);
}

const struct dvr_pwrtrk_tables *rtl8812a_pwrtrk_tables(
	const struct dvr_chip *chip)
{
	return chip->id.rfe_type == 3 ? &steps_rfe3 : &steps;
}
