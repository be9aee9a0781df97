/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Reception does not wait for a host thread: while nobody reaps, the
 * chip keeps receiving into the bulk IN transfers the host queued and
 * then into its RX FIFO; nothing is lost until both are full, and then
 * exactly what does not fit is counted as FIFO overflow. */
#include <sched.h>

#include "tests/check.h"
#include "tests/virtual/vhelp.h"

#define XFERS 8u
#define XFER_LEN 32768u
#define FRAME_LEN 1000u
/* One packet in the FIFO: 24-byte RX descriptor, 32 bytes of PHY status
 * (DRV_INFO_SIZE 4), the frame and its FCS; 8-byte aligned. */
#define PKT_BYTES (24u + 32u + FRAME_LEN + 4u)
/* The 8812A's RX FIFO: 16128 bytes less the 128-byte report buffer
 * (rtw88 rtw8812a.c rxff_size, rtw88xxa.c rtw88xxa_power_on). */
#define RXFF_BYTES 16000u
#define FIFO_PKTS (RXFF_BYTES / PKT_BYTES)

static uint8_t bufs[XFERS][XFER_LEN];

struct seen {
	unsigned n;
	bool in_order;
};

static void on_frame(void *ctx, const uint8_t *f, size_t len)
{
	struct seen *s = ctx;
	/* vh_frame: payload byte 10 is tag + 10 */
	if (len != FRAME_LEN + 4 || f[10] != (uint8_t)(s->n + 10))
		s->in_order = false;
	s->n++;
}

