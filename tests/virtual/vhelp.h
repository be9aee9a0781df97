/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test helper: program the virtual chip directly through its USB
 * interface the way a driver must (power on, BB/RF on, channel, monitor,
 * firmware), and build TX descriptors by hand. Independent of hal/ on
 * purpose: these tests check the model, not the driver.
 */
#ifndef DVR_TEST_VHELP_H
#define DVR_TEST_VHELP_H

#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "libdevourer/virtual/air.h"
#include "libdevourer/virtual/vchip.h"

static inline int vh_write(struct vchip *vc, uint16_t a, uint32_t v, int n)
{
	uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
	                (uint8_t)(v >> 24)};
	return vchip_control(vc, 0x40, 0x05, a, 0, b, (uint16_t)n, 500);
}

static inline uint32_t vh_read(struct vchip *vc, uint16_t a, int n)
{
	uint8_t b[4] = {0};
	if (vchip_control(vc, 0xC0, 0x05, a, 0, b, (uint16_t)n, 500) != n)
		return 0xDEADBEEF;
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[3] << 24;
}

/* Poll a register of n bytes until (v & mask) == want, as a driver
 * does: a read every 10 us for budget_us. The chip's engines take time
 * (an EFUSE byte, a DDMA copy, the firmware's start), counted on the
 * same clock the poll reads, and the last read comes after the budget
 * has run out: a budget longer than the engine's time holds however
 * long the machine stops the test. */
static inline bool vh_poll(struct vchip *vc, uint16_t a, int n, uint32_t mask,
                           uint32_t want, unsigned budget_us)
{
	struct timespec t0, now;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		bool late = (now.tv_sec - t0.tv_sec) * 1000000L +
		                    (now.tv_nsec - t0.tv_nsec) / 1000 >
		            (long)budget_us;
		uint32_t v = vh_read(vc, a, n);
		if (v != 0xDEADBEEF && (v & mask) == want)
			return true;
		if (late)
			return false;
		struct timespec step = {0, 10000};
		nanosleep(&step, NULL);
	}
}

static inline long vh_us_since(const struct timespec *t0)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t0->tv_sec) * 1000000L +
	       (now.tv_nsec - t0->tv_nsec) / 1000;
}

/* Reads that came back within an engine's time of the command that
 * started it (conclusive) must show it still busy; a read the machine
 * delayed past that time proves nothing either way. */
struct vh_busy_probe {
	unsigned conclusive, busy;
};

static inline void vh_w8(struct vchip *vc, uint16_t a, uint8_t v)
{
	vh_write(vc, a, v, 1);
}

static inline void vh_w32(struct vchip *vc, uint16_t a, uint32_t v)
{
	vh_write(vc, a, v, 4);
}

static inline void vh_set8(struct vchip *vc, uint16_t a, uint8_t set,
                           uint8_t clr)
{
	uint8_t v = (uint8_t)vh_read(vc, a, 1);
	vh_w8(vc, a, (uint8_t)((v & ~clr) | set));
}

/* Card enable (8812A USB rows) + CR with MAC TX/RX; 0 on success. */
static inline int vh_power_on(struct vchip *vc)
{
	vh_set8(vc, 0x23, 0, 0x10);
	vh_set8(vc, 0x05, 0, 0x08);
	vh_set8(vc, 0x03, 0x04, 0);
	vh_set8(vc, 0x05, 0, 0x04);
	if (!(vh_read(vc, 0x06, 1) & 0x02))
		return -1;
	vh_set8(vc, 0x05, 0x01, 0);
	if (vh_read(vc, 0x05, 1) & 0x01)
		return -1;
	vh_write(vc, 0x100, 0x063F | 0xC0, 2);
	/* BB out of reset, RF paths enabled */
	vh_set8(vc, 0x02, 0x07, 0);
	vh_w8(vc, 0x1F, 0x07);
	vh_w8(vc, 0x76, 0x07);
	vh_w32(vc, 0xC00, 0x07); /* path A PI mode (BB table value) */
	vh_w32(vc, 0xE00, 0x07);
	return 0;
}

