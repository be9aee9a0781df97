/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Chip time on a chip of the test list (the argument; meson runs each):
 * dvr_get_tsf() reads the chip's TSF counter (REG_TSFTR), which
 *  - refuses before dvr_start() (the MAC is off: no counter to read),
 *  - never goes back, read after read,
 *  - advances as the wall clock does (bounds wide enough for a real
 *    chip's crystal: 1 %, and 1 ms for the reads themselves),
 *  - is the clock received frames are stamped with: a frame heard
 *    between two reads has its dvr_rx_info.tsf_us between them.
 * The counter is compared with CLOCK_MONOTONIC read around each TSF
 * read, so the bounds hold however slow the machine is.
 */
#include "e2e_common.h"

static atomic_uint heard;
static _Atomic uint64_t heard_tsf;

static void on_rx(void *user, const struct dvr_rx_frame *f)
{
	(void)user;
	if (!e2e_frame_has_tag(f, "tsf-01"))
		return;
	atomic_store(&heard_tsf, f->info.tsf_us);
	atomic_fetch_add(&heard, 1);
}

static uint64_t mono_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* One TSF read with the wall clock just before and just after it. */
struct stamped {
	uint64_t tsf, before, after;
	int status;
};

static struct stamped read_stamped(dvr_device *d)
{
	struct stamped s;
	s.before = mono_us();
	s.status = dvr_get_tsf(d, &s.tsf);
	s.after = mono_us();
	return s;
}

static void check_monotonic(dvr_device *d)
{
	uint64_t prev = 0, first = 0;
	bool ok = true;
	for (int i = 0; i < 200; i++) {
		uint64_t t = 0;
		if (dvr_get_tsf(d, &t) != DVR_OK || t < prev) {
			printf("# read %d: %" PRIu64 " after %" PRIu64 "\n", i,
			       t, prev);
			ok = false;
			break;
		}
		if (i == 0)
			first = t;
		prev = t;
	}
	CHECK(ok, "200 reads in a row never go back");
	CHECK(prev > first, "and the counter moved meanwhile");
}

static void check_rate(dvr_device *d)
{
	struct stamped a = read_stamped(d);
	/* Let at least 300 ms of wall time pass. */
	while (mono_us() < a.after + 300000)
		e2e_pause_1ms();
	struct stamped b = read_stamped(d);
	CHECK(a.status == DVR_OK && b.status == DVR_OK, "two reads");
	uint64_t ticks = b.tsf - a.tsf;
	/* The TSF interval lies within the wall clock's, from the end of
	 * the first read to the start of the second at least, from the
	 * start of the first to the end of the second at most. */
	double lo = (double)(b.before - a.after) * 0.99 - 1000.0;
	double hi = (double)(b.after - a.before) * 1.01 + 1000.0;
	printf("# %" PRIu64 " us of TSF over %" PRIu64 "..%" PRIu64
	       " us of wall clock\n", ticks, b.before - a.after,
	       b.after - a.before);
	CHECK(b.tsf > a.tsf && (double)ticks >= lo && (double)ticks <= hi,
	      "the TSF advances as the wall clock (1 % + 1 ms)");
}

static void check_rx_stamp(dvr_device *rx, dvr_device *tx)
{
	uint8_t fr[E2E_FRAME_LEN];
	e2e_tagged_frame(fr, 7, "tsf-01");
	uint64_t before = 0, after = 0;
	CHECK_EQ_INT(dvr_get_tsf(rx, &before), DVR_OK, "TSF before sending");
	CHECK_EQ_INT(dvr_send(tx, fr, sizeof fr), DVR_OK, "send a frame");
	CHECK(e2e_wait_count(&heard, 1) >= 1, "the receiver heard it");
	CHECK_EQ_INT(dvr_get_tsf(rx, &after), DVR_OK, "TSF after hearing");
	uint64_t t = atomic_load(&heard_tsf);
	printf("# frame at TSF %" PRIu64 ", reads %" PRIu64 " and %" PRIu64
	       "\n", t, before, after);
	CHECK(before <= t && t <= after,
	      "the frame's tsf_us lies between the reads around it");
}

int main(int argc, char **argv)
{
	const char *chip = argc > 1 ? argv[1] : "8812a";
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-tsf-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("no temporary directory for the air");
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);

	char sel[96];
	snprintf(sel, sizeof sel, "virtual:tsfrx,chip=%s", chip);
	struct dvr_config cfg = { .on_rx = on_rx };
	dvr_device *rx = NULL;
	uint64_t t = 0;
	CHECK_EQ_INT(dvr_open(sel, &cfg, &rx), DVR_OK, "open the receiver");
	CHECK_EQ_INT(dvr_get_tsf(rx, &t), DVR_E_STATE,
	             "no TSF before dvr_start");
	CHECK_EQ_INT(dvr_get_tsf(rx, NULL), DVR_E_INVALID, "NULL out refused");
	CHECK_EQ_INT(dvr_get_tsf(NULL, &t), DVR_E_INVALID,
	             "NULL device refused");
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 20 };
	int st = rx ? dvr_start(rx, &ch) : DVR_E_STATE;
	CHECK_EQ_INT(st, DVR_OK, "start the receiver");
	snprintf(sel, sizeof sel, "virtual:tsftx,chip=%s", chip);
	dvr_device *tx = e2e_start(sel, NULL, NULL, 36);
	CHECK(tx != NULL, "start the sender");
	if (st == DVR_OK && tx) {
		check_monotonic(rx);
		check_rate(rx);
		check_rx_stamp(rx, tx);
	}
	dvr_close(tx);
	dvr_close(rx);
	e2e_air_remove(dir);
	return check_done();
}
