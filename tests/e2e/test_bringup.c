/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bring-up of a virtual adapter through the public API and the real HAL,
 * run once per chip of the test list (the chip's name is the one
 * argument, its expectations its row in tests/chip_table.h): the init
 * stage events arrive in order, the chip model saw power-on -> firmware
 * accepted by the chip's own checksum and booted -> MAC -> BB -> RF ->
 * monitor filters -> channel, with TX enabled and no power-off on the
 * way; retuning reaches the RF and BB registers the model reads, invalid
 * channels are refused, a frame goes out through the chip's descriptors,
 * and the register trace records the control and bulk transfers. What
 * only some chips do (a firmware window, an IQK the firmware runs, the
 * registers a bring-up leaves) comes from the chip's row.
 */
#include <stdbool.h>

#include "e2e_common.h"
#include "tests/chip_table.h"

static struct e2e_stages stages = { .total_ms = -1 };

static const char *const all_stages[] = {
	"identify", "power_on", "firmware", "mac", "phy", "monitor",
	"channel", "calibrate",
};

/* What the chip's row says its registers hold after the bring-up, and
 * for a chip whose firmware runs IQK, that the HAL asked for it once the
 * channel was set. */
static void check_chip(const struct test_chip *tc, struct vchip *vc,
                       const enum vchip_milestone *m, size_t n, int chn)
{
	if (tc->fw_iqk) {
		int cal = e2e_find_milestone(m, n, VCHIP_M_CALIBRATION, chn);
		CHECK(cal > chn, "IQK asked of the firmware after the channel");
	}
	for (const struct test_chip_reg *r = tc->started;
	     r < tc->started + sizeof tc->started / sizeof tc->started[0] &&
	     r->what;
	     r++) {
		uint32_t v = r->space == TEST_REG_MAC
		                     ? vchip_peek32(vc, r->addr)
		                     : vchip_peek_rf(vc,
		                                     r->space == TEST_REG_RF_B,
		                                     (uint8_t)r->addr);
		CHECK_EQ_HEX(v & r->mask, r->value, r->what);
	}
}

static void check_milestones(const struct test_chip *tc, struct vchip *vc)
{
	enum vchip_milestone m[64];
	size_t n = e2e_milestones(vc, m, 64);
	/* The first of each: one out of order fails, even if it recurs. */
	int p = e2e_find_milestone(m, n, VCHIP_M_POWER_ON, 0);
	int ck = e2e_find_milestone(m, n, VCHIP_M_FW_CHECKSUM_OK, 0);
	int fb = e2e_find_milestone(m, n, VCHIP_M_FW_BOOTED, 0);
	int mt = e2e_find_milestone(m, n, VCHIP_M_MAC_TABLE, 0);
	int bb = e2e_find_milestone(m, n, VCHIP_M_BB_TABLE, 0);
	int rf = e2e_find_milestone(m, n, VCHIP_M_RF_TABLE, 0);
	int mon = e2e_find_milestone(m, n, VCHIP_M_MONITOR, 0);
	/* The RF table itself retunes the synthesiser, so the channel
	 * that counts is the first one after monitor. */
	int chn = mon < 0 ? -1
	                  : e2e_find_milestone(m, n, VCHIP_M_CHANNEL, mon);
	int txe = fb < 0 ? -1
	                 : e2e_find_milestone(m, n, VCHIP_M_TX_ENABLED, fb);
	CHECK(p >= 0, "power-on");
	CHECK(ck > p, "firmware passed the chip's checksum after power-on");
	CHECK(fb > ck, "firmware booted after the checksum");
	CHECK(e2e_find_milestone(m, n, VCHIP_M_FW_FAILED, 0) < 0,
	      "no firmware failure");
	CHECK(mt > fb, "MAC set up after firmware");
	CHECK(bb > mt, "BB tables after MAC");
	CHECK(rf > bb, "RF tables after BB");
	CHECK(mon > rf, "monitor filters after the tables");
	CHECK(chn > mon, "channel after monitor filters");
	CHECK(txe > fb, "MAC TX/RX enabled with firmware running");
	CHECK(p < 0 || e2e_find_milestone(m, n, VCHIP_M_POWER_OFF, p) < 0,
	      "no power-off during bring-up");
	check_chip(tc, vc, m, n, chn);
}

