/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bring-up of a virtual adapter through the public API and the real HAL:
 * the init events arrive per stage in order, the chip model saw
 * power-on → firmware handshake OK → tables → monitor filters → channel,
 * channel changes reach the BB/RF registers, and the register trace
 * records the control and bulk transfers.
 */
#include <stdbool.h>

#include "e2e_common.h"

static struct e2e_stages stages = { .total_ms = -1 };

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (../shared/firmware)");
	char dir[] = "/tmp/dvr-bringup-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
	char trace[600];
	snprintf(trace, sizeof trace, "%s/regs.trace", dir);

	struct dvr_config cfg = { .on_event = e2e_stages_on_event,
		                  .user = &stages, .firmware_dir = fw,
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
	e2e_check_stages(&stages, want, 7, "seven init stage events");

	struct vchip *vc = vchip_find("bringup");
	CHECK(vc != NULL, "model found");
	if (vc) {
		enum vchip_milestone m[64];
		size_t n = e2e_milestones(vc, m, 64);
		int p = e2e_find_milestone(m, n, VCHIP_M_POWER_ON, 0);
		int ck = e2e_find_milestone(m, n, VCHIP_M_FW_CHECKSUM_OK, 0);
		int fb = e2e_find_milestone(m, n, VCHIP_M_FW_BOOTED, 0);
		int mt = e2e_find_milestone(m, n, VCHIP_M_MAC_TABLE, 0);
		int bb = e2e_find_milestone(m, n, VCHIP_M_BB_TABLE, 0);
		int rf = e2e_find_milestone(m, n, VCHIP_M_RF_TABLE, 0);
		int mon = e2e_find_milestone(m, n, VCHIP_M_MONITOR, 0);
		/* The RF table itself retunes the synthesiser, so the
		 * channel that counts is the first one after monitor. */
		int chn = mon < 0 ? -1 : e2e_find_milestone(m, n, VCHIP_M_CHANNEL,
		                                           mon);
		CHECK(p >= 0 && ck > p, "firmware checksum after power-on");
		CHECK(fb > ck, "firmware booted after checksum");
		CHECK(e2e_find_milestone(m, n, VCHIP_M_FW_FAILED, 0) < 0,
		      "no firmware failure");
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

		e2e_check_retune(dev, vc, 6, 20, 0);
		/* HT40+: the centre above the primary */
		e2e_check_retune(dev, vc, 149, 40, 151);
	}
	struct dvr_channel bad = { .channel = 15, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(dev, &bad), DVR_E_INVALID,
	             "channel 15 rejected");
	struct dvr_channel bad_bw = { .channel = 36, .bw_mhz = 160 };
	CHECK_EQ_INT(dvr_set_channel(dev, &bad_bw), DVR_E_INVALID,
	             "160 MHz rejected");

	/* One frame so that the trace has a bulk line too. */
	e2e_send_hello(dev);
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

	e2e_air_remove(dir);
	return check_done();
}
