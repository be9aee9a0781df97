/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The usbfs front end of the chip model: answers the ioctls libusb sends
 * to /dev/bus/usb/BBB/DDD, as umockdev hands them to us.
 *
 * libusb only ever submits URBs (even libusb_control_transfer) and reaps
 * them without blocking, so the handler never waits: SUBMITURB copies the
 * URB into a private record and queues it on its endpoint; one worker
 * thread per endpoint hands queued URBs to the model in order (as a host
 * controller serves one endpoint) and moves them to the completed list;
 * REAPURBNDELAY hands completed ones back. Bulk IN URBs are all queued
 * at the chip at once (vchip_bulk_in_submit), whose RX DMA fills them as
 * it receives — no worker needs to run for that — and the worker only
 * collects them in order. Like the host controller, a
 * worker keeps retrying an endpoint that NAKs (the model returns
 * -ETIMEDOUT after a short slice) until the client discards the URB —
 * usbfs URBs have no timeout; libusb cancels them itself.
 *
 * The device node is a FIFO whose fill level we control: full (no
 * POLLOUT) while nothing is completed, one page free while something is.
 * libusb's event loop then sleeps in poll() instead of spinning.
 *
 * Threading: UMockdevIoctlData is touched only in the handler (umockdev's
 * thread); the workers see the private copies and move records between
 * lists under d->lock.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/ioctl.h>

#include <linux/usb/ch9.h>
#include <linux/usbdevice_fs.h>

#include "libdevourer/virtual/vchip_fault.h"
#include "libdevourer/vusb/vusb_internal.h"

/* How long one model call may wait before the worker checks whether the
 * client discarded the URB (a NAKing endpoint is retried, as a host
 * controller does). */
#define SLICE_MS 50u
#define FIFO_PAGE 4096

static const uint32_t CAPS = USBDEVFS_CAP_ZERO_PACKET |
                             USBDEVFS_CAP_BULK_CONTINUATION |
                             USBDEVFS_CAP_NO_PACKET_SIZE_LIM |
                             USBDEVFS_CAP_BULK_SCATTER_GATHER |
                             USBDEVFS_CAP_REAP_AFTER_DISCONNECT;

/* ------------------------------------------------------------------ */
/* FIFO: POLLOUT exactly while completed URBs wait                      */
/* ------------------------------------------------------------------ */

int vusb_fifo_fill(int fd)
{
	static const uint8_t page[FIFO_PAGE];
	for (;;) {
		ssize_t w = write(fd, page, sizeof page);
		if (w < 0)
			return errno == EAGAIN ? 0 : -errno;
		if (w < (ssize_t)sizeof page)
			return 0; /* a partial page: full now */
	}
}

/* d->lock held */
static void fifo_signal(struct vusb_att *d)
{
	if (d->fifo_ready)
		return;
	uint8_t page[FIFO_PAGE];
	if (read(d->fifo_fd, page, sizeof page) > 0)
		d->fifo_ready = true;
}

/* d->lock held */
static void fifo_quiet(struct vusb_att *d)
{
	if (!d->fifo_ready)
		return;
	static const uint8_t page[FIFO_PAGE];
	if (write(d->fifo_fd, page, sizeof page) > 0)
		d->fifo_ready = false;
}

/* ------------------------------------------------------------------ */
/* URB records                                                         */
/* ------------------------------------------------------------------ */

/* d->lock held. Records are recycled; a buffer only grows, so steady
 * traffic allocates nothing. */
static struct vusb_urb *urb_get(struct vusb_att *d, size_t len)
{
	struct vusb_urb *u = d->free_urbs;
	if (u)
		d->free_urbs = u->next;
	else if (!(u = calloc(1, sizeof *u)))
		return NULL;
	if (u->cap < len) {
		uint8_t *b = realloc(u->buf, len);
		if (!b) {
			u->next = d->free_urbs;
			d->free_urbs = u;
			return NULL;
		}
		u->buf = b;
		u->cap = len;
	}
	u->next = NULL;
	u->len = len;
	u->status = 0;
	u->actual = 0;
	atomic_store(&u->discarded, false);
	atomic_store(&u->cancel_status, 0);
	return u;
}

/* Drop the client references (umockdev's thread, or after it stopped). */
static void urb_unref(struct vusb_urb *u)
{
	if (u->urb_data)
		umockdev_ioctl_data_unref(u->urb_data);
	if (u->buf_data)
		umockdev_ioctl_data_unref(u->buf_data);
	u->urb_data = u->buf_data = NULL;
}

/* d->lock held */
static void urb_put(struct vusb_att *d, struct vusb_urb *u)
{
	u->next = d->free_urbs;
	d->free_urbs = u;
}

static void list_push(struct vusb_urb **head, struct vusb_urb **tail,
                      struct vusb_urb *u)
{
	u->next = NULL;
	if (*tail)
		(*tail)->next = u;
	else
		*head = u;
	*tail = u;
}

static struct vusb_urb *list_pop(struct vusb_urb **head,
                                 struct vusb_urb **tail)
{
	struct vusb_urb *u = *head;
	if (u) {
		*head = u->next;
		if (!*head)
			*tail = NULL;
		u->next = NULL;
	}
	return u;
}

/* d->lock held */
static void complete_urb(struct vusb_att *d, struct vusb_urb *u)
{
	list_push(&d->done_head, &d->done_tail, u);
	fifo_signal(d);
}

/* ------------------------------------------------------------------ */
/* Workers: URBs → the model                                            */
/* ------------------------------------------------------------------ */

static bool is_in(const struct vusb_urb *u)
{
	if (u->type == USBDEVFS_URB_TYPE_CONTROL)
		return u->len >= 8 && (u->buf[0] & USB_DIR_IN);
	return u->ep & USB_DIR_IN;
}

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* Retry while the endpoint NAKs and the client still wants the URB. */
static bool keep_trying(const struct vusb_att *d, const struct vusb_urb *u,
                        int r)
{
	return r == -ETIMEDOUT && !atomic_load(&u->discarded) && !d->stop;
}

