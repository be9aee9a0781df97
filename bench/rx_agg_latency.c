/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RX latency each USB RX aggregation setting adds, over virtual adapters,
 * and what USB TX aggregation does to a burst's latency:
 *
 *   rx_agg_latency [--packets N] [--len BYTES] [--bursts N] [--burst-len N]
 *
 * Two RTL8812AU virtual adapters on ch 36/20; the talker sends one frame
 * at a time (6 Mbit/s OFDM), the listener's callback stamps it. Between
 * runs the bench sets the listener chip's REG_RXDMA_AGG_PG_TH (0x280:
 * size threshold [7:0], timeout [15:8]) and the RXDMA_AGG_EN bit (0x10C
 * bit 2) in the model, which applies them in its bulk-IN path (vchip_rx.c
 * rx_dma) the way the chip closes aggregates. The settings are those of
 * the references:
 *   off        aggregation disabled (RXDMA_AGG_EN clear)
 *   rtw88-off  rtw88's "disabled" values 0x00 / 0x01
 *   openipc    OpenIPC devourer's 0x01 / 0x01 (USB2)
 *   ours       rtw88's size with the shortest timeout, 0x05 / 0x01: what
 *              our HAL programs (hal/jaguar1/jaguar1_mac.c init_rx_dma)
 *   rtw88-v2   rtw88 / vendor USB2 values 0x05 / 0x20
 * Latency = callback time - time just before dvr_send; it includes the
 * frame's airtime, so the "off" row is the floor and the others' excess
 * over it is what the setting adds. Prints a JSON array: one record per
 * setting with median and p99 in microseconds.
 *
 * TX aggregation (--bursts, 0 skips it): two RTL8822CU virtual adapters
 * on ch 36/20; the talker, in async mode with aggregation off and then
 * on, sends --bursts bursts of --burst-len frames (--len bytes, HT MCS 7)
 * back to back, as the link sends a FEC block's parity, and waits for
 * the whole burst to arrive before the next. Latency of a frame = its
 * callback time - the time just before the burst's first dvr_send: the
 * first frame's and the last's medians and p99 per setting, one record
 * each ("tx_agg_latency").
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <devourer/devourer.h>

#include "bench/bench_probe.h"
#include "libdevourer/virtual/vchip.h"

#define MAX_PACKETS 2000

#define MAX_BURSTS 2000
#define MAX_BURST_LEN 64

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static unsigned received;
static double rx_ns;
/* TX bursts: arrival time of each frame of the burst (its index after
 * the tag), how many arrived. */
static double burst_rx_ns[MAX_BURST_LEN];
static unsigned burst_got;

/* With lock held: wait up to 2 s for *count (written by the RX callback
 * under lock) to reach want; whether it did. */
static bool wait_count(const unsigned *count, unsigned want)
{
	struct timespec dl;
	clock_gettime(CLOCK_REALTIME, &dl);
	dl.tv_sec += 2;
	int r = 0;
	while (*count < want && r == 0)
		r = pthread_cond_timedwait(&cond, &lock, &dl);
	return *count >= want;
}

static void on_rx_burst(void *user, const struct dvr_rx_frame *f)
{
	(void)user;
	if (f->len < 24 + 7 || memcmp(f->data + 24, "aggtxb", 6) != 0)
		return;
	unsigned i = f->data[30];
	pthread_mutex_lock(&lock);
	if (i < MAX_BURST_LEN)
		burst_rx_ns[i] = bench_now_ns();
	burst_got++;
	pthread_cond_broadcast(&cond);
	pthread_mutex_unlock(&lock);
}

static void on_rx(void *user, const struct dvr_rx_frame *f)
{
	(void)user;
	if (f->len < 24 + 6 || memcmp(f->data + 24, "aggbch", 6) != 0)
		return;
	pthread_mutex_lock(&lock);
	rx_ns = bench_now_ns();
	received++;
	pthread_cond_broadcast(&cond);
	pthread_mutex_unlock(&lock);
}

static _Noreturn void die(const char *what)
{
	fprintf(stderr, "rx_agg_latency: %s\n", what);
	bench_air_cleanup();
	exit(1);
}

