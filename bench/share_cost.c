/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a second stream on the same adapter costs, and what demultiplexing
 * received frames over several shares costs, through the public API.
 *
 *   share_cost [--ms 1000] [--reps 3] [--rate 1000] [--len 1000]
 *              [--shares 1,4,16,64] [--demux-rate 4000]
 *
 * Streams: a drone and a ground virtual adapter, each one device behind
 * shares (dvr_share_open). A stream is a WFB-NG link (FEC 8/12, --len
 * byte packets, HT MCS 7) sent by a drone share at --rate packets/s from
 * its own thread and received by a ground share through dvr_link_rx.
 * Phase "one": stream A alone for --ms; phase "two": A and B (another
 * radio port, its own shares, keys and FEC) at the same rate each, for
 * the same time. Both sides live in this process, so the process CPU
 * (CLOCK_PROCESS_CPUTIME_ID) of a phase is what sending and receiving
 * its packets cost end to end:
 *   cpu per packet, one stream   = cpu(one) / packets(one)
 *   extra per packet of stream B = (cpu(two) - cpu(one)) / packets(B)
 *
 * Demux: a hub adapter with N shares, each matching its own radio port
 * (dvr_link_rx_match); a far adapter sends --demux-rate short frames/s
 * of port 0 for --ms. Every frame is offered to every share's match.
 * The process CPU per frame is dominated by the air and the wake-ups, so
 * the hub's own threads (named through thread_cpu.h) are measured too:
 *   RX CPU per frame with N shares = hub threads' CPU / frames heard
 * and the slope over N is what one more share adds to each frame.
 *
 * Phases alternate per repetition so drift affects both alike. Prints a
 * JSON array of raw totals, one record per phase and repetition.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <devourer/devourer.h>
#include <devourer/link.h>

#include "bench/bench_probe.h"
#include "bench/thread_cpu.h"

static unsigned opt_ms = 1000, opt_reps = 3, opt_rate = 1000,
                opt_len = 1000, opt_demux_rate = 4000;

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level <= DVR_LOG_WARN)
		fprintf(stderr, "share_cost: driver: %s\n", msg);
}

static struct dvr_share_config base_cfg(void)
{
	struct dvr_share_config c = { 0 };
	c.device.on_log = on_log;
	c.device.tx_mode = DVR_TX_ASYNC;
	c.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };
	return c;
}

static void sleep_until(struct timespec *t)
{
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, t, NULL) != 0)
		;
}

static void add_ns(struct timespec *t, long ns)
{
	t->tv_nsec += ns;
	while (t->tv_nsec >= 1000000000L) {
		t->tv_nsec -= 1000000000L;
		t->tv_sec++;
	}
}

/* ------------------------------------------------------------------ */
/* streams                                                             */
/* ------------------------------------------------------------------ */

struct stream {
	uint8_t port;
	dvr_share *tx_share, *rx_share;
	struct dvr_link_tx *tx;
	struct dvr_link_rx *rx;
	atomic_uint_fast64_t delivered;
	atomic_uint_fast64_t send_errors;
	unsigned sent;
};

static int emit(void *user, const uint8_t *frame, size_t len)
{
	struct stream *s = user;
	int r = dvr_share_send(s->tx_share, frame, len);
	if (r != DVR_OK)
		atomic_fetch_add(&s->send_errors, 1);
	return r;
}

static void on_packet(void *user, const uint8_t *data, size_t len)
{
	(void)data;
	(void)len;
	struct stream *s = user;
	atomic_fetch_add(&s->delivered, 1);
}

static void on_frame(void *user, const struct dvr_rx_frame *f)
{
	struct stream *s = user;
	dvr_link_rx_push(s->rx, 0, f->info.signal_dbm, f->data, f->len,
	                 bench_now_ms());
}

