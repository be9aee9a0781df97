// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The RX pump (dvr_share_rx_pump) over a virtual adapter shared by two
 * shares (run under ThreadSanitizer by the 'threaded' suite):
 *  - while one share pumps, every frame the peer sent reaches both
 *    shares, and their callbacks run in the pumping thread (but for a
 *    moment the pumping thread was kept away: see the lapse below);
 *  - the other share cannot take the pump meanwhile (DVR_E_BUSY), and a
 *    callback cannot pump (DVR_E_STATE);
 *  - dvr_share_rx_pump_wake() from another thread makes a pump with a
 *    timeout of ten minutes return (a failure hangs into the test's
 *    timeout instead of passing);
 *  - after dvr_share_rx_pump_release() the device's own thread delivers
 *    again, to both shares, and a pump afterwards takes the reaping back;
 *  - a holder that stops pumping does not starve the adapter: the
 *    device's thread delivers what arrives meanwhile, and keeps doing so
 *    for a burst longer than the ring and the chip's RX FIFO together
 *    hold (the chip counts no overflow);
 *  - an adapter that vanishes ends the pump with DVR_E_NO_DEVICE, and the
 *    shares close without hanging.
 */
#include <pthread.h>

#include "tests/e2e/e2e_common.h"

#define BURST 40u
/* More short frames than the ring (16 transfers) and the chip's RX FIFO
 * (about 180 of them) hold together. */
#define LONG_BURST 320u

static const char *fw_dir;

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
	if (!e2e_frame_has_tag(f, "pumped"))
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

static dvr_share *open_share(const char *sel, struct listener *l)
{
	struct dvr_share_config cfg = { 0 };
	cfg.device.firmware_dir = fw_dir;
	cfg.device.on_rx = l ? on_rx : NULL;
	cfg.device.user = l;
	cfg.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };
	dvr_share *s = NULL;
	if (dvr_share_open(sel, &cfg, &s) != DVR_OK)
		return NULL;
	if (l)
		l->self = s;
	return s;
}

static void send_burst(dvr_share *far, unsigned n)
{
	uint8_t fr[E2E_FRAME_LEN];
	e2e_tagged_frame(fr, 1, "pumped");
	unsigned sent = 0;
	for (unsigned i = 0; i < n; i++)
		sent += dvr_share_send(far, fr, sizeof fr) == DVR_OK;
	CHECK_EQ_INT(sent, n, "the peer sends a burst");
}

/* Pump a until both listeners heard want (a hang guard of 10 s). */
static int pump_until(dvr_share *a, struct listener *l1,
                      struct listener *l2, unsigned want)
{
	int r = 0;
	uint64_t end = check_now_ms_() + 10000;
	while ((atomic_load(&l1->heard) < want ||
	        atomic_load(&l2->heard) < want) && check_now_ms_() < end) {
		r = dvr_share_rx_pump(a, 20);
		if (r < 0)
			break;
	}
	return r;
}

struct waker {
	dvr_share *s;
	atomic_bool stop;
};