/* GET_DESCRIPTOR to the device: answered by the USB device controller
 * of the chip from the descriptors it enumerated with (libusb asks for
 * the BOS this way; device and configuration normally come from sysfs).
 * Returns false for any other request, which goes to the chip. */
static bool get_descriptor(struct vusb_att *d, struct vusb_urb *u)
{
	const uint8_t *setup = u->buf;
	if (setup[0] != (USB_DIR_IN | USB_TYPE_STANDARD | USB_RECIP_DEVICE) ||
	    setup[1] != USB_REQ_GET_DESCRIPTOR)
		return false;
	unsigned type = le16(setup + 2) >> 8, index = le16(setup + 2) & 0xFF;
	const uint8_t *src = NULL;
	size_t n = 0;
	if (type == USB_DT_DEVICE && index == 0) {
		src = d->descriptors;
		n = d->descriptors[0];
	} else if (type == USB_DT_CONFIG && index == 0) {
		src = d->descriptors + d->descriptors[0];
		n = d->desc_len - d->descriptors[0];
	} else if (type == USB_DT_BOS && d->bos_len) {
		src = d->bos;
		n = d->bos_len;
	}
	if (!src) {
		u->status = -EPIPE; /* the controller stalls what it lacks */
		return true;
	}
	size_t want = le16(setup + 6);
	if (n > want)
		n = want;
	memcpy(u->buf + 8, src, n);
	u->actual = (int)n;
	return true;
}

static void run_control(struct vusb_att *d, struct vusb_urb *u)
{
	if (u->len < 8 || le16(u->buf + 6) > u->len - 8) {
		u->status = -EINVAL;
		return;
	}
	if (get_descriptor(d, u))
		return;
	int r;
	do {
		r = vchip_control(d->vc, u->buf[0], u->buf[1], le16(u->buf + 2),
		                  le16(u->buf + 4), u->buf + 8, le16(u->buf + 6),
		                  SLICE_MS);
	} while (keep_trying(d, u, r));
	if (r >= 0)
		u->actual = r;
	else
		u->status = r;
}

static void run_bulk_out(struct vusb_att *d, struct vusb_urb *u)
{
	int r;
	do {
		r = vchip_bulk_out(d->vc, u->ep, u->len ? u->buf : NULL, u->len,
		                   SLICE_MS);
	} while (keep_trying(d, u, r));
	/* A transfer that is a whole number of packets ends with a
	 * zero-length packet when the client asked for one. */
	if (r > 0 && (u->flags & USBDEVFS_URB_ZERO_PACKET) &&
	    d->desc.bulk_max_packet && u->len % d->desc.bulk_max_packet == 0) {
		int z;
		do {
			z = vchip_bulk_out(d->vc, u->ep, NULL, 0, SLICE_MS);
		} while (keep_trying(d, u, z));
		if (z < 0)
			r = z;
	}
	if (r >= 0)
		u->actual = r;
	else
		u->status = r;
}

/* d->lock held. A URB the chip handed back: its result, as usbfs
 * reports it. */
static void in_done(struct vusb_att *d, struct vusb_urb *u, int r)
{
	if (r >= 0)
		u->actual = r;
	else
		u->status = r;
	/* The client gave up on it, or its endpoint was disabled: usbfs
	 * reports the cancel's status (unlinked, for a discard). */
	if (atomic_load(&u->discarded) && u->status != -ENODEV) {
		int why = atomic_load(&u->cancel_status);
		u->status = why ? why : -ENOENT;
		u->actual = 0;
	}
	complete_urb(d, u);
}

static bool chip_has_discarded(const struct vusb_queue *q)
{
	for (const struct vusb_urb *u = q->chip_head; u; u = u->next)
		if (atomic_load(&u->discarded))
			return true;
	return false;
}

/* d->lock held, dropped meanwhile. Unlink everything queued at the chip
 * and take it all back in order: completed URBs complete, discarded ones
 * as unlinked; the others (only unlinked because a neighbour was, or
 * because the worker stops) go back to the head of the queue, to be
 * queued at the chip again or failed by whoever stops the engine. */
static void in_unlink_all(struct vusb_att *d, struct vusb_queue *q)
{
	uint8_t ep = d->desc.in_ep;
	struct vusb_urb *again_head = NULL, *again_tail = NULL;
	q->unlinking = true;
	pthread_mutex_unlock(&d->lock);
	vchip_bulk_in_cancel(d->vc, ep);
	pthread_mutex_lock(&d->lock);
	for (;;) {
		uintptr_t tag = 0;
		pthread_mutex_unlock(&d->lock);
		int r = vchip_bulk_in_reap(d->vc, ep, 0, &tag);
		pthread_mutex_lock(&d->lock);
		if (r == -ENOENT || r == -ETIMEDOUT || !q->chip_head)
			break;
		struct vusb_urb *u = list_pop(&q->chip_head, &q->chip_tail);
		if (r == -ECONNRESET && !atomic_load(&u->discarded))
			list_push(&again_head, &again_tail, u);
		else
			in_done(d, u, r == -ECONNRESET ? -ENOENT : r);
	}
	/* none left at the chip (a reap that found none means none) */
	while (q->chip_head) {
		struct vusb_urb *u = list_pop(&q->chip_head, &q->chip_tail);
		list_push(&again_head, &again_tail, u);
	}
	if (again_head) {
		again_tail->next = q->head;
		q->head = again_head;
		if (!q->tail)
			q->tail = again_tail;
	}
	q->unlinking = false;
}

/* d->lock held. A bulk IN URB goes straight to the chip's RX DMA when
 * nothing is queued ahead of it, as a host controller links it to the
 * endpoint at once; false: the worker takes it from the queue. */
static bool in_queue_at_chip(struct vusb_att *d, unsigned qi,
                             struct vusb_urb *u)
{
	struct vusb_queue *q = &d->q[qi];
	if (qi != 1 + d->desc.n_out || !q->started || d->stop ||
	    q->unlinking || q->head || u->len == 0 || atomic_load(&d->gone))
		return false;
	if (vchip_bulk_in_submit(d->vc, d->desc.in_ep, u->buf, u->len,
	                         (uintptr_t)u) < 0)
		return false;
	list_push(&q->chip_head, &q->chip_tail, u);
	return true;
}

