/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The USB bus under the driver, over libusb-1.0.
 *
 * One libusb context per transport, so independent devices never share
 * event handling, and one event thread per transport that runs libusb's
 * event loop: every asynchronous completion (bulk OUT, the bulk IN ring,
 * the blocking bulk OUT below) is delivered on it.
 *
 * Rules this file keeps:
 *  - Only asynchronous bulk transfers (they work the same on real usbfs
 *    and under umockdev, and can be cancelled); register access uses
 *    libusb_control_transfer, which cooperates with the event thread.
 *  - Nothing is allocated per frame: the bulk OUT pool and the blocking
 *    transfer exist from open, the RX ring from rx_start.
 *  - No wait is unbounded: each one has a deadline or is ended by the
 *    device-gone path (a NO_DEVICE completion wakes every waiter).
 *  - Every bulk OUT carries LIBUSB_TRANSFER_ADD_ZERO_PACKET: a transfer
 *    whose length is a multiple of wMaxPacketSize must end with a ZLP or
 *    the chip waits for more data (rtw88 usb.c rtw_usb_write_port sets
 *    URB_ZERO_PACKET; OpenIPC devourer UsbTransport.cpp tx_async).
 *
 * The RX pump (rx_claim ... rx_release, transport.h): libusb runs a
 * transfer's callback in whichever thread handles the context's events
 * (libusb docs, "Multi-threaded applications and asynchronous I/O"), so
 * a claimer receives by handling them itself inside rx_reap while the
 * event thread stays out of libusb, parked on park_cond. A completed IN
 * transfer goes through a small FIFO of ring slots: the thread that may
 * deliver now (the claimer inside rx_reap, the event thread without a
 * claim or for an absent claimer) takes it at once; any other thread
 * libusb ran the callback on (a register access handling events for
 * itself, the parked event thread completing bulk OUTs) only queues it,
 * and the deliverer takes it, in order, when it comes. While the claimer
 * is away the parked event thread still completes bulk OUTs as soon as
 * one is in flight, and once the claimer has been out of rx_reap for
 * DVR_RX_PUMP_LAPSE_MS it stands in: it handles the events blocking and
 * delivers IN completions as they come until the claimer reaps again.
 * Only the lapse starts it here: the kernel completes URBs unseen until
 * someone reaps usbfs, so counting a quarter of the ring would need the
 * event thread inside libusb whenever the claimer is out of rx_reap,
 * and every rx_reap would first have to interrupt it and wait for it.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libusb.h>

#include "libdevourer/bus/backend.h"
#include "libdevourer/bus/deadline.h"
#include "libdevourer/bus/transport.h"

/* Bulk OUT transfers that can be in flight at once. More than any sane
 * tx_queue_depth; a sender beyond it waits for a completion. */
#define OUT_POOL_SIZE 32
/* Used when a caller passes 0 (libusb would read 0 as "wait forever"). */
#define DEFAULT_TIMEOUT_MS 500u
/* How long the event loop sleeps in libusb when nothing happens; it is
 * woken early by libusb_interrupt_event_handler() on shutdown. */
#define EVENT_LOOP_SLICE_US 500000
/* Waiting for cancelled transfers to come back; they return within
 * milliseconds unless the kernel itself is stuck. */
#define CANCEL_WAIT_MS 3000u
/* Extra time over a transfer's own timeout before we stop trusting that
 * libusb will report it. */
#define TIMEOUT_SLACK_MS 1000u
/* Consecutive failed bulk IN completions after which the ring gives up
 * instead of spinning on an endpoint that only returns errors. */
#define RX_MAX_TRANSFERS 64u
#define USB_MAX_PORT_DEPTH 7

struct usb_transport;

struct usb_out_slot {
	struct libusb_transfer *xfer;
	struct usb_transport *t;
	dvr_bulk_out_done_fn done;
	void *user;
	bool in_flight;
	int next_free;
};

struct usb_rx_slot {
	struct libusb_transfer *xfer;
	uint8_t *buf;
	struct usb_transport *t;
	bool posted; /* owned by libusb or inside its completion handler */
};

struct usb_transport {
	struct dvr_transport base; /* first: the core holds &base */
	libusb_context *ctx;
	libusb_device_handle *handle;
	int iface;
	bool claimed;

	pthread_t event_thread;
	bool event_thread_started;
	atomic_bool event_stop;

	/* Guards everything below; never held while calling the core. */
	pthread_mutex_t lock;
	pthread_cond_t cond; /* CLOCK_MONOTONIC; any state change */
	atomic_bool gone;    /* a NO_DEVICE was seen: the device vanished */

	struct usb_out_slot out[OUT_POOL_SIZE];
	int out_free;          /* head of the free-slot list, -1 = none */
	unsigned out_pending;  /* submitted, done() not yet returned */
	atomic_bool zlp_unsupported; /* OS refused ADD_ZERO_PACKET */

	/* The blocking bulk OUT: one transfer, one caller at a time. */
	pthread_mutex_t sync_lock;
	struct libusb_transfer *sync_xfer;
	bool sync_busy;
	bool sync_stuck; /* a transfer never came back: do not reuse */

	struct usb_rx_slot *rx;
	unsigned rx_n;
	unsigned rx_posted;
	bool rx_active;       /* deliver and resubmit */
	bool rx_fatal_sent;
	unsigned rx_error_run;
	dvr_bulk_in_fn rx_cb;
	dvr_bulk_in_posted_fn rx_posted_cb;
	void *rx_user;
	int rx_end_status;    /* what rx_fatal reported */

	/* Completed IN slots not yet delivered, oldest first (rx_n room:
	 * a slot is in it at most once, between completion and delivery). */
	unsigned *rx_fifo;
	unsigned rx_fifo_head, rx_fifo_len;
	bool rx_draining;     /* a thread delivers from the FIFO now */

	/* The RX pump. The event thread waits on park_cond alone, so the
	 * broadcasts on cond (every bulk OUT completion) never wake it. */
	pthread_cond_t park_cond;
	bool pump_claimed;
	bool ev_parked;       /* the event thread saw the claim */
	bool ev_handling;     /* ... and is in libusb all the same */
	bool ev_lapse;        /* ... delivering for an absent claimer */
	bool pump_reaping;    /* the claimer is inside rx_reap */
	bool pump_wake;       /* rx_wake: the next rx_reap returns */
	unsigned pump_got;    /* delivered by the reap running now */
	unsigned pump_waiters; /* threads waiting for rx_reap to return */
	uint64_t pump_left_ns; /* when the claimer last left rx_reap */
};

/* The transport whose events this thread handles inside rx_reap: its
 * callbacks run here, so waiting here for a completion would wait for
 * itself, as on the event thread. */
static _Thread_local const struct usb_transport *tls_reaping;
/* The transport whose event thread this is. */
static _Thread_local const struct usb_transport *tls_event_thread;

static struct usb_transport *to_usb(struct dvr_transport *t)
{
	return (struct usb_transport *)t;
}

/* ------------------------------------------------------------------ */
/* Status mapping and small helpers                                    */
/* ------------------------------------------------------------------ */

static int status_from_libusb(int err)
{
	switch (err) {
	case LIBUSB_SUCCESS: return DVR_OK;
	case LIBUSB_ERROR_INVALID_PARAM: return DVR_E_INVALID;
	case LIBUSB_ERROR_ACCESS: return DVR_E_ACCESS;
	case LIBUSB_ERROR_NO_DEVICE: return DVR_E_NO_DEVICE;
	case LIBUSB_ERROR_NOT_FOUND: return DVR_E_NOT_FOUND;
	case LIBUSB_ERROR_BUSY: return DVR_E_BUSY;
	case LIBUSB_ERROR_TIMEOUT: return DVR_E_TIMEOUT;
	case LIBUSB_ERROR_OVERFLOW: return DVR_E_OVERFLOW;
	case LIBUSB_ERROR_PIPE: return DVR_E_PIPE;
	case LIBUSB_ERROR_NO_MEM: return DVR_E_NO_MEM;
	case LIBUSB_ERROR_NOT_SUPPORTED: return DVR_E_UNSUPPORTED;
	default: return DVR_E_IO; /* IO, INTERRUPTED, OTHER */
	}
}

static int status_from_transfer(enum libusb_transfer_status s)
{
	switch (s) {
	case LIBUSB_TRANSFER_COMPLETED: return DVR_OK;
	case LIBUSB_TRANSFER_TIMED_OUT: return DVR_E_TIMEOUT;
	case LIBUSB_TRANSFER_STALL: return DVR_E_PIPE;
	case LIBUSB_TRANSFER_NO_DEVICE: return DVR_E_NO_DEVICE;
	case LIBUSB_TRANSFER_OVERFLOW: return DVR_E_OVERFLOW;
	default: return DVR_E_IO; /* ERROR, CANCELLED */
	}
}

