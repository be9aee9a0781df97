/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812AU IQK end to end against the chip model: bring-up reports a
 * "calibrate" stage; the TX correction (page-C1 0xCD4/0xCCC,
 * 0xED4/0xECC) and the RX correction (0xC10/0xE10) the HAL leaves are what
 * the model's IQK engine measured for that path on that channel; every
 * channel set calibrates again, within a band too, and on 5 GHz loads the
 * AGC difference of the sub-band (rtw88 rtw8812a.c
 * rtw8812a_phy_calibration); every run is reported as a
 * DVR_EVENT_CALIBRATION. When one path's calibration never completes, the
 * one-shot times out for both (the references wait for the done bits of
 * both paths together, rtw88 rtw8812a.c rtw8812a_iqk), both get the
 * identity correction after the retries (the references' fallback) and
 * the event names both paths as failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/iqk_harness.h"

static struct iqk_events cal;

/* The last row of the AGC-difference table's branch for boards with an
 * internal LNA (the model's board), as it stays in 0x81C: low band
 * (ch 36-64) and high band (ch 100 on) of rtw88 rtw8812a_table.c
 * rtw8812a_agc_diff_lb / _hb; bring-up's AGC table ends in 0x01FE0001. */
#define AGC_DIFF_LB_LAST 0x02F00001u
#define AGC_DIFF_HB_LAST 0x01F00001u

/* One clean calibration event for channel ch since n_before. */
static void check_event(unsigned n_before, unsigned ch, const char *where)
{
	iqk_check_event(&cal, n_before, ch, 2, 0, where);
}

static int s11(uint32_t v)
{
	v &= 0x7FF;
	return v & 0x400 ? (int)v - 0x800 : (int)v;
}

static int s10(uint32_t v)
{
	v &= 0x3FF;
	return v & 0x200 ? (int)v - 0x400 : (int)v;
}

/* The applied corrections of path p equal the engine's measurement (the
 * HAL averages two shots; the engine's shot noise is one LSB on X). */
static void check_applied(struct vchip *vc, unsigned p, const char *where)
{
	struct vchip_iqk k;
	char what[160];
	CHECK(vchip_peek_iqk(vc, p, &k), "model has an IQK engine");
	uint32_t rx = vchip_peek32(vc, p ? 0xE10 : 0xC10);
	int tx_x = s11(k.applied_tx_x), tx_y = s11(k.applied_tx_y);
	int rx_x = s10(rx), rx_y = s10(rx >> 16);

	snprintf(what, sizeof what, "%s path %c: TX correction not identity "
	         "(X 0x%03x Y %d)", where, 'A' + p, (unsigned)tx_x, tx_y);
	CHECK(tx_x != 0x200 || tx_y != 0, what);
	snprintf(what, sizeof what, "%s path %c: TX X 0x%03x = engine's "
	         "0x%03x (+-1)", where, 'A' + p, (unsigned)tx_x,
	         (unsigned)k.tx_x);
	CHECK(abs(tx_x - k.tx_x) <= 1, what);
	snprintf(what, sizeof what, "%s path %c: TX Y %d = engine's %d", where,
	         'A' + p, tx_y, k.tx_y);
	CHECK(tx_y == k.tx_y, what);
	snprintf(what, sizeof what, "%s path %c: RX X 0x%03x = engine's "
	         "0x%03x / 2 (+-1)", where, 'A' + p, (unsigned)rx_x,
	         (unsigned)k.rx_x);
	CHECK(abs(rx_x - k.rx_x / 2) <= 1, what);
	snprintf(what, sizeof what, "%s path %c: RX Y %d = engine's %d / 2",
	         where, 'A' + p, rx_y, k.rx_y);
	CHECK(rx_y == k.rx_y / 2, what);
}

static unsigned shots(struct vchip *vc, unsigned p)
{
	struct vchip_iqk k = {0};
	vchip_peek_iqk(vc, p, &k);
	return k.shots;
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
	dvr_device *dev = iqk_start(&cal, "iqk", "8812a", fw, &vc);
	if (!dev) {
		e2e_air_remove(dir);
		return check_done();
	}
	struct dvr_channel ch;
	check_applied(vc, 0, "ch 36");
	check_applied(vc, 1, "ch 36");
	check_event(0, 36, "bring-up on 36");
	CHECK_EQ_HEX(vchip_peek32(vc, 0x81C), AGC_DIFF_LB_LAST,
	             "ch 36: low-band AGC difference loaded");
	struct vchip_iqk a36;
	vchip_peek_iqk(vc, 0, &a36);

	/* another band: calibrated again, another correction; no AGC
	 * difference at 2.4 GHz */
	unsigned before = shots(vc, 0);
	unsigned n_ev = cal.n;
	ch = (struct dvr_channel){ .channel = 6, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(dev, &ch), DVR_OK, "set 6/20");
	CHECK(shots(vc, 0) > before, "band switch ran IQK again");
	check_applied(vc, 0, "ch 6");
	check_applied(vc, 1, "ch 6");
	check_event(n_ev, 6, "ch 6");
	CHECK_EQ_HEX(vchip_peek32(vc, 0x81C), AGC_DIFF_LB_LAST,
	             "ch 6: no AGC row written");
	struct vchip_iqk a6;
	vchip_peek_iqk(vc, 0, &a6);
	CHECK(a6.tx_x != a36.tx_x || a6.tx_y != a36.tx_y,
	      "channel 6 and 36 have different corrections on path A");

	/* same band: calibrated again for the new channel */
	before = shots(vc, 0);
	n_ev = cal.n;
	ch = (struct dvr_channel){ .channel = 11, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(dev, &ch), DVR_OK, "set 11/20");
	CHECK(shots(vc, 0) > before, "a channel within the band ran IQK");
	check_applied(vc, 0, "ch 11");
	check_applied(vc, 1, "ch 11");
	check_event(n_ev, 11, "ch 11");

	/* 5 GHz high band, then low band again: each its AGC difference */
	ch = (struct dvr_channel){ .channel = 100, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(dev, &ch), DVR_OK, "set 100/20");
	check_applied(vc, 0, "ch 100");
	CHECK_EQ_HEX(vchip_peek32(vc, 0x81C), AGC_DIFF_HB_LAST,
	             "ch 100: high-band AGC difference loaded");
	ch = (struct dvr_channel){ .channel = 64, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(dev, &ch), DVR_OK, "set 64/20");
	CHECK_EQ_HEX(vchip_peek32(vc, 0x81C), AGC_DIFF_LB_LAST,
	             "ch 64: low-band AGC difference loaded");

	/* path B's RF stops answering: its IQK never completes, every
	 * one-shot times out, both paths fall back to identity */
	uint8_t off = 0x00;
	CHECK_EQ_INT(vchip_control(vc, 0x40, 0x05, 0x76, 0, &off, 1, 500), 1,
	             "path B RF off in the model");
	n_ev = cal.n;
	ch = (struct dvr_channel){ .channel = 40, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(dev, &ch), DVR_OK,
	             "set 40/20 with path B failing IQK");
	for (unsigned p = 0; p < 2; p++) {
		struct vchip_iqk k;
		char what[80];
		CHECK(vchip_peek_iqk(vc, p, &k), "engine of the path");
		snprintf(what, sizeof what, "path %c TX correction identity",
		         'A' + p);
		CHECK(k.applied_tx_x == 0x200 && k.applied_tx_y == 0, what);
		snprintf(what, sizeof what, "path %c RX correction identity",
		         'A' + p);
		CHECK_EQ_HEX(vchip_peek32(vc, p ? 0xE10 : 0xC10) & 0x03FF03FF,
		             0x100, what);
	}
	CHECK(shots(vc, 1) > 0, "path B was triggered");
	CHECK_EQ_INT(cal.n, n_ev + 1, "the failed run is reported");
	CHECK_EQ_INT(cal.channel, 40, "failure reported for channel 40");
	CHECK_EQ_HEX(cal.failed_tx, 0x3, "TX failure of both paths reported");
	CHECK_EQ_HEX(cal.failed_rx, 0x3, "RX failure of both paths reported");
	/* the device stays usable after a failed calibration */
	uint8_t on = 0x07;
	CHECK_EQ_INT(vchip_control(vc, 0x40, 0x05, 0x76, 0, &on, 1, 500), 1,
	             "path B RF back on");
	n_ev = cal.n;
	ch = (struct dvr_channel){ .channel = 1, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(dev, &ch), DVR_OK, "set 1/20");
	check_applied(vc, 0, "ch 1");
	check_applied(vc, 1, "ch 1");
	check_event(n_ev, 1, "ch 1 after the failure");

	dvr_close(dev);
	e2e_air_remove(dir);
	return check_done();
}
