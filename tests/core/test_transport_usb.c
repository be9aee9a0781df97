/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The libusb transport without hardware: listing and opening must answer
 * cleanly when no supported adapter is plugged in (the normal case on a
 * build machine). With a real adapter present those checks are skipped;
 * the transfer paths are covered by the umockdev tests.
 */
#include <devourer/devourer.h>

#include "hal/hal.h"
#include "libdevourer/bus/backend.h"
#include "tests/check.h"

/* What the core passes: the VID:PIDs some chip drives. */
static bool supported(void *ctx, uint16_t vid, uint16_t pid)
{
	(void)ctx;
	return dvr_hal_find_chip(vid, pid) != NULL;
}

static const struct dvr_bus_accept accept = {.fn = supported};

int main(void)
{
	struct dvr_adapter_info a[4];
	size_t count = 0;
	int r = dvr_backend_usb.list(&accept, a, 4, &count);
	CHECK(r == DVR_OK || r == DVR_E_NOT_FOUND, "list answers");
	CHECK_EQ_INT(dvr_backend_usb.list(&accept, NULL, 4, &count), DVR_E_INVALID,
	             "list: NULL array with room refused");
	size_t c2 = 0;
	r = dvr_backend_usb.list(&accept, NULL, 0, &c2);
	CHECK(r == DVR_OK || r == DVR_E_NOT_FOUND, "list: counting only");
	CHECK_EQ_INT(c2, count, "list: count without an array is the same");

	struct dvr_transport *t = (struct dvr_transport *)1;
	struct dvr_selector virt = {.kind = DVR_SEL_VIRTUAL};
	CHECK_EQ_INT(dvr_backend_usb.open(&virt, NULL, &t, NULL, 0), DVR_E_INVALID,
	             "virtual selector refused");
	CHECK(t == NULL, "out cleared on failure");
	CHECK_EQ_INT(dvr_backend_usb.open(NULL, NULL, &t, NULL, 0), DVR_E_INVALID, "NULL selector");

	struct dvr_selector bad_path = {.kind = DVR_SEL_USB_PATH};
	snprintf(bad_path.path, sizeof bad_path.path, "x-1");
	r = dvr_backend_usb.open(&bad_path, NULL, &t, NULL, 0);
	CHECK(r == DVR_E_INVALID || r == DVR_E_NOT_FOUND, "bad path refused");

	if (count > 0) {
		printf("# %zu supported adapter(s) present: %s at %s\n", count,
		       a[0].selector, a[0].location);
		return check_done();
	}
	CHECK_EQ_INT(count, 0, "no supported adapter listed");

	struct dvr_selector aut = {.kind = DVR_SEL_AUTO};
	CHECK_EQ_INT(dvr_backend_usb.open(&aut, &accept, &t, NULL, 0), DVR_E_NOT_FOUND,
	             "auto: not found");
	struct dvr_selector id = {.kind = DVR_SEL_USB_ID, .vid = 0x0bda,
	                          .pid = 0x8812, .index = 0};
	CHECK_EQ_INT(dvr_backend_usb.open(&id, NULL, &t, NULL, 0), DVR_E_NOT_FOUND,
	             "usb:0bda:8812: not found");
	struct dvr_selector path = {.kind = DVR_SEL_USB_PATH};
	snprintf(path.path, sizeof path.path, "250-7.3");
	CHECK_EQ_INT(dvr_backend_usb.open(&path, NULL, &t, NULL, 0), DVR_E_NOT_FOUND,
	             "usb:250-7.3: not found");
	CHECK(t == NULL, "nothing opened");
	return check_done();
}
