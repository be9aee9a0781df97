/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The bus under the driver: one small ops table, one implementation per
 * bus (transport_usb.c over libusb, transport_virtual.c over the in-process
 * chip model). Nothing above this header knows which one it talks to, and
 * nothing below it knows any chip: which VID:PIDs are worth opening is the
 * caller's question (struct dvr_bus_accept); backend.h lists the buses.
 *
 * All functions return >= 0 on success (bytes, where a length makes sense)
 * or a negative enum dvr_status.
 */
#ifndef DVR_TRANSPORT_H
#define DVR_TRANSPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <devourer/devourer.h>

#include "libdevourer/bus/selector.h"

/* Realtek vendor request for register access (both directions). */
#define DVR_USB_VENDOR_REQ 0x05
#define DVR_USB_REQTYPE_READ 0xC0
#define DVR_USB_REQTYPE_WRITE 0x40
/* Largest data stage of one register request. */
#define DVR_USB_CTRL_MAX 254

#define DVR_MAX_OUT_EPS 4
/* Consecutive failed bulk IN transfers after which RX is declared dead:
 * the transport stops resubmitting and the core reports a fatal error. */
#define DVR_RX_MAX_ERROR_RUN 64u
/* How long an RX pump's claimer (rx_claim) may stay away from rx_reap
 * before the transport's own thread completes the transfers waiting:
 * a few transfers' worth of traffic, well inside what the ring holds. */
#define DVR_RX_PUMP_LAPSE_MS 2u

/* What the bus knows about the device. */
struct dvr_usb_info {
	uint16_t vid, pid;
	unsigned speed_mbps;        /* 12, 480, 5000 */
	uint16_t bulk_max_packet;   /* wMaxPacketSize of the bulk OUT eps */
	unsigned n_out;             /* bulk OUT endpoints, 1..4 */
	uint8_t out_ep[DVR_MAX_OUT_EPS]; /* addresses, descriptor order */
	uint8_t in_ep;              /* bulk IN address */
	char location[32];          /* "usb 1-2.3" or "virtual NAME" */
	/* Where a re-enumerated device is looked for again: the port path
	 * ("1-2.3") on USB, the station name on the virtual bus. */
	char address[48];
};

/* The caller's filter: true for a VID:PID it can drive. The bus layer
 * applies it where a selector leaves the choice to it ("auto", listing)
 * and never interprets the IDs itself. A NULL filter (or fn) lets every
 * device through. */
struct dvr_bus_accept {
	bool (*fn)(void *ctx, uint16_t vid, uint16_t pid);
	void *ctx;
};

static inline bool dvr_bus_accepts(const struct dvr_bus_accept *a,
                                   uint16_t vid, uint16_t pid)
{
	return !a || !a->fn || a->fn(a->ctx, vid, pid);
}

struct dvr_transport;

/* Completion of one asynchronous bulk OUT. status is DVR_OK or an error;
 * runs on the transport's event thread. */
typedef void (*dvr_bulk_out_done_fn)(void *user, int status, size_t actual);

/* One completed bulk IN transfer. status DVR_OK: buf/len hold the data,
 * valid only during the call. A failed transfer is reported with its
 * status (buf NULL) and resubmitted; after DVR_RX_MAX_ERROR_RUN failures
 * in a row the ring gives up. DVR_E_NO_DEVICE is reported once and no
 * further calls follow. Runs on the transport's event thread. */
typedef void (*dvr_bulk_in_fn)(void *user, int status, const uint8_t *buf,
                               size_t len);

/* A bulk IN transfer of len bytes was posted (at rx_start and every time
 * one is resubmitted after its completion), so that a register trace can
 * log RX transfers when they are submitted, as a bus analyser sees them.
 * Runs on the thread that submits; may be NULL. */
typedef void (*dvr_bulk_in_posted_fn)(void *user, size_t len);

