/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The in-process bus to a virtual adapter: struct dvr_transport_ops over
 * the chip model (libdevourer/virtual/vchip.h). Like a host controller it
 * only moves transfers — every chip behaviour stays in the model, so the
 * usbfs front end sees the same chip.
 *
 * Bulk OUT transfers queue to one OUT worker thread that hands them to
 * the chip in submission order. rx_start() queues the whole ring of bulk
 * IN buffers at the chip (vchip_bulk_in_submit) before it returns, as the
 * USB transport submits its URBs, and they stay queued there: the chip
 * fills them as it receives, whether or not a host thread runs; one IN
 * worker reaps them in order, calls the RX callback per transfer and
 * queues each buffer again, so a slow callback delays only the
 * reaping. Both callbacks run on those workers; after rx_stop()/destroy()
 * return, none runs any more. rx_stop() and destroy() must not be called
 * from a callback.
 *
 * The RX pump (rx_claim ... rx_release, transport.h): the IN worker's
 * loop body is reap_one(), and a claiming thread calls the same function
 * itself while the worker waits, parked, until the claim is released.
 * The model's own wake-up (vchip_bulk_in_interrupt) gets the worker out
 * of its reap when the claim comes and a pump out of its reap when it
 * must return early, so neither waits out IN_POLL_MS. A claimer kept
 * away (park_watching) is stood in for by the worker until it calls
 * rx_reap again; the chip's completion interrupt
 * (vchip_bulk_in_set_completion) wakes the worker when transfers pile
 * up meanwhile. One thread reaps at a time, and the hand-over goes
 * through vt->lock, so the RX callback's state passes from thread to
 * thread in order.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libdevourer/bus/backend.h"
#include "libdevourer/bus/deadline.h"
#include "libdevourer/bus/transport.h"
#include "libdevourer/virtual/air.h"
#include "libdevourer/virtual/vchip.h"
#include "libdevourer/virtual/vchip_personality.h"

#define OUT_QUEUE_MAX 256u
/* How long one bulk IN read waits before the worker looks at its stop
 * flag again; an idle IN transfer simply stays posted. */
#define IN_POLL_MS 50u
#define DEFAULT_TIMEOUT_MS 500u

struct out_job {
	unsigned idx;
	const uint8_t *buf;
	size_t len;
	unsigned timeout_ms;
	dvr_bulk_out_done_fn done;
	void *user;
};

struct vtransport {
	struct dvr_transport base;
	struct vchip *vc;
	pthread_mutex_t lock;

	/* OUT queue */
	pthread_cond_t out_cond;   /* worker: jobs or stop */
	pthread_cond_t idle_cond;  /* flush_out: queue drained */
	struct out_job jobs[OUT_QUEUE_MAX];
	unsigned head, count;
	bool out_busy;             /* worker is running a job */
	bool out_stop;
	pthread_t out_thread;

	/* IN ring */
	bool rx_running, rx_stop;
	pthread_cond_t rx_cond;    /* any change of the pump state below */
	bool rx_claimed;           /* a caller reaps instead of the worker */
	bool rx_parked;            /* the worker saw the claim and waits */
	bool rx_pumping;           /* the claimer is inside rx_reap */
	bool rx_ended;             /* the ring is over: rx_end_status */
	int rx_end_status;
	bool rx_worker_done;       /* the worker left its loop */
	bool rx_wake_pending;      /* rx_wake: the next rx_reap returns */
	bool rx_lapse_reaping;     /* the worker reaps for an absent pump */
	uint64_t rx_pump_left_ns;  /* when the claimer last left rx_reap */
	/* While the claimer is out of rx_reap: this many completed
	 * transfers wake the parked worker (0: none does); written under
	 * lock, read by the chip's completion interrupt without it. */
	atomic_uint rx_depth_mark;
	bool rx_depth_hit;         /* the mark was reached: take over now */
	unsigned rx_pump_waiters;  /* threads waiting for rx_reap to return */
	pthread_t in_thread;
	uint8_t *rx_mem;
	unsigned rx_n;
	size_t rx_buflen;
	dvr_bulk_in_fn rx_cb;
	dvr_bulk_in_posted_fn rx_posted_cb;
	void *rx_user;
};

static struct vtransport *vt_of(struct dvr_transport *t)
{
	return (struct vtransport *)t;
}

static int status_of(int r)
{
	return r >= 0 ? r : dvr_status_from_errno(r);
}

static int vt_ctrl_in(struct dvr_transport *t, uint16_t addr, uint16_t index,
                      uint8_t *buf, uint16_t len, unsigned timeout_ms)
{
	return status_of(vchip_control(vt_of(t)->vc, DVR_USB_REQTYPE_READ,
	                               DVR_USB_VENDOR_REQ, addr, index, buf,
	                               len, timeout_ms));
}

static int vt_ctrl_out(struct dvr_transport *t, uint16_t addr,
                       uint16_t index, const uint8_t *buf, uint16_t len,
                       unsigned timeout_ms)
{
	/* The model does not write into an OUT data stage; the cast only
	 * satisfies the shared control signature. */
	return status_of(vchip_control(vt_of(t)->vc, DVR_USB_REQTYPE_WRITE,
	                               DVR_USB_VENDOR_REQ, addr, index,
	                               (uint8_t *)buf, len, timeout_ms));
}

