/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The generic RX descriptor (hal/common/rx_desc). The span check: lengths
 * read from
 * dword 0 of a hand-made descriptor, every bound reached on purpose, and
 * nothing read past what is there (the descriptor is copied to the end of
 * a heap buffer so ASan catches a read past avail). The shared fields:
 * each set on its own in a hand-made descriptor and read back.
 */
#include <stdlib.h>

#include "../check.h"
#include "../le_bytes.h"
#include "hal/common/rx_desc.h"

#include <devourer/devourer.h>

#define DESC 24u
#define DRV 32u
#define MAX_PKT 12000u

static uint32_t dw0(unsigned len, unsigned drv_units, unsigned shift)
{
	return (uint32_t)len | (uint32_t)drv_units << 16 |
	       (uint32_t)shift << 24 | 1u << 14 /* CRC32: not ours */ |
	       1u << 26 /* PHYST: not ours */;
}

/* Run the check on a packet of @p avail bytes whose dword 0 is @p d0. */
static int span(uint32_t d0, size_t avail, struct dvr_rx_span *s)
{
	uint8_t *p = malloc(avail ? avail : 1);
	uint8_t hdr[4] = { (uint8_t)d0, (uint8_t)(d0 >> 8),
	                   (uint8_t)(d0 >> 16), (uint8_t)(d0 >> 24) };
	int st;

	if (!p)
		return DVR_E_NO_MEM;
	memset(p, 0, avail ? avail : 1);
	memcpy(p, hdr, avail < 4 ? avail : 4);
	st = dvr_rx_span_read(p, avail, DESC, DRV, MAX_PKT, s);
	free(p);
	return st;
}