/* The bulk IN queue's worker (d->lock held on entry and exit). */
static void in_worker(struct vusb_att *d, struct vusb_queue *q)
{
	uint8_t ep = d->desc.in_ep;
	while (!d->stop) {
		struct vusb_urb *u;
		while ((u = list_pop(&q->head, &q->tail))) {
			int r = u->len == 0 ? -EINVAL
			      : atomic_load(&d->gone) ? -ENODEV
			      : vchip_bulk_in_submit(d->vc, ep, u->buf, u->len,
			                             (uintptr_t)u);
			if (r < 0)
				in_done(d, u, r);
			else
				list_push(&q->chip_head, &q->chip_tail, u);
		}
		if (!q->chip_head) {
			pthread_cond_wait(&d->work, &d->lock);
			continue;
		}
		if (chip_has_discarded(q)) {
			in_unlink_all(d, q);
			continue;
		}
		uintptr_t tag = 0;
		pthread_mutex_unlock(&d->lock);
		int r = vchip_bulk_in_reap(d->vc, ep, SLICE_MS, &tag);
		if (vchip_reenumerate_pending(d->vc) &&
		    !atomic_exchange(&d->reenum_told, true))
			vusb_hub_notify(d->dev->vb);
		pthread_mutex_lock(&d->lock);
		if (r == -ENOENT) {
			/* the chip holds none of them any more (a bus reset
			 * forgot them): they are lost with the device */
			while (q->chip_head)
				in_done(d, list_pop(&q->chip_head, &q->chip_tail),
				        -ENODEV);
			continue;
		}
		if (r == -ETIMEDOUT || !q->chip_head)
			continue;
		in_done(d, list_pop(&q->chip_head, &q->chip_tail), r);
	}
	if (q->chip_head)
		in_unlink_all(d, q);
}

struct worker_arg {
	struct vusb_att *d;
	unsigned qi;
};

static void *worker_main(void *p)
{
	struct worker_arg a = *(struct worker_arg *)p;
	free(p);
	struct vusb_att *d = a.d;
	struct vusb_queue *q = &d->q[a.qi];
	pthread_mutex_lock(&d->lock);
	if (a.qi == 1 + d->desc.n_out) {
		in_worker(d, q);
		pthread_mutex_unlock(&d->lock);
		return NULL;
	}
	while (!d->stop) {
		struct vusb_urb *u = list_pop(&q->head, &q->tail);
		if (!u) {
			pthread_cond_wait(&d->work, &d->lock);
			continue;
		}
		q->running = u;
		pthread_mutex_unlock(&d->lock);
		if (atomic_load(&d->gone))
			u->status = -ENODEV; /* the chip is on another bus */
		else if (u->type == USBDEVFS_URB_TYPE_CONTROL)
			run_control(d, u);
		else
			run_bulk_out(d, u);
		/* The chip left the bus to come back at another speed: the
		 * hub notices the disconnect and enumerates it again. */
		if (vchip_reenumerate_pending(d->vc) &&
		    !atomic_exchange(&d->reenum_told, true))
			vusb_hub_notify(d->dev->vb);
		/* The client gave up on it, or its endpoint was disabled:
		 * whatever the model did, usbfs reports the cancel's status
		 * (unlinked, for a discard). */
		if (atomic_load(&u->discarded) && u->status != -ENODEV) {
			int why = atomic_load(&u->cancel_status);
			u->status = why ? why : -ENOENT;
		}
		pthread_mutex_lock(&d->lock);
		q->running = NULL;
		complete_urb(d, u);
	}
	pthread_mutex_unlock(&d->lock);
	return NULL;
}

/* The queue an endpoint address is served by, or -1. */
static int queue_of(const struct vusb_att *d, uint8_t type, uint8_t ep)
{
	if (type == USBDEVFS_URB_TYPE_CONTROL)
		return (ep & 0x7F) == 0 ? 0 : -1;
	if (type != USBDEVFS_URB_TYPE_BULK)
		return -1;
	for (unsigned i = 0; i < d->desc.n_out; i++)
		if (d->desc.out_ep[i] == ep)
			return (int)(1 + i);
	return ep == d->desc.in_ep ? (int)(1 + d->desc.n_out) : -1;
}

int vusb_engine_start(struct vusb_att *d)
{
	d->stop = false;
	d->gone = false;
	d->reenum_told = false;
	d->n_queues = 2 + d->desc.n_out;
	for (unsigned i = 0; i < d->n_queues; i++) {
		struct worker_arg *a = malloc(sizeof *a);
		if (!a)
			return -ENOMEM;
		*a = (struct worker_arg){.d = d, .qi = i};
		int rc = pthread_create(&d->q[i].thread, NULL, worker_main, a);
		if (rc) {
			free(a);
			return -rc;
		}
		d->q[i].started = true;
	}
	return 0;
}

void vusb_engine_retire(struct vusb_att *d)
{
	pthread_mutex_lock(&d->lock);
	d->gone = true;
	d->stop = true;
	pthread_cond_broadcast(&d->work);
	pthread_mutex_unlock(&d->lock);
	/* A worker inside the model returns at once: the chip has dropped
	 * off the bus, so every call fails with -ENODEV. */
	for (unsigned i = 0; i < d->n_queues; i++) {
		if (d->q[i].started)
			pthread_join(d->q[i].thread, NULL);
		d->q[i].started = false;
	}
	pthread_mutex_lock(&d->lock);
	for (unsigned i = 0; i < d->n_queues; i++) {
		struct vusb_urb *u;
		while ((u = list_pop(&d->q[i].head, &d->q[i].tail))) {
			u->status = -ENODEV;
			complete_urb(d, u);
		}
	}
	pthread_mutex_unlock(&d->lock);
}

void vusb_engine_kick(struct vusb_att *d)
{
	pthread_mutex_lock(&d->lock);
	pthread_cond_broadcast(&d->work);
	pthread_mutex_unlock(&d->lock);
}

