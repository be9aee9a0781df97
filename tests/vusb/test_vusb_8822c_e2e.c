/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The whole driver on an RTL8822CU over the real libusb: dvr_open("auto")
 * finds the virtual 0bda:c812, the chip's USB mode switch takes it from
 * USB 2 to USB 3 (the test bed re-enumerates it on the SuperSpeed bus,
 * the core's reappear finds it), dvr_start brings it up, and frames go
 * byte for byte to and from a virtual: RTL8812AU on the same air.
 *
 * Guarded: it needs the 8822C HAL registered and coming up on the chip
 * model. When dvr_open/dvr_start of "virtual:x,chip=8822c" fails
 * in-process, the test skips and says why, so what is missing is the
 * bring-up, not the USB side (test_vusb_8822c covers that alone).
 */
#include "tests/vusb/vusb_test.h"
#include "tests/vusb/vusb_8822c.h"

#define N_FRAMES 20

static struct vt_rx usb_rx, peer_rx;
static char skip_why[400];

static size_t len_of(unsigned i)
{
	return 60 + (i * 131) % 1400;
}

/* Whether an 8822C comes up in-process at all; skip_why says why not. */
static bool bring_up_there(const char *fw)
{
	struct dvr_config cfg = {.firmware_dir = fw};
	dvr_device *dev = NULL;
	int r = dvr_open("virtual:probe22c,chip=8822c", &cfg, &dev);
	if (r != DVR_OK) {
		snprintf(skip_why, sizeof skip_why,
		         "in-process 8822C bring-up not available yet: "
		         "dvr_open(virtual:probe22c,chip=8822c) failed: %s%s%s",
		         dvr_strerror(r), dev ? ": " : "",
		         dev ? dvr_last_error(dev) : "");
		dvr_close(dev);
		return false;
	}
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	r = dvr_start(dev, &ch);
	if (r != DVR_OK)
		snprintf(skip_why, sizeof skip_why,
		         "in-process 8822C bring-up not available yet: "
		         "dvr_start of virtual:probe22c,chip=8822c failed: "
		         "%s: %s",
		         dvr_strerror(r), dvr_last_error(dev));
	dvr_close(dev);
	return r == DVR_OK;
}

int main(int argc, char **argv)
{
	(void)argc;
	char air[64];
	const char *fw = vt_setup(argv, air, sizeof air);
	if (!bring_up_there(fw)) {
		vt_rm_dir(air);
		CHECK_SKIP(skip_why);
	}
	vt_rx_init(&usb_rx);
	vt_rx_init(&peer_rx);
	struct vusb *vb = NULL;
	struct vusb_dev *ud = NULL;
	/* a stick whose EFUSE asks for the USB3 switch */
	struct vchip_config vcfg = {.name = "c22e2e", .vid = V22_VID,
	                            .pid = V22_PID, .seed = 9};
	if (!vt_bed_one(&vcfg, &vb, &ud, "test bed with an 0bda:c812 adapter"))
		return check_done();

	struct dvr_config cfg = {.on_rx = vt_on_rx, .on_event = vt_on_event,
	                         .user = &usb_rx, .firmware_dir = fw};
	dvr_device *dev = NULL;
	int r = dvr_open("auto", &cfg, &dev);
	CHECK_EQ_INT(r, DVR_OK, "dvr_open(auto) over libusb");
	if (r != DVR_OK)
		printf("# %s\n", dev ? dvr_last_error(dev) : dvr_strerror(r));
	unsigned bus = 0, port = 0, addr = 0, speed = 0;
	vusb_location(ud, &bus, &port, &addr, &speed);
	printf("# adapter at %u-%u address %u, %u Mbit/s\n", bus, port, addr,
	       speed);
	if (!CHECK(bus == 2 && speed == 5000,
	           "the USB mode switch re-enumerated it at 5000 Mbit/s on "
	           "bus 2"))
		printf("# the stick's EFUSE asks for the switch (0x06 bit 7): "
		       "the chip's usb_mode_switch must have read it by the "
		       "time dvr_open calls it\n");
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	r = dev ? dvr_start(dev, &ch) : -1;
	CHECK_EQ_INT(r, DVR_OK, "dvr_start over libusb");
	if (dev && r != DVR_OK)
		printf("# %s\n", dvr_last_error(dev));
	if (dev)
		printf("# chip %s\n", dvr_chip_name(dev));

	struct dvr_config pcfg = {.on_rx = vt_on_rx, .on_event = vt_on_event,
	                          .user = &peer_rx, .firmware_dir = fw};
	dvr_device *peer = NULL;
	CHECK_EQ_INT(dvr_open("virtual:peer22", &pcfg, &peer), DVR_OK,
	             "open virtual:peer22 (RTL8812AU)");
	CHECK_EQ_INT(peer ? dvr_start(peer, &ch) : -1, DVR_OK, "peer up");

	if (dev && peer && r == DVR_OK) {
		static uint8_t f[VT_MAX_LEN];
		struct dvr_tx_params p = vt_params();
		int send_err = 0;
		for (unsigned i = 0; i < N_FRAMES; i++) {
			vt_frame(f, len_of(i), 3000 + i);
			int s = dvr_send_raw(dev, f, len_of(i), &p);
			if (s != DVR_OK && !send_err)
				send_err = s;
		}
		CHECK_EQ_INT(send_err, DVR_OK, "8822C: every frame sent");
		CHECK_EQ_INT(dvr_flush(dev, 5000), DVR_OK, "8822C: flushed");
		CHECK(vt_wait_rx(&peer_rx, N_FRAMES, 5000) >= N_FRAMES,
		      "8812A heard every frame");
		CHECK(vt_rx_exact(&peer_rx, 3000, N_FRAMES, len_of),
		      "usb 8822C -> virtual 8812A byte-exact");
		for (unsigned i = 0; i < N_FRAMES; i++) {
			vt_frame(f, len_of(i), 4000 + i);
			dvr_send_raw(peer, f, len_of(i), &p);
		}
		dvr_flush(peer, 5000);
		CHECK(vt_wait_rx(&usb_rx, N_FRAMES, 5000) >= N_FRAMES,
		      "8822C heard every frame");
		CHECK(vt_rx_exact(&usb_rx, 4000, N_FRAMES, len_of),
		      "virtual 8812A -> usb 8822C byte-exact");
		CHECK_EQ_INT(atomic_load(&usb_rx.error_status), 0,
		             "no error event");
	}
	dvr_close(dev);
	dvr_close(peer);
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
