/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * TX → RX between two virtual adapters in two processes: the receiver must
 * get every injected frame byte-exact, with the TX vector in its metadata,
 * for several rates and bandwidths. argv[1] is the e2e_peer program.
 */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/check.h"

extern char **environ;

static pid_t spawn(char *const argv[])
{
	pid_t pid;
	if (posix_spawn(&pid, argv[0], NULL, NULL, argv, environ) != 0)
		return -1;
	return pid;
}

static int wait_exit(pid_t pid)
{
	int st;
	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int wait_file(const char *path, unsigned timeout_ms)
{
	struct stat sb;
	for (unsigned t = 0; t < timeout_ms; t += 10) {
		if (stat(path, &sb) == 0)
			return 0;
		struct timespec ts = { 0, 10000000L };
		nanosleep(&ts, NULL);
	}
	return -1;
}

/* One exchange; returns 1 when both sides succeeded. */
static int exchange(const char *peer, const char *dir, const char *ch,
                    const char *bw, const char *rate, const char *count)
{
	char ready[512];
	snprintf(ready, sizeof ready, "%s/ready-%s-%s", dir, ch, rate);
	setenv("E2E_READY_FILE", ready, 1);
	char *rx_argv[] = { (char *)peer, "rx", "virtual:ground,rssi=-55",
		            (char *)ch, (char *)bw, (char *)count,
		            (char *)rate, "20000", "-55", NULL };
	pid_t rx = spawn(rx_argv);
	if (rx < 0 || wait_file(ready, 30000) != 0) {
		printf("# receiver did not come up\n");
		if (rx > 0)
			wait_exit(rx);
		return 0;
	}
	char *tx_argv[] = { (char *)peer, "tx", "virtual:drone", (char *)ch,
		            (char *)bw, (char *)count, (char *)rate, NULL };
	pid_t tx = spawn(tx_argv);
	int tx_rc = tx < 0 ? -1 : wait_exit(tx);
	int rx_rc = wait_exit(rx);
	printf("# %s/%s MHz %s: tx exit %d, rx exit %d\n", ch, bw, rate,
	       tx_rc, rx_rc);
	return tx_rc == 0 && rx_rc == 0;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		CHECK_SKIP("usage: test_two_process PEER");
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-e2e-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);

	CHECK(exchange(argv[1], dir, "36", "20", "leg:12", "60"),
	      "OFDM 6 Mbit/s, channel 36: every frame byte-exact");
	CHECK(exchange(argv[1], dir, "6", "20", "ht:7:20:1", "60"),
	      "HT MCS7 SGI, channel 6: every frame byte-exact");
	CHECK(exchange(argv[1], dir, "149", "40", "ht:3:40:0", "60"),
	      "HT MCS3 40 MHz, channel 149: every frame byte-exact");
	CHECK(exchange(argv[1], dir, "36", "80", "vht:2:5:80", "60"),
	      "VHT 2SS MCS5 80 MHz, channel 36: every frame byte-exact");

	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
