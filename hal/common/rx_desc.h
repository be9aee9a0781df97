/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The generic part of a Realtek RX descriptor: where one packet of an RX
 * aggregate lies, whether it is really there, and the fields every Jaguar
 * generation keeps in the same place. Every Jaguar generation opens a packet with an RX
 * descriptor whose first dword holds PKT_LEN [13:0], DRV_INFO_SIZE
 * [19:16] (units of 8 bytes) and SHIFT [25:24] (rtw88 rx.h
 * GET_RX_DESC_PKT_LEN / _DRV_INFO_SIZE / _SHIFT); the descriptor, the
 * driver info (PHY status), the shift and the frame follow each other,
 * and the next packet starts after them. The order of driver info and
 * shift inside the packet is the family's business: the frame starts
 * after both either way.
 *
 * Pure function: nothing past what is checked is read.
 */
#ifndef DVR_HAL_RX_DESC_H
#define DVR_HAL_RX_DESC_H

#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"

struct dvr_rx_span {
	size_t frame_len;    /* PKT_LEN: frame (with FCS) or report */
	size_t drv_info_len; /* DRV_INFO_SIZE in bytes */
	size_t shift;        /* SHIFT */
	size_t frame_off;    /* descriptor + driver info + shift */
	size_t total_len;    /* frame_off + frame_len */
};

/*
 * Read the lengths of the packet at @p p (@p avail bytes left in the
 * transfer; the descriptor is @p desc_len bytes). The MAC is programmed
 * for @p drv_info_len bytes of driver info, so any other non-zero size
 * means a corrupt descriptor whose lengths cannot be trusted:
 * DVR_E_INVALID, @p out untouched. A packet longer than @p max_pkt (the
 * largest the chip's RX DMA delivers) is DVR_E_INVALID too, but its
 * lengths are consistent: @p out is filled so the caller can step over
 * it. DVR_E_OVERFLOW: the descriptor or the packet runs past @p avail
 * (truncated transfer). DVR_OK fills @p out.
 */
int dvr_rx_span_read(const uint8_t *p, size_t avail, size_t desc_len,
                     size_t drv_info_len, size_t max_pkt,
                     struct dvr_rx_span *out);

/*
 * Fill @p out for the packet at @p p whose span @p s was accepted (the
 * descriptor is at least 24 bytes): total length and frame from the span,
 * then the fields at the same place on every Jaguar generation (rtw88
 * rx.c rtw_rx_query_rx_desc): C2H (dword 2 bit 28) and TSFL (dword 5);
 * for a frame (not a firmware report) also CRC32 (dword 0 bit 14),
 * PAGGR (dword 1 bit 15) and RX_RATE (dword 3 [6:0]; a code that is no
 * rate reads as CCK 1M, as rtw88 reports it). @p out is cleared first;
 * the family adds the rest (FCS presence, bandwidth, PHY status).
 */
void dvr_rx_desc_fill(const uint8_t *p, const struct dvr_rx_span *s,
                      struct dvr_rx_pkt *out);

#endif /* DVR_HAL_RX_DESC_H */
