/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bus faults over the real libusb, injected in the chip model:
 *  - bulk OUT NAKs (TX FIFO full): the transfers time out, are counted as
 *    back-pressure (tx timeouts) and TX recovers when the NAKs stop;
 *  - a STALL on the TX endpoint: the transfer fails (counted), the halt
 *    is cleared, and the next frames go out;
 *  - a short RX transfer: counted as malformed, later frames intact;
 *  - a control transfer timeout: the call fails with DVR_E_TIMEOUT, is
 *    not fatal, and control works again afterwards;
 *  - surprise removal: DVR_EVENT_ERROR with DVR_E_NO_DEVICE (the time it
 *    took is printed), sends fail, every driver thread exits on close,
 *    nothing leaks (LeakSanitizer), and the re-plugged adapter opens and
 *    works.
 */
#include "libdevourer/virtual/vchip_fault.h"
#include "tests/vusb/vusb_test.h"

static struct vt_rx usb_rx, peer_rx;
static const char *fw;

static size_t len_300(unsigned i)
{
	(void)i;
	return 300;
}

static dvr_device *open_usb(unsigned tx_timeout_ms)
{
	struct dvr_config cfg = {.on_rx = vt_on_rx, .on_event = vt_on_event,
	                         .user = &usb_rx, .firmware_dir = fw,
	                         .tx_mode = DVR_TX_ASYNC,
	                         .tx_timeout_ms = tx_timeout_ms};
	dvr_device *dev = NULL;
	if (dvr_open("auto", &cfg, &dev) != DVR_OK)
		return NULL;
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	if (dvr_start(dev, &ch) != DVR_OK) {
		printf("# start: %s\n", dvr_last_error(dev));
		dvr_close(dev);
		return NULL;
	}
	return dev;
}

/* Send count frames of 300 bytes with seq first.. and flush. */
static void send_some(dvr_device *dev, unsigned first, unsigned count)
{
	static uint8_t f[400];
	struct dvr_tx_params p = vt_params();
	for (unsigned i = 0; i < count; i++) {
		vt_frame(f, 300, first + i);
		dvr_send_raw(dev, f, 300, &p);
	}
	dvr_flush(dev, 4000);
}

static void arm(struct vchip *vc, const char *spec)
{
	struct vchip_fault f;
	char err[160];
	int r = vchip_fault_parse(spec, &f, err, sizeof err);
	if (r == 0)
		r = vchip_fault_arm(vc, &f);
	if (r)
		printf("# arm %s: %d %s\n", spec, r, err);
}

static void test_tx_nak(dvr_device *dev, struct vchip *vc)
{
	struct dvr_tx_stats a, b;
	dvr_get_tx_stats(dev, &a);
	/* The window outlasts the test; it ends when the test clears it, so
	 * recovery is checked after a known event, not after a sleep. */
	arm(vc, "tx-nak:for=60000");
	send_some(dev, 100, 4);
	dvr_get_tx_stats(dev, &b);
	struct vchip_fault_stats fs;
	vchip_fault_get_stats(vc, &fs);
	CHECK(b.timeouts - a.timeouts >= 1, "tx-nak: timeouts counted");
	CHECK_EQ_INT(b.failed - a.failed, 0, "tx-nak: not counted as failures");
	CHECK(fs.nak_timeouts >= 1, "tx-nak: the model NAKed");
	CHECK_EQ_INT(atomic_load(&usb_rx.error_status), 0,
	             "tx-nak: back-pressure is not fatal");
	vchip_fault_clear(vc);
	dvr_get_tx_stats(dev, &a);
	send_some(dev, 110, 5);
	dvr_get_tx_stats(dev, &b);
	CHECK_EQ_INT(b.completed - a.completed, 5, "tx-nak: TX recovered");
	CHECK_EQ_INT(b.timeouts - a.timeouts, 0, "tx-nak: no more timeouts");
}

