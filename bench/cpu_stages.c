/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * CPU per input packet, stage by stage, TX and RX, at several packet sizes.
 *
 *   cpu_stages [--packets N] [--reps R] [--sizes 64,512,1500,3800]
 *              [--callgrind]
 *
 * The unit is one application packet of S bytes (what a GStreamer buffer
 * or a UDP datagram hands the link). The link turns k packets into n
 * 802.11 frames (k=8, n=12 here), so the stages below the link handle
 * n/k = 1.5 frames per packet; every figure is per input packet so the
 * stages add up to the cost of the path.
 *
 * TX stages: memcpy of S bytes (the floor), the AEAD floor (the n/k seals
 * of S+3-byte fragments the link TX cannot avoid: with the link's AEAD on
 * libcrypto, and with libsodium's, which the link used before), link TX
 * (framing, FEC, ChaCha20-Poly1305), radiotap parse+merge (what dvr_send does first), TX
 * descriptor build through the chip ops, and dvr_send end to end over a
 * virtual adapter (caller thread = the driver's submit path; the other
 * threads = virtual transport OUT worker + chip model + air: the model's
 * own cost, which a real adapter does in silicon). dvr_send again over a
 * virtual RTL8822CU in async mode, without and with USB TX aggregation
 * (tx_send_8822c, tx_send_8822c_agg: up to 3 frames per bulk OUT), each
 * record with the bulk OUT transfers its frames took.
 * RX stages: aggregate walk + RX descriptor parse (dvr_rx_walk over bulk IN
 * transfers captured from the virtual chip: real aggregates as the model
 * lays them out), radiotap RX header build (monitor/pcap output), link RX
 * (authenticate, decrypt, reorder; no loss), link RX with one data
 * fragment of every block lost (adds the FEC decode).
 *
 * Prints a JSON array of raw totals per stage, size and repetition; with
 * --callgrind, each stage is also bracketed by callgrind client requests
 * (zero, then dump named "stage size") so valgrind --tool=callgrind
 * reports its instruction count in a file of its own.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include <devourer/devourer.h>
#include <devourer/link.h>
#include <devourer/radiotap.h>

#include "bench/bench_probe.h"
#include "hal/hal.h"
#include "libdevourer/link/aead.h"
#include "libdevourer/src/rx_walk.h"
#include "libdevourer/virtual/vchip.h"

#ifdef DVR_BENCH_CALLGRIND
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_ZERO_STATS do { } while (0)
#define CALLGRIND_DUMP_STATS_AT(name) do { (void)(name); } while (0)
#endif

#define MAX_SIZES 8
#define FEC_K 8
#define FEC_N 12
#define CHANNEL 149
#define BW 40
#define AGG_BUF 32768

static const char *TX_NAME = "cpu-tx", *RX_NAME = "cpu-rx";
/* The RTL8822CU senders: one frame per transfer, and packed. */
static const char *TX22_NAME = "cpu-tx22,chip=8822c",
                  *TX22_AGG_NAME = "cpu-tx22a,chip=8822c";

/* A packed list of byte strings (frames or aggregates). */
struct blobs {
	uint8_t *buf;
	size_t used, cap;
	size_t *off, *len;
	size_t count, max;
};

static int blobs_init(struct blobs *b, size_t cap, size_t max)
{
	memset(b, 0, sizeof *b);
	b->buf = malloc(cap);
	b->off = calloc(max, sizeof *b->off);
	b->len = calloc(max, sizeof *b->len);
	b->cap = cap;
	b->max = max;
	return b->buf && b->off && b->len ? 0 : -1;
}

static void blobs_free(struct blobs *b)
{
	free(b->buf);
	free(b->off);
	free(b->len);
	memset(b, 0, sizeof *b);
}

static int blobs_add(struct blobs *b, const uint8_t *p, size_t len)
{
	if (b->count == b->max || b->used + len > b->cap)
		return -1;
	memcpy(b->buf + b->used, p, len);
	b->off[b->count] = b->used;
	b->len[b->count++] = len;
	b->used += len;
	return 0;
}

struct size_run {
	unsigned size;
	struct blobs frames;   /* link output: radiotap + 802.11 frame */
	struct blobs aggs;     /* bulk IN transfers captured on the RX chip */
	/* RX side, from one untimed walk of aggs */
	size_t rx_frames;      /* 802.11 frames found (no C2H) */
	const uint8_t **rx_ptr;
	size_t *rx_len;        /* without FCS */
	struct dvr_rx_info *rx_info;
	size_t rx_crc_err;
};

static struct size_run runs[MAX_SIZES];
static unsigned n_sizes;
static long packets = 2000;
static int reps = 5;
static bool callgrind;
static struct dvr_link_keys drone, ground;
static struct dvr_tx_params tx_params;
static struct bench_json js;
static volatile uint8_t sink;

static _Noreturn void die(const char *what, int st)
{
	fprintf(stderr, "cpu_stages: %s: %s\n", what, dvr_strerror(st));
	exit(1);
}

static int capture_frame(void *user, const uint8_t *f, size_t len)
{
	return blobs_add(user, f, len);
}

static int null_frame(void *user, const uint8_t *f, size_t len)
{
	(void)user;
	sink ^= f[len - 1];
	return 0;
}

static void null_packet(void *user, const uint8_t *d, size_t len)
{
	size_t *delivered = user;
	(*delivered)++;
	if (len)
		sink ^= d[0];
}

static struct dvr_link_tx *new_link_tx(dvr_link_frame_cb cb, void *user)
{
	struct dvr_link_tx_config cfg = {
		.link_id = 0x0b3c4d, .radio_port = 0, .k = FEC_K, .n = FEC_N,
		.epoch = 1,
	};
	struct dvr_link_tx *tx;
	int st = dvr_link_tx_new(&cfg, &drone, cb, user, &tx);
	if (st != DVR_OK)
		die("dvr_link_tx_new", st);
	if ((st = dvr_link_tx_set_radiotap(tx, &tx_params)) != DVR_OK)
		die("dvr_link_tx_set_radiotap", st);
	return tx;
}

static struct dvr_link_rx *new_link_rx(size_t *delivered)
{
	struct dvr_link_rx_config cfg = { .link_id = 0x0b3c4d };
	struct dvr_link_rx *rx;
	int st = dvr_link_rx_new(&cfg, &ground, null_packet, delivered, &rx);
	if (st != DVR_OK)
		die("dvr_link_rx_new", st);
	return rx;
}

/* Input packets: slices of a random pool, a different one each time. */
static uint8_t pool[8192];

static const uint8_t *packet_at(long i)
{
	return pool + (size_t)(i * 61) % 4096;
}

/* ---------------- capture: real aggregates from the chip model -------- */

struct drain {
	struct vchip *vc;
	uint8_t ep;
	atomic_bool stop;
	pthread_mutex_t lock;
	struct blobs *into;
	double last_ns;
	uint64_t errors;
};

static void *drain_thread(void *arg)
{
	struct drain *d = arg;
	static uint8_t buf[AGG_BUF];
	while (!atomic_load(&d->stop)) {
		int r = vchip_bulk_in(d->vc, d->ep, buf, sizeof buf, 20);
		if (r <= 0)
			continue;
		pthread_mutex_lock(&d->lock);
		if (!d->into || blobs_add(d->into, buf, (size_t)r) != 0)
			d->errors++;
		d->last_ns = bench_now_ns();
		pthread_mutex_unlock(&d->lock);
	}
	return NULL;
}

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level <= DVR_LOG_WARN)
		fprintf(stderr, "cpu_stages: driver: %s\n", msg);
}

