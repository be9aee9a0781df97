/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Minimal test helper: TAP output ("ok N - name" / "not ok N - name"),
 * exit status 1 if any check failed; CHECK_SKIP prints the TAP plan
 * "1..0 # SKIP why" and exits 0, which meson's TAP reader counts as a skip.
 *
 *   int main(void) {
 *       CHECK(1 + 1 == 2, "arithmetic");
 *       CHECK_EQ_INT(a, b, "a equals b");
 *       return check_done();
 *   }
 */
#ifndef DVR_TEST_CHECK_H
#define DVR_TEST_CHECK_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int check_count_;
static int check_failed_;

static inline int check_report_(int ok, const char *file, int line,
                                const char *what)
{
	++check_count_;
	if (ok) {
		printf("ok %d - %s\n", check_count_, what);
	} else {
		++check_failed_;
		printf("not ok %d - %s (%s:%d)\n", check_count_, what, file,
		       line);
	}
	fflush(stdout);
	return ok;
}

#define CHECK(cond, what) check_report_(!!(cond), __FILE__, __LINE__, (what))

#define CHECK_EQ_INT(a, b, what)                                             \
	do {                                                                 \
		long long a_ = (long long)(a), b_ = (long long)(b);          \
		if (!check_report_(a_ == b_, __FILE__, __LINE__, (what)))    \
			printf("#   got %lld, expected %lld\n", a_, b_);     \
	} while (0)

#define CHECK_EQ_HEX(a, b, what)                                             \
	do {                                                                 \
		unsigned long long a_ = (unsigned long long)(a);             \
		unsigned long long b_ = (unsigned long long)(b);             \
		if (!check_report_(a_ == b_, __FILE__, __LINE__, (what)))    \
			printf("#   got 0x%llx, expected 0x%llx\n", a_, b_); \
	} while (0)

#define CHECK_MEM(a, b, n, what)                                             \
	check_report_(memcmp((a), (b), (n)) == 0, __FILE__, __LINE__, (what))

/* Skip the whole test program. */
#define CHECK_SKIP(why)                                                      \
	do {                                                                 \
		printf("1..0 # SKIP %s\n", (why));                           \
		exit(0);                                                     \
	} while (0)

static inline int check_done(void)
{
	printf("1..%d\n", check_count_);
	if (check_count_ == 0) {
		printf("# no checks ran\n");
		return 1;
	}
	return check_failed_ ? 1 : 0;
}

static inline uint64_t check_now_ms_(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* One step of WAIT_UNTIL: false once the deadline has passed, else a
 * 1 ms pause before cond is looked at again. */
static inline bool check_wait_step_(uint64_t deadline_ms)
{
	if (check_now_ms_() >= deadline_ms)
		return false;
	struct timespec ts = {.tv_sec = 0, .tv_nsec = 1000000};
	nanosleep(&ts, NULL);
	return true;
}

/* Poll cond until it holds. timeout_ms is a hang guard only, never what a
 * test relies on: make it generous (seconds) and check cond afterwards,
 *   WAIT_UNTIL(stats().aired >= 3, 10000);
 *   CHECK(stats().aired >= 3, "frames aired");
 * so a condition that never comes true fails instead of hanging. */
#define WAIT_UNTIL(cond, timeout_ms)                                         \
	for (uint64_t check_deadline_ = check_now_ms_() + (timeout_ms);      \
	     !(cond) && check_wait_step_(check_deadline_);)

/* The test firmware directory (the project's firmware/), or NULL when absent. */
static inline const char *check_firmware_dir(void)
{
	const char *d = getenv("DEVOURER_TEST_FIRMWARE_DIR");
	static char probe[1024];
	if (!d || !*d)
		return NULL;
	snprintf(probe, sizeof probe, "%s/rtw8812a_fw.bin", d);
	FILE *f = fopen(probe, "rb");
	if (!f)
		return NULL;
	fclose(f);
	return d;
}

#endif /* DVR_TEST_CHECK_H */
