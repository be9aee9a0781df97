/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inside a virtual USB adapter: the test-bed side (vusb_bed.c: sysfs
 * entry, descriptors, device node, life cycle) and the URB engine
 * (vusb_usbfs.c: the usbfs ioctl handler and the endpoint workers) share
 * this state.
 */
#ifndef DVR_VUSB_INTERNAL_H
#define DVR_VUSB_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include <umockdev.h>

#include "libdevourer/vusb/vusb.h"

/* ep0, up to 4 bulk OUT, one bulk IN: one queue and worker each. */
#define VUSB_MAX_QUEUES 6

/* One URB between SUBMITURB and REAPURBNDELAY. The UMockdevIoctlData
 * references are touched only on umockdev's thread; the workers use the
 * private copy in buf. */
struct vusb_urb {
	struct vusb_urb *next;      /* queue / done / free list */
	gulong client_addr;         /* the client's struct usbdevfs_urb * */
	UMockdevIoctlData *urb_data;
	UMockdevIoctlData *buf_data; /* NULL for a zero-length URB */
	uint8_t type, ep;
	unsigned flags;
	uint8_t *buf;               /* private copy, cap bytes */
	size_t cap, len;
	int status, actual;
	atomic_bool discarded;
};

struct vusb_queue {
	struct vusb_urb *head, *tail;
	struct vusb_urb *running;   /* handed to the model right now */
	pthread_t thread;
	bool started;
};

struct vusb_dev {
	struct vusb *vb;
	struct vusb_dev *next;
	char name[48];
	char air_dir[256];
	struct vchip_config cfg;    /* name/air_dir point into this struct */
	struct vchip *vc;
	struct vchip_usb_desc desc;
	unsigned port, devnum;
	char *syspath;              /* g_free */
	char devnode[32];
	bool in_sysfs;
	UMockdevIoctlBase *handler;
	int fifo_fd;                /* our end of the device node FIFO */

	pthread_mutex_t lock;       /* everything below */
	pthread_cond_t work;
	struct vusb_queue q[VUSB_MAX_QUEUES];
	unsigned n_queues;
	struct vusb_urb *done_head, *done_tail;
	struct vusb_urb *free_urbs;
	bool fifo_ready;            /* one page drained: client sees POLLOUT */
	atomic_bool stop;          /* read by workers between model calls */
	struct vusb_stats stats;
};

struct vusb {
	UMockdevTestbed *tb;
	char *root;                 /* g_free */
	struct vusb_dev *devs;
	unsigned next_port, next_devnum;
};

/* vusb_usbfs.c */
gboolean vusb_on_ioctl(UMockdevIoctlBase *h, UMockdevIoctlClient *client,
                       gpointer user);
int vusb_engine_start(struct vusb_dev *d);
/* Stop the workers and free every URB (the client is gone or going). */
void vusb_engine_stop(struct vusb_dev *d);
/* Wake the workers (after an unplug). */
void vusb_engine_kick(struct vusb_dev *d);
/* Fill the FIFO: no POLLOUT until a URB completes. */
int vusb_fifo_fill(int fd);

#endif /* DVR_VUSB_INTERNAL_H */