static dvr_device *open_started(const char *name, bool rx,
                                enum dvr_tx_agg agg)
{
	char sel[64];
	snprintf(sel, sizeof sel, "virtual:%s", name);
	struct dvr_config cfg = {
		.on_log = on_log, .tx_mode = DVR_TX_ASYNC, .enable_rx = rx,
		.tx_agg = agg,
	};
	dvr_device *dev;
	int st = dvr_open(sel, &cfg, &dev);
	if (st != DVR_OK)
		die("dvr_open", st);
	struct dvr_channel ch = { .channel = CHANNEL, .bw_mhz = BW,
	                          .secondary = 1 };
	if ((st = dvr_start(dev, &ch)) != DVR_OK) {
		fprintf(stderr, "cpu_stages: %s\n", dvr_last_error(dev));
		die("dvr_start", st);
	}
	return dev;
}

static void send_all(dvr_device *dev, const struct blobs *f)
{
	for (size_t i = 0; i < f->count; i++) {
		int st = dvr_send(dev, f->buf + f->off[i], f->len[i]);
		if (st != DVR_OK)
			die("dvr_send", st);
	}
	int st = dvr_flush(dev, 10000);
	if (st != DVR_OK)
		die("dvr_flush", st);
}

static void capture(dvr_device *tx)
{
	/* The RX adapter posts no bulk IN of its own (enable_rx off): this
	 * thread reads the chip's bulk IN endpoint as the USB host would. */
	dvr_device *rx = open_started(RX_NAME, false, DVR_TX_AGG_AUTO);
	struct drain d = { .vc = vchip_find(RX_NAME) };
	if (!d.vc)
		die("vchip_find", DVR_E_NOT_FOUND);
	struct vchip_usb_desc desc;
	vchip_usb_desc(d.vc, &desc);
	d.ep = desc.in_ep;
	pthread_mutex_init(&d.lock, NULL);
	pthread_t th;
	if (pthread_create(&th, NULL, drain_thread, &d))
		die("pthread_create", DVR_E_NO_MEM);
	for (unsigned s = 0; s < n_sizes; s++) {
		struct size_run *r = &runs[s];
		if (blobs_init(&r->aggs, r->frames.used + r->frames.count * 96
		                         + 1024 * 1024, r->frames.count + 64))
			die("capture buffer", DVR_E_NO_MEM);
		pthread_mutex_lock(&d.lock);
		d.into = &r->aggs;
		d.last_ns = bench_now_ns();
		pthread_mutex_unlock(&d.lock);
		send_all(tx, &r->frames);
		/* Frames reach the receiver when their airtime has elapsed:
		 * wait until bulk IN has been quiet for a while. */
		for (;;) {
			struct timespec ts = { 0, 20 * 1000 * 1000 };
			nanosleep(&ts, NULL);
			pthread_mutex_lock(&d.lock);
			double quiet = bench_now_ns() - d.last_ns;
			pthread_mutex_unlock(&d.lock);
			if (quiet > 300e6)
				break;
		}
	}
	pthread_mutex_lock(&d.lock);
	d.into = NULL;
	pthread_mutex_unlock(&d.lock);
	atomic_store(&d.stop, true);
	pthread_join(th, NULL);
	if (d.errors)
		fprintf(stderr, "cpu_stages: %llu aggregates did not fit the "
		        "capture buffer\n", (unsigned long long)d.errors);
	dvr_close(rx);
}

