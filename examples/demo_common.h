/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What devourer-tx and devourer-rx agree on: the demo frame (a broadcast
 * 802.11 data frame whose payload carries a sequence number and a pattern derived from
 * it, so the receiver can check every byte), plus small shared helpers for
 * option parsing, clocks and signals. Public API only.
 */
#ifndef DEVOURER_DEMO_COMMON_H
#define DEVOURER_DEMO_COMMON_H

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <devourer/devourer.h>

#define DEMO_HDR_LEN 24
/* Payload: magic[4], sequence u32 LE, payload length u16 LE, pattern. */
#define DEMO_PAYLOAD_MIN 10
#define DEMO_MAGIC "DVRD"

/* Locally administered address the demo sends from (02:"dvr":00:01). */
static const uint8_t demo_src_mac[6] = {0x02, 0x64, 0x76, 0x72, 0x00, 0x01};

/* Byte i of the payload of frame seq: cheap, and differs between
 * neighbouring frames and positions so a shifted or stale buffer shows. */
static inline uint8_t demo_pattern(uint32_t seq, size_t i)
{
	uint32_t x = seq * 2654435761u + (uint32_t)i * 40503u;
	x ^= x >> 15;
	x *= 2246822519u;
	x ^= x >> 13;
	return (uint8_t)x;
}

/* Write the 802.11 header and payload of frame seq at out (DEMO_HDR_LEN
 * + payload_len bytes). */
static inline void demo_build_frame(uint8_t *out, uint32_t seq,
                                    size_t payload_len)
{
	/* Data frame, no DS bits: A1 = DA (broadcast), A2 = SA, A3 = BSSID. */
	const uint8_t hdr[DEMO_HDR_LEN] = {
		0x08, 0x00, 0x00, 0x00,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0x64, 0x76, 0x72, 0x00, 0x01,
		0x02, 0x64, 0x76, 0x72, 0x00, 0x01,
		0x00, 0x00};
	memcpy(out, hdr, sizeof hdr);
	uint8_t *p = out + DEMO_HDR_LEN;
	memcpy(p, DEMO_MAGIC, 4);
	p[4] = (uint8_t)seq;
	p[5] = (uint8_t)(seq >> 8);
	p[6] = (uint8_t)(seq >> 16);
	p[7] = (uint8_t)(seq >> 24);
	p[8] = (uint8_t)payload_len;
	p[9] = (uint8_t)(payload_len >> 8);
	for (size_t i = DEMO_PAYLOAD_MIN; i < payload_len; i++)
		p[i] = demo_pattern(seq, i);
}

enum demo_check {
	DEMO_NOT_OURS = 0, /* some other frame on the channel */
	DEMO_VALID,
	DEMO_INVALID,      /* ours, but a byte or the length is wrong */
};

/* Classify a received 802.11 frame (without FCS); *seq set when ours.
 * With verify, every payload byte is compared. */
static inline enum demo_check demo_check_frame(const uint8_t *f, size_t len,
                                               bool verify, uint32_t *seq)
{
	if (len < DEMO_HDR_LEN + 4 || (f[0] & 0x0c) != 0x08 ||
	    memcmp(f + 10, demo_src_mac, 6) != 0 ||
	    memcmp(f + DEMO_HDR_LEN, DEMO_MAGIC, 4) != 0)
		return DEMO_NOT_OURS;
	if (len < DEMO_HDR_LEN + DEMO_PAYLOAD_MIN)
		return DEMO_INVALID;
	const uint8_t *p = f + DEMO_HDR_LEN;
	*seq = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 |
	       (uint32_t)p[7] << 24;
	size_t payload_len = (size_t)(p[8] | p[9] << 8);
	if (!verify)
		return DEMO_VALID;
	if (payload_len != len - DEMO_HDR_LEN)
		return DEMO_INVALID;
	for (size_t i = DEMO_PAYLOAD_MIN; i < payload_len; i++)
		if (p[i] != demo_pattern(*seq, i))
			return DEMO_INVALID;
	return DEMO_VALID;
}

