/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Thermal meters and LC-tank calibration (LCK) of the RTL8822C
 * personality.
 *
 * Thermal meter, RF 0x42 of each path (rtw88 reg.h RF_T_METER): a rising
 * edge of bit 19 starts one measurement, and [6:1] then hold the reading,
 * a 6-bit count that rises with the die temperature. rtw88 writes bit 19
 * 1, 0, 1 on both paths on one watchdog tick and reads [6:1] on the next
 * (rtw8822c.c rtw8822c_pwr_track, rtw8822c_pwr_track_stats); OpenIPC
 * devourer reads after the same trigger (src/jaguar3/Halrf8822c.cpp
 * read_thermal). Writing 1 over a 1 is no edge and measures nothing,
 * which is why both toggle. The reading field is the meter's output: a
 * write never changes it, a measurement does. The model latches at the
 * edge, so a change of temperature shows from the next measurement.
 *
 * The die has one temperature (thermal= at create, vchip_set_thermal()
 * while running), counted in path A's units; path B's meter reads it
 * shifted by the difference of the two paths' calibration readings
 * (EFUSE 0xD0 / 0xD1), so that at the calibration temperature each path
 * reads its own calibration value. With no temperature set the die is at
 * path A's calibration temperature; a board without calibration (0xFF)
 * reads 0x20, mid-scale, on both paths (our choice: no reference gives a default for
 * this chip).
 *
 * LCK as rtw88 rtw8822c.c rtw8822c_do_lck drives it on path A: the
 * synthesiser's AAC, started by RF 0xC9 = 0x80001, reports busy in RF
 * 0xCA bit 12 until it is done (the driver polls the bit); the fast LCK
 * runs on a rising edge of RF 0xCC bit 18. The model finishes both at
 * once, so bit 12 never reads 1, and counts each fast-LCK run
 * (vchip_stats.rf_lck_runs).
 * Caller holds vc->lock.
 */
#include "libdevourer/virtual/personality_8822c.h"

#define RF_T_METER 0x42
#define METER_TRIGGER (1u << 19)
#define METER_FIELD (0x3Fu << 1)
#define RF_AAC_CTRL 0xCA
#define AAC_BUSY (1u << 12)
#define RF_FAST_LCK 0xCC
#define FAST_LCK_GO (1u << 18)

#define EF_THERMAL_A 0xD0


uint32_t p8822c_thermal_rf_written(struct vchip *vc, unsigned path,
                                   uint8_t reg, uint32_t old, uint32_t v)
{
	if (reg == RF_T_METER) {
		uint32_t field = old & METER_FIELD;
		if ((v & METER_TRIGGER) && !(old & METER_TRIGGER))
			field = p3081_thermal_meter(vc, EF_THERMAL_A, path) << 1;
		return (v & ~METER_FIELD) | field;
	}
	if (path != 0)
		return v;
	if (reg == RF_AAC_CTRL)
		v &= ~AAC_BUSY; /* done at once */
	if (reg == RF_FAST_LCK && (v & FAST_LCK_GO) && !(old & FAST_LCK_GO))
		vc->stats.rf_lck_runs++;
	return v;
}