/* ---------------- untimed RX preparation ------------------------------ */

static struct dvr_chip chip;

struct collect {
	struct size_run *r;
	size_t cap;
};

static void collect_pkt(void *user, const struct dvr_rx_pkt *pkt)
{
	struct collect *c = user;
	struct size_run *r = c->r;
	if (pkt->is_c2h || r->rx_frames == c->cap)
		return;
	if (pkt->crc_err)
		r->rx_crc_err++;
	size_t len = pkt->frame_len;
	if (pkt->has_fcs && len >= 4)
		len -= 4;
	r->rx_ptr[r->rx_frames] = pkt->frame;
	r->rx_len[r->rx_frames] = len;
	r->rx_info[r->rx_frames] = pkt->info;
	r->rx_frames++;
}

static void prepare_rx(struct size_run *r)
{
	size_t cap = r->frames.count + 64;
	r->rx_ptr = calloc(cap, sizeof *r->rx_ptr);
	r->rx_len = calloc(cap, sizeof *r->rx_len);
	r->rx_info = calloc(cap, sizeof *r->rx_info);
	if (!r->rx_ptr || !r->rx_len || !r->rx_info)
		die("rx arrays", DVR_E_NO_MEM);
	struct collect c = { r, cap };
	for (size_t i = 0; i < r->aggs.count; i++) {
		struct dvr_rx_walk_counts counts;
		dvr_rx_walk(&chip, r->aggs.buf + r->aggs.off[i], r->aggs.len[i],
		            collect_pkt, &c, &counts);
	}
}

