/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RX pump (dvr_share_rx_pump) over the real libusb: one adapter on
 * the umockdev test bed shared by two shares, a virtual peer on the same
 * air sending to it and hearing it (run under ThreadSanitizer by the
 * 'threaded' suite):
 *  - while one share pumps, every frame the peer sent reaches both
 *    shares, and their callbacks run in the pumping thread, not on
 *    libusb's event thread (but for a moment the pumping thread was kept
 *    away: the lapse below);
 *  - the other share cannot take the pump meanwhile (DVR_E_BUSY), and a
 *    callback cannot pump (DVR_E_STATE);
 *  - dvr_share_rx_pump_wake() from another thread makes a pump with a
 *    timeout of ten minutes return (a failure hangs into the test's
 *    timeout instead of passing);
 *  - after dvr_share_rx_pump_release() the event thread delivers again,
 *    to both shares, and a pump afterwards takes the reaping back;
 *  - bulk OUT completions go on while the pump is held: frames sent
 *    while another thread pumps, and while nobody does, are flushed and
 *    heard by the peer;
 *  - a holder that stops pumping does not starve the adapter: the event
 *    thread delivers what arrives meanwhile, and keeps doing so for a
 *    burst longer than the ring and the chip's RX FIFO together hold
 *    (the chip counts no overflow);
 *  - an adapter that vanishes mid-pump ends the pump with
 *    DVR_E_NO_DEVICE, and the shares close without hanging.
 */
#include <sched.h>

#include "tests/vusb/vusb_test.h"

#define BURST 40u
/* More short frames at 54 Mb/s (tens of microseconds of air each, so
 * dozens in a lapse) than the ring (16 transfers) and the chip's RX FIFO
 * hold together. */
#define LONG_BURST 1000u
#define SHORT_LEN 32u

static const char *fw;

struct listener {
	atomic_uint heard;
	atomic_uint off_thread;   /* callbacks not on the expected thread */
	atomic_uint on_thread;    /* callbacks on it */
	atomic_int pump_in_cb;    /* what dvr_share_rx_pump said in one */
	pthread_t expect;         /* set while only this thread may deliver */
	atomic_bool expect_set;
	atomic_bool expect_other; /* every callback on another thread */
	dvr_share *self;
};

static void on_rx(void *user, const struct dvr_rx_frame *f)
{
	struct listener *l = user;
	if (f->len < 30 || memcmp(f->data + 24, vt_marker, 4) != 0)
		return;
	if (atomic_load(&l->expect_set)) {
		bool here = pthread_equal(pthread_self(), l->expect);
		if (here == atomic_load(&l->expect_other))
			atomic_fetch_add(&l->off_thread, 1);
		else
			atomic_fetch_add(&l->on_thread, 1);
	}
	if (atomic_load(&l->pump_in_cb) == 1)
		atomic_store(&l->pump_in_cb, dvr_share_rx_pump(l->self, 0));
	atomic_fetch_add(&l->heard, 1);
}

static dvr_share *open_share(const char *sel, void (*cb)(void *,
                             const struct dvr_rx_frame *), void *user)
{
	struct dvr_share_config cfg = { 0 };
	cfg.device.firmware_dir = fw;
	cfg.device.on_rx = cb;
	cfg.device.user = user;
	cfg.device.tx_mode = DVR_TX_ASYNC;
	cfg.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };
	dvr_share *s = NULL;
	if (dvr_share_open(sel, &cfg, &s) != DVR_OK)
		return NULL;
	if (cb == on_rx)
		((struct listener *)user)->self = s;
	return s;
}

/* n frames of len bytes at a legacy rate of rate_500k x 500 kb/s. */
static void send_frames(dvr_share *from, unsigned first, unsigned n,
                        size_t len, uint8_t rate_500k)
{
	uint8_t f[300];
	struct dvr_tx_params p = vt_params();
	p.rate.legacy_500k = rate_500k;
	unsigned sent = 0;
	for (unsigned i = 0; i < n; i++) {
		vt_frame(f, len, first + i);
		sent += dvr_share_send_raw(from, f, len, &p) == DVR_OK;
	}
	CHECK_EQ_INT(sent, n, "a burst is sent");
}

