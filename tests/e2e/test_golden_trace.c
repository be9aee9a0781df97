/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A chip's bring-up, control transfer by control transfer, is frozen in
 * golden register traces (tests/e2e/golden/rtl<chip>_ch36_bw20.trace and
 * rtl<chip>_ch149_bw80.trace): open a virtual adapter, start it on the
 * channel, close it, and compare the trace with the file line for line,
 * each run of reads of one register (a poll) cut to its last line. Any
 * change to what the HAL writes, reads or polls — a refactor that was
 * meant to change nothing, above all — fails here and shows the first
 * line that differs. Run once per chip of the test list.
 *
 * A deliberate change of the bring-up regenerates a chip's files (and
 * writes a new chip's first ones):
 *   DEVOURER_GOLDEN_UPDATE=1 meson test -C build golden_trace_<chip>
 * and the diff of the golden files is then part of the commit.
 *
 * Usage: test_golden_trace GOLDEN_DIR CHIP
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <devourer/devourer.h>

#include "tests/check.h"

/* A 20 MHz channel of the lower 5 GHz band and an 80 MHz block of the
 * upper one: both band halves, both ends of the bandwidth range. */
static const struct dvr_channel channels[] = {
	{ .channel = 36, .bw_mhz = 20 },
	{ .channel = 149, .bw_mhz = 80 },
};

/* Bring a fresh virtual adapter up on ch with a trace into path. */
static bool record(const char *fw, const char *air, const char *path,
                   const char *chip, const struct dvr_channel *ch)
{
	setenv("DEVOURER_AIR_DIR", air, 1);
	/* Nothing random may reach the registers: fixed seed, one station
	 * alone on its own air, no RX ring (its resubmissions follow
	 * traffic), no TX. */
	/* The watchdog's upkeep after bring-up is not part of the bring-up:
	 * an hour's period keeps it out of the trace however slow the run. */
	struct dvr_config cfg = { .firmware_dir = fw, .trace_path = path,
		                  .track_period_ms = 3600u * 1000u };
	dvr_device *dev = NULL;
	char sel[64];
	snprintf(sel, sizeof sel, "virtual:golden,seed=1,chip=%s", chip);
	int r = dvr_open(sel, &cfg, &dev);
	if (r != DVR_OK)
		return false;
	r = dvr_start(dev, ch);
	dvr_close(dev);
	return r == DVR_OK;
}

/* Whether line is a read ("R addr len value") of the same register and
 * width as prev. */
static bool same_register_read(const char *prev, const char *line)
{
	/* "R 0x0030 4 " is 11 characters */
	return prev[0] == 'R' && line[0] == 'R' && strlen(prev) > 11 &&
	       strncmp(prev, line, 11) == 0;
}

/* Copy a trace with each run of reads of one register cut to its last
 * line. The chip's engines take time (an EFUSE byte, a DDMA copy, the
 * firmware's start), so how many times a poll reads before the answer
 * changes depends on the machine; which register is polled, in what
 * order, and the value that ends the poll do not. Two reads in a row
 * the driver meant (a poll, then the data) fold the same way. */
static bool canonical_copy(const char *from, const char *to)
{
	FILE *in = fopen(from, "r"), *out = fopen(to, "w");
	bool ok = in && out;
	char prev[1024] = "", line[1024];
	while (ok && fgets(line, sizeof line, in)) {
		if (prev[0] && !same_register_read(prev, line))
			ok = fputs(prev, out) >= 0;
		snprintf(prev, sizeof prev, "%s", line);
	}
	if (ok && prev[0])
		ok = fputs(prev, out) >= 0;
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		ok = false;
	return ok;
}

/* Compare line by line; report the first difference. */
static bool same_trace(const char *golden, const char *got, const char *name)
{
	FILE *a = fopen(golden, "r"), *b = fopen(got, "r");
	if (!a || !b) {
		printf("# %s: cannot open %s\n", name, a ? got : golden);
		if (a)
			fclose(a);
		if (b)
			fclose(b);
		return false;
	}
	char la[1024], lb[1024];
	unsigned line = 0, golden_lines = 0, differ = 0;
	for (;;) {
		char *ra = fgets(la, sizeof la, a);
		char *rb = fgets(lb, sizeof lb, b);
		if (!ra && !rb)
			break;
		line++;
		if (ra)
			golden_lines++;
		if (ra && rb && strcmp(la, lb) == 0)
			continue;
		if (differ++ == 0)
			printf("# %s: first difference at line %u\n"
			       "#   golden: %s#   now:    %s", name, line,
			       ra ? la : "(end of file)\n",
			       rb ? lb : "(end of file)\n");
	}
	fclose(a);
	fclose(b);
	if (differ)
		printf("# %s: %u of %u lines differ\n", name, differ, line);
	else
		printf("# %s: %u lines identical\n", name, golden_lines);
	return differ == 0 && golden_lines > 0;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s GOLDEN_DIR CHIP\n", argv[0]);
		return 2;
	}
	const char *chip = argv[2];
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no firmware (set DEVOURER_TEST_FIRMWARE_DIR)");
	bool update = getenv("DEVOURER_GOLDEN_UPDATE") != NULL;

	char dir[] = "/tmp/dvr-golden-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	for (size_t i = 0; i < sizeof channels / sizeof channels[0]; i++) {
		const struct dvr_channel *ch = &channels[i];
		char file[64];
		snprintf(file, sizeof file, "rtl%s_ch%u_bw%u.trace", chip,
		         ch->channel, ch->bw_mhz);
		char got[600], golden[1200];
		snprintf(got, sizeof got, "%s/%s", dir, file);
		snprintf(golden, sizeof golden, "%s/%s", argv[1], file);
		char what[300], raw[640];
		snprintf(raw, sizeof raw, "%s.raw", got);
		snprintf(what, sizeof what, "%s: bring-up", file);
		CHECK(record(fw, dir, raw, chip, ch), what);
		CHECK(canonical_copy(raw, got), "trace polls folded");
		if (update) {
			snprintf(what, sizeof what, "%s: golden written", file);
			CHECK(canonical_copy(got, golden), what);
			continue;
		}
		snprintf(what, sizeof what, "%s: trace equals the golden file",
		         file);
		CHECK(same_trace(golden, got, file), what);
	}
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
