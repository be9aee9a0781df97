/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Shared by the vusb tests: start under the umockdev preload, a private
 * air, a collector of received test frames, thread counting, and a test
 * frame with a recognisable payload.
 */
#ifndef DVR_TEST_VUSB_H
#define DVR_TEST_VUSB_H

#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sys/wait.h>

#include <devourer/devourer.h>

#include "libdevourer/vusb/vusb.h"
#include "tests/check.h"

#define VT_MAX_FRAMES 256
#define VT_MAX_LEN 4200

/* Our frames: data, to broadcast, this marker after the header. */
static const uint8_t vt_marker[4] = {0xD3, 0x70, 0x5B, 0x00};

/* Re-run under the preload, then a private air and the firmware;
 * returns the firmware directory (skips the test when it is absent). */
static inline const char *vt_setup(char **argv, char *air, size_t air_len)
{
	int r = vusb_reexec_with_preload(argv);
	if (r < 0)
		CHECK_SKIP("cannot run under libumockdev-preload.so.0");
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	snprintf(air, air_len, "/tmp/dvr-vusb-XXXXXX");
	if (!mkdtemp(air))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", air, 1);
	return fw;
}

/* A test bed with one adapter made from vcfg. False (the failure
 * checked as what, the test bed's reason as a comment, nothing left
 * allocated) when either step failed. */
static inline bool vt_bed_one(const struct vchip_config *vcfg,
                              struct vusb **vb, struct vusb_dev **ud,
                              const char *what)
{
	char err[200] = "";
	*vb = NULL;
	*ud = NULL;
	if (vusb_new(vb, err, sizeof err) == 0 &&
	    vusb_add(*vb, vcfg, ud, err, sizeof err) == 0)
		return true;
	CHECK(0, what);
	printf("# %s\n", err);
	vusb_free(*vb);
	*vb = NULL;
	*ud = NULL;
	return false;
}

static inline void vt_rm_dir(const char *dir)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
}

