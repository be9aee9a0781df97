/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Virtual USB adapters: the chip model (libdevourer/virtual/vchip.h)
 * presented to the unmodified libusb as a real USB device, through
 * umockdev. umockdev redirects /sys and /dev of a process running with
 * libumockdev-preload.so to a test bed and routes every usbfs ioctl on
 * the emulated device node to a handler; vusb_usbfs.c is that handler. It
 * only moves URBs between usbfs and the model (like a host controller):
 * every chip behaviour, fault injection included, stays in the model.
 *
 * The process that owns the test bed (struct vusb) holds the models and
 * answers the ioctls; the libusb user may be the same process (tests,
 * started with the preload: vusb_reexec_with_preload()) or a child
 * started with the preload and the test bed's $UMOCKDEV_DIR (the
 * devourer-vusb launcher). Several users may open one adapter's node,
 * in one process or several under one test bed: as with usbfs, each open
 * is a file of its own that reaps only its own URBs, and one file at a
 * time holds the interface (the others' claims are EBUSY) until it
 * releases it or closes.
 */
#ifndef DVR_VUSB_H
#define DVR_VUSB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "libdevourer/virtual/vchip.h"

struct vusb;      /* one umockdev test bed with its adapters */
struct vusb_dev;  /* one virtual USB adapter on it */

/* Create the test bed (sets $UMOCKDEV_DIR in this process's environment,
 * so children inherit it). Also lowers this thread's timer slack, which
 * children inherit too: the preload sleeps after every ioctl. Returns 0
 * or a negative errno with a message in err. */
int vusb_new(struct vusb **out, char *err, size_t err_len);

/* Remove every adapter and the test bed. */
void vusb_free(struct vusb *vb);

/* Plug in an adapter backed by a new chip model built from cfg (name on
 * the air, VID:PID, endpoints...). It appears at port N (N = 1, 2, ...
 * in order of addition) of bus 1, the high-speed root hub, or of bus 2,
 * the SuperSpeed one, when it runs at 5000 Mbit/s. Returns 0 or a
 * negative errno.
 *
 * Re-enumeration: a chip that drops off the bus to change speed (the
 * RTL8822CU's USB 2 -> 3 switch, vchip_reenumerate_pending()) is taken
 * off by the test bed's hub thread as the kernel does on a disconnect —
 * its user's URBs complete with -ENODEV, every later request on that
 * node fails with ENODEV, the sysfs entry goes — and comes back as a new
 * device at the new speed: at 5000 Mbit/s on bus 2 (the kernel puts a
 * USB 3 device on the SuperSpeed root hub: another bus number, so
 * another path), same port number, the next address of that bus, with
 * SuperSpeed descriptors. The user opens it again (libusb finds it by
 * VID:PID). */
int vusb_add(struct vusb *vb, const struct vchip_config *cfg,
             struct vusb_dev **out, char *err, size_t err_len);

/* The chip model behind an adapter (changes on vusb_replug()). */
struct vchip *vusb_chip(struct vusb_dev *d);
/* "/dev/bus/usb/001/002" as libusb sees it (its current enumeration). */
const char *vusb_devnode(const struct vusb_dev *d);
/* Where the adapter is enumerated now: bus, port, device address and
 * link speed. -ENODEV while it is off the bus. */
int vusb_location(struct vusb_dev *d, unsigned *bus, unsigned *port,
                  unsigned *devnum, unsigned *speed_mbps);

/* Surprise removal: the chip is unplugged (in-flight URBs fail with
 * ENODEV, new submits fail) and the device leaves sysfs, so a new scan
 * no longer finds it. */
void vusb_unplug(struct vusb_dev *d);

/* Plug the adapter back in after its user closed it: a fresh chip in its
 * power-off state at the same port with a new device address. Returns 0
 * or a negative errno. */
int vusb_replug(struct vusb_dev *d);

/* What the bus side saw, for tests. */
struct vusb_stats {
	uint64_t submitted;       /* URBs submitted */
	uint64_t reaped;          /* URBs reaped */
	uint64_t discarded;       /* DISCARDURB that found their URB */
	uint64_t ctrl_urbs, bulk_out_urbs, bulk_in_urbs;
	unsigned out_in_flight;   /* bulk OUT URBs submitted, not reaped */
	unsigned out_in_flight_max; /* the most at any time */
	uint64_t clear_halts;     /* CLEAR_HALT requests */
};
void vusb_get_stats(struct vusb_dev *d, struct vusb_stats *out);

/* For a process that wants its own libusb redirected to a test bed it
 * creates itself: unless already done, re-execute the running program
 * (argv as given to main) with libumockdev-preload.so.0 in LD_PRELOAD —
 * behind the sanitizer runtimes when this build is instrumented, which
 * must come first in the library load order. Returns only on failure
 * (negative errno) or when the preload is already active (0). */
int vusb_reexec_with_preload(char **argv);

/* The LD_PRELOAD value for a process whose libusb is to be redirected:
 * the sanitizer runtimes this process carries (if any), then
 * libumockdev-preload.so.0, then the current LD_PRELOAD. */
int vusb_preload_value(char *out, size_t cap);

#endif /* DVR_VUSB_H */
