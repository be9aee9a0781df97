/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An RTL8822CU (0bda:c812) under the umockdev test bed, seen through the
 * real libusb, without the driver:
 *   - it enumerates at high speed with the descriptors (and the sysfs
 *     attributes: speed, version, bMaxPacketSize0) of a USB3-capable
 *     device there (bcdUSB 2.10, 512-byte bulk, a BOS), one bulk IN and
 *     three bulk OUT on a vendor-specific interface;
 *   - vendor-request register reads work (chip id 0xFC = 0x13, USB3 link
 *     byte 0xFF = 0);
 *   - the USB 2 -> 3 switch written as rtw88 writes it makes the device
 *     leave: a bulk IN in flight completes with "no device", the old
 *     handle fails with "no device";
 *   - it comes back on the SuperSpeed bus (2-1) at 5000 Mbit/s with
 *     SuperSpeed descriptors (bcdUSB 3.00, ep0 2^9, 1024-byte bulk with
 *     companions), and the USB backend's reappear finds it by VID:PID
 *     and opens it; 0xFF now reads 0x20;
 *   - a frame behind a valid 48-byte descriptor, sent with one blocking
 *     bulk OUT over libusb, reaches the air: a virtual: RTL8812AU hears
 *     it byte for byte.
 * The chip is brought to TX-ready through the model's own interface (the
 * calls the usbfs front end makes for every URB): what is under test
 * here is the USB side, not an 8822C bring-up.
 */
#include "libdevourer/bus/backend.h"
#include "tests/vusb/vusb_test.h"
#include "tests/virtual/vhelp_8822c.h"
#include "tests/vusb/vusb_8822c.h"

#define FRAME_LEN 1500

static struct vt_rx heard;

static bool is_8822c(void *ctx, uint16_t vid, uint16_t pid)
{
	(void)ctx;
	return vid == V22_VID && pid == V22_PID;
}

static const struct dvr_bus_accept accept = {.fn = is_8822c};

static size_t frame_len(unsigned i)
{
	(void)i;
	return FRAME_LEN;
}

static void LIBUSB_CALL in_done(struct libusb_transfer *x)
{
	*(int *)x->user_data = 1;
}

/* A sysfs attribute of usb device NAME ("1-1") as the test bed has it,
 * without the newline; "" when absent. */
static const char *sysattr(const char *name, const char *attr)
{
	static char v[64];
	char path[600];
	snprintf(path, sizeof path, "%s/sys/bus/usb/devices/%s/%s",
	         getenv("UMOCKDEV_DIR") ? getenv("UMOCKDEV_DIR") : "", name,
	         attr);
	v[0] = '\0';
	FILE *f = fopen(path, "r");
	if (f) {
		if (!fgets(v, sizeof v, f))
			v[0] = '\0';
		fclose(f);
	}
	v[strcspn(v, "\n")] = '\0';
	return v;
}

