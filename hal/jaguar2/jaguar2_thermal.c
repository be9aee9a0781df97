/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The watchdog tick both Jaguar2 chips' thermal tracking opens with
 * (rtw88 rtw8822b.c rtw8822b_pwr_track and rtw8821c.c
 * rtw8821c_pwr_track, the same lines on both): the firmware's heartbeat
 * (rtw88 main.c rtw_watch_dog_work sends its WL PHY info every tick), then
 * the die's one thermal meter, RF A 0x42, started on one tick ([17:16] =
 * 3) and read on the next ([15:10]); a board with no calibration reading
 * (0xFF) is not tracked. What the chip does with the reading is its own.
 */
#include "hal/jaguar2/jaguar2.h"

#define RF_T_METER 0x42
#define METER_TRIGGER 0x30000u /* [17:16] */
#define METER_VALUE 0xFC00u    /* [15:10] */

int jaguar2_thermal_tick(struct dvr_chip *chip, bool *triggered, uint8_t cal,
                         struct dvr_thermal_stats *st, int *reading)
{
	*reading = -1;
	int hb = halmac_fw_keepalive(chip);
	if (hb != DVR_OK)
		return hb;
	st->thermal_cal = cal == 0xFF ? -1 : cal;
	if (!*triggered) {
		halmac_rf_write(chip, 0, RF_T_METER, METER_TRIGGER, 3);
		*triggered = true;
		return dvr_io_status(chip->io);
	}
	*triggered = false;
	if (cal == 0xFF)
		return DVR_OK;
	uint8_t r = (uint8_t)halmac_rf_read(chip, 0, RF_T_METER, METER_VALUE);
	st->thermal = r;
	*reading = r;
	return DVR_OK;
}
