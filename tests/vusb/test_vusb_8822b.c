/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An RTL8822BU presented under the umockdev test bed by its USB id (the
 * TP-Link Archer T3U's 2357:012d chooses the 8822b model, as
 * devourer-vusb --adapter NAME:2357:012d does), seen through the real
 * libusb, without a driver:
 *   - high speed, bcdUSB 2.10 with a BOS (USB3-capable), one bulk IN and
 *     three bulk OUT on a vendor-specific interface;
 *   - vendor-request reads give the chip id 0x0A and no USB3 link;
 *   - the USB 2 -> 3 switch as rtw88 usb.c rtw_usb_switch_mode_new writes
 *     it for the 8822B (IO-wrapper timeout off at 0x10C3 bit 0 first)
 *     makes it leave and come back at 5000 Mbit/s, where 0xFF reads 0x20.
 */
#include "libdevourer/bus/backend.h"
#include "tests/vusb/vusb_test.h"
#include "tests/vusb/vusb_8822c.h"

#define B_VID 0x2357
#define B_PID 0x012D

static bool is_t3u(void *ctx, uint16_t vid, uint16_t pid)
{
	(void)ctx;
	return vid == B_VID && pid == B_PID;
}

static libusb_device *find_t3u(libusb_context *ctx)
{
	libusb_device **list;
	ssize_t n = libusb_get_device_list(ctx, &list);
	libusb_device *found = NULL;
	for (ssize_t i = 0; i < n && !found; i++) {
		struct libusb_device_descriptor dd;
		if (libusb_get_device_descriptor(list[i], &dd) == 0 &&
		    dd.idVendor == B_VID && dd.idProduct == B_PID)
			found = libusb_ref_device(list[i]);
	}
	if (n >= 0)
		libusb_free_device_list(list, 1);
	return found;
}

static void usb2_part(libusb_context *ctx)
{
	libusb_device *dev = find_t3u(ctx);
	if (!CHECK(dev != NULL, "2357:012d listed by libusb"))
		return;
	struct v22_look l;
	CHECK(v22_look_at(ctx, dev, &l), "descriptors read");
	CHECK_EQ_INT(l.speed, LIBUSB_SPEED_HIGH, "high speed");
	CHECK_EQ_HEX(l.bcd_usb, 0x0210, "bcdUSB 2.10 (USB3-capable)");
	CHECK(l.iface_ff, "vendor-specific FF/FF/FF interface");
	CHECK_EQ_INT(l.n_bulk_in, 1, "one bulk IN");
	CHECK_EQ_INT(l.n_bulk_out, 3, "three bulk OUT");
	libusb_device_handle *h = NULL;
	int r = libusb_open(dev, &h);
	libusb_unref_device(dev);
	if (!CHECK(r == 0 && libusb_claim_interface(h, 0) == 0,
	           "opened and claimed")) {
		if (h)
			libusb_close(h);
		return;
	}
	uint8_t b = 0xEE;
	CHECK_EQ_INT(v22_read(h, 0x00FC, &b, 1), 1, "read 0xFC");
	CHECK_EQ_HEX(b, 0x0A, "chip id 0x0A (RTL8822B)");
	b = 0xEE;
	CHECK_EQ_INT(v22_read(h, 0x00FF, &b, 1), 1, "read 0xFF");
	CHECK_EQ_HEX(b, 0x00, "no USB3 link yet");
	/* rtw88 usb.c rtw_usb_switch_mode_new, 8822B branch */
	CHECK(v22_read(h, 0x10C3, &b, 1) == 1, "read 0x10C3");
	b &= (uint8_t)~0x01;
	CHECK(v22_write(h, 0x10C3, &b, 1) == 1, "IO-wrapper timeout off");
	CHECK_EQ_INT(v22_switch_usb3(h), 4, "switch taken");
	libusb_release_interface(h, 0);
	libusb_close(h);
}

int main(int argc, char **argv)
{
	(void)argc;
	char air[64];
	vt_setup(argv, air, sizeof air);
	struct vusb *vb = NULL;
	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = {.name = "b22", .vid = B_VID,
	                            .pid = B_PID, .seed = 5};
	if (!vt_bed_one(&vcfg, &vb, &ud, "test bed with a 2357:012d adapter")) {
		vt_rm_dir(air);
		return check_done();
	}
	CHECK(strcmp(vchip_chip_name(vusb_chip(ud)), "8822b") == 0,
	      "2357:012d is the 8822b model");
	libusb_context *ctx = NULL;
	if (CHECK(libusb_init(&ctx) == 0, "libusb")) {
		usb2_part(ctx);
		libusb_exit(ctx);
	}
	struct dvr_usb_info was = {.vid = B_VID, .pid = B_PID};
	snprintf(was.address, sizeof was.address, "1-1");
	struct dvr_selector sel = {.kind = DVR_SEL_AUTO};
	struct dvr_bus_accept accept = {.fn = is_t3u};
	struct dvr_transport *t = NULL;
	CHECK_EQ_INT(dvr_backend_usb.reappear(&was, &sel, &accept, 5000, &t),
	             DVR_OK, "back, found by VID:PID");
	if (t) {
		CHECK_EQ_INT(t->info.speed_mbps, 5000, "5000 Mbit/s");
		uint8_t b = 0;
		CHECK(t->ops->ctrl_in(t, 0x00FF, 0, &b, 1, 500) == 1 &&
		      b == 0x20, "the chip sees its USB3 link");
		CHECK(t->ops->ctrl_in(t, 0x00FC, 0, &b, 1, 500) == 1 &&
		      b == 0x0A, "still chip id 0x0A");
		t->ops->destroy(t);
	}
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