/* One bulk OUT plus the zero-length packet a host controller adds when the
 * length is a multiple of wMaxPacketSize (rtw88 usb.c rtw_usb_write_port,
 * URB_ZERO_PACKET). */
static int do_bulk_out(struct vtransport *vt, unsigned idx,
                       const uint8_t *buf, size_t len, unsigned timeout_ms)
{
	if (idx >= vt->base.info.n_out)
		return DVR_E_INVALID;
	if (!timeout_ms)
		timeout_ms = DEFAULT_TIMEOUT_MS;
	uint8_t ep = vt->base.info.out_ep[idx];
	int r = vchip_bulk_out(vt->vc, ep, buf, len, timeout_ms);
	if (r > 0 && len % vt->base.info.bulk_max_packet == 0) {
		int z = vchip_bulk_out(vt->vc, ep, NULL, 0, timeout_ms);
		if (z < 0)
			r = z;
	}
	/* As the USB transport does: a stalled endpoint is cleared so the
	 * next frame can go; this one is reported failed. */
	if (r == -EPIPE)
		vchip_clear_halt(vt->vc, ep);
	return status_of(r);
}

static void *out_worker(void *arg)
{
	struct vtransport *vt = arg;
	pthread_mutex_lock(&vt->lock);
	for (;;) {
		while (!vt->out_stop && vt->count == 0)
			pthread_cond_wait(&vt->out_cond, &vt->lock);
		if (vt->count == 0)
			break; /* stopping and drained */
		struct out_job j = vt->jobs[vt->head];
		vt->head = (vt->head + 1) % OUT_QUEUE_MAX;
		vt->count--;
		vt->out_busy = true;
		bool cancelled = vt->out_stop;
		pthread_mutex_unlock(&vt->lock);
		int r = cancelled ? DVR_E_IO
		                  : do_bulk_out(vt, j.idx, j.buf, j.len,
		                                j.timeout_ms);
		if (j.done)
			j.done(j.user, r < 0 ? r : DVR_OK,
			       r < 0 ? 0 : (size_t)r);
		pthread_mutex_lock(&vt->lock);
		vt->out_busy = false;
		pthread_cond_broadcast(&vt->idle_cond);
	}
	pthread_mutex_unlock(&vt->lock);
	return NULL;
}

static int vt_bulk_out_submit(struct dvr_transport *t, unsigned out_idx,
                              const uint8_t *buf, size_t len,
                              unsigned timeout_ms, dvr_bulk_out_done_fn done,
                              void *user)
{
	struct vtransport *vt = vt_of(t);
	if (out_idx >= t->info.n_out || (!buf && len))
		return DVR_E_INVALID;
	pthread_mutex_lock(&vt->lock);
	if (vt->out_stop) {
		pthread_mutex_unlock(&vt->lock);
		return DVR_E_STATE;
	}
	if (vt->count == OUT_QUEUE_MAX) {
		pthread_mutex_unlock(&vt->lock);
		return DVR_E_BUSY;
	}
	vt->jobs[(vt->head + vt->count) % OUT_QUEUE_MAX] = (struct out_job){
		.idx = out_idx, .buf = buf, .len = len,
		.timeout_ms = timeout_ms, .done = done, .user = user,
	};
	vt->count++;
	pthread_cond_signal(&vt->out_cond);
	pthread_mutex_unlock(&vt->lock);
	return DVR_OK;
}

static int vt_bulk_out_sync(struct dvr_transport *t, unsigned out_idx,
                            const uint8_t *buf, size_t len,
                            unsigned timeout_ms)
{
	if (!buf && len)
		return DVR_E_INVALID;
	return do_bulk_out(vt_of(t), out_idx, buf, len, timeout_ms);
}

static int vt_clear_halt_out(struct dvr_transport *t, unsigned out_idx)
{
	if (out_idx >= t->info.n_out)
		return DVR_E_INVALID;
	return status_of(vchip_clear_halt(vt_of(t)->vc,
	                                  t->info.out_ep[out_idx]));
}

/* Queue ring buffer i at the chip again; false when the device is gone
 * (reported to the callback). */
static bool post_in(struct vtransport *vt, unsigned i)
{
	int r = vchip_bulk_in_submit(vt->vc, vt->base.info.in_ep,
	                             vt->rx_mem + (size_t)i * vt->rx_buflen,
	                             vt->rx_buflen, i);
	if (r < 0) {
		int s = dvr_status_from_errno(r);
		vt->rx_cb(vt->rx_user, s, NULL, 0);
		return s != DVR_E_NO_DEVICE;
	}
	if (vt->rx_posted_cb)
		vt->rx_posted_cb(vt->rx_user, vt->rx_buflen);
	return true;
}

/* Reap one bulk IN transfer and hand it to the callback, as a host
 * controller completes it; whichever thread reaps calls this. Returns 1
 * when one completed, 0 when none did within timeout_ms (or the reap was
 * interrupted), or the ring's final status once it ended (reported to
 * the callback already). */