static void test_stall(dvr_device *dev, struct vchip *vc,
                       struct vusb_dev *ud)
{
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	/* Whichever endpoint the driver injects on halts. */
	char spec[32];
	for (unsigned i = 0; i < d.n_out; i++) {
		snprintf(spec, sizeof spec, "stall:ep=0x%02x", d.out_ep[i]);
		arm(vc, spec);
	}
	struct vusb_stats u0, u1;
	vusb_get_stats(ud, &u0);
	struct dvr_tx_stats a, b;
	dvr_get_tx_stats(dev, &a);
	send_some(dev, 200, 1);
	dvr_get_tx_stats(dev, &b);
	CHECK_EQ_INT(b.failed - a.failed, 1, "stall: the stalled frame is "
	             "reported as failed");
	vusb_get_stats(ud, &u1);
	struct vchip_fault_stats fs;
	vchip_fault_get_stats(vc, &fs);
	CHECK(u1.clear_halts > u0.clear_halts && fs.halts_cleared >= 1,
	      "stall: the driver cleared the halt");
	dvr_get_tx_stats(dev, &a);
	send_some(dev, 210, 5);
	dvr_get_tx_stats(dev, &b);
	CHECK_EQ_INT(b.completed - a.completed, 5, "stall: TX goes on");
	CHECK_EQ_INT(atomic_load(&usb_rx.error_status), 0,
	             "stall: not fatal");
	vchip_fault_clear(vc);
}

static void test_short_rx(dvr_device *dev, dvr_device *peer,
                          struct vchip *vc)
{
	struct dvr_rx_stats a, b;
	dvr_get_rx_stats(dev, &a);
	unsigned n0 = vt_rx_count(&usb_rx);
	arm(vc, "short-rx:count=1");
	static uint8_t f[400];
	struct dvr_tx_params p = vt_params();
	for (unsigned i = 0; i < 6; i++) {
		vt_frame(f, 300, 300 + i);
		dvr_send_raw(peer, f, 300, &p);
		dvr_flush(peer, 1000);
		/* one frame per bulk IN transfer: the next one goes once the
		 * host has this one, delivered or (the cut one) malformed */
		WAIT_UNTIL((dvr_get_rx_stats(dev, &b),
		            vt_rx_count(&usb_rx) - n0 +
		                            (b.malformed - a.malformed) >= i + 1),
		           20000);
	}
	dvr_get_rx_stats(dev, &b);
	struct vchip_fault_stats fs;
	vchip_fault_get_stats(vc, &fs);
	CHECK_EQ_INT(fs.short_rx, 1, "short-rx: one transfer cut");
	CHECK_EQ_INT(b.malformed - a.malformed, 1,
	             "short-rx: counted as malformed");
	CHECK_EQ_INT(vt_rx_count(&usb_rx) - n0, 5,
	             "short-rx: the other five frames delivered");
	CHECK(vt_rx_exact(&usb_rx, 301, 5, len_300),
	      "short-rx: later frames byte-exact");
	CHECK_EQ_INT(atomic_load(&usb_rx.error_status), 0,
	             "short-rx: not fatal");
	vchip_fault_clear(vc);
}

static void test_ctrl_timeout(dvr_device *dev, struct vchip *vc)
{
	struct dvr_channel c40 = {.channel = 40, .bw_mhz = 20};
	struct dvr_channel c36 = {.channel = 36, .bw_mhz = 20};
	arm(vc, "ctrl-timeout:for=60000");
	uint64_t t0 = vt_now_ms();
	int r = dvr_set_channel(dev, &c40);
	printf("# set_channel during the NAK window: %s after %llu ms\n",
	       dvr_strerror(r), (unsigned long long)(vt_now_ms() - t0));
	CHECK_EQ_INT(r, DVR_E_TIMEOUT, "ctrl-timeout: call fails with timeout");
	struct vchip_fault_stats fs;
	vchip_fault_get_stats(vc, &fs);
	CHECK(fs.ctrl_timeouts >= 1, "ctrl-timeout: the model NAKed ep0");
	CHECK_EQ_INT(atomic_load(&usb_rx.error_status), 0,
	             "ctrl-timeout: not fatal");
	vchip_fault_clear(vc);
	r = dvr_set_channel(dev, &c40);
	CHECK_EQ_INT(r, DVR_OK, "ctrl-timeout: control works again");
	if (r != DVR_OK)
		printf("# %s\n", dvr_last_error(dev));
	struct vchip_tuning tu;
	vchip_get_tuning(vc, &tu);
	CHECK_EQ_INT(tu.channel, 40, "ctrl-timeout: retuned afterwards");
	CHECK_EQ_INT(dvr_set_channel(dev, &c36), DVR_OK, "ctrl-timeout: back "
	             "to 36");
	vchip_fault_clear(vc);
}