/* Record that the device is gone and wake every waiter. */
static void mark_gone(struct usb_transport *t)
{
	if (atomic_exchange(&t->gone, true))
		return;
	pthread_mutex_lock(&t->lock);
	pthread_cond_broadcast(&t->cond);
	pthread_mutex_unlock(&t->lock);
}

/* Map a libusb return code, noting a vanished device on the way. */
static int check_libusb(struct usb_transport *t, int err)
{
	if (err == LIBUSB_ERROR_NO_DEVICE)
		mark_gone(t);
	return status_from_libusb(err);
}

/* Wait on t->cond (t->lock held); false once the deadline passed. */
static bool wait_until(struct usb_transport *t, const struct timespec *dl)
{
	return pthread_cond_timedwait(&t->cond, &t->lock, dl) != ETIMEDOUT;
}

static bool on_event_thread(const struct usb_transport *t)
{
	return tls_reaping == t ||
	       (t->event_thread_started &&
	        pthread_equal(pthread_self(), t->event_thread));
}

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A bulk OUT waits for its completion (t->lock held). */
static bool tx_in_flight(const struct usb_transport *t)
{
	return t->out_pending > 0 || t->sync_busy;
}

/* A bulk OUT was queued (t->lock held): with the claimer away from
 * rx_reap nobody handles events, so the parked event thread takes them
 * for the completion. */
static void tx_needs_events(struct usb_transport *t)
{
	if (t->pump_claimed && t->ev_parked && !t->pump_reaping &&
	    !t->ev_handling)
		pthread_cond_signal(&t->park_cond);
}

static unsigned effective_timeout(unsigned timeout_ms)
{
	return timeout_ms ? timeout_ms : DEFAULT_TIMEOUT_MS;
}

/* ------------------------------------------------------------------ */
/* Event thread                                                        */
/* ------------------------------------------------------------------ */

static unsigned rx_drain_locked(struct usb_transport *t);
static void park_events(struct usb_transport *t);

static void *event_main(void *arg)
{
	struct usb_transport *t = arg;
	tls_event_thread = t;
	pthread_mutex_lock(&t->lock);
	while (!atomic_load(&t->event_stop)) {
		if (t->pump_claimed) {
			park_events(t);
			continue;
		}
		/* What arrived while a claim was being released. */
		if (t->rx_fifo_len)
			rx_drain_locked(t);
		pthread_mutex_unlock(&t->lock);
		struct timeval tv = {.tv_sec = 0, .tv_usec = EVENT_LOOP_SLICE_US};
		int r = libusb_handle_events_timeout_completed(t->ctx, &tv,
		                                               NULL);
		if (r < 0 && r != LIBUSB_ERROR_INTERRUPTED) {
			/* Not expected from a healthy context; pause so a
			 * persistent failure cannot become a busy loop. */
			struct timespec pause = {.tv_nsec = 10000000L};
			nanosleep(&pause, NULL);
		}
		pthread_mutex_lock(&t->lock);
	}
	pthread_mutex_unlock(&t->lock);
	return NULL;
}

static int start_event_thread(struct usb_transport *t)
{
	if (pthread_create(&t->event_thread, NULL, event_main, t) != 0)
		return DVR_E_NO_MEM;
	t->event_thread_started = true;
	pthread_setname_np(t->event_thread, "dvr-usb-events");
	return DVR_OK;
}

static void stop_event_thread(struct usb_transport *t)
{
	if (!t->event_thread_started)
		return;
	pthread_mutex_lock(&t->lock);
	atomic_store(&t->event_stop, true);
	pthread_cond_signal(&t->park_cond);
	pthread_mutex_unlock(&t->lock);
	/* The interrupt flag stays set until the loop sees it, so a wake-up
	 * sent before the thread re-enters libusb is not lost. */
	libusb_interrupt_event_handler(t->ctx);
	pthread_join(t->event_thread, NULL);
	t->event_thread_started = false;
}

/* ------------------------------------------------------------------ */
/* Register access                                                     */
/* ------------------------------------------------------------------ */

static int usb_ctrl(struct usb_transport *t, uint8_t reqtype, uint16_t addr,
                    uint16_t index, uint8_t *buf, uint16_t len,
                    unsigned timeout_ms)
{
	if (!buf || len == 0 || len > DVR_USB_CTRL_MAX)
		return DVR_E_INVALID;
	if (atomic_load(&t->gone))
		return DVR_E_NO_DEVICE;
	int r = libusb_control_transfer(t->handle, reqtype,
	                                DVR_USB_VENDOR_REQ, addr, index, buf,
	                                len, effective_timeout(timeout_ms));
	if (r < 0)
		return check_libusb(t, r);
	/* A short register transfer moved something else than asked. */
	if (r != len)
		return DVR_E_IO;
	return r;
}

static int usb_ctrl_in(struct dvr_transport *tr, uint16_t addr,
                       uint16_t index, uint8_t *buf, uint16_t len,
                       unsigned timeout_ms)
{
	return usb_ctrl(to_usb(tr), DVR_USB_REQTYPE_READ, addr, index, buf,
	                len, timeout_ms);
}

static int usb_ctrl_out(struct dvr_transport *tr, uint16_t addr,
                        uint16_t index, const uint8_t *buf, uint16_t len,
                        unsigned timeout_ms)
{
	/* libusb's buffer is not const; an OUT transfer only reads it. */
	return usb_ctrl(to_usb(tr), DVR_USB_REQTYPE_WRITE, addr, index,
	                (uint8_t *)(uintptr_t)buf, len, timeout_ms);
}

/* ------------------------------------------------------------------ */
/* Bulk OUT                                                            */
/* ------------------------------------------------------------------ */

/* The status of a finished bulk OUT. */
static int out_status(struct usb_transport *t, struct libusb_transfer *x)
{
	if (x->status == LIBUSB_TRANSFER_NO_DEVICE)
		mark_gone(t);
	/* A halted endpoint refuses every later transfer until the host
	 * clears it: clear it here (a plain ioctl, fine on the event
	 * thread) and report this transfer as failed. */
	if (x->status == LIBUSB_TRANSFER_STALL)
		libusb_clear_halt(t->handle, x->endpoint);
	if (x->status == LIBUSB_TRANSFER_CANCELLED && atomic_load(&t->gone))
		return DVR_E_NO_DEVICE;
	int s = status_from_transfer(x->status);
	/* Bulk OUT delivers all or fails: a short one lost bytes. */
	if (s == DVR_OK && x->actual_length != x->length)
		s = DVR_E_IO;
	return s;
}

static void LIBUSB_CALL out_complete(struct libusb_transfer *x)
{
	struct usb_out_slot *slot = x->user_data;
	struct usb_transport *t = slot->t;
	int status = out_status(t, x);
	size_t actual = x->actual_length > 0 ? (size_t)x->actual_length : 0;
	dvr_bulk_out_done_fn done = slot->done;
	void *user = slot->user;

	/* Free the slot before done() runs: a sender may hold its own lock
	 * while waiting for a slot, and done() may need that lock. libusb
	 * no longer touches the transfer once it called us. */
	pthread_mutex_lock(&t->lock);
	slot->in_flight = false;
	slot->next_free = t->out_free;
	t->out_free = (int)(slot - t->out);
	pthread_cond_broadcast(&t->cond);
	pthread_mutex_unlock(&t->lock);

	done(user, status, actual);

	pthread_mutex_lock(&t->lock);
	t->out_pending--;
	pthread_cond_broadcast(&t->cond);
	pthread_mutex_unlock(&t->lock);
}

/* Fill and submit a bulk OUT with a ZLP where the OS supports it. */
static int submit_out(struct usb_transport *t, struct libusb_transfer *x,
                      uint8_t ep, const uint8_t *buf, size_t len,
                      unsigned timeout_ms, libusb_transfer_cb_fn cb,
                      void *user)
{
	bool zlp = !atomic_load(&t->zlp_unsupported);
	bool needs_zlp = t->base.info.bulk_max_packet != 0 &&
	                 len % t->base.info.bulk_max_packet == 0;
	if (!zlp && needs_zlp)
		return DVR_E_UNSUPPORTED;
	libusb_fill_bulk_transfer(x, t->handle, ep,
	                          (unsigned char *)(uintptr_t)buf, (int)len,
	                          cb, user, effective_timeout(timeout_ms));
	x->flags = zlp ? LIBUSB_TRANSFER_ADD_ZERO_PACKET : 0;
	int r = libusb_submit_transfer(x);
	if (r == LIBUSB_ERROR_NOT_SUPPORTED && zlp) {
		/* Some OS backends cannot append a ZLP. Lengths that do not
		 * need one still work without the flag; the others cannot be
		 * sent correctly and are refused. */
		atomic_store(&t->zlp_unsupported, true);
		if (needs_zlp)
			return DVR_E_UNSUPPORTED;
		x->flags = 0;
		r = libusb_submit_transfer(x);
	}
	return r < 0 ? check_libusb(t, r) : DVR_OK;
}

