/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "libdevourer/src/rx_walk.h"

#include <stdbool.h>
#include <string.h>

void dvr_rx_walk(const struct dvr_chip *chip, const uint8_t *buf, size_t len,
                 dvr_rx_pkt_fn fn, void *user,
                 struct dvr_rx_walk_counts *counts)
{
	const struct dvr_chip_info *info = chip->info;
	size_t align = info->rx_agg_align ? info->rx_agg_align : 1;
	size_t off = 0;

	memset(counts, 0, sizeof(*counts));
	if (len < info->rx_desc_len) {
		/* Shorter than one descriptor: nothing the chip would send. */
		if (len > 0) {
			counts->malformed = 1;
			counts->dropped_bytes = len;
		}
		return;
	}
	while (off < len) {
		size_t avail = len - off;
		if (avail < info->rx_desc_len) {
			/* Trailing bytes that cannot hold a descriptor: an
			 * aggregate ends at its last packet, so this is junk. */
			counts->malformed++;
			counts->dropped_bytes += avail;
			return;
		}
		struct dvr_rx_pkt pkt;
		int r = info->ops->parse_rx_pkt(chip, buf + off, avail, &pkt);
		bool skip = r == DVR_E_INVALID && pkt.total_len > 0 &&
		            pkt.total_len <= avail;
		if (skip) {
			/* Refused (longer than the driver takes) but its end
			 * is known: drop just this packet, as rtw88 usb.c
			 * rtw_usb_rx_handler skips a too big one and walks
			 * on to the next. */
			counts->malformed++;
			counts->oversized++;
			counts->dropped_bytes += pkt.total_len;
		} else if (r != DVR_OK || pkt.total_len == 0 ||
		           pkt.total_len > avail) {
			/* A bad length means the next descriptor's position
			 * is unknown: drop the rest rather than guess. */
			counts->malformed++;
			counts->dropped_bytes += avail;
			return;
		} else {
			fn(user, &pkt);
			counts->packets++;
		}
		size_t step = (pkt.total_len + align - 1) / align * align;
		if (step >= avail)
			return; /* last packet (padding may be omitted) */
		off += step;
	}
}
