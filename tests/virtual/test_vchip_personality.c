/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Choosing the chip model: chip= names a personality (default 8812a), an
 * unknown chip is refused with a message listing the chips there are, a
 * VID:PID picks the personality that ships under it, and dvr_open reports
 * the reason to the application. */
#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip_personality.h"
#include "tests/check.h"
#include "tests/virtual/vhelp.h"

static char logged[512];

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level == DVR_LOG_ERROR)
		snprintf(logged, sizeof logged, "%s", msg);
}

int main(void)
{
	struct vchip_config c = {0};
	char err[160] = "";

	CHECK_EQ_INT(vchip_config_parse(&c, "chip=8812a", err, sizeof err), 0,
	             "chip=8812a parses");
	CHECK(c.chip == &vchip_personality_8812a, "chip=8812a selects 8812A");

	c = (struct vchip_config){0};
	CHECK_EQ_INT(vchip_config_parse(&c, "loss=0.1,chip=rtl9999", err,
	                                sizeof err),
	             -EINVAL, "unknown chip refused");
	CHECK(strstr(err, "rtl9999") && strstr(err, "8812a"),
	      "message names the chip asked for and the chips there are");
	CHECK(c.chip == NULL, "no personality chosen on error");

	/* default, and what it reports */
	struct vchip *vc = NULL;
	c = (struct vchip_config){.name = "pers-default", .no_air = true};
	CHECK_EQ_INT(vchip_create(&c, &vc), 0, "create without chip=");
	CHECK(vc && strcmp(vchip_chip_name(vc), "8812a") == 0,
	      "default personality is 8812a");
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	CHECK(d.vid == 0x0BDA && d.pid == 0x8812,
	      "default identity is the chip's first USB id");
	vchip_destroy(vc);

	/* VID:PID chooses the personality */
	CHECK(vchip_personality_by_usb_id(0x2357, 0x0101) ==
	          &vchip_personality_8812a,
	      "2357:0101 (TP-Link) is an 8812A");
	CHECK(vchip_personality_by_usb_id(0x1234, 0x5678) == NULL,
	      "unknown VID:PID has no personality");
	c = (struct vchip_config){.name = "pers-tplink", .no_air = true,
	                          .vid = 0x2357, .pid = 0x0101};
	CHECK_EQ_INT(vchip_create(&c, &vc), 0, "create by VID:PID");
	CHECK(vc && strcmp(vchip_chip_name(vc), "8812a") == 0,
	      "VID:PID picked 8812a");
	vchip_destroy(vc);
	c = (struct vchip_config){.name = "pers-unknown", .no_air = true,
	                          .vid = 0x1234, .pid = 0x5678};
	vc = NULL;
	CHECK_EQ_INT(vchip_create(&c, &vc), -ENODEV,
	             "unknown VID:PID without chip= refused");
	CHECK(vc == NULL, "nothing created");
	/* chip= wins over an unusual VID:PID */
	c = (struct vchip_config){.name = "pers-forced", .no_air = true,
	                          .vid = 0x1234, .pid = 0x5678,
	                          .chip = &vchip_personality_8812a};
	CHECK_EQ_INT(vchip_create(&c, &vc), 0, "chip= with any VID:PID");
	vchip_destroy(vc);

	/* the application learns why */
	dvr_device *dev = NULL;
	struct dvr_config dc = {.on_log = on_log};
	int r = dvr_open("virtual:pers-app,chip=rtl9999", &dc, &dev);
	CHECK(r != DVR_OK && dev == NULL, "dvr_open refuses an unknown chip");
	CHECK(strstr(logged, "unknown chip 'rtl9999'") != NULL,
	      "the logged error names the unknown chip");
	logged[0] = '\0';
	r = dvr_open("virtual:pers-pid,pid=1234", &dc, &dev);
	CHECK(r != DVR_OK && dev == NULL, "dvr_open refuses a PID no chip has");
	CHECK(strstr(logged, "no chip model for 0bda:1234") != NULL,
	      "the logged error names the VID:PID");
	return check_done();
}
