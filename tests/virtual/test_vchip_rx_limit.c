/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The MAC's RX packet length limit (REG_RX_PKT_LIMIT, 0x60C, in 512-byte
 * units): a frame longer than it is dropped before the RX FIFO and
 * counted as rx_too_long; the frames around it arrive untouched. At the
 * value drivers program (0x18: 12288 bytes, "for VHT packet length 11K")
 * the largest frame on the air still arrives. */
#include <sched.h>

#include "tests/check.h"
#include "tests/virtual/vhelp.h"

static uint8_t buf[32768];

struct seen {
	unsigned n;
	size_t len[8];
	uint8_t tag[8];
};

static void on_frame(void *ctx, const uint8_t *f, size_t len)
{
	struct seen *s = ctx;
	if (s->n < 8) {
		s->len[s->n] = len;
		s->tag[s->n] = (uint8_t)(f[10] - 10);
	}
	s->n++;
}

static void drain(struct vchip *vc, struct seen *s)
{
	int r;
	while ((r = vchip_bulk_in(vc, 0x81, buf, sizeof buf, 300)) > 0)
		vh_walk(buf, (size_t)r, on_frame, s);
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

	/* 4 x 512 = 2048 bytes, FCS included */
	vh_w8(b, 0x60C, 0x04);
	bool sent = vh_send(a, 1500, 1, 0x0B) && vh_send(a, 2044, 2, 0x0B) &&
	            vh_send(a, 2045, 3, 0x0B) && vh_send(a, 1500, 4, 0x0B);
	CHECK(sent && vh_wait_aired(a, 4), "alpha sends 1504, 2048, 2049, 1504 bytes");
	struct seen s = {0};
	drain(b, &s);
	CHECK_EQ_INT(s.n, 3, "three arrive");
	CHECK(s.tag[0] == 1 && s.tag[1] == 2 && s.tag[2] == 4,
	      "the one over the limit is missing, the next one is there");
	CHECK_EQ_INT(s.len[1], 2048, "a frame at the limit arrives whole");
	struct vchip_stats st;
	vchip_get_stats(b, &st);
	CHECK_EQ_INT(st.rx_too_long, 1, "the long one counted as rx_too_long");
	CHECK_EQ_INT(st.rx_fifo_overflow, 0, "not as an overflow");

	/* The drivers' value: the longest frame the air carries arrives. */
	vh_w8(b, 0x60C, 0x18);
	CHECK(vh_send(a, AIR_MAX_FRAME - 4, 5, 0x0B) && vh_wait_aired(a, 5),
	      "alpha sends a 12000-byte frame");
	s = (struct seen){0};
	drain(b, &s);
	CHECK(s.n == 1 && s.len[0] == AIR_MAX_FRAME && s.tag[0] == 5,
	      "under the 12288-byte limit it arrives");
	vchip_get_stats(b, &st);
	CHECK_EQ_INT(st.rx_too_long, 1, "nothing more dropped");

	vchip_destroy(a);
	vchip_destroy(b);
	vh_rm_air_dir(air);
	return check_done();
}