/* ---------------- timed stages ---------------------------------------- */

/* Input packets the timed section stands for: the per-packet divisor. */
static double units;

static void emit(const char *stage, const struct size_run *r, int rep,
                 size_t frames, const struct bench_probe *p, double extra)
{
	bench_json_record(&js);
	bench_json_str(&js, "bench", "cpu");
	bench_json_str(&js, "stage", stage);
	bench_json_num(&js, "size", r->size);
	bench_json_num(&js, "packets", units);
	bench_json_num(&js, "frames", (double)frames);
	bench_json_num(&js, "rep", rep);
	bench_json_num(&js, "check", extra);
	bench_json_probe(&js, p);
	bench_json_end_record(&js);
}

#define STAGE(name, r, rep, frames, check, body)                            \
	do {                                                                \
		struct bench_probe p_;                                      \
		char cg_[64];                                               \
		snprintf(cg_, sizeof cg_, "%s %u", name, (r)->size);        \
		CALLGRIND_ZERO_STATS;                                       \
		bench_probe_begin(&p_);                                     \
		body;                                                       \
		bench_probe_end(&p_);                                       \
		CALLGRIND_DUMP_STATS_AT(cg_);                               \
		emit(name, r, rep, frames, &p_, (double)(check));           \
	} while (0)

static uint8_t copy_dst[8192];

static void walk_count(void *user, const struct dvr_rx_pkt *pkt)
{
	size_t *n = user;
	*n += !pkt->is_c2h;
}

/* dvr_send of every frame over @p dev, flushed, as one stage; the record
 * also carries the bulk OUT transfers the frames took. */
static void send_stage(const char *name, struct size_run *r, int rep,
                       dvr_device *dev)
{
	struct dvr_tx_stats s0, s1;
	struct bench_probe p;
	char cg[64];
	snprintf(cg, sizeof cg, "%s %u", name, r->size);
	dvr_get_tx_stats(dev, &s0);
	CALLGRIND_ZERO_STATS;
	bench_probe_begin(&p);
	send_all(dev, &r->frames);
	bench_probe_end(&p);
	CALLGRIND_DUMP_STATS_AT(cg);
	dvr_get_tx_stats(dev, &s1);
	bench_json_record(&js);
	bench_json_str(&js, "bench", "cpu");
	bench_json_str(&js, "stage", name);
	bench_json_num(&js, "size", r->size);
	bench_json_num(&js, "packets", units);
	bench_json_num(&js, "frames", (double)r->frames.count);
	bench_json_num(&js, "rep", rep);
	bench_json_num(&js, "check", (double)(s1.completed - s0.completed));
	bench_json_num(&js, "transfers", (double)(s1.transfers - s0.transfers));
	bench_json_num(&js, "agg_transfers",
	               (double)(s1.agg_transfers - s0.agg_transfers));
	bench_json_probe(&js, &p);
	bench_json_end_record(&js);
}

