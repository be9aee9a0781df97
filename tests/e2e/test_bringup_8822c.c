/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bring-up of an RTL8822CU virtual adapter through the public API and the
 * real RTL8822C HAL: every init stage event including "calibrate" arrives
 * in order, and the chip model saw power-on → firmware accepted by its
 * own DMA checksum and booted → MAC → BB → RF → monitor filters → channel
 * → the firmware's IQK, with TX enabled; retuning reaches the RF and BB.
 */
#include <stdlib.h>
#include <unistd.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"

static const char *stages_seen[16];
static size_t n_stages;
static double total_ms = -1;

static void on_event(void *user, const struct dvr_event *ev)
{
	(void)user;
	if (ev->type == DVR_EVENT_INIT_STAGE && n_stages < 16)
		stages_seen[n_stages++] = ev->init.stage;
	if (ev->type == DVR_EVENT_INIT_DONE)
		total_ms = ev->init.ms;
}

/* Index of the first want at or after from, or -1. */
static int find_from(const enum vchip_milestone *m, size_t n,
                     enum vchip_milestone want, int from)
{
	for (size_t i = from < 0 ? 0 : (size_t)from; i < n; i++)
		if (m[i] == want)
			return (int)i;
	return -1;
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (../shared/firmware)");
	char dir[] = "/tmp/dvr-bring22c-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);

