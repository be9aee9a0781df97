/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the thermal power tracking tests of every chip share: a device
 * whose watchdog ticks every 10 ms and its model, a wait on its tracking
 * state, the die warmed or cooled until the driver answers, the model's
 * count of LCK runs, the board with nothing to track, the firmware
 * heartbeat, and (Jaguar3) the TX power the tick writes again.
 */
#ifndef DVR_TESTS_E2E_THERMAL_COMMON_H
#define DVR_TESTS_E2E_THERMAL_COMMON_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/e2e_common.h"

/* Short enough that a test sees many ticks in a second; the references'
 * 2 s would make every step of a test a wait of seconds. */
#define THERMAL_TEST_PERIOD_MS 10u

/* @sel up (under @regd) and tuned to @chan/20 MHz, its watchdog at the
 * test period, and the model its "virtual:NAME," names found: one check,
 * @what, for both. The
 * device, or NULL (closed) when either is missing, so a case returns. */
static inline dvr_device *thermal_test_up_regd(const char *sel, unsigned chan,
                                               enum dvr_regd regd,
                                               const char *what,
                                               struct vchip **vc)
{
	char name[64] = "";
	const char *p = strncmp(sel, "virtual:", 8) == 0 ? sel + 8 : sel;
	size_t n = strcspn(p, ",");
	if (n < sizeof name) {
		memcpy(name, p, n);
		name[n] = '\0';
	}
	struct dvr_config cfg = { .track_period_ms = THERMAL_TEST_PERIOD_MS,
		                  .firmware_dir = check_firmware_dir(),
		                  .regd = regd };
	dvr_device *d = e2e_start_cfg(sel, &cfg, chan);
	*vc = vchip_find(name);
	CHECK(d && *vc, what);
	if (!d || !*vc) {
		dvr_close(d);
		return NULL;
	}
	return d;
}

/* thermal_test_up_regd in the default (worldwide) domain. */
static inline dvr_device *thermal_test_up(const char *sel, unsigned chan,
                                          const char *what, struct vchip **vc)
{
	return thermal_test_up_regd(sel, chan, DVR_REGD_WORLDWIDE, what, vc);
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

/* The die set to @temp (checked as @die), then a wait until both paths'
 * swing offsets are @a / @b (checked as @offsets): the stats then. */
static inline struct dvr_thermal_stats thermal_test_move(dvr_device *d,
                                                         struct vchip *vc,
                                                         int temp, int a,
                                                         int b,
                                                         const char *die,
                                                         const char *offsets)
{
	CHECK_EQ_INT(vchip_set_thermal(vc, temp), 0, die);
	struct dvr_thermal_stats st = thermal_test_wait(d, a, b, 0);
	CHECK(st.swing_offset[0] == a && st.swing_offset[1] == b, offsets);
	return st;
}

/* @ticks ticks past @st, the offsets must still be @a / @b: a value the
 * average only passed through would have moved on by then. */
static inline struct dvr_thermal_stats
thermal_test_hold(dvr_device *d, struct dvr_thermal_stats st, unsigned ticks,
                  int a, int b, const char *what)
{
	st = thermal_test_wait(d, 0, 0, st.ticks + ticks);
	CHECK(st.swing_offset[0] == a && st.swing_offset[1] == b, what);
	return st;
}

/* A board without an EFUSE calibration, its die far from anything: the
 * watchdog still ticks, and nothing is read or compensated. The stats
 * after a dozen ticks, for what the chip writes (or not) besides. */
static inline struct dvr_thermal_stats
thermal_test_untracked(dvr_device *d, struct vchip *vc)
{
	CHECK_EQ_INT(vchip_set_thermal(vc, 50), 0, "die far from anything");
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 12);
	CHECK(st.ticks >= 12, "the watchdog ticks");
	CHECK_EQ_INT(st.thermal_cal, -1, "no EFUSE calibration");
	CHECK_EQ_INT(st.thermal, -1, "nothing read: not tracked");
	return st;
}

/* Every tick sends the firmware its heartbeat, WL PHY info (H2C id 0x58
 * with TX throughput 100 in [17:8], rtw88 fw.c
 * rtw_fw_update_wl_phy_info): one of the four H2C mailboxes
 * 0x1D0..0x1DC must hold it. */
