/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8821A's part of thermal power tracking (the rest is the family's,
 * hal/jaguar1/jaguar1_pwrtrack.c): the swing step tables of path A, one
 * set for every board (rtw8821a.c rtw8821a_rfe_defs[0].pwr_track_tbl,
 * rtw8821a_rtw_pwr_track_tbl). The die runs no LCK (rtw88
 * rtw8821a_pwr_track hands rtw88xxa_phy_pwrtrack no LCK, only its IQK).
 */
#include "hal/rtl8821a/rtl8821a.h"
#include "hal/rtl8821a/rtl8821a_tables.h"

static const struct dvr_pwrtrk_tables path_a = {
	.g5_p[0] = rtl8821a_pwrtrk_5ga_p, .g5_n[0] = rtl8821a_pwrtrk_5ga_n,
	.g2_p[0] = rtl8821a_pwrtrk_2ga_p, .g2_n[0] = rtl8821a_pwrtrk_2ga_n,
	.cck_p[0] = rtl8821a_pwrtrk_2g_cck_a_p,
	.cck_n[0] = rtl8821a_pwrtrk_2g_cck_a_n,
};

const struct dvr_pwrtrk_tables *rtl8821a_pwrtrk_tables(
	const struct dvr_chip *chip)
{
	(void)chip;
	return &path_a;
}