static void send_burst(dvr_share *from, unsigned first, unsigned n)
{
	send_frames(from, first, n, 300, vt_params().rate.legacy_500k);
}

static void wait_heard(struct listener *l, unsigned want)
{
	uint64_t end = vt_now_ms() + 20000;
	while (atomic_load(&l->heard) < want && vt_now_ms() < end)
		vt_sleep_ms(5);
}

/* Pump a until both listeners heard want (a hang guard of 20 s). */
static int pump_until(dvr_share *a, struct listener *l1,
                      struct listener *l2, unsigned want)
{
	int r = 0;
	uint64_t end = vt_now_ms() + 20000;
	while ((atomic_load(&l1->heard) < want ||
	        atomic_load(&l2->heard) < want) && vt_now_ms() < end) {
		r = dvr_share_rx_pump(a, 20);
		if (r < 0)
			break;
	}
	return r;
}

static void set_expect(struct listener *l, bool other)
{
	atomic_store(&l->expect_set, false);
	atomic_store(&l->off_thread, 0);
	atomic_store(&l->on_thread, 0);
	l->expect = pthread_self();
	atomic_store(&l->expect_other, other);
	atomic_store(&l->expect_set, true);
}

struct waker {
	dvr_share *s;
	atomic_bool stop;
};

static void *wake_loop(void *arg)
{
	struct waker *w = arg;
	/* Woken again and again until the pump returned: whether the wake
	 * comes before the pump blocks in libusb or while it does, it must
	 * return. */
	while (!atomic_load(&w->stop)) {
		dvr_share_rx_pump_wake(w->s);
		vt_sleep_ms(1);
	}
	return NULL;
}

/* Pumps until told to stop (then releases), for the TX check. */
struct pumper {
	dvr_share *s;
	atomic_bool stop;
	atomic_int last;
};

static void *pump_loop(void *arg)
{
	struct pumper *p = arg;
	while (!atomic_load(&p->stop)) {
		int r = dvr_share_rx_pump(p->s, 20);
		atomic_store(&p->last, r);
		if (r < 0)
			break;
	}
	dvr_share_rx_pump_release(p->s);
	return NULL;
}

/* The hub sends n frames and flushes while the pump is held; the peer
 * hears every one. */
static void check_tx(dvr_share *hub, struct vt_rx *peer_rx, unsigned first,
                     const char *what)
{
	unsigned before = vt_rx_count(peer_rx);
	send_burst(hub, first, 5);
	char msg[160];
	snprintf(msg, sizeof msg, "%s: the hub's bulk OUTs complete (flush)",
	         what);
	CHECK_EQ_INT(dvr_share_flush(hub, 4000), DVR_OK, msg);
	vt_wait_rx(peer_rx, before + 5, 5000);
	snprintf(msg, sizeof msg, "%s: the peer hears them", what);
	CHECK_EQ_INT(vt_rx_count(peer_rx), before + 5, msg);
}

static atomic_bool pumping_now;

/* Unplugs once the main thread is in its pump loop, so the loss comes
 * while a pump waits in libusb or between two. */
static void *unplug_mid_pump(void *arg)
{
	while (!atomic_load(&pumping_now))
		sched_yield();
	vusb_unplug(arg);
	return NULL;
}