static inline void vh_rf_write(struct vchip *vc, unsigned path, uint8_t reg,
                               uint32_t val)
{
	vh_w32(vc, path ? 0xE90 : 0xC90,
	       ((uint32_t)reg << 20 | (val & 0xFFFFF)) & 0x0FFFFFFF);
}

static inline uint32_t vh_rf_read(struct vchip *vc, unsigned path,
                                  uint8_t reg)
{
	uint32_t v = vh_read(vc, 0x8B0, 4);
	vh_w32(vc, 0x8B0, (v & ~0xFFu) | reg);
	bool pi = vh_read(vc, path ? 0xE00 : 0xC00, 1) & 0x04;
	uint16_t rb = path ? (pi ? 0xD44 : 0xD48) : (pi ? 0xD04 : 0xD08);
	return vh_read(vc, rb, 4) & 0xFFFFF;
}

/* Tune to a centre channel / bandwidth (20/40/80), primary sub-channel
 * index sc (0 for 20 MHz): RF 0x18 band/bandwidth/channel as on every
 * Jaguar1 BB, written to paths 0 .. npaths - 1 by rf_write, with BB
 * 0x8AC [1:0] and the primary sub-channel 0x483. */
static inline void vh_tune_paths(struct vchip *vc, unsigned center,
                                 unsigned bw, unsigned sc, unsigned npaths,
                                 void (*rf_write)(struct vchip *vc,
                                                  unsigned path, uint8_t reg,
                                                  uint32_t val))
{
	uint32_t band = 0;
	if (center >= 36 && center <= 64)
		band = (1u << 16) | (1u << 8);
	else if (center >= 100 && center <= 140)
		band = (3u << 16) | (1u << 8);
	else if (center > 140)
		band = (5u << 16) | (1u << 8);
	uint32_t bwbits = bw == 20 ? 3 : bw == 40 ? 1 : 0;
	uint32_t v8ac = vh_read(vc, 0x8AC, 4);
	vh_w32(vc, 0x8AC, (v8ac & ~3u) | (bw == 20 ? 0 : bw == 40 ? 1 : 2));
	vh_w8(vc, 0x483, (uint8_t)sc);
	for (unsigned p = 0; p < npaths; p++)
		rf_write(vc, p, 0x18, band | bwbits << 10 | center);
}

/* The 8812A's two paths. */
static inline void vh_tune(struct vchip *vc, unsigned center, unsigned bw,
                           unsigned sc)
{
	vh_tune_paths(vc, center, bw, sc, 2, vh_rf_write);
}

static inline void vh_monitor(struct vchip *vc, bool keep_bad_fcs)
{
	vh_w32(vc, 0x608, keep_bad_fcs ? 0x90003B2F : 0x9000382F);
	vh_write(vc, 0x6A0, 0xFFFF, 2);
	vh_write(vc, 0x6A2, 0xFFFF, 2);
	vh_write(vc, 0x6A4, 0xFFFF, 2);
	vh_w8(vc, 0x60F, 4);
}

/* Read a whole file; NULL if absent. */
static inline uint8_t *vh_load(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	uint8_t *b = malloc(65536);
	*len = fread(b, 1, 65536, f);
	fclose(f);
	return b;
}

/* Download code into the 8051 RAM in 196-byte blocks per 4 KiB page; a
 * block of index skip_block is left out (to test integrity). Returns the
 * checksum report after the download. */
