/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RX pump scenario (dvr_share_rx_pump) that every bus with a pump
 * runs the same way: two shares of one adapter and a peer on the same
 * air, the peer sending bursts to them. What differs between the buses
 * (how a burst is sent, what stands in for the pumping thread, the
 * checks only one bus has, how the adapter vanishes) comes in through
 * struct pump_bus; the test file opens the shares and owns the rest.
 *
 * Header only, like tests/check.h whose counters it reports to: include
 * it from one test program.
 */
#ifndef DEVOURER_TESTS_PUMP_SCENARIO_H
#define DEVOURER_TESTS_PUMP_SCENARIO_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"

/* Frames of each burst the scenario sends. */
#define PUMP_BURST 40u
/* Hang guard of every wait (never what a check relies on). */
#define PUMP_GUARD_MS 20000u

/* One share's view: how many of the peer's frames it heard, and on
 * which thread its callbacks ran. */
struct pump_listener {
	bool (*ours)(const struct dvr_rx_frame *f); /* the peer's frames */
	atomic_uint heard;
	atomic_uint off_thread;   /* callbacks not on the expected thread */
	atomic_uint on_thread;    /* callbacks on it */
	atomic_int pump_in_cb;    /* what dvr_share_rx_pump said in one */
	pthread_t expect;         /* set while only this thread may deliver */
	atomic_bool expect_set;
	atomic_bool expect_other; /* every callback on another thread */
	dvr_share *self;
};

