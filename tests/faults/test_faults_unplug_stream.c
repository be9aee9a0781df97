/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Surprise removal in the middle of a stream, over the real libusb
 * (usbfs model under umockdev), once while the adapter transmits and once
 * while it receives:
 *  - DVR_EVENT_ERROR with DVR_E_NO_DEVICE reaches the application;
 *  - a sender blocked in dvr_send_raw() returns DVR_E_NO_DEVICE instead
 *    of hanging, and so does every later send;
 *  - what crossed the air before the removal is intact: every frame the
 *    other side got is one that was sent, byte for byte, in order, once;
 *  - dvr_close() returns and every driver thread is gone;
 *  - the adapter plugged in again opens and works.
 * (In-process virtual adapters: tests/gst/test_gst_faults.c.)
 */
#include "tests/vusb/vusb_test.h"

#define FRAME_LEN 600
#define MAX_SEND 200
#define NOTICE_MS 3000

static const char *fw;
static struct vt_rx usb_rx, peer_rx;

/* The frames in rx are test frames sent with rising seq, each exact. */
static bool in_order_and_exact(struct vt_rx *rx, unsigned *count)
{
	static uint8_t want[VT_MAX_LEN];
	bool ok = true;
	int last = -1;
	pthread_mutex_lock(&rx->lock);
	for (unsigned k = 0; k < rx->n; k++) {
		unsigned seq = (unsigned)rx->data[k][28] |
		               (unsigned)rx->data[k][29] << 8;
		vt_frame(want, FRAME_LEN, seq);
		if ((int)seq <= last || rx->len[k] != FRAME_LEN ||
		    memcmp(rx->data[k], want, FRAME_LEN) != 0) {
			printf("# frame %u (seq %u after %d) is not the next "
			       "frame sent\n", k, seq, last);
			ok = false;
		}
		last = (int)seq;
	}
	*count = rx->n;
	pthread_mutex_unlock(&rx->lock);
	return ok;
}

static dvr_device *open_usb(void)
{
	struct dvr_config cfg = {.on_rx = vt_on_rx, .on_event = vt_on_event,
	                         .user = &usb_rx, .firmware_dir = fw,
	                         .tx_mode = DVR_TX_ASYNC};
	dvr_device *dev = NULL;
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	if (dvr_open("auto", &cfg, &dev) != DVR_OK)
		return NULL;
	if (dvr_start(dev, &ch) != DVR_OK) {
		printf("# start: %s\n", dvr_last_error(dev));
		dvr_close(dev);
		return NULL;
	}
	return dev;
}

/* A thread sending MAX_SEND frames (seq 0..) until a send fails. */
struct sender {
	dvr_device *dev;
	pthread_t th;
	atomic_int result;   /* 1 while running */
	atomic_uint sent;
};

static void *send_loop(void *arg)
{
	struct sender *s = arg;
	static uint8_t f[FRAME_LEN];
	struct dvr_tx_params p = vt_params();
	int r = DVR_OK;
	for (unsigned i = 0; i < MAX_SEND && r == DVR_OK; i++) {
		vt_frame(f, FRAME_LEN, i);
		r = dvr_send_raw(s->dev, f, FRAME_LEN, &p);
		if (r == DVR_OK)
			atomic_fetch_add(&s->sent, 1);
		/* A steady stream, not a burst the queue swallows. */
		vt_sleep_ms(2);
	}
	atomic_store(&s->result, r);
	return NULL;
}

static void sender_start(struct sender *s, dvr_device *dev)
{
	s->dev = dev;
	atomic_store(&s->result, 1);
	atomic_store(&s->sent, 0);
	pthread_create(&s->th, NULL, send_loop, s);
}

/* Join the sender if it ended within timeout_ms; false: still blocked. */
static bool sender_join(struct sender *s, unsigned timeout_ms)
{
	uint64_t end = vt_now_ms() + timeout_ms;
	while (atomic_load(&s->result) == 1 && vt_now_ms() < end)
		vt_sleep_ms(5);
	if (atomic_load(&s->result) == 1)
		return false;
	pthread_join(s->th, NULL);
	return true;
}

static bool wait_error(unsigned timeout_ms)
{
	uint64_t end = vt_now_ms() + timeout_ms;
	while (!atomic_load(&usb_rx.error_status) && vt_now_ms() < end)
		vt_sleep_ms(5);
	return atomic_load(&usb_rx.error_status) != 0;
}