static int stream_open(struct stream *s, uint8_t port)
{
	memset(s, 0, sizeof *s);
	s->port = port;
	struct dvr_link_keys drone, gs;
	if (dvr_link_keygen_random(&drone, &gs) != DVR_OK)
		return DVR_E_IO;
	struct dvr_link_rx_config rc = { .link_id = 7, .radio_port = port };
	int r = dvr_link_rx_new(&rc, &gs, on_packet, s, &s->rx);
	if (r != DVR_OK)
		return r;
	struct dvr_share_config c = base_cfg();
	c.device.on_rx = on_frame;
	c.device.user = s;
	dvr_link_rx_match(7, port, &c.match);
	if ((r = dvr_share_open("virtual:sc-ground", &c, &s->rx_share)) != DVR_OK)
		return r;
	c = base_cfg();
	if ((r = dvr_share_open("virtual:sc-drone", &c, &s->tx_share)) != DVR_OK)
		return r;
	struct dvr_link_tx_config tc = { .link_id = 7, .radio_port = port,
		                         .k = 8, .n = 12 };
	if ((r = dvr_link_tx_new(&tc, &drone, emit, s, &s->tx)) != DVR_OK)
		return r;
	struct dvr_tx_params p = { .rate = { .kind = DVR_RATE_HT, .mcs = 7 },
		                   .bw_mhz = 20, .no_ack = true };
	return dvr_link_tx_set_radiotap(s->tx, &p);
}

static void stream_close(struct stream *s)
{
	dvr_share_close(s->tx_share);
	dvr_share_close(s->rx_share);
	dvr_link_tx_free(s->tx);
	dvr_link_rx_free(s->rx);
}

static void *stream_send(void *arg)
{
	struct stream *s = arg;
	uint8_t *pkt = calloc(1, opt_len);
	if (!pkt)
		return NULL;
	unsigned n = (unsigned)((uint64_t)opt_rate * opt_ms / 1000u);
	long period = 1000000000L / (long)opt_rate;
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	for (unsigned i = 0; i < n; i++) {
		pkt[0] = (uint8_t)i;
		dvr_link_tx_send(s->tx, pkt, opt_len, bench_now_ms());
		add_ns(&t, period);
		sleep_until(&t);
	}
	dvr_link_tx_flush(s->tx, bench_now_ms());
	s->sent = n;
	free(pkt);
	return NULL;
}

/* Bounded wait (2 s) until every stream delivered what it sent. */
static void wait_delivered(struct stream *const *s, unsigned n)
{
	for (int t = 0; t < 2000; t++) {
		bool all = true;
		for (unsigned i = 0; i < n; i++)
			all = all && atomic_load(&s[i]->delivered) >= s[i]->sent;
		if (all)
			return;
		struct timespec ms = { 0, 1000000L };
		nanosleep(&ms, NULL);
	}
}

static void run_streams(struct bench_json *js, struct stream *const *s,
                        unsigned n, unsigned rep)
{
	uint64_t before[2], errs[2];
	for (unsigned i = 0; i < n; i++) {
		before[i] = atomic_load(&s[i]->delivered);
		errs[i] = atomic_load(&s[i]->send_errors);
	}
	pthread_t th[2];
	struct bench_probe p;
	bench_probe_begin(&p);
	for (unsigned i = 0; i < n; i++)
		pthread_create(&th[i], NULL, stream_send, s[i]);
	for (unsigned i = 0; i < n; i++)
		pthread_join(th[i], NULL);
	for (unsigned i = 0; i < n; i++)
		s[i]->sent += (unsigned)before[i];
	wait_delivered(s, n);
	bench_probe_end(&p);

	bench_json_record(js);
	bench_json_str(js, "bench", "share_cost");
	bench_json_str(js, "phase", n == 1 ? "one" : "two");
	bench_json_num(js, "rep", rep);
	bench_json_num(js, "streams", n);
	bench_json_num(js, "rate", opt_rate);
	bench_json_num(js, "len", opt_len);
	for (unsigned i = 0; i < n; i++) {
		char key[32];
		snprintf(key, sizeof key, "sent_%c", 'a' + i);
		bench_json_num(js, key, s[i]->sent - before[i]);
		snprintf(key, sizeof key, "delivered_%c", 'a' + i);
		bench_json_num(js, key,
		               (double)(atomic_load(&s[i]->delivered) -
		                        before[i]));
		snprintf(key, sizeof key, "send_errors_%c", 'a' + i);
		bench_json_num(js, key,
		               (double)(atomic_load(&s[i]->send_errors) -
		                        errs[i]));
	}
	bench_json_probe(js, &p);
	bench_json_end_record(js);
}

