/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One bulk OUT transfer being filled with frames: USB TX aggregation. Each
 * frame is a block [descriptor][frame]; every block after the first
 * starts at the chip's alignment from the start of the transfer, the pad
 * before it zeroed; a transfer of several blocks stays within the chip's
 * byte limit and gets its count in the first descriptor from the chip
 * (ops->tx_agg_head) when it is closed. The shape is rtw88's (usb.c
 * rtw_usb_tx_agg_skb); how many, how large and the alignment are chip
 * data (info->tx_agg_max, tx_agg_max_bytes, tx_agg_align). Pure: no I/O,
 * no allocation.
 */
#ifndef DVR_TX_PACK_H
#define DVR_TX_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"

/* Room for the largest descriptor a chip builds, with its padding. */
#define DVR_TX_HEADROOM 64u

struct dvr_tx_pack {
	uint8_t *buf;       /* the transfer */
	size_t cap;         /* bytes buf holds */
	size_t used;        /* bytes of the transfer so far */
	unsigned n;         /* frames in it */
};

/* Most frames one transfer to this chip may carry: info->tx_agg_max when
 * the chip can pack (a byte limit, a power-of-two alignment and
 * ops->tx_agg_head), else 1. */
unsigned dvr_tx_pack_max(const struct dvr_chip_info *info);

/* Bytes a transfer buffer needs to take one frame of any size the chip
 * sends, and, with max_frames above 1, any aggregate up to its limit. */
size_t dvr_tx_pack_buf_size(const struct dvr_chip_info *info,
                            unsigned max_frames);

/* Start an empty transfer in buf (cap bytes). */
void dvr_tx_pack_reset(struct dvr_tx_pack *p, uint8_t *buf, size_t cap);

/* Append @p frame (req->frame_len bytes) as the next block: its
 * descriptor from ops->build_tx_desc, then the frame. DVR_OK; or
 * DVR_E_OVERFLOW when it does not fit this transfer (max_frames already
 * in it, past the chip's byte limit, or past cap) and the caller closes
 * it and starts another; or the error build_tx_desc refused the frame
 * with. On any error p is as before. scratch (DVR_TX_HEADROOM bytes)
 * holds a descriptor until it is known to fit. */
int dvr_tx_pack_add(const struct dvr_chip *chip, unsigned max_frames,
                    struct dvr_tx_pack *p, const struct dvr_tx_desc_req *req,
                    const uint8_t *frame, uint8_t *scratch);

/* The transfer is complete: with several frames the chip writes their
 * count into the first descriptor; a lone frame stays as it was built.
 * Returns the transfer's length. */
size_t dvr_tx_pack_close(const struct dvr_chip *chip, struct dvr_tx_pack *p);

#endif /* DVR_TX_PACK_H */
