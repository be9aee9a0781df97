/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Thermal meter and LC-tank calibration (LCK) of the RTL8822B
 * personality.
 *
 * Thermal meter, RF 0x42 of path A only ("8822B only has one thermal
 * meter at PATH A", rtw88 rtw8822b.c rtw8822b_phy_pwrtrack_path): a write
 * with [17:16] = 3 starts a measurement, and [15:10] then hold the
 * reading, a 6-bit count that rises with the die temperature. rtw88
 * writes [17:16] = 3 on one watchdog tick and reads [15:10] on the next
 * (rtw8822b_pwr_track, rtw8822b_phy_pwrtrack), with a read-merge-write
 * that leaves the bits at 3 from the first trigger on; so every such
 * write measures, not only a change of the bits (on the 8822C it is a
 * rising edge of bit 19). The reading field is the meter's output: a
 * write never changes it, a measurement does; the model latches at the
 * write, so a change of temperature shows from the next trigger. Path B's
 * RF 0x42 is a plain register.
 *
 * The die's temperature is thermal= at create or vchip_set_thermal()
 * while running, in the meter's counts; unset, the die is at the
 * calibration temperature and the meter reads the EFUSE calibration value
 * (logical 0xBA), or 0x20, mid-scale, on a board without one (our
 * choice: no reference gives a default).
 *
 * LCK as OpenIPC devourer src/jaguar2/HalJaguar2.cpp do_lck drives it on
 * path A (rtw88 has no LCK for this chip): RF 0x18 written with bit 15
 * set starts it, and the driver polls the bit until it clears. The model
 * finishes at once, so the bit never reads 1, and counts each run
 * (vchip_stats.rf_lck_runs).
 * Caller holds vc->lock.
 */
#include "libdevourer/virtual/personality_8822b.h"
#include "libdevourer/virtual/personality_8822b_regs.h"

#define METER_TRIGGER (3u << 16)
#define METER_FIELD (0x3Fu << 10)
#define LCK_GO (1u << 15)


uint32_t p8822b_thermal_rf_written(struct vchip *vc, unsigned path,
                                   uint8_t reg, uint32_t old, uint32_t v)
{
	if (path != 0)
		return v;
	if (reg == P8822B_RF_T_METER) {
		uint32_t field = old & METER_FIELD;
		if ((v & METER_TRIGGER) == METER_TRIGGER)
			field = p3081_thermal_meter(vc, P8822B_EF_THERMAL, 0) << 10;
		return (v & ~METER_FIELD) | field;
	}
	if (reg == P8822B_RF_CFGCH && (v & LCK_GO)) {
		vc->stats.rf_lck_runs++;
		return v & ~LCK_GO; /* done at once */
	}
	return v;
}
