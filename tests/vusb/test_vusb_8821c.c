/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An RTL8811CU (0bda:c811, the COMFAST CF-811AC) under the umockdev test
 * bed, seen through the real libusb, without a driver:
 *   - the VID:PID alone makes it the 8821c model; it enumerates at high
 *     speed with the descriptors of a USB 2 device (bcdUSB 2.00, no BOS),
 *     one bulk IN and three bulk OUT on a vendor-specific interface;
 *   - vendor-request register reads work (chip id 0xFC = 0x09);
 *   - its EFUSE read through the 0x30 port over libusb, each byte polled
 *     until the chip says it is done (rtw88 efuse.c
 *     rtw_dump_physical_efuse_map), decodes to the logical map rtw88
 *     parses (USB ids at 0x100, MAC address at 0x107);
 *   - a frame behind a 48-byte descriptor with the Jaguar2 checksum,
 *     sent with one blocking bulk OUT, reaches the air: a virtual:
 *     RTL8812AU hears it byte for byte.
 * The chip is brought to TX-ready through the model's own interface:
 * what is under test here is the USB side, not an 8821C bring-up.
 */
#include "tests/vusb/vusb_test.h"
#include "tests/virtual/vhelp_8821c.h"
#include "tests/vusb/vusb_8822c.h"

#define VID 0x0BDA
#define PID 0xC811
#define FRAME_LEN 1200

static struct vt_rx heard;

static size_t frame_len(unsigned i)
{
	(void)i;
	return FRAME_LEN;
}

static libusb_device *find(libusb_context *ctx)
{
	libusb_device **list;
	ssize_t n = libusb_get_device_list(ctx, &list);
	libusb_device *found = NULL;
	for (ssize_t i = 0; i < n && !found; i++) {
		struct libusb_device_descriptor dd;
		if (libusb_get_device_descriptor(list[i], &dd) == 0 &&
		    dd.idVendor == VID && dd.idProduct == PID)
			found = libusb_ref_device(list[i]);
	}
	if (n >= 0)
		libusb_free_device_list(list, 1);
	return found;
}

/* One physical EFUSE byte; -1 when the read never completed. */
static int efuse_byte(libusb_device_handle *h, unsigned a)
{
	uint32_t v;
	if (v22_r32(h, 0x30, &v) != 4)
		return -1;
	v = (v & ~(0xFFu | 0x3FF00u | 0x80000000u)) | (uint32_t)a << 8;
	if (v22_w32(h, 0x30, v) != 4)
		return -1;
	uint64_t end = air_now_ns() + K_DEADLINE_NS;
	do {
		if (v22_r32(h, 0x30, &v) != 4)
			return -1;
		if (v & 0x80000000u)
			return (int)(v & 0xFF);
	} while (air_now_ns() < end);
	return -1;
}

static void usb_part(libusb_context *ctx)
{
	libusb_device *dev = find(ctx);
	if (!CHECK(dev != NULL, "0bda:c811 listed by libusb"))
		return;
	struct v22_look l;
	CHECK(v22_look_at(ctx, dev, &l), "descriptors read");
	CHECK_EQ_INT(l.speed, LIBUSB_SPEED_HIGH, "high speed");
	CHECK_EQ_HEX(l.bcd_usb, 0x0200, "bcdUSB 2.00 (USB 2 only)");
	CHECK(l.iface_ff, "vendor-specific FF/FF/FF interface");
	CHECK_EQ_INT(l.n_bulk_in, 1, "one bulk IN");
	CHECK_EQ_INT(l.n_bulk_out, 3, "three bulk OUT");
	CHECK(l.bulk_mps_min == 512 && l.bulk_mps_max == 512,
	      "512-byte bulk endpoints");
	libusb_device_handle *h = NULL;
	int r = libusb_open(dev, &h);
	libusb_unref_device(dev);
	if (!CHECK(r == 0, "opened"))
		return;
	CHECK_EQ_INT(libusb_claim_interface(h, 0), 0, "claimed");
	bool ext, ss;
	CHECK(v22_bos(h, &ext, &ss) != 0 || !ss, "no SuperSpeed capability");
	uint8_t b = 0xEE;
	CHECK_EQ_INT(v22_read(h, 0x00FC, &b, 1), 1, "read 0xFC");
	CHECK_EQ_HEX(b, 0x09, "chip id 0x09 (RTL8821C)");

	/* the WiFi bank, the 2.5 V LDO off (rtw88 rtw8821c_cfg_ldo25) */
	uint8_t z = 0;
	v22_write(h, 0x35, &z, 1);
	uint8_t phys[512];
	bool ok = true;
	for (unsigned a = 0; a < 512 && ok; a++) {
		int v = efuse_byte(h, a);
		ok = v >= 0;
		phys[a] = (uint8_t)v;
	}
	if (CHECK(ok, "512 fuse bytes read over libusb")) {
		uint8_t m[512];
		/* short of the 96 protected bytes at the end, as rtw88
		 * efuse.c rtw_dump_logical_efuse_map walks it */
		v3_efuse_logical(phys, 512 - 96, m, sizeof m);
		CHECK_EQ_HEX(m[0] | m[1] << 8, 0x8129, "RTL id");
		CHECK_EQ_HEX(m[0x100] | m[0x101] << 8, VID, "VID at 0x100");
		CHECK_EQ_HEX(m[0x102] | m[0x103] << 8, PID, "PID at 0x102");
		CHECK((m[0x107] & 0x03) == 0x02, "MAC at 0x107");
	}
	libusb_release_interface(h, 0);
	libusb_close(h);
}