static int check_out_args(struct usb_transport *t, unsigned out_idx,
                          const uint8_t *buf, size_t len)
{
	if (out_idx >= t->base.info.n_out || !buf || len == 0 ||
	    len > INT_MAX)
		return DVR_E_INVALID;
	if (atomic_load(&t->gone))
		return DVR_E_NO_DEVICE;
	return DVR_OK;
}

static int usb_bulk_out_submit(struct dvr_transport *tr, unsigned out_idx,
                               const uint8_t *buf, size_t len,
                               unsigned timeout_ms,
                               dvr_bulk_out_done_fn done, void *user)
{
	struct usb_transport *t = to_usb(tr);
	int r = check_out_args(t, out_idx, buf, len);
	if (r != DVR_OK)
		return r;
	if (!done)
		return DVR_E_INVALID;

	/* A free slot appears within one transfer timeout unless the bus is
	 * wedged; the deadline covers that, the gone flag covers unplug. */
	struct timespec dl = dvr_deadline_after_ms(
		2u * effective_timeout(timeout_ms) + TIMEOUT_SLACK_MS);
	pthread_mutex_lock(&t->lock);
	while (t->out_free < 0) {
		if (atomic_load(&t->gone))
			r = DVR_E_NO_DEVICE;
		else if (on_event_thread(t))
			r = DVR_E_BUSY; /* waiting here would stop completions */
		else if (!wait_until(t, &dl))
			r = DVR_E_TIMEOUT;
		if (r != DVR_OK) {
			pthread_mutex_unlock(&t->lock);
			return r;
		}
	}
	struct usb_out_slot *slot = &t->out[t->out_free];
	t->out_free = slot->next_free;
	slot->done = done;
	slot->user = user;
	slot->in_flight = true;
	t->out_pending++;
	tx_needs_events(t);
	pthread_mutex_unlock(&t->lock);

	r = submit_out(t, slot->xfer, t->base.info.out_ep[out_idx], buf, len,
	               timeout_ms, out_complete, slot);
	if (r != DVR_OK) {
		pthread_mutex_lock(&t->lock);
		slot->in_flight = false;
		slot->next_free = t->out_free;
		t->out_free = (int)(slot - t->out);
		t->out_pending--;
		pthread_cond_broadcast(&t->cond);
		pthread_mutex_unlock(&t->lock);
	}
	return r;
}

static void LIBUSB_CALL sync_complete(struct libusb_transfer *x)
{
	struct usb_transport *t = x->user_data;
	pthread_mutex_lock(&t->lock);
	t->sync_busy = false;
	pthread_cond_broadcast(&t->cond);
	pthread_mutex_unlock(&t->lock);
}

/* Blocking bulk OUT. Built on an asynchronous transfer (not
 * libusb_bulk_transfer) because only those can ask for the ZLP that
 * firmware download and sync-mode TX need at max-packet multiples. */
static int usb_bulk_out_sync(struct dvr_transport *tr, unsigned out_idx,
                             const uint8_t *buf, size_t len,
                             unsigned timeout_ms)
{
	struct usb_transport *t = to_usb(tr);
	int r = check_out_args(t, out_idx, buf, len);
	if (r != DVR_OK)
		return r;
	if (on_event_thread(t))
		return DVR_E_STATE; /* its completion could never arrive */

	pthread_mutex_lock(&t->sync_lock);
	if (t->sync_stuck) {
		pthread_mutex_unlock(&t->sync_lock);
		return DVR_E_IO;
	}
	struct libusb_transfer *x = t->sync_xfer;
	pthread_mutex_lock(&t->lock);
	t->sync_busy = true;
	tx_needs_events(t);
	pthread_mutex_unlock(&t->lock);
	r = submit_out(t, x, t->base.info.out_ep[out_idx], buf, len,
	               timeout_ms, sync_complete, t);
	if (r != DVR_OK) {
		pthread_mutex_lock(&t->lock);
		t->sync_busy = false;
		pthread_mutex_unlock(&t->lock);
		pthread_mutex_unlock(&t->sync_lock);
		return r;
	}

	/* libusb ends the transfer at timeout_ms itself; the deadline only
	 * guards against that never happening. */
	struct timespec dl = dvr_deadline_after_ms(effective_timeout(timeout_ms) +
	                                       TIMEOUT_SLACK_MS);
	pthread_mutex_lock(&t->lock);
	bool cancelled = false;
	while (t->sync_busy) {
		if (wait_until(t, &dl))
			continue;
		if (cancelled) {
			/* Still owned by libusb: never reuse or free it. */
			t->sync_stuck = true;
			break;
		}
		libusb_cancel_transfer(x);
		cancelled = true;
		dl = dvr_deadline_after_ms(CANCEL_WAIT_MS);
	}
	bool stuck = t->sync_stuck;
	pthread_mutex_unlock(&t->lock);
	pthread_mutex_unlock(&t->sync_lock);
	if (stuck)
		return DVR_E_TIMEOUT;
	r = out_status(t, x);
	if (r == DVR_E_IO && x->status == LIBUSB_TRANSFER_CANCELLED)
		r = DVR_E_TIMEOUT; /* we cancelled it for taking too long */
	return r == DVR_OK ? x->actual_length : r;
}

static int usb_clear_halt_out(struct dvr_transport *tr, unsigned out_idx)
{
	struct usb_transport *t = to_usb(tr);
	if (out_idx >= t->base.info.n_out)
		return DVR_E_INVALID;
	if (atomic_load(&t->gone))
		return DVR_E_NO_DEVICE;
	return check_libusb(t, libusb_clear_halt(t->handle,
	                                         t->base.info.out_ep[out_idx]));
}

static int usb_flush_out(struct dvr_transport *tr, unsigned timeout_ms)
{
	struct usb_transport *t = to_usb(tr);
	struct timespec dl = dvr_deadline_after_ms(timeout_ms);
	int r = DVR_OK;
	pthread_mutex_lock(&t->lock);
	while (t->out_pending > 0) {
		if (on_event_thread(t)) {
			r = DVR_E_BUSY;
			break;
		}
		if (!wait_until(t, &dl)) {
			r = DVR_E_TIMEOUT;
			break;
		}
	}
	pthread_mutex_unlock(&t->lock);
	return r;
}

/* ------------------------------------------------------------------ */
/* Bulk IN ring                                                        */
/* ------------------------------------------------------------------ */

/* Report a final status once; nothing is delivered after it. */
static void rx_fatal(struct usb_transport *t, int status)
{
	bool send = false;
	pthread_mutex_lock(&t->lock);
	if (t->rx_active && !t->rx_fatal_sent) {
		t->rx_fatal_sent = true;
		t->rx_active = false;
		t->rx_end_status = status;
		send = true;
	}
	pthread_mutex_unlock(&t->lock);
	if (send)
		t->rx_cb(t->rx_user, status, NULL, 0);
}

static bool rx_is_active(struct usb_transport *t)
{
	pthread_mutex_lock(&t->lock);
	bool active = t->rx_active;
	pthread_mutex_unlock(&t->lock);
	return active;
}

/* Hand one completed IN transfer to the callback and post it again;
 * only the thread draining the FIFO calls this. */
