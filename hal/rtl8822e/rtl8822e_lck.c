/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * LC-tank calibration (LCK) of the RTL8822E and its re-lock rule. The
 * synthesizer sits on RF path A; LCK there is two engines in turn
 * (vendor rtl88x2eu halrf_8822e.c phy_lc_calibrate_8822e; OpenIPC
 * devourer Halrf8822e.cpp lck_trigger), not the 8822C's sequence:
 *  - AACK: a rising edge of RF A 0xCA bit 0 starts it; busy while RF A
 *    0xC9 bit 5 reads 1 (_phy_aac_calibrate_8822e: 1 ms apart, at most
 *    100 looks);
 *  - RTK: a rising edge of RF A 0xCC bit 18 starts it; busy while RF A
 *    0xCE bit 11 reads 1 (_phy_rt_calibrate_8822e, the same budget),
 *    then bit 18 is cleared again.
 * The vendor goes on when an engine never reports done; so do we, and
 * say so. The watchdog re-runs LCK when the chip has warmed or cooled
 * since the last one (halrf_lck_track_8822e, rtl8822e_pwrtrack.c): the
 * meters read here are its baselines.
 */
#include "hal/rtl8822e/rtl8822e.h"

#define RF_T_METER      0x42
#define METER_TRIGGER   (1u << 19)
#define METER_VALUE     0x7Eu           /* [6:1] */
#define RF_AACK_STATUS  0xC9
#define AACK_BUSY       (1u << 5)
#define RF_AACK_CTRL    0xCA
#define AACK_GO         (1u << 0)
#define RF_RTK_CTRL     0xCC
#define RTK_GO          (1u << 18)
#define RF_RTK_STATUS   0xCE
#define RTK_BUSY        (1u << 11)
#define ENGINE_LOOKS    100u            /* 1 ms apart */
#define LCK_THRESHOLD   4

uint8_t rtl8822e_thermal_read(struct dvr_chip *chip, unsigned path)
{
	/* halrf_get_thermal_8822e: bit 19 written 1, 0, 1 starts one
	 * measurement, which takes 15 us. */
	halmac_rf_write(chip, path, RF_T_METER, METER_TRIGGER, 1);
	halmac_rf_write(chip, path, RF_T_METER, METER_TRIGGER, 0);
	halmac_rf_write(chip, path, RF_T_METER, METER_TRIGGER, 1);
	dvr_delay_us(15);
	return (uint8_t)halmac_rf_read(chip, path, RF_T_METER, METER_VALUE);
}

bool rtl8822e_lck_due(const uint8_t avg[2], const uint8_t ref[2])
{
	for (unsigned p = 0; p < 2; p++) {
		int d = (int)avg[p] - (int)ref[p];
		if (d >= LCK_THRESHOLD || d <= -LCK_THRESHOLD)
			return true;
	}
	return false;
}

/* Start one engine on RF path A (a rising edge of @p go in @p ctrl) and
 * wait while @p busy of @p status reads 1. false: still busy at the end
 * of the budget, or the bus failed. */
static bool run_engine(struct dvr_chip *chip, uint8_t ctrl, uint32_t go,
                       uint8_t status, uint32_t busy)
{
	halmac_rf_write(chip, 0, ctrl, go, 0);
	halmac_rf_write(chip, 0, ctrl, go, 1);
	for (unsigned i = 0; i < ENGINE_LOOKS; i++) {
		dvr_delay_ms(1);
		if (!halmac_rf_read(chip, 0, status, busy))
			return true;
		if (dvr_io_status(chip->io) != DVR_OK)
			return false;
	}
	return false;
}

int rtl8822e_lck_run(struct dvr_chip *chip)
{
	bool aack = run_engine(chip, RF_AACK_CTRL, AACK_GO, RF_AACK_STATUS,
	                       AACK_BUSY);
	bool rtk = run_engine(chip, RF_RTK_CTRL, RTK_GO, RF_RTK_STATUS,
	                      RTK_BUSY);
	halmac_rf_write(chip, 0, RF_RTK_CTRL, RTK_GO, 0);

	int st = dvr_io_status(chip->io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during LCK");
	if (!aack || !rtk)
		return dvr_chip_fail(chip, DVR_E_TIMEOUT, "LCK: %s still busy "
		                     "after 100 ms",
		                     !aack ? "AACK (RF A 0xC9 bit 5)"
		                           : "RTK (RF A 0xCE bit 11)");
	return DVR_OK;
}

int rtl8822e_lck(struct dvr_chip *chip)
{
	int r = rtl8822e_lck_run(chip);
	if (r != DVR_OK && r != DVR_E_TIMEOUT)
		return r;
	struct rtl8822e_priv *priv = rtl8822e_priv(chip);
	if (priv) {
		struct rtl8822e_pwrtrack *t = &priv->pwrtrack;
		for (unsigned p = 0; p < 2; p++)
			t->lck_ref[p] = rtl8822e_thermal_read(chip, p);
		t->lck_ref_valid = true;
	}
	int st = dvr_io_status(chip->io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error reading the thermal "
		                     "meters");
	return r;
}