static void usb2_part(libusb_context *ctx)
{
	libusb_device *dev = v22_find(ctx);
	if (!CHECK(dev != NULL, "USB2: 0bda:c812 listed by libusb"))
		return;
	struct v22_look l;
	CHECK(v22_look_at(ctx, dev, &l), "USB2: descriptors read");
	CHECK_EQ_INT(l.speed, LIBUSB_SPEED_HIGH, "USB2: high speed");
	CHECK_EQ_HEX(l.bcd_usb, 0x0210, "USB2: bcdUSB 2.10 (USB3-capable)");
	CHECK_EQ_INT(l.mps0, 64, "USB2: ep0 64 bytes");
	CHECK(l.iface_ff, "USB2: vendor-specific FF/FF/FF interface");
	CHECK_EQ_INT(l.n_bulk_in, 1, "USB2: one bulk IN");
	CHECK_EQ_INT(l.n_bulk_out, 3, "USB2: three bulk OUT");
	CHECK(l.bulk_mps_min == 512 && l.bulk_mps_max == 512,
	      "USB2: 512-byte bulk endpoints");
	CHECK_EQ_INT(l.n_companion, 0, "USB2: no SuperSpeed companions");
	CHECK_EQ_INT(l.bus, 1, "USB2: on bus 1");
	CHECK_EQ_INT(l.port, 1, "USB2: port 1");

	CHECK(strcmp(sysattr("1-1", "speed"), "480") == 0,
	      "USB2: sysfs speed 480");
	CHECK(strcmp(sysattr("1-1", "version"), " 2.10") == 0,
	      "USB2: sysfs version 2.10");
	CHECK(strcmp(sysattr("1-1", "bMaxPacketSize0"), "64") == 0,
	      "USB2: sysfs bMaxPacketSize0 64");
	libusb_device_handle *h = NULL;
	int r = libusb_open(dev, &h);
	libusb_unref_device(dev);
	if (!CHECK(r == 0, "USB2: opened"))
		return;
	CHECK_EQ_INT(libusb_claim_interface(h, 0), 0, "USB2: claimed");
	bool ext, ss;
	CHECK_EQ_INT(v22_bos(h, &ext, &ss), 0, "USB2: BOS over ep0");
	CHECK(ext && ss, "USB2: BOS has USB 2.0 extension and SS capability");
	uint8_t b = 0xEE;
	CHECK_EQ_INT(v22_read(h, 0x00FC, &b, 1), 1, "USB2: read 0xFC");
	CHECK_EQ_HEX(b, 0x13, "USB2: chip id 0x13 (RTL8822C)");
	b = 0xEE;
	CHECK_EQ_INT(v22_read(h, 0x00FF, &b, 1), 1, "USB2: read 0xFF");
	CHECK_EQ_HEX(b, 0x00, "USB2: chip sees no USB3 link");

	/* A bulk IN in flight when the device leaves. */
	static uint8_t buf[32768];
	int done = 0;
	struct libusb_transfer *x = libusb_alloc_transfer(0);
	libusb_fill_bulk_transfer(x, h, 0x81, buf, sizeof buf, in_done, &done,
	                          0);
	CHECK_EQ_INT(libusb_submit_transfer(x), 0, "USB2: bulk IN posted");
	CHECK_EQ_INT(v22_switch_usb3(h), 4,
	             "switch: the last PAD_CTRL2 write is taken");
	uint64_t end = vt_now_ms() + 5000;
	while (!done && vt_now_ms() < end) {
		struct timeval tv = {.tv_usec = 100000};
		libusb_handle_events_timeout_completed(ctx, &tv, &done);
	}
	CHECK(done, "switch: the bulk IN in flight completed");
	CHECK_EQ_INT(x->status, LIBUSB_TRANSFER_NO_DEVICE,
	             "switch: ... with \"no device\"");
	CHECK_EQ_INT(v22_read(h, 0x00FC, &b, 1), LIBUSB_ERROR_NO_DEVICE,
	             "switch: the old handle fails with \"no device\"");
	libusb_free_transfer(x);
	libusb_release_interface(h, 0);
	libusb_close(h);
}

static void usb3_look(void)
{
	libusb_context *ctx = NULL;
	if (!CHECK(libusb_init(&ctx) == 0, "USB3: libusb again"))
		return;
	libusb_device *dev = v22_find(ctx);
	if (CHECK(dev != NULL, "USB3: 0bda:c812 listed again")) {
		struct v22_look l;
		CHECK(v22_look_at(ctx, dev, &l), "USB3: descriptors read");
		CHECK_EQ_INT(l.speed, LIBUSB_SPEED_SUPER, "USB3: SuperSpeed");
		CHECK_EQ_HEX(l.bcd_usb, 0x0300, "USB3: bcdUSB 3.00");
		CHECK_EQ_INT(l.mps0, 9, "USB3: ep0 2^9 bytes");
		CHECK_EQ_INT(l.n_bulk_in, 1, "USB3: one bulk IN");
		CHECK_EQ_INT(l.n_bulk_out, 3, "USB3: three bulk OUT");
		CHECK(l.bulk_mps_min == 1024 && l.bulk_mps_max == 1024,
		      "USB3: 1024-byte bulk endpoints");
		CHECK_EQ_INT(l.n_companion, 4,
		             "USB3: a companion per endpoint");
		CHECK_EQ_INT(l.bus, 2, "USB3: on the SuperSpeed bus 2");
		CHECK_EQ_INT(l.port, 1, "USB3: port 1");
		libusb_device_handle *h = NULL;
		if (CHECK(libusb_open(dev, &h) == 0, "USB3: opened too")) {
			bool ext, ss;
			CHECK_EQ_INT(v22_bos(h, &ext, &ss), 0, "USB3: BOS");
			CHECK(ss, "USB3: BOS has the SS capability");
			libusb_close(h);
		}
		libusb_unref_device(dev);
	}
	libusb_exit(ctx);
}

