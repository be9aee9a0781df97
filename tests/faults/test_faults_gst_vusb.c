/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A pipeline as a person runs it, under devourer-vusb, on an adapter
 * that is pulled out while devourersink brings it up:
 *
 *   devourer-vusb --adapter drone --fault unplug:after-ctrl=N --
 *       gst-launch-1.0 fakesrc ... ! devourersink device=auto ...
 *
 * gst-launch-1.0 must end by itself (no hang, no crash: it exits with
 * its failure status, 255 when the pipeline cannot start) with the element's ERROR saying the device disappeared, naming the
 * bring-up stage it was in and telling the user to reconnect it.
 * Then the same command without the fault streams (so the ERROR came
 * from the fault, not from the set-up).
 *
 * Arguments: devourer-vusb, gst-launch-1.0, the plugin's build
 * directory. Skipped when the plugin or gst-launch-1.0 is not there.
 */
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include "tests/vusb/vusb_test.h"

/* Bring-up stages as dvr_start() names them. */
static const char *const stages[] = {
	"identify", "power_on", "firmware", "mac", "phy", "monitor",
	"channel", "calibrate",
};

/* Start argv with stdout and stderr into the file at path. */
static pid_t spawn_logged(char *const argv[], const char *path)
{
	extern char **environ;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, path,
	                                 O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	pid_t pid;
	int r = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return r == 0 ? pid : -1;
}

static size_t slurp(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, cap - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = '\0';
	return n;
}

int main(int argc, char **argv)
{
	if (argc < 4 || access(argv[2], X_OK) != 0)
		CHECK_SKIP("gst-launch-1.0 not available");
	char plugin[512];
	snprintf(plugin, sizeof plugin, "%s/libgstdevourer.so", argv[3]);
	if (access(plugin, R_OK) != 0)
		CHECK_SKIP("GStreamer plugin not built");
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char air[64];
	snprintf(air, sizeof air, "/tmp/dvr-fgst-XXXXXX");
	if (!mkdtemp(air))
		CHECK_SKIP("mkdtemp failed");
	char registry[128], log[128];
	snprintf(registry, sizeof registry, "%s/registry.bin", air);
	snprintf(log, sizeof log, "%s/gst-launch.log", air);
	setenv("DEVOURER_AIR_DIR", air, 1);
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);
	setenv("GST_PLUGIN_PATH", argv[3], 1);
	setenv("GST_REGISTRY", registry, 1);
	setenv("GST_REGISTRY_FORK", "no", 1);
	/* gst-launch-1.0 and GLib keep one-time allocations to exit; the
	 * leak checks of our code are in the other tests. */
	setenv("ASAN_OPTIONS", "detect_leaks=0:abort_on_error=1", 1);

	/* Counted from the launcher's start: past the driver's open and
	 * the first stages of an RTL8812AU bring-up (the stage hit is
	 * printed; any stage is a valid place to be pulled out). */
	char *faulty[] = {argv[1], "--adapter", "drone", "--fault",
	                  "unplug:after-ctrl=1200", "--", argv[2],
	                  "fakesrc", "sizetype=fixed", "sizemax=600",
	                  "filltype=pattern", "num-buffers=200", "!",
	                  "devourersink", "device=auto", "channel=36",
	                  "password=faults", NULL};
	pid_t pid = spawn_logged(faulty, log);
	int st = pid > 0 ? vt_wait_exit(pid, 60000) : -1;
	static char out[65536];
	slurp(log, out, sizeof out);
	printf("# gst-launch-1.0 ended with %d\n", st);
	const char *err = strstr(out, "ERROR");
	if (err) {
		const char *eol = strchr(err, '\n');
		printf("# %.*s\n", eol ? (int)(eol - err) : 200, err);
	}
	CHECK(st != -1, "unplugged in bring-up: gst-launch-1.0 ends by itself");
	/* A signal shows as 128 + its number (at most 64 here). */
	CHECK(st > 0 && (st < 128 || st == 255), "unplugged in bring-up: it "
	      "fails with an exit status, no crash");
	CHECK(err && strstr(out, "disappeared (unplugged?)") != NULL,
	      "the ERROR says the device disappeared");
	CHECK(strstr(out, "Reconnect the adapter") != NULL,
	      "and tells the user to reconnect it");
	const char *stage = NULL;
	for (size_t i = 0; i < sizeof stages / sizeof stages[0]; i++) {
		char needle[40];
		snprintf(needle, sizeof needle, "%s: device vanished",
		         stages[i]);
		if (strstr(out, needle))
			stage = stages[i];
	}
	printf("# pulled out in the %s stage\n", stage ? stage : "(none)");
	CHECK(stage != NULL, "the ERROR names the bring-up stage");
	if (!stage || st <= 0)
		printf("# output:\n%s\n", out);

	char *clean[] = {argv[1], "--adapter", "drone", "--", argv[2],
	                 "fakesrc", "sizetype=fixed", "sizemax=600",
	                 "filltype=pattern", "num-buffers=200", "!",
	                 "devourersink", "device=auto", "channel=36",
	                 "password=faults", NULL};
	pid = spawn_logged(clean, log);
	st = pid > 0 ? vt_wait_exit(pid, 60000) : -1;
	slurp(log, out, sizeof out);
	if (st != 0)
		printf("# output:\n%s\n", out);
	CHECK_EQ_INT(st, 0, "the same pipeline without the fault streams "
	             "200 buffers and ends");
	vt_rm_dir(air);
	return check_done();
}