static inline void pump_on_rx(void *user, const struct dvr_rx_frame *f)
{
	struct pump_listener *l = user;
	if (!l->ours(f))
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

/* A share on channel 36 delivering to cb(user); NULL if it cannot open. */
static inline dvr_share *pump_share_open(const char *sel, const char *fw,
                                         enum dvr_tx_mode mode, dvr_rx_fn cb,
                                         void *user)
{
	struct dvr_share_config cfg = {
		.device = { .firmware_dir = fw, .on_rx = cb, .user = user,
		            .tx_mode = mode },
		.channel = { .channel = 36, .bw_mhz = 20 },
	};
	dvr_share *s = NULL;
	if (dvr_share_open(sel, &cfg, &s) != DVR_OK)
		return NULL;
	return s;
}

/* A listener share: its callback is pump_on_rx, keeping frames ours
 * says are the peer's. */
static inline dvr_share *pump_listener_open(const char *sel, const char *fw,
                                            enum dvr_tx_mode mode,
                                            struct pump_listener *l,
                                            bool (*ours)(const struct dvr_rx_frame *))
{
	l->ours = ours;
	l->self = pump_share_open(sel, fw, mode, pump_on_rx, l);
	return l->self;
}

/* What the bus under test does its own way. */
struct pump_bus {
	void *ctx;
	/* Who delivers when nobody pumps ("the device's thread"). */
	const char *deliverer;
	/* Said after "the first pump claims" (may be ""). */
	const char *claim_note;
	/* The chip model of the shared adapter (its RX FIFO counter). */
	struct vchip *chip;
	/* Frames of the long burst: more than the ring and the chip's RX
	 * FIFO hold together. */
	unsigned long_burst;
	/* The peer sends n frames (numbered from first); returns how many
	 * it could send. */
	unsigned (*send)(void *ctx, dvr_share *far, unsigned first, unsigned n);
	/* The same for the long burst (short frames). */
	unsigned (*send_long)(void *ctx, dvr_share *far, unsigned first,
	                      unsigned n);
	/* Optional: the bus's own checks while a holds the pump and
	 * nobody pumps. */
	void (*held_idle)(void *ctx, dvr_share *a, dvr_share *b);
	/* Optional: the bus's own checks with the pump released by a;
	 * returns with a holding it again (checked). */
	void (*handed_over)(void *ctx, dvr_share *a, dvr_share *b);
	/* Makes the adapter vanish while a holds the pump, and pumps until
	 * a pump fails; returns what the last pump said. */
	int (*vanish)(void *ctx, dvr_share *a);
};

static inline void pump_set_expect_(struct pump_listener *l, bool other)
{
	atomic_store(&l->expect_set, false);
	atomic_store(&l->off_thread, 0);
	atomic_store(&l->on_thread, 0);
	l->expect = pthread_self();
	atomic_store(&l->expect_other, other);
	atomic_store(&l->expect_set, true);
}

static inline void pump_send_(const struct pump_bus *bus, dvr_share *far,
                              unsigned first, unsigned n, bool longer)
{
	unsigned sent = longer ? bus->send_long(bus->ctx, far, first, n)
	                       : bus->send(bus->ctx, far, first, n);
	CHECK_EQ_INT(sent, n, "the peer sends a burst");
}

static inline void pump_wait_heard_(struct pump_listener *l, unsigned want)
{
	WAIT_UNTIL(atomic_load(&l->heard) >= want, PUMP_GUARD_MS);
}

/* Pump a until both listeners heard want. */
static inline int pump_until_(dvr_share *a, struct pump_listener *l1,
                              struct pump_listener *l2, unsigned want)
{
	int r = 0;
	uint64_t end = check_now_ms_() + PUMP_GUARD_MS;
	while ((atomic_load(&l1->heard) < want ||
	        atomic_load(&l2->heard) < want) && check_now_ms_() < end) {
		r = dvr_share_rx_pump(a, 20);
		if (r < 0)
			break;
	}
	return r;
}

/* A burst delivered while this thread pumped: the pump delivered, and
 * share 2's callbacks ran on the same threads as share 1's. Not every
 * callback need be on this thread: the device's own thread stands in
 * when the pumping thread was kept away for a lapse (a loaded machine),
 * as dvr_share_rx_pump promises (libdevourer/bus/transport.h). */
static inline void pump_check_pumped_(struct pump_listener *l1,
                                      struct pump_listener *l2,
                                      const char *what)
{
	char msg[160];
	printf("# %s: %u callbacks in the pumping thread, %u not\n", what,
	       atomic_load(&l1->on_thread), atomic_load(&l1->off_thread));
	snprintf(msg, sizeof msg, "%s: share 1's callbacks ran in the "
	         "pumping thread (some at least)", what);
	CHECK(atomic_load(&l1->on_thread) > 0, msg);
	snprintf(msg, sizeof msg, "%s: share 2's with them, on the same "
	         "threads", what);
	CHECK(atomic_load(&l2->on_thread) == atomic_load(&l1->on_thread) &&
	      atomic_load(&l2->off_thread) == atomic_load(&l1->off_thread),
	      msg);
}

struct pump_waker_ {
	dvr_share *s;
	atomic_bool stop;
};

static inline void *pump_wake_loop_(void *arg)
{
	struct pump_waker_ *w = arg;
	/* Woken again and again until the pump returned: whether the wake
	 * comes before the pump blocks or while it does, it must return. */
	while (!atomic_load(&w->stop)) {
		dvr_share_rx_pump_wake(w->s);
		struct timespec ts = { 0, 1000000L };
		nanosleep(&ts, NULL);
	}
	return NULL;
}

/* The scenario over shares a and b (listeners l1, l2) of one adapter
 * and the peer far; closes the three shares at the end. */
static inline void pump_scenario_run(const struct pump_bus *bus,
                                     dvr_share *a, dvr_share *b,
                                     dvr_share *far,
                                     struct pump_listener *l1,
                                     struct pump_listener *l2)
{
	char msg[160];
	CHECK(dvr_share_device(a) == dvr_share_device(b),
	      "both shares on one device");

	/* Pumped: both shares hear the burst through this thread. */
	pump_set_expect_(l1, false);
	pump_set_expect_(l2, false);
	snprintf(msg, sizeof msg, "the first pump claims%s", bus->claim_note);
	CHECK(dvr_share_rx_pump(a, 0) >= 0, msg);
	CHECK_EQ_INT(dvr_share_rx_pump(b, 0), DVR_E_BUSY,
	             "the other share cannot pump meanwhile");
	atomic_store(&l2->pump_in_cb, 1);
	pump_send_(bus, far, 100, PUMP_BURST, false);
	int r = pump_until_(a, l1, l2, PUMP_BURST);
	CHECK(r >= 0, "pumping returns no error");
	CHECK_EQ_INT(atomic_load(&l1->heard), PUMP_BURST,
	             "share 1 heard the burst");
	CHECK_EQ_INT(atomic_load(&l2->heard), PUMP_BURST,
	             "share 2 heard it through the same pump");
	pump_check_pumped_(l1, l2, "pumped");
	CHECK_EQ_INT(atomic_load(&l2->pump_in_cb), DVR_E_STATE,
	             "a callback cannot pump");

	/* Woken from another thread, a pump of ten minutes returns (a
	 * failure hangs into the test's timeout instead of passing). */
	struct pump_waker_ w = { .s = a };
	atomic_init(&w.stop, false);
	pthread_t wt;
	pthread_create(&wt, NULL, pump_wake_loop_, &w);
	r = dvr_share_rx_pump(a, 600000);
	atomic_store(&w.stop, true);
	pthread_join(wt, NULL);
	CHECK(r >= 0, "a woken pump returns");

	if (bus->held_idle)
		bus->held_idle(bus->ctx, a, b);

	/* Released: the deliverer delivers again, to both. */
	dvr_share_rx_pump_release(a);
	pump_set_expect_(l1, true);
	pump_set_expect_(l2, true);
	pump_send_(bus, far, 400, PUMP_BURST, false);
	pump_wait_heard_(l1, 2 * PUMP_BURST);
	pump_wait_heard_(l2, 2 * PUMP_BURST);
	CHECK_EQ_INT(atomic_load(&l1->heard), 2 * PUMP_BURST,
	             "released: share 1 hears the next burst");
	CHECK_EQ_INT(atomic_load(&l2->heard), 2 * PUMP_BURST,
	             "released: share 2 too");
	snprintf(msg, sizeof msg, "released: on %s, not this one",
	         bus->deliverer);
	CHECK_EQ_INT(atomic_load(&l1->off_thread), 0, msg);

	/* The other share may pump now; then the first takes it back.
	 * Claimed before the burst: what arrives until the deliverer
	 * parked is still its to deliver. */
	CHECK(dvr_share_rx_pump(b, 0) >= 0, "the other share pumps now");
	dvr_share_rx_pump_release(b);
	CHECK(dvr_share_rx_pump(a, 0) >= 0, "the first share claims again");
	pump_set_expect_(l1, false);
	pump_set_expect_(l2, false);
	pump_send_(bus, far, 500, PUMP_BURST, false);
	r = pump_until_(a, l1, l2, 3 * PUMP_BURST);
	CHECK(r >= 0 && atomic_load(&l1->heard) == 3 * PUMP_BURST &&
	      atomic_load(&l2->heard) == 3 * PUMP_BURST,
	      "pumping again after a release: both hear the third burst");
	pump_check_pumped_(l1, l2, "pumped again");

	if (bus->handed_over) {
		dvr_share_rx_pump_release(a);
		bus->handed_over(bus->ctx, a, b);
	}

	/* Held but not pumped (its thread busy elsewhere): the deliverer
	 * completes what arrives, so nothing overflows behind it. */
	unsigned had = atomic_load(&l1->heard);
	pump_set_expect_(l1, true);
	pump_send_(bus, far, 700, PUMP_BURST, false);
	pump_wait_heard_(l1, had + PUMP_BURST);
	pump_wait_heard_(l2, had + PUMP_BURST);
	CHECK_EQ_INT(atomic_load(&l1->heard), had + PUMP_BURST,
	             "held, not pumping: share 1 still hears the burst");
	CHECK_EQ_INT(atomic_load(&l2->heard), had + PUMP_BURST,
	             "... share 2 too");
	snprintf(msg, sizeof msg, "... delivered by %s", bus->deliverer);
	CHECK_EQ_INT(atomic_load(&l1->off_thread), 0, msg);
	CHECK_EQ_INT(dvr_share_rx_pump(b, 0), DVR_E_BUSY,
	             "... and the pump is still held");

	/* Still held and not pumped, for longer than the ring and the
	 * chip's FIFO hold: the deliverer keeps reaping for the absent
	 * holder as the chip completes transfers, not once per lapse. */
	struct vchip_stats before, after;
	vchip_get_stats(bus->chip, &before);
	had = atomic_load(&l1->heard);
	pump_send_(bus, far, 1000, bus->long_burst, true);
	pump_wait_heard_(l1, had + bus->long_burst);
	pump_wait_heard_(l2, had + bus->long_burst);
	vchip_get_stats(bus->chip, &after);
	CHECK_EQ_INT(atomic_load(&l1->heard), had + bus->long_burst,
	             "held for a long burst: share 1 hears all of it");
	CHECK_EQ_INT(atomic_load(&l2->heard), had + bus->long_burst,
	             "... share 2 too");
	CHECK_EQ_INT(after.rx_fifo_overflow - before.rx_fifo_overflow, 0,
	             "... and the chip's RX FIFO never overflowed");
	printf("# the chip waited for the host to reap %llu times, the "
	       "longest %llu us\n",
	       (unsigned long long)(after.rx_starved - before.rx_starved),
	       (unsigned long long)after.rx_starved_max_us);
	CHECK_EQ_INT(atomic_load(&l1->off_thread), 0, msg);

	/* The adapter vanishes while held: the pump ends with the error. */
	r = bus->vanish(bus->ctx, a);
	CHECK_EQ_INT(r, DVR_E_NO_DEVICE, "a vanished adapter ends the pump");
	CHECK_EQ_INT(dvr_share_rx_pump(a, 20), DVR_E_NO_DEVICE,
	             "and every pump after it");

	dvr_share_close(b);
	dvr_share_close(a);
	dvr_share_close(far);
	CHECK(1, "the shares close");
}

#endif