static void rx_deliver(struct usb_rx_slot *slot)
{
	struct libusb_transfer *x = slot->xfer;
	struct usb_transport *t = slot->t;
	bool resubmit = true;

	switch (x->status) {
	case LIBUSB_TRANSFER_COMPLETED:
		t->rx_error_run = 0;
		/* rx_stop waits for this slot (still posted), so the
		 * callback cannot outlive it. */
		if (rx_is_active(t))
			t->rx_cb(t->rx_user, DVR_OK, slot->buf,
			         (size_t)x->actual_length);
		break;
	case LIBUSB_TRANSFER_NO_DEVICE:
		mark_gone(t);
		rx_fatal(t, DVR_E_NO_DEVICE);
		resubmit = false;
		break;
	case LIBUSB_TRANSFER_CANCELLED:
		/* rx_stop / destroy cancelled it, or the device went away
		 * while it was being cancelled. */
		if (atomic_load(&t->gone))
			rx_fatal(t, DVR_E_NO_DEVICE);
		resubmit = false;
		break;
	default:
		t->rx_error_run++;
		if (rx_is_active(t))
			t->rx_cb(t->rx_user, status_from_transfer(x->status),
			         NULL, 0);
		if (x->status == LIBUSB_TRANSFER_STALL)
			libusb_clear_halt(t->handle, t->base.info.in_ep);
		if (t->rx_error_run >= DVR_RX_MAX_ERROR_RUN) {
			/* Only errors for a long time: the endpoint is dead
			 * for us. Stop instead of spinning. */
			rx_fatal(t, DVR_E_IO);
			resubmit = false;
		}
		break;
	}

	int r = LIBUSB_SUCCESS;
	pthread_mutex_lock(&t->lock);
	/* Decided under the lock so rx_stop, which clears rx_active and
	 * cancels under it, never misses a transfer going back out. */
	if (resubmit && t->rx_active) {
		r = libusb_submit_transfer(x);
		if (r == LIBUSB_SUCCESS) {
			pthread_mutex_unlock(&t->lock);
			if (t->rx_posted_cb)
				t->rx_posted_cb(t->rx_user,
				                (size_t)x->length);
			return;
		}
	}
	slot->posted = false;
	t->rx_posted--;
	unsigned left = t->rx_posted;
	pthread_cond_broadcast(&t->cond);
	pthread_mutex_unlock(&t->lock);

	if (r == LIBUSB_ERROR_NO_DEVICE) {
		mark_gone(t);
		rx_fatal(t, DVR_E_NO_DEVICE);
	} else if (r != LIBUSB_SUCCESS) {
		if (left == 0)
			rx_fatal(t, status_from_libusb(r));
		else if (rx_is_active(t))
			t->rx_cb(t->rx_user, status_from_libusb(r), NULL, 0);
	}
}

/* Whether this thread delivers IN completions now (t->lock held). */
static bool may_deliver(const struct usb_transport *t)
{
	if (!t->pump_claimed)
		return true; /* as libusb runs it: the event thread, mostly */
	if (t->pump_reaping)
		return tls_reaping == t;
	return t->ev_lapse && tls_event_thread == t;
}

/* Deliver the FIFO, oldest first, in this thread (t->lock held, let go
 * during each delivery). One thread drains at a time; one that finds
 * another draining leaves its slot to it. Returns how many. */
static unsigned rx_drain_locked(struct usb_transport *t)
{
	if (t->rx_draining)
		return 0;
	t->rx_draining = true;
	unsigned n = 0;
	while (t->rx_fifo_len > 0) {
		unsigned i = t->rx_fifo[t->rx_fifo_head];
		t->rx_fifo_head = (t->rx_fifo_head + 1) % t->rx_n;
		t->rx_fifo_len--;
		pthread_mutex_unlock(&t->lock);
		rx_deliver(&t->rx[i]);
		n++;
		pthread_mutex_lock(&t->lock);
	}
	t->rx_draining = false;
	if (tls_reaping == t)
		t->pump_got += n;
	if (t->pump_waiters)
		pthread_cond_broadcast(&t->cond);
	return n;
}

static void LIBUSB_CALL rx_complete(struct libusb_transfer *x)
{
	struct usb_rx_slot *slot = x->user_data;
	struct usb_transport *t = slot->t;
	pthread_mutex_lock(&t->lock);
	if (!t->rx_fifo) {
		/* A ring rx_stop gave up waiting for (leaked): nothing is
		 * delivered or posted any more. */
		pthread_mutex_unlock(&t->lock);
		return;
	}
	t->rx_fifo[(t->rx_fifo_head + t->rx_fifo_len) % t->rx_n] =
		(unsigned)(slot - t->rx);
	t->rx_fifo_len++;
	if (may_deliver(t))
		rx_drain_locked(t);
	pthread_mutex_unlock(&t->lock);
}

/* ------------------------------------------------------------------ */
/* RX pump                                                             */
/* ------------------------------------------------------------------ */

/* Wait for a rx_reap in progress to return (t->lock held), getting it
 * out of libusb so it does at once; then the claim is over and the
 * event thread unparks. */
static void pump_out_locked(struct usb_transport *t)
{
	while (t->pump_reaping) {
		t->pump_wake = true;
		pthread_mutex_unlock(&t->lock);
		libusb_interrupt_event_handler(t->ctx);
		pthread_mutex_lock(&t->lock);
		if (t->pump_reaping) {
			t->pump_waiters++;
			pthread_cond_wait(&t->cond, &t->lock);
			t->pump_waiters--;
		}
	}
	t->pump_wake = false;
	t->pump_claimed = false;
	pthread_cond_signal(&t->park_cond);
}

/* A CLOCK_MONOTONIC deadline at ns (mono_ns's clock), for park_cond. */
static struct timespec deadline_at_ns(uint64_t ns)
{
	return (struct timespec){.tv_sec = (time_t)(ns / 1000000000u),
	                         .tv_nsec = (long)(ns % 1000000000u)};
}

/* The event thread while a claim holds the ring (t->lock held; returns
 * once the claim ended or the thread must stop). It stays out of libusb
 * while the claimer reaps. With the claimer away it handles the events
 * as soon as a bulk OUT waits for its completion (IN completions are
 * only queued for the claimer then); once the claimer has been away
 * DVR_RX_PUMP_LAPSE_MS since it last left rx_reap, it stands in: it
 * delivers what was queued and then handles libusb's events as any
 * event loop does, blocking, each IN completion delivered as it comes,
 * until the claimer enters rx_reap again (which interrupts it and waits
 * for it to come out). A look at the ring only once per lapse would let
 * a burst fill the ring and then the chip's RX FIFO behind a claimer
 * busy elsewhere. */
static void park_events(struct usb_transport *t)
{
	const uint64_t lapse_ns = (uint64_t)DVR_RX_PUMP_LAPSE_MS * 1000000u;
	t->ev_parked = true;
	pthread_cond_broadcast(&t->cond); /* rx_claim waits for this */
	while (t->pump_claimed && !atomic_load(&t->event_stop)) {
		uint64_t now = mono_ns();
		uint64_t lapse_at = t->pump_left_ns + lapse_ns;
		bool away = !t->pump_reaping && !t->rx_fatal_sent;
		bool lapsed = away && now >= lapse_at;
		bool tx = !t->pump_reaping && tx_in_flight(t);
		if (!lapsed && !tx) {
			/* The claimer's return from rx_reap does not signal
			 * (that would cost a wake-up per reap): the thread
			 * looks again when a lapse would have passed. */
			struct timespec dl = away ?
				deadline_at_ns(lapse_at) :
				dvr_deadline_after_ms(DVR_RX_PUMP_LAPSE_MS);
			pthread_cond_timedwait(&t->park_cond, &t->lock, &dl);
			continue;
		}
		t->ev_handling = true;
		t->ev_lapse = lapsed;
		if (lapsed)
			rx_drain_locked(t);
		pthread_mutex_unlock(&t->lock);
		/* Standing in: as long as libusb's slice (a returning
		 * claimer interrupts). For a bulk OUT only: until the lapse
		 * would begin, then again as the stand-in. */
		uint64_t wait_us = lapsed ? EVENT_LOOP_SLICE_US :
		                   away ? (lapse_at - now + 999u) / 1000u :
		                   DVR_RX_PUMP_LAPSE_MS * 1000u;
		struct timeval tv = {.tv_sec = (time_t)(wait_us / 1000000u),
		                     .tv_usec = (long)(wait_us % 1000000u)};
		int r = libusb_handle_events_timeout_completed(t->ctx, &tv,
		                                               NULL);
		pthread_mutex_lock(&t->lock);
		t->ev_handling = false;
		t->ev_lapse = false;
		if (t->pump_waiters)
			pthread_cond_broadcast(&t->cond);
		if (r < 0 && r != LIBUSB_ERROR_INTERRUPTED) {
			/* Not expected from a healthy context; a pause so a
			 * persistent failure cannot become a busy loop. */
			struct timespec dl =
				dvr_deadline_after_ms(DVR_RX_PUMP_LAPSE_MS);
			pthread_cond_timedwait(&t->park_cond, &t->lock, &dl);
		}
	}
	t->ev_parked = false;
}

