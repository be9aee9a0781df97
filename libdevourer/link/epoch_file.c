/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A sender's epoch kept across runs in a small file, for cameras without
 * a real-time clock: their wall clock restarts near the same value at
 * every boot, so the wall-clock epoch of a new run can be below the last
 * one's (wfb-ng receivers then never follow it; ours only once the old
 * run falls silent). Each run reserves RESERVE epochs above the one it
 * starts at (its re-keys use them up, one each) and writes the end of
 * that block before it sends anything, so the next run starts above
 * everything this one can announce, whatever the clock says.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <devourer/link.h>

#include "epoch_file.h"

/* As the receiver's run span: the next run starts where this one's
 * re-keys could at most reach, so it is still taken as a re-key (adopted
 * at once), not as another run. */
#define RESERVE (UINT64_C(1) << 32)
#define MAX_TEXT 32

uint64_t link_wall_clock_epoch(void)
{
	struct timespec ts;
	if (timespec_get(&ts, TIME_UTC) != TIME_UTC || ts.tv_sec <= 0)
		return 1;
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* The stored next epoch: 0 for no file; DVR_E_INVALID for anything but
 * one decimal number and a newline (a torn or foreign file must not
 * silently restart the count). */
static int read_stored(const char *path, uint64_t *out)
{
	*out = 0;
	/* O_NONBLOCK: a FIFO or device in its place must not hang the
	 * start; only a regular file is taken. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? DVR_OK : DVR_E_IO;
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return DVR_E_INVALID;
	}
	char text[MAX_TEXT + 1];
	ssize_t n = read(fd, text, MAX_TEXT);
	close(fd);
	if (n < 0)
		return DVR_E_IO;
	text[n] = '\0';
	if (n == 0 || text[0] < '0' || text[0] > '9')
		return DVR_E_INVALID;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(text, &end, 10);
	if (errno != 0 || (*end != '\0' && strcmp(end, "\n") != 0))
		return DVR_E_INVALID;
	*out = v;
	return DVR_OK;
}

/* Replace the file's content in one step: a power cut leaves either the
 * old number or the new one, never a torn one. */
static int write_stored(const char *path, uint64_t next)
{
	size_t plen = strlen(path);
	char *tmp = malloc(plen + 5);
	if (!tmp)
		return DVR_E_NO_MEM;
	memcpy(tmp, path, plen);
	memcpy(tmp + plen, ".new", 5);
	int rc = DVR_E_IO;
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd >= 0) {
		char text[MAX_TEXT];
		int len = snprintf(text, sizeof(text), "%" PRIu64 "\n", next);
		bool ok = len > 0 && write(fd, text, (size_t)len) == len &&
		          fsync(fd) == 0;
		ok = close(fd) == 0 && ok;
		if (ok && rename(tmp, path) == 0)
			rc = DVR_OK;
		else
			unlink(tmp);
	}
	free(tmp);
	if (rc != DVR_OK)
		return rc;
	/* The rename itself reaches the disk with its directory. */
	char *dir = strdup(path);
	if (!dir)
		return DVR_OK;
	char *slash = strrchr(dir, '/');
	const char *d = slash ? (slash == dir ? "/" : dir) : ".";
	if (slash && slash != dir)
		*slash = '\0';
	int dfd = open(d, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	free(dir);
	return DVR_OK;
}

int dvr_link_epoch_reserve(const char *path, uint64_t floor, uint64_t *epoch)
{
	if (!path || !*path || !epoch)
		return DVR_E_INVALID;
	uint64_t stored;
	int rc = read_stored(path, &stored);
	if (rc != DVR_OK)
		return rc;
	uint64_t e = floor ? floor : link_wall_clock_epoch();
	if (stored > e)
		e = stored;
	if (e > UINT64_MAX - RESERVE)
		return DVR_E_OVERFLOW;
	rc = write_stored(path, e + RESERVE);
	if (rc != DVR_OK)
		return rc;
	*epoch = e;
	return DVR_OK;
}