int main(int argc, char **argv)
{
	(void)argc;
	char air[64];
	const char *fw = vt_setup(argv, air, sizeof air);
	vt_rx_init(&heard);
	char err[200];
	/* A board's EFUSE may tell the driver to stay on USB 2. */
	struct vchip_config pc = {.name = "x"};
	CHECK(vchip_config_parse(&pc, "chip=8822c,usb3switch=0", err,
	                         sizeof err) == 0 && pc.efuse_stay_usb2,
	      "usb3switch=0 parsed");
	CHECK(vchip_config_parse(&pc, "usb3switch=yes", err, sizeof err) < 0,
	      "usb3switch=yes refused");
	struct vusb *vb = NULL;
	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = {.name = "c22", .vid = V22_VID,
	                            .pid = V22_PID, .seed = 5};
	if (!vt_bed_one(&vcfg, &vb, &ud, "test bed with an 0bda:c812 adapter"))
		return check_done();
	CHECK(strcmp(vchip_chip_name(vusb_chip(ud)), "8822c") == 0,
	      "0bda:c812 is the 8822c model");
	unsigned bus = 0, port = 0, addr = 0, speed = 0;
	CHECK_EQ_INT(vusb_location(ud, &bus, &port, &addr, &speed), 0,
	             "enumerated");
	CHECK(bus == 1 && port == 1 && speed == 480, "at 1-1, 480 Mbit/s");
	unsigned addr_hs = addr;

	libusb_context *ctx = NULL;
	if (CHECK(libusb_init(&ctx) == 0, "libusb")) {
		usb2_part(ctx);
		libusb_exit(ctx);
	}

	/* The core's side: the backend waits for it and opens it. */
	struct dvr_usb_info was = {.vid = V22_VID, .pid = V22_PID};
	snprintf(was.address, sizeof was.address, "1-1");
	struct dvr_selector sel = {.kind = DVR_SEL_AUTO};
	struct dvr_transport *t = NULL;
	CHECK_EQ_INT(dvr_backend_usb.reappear(&was, &sel, &accept, 5000, &t),
	             DVR_OK, "reappear: found by VID:PID and opened");
	CHECK_EQ_INT(vusb_location(ud, &bus, &port, &addr, &speed), 0,
	             "enumerated again");
	printf("# after the switch: bus %u port %u address %u (was %u)\n",
	       bus, port, addr, addr_hs);
	CHECK(bus == 2 && port == 1 && speed == 5000, "at 2-1, 5000 Mbit/s");
	if (t) {
		CHECK_EQ_INT(t->info.speed_mbps, 5000,
		             "transport: 5000 Mbit/s");
		CHECK_EQ_INT(t->info.bulk_max_packet, 1024,
		             "transport: 1024-byte bulk");
		CHECK(strcmp(t->info.address, "2-1") == 0,
		      "transport: at 2-1 (another bus, another path)");
		uint8_t b = 0;
		CHECK_EQ_INT(t->ops->ctrl_in(t, 0x00FF, 0, &b, 1, 500), 1,
		             "USB3: read 0xFF");
		CHECK_EQ_HEX(b, 0x20, "USB3: the chip sees its USB3 link");
		CHECK_EQ_INT(t->ops->ctrl_in(t, 0x00FC, 0, &b, 1, 500), 1,
		             "USB3: read 0xFC");
		CHECK_EQ_HEX(b, 0x13, "USB3: still chip id 0x13");
	}
	CHECK(strcmp(sysattr("2-1", "speed"), "5000") == 0,
	      "USB3: sysfs speed 5000");
	CHECK(strcmp(sysattr("2-1", "version"), " 3.00") == 0,
	      "USB3: sysfs version 3.00");
	CHECK(strcmp(sysattr("2-1", "bMaxPacketSize0"), "9") == 0,
	      "USB3: sysfs bMaxPacketSize0 9");
	CHECK(strcmp(sysattr("2-1", "busnum"), "2") == 0,
	      "USB3: sysfs busnum 2");
	CHECK(sysattr("1-1", "speed")[0] == '\0', "USB3: 1-1 left sysfs");

	/* A second open file on the same device (another user, as usbfs
	 * allows): each reaps its own URBs, and closing it leaves the first
	 * one working. */
	libusb_context *c2 = NULL;
	if (t && CHECK(libusb_init(&c2) == 0, "second libusb context")) {
		libusb_device *d2 = v22_find(c2);
		libusb_device_handle *h2 = NULL;
		if (CHECK(d2 && libusb_open(d2, &h2) == 0, "second handle")) {
			bool ext, ss;
			for (int i = 0; i < 20; i++) {
				uint8_t b1 = 0, b2 = 0;
				bool one = v22_read(h2, 0x00FC, &b2, 1) == 1 &&
				           t->ops->ctrl_in(t, 0x00FF, 0, &b1, 1,
				                           500) == 1;
				if (!one || b1 != 0x20 || b2 != 0x13) {
					CHECK(0, "two handles: each its "
					         "answer");
					break;
				}
			}
			CHECK_EQ_INT(v22_bos(h2, &ext, &ss), 0,
			             "second handle: BOS, the first open");
			CHECK(ss, "second handle: SS capability");
			libusb_close(h2);
		}
		if (d2)
			libusb_unref_device(d2);
		libusb_exit(c2);
		uint8_t b = 0;
		CHECK(t->ops->ctrl_in(t, 0x00FC, 0, &b, 1, 500) == 1 &&
		      b == 0x13,
		      "first handle works after the second closed");
	}

	/* TX: one frame behind a valid 48-byte descriptor on bulk OUT 0x02,
	 * sync, over libusb at SuperSpeed; a virtual: 8812A hears it. */
	struct dvr_config pcfg = {.on_rx = vt_on_rx, .on_event = vt_on_event,
	                          .user = &heard, .firmware_dir = fw};
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	dvr_device *peer = NULL;
	CHECK_EQ_INT(dvr_open("virtual:hear", &pcfg, &peer), DVR_OK,
	             "open virtual:hear (RTL8812AU)");
	CHECK_EQ_INT(peer ? dvr_start(peer, &ch) : -1, DVR_OK,
	             "virtual:hear up on 36");
	struct vchip *vc = vusb_chip(ud);
	bool ready = CHECK(c_tx_ready(vc, 36),
	                   "8822C model: firmware up, tuned");
	if (t && peer && ready) {
		static uint8_t x[48 + FRAME_LEN];
		v3_desc(x, FRAME_LEN, 0x12, 0x04, 0, 0); /* MGT, OFDM 6M */
		x[33] &= (uint8_t)~0x80; /* no EN_HWSEQ: our sequence number */
		vt_frame(x + 48, FRAME_LEN, 77);
		v3_csum_j3(x);
		CHECK_EQ_INT(t->ops->bulk_out_sync(t, 0, x, sizeof x, 1000),
		             (int)sizeof x, "sync bulk OUT taken");
		CHECK(vt_wait_rx(&heard, 1, 5000) >= 1, "virtual:hear got it");
		CHECK(vt_rx_exact(&heard, 77, 1, frame_len),
		      "usb (8822C, USB3) -> virtual (8812A) byte-exact");
		struct vchip_stats st;
		vchip_get_stats(vc, &st);
		uint64_t dropped = st.tx_bad_checksum + st.tx_bad_desc +
		                   st.tx_bad_queue + st.tx_not_ready;
		CHECK(st.tx_aired == 1 && dropped == 0,
		      "8822C model: aired once, nothing dropped");
	}
	dvr_close(peer);
	/* One user at a time: the raw look opens the device itself. */
	if (t)
		t->ops->destroy(t);
	usb3_look();
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
