/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 *   devourer-vusb --adapter g:0bda:c812 -- \
 *       test_vusb_8822c_launcher --child
 * The launcher plugs in an RTL8822CU; this same program, run by it as
 * its PROGRAM (preload and $UMOCKDEV_DIR set by the launcher), finds it
 * with libusb at high speed, reads the chip id, writes the USB 2 -> 3
 * switch, and has the USB backend's reappear find it again at 5000
 * Mbit/s on the SuperSpeed bus: the launcher re-enumerates a chip in its
 * own process, for a program in another. The child's checks go to
 * stderr; its exit status is the parent's check.
 *
 * Argument: devourer-vusb.
 */
#include <limits.h>

#include "libdevourer/bus/backend.h"
#include "tests/vusb/vusb_test.h"
#include "tests/vusb/vusb_8822c.h"

static bool is_8822c(void *ctx, uint16_t vid, uint16_t pid)
{
	(void)ctx;
	return vid == V22_VID && pid == V22_PID;
}

/* Under the launcher. */
static int child(void)
{
	libusb_context *ctx = NULL;
	if (!CHECK(libusb_init(&ctx) == 0, "child: libusb"))
		return check_done();
	libusb_device *dev = v22_find(ctx);
	if (CHECK(dev != NULL, "child: 0bda:c812 listed")) {
		struct v22_look l;
		v22_look_at(ctx, dev, &l);
		CHECK(l.speed == LIBUSB_SPEED_HIGH && l.bcd_usb == 0x0210 &&
		      l.bus == 1, "child: high speed, bcdUSB 2.10, bus 1");
		libusb_device_handle *h = NULL;
		if (CHECK(libusb_open(dev, &h) == 0 &&
		          libusb_claim_interface(h, 0) == 0,
		          "child: opened and claimed")) {
			uint8_t b = 0;
			CHECK(v22_read(h, 0x00FC, &b, 1) == 1 && b == 0x13,
			      "child: chip id 0x13");
			CHECK_EQ_INT(v22_switch_usb3(h), 4,
			             "child: switch taken");
			libusb_release_interface(h, 0);
			libusb_close(h);
		}
		libusb_unref_device(dev);
	}
	libusb_exit(ctx);

	struct dvr_usb_info was = {.vid = V22_VID, .pid = V22_PID};
	snprintf(was.address, sizeof was.address, "1-1");
	struct dvr_selector sel = {.kind = DVR_SEL_AUTO};
	struct dvr_bus_accept accept = {.fn = is_8822c};
	struct dvr_transport *t = NULL;
	CHECK_EQ_INT(dvr_backend_usb.reappear(&was, &sel, &accept, 5000, &t),
	             DVR_OK, "child: back, found by VID:PID");
	if (t) {
		CHECK_EQ_INT(t->info.speed_mbps, 5000, "child: 5000 Mbit/s");
		CHECK(strcmp(t->info.address, "2-1") == 0, "child: at 2-1");
		uint8_t b = 0;
		CHECK(t->ops->ctrl_in(t, 0x00FF, 0, &b, 1, 500) == 1 &&
		      b == 0x20, "child: the chip sees its USB3 link");
		t->ops->destroy(t);
	}
	return check_done();
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "--child") == 0) {
		/* TAP belongs to the parent: ours goes to stderr. */
		if (dup2(2, 1) < 0)
			return 1;
		return child();
	}
	if (argc < 2) {
		printf("usage: %s devourer-vusb\n", argv[0]);
		return 2;
	}
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		CHECK_SKIP("cannot find this program's path");
	self[n] = '\0';
	char air[64];
	snprintf(air, sizeof air, "/tmp/dvr-vusb22l-XXXXXX");
	if (!mkdtemp(air))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", air, 1);

	char *run[] = {argv[1], "--adapter", "g:0bda:c812", "--",
	               self, "--child", NULL};
	pid_t pid = vt_spawn(run);
	CHECK(pid > 0, "launcher started");
	int st = pid > 0 ? vt_wait_exit(pid, 60000) : -1;
	CHECK_EQ_INT(st, 0, "devourer-vusb --adapter g:0bda:c812: "
	             "the program saw it at USB2, switched it, found it "
	             "again at USB3");
	vt_rm_dir(air);
	return check_done();
}
