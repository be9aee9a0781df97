/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The whole driver on a chip of the test list (the argument; meson runs
 * each: vusb_e2e_<chip>) over the real libusb: dvr_open("auto") finds
 * the virtual adapter at the USB id of the chip's row in
 * tests/chip_table.h, a chip whose EFUSE asks for it switches from USB 2
 * to USB 3 (the test bed re-enumerates it on the SuperSpeed bus, the
 * core's reappear finds it), dvr_start brings it up, and frames go byte
 * for byte to and from a virtual: adapter of the model's default chip on
 * the same air.
 */
#include "tests/chip_table.h"
#include "tests/vusb/vusb_test.h"

#define N_FRAMES 20

static struct vt_rx usb_rx, peer_rx;

static size_t len_of(unsigned i)
{
	return 60 + (i * 131) % 1400;
}

int main(int argc, char **argv)
{
	const struct test_chip *tc = test_chip_find(argc > 1 ? argv[1] : NULL);
	if (!tc) {
		printf("# usage: %s CHIP (a chip of tests/chip_table.h)\n",
		       argv[0]);
		return 2;
	}
	char air[64];
	const char *fw = vt_setup(argv, air, sizeof air);
	vt_rx_init(&usb_rx);
	vt_rx_init(&peer_rx);
	struct vusb *vb = NULL;
	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = {.name = "e2e", .vid = tc->vid,
	                            .pid = tc->pid, .seed = 9};
	char what[160];
	snprintf(what, sizeof what, "test bed with an %04x:%04x adapter",
	         tc->vid, tc->pid);
	if (!vt_bed_one(&vcfg, &vb, &ud, what))
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
	/* the SuperSpeed root hub is bus 2 */
	unsigned want_bus = tc->usb_mbps == 5000 ? 2 : 1;
	snprintf(what, sizeof what, "at %u Mbit/s on bus %u once open",
	         tc->usb_mbps, want_bus);
	CHECK(bus == want_bus && speed == tc->usb_mbps, what);
	if (dev) {
		snprintf(what, sizeof what, "the HAL drives it as %s",
		         test_chip_hal_name(tc));
		CHECK(strcmp(dvr_chip_name(dev), test_chip_hal_name(tc)) == 0,
		      what);
	}
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	r = dev ? dvr_start(dev, &ch) : -1;
	CHECK_EQ_INT(r, DVR_OK, "dvr_start over libusb");
	if (dev && r == DVR_OK) {
		snprintf(what, sizeof what, "identified as %s", tc->dvr_name);
		CHECK(strcmp(dvr_chip_name(dev), tc->dvr_name) == 0, what);
	}
	if (dev && r != DVR_OK)
		printf("# %s\n", dvr_last_error(dev));

	struct dvr_config pcfg = {.on_rx = vt_on_rx, .on_event = vt_on_event,
	                          .user = &peer_rx, .firmware_dir = fw};
	dvr_device *peer = NULL;
	CHECK_EQ_INT(dvr_open("virtual:peer", &pcfg, &peer), DVR_OK,
	             "open virtual:peer (the default adapter)");
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
		CHECK_EQ_INT(send_err, DVR_OK, "usb: every frame sent");
		CHECK_EQ_INT(dvr_flush(dev, 5000), DVR_OK, "usb: flushed");
		CHECK(vt_wait_rx(&peer_rx, N_FRAMES, 5000) >= N_FRAMES,
		      "peer heard every frame");
		CHECK(vt_rx_exact(&peer_rx, 3000, N_FRAMES, len_of),
		      "usb -> virtual peer byte-exact");
		for (unsigned i = 0; i < N_FRAMES; i++) {
			vt_frame(f, len_of(i), 4000 + i);
			dvr_send_raw(peer, f, len_of(i), &p);
		}
		dvr_flush(peer, 5000);
		CHECK(vt_wait_rx(&usb_rx, N_FRAMES, 5000) >= N_FRAMES,
		      "usb heard every frame");
		CHECK(vt_rx_exact(&usb_rx, 4000, N_FRAMES, len_of),
		      "virtual peer -> usb byte-exact");
		CHECK_EQ_INT(atomic_load(&usb_rx.error_status), 0,
		             "no error event");
	}
	dvr_close(dev);
	dvr_close(peer);
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