static void run_size(struct size_run *r, dvr_device *tx_dev,
                     dvr_device *tx22, dvr_device *tx22_agg, int rep)
{
	const size_t F = r->frames.count;
	const unsigned S = r->size;
	units = (double)packets;

	STAGE("memcpy", r, rep, 0, 0, {
		for (long i = 0; i < packets; i++) {
			memcpy(copy_dst, packet_at(i), S);
			__asm__ volatile("" ::: "memory");
		}
	});

	/* The AEAD floor: what sealing this many packets' fragments costs
	 * alone (n/k per packet, S+3 bytes each, the 9-byte block header
	 * as AD), with the link's AEAD and with libsodium's. */
	{
		static uint8_t sealed[DVR_LINK_MAX_FEC_PAYLOAD + 16];
		uint8_t key[32], hdr[9] = { DVR_LINK_PACKET_DATA };
		unsigned long long clen;
		const long seals = packets * FEC_N / FEC_K;
		const size_t flen = S + DVR_LINK_PACKET_HDR_LEN;
		randombytes_buf(key, sizeof key);
		struct dvr_aead *aead = NULL;
		if (dvr_aead_new(&aead) != DVR_OK ||
		    dvr_aead_set_key(aead, key) != DVR_OK)
			die("dvr_aead_new", DVR_E_NO_MEM);
		STAGE("tx_aead", r, rep, (size_t)seals, 0, {
			for (long i = 0; i < seals; i++) {
				hdr[8] = (uint8_t)i;
				dvr_aead_seal(aead, hdr + 1, hdr, sizeof hdr,
				              packet_at(i), flen, sealed);
			}
		});
		dvr_aead_free(aead);
		STAGE("tx_aead_sodium", r, rep, (size_t)seals, 0, {
			for (long i = 0; i < seals; i++) {
				hdr[8] = (uint8_t)i;
				crypto_aead_chacha20poly1305_encrypt(
					sealed, &clen, packet_at(i), flen, hdr,
					sizeof hdr, NULL, hdr + 1, key);
			}
		});
		sink ^= sealed[0];
	}

	/* Warm: the first packets page in the block buffers and announce
	 * the session; steady state is what a stream costs. */
	struct dvr_link_tx *ltx = new_link_tx(null_frame, NULL);
	uint64_t t0 = bench_now_ms();
	for (long i = 0; i < packets / 4; i++)
		dvr_link_tx_send(ltx, packet_at(i), S, t0);
	STAGE("tx_link", r, rep, F, 0, {
		for (long i = 0; i < packets; i++)
			dvr_link_tx_send(ltx, packet_at(i), S, t0);
	});
	dvr_link_tx_free(ltx);

	size_t bad = 0;
	STAGE("tx_radiotap", r, rep, F, bad, {
		for (size_t i = 0; i < F; i++) {
			struct dvr_radiotap_tx rt;
			struct dvr_tx_params p;
			if (dvr_radiotap_parse_tx(r->frames.buf + r->frames.off[i],
			                          r->frames.len[i], &rt))
				bad++;
			dvr_radiotap_merge(&rt, &tx_params, &p);
			sink ^= p.rate.mcs;
		}
	});

	static uint8_t desc[64];
	struct dvr_tx_desc_req req = { .params = &tx_params };
	/* Every frame carries the same radiotap prefix (set once on the
	 * link): the 802.11 frame starts after it. */
	struct dvr_radiotap_tx rt0;
	if (dvr_radiotap_parse_tx(r->frames.buf, r->frames.len[0], &rt0))
		die("radiotap prefix", DVR_E_INVALID);
	const struct dvr_chip_ops *ops = chip.info->ops;
	bad = 0;
	STAGE("tx_desc", r, rep, F, bad, {
		for (size_t i = 0; i < F; i++) {
			req.frame_len = r->frames.len[i] - rt0.header_len;
			if (ops->build_tx_desc(&chip, desc, &req) < 0)
				bad++;
			sink ^= desc[28];
		}
	});

	STAGE("tx_send", r, rep, F, 0, send_all(tx_dev, &r->frames));
	/* Alternated per repetition, so neither always runs second. */
	if (rep % 2) {
		send_stage("tx_send_8822c_agg", r, rep, tx22_agg);
		send_stage("tx_send_8822c", r, rep, tx22);
	} else {
		send_stage("tx_send_8822c", r, rep, tx22);
		send_stage("tx_send_8822c_agg", r, rep, tx22_agg);
	}

	size_t walked = 0;
	STAGE("rx_walk", r, rep, r->rx_frames, walked, {
		for (size_t i = 0; i < r->aggs.count; i++) {
			struct dvr_rx_walk_counts counts;
			dvr_rx_walk(&chip, r->aggs.buf + r->aggs.off[i],
			            r->aggs.len[i], walk_count, &walked, &counts);
		}
	});

	static uint8_t rt_out[128];
	STAGE("rx_radiotap", r, rep, r->rx_frames, 0, {
		for (size_t i = 0; i < r->rx_frames; i++)
			sink ^= (uint8_t)dvr_radiotap_build_rx(&r->rx_info[i],
			                                       rt_out,
			                                       sizeof rt_out);
	});

	/* A fresh receiver each time (the same frames twice would be
	 * replays), warmed on the first quarter of the stream: that pages in
	 * its reorder ring (40 blocks) and adopts the session, which a
	 * running stream has long done. The timed part is the rest; its
	 * delivered packets are the per-packet divisor and the check. */
	size_t warm = r->rx_frames / 4, delivered = 0;
	struct dvr_link_rx *lrx = new_link_rx(&delivered);
	uint64_t now = bench_now_ms();
	for (size_t i = 0; i < warm; i++)
		dvr_link_rx_push(lrx, 0, r->rx_info[i].signal_dbm, r->rx_ptr[i],
		                 r->rx_len[i], now);
	size_t before = delivered;
	{
		struct bench_probe p_;
		char cg_[64];
		snprintf(cg_, sizeof cg_, "rx_link %u", r->size);
		CALLGRIND_ZERO_STATS;
		bench_probe_begin(&p_);
		for (size_t i = warm; i < r->rx_frames; i++)
			dvr_link_rx_push(lrx, 0, r->rx_info[i].signal_dbm,
			                 r->rx_ptr[i], r->rx_len[i], now);
		dvr_link_rx_flush(lrx);
		bench_probe_end(&p_);
		CALLGRIND_DUMP_STATS_AT(cg_);
		units = (double)(delivered - before);
		emit("rx_link", r, rep, r->rx_frames - warm, &p_, (double)delivered);
	}
	dvr_link_rx_free(lrx);

	/* Data fragment 0 of every block lost: each block needs a decode.
	 * WFB data frame: 802.11 header (24), type 1, nonce big-endian
	 * (block << 8 | fragment): the fragment index is byte 24 + 8. */
	delivered = 0;
	lrx = new_link_rx(&delivered);
	for (size_t i = 0; i < warm; i++)
		dvr_link_rx_push(lrx, 0, r->rx_info[i].signal_dbm, r->rx_ptr[i],
		                 r->rx_len[i], now);
	before = delivered;
	{
		struct bench_probe p_;
		char cg_[64];
		snprintf(cg_, sizeof cg_, "rx_link_fec %u", r->size);
		CALLGRIND_ZERO_STATS;
		bench_probe_begin(&p_);
		for (size_t i = warm; i < r->rx_frames; i++) {
			const uint8_t *f = r->rx_ptr[i];
			if (r->rx_len[i] > 33 && f[24] == DVR_LINK_PACKET_DATA &&
			    f[32] == 0)
				continue;
			dvr_link_rx_push(lrx, 0, r->rx_info[i].signal_dbm, f,
			                 r->rx_len[i], now);
		}
		dvr_link_rx_flush(lrx);
		bench_probe_end(&p_);
		CALLGRIND_DUMP_STATS_AT(cg_);
		units = (double)(delivered - before);
		emit("rx_link_fec", r, rep, r->rx_frames - warm, &p_,
		     (double)delivered);
	}
	dvr_link_rx_free(lrx);
}