static int reap_one(struct vtransport *vt, unsigned timeout_ms)
{
	uintptr_t tag = 0;
	int r = vchip_bulk_in_reap(vt->vc, vt->base.info.in_ep, timeout_ms,
	                           &tag);
	if (r == -ETIMEDOUT || r == -EINTR)
		return 0; /* still posted, nothing arrived */
	if (r == -ENOENT) {
		/* nothing queued: every resubmit failed */
		vt->rx_cb(vt->rx_user, DVR_E_IO, NULL, 0);
		return DVR_E_IO;
	}
	if (tag >= vt->rx_n)
		return DVR_E_IO; /* not ours: cannot happen */
	if (r >= 0) {
		vt->rx_cb(vt->rx_user, DVR_OK,
		          vt->rx_mem + (size_t)tag * vt->rx_buflen, (size_t)r);
	} else {
		int st = dvr_status_from_errno(r);
		vt->rx_cb(vt->rx_user, st, NULL, 0);
		if (st == DVR_E_NO_DEVICE)
			return st; /* reported once; nothing follows */
	}
	/* The buffer is handed back to the chip: posted again. */
	return post_in(vt, (unsigned)tag) ? 1 : DVR_E_NO_DEVICE;
}

/* The ring is over (lock held): no thread reaps again. */
static void end_ring(struct vtransport *vt, int status)
{
	if (!vt->rx_ended) {
		vt->rx_ended = true;
		vt->rx_end_status = status;
	}
	pthread_cond_broadcast(&vt->rx_cond);
}

/* How many completed transfers, waiting while the claimer is out of
 * rx_reap, make the parked worker take over at once rather than at the
 * end of the lapse: a quarter of the ring, so the other three quarters
 * and the chip's RX FIFO still take what arrives while that thread gets
 * to run. The bound is the ring's depth, not a timer: on a loaded
 * machine a timed wake-up comes late by several milliseconds, and a
 * burst of frames fills the ring faster. */
static unsigned depth_mark(const struct vtransport *vt)
{
	return vt->rx_n / 4 ? vt->rx_n / 4 : 1;
}

/* The chip's completion interrupt (vchip_bulk_in_set_completion), on the
 * thread that completed the transfer, under the chip's lock (which is
 * never taken with vt->lock held, so this order is safe). Costs one
 * atomic load per transfer unless the mark is armed and reached. */
static void chip_completed(void *ctx, unsigned completed)
{
	struct vtransport *vt = ctx;
	unsigned mark = atomic_load_explicit(&vt->rx_depth_mark,
	                                     memory_order_relaxed);
	if (!mark || completed < mark)
		return;
	pthread_mutex_lock(&vt->lock);
	if (atomic_load_explicit(&vt->rx_depth_mark, memory_order_relaxed)) {
		atomic_store_explicit(&vt->rx_depth_mark, 0,
		                      memory_order_relaxed);
		vt->rx_depth_hit = true;
		pthread_cond_broadcast(&vt->rx_cond);
	}
	pthread_mutex_unlock(&vt->lock);
}

/* Whether the worker must stop standing in for an absent pump (lock
 * held): the claimer is back in rx_reap, the claim is gone, or the ring
 * is over. */
static bool stand_in_over(const struct vtransport *vt)
{
	return !vt->rx_claimed || vt->rx_pumping || vt->rx_stop ||
	       vt->rx_ended;
}

/* Parked while a pump holds the ring (lock held). The worker takes over
 * once the claimer has stayed out of rx_reap a lapse — counted from the
 * claimer's last return, not from this thread's wake-up, so a worker
 * woken late (a loaded machine) does not wait a further lapse — or as
 * soon as a quarter of the ring completed meanwhile (chip_completed).
 * Taken over, it reaps as it does unclaimed, waiting in the chip and
 * woken by each transfer the chip completes, until the claimer is back
 * in rx_reap (which interrupts that wait): however long the claimer's
 * thread stays downstream or descheduled, the ring is reposted as fast
 * as the chip fills it, not in one sweep per lapse. While the claimer
 * is inside rx_reap this thread sleeps a whole lapse: the pump's return
 * does not wake it. */
static void park_watching(struct vtransport *vt)
{
	const uint64_t lapse_ns = (uint64_t)DVR_RX_PUMP_LAPSE_MS * 1000000u;
	uint64_t now = air_now_ns();
	uint64_t due = vt->rx_pumping ? now + lapse_ns
	                              : vt->rx_pump_left_ns + lapse_ns;
	if (due > now) {
		struct timespec dl = {
			.tv_sec = (time_t)(due / 1000000000u),
			.tv_nsec = (long)(due % 1000000000u),
		};
		if (!vt->rx_depth_hit)
			pthread_cond_timedwait(&vt->rx_cond, &vt->lock, &dl);
		if (stand_in_over(vt) ||
		    (!vt->rx_depth_hit &&
		     air_now_ns() - vt->rx_pump_left_ns < lapse_ns))
			return;
	} else if (stand_in_over(vt)) {
		return;
	}
	atomic_store_explicit(&vt->rx_depth_mark, 0, memory_order_relaxed);
	vt->rx_depth_hit = false;
	vt->rx_lapse_reaping = true;
	int r;
	do {
		pthread_mutex_unlock(&vt->lock);
		r = reap_one(vt, IN_POLL_MS);
		pthread_mutex_lock(&vt->lock);
	} while (r >= 0 && !stand_in_over(vt));
	vt->rx_lapse_reaping = false;
	if (r < 0)
		end_ring(vt, r);
	/* Counted from now: a claimer that has not come back yet gets a
	 * whole lapse (and a quarter of the ring) again; one that has is
	 * woken here. */
	vt->rx_pump_left_ns = air_now_ns();
	if (!vt->rx_pumping && vt->rx_claimed)
		atomic_store_explicit(&vt->rx_depth_mark, depth_mark(vt),
		                      memory_order_relaxed);
	pthread_cond_broadcast(&vt->rx_cond);
}

