/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The GStreamer elements over libusb-attached adapters, each pipeline
 * started with one devourer-vusb command:
 *   devourer-vusb --adapter ground -- gst-launch-1.0 devourersrc
 *       device=auto ... num-buffers=40 ! fakesink
 *   devourer-vusb --adapter drone -- gst-launch-1.0 fakesrc ... !
 *       devourersink device=auto ...
 * The ground pipeline must receive 40 buffers through the link (FEC and
 * encryption included) and end cleanly while the drone keeps streaming.
 * Skipped when the plugin or gst-launch-1.0 is not there.
 *
 * Arguments: devourer-vusb, gst-launch-1.0, the plugin's build directory,
 * the drone's chip (a chip of the test list: meson runs each,
 * vusb_gst_<chip>; plugged in at its row's USB id, so an RTL8822CU
 * switches itself to USB 3 under the launcher first; the ground is the
 * model's default adapter), and optionally "streaming-rx": the ground's
 * devourersrc then receives in its
 * streaming thread (the RX pump over libusb), and its devourer-rx-stats
 * messages (gst-launch-1.0 -m) must count transfers that thread completed
 * itself: the pump was used, not the fallback to the driver's thread.
 */
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "tests/chip_table.h"
#include "tests/vusb/vusb_test.h"

/* As vt_spawn, with stdout into the file out. */
static pid_t spawn_to_file(char *const argv[], const char *out)
{
	extern char **environ;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, out,
	                                 O_WRONLY | O_CREAT | O_TRUNC, 0600);
	pid_t pid;
	int r = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return r == 0 ? pid : -1;
}

/* The sum of every "pumped-transfers=(guint64)N" in the file, with the
 * number of messages that carried one. */
static unsigned long long sum_pumped(const char *path, unsigned *messages)
{
	static const char key[] = "pumped-transfers=(guint64)";
	unsigned long long sum = 0;
	char line[8192];
	*messages = 0;
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof line, f)) {
		if (!strstr(line, "devourer-rx-stats"))
			continue;
		const char *p = strstr(line, key);
		if (!p)
			continue;
		sum += strtoull(p + sizeof key - 1, NULL, 10);
		(*messages)++;
	}
	fclose(f);
	return sum;
}

int main(int argc, char **argv)
{
	const struct test_chip *tc = test_chip_find(argc > 4 ? argv[4] : NULL);
	if (!tc) {
		printf("# usage: %s devourer-vusb gst-launch-1.0 PLUGIN_DIR "
		       "CHIP [streaming-rx]\n", argv[0]);
		return 2;
	}
	if (access(argv[2], X_OK) != 0)
		CHECK_SKIP("gst-launch-1.0 not available");
	char plugin[512];
	snprintf(plugin, sizeof plugin, "%s/libgstdevourer.so", argv[3]);
	if (access(plugin, R_OK) != 0)
		CHECK_SKIP("GStreamer plugin not built");
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char air[64];
	snprintf(air, sizeof air, "/tmp/dvr-vusbg-XXXXXX");
	if (!mkdtemp(air))
		CHECK_SKIP("mkdtemp failed");
	char registry[128];
	snprintf(registry, sizeof registry, "%s/registry.bin", air);
	setenv("DEVOURER_AIR_DIR", air, 1);
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);
	setenv("GST_PLUGIN_PATH", argv[3], 1);
	setenv("GST_REGISTRY", registry, 1);
	setenv("GST_REGISTRY_FORK", "no", 1);
	/* gst-launch-1.0 and GLib keep one-time allocations to exit; the
	 * leak checks of our code are in the other vusb tests. */
	setenv("ASAN_OPTIONS", "detect_leaks=0:abort_on_error=1", 1);

	char drone_spec[32];
	snprintf(drone_spec, sizeof drone_spec, "drone:%04x:%04x", tc->vid,
	         tc->pid);
	char *ground_spec = "ground";
	bool streaming = argc > 5 && strcmp(argv[5], "streaming-rx") == 0;
	char *ground_argv[] = {argv[1], "--adapter", ground_spec, "--", argv[2],
	                       "-q", "devourersrc", "device=auto",
	                       "channel=36", "password=vusb-test",
	                       "num-buffers=40", "!", "fakesink", NULL};
	char *ground_pump_argv[] = {argv[1], "--adapter", ground_spec, "--",
	                            argv[2], "-m", "devourersrc",
	                            "device=auto", "channel=36",
	                            "password=vusb-test", "num-buffers=40",
	                            "streaming-rx=true", "stats-interval=100",
	                            "!", "fakesink", NULL};
	char ground_out[128];
	snprintf(ground_out, sizeof ground_out, "%s/ground.out", air);
	char *drone_argv[] = {argv[1], "--adapter", drone_spec, "--", argv[2],
	                      "-q", "fakesrc", "sizetype=fixed",
	                      "sizemax=600", "filltype=pattern",
	                      "num-buffers=1000000", "!", "devourersink",
	                      "device=auto", "channel=36",
	                      "password=vusb-test", NULL};
	pid_t ground = streaming ? spawn_to_file(ground_pump_argv, ground_out)
	                         : vt_spawn(ground_argv);
	CHECK(ground > 0, "ground pipeline started");
	/* The drone streams until it is stopped and announces its session
	 * again and again: the ground joins whenever its bring-up ends. */
	pid_t drone = vt_spawn(drone_argv);
	CHECK(drone > 0, "drone pipeline started");
	int g = ground > 0 ? vt_wait_exit(ground, 90000) : -1;
	CHECK_EQ_INT(g, 0, "ground: 40 buffers through devourersrc, EOS");
	if (streaming) {
		unsigned msgs;
		unsigned long long pumped = sum_pumped(ground_out, &msgs);
		printf("# ground: %u devourer-rx-stats messages, %llu transfers "
		       "completed by the streaming thread\n", msgs, pumped);
		CHECK(msgs > 0, "ground: devourer-rx-stats messages printed");
		CHECK(pumped > 0, "ground: the streaming thread completed the "
		      "adapter's transfers itself (the pump over libusb, no "
		      "fallback to the driver's thread)");
	}
	int d_early = drone > 0 ? (int)waitpid(drone, NULL, WNOHANG) : -1;
	CHECK_EQ_INT(d_early, 0, "drone: still streaming meanwhile");
	if (drone > 0 && d_early == 0) {
		kill(drone, SIGTERM); /* the launcher passes it on */
		int d = vt_wait_exit(drone, 15000);
		printf("# drone launcher ended with %d after SIGTERM\n", d);
		CHECK(d == 0 || d == 128 + SIGTERM,
		      "drone: ends on SIGTERM through the launcher");
	}
	if (getenv("VUSB_GST_KEEP"))
		printf("# kept %s\n", air);
	else
		vt_rm_dir(air);
	return check_done();
}
