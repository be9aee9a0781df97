/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Faults the real bus produces, injected into the virtual adapter.
 *
 * The fault state lives in the chip model, so both front ends (the
 * in-process transport and the usbfs emulation under umockdev) see the
 * same misbehaving chip. Each fault is armed with a start time relative
 * to the moment it is armed, so a test or a person at the launcher can
 * say "stall endpoint 0x02 two seconds from now":
 *
 *   tx-nak        bulk OUT endpoints NAK (TX FIFO held full) for for= ms:
 *                 the host sees its transfers time out.
 *   stall         endpoint ep= halts: every transfer on it fails with
 *                 -EPIPE until the host clears the halt.
 *   ctrl-timeout  endpoint 0 NAKs for for= ms: control transfers time out.
 *   short-rx      the next count= bulk IN transfers end early: the RX
 *                 aggregate is cut in the middle of a packet.
 *   unplug        surprise removal: waiting and new transfers fail with
 *                 -ENODEV (vchip_unplug()).
 *
 * Text form (launcher --fault, tests): "KIND[:key=value,...]" with keys
 * at=MS (default 0 = at once), for=MS (tx-nak, ctrl-timeout; default
 * 1000), ep=0xNN (stall; default the first bulk OUT), count=N (short-rx;
 * default 1), after-ctrl=N, after-writes=N.
 *
 * after-ctrl=N arms a fault on what the host did rather than on a clock:
 * the chip answers N more control transfers normally, and the fault's
 * time (at=) starts at the next one, which the fault then meets.
 * after-writes=N counts only the host's register writes. A driver polls
 * the chip's engines (an EFUSE byte, a DDMA copy, the firmware's start)
 * as often as its loop turns while they work, so the reads of a
 * bring-up vary from run to run but its writes do not:
 * "unplug:after-writes=N" removes the adapter at the same point of it on
 * every run, however loaded the machine.
 */
#ifndef DVR_VCHIP_FAULT_H
#define DVR_VCHIP_FAULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "libdevourer/virtual/vchip.h"

enum vchip_fault_kind {
	VCHIP_FAULT_TX_NAK = 1,
	VCHIP_FAULT_STALL,
	VCHIP_FAULT_CTRL_TIMEOUT,
	VCHIP_FAULT_SHORT_RX,
	VCHIP_FAULT_UNPLUG,
};

struct vchip_fault {
	enum vchip_fault_kind kind;
	unsigned at_ms;    /* start, relative to vchip_fault_arm() */
	unsigned for_ms;   /* duration of a NAK window (0 = 1000) */
	uint8_t ep;        /* stall: endpoint address (0 = first bulk OUT) */
	unsigned count;    /* short-rx: transfers to cut (0 = 1) */
	bool after_ctrl_set; /* start counted in control transfers: */
	unsigned after_ctrl; /* this many answered first, from arming */
	bool writes_only;    /* ... counting the host's writes alone */
};

/* Faults armed at once per chip; arming more fails with -ENOSPC. */
#define VCHIP_MAX_FAULTS 8

/* Parse the text form; -EINVAL with a message in err on bad input. */
int vchip_fault_parse(const char *spec, struct vchip_fault *out, char *err,
                      size_t err_len);

/* Arm a fault on a chip (thread-safe, any time while the chip lives). */
int vchip_fault_arm(struct vchip *vc, const struct vchip_fault *f);

/* Disarm every fault and clear halted endpoints (not an unplug). */
void vchip_fault_clear(struct vchip *vc);

/* What the faults did so far, for tests. */
struct vchip_fault_stats {
	uint64_t nak_timeouts;   /* bulk OUT waits ended by a NAK window */
	uint64_t stalled;        /* transfers refused by a halted endpoint */
	uint64_t halts_cleared;  /* clear-halt requests that cleared one */
	uint64_t ctrl_timeouts;  /* control transfers timed out */
	uint64_t short_rx;       /* bulk IN transfers cut short */
	bool unplugged;          /* an unplug fault fired */
};
void vchip_fault_get_stats(const struct vchip *vc,
                           struct vchip_fault_stats *out);

/* Has the chip been removed (vchip_unplug() or an unplug fault)? Front
 * ends refuse new transfers with -ENODEV once it has. */
bool vchip_is_unplugged(struct vchip *vc);

/* ---- hooks the model's endpoint functions call (vchip.c) ----
 * Each returns 0 to go on with the transfer or a negative errno to end it
 * with; they may wait (NAK) up to timeout_ms. Cheap when nothing is
 * armed on any chip. */
int vc_fault_control(struct vchip *vc, bool host_write, unsigned timeout_ms);
int vc_fault_bulk_out(struct vchip *vc, uint8_t ep, unsigned timeout_ms);
int vc_fault_bulk_in(struct vchip *vc, uint8_t ep);
/* After a bulk IN produced r bytes: the length to hand out. */
int vc_fault_bulk_in_done(struct vchip *vc, int r);
/* A clear-halt request on ep. */
void vc_fault_clear_halt(struct vchip *vc, uint8_t ep);
/* The chip is being destroyed: forget its faults. */
void vc_fault_forget(struct vchip *vc);

#endif /* DVR_VCHIP_FAULT_H */
