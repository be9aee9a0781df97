/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * dvr_link_epoch_reserve(): each run starts above everything the run
 * before it could announce, whatever the floor (the clock) says; the file
 * is replaced whole; anything but one number in a regular file is an
 * error that leaves the file alone (a FIFO does not hang the caller); a
 * file that cannot be written is an error, not a silent fallback.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <devourer/link.h>

#include "tests/check.h"

#define SPAN (UINT64_C(1) << 32)

static char dir[] = "/tmp/devourer-epoch-XXXXXX";

static char *in_dir(const char *name)
{
	static char path[256];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static bool file_is(const char *path, const char *text)
{
	char buf[64] = "";
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return strcmp(buf, text) == 0;
}

int main(void)
{
	if (!mkdtemp(dir))
		return 1;
	const char *path = strdup(in_dir("epoch"));
	uint64_t e1 = 0, e2 = 0, e3 = 0;
	char want[64];

	CHECK_EQ_INT(dvr_link_epoch_reserve(path, 0, &e1), DVR_OK,
	             "no file yet: a wall-clock epoch");
	CHECK(e1 > UINT64_C(1600000000000000), "... in microseconds");
	snprintf(want, sizeof(want), "%llu\n", (unsigned long long)(e1 + SPAN));
	CHECK(file_is(path, want), "the file holds the end of the run's block");
	CHECK_EQ_INT(dvr_link_epoch_reserve(path, 1000, &e2), DVR_OK,
	             "a clock restarted low");
	CHECK(e2 == e1 + SPAN, "the next run starts where the last one's "
	                       "re-keys could at most reach");
	CHECK_EQ_INT(dvr_link_epoch_reserve(path, e2 + 5 * SPAN, &e3), DVR_OK,
	             "a clock ahead of the file");
	CHECK(e3 == e2 + 5 * SPAN, "the clock wins when it is higher");
	struct stat st;
	CHECK(stat(in_dir("epoch.new"), &st) != 0,
	      "no temporary file left beside it");

	const char *bad = strdup(in_dir("bad"));
	const char *texts[] = {"", "x\n", "12x\n", "-5\n", "1 2\n",
	                       "99999999999999999999999\n"};
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		write_text(bad, texts[i]);
		uint64_t e = 7;
		CHECK(dvr_link_epoch_reserve(bad, 0, &e) == DVR_E_INVALID &&
		      e == 7 && file_is(bad, texts[i]),
		      "not one number: refused, file and epoch untouched");
	}
	const char *fifo = strdup(in_dir("fifo"));
	if (mkfifo(fifo, 0600) == 0)
		CHECK_EQ_INT(dvr_link_epoch_reserve(fifo, 0, &e1), DVR_E_INVALID,
		             "a FIFO is refused at once, not waited on");
	CHECK_EQ_INT(dvr_link_epoch_reserve(in_dir("no/such/dir"), 0, &e1),
	             DVR_E_IO, "a file that cannot be written: an error");
	write_text(bad, "18446744073709551615\n");
	CHECK_EQ_INT(dvr_link_epoch_reserve(bad, 0, &e1), DVR_E_OVERFLOW,
	             "no room left above the stored epoch: an error");
	CHECK_EQ_INT(dvr_link_epoch_reserve(NULL, 0, &e1), DVR_E_INVALID,
	             "no path");

	unlink(path);
	unlink(bad);
	unlink(fifo);
	rmdir(dir);
	free((void *)path);
	free((void *)bad);
	free((void *)fifo);
	return check_done();
}