int main(void)
{
	const char *fwdir = check_firmware_dir();
	if (!fwdir)
		CHECK_SKIP("shared firmware absent (TX needs booted firmware)");
	char air[64];
	CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir");
	struct vchip *a = vh_station("alpha", air, "seed=1", fwdir, 6);
	struct vchip *b = vh_station("bravo", air, "seed=2", fwdir, 6);
	CHECK(a && b, "two stations up");
	if (!a || !b)
		return check_done();

	for (unsigned i = 0; i < XFERS; i++)
		CHECK_EQ_INT(vchip_bulk_in_submit(b, 0x81, bufs[i], XFER_LEN, i),
		             0, "bulk IN transfer queued");
	uintptr_t tag;
	CHECK_EQ_INT(vchip_bulk_in_reap(b, 0x81, 0, &tag), -ETIMEDOUT,
	             "nothing received yet: the transfers stay queued");

	/* Nobody reaps while alpha sends as many frames as the queued
	 * transfers and the FIFO can hold. */
	unsigned n = XFERS + FIFO_PKTS;
	bool sent = true;
	for (unsigned i = 0; i < n; i++)
		sent &= vh_send(a, FRAME_LEN, (uint8_t)i, 0x0B);
	CHECK(sent, "alpha sends them (54M)");
	CHECK(vh_wait_aired(a, n), "alpha aired them all");
	struct vchip_stats s;
	vchip_get_stats(b, &s);
	CHECK_EQ_INT(s.rx_fifo_overflow, 0, "no FIFO overflow");
	CHECK_EQ_INT(s.rx_delivered, XFERS,
	             "the queued transfers took one packet each, unreaped");
	CHECK_EQ_INT(s.rx_heard, n, "bravo heard every frame");
	CHECK_EQ_INT(s.rx_starved, 1,
	             "the FIFO's packets wait for the host: counted once");
	CHECK_EQ_INT(s.rx_starved_max_us, 0, "... still waiting, not timed yet");

	/* The host comes back: every transfer is complete, in order; each
	 * one handed back drains the FIFO. */
	struct seen seen = {.in_order = true};
	unsigned reaped = 0;
	bool tags_in_order = true;
	while (seen.n < n && reaped < 4 * n) {
		int r = vchip_bulk_in_reap(b, 0x81, 2000, &tag);
		if (r < 0)
			break;
		tags_in_order &= tag == reaped % XFERS;
		vh_walk(bufs[tag], (size_t)r, on_frame, &seen);
		reaped++;
		vchip_bulk_in_submit(b, 0x81, bufs[tag], XFER_LEN, tag);
	}
	CHECK_EQ_INT(seen.n, n, "every frame delivered");
	CHECK(seen.in_order, "in the order sent, intact");
	CHECK(tags_in_order, "transfers complete in the order queued");
	vchip_get_stats(b, &s);
	CHECK_EQ_INT(s.rx_fifo_overflow, 0, "still no overflow");
	CHECK_EQ_INT(s.rx_starved, 1, "one wait for the host");
	CHECK(s.rx_starved_max_us > 0,
	      "... timed once the transfers handed back emptied the FIFO");

	/* Without a transfer queued the FIFO alone holds what arrives: the
	 * frames past its size are lost, each counted. */
	vchip_bulk_in_cancel(b, 0x81);
	unsigned unlinked = 0;
	while (vchip_bulk_in_reap(b, 0x81, 0, &tag) == -ECONNRESET)
		unlinked++;
	CHECK_EQ_INT(unlinked, XFERS, "cancel unlinks every waiting transfer");
	CHECK_EQ_INT(vchip_bulk_in_reap(b, 0x81, 0, &tag), -ENOENT,
	             "then nothing is queued");
	unsigned extra = 5;
	sent = true;
	for (unsigned i = 0; i < FIFO_PKTS + extra; i++)
		sent &= vh_send(a, FRAME_LEN, (uint8_t)(n + i), 0x0B);
	CHECK(sent && vh_wait_aired(a, n + FIFO_PKTS + extra), "alpha sends more");
	vchip_get_stats(b, &s);
	CHECK_EQ_INT(s.rx_fifo_overflow, extra,
	             "FIFO full, no transfer queued: the rest overflows");
	seen = (struct seen){.n = n, .in_order = true};
	while (seen.n < n + FIFO_PKTS) {
		int r = vchip_bulk_in(b, 0x81, bufs[0], XFER_LEN, 500);
		if (r <= 0)
			break;
		vh_walk(bufs[0], (size_t)r, on_frame, &seen);
	}
	CHECK_EQ_INT(seen.n - n, FIFO_PKTS, "what the FIFO held is delivered");
	CHECK(seen.in_order, "the first frames, in order");

	/* With USB aggregation programmed (REG_RXDMA_AGG_PG_TH 0x280: size
	 * threshold 1 = 4 KiB, the longest timeout) a queued transfer keeps
	 * taking packets until it holds the threshold: four transfers now
	 * absorb four packets each, where they took one each above. */
	vh_write(b, 0x280, 0xFF01, 2);
	for (unsigned i = 0; i < 4; i++)
		vchip_bulk_in_submit(b, 0x81, bufs[i], XFER_LEN, i);
	/* 4 short of what they can hold: the timeout (8 ms) may close one
	 * early on a loaded host; without aggregation they hold 4 + FIFO */
	unsigned base = n + FIFO_PKTS + extra, burst = 4 * 4 + FIFO_PKTS - 4;
	sent = true;
	for (unsigned i = 0; i < burst; i++)
		sent &= vh_send(a, FRAME_LEN, (uint8_t)(base + i), 0x0B);
	CHECK(sent && vh_wait_aired(a, base + burst), "a burst while nobody reaps");
	struct vchip_stats s0 = s;
	vchip_get_stats(b, &s);
	CHECK_EQ_INT(s.rx_fifo_overflow - s0.rx_fifo_overflow, 0,
	             "aggregating transfers and the FIFO hold the burst");
	seen = (struct seen){.n = base, .in_order = true};
	unsigned per[4] = {0};
	for (unsigned k = 0; k < 4; k++) {
		int r = vchip_bulk_in_reap(b, 0x81, 2000, &tag);
		if (r > 0 && tag < 4)
			per[k] = vh_walk(bufs[tag], (size_t)r, on_frame, &seen);
	}
	printf("# packets per transfer: %u %u %u %u\n", per[0], per[1], per[2],
	       per[3]);
	CHECK(per[0] <= 4 && per[1] <= 4 && per[2] <= 4 && per[3] <= 4 &&
	      per[0] + per[1] + per[2] + per[3] >= 13,
	      "transfers close at the threshold: 4 packets of 1060 bytes");
	while (seen.n < base + burst) {
		int r = vchip_bulk_in(b, 0x81, bufs[0], XFER_LEN, 500);
		if (r <= 0)
			break;
		vh_walk(bufs[0], (size_t)r, on_frame, &seen);
	}
	CHECK_EQ_INT(seen.n - base, burst, "then the FIFO's share");
	CHECK(seen.in_order, "all of the burst, in order");

	/* An unplug completes every queued transfer with -ENODEV. */
	CHECK_EQ_INT(vchip_bulk_in_submit(b, 0x81, bufs[0], XFER_LEN, 7), 0,
	             "queued again");
	vchip_unplug(b);
	CHECK_EQ_INT(vchip_bulk_in_reap(b, 0x81, 1000, &tag), -ENODEV,
	             "unplugged: the queued transfer fails");
	CHECK_EQ_INT(tag, 7, "the one queued");
	CHECK_EQ_INT(vchip_bulk_in_submit(b, 0x81, bufs[0], XFER_LEN, 0),
	             -ENODEV, "no transfer queues on a removed chip");

	vchip_destroy(a);
	vchip_destroy(b);
	vh_rm_air_dir(air);
	return check_done();
}
