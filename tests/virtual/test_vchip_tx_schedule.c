/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* TX pacing by the chip's clock: a burst of frames queued while the
 * medium is busy goes out back to back the moment it frees — each
 * frame's airtime starts where the previous one ended, so N frames end at
 * start + the sum of their airtimes, however late the model's thread is
 * woken between them. */
#include <pthread.h>

#include "tests/check.h"
#include "tests/virtual/vhelp.h"

#define N 60u
#define FRAME_LEN 500u
/* How long a listener holds the medium while the burst is queued. */
#define HOLD_US 500000u

struct heard {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	unsigned n;
	uint64_t start[N], end[N];
	uint32_t airtime[N];
};

static void on_air(void *ctx, const struct air_frame_hdr *h,
                   const uint8_t *frame)
{
	struct heard *e = ctx;
	(void)frame;
	if (h->len != FRAME_LEN + 4)
		return;
	pthread_mutex_lock(&e->lock);
	if (e->n < N) {
		e->end[e->n] = h->tx_end_ns;
		e->airtime[e->n] = h->airtime_us;
		e->start[e->n] = h->tx_end_ns - (uint64_t)h->airtime_us * 1000;
		e->n++;
	}
	pthread_cond_broadcast(&e->cond);
	pthread_mutex_unlock(&e->lock);
}

int main(void)
{
	const char *fwdir = check_firmware_dir();
	if (!fwdir)
		CHECK_SKIP("shared firmware absent (TX needs booted firmware)");
	char air[64];
	CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir");

	static struct heard e = {.lock = PTHREAD_MUTEX_INITIALIZER};
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&e.cond, &ca);
	pthread_condattr_destroy(&ca);

	struct air *ear = NULL;
	CHECK_EQ_INT(air_join(air, "ear", &ear), 0, "listener joins the air");
	struct vchip *a = vh_station("alpha", air, "seed=1", fwdir, 6);
	CHECK(a && ear, "station up");
	if (!a || !ear)
		return check_done();
	air_set_receiver(ear, on_air, &e);

	/* The listener holds channel 6; alpha queues its burst meanwhile. */
	uint64_t free_at = air_reserve(ear, 6, air_now_ns(), HOLD_US) +
	                   (uint64_t)HOLD_US * 1000;
	bool sent = true;
	for (unsigned i = 0; i < N; i++)
		sent &= vh_send(a, FRAME_LEN, (uint8_t)i, 0x0B);
	CHECK(sent, "burst taken into the TX FIFO (54M)");
	CHECK(air_now_ns() < free_at,
	      "the whole burst was queued before the medium freed");

	struct timespec dl;
	uint64_t d = air_now_ns() + 20000000000ull;
	dl.tv_sec = (time_t)(d / 1000000000u);
	dl.tv_nsec = (long)(d % 1000000000u);
	pthread_mutex_lock(&e.lock);
	while (e.n < N &&
	       pthread_cond_timedwait(&e.cond, &e.lock, &dl) == 0)
		;
	unsigned heard = e.n;
	pthread_mutex_unlock(&e.lock);
	CHECK_EQ_INT(heard, N, "the listener heard the whole burst");
	if (heard != N)
		return check_done();

	uint64_t sum_ns = 0;
	bool back_to_back = true;
	for (unsigned i = 0; i < N; i++) {
		sum_ns += (uint64_t)e.airtime[i] * 1000;
		if (i && e.start[i] != e.end[i - 1])
			back_to_back = false;
	}
	CHECK_EQ_INT(e.start[0], free_at,
	             "the first frame starts when the medium frees");
	CHECK(back_to_back, "each frame starts where the previous one ended");
	uint64_t span = e.end[N - 1] - e.start[0];
	uint64_t one = (uint64_t)e.airtime[0] * 1000;
	CHECK(span + one >= sum_ns && span <= sum_ns + one,
	      "N frames end at start + sum(airtime), within one frame");
	printf("# span %llu ns, sum of airtimes %llu ns\n",
	       (unsigned long long)span, (unsigned long long)sum_ns);

	vchip_destroy(a);
	air_leave(ear);
	pthread_cond_destroy(&e.cond);
	vh_rm_air_dir(air);
	return check_done();
}
