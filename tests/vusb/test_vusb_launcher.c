/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourer-vusb as a person uses it, one command per program:
 *   devourer-vusb --adapter ground -- devourer-rx -d auto -c 36 -v -n 40
 *   devourer-vusb --adapter drone --trace T -- devourer-tx -d auto -c 36 ...
 * Two launchers, one air: devourer-rx (libusb, in one child) must verify
 * 40 of devourer-tx's frames (libusb, in the other, sync TX: one blocking
 * bulk OUT per frame; the link test covers async) byte for byte; SIGTERM
 * to the TX launcher reaches devourer-tx, which stops cleanly; the
 * register trace is written. Then an unplug fault from the command line
 * must end devourer-tx with its "fatal device error" status promptly. A VID:PID no chip model
 * ships under, or an unknown chip=, is refused.
 *
 * This test does not use the preload itself: the launchers set it up for
 * their children. Arguments: devourer-vusb, devourer-tx, devourer-rx.
 */
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include "tests/vusb/vusb_test.h"

int main(int argc, char **argv)
{
	if (argc < 4) {
		printf("usage: %s devourer-vusb devourer-tx devourer-rx\n", argv[0]);
		return 2;
	}
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char air[64];
	snprintf(air, sizeof air, "/tmp/dvr-vusbl-XXXXXX");
	if (!mkdtemp(air))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", air, 1);
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);
	char trace[128];
	snprintf(trace, sizeof trace, "%s/drone.trace", air);

	char *rx_argv[] = {argv[1], "--adapter", "ground", "--", argv[3],
	                   "-d", "auto", "-c", "36", "-v", "-n", "40",
	                   "-t", "60", NULL};
	char *tx_argv[] = {argv[1], "--adapter", "drone:0bda:8812",
	                   "--trace", trace, "--", argv[2], "-d", "auto",
	                   "-c", "36", "-n", "0", "-i", "20", "-t", "60",
	                   "-m", "sync", NULL};
	pid_t rx = vt_spawn(rx_argv);
	CHECK(rx > 0, "devourer-rx launcher started");
	/* No head start needed: devourer-tx sends until it is stopped, so
	 * the receiver counts its 40 frames whenever it comes up. */
	pid_t tx = vt_spawn(tx_argv);
	CHECK(tx > 0, "devourer-tx launcher started");
	int rx_st = rx > 0 ? vt_wait_exit(rx, 60000) : -1;
	CHECK_EQ_INT(rx_st, 0,
	             "devourer-rx over libusb verified 40 devourer-tx frames");
	if (tx > 0)
		kill(tx, SIGTERM);
	int tx_st = tx > 0 ? vt_wait_exit(tx, 10000) : -1;
	CHECK_EQ_INT(tx_st, 0, "SIGTERM reached devourer-tx; clean exit");
	FILE *tf = fopen(trace, "r");
	unsigned lines = 0;
	char line[256];
	while (tf && fgets(line, sizeof line, tf))
		lines++;
	if (tf)
		fclose(tf);
	CHECK(lines > 1000, "--trace: register trace written");

	char *unplug_argv[] = {argv[1], "--adapter", "drone", "--fault",
	                       "drone@unplug:at=3000", "--", argv[2], "-d",
	                       "auto", "-c", "36", "-n", "0", "-i", "10",
	                       "-t", "60", NULL};
	uint64_t t0 = vt_now_ms();
	pid_t up = vt_spawn(unplug_argv);
	int up_st = up > 0 ? vt_wait_exit(up, 30000) : -1;
	uint64_t dt = vt_now_ms() - t0;
	printf("# unplug run ended after %llu ms\n", (unsigned long long)dt);
	/* Exit status 1 is the fatal error, long before its 60 s run would
	 * have ended with 0: how soon is printed, not asserted. */
	CHECK_EQ_INT(up_st, 1,
	             "--fault unplug: devourer-tx reports a fatal error");

	char *bad_argv[] = {argv[1], "--fault", "jam", "--", argv[2], NULL};
	pid_t bad = vt_spawn(bad_argv);
	CHECK_EQ_INT(bad > 0 ? vt_wait_exit(bad, 10000) : -1, 2,
	             "bad --fault refused");

	/* The VID:PID chooses the chip model; one no model ships under is
	 * refused before anything runs, as is an unknown chip=. */
	char *odd_argv[] = {argv[1], "--adapter", "odd:1234:5678", "--",
	                    argv[2], NULL};
	pid_t odd = vt_spawn(odd_argv);
	CHECK_EQ_INT(odd > 0 ? vt_wait_exit(odd, 10000) : -1, 2,
	             "--adapter with a VID:PID no chip model has: refused");
	char *chip_argv[] = {argv[1], "--adapter", "odd,chip=rtl9999", "--",
	                     argv[2], NULL};
	pid_t ch = vt_spawn(chip_argv);
	CHECK_EQ_INT(ch > 0 ? vt_wait_exit(ch, 10000) : -1, 2,
	             "--adapter with an unknown chip=: refused");
	vt_rm_dir(air);
	return check_done();
}
