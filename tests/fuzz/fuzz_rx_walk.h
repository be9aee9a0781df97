/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The body of the RX aggregate fuzz targets (fuzz_rx_walk_<chip>.c): one
 * input is one bulk IN transfer, walked by dvr_rx_walk with the chip's
 * own RX descriptor and PHY status parser, as the core walks every
 * transfer. The first input byte sets the chip state the parser reads
 * (1T1R board, tuned bandwidth, RFE option, CCK gain range), the rest is the
 * transfer. Beyond the sanitizers, the oracle checks that every packet
 * handed out lies inside the transfer and after the previous one, that
 * the counts add up, that the radiotap header a capture would get
 * for it is one our own radiotap reader accepts, and that the packets
 * are exactly those a walk written apart from the driver's finds.
 */
#ifndef DVR_FUZZ_RX_WALK_H
#define DVR_FUZZ_RX_WALK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/radiotap.h>

#include "hal/hal.h"
#include "libdevourer/src/rx_walk.h"

#define FUZZ_RX_MAX_PKTS 2048

struct fuzz_rx_seen {
	const uint8_t *buf, *end;
	const uint8_t *last_frame_end; /* packets come in transfer order */
	unsigned packets;
	size_t bytes;                  /* total_len of delivered packets */
	size_t frame_off[FUZZ_RX_MAX_PKTS], frame_len[FUZZ_RX_MAX_PKTS];
};

/*
 * The walk as rtw88 usb.c rtw_usb_rx_handler does it, written apart from
 * the driver's: each packet is descriptor + DRV_INFO_SIZE * 8 + SHIFT +
 * PKT_LEN (dword 0), the next one starts 8-byte aligned after it, one
 * longer than the driver takes is skipped, one running past the transfer
 * (or a driver-info size the MAC was not set up for) ends the walk. The
 * driver must hand out exactly the frames this finds.
 */
static unsigned fuzz_rx_reference(const uint8_t *buf, size_t len,
                                  size_t desc, size_t drv_len,
                                  size_t max_pkt, size_t align,
                                  size_t *frame_off, size_t *frame_len)
{
	unsigned n = 0;
	size_t off = 0;

	while (off < len && len - off >= desc) {
		size_t avail = len - off;
		uint32_t d0 = (uint32_t)buf[off] | (uint32_t)buf[off + 1] << 8 |
		              (uint32_t)buf[off + 2] << 16 |
		              (uint32_t)buf[off + 3] << 24;
		size_t plen = d0 & 0x3FFF, drv = ((d0 >> 16) & 0xF) * 8,
		       shift = (d0 >> 24) & 3;
		if (drv != 0 && drv != drv_len)
			break;
		size_t total = desc + drv + shift + plen;
		if (total > avail)
			break;
		if (total <= max_pkt && n < FUZZ_RX_MAX_PKTS) {
			frame_off[n] = off + desc + drv + shift;
			frame_len[n] = plen;
			n++;
		}
		size_t step = (total + align - 1) / align * align;
		if (step >= avail)
			break;
		off += step;
	}
	return n;
}

#define FUZZ_RX_FAIL(...)                                                    \
	do {                                                                 \
		fprintf(stderr, "fuzz_rx_walk: " __VA_ARGS__);               \
		abort();                                                     \
	} while (0)

static const struct dvr_chip_info *fuzz_rx_find(const char *name)
{
	for (const struct dvr_chip_info *const *c = dvr_chip_registry; *c; c++)
		if (strcmp((*c)->name, name) == 0)
			return *c;
	FUZZ_RX_FAIL("chip %s not in the registry\n", name);
}

static bool fuzz_rx_rate_valid(const struct dvr_rate *r)
{
	switch (r->kind) {
	case DVR_RATE_LEGACY:
		return dvr_phy_rate_kbps(r, 20, false) != 0;
	case DVR_RATE_HT:
		return r->mcs <= 31;
	case DVR_RATE_VHT:
		return r->mcs <= 9 && r->nss >= 1 && r->nss <= DVR_MAX_CHAINS;
	default:
		return false;
	}
}