/* The chip lets go of every transfer of the ring and they come back
 * (no thread reaps them meanwhile). */
static void take_ring_back(struct vtransport *vt)
{
	uint8_t ep = vt->base.info.in_ep;
	uintptr_t tag;
	vchip_bulk_in_cancel(vt->vc, ep);
	while (vchip_bulk_in_reap(vt->vc, ep, 0, &tag) != -ENOENT)
		;
}

static void *in_worker(void *arg)
{
	struct vtransport *vt = arg;
	/* The ring is at the chip already (vt_rx_start posted it). */
	pthread_mutex_lock(&vt->lock);
	for (;;) {
		if (vt->rx_claimed && !vt->rx_stop) {
			vt->rx_parked = true;
			pthread_cond_broadcast(&vt->rx_cond);
			while (vt->rx_claimed && !vt->rx_stop && !vt->rx_ended)
				park_watching(vt);
			vt->rx_parked = false;
		}
		if (vt->rx_stop || vt->rx_ended)
			break;
		pthread_mutex_unlock(&vt->lock);
		int r = reap_one(vt, IN_POLL_MS);
		pthread_mutex_lock(&vt->lock);
		if (r < 0)
			end_ring(vt, r);
	}
	pthread_mutex_unlock(&vt->lock);
	/* The chip lets go of the ring before it is freed. No pump reaps
	 * now: one ended the ring or rx_stop waited for it. */
	take_ring_back(vt);
	pthread_mutex_lock(&vt->lock);
	vt->rx_worker_done = true;
	pthread_cond_broadcast(&vt->rx_cond);
	pthread_mutex_unlock(&vt->lock);
	return NULL;
}

static int vt_rx_claim(struct dvr_transport *t)
{
	struct vtransport *vt = vt_of(t);
	int r = DVR_OK;
	pthread_mutex_lock(&vt->lock);
	if (!vt->rx_running || vt->rx_stop)
		r = DVR_E_STATE;
	else if (vt->rx_ended)
		r = vt->rx_end_status;
	else if (vt->rx_claimed)
		r = DVR_E_BUSY;
	if (r != DVR_OK) {
		pthread_mutex_unlock(&vt->lock);
		return r;
	}
	vt->rx_claimed = true;
	vt->rx_pump_left_ns = air_now_ns();
	vt->rx_depth_hit = false;
	atomic_store_explicit(&vt->rx_depth_mark, depth_mark(vt),
	                      memory_order_relaxed);
	pthread_mutex_unlock(&vt->lock);
	/* Out of the reap it may be waiting in, to see the claim. */
	vchip_bulk_in_interrupt(vt->vc, vt->base.info.in_ep);
	pthread_mutex_lock(&vt->lock);
	/* Released meanwhile (another thread): the worker goes on. */
	while (vt->rx_claimed && !vt->rx_parked && !vt->rx_worker_done &&
	       !vt->rx_stop && !vt->rx_ended)
		pthread_cond_wait(&vt->rx_cond, &vt->lock);
	pthread_mutex_unlock(&vt->lock);
	return DVR_OK;
}

static int vt_rx_reap(struct dvr_transport *t, unsigned timeout_ms)
{
	struct vtransport *vt = vt_of(t);
	pthread_mutex_lock(&vt->lock);
	int r = DVR_OK;
	if (!vt->rx_claimed || vt->rx_stop)
		r = DVR_E_STATE;
	else if (vt->rx_ended)
		r = vt->rx_end_status;
	else if (vt->rx_pumping)
		r = DVR_E_BUSY; /* a second thread: one reaps at a time */
	else if (!vt->rx_parked && !vt->rx_worker_done)
		r = DVR_E_STATE; /* cannot happen: the claim waited for it */
	if (r == DVR_OK && vt->rx_wake_pending) {
		/* Woken before it began: returns at once. */
		vt->rx_wake_pending = false;
		pthread_mutex_unlock(&vt->lock);
		return 0;
	}
	if (r != DVR_OK) {
		pthread_mutex_unlock(&vt->lock);
		return r;
	}
	vt->rx_pumping = true;
	/* Reaping itself now: no completion needs the worker. */
	atomic_store_explicit(&vt->rx_depth_mark, 0, memory_order_relaxed);
	vt->rx_depth_hit = false;
	/* The worker standing in for this thread stops first (it may be
	 * waiting in the chip for the next transfer): one thread reaps. */
	while (vt->rx_lapse_reaping) {
		pthread_mutex_unlock(&vt->lock);
		vchip_bulk_in_interrupt(vt->vc, vt->base.info.in_ep);
		pthread_mutex_lock(&vt->lock);
		if (vt->rx_lapse_reaping)
			pthread_cond_wait(&vt->rx_cond, &vt->lock);
	}
	bool ended = vt->rx_ended;
	r = vt->rx_end_status;
	pthread_mutex_unlock(&vt->lock);
	if (!ended) {
		/* The first one waited for, then every one completed
		 * already: a caller judging timeouts (the link's FEC
		 * blocks) right after this sees no transfer still waiting
		 * in the ring. */
		r = reap_one(vt, timeout_ms);
		int got = r;
		for (unsigned i = 1; r > 0 && i < vt->rx_n; i++) {
			r = reap_one(vt, 0);
			got += r > 0;
		}
		if (r >= 0)
			r = got;
	}
	pthread_mutex_lock(&vt->lock);
	vt->rx_pumping = false;
	vt->rx_pump_left_ns = air_now_ns();
	/* Away from now on: transfers piling up wake the worker. */
	if (vt->rx_claimed && !vt->rx_stop && !vt->rx_ended)
		atomic_store_explicit(&vt->rx_depth_mark, depth_mark(vt),
		                      memory_order_relaxed);
	vt->rx_wake_pending = false; /* served: this reap returns now */
	if (r < 0)
		end_ring(vt, r);
	/* Only a release or stop waits for this: the parked worker does
	 * not, and waking it after every reap would cost the very thread
	 * switch per transfer the pump exists to save. */
	if (vt->rx_pump_waiters)
		pthread_cond_broadcast(&vt->rx_cond);
	pthread_mutex_unlock(&vt->lock);
	return r;
}

