/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the core offers inside the driver beyond the public API: opening a
 * device against a given list of chips, so tests can drive the bring-up
 * machinery (probe order, USB mode switch, optional stages) with chips of
 * their own. dvr_open() is dvr_core_open() over hal/registry.c.
 */
#ifndef DVR_DEVICE_INTERNAL_H
#define DVR_DEVICE_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>

#include <devourer/devourer.h>

#include "hal/hal.h"

/* registry: NULL-terminated, probed in order. */
int dvr_core_open(const char *selector, const struct dvr_config *config,
                  const struct dvr_chip_info *const *registry,
                  dvr_device **out);

/*
 * One sender among several on a device (a share, shared.c): its own
 * interrupt flag, its own frames in flight and its own counters, so one
 * stream's unlock, flush and duty never touch another's. NULL wherever
 * an owner is taken means "the device's own caller" (dvr_send()).
 */
struct dvr_tx_owner {
	atomic_bool interrupted;
	unsigned in_flight;          /* under the device's TX lock */
	struct dvr_tx_stats tx;      /* under the device's TX lock */
};

int dvr_core_send(dvr_device *dev, struct dvr_tx_owner *owner,
                  const uint8_t *frame, size_t len);
int dvr_core_send_raw(dvr_device *dev, struct dvr_tx_owner *owner,
                      const uint8_t *frame, size_t len,
                      const struct dvr_tx_params *params);
void dvr_core_interrupt_owner(dvr_device *dev, struct dvr_tx_owner *owner,
                              bool on);
/* Wait for the owner's transfers; with wait_chip also for the chip's
 * queues (what dvr_flush() does for everything). */
int dvr_core_flush_owner(dvr_device *dev, struct dvr_tx_owner *owner,
                         bool wait_chip, unsigned timeout_ms);
void dvr_core_owner_stats(dvr_device *dev, const struct dvr_tx_owner *owner,
                          struct dvr_tx_stats *out);
/* The owner goes away with frames maybe still in flight (a flush that
 * timed out): their completions must no longer reach it. */
void dvr_core_forget_owner(dvr_device *dev, struct dvr_tx_owner *owner);
/* The channel a started device is tuned to (DVR_E_STATE before). */
int dvr_core_channel(dvr_device *dev, struct dvr_channel *out);

/* Where the bus found the device: "usb 1-2.3" or "virtual NAME". */
const char *dvr_core_location(const dvr_device *dev);
/* The device vanished or broke for good (every call fails now). */
bool dvr_core_dead(const dvr_device *dev);

/* Before dvr_start(): bring the chip up without posting the RX ring, for
 * an adapter that only sends until someone listens. */
void dvr_core_defer_rx(dvr_device *dev);
/* Post the RX ring of a started device (no-op when it runs). */
int dvr_core_start_rx(dvr_device *dev);

/* The RX pump of a device whose ring runs (transport.h rx_claim...):
 * claim makes the calling thread the one that completes bulk IN
 * transfers (DVR_E_UNSUPPORTED on a bus without a pump, DVR_E_BUSY while
 * claimed, DVR_E_STATE without a ring, DVR_E_NO_DEVICE once dead);
 * pump completes them for up to timeout_ms or until one completed or a
 * wake, on_rx running in the caller (returns how many, or the error that
 * ended RX); release gives the reaping back to the device's thread. */
int dvr_core_rx_claim(dvr_device *dev);
int dvr_core_rx_pump(dvr_device *dev, unsigned timeout_ms);
void dvr_core_rx_wake(dvr_device *dev);
void dvr_core_rx_release(dvr_device *dev);

#endif /* DVR_DEVICE_INTERNAL_H */