int main(int argc, char **argv)
{
	const char *sizes = "64,512,1500,3800";
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--packets") && i + 1 < argc)
			packets = atol(argv[++i]);
		else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
			reps = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--sizes") && i + 1 < argc)
			sizes = argv[++i];
		else if (!strcmp(argv[i], "--callgrind"))
			callgrind = true;
		else {
			fprintf(stderr, "usage: cpu_stages [--packets N] "
			        "[--reps R] [--sizes 64,512,...] [--callgrind]\n");
			return 2;
		}
	}
	unsigned size_list[MAX_SIZES];
	n_sizes = bench_parse_list(sizes, size_list, MAX_SIZES);
	if (!n_sizes || packets < FEC_K || packets > 100000 || reps < 1 ||
	    reps > 100) {
		fprintf(stderr, "cpu_stages: bad --sizes/--packets/--reps\n");
		return 2;
	}
	if (callgrind)
		reps = 1;
	if (sodium_init() < 0)
		die("sodium_init", DVR_E_IO);
	randombytes_buf(pool, sizeof pool);
	int st = dvr_link_keygen_random(&drone, &ground);
	if (st != DVR_OK)
		die("keygen", st);

	tx_params = (struct dvr_tx_params){
		.rate = { .kind = DVR_RATE_HT, .mcs = 7 }, .bw_mhz = BW,
		.short_gi = true, .no_ack = true,
	};
	chip.info = dvr_hal_find_chip(0x0bda, 0x8812);
	if (!chip.info)
		die("dvr_hal_find_chip", DVR_E_NOT_FOUND);
	chip.channel = (struct dvr_channel){ .channel = CHANNEL, .bw_mhz = BW,
	                                     .secondary = 1 };

	/* Link output for every size, once: the frames the driver gets. */
	for (unsigned s = 0; s < n_sizes; s++) {
		struct size_run *r = &runs[s];
		r->size = size_list[s];
		if (r->size > DVR_LINK_MAX_PAYLOAD || r->size > 4096) {
			fprintf(stderr, "cpu_stages: size %u too large\n", r->size);
			return 2;
		}
		size_t max = (size_t)packets * FEC_N / FEC_K + 64;
		if (blobs_init(&r->frames, max * (r->size + 128), max))
			die("frame buffer", DVR_E_NO_MEM);
		struct dvr_link_tx *ltx = new_link_tx(capture_frame, &r->frames);
		for (long i = 0; i < packets; i++)
			dvr_link_tx_send(ltx, packet_at(i), r->size, 0);
		dvr_link_tx_flush(ltx, 0);
		struct dvr_link_tx_stats ts;
		dvr_link_tx_get_stats(ltx, &ts);
		dvr_link_tx_free(ltx);
		if (ts.emit_errors)
			die("capturing link frames", DVR_E_OVERFLOW);
	}

	bench_air_private();
	dvr_device *tx_dev = open_started(TX_NAME, false, DVR_TX_AGG_AUTO);
	dvr_device *tx22 = open_started(TX22_NAME, false, DVR_TX_AGG_OFF);
	dvr_device *tx22_agg = open_started(TX22_AGG_NAME, false,
	                                    DVR_TX_AGG_ON);
	capture(tx_dev);
	for (unsigned s = 0; s < n_sizes; s++)
		prepare_rx(&runs[s]);

	bench_json_open(&js, stdout);
	bench_json_record(&js);
	bench_json_str(&js, "bench", "cpu_meta");
	bench_json_num(&js, "fec_k", FEC_K);
	bench_json_num(&js, "fec_n", FEC_N);
	bench_json_str(&js, "rate", "HT MCS7 40 MHz short GI");
	bench_json_num(&js, "callgrind", callgrind);
	bench_json_end_record(&js);
	for (unsigned s = 0; s < n_sizes; s++) {
		struct size_run *r = &runs[s];
		bench_json_record(&js);
		bench_json_str(&js, "bench", "cpu_capture");
		bench_json_num(&js, "size", r->size);
		bench_json_num(&js, "tx_frames", (double)r->frames.count);
		bench_json_num(&js, "frame_bytes", (double)r->frames.len[r->frames.count - 1]);
		bench_json_num(&js, "aggregates", (double)r->aggs.count);
		bench_json_num(&js, "rx_frames", (double)r->rx_frames);
		bench_json_num(&js, "rx_crc_errors", (double)r->rx_crc_err);
		bench_json_end_record(&js);
	}
	/* Repetitions outermost, so a burst of noise from elsewhere on the
	 * machine hits one repetition of every stage, not every repetition
	 * of one stage. */
	for (int rep = 0; rep < reps; rep++)
		for (unsigned s = 0; s < n_sizes; s++)
			run_size(&runs[s], tx_dev, tx22, tx22_agg, rep);
	bench_json_close(&js);

	dvr_close(tx22_agg);
	dvr_close(tx22);
	dvr_close(tx_dev);
	bench_air_cleanup();
	for (unsigned s = 0; s < n_sizes; s++) {
		blobs_free(&runs[s].frames);
		blobs_free(&runs[s].aggs);
		free(runs[s].rx_ptr);
		free(runs[s].rx_len);
		free(runs[s].rx_info);
	}
	return 0;
}