static int usb_rx_claim(struct dvr_transport *tr)
{
	struct usb_transport *t = to_usb(tr);
	int r = DVR_OK;
	pthread_mutex_lock(&t->lock);
	if (!t->rx)
		r = DVR_E_STATE;
	else if (t->rx_fatal_sent)
		r = t->rx_end_status;
	else if (!t->rx_active)
		r = DVR_E_STATE;
	else if (t->pump_claimed)
		r = DVR_E_BUSY;
	if (r != DVR_OK) {
		pthread_mutex_unlock(&t->lock);
		return r;
	}
	t->pump_claimed = true;
	t->pump_left_ns = mono_ns();
	pthread_mutex_unlock(&t->lock);
	/* Out of the wait in libusb it may be in, to see the claim. */
	libusb_interrupt_event_handler(t->ctx);
	pthread_mutex_lock(&t->lock);
	/* Released meanwhile (another thread): the event thread goes on. */
	while (t->pump_claimed && !t->ev_parked && !t->rx_fatal_sent &&
	       t->rx_active && !atomic_load(&t->event_stop))
		pthread_cond_wait(&t->cond, &t->lock);
	pthread_mutex_unlock(&t->lock);
	return DVR_OK;
}

/* Handle the context's events in this thread until an IN transfer was
 * delivered here, the deadline, a wake or the ring's end (t->lock not
 * held). */
static int pump_events(struct usb_transport *t, unsigned timeout_ms)
{
	uint64_t end = mono_ns() + (uint64_t)timeout_ms * 1000000u;
	/* One round at least: a zero timeout takes what is there. */
	for (bool first = true;; first = false) {
		pthread_mutex_lock(&t->lock);
		/* Completions another thread handled while this one waited
		 * for libusb's event lock (a register access) were queued
		 * for it. */
		if (t->rx_fifo_len)
			rx_drain_locked(t);
		bool done = t->pump_got > 0 || t->pump_wake ||
		            t->rx_fatal_sent;
		pthread_mutex_unlock(&t->lock);
		uint64_t now = mono_ns();
		if (done || (now >= end && !first))
			return DVR_OK;
		uint64_t left_us = now < end ? (end - now + 999u) / 1000u : 0;
		struct timeval tv = {.tv_sec = (time_t)(left_us / 1000000u),
		                     .tv_usec = (long)(left_us % 1000000u)};
		int r = libusb_handle_events_timeout_completed(t->ctx, &tv,
		                                               NULL);
		if (r < 0 && r != LIBUSB_ERROR_INTERRUPTED)
			return status_from_libusb(r);
	}
}

static int usb_rx_reap(struct dvr_transport *tr, unsigned timeout_ms)
{
	struct usb_transport *t = to_usb(tr);
	int r = DVR_OK;
	pthread_mutex_lock(&t->lock);
	if (!t->pump_claimed || !t->rx)
		r = DVR_E_STATE;
	else if (t->rx_fatal_sent)
		r = t->rx_end_status;
	else if (t->pump_reaping)
		r = DVR_E_BUSY; /* a second thread: one reaps at a time */
	else if (!t->rx_active)
		r = DVR_E_STATE;
	if (r == DVR_OK && t->pump_wake) {
		/* Woken before it began: returns at once. */
		t->pump_wake = false;
		pthread_mutex_unlock(&t->lock);
		return 0;
	}
	if (r != DVR_OK) {
		pthread_mutex_unlock(&t->lock);
		return r;
	}
	t->pump_reaping = true;
	t->pump_got = 0;
	/* The event thread in libusb for a bulk OUT or a lapse gives the
	 * events back first: one thread delivers at a time, in order. */
	while (t->ev_handling || t->rx_draining) {
		bool in_libusb = t->ev_handling;
		pthread_mutex_unlock(&t->lock);
		if (in_libusb)
			libusb_interrupt_event_handler(t->ctx);
		pthread_mutex_lock(&t->lock);
		if (t->ev_handling || t->rx_draining) {
			t->pump_waiters++;
			pthread_cond_wait(&t->cond, &t->lock);
			t->pump_waiters--;
		}
	}
	/* From here on IN completions are delivered in this thread, those
	 * queued while it was away first (pump_events). */
	tls_reaping = t;
	pthread_mutex_unlock(&t->lock);
	/* One round of libusb's event handling delivers every transfer
	 * complete by then (usbfs: its reap loop runs until the kernel has
	 * none left), so after the first the others are in too. */
	r = pump_events(t, timeout_ms);
	pthread_mutex_lock(&t->lock);
	tls_reaping = NULL;
	t->pump_reaping = false;
	t->pump_wake = false; /* served: this reap returns now */
	t->pump_left_ns = mono_ns();
	if (t->rx_fatal_sent)
		r = t->rx_end_status;
	else if (r == DVR_OK)
		r = (int)t->pump_got;
	if (t->pump_waiters)
		pthread_cond_broadcast(&t->cond);
	/* A bulk OUT still waiting: the event thread completes it while
	 * this thread is away. */
	if (tx_in_flight(t))
		tx_needs_events(t);
	pthread_mutex_unlock(&t->lock);
	return r;
}

static void usb_rx_wake(struct dvr_transport *tr)
{
	struct usb_transport *t = to_usb(tr);
	pthread_mutex_lock(&t->lock);
	t->pump_wake = true;
	bool reaping = t->pump_reaping;
	pthread_mutex_unlock(&t->lock);
	/* The flag stays set in libusb until a handler sees it, so a reap
	 * about to enter libusb returns as well. */
	if (reaping)
		libusb_interrupt_event_handler(t->ctx);
}

static void usb_rx_release(struct dvr_transport *tr)
{
	struct usb_transport *t = to_usb(tr);
	pthread_mutex_lock(&t->lock);
	if (t->pump_claimed)
		pump_out_locked(t);
	pthread_mutex_unlock(&t->lock);
}

/* Free the ring; only for slots no longer posted. Returns how many had
 * to be abandoned because libusb still owns them. */
static unsigned rx_free(struct usb_transport *t)
{
	unsigned abandoned = 0;
	for (unsigned i = 0; i < t->rx_n; i++) {
		if (t->rx[i].posted) {
			abandoned++;
			continue;
		}
		if (t->rx[i].xfer)
			libusb_free_transfer(t->rx[i].xfer);
		free(t->rx[i].buf);
	}
	if (abandoned == 0) {
		free(t->rx);
		free(t->rx_fifo);
	}
	/* Under the lock: a late completion of an abandoned slot checks. */
	pthread_mutex_lock(&t->lock);
	t->rx = NULL;
	t->rx_fifo = NULL;
	t->rx_fifo_len = 0;
	pthread_mutex_unlock(&t->lock);
	t->rx_n = 0;
	return abandoned;
}

static void usb_rx_stop(struct dvr_transport *tr)
{
	struct usb_transport *t = to_usb(tr);
	if (!t->rx)
		return;
	pthread_mutex_lock(&t->lock);
	t->rx_active = false;
	/* A pump in progress returns first and the claim ends: after this
	 * no callback runs, on the event thread or on a pumping caller. */
	pump_out_locked(t);
	for (unsigned i = 0; i < t->rx_n; i++)
		if (t->rx[i].posted)
			libusb_cancel_transfer(t->rx[i].xfer);
	/* Completions queued for the claimer only need their bookkeeping
	 * now (the callback no longer runs). */
	rx_drain_locked(t);
	if (!on_event_thread(t)) {
		struct timespec dl = dvr_deadline_after_ms(CANCEL_WAIT_MS);
		while (t->rx_posted > 0 && wait_until(t, &dl))
			;
	}
	unsigned left = t->rx_posted;
	pthread_mutex_unlock(&t->lock);
	if (left > 0) {
		fprintf(stderr, "devourer: usb: %u bulk IN transfers did not "
		        "come back after cancel; leaking them\n", left);
	}
	rx_free(t);
}

static int usb_rx_start(struct dvr_transport *tr, unsigned n, size_t buflen,
                        dvr_bulk_in_fn cb, dvr_bulk_in_posted_fn posted_cb,
                        void *user)
{
	struct usb_transport *t = to_usb(tr);
	if (n == 0 || n > RX_MAX_TRANSFERS || buflen == 0 ||
	    buflen > INT_MAX || !cb)
		return DVR_E_INVALID;
	if (t->rx)
		return DVR_E_STATE;
	if (atomic_load(&t->gone))
		return DVR_E_NO_DEVICE;

	t->rx = calloc(n, sizeof *t->rx);
	t->rx_fifo = calloc(n, sizeof *t->rx_fifo);
	if (!t->rx || !t->rx_fifo) {
		free(t->rx);
		free(t->rx_fifo);
		t->rx = NULL;
		t->rx_fifo = NULL;
		return DVR_E_NO_MEM;
	}
	t->rx_n = n;
	for (unsigned i = 0; i < n; i++) {
		t->rx[i].t = t;
		t->rx[i].xfer = libusb_alloc_transfer(0);
		t->rx[i].buf = malloc(buflen);
		if (!t->rx[i].xfer || !t->rx[i].buf) {
			rx_free(t);
			return DVR_E_NO_MEM;
		}
		libusb_fill_bulk_transfer(t->rx[i].xfer, t->handle,
		                          t->base.info.in_ep, t->rx[i].buf,
		                          (int)buflen, rx_complete, &t->rx[i],
		                          0 /* no timeout: posted until data */);
	}

	pthread_mutex_lock(&t->lock);
	t->rx_cb = cb;
	t->rx_posted_cb = posted_cb;
	t->rx_user = user;
	t->rx_active = true;
	t->rx_fatal_sent = false;
	t->rx_end_status = DVR_OK;
	t->rx_error_run = 0;
	t->rx_posted = 0;
	t->rx_fifo_head = t->rx_fifo_len = 0;
	t->rx_draining = false;
	t->pump_claimed = t->pump_reaping = t->pump_wake = false;
	int r = LIBUSB_SUCCESS;
	for (unsigned i = 0; i < n && r == LIBUSB_SUCCESS; i++) {
		r = libusb_submit_transfer(t->rx[i].xfer);
		if (r == LIBUSB_SUCCESS) {
			t->rx[i].posted = true;
			t->rx_posted++;
			/* Logged before its completion can be: that runs on
			 * the event thread only after this lock is free. */
			if (posted_cb)
				posted_cb(user, buflen);
		}
	}
	pthread_mutex_unlock(&t->lock);
	if (r != LIBUSB_SUCCESS) {
		usb_rx_stop(tr);
		return check_libusb(t, r);
	}
	return DVR_OK;
}