static inline int vh_fw_download(struct vchip *vc, const uint8_t *code,
                                 size_t len, long skip_block)
{
	vh_w8(vc, 0x80, 0x00);
	vh_set8(vc, 0x80, 0x01, 0);        /* MCUFWDL_EN */
	vh_set8(vc, 0x82, 0, 0x08);        /* ROM_DLEN off */
	vh_set8(vc, 0x80, 0x04, 0);        /* reset checksum report */
	long blk = 0;
	for (size_t p = 0; p * 4096 < len; p++) {
		uint32_t c = vh_read(vc, 0x80, 4);
		vh_w32(vc, 0x80, (c & ~(7u << 16)) | (uint32_t)p << 16);
		size_t n = len - p * 4096 < 4096 ? len - p * 4096 : 4096;
		for (size_t o = 0; o < n; o += 196, blk++) {
			size_t k = n - o < 196 ? n - o : 196;
			if (blk == skip_block)
				continue;
			vchip_control(vc, 0x40, 0x05, (uint16_t)(0x1000 + o), 0,
			              (uint8_t *)code + p * 4096 + o, (uint16_t)k,
			              500);
		}
	}
	int chk = (vh_read(vc, 0x80, 1) & 0x04) != 0;
	vh_set8(vc, 0x80, 0, 0x01);        /* download off */
	return chk;
}

/* MCUFWDL_RDY, then restart the 8051; returns 0x80 afterwards. */
static inline uint32_t vh_fw_boot(struct vchip *vc)
{
	vh_set8(vc, 0x80, 0x02, 0x40);
	vh_set8(vc, 0x03, 0, 0x04);
	vh_set8(vc, 0x03, 0x04, 0);
	return vh_read(vc, 0x80, 4);
}

/* Genuine firmware booted; 1 = ok, 0 = fail, -1 = firmware absent. */
static inline int vh_firmware(struct vchip *vc, const char *fwdir)
{
	char path[1024];
	size_t len;
	if (!fwdir)
		return -1;
	snprintf(path, sizeof path, "%s/rtw8812a_fw.bin", fwdir);
	uint8_t *fw = vh_load(path, &len);
	if (!fw)
		return -1;
	vh_fw_download(vc, fw + 32, len - 32, -1);
	uint32_t r = vh_fw_boot(vc);
	free(fw);
	return (r & 0xC6) == 0xC6;
}

static inline void vh_txdesc_csum(uint8_t *d)
{
	d[28] = d[29] = 0;
	uint16_t x = 0;
	for (int w = 0; w < 16; w++)
		x ^= (uint16_t)(d[2 * w] | d[2 * w + 1] << 8);
	d[28] = (uint8_t)x;
	d[29] = (uint8_t)(x >> 8);
}

/* Build desc + frame into out; returns transfer length. */
static inline size_t vh_txframe(uint8_t *out, const uint8_t *frame,
                                size_t len, uint8_t rate, unsigned qsel,
                                unsigned bw_code)
{
	memset(out, 0, 40);
	uint32_t dw[10] = {0};
	dw[0] = (uint32_t)len | 40u << 16 | 1u << 24 | 1u << 26 | 1u << 31;
	dw[1] = (uint32_t)qsel << 8 | 7u << 16;
	dw[3] = 1u << 8;                  /* USE_RATE */
	dw[4] = rate;
	dw[5] = bw_code << 5;
	for (int i = 0; i < 10; i++)
		for (int b = 0; b < 4; b++)
			out[4 * i + b] = (uint8_t)(dw[i] >> (8 * b));
	vh_txdesc_csum(out);
	memcpy(out + 40, frame, len);
	return 40 + len;
}

/* A broadcast data frame with a recognisable payload. */
static inline size_t vh_frame(uint8_t *f, size_t len, uint8_t tag)
{
	memset(f, 0, len);
	f[0] = 0x08;                      /* data */
	memset(f + 4, 0xFF, 6);           /* A1 broadcast */
	for (size_t i = 10; i < len; i++)
		f[i] = (uint8_t)(tag + i);
	return len;
}

/* A private air directory per test. */
static inline char *vh_air_dir(char *buf, size_t n)
{
	snprintf(buf, n, "/tmp/dvr-vtest-XXXXXX");
	return mkdtemp(buf);
}

static inline void vh_rm_air_dir(const char *dir)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "# could not remove %s\n", dir);
}