/* Every line of the trace well-formed, and enough of each kind. */
static void check_trace(const struct test_chip *tc, const char *trace)
{
	FILE *f = fopen(trace, "r");
	CHECK(f != NULL, "trace file written");
	unsigned reads = 0, writes = 0, tx = 0, rx_posted = 0, fw_window = 0;
	unsigned malformed = 0;
	char line[1024];
	while (f && fgets(line, sizeof line, f)) {
		unsigned addr, len;
		char dirc[4], addr_text[16], data[600];
		int fields = sscanf(line, "%3s %15s %u %599s", dirc, addr_text,
		                    &len, data);
		/* Addresses and endpoints are always 0x-prefixed hex. */
		if (fields < 3 || strncmp(addr_text, "0x", 2) != 0 ||
		    sscanf(addr_text + 2, "%x", &addr) != 1) {
			malformed++;
			continue;
		}
		if (strcmp(dirc, "R") == 0)
			reads++;
		else if (strcmp(dirc, "W") == 0) {
			writes++;
			if (addr >= 0x1000 && addr < 0x2000)
				fw_window++;
			bool is_value = len == 1 || len == 2 || len == 4;
			/* A value is 0x-prefixed, a byte string is not. */
			if (is_value ? strncmp(data, "0x", 2) != 0 ||
			                   strlen(data) != 2 + 2 * len
			             : strlen(data) != 2 * len)
				malformed++;
		} else if (strcmp(dirc, "TX") == 0) {
			tx++;
		} else if (strcmp(dirc, "RX") == 0) {
			rx_posted++;
		} else {
			malformed++;
		}
	}
	if (f)
		fclose(f);
	printf("# trace: %u reads, %u writes, %u fw-window writes, %u TX\n",
	       reads, writes, fw_window, tx);
	CHECK(reads > 100 && writes > 500, "trace holds the bring-up");
	if (tc->fw_window_writes)
		CHECK(fw_window >= tc->fw_window_writes,
		      "firmware written through 0x1000 window");
	CHECK(tx >= 1, "trace holds the bulk OUT");
	CHECK(rx_posted >= 1, "trace holds the posted bulk IN transfers");
	CHECK_EQ_INT(malformed, 0, "every trace line well-formed");
}

int main(int argc, char **argv)
{
	const struct test_chip *tc = test_chip_find(argc > 1 ? argv[1] : NULL);
	if (!CHECK(tc != NULL, "a chip of tests/chip_table.h named"))
		return check_done();
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-bringup-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
	char trace[600];
	snprintf(trace, sizeof trace, "%s/regs.trace", dir);
	char sel[64];
	snprintf(sel, sizeof sel, "virtual:bringup,chip=%s", tc->name);

	struct dvr_config cfg = { .on_event = e2e_stages_on_event,
		                  .user = &stages, .firmware_dir = fw,
		                  .trace_path = trace, .enable_rx = true };
	dvr_device *dev = NULL;
	CHECK_EQ_INT(dvr_open(sel, &cfg, &dev), DVR_OK, "open");
	if (!dev) {
		e2e_air_remove(dir);
		return check_done();
	}
	char what[96];
	snprintf(what, sizeof what, "driven by the HAL's %s",
	         test_chip_hal_name(tc));
	CHECK(strcmp(dvr_chip_name(dev), test_chip_hal_name(tc)) == 0, what);
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 80 };
	int r = dvr_start(dev, &ch);
	CHECK_EQ_INT(r, DVR_OK, "start on 36/80");
	if (r != DVR_OK)
		printf("# %s\n", dvr_last_error(dev));
	/* identified: the part the die's bonding makes it */
	snprintf(what, sizeof what, "chip is %s", tc->dvr_name);
	CHECK(strcmp(dvr_chip_name(dev), tc->dvr_name) == 0, what);
	e2e_check_stages(&stages, all_stages,
	                 sizeof all_stages / sizeof all_stages[0],
	                 "eight init stage events");

	struct vchip *vc = vchip_find("bringup");
	CHECK(vc != NULL, "model found");
	if (vc) {
		CHECK(strcmp(vchip_chip_name(vc), tc->name) == 0,
		      "model is the chip asked for");
		check_milestones(tc, vc);

		struct vchip_tuning tu;
		vchip_get_tuning(vc, &tu);
		CHECK_EQ_INT(tu.channel, 36, "model tuned to primary 36");
		CHECK_EQ_INT(tu.center, 42, "80 MHz centre channel 42");
		CHECK_EQ_INT(tu.bw_mhz, 80, "model bandwidth 80");
		CHECK(tu.band_5g, "model band 5 GHz");

		e2e_check_retune(dev, vc, 6, 20, 0);
		/* HT40+: the centre above the primary */
		e2e_check_retune(dev, vc, 149, 40, 151);
		/* 80 MHz: the block 149-161, centre below this primary */
		e2e_check_retune(dev, vc, 157, 80, 155);
	}
	struct dvr_channel bad = { .channel = 15, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(dev, &bad), DVR_E_INVALID,
	             "channel 15 rejected");
	struct dvr_channel bad_bw = { .channel = 36, .bw_mhz = 160 };
	CHECK_EQ_INT(dvr_set_channel(dev, &bad_bw), DVR_E_INVALID,
	             "160 MHz rejected");

	/* A frame out through the chip's descriptors: the trace has a bulk
	 * line too. */
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
	/* dvr_close destroyed the model: nothing to look at */
	CHECK(vchip_find("bringup") == NULL, "model gone after close");

	check_trace(tc, trace);
	e2e_air_remove(dir);
	return check_done();
}