static void free_list(struct vusb_urb *u, bool unref)
{
	while (u) {
		struct vusb_urb *n = u->next;
		if (unref)
			urb_unref(u);
		free(u->buf);
		free(u);
		u = n;
	}
}

void vusb_engine_stop(struct vusb_att *d)
{
	pthread_mutex_lock(&d->lock);
	d->stop = true;
	pthread_cond_broadcast(&d->work);
	pthread_mutex_unlock(&d->lock);
	for (unsigned i = 0; i < d->n_queues; i++) {
		if (d->q[i].started)
			pthread_join(d->q[i].thread, NULL);
		d->q[i].started = false;
		free_list(d->q[i].head, true);
		d->q[i].head = d->q[i].tail = NULL;
	}
	free_list(d->done_head, true);
	d->done_head = d->done_tail = NULL;
	free_list(d->free_urbs, false);
	d->free_urbs = NULL;
	d->fifo_ready = false;
}

/* ------------------------------------------------------------------ */
/* Interface claims: one open file at a time                           */
/* ------------------------------------------------------------------ */

/*
 * usbfs claims an interface for one open file by binding it to its
 * "usbfs" driver (linux drivers/usb/core/devio.c claimintf, releaseintf,
 * checkintf, proc_disconnect_claim, usbdev_release): a second file finds
 * a driver bound and gets EBUSY, the holder's own claims succeed again,
 * a release by a file that does not hold it is EINVAL, and the holder's
 * release or close unbinds it. A file that uses an endpoint of the
 * interface (a bulk URB, CLEAR_HALT, an interface or endpoint control
 * request) without claiming it claims it then, with the same answer.
 * Interface numbers beyond the 32 of usbfs's per-file claim mask are
 * EINVAL, one the configuration lacks ENOENT; the adapter has one
 * interface, 0, holding every bulk endpoint.
 */
#define CLAIM_MASK_BITS 32u
#define USBFS_DRIVER "usbfs"
#define NO_INTERFACE (-1)

/* d->lock held. */
static int claim_if(struct vusb_att *d, const void *client, unsigned ifnum)
{
	if (ifnum >= CLAIM_MASK_BITS)
		return -EINVAL;
	if (ifnum != 0)
		return -ENOENT;
	if (d->claimed_by == client)
		return 0;
	if (d->claimed_by)
		return -EBUSY;
	d->claimed_by = client;
	return 0;
}

/* d->lock held. End owner's bulk URBs (interface 0's endpoints): those
 * queued complete now, the one in the model within a slice, all with
 * status. */
static void end_if_urbs(struct vusb_att *d, const void *owner, int status)
{
	for (unsigned i = 1; i < d->n_queues; i++) { /* queue 0 is ep0 */
		struct vusb_queue *q = &d->q[i];
		struct vusb_urb *keep_head = NULL, *keep_tail = NULL, *u;
		while ((u = list_pop(&q->head, &q->tail))) {
			if (u->owner == owner) {
				u->status = status;
				complete_urb(d, u);
			} else {
				list_push(&keep_head, &keep_tail, u);
			}
		}
		q->head = keep_head;
		q->tail = keep_tail;
		if (q->running && q->running->owner == owner) {
			atomic_store(&q->running->cancel_status, status);
			atomic_store(&q->running->discarded, true);
		}
		/* Bulk IN URBs already linked at the chip's RX DMA: the IN
		 * worker unlinks them within a slice. */
		for (u = q->chip_head; u; u = u->next)
			if (u->owner == owner) {
				atomic_store(&u->cancel_status, status);
				atomic_store(&u->discarded, true);
			}
	}
	pthread_cond_broadcast(&d->work);
}

/* d->lock held. Interface 0 leaves its holder (its release, its close,
 * or another file's disconnect-and-claim). Unbinding disables the
 * interface's endpoints first (linux usb_unbind_interface:
 * usb_disable_interface), so the holder's URBs on them end with
 * -ESHUTDOWN. */
static void unbind_if(struct vusb_att *d)
{
	const void *holder = d->claimed_by;
	d->claimed_by = NULL;
	if (holder)
		end_if_urbs(d, holder, -ESHUTDOWN);
}

/* The interface an endpoint address belongs to: 0, or -ENOENT; -EINVAL
 * for bits no endpoint address has (linux devio.c findintfep). */
static int interface_of_ep(const struct vusb_att *d, unsigned ep)
{
	if (ep & ~(USB_DIR_IN | 0x0Fu))
		return -EINVAL;
	if (ep == d->desc.in_ep)
		return 0;
	for (unsigned i = 0; i < d->desc.n_out; i++)
		if (ep == d->desc.out_ep[i])
			return 0;
	return -ENOENT;
}

/* The interface a URB needs claimed (*ifnum, NO_INTERFACE for none) or a
 * negative errno that refuses it (linux devio.c proc_do_submiturb and
 * check_ctrlrecip): a bulk URB needs its endpoint's interface; on ep0 a
 * vendor request or one to the device needs none, one to an interface
 * needs that interface, one to an endpoint other than 0 that endpoint's
 * interface (also found when the direction bit is wrong). */
static int urb_interface(const struct vusb_att *d, uint8_t type, uint8_t ep,
                         const uint8_t *setup, size_t len, int *ifnum)
{
	*ifnum = NO_INTERFACE;
	if (type != USBDEVFS_URB_TYPE_CONTROL) {
		int r = interface_of_ep(d, ep);
		if (r >= 0)
			*ifnum = r;
		return r < 0 ? r : 0;
	}
	if (len < 8)
		return -EINVAL; /* no setup packet */
	uint8_t rt = setup[0];
	unsigned index = le16(setup + 4) & 0xFFu;
	if ((rt & USB_TYPE_MASK) == USB_TYPE_VENDOR)
		return 0;
	switch (rt & USB_RECIP_MASK) {
	case USB_RECIP_INTERFACE:
		*ifnum = (int)index;
		return 0;
	case USB_RECIP_ENDPOINT: {
		if ((index & ~(unsigned)USB_DIR_IN) == 0)
			return 0;
		int r = interface_of_ep(d, index);
		if (r < 0)
			r = interface_of_ep(d, index ^ USB_DIR_IN);
		if (r >= 0)
			*ifnum = r;
		return r < 0 ? r : 0;
	}
	default:
		return 0;
	}
}