static void vt_rx_wake(struct dvr_transport *t)
{
	struct vtransport *vt = vt_of(t);
	pthread_mutex_lock(&vt->lock);
	vt->rx_wake_pending = true;
	pthread_mutex_unlock(&vt->lock);
	vchip_bulk_in_interrupt(vt->vc, vt->base.info.in_ep);
}

/* Wait for a pump in progress to return (lock held); it is woken so it
 * returns at once, its callback permitting. */
static void wait_pump_out(struct vtransport *vt)
{
	while (vt->rx_pumping) {
		pthread_mutex_unlock(&vt->lock);
		vchip_bulk_in_interrupt(vt->vc, vt->base.info.in_ep);
		pthread_mutex_lock(&vt->lock);
		if (vt->rx_pumping) {
			vt->rx_pump_waiters++;
			pthread_cond_wait(&vt->rx_cond, &vt->lock);
			vt->rx_pump_waiters--;
		}
	}
}

static void vt_rx_release(struct dvr_transport *t)
{
	struct vtransport *vt = vt_of(t);
	pthread_mutex_lock(&vt->lock);
	wait_pump_out(vt);
	vt->rx_claimed = false;
	atomic_store_explicit(&vt->rx_depth_mark, 0, memory_order_relaxed);
	vt->rx_depth_hit = false;
	pthread_cond_broadcast(&vt->rx_cond);
	pthread_mutex_unlock(&vt->lock);
}

/* Queue the whole ring at the chip on the caller's thread, before
 * vt_rx_start returns, as the USB transport submits its ring in
 * usb_rx_start: the chip's RX DMA has the transfers from then on,
 * whenever the worker first gets a CPU. Posted from the worker instead,
 * a worker kept off the CPU on a loaded machine left the chip without
 * a transfer while a sender that started meanwhile filled its RX FIFO,
 * frames the silicon would have moved into URBs already in the kernel.
 * The status of the first post that fails (the ring not started). */
static int post_ring(struct vtransport *vt)
{
	for (unsigned i = 0; i < vt->rx_n; i++) {
		uint8_t *buf = vt->rx_mem + (size_t)i * vt->rx_buflen;
		int r = vchip_bulk_in_submit(vt->vc, vt->base.info.in_ep, buf,
		                             vt->rx_buflen, i);
		if (r < 0)
			return dvr_status_from_errno(r);
		if (vt->rx_posted_cb)
			vt->rx_posted_cb(vt->rx_user, vt->rx_buflen);
	}
	return DVR_OK;
}

static int vt_rx_start(struct dvr_transport *t, unsigned n, size_t buflen,
                       dvr_bulk_in_fn cb, dvr_bulk_in_posted_fn posted_cb,
                       void *user)
{
	struct vtransport *vt = vt_of(t);
	if (!n || n > VCHIP_BULK_IN_QUEUE_MAX || !buflen || !cb)
		return DVR_E_INVALID;
	pthread_mutex_lock(&vt->lock);
	bool running = vt->rx_running;
	pthread_mutex_unlock(&vt->lock);
	if (running)
		return DVR_E_STATE;
	uint8_t *mem = malloc((size_t)n * buflen);
	if (!mem)
		return DVR_E_NO_MEM;
	vt->rx_mem = mem;
	vt->rx_n = n;
	vt->rx_buflen = buflen;
	vt->rx_cb = cb;
	vt->rx_posted_cb = posted_cb;
	vt->rx_user = user;
	vt->rx_stop = false;
	vt->rx_claimed = vt->rx_parked = vt->rx_pumping = false;
	vt->rx_ended = vt->rx_worker_done = vt->rx_wake_pending = false;
	vt->rx_lapse_reaping = false;
	vt->rx_depth_hit = false;
	atomic_store_explicit(&vt->rx_depth_mark, 0, memory_order_relaxed);
	vt->rx_end_status = DVR_OK;
	vchip_bulk_in_set_completion(vt->vc, t->info.in_ep, chip_completed, vt);
	int r = post_ring(vt);
	if (r == DVR_OK && pthread_create(&vt->in_thread, NULL, in_worker, vt))
		r = DVR_E_NO_MEM;
	if (r != DVR_OK) {
		take_ring_back(vt);
		vchip_bulk_in_set_completion(vt->vc, t->info.in_ep, NULL, NULL);
		free(mem);
		vt->rx_mem = NULL;
		return r;
	}
	pthread_mutex_lock(&vt->lock);
	vt->rx_running = true;
	pthread_mutex_unlock(&vt->lock);
	return DVR_OK;
}