static inline uint64_t vt_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static inline void vt_sleep_ms(unsigned ms)
{
	struct timespec ts = {.tv_sec = ms / 1000,
	                      .tv_nsec = (long)(ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

/* Threads of this process right now. */
/* Start argv with its stdout on our stderr: TAP owns our stdout. */
static inline pid_t vt_spawn(char *const argv[])
{
	extern char **environ;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, 2, 1);
	pid_t pid;
	int r = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return r == 0 ? pid : -1;
}

/* Exit status of pid, or -1 (killed) when it outlives timeout_ms. */
static inline int vt_wait_exit(pid_t pid, unsigned timeout_ms)
{
	uint64_t end = vt_now_ms() + timeout_ms;
	int st;
	for (;;) {
		pid_t r = waitpid(pid, &st, WNOHANG);
		if (r == pid)
			return WIFEXITED(st) ? WEXITSTATUS(st)
			                     : 128 + WTERMSIG(st);
		if (r < 0)
			return -1;
		if (vt_now_ms() > end) {
			kill(pid, SIGKILL);
			waitpid(pid, &st, 0);
			return -1;
		}
		vt_sleep_ms(20);
	}
}

static inline int vt_threads(void);

/* The thread count once it has dropped to want, or what it is after
 * timeout_ms: a joined thread can still be listed in /proc/self/task for
 * a moment after pthread_join returned. */
static inline int vt_threads_settle(int want, unsigned timeout_ms)
{
	uint64_t t0 = vt_now_ms();
	int n = vt_threads();
	while (n != want && vt_now_ms() - t0 < timeout_ms) {
		vt_sleep_ms(5);
		n = vt_threads();
	}
	return n;
}

static inline int vt_threads(void)
{
	DIR *d = opendir("/proc/self/task");
	if (!d)
		return -1;
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/* Fill a broadcast data frame of len bytes; seq is in the payload. */
static inline void vt_frame(uint8_t *f, size_t len, unsigned seq)
{
	memset(f, 0, 24);
	f[0] = 0x08;
	memset(f + 4, 0xFF, 6);
	static const uint8_t sa[6] = {0x02, 0x11, 0x22, 0x33, 0x44, 0x55};
	memcpy(f + 10, sa, 6);
	memcpy(f + 16, sa, 6);
	f[22] = (uint8_t)(seq << 4);
	f[23] = (uint8_t)(seq >> 4);
	memcpy(f + 24, vt_marker, 4);
	f[28] = (uint8_t)seq;
	f[29] = (uint8_t)(seq >> 8);
	for (size_t i = 30; i < len; i++)
		f[i] = (uint8_t)(seq * 7 + i);
}

/* TX vector: OFDM 6 Mbit/s, 20 MHz, no ACK, the frame's own sequence
 * number (so the bytes on the air are exactly ours). */
static inline struct dvr_tx_params vt_params(void)
{
	struct dvr_tx_params p = {.rate = {.kind = DVR_RATE_LEGACY,
	                                   .legacy_500k = 12},
	                          .bw_mhz = 20, .no_ack = true,
	                          .keep_seq = true};
	return p;
}

/* Received test frames, in arrival order. */
struct vt_rx {
	pthread_mutex_t lock;
	unsigned n;
	size_t len[VT_MAX_FRAMES];
	uint8_t data[VT_MAX_FRAMES][VT_MAX_LEN];
	_Atomic int error_status;       /* DVR_EVENT_ERROR status, or 0 */
	_Atomic uint64_t error_at_ms;
};

static inline void vt_rx_init(struct vt_rx *rx)
{
	memset(rx, 0, sizeof *rx);
	pthread_mutex_init(&rx->lock, NULL);
}

static inline void vt_on_rx(void *user, const struct dvr_rx_frame *f)
{
	struct vt_rx *rx = user;
	if (f->len < 30 || f->len > VT_MAX_LEN ||
	    memcmp(f->data + 24, vt_marker, 4) != 0)
		return;
	pthread_mutex_lock(&rx->lock);
	if (rx->n < VT_MAX_FRAMES) {
		memcpy(rx->data[rx->n], f->data, f->len);
		rx->len[rx->n] = f->len;
		rx->n++;
	}
	pthread_mutex_unlock(&rx->lock);
}

static inline void vt_on_event(void *user, const struct dvr_event *ev)
{
	struct vt_rx *rx = user;
	if (ev->type == DVR_EVENT_ERROR && !atomic_load(&rx->error_status)) {
		atomic_store(&rx->error_at_ms, vt_now_ms());
		atomic_store(&rx->error_status, ev->error.status);
	}
}

static inline unsigned vt_rx_count(struct vt_rx *rx)
{
	pthread_mutex_lock(&rx->lock);
	unsigned n = rx->n;
	pthread_mutex_unlock(&rx->lock);
	return n;
}

/* Wait until rx holds at least n frames or timeout_ms passed. */
static inline unsigned vt_wait_rx(struct vt_rx *rx, unsigned n,
                                  unsigned timeout_ms)
{
	uint64_t end = vt_now_ms() + timeout_ms;
	while (vt_rx_count(rx) < n && vt_now_ms() < end)
		vt_sleep_ms(10);
	return vt_rx_count(rx);
}

/* Every frame i of count sent as vt_frame(len_of(i), first + i) arrived
 * once, byte for byte. */
static inline bool vt_rx_exact(struct vt_rx *rx, unsigned first,
                               unsigned count, size_t (*len_of)(unsigned))
{
	static uint8_t want[VT_MAX_LEN];
	bool ok = true;
	pthread_mutex_lock(&rx->lock);
	for (unsigned i = 0; i < count; i++) {
		unsigned seq = first + i;
		size_t len = len_of(i);
		vt_frame(want, len, seq);
		unsigned hits = 0;
		for (unsigned k = 0; k < rx->n; k++)
			if (rx->len[k] == len &&
			    memcmp(rx->data[k], want, len) == 0)
				hits++;
		if (hits != 1) {
			printf("# frame seq %u (%zu bytes): %u exact copies\n",
			       seq, len, hits);
			ok = false;
		}
	}
	pthread_mutex_unlock(&rx->lock);
	return ok;
}

#endif /* DVR_TEST_VUSB_H */