/* ------------------------------------------------------------------ */
/* The ioctls (umockdev's thread)                                       */
/* ------------------------------------------------------------------ */

static void fail(UMockdevIoctlClient *c, int err)
{
	umockdev_ioctl_client_complete(c, -1, err);
}

/* The device is off the bus: unplugged, or left to re-enumerate. */
static bool dead(const struct vusb_att *d)
{
	return atomic_load(&d->gone) || vchip_is_unplugged(d->vc);
}

static void submit_urb(struct vusb_att *d, UMockdevIoctlClient *c,
                       UMockdevIoctlData *arg)
{
	if (dead(d)) {
		fail(c, ENODEV);
		return;
	}
	GError *err = NULL;
	UMockdevIoctlData *ud = umockdev_ioctl_data_resolve(
		arg, 0, sizeof(struct usbdevfs_urb), &err);
	if (!ud) {
		g_clear_error(&err);
		fail(c, EFAULT);
		return;
	}
	struct usbdevfs_urb urb;
	memcpy(&urb, ud->data, sizeof urb);
	int qi = queue_of(d, urb.type, urb.endpoint);
	if (qi < 0 || urb.buffer_length < 0) {
		umockdev_ioctl_data_unref(ud);
		fail(c, qi < 0 ? ENOENT : EINVAL);
		return;
	}
	UMockdevIoctlData *bd = NULL;
	if (urb.buffer_length > 0) {
		bd = umockdev_ioctl_data_resolve(
			ud, offsetof(struct usbdevfs_urb, buffer),
			(gsize)urb.buffer_length, &err);
		if (!bd) {
			g_clear_error(&err);
			umockdev_ioctl_data_unref(ud);
			fail(c, EFAULT);
			return;
		}
	}
	int ifnum;
	int refused = urb_interface(d, urb.type, urb.endpoint,
	                            bd ? bd->data : NULL,
	                            (size_t)urb.buffer_length, &ifnum);
	pthread_mutex_lock(&d->lock);
	/* An interface the URB needs is claimed for this file now if it
	 * was not yet (usbfs checkintf): EBUSY while another file holds it. */
	if (!refused && ifnum != NO_INTERFACE)
		refused = claim_if(d, c, (unsigned)ifnum);
	/* Checked again under the lock: retiring the engine sets gone under
	 * it, so no URB is queued behind its last look at the queues. */
	struct vusb_urb *u = atomic_load(&d->gone) || refused
	                     ? NULL : urb_get(d, (size_t)urb.buffer_length);
	if (!u) {
		int why = atomic_load(&d->gone) ? ENODEV
		          : refused ? -refused : ENOMEM;
		pthread_mutex_unlock(&d->lock);
		if (bd)
			umockdev_ioctl_data_unref(bd);
		umockdev_ioctl_data_unref(ud);
		fail(c, why);
		return;
	}
	u->client_addr = ud->client_addr;
	u->owner = c;
	u->urb_data = ud;
	u->buf_data = bd;
	u->type = urb.type;
	u->ep = urb.endpoint;
	u->flags = urb.flags;
	/* IN data is written back at reap; the setup packet of a control
	 * URB and OUT data travel now. */
	if (bd)
		memcpy(u->buf, bd->data, (size_t)urb.buffer_length);
	d->stats.submitted++;
	if (urb.type == USBDEVFS_URB_TYPE_CONTROL) {
		d->stats.ctrl_urbs++;
	} else if (urb.endpoint & USB_DIR_IN) {
		d->stats.bulk_in_urbs++;
	} else {
		d->stats.bulk_out_urbs++;
		if (++d->stats.out_in_flight > d->stats.out_in_flight_max)
			d->stats.out_in_flight_max = d->stats.out_in_flight;
	}
	if (!in_queue_at_chip(d, (unsigned)qi, u))
		list_push(&d->q[qi].head, &d->q[qi].tail, u);
	pthread_cond_broadcast(&d->work);
	pthread_mutex_unlock(&d->lock);
	umockdev_ioctl_client_complete(c, 0, 0);
}

/* d->lock held. Take from the completed list the first URB of owner (or
 * none: NULL) and every orphan (a URB whose file was closed) onto
 * *orphans; returns the URB or NULL. */
static struct vusb_urb *take_done(struct vusb_att *d, const void *owner,
                                  bool all, struct vusb_urb **orphans)
{
	struct vusb_urb *found = NULL, *keep_head = NULL, *keep_tail = NULL;
	struct vusb_urb *u;
	while ((u = list_pop(&d->done_head, &d->done_tail))) {
		if (!u->owner) {
			u->next = *orphans;
			*orphans = u;
		} else if (owner && u->owner == owner && (all || !found)) {
			if (all) {
				u->next = *orphans;
				*orphans = u;
			} else {
				found = u;
			}
		} else {
			list_push(&keep_head, &keep_tail, u);
		}
	}
	d->done_head = keep_head;
	d->done_tail = keep_tail;
	if (!d->done_head)
		fifo_quiet(d);
	return found;
}

/* Release URBs taken off the lists (umockdev's thread). */
static void drop_urbs(struct vusb_att *d, struct vusb_urb *list)
{
	while (list) {
		struct vusb_urb *n = list->next;
		urb_unref(list);
		pthread_mutex_lock(&d->lock);
		if (list->type == USBDEVFS_URB_TYPE_BULK &&
		    !(list->ep & USB_DIR_IN) && d->stats.out_in_flight)
			d->stats.out_in_flight--;
		urb_put(d, list);
		pthread_mutex_unlock(&d->lock);
		list = n;
	}
}