/* ------------------------------------------------------------------ */
/* demultiplexing                                                      */
/* ------------------------------------------------------------------ */

static atomic_uint_fast64_t demux_heard;

#define HUB_THREADS "sc-hub"

static void count_frame(void *user, const struct dvr_rx_frame *f)
{
	(void)f;
	if (user)
		atomic_fetch_add(&demux_heard, 1);
}

/* A WFB-NG-addressed frame of link 7 port 0, 100 bytes. */
static void demux_frame(uint8_t *f, size_t len)
{
	memset(f, 0, len);
	f[0] = 0x08;
	memset(f + 4, 0xff, 6);
	uint32_t id = dvr_link_channel_id(7, 0);
	for (int a = 0; a < 2; a++) {
		uint8_t *m = f + 10 + 6 * a;
		m[0] = 'W';
		m[1] = 'B';
		m[2] = (uint8_t)(id >> 24);
		m[3] = (uint8_t)(id >> 16);
		m[4] = (uint8_t)(id >> 8);
		m[5] = (uint8_t)id;
	}
}

/* CPU the hub's own threads used between two snapshots. */
static double hub_cpu(const struct thread_cpu_snap *a,
                      const struct thread_cpu_snap *b)
{
	double ns = 0;
	for (unsigned i = 0; i < b->n; i++)
		if (strcmp(b->t[i].name, HUB_THREADS) == 0)
			ns += thread_cpu_since(a, b, i);
	return ns;
}

static int run_demux(struct bench_json *js, dvr_share *far, unsigned shares,
                     unsigned rep)
{
	dvr_share *hub[64] = { 0 };
	int r = DVR_OK;
	/* The threads the hub's device starts inherit this name: their CPU
	 * is the RX path alone (reap, walk, demultiplex, callbacks). */
	thread_cpu_name_self(HUB_THREADS);
	for (unsigned i = 0; i < shares && r == DVR_OK; i++) {
		struct dvr_share_config c = base_cfg();
		c.device.on_rx = count_frame;
		/* Only share 0's frames count; the rest only cost a match. */
		static int mark;
		c.device.user = i == 0 ? &mark : NULL;
		dvr_link_rx_match(7, (uint8_t)i, &c.match);
		r = dvr_share_open("virtual:sc-hub", &c, &hub[i]);
	}
	thread_cpu_name_self("share_cost");
	if (r != DVR_OK) {
		fprintf(stderr, "share_cost: hub share: %s\n", dvr_strerror(r));
		for (unsigned i = 0; i < shares; i++)
			dvr_share_close(hub[i]);
		return r;
	}
	uint8_t f[100];
	demux_frame(f, sizeof f);
	struct dvr_tx_params p = { .rate = { .kind = DVR_RATE_HT, .mcs = 7 },
		                   .bw_mhz = 20, .no_ack = true };
	unsigned n = (unsigned)((uint64_t)opt_demux_rate * opt_ms / 1000u);
	long period = 1000000000L / (long)opt_demux_rate;
	uint64_t heard0 = atomic_load(&demux_heard);
	unsigned errors = 0;
	struct bench_probe pr;
	static struct thread_cpu_snap snap0, snap1;
	thread_cpu_take(&snap0);
	bench_probe_begin(&pr);
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	for (unsigned i = 0; i < n; i++) {
		if (dvr_share_send_raw(far, f, sizeof f, &p) != DVR_OK)
			errors++;
		add_ns(&t, period);
		sleep_until(&t);
	}
	for (int w = 0; w < 2000 && atomic_load(&demux_heard) - heard0 < n;
	     w++) {
		struct timespec ms = { 0, 1000000L };
		nanosleep(&ms, NULL);
	}
	bench_probe_end(&pr);
	thread_cpu_take(&snap1);
	bench_json_record(js);
	bench_json_str(js, "bench", "share_cost");
	bench_json_str(js, "phase", "demux");
	bench_json_num(js, "rep", rep);
	bench_json_num(js, "shares", shares);
	bench_json_num(js, "rate", opt_demux_rate);
	bench_json_num(js, "sent", n);
	bench_json_num(js, "send_errors", errors);
	bench_json_num(js, "heard",
	               (double)(atomic_load(&demux_heard) - heard0));
	bench_json_num(js, "hub_threads_ns", hub_cpu(&snap0, &snap1));
	bench_json_probe(js, &pr);
	bench_json_end_record(js);
	for (unsigned i = 0; i < shares; i++)
		dvr_share_close(hub[i]);
	return DVR_OK;
}