static dvr_device *start_cfg(const char *sel, struct dvr_config cfg)
{
	dvr_device *d = NULL;
	if (dvr_open(sel, &cfg, &d) != DVR_OK)
		die("open failed");
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 20 };
	if (dvr_start(d, &ch) != DVR_OK)
		die(dvr_last_error(d));
	return d;
}

static dvr_device *start(const char *sel, dvr_rx_fn fn)
{
	return start_cfg(sel, (struct dvr_config){ .on_rx = fn });
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double pct(const double *sorted, unsigned n, unsigned p)
{
	unsigned i = n * p / 100;
	return n ? sorted[i < n ? i : n - 1] : 0;
}

/* The TX aggregation part (see the header). */
static void tx_bursts(struct bench_json *js, unsigned bursts,
                      unsigned burst_len, unsigned len)
{
	static const enum dvr_tx_agg aggs[] = { DVR_TX_AGG_OFF,
	                                        DVR_TX_AGG_ON };
	static double first_us[MAX_BURSTS], last_us[MAX_BURSTS];
	dvr_device *rx = start("virtual:aggt-rx,chip=8822c", on_rx_burst);
	const struct dvr_tx_params p = {
		.rate = { .kind = DVR_RATE_HT, .mcs = 7 }, .bw_mhz = 20,
		.no_ack = true,
	};
	uint8_t fr[24 + 1500];
	static const uint8_t hdr[24] = {
		0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0, 0, 0, 0, 0x0a, 0x02, 0, 0, 0, 0, 0x0a,
	};
	memset(fr, 0x5a, sizeof fr);
	memcpy(fr, hdr, sizeof hdr);
	memcpy(fr + 24, "aggtxb", 6);
	for (size_t a = 0; a < sizeof aggs / sizeof aggs[0]; a++) {
		char sel[64];
		snprintf(sel, sizeof sel, "virtual:aggt-tx%zu,chip=8822c", a);
		dvr_device *tx = start_cfg(sel, (struct dvr_config){
			.tx_mode = DVR_TX_ASYNC, .tx_agg = aggs[a] });
		struct dvr_tx_stats s0, s1;
		dvr_get_tx_stats(tx, &s0);
		unsigned got = 0;
		for (unsigned b = 0; b < bursts; b++) {
			pthread_mutex_lock(&lock);
			burst_got = 0;
			pthread_mutex_unlock(&lock);
			double t0 = bench_now_ns();
			for (unsigned i = 0; i < burst_len; i++) {
				fr[30] = (uint8_t)i;
				if (dvr_send_raw(tx, fr, 24 + (size_t)len, &p) !=
				    DVR_OK)
					die("send failed");
			}
			pthread_mutex_lock(&lock);
			if (wait_count(&burst_got, burst_len)) {
				first_us[got] = (burst_rx_ns[0] - t0) / 1000.0;
				last_us[got] = (burst_rx_ns[burst_len - 1] - t0) /
				               1000.0;
				got++;
			}
			pthread_mutex_unlock(&lock);
		}
		dvr_get_tx_stats(tx, &s1);
		dvr_close(tx);
		qsort(first_us, got, sizeof first_us[0], cmp_double);
		qsort(last_us, got, sizeof last_us[0], cmp_double);
		bench_json_record(js);
		bench_json_str(js, "bench", "tx_agg_latency");
		bench_json_str(js, "agg", aggs[a] == DVR_TX_AGG_ON ? "on" : "off");
		bench_json_num(js, "frame_len", len);
		bench_json_num(js, "burst_len", burst_len);
		bench_json_num(js, "bursts", got);
		bench_json_num(js, "lost_bursts", bursts - got);
		bench_json_num(js, "frames", (double)(s1.completed - s0.completed));
		bench_json_num(js, "transfers",
		               (double)(s1.transfers - s0.transfers));
		bench_json_num(js, "first_median_us", pct(first_us, got, 50));
		bench_json_num(js, "first_p99_us", pct(first_us, got, 99));
		bench_json_num(js, "last_median_us", pct(last_us, got, 50));
		bench_json_num(js, "last_p99_us", pct(last_us, got, 99));
		bench_json_end_record(js);
	}
	dvr_close(rx);
}

struct setting {
	const char *name;
	uint8_t size, timeout;
	bool agg_en;
};

int main(int argc, char **argv)
{
	unsigned packets = 200, len = 1000, bursts = 100, burst_len = 12;
	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--packets"))
			packets = (unsigned)atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--len"))
			len = (unsigned)atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--bursts"))
			bursts = (unsigned)atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--burst-len"))
			burst_len = (unsigned)atoi(argv[i + 1]);
		else
			die("usage: rx_agg_latency [--packets N] [--len BYTES] "
			    "[--bursts N] [--burst-len N]");
	}
	if (packets < 1 || packets > MAX_PACKETS || len < 64 || len > 1500 ||
	    bursts > MAX_BURSTS || burst_len < 1 || burst_len > MAX_BURST_LEN)
		die("--packets 1..2000, --len 64..1500, --bursts 0..2000, "
		    "--burst-len 1..64");
	bench_air_private();

	dvr_device *rx = start("virtual:aggb-rx,chip=8812a", on_rx);
	dvr_device *tx = start("virtual:aggb-tx,chip=8812a", NULL);
	struct vchip *vc = vchip_find("aggb-rx");
	if (!vc)
		die("no model for the listener");
	uint8_t saved_pq = (uint8_t)vchip_peek32(vc, 0x10C);

	static const struct setting settings[] = {
		{ "off", 0x00, 0x01, false },
		{ "rtw88-off", 0x00, 0x01, true },
		{ "openipc", 0x01, 0x01, true },
		{ "ours", 0x05, 0x01, true },
		{ "rtw88-v2", 0x05, 0x20, true },
	};
	/* radiotap (flags, rate 6 Mbit/s) + broadcast data header + tag */
	uint8_t fr[9 + 24 + 1500];
	memset(fr, 0, sizeof fr);
	static const uint8_t head[9 + 24] = {
		0x00, 0x00, 0x09, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0c,
		0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0, 0, 0, 0, 0x09, 0x02, 0, 0, 0, 0, 0x09, 0x00, 0x00,
	};
	memcpy(fr, head, sizeof head);
	memcpy(fr + sizeof head, "aggbch", 6);
	size_t flen = 9 + 24 + (size_t)len;
	static double lat_us[MAX_PACKETS];

	struct bench_json js;
	bench_json_open(&js, stdout);
	for (size_t s = 0; s < sizeof settings / sizeof settings[0]; s++) {
		const struct setting *st = &settings[s];
		vchip_poke8(vc, 0x280, st->size);
		vchip_poke8(vc, 0x281, st->timeout);
		vchip_poke8(vc, 0x10C, st->agg_en ? (uint8_t)(saved_pq | 0x04)
		                                  : (uint8_t)(saved_pq & ~0x04));
		unsigned got = 0;
		for (unsigned i = 0; i < packets; i++) {
			pthread_mutex_lock(&lock);
			unsigned want = received + 1;
			pthread_mutex_unlock(&lock);
			double t0 = bench_now_ns();
			if (dvr_send(tx, fr, flen) != DVR_OK)
				die("send failed");
			pthread_mutex_lock(&lock);
			bool ok = wait_count(&received, want);
			double t1 = rx_ns;
			received = want;
			pthread_mutex_unlock(&lock);
			if (ok)
				lat_us[got++] = (t1 - t0) / 1000.0;
		}
		qsort(lat_us, got, sizeof lat_us[0], cmp_double);
		bench_json_record(&js);
		bench_json_str(&js, "bench", "rx_agg_latency");
		bench_json_str(&js, "setting", st->name);
		bench_json_num(&js, "size_threshold", st->size);
		bench_json_num(&js, "timeout", st->timeout);
		bench_json_num(&js, "agg_en", st->agg_en);
		bench_json_num(&js, "frame_len", len);
		bench_json_num(&js, "packets", got);
		bench_json_num(&js, "lost", packets - got);
		bench_json_num(&js, "median_us", got ? lat_us[got / 2] : 0);
		bench_json_num(&js, "p99_us", pct(lat_us, got, 99));
		bench_json_end_record(&js);
	}
	dvr_close(tx);
	dvr_close(rx);
	if (bursts)
		tx_bursts(&js, bursts, burst_len, len);
	bench_json_close(&js);
	bench_air_cleanup();
	return 0;
}