/* An 8812A station on air dir `air`, tuned to `center` at 20 MHz in
 * monitor mode with RX aggregation on, its genuine firmware booted; NULL
 * on any failure. */
static inline struct vchip *vh_station(const char *name, const char *air,
                                       const char *opts, const char *fwdir,
                                       unsigned center)
{
	struct vchip_config cfg = {.name = name, .air_dir = air};
	char err[128];
	if (vchip_config_parse(&cfg, opts, err, sizeof err))
		return NULL;
	struct vchip *vc;
	if (vchip_create(&cfg, &vc))
		return NULL;
	if (vh_power_on(vc) || vh_firmware(vc, fwdir) != 1) {
		vchip_destroy(vc);
		return NULL;
	}
	vh_write(vc, 0x10C, 0xF5B0 | 0x04, 2); /* + RXDMA_AGG_EN */
	vh_tune(vc, center, 20, 0);
	vh_monitor(vc, false);
	return vc;
}

/* Wait (bounded: a hang guard) until the counter at offset `off` of
 * vc's stats reaches `want`. */
static inline bool vh_wait_stat(struct vchip *vc, size_t off, uint64_t want)
{
	uint64_t deadline = air_now_ns() + 20000000000ull;
	struct vchip_stats s;
	do {
		vchip_get_stats(vc, &s);
		uint64_t v;
		memcpy(&v, (const char *)&s + off, sizeof v);
		if (v >= want)
			return true;
		sched_yield();
	} while (air_now_ns() < deadline);
	return false;
}

/* Wait until vc has aired `want` frames. */
static inline bool vh_wait_aired(struct vchip *vc, uint64_t want)
{
	return vh_wait_stat(vc, offsetof(struct vchip_stats, tx_aired), want);
}

/* Wait until vc has heard `want` frames. */
static inline bool vh_wait_heard(struct vchip *vc, uint64_t want)
{
	return vh_wait_stat(vc, offsetof(struct vchip_stats, rx_heard), want);
}

/* Send frame `tag` of len bytes at rate code `rate` on the first bulk
 * OUT endpoint; whether the chip took it. */
static inline bool vh_send(struct vchip *vc, size_t len, uint8_t tag,
                           uint8_t rate)
{
	static uint8_t f[AIR_MAX_FRAME], x[AIR_MAX_FRAME + 64];
	if (len > AIR_MAX_FRAME)
		return false;
	vh_frame(f, len, tag);
	size_t l = vh_txframe(x, f, len, rate, 0x12, 0);
	return vchip_bulk_out(vc, 0x02, x, l, 2000) == (int)l;
}

/* Walk one RX aggregate of the 8812A layout: calls fn for every packet
 * with its 802.11 frame and length (FCS included); returns the count. */
static inline unsigned vh_walk(const uint8_t *buf, size_t n,
                               void (*fn)(void *ctx, const uint8_t *frame,
                                          size_t len),
                               void *ctx)
{
	unsigned cnt = 0;
	size_t p = 0;
	while (p + 24 <= n) {
		uint32_t dw0 = buf[p] | buf[p + 1] << 8 |
		               (uint32_t)buf[p + 2] << 16 |
		               (uint32_t)buf[p + 3] << 24;
		size_t drv = ((dw0 >> 16) & 0xF) * 8, len = dw0 & 0x3FFF;
		if (p + 24 + drv + len > n)
			break;
		if (fn)
			fn(ctx, buf + p + 24 + drv, len);
		cnt++;
		p = (p + 24 + drv + len + 7) & ~(size_t)7;
	}
	return cnt;
}

static inline bool vh_has_milestone(struct vchip *vc, enum vchip_milestone m)
{
	enum vchip_milestone ms[256];
	size_t n = vchip_milestones(vc, ms, 256);
	for (size_t i = 0; i < n && i < 256; i++)
		if (ms[i] == m)
			return true;
	return false;
}

#endif /* DVR_TEST_VHELP_H */