static void fuzz_rx_on_pkt(void *user, const struct dvr_rx_pkt *pkt)
{
	struct fuzz_rx_seen *s = user;

	if (pkt->total_len == 0)
		FUZZ_RX_FAIL("packet of length 0 handed out\n");
	if (!pkt->frame || pkt->frame < s->buf || pkt->frame > s->end ||
	    pkt->frame_len > (size_t)(s->end - pkt->frame))
		FUZZ_RX_FAIL("frame outside the transfer\n");
	if (pkt->frame < s->last_frame_end)
		FUZZ_RX_FAIL("packet overlaps the one before it\n");
	s->last_frame_end = pkt->frame + pkt->frame_len;
	if (s->packets < FUZZ_RX_MAX_PKTS) {
		s->frame_off[s->packets] = (size_t)(pkt->frame - s->buf);
		s->frame_len[s->packets] = pkt->frame_len;
	}
	s->packets++;
	s->bytes += pkt->total_len;
	if (pkt->is_c2h)
		return;

	/* What the parser says about the frame must be something a capture
	 * can carry. */
	const struct dvr_rx_info *in = &pkt->info;
	if (in->n_chains > DVR_MAX_CHAINS)
		FUZZ_RX_FAIL("%u chains\n", in->n_chains);
	if (in->bw_mhz != 20 && in->bw_mhz != 40 && in->bw_mhz != 80)
		FUZZ_RX_FAIL("bandwidth %u MHz\n", in->bw_mhz);
	if (!fuzz_rx_rate_valid(&in->rate))
		FUZZ_RX_FAIL("rate kind %u mcs %u nss %u legacy %u\n",
		             in->rate.kind, in->rate.mcs, in->rate.nss,
		             in->rate.legacy_500k);
	struct dvr_rx_info info = *in;
	info.channel = 36;
	uint8_t rt[128];
	size_t n = dvr_radiotap_build_rx(&info, rt, sizeof rt);
	if (n == 0)
		FUZZ_RX_FAIL("no radiotap header for a received frame\n");
	struct dvr_radiotap_tx back;
	if (dvr_radiotap_parse_tx(rt, n, &back) != DVR_OK ||
	    back.header_len != n)
		FUZZ_RX_FAIL("the RX radiotap header does not parse\n");
}

static int fuzz_rx_walk_run(const char *chip_name, size_t drv_len,
                            void *priv, const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	struct dvr_chip chip = { .info = fuzz_rx_find(chip_name) };
	static const uint16_t bws[4] = { 20, 40, 80, 20 };
	chip.id.is_1t1r = data[0] & 1;
	chip.channel.channel = 36;
	chip.channel.bw_mhz = bws[(data[0] >> 1) & 3];
	chip.id.rfe_type = (data[0] >> 3) & 7;  /* the LNA table, on some */
	chip.priv = (data[0] & 0x80) ? priv : NULL;
	data++;
	size--;

	static struct fuzz_rx_seen s;
	memset(&s, 0, sizeof s);
	s.buf = data;
	s.end = data + size;
	s.last_frame_end = data;
	struct dvr_rx_walk_counts c;
	dvr_rx_walk(&chip, data, size, fuzz_rx_on_pkt, &s, &c);
	if (c.packets != s.packets)
		FUZZ_RX_FAIL("walk counted %u packets, callback saw %u\n",
		             c.packets, s.packets);
	if (c.oversized > c.malformed)
		FUZZ_RX_FAIL("more oversized than dropped packets\n");
	if (c.dropped_bytes + s.bytes > size)
		FUZZ_RX_FAIL("%zu bytes delivered and %zu dropped of %zu\n",
		             s.bytes, c.dropped_bytes, size);
	if (c.malformed == 0 && c.dropped_bytes != 0)
		FUZZ_RX_FAIL("bytes dropped without a drop counted\n");

	static size_t ref_off[FUZZ_RX_MAX_PKTS], ref_len[FUZZ_RX_MAX_PKTS];
	size_t align = chip.info->rx_agg_align ? chip.info->rx_agg_align : 1;
	unsigned n = fuzz_rx_reference(data, size, chip.info->rx_desc_len,
	                               drv_len, chip.info->max_rx_pkt, align,
	                               ref_off, ref_len);
	if (s.packets < FUZZ_RX_MAX_PKTS) {
		if (n != s.packets)
			FUZZ_RX_FAIL("%u packets handed out, the reference walk "
			             "finds %u\n", s.packets, n);
		for (unsigned i = 0; i < n; i++)
			if (ref_off[i] != s.frame_off[i] ||
			    ref_len[i] != s.frame_len[i])
				FUZZ_RX_FAIL("packet %u at %zu+%zu, the reference "
				             "finds %zu+%zu\n", i,
				             s.frame_off[i], s.frame_len[i],
				             ref_off[i], ref_len[i]);
	}
	return 0;
}

#endif /* DVR_FUZZ_RX_WALK_H */
