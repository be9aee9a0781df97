/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * TX throughput and duty per rate, bandwidth and TX mode, through the
 * public API only.
 *
 *   tx_duty [--device SEL] [--channel 149] [--mcs 0-7] [--bw 20,40]
 *           [--modes async,sync] [--agg auto|off,on] [--ms 500] [--reps 3]
 *           [--len 1500]
 *
 * For each point the adapter sends back-to-back frames of --len bytes
 * (802.11, no FCS): 100 ms to fill the chip's TX FIFO, then a window of
 * --ms in steady state. From the TX counters (dvr_get_tx_stats) over the
 * wall time of that window:
 *   goodput  = completed 802.11 bytes * 8 / wall time
 *   duty     = airtime_us of the completed frames / wall time
 *   ceiling  = frame bits / airtime of one frame (the medium always busy)
 * A virtual adapter holds the medium for each frame's airtime (the model
 * paces it), so duty is the share of the medium the driver keeps busy. A
 * real adapter paces itself the same way; airtime_us is the driver's
 * estimate there too.
 * --agg runs each async point once per USB TX aggregation setting
 * (dvr_config.tx_agg; sync mode has none and runs once); each record says
 * which, and how many bulk OUT transfers carried the window's frames.
 * Prints a JSON array of raw totals, one record per point and repetition.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <devourer/devourer.h>

#include "bench/bench_probe.h"

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level <= DVR_LOG_WARN)
		fprintf(stderr, "tx_duty: driver: %s\n", msg);
}

static int parse_modes(const char *s, enum dvr_tx_mode *out)
{
	int n = 0;
	char buf[64];
	snprintf(buf, sizeof buf, "%s", s);
	for (char *tok = strtok(buf, ","); tok && n < 2; tok = strtok(NULL, ",")) {
		if (!strcmp(tok, "async"))
			out[n++] = DVR_TX_ASYNC;
		else if (!strcmp(tok, "sync"))
			out[n++] = DVR_TX_SYNC;
		else
			return 0;
	}
	return n;
}

static int parse_aggs(const char *s, enum dvr_tx_agg *out)
{
	int n = 0;
	char buf[64];
	snprintf(buf, sizeof buf, "%s", s);
	for (char *tok = strtok(buf, ","); tok && n < 3; tok = strtok(NULL, ",")) {
		if (!strcmp(tok, "auto"))
			out[n++] = DVR_TX_AGG_AUTO;
		else if (!strcmp(tok, "off"))
			out[n++] = DVR_TX_AGG_OFF;
		else if (!strcmp(tok, "on"))
			out[n++] = DVR_TX_AGG_ON;
		else
			return 0;
	}
	return n;
}

static const char *agg_name(enum dvr_tx_agg a)
{
	return a == DVR_TX_AGG_OFF ? "off" : a == DVR_TX_AGG_ON ? "on" : "auto";
}

