/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The USB backend's reappear (what the core uses after a chip's USB mode
 * switch), over the real libusb against a virtual USB adapter: with the
 * device gone it returns DVR_E_NOT_FOUND (it gives up at its deadline
 * instead of waiting forever); when the
 * device comes back while it waits, it opens it at the same port path and
 * the device answers register reads.
 */
#include <pthread.h>
#include <stdbool.h>

#include "hal/hal.h"
#include "libdevourer/bus/backend.h"
#include "tests/vusb/vusb_test.h"

static bool supported(void *ctx, uint16_t vid, uint16_t pid)
{
	(void)ctx;
	return dvr_hal_find_chip(vid, pid) != NULL;
}

static const struct dvr_bus_accept accept = {.fn = supported};

struct wait_job {
	struct dvr_usb_info was;
	struct dvr_selector sel;
	struct dvr_transport *t;
	int status;
	atomic_bool started;
};

static void *wait_for_it(void *arg)
{
	struct wait_job *j = arg;
	atomic_store(&j->started, true);
	j->status = dvr_backend_usb.reappear(&j->was, &j->sel, &accept, 5000,
	                                     &j->t);
	return NULL;
}

int main(int argc, char **argv)
{
	(void)argc;
	char air[64];
	vt_setup(argv, air, sizeof air);
	struct vusb *vb = NULL;
	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = {.name = "reenum", .seed = 3};
	if (!vt_bed_one(&vcfg, &vb, &ud, "test bed with one adapter"))
		return check_done();

	struct wait_job j = {.sel = {.kind = DVR_SEL_AUTO}};
	struct dvr_transport *t = NULL;
	CHECK_EQ_INT(dvr_backend_usb.open(&j.sel, &accept, &t, NULL, 0), DVR_OK,
	             "open auto over libusb");
	if (!t) {
		vusb_free(vb);
		return check_done();
	}
	j.was = t->info;
	printf("# at %s (address %s)\n", t->info.location, t->info.address);
	CHECK(strcmp(t->info.address, "1-1") == 0, "port path recorded");
	t->ops->destroy(t);

	/* Gone and not coming back: bounded. */
	vusb_unplug(ud);
	t = (struct dvr_transport *)1;
	CHECK_EQ_INT(dvr_backend_usb.reappear(&j.was, &j.sel, &accept, 300, &t),
	             DVR_E_NOT_FOUND, "absent: gives up at its deadline");
	CHECK(t == NULL, "absent: nothing opened");

	/* Comes back while the backend waits. */
	pthread_t th;
	CHECK_EQ_INT(pthread_create(&th, NULL, wait_for_it, &j), 0, "waiter");
	while (!atomic_load(&j.started))
		vt_sleep_ms(1);
	CHECK_EQ_INT(vusb_replug(ud), 0, "re-plug");
	pthread_join(th, NULL);
	CHECK_EQ_INT(j.status, DVR_OK, "back: reopened");
	if (j.t) {
		CHECK(strcmp(j.t->info.address, j.was.address) == 0,
		      "back: at the same port path");
		CHECK_EQ_INT(j.t->info.vid, j.was.vid, "back: same VID");
		uint8_t b[4] = {0};
		CHECK_EQ_INT(j.t->ops->ctrl_in(j.t, 0x00F0, 0, b, 4, 500), 4,
		             "back: the device answers a register read");
		j.t->ops->destroy(j.t);
	}
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
