/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8814AU IQK end to end against the chip model: the "calibrate" stage
 * and every channel set after it run the die's IQK on the NCTL engine
 * (rtw88 rtw8814a.c rtw8814a_do_iqk: band preset, LOK, TX and RX IQK of
 * each of the four paths). The TX and RX corrections each path's BB
 * applies (the path's NCTL result page, switched on by its 0xC94-family
 * bits) are what the model's engine measured for that path on that
 * channel, at 20, 40 and 80 MHz on both bands; each run is one
 * DVR_EVENT_CALIBRATION naming four paths. With path D's RF off its
 * shots fail: its corrections are switched off (identity), the event
 * names path D as failed in TX and RX, the other three paths are
 * calibrated as before, and the adapter calibrates all four again once
 * the RF is back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/iqk_harness.h"

#define PATHS 4u

static struct iqk_events cal;

static int s11(uint32_t v)
{
	v &= 0x7FF;
	return v & 0x400 ? (int)v - 0x800 : (int)v;
}

/* One calibration event for channel ch since n_before, naming four paths
 * and the failed mask given. */
static void check_event(unsigned n_before, unsigned ch, uint32_t failed,
                        const char *where)
{
	iqk_check_event(&cal, n_before, ch, PATHS, failed, where);
}

/* The corrections path p's BB applies equal the engine's measurement. */
static void check_applied(struct vchip *vc, unsigned p, const char *where)
{
	struct vchip_iqk k;
	char what[160];
	CHECK(vchip_peek_iqk(vc, p, &k), "model has an IQK engine");
	int tx_x = s11(k.applied_tx_x), tx_y = s11(k.applied_tx_y);
	int rx_x = s11(k.applied_rx_x), rx_y = s11(k.applied_rx_y);

	snprintf(what, sizeof what, "%s path %c: TX correction not identity",
	         where, 'A' + p);
	CHECK(tx_x != 0x200 || tx_y != 0, what);
	snprintf(what, sizeof what, "%s path %c: TX X/Y 0x%03x/%d = engine's "
	         "0x%03x/%d", where, 'A' + p, (unsigned)tx_x, tx_y,
	         (unsigned)k.tx_x, k.tx_y);
	CHECK(tx_x == k.tx_x && tx_y == k.tx_y, what);
	snprintf(what, sizeof what, "%s path %c: RX X/Y 0x%03x/%d = engine's "
	         "0x%03x/%d", where, 'A' + p, (unsigned)rx_x, rx_y,
	         (unsigned)k.rx_x, k.rx_y);
	CHECK(rx_x == k.rx_x && rx_y == k.rx_y, what);
}

static void check_all(struct vchip *vc, const char *where)
{
	for (unsigned p = 0; p < PATHS; p++)
		check_applied(vc, p, where);
}

static unsigned shots(struct vchip *vc, unsigned p)
{
	struct vchip_iqk k = {0};
	vchip_peek_iqk(vc, p, &k);
	return k.shots;
}

static void set(dvr_device *dev, unsigned chan, unsigned bw)
{
	char what[48];
	struct dvr_channel ch = { .channel = chan, .bw_mhz = bw };
	snprintf(what, sizeof what, "set %u/%u", chan, bw);
	CHECK_EQ_INT(dvr_set_channel(dev, &ch), DVR_OK, what);
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-iqk-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);

	struct vchip *vc = NULL;
	dvr_device *dev = iqk_start(&cal, "iqk", "8814a", fw, &vc);
	if (!dev) {
		e2e_air_remove(dir);
		return check_done();
	}
	check_all(vc, "ch 36/20");
	check_event(0, 36, 0, "bring-up on 36");
	struct vchip_iqk a36;
	vchip_peek_iqk(vc, 0, &a36);

	/* the other band: calibrated again, another correction */
	unsigned before = shots(vc, 0), n_ev = cal.n;
	set(dev, 6, 20);
	CHECK(shots(vc, 0) > before, "band switch ran IQK again");
	check_all(vc, "ch 6/20");
	check_event(n_ev, 6, 0, "ch 6/20");
	struct vchip_iqk a6;
	vchip_peek_iqk(vc, 0, &a6);
	CHECK(a6.tx_x != a36.tx_x || a6.tx_y != a36.tx_y,
	      "channel 6 and 36 have different corrections on path A");

	/* within the band, at 40 MHz; then 5 GHz at 80 and 40 MHz */
	n_ev = cal.n;
	set(dev, 11, 40);
	check_all(vc, "ch 11/40");
	check_event(n_ev, 11, 0, "ch 11/40");
	n_ev = cal.n;
	set(dev, 36, 80);
	check_all(vc, "ch 36/80");
	check_event(n_ev, 36, 0, "ch 36/80");
	n_ev = cal.n;
	set(dev, 149, 40);
	check_all(vc, "ch 149/40");
	check_event(n_ev, 149, 0, "ch 149/40");

	/* path D's RF off: its shots fail, its corrections go off, the
	 * others are calibrated as before */
	uint8_t off = 0x00;
	CHECK_EQ_INT(vchip_control(vc, 0x40, 0x05, 0x76, 0, &off, 1, 500), 1,
	             "path D RF off in the model");
	before = shots(vc, 3);
	n_ev = cal.n;
	set(dev, 40, 20);
	CHECK(shots(vc, 3) > before, "path D was triggered");
	for (unsigned p = 0; p < 3; p++)
		check_applied(vc, p, "ch 40 with D off");
	struct vchip_iqk d;
	CHECK(vchip_peek_iqk(vc, 3, &d), "engine of path D");
	CHECK(d.applied_tx_x == 0x200 && d.applied_tx_y == 0,
	      "path D TX correction off (identity)");
	CHECK(d.applied_rx_x == 0x200 && d.applied_rx_y == 0,
	      "path D RX correction off (identity)");
	check_event(n_ev, 40, 0x8, "ch 40 with D off");

	/* back on: all four calibrated again */
	uint8_t on = 0x07;
	CHECK_EQ_INT(vchip_control(vc, 0x40, 0x05, 0x76, 0, &on, 1, 500), 1,
	             "path D RF back on");
	n_ev = cal.n;
	set(dev, 1, 20);
	check_all(vc, "ch 1 after the failure");
	check_event(n_ev, 1, 0, "ch 1 after the failure");

	dvr_close(dev);
	e2e_air_remove(dir);
	return check_done();
}
