/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bring-up time per init stage, with the control transfers and bytes each
 * stage moved, from the DVR_EVENT_INIT_STAGE events.
 *
 *   init_timing [--device SEL] [--channel 149] [--reps 5]
 *   init_timing --list
 *
 * Each repetition opens the adapter, runs dvr_start() (identify, power_on,
 * firmware, mac, phy, monitor, channel, total) and closes it again, so
 * every repetition is a cold bring-up of a powered-down chip. --list prints
 * the adapters dvr_list_adapters() finds (the runner uses it to decide
 * whether a real one is plugged in). Prints a JSON array.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "bench/bench_probe.h"

struct run {
	struct bench_json *js;
	const char *device;
	unsigned rep;
};

static void on_event(void *user, const struct dvr_event *ev)
{
	struct run *r = user;
	if (ev->type != DVR_EVENT_INIT_STAGE && ev->type != DVR_EVENT_INIT_DONE)
		return;
	bench_json_record(r->js);
	bench_json_str(r->js, "bench", "init");
	bench_json_str(r->js, "device", r->device);
	bench_json_num(r->js, "rep", r->rep);
	bench_json_str(r->js, "stage", ev->init.stage);
	bench_json_num(r->js, "ms", ev->init.ms);
	bench_json_num(r->js, "ctrl_transfers", (double)ev->init.ctrl_transfers);
	bench_json_num(r->js, "ctrl_bytes", (double)ev->init.ctrl_bytes);
	bench_json_end_record(r->js);
}

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level <= DVR_LOG_WARN)
		fprintf(stderr, "init_timing: driver: %s\n", msg);
}

static int list(void)
{
	struct dvr_adapter_info a[16];
	int n = dvr_list_adapters(a, 16);
	if (n < 0) {
		fprintf(stderr, "init_timing: list: %s\n", dvr_strerror(n));
		return 1;
	}
	struct bench_json js;
	bench_json_open(&js, stdout);
	for (int i = 0; i < n && i < 16; i++) {
		bench_json_record(&js);
		bench_json_str(&js, "bench", "adapter");
		bench_json_str(&js, "selector", a[i].selector);
		bench_json_str(&js, "chip", a[i].chip);
		bench_json_str(&js, "location", a[i].location);
		bench_json_end_record(&js);
	}
	bench_json_close(&js);
	return 0;
}

int main(int argc, char **argv)
{
	const char *device = NULL;
	unsigned channel = 149, reps = 5;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--list"))
			return list();
		if (i + 1 >= argc) {
			fprintf(stderr, "usage: init_timing [--device SEL] "
			        "[--channel N] [--reps N] | --list\n");
			return 2;
		}
		if (!strcmp(argv[i], "--device"))
			device = argv[++i];
		else if (!strcmp(argv[i], "--channel"))
			channel = (unsigned)atoi(argv[++i]);
		else if (!strcmp(argv[i], "--reps"))
			reps = (unsigned)atoi(argv[++i]);
		else {
			fprintf(stderr, "init_timing: unknown option %s\n", argv[i]);
			return 2;
		}
	}
	if (!reps || reps > 100) {
		fprintf(stderr, "init_timing: bad --reps\n");
		return 2;
	}
	bool private_air = !device;
	if (private_air) {
		bench_air_private();
		device = "virtual:init";
	}
	struct bench_json js;
	bench_json_open(&js, stdout);
	struct run run = { .js = &js, .device = device };
	int code = 0;
	for (unsigned r = 0; r < reps; r++) {
		run.rep = r;
		struct dvr_config cfg = { .on_event = on_event, .on_log = on_log,
		                          .user = &run };
		dvr_device *dev;
		struct bench_probe p;
		bench_probe_begin(&p);
		int st = dvr_open(device, &cfg, &dev);
		if (st != DVR_OK) {
			fprintf(stderr, "init_timing: open %s: %s\n", device,
			        dvr_strerror(st));
			code = 1;
			break;
		}
		struct dvr_channel ch = { .channel = (uint16_t)channel,
		                          .bw_mhz = 20 };
		st = dvr_start(dev, &ch);
		bench_probe_end(&p);
		if (st != DVR_OK) {
			fprintf(stderr, "init_timing: start: %s (%s)\n",
			        dvr_strerror(st), dvr_last_error(dev));
			dvr_close(dev);
			code = 1;
			break;
		}
		/* open + start as the application sees it, with CPU time */
		bench_json_record(&js);
		bench_json_str(&js, "bench", "init_call");
		bench_json_str(&js, "device", device);
		bench_json_str(&js, "chip", dvr_chip_name(dev));
		bench_json_num(&js, "rep", r);
		bench_json_probe(&js, &p);
		bench_json_end_record(&js);
		dvr_close(dev);
	}
	bench_json_close(&js);
	if (private_air)
		bench_air_cleanup();
	return code;
}