	struct dvr_config cfg = { .on_event = on_event, .firmware_dir = fw,
		                  .enable_rx = true };
	dvr_device *dev = NULL;
	CHECK_EQ_INT(dvr_open("virtual:b22c,chip=8822c", &cfg, &dev), DVR_OK,
	             "open");
	if (!dev)
		return check_done();
	CHECK(strcmp(dvr_chip_name(dev), "RTL8822CU/RTL8812CU") == 0,
	      "chip is the RTL8822CU/RTL8812CU");
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 80 };
	int r = dvr_start(dev, &ch);
	CHECK_EQ_INT(r, DVR_OK, "start on 36/80");
	if (r != DVR_OK)
		printf("# %s\n", dvr_last_error(dev));

	static const char *want[] = { "identify", "power_on", "firmware",
		                      "mac", "phy", "monitor", "channel",
		                      "calibrate" };
	CHECK_EQ_INT(n_stages, 8, "eight init stage events");
	for (size_t i = 0; i < 8 && i < n_stages; i++)
		CHECK(strcmp(stages_seen[i], want[i]) == 0, want[i]);
	CHECK(total_ms > 0, "total init time reported");

	struct vchip *vc = vchip_find("b22c");
	CHECK(vc != NULL, "model found");
	if (vc) {
		CHECK(strcmp(vchip_chip_name(vc), "8822c") == 0,
		      "model is the 8822c");
		enum vchip_milestone m[64];
		size_t n = vchip_milestones(vc, m, 64);
		if (n > 64)
			n = 64;
		for (size_t i = 0; i < n; i++)
			printf("# milestone %s\n", vchip_milestone_name(m[i]));
		int p = find_from(m, n, VCHIP_M_POWER_ON, 0);
		int ck = find_from(m, n, VCHIP_M_FW_CHECKSUM_OK, p);
		int fb = find_from(m, n, VCHIP_M_FW_BOOTED, ck);
		int mt = find_from(m, n, VCHIP_M_MAC_TABLE, fb);
		int bb = find_from(m, n, VCHIP_M_BB_TABLE, mt);
		int rf = find_from(m, n, VCHIP_M_RF_TABLE, bb);
		int mon = find_from(m, n, VCHIP_M_MONITOR, rf);
		int chn = find_from(m, n, VCHIP_M_CHANNEL, mon);
		int cal = find_from(m, n, VCHIP_M_CALIBRATION, chn);
		int txe = find_from(m, n, VCHIP_M_TX_ENABLED, fb);
		CHECK(p >= 0, "power-on");
		CHECK(ck > p, "firmware passed the DMA checksum after power-on");
		CHECK(fb > ck, "firmware booted after the checksum");
		CHECK(find_from(m, n, VCHIP_M_FW_FAILED, 0) < 0,
		      "no firmware failure");
		CHECK(mt > fb, "MAC set up after firmware");
		CHECK(bb > mt, "BB tables after MAC");
		CHECK(rf > bb, "RF tables after BB");
		CHECK(mon > rf, "monitor filters after the tables");
		CHECK(chn > mon, "channel after monitor filters");
		CHECK(cal > chn, "IQK asked of the firmware after the channel");
		CHECK(txe > fb, "MAC TX/RX enabled with firmware running");
		CHECK(find_from(m, n, VCHIP_M_POWER_OFF, p) < 0,
		      "no power-off during bring-up");

		struct vchip_tuning tu;
		vchip_get_tuning(vc, &tu);
		CHECK_EQ_INT(tu.channel, 36, "model tuned to primary 36");
		CHECK_EQ_INT(tu.center, 42, "80 MHz centre channel 42");
		CHECK_EQ_INT(tu.bw_mhz, 80, "model bandwidth 80");
		CHECK(tu.band_5g, "model band 5 GHz");
		CHECK_EQ_HEX(vchip_peek32(vc, 0x2D9C) & 0xFF, 0xAA,
		             "IQK completion the firmware reported");

		struct dvr_channel c6 = { .channel = 6, .bw_mhz = 20 };
		CHECK_EQ_INT(dvr_set_channel(dev, &c6), DVR_OK, "retune to 6");
		vchip_get_tuning(vc, &tu);
		CHECK_EQ_INT(tu.channel, 6, "model tuned to 6");
		CHECK_EQ_INT(tu.bw_mhz, 20, "model bandwidth 20");
		CHECK(!tu.band_5g, "model band 2.4 GHz");

		struct dvr_channel c149 = { .channel = 149, .bw_mhz = 40 };
		CHECK_EQ_INT(dvr_set_channel(dev, &c149), DVR_OK,
		             "retune to 149/40");
		vchip_get_tuning(vc, &tu);
		CHECK_EQ_INT(tu.channel, 149, "model tuned to 149");
		CHECK_EQ_INT(tu.center, 151, "HT40+ centre 151");
		CHECK_EQ_INT(tu.bw_mhz, 40, "model bandwidth 40");

		struct dvr_channel c157 = { .channel = 157, .bw_mhz = 80 };
		CHECK_EQ_INT(dvr_set_channel(dev, &c157), DVR_OK,
		             "retune to 157/80");
		vchip_get_tuning(vc, &tu);
		CHECK_EQ_INT(tu.channel, 157, "model tuned to 157");
		CHECK_EQ_INT(tu.center, 155, "80 MHz centre 155");
	}
	struct dvr_channel bad = { .channel = 15, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(dev, &bad), DVR_E_INVALID,
	             "channel 15 rejected");

	/* A frame goes out on the air through the 8822C's descriptors. */
	static const uint8_t frame[] = {
		0x00, 0x00, 0x09, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0c, /* rt */
		0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0, 0, 0, 0, 1, 0x02, 0, 0, 0, 0, 1, 0x00, 0x00,
		'h', 'e', 'l', 'l', 'o',
	};
	CHECK_EQ_INT(dvr_send(dev, frame, sizeof frame), DVR_OK, "send one");
	CHECK_EQ_INT(dvr_flush(dev, 2000), DVR_OK, "flush");
	if (vc) {
		struct vchip_stats st;
		vchip_get_stats(vc, &st);
		CHECK_EQ_INT(st.tx_aired, 1, "one frame aired");
		CHECK_EQ_INT(st.tx_bad_desc + st.tx_bad_checksum +
		             st.tx_bad_queue + st.tx_not_ready, 0,
		             "no descriptor refused by the chip");
	}
	dvr_close(dev);
	if (vc) {
		/* dvr_close destroyed the model: nothing to look at */
		CHECK(vchip_find("b22c") == NULL, "model gone after close");
	}
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