static void vt_rx_stop(struct dvr_transport *t)
{
	struct vtransport *vt = vt_of(t);
	pthread_mutex_lock(&vt->lock);
	bool running = vt->rx_running;
	vt->rx_stop = true;
	pthread_cond_broadcast(&vt->rx_cond);
	/* A pump in progress finishes first: after this returns no
	 * callback runs, on the worker or on a pumping caller. */
	wait_pump_out(vt);
	vt->rx_claimed = false;
	atomic_store_explicit(&vt->rx_depth_mark, 0, memory_order_relaxed);
	pthread_mutex_unlock(&vt->lock);
	if (!running)
		return;
	pthread_join(vt->in_thread, NULL);
	/* The chip may outlive this transport (parked for re-enumeration). */
	vchip_bulk_in_set_completion(vt->vc, t->info.in_ep, NULL, NULL);
	free(vt->rx_mem);
	vt->rx_mem = NULL;
	pthread_mutex_lock(&vt->lock);
	vt->rx_running = false;
	pthread_mutex_unlock(&vt->lock);
}

static int vt_flush_out(struct dvr_transport *t, unsigned timeout_ms)
{
	struct vtransport *vt = vt_of(t);
	struct timespec dl;
	uint64_t end = air_now_ns() + (uint64_t)timeout_ms * 1000000u;
	dl.tv_sec = (time_t)(end / 1000000000u);
	dl.tv_nsec = (long)(end % 1000000000u);
	int r = DVR_OK;
	pthread_mutex_lock(&vt->lock);
	while (vt->count || vt->out_busy) {
		if (pthread_cond_timedwait(&vt->idle_cond, &vt->lock, &dl) ==
		    ETIMEDOUT) {
			r = (vt->count || vt->out_busy) ? DVR_E_TIMEOUT : DVR_OK;
			break;
		}
	}
	pthread_mutex_unlock(&vt->lock);
	return r;
}

/*
 * A model that dropped off the bus to re-enumerate (USB mode switch) is
 * the same device coming back: closing its transport parks it here, by
 * station name, instead of destroying it, and reappear takes it back.
 */
#define PARKED_MAX 16u

static pthread_mutex_t parked_lock = PTHREAD_MUTEX_INITIALIZER;
static struct vchip *parked[PARKED_MAX];
static char parked_name[PARKED_MAX][48];

static bool park(struct vchip *vc, const char *name)
{
	bool ok = false;
	pthread_mutex_lock(&parked_lock);
	for (unsigned i = 0; i < PARKED_MAX && !ok; i++) {
		if (parked[i])
			continue;
		parked[i] = vc;
		snprintf(parked_name[i], sizeof parked_name[i], "%s", name);
		ok = true;
	}
	pthread_mutex_unlock(&parked_lock);
	return ok;
}

static struct vchip *unpark(const char *name)
{
	struct vchip *vc = NULL;
	pthread_mutex_lock(&parked_lock);
	for (unsigned i = 0; i < PARKED_MAX && !vc; i++) {
		if (!parked[i] || strcmp(parked_name[i], name) != 0)
			continue;
		vc = parked[i];
		parked[i] = NULL;
	}
	pthread_mutex_unlock(&parked_lock);
	return vc;
}

/*
 * "virtual:NAME" names one adapter of this process, as a port path names
 * one USB adapter: while a transport holds NAME, opening NAME again is
 * refused as busy (a USB adapter's interface is claimed by one handle at
 * a time), not given a second chip under the same name. Other processes
 * plug in adapters of their own; the air tells their stations apart.
 */
#define HELD_MAX 64u

static pthread_mutex_t held_lock = PTHREAD_MUTEX_INITIALIZER;
static char held_name[HELD_MAX][48];
static bool held[HELD_MAX];
/* The cross-process claim of each held name (air_claim), -1: none (a
 * model off the air). */
static int held_claim[HELD_MAX];

/* DVR_OK and NAME held, DVR_E_BUSY when it already is, DVR_E_NO_MEM when
 * this process holds HELD_MAX adapters. */
static int hold_name(const char *name)
{
	int r = DVR_E_NO_MEM;
	pthread_mutex_lock(&held_lock);
	for (unsigned i = 0; i < HELD_MAX; i++)
		if (held[i] && strcmp(held_name[i], name) == 0)
			r = DVR_E_BUSY;
	for (unsigned i = 0; i < HELD_MAX && r == DVR_E_NO_MEM; i++) {
		if (held[i])
			continue;
		snprintf(held_name[i], sizeof held_name[i], "%s", name);
		held[i] = true;
		held_claim[i] = -1;
		r = DVR_OK;
	}
	pthread_mutex_unlock(&held_lock);
	return r;
}

static void release_name(const char *name)
{
	pthread_mutex_lock(&held_lock);
	for (unsigned i = 0; i < HELD_MAX; i++) {
		if (held[i] && strcmp(held_name[i], name) == 0) {
			held[i] = false;
			if (held_claim[i] >= 0)
				close(held_claim[i]);
			held_claim[i] = -1;
			break;
		}
	}
	pthread_mutex_unlock(&held_lock);
}

