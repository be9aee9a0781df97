/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 3081-CPU chips' TX DMA against USB TX aggregates, on the RTL8822C
 * model, with transfers built by hand from the layout rtw88 usb.c
 * rtw_usb_tx_agg_skb sends: blocks [48-byte descriptor][frame] each
 * starting 8-byte aligned, the count in the first descriptor's dword 7
 * [31:24], its checksum recomputed (rtw_usb_fill_tx_checksum).
 *  - 0x208 [7:4] = 3 (rtw88 mac.c __priority_queue_cfg): an aggregate
 *    of 3 is taken whole, its frames aired in order, and counted;
 *  - what the model does where no reference says what the silicon
 *    does: a count past 0x208 [7:4] (4, or 2 with the field at reset)
 *    drops the transfer, counted as a bad descriptor (OpenIPC devourer
 *    saw an 8822BU misparse such a transfer; the model refuses it);
 *  - a count the checksum does not cover (not recomputed) fails the
 *    first descriptor's checksum: nothing of the transfer airs;
 *  - blocks not padded to 8 bytes: the first airs, the DMA finds no
 *    descriptor where the second should be;
 *  - aggregates of short frames sent faster than they air: each waits
 *    for a FIFO slot per frame, none of its frames is dropped.
 */
#include "tests/check.h"
#include "tests/virtual/vhelp_8822c.h"

static struct vchip_stats st(struct vchip *vc)
{
	struct vchip_stats s;
	vchip_get_stats(vc, &s);
	return s;
}

/* n blocks of the lengths given at 6 Mbit/s, 8-aligned unless !align;
 * the first's count field = count, its checksum computed before the
 * count is written when stale. Returns the transfer's length. */
static size_t build(uint8_t *x, const size_t *lens, unsigned n,
                    unsigned count, bool align, bool stale)
{
	size_t at = 0;
	memset(x, 0, 20480);
	for (unsigned i = 0; i < n; i++) {
		if (align)
			at = (at + 7) & ~(size_t)7;
		uint8_t *d = x + at;
		v3_desc(d, lens[i], 0x12, 0x04, 0, 0);
		vh_frame(d + 48, lens[i], (uint8_t)(0x40 + i));
		v3_csum_j3(d);
		at += 48 + lens[i];
	}
	x[31] = (uint8_t)count;
	if (!stale)
		v3_csum_j3(x);
	return at;
}

int main(void)
{
	if (!check_firmware_dir())
		CHECK_SKIP("shared firmware absent (TX needs booted firmware)");
	struct vchip *vc = c_station("agg3081", NULL, "chip=8822c", 36);
	if (!CHECK(vc != NULL, "8822C model up, firmware booted")) {
		vchip_destroy(vc);
		return check_done();
	}
	static uint8_t x[20480];
	static const size_t lens[4] = { 101, 203, 77, 150 };
	struct vchip_stats s0 = st(vc);

	vh_w8(vc, 0x208, (uint8_t)((vh_read(vc, 0x208, 1) & 0x0F) | 0x30));
	size_t n = build(x, lens, 3, 3, true, false);
	CHECK_EQ_INT(vchip_bulk_out(vc, 0x02, x, n, 500), (int)n,
	             "aggregate of 3 taken");
	CHECK_EQ_INT(st(vc).tx_agg_transfers - s0.tx_agg_transfers, 1,
	             "counted as a multi-frame transfer");
	WAIT_UNTIL(st(vc).tx_aired - s0.tx_aired >= 3, 10000);
	CHECK_EQ_INT(st(vc).tx_aired - s0.tx_aired, 3, "its 3 frames aired");
	CHECK_EQ_INT(st(vc).tx_bad_desc + st(vc).tx_bad_checksum -
	             s0.tx_bad_desc - s0.tx_bad_checksum, 0, "none dropped");

	/* Aggregates of short frames faster than the air drains them: the
	 * FIFO runs out of frame slots before pages, and a transfer waits
	 * until every frame of it has one (NAK), none dropped. */
	static const size_t shorts[3] = { 60, 60, 60 };
	struct vchip_stats s1 = st(vc);
	int taken = 0;
	n = build(x, shorts, 3, 3, true, false);
	for (int i = 0; i < 120; i++)
		taken += vchip_bulk_out(vc, 0x02, x, n, 2000) == (int)n;
	CHECK_EQ_INT(taken, 120, "120 aggregates of 3 taken as room came");
	WAIT_UNTIL(st(vc).tx_aired - s1.tx_aired >= 360, 20000);
	CHECK_EQ_INT(st(vc).tx_aired - s1.tx_aired, 360,
	             "all 360 frames aired past a full FIFO");
	CHECK_EQ_INT(st(vc).tx_bad_desc - s1.tx_bad_desc, 0,
	             "no frame of a taken aggregate dropped for want of a slot");
	s0.tx_aired += 360;
	s0.tx_agg_transfers += 120;

	n = build(x, lens, 4, 4, true, false);
	vchip_bulk_out(vc, 0x02, x, n, 500);
	CHECK_EQ_INT(st(vc).tx_bad_desc - s0.tx_bad_desc, 1,
	             "count 4 past 0x208 [7:4] = 3: transfer dropped");

	n = build(x, lens, 3, 3, true, true);
	vchip_bulk_out(vc, 0x02, x, n, 500);
	CHECK_EQ_INT(st(vc).tx_bad_checksum - s0.tx_bad_checksum, 1,
	             "count outside the checksum: first descriptor refused");

	n = build(x, lens, 3, 3, false, false);
	vchip_bulk_out(vc, 0x02, x, n, 500);
	CHECK(st(vc).tx_bad_checksum + st(vc).tx_bad_desc -
	      s0.tx_bad_checksum - s0.tx_bad_desc == 3,
	      "unpadded blocks: no descriptor at the second's boundary");

	vh_w8(vc, 0x208, (uint8_t)(vh_read(vc, 0x208, 1) & 0x0F));
	n = build(x, lens, 2, 2, true, false);
	vchip_bulk_out(vc, 0x02, x, n, 500);
	CHECK_EQ_INT(st(vc).tx_bad_desc - s0.tx_bad_desc, 2,
	             "0x208 [7:4] at reset: count 2 dropped");
	CHECK_EQ_INT(st(vc).tx_agg_transfers - s0.tx_agg_transfers, 2,
	             "counted: the aggregates whose head was good (the 3 "
	             "and the unpadded)");

	/* A lone frame last: once it aired, whatever was queued before it
	 * had; nothing of the refused transfers was. */
	n = build(x, lens, 1, 0, true, false);
	CHECK_EQ_INT(vchip_bulk_out(vc, 0x02, x, n, 500), (int)n,
	             "lone frame taken");
	WAIT_UNTIL(st(vc).tx_aired - s0.tx_aired >= 5, 10000);
	CHECK_EQ_INT(st(vc).tx_aired - s0.tx_aired, 5,
	             "aired: 3 + the unpadded transfer's first + the lone one");
	vchip_destroy(vc);
	return check_done();
}
