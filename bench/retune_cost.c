/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a channel change costs once the adapter is up, per chip: a full
 * channel set (the first visit of a channel, or a band switch) against a
 * hop (a change within the band and bandwidth, ops->hop_channel), each
 * with the control transfers, bytes and settle time DVR_EVENT_CHANNEL
 * reports (and of the transfers, those the TX power after the move took)
 * and the wall and CPU time around dvr_set_channel (bench_probe).
 * On a real USB 2.0 bus each transfer is at least one 125 us microframe:
 * bench/report.py turns the counts into that floor.
 *
 *   retune_cost [--device SEL | --chips 8812a,8822c,...] [--reps 5]
 *
 * The channels are the hop test's (tests/e2e/test_hop.c): pairs within one
 * EFUSE power group at a fixed 13 dBm (6-8, 36-40, 132-136), where a hop
 * writes no TX power. Without --device each chip runs on a private virtual
 * adapter. Prints a JSON array: one record per dvr_set_channel call,
 * kind "full" or "hop" as the event said, "band_switch" for a change of
 * band.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "bench/bench_probe.h"

#define DEFAULT_CHIPS "8812a,8811a,8821a,8814a,8822b,8821c,8822c,8822e"

struct retune_event {
	bool seen, hop;
	uint64_t xfers, bytes, delay_us, power_xfers;
};

static void on_event(void *user, const struct dvr_event *ev)
{
	struct retune_event *r = user;
	if (ev->type != DVR_EVENT_CHANNEL)
		return;
	r->seen = true;
	r->hop = ev->retune.hop;
	r->xfers = ev->retune.ctrl_transfers;
	r->bytes = ev->retune.ctrl_bytes;
	r->delay_us = ev->retune.delay_us;
	r->power_xfers = ev->retune.power_transfers;
}

static int retune(dvr_device *dev, struct retune_event *re,
                  struct bench_json *js, const char *device, unsigned rep,
                  unsigned from, unsigned to)
{
	struct dvr_channel ch = { .channel = (uint16_t)to, .bw_mhz = 20 };
	struct bench_probe p;
	*re = (struct retune_event){ 0 };
	bench_probe_begin(&p);
	int st = dvr_set_channel(dev, &ch);
	bench_probe_end(&p);
	if (st != DVR_OK || !re->seen) {
		fprintf(stderr, "retune_cost: %s channel %u: %s (%s)\n", device,
		        to, dvr_strerror(st), dvr_last_error(dev));
		return 1;
	}
	const char *kind = (from <= 14) != (to <= 14) ? "band_switch"
	                   : re->hop ? "hop" : "full";
	bench_json_record(js);
	bench_json_str(js, "bench", "retune");
	bench_json_str(js, "device", device);
	bench_json_str(js, "chip", dvr_chip_name(dev));
	bench_json_str(js, "kind", kind);
	bench_json_num(js, "rep", rep);
	bench_json_num(js, "from", from);
	bench_json_num(js, "channel", to);
	bench_json_num(js, "ctrl_transfers", (double)re->xfers);
	bench_json_num(js, "ctrl_bytes", (double)re->bytes);
	bench_json_num(js, "delay_us", (double)re->delay_us);
	bench_json_num(js, "power_transfers", (double)re->power_xfers);
	bench_json_probe(js, &p);
	bench_json_end_record(js);
	return 0;
}

/* One adapter: in each band the first visits are full sets, the moves
 * after them hops (where the chip makes them). */
static int run_device(const char *device, unsigned reps, struct bench_json *js)
{
	static const unsigned pairs[][2] = { { 36, 40 }, { 132, 136 },
		                             { 6, 8 } };
	struct retune_event re;
	struct dvr_config cfg = { .on_event = on_event, .user = &re,
		                  .tx_power = 1300,
		                  /* no thermal upkeep between the sets */
		                  .track_period_ms = 3600000 };
	dvr_device *dev;
	int st = dvr_open(device, &cfg, &dev);
	if (st != DVR_OK) {
		fprintf(stderr, "retune_cost: open %s: %s\n", device,
		        dvr_strerror(st));
		return 1;
	}
	struct dvr_channel start = { .channel = 36, .bw_mhz = 20 };
	st = dvr_start(dev, &start);
	if (st != DVR_OK) {
		fprintf(stderr, "retune_cost: start %s: %s (%s)\n", device,
		        dvr_strerror(st), dvr_last_error(dev));
		dvr_close(dev);
		return 1;
	}
	int code = 0;
	unsigned at = 36;
	for (size_t k = 0; k < sizeof pairs / sizeof pairs[0] && !code; k++) {
		unsigned a = pairs[k][0], b = pairs[k][1];
		/* first visits: full sets (or a band switch) */
		if (at != a)
			code = retune(dev, &re, js, device, 0, at, a);
		code = code || retune(dev, &re, js, device, 0, a, b);
		for (unsigned r = 0; r < reps && !code; r++)
			code = retune(dev, &re, js, device, r, b, a) ||
			       retune(dev, &re, js, device, r, a, b);
		at = b;
	}
	dvr_close(dev);
	return code;
}

int main(int argc, char **argv)
{
	const char *device = NULL, *chips = DEFAULT_CHIPS;
	unsigned reps = 5;
	for (int i = 1; i < argc; i++) {
		if (i + 1 >= argc) {
			fprintf(stderr, "usage: retune_cost [--device SEL | "
			        "--chips LIST] [--reps N]\n");
			return 2;
		}
		if (!strcmp(argv[i], "--device"))
			device = argv[++i];
		else if (!strcmp(argv[i], "--chips"))
			chips = argv[++i];
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
	struct bench_json js;
	int code = 0;
	bench_json_open(&js, stdout);
	if (device) {
		code = run_device(device, reps, &js);
	} else {
		bench_air_private();
		char *list = strdup(chips);
		for (char *save = NULL, *c = strtok_r(list, ",", &save); c;
		     c = strtok_r(NULL, ",", &save)) {
			char sel[96];
			snprintf(sel, sizeof sel, "virtual:retune-%s,chip=%s", c,
			         c);
			/* a chip this build leaves out is skipped, not fatal */
			if (run_device(sel, reps, &js))
				fprintf(stderr, "retune_cost: %s skipped\n", c);
		}
		free(list);
		bench_air_cleanup();
	}
	bench_json_close(&js);
	return code;
}
