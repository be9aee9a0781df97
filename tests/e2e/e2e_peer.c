/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One side of an end-to-end test, run as its own process:
 *
 *   e2e_peer tx SELECTOR CHANNEL BW COUNT RATE
 *   e2e_peer rx SELECTOR CHANNEL BW COUNT RATE TIMEOUT_MS RSSI
 *
 * RATE is leg:<500k units> | ht:<mcs>:<bw>:<sgi> | vht:<nss>:<mcs>:<bw>.
 * tx injects COUNT broadcast data frames whose bodies are a deterministic
 * function of their sequence number, through a radiotap header built here
 * by hand (independently of the library's builder), then one more, number
 * COUNT, that ends the run. rx expects exactly those frames, byte for
 * byte, with the TX vector in the metadata and the RSSI near the
 * configured one, and nothing else before the end frame (one sender, one
 * queue: the air keeps their order, so a duplicate would come before it);
 * it creates $E2E_READY_FILE once it listens. Exit status 0 only when
 * everything matched.
 */
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <devourer/devourer.h>

#define BODY_LEN 1200

struct rate_spec {
	struct dvr_tx_params p;
};

static int parse_rate(const char *s, struct dvr_tx_params *p)
{
	memset(p, 0, sizeof(*p));
	unsigned a, b, c;
	p->bw_mhz = 20;
	p->no_ack = true;
	p->keep_seq = true;
	if (sscanf(s, "leg:%u", &a) == 1) {
		p->rate.kind = DVR_RATE_LEGACY;
		p->rate.legacy_500k = (uint8_t)a;
		return 0;
	}
	if (sscanf(s, "ht:%u:%u:%u", &a, &b, &c) == 3) {
		p->rate.kind = DVR_RATE_HT;
		p->rate.mcs = (uint8_t)a;
		p->bw_mhz = (uint8_t)b;
		p->short_gi = c != 0;
		return 0;
	}
	if (sscanf(s, "vht:%u:%u:%u", &a, &b, &c) == 3) {
		p->rate.kind = DVR_RATE_VHT;
		p->rate.nss = (uint8_t)a;
		p->rate.mcs = (uint8_t)b;
		p->bw_mhz = (uint8_t)c;
		return 0;
	}
	return -1;
}

/* Radiotap by hand: TX_FLAGS (NOACK | keep sequence) + RATE/MCS/VHT. */
static size_t build_radiotap(const struct dvr_tx_params *p, uint8_t *o)
{
	size_t n = 8;
	uint32_t present = 1u << 15;
	memset(o, 0, 32);
	if (p->rate.kind == DVR_RATE_LEGACY) {
		present |= 1u << 2;
		o[n++] = p->rate.legacy_500k;
		n++;                      /* align TX_FLAGS to 2 */
		o[n++] = 0x18;            /* NOACK 0x0008 | NO_SEQ 0x0010 */
		o[n++] = 0x00;
	} else if (p->rate.kind == DVR_RATE_HT) {
		present |= 1u << 19;
		o[n++] = 0x18;
		o[n++] = 0x00;
		o[n++] = 0x01 | 0x02 | 0x04; /* known: BW, MCS, GI */
		o[n++] = (uint8_t)((p->bw_mhz == 40 ? 1 : 0) |
		                   (p->short_gi ? 0x04 : 0));
		o[n++] = p->rate.mcs;
	} else {
		present |= 1u << 21;
		o[n++] = 0x18;
		o[n++] = 0x00;
		o[n++] = 0x04 | 0x40;      /* known: GI, bandwidth */
		o[n++] = 0x00;
		o[n++] = p->short_gi ? 0x04 : 0x00;
		o[n++] = p->bw_mhz == 80 ? 4 : p->bw_mhz == 40 ? 1 : 0;
		o[n++] = (uint8_t)(p->rate.mcs << 4 | p->rate.nss);
		n += 3;                    /* users 2..4 */
		n++;                       /* coding */
		n++;                       /* group id */
		n += 2;                    /* partial aid */
	}
	o[2] = (uint8_t)n;
	o[3] = 0;
	o[4] = (uint8_t)present;
	o[5] = (uint8_t)(present >> 8);
	o[6] = (uint8_t)(present >> 16);
	o[7] = (uint8_t)(present >> 24);
	return n;
}

/* The frame with sequence number seq: 24-byte data header + body. */
static size_t build_frame(unsigned seq, uint8_t *f)
{
	static const uint8_t hdr[24] = {
		0x08, 0x00, 0x00, 0x00,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0x64, 0x76, 0x72, 0x00, 0x01,
		0x02, 0x64, 0x76, 0x72, 0x00, 0x01,
		0x00, 0x00,
	};
	memcpy(f, hdr, sizeof hdr);
	f[22] = (uint8_t)((seq & 0x0F) << 4);
	f[23] = (uint8_t)((seq >> 4) & 0xFF);
	uint8_t *b = f + 24;
	memcpy(b, "E2E!", 4);
	b[4] = (uint8_t)seq;
	b[5] = (uint8_t)(seq >> 8);
	uint32_t x = 0x9E3779B9u ^ seq;
	for (size_t i = 6; i < BODY_LEN; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		b[i] = (uint8_t)x;
	}
	return 24 + BODY_LEN;
}

struct rx_state {
	struct dvr_tx_params want;
	unsigned channel;
	int rssi;
	unsigned count;           /* frames before the end frame */
	atomic_uint valid, invalid, bad_meta;
	atomic_bool ended;        /* the end frame arrived */
	unsigned char seen[4096];
};

static void on_rx(void *user, const struct dvr_rx_frame *fr)
{
	struct rx_state *st = user;
	uint8_t expect[24 + BODY_LEN];
	if (fr->len != sizeof expect || memcmp(fr->data + 24, "E2E!", 4) != 0) {
		atomic_fetch_add(&st->invalid, 1);
		return;
	}
	unsigned seq = fr->data[28] | fr->data[29] << 8;
	build_frame(seq, expect);
	if (memcmp(fr->data, expect, sizeof expect) != 0) {
		atomic_fetch_add(&st->invalid, 1);
		return;
	}
	if (seq == st->count) {
		atomic_store(&st->ended, true);
		return;
	}
	const struct dvr_rx_info *in = &fr->info;
	bool ok = in->rate.kind == st->want.rate.kind &&
	          in->bw_mhz == st->want.bw_mhz && in->channel == st->channel &&
	          !(in->flags & DVR_RX_FCS_BAD) &&
	          in->signal_dbm >= st->rssi - 4 && in->signal_dbm <= st->rssi + 4;
	if (st->want.rate.kind == DVR_RATE_LEGACY)
		ok = ok && in->rate.legacy_500k == st->want.rate.legacy_500k;
	else
		ok = ok && in->rate.mcs == st->want.rate.mcs &&
		     (st->want.rate.kind != DVR_RATE_VHT ||
		      in->rate.nss == st->want.rate.nss) &&
		     !!(in->flags & DVR_RX_SHORT_GI) == st->want.short_gi;
	if (!ok) {
		if (atomic_fetch_add(&st->bad_meta, 1) < 3)
			fprintf(stderr,
			        "rx: metadata mismatch: kind %u mcs %u nss %u "
			        "legacy %u bw %u ch %u flags 0x%x signal %d\n",
			        in->rate.kind, in->rate.mcs, in->rate.nss,
			        in->rate.legacy_500k, in->bw_mhz, in->channel,
			        in->flags, in->signal_dbm);
		return;
	}
	if (seq < sizeof st->seen && !st->seen[seq]) {
		st->seen[seq] = 1;
		atomic_fetch_add(&st->valid, 1);
	} else {
		atomic_fetch_add(&st->invalid, 1); /* duplicate */
	}
}

static void on_event(void *user, const struct dvr_event *ev)
{
	(void)user;
	if (ev->type == DVR_EVENT_INIT_STAGE || ev->type == DVR_EVENT_INIT_DONE)
		printf("# %s: init %-8s %7.1f ms\n", ev->device, ev->init.stage,
		       ev->init.ms);
	else if (ev->type == DVR_EVENT_ERROR)
		fprintf(stderr, "%s: error: %s\n", ev->device,
		        ev->error.message);
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

int main(int argc, char **argv)
{
	if (argc < 7) {
		fprintf(stderr, "usage: see the comment at the top\n");
		return 2;
	}
	const char *mode = argv[1], *sel = argv[2];
	struct dvr_channel ch = { .channel = (uint16_t)atoi(argv[3]),
		                  .bw_mhz = (uint16_t)atoi(argv[4]) };
	unsigned count = (unsigned)atoi(argv[5]);
	struct dvr_tx_params p;
	if (parse_rate(argv[6], &p) != 0 || count > 4096) {
		fprintf(stderr, "bad rate or count\n");
		return 2;
	}
	static struct rx_state st;
	struct dvr_config cfg = { .on_event = on_event, .user = &st };
	bool rx = strcmp(mode, "rx") == 0;
	if (rx) {
		if (argc < 9)
			return 2;
		cfg.on_rx = on_rx;
		/* The whole burst fits the posted bulk IN transfers, as it
		 * would with as many URBs on a real host: the sender puts
		 * COUNT frames on the air at its rate, and a loaded machine
		 * may hold this process off for all of it. With the default
		 * 16 a loaded run took 47 of 61 VHT 80 MHz frames (no FCS
		 * error, nothing malformed): what the ring and the RX FIFO
		 * hold, the rest lost to the host's speed, which is not what
		 * this test is about. */
		cfg.rx_transfers = 64;
		st.want = p;
		st.channel = ch.channel;
		st.rssi = atoi(argv[8]);
		st.count = count;
	}
	dvr_device *dev;
	int r = dvr_open(sel, &cfg, &dev);
	if (r != DVR_OK) {
		fprintf(stderr, "%s: open %s: %s\n", mode, sel, dvr_strerror(r));
		return 1;
	}
	r = dvr_start(dev, &ch);
	if (r != DVR_OK) {
		fprintf(stderr, "%s: start: %s: %s\n", mode, dvr_strerror(r),
		        dvr_last_error(dev));
		dvr_close(dev);
		return 1;
	}
	int status = 0;
	if (rx) {
		const char *ready = getenv("E2E_READY_FILE");
		if (ready) {
			FILE *f = fopen(ready, "w");
			if (f)
				fclose(f);
		}
		/* TIMEOUT_MS is a hang guard: the run ends on the end
		 * frame, whatever the time it took */
		uint64_t end = now_ms() + (unsigned)atoi(argv[7]);
		while (!atomic_load(&st.ended) && now_ms() < end)
			sleep_ms(5);
		if (!atomic_load(&st.ended))
			fprintf(stderr, "rx: no end frame\n");
		struct dvr_rx_stats rs;
		dvr_get_rx_stats(dev, &rs);
		printf("# rx: valid=%u invalid=%u bad_meta=%u frames=%llu "
		       "crc=%llu malformed=%llu\n",
		       atomic_load(&st.valid), atomic_load(&st.invalid),
		       atomic_load(&st.bad_meta),
		       (unsigned long long)rs.frames,
		       (unsigned long long)rs.crc_errors,
		       (unsigned long long)rs.malformed);
		status = atomic_load(&st.ended) &&
		                         atomic_load(&st.valid) == count &&
		                         atomic_load(&st.invalid) == 0 &&
		                         atomic_load(&st.bad_meta) == 0 &&
		                         rs.malformed == 0
		                 ? 0
		                 : 1;
	} else {
		uint8_t buf[64 + 24 + BODY_LEN];
		for (unsigned i = 0; i <= count && status == 0; i++) {
			size_t h = build_radiotap(&p, buf);
			size_t n = build_frame(i, buf + h);
			r = dvr_send(dev, buf, h + n);
			if (r != DVR_OK) {
				fprintf(stderr, "tx: send %u: %s\n", i,
				        dvr_strerror(r));
				status = 1;
			}
		}
		/* Returns once the chip's TX queues are empty: every frame
		 * is on the air before we close. */
		if (dvr_flush(dev, 5000) != DVR_OK) {
			fprintf(stderr, "tx: flush did not finish\n");
			status = 1;
		}
		struct dvr_tx_stats ts;
		dvr_get_tx_stats(dev, &ts);
		printf("# tx: submitted=%llu completed=%llu failed=%llu "
		       "timeouts=%llu airtime_us=%llu\n",
		       (unsigned long long)ts.submitted,
		       (unsigned long long)ts.completed,
		       (unsigned long long)ts.failed,
		       (unsigned long long)ts.timeouts,
		       (unsigned long long)ts.airtime_us);
		if (ts.completed != count + 1) /* and the end frame */
			status = 1;
	}
	dvr_close(dev);
	return status;
}