int main(int argc, char **argv)
{
	(void)argc;
	char air[64];
	fw = vt_setup(argv, air, sizeof air);
	struct vusb *vb = NULL;
	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = { .name = "pu-hub", .seed = 11 };
	if (!vt_bed_one(&vcfg, &vb, &ud, "test bed with one adapter"))
		return check_done();

	struct listener l1 = { 0 }, l2 = { 0 };
	struct vt_rx *peer_rx = calloc(1, sizeof *peer_rx);
	vt_rx_init(peer_rx);
	dvr_share *a = open_share("auto", on_rx, &l1);
	dvr_share *b = open_share("auto", on_rx, &l2);
	dvr_share *far = open_share("virtual:pu-far", vt_on_rx, peer_rx);
	if (!CHECK(a && b && far, "two shares of the USB adapter, a peer")) {
		dvr_share_close(a);
		dvr_share_close(b);
		dvr_share_close(far);
		vusb_free(vb);
		return check_done();
	}
	CHECK(dvr_share_device(a) == dvr_share_device(b),
	      "both shares on one device");

	/* Pumped: both shares hear the burst, on this thread only. */
	set_expect(&l1, false);
	set_expect(&l2, false);
	CHECK(dvr_share_rx_pump(a, 0) >= 0,
	      "the first pump claims (the bus has a pump)");
	CHECK_EQ_INT(dvr_share_rx_pump(b, 0), DVR_E_BUSY,
	             "the other share cannot pump meanwhile");
	atomic_store(&l2.pump_in_cb, 1);
	send_burst(far, 100, BURST);
	int r = pump_until(a, &l1, &l2, BURST);
	CHECK(r >= 0, "pumping returns no error");
	CHECK_EQ_INT(atomic_load(&l1.heard), BURST, "share 1 heard the burst");
	CHECK_EQ_INT(atomic_load(&l2.heard), BURST,
	             "share 2 heard it through the same pump");
	printf("# pumped: %u callbacks in the pumping thread, %u not\n",
	       atomic_load(&l1.on_thread), atomic_load(&l1.off_thread));
	CHECK(atomic_load(&l1.on_thread) > 0 &&
	      atomic_load(&l1.on_thread) >= atomic_load(&l1.off_thread),
	      "share 1's callbacks ran in the pumping thread");
	CHECK_EQ_INT(atomic_load(&l2.on_thread), atomic_load(&l1.on_thread),
	             "share 2's with them, in the same thread");
	CHECK_EQ_INT(atomic_load(&l2.pump_in_cb), DVR_E_STATE,
	             "a callback cannot pump");

	/* Woken from another thread, a pump of ten minutes returns. */
	struct waker w = { .s = a };
	atomic_init(&w.stop, false);
	pthread_t wt;
	pthread_create(&wt, NULL, wake_loop, &w);
	r = dvr_share_rx_pump(a, 600000);
	atomic_store(&w.stop, true);
	pthread_join(wt, NULL);
	CHECK(r >= 0, "a woken pump returns");

	/* Held, nobody pumping: the hub's frames still complete. */
	check_tx(a, peer_rx, 300, "held, not pumping");

	/* Released: the event thread delivers again, to both. */
	dvr_share_rx_pump_release(a);
	set_expect(&l1, true);
	set_expect(&l2, true);
	send_burst(far, 400, BURST);
	wait_heard(&l1, 2 * BURST);
	wait_heard(&l2, 2 * BURST);
	CHECK_EQ_INT(atomic_load(&l1.heard), 2 * BURST,
	             "released: share 1 hears the next burst");
	CHECK_EQ_INT(atomic_load(&l2.heard), 2 * BURST,
	             "released: share 2 too");
	CHECK_EQ_INT(atomic_load(&l1.off_thread), 0,
	             "released: on the event thread, not this one");

	/* The other share may pump now; then the first takes it back. */
	CHECK(dvr_share_rx_pump(b, 0) >= 0, "the other share pumps now");
	dvr_share_rx_pump_release(b);
	CHECK(dvr_share_rx_pump(a, 0) >= 0, "the first share claims again");
	set_expect(&l1, false);
	set_expect(&l2, false);
	send_burst(far, 500, BURST);
	r = pump_until(a, &l1, &l2, 3 * BURST);
	CHECK(r >= 0 && atomic_load(&l1.heard) == 3 * BURST &&
	      atomic_load(&l2.heard) == 3 * BURST,
	      "pumping again after a release: both hear the third burst");
	CHECK(atomic_load(&l1.on_thread) > 0 &&
	      atomic_load(&l1.on_thread) >= atomic_load(&l1.off_thread),
	      "... in the pumping thread");

	/* Another thread pumps while this one sends: the pump thread
	 * completes the bulk OUTs too. */
	dvr_share_rx_pump_release(a);
	struct pumper pu = { .s = a };
	atomic_init(&pu.stop, false);
	atomic_init(&pu.last, 0);
	pthread_t pt;
	pthread_create(&pt, NULL, pump_loop, &pu);
	check_tx(b, peer_rx, 600, "another thread pumping");
	atomic_store(&pu.stop, true);
	dvr_share_rx_pump_wake(a);
	pthread_join(pt, NULL);
	CHECK(atomic_load(&pu.last) >= 0, "... and its pumps said no error");

	/* Held but not pumped (its thread busy elsewhere): the event
	 * thread completes what arrives, so nothing overflows behind it. */
	CHECK(dvr_share_rx_pump(a, 0) >= 0, "claimed once more");
	unsigned had = atomic_load(&l1.heard);
	set_expect(&l1, true);
	send_burst(far, 700, BURST);
	wait_heard(&l1, had + BURST);
	wait_heard(&l2, had + BURST);
	CHECK_EQ_INT(atomic_load(&l1.heard), had + BURST,
	             "held, not pumping: share 1 still hears the burst");
	CHECK_EQ_INT(atomic_load(&l2.heard), had + BURST, "... share 2 too");
	CHECK_EQ_INT(atomic_load(&l1.off_thread), 0,
	             "... delivered by the event thread");
	CHECK_EQ_INT(dvr_share_rx_pump(b, 0), DVR_E_BUSY,
	             "... and the pump is still held");

	/* Still held and not pumped, for longer than the ring and the
	 * chip's FIFO hold: the event thread keeps completing transfers
	 * for the absent holder as they arrive, not once per lapse. */
	struct vchip_stats before, after;
	vchip_get_stats(vusb_chip(ud), &before);
	had = atomic_load(&l1.heard);
	send_frames(far, 1000, LONG_BURST, SHORT_LEN, 108);
	wait_heard(&l1, had + LONG_BURST);
	wait_heard(&l2, had + LONG_BURST);
	vchip_get_stats(vusb_chip(ud), &after);
	CHECK_EQ_INT(atomic_load(&l1.heard), had + LONG_BURST,
	             "held for a long burst: share 1 hears all of it");
	CHECK_EQ_INT(atomic_load(&l2.heard), had + LONG_BURST,
	             "... share 2 too");
	CHECK_EQ_INT(after.rx_fifo_overflow - before.rx_fifo_overflow, 0,
	             "... and the chip's RX FIFO never overflowed");
	CHECK_EQ_INT(atomic_load(&l1.off_thread), 0,
	             "... delivered by the event thread");

	/* The adapter vanishes while a pump waits in libusb. */
	pthread_t vt;
	pthread_create(&vt, NULL, unplug_mid_pump, ud);
	r = dvr_share_rx_pump(a, 20);
	atomic_store(&pumping_now, true);
	for (int i = 0; i < 1000 && r >= 0; i++)
		r = dvr_share_rx_pump(a, 20);
	pthread_join(vt, NULL);
	CHECK_EQ_INT(r, DVR_E_NO_DEVICE, "a vanished adapter ends the pump");
	CHECK_EQ_INT(dvr_share_rx_pump(a, 20), DVR_E_NO_DEVICE,
	             "and every pump after it");

	dvr_share_close(b);
	dvr_share_close(a);
	dvr_share_close(far);
	CHECK(1, "the shares close");
	pthread_mutex_destroy(&peer_rx->lock);
	free(peer_rx);
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