static void *wake_loop(void *arg)
{
	struct waker *w = arg;
	/* Woken again and again until the pump returned: whether the wake
	 * comes before the pump blocks or while it does, it must return. */
	while (!atomic_load(&w->stop)) {
		dvr_share_rx_pump_wake(w->s);
		e2e_pause_1ms();
	}
	return NULL;
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

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fw_dir = getenv("DEVOURER_TEST_FIRMWARE_DIR");
	if (fw_dir)
		setenv("DEVOURER_FIRMWARE_DIR", fw_dir, 1);
	char air[] = "/tmp/dvr-pump-XXXXXX";
	if (e2e_air_make(air) != 0)
		return 1;

	struct listener l1 = { 0 }, l2 = { 0 };
	dvr_share *a = open_share("virtual:pu-hub", &l1);
	dvr_share *b = open_share("virtual:pu-hub", &l2);
	dvr_share *far = open_share("virtual:pu-far", NULL);
	if (!CHECK(a && b && far, "two shares of one adapter and a peer")) {
		dvr_share_close(a);
		dvr_share_close(b);
		dvr_share_close(far);
		return check_done();
	}

	/* Pumped: both shares hear the burst, on this thread only. */
	set_expect(&l1, false);
	set_expect(&l2, false);
	CHECK(dvr_share_rx_pump(a, 0) >= 0, "the first pump claims");
	CHECK_EQ_INT(dvr_share_rx_pump(b, 0), DVR_E_BUSY,
	             "the other share cannot pump meanwhile");
	atomic_store(&l2.pump_in_cb, 1);
	send_burst(far, BURST);
	int r = pump_until(a, &l1, &l2, BURST);
	CHECK(r >= 0, "pumping returns no error");
	CHECK_EQ_INT(atomic_load(&l1.heard), BURST, "share 1 heard the burst");
	CHECK_EQ_INT(atomic_load(&l2.heard), BURST,
	             "share 2 heard it through the same pump");
	/* All of them, unless this thread was kept away from the pump for
	 * a lapse (a loaded machine): then the device's thread took over
	 * for that moment, as it must. */
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

	/* Released: the device's thread delivers again, to both. */
	dvr_share_rx_pump_release(a);
	set_expect(&l1, true);
	set_expect(&l2, true);
	send_burst(far, BURST);
	e2e_wait_count(&l1.heard, 2 * BURST);
	e2e_wait_count(&l2.heard, 2 * BURST);
	CHECK_EQ_INT(atomic_load(&l1.heard), 2 * BURST,
	             "released: share 1 hears the next burst");
	CHECK_EQ_INT(atomic_load(&l2.heard), 2 * BURST,
	             "released: share 2 too");
	CHECK_EQ_INT(atomic_load(&l1.off_thread), 0,
	             "released: on the device's thread, not this one");

	/* The other share may pump now; then the first takes it back. */
	CHECK(dvr_share_rx_pump(b, 0) >= 0, "the other share pumps now");
	dvr_share_rx_pump_release(b);
	/* Claimed before the burst: what arrives until the device's thread
	 * parked is still its to deliver. */
	CHECK(dvr_share_rx_pump(a, 0) >= 0, "the first share claims again");
	set_expect(&l1, false);
	set_expect(&l2, false);
	send_burst(far, BURST);
	r = pump_until(a, &l1, &l2, 3 * BURST);
	CHECK(r >= 0 && atomic_load(&l1.heard) == 3 * BURST &&
	      atomic_load(&l2.heard) == 3 * BURST,
	      "pumping again after a release: both hear the third burst");
	CHECK(atomic_load(&l1.on_thread) > 0 &&
	      atomic_load(&l1.on_thread) >= atomic_load(&l1.off_thread),
	      "... in the pumping thread");

	/* Held but not pumped (its thread busy elsewhere): the device's
	 * thread completes what arrives, so nothing overflows behind it. */
	set_expect(&l1, true);
	send_burst(far, BURST);
	e2e_wait_count(&l1.heard, 4 * BURST);
	e2e_wait_count(&l2.heard, 4 * BURST);
	CHECK_EQ_INT(atomic_load(&l1.heard), 4 * BURST,
	             "held, not pumping: share 1 still hears the burst");
	CHECK_EQ_INT(atomic_load(&l2.heard), 4 * BURST, "... share 2 too");
	CHECK_EQ_INT(atomic_load(&l1.off_thread), 0,
	             "... delivered by the device's thread");
	CHECK_EQ_INT(dvr_share_rx_pump(b, 0), DVR_E_BUSY,
	             "... and the pump is still held");

	/* Still held and not pumped, for longer than the ring and the
	 * chip's FIFO hold: the device's thread keeps reaping for the
	 * absent holder as the chip completes transfers, not once per
	 * lapse. */
	struct vchip_stats before, after;
	vchip_get_stats(vchip_find("pu-hub"), &before);
	send_burst(far, LONG_BURST);
	e2e_wait_count(&l1.heard, 4 * BURST + LONG_BURST);
	e2e_wait_count(&l2.heard, 4 * BURST + LONG_BURST);
	vchip_get_stats(vchip_find("pu-hub"), &after);
	CHECK_EQ_INT(atomic_load(&l1.heard), 4 * BURST + LONG_BURST,
	             "held for a long burst: share 1 hears all of it");
	CHECK_EQ_INT(atomic_load(&l2.heard), 4 * BURST + LONG_BURST,
	             "... share 2 too");
	CHECK_EQ_INT(after.rx_fifo_overflow - before.rx_fifo_overflow, 0,
	             "... and the chip's RX FIFO never overflowed");
	CHECK_EQ_INT(atomic_load(&l1.off_thread), 0,
	             "... delivered by the device's thread");

	/* The adapter vanishes while held: the pump ends with the error. */
	vchip_unplug(vchip_find("pu-hub"));
	r = 0;
	for (int i = 0; i < 500 && r >= 0; i++)
		r = dvr_share_rx_pump(a, 20);
	CHECK_EQ_INT(r, DVR_E_NO_DEVICE, "a vanished adapter ends the pump");
	CHECK_EQ_INT(dvr_share_rx_pump(a, 20), DVR_E_NO_DEVICE,
	             "and every pump after it");

	dvr_share_close(b);
	dvr_share_close(a);
	dvr_share_close(far);
	CHECK(1, "the shares close");
	e2e_air_remove(air);
	return check_done();
}