static void test_unplug(dvr_device **devp, struct vusb_dev *ud,
                        int threads0)
{
	dvr_device *dev = *devp;
	uint64_t t0 = vt_now_ms();
	vusb_unplug(ud);
	/* The bound is a hang guard; how long it took is printed, not
	 * asserted (a loaded machine decides that). */
	WAIT_UNTIL(atomic_load(&usb_rx.error_status) != 0, 20000);
	int st = atomic_load(&usb_rx.error_status);
	uint64_t dt = atomic_load(&usb_rx.error_at_ms) - t0;
	printf("# error event %s after %llu ms\n", dvr_strerror(st),
	       (unsigned long long)dt);
	CHECK_EQ_INT(st, DVR_E_NO_DEVICE, "unplug: error event NO_DEVICE");
	static uint8_t f[64];
	vt_frame(f, 64, 1);
	struct dvr_tx_params p = vt_params();
	CHECK_EQ_INT(dvr_send_raw(dev, f, 64, &p), DVR_E_NO_DEVICE,
	             "unplug: send fails with NO_DEVICE");
	struct dvr_adapter_info list[8];
	int n = dvr_list_adapters(list, 8);
	bool listed = false;
	for (int i = 0; i < n && i < 8; i++)
		listed |= strncmp(list[i].selector, "usb:", 4) == 0;
	CHECK(!listed, "unplug: no longer listed");
	t0 = vt_now_ms();
	dvr_close(dev);
	*devp = NULL;
	printf("# close after unplug took %llu ms\n",
	       (unsigned long long)(vt_now_ms() - t0));
	CHECK_EQ_INT(vt_threads_settle(threads0, 2000), threads0, "unplug: every driver thread "
	             "exited");

	CHECK_EQ_INT(vusb_replug(ud), 0, "re-plug");
	atomic_store(&usb_rx.error_status, 0);
	dev = open_usb(500);
	CHECK(dev != NULL, "re-plug: open auto and bring-up again");
	if (dev) {
		struct dvr_tx_stats ts;
		send_some(dev, 400, 5);
		dvr_get_tx_stats(dev, &ts);
		CHECK_EQ_INT(ts.completed, 5, "re-plug: TX works");
	}
	*devp = dev;
}

int main(int argc, char **argv)
{
	(void)argc;
	char air[64];
	fw = vt_setup(argv, air, sizeof air);
	vt_rx_init(&usb_rx);
	vt_rx_init(&peer_rx);
	struct vusb *vb = NULL;
	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = {.name = "faulty", .seed = 2};
	if (!vt_bed_one(&vcfg, &vb, &ud, "test bed with one adapter"))
		return check_done();
	struct dvr_config pcfg = {.on_rx = vt_on_rx, .user = &peer_rx,
	                          .firmware_dir = fw};
	dvr_device *peer = NULL;
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	if (dvr_open("virtual:peer", &pcfg, &peer) != DVR_OK ||
	    dvr_start(peer, &ch) != DVR_OK)
		CHECK(0, "virtual peer up");
	int threads0 = vt_threads();
	/* A short TX timeout keeps the NAK case quick. */
	dvr_device *dev = open_usb(200);
	CHECK(dev != NULL, "bring-up over libusb");
	if (dev && peer) {
		struct vchip *vc = vusb_chip(ud);
		test_tx_nak(dev, vc);
		test_stall(dev, vc, ud);
		test_short_rx(dev, peer, vc);
		test_ctrl_timeout(dev, vc);
		test_unplug(&dev, ud, threads0);
	}
	dvr_close(dev);
	dvr_close(peer);
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
