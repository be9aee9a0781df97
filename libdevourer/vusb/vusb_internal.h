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
	/* The open file it was submitted on (its UMockdevIoctlClient, only
	 * compared): usbfs reaps and discards per file. NULL once that file
	 * is closed; such a URB is dropped when it completes. */
	const void *owner;
	UMockdevIoctlData *urb_data;
	UMockdevIoctlData *buf_data; /* NULL for a zero-length URB */
	uint8_t type, ep;
	unsigned flags;
	uint8_t *buf;               /* private copy, cap bytes */
	size_t cap, len;
	int status, actual;
	atomic_bool discarded;
	/* How a cancelled URB ends: 0 for a discard (-ENOENT), else the
	 * status the cancel gave it (-ESHUTDOWN: its endpoint was disabled
	 * when its interface was released). Set before discarded. */
	atomic_int cancel_status;
};

struct vusb_queue {
	struct vusb_urb *head, *tail;
	struct vusb_urb *running;   /* handed to the model right now */
	/* bulk IN: URBs queued at the chip's RX DMA (vchip_bulk_in_submit),
	 * oldest first, the order the chip completes them in */
	struct vusb_urb *chip_head, *chip_tail;
	bool unlinking;             /* the IN worker takes them all back */
	pthread_t thread;
	bool started;
};

/* One enumeration of an adapter: what the host sees between the device
 * arriving on a bus and leaving it (a sysfs entry, a device address, a
 * node with its ioctl handler, the URB engine). An adapter that
 * re-enumerates (a USB 2 -> 3 switch) gets a new one; the one it left
 * stays behind, "gone", answering ENODEV on the node its user may still
 * hold open, as a disconnected usbfs device does. */
struct vusb_att {
	struct vusb_dev *dev;
	struct vusb_att *next;      /* dev->left: earlier attachments */
	struct vchip *vc;           /* the adapter's chip (dev->vc) */
	struct vchip_usb_desc desc;
	unsigned bus, port, devnum;
	char *syspath;              /* g_free */
	char devnode[32];
	bool in_sysfs;
	UMockdevIoctlBase *handler;
	int fifo_fd;                /* our end of the device node FIFO */
	/* What endpoint 0 answers to GET_DESCRIPTOR (vusb_bed.c builds it
	 * from desc): device + configuration as sysfs has them, and the BOS
	 * of a USB3-capable device (bos_len 0: none). */
	uint8_t descriptors[192];
	size_t desc_len;
	uint8_t bos[32];
	size_t bos_len;

	pthread_mutex_t lock;       /* everything below */
	pthread_cond_t work;
	struct vusb_queue q[VUSB_MAX_QUEUES];
	unsigned n_queues;
	struct vusb_urb *done_head, *done_tail;
	struct vusb_urb *free_urbs;
	bool fifo_ready;            /* one page drained: client sees POLLOUT */
	atomic_bool stop;          /* read by workers between model calls */
	atomic_bool gone;          /* left the bus: every request ENODEV */
	atomic_bool reenum_told;   /* the hub was told the chip re-enumerates */
	/* The open file (UMockdevIoctlClient, only compared) that holds
	 * interface 0, as usbfs binds a claimed interface to its "usbfs"
	 * driver for one file; NULL while nobody holds it. */
	const void *claimed_by;
	/* The files open on the node (UMockdevIoctlClient, one reference
	 * each), watched until they close: what a close ends is theirs. */
	GPtrArray *clients;
	struct vusb_stats stats;
};

/* One adapter: its chip and where it is plugged in. */
struct vusb_dev {
	struct vusb *vb;
	struct vusb_dev *next;
	char name[48];
	char air_dir[256];
	struct vchip_config cfg;    /* name/air_dir point into this struct */
	struct vchip *vc;
	unsigned port;
	struct vusb_att *att;       /* the current enumeration (or NULL) */
	struct vusb_att *left;      /* enumerations it left (re-enumeration) */
};

/* Root hubs: bus 1 is the high-speed one, bus 2 the SuperSpeed one, as
 * an xHCI controller registers them; device addresses count per bus. */
#define VUSB_BUS_HS 1u
#define VUSB_BUS_SS 2u

struct vusb {
	UMockdevTestbed *tb;
	char *root;                 /* g_free */
	struct vusb_dev *devs;
	unsigned next_port;
	unsigned next_devnum[VUSB_BUS_SS + 1];
	/* The hub thread: re-enumerates chips that asked for it (like the
	 * kernel's hub worker after a disconnect and a new connect). lock
	 * also serialises every change of the test bed. */
	pthread_mutex_t lock;
	pthread_mutex_t hub_lock;
	pthread_cond_t hub_cond;
	bool hub_work, hub_stop, hub_started;
	pthread_t hub_thread;
};

/* vusb_bed.c: a worker saw its chip drop off the bus to re-enumerate. */
void vusb_hub_notify(struct vusb *vb);

/* vusb_usbfs.c */
gboolean vusb_on_ioctl(UMockdevIoctlBase *h, UMockdevIoctlClient *client,
                       gpointer user);
/* A file was opened on the node: watched until it is closed (umockdev
 * reports that as the client's "connected" property turning false). */
void vusb_on_client_connected(UMockdevIoctlBase *h, UMockdevIoctlClient *client,
                              gpointer user);
/* The client closed its file: its claim is released and its URBs go, as
 * usbfs drops them. Idempotent. */
void vusb_on_client_vanished(UMockdevIoctlBase *h, UMockdevIoctlClient *client,
                             gpointer user);
/* Stop watching the open files (the node's handler is detached). */
void vusb_clients_forget(struct vusb_att *d);
int vusb_engine_start(struct vusb_att *d);
/* Stop the workers and free every URB (the client is gone or going). */
void vusb_engine_stop(struct vusb_att *d);
/* The device left the bus under its user: no request reaches the chip
 * any more, the workers stop, and every URB not yet completed completes
 * with -ENODEV (the client reaps them, then sees ENODEV). */
void vusb_engine_retire(struct vusb_att *d);
/* Wake the workers (after an unplug). */
void vusb_engine_kick(struct vusb_att *d);
/* Fill the FIFO: no POLLOUT until a URB completes. */
int vusb_fifo_fill(int fd);

#endif /* DVR_VUSB_INTERNAL_H */
