/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RX pump (dvr_share_rx_pump) over the real libusb: one adapter on
 * the umockdev test bed shared by two shares, a virtual peer on the same
 * air sending to it and hearing it (run under ThreadSanitizer by the
 * 'threaded' suite). The scenario is the one every bus runs
 * (tests/pump_scenario.h), libusb's event thread standing in for the
 * device's:
 *  - while one share pumps, every frame the peer sent reaches both
 *    shares, and their callbacks run in the pumping thread, not on
 *    libusb's event thread (but for a moment the pumping thread was kept
 *    away: the event thread then stands in);
 *  - the other share cannot take the pump meanwhile (DVR_E_BUSY), and a
 *    callback cannot pump (DVR_E_STATE);
 *  - dvr_share_rx_pump_wake() from another thread makes a pump with a
 *    timeout of ten minutes return;
 *  - after dvr_share_rx_pump_release() the event thread delivers again,
 *    to both shares, and a pump afterwards takes the reaping back;
 *  - a holder that stops pumping does not starve the adapter: the event
 *    thread delivers what arrives meanwhile, and keeps doing so for a
 *    burst longer than the ring and the chip's RX FIFO together hold
 *    (the chip counts no overflow; the peer keeps no more of it out at
 *    once than they hold, LONG_WINDOW);
 *  - an adapter that vanishes mid-pump ends the pump with
 *    DVR_E_NO_DEVICE, and the shares close without hanging.
 * Only this bus's:
 *  - bulk OUT completions go on while the pump is held: frames sent
 *    while another thread pumps, and while nobody does, are flushed and
 *    heard by the peer.
 */
#include <sched.h>

#include "tests/vusb/vusb_test.h"
#include "tests/pump_scenario.h"

/* More short frames than the ring (16 transfers) and the chip's RX FIFO
 * hold together, at 6 Mb/s: about 100 us of air each, so some twenty in
 * a lapse. The point is the stand-in, not how fast the umockdev bed can
 * reap: at 54 Mb/s (one frame per transfer every ~40 us) a sanitized
 * build's bed fell behind the air now and then, stand-in or not. */
#define LONG_BURST 1000u
#define SHORT_LEN 32u
/* Frames of the long burst the peer has out at once: sent and not yet
 * heard by share 1. Well under what the ring and the chip's RX FIFO hold
 * (16 transfers and some 170 such frames), so the burst as a whole
 * outlasts them both while no moment of it can overflow them as long as
 * the stand-in keeps reaping; if it stops, the peer stops too and the
 * burst is never heard in full.
 * Why the peer waits for the hub at all: a real host reaps and resubmits
 * a URB in two system calls on its own thread; the umockdev bed turns
 * each into a round trip to its ioctl thread, two more wake-ups that a
 * loaded machine delays by milliseconds each. With ten CPU-bound
 * processes on two cores the bed went 13 ms without handing the chip
 * a transfer back, the event thread standing in all along, while the air
 * brought a frame every 72 us: the FIFO overflowed, a loss of the bed's
 * hand-offs that a real adapter's host does not have. A
 * peer paced to what the hub drains, as a real host's drain outpaces
 * the air, keeps the check on the stand-in and off the bed's speed. */
#define LONG_WINDOW 64u

struct bed {
	struct vusb_dev *ud;
	struct vt_rx *peer_rx;   /* what the peer heard */
	atomic_bool pumping_now; /* the vanish's pump loop has started */
	struct pump_listener *l1; /* share 1: paces the long burst */
};

static bool is_marked(const struct dvr_rx_frame *f)
{
	return f->len >= 30 && memcmp(f->data + 24, vt_marker, 4) == 0;
}

/* n frames of len bytes at a legacy rate of rate_500k x 500 kb/s;
 * returns how many were sent. */
static unsigned send_frames(dvr_share *from, unsigned first, unsigned n,
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
	return sent;
}

static unsigned send_burst(void *ctx, dvr_share *from, unsigned first,
                           unsigned n)
{
	(void)ctx;
	return send_frames(from, first, n, 300, vt_params().rate.legacy_500k);
}