/* A name held here is claimed for other processes on the same air too:
 * one program drives an adapter at a time, as usbfs lets one open file
 * claim a real adapter's interface (the others get busy). Held name
 * given; on failure it is released. */
static int claim_name(const struct vchip_config *cfg, const char *name,
                      char *err, size_t err_len)
{
	if (cfg->no_air)
		return DVR_OK;
	long holder = 0;
	int fd = air_claim(cfg->air_dir, name, &holder);
	if (fd < 0) {
		release_name(name);
		if (err && err_len && fd == -EBUSY && holder > 0)
			snprintf(err, err_len, "virtual adapter '%s' is in use "
			         "by another program (pid %ld) on this air",
			         name, holder);
		else if (err && err_len && fd == -EBUSY)
			/* claimed a moment ago, its pid not written yet */
			snprintf(err, err_len, "virtual adapter '%s' is in use "
			         "by another program on this air", name);
		else if (err && err_len)
			snprintf(err, err_len, "could not claim virtual adapter "
			         "'%s' on the air: %s", name, strerror(-fd));
		return fd == -EBUSY ? DVR_E_BUSY : dvr_status_from_errno(fd);
	}
	pthread_mutex_lock(&held_lock);
	for (unsigned i = 0; i < HELD_MAX; i++)
		if (held[i] && strcmp(held_name[i], name) == 0) {
			held_claim[i] = fd;
			fd = -1;
			break;
		}
	pthread_mutex_unlock(&held_lock);
	if (fd >= 0)
		close(fd);
	return DVR_OK;
}

static void vt_destroy(struct dvr_transport *t)
{
	struct vtransport *vt = vt_of(t);
	if (!vt)
		return;
	vt_rx_stop(t);
	/* Queued OUT transfers complete as cancelled (DVR_E_IO); the one
	 * in progress finishes within its timeout — unplug so it returns at
	 * once instead. */
	pthread_mutex_lock(&vt->lock);
	vt->out_stop = true;
	pthread_cond_broadcast(&vt->out_cond);
	pthread_mutex_unlock(&vt->lock);
	vchip_unplug(vt->vc);
	pthread_join(vt->out_thread, NULL);
	if (!vchip_reenumerate_pending(vt->vc) ||
	    !park(vt->vc, vt->base.info.address))
		vchip_destroy(vt->vc);
	release_name(vt->base.info.address);
	pthread_cond_destroy(&vt->out_cond);
	pthread_cond_destroy(&vt->idle_cond);
	pthread_cond_destroy(&vt->rx_cond);
	pthread_mutex_destroy(&vt->lock);
	free(vt);
}

static const struct dvr_transport_ops vt_ops = {
	.name = "virtual",
	.ctrl_in = vt_ctrl_in,
	.ctrl_out = vt_ctrl_out,
	.bulk_out_submit = vt_bulk_out_submit,
	.bulk_out_sync = vt_bulk_out_sync,
	.clear_halt_out = vt_clear_halt_out,
	.rx_start = vt_rx_start,
	.rx_stop = vt_rx_stop,
	.rx_claim = vt_rx_claim,
	.rx_reap = vt_rx_reap,
	.rx_wake = vt_rx_wake,
	.rx_release = vt_rx_release,
	.flush_out = vt_flush_out,
	.destroy = vt_destroy,
};

static int wrap_model(struct vchip *vc, const struct dvr_selector *sel,
                      struct dvr_transport **out);

/* The accept filter does not apply: a virtual selector names one station
 * whose identity its options chose; the caller judges that identity. */
static int vt_open(const struct dvr_selector *sel,
                   const struct dvr_bus_accept *accept,
                   struct dvr_transport **out, char *err, size_t err_len)
{
	(void)accept;
	if (!out)
		return DVR_E_INVALID;
	*out = NULL;
	if (err && err_len)
		err[0] = '\0';
	if (!sel || sel->kind != DVR_SEL_VIRTUAL || !sel->name[0])
		return DVR_E_INVALID;
	struct vchip_config cfg = {.name = sel->name};
	char perr[160];
	if (vchip_config_parse(&cfg, sel->options, perr, sizeof perr) < 0) {
		if (err && err_len)
			snprintf(err, err_len, "%s", perr);
		return DVR_E_INVALID;
	}
	int r = hold_name(sel->name);
	if (r != DVR_OK) {
		if (err && err_len)
			snprintf(err, err_len, r == DVR_E_BUSY
			         ? "virtual adapter '%s' is already open in this "
			           "program (one handle per adapter)"
			         : "too many virtual adapters open to add '%s'",
			         sel->name);
		return r;
	}
	r = claim_name(&cfg, sel->name, err, err_len);
	if (r != DVR_OK)
		return r;
	/* Opening the name afresh is a new plug-in: a model of that name
	 * that left the bus and was never taken back is gone for good. */
	struct vchip *gone = unpark(sel->name);
	if (gone)
		vchip_destroy(gone);
	struct vchip *vc = NULL;
	r = vchip_create(&cfg, &vc);
	if (r == -ENODEV && err && err_len)
		snprintf(err, err_len,
		         "no chip model for %04x:%04x (chips: %s; name one "
		         "with chip=)",
		         cfg.vid ? cfg.vid : 0x0BDA, cfg.pid,
		         vchip_personality_names());
	if (r < 0) {
		release_name(sel->name);
		return dvr_status_from_errno(r);
	}
	r = wrap_model(vc, sel, out);
	if (r != DVR_OK) {
		vchip_destroy(vc);
		release_name(sel->name);
	}
	return r;
}