struct dvr_transport_ops {
	const char *name;
	/* Vendor register read/write (DVR_USB_VENDOR_REQ, wValue = addr,
	 * wIndex = index, len <= DVR_USB_CTRL_MAX). Returns bytes moved. */
	int (*ctrl_in)(struct dvr_transport *t, uint16_t addr, uint16_t index,
	               uint8_t *buf, uint16_t len, unsigned timeout_ms);
	int (*ctrl_out)(struct dvr_transport *t, uint16_t addr, uint16_t index,
	                const uint8_t *buf, uint16_t len, unsigned timeout_ms);
	/* Queue a bulk OUT on out_ep[out_idx]; buf must stay valid until
	 * done() runs. A zero-length packet follows when len is a multiple
	 * of bulk_max_packet. Returns DVR_OK once queued. */
	int (*bulk_out_submit)(struct dvr_transport *t, unsigned out_idx,
	                       const uint8_t *buf, size_t len,
	                       unsigned timeout_ms, dvr_bulk_out_done_fn done,
	                       void *user);
	/* Blocking bulk OUT. Returns bytes accepted or an error. */
	int (*bulk_out_sync)(struct dvr_transport *t, unsigned out_idx,
	                     const uint8_t *buf, size_t len,
	                     unsigned timeout_ms);
	/* Clear a halt/stall on out_ep[out_idx]. */
	int (*clear_halt_out)(struct dvr_transport *t, unsigned out_idx);
	/* Post n bulk IN transfers of buflen bytes and keep them posted;
	 * each completion calls cb, each (re)submission posted. */
	int (*rx_start)(struct dvr_transport *t, unsigned n, size_t buflen,
	                dvr_bulk_in_fn cb, dvr_bulk_in_posted_fn posted,
	                void *user);
	/* Cancel the IN ring and wait until no cb runs any more. */
	void (*rx_stop)(struct dvr_transport *t);
	/*
	 * The RX pump: a caller thread takes the reaping of the IN ring over
	 * from the transport's own thread, so cb runs in that caller, with
	 * no hand-off between threads per transfer. NULL on a bus that has
	 * none (the caller keeps the transport's thread).
	 * rx_claim: the transport's RX thread stops reaping (parked, woken
	 * out of its wait) before it returns DVR_OK; DVR_E_BUSY while
	 * claimed already, DVR_E_STATE without a running ring.
	 * rx_reap: completes bulk IN transfers in the calling thread (cb
	 * runs there) for up to timeout_ms or until one was completed, or
	 * rx_wake was called; after the first, every one completed already
	 * too (none left waiting). Returns how many completed (0: timeout or
	 * woken), or the ring's final status once it ended (as cb heard
	 * it). Only the claimer calls it, from one thread at a time.
	 * rx_wake: the rx_reap running now (else the next) returns at once.
	 * Any thread.
	 * rx_release: waits for a rx_reap in progress to return, then the
	 * transport's thread reaps again. Any thread; rx_stop releases too.
	 * A claimer that stays out of rx_reap longer than
	 * DVR_RX_PUMP_LAPSE_MS (counted from its last return), or lets a
	 * quarter of the ring complete meanwhile, does not starve the ring:
	 * the transport's thread then completes transfers on its own
	 * thread as they arrive, until the claimer calls rx_reap again
	 * (rx_reap waits for it to stop). On libusb only the lapse
	 * applies: usbfs completes URBs without the process hearing of it
	 * until its events are handled, so knowing that a quarter of the
	 * ring completed would take the transport's thread in libusb's
	 * event handling whenever the claimer is out of rx_reap, and two
	 * thread switches (interrupt it, wait for it) on every rx_reap.
	 */
	int (*rx_claim)(struct dvr_transport *t);
	int (*rx_reap)(struct dvr_transport *t, unsigned timeout_ms);
	void (*rx_wake)(struct dvr_transport *t);
	void (*rx_release)(struct dvr_transport *t);
	/* Wait until every queued bulk OUT has completed, at most
	 * timeout_ms. */
	int (*flush_out)(struct dvr_transport *t, unsigned timeout_ms);
	/* Cancel everything, join threads, release the device, free t. */
	void (*destroy)(struct dvr_transport *t);
};

struct dvr_transport {
	const struct dvr_transport_ops *ops;
	struct dvr_usb_info info;
};

/* Map a negative errno from a bus (usbfs / the chip model) to dvr_status. */
int dvr_status_from_errno(int neg_errno);

#endif /* DVR_TRANSPORT_H */