/* TX: one frame, sync bulk OUT over libusb; virtual:hear21 (an
 * RTL8812AU) on 36 hears it. */
static void tx_part(libusb_context *ctx, struct vchip *vc, const char *fw)
{
	struct dvr_config pcfg = {.on_rx = vt_on_rx, .on_event = vt_on_event,
	                          .user = &heard, .firmware_dir = fw};
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	dvr_device *peer = NULL;
	CHECK_EQ_INT(dvr_open("virtual:hear21", &pcfg, &peer), DVR_OK,
	             "open virtual:hear21 (RTL8812AU)");
	CHECK_EQ_INT(peer ? dvr_start(peer, &ch) : -1, DVR_OK,
	             "virtual:hear21 up on 36");
	bool ready = CHECK(k_ready(vc, 36), "8821C model: firmware up, tuned");
	libusb_device *dev = find(ctx);
	libusb_device_handle *h = NULL;
	if (peer && ready && dev && CHECK(libusb_open(dev, &h) == 0 &&
	                                  libusb_claim_interface(h, 0) == 0,
	                                  "opened for TX")) {
		static uint8_t x[48 + FRAME_LEN];
		v3_desc(x, FRAME_LEN, 0x12, 0x04, 0, 0); /* MGT, OFDM 6M */
		x[33] &= (uint8_t)~0x80; /* no EN_HWSEQ: our sequence number */
		vt_frame(x + 48, FRAME_LEN, 77);
		v3_csum_j2(x);
		int done = 0;
		CHECK_EQ_INT(libusb_bulk_transfer(h, 0x02, x, sizeof x, &done,
		                                  1000),
		             0, "sync bulk OUT");
		CHECK_EQ_INT(done, (int)sizeof x, "all of it taken");
		CHECK(vt_wait_rx(&heard, 1, 5000) >= 1, "virtual:hear21 got it");
		CHECK(vt_rx_exact(&heard, 77, 1, frame_len),
		      "usb (8821C) -> virtual (8812A) byte-exact");
		struct vchip_stats st;
		vchip_get_stats(vc, &st);
		CHECK(st.tx_aired == 1 && st.tx_bad_checksum == 0 &&
		      st.tx_not_ready == 0,
		      "8821C model: aired once, nothing dropped");
		libusb_release_interface(h, 0);
	}
	if (h)
		libusb_close(h);
	if (dev)
		libusb_unref_device(dev);
	dvr_close(peer);
}

int main(int argc, char **argv)
{
	(void)argc;
	char air[64];
	const char *fw = vt_setup(argv, air, sizeof air);
	vt_rx_init(&heard);
	struct vusb *vb = NULL;
	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = {.name = "k21", .vid = VID, .pid = PID,
	                            .seed = 5};
	if (!vt_bed_one(&vcfg, &vb, &ud, "test bed with an 0bda:c811 adapter"))
		return check_done();
	CHECK(strcmp(vchip_chip_name(vusb_chip(ud)), "8821c") == 0,
	      "0bda:c811 is the 8821c model");
	unsigned bus = 0, port = 0, addr = 0, speed = 0;
	CHECK_EQ_INT(vusb_location(ud, &bus, &port, &addr, &speed), 0,
	             "enumerated");
	CHECK(bus == 1 && port == 1 && speed == 480, "at 1-1, 480 Mbit/s");

	libusb_context *ctx = NULL;
	if (CHECK(libusb_init(&ctx) == 0, "libusb")) {
		usb_part(ctx);
		tx_part(ctx, vusb_chip(ud), fw);
		libusb_exit(ctx);
	}
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
