/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bring-up of an RTL8822CU virtual adapter through the public API and the
 * real RTL8822C HAL: every init stage event including "calibrate" arrives
 * in order, and the chip model saw power-on → firmware accepted by its
 * own DMA checksum and booted → MAC → BB → RF → monitor filters → channel
 * → the firmware's IQK, with TX enabled; retuning reaches the RF and BB.
 */
#include "e2e_common.h"

static struct e2e_stages stages = { .total_ms = -1 };

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (../shared/firmware)");
	char dir[] = "/tmp/dvr-bring22c-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");

	struct dvr_config cfg = { .on_event = e2e_stages_on_event,
		                  .user = &stages, .firmware_dir = fw,
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
	e2e_check_stages(&stages, want, 8, "eight init stage events");

	struct vchip *vc = vchip_find("b22c");
	CHECK(vc != NULL, "model found");
	if (vc) {
		CHECK(strcmp(vchip_chip_name(vc), "8822c") == 0,
		      "model is the 8822c");
		enum vchip_milestone m[64];
		size_t n = e2e_milestones(vc, m, 64);
		int p = e2e_find_milestone(m, n, VCHIP_M_POWER_ON, 0);
		int ck = e2e_find_milestone(m, n, VCHIP_M_FW_CHECKSUM_OK, p);
		int fb = e2e_find_milestone(m, n, VCHIP_M_FW_BOOTED, ck);
		int mt = e2e_find_milestone(m, n, VCHIP_M_MAC_TABLE, fb);
		int bb = e2e_find_milestone(m, n, VCHIP_M_BB_TABLE, mt);
		int rf = e2e_find_milestone(m, n, VCHIP_M_RF_TABLE, bb);
		int mon = e2e_find_milestone(m, n, VCHIP_M_MONITOR, rf);
		int chn = e2e_find_milestone(m, n, VCHIP_M_CHANNEL, mon);
		int cal = e2e_find_milestone(m, n, VCHIP_M_CALIBRATION, chn);
		int txe = e2e_find_milestone(m, n, VCHIP_M_TX_ENABLED, fb);
		CHECK(p >= 0, "power-on");
		CHECK(ck > p, "firmware passed the DMA checksum after power-on");
		CHECK(fb > ck, "firmware booted after the checksum");
		CHECK(e2e_find_milestone(m, n, VCHIP_M_FW_FAILED, 0) < 0,
		      "no firmware failure");
		CHECK(mt > fb, "MAC set up after firmware");
		CHECK(bb > mt, "BB tables after MAC");
		CHECK(rf > bb, "RF tables after BB");
		CHECK(mon > rf, "monitor filters after the tables");
		CHECK(chn > mon, "channel after monitor filters");
		CHECK(cal > chn, "IQK asked of the firmware after the channel");
		CHECK(txe > fb, "MAC TX/RX enabled with firmware running");
		CHECK(e2e_find_milestone(m, n, VCHIP_M_POWER_OFF, p) < 0,
		      "no power-off during bring-up");

		struct vchip_tuning tu;
		vchip_get_tuning(vc, &tu);
		CHECK_EQ_INT(tu.channel, 36, "model tuned to primary 36");
		CHECK_EQ_INT(tu.center, 42, "80 MHz centre channel 42");
		CHECK_EQ_INT(tu.bw_mhz, 80, "model bandwidth 80");
		CHECK(tu.band_5g, "model band 5 GHz");
		CHECK_EQ_HEX(vchip_peek32(vc, 0x2D9C) & 0xFF, 0xAA,
		             "IQK completion the firmware reported");

		e2e_check_retune(dev, vc, 6, 20, 0);
		/* HT40+: the centre above the primary */
		e2e_check_retune(dev, vc, 149, 40, 151);
		/* 80 MHz: the block 149-161, centre below this primary */
		e2e_check_retune(dev, vc, 157, 80, 155);
	}
	struct dvr_channel bad = { .channel = 15, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(dev, &bad), DVR_E_INVALID,
	             "channel 15 rejected");

	/* A frame goes out on the air through the 8822C's descriptors. */
	e2e_send_hello(dev);
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
	e2e_air_remove(dir);
	return check_done();
}
