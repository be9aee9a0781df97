/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812AU: when a channel change may be a hop, and that a hop keeps the
 * calibration in force, as the vendor's driver does within a band (its
 * IQK runs on a band switch only; hal/jaguar1/jaguar1_hop.c). rtw88
 * calibrates again once the thermal average has moved by its
 * iqk_threshold (8) since the last calibration (rtw88xxa.c
 * rtw88xxa_phy_pwrtrack), and on the 8812A tracking then runs an LCK and
 * an IQK itself. So:
 *  - two channels visited in full, then moving between them are hops,
 *    and each hop leaves the correction of the last full set, which the
 *    model's engine measured on that channel (a full set calibrates on
 *    its own channel);
 *  - the die warms by 10: tracking recalibrates, and the next change to
 *    either channel is a full set with its own calibration;
 *  - both visited in full again: hops again, keeping the last one's.
 * The watchdog ticks every 10 ms (tests/e2e/thermal_common.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "tests/e2e/thermal_common.h"

struct seen {
	bool channel, hop;
};

static void on_event(void *user, const struct dvr_event *ev)
{
	struct seen *s = user;
	if (ev->type != DVR_EVENT_CHANNEL)
		return;
	s->channel = true;
	s->hop = ev->retune.hop;
}

/* Set @ch/20 MHz; whether it was a hop (false also when it failed,
 * which a CHECK reports). */
static bool tune(dvr_device *d, struct seen *s, unsigned ch)
{
	struct dvr_channel c = { .channel = (uint16_t)ch, .bw_mhz = 20 };
	char what[96];
	*s = (struct seen){ 0 };
	snprintf(what, sizeof what, "channel %u set", ch);
	CHECK(dvr_set_channel(d, &c) == DVR_OK && s->channel, what);
	return s->hop;
}

static int s11(uint32_t v)
{
	v &= 0x7FF;
	return v & 0x400 ? (int)v - 0x800 : (int)v;
}

/* Path @p applies the correction the engine measures for the channel
 * tuned now (TX X within the engine's one-LSB shot noise, TX Y exact,
 * RX at half the report's scale as test_iqk_8812a checks it). */
static void check_own_iqk(struct vchip *vc, unsigned p, unsigned ch)
{
	struct vchip_iqk k;
	char what[128];
	CHECK(vchip_peek_iqk(vc, p, &k), "model has an IQK engine");
	uint32_t rx = vchip_peek32(vc, p ? 0xE10 : 0xC10);
	int rx_x = (int)(rx & 0x3FF), rx_y = (int)((rx >> 16) & 0x3FF);
	if (rx_y & 0x200)
		rx_y -= 0x400;
	snprintf(what, sizeof what, "ch %u path %c: the channel's own TX "
	         "and RX correction", ch, 'A' + p);
	CHECK(abs(s11(k.applied_tx_x) - k.tx_x) <= 1 &&
	      s11(k.applied_tx_y) == k.tx_y &&
	      abs(rx_x - k.rx_x / 2) <= 1 && rx_y == k.rx_y / 2, what);
}

/* What path @p applies now: TX X/Y on page C1 and the RX word. */
struct applied {
	uint32_t tx_x, tx_y, rx;
};

static struct applied applied_of(struct vchip *vc, unsigned p)
{
	struct vchip_iqk k;
	struct applied a = { 0 };
	if (vchip_peek_iqk(vc, p, &k)) {
		a.tx_x = k.applied_tx_x;
		a.tx_y = k.applied_tx_y;
	}
	a.rx = vchip_peek32(vc, p ? 0xE10 : 0xC10);
	return a;
}

static void check_kept(struct vchip *vc, const struct applied kept[2],
                       unsigned ch, unsigned from)
{
	char what[128];
	for (unsigned p = 0; p < 2; p++) {
		struct applied now = applied_of(vc, p);
		snprintf(what, sizeof what, "ch %u path %c: the correction "
		         "channel %u's full set measured, kept", ch, 'A' + p,
		         from);
		CHECK(now.tx_x == kept[p].tx_x && now.tx_y == kept[p].tx_y &&
		      now.rx == kept[p].rx, what);
	}
}

int main(void)
{
	if (!check_firmware_dir())
		CHECK_SKIP("no test firmware (firmware/)");
	char air[] = "/tmp/dvr-hopth-XXXXXX";
	if (e2e_air_make(air) != 0)
		CHECK_SKIP("mkdtemp failed");
	struct seen s = { 0 };
	struct dvr_config cfg = { .track_period_ms = THERMAL_TEST_PERIOD_MS,
		                  .firmware_dir = check_firmware_dir(),
		                  .tx_power = 1300,
		                  .on_event = on_event, .user = &s };
	dvr_device *d = e2e_start_cfg("virtual:hopth,chip=8812a,"
	                              "board=vendor-default", &cfg, 36);
	struct vchip *vc = d ? vchip_find("hopth") : NULL;
	CHECK(d && vc, "8812AU up on channel 36, watchdog every 10 ms");
	if (!vc) {
		dvr_close(d);
		e2e_air_remove(air);
		return check_done();
	}
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(st.thermal, 24, "the die at its EFUSE calibration");

	CHECK(!tune(d, &s, 40), "first visit of 40: full");
	check_own_iqk(vc, 0, 40);
	check_own_iqk(vc, 1, 40);
	struct applied at40[2] = { applied_of(vc, 0), applied_of(vc, 1) };
	CHECK(tune(d, &s, 36), "back to 36 (set in full at bring-up): hop");
	check_kept(vc, at40, 36, 40);
	CHECK(tune(d, &s, 40), "on to 40: hop");
	check_kept(vc, at40, 40, 40);

	uint64_t iqk0 = st.iqk_runs;
	CHECK_EQ_INT(vchip_set_thermal(vc, 34), 0, "the die warms by 10");
	for (int i = 0; i < 20000 && st.iqk_runs == iqk0; i++) {
		dvr_get_thermal_stats(d, &st);
		e2e_pause_1ms();
	}
	CHECK(st.iqk_runs > iqk0, "tracking recalibrates");
	CHECK(!tune(d, &s, 36), "to 36 after the recalibration: full");
	check_own_iqk(vc, 0, 36);
	check_own_iqk(vc, 1, 36);
	struct applied at36[2] = { applied_of(vc, 0), applied_of(vc, 1) };
	CHECK(!tune(d, &s, 40), "to 40 after the recalibration: full");
	check_own_iqk(vc, 0, 40);
	check_own_iqk(vc, 1, 40);
	at40[0] = applied_of(vc, 0);
	at40[1] = applied_of(vc, 1);
	CHECK(at40[0].rx != at36[0].rx || at40[0].tx_y != at36[0].tx_y,
	      "the model measures another correction on each channel");
	CHECK(tune(d, &s, 36), "both set warm: 36 is a hop again");
	check_kept(vc, at40, 36, 40);
	dvr_close(d);
	e2e_air_remove(air);
	return check_done();
}