static inline double demo_now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Sleep ms milliseconds; returns early on a signal. */
static inline void demo_sleep_ms(unsigned ms)
{
	struct timespec ts = {.tv_sec = ms / 1000,
	                      .tv_nsec = (long)(ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

/* Set by the signal handler, which may run on any thread of the program
 * (libusb's event thread, the library's): a lock-free atomic, not a
 * volatile sig_atomic_t, which is only safe to share with a handler run
 * by the thread that reads it. */
static atomic_int demo_stop;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "demo_stop must be lock-free");

static inline void demo_on_signal(int sig)
{
	(void)sig;
	atomic_store(&demo_stop, 1);
}

/* SIGINT/SIGTERM end the main loop; no SA_RESTART so sleeps wake up. */
static inline void demo_install_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = demo_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* Parse an unsigned option value in [min, max]; false if malformed. */
static inline bool demo_parse_uint(const char *s, unsigned long min,
                                   unsigned long max, unsigned long *out)
{
	char *end;
	errno = 0;
	if (!s || *s == '\0' || *s == '-')
		return false;
	unsigned long v = strtoul(s, &end, 0);
	if (errno || *end != '\0' || v < min || v > max)
		return false;
	*out = v;
	return true;
}

/* The options both demos take. */
struct demo_options {
	const char *selector;
	struct dvr_channel channel;
	unsigned long count;   /* frames (rx: valid frames); 0 = no limit */
	unsigned long seconds; /* 0 = no limit */
};

/* Handle -d -c -w -n -t. Returns 1 when opt was one of them, 0 when it is
 * not ours, -1 for a bad value. */
static inline int demo_common_option(char opt, const char *val,
                                     struct demo_options *o)
{
	unsigned long v;
	switch (opt) {
	case 'd':
		o->selector = val;
		return 1;
	case 'c':
		if (!demo_parse_uint(val, 1, 196, &v))
			return -1;
		o->channel.channel = (uint16_t)v;
		return 1;
	case 'w':
		if (!demo_parse_uint(val, 5, 80, &v) ||
		    (v != 5 && v != 10 && v != 20 && v != 40 && v != 80))
			return -1;
		o->channel.bw_mhz = (uint16_t)v;
		return 1;
	case 'n':
		return demo_parse_uint(val, 0, 4000000000ul, &o->count) ? 1 : -1;
	case 't':
		return demo_parse_uint(val, 0, 86400, &o->seconds) ? 1 : -1;
	default:
		return 0;
	}
}

/* Print init stage timings as they arrive (shared event handling). */
static inline void demo_print_event(const char *prog,
                                    const struct dvr_event *ev)
{
	switch (ev->type) {
	case DVR_EVENT_INIT_STAGE:
		printf("%s: init %-9s %8.1f ms\n", prog, ev->init.stage,
		       ev->init.ms);
		break;
	case DVR_EVENT_INIT_DONE:
		printf("%s: init %-9s %8.1f ms\n", prog,
		       ev->init.stage ? ev->init.stage : "total", ev->init.ms);
		break;
	case DVR_EVENT_CHANNEL:
		printf("%s: channel %u, %u MHz\n", prog, ev->channel.channel,
		       ev->channel.bw_mhz);
		break;
	case DVR_EVENT_CALIBRATION:
		if (ev->calibration.failed_tx | ev->calibration.failed_rx)
			fprintf(stderr, "%s: %s failed at channel %u (paths "
			        "TX 0x%x RX 0x%x)\n", prog,
			        ev->calibration.what ? ev->calibration.what : "",
			        ev->calibration.channel,
			        (unsigned)ev->calibration.failed_tx,
			        (unsigned)ev->calibration.failed_rx);
		break;
	case DVR_EVENT_WARNING:
		/* The same text reaches stderr through the driver's log
		 * (dvr_config.on_log unset). */
		break;
	case DVR_EVENT_ERROR:
		fprintf(stderr, "%s: fatal: %s (%s)\n", prog,
		        ev->error.message ? ev->error.message : "",
		        dvr_strerror(ev->error.status));
		break;
	}
	fflush(stdout);
}

#endif /* DEVOURER_DEMO_COMMON_H */
