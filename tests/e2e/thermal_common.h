/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the thermal power tracking tests of every chip share: a device
 * whose watchdog ticks every 10 ms, a wait on its tracking state, and the
 * model's count of LCK runs.
 */
#ifndef DVR_TESTS_E2E_THERMAL_COMMON_H
#define DVR_TESTS_E2E_THERMAL_COMMON_H

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/e2e_common.h"

/* Short enough that a test sees many ticks in a second; the references'
 * 2 s would make every step of a test a wait of seconds. */
#define THERMAL_TEST_PERIOD_MS 10u

/* @sel up and tuned to @chan/20 MHz, its watchdog at the test period;
 * NULL (and why, printed) when it does not come up. */
static inline dvr_device *thermal_test_start(const char *sel, unsigned chan)
{
	struct dvr_config cfg = { .track_period_ms = THERMAL_TEST_PERIOD_MS,
		                  .firmware_dir = check_firmware_dir() };
	return e2e_start_cfg(sel, &cfg, chan);
}

/* Wait (at most 20 s) until the stats show these swing offsets, or (with
 * min_ticks) at least that many ticks; the stats as last read. */
static inline struct dvr_thermal_stats thermal_test_wait(dvr_device *d,
                                                         int a, int b,
                                                         uint64_t min_ticks)
{
	struct dvr_thermal_stats st = { 0 };
	for (int i = 0; i < 20000; i++) {
		dvr_get_thermal_stats(d, &st);
		if (min_ticks ? st.ticks >= min_ticks
		              : st.swing_offset[0] == a && st.swing_offset[1] == b)
			break;
		e2e_pause_1ms();
	}
	return st;
}

/* LCK runs the model's RF has seen. */
static inline uint64_t thermal_test_model_lck(struct vchip *vc)
{
	struct vchip_stats s;
	vchip_get_stats(vc, &s);
	return s.rf_lck_runs;
}

#endif