static inline void thermal_test_check_heartbeat(struct vchip *vc)
{
	bool seen = false;
	for (unsigned box = 0; box < 4; box++)
		seen |= vchip_peek32(vc, (uint16_t)(0x1D0 + 4 * box)) ==
		        0x00006458u;
	CHECK(seen, "the WL PHY info heartbeat sits in an H2C mailbox");
}

/* A Jaguar3 die's word of path A (0x18A0) or B (0x41A0) that holds both
 * the tracking swing in its low bits and the CCK reference at [22:16]:
 * tracking must write the one and leave the other. */
static inline uint32_t thermal_test_jgr3_track_word(struct vchip *vc,
                                                    unsigned path)
{
	return vchip_peek32(vc, path ? 0x41A0 : 0x18A0);
}

/* Both paths' CCK references, [22:16] of the tracking words. */
static inline void thermal_test_jgr3_cck_refs(struct vchip *vc,
                                              unsigned out[2])
{
	for (unsigned p = 0; p < 2; p++)
		out[p] = thermal_test_jgr3_track_word(vc, p) >> 16 & 0x7F;
}

/* Are both CCK references still @before? */
static inline bool thermal_test_jgr3_cck_refs_kept(struct vchip *vc,
                                                   const unsigned before[2])
{
	unsigned now[2];
	thermal_test_jgr3_cck_refs(vc, now);
	return now[0] == before[0] && now[1] == before[1];
}

/* A Jaguar3 die (@sel: OFDM reference 0x18E8, per-rate differences
 * 0x3A00..0x3A3C) on channel 6, worldwide: besides the heartbeat, every
 * tick writes the TX power again as it was asked. A power just past
 * MCS7's limit must survive the ticks as the set left it: MCS7 stops at
 * its limit while the rates their limits do not hold yet (CCK, the
 * slower OFDM ones) take the whole step, and written again from what
 * reached MCS7 they would lose part of it. */
static inline void thermal_test_jgr3_heartbeat(const char *sel)
{
	struct vchip *vc;
	dvr_device *d = thermal_test_up(sel, 6, "heartbeat board up", &vc);
	if (!d)
		return;
	CHECK_EQ_INT(dvr_set_tx_power_mbm(d, 3000), DVR_OK, "30 dBm asked");
	int held = dvr_tx_power_mbm(d);
	CHECK_EQ_INT(dvr_set_tx_power_mbm(d, held + 50), DVR_OK,
	             "two steps past MCS7's limit asked");
	uint32_t ref = vchip_peek32(vc, 0x18E8), diff[16];
	for (unsigned i = 0; i < 16; i++)
		diff[i] = vchip_peek32(vc, (uint16_t)(0x3A00 + 4 * i));
	int mbm = dvr_tx_power_mbm(d);
	struct dvr_thermal_stats st = { 0 };
	dvr_get_thermal_stats(d, &st);
	thermal_test_wait(d, 0, 0, st.ticks + 4);
	thermal_test_check_heartbeat(vc);
	CHECK_EQ_HEX(vchip_peek32(vc, 0x18E8), ref,
	             "OFDM reference as the set left it after the ticks");
	bool same = true;
	for (unsigned i = 0; i < 16; i++)
		same &= vchip_peek32(vc, (uint16_t)(0x3A00 + 4 * i)) == diff[i];
	CHECK(same, "every per-rate difference as the set left it");
	CHECK_EQ_INT(dvr_tx_power_mbm(d), mbm, "reported power unchanged");
	dvr_close(d);
}

/* The test firmware and a fresh air in @dir (a mkdtemp template), or a
 * skip of the whole test when either is missing. */
static inline void thermal_test_begin(char *dir)
{
	if (!check_firmware_dir())
		CHECK_SKIP("no test firmware (firmware/)");
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
}

/* LCK runs the model's RF has seen. */
static inline uint64_t thermal_test_model_lck(struct vchip *vc)
{
	struct vchip_stats s;
	vchip_get_stats(vc, &s);
	return s.rf_lck_runs;
}

#endif