/* The long burst, at most LONG_WINDOW frames out at once (above). */
static unsigned send_short(void *ctx, dvr_share *from, unsigned first,
                           unsigned n)
{
	struct bed *bed = ctx;
	const unsigned base = atomic_load(&bed->l1->heard);
	unsigned sent = 0;
	while (sent < n) {
		unsigned out = 0;
		WAIT_UNTIL((out = sent - (atomic_load(&bed->l1->heard) -
		                          base)) < LONG_WINDOW,
		           PUMP_GUARD_MS);
		if (out >= LONG_WINDOW)
			break; /* the hub stopped delivering */
		unsigned chunk = LONG_WINDOW - out;
		if (chunk > n - sent)
			chunk = n - sent;
		unsigned did = send_frames(from, first + sent, chunk, SHORT_LEN,
		                           12);
		sent += did;
		if (did < chunk)
			break;
	}
	return sent;
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

/* The hub sends 5 frames and flushes while the pump is held; the peer
 * hears every one. */
static void check_tx(dvr_share *hub, struct vt_rx *peer_rx, unsigned first,
                     const char *what)
{
	unsigned before = vt_rx_count(peer_rx);
	CHECK_EQ_INT(send_burst(NULL, hub, first, 5), 5, "a burst is sent");
	char msg[160];
	snprintf(msg, sizeof msg, "%s: the hub's bulk OUTs complete (flush)",
	         what);
	CHECK_EQ_INT(dvr_share_flush(hub, 4000), DVR_OK, msg);
	vt_wait_rx(peer_rx, before + 5, 5000);
	snprintf(msg, sizeof msg, "%s: the peer hears them", what);
	CHECK_EQ_INT(vt_rx_count(peer_rx), before + 5, msg);
}

/* Held, nobody pumping: the hub's frames still complete. */
static void tx_held_idle(void *ctx, dvr_share *a, dvr_share *b)
{
	(void)b;
	struct bed *bed = ctx;
	check_tx(a, bed->peer_rx, 300, "held, not pumping");
}

/* Another thread pumps while this one sends: the pump thread completes
 * the bulk OUTs too. */
static void tx_other_pumping(void *ctx, dvr_share *a, dvr_share *b)
{
	struct bed *bed = ctx;
	struct pumper pu = { .s = a };
	atomic_init(&pu.stop, false);
	atomic_init(&pu.last, 0);
	pthread_t pt;
	pthread_create(&pt, NULL, pump_loop, &pu);
	check_tx(b, bed->peer_rx, 600, "another thread pumping");
	atomic_store(&pu.stop, true);
	dvr_share_rx_pump_wake(a);
	pthread_join(pt, NULL);
	CHECK(atomic_load(&pu.last) >= 0, "... and its pumps said no error");
	CHECK(dvr_share_rx_pump(a, 0) >= 0, "claimed once more");
}

/* Unplugs once the main thread is in its pump loop, so the loss comes
 * while a pump waits in libusb or between two. */
static void *unplug_mid_pump(void *arg)
{
	struct bed *bed = arg;
	while (!atomic_load(&bed->pumping_now))
		sched_yield();
	vusb_unplug(bed->ud);
	return NULL;
}

static int unplug_while_pumping(void *ctx, dvr_share *a)
{
	struct bed *bed = ctx;
	pthread_t vt;
	pthread_create(&vt, NULL, unplug_mid_pump, bed);
	int r = dvr_share_rx_pump(a, 20);
	atomic_store(&bed->pumping_now, true);
	for (int i = 0; i < 1000 && r >= 0; i++)
		r = dvr_share_rx_pump(a, 20);
	pthread_join(vt, NULL);
	return r;
}

int main(int argc, char **argv)
{
	(void)argc;
	char air[64];
	const char *fw = vt_setup(argv, air, sizeof air);
	struct vusb *vb = NULL;
	struct bed bed = { 0 };
	atomic_init(&bed.pumping_now, false);
	struct vchip_config vcfg = { .name = "pu-hub", .seed = 11 };
	if (!vt_bed_one(&vcfg, &vb, &bed.ud, "test bed with one adapter"))
		return check_done();

	struct pump_listener l1 = { 0 }, l2 = { 0 };
	bed.peer_rx = calloc(1, sizeof *bed.peer_rx);
	vt_rx_init(bed.peer_rx);
	dvr_share *a = pump_listener_open("auto", fw, DVR_TX_ASYNC, &l1,
	                                  is_marked);
	dvr_share *b = pump_listener_open("auto", fw, DVR_TX_ASYNC, &l2,
	                                  is_marked);
	dvr_share *far = pump_share_open("virtual:pu-far", fw, DVR_TX_ASYNC,
	                                 vt_on_rx, bed.peer_rx);
	bed.l1 = &l1;
	if (!CHECK(a && b && far, "two shares of the USB adapter, a peer")) {
		dvr_share_close(a);
		dvr_share_close(b);
		dvr_share_close(far);
		vusb_free(vb);
		return check_done();
	}

	struct pump_bus bus = {
		.ctx = &bed,
		.deliverer = "the event thread",
		.claim_note = " (the bus has a pump)",
		.chip = vusb_chip(bed.ud),
		.long_burst = LONG_BURST,
		.send = send_burst,
		.send_long = send_short,
		.held_idle = tx_held_idle,
		.handed_over = tx_other_pumping,
		.vanish = unplug_while_pumping,
	};
	pump_scenario_run(&bus, a, b, far, &l1, &l2);
	pthread_mutex_destroy(&bed.peer_rx->lock);
	free(bed.peer_rx);
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
