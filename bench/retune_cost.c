/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What one dvr_set_channel() costs once the adapter is up: a channel in
 * the same band and a switch to the other band, alternated, each timed
 * with its CPU time (bench_probe). On a chip that calibrates on every
 * channel set (the RTL8812AU: IQK and the AGC difference, as rtw88) the
 * calibration is most of it; the calibration events say how many ran.
 *
 *   retune_cost [--device SEL] [--reps 5]
 *
 * Without --device it runs on a private virtual RTL8812AU. Prints a JSON
 * array: one record per set_channel call ("same_band" or "band_switch").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "bench/bench_probe.h"

static unsigned calibrations;

static void on_event(void *user, const struct dvr_event *ev)
{
	(void)user;
	if (ev->type == DVR_EVENT_CALIBRATION)
		calibrations++;
}

static int retune(dvr_device *dev, struct bench_json *js, const char *device,
                  const char *kind, unsigned rep, unsigned channel)
{
	struct dvr_channel ch = { .channel = (uint16_t)channel, .bw_mhz = 20 };
	struct bench_probe p;
	unsigned cal0 = calibrations;
	bench_probe_begin(&p);
	int st = dvr_set_channel(dev, &ch);
	bench_probe_end(&p);
	if (st != DVR_OK) {
		fprintf(stderr, "retune_cost: channel %u: %s (%s)\n", channel,
		        dvr_strerror(st), dvr_last_error(dev));
		return 1;
	}
	bench_json_record(js);
	bench_json_str(js, "bench", "retune");
	bench_json_str(js, "device", device);
	bench_json_str(js, "chip", dvr_chip_name(dev));
	bench_json_str(js, "kind", kind);
	bench_json_num(js, "rep", rep);
	bench_json_num(js, "channel", channel);
	bench_json_num(js, "calibrations", calibrations - cal0);
	bench_json_probe(js, &p);
	bench_json_end_record(js);
	return 0;
}

int main(int argc, char **argv)
{
	const char *device = NULL;
	unsigned reps = 5;
	for (int i = 1; i < argc; i++) {
		if (i + 1 >= argc) {
			fprintf(stderr, "usage: retune_cost [--device SEL] "
			        "[--reps N]\n");
			return 2;
		}
		if (!strcmp(argv[i], "--device"))
			device = argv[++i];
		else if (!strcmp(argv[i], "--reps"))
			reps = (unsigned)atoi(argv[++i]);
		else {
			fprintf(stderr, "retune_cost: unknown option %s\n",
			        argv[i]);
			return 2;
		}
	}
	if (!reps || reps > 1000) {
		fprintf(stderr, "retune_cost: bad --reps\n");
		return 2;
	}
	bool private_air = !device;
	if (private_air) {
		bench_air_private();
		device = "virtual:retune,chip=8812a";
	}
	struct dvr_config cfg = { .on_event = on_event };
	dvr_device *dev;
	int st = dvr_open(device, &cfg, &dev);
	if (st != DVR_OK) {
		fprintf(stderr, "retune_cost: open %s: %s\n", device,
		        dvr_strerror(st));
		if (private_air)
			bench_air_cleanup();
		return 1;
	}
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 20 };
	st = dvr_start(dev, &ch);
	int code = 0;
	if (st != DVR_OK) {
		fprintf(stderr, "retune_cost: start: %s (%s)\n",
		        dvr_strerror(st), dvr_last_error(dev));
		code = 1;
	}
	struct bench_json js;
	bench_json_open(&js, stdout);
	/* 36 -> 40 -> 36 within 5 GHz, then 36 -> 6 -> 36 across bands */
	for (unsigned r = 0; r < reps && code == 0; r++) {
		code = retune(dev, &js, device, "same_band", r, 40) ||
		       retune(dev, &js, device, "same_band", r, 36) ||
		       retune(dev, &js, device, "band_switch", r, 6) ||
		       retune(dev, &js, device, "band_switch", r, 36);
	}
	bench_json_close(&js);
	dvr_close(dev);
	if (private_air)
		bench_air_cleanup();
	return code;
}