/* ------------------------------------------------------------------ */
/* Teardown                                                            */
/* ------------------------------------------------------------------ */

static void cancel_out(struct usb_transport *t)
{
	pthread_mutex_lock(&t->lock);
	for (unsigned i = 0; i < OUT_POOL_SIZE; i++)
		if (t->out[i].in_flight)
			libusb_cancel_transfer(t->out[i].xfer);
	if (t->sync_busy && t->sync_xfer)
		libusb_cancel_transfer(t->sync_xfer);
	struct timespec dl = dvr_deadline_after_ms(CANCEL_WAIT_MS);
	while ((t->out_pending > 0 || t->sync_busy) && wait_until(t, &dl))
		;
	pthread_mutex_unlock(&t->lock);
}

static void usb_destroy(struct dvr_transport *tr)
{
	struct usb_transport *t = to_usb(tr);
	if (!t)
		return;
	if (t->event_thread_started) {
		usb_rx_stop(tr);
		cancel_out(t);
		stop_event_thread(t);
	}

	/* A transfer libusb still owns must not be freed; after the event
	 * thread stopped nothing will complete it any more. */
	unsigned abandoned = 0;
	for (unsigned i = 0; i < OUT_POOL_SIZE; i++) {
		if (!t->out[i].xfer)
			continue;
		if (t->out[i].in_flight)
			abandoned++;
		else
			libusb_free_transfer(t->out[i].xfer);
	}
	if (t->sync_xfer) {
		if (t->sync_busy || t->sync_stuck)
			abandoned++;
		else
			libusb_free_transfer(t->sync_xfer);
	}
	if (t->rx)
		abandoned += rx_free(t);
	if (abandoned)
		fprintf(stderr, "devourer: usb: %u transfers still owned by "
		        "libusb at close; leaking them\n", abandoned);

	if (t->claimed)
		libusb_release_interface(t->handle, t->iface);
	if (t->handle)
		libusb_close(t->handle);
	if (t->ctx)
		libusb_exit(t->ctx);
	pthread_mutex_destroy(&t->sync_lock);
	pthread_cond_destroy(&t->park_cond);
	pthread_cond_destroy(&t->cond);
	pthread_mutex_destroy(&t->lock);
	free(t);
}

static const struct dvr_transport_ops usb_ops = {
	.name = "usb",
	.ctrl_in = usb_ctrl_in,
	.ctrl_out = usb_ctrl_out,
	.bulk_out_submit = usb_bulk_out_submit,
	.bulk_out_sync = usb_bulk_out_sync,
	.clear_halt_out = usb_clear_halt_out,
	.rx_start = usb_rx_start,
	.rx_stop = usb_rx_stop,
	.rx_claim = usb_rx_claim,
	.rx_reap = usb_rx_reap,
	.rx_wake = usb_rx_wake,
	.rx_release = usb_rx_release,
	.flush_out = usb_flush_out,
	.destroy = usb_destroy,
};

/* ------------------------------------------------------------------ */
/* Enumeration                                                         */
/* ------------------------------------------------------------------ */

/* One device on the bus with what selectors match on. */
struct usb_candidate {
	libusb_device *dev;
	uint16_t vid, pid;
	uint8_t bus;
	uint8_t ports[USB_MAX_PORT_DEPTH];
	int n_ports;
};

static int candidate_cmp(const void *a, const void *b)
{
	const struct usb_candidate *x = a, *y = b;
	if (x->bus != y->bus)
		return x->bus < y->bus ? -1 : 1;
	for (int i = 0; i < x->n_ports && i < y->n_ports; i++)
		if (x->ports[i] != y->ports[i])
			return x->ports[i] < y->ports[i] ? -1 : 1;
	return x->n_ports - y->n_ports;
}

/* Every device on the bus, sorted by bus and port path so "#N" and
 * "auto" pick the same adapter from one run to the next. *list must be
 * released with libusb_free_device_list(list, 1) and *cands with free. */
static int enumerate(libusb_context *ctx, libusb_device ***list,
                     struct usb_candidate **cands, size_t *n_out)
{
	ssize_t n = libusb_get_device_list(ctx, list);
	if (n < 0)
		return status_from_libusb((int)n);
	struct usb_candidate *c = calloc((size_t)n + 1, sizeof *c);
	if (!c) {
		libusb_free_device_list(*list, 1);
		*list = NULL;
		return DVR_E_NO_MEM;
	}
	size_t k = 0;
	for (ssize_t i = 0; i < n; i++) {
		struct libusb_device_descriptor dd;
		if (libusb_get_device_descriptor((*list)[i], &dd) != 0)
			continue;
		c[k].dev = (*list)[i];
		c[k].vid = dd.idVendor;
		c[k].pid = dd.idProduct;
		c[k].bus = libusb_get_bus_number((*list)[i]);
		int np = libusb_get_port_numbers((*list)[i], c[k].ports,
		                                 USB_MAX_PORT_DEPTH);
		c[k].n_ports = np > 0 ? np : 0;
		k++;
	}
	qsort(c, k, sizeof *c, candidate_cmp);
	*cands = c;
	*n_out = k;
	return DVR_OK;
}

/* "BUS-PORT.PORT..." of a device. */
static void format_path(const struct usb_candidate *c, char *out,
                        size_t cap)
{
	int w = snprintf(out, cap, "%u-", c->bus);
	for (int i = 0; i < c->n_ports && w > 0 && (size_t)w < cap; i++)
		w += snprintf(out + w, cap - (size_t)w, i ? ".%u" : "%u",
		              c->ports[i]);
}

/* Parse "BUS-PORT[.PORT...]" into numbers; false on bad syntax. */
static bool parse_path(const char *s, uint8_t *bus, uint8_t *ports,
                       int *n_ports)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);
	if (end == s || *end != '-' || v == 0 || v > 255)
		return false;
	*bus = (uint8_t)v;
	*n_ports = 0;
	s = end + 1;
	for (;;) {
		if (*n_ports >= USB_MAX_PORT_DEPTH || *s < '0' || *s > '9')
			return false;
		v = strtoul(s, &end, 10);
		if (v == 0 || v > 255)
			return false;
		ports[(*n_ports)++] = (uint8_t)v;
		if (*end == '\0')
			return true;
		if (*end != '.')
			return false;
		s = end + 1;
	}
}

static bool path_matches(const struct usb_candidate *c, uint8_t bus,
                         const uint8_t *ports, int n_ports)
{
	return c->bus == bus && c->n_ports == n_ports &&
	       memcmp(c->ports, ports, (size_t)n_ports) == 0;
}

/* The candidate a selector that names one (VID:PID#N, port path) names,
 * or NULL; "auto" chooses among them instead (open_first_free). */
