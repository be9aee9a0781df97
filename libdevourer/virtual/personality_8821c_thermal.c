/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The thermal meter of the RTL8821C personality, RF 0x42 of path A (rtw88
 * reg.h RF_T_METER): a write with [17:16] = 3 starts one measurement, and
 * [15:10] then hold the reading, a 6-bit count that rises with the die
 * temperature. rtw88 writes the trigger on one watchdog tick and reads
 * [15:10] on the next (rtw8821c.c rtw8821c_pwr_track,
 * rtw8821c_phy_pwrtrack); every trigger write measures again, the field
 * is the meter's output and no write changes it. The model latches at the
 * trigger, so a change of temperature shows from the next measurement.
 *
 * The die's temperature is thermal= at create or vchip_set_thermal()
 * while running; with neither, it is the board's calibration temperature
 * (EFUSE 0xBA, what power tracking measures against, so a calibrated
 * board reads no drift); a board without one (0xFF) reads 0x20,
 * mid-scale (our choice: no reference gives this chip a default).
 * Caller holds vc->lock.
 */
#include "libdevourer/virtual/personality_8821c.h"
#include "libdevourer/virtual/personality_8821c_regs.h"

#define METER_TRIGGER (3u << 16)
#define METER_FIELD (0x3Fu << 10)
#define EF_THERMAL 0xBA


uint32_t p8821c_thermal_rf_written(struct vchip *vc, uint8_t reg,
                                   uint32_t old, uint32_t v)
{
	if (reg != P8821C_RF_T_METER)
		return v;
	uint32_t field = old & METER_FIELD;
	if ((v & METER_TRIGGER) == METER_TRIGGER)
		field = p3081_thermal_meter(vc, EF_THERMAL, 0) << 10;
	return (v & ~METER_FIELD) | field;
}