static void reap_urb(struct vusb_att *d, UMockdevIoctlClient *c,
                     UMockdevIoctlData *arg)
{
	struct vusb_urb *orphans = NULL;
	pthread_mutex_lock(&d->lock);
	/* Only this file's URBs: usbfs keeps them per open file. */
	struct vusb_urb *u = take_done(d, c, false, &orphans);
	if (u) {
		d->stats.reaped++;
		if (u->type == USBDEVFS_URB_TYPE_BULK && !(u->ep & USB_DIR_IN))
			d->stats.out_in_flight--;
	}
	bool gone = !u && dead(d);
	pthread_mutex_unlock(&d->lock);
	drop_urbs(d, orphans);
	if (!u) {
		/* Nothing completed; once removed and drained, say so. */
		fail(c, gone ? ENODEV : EAGAIN);
		return;
	}

	struct usbdevfs_urb *img = (struct usbdevfs_urb *)u->urb_data->data;
	img->status = u->status;
	img->actual_length = u->actual;
	if (u->buf_data && u->actual > 0 && is_in(u)) {
		size_t off = u->type == USBDEVFS_URB_TYPE_CONTROL ? 8 : 0;
		size_t n = (size_t)u->actual;
		if (off + n > (size_t)u->buf_data->data_len)
			n = (size_t)u->buf_data->data_len - off;
		memcpy(u->buf_data->data + off, u->buf + off, n);
	}
	GError *err = NULL;
	UMockdevIoctlData *pd = umockdev_ioctl_data_resolve(
		arg, 0, sizeof(void *), &err);
	if (!pd) {
		g_clear_error(&err);
		fail(c, EFAULT);
	} else {
		umockdev_ioctl_data_set_ptr(pd, 0, u->urb_data);
		umockdev_ioctl_client_complete(c, 0, 0);
		umockdev_ioctl_data_unref(pd);
	}
	urb_unref(u);
	pthread_mutex_lock(&d->lock);
	urb_put(d, u);
	pthread_mutex_unlock(&d->lock);
}

static void discard_urb(struct vusb_att *d, UMockdevIoctlClient *c,
                        UMockdevIoctlData *arg)
{
	gulong addr = 0;
	if (arg->data_len >= (gint)sizeof addr)
		memcpy(&addr, arg->data, sizeof addr);
	bool found = false;
	pthread_mutex_lock(&d->lock);
	for (unsigned i = 0; i < d->n_queues && !found; i++) {
		struct vusb_queue *q = &d->q[i];
		if (q->running && q->running->client_addr == addr &&
		    q->running->owner == c) {
			/* The worker ends it within one slice. */
			atomic_store(&q->running->discarded, true);
			found = true;
			break;
		}
		for (struct vusb_urb *u = q->chip_head; u && !found;
		     u = u->next)
			if (u->client_addr == addr && u->owner == c) {
				/* The IN worker unlinks it within one slice. */
				atomic_store(&u->discarded, true);
				found = true;
			}
		if (found)
			break;
		struct vusb_urb *prev = NULL;
		for (struct vusb_urb *u = q->head; u; prev = u, u = u->next) {
			if (u->client_addr != addr || u->owner != c)
				continue;
			if (prev)
				prev->next = u->next;
			else
				q->head = u->next;
			if (q->tail == u)
				q->tail = prev;
			u->status = -ENOENT;
			complete_urb(d, u);
			found = true;
			break;
		}
	}
	if (found)
		d->stats.discarded++;
	pthread_mutex_unlock(&d->lock);
	if (found)
		umockdev_ioctl_client_complete(c, 0, 0);
	else
		fail(c, EINVAL); /* already completed */
}

static void on_client_notify(GObject *obj, GParamSpec *spec, gpointer user)
{
	(void)spec;
	UMockdevIoctlClient *c = UMOCKDEV_IOCTL_CLIENT(obj);
	if (!umockdev_ioctl_client_get_connected(c))
		vusb_on_client_vanished(NULL, c, user);
}

void vusb_on_client_connected(UMockdevIoctlBase *h, UMockdevIoctlClient *client,
                              gpointer user)
{
	(void)h;
	struct vusb_att *d = user;
	pthread_mutex_lock(&d->lock);
	if (!d->clients)
		d->clients = g_ptr_array_new();
	g_ptr_array_add(d->clients, g_object_ref(client));
	pthread_mutex_unlock(&d->lock);
	g_signal_connect(client, "notify::connected",
	                 G_CALLBACK(on_client_notify), d);
}

/* Files closed since we last looked. umockdev sees a close as the end of
 * its client's socket and then closes the client's stream, on its own
 * thread; it may not signal that, so each ioctl from one file looks for
 * the others that closed and ends what they held, as usbfs's release of
 * the file did. Nobody can tell the difference: only another file can
 * meet a claim or URB the closed one left. */
static void sweep_closed(struct vusb_att *d)
{
	UMockdevIoctlClient *closed[8];
	unsigned n = 0;
	pthread_mutex_lock(&d->lock);
	for (guint i = 0; d->clients && i < d->clients->len && n < 8; i++) {
		UMockdevIoctlClient *c = g_ptr_array_index(d->clients, i);
		if (!umockdev_ioctl_client_get_connected(c))
			closed[n++] = g_object_ref(c);
	}
	pthread_mutex_unlock(&d->lock);
	for (unsigned i = 0; i < n; i++) {
		vusb_on_client_vanished(NULL, closed[i], d);
		g_object_unref(closed[i]);
	}
}

void vusb_clients_forget(struct vusb_att *d)
{
	pthread_mutex_lock(&d->lock);
	GPtrArray *list = d->clients;
	d->clients = NULL;
	pthread_mutex_unlock(&d->lock);
	if (!list)
		return;
	for (guint i = 0; i < list->len; i++) {
		GObject *c = g_ptr_array_index(list, i);
		g_signal_handlers_disconnect_by_data(c, d);
		g_object_unref(c);
	}
	g_ptr_array_free(list, TRUE);
}