int main(int argc, char **argv)
{
	const char *device = NULL, *mcs_list = "0,1,2,3,4,5,6,7",
	           *bw_list = "20,40", *mode_list = "async,sync",
	           *agg_list = "auto";
	unsigned channel = 149, ms = 500, reps = 3, len = 1500;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v) {
			fprintf(stderr, "tx_duty: %s needs a value\n", a);
			return 2;
		}
		i++;
		if (!strcmp(a, "--device"))
			device = v;
		else if (!strcmp(a, "--channel"))
			channel = (unsigned)atoi(v);
		else if (!strcmp(a, "--mcs"))
			mcs_list = v;
		else if (!strcmp(a, "--bw"))
			bw_list = v;
		else if (!strcmp(a, "--modes"))
			mode_list = v;
		else if (!strcmp(a, "--agg"))
			agg_list = v;
		else if (!strcmp(a, "--ms"))
			ms = (unsigned)atoi(v);
		else if (!strcmp(a, "--reps"))
			reps = (unsigned)atoi(v);
		else if (!strcmp(a, "--len"))
			len = (unsigned)atoi(v);
		else {
			fprintf(stderr, "usage: tx_duty [--device SEL] [--channel N] "
			        "[--mcs 0,1,..] [--bw 20,40] [--modes async,sync] "
			        "[--agg auto,off,on] [--ms N] [--reps N] [--len N]\n");
			return 2;
		}
	}
	unsigned mcs[32], bws[4];
	enum dvr_tx_mode modes[2];
	enum dvr_tx_agg aggs[3];
	unsigned n_mcs = bench_parse_list(mcs_list, mcs, 32);
	unsigned n_bw = bench_parse_list(bw_list, bws, 4);
	int n_modes = parse_modes(mode_list, modes);
	int n_aggs = parse_aggs(agg_list, aggs);
	if (!n_mcs || !n_bw || !n_modes || !n_aggs || ms < 50 || ms > 60000 || !reps ||
	    reps > 50 || len < 24 || len > 11000) {
		fprintf(stderr, "tx_duty: bad arguments\n");
		return 2;
	}

	bool private_air = !device;
	if (private_air) {
		bench_air_private();
		device = "virtual:duty-tx";
	}
	/* A broadcast data frame; its payload does not matter for airtime. */
	uint8_t *frame = calloc(1, len);
	if (!frame)
		return 1;
	static const uint8_t hdr[24] = { 0x08, 0, 0, 0, 0xff, 0xff, 0xff, 0xff,
	                                 0xff, 0xff, 0x02, 0x11, 0x22, 0x33,
	                                 0x44, 0x55, 0x02, 0x11, 0x22, 0x33,
	                                 0x44, 0x55 };
	memcpy(frame, hdr, sizeof hdr);
	for (unsigned i = 24; i < len; i++)
		frame[i] = (uint8_t)(i * 7);

	struct bench_json js;
	bench_json_open(&js, stdout);
	int exit_code = 0;
	for (int m = 0; m < n_modes; m++)
	for (int g = 0; g < (modes[m] == DVR_TX_SYNC ? 1 : n_aggs); g++) {
		struct dvr_config cfg = { .on_log = on_log, .tx_mode = modes[m],
		                          .tx_agg = aggs[g] };
		dvr_device *dev;
		int st = dvr_open(device, &cfg, &dev);
		if (st != DVR_OK) {
			fprintf(stderr, "tx_duty: open %s: %s\n", device,
			        dvr_strerror(st));
			exit_code = 1;
			break;
		}
		struct dvr_channel ch = { .channel = (uint16_t)channel,
		                          .bw_mhz = 20 };
		if ((st = dvr_start(dev, &ch)) != DVR_OK) {
			fprintf(stderr, "tx_duty: start: %s (%s)\n",
			        dvr_strerror(st), dvr_last_error(dev));
			dvr_close(dev);
			exit_code = 1;
			break;
		}
		for (unsigned b = 0; b < n_bw; b++) {
			ch.bw_mhz = (uint16_t)bws[b];
			ch.secondary = bws[b] == 40 ? 1 : 0;
			if ((st = dvr_set_channel(dev, &ch)) != DVR_OK) {
				fprintf(stderr, "tx_duty: %u MHz: %s\n", bws[b],
				        dvr_strerror(st));
				continue;
			}
			for (unsigned k = 0; k < n_mcs; k++)
			for (unsigned r = 0; r < reps; r++) {
				struct dvr_tx_params p = {
					.rate = { .kind = DVR_RATE_HT,
					          .mcs = (uint8_t)mcs[k] },
					.bw_mhz = (uint8_t)bws[b], .no_ack = true,
				};
				/* Steady state only: the chip's TX FIFO takes the
				 * first ~100 KiB at bus speed, so completions run
				 * ahead of the air until it is full. Warm up, then
				 * count over a window that ends before the flush. */
				uint64_t errors = 0;
				double until = bench_now_ns() + 100e6;
				while (bench_now_ns() < until)
					if (dvr_send_raw(dev, frame, len, &p) != DVR_OK)
						errors++;
				struct dvr_tx_stats s0, s1;
				dvr_get_tx_stats(dev, &s0);
				struct bench_probe pr;
				bench_probe_begin(&pr);
				double end = pr.wall_ns + ms * 1e6;
				while (bench_now_ns() < end) {
					if (dvr_send_raw(dev, frame, len, &p) != DVR_OK)
						errors++;
				}
				dvr_get_tx_stats(dev, &s1);
				bench_probe_end(&pr);
				/* Let the FIFO drain on the air before the next
				 * point (at most ~130 ms of MCS0 frames). */
				dvr_flush(dev, 10000);
				struct timespec drain = { 0, 200 * 1000 * 1000 };
				nanosleep(&drain, NULL);
				bench_json_record(&js);
				bench_json_str(&js, "bench", "duty");
				bench_json_str(&js, "device", device);
				bench_json_str(&js, "chip", dvr_chip_name(dev));
				bench_json_str(&js, "mode", modes[m] == DVR_TX_SYNC
				                            ? "sync" : "async");
				bench_json_str(&js, "agg", modes[m] == DVR_TX_SYNC
				                           ? "off" : agg_name(aggs[g]));
				bench_json_num(&js, "agg_frames",
				               dvr_tx_agg_frames(dev));
				bench_json_num(&js, "bw", bws[b]);
				bench_json_num(&js, "mcs", mcs[k]);
				bench_json_num(&js, "rep", r);
				bench_json_num(&js, "len", len);
				bench_json_num(&js, "frame_airtime_us",
				               dvr_airtime_us(&p.rate, bws[b], false,
				                              len + 4));
				bench_json_num(&js, "phy_kbps",
				               dvr_phy_rate_kbps(&p.rate, bws[b], false));
				bench_json_num(&js, "completed",
				               (double)(s1.completed - s0.completed));
				bench_json_num(&js, "bytes", (double)(s1.bytes - s0.bytes));
				bench_json_num(&js, "airtime_us",
				               (double)(s1.airtime_us - s0.airtime_us));
				bench_json_num(&js, "transfers",
				               (double)(s1.transfers - s0.transfers));
				bench_json_num(&js, "agg_transfers",
				               (double)(s1.agg_transfers -
				                        s0.agg_transfers));
				bench_json_num(&js, "failed",
				               (double)(s1.failed - s0.failed +
				                        s1.timeouts - s0.timeouts));
				bench_json_num(&js, "send_errors", (double)errors);
				bench_json_probe(&js, &pr);
				bench_json_end_record(&js);
			}
		}
		dvr_close(dev);
	}
	bench_json_close(&js);
	free(frame);
	if (private_air)
		bench_air_cleanup();
	return exit_code;
}
