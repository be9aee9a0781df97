/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Walking one bulk IN transfer: an RX aggregate of several packets, each an
 * RX descriptor + driver info + frame, each starting at the chip's
 * alignment. The layout of one packet is the chip's (ops->parse_rx_pkt);
 * the walk itself is generic.
 */
#ifndef DVR_RX_WALK_H
#define DVR_RX_WALK_H

#include "hal/hal.h"

struct dvr_rx_walk_counts {
	unsigned packets;    /* handed to the callback (frames and C2H) */
	unsigned malformed;  /* packets dropped: every oversized one, and
	                        the first parse failure whose length cannot
	                        be trusted (the rest of the transfer goes
	                        with it) */
	unsigned oversized;  /* of malformed: longer than the driver takes,
	                        skipped alone (their end is known) */
	size_t dropped_bytes;/* bytes of the transfer not delivered */
};

typedef void (*dvr_rx_pkt_fn)(void *user, const struct dvr_rx_pkt *pkt);

/* Walk buf[0..len). Never reads outside it, whatever the contents. */
void dvr_rx_walk(const struct dvr_chip *chip, const uint8_t *buf, size_t len,
                 dvr_rx_pkt_fn fn, void *user,
                 struct dvr_rx_walk_counts *counts);

#endif /* DVR_RX_WALK_H */