void vusb_on_client_vanished(UMockdevIoctlBase *h, UMockdevIoctlClient *client,
                             gpointer user)
{
	(void)h;
	struct vusb_att *d = user;
	struct vusb_urb *mine = NULL;
	pthread_mutex_lock(&d->lock);
	/* Once per file: umockdev may tell both ways. */
	if (!d->clients || !g_ptr_array_remove_fast(d->clients, client)) {
		pthread_mutex_unlock(&d->lock);
		return;
	}
	/* Closing the file releases what it claimed (usbdev_release). */
	if (d->claimed_by == client)
		unbind_if(d);
	take_done(d, client, true, &mine);
	for (unsigned i = 0; i < d->n_queues; i++) {
		struct vusb_queue *q = &d->q[i];
		struct vusb_urb *keep_head = NULL, *keep_tail = NULL, *u;
		while ((u = list_pop(&q->head, &q->tail))) {
			if (u->owner == client) {
				u->next = mine;
				mine = u;
			} else {
				list_push(&keep_head, &keep_tail, u);
			}
		}
		q->head = keep_head;
		q->tail = keep_tail;
		/* In the model right now: ended within a slice, then
		 * dropped at the next reap. */
		if (q->running && q->running->owner == client) {
			q->running->owner = NULL;
			atomic_store(&q->running->discarded, true);
		}
		for (struct vusb_urb *u = q->chip_head; u; u = u->next)
			if (u->owner == client) {
				u->owner = NULL;
				atomic_store(&u->discarded, true);
			}
	}
	pthread_mutex_unlock(&d->lock);
	drop_urbs(d, mine);
	/* Our reference: the client stays valid while its signal runs. */
	g_signal_handlers_disconnect_by_data(client, d);
	g_object_unref(client);
}

/* An ioctl whose argument is a pointer to a u32/unsigned int. */
static bool read_u32(UMockdevIoctlClient *c, UMockdevIoctlData *arg,
                     uint32_t *out, UMockdevIoctlData **keep)
{
	GError *err = NULL;
	UMockdevIoctlData *p = umockdev_ioctl_data_resolve(arg, 0,
	                                                   sizeof *out, &err);
	if (!p) {
		g_clear_error(&err);
		fail(c, EFAULT);
		return false;
	}
	memcpy(out, p->data, sizeof *out);
	if (keep)
		*keep = p;
	else
		umockdev_ioctl_data_unref(p);
	return true;
}

/* Resolve the ioctl's argument struct of len bytes; fails the call with
 * EFAULT and returns NULL when the client's pointer is bad. */
static UMockdevIoctlData *arg_struct(UMockdevIoctlClient *c,
                                     UMockdevIoctlData *arg, size_t len)
{
	GError *err = NULL;
	UMockdevIoctlData *p = umockdev_ioctl_data_resolve(arg, 0, len, &err);
	if (!p) {
		g_clear_error(&err);
		fail(c, EFAULT);
	}
	return p;
}

/* Complete with r (0 or a negative errno). */
static void answer(UMockdevIoctlClient *c, int r)
{
	if (r < 0)
		fail(c, -r);
	else
		umockdev_ioctl_client_complete(c, 0, 0);
}

static void claim_interface(struct vusb_att *d, UMockdevIoctlClient *c,
                            uint32_t ifnum)
{
	pthread_mutex_lock(&d->lock);
	int r = claim_if(d, c, ifnum);
	pthread_mutex_unlock(&d->lock);
	answer(c, r);
}

static void release_interface(struct vusb_att *d, UMockdevIoctlClient *c,
                              uint32_t ifnum)
{
	int r = 0;
	pthread_mutex_lock(&d->lock);
	if (ifnum >= CLAIM_MASK_BITS)
		r = -EINVAL;
	else if (ifnum != 0)
		r = -ENOENT;
	else if (d->claimed_by != c)
		r = -EINVAL; /* not this file's to release */
	else
		unbind_if(d);
	pthread_mutex_unlock(&d->lock);
	answer(c, r);
}

/* What libusb's auto-detach sends: unbind whatever driver holds the
 * interface unless the flags spare it, then claim it for this file. The
 * only driver that can be bound here is usbfs itself (another file's
 * claim, or this file's). */
static void disconnect_claim(struct vusb_att *d, UMockdevIoctlClient *c,
                             UMockdevIoctlData *arg)
{
	UMockdevIoctlData *p = arg_struct(c, arg,
	                                  sizeof(struct usbdevfs_disconnect_claim));
	if (!p)
		return;
	struct usbdevfs_disconnect_claim dc;
	memcpy(&dc, p->data, sizeof dc);
	umockdev_ioctl_data_unref(p);
	if (dc.interface != 0) {
		fail(c, EINVAL); /* no such interface */
		return;
	}
	int r = 0;
	pthread_mutex_lock(&d->lock);
	if (d->claimed_by) {
		bool named = strncmp(dc.driver, USBFS_DRIVER,
		                     sizeof dc.driver) == 0;
		if ((dc.flags & USBDEVFS_DISCONNECT_CLAIM_IF_DRIVER) && !named)
			r = -EBUSY;
		else if ((dc.flags & USBDEVFS_DISCONNECT_CLAIM_EXCEPT_DRIVER) &&
		         named)
			r = -EBUSY;
		else
			unbind_if(d);
	}
	if (r == 0)
		r = claim_if(d, c, dc.interface);
	pthread_mutex_unlock(&d->lock);
	answer(c, r);
}

/* The driver bound to an interface: "usbfs" while a file holds it. */
static void get_driver(struct vusb_att *d, UMockdevIoctlClient *c,
                       UMockdevIoctlData *arg)
{
	UMockdevIoctlData *p = arg_struct(c, arg,
	                                  sizeof(struct usbdevfs_getdriver));
	if (!p)
		return;
	struct usbdevfs_getdriver gd;
	memcpy(&gd, p->data, sizeof gd);
	pthread_mutex_lock(&d->lock);
	bool bound = gd.interface == 0 && d->claimed_by;
	pthread_mutex_unlock(&d->lock);
	if (bound) {
		memset(gd.driver, 0, sizeof gd.driver);
		memcpy(gd.driver, USBFS_DRIVER, sizeof USBFS_DRIVER);
		memcpy(p->data, &gd, sizeof gd);
		umockdev_ioctl_client_complete(c, 0, 0);
	} else {
		fail(c, ENODATA);
	}
	umockdev_ioctl_data_unref(p);
}