int main(void)
{
	struct dvr_rx_span s;

	CHECK_EQ_INT(span(dw0(100, 4, 2), 1000, &s), DVR_OK, "full packet");
	CHECK_EQ_INT(s.frame_len, 100, "PKT_LEN");
	CHECK_EQ_INT(s.drv_info_len, 32, "DRV_INFO_SIZE in bytes");
	CHECK_EQ_INT(s.shift, 2, "SHIFT");
	CHECK_EQ_INT(s.frame_off, 24 + 32 + 2, "frame after all three");
	CHECK_EQ_INT(s.total_len, 24 + 32 + 2 + 100, "total");

	CHECK_EQ_INT(span(dw0(60, 0, 0), 84, &s), DVR_OK,
	             "no driver info, exactly avail");
	CHECK_EQ_INT(s.frame_off, 24, "frame right after the descriptor");
	CHECK_EQ_INT(s.total_len, 84, "total = avail");

	CHECK_EQ_INT(span(dw0(2, 0, 0), 26, &s), DVR_OK,
	             "frame shorter than an FCS is still a packet");
	CHECK_EQ_INT(s.total_len, 26, "and says where the next starts");
	CHECK_EQ_INT(span(dw0(0, 4, 0), 56, &s), DVR_OK, "zero-length frame");

	CHECK_EQ_INT(span(dw0(60, 0, 0), 83, &s), DVR_E_OVERFLOW,
	             "one byte short: truncated");
	CHECK_EQ_INT(span(dw0(60, 4, 3), 24 + 32 + 3 + 59, &s),
	             DVR_E_OVERFLOW, "driver info and shift count");
	CHECK_EQ_INT(span(0, 23, &s), DVR_E_OVERFLOW,
	             "descriptor cut short");
	CHECK_EQ_INT(span(0, 0, &s), DVR_E_OVERFLOW, "nothing at all");

	CHECK_EQ_INT(span(dw0(60, 1, 0), 1000, &s), DVR_E_INVALID,
	             "driver info of 8 bytes is not what the MAC sends");
	CHECK_EQ_INT(span(dw0(60, 15, 0), 1000, &s), DVR_E_INVALID,
	             "driver info of 120 bytes is corrupt");
	CHECK_EQ_INT(span(dw0(0x3FFF, 0, 0), 0x4100, &s), DVR_E_INVALID,
	             "longer than the chip's RX packet limit");
	CHECK_EQ_INT(s.total_len, DESC + 0x3FFF,
	             "an oversized packet still says where it ends");
	CHECK_EQ_INT(span(dw0(MAX_PKT - DESC, 0, 0), MAX_PKT, &s), DVR_OK,
	             "exactly the RX packet limit");

	memset(&s, 0x5A, sizeof s);
	CHECK_EQ_INT(span(dw0(60, 1, 0), 1000, &s), DVR_E_INVALID,
	             "refused again");
	CHECK_EQ_HEX(s.total_len & 0xFF, 0x5A, "refusal writes no span");

	uint8_t d[DESC] = { 0 };
	CHECK_EQ_INT(dvr_rx_span_read(NULL, 24, DESC, DRV, MAX_PKT, &s),
	             DVR_E_INVALID, "NULL packet");
	CHECK_EQ_INT(dvr_rx_span_read(d, 24, DESC, DRV, MAX_PKT, NULL),
	             DVR_E_INVALID, "NULL output");
	CHECK_EQ_INT(dvr_rx_span_read(d, 24, 2, DRV, MAX_PKT, &s),
	             DVR_E_INVALID, "descriptor too short to hold dword 0");
	/* Shared fields. */
	uint8_t pk[24 + 32 + 1 + 40];
	struct dvr_rx_pkt out;
	memset(pk, 0, sizeof pk);
	put32(pk, dw0(40, 4, 1));           /* CRC32 set */
	put32(pk + 4, 1u << 15);            /* PAGGR */
	put32(pk + 12, 0x2Cu + 10 + 7);     /* VHT 2SS MCS7 */
	put32(pk + 20, 0xCAFEF00Du);        /* TSFL */
	CHECK_EQ_INT(dvr_rx_span_read(pk, sizeof pk, DESC, DRV, MAX_PKT, &s),
	             DVR_OK, "frame packet span");
	memset(&out, 0x5A, sizeof out);
	dvr_rx_desc_fill(pk, &s, &out);
	CHECK_EQ_INT(out.total_len, sizeof pk, "fill: total");
	CHECK(out.frame == pk + 24 + 32 + 1, "fill: frame after all three");
	CHECK_EQ_INT(out.frame_len, 40, "fill: frame length");
	CHECK(!out.is_c2h, "fill: not a report");
	CHECK(out.crc_err, "fill: CRC32 bit");
	CHECK(out.info.flags & DVR_RX_FCS_BAD, "fill: FCS_BAD flag");
	CHECK(out.info.flags & DVR_RX_AMPDU, "fill: PAGGR flag");
	CHECK_EQ_HEX(out.tsf_low, 0xCAFEF00Du, "fill: TSFL");
	CHECK(out.info.rate.kind == DVR_RATE_VHT && out.info.rate.nss == 2 &&
	      out.info.rate.mcs == 7, "fill: RX_RATE VHT 2SS MCS7");
	CHECK(!out.has_fcs, "fill: FCS presence left to the family");

	put32(pk, dw0(40, 4, 1) & ~(1u << 14));
	put32(pk + 4, 0);
	put32(pk + 12, 0x7F);               /* no rate */
	dvr_rx_desc_fill(pk, &s, &out);
	CHECK(!out.crc_err && !(out.info.flags & DVR_RX_FCS_BAD),
	      "fill: good CRC");
	CHECK(!(out.info.flags & DVR_RX_AMPDU), "fill: not aggregated");
	CHECK(out.info.rate.kind == DVR_RATE_LEGACY &&
	      out.info.rate.legacy_500k == 2, "fill: no-rate code reads 1M");

	put32(pk + 8, 1u << 28);            /* C2H */
	put32(pk + 12, 0x0C);
	put32(pk, dw0(40, 4, 1));
	dvr_rx_desc_fill(pk, &s, &out);
	CHECK(out.is_c2h, "fill: C2H bit");
	CHECK(!out.crc_err && out.info.flags == 0,
	      "fill: a report gets no frame fields");
	CHECK_EQ_HEX(out.tsf_low, 0xCAFEF00Du, "fill: report keeps TSFL");
	return check_done();
}