int main(int argc, char **argv)
{
	const char *share_list = "1,4,16,64";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v) {
			fprintf(stderr, "share_cost: %s needs a value\n", a);
			return 2;
		}
		i++;
		if (!strcmp(a, "--ms"))
			opt_ms = (unsigned)atoi(v);
		else if (!strcmp(a, "--reps"))
			opt_reps = (unsigned)atoi(v);
		else if (!strcmp(a, "--rate"))
			opt_rate = (unsigned)atoi(v);
		else if (!strcmp(a, "--len"))
			opt_len = (unsigned)atoi(v);
		else if (!strcmp(a, "--shares"))
			share_list = v;
		else if (!strcmp(a, "--demux-rate"))
			opt_demux_rate = (unsigned)atoi(v);
		else {
			fprintf(stderr, "usage: share_cost [--ms N] [--reps N] "
			        "[--rate N] [--len N] [--shares 1,2,4] "
			        "[--demux-rate N]\n");
			return 2;
		}
	}
	unsigned shares[16];
	unsigned n_shares = bench_parse_list(share_list, shares, 16);
	bool bad_shares = n_shares == 0;
	for (unsigned i = 0; i < n_shares; i++)
		bad_shares = bad_shares || shares[i] < 1 || shares[i] > 64;
	if (bad_shares || opt_ms < 100 || opt_ms > 60000 || !opt_reps ||
	    opt_reps > 50 || opt_rate < 10 || opt_rate > 20000 ||
	    opt_len < 16 || opt_len > 1400 || opt_demux_rate < 10 ||
	    opt_demux_rate > 50000) {
		fprintf(stderr, "share_cost: bad arguments\n");
		return 2;
	}
	bench_air_private();

	struct stream a, b;
	int r = stream_open(&a, 0);
	if (r == DVR_OK)
		r = stream_open(&b, 1);
	if (r != DVR_OK) {
		fprintf(stderr, "share_cost: streams: %s\n", dvr_strerror(r));
		bench_air_cleanup();
		return 1;
	}
	struct bench_json js;
	bench_json_open(&js, stdout);
	struct stream *one[1] = { &a }, *two[2] = { &a, &b };
	for (unsigned rep = 0; rep < opt_reps; rep++) {
		run_streams(&js, one, 1, rep);
		run_streams(&js, two, 2, rep);
	}
	stream_close(&a);
	stream_close(&b);

	struct dvr_share_config c = base_cfg();
	dvr_share *far = NULL;
	r = dvr_share_open("virtual:sc-far", &c, &far);
	if (r != DVR_OK) {
		fprintf(stderr, "share_cost: far: %s\n", dvr_strerror(r));
	} else {
		for (unsigned rep = 0; rep < opt_reps && r == DVR_OK; rep++)
			for (unsigned i = 0; i < n_shares && r == DVR_OK; i++)
				r = run_demux(&js, far, shares[i], rep);
		dvr_share_close(far);
	}
	bench_json_close(&js);
	bench_air_cleanup();
	return r == DVR_OK ? 0 : 1;
}
