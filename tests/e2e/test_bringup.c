/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bring-up of a virtual adapter through the public API and the real HAL:
 * the init events arrive per stage in order, the chip model saw
 * power-on → firmware handshake OK → tables → monitor filters → channel,
 * channel changes reach the BB/RF registers, and the register trace
 * records the control and bulk transfers.
 */
#include <stdbool.h>
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

/* Index of the first want at or after from in the list, or -1. */
static int find_m_from(const enum vchip_milestone *m, size_t n,
                       enum vchip_milestone want, int from)
{
	for (size_t i = from < 0 ? 0 : (size_t)from; i < n; i++)
		if (m[i] == want)
			return (int)i;
	return -1;
}

/* Index of the first want in the milestone list, or -1. */
static int find_m(const enum vchip_milestone *m, size_t n,
                  enum vchip_milestone want)
{
	for (size_t i = 0; i < n; i++)
		if (m[i] == want)
			return (int)i;
	return -1;
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (../shared/firmware)");
	char dir[] = "/tmp/dvr-bringup-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);
	char trace[600];
	snprintf(trace, sizeof trace, "%s/regs.trace", dir);

	struct dvr_config cfg = { .on_event = on_event, .firmware_dir = fw,
		                  .trace_path = trace,
	                  .enable_rx = true };
	dvr_device *dev = NULL;
	CHECK_EQ_INT(dvr_open("virtual:bringup", &cfg, &dev), DVR_OK, "open");
	if (!dev)
		return check_done();
	CHECK(strcmp(dvr_chip_name(dev), "RTL8812AU") == 0, "chip is RTL8812AU");
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 80 };
	int r = dvr_start(dev, &ch);
	CHECK_EQ_INT(r, DVR_OK, "start on 36/80");
	if (r != DVR_OK)
		printf("# %s\n", dvr_last_error(dev));

	static const char *want[] = { "identify", "power_on", "firmware",
		                      "mac", "phy", "monitor", "channel" };
	CHECK_EQ_INT(n_stages, 7, "seven init stage events");
	for (size_t i = 0; i < 7 && i < n_stages; i++)
		CHECK(strcmp(stages_seen[i], want[i]) == 0, want[i]);
	CHECK(total_ms > 0, "total init time reported");

	struct vchip *vc = vchip_find("bringup");
	CHECK(vc != NULL, "model found");
	if (vc) {
		enum vchip_milestone m[64];
		size_t n = vchip_milestones(vc, m, 64);
		for (size_t i = 0; i < n && i < 64; i++)
			printf("# milestone %s\n", vchip_milestone_name(m[i]));
		int p = find_m(m, n, VCHIP_M_POWER_ON);
		int ck = find_m(m, n, VCHIP_M_FW_CHECKSUM_OK);
		int fb = find_m(m, n, VCHIP_M_FW_BOOTED);
		int mt = find_m(m, n, VCHIP_M_MAC_TABLE);
		int bb = find_m(m, n, VCHIP_M_BB_TABLE);
		int rf = find_m(m, n, VCHIP_M_RF_TABLE);
		int mon = find_m(m, n, VCHIP_M_MONITOR);
		/* The RF table itself retunes the synthesiser, so the
		 * channel that counts is the first one after monitor. */
		int chn = mon < 0 ? -1 : find_m_from(m, n, VCHIP_M_CHANNEL, mon);
		CHECK(p >= 0 && ck > p, "firmware checksum after power-on");
		CHECK(fb > ck, "firmware booted after checksum");
		CHECK(find_m(m, n, VCHIP_M_FW_FAILED) < 0, "no firmware failure");
		CHECK(mt > fb, "MAC table after firmware");
		CHECK(bb > mt && rf > bb, "BB then RF tables after MAC");
		CHECK(mon > rf, "monitor filters after tables");
		CHECK(chn > mon, "channel after monitor filters");

		struct vchip_tuning tu;
		vchip_get_tuning(vc, &tu);
		CHECK_EQ_INT(tu.channel, 36, "model tuned to primary 36");
		CHECK_EQ_INT(tu.center, 42, "80 MHz centre channel 42");
		CHECK_EQ_INT(tu.bw_mhz, 80, "model bandwidth 80");
		CHECK(tu.band_5g, "model band 5 GHz");

		/* No power configured: the chip's safe default, not the
		 * zeros the tables leave (which would be minimum power). */
		CHECK_EQ_HEX(vchip_peek32(vc, 0xC24), 0x20202020,
		             "default TX power index on path A OFDM rates");
		CHECK_EQ_HEX(vchip_peek32(vc, 0xE30), 0x20202020,
		             "default TX power index on path B MCS4-7");

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
	}
	struct dvr_channel bad = { .channel = 15, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(dev, &bad), DVR_E_INVALID,
	             "channel 15 rejected");
	struct dvr_channel bad_bw = { .channel = 36, .bw_mhz = 160 };
	CHECK_EQ_INT(dvr_set_channel(dev, &bad_bw), DVR_E_INVALID,
	             "160 MHz rejected");

	/* One frame so that the trace has a bulk line too. */
	static const uint8_t frame[] = {
		0x00, 0x00, 0x09, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0c, /* rt */
		0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0, 0, 0, 0, 1, 0x02, 0, 0, 0, 0, 1, 0x00, 0x00,
		'h', 'e', 'l', 'l', 'o',
	};
	CHECK_EQ_INT(dvr_send(dev, frame, sizeof frame), DVR_OK, "send one");
	CHECK_EQ_INT(dvr_flush(dev, 2000), DVR_OK, "flush");
	dvr_close(dev);

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
	CHECK(fw_window >= 26998 / 196, "firmware written through 0x1000 window");
	CHECK(tx >= 1, "trace holds the bulk OUT");
	CHECK(rx_posted >= 1, "trace holds the posted bulk IN transfers");
	CHECK_EQ_INT(malformed, 0, "every trace line well-formed");

	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
