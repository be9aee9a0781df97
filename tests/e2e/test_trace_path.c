/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A register trace that cannot be written (named by the selector option
 * trace= or by dvr_config.trace_path) makes dvr_open() fail with a bad-
 * argument status, never a USB error, and with a message that names the
 * path and the reason the file system gave.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <devourer/devourer.h>

#include "../check.h"

static char last_msg[512];
static unsigned errors;

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level != DVR_LOG_ERROR)
		return;
	errors++;
	snprintf(last_msg, sizeof last_msg, "%s", msg);
}

static void expect_refused(const char *sel, const char *trace_path,
                           const char *named, const char *what)
{
	struct dvr_config cfg = { .on_log = on_log, .trace_path = trace_path };
	dvr_device *dev = NULL;
	last_msg[0] = 0;
	errors = 0;
	int r = dvr_open(sel, &cfg, &dev);
	printf("# %s: %d (%s) \"%s\"\n", what, r, dvr_strerror(r), last_msg);
	CHECK_EQ_INT(r, DVR_E_INVALID, what);
	CHECK(r != DVR_E_IO, "not reported as a USB I/O error");
	CHECK(dev == NULL, "no device handed out");
	CHECK(errors >= 1, "an error was logged");
	CHECK(strstr(last_msg, "USB") == NULL, "message does not blame USB");
	CHECK(strstr(last_msg, named) != NULL, "message names the path");
	CHECK(strstr(last_msg, strerror(ENOENT)) != NULL,
	      "message gives the reason");
	if (dev)
		dvr_close(dev);
}

int main(void)
{
	char air[] = "/tmp/dvr-tracepath-XXXXXX";
	if (!mkdtemp(air))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", air, 1);
	unsetenv("DEVOURER_TRACE");

	const char *bad = "/nonexistent-dvr-dir/t.trace";
	expect_refused("virtual:tp1,trace=/nonexistent-dvr-dir/t.trace", NULL,
	               bad, "selector trace= in a missing directory");
	expect_refused("virtual:tp2", bad, bad,
	               "dvr_config.trace_path in a missing directory");

	/* The same adapter opens once the path is writable: the refusal was
	 * about the file, not the adapter. */
	char good[600];
	snprintf(good, sizeof good, "%s/ok.trace", air);
	struct dvr_config cfg = { .on_log = on_log, .trace_path = good };
	dvr_device *dev = NULL;
	CHECK_EQ_INT(dvr_open("virtual:tp2", &cfg, &dev), DVR_OK,
	             "a writable trace path opens");
	if (dev)
		dvr_close(dev);
	CHECK(access(good, F_OK) == 0, "trace file created");
	unlink(good);
	rmdir(air);
	return check_done();
}