static void after_unplug(dvr_device *dev, int threads0, const char *what)
{
	char label[160];
	snprintf(label, sizeof label, "%s: error event within %u ms", what,
	         NOTICE_MS);
	CHECK(wait_error(NOTICE_MS), label);
	snprintf(label, sizeof label, "%s: the error is DVR_E_NO_DEVICE",
	         what);
	CHECK_EQ_INT(atomic_load(&usb_rx.error_status), DVR_E_NO_DEVICE,
	             label);
	static uint8_t f[FRAME_LEN];
	vt_frame(f, FRAME_LEN, 9999);
	struct dvr_tx_params p = vt_params();
	snprintf(label, sizeof label, "%s: a later send fails with "
	         "DVR_E_NO_DEVICE", what);
	CHECK_EQ_INT(dvr_send_raw(dev, f, FRAME_LEN, &p), DVR_E_NO_DEVICE,
	             label);
	uint64_t t0 = vt_now_ms();
	dvr_close(dev);
	printf("# %s: close took %llu ms\n", what,
	       (unsigned long long)(vt_now_ms() - t0));
	snprintf(label, sizeof label, "%s: every driver thread exited", what);
	CHECK_EQ_INT(vt_threads_settle(threads0, 2000), threads0, label);
}

static void unplug_while_sending(struct vusb_dev *ud)
{
	const char *what = "unplugged while sending";
	int threads0 = vt_threads();
	dvr_device *dev = open_usb();
	if (!CHECK(dev != NULL, "sender over libusb comes up"))
		return;
	struct sender s;
	sender_start(&s, dev);
	vt_wait_rx(&peer_rx, 40, 10000);
	CHECK(vt_rx_count(&peer_rx) >= 40, "the stream flows");
	vusb_unplug(ud);
	CHECK(sender_join(&s, NOTICE_MS), "unplugged while sending: the "
	      "sender returns instead of hanging");
	int r = atomic_load(&s.result);
	printf("# %s: sender stopped after %u frames: %s\n", what,
	       atomic_load(&s.sent), dvr_strerror(r));
	CHECK_EQ_INT(r, DVR_E_NO_DEVICE, "unplugged while sending: its "
	             "send fails with DVR_E_NO_DEVICE");
	after_unplug(dev, threads0, what);
	unsigned n = 0;
	CHECK(in_order_and_exact(&peer_rx, &n), "unplugged while sending: "
	      "what the peer got is what was sent, in order, once");
	printf("# %s: the peer got %u frames\n", what, n);
	CHECK(n <= atomic_load(&s.sent), "unplugged while sending: nothing "
	      "beyond what was accepted");
}

static void unplug_while_receiving(dvr_device *peer, struct vusb_dev *ud)
{
	const char *what = "unplugged while receiving";
	CHECK_EQ_INT(vusb_replug(ud), 0, "re-plugged");
	atomic_store(&usb_rx.error_status, 0);
	int threads0 = vt_threads();
	dvr_device *dev = open_usb();
	if (!CHECK(dev != NULL, "receiver over libusb comes up"))
		return;
	struct sender s;
	sender_start(&s, peer);
	vt_wait_rx(&usb_rx, 40, 10000);
	CHECK(vt_rx_count(&usb_rx) >= 40, "the stream arrives");
	vusb_unplug(ud);
	after_unplug(dev, threads0, what);
	unsigned n = 0;
	CHECK(in_order_and_exact(&usb_rx, &n), "unplugged while receiving: "
	      "every frame delivered was sent, in order, once");
	printf("# %s: %u frames delivered before the removal\n", what, n);
	CHECK(sender_join(&s, 30000), "the peer's stream ends");

	CHECK_EQ_INT(vusb_replug(ud), 0, "re-plugged again");
	atomic_store(&usb_rx.error_status, 0);
	dev = open_usb();
	CHECK(dev != NULL, "the re-plugged adapter opens and comes up");
	if (dev) {
		static uint8_t f[FRAME_LEN];
		struct dvr_tx_params p = vt_params();
		struct dvr_tx_stats ts;
		vt_frame(f, FRAME_LEN, 1);
		dvr_send_raw(dev, f, FRAME_LEN, &p);
		dvr_flush(dev, 4000);
		dvr_get_tx_stats(dev, &ts);
		CHECK_EQ_INT(ts.completed, 1, "and sends");
	}
	dvr_close(dev);
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
	struct vchip_config vcfg = {.name = "streamer", .seed = 2};
	if (!vt_bed_one(&vcfg, &vb, &ud, "test bed with one adapter"))
		return check_done();
	struct dvr_config pcfg = {.on_rx = vt_on_rx, .user = &peer_rx,
	                          .firmware_dir = fw,
	                          .tx_mode = DVR_TX_ASYNC};
	dvr_device *peer = NULL;
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	if (dvr_open("virtual:peer", &pcfg, &peer) != DVR_OK ||
	    dvr_start(peer, &ch) != DVR_OK) {
		CHECK(0, "virtual peer up");
	} else {
		unplug_while_sending(ud);
		unplug_while_receiving(peer, ud);
	}
	dvr_close(peer);
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
