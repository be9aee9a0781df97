/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "hal/common/rx_desc.h"

#include <string.h>

#include <devourer/devourer.h>

#include "hal/common/le32.h"
#include "hal/common/rate_codes.h"

int dvr_rx_span_read(const uint8_t *p, size_t avail, size_t desc_len,
                     size_t drv_info_len, size_t max_pkt,
                     struct dvr_rx_span *out)
{
	struct dvr_rx_span s;
	uint32_t d0;

	if (!p || !out || desc_len < 4)
		return DVR_E_INVALID;
	if (avail < desc_len)
		return DVR_E_OVERFLOW;
	d0 = dvr_le32_get(p);
	s.frame_len = d0 & 0x3FFF;
	s.drv_info_len = ((d0 >> 16) & 0xF) * 8;
	s.shift = (d0 >> 24) & 0x3;
	if (s.drv_info_len != 0 && s.drv_info_len != drv_info_len)
		return DVR_E_INVALID;
	/*
	 * A frame shorter than its FCS still has a trustworthy length: it
	 * says where the next packet starts (rtw88 rtw_usb_rx_handler skips
	 * just that packet), so it is not refused here; refusing would
	 * throw away the rest of the aggregate.
	 */
	s.frame_off = desc_len + s.drv_info_len + s.shift;
	s.total_len = s.frame_off + s.frame_len;
	if (s.total_len > max_pkt) {
		/* Longer than the chip's RX DMA delivers, yet the descriptor
		 * is consistent: its extent is reported so the walk can skip
		 * just this packet (rtw88 usb.c rtw_usb_rx_handler skips a
		 * too big packet and goes on with the next). */
		*out = s;
		return DVR_E_INVALID;
	}
	if (s.total_len > avail)
		return DVR_E_OVERFLOW;
	*out = s;
	return DVR_OK;
}

void dvr_rx_desc_fill(const uint8_t *p, const struct dvr_rx_span *s,
                      struct dvr_rx_pkt *out)
{
	uint32_t d0 = dvr_le32_get(p), d1 = dvr_le32_get(p + 4), d2 = dvr_le32_get(p + 8);
	uint32_t d3 = dvr_le32_get(p + 12);

	memset(out, 0, sizeof *out);
	out->total_len = s->total_len;
	out->frame = p + s->frame_off;
	out->frame_len = s->frame_len;
	out->is_c2h = d2 & (1u << 28);
	out->tsf_low = dvr_le32_get(p + 20);
	if (out->is_c2h)
		return;
	out->crc_err = d0 & (1u << 14);
	if (out->crc_err)
		out->info.flags |= DVR_RX_FCS_BAD;
	if (d1 & (1u << 15))
		out->info.flags |= DVR_RX_AMPDU;
	(void)dvr_desc_rate_to((uint8_t)(d3 & 0x7F), &out->info.rate);
}