/* A transport over the model vc (its owner from now on, unless this
 * fails). */
static int wrap_model(struct vchip *vc, const struct dvr_selector *sel,
                      struct dvr_transport **out)
{
	struct vtransport *vt = calloc(1, sizeof *vt);
	if (!vt)
		return DVR_E_NO_MEM;
	vt->vc = vc;
	pthread_mutex_init(&vt->lock, NULL);
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&vt->out_cond, &ca);
	pthread_cond_init(&vt->idle_cond, &ca);
	pthread_cond_init(&vt->rx_cond, &ca);
	pthread_condattr_destroy(&ca);

	struct vchip_usb_desc d;
	vchip_usb_desc(vt->vc, &d);
	struct dvr_usb_info *info = &vt->base.info;
	info->vid = d.vid;
	info->pid = d.pid;
	info->speed_mbps = d.speed_mbps;
	info->bulk_max_packet = d.bulk_max_packet;
	info->n_out = d.n_out;
	memcpy(info->out_ep, d.out_ep, sizeof info->out_ep);
	info->in_ep = d.in_ep;
	snprintf(info->location, sizeof info->location, "virtual %.20s",
	         sel->name);
	snprintf(info->address, sizeof info->address, "%s", sel->name);
	vt->base.ops = &vt_ops;

	if (pthread_create(&vt->out_thread, NULL, out_worker, vt)) {
		pthread_cond_destroy(&vt->out_cond);
		pthread_cond_destroy(&vt->idle_cond);
		pthread_cond_destroy(&vt->rx_cond);
		pthread_mutex_destroy(&vt->lock);
		free(vt);
		return DVR_E_NO_MEM;
	}
	*out = &vt->base;
	return DVR_OK;
}

/* The model that left the bus for a mode switch comes back as the host
 * controller would see it: re-enumerated at the speed the link trains to
 * (vchip_reenumerate), with its new descriptors, under the same name —
 * it is there at once, there is no bus to wait on. Without a parked
 * model (it was not a mode switch) a fresh one is plugged in. */
static int vt_reappear(const struct dvr_usb_info *was,
                       const struct dvr_selector *sel,
                       const struct dvr_bus_accept *accept,
                       unsigned timeout_ms, struct dvr_transport **out)
{
	(void)timeout_ms;
	if (!out || !sel || sel->kind != DVR_SEL_VIRTUAL)
		return DVR_E_INVALID;
	*out = NULL;
	struct vchip *vc = unpark(was && was->address[0] ? was->address
	                                                 : sel->name);
	if (!vc)
		return vt_open(sel, accept, out, NULL, 0);
	int r = hold_name(sel->name);
	if (r != DVR_OK) {
		vchip_destroy(vc);
		return r;
	}
	struct vchip_config cfg = {.name = sel->name};
	char perr[160];
	if (vchip_config_parse(&cfg, sel->options, perr, sizeof perr) < 0)
		cfg.no_air = true; /* it parsed when first opened */
	r = claim_name(&cfg, sel->name, NULL, 0);
	if (r != DVR_OK) {
		vchip_destroy(vc);
		return r;
	}
	vchip_reenumerate(vc);
	r = wrap_model(vc, sel, out);
	if (r != DVR_OK) {
		vchip_destroy(vc);
		release_name(sel->name);
	}
	return r;
}

/* Stations of other processes only show their name on the air; their
 * identity is the model's own default (what a model created without
 * options reports), unless their options said otherwise. */
static void default_identity(uint16_t *vid, uint16_t *pid)
{
	/* Not a valid station name, so never mistaken for one. */
	struct vchip_config cfg = {.name = "(identity)", .no_air = true};
	struct vchip *vc;
	*vid = *pid = 0;
	if (vchip_create(&cfg, &vc) < 0)
		return;
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	*vid = d.vid;
	*pid = d.pid;
	vchip_destroy(vc);
}

static int vt_list(const struct dvr_bus_accept *accept,
                   struct dvr_adapter_info *out, size_t max, size_t *count)
{
	if (!count || (max > 0 && !out))
		return DVR_E_INVALID;
	char names[64][48];
	size_t n = air_list(NULL, names, 64);
	if (n > 64)
		n = 64;
	if (n == 0)
		return DVR_OK;
	uint16_t vid, pid;
	default_identity(&vid, &pid);
	if (!dvr_bus_accepts(accept, vid, pid))
		return DVR_OK;
	for (size_t i = 0; i < n; i++) {
		if (*count < max) {
			struct dvr_adapter_info *a = &out[*count];
			memset(a, 0, sizeof *a);
			snprintf(a->selector, sizeof a->selector, "virtual:%.47s",
			         names[i]);
			a->vid = vid;
			a->pid = pid;
			snprintf(a->location, sizeof a->location, "virtual");
		}
		(*count)++;
	}
	return DVR_OK;
}

const struct dvr_backend dvr_backend_virtual = {
	.prefix = "virtual",
	.kinds = DVR_SEL_KIND_BIT(DVR_SEL_VIRTUAL),
	.open = vt_open,
	.list = vt_list,
	.reappear = vt_reappear,
};