static const struct usb_candidate *
pick(const struct dvr_selector *sel, const struct usb_candidate *c, size_t n,
     int *status)
{
	*status = DVR_E_NOT_FOUND;
	if (sel->kind == DVR_SEL_USB_ID) {
		unsigned seen = 0;
		for (size_t i = 0; i < n; i++) {
			if (c[i].vid != sel->vid || c[i].pid != sel->pid)
				continue;
			if (seen++ == sel->index)
				return &c[i];
		}
		return NULL;
	}
	uint8_t bus, ports[USB_MAX_PORT_DEPTH];
	int n_ports;
	if (!parse_path(sel->path, &bus, ports, &n_ports)) {
		*status = DVR_E_INVALID;
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		if (path_matches(&c[i], bus, ports, n_ports))
			return &c[i];
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Open                                                                */
/* ------------------------------------------------------------------ */

static bool is_bulk(const struct libusb_endpoint_descriptor *ep)
{
	return (ep->bmAttributes & LIBUSB_TRANSFER_TYPE_MASK) ==
	       LIBUSB_TRANSFER_TYPE_BULK;
}

/* Find the Wi-Fi function: the first vendor-specific (FF/FF/FF)
 * interface whose altsetting 0 has bulk IN and bulk OUT. BT-combo parts
 * put other functions on other interfaces, so interface 0 is not
 * assumed. Endpoints are taken in descriptor order. */
static int find_wifi_interface(const struct libusb_config_descriptor *cfg,
                               struct usb_transport *t)
{
	for (int i = 0; i < cfg->bNumInterfaces; i++) {
		const struct libusb_interface *itf = &cfg->interface[i];
		if (itf->num_altsetting < 1)
			continue;
		const struct libusb_interface_descriptor *alt =
			&itf->altsetting[0];
		if (alt->bInterfaceClass != 0xFF ||
		    alt->bInterfaceSubClass != 0xFF ||
		    alt->bInterfaceProtocol != 0xFF)
			continue;
		unsigned n_in = 0, n_out = 0;
		uint8_t in_ep = 0, out_ep[DVR_MAX_OUT_EPS] = {0};
		uint16_t mps = 0;
		for (int e = 0; e < alt->bNumEndpoints; e++) {
			const struct libusb_endpoint_descriptor *ep =
				&alt->endpoint[e];
			if (!is_bulk(ep))
				continue; /* interrupt IN: not needed */
			if (ep->bEndpointAddress & LIBUSB_ENDPOINT_IN) {
				in_ep = ep->bEndpointAddress;
				n_in++;
			} else {
				if (n_out < DVR_MAX_OUT_EPS)
					out_ep[n_out] = ep->bEndpointAddress;
				if (n_out == 0)
					mps = ep->wMaxPacketSize & 0x7FF;
				n_out++;
			}
		}
		if (n_in == 0 || n_out == 0)
			continue;
		/* The queue/page tables exist for 1..4 OUT and one IN. */
		if (n_in != 1 || n_out > DVR_MAX_OUT_EPS)
			return DVR_E_UNSUPPORTED;
		t->iface = alt->bInterfaceNumber;
		t->base.info.in_ep = in_ep;
		t->base.info.n_out = n_out;
		memcpy(t->base.info.out_ep, out_ep, sizeof out_ep);
		t->base.info.bulk_max_packet = mps;
		return DVR_OK;
	}
	return DVR_E_UNSUPPORTED;
}

static unsigned speed_mbps(libusb_device *dev, uint16_t mps)
{
	switch (libusb_get_device_speed(dev)) {
	case LIBUSB_SPEED_LOW: return 1;
	case LIBUSB_SPEED_FULL: return 12;
	case LIBUSB_SPEED_HIGH: return 480;
	case LIBUSB_SPEED_SUPER: return 5000;
	case LIBUSB_SPEED_SUPER_PLUS: return 10000;
	default:
		/* Unknown to the OS: the bulk packet size tells (USB 2.0
		 * spec 5.8.3: 64 full speed, 512 high speed; USB 3.2 spec
		 * 9.6.6: 1024 SuperSpeed). */
		return mps >= 1024 ? 5000 : mps >= 512 ? 480 : 12;
	}
}

static void access_denied_hint(const struct usb_candidate *c,
                               const char *path)
{
	fprintf(stderr,
	        "devourer: permission denied opening USB device %04x:%04x "
	        "at usb %s; install the devourer udev rule (see README) and "
	        "replug the adapter, or run as root\n",
	        c->vid, c->pid, path);
}

/* Why a claim was refused with LIBUSB_ERROR_BUSY: another handle holds
 * the interface (usbfs lets one open file claim it at a time), most
 * likely another program driving the adapter. */
static void busy_reason(const struct usb_candidate *c, const char *path,
                        int iface, char *why, size_t why_len)
{
	if (!why || !why_len)
		return;
	const char *port = strchr(path, '-');
	snprintf(why, why_len,
	         "adapter %04x:%04x on bus %u port %s (usb %s) is in use by "
	         "another program (its interface %d is claimed)",
	         c->vid, c->pid, c->bus, port ? port + 1 : path, path, iface);
}

/* Open, configure and claim the picked device into t. A refusal has its
 * reason in why (may be NULL) when the status alone does not say it. */
static int open_candidate(struct usb_transport *t,
                          const struct usb_candidate *c, char *why,
                          size_t why_len)
{
	char path[24];
	format_path(c, path, sizeof path);

	struct libusb_config_descriptor *cfg = NULL;
	bool unconfigured = false;
	int r = libusb_get_active_config_descriptor(c->dev, &cfg);
	if (r == LIBUSB_ERROR_NOT_FOUND) {
		/* Unconfigured: the Wi-Fi function lives in configuration 1,
		 * the first one. */
		unconfigured = true;
		r = libusb_get_config_descriptor(c->dev, 0, &cfg);
	}
	if (r != 0)
		return status_from_libusb(r);
	r = find_wifi_interface(cfg, t);
	int config_value = cfg->bConfigurationValue;
	libusb_free_config_descriptor(cfg);
	if (r != DVR_OK)
		return r;

	r = libusb_open(c->dev, &t->handle);
	if (r != 0) {
		t->handle = NULL;
		if (r == LIBUSB_ERROR_ACCESS)
			access_denied_hint(c, path);
		return status_from_libusb(r);
	}
	if (unconfigured) {
		r = libusb_set_configuration(t->handle, config_value);
		if (r != 0)
			return status_from_libusb(r);
	}
	/* Not every OS can detach a kernel driver; claiming tells. */
	(void)libusb_set_auto_detach_kernel_driver(t->handle, 1);
	r = libusb_claim_interface(t->handle, t->iface);
	if (r != 0) {
		if (r == LIBUSB_ERROR_ACCESS)
			access_denied_hint(c, path);
		if (r == LIBUSB_ERROR_BUSY)
			busy_reason(c, path, t->iface, why, why_len);
		return status_from_libusb(r);
	}
	t->claimed = true;

	struct dvr_usb_info *info = &t->base.info;
	info->vid = c->vid;
	info->pid = c->pid;
	info->speed_mbps = speed_mbps(c->dev, info->bulk_max_packet);
	if (info->bulk_max_packet == 0)
		info->bulk_max_packet = info->speed_mbps >= 5000 ? 1024
		                        : info->speed_mbps >= 480 ? 512 : 64;
	snprintf(info->location, sizeof info->location, "usb %s", path);
	snprintf(info->address, sizeof info->address, "%s", path);
	return DVR_OK;
}

static int alloc_transfers(struct usb_transport *t)
{
	t->out_free = -1;
	for (int i = OUT_POOL_SIZE - 1; i >= 0; i--) {
		t->out[i].t = t;
		t->out[i].xfer = libusb_alloc_transfer(0);
		if (!t->out[i].xfer)
			return DVR_E_NO_MEM;
		t->out[i].next_free = t->out_free;
		t->out_free = i;
	}
	t->sync_xfer = libusb_alloc_transfer(0);
	return t->sync_xfer ? DVR_OK : DVR_E_NO_MEM;
}

static int init_sync(struct usb_transport *t)
{
	pthread_condattr_t ca;
	if (pthread_condattr_init(&ca) != 0)
		return DVR_E_NO_MEM;
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	int r = pthread_cond_init(&t->cond, &ca);
	if (r == 0 && pthread_cond_init(&t->park_cond, &ca) != 0) {
		pthread_cond_destroy(&t->cond);
		r = -1;
	}
	pthread_condattr_destroy(&ca);
	if (r != 0)
		return DVR_E_NO_MEM;
	pthread_mutex_init(&t->lock, NULL);
	pthread_mutex_init(&t->sync_lock, NULL);
	return DVR_OK;
}

/* A fresh transport with its context, not yet bound to a device. */
static int new_transport(struct usb_transport **out)
{
	struct usb_transport *t = calloc(1, sizeof *t);
	if (!t)
		return DVR_E_NO_MEM;
	if (init_sync(t) != DVR_OK) {
		free(t);
		return DVR_E_NO_MEM;
	}
	t->base.ops = &usb_ops;
	t->out_free = -1;
	if (libusb_init(&t->ctx) != 0) {
		/* No usable USB subsystem: no USB adapter to be found. */
		t->ctx = NULL;
		usb_destroy(&t->base);
		return DVR_E_NOT_FOUND;
	}
	*out = t;
	return DVR_OK;
}

/* Give up the device handle of a candidate that was not taken, keeping
 * the context (and the device list it enumerated) for the next one. */
static void drop_candidate(struct usb_transport *t)
{
	if (t->handle)
		libusb_close(t->handle);
	t->handle = NULL;
	t->claimed = false;
}

/* Start the transport over the device t has claimed; frees t on
 * failure. */
static int start_transport(struct usb_transport *t, struct dvr_transport **out)
{
	int r = alloc_transfers(t);
	if (r == DVR_OK)
		r = start_event_thread(t);
	if (r != DVR_OK) {
		usb_destroy(&t->base);
		return r;
	}
	*out = &t->base;
	return DVR_OK;
}

/* Open the candidate and start the transport; frees t on failure. */
static int finish_open(struct usb_transport *t, const struct usb_candidate *c,
                       struct dvr_transport **out, char *why, size_t why_len)
{
	int r = open_candidate(t, c, why, why_len);
	if (r != DVR_OK) {
		usb_destroy(&t->base);
		return r;
	}
	return start_transport(t, out);
}

/* "auto": the first accepted adapter nobody else holds. One in use is
 * passed over for the next, as a person would pick a free one; when
 * every accepted adapter is in use, the first one's reason stands. Any
 * other failure ends the search with its status. Frees t on failure. */
static int open_first_free(struct usb_transport *t,
                           const struct dvr_bus_accept *accept,
                           const struct usb_candidate *c, size_t n,
                           struct dvr_transport **out, char *why,
                           size_t why_len)
{
	int r = DVR_E_NOT_FOUND;
	for (size_t i = 0; i < n; i++) {
		if (!dvr_bus_accepts(accept, c[i].vid, c[i].pid))
			continue;
		char busy[200] = "";
		int o = open_candidate(t, &c[i], busy, sizeof busy);
		if (o == DVR_OK)
			return start_transport(t, out);
		drop_candidate(t);
		if (o != DVR_E_BUSY) {
			r = o;
			break;
		}
		if (r != DVR_E_BUSY && why && why_len)
			snprintf(why, why_len, "%s", busy);
		r = DVR_E_BUSY;
	}
	usb_destroy(&t->base);
	return r;
}

static int usb_open(const struct dvr_selector *sel,
                    const struct dvr_bus_accept *accept,
                    struct dvr_transport **out, char *why, size_t why_len)
{
	/* Only an adapter in use has a reason beyond its status. */
	if (why && why_len)
		why[0] = '\0';
	if (!out)
		return DVR_E_INVALID;
	*out = NULL;
	if (!sel || (sel->kind != DVR_SEL_AUTO && sel->kind != DVR_SEL_USB_ID &&
	             sel->kind != DVR_SEL_USB_PATH))
		return DVR_E_INVALID;

	struct usb_transport *t;
	int r = new_transport(&t);
	if (r != DVR_OK)
		return r;
	libusb_device **list = NULL;
	struct usb_candidate *cands = NULL;
	size_t n = 0;
	r = enumerate(t->ctx, &list, &cands, &n);
	if (r != DVR_OK) {
		usb_destroy(&t->base);
		return r;
	}
	if (sel->kind == DVR_SEL_AUTO) {
		r = open_first_free(t, accept, cands, n, out, why, why_len);
	} else {
		const struct usb_candidate *c = pick(sel, cands, n, &r);
		if (c)
			r = finish_open(t, c, out, why, why_len);
		else
			usb_destroy(&t->base);
	}
	free(cands);
	libusb_free_device_list(list, 1);
	return r;
}

/* Between two looks at the bus while a device re-enumerates. */
#define REAPPEAR_POLL_MS 100u

static uint64_t mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* The device that came back: the one at the old port path if it is
 * there (and accepted); else one with the old VID:PID, preferring the
 * old port chain on another bus. A USB 2 -> 3 switch brings the device
 * back on the host controller's SuperSpeed root hub, which Linux
 * registers as a bus of its own (another bus number, so the old path
 * names nothing); where that root hub numbers its ports like the
 * high-speed one, the port chain still tells two identical adapters
 * apart. */
static const struct usb_candidate *
find_again(const struct dvr_usb_info *was, const struct dvr_bus_accept *accept,
           const struct usb_candidate *c, size_t n)
{
	uint8_t bus, ports[USB_MAX_PORT_DEPTH];
	int n_ports;
	bool have_path = parse_path(was->address, &bus, ports, &n_ports);
	if (have_path)
		for (size_t i = 0; i < n; i++)
			if (path_matches(&c[i], bus, ports, n_ports) &&
			    dvr_bus_accepts(accept, c[i].vid, c[i].pid))
				return &c[i];
	const struct usb_candidate *same_ids = NULL;
	for (size_t i = 0; i < n; i++) {
		if (c[i].vid != was->vid || c[i].pid != was->pid)
			continue;
		if (have_path && path_matches(&c[i], c[i].bus, ports, n_ports))
			return &c[i];
		if (!same_ids)
			same_ids = &c[i];
	}
	return same_ids;
}

/* libusb hotplug is not available on every platform libusb runs on, so
 * the bus is looked at again every REAPPEAR_POLL_MS until the deadline. */
static int usb_reappear(const struct dvr_usb_info *was,
                        const struct dvr_selector *sel,
                        const struct dvr_bus_accept *accept,
                        unsigned timeout_ms, struct dvr_transport **out)
{
	(void)sel;
	if (!was || !out)
		return DVR_E_INVALID;
	*out = NULL;
	uint64_t deadline = mono_ms() + timeout_ms;
	for (;;) {
		struct usb_transport *t;
		int r = new_transport(&t);
		if (r != DVR_OK)
			return r;
		libusb_device **list = NULL;
		struct usb_candidate *cands = NULL;
		size_t n = 0;
		const struct usb_candidate *c = NULL;
		if (enumerate(t->ctx, &list, &cands, &n) == DVR_OK)
			c = find_again(was, accept, cands, n);
		if (c) {
			/* frees t on failure */
			r = finish_open(t, c, out, NULL, 0);
		} else {
			usb_destroy(&t->base);
			r = DVR_E_NOT_FOUND;
		}
		free(cands);
		if (list)
			libusb_free_device_list(list, 1);
		if (r == DVR_OK)
			return DVR_OK;
		/* A device that is back but cannot be opened yet (udev still
		 * setting its permissions) is retried like an absent one. */
		if (mono_ms() >= deadline)
			return r;
		struct timespec pause = {
			.tv_nsec = (long)REAPPEAR_POLL_MS * 1000000L};
		nanosleep(&pause, NULL);
	}
}

static int usb_list(const struct dvr_bus_accept *accept,
                    struct dvr_adapter_info *out, size_t max, size_t *count)
{
	if (!count || (max > 0 && !out))
		return DVR_E_INVALID;
	libusb_context *ctx;
	if (libusb_init(&ctx) != 0)
		return DVR_E_NOT_FOUND; /* no USB subsystem, no USB adapter */

	libusb_device **list = NULL;
	struct usb_candidate *c = NULL;
	size_t n = 0;
	int r = enumerate(ctx, &list, &c, &n);
	if (r != DVR_OK) {
		libusb_exit(ctx);
		return r;
	}
	for (size_t i = 0; i < n; i++) {
		if (!dvr_bus_accepts(accept, c[i].vid, c[i].pid))
			continue;
		/* #N counts earlier devices with the same IDs, in the order
		 * usb_open() uses. */
		unsigned index = 0;
		for (size_t j = 0; j < i; j++)
			if (c[j].vid == c[i].vid && c[j].pid == c[i].pid)
				index++;
		if (*count < max) {
			struct dvr_adapter_info *a = &out[*count];
			memset(a, 0, sizeof *a);
			snprintf(a->selector, sizeof a->selector,
			         "usb:%04x:%04x#%u", c[i].vid, c[i].pid, index);
			char path[24];
			format_path(&c[i], path, sizeof path);
			snprintf(a->location, sizeof a->location, "usb %s",
			         path);
			a->vid = c[i].vid;
			a->pid = c[i].pid;
		}
		(*count)++;
	}
	free(c);
	libusb_free_device_list(list, 1);
	libusb_exit(ctx);
	return DVR_OK;
}

const struct dvr_backend dvr_backend_usb = {
	.prefix = "usb",
	.kinds = DVR_SEL_KIND_BIT(DVR_SEL_AUTO) |
	         DVR_SEL_KIND_BIT(DVR_SEL_USB_ID) |
	         DVR_SEL_KIND_BIT(DVR_SEL_USB_PATH),
	.open = usb_open,
	.list = usb_list,
	.reappear = usb_reappear,
};