/* USBDEVFS_IOCTL: a request for the driver of an interface
 * (linux devio.c proc_ioctl). DISCONNECT unbinds it (ENODATA without
 * one), CONNECT lets kernel drivers bind (EBUSY while one is; none
 * claims this vendor interface, so it stays free); anything else would
 * go to the bound driver, and usbfs answers none. */
static void interface_ioctl(struct vusb_att *d, UMockdevIoctlClient *c,
                            UMockdevIoctlData *arg)
{
	UMockdevIoctlData *p = arg_struct(c, arg, sizeof(struct usbdevfs_ioctl));
	if (!p)
		return;
	struct usbdevfs_ioctl ctl;
	memcpy(&ctl, p->data, sizeof ctl);
	umockdev_ioctl_data_unref(p);
	if (ctl.ifno != 0) {
		fail(c, EINVAL);
		return;
	}
	int r;
	pthread_mutex_lock(&d->lock);
	bool bound = d->claimed_by != NULL;
	if ((unsigned)ctl.ioctl_code == USBDEVFS_DISCONNECT) {
		r = bound ? 0 : -ENODATA;
		if (bound)
			unbind_if(d);
	} else if ((unsigned)ctl.ioctl_code == USBDEVFS_CONNECT) {
		r = bound ? -EBUSY : 0;
	} else {
		r = -ENOTTY;
	}
	pthread_mutex_unlock(&d->lock);
	answer(c, r);
}

/* Alternate setting of an interface this file (then) holds; the
 * interface has altsetting 0 only. Its URBs on the interface are killed
 * first (linux devio.c proc_setintf). */
static void set_interface(struct vusb_att *d, UMockdevIoctlClient *c,
                          UMockdevIoctlData *arg)
{
	UMockdevIoctlData *p = arg_struct(c, arg,
	                                  sizeof(struct usbdevfs_setinterface));
	if (!p)
		return;
	struct usbdevfs_setinterface si;
	memcpy(&si, p->data, sizeof si);
	umockdev_ioctl_data_unref(p);
	pthread_mutex_lock(&d->lock);
	int r = claim_if(d, c, si.interface);
	if (r == 0)
		end_if_urbs(d, c, -ENOENT);
	pthread_mutex_unlock(&d->lock);
	answer(c, r == 0 && si.altsetting != 0 ? -EINVAL : r);
}

gboolean vusb_on_ioctl(UMockdevIoctlBase *h, UMockdevIoctlClient *client,
                       gpointer user)
{
	(void)h;
	struct vusb_att *d = user;
	gulong req = umockdev_ioctl_client_get_request(client);
	UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
	bool gone = dead(d);
	uint32_t v;
	UMockdevIoctlData *p = NULL;

	pthread_mutex_lock(&d->lock);
	bool others = d->clients && d->clients->len > 1;
	pthread_mutex_unlock(&d->lock);
	if (others)
		sweep_closed(d);

	switch (req) {
	case USBDEVFS_SUBMITURB:
		submit_urb(d, client, arg);
		break;
	case USBDEVFS_REAPURBNDELAY:
		reap_urb(d, client, arg);
		break;
	case USBDEVFS_DISCARDURB:
		discard_urb(d, client, arg);
		break;
	case USBDEVFS_GET_CAPABILITIES:
		if (!read_u32(client, arg, &v, &p))
			break;
		memcpy(p->data, &CAPS, sizeof CAPS);
		umockdev_ioctl_client_complete(client, 0, 0);
		umockdev_ioctl_data_unref(p);
		break;
	/* No kernel driver binds this vendor interface: the only driver
	 * one can find on it is usbfs, for the file that claimed it. */
	case USBDEVFS_GETDRIVER:
		if (gone)
			fail(client, ENODEV);
		else
			get_driver(d, client, arg);
		break;
	case USBDEVFS_IOCTL:
		if (gone)
			fail(client, ENODEV);
		else
			interface_ioctl(d, client, arg);
		break;
	case USBDEVFS_CLAIMINTERFACE:
	case USBDEVFS_RELEASEINTERFACE:
		if (!read_u32(client, arg, &v, NULL))
			break;
		if (gone)
			fail(client, ENODEV);
		else if (req == USBDEVFS_CLAIMINTERFACE)
			claim_interface(d, client, v);
		else
			release_interface(d, client, v);
		break;
	case USBDEVFS_DISCONNECT_CLAIM:
		if (gone)
			fail(client, ENODEV);
		else
			disconnect_claim(d, client, arg);
		break;
	case USBDEVFS_SETINTERFACE:
		if (gone)
			fail(client, ENODEV);
		else
			set_interface(d, client, arg);
		break;
	case USBDEVFS_RESET:
		if (gone)
			fail(client, ENODEV);
		else
			umockdev_ioctl_client_complete(client, 0, 0);
		break;
	case USBDEVFS_CLEAR_HALT: {
		if (!read_u32(client, arg, &v, NULL))
			break;
		if (gone) {
			fail(client, ENODEV);
			break;
		}
		/* The endpoint's interface must be this file's (usbfs
		 * proc_clearhalt: findintfep, checkintf). */
		int ifr = interface_of_ep(d, v);
		pthread_mutex_lock(&d->lock);
		if (ifr >= 0)
			ifr = claim_if(d, client, (unsigned)ifr);
		if (ifr >= 0)
			d->stats.clear_halts++;
		pthread_mutex_unlock(&d->lock);
		if (ifr < 0) {
			fail(client, -ifr);
			break;
		}
		int r = vchip_clear_halt(d->vc, (uint8_t)v);
		if (r < 0)
			fail(client, r == -EINVAL ? ENOENT : -r);
		else
			umockdev_ioctl_client_complete(client, 0, 0);
		break;
	}
	case USBDEVFS_GET_SPEED:
		umockdev_ioctl_client_complete(
			client,
			d->desc.speed_mbps >= 5000 ? USB_SPEED_SUPER
			                           : USB_SPEED_HIGH,
			0);
		break;
	default:
		fail(client, ENOTTY);
		break;
	}
	return TRUE;
}
