/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Packing frames into one bulk OUT transfer (tx_pack.h). Generic: the
 * limits are the chip's data, the count field the chip's op.
 */
#include <string.h>

#include "libdevourer/src/tx_pack.h"

unsigned dvr_tx_pack_max(const struct dvr_chip_info *info)
{
	size_t a = info->tx_agg_align;

	/* Each part is needed: without a byte limit an aggregate could
	 * outgrow the chip's buffer, without the alignment the DMA would
	 * look for the next descriptor in the wrong place, and without the
	 * op nothing tells the DMA that more than one block follows. */
	if (info->tx_agg_max < 2 || info->tx_agg_max_bytes == 0 || a == 0 ||
	    (a & (a - 1)) != 0 || !info->ops || !info->ops->tx_agg_head)
		return 1;
	return info->tx_agg_max;
}

size_t dvr_tx_pack_buf_size(const struct dvr_chip_info *info,
                            unsigned max_frames)
{
	size_t one = DVR_TX_HEADROOM + info->max_tx_frame;

	if (max_frames > 1 && info->tx_agg_max_bytes > one)
		return info->tx_agg_max_bytes;
	return one;
}

void dvr_tx_pack_reset(struct dvr_tx_pack *p, uint8_t *buf, size_t cap)
{
	p->buf = buf;
	p->cap = cap;
	p->used = 0;
	p->n = 0;
}

static int add_first(const struct dvr_chip *chip, struct dvr_tx_pack *p,
                     const struct dvr_tx_desc_req *req, const uint8_t *frame)
{
	size_t len = req->frame_len;

	/* The descriptor is built in place, so the room it may take is
	 * reserved whatever it turns out to be. */
	if (p->cap < DVR_TX_HEADROOM || p->cap - DVR_TX_HEADROOM < len)
		return DVR_E_OVERFLOW;
	int hdr = chip->info->ops->build_tx_desc(chip, p->buf, req);
	if (hdr < 0)
		return hdr;
	if ((size_t)hdr > DVR_TX_HEADROOM)
		return DVR_E_OVERFLOW;
	memcpy(p->buf + hdr, frame, len);
	p->used = (size_t)hdr + len;
	p->n = 1;
	return DVR_OK;
}

int dvr_tx_pack_add(const struct dvr_chip *chip, unsigned max_frames,
                    struct dvr_tx_pack *p, const struct dvr_tx_desc_req *req,
                    const uint8_t *frame, uint8_t *scratch)
{
	if (p->n == 0)
		return add_first(chip, p, req, frame);
	if (p->n >= max_frames)
		return DVR_E_OVERFLOW;

	const struct dvr_chip_info *ci = chip->info;
	size_t len = req->frame_len;
	size_t align = ci->tx_agg_align;
	size_t at = (p->used + align - 1) & ~(align - 1);
	size_t limit = ci->tx_agg_max_bytes < p->cap ? ci->tx_agg_max_bytes
	                                             : p->cap;

	/* What cannot fit whatever its descriptor is goes to the next
	 * transfer without building one here. */
	if (at > limit || limit - at < len)
		return DVR_E_OVERFLOW;
	int hdr = ci->ops->build_tx_desc(chip, scratch, req);
	if (hdr < 0)
		return hdr;
	if ((size_t)hdr > DVR_TX_HEADROOM || limit - at - len < (size_t)hdr)
		return DVR_E_OVERFLOW;
	/* The pad is never read as a frame, but a buffer reused from an
	 * earlier transfer would otherwise send its old bytes. */
	memset(p->buf + p->used, 0, at - p->used);
	memcpy(p->buf + at, scratch, (size_t)hdr);
	memcpy(p->buf + at + (size_t)hdr, frame, len);
	p->used = at + (size_t)hdr + len;
	p->n++;
	return DVR_OK;
}

size_t dvr_tx_pack_close(const struct dvr_chip *chip, struct dvr_tx_pack *p)
{
	if (p->n > 1 && chip->info->ops->tx_agg_head)
		chip->info->ops->tx_agg_head(chip, p->buf, p->n);
	return p->used;
}
