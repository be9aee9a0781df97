/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Thermal meter and LC-tank calibration (LCK) of the Jaguar1 chips, both
 * on RF path A (the RTL8821A reads the same RF 0x42 field the same way,
 * rtw88 rtw88xxa.c rtw88xxa_phy_pwrtrack, and EFUSE 0xBA is its
 * calibration too).
 *
 * Thermal meter, RF 0x42 (rtw88 reg.h RF_T_METER): writing [17:16] = 3
 * starts one measurement; [15:10] then hold the reading, a 6-bit count
 * that rises with the die temperature. Both references trigger on one
 * watchdog tick and read on the next, never right after the trigger
 * (rtw88 rtw8812a.c rtw8812a_pwr_track; OpenIPC devourer
 * RadioManagementModule.cpp ReadThermalStatus): the model latches the
 * temperature at the trigger, so a change after it shows only at the next
 * trigger, and before the first trigger [15:10] keep what was written.
 * The temperature is the chip's own (thermal= at create,
 * vchip_set_thermal() while running): with neither, it is the board's
 * calibration temperature (EFUSE 0xBA), so a calibrated board reads no
 * drift; a board without one (0xFF) reads the vendor's default 0x18
 * (aircrack-ng rtl8812au EEPROM_Default_ThermalMeter_8812).
 *
 * LCK: with RF 0xB4 bit 14 set (LCK mode, rtw88 reg.h RF_LCK), setting
 * RF 0x18 bit 15 runs the calibration; bit 15 reads clear again when it
 * is done, which the driver polls (rtw88 rtw8812a.c rtw8812a_do_lck). The
 * model finishes it at once and counts the run (vchip_stats.rf_lck_runs).
 * Caller holds vc->lock.
 */
#include "libdevourer/virtual/personality_jaguar1.h"

#define RF_LCK_MODE 0xB4
#define RF_CHANNEL 0x18
#define RF_T_METER 0x42
#define LCK_START (1u << 15)
#define LCK_MODE_ON (1u << 14)
#define METER_TRIGGER (3u << 16)
#define METER_FIELD (0x3Fu << 10)

#define VENDOR_DEFAULT_THERMAL 0x18

static unsigned temperature(const struct vchip *vc)
{
	if (vc->thermal >= 0)
		return (unsigned)vc->thermal;
	uint8_t cal = pjaguar1_of(vc)->efuse_log[PJAGUAR1_EF_THERMAL];
	return cal != 0xFF ? cal & 0x3Fu : VENDOR_DEFAULT_THERMAL;
}

uint32_t pjaguar1_thermal_rf_written(struct vchip *vc, unsigned path,
                                   uint8_t addr, uint32_t data)
{
	if (path != 0)
		return data;
	const struct pjaguar1_state *s = pjaguar1_of(vc);
	if (addr == RF_CHANNEL && (data & LCK_START)) {
		if (s->rf[0][RF_LCK_MODE] & LCK_MODE_ON)
			vc->stats.rf_lck_runs++;
		data &= ~LCK_START;
	}
	if (addr == RF_T_METER && (data & METER_TRIGGER) == METER_TRIGGER)
		data = (data & ~METER_FIELD) | (temperature(vc) << 10);
	return data;
}
