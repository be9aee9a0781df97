/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Thermal meters and LC-tank calibration of the RTL8822E personality.
 *
 * Thermal meter, RF 0x42 of each path: a rising edge of bit 19 starts one
 * measurement and [6:1] then hold the reading (rtl88x2eu
 * hal/phydm/halrf/rtl8822e/halrf_8822e.c halrf_get_thermal_8822e writes
 * bit 19 1, 0, 1, waits 15 us and reads [6:1]). The die has one
 * temperature (thermal= at create, vchip_set_thermal() while running),
 * counted in path A's units; path B reads it shifted by the difference of
 * the two paths' calibration readings (EFUSE 0xD0 / 0xD1, rtl8822e_ops.c
 * Hal_EfuseParseThermalMeter), so that at the calibration temperature
 * each path reads its own value. With no temperature set the die is at
 * path A's calibration temperature; an unburnt part (0xFF) reads 0x20,
 * mid-scale (our choice: no reference gives a default).
 *
 * LCK on the 8822E is two engines on RF path A (halrf_8822e.c
 * phy_lc_calibrate_8822e; devourer src/jaguar3/Halrf8822e.cpp
 * lck_trigger): AACK, started by a rising edge of RF 0xCA bit 0, reports
 * busy in RF 0xC9 bit 5 (_phy_aac_calibrate_8822e polls it 1 ms apart,
 * up to 100 times); then RTK, started by a rising edge of RF 0xCC bit 18,
 * reports busy in RF 0xCE bit 11 (_phy_rt_calibrate_8822e, the same
 * budget, then clears bit 18). Each engine takes the model's
 * P8822E_AACK_NS / P8822E_RTK_NS on the wall clock; every RTK run is
 * counted (vchip_stats.rf_lck_runs).
 * Caller holds vc->lock.
 */
#include "libdevourer/virtual/personality_8822e.h"

#define RF_T_METER 0x42
#define METER_TRIGGER (1u << 19)
#define METER_FIELD (0x3Fu << 1)
#define RF_AACK_STATUS 0xC9
#define AACK_BUSY (1u << 5)
#define RF_AACK_CTRL 0xCA
#define AACK_GO (1u << 0)
#define RF_RTK_CTRL 0xCC
#define RTK_GO (1u << 18)
#define RF_RTK_STATUS 0xCE
#define RTK_BUSY (1u << 11)

#define EF_THERMAL_A 0xD0


uint32_t p8822e_thermal_rf_written(struct vchip *vc, unsigned path,
                                   uint8_t reg, uint32_t old, uint32_t v)
{
	struct p8822e_state *s = p8822e_of(vc);
	if (reg == RF_T_METER) {
		uint32_t field = old & METER_FIELD;
		if ((v & METER_TRIGGER) && !(old & METER_TRIGGER))
			field = p3081_thermal_meter(vc, EF_THERMAL_A, path) << 1;
		return (v & ~METER_FIELD) | field;
	}
	if (path != 0)
		return v;
	if (reg == RF_AACK_STATUS)
		return v & ~AACK_BUSY; /* the engine's: p8822e_thermal_rf_busy */
	if (reg == RF_RTK_STATUS)
		return v & ~RTK_BUSY;
	if (reg == RF_AACK_CTRL && (v & AACK_GO) && !(old & AACK_GO))
		s->aack_done_ns = air_now_ns() + P8822E_AACK_NS;
	if (reg == RF_RTK_CTRL && (v & RTK_GO) && !(old & RTK_GO)) {
		s->rtk_done_ns = air_now_ns() + P8822E_RTK_NS;
		vc->stats.rf_lck_runs++;
	}
	return v;
}

uint32_t p8822e_thermal_rf_busy(const struct vchip *vc, unsigned path,
                                uint8_t reg)
{
	const struct p8822e_state *s = p8822e_of(vc);
	if (path != 0)
		return 0;
	if (reg == RF_AACK_STATUS && air_now_ns() < s->aack_done_ns)
		return AACK_BUSY;
	if (reg == RF_RTK_STATUS && air_now_ns() < s->rtk_done_ns)
		return RTK_BUSY;
	return 0;
}
