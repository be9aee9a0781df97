/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821AU IQK end to end against the chip model: the "calibrate" stage
 * and every channel set after it run the die's one-path IQK (rtw88
 * rtw8821a.c rtw8821a_do_iqk: three rounds of LO leakage, TX and RX IQK,
 * TX results agreeing within 3, RX within 4), at 80 MHz with the TX IQK's
 * three-tone slope (rtw8821a_iqk_tx_vdf_true). The TX correction (page C1
 * 0xCD4/0xCCC) and the RX correction (0xC10, half the report) the HAL
 * leaves are what the model's engine measured for path A on the channel;
 * each run is one DVR_EVENT_CALIBRATION naming one path. When path A's RF
 * is off the engine never completes: the TX correction falls back to
 * identity, nothing is left to RX IQK, and the event says both parts
 * failed; the adapter goes on and calibrates again once the RF is back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/iqk_harness.h"

static struct iqk_events last;

/* Two's complement fields of the corrections. */
static int sext(uint32_t v, unsigned bits)
{
	uint32_t m = 1u << (bits - 1);
	v &= (m << 1) - 1;
	return (int)(v ^ m) - (int)m;
}

/* Path A's corrections against the engine's measurement (the mean of two
 * shots; the engine's noise is one LSB on X), and one clean event for
 * @ch since @n0. */
static void check_run(struct vchip *vc, unsigned n0, unsigned ch)
{
	char m[160];
	struct vchip_iqk k;
	CHECK(vchip_peek_iqk(vc, 0, &k), "path A IQK engine");
	int tx_x = sext(k.applied_tx_x, 11), tx_y = sext(k.applied_tx_y, 11);
	uint32_t rx = vchip_peek32(vc, 0xC10);
	int rx_x = sext(rx, 10), rx_y = sext(rx >> 16, 10);
	snprintf(m, sizeof m, "ch %u: TX X %d = engine's %d (+-1), not "
	         "identity", ch, tx_x, k.tx_x);
	CHECK(abs(tx_x - k.tx_x) <= 1 && (tx_x != 0x200 || tx_y != 0), m);
	snprintf(m, sizeof m, "ch %u: TX Y %d = engine's %d", ch, tx_y,
	         k.tx_y);
	CHECK_EQ_INT(tx_y, k.tx_y, m);
	snprintf(m, sizeof m, "ch %u: RX X %d = engine's %d / 2 (+-1)", ch,
	         rx_x, k.rx_x);
	CHECK(abs(rx_x - k.rx_x / 2) <= 1, m);
	snprintf(m, sizeof m, "ch %u: RX Y %d = engine's %d / 2", ch, rx_y,
	         k.rx_y);
	CHECK_EQ_INT(rx_y, k.rx_y / 2, m);
	snprintf(m, sizeof m, "ch %u: one IQK event, one path, none failed",
	         ch);
	CHECK(last.n == n0 + 1 && strcmp(last.what, "IQK") == 0 && last.channel == ch &&
	              last.paths == 1 && !last.failed_tx && !last.failed_rx,
	      m);
}

static unsigned shots(struct vchip *vc)
{
	struct vchip_iqk k = { 0 };
	vchip_peek_iqk(vc, 0, &k);
	return k.shots;
}

static bool tune(dvr_device *dev, unsigned channel, unsigned bw)
{
	char m[64];
	struct dvr_channel ch = { .channel = (uint16_t)channel,
		                  .bw_mhz = (uint16_t)bw };
	snprintf(m, sizeof m, "set %u/%u", channel, bw);
	int r = dvr_set_channel(dev, &ch);
	CHECK_EQ_INT(r, DVR_OK, m);
	return r == DVR_OK;
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-iqk-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");

	struct vchip *vc = NULL;
	dvr_device *dev = iqk_start(&last, "iqk21", "8821a", fw, &vc);
	if (!dev)
		goto out;
	check_run(vc, 0, 36);
	struct vchip_iqk k36;
	vchip_peek_iqk(vc, 0, &k36);

	/* 80 MHz: the three-tone TX IQK */
	unsigned n0 = last.n, s0 = shots(vc);
	if (tune(dev, 149, 80)) {
		CHECK(shots(vc) > s0, "149/80 ran IQK again");
		check_run(vc, n0, 149);
	}
	/* another band */
	n0 = last.n;
	if (tune(dev, 6, 20)) {
		check_run(vc, n0, 6);
		struct vchip_iqk k6;
		vchip_peek_iqk(vc, 0, &k6);
		CHECK(k6.tx_x != k36.tx_x || k6.tx_y != k36.tx_y,
		      "channels 6 and 36 have different corrections");
	}

	/* path A's RF off (0x1F): the engine never completes */
	uint8_t off = 0x00, on = 0x07;
	CHECK_EQ_INT(vchip_control(vc, 0x40, 0x05, 0x1F, 0, &off, 1, 500), 1,
	             "path A RF off in the model");
	n0 = last.n;
	if (tune(dev, 11, 20)) {
		struct vchip_iqk k;
		vchip_peek_iqk(vc, 0, &k);
		CHECK(k.applied_tx_x == 0x200 && k.applied_tx_y == 0,
		      "failed: TX correction identity");
		CHECK(last.n == n0 + 1 && last.channel == 11 &&
		              last.failed_tx == 1 && last.failed_rx == 1,
		      "the failed run is reported, TX and RX of path A");
	}
	CHECK_EQ_INT(vchip_control(vc, 0x40, 0x05, 0x1F, 0, &on, 1, 500), 1,
	             "path A RF back on");
	n0 = last.n;
	if (tune(dev, 1, 20))
		check_run(vc, n0, 1);
out:
	dvr_close(dev);
	e2e_air_remove(dir);
	return check_done();
}
