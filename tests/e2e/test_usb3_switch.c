/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The USB 2 → 3 mode switch in process, for a chip of the test list (the
 * argument; meson runs each: usb3_switch_<chip>). A chip whose row says
 * it ends at 5000 Mbit/s (an RTL8822CU) enumerates at high speed on a
 * SuperSpeed port, is switched by the HAL (its EFUSE invites it), leaves
 * the bus, comes back through the virtual bus at 5000 Mbit/s, and the
 * core re-opens and brings it up — once. On a USB2-only port the one
 * attempt brings it back at high speed with its pad in U3 mode and the
 * HAL does not try again; one that enumerated at SuperSpeed is never
 * switched. A chip that stays at high speed (an RTL8812AU) is never
 * switched.
 */
#include <stdlib.h>
#include <unistd.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/chip_table.h"

static unsigned switches;

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	(void)level;
	if (strstr(msg, "switches USB mode"))
		switches++;
}

/* Bring the adapter up and report the speed its model ended at. */
static unsigned bring_up(const char *name, const char *opts, const char *fw,
                         bool switching)
{
	char sel[128];
	snprintf(sel, sizeof sel, "virtual:%s,%s", name, opts);
	struct dvr_config cfg = { .on_log = on_log, .firmware_dir = fw,
		                  .log_level = DVR_LOG_INFO };
	switches = 0;
	dvr_device *dev = NULL;
	char what[200];
	snprintf(what, sizeof what, "%s: open", opts);
	CHECK_EQ_INT(dvr_open(sel, &cfg, &dev), DVR_OK, what);
	if (!dev)
		return 0;
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 80 };
	int r = dvr_start(dev, &ch);
	snprintf(what, sizeof what, "%s: brought up", opts);
	CHECK_EQ_INT(r, DVR_OK, what);
	if (r != DVR_OK)
		printf("# %s\n", dvr_last_error(dev));
	unsigned speed = 0;
	struct vchip *vc = vchip_find(name);
	if (vc) {
		struct vchip_usb_desc d;
		vchip_usb_desc(vc, &d);
		speed = d.speed_mbps;
		snprintf(what, sizeof what, "%s: bulk packet size of the link",
		         opts);
		CHECK_EQ_INT(d.bulk_max_packet, speed == 5000 ? 1024 : 512,
		             what);
		/* a switching chip's own view of the link (rtw88 usb.c
		 * rtw_usb_switch_mode_new reads it) */
		if (switching) {
			snprintf(what, sizeof what,
			         "%s: 0xFF says the link speed", opts);
			CHECK_EQ_HEX(vchip_peek32(vc, 0xFC) >> 24,
			             speed == 5000 ? 0x20u : 0x00u, what);
		}
		snprintf(what, sizeof what, "%s: nothing left pending", opts);
		CHECK_EQ_INT(vchip_reenumerate_pending(vc), 0, what);
		struct vchip_tuning tu;
		vchip_get_tuning(vc, &tu);
		snprintf(what, sizeof what, "%s: tuned after the re-open", opts);
		CHECK(tu.channel == 36 && tu.bw_mhz == 80, what);
	}
	snprintf(what, sizeof what, "%s: model still registered", opts);
	CHECK(vc != NULL, what);
	dvr_close(dev);
	return speed;
}

int main(int argc, char **argv)
{
	const struct test_chip *tc = test_chip_find(argc > 1 ? argv[1] : NULL);
	if (!tc) {
		printf("# usage: %s CHIP (a chip of tests/chip_table.h)\n",
		       argv[0]);
		return 2;
	}
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-u3sw-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);

	char opts[96];
	snprintf(opts, sizeof opts, "chip=%s", tc->name);
	if (tc->usb_mbps == 5000) {
		unsigned s = bring_up("u3sw", opts, fw, true);
		CHECK_EQ_INT(s, 5000, "SuperSpeed port: up at 5000 Mbit/s");
		CHECK_EQ_INT(switches, 1, "SuperSpeed port: one re-enumeration");

		snprintf(opts, sizeof opts, "chip=%s,port=480", tc->name);
		s = bring_up("u2port", opts, fw, true);
		CHECK_EQ_INT(s, 480, "USB2-only port: stays at 480 Mbit/s");
		CHECK_EQ_INT(switches, 1, "USB2-only port: one attempt, not "
		             "again");

		snprintf(opts, sizeof opts, "chip=%s,speed=5000", tc->name);
		s = bring_up("u3start", opts, fw, true);
		CHECK_EQ_INT(s, 5000, "enumerated at SuperSpeed: 5000 Mbit/s");
		CHECK_EQ_INT(switches, 0, "enumerated at SuperSpeed: no switch");
	} else {
		unsigned s = bring_up("u2chip", opts, fw, false);
		CHECK_EQ_INT(s, 480, "a high-speed chip: up at 480 Mbit/s");
		CHECK_EQ_INT(switches, 0, "a high-speed chip: no switch");
	}

	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
