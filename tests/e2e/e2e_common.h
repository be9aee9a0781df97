/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the end-to-end tests over virtual adapters share, whichever chip
 * they bring up: a private air directory, adapters opened and started on
 * a channel, bounded waits on a condition, a broadcast data frame with a
 * tag the receivers count, and the search of the model's milestone list.
 */
#ifndef DVR_TEST_E2E_COMMON_H
#define DVR_TEST_E2E_COMMON_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"

/* A fresh air for this test alone; its path is written into dir, which
 * holds a mkdtemp template. Returns 0, or -1 if none could be made. */
static inline int e2e_air_make(char *dir)
{
	if (!mkdtemp(dir))
		return -1;
	setenv("DEVOURER_AIR_DIR", dir, 1);
	return 0;
}

static inline void e2e_air_remove(const char *dir)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
}

/* Init stage events as they arrive, and the total time INIT_DONE gave. */
struct e2e_stages {
	const char *seen[16];
	size_t n;
	double total_ms;
};

static inline void e2e_stages_on_event(void *user, const struct dvr_event *ev)
{
	struct e2e_stages *s = user;
	if (ev->type == DVR_EVENT_INIT_STAGE && s->n < 16)
		s->seen[s->n++] = ev->init.stage;
	if (ev->type == DVR_EVENT_INIT_DONE)
		s->total_ms = ev->init.ms;
}

/* Check that exactly the n stages of want arrived, in that order. */
static inline void e2e_check_stages(const struct e2e_stages *s,
                                    const char *const *want, size_t n,
                                    const char *count_what)
{
	CHECK_EQ_INT(s->n, n, count_what);
	for (size_t i = 0; i < n && i < s->n; i++)
		CHECK(strcmp(s->seen[i], want[i]) == 0, want[i]);
	CHECK(s->total_ms > 0, "total init time reported");
}

/* Index of the first want at or after from in the milestone list, or -1. */
static inline int e2e_find_milestone(const enum vchip_milestone *m, size_t n,
                                     enum vchip_milestone want, int from)
{
	for (size_t i = from < 0 ? 0 : (size_t)from; i < n; i++)
		if (m[i] == want)
			return (int)i;
	return -1;
}

/* The model's milestones (at most max), each printed as a TAP comment. */
static inline size_t e2e_milestones(struct vchip *vc,
                                    enum vchip_milestone *m, size_t max)
{
	size_t n = vchip_milestones(vc, m, max);
	if (n > max)
		n = max;
	for (size_t i = 0; i < n; i++)
		printf("# milestone %s\n", vchip_milestone_name(m[i]));
	return n;
}

/* Has the model (NULL: none) reached want at any point so far? */
static inline bool e2e_has_milestone(struct vchip *vc,
                                     enum vchip_milestone want)
{
	enum vchip_milestone m[256];
	size_t n = vc ? vchip_milestones(vc, m, 256) : 0;
	for (size_t i = 0; i < n && i < 256; i++)
		if (m[i] == want)
			return true;
	return false;
}

/* Write n bytes of d to dir/name (a firmware file where the driver looks
 * for it); 0, or -1 if any of it did not reach the file. */
static inline int e2e_write_file(const char *dir, const char *name,
                                 const uint8_t *d, size_t n)
{
	char p[600];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	FILE *f = fopen(p, "wb");
	if (!f)
		return -1;
	size_t w = fwrite(d, 1, n, f);
	return fclose(f) == 0 && w == n ? 0 : -1;
}

/* Open sel with cfg and start it on chan at 20 MHz; NULL (and why, as a
 * comment) if either step failed. */
static inline dvr_device *e2e_start_cfg(const char *sel,
                                        const struct dvr_config *cfg,
                                        unsigned chan)
{
	dvr_device *d = NULL;
	if (dvr_open(sel, cfg, &d) != DVR_OK) {
		printf("# open %s failed\n", sel);
		return NULL;
	}
	struct dvr_channel ch = { .channel = (uint16_t)chan, .bw_mhz = 20 };
	if (dvr_start(d, &ch) != DVR_OK) {
		printf("# start %s: %s\n", sel, dvr_last_error(d));
		dvr_close(d);
		return NULL;
	}
	return d;
}

/* e2e_start_cfg with only an RX callback configured. */
static inline dvr_device *e2e_start(const char *sel, dvr_rx_fn on_rx,
                                    void *user, unsigned chan)
{
	struct dvr_config cfg = { .on_rx = on_rx, .user = user };
	return e2e_start_cfg(sel, &cfg, chan);
}

static inline void e2e_pause_1ms(void)
{
	struct timespec ts = { 0, 1000000L };
	nanosleep(&ts, NULL);
}

/* Wait (at most 5 s) until the counter reaches want; returns its value. */
static inline unsigned e2e_wait_count(atomic_uint *c, unsigned want)
{
	for (int i = 0; i < 5000 && atomic_load(c) < want; i++)
		e2e_pause_1ms();
	return atomic_load(c);
}

/* Wait (at most 5 s) until the model called name has heard want frames
 * on a channel it is not tuned to; returns how many it heard. */
static inline uint64_t e2e_wait_other_channel(const char *name, uint64_t want)
{
	struct vchip *vc = vchip_find(name);
	struct vchip_stats st = { 0 };
	for (int i = 0; vc && i < 5000; i++) {
		vchip_get_stats(vc, &st);
		if (st.other_channel >= want)
			break;
		e2e_pause_1ms();
	}
	return st.other_channel;
}

/* Wait (at most 5 s) until the model called name has heard want frames
 * as energy it could not decode (a sender's board that airs nothing a
 * receiver decodes); returns how many it heard so. */
static inline uint64_t e2e_wait_undecodable(const char *name, uint64_t want)
{
	struct vchip *vc = vchip_find(name);
	struct vchip_stats st = { 0 };
	for (int i = 0; vc && i < 5000; i++) {
		vchip_get_stats(vc, &st);
		if (st.rx_undecodable >= want)
			break;
		e2e_pause_1ms();
	}
	return st.rx_undecodable;
}

/* Bytes of the tag that e2e_tagged_frame puts after the 802.11 header. */
#define E2E_TAG_LEN 6

/* Radiotap (9 bytes: flags) + broadcast data header from 02:00:00:00:00:
 * addr_last, then the tag; fr must hold E2E_FRAME_LEN bytes. */
#define E2E_FRAME_LEN (9 + 24 + 32)
static inline void e2e_tagged_frame(uint8_t *fr, uint8_t addr_last,
                                    const char *tag)
{
	static const uint8_t head[9 + 24] = {
		0x00, 0x00, 0x09, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0c,
		0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0, 0, 0, 0, 0, 0x02, 0, 0, 0, 0, 0, 0x00, 0x00,
	};
	memset(fr, 0, E2E_FRAME_LEN);
	memcpy(fr, head, sizeof head);
	fr[9 + 4 + 6 + 5] = addr_last;  /* addr2 */
	fr[9 + 4 + 12 + 5] = addr_last; /* addr3 */
	memcpy(fr + 9 + 24, tag, E2E_TAG_LEN);
}

/* Does a received frame carry tag after its 802.11 header? */
static inline int e2e_frame_has_tag(const struct dvr_rx_frame *f,
                                    const char *tag)
{
	return f->len > 24 + E2E_TAG_LEN &&
	       memcmp(f->data + 24, tag, E2E_TAG_LEN) == 0;
}

/* Retune dev to channel/bw (0 for no check of the centre) and check the
 * model followed: primary, centre, width, band. */
static inline void e2e_check_retune(dvr_device *dev, struct vchip *vc,
                                    unsigned channel, unsigned bw,
                                    unsigned center)
{
	char what[96];
	struct dvr_channel c = { .channel = (uint16_t)channel,
		                 .bw_mhz = (uint16_t)bw };
	snprintf(what, sizeof what, "retune to %u/%u", channel, bw);
	CHECK_EQ_INT(dvr_set_channel(dev, &c), DVR_OK, what);
	struct vchip_tuning tu;
	vchip_get_tuning(vc, &tu);
	snprintf(what, sizeof what, "model tuned to %u", channel);
	CHECK_EQ_INT(tu.channel, channel, what);
	if (center) {
		snprintf(what, sizeof what, "%u MHz centre %u", bw, center);
		CHECK_EQ_INT(tu.center, center, what);
	}
	snprintf(what, sizeof what, "model bandwidth %u", bw);
	CHECK_EQ_INT(tu.bw_mhz, bw, what);
	CHECK(tu.band_5g == (channel > 14),
	      channel > 14 ? "model band 5 GHz" : "model band 2.4 GHz");
}

/* Send one broadcast data frame carrying "hello" and wait for it to
 * leave the chip, as a bring-up's first transmission. */
static inline void e2e_send_hello(dvr_device *dev)
{
	static const uint8_t frame[] = {
		0x00, 0x00, 0x09, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0c, /* rt */
		0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0, 0, 0, 0, 1, 0x02, 0, 0, 0, 0, 1, 0x00, 0x00,
		'h', 'e', 'l', 'l', 'o',
	};
	CHECK_EQ_INT(dvr_send(dev, frame, sizeof frame), DVR_OK, "send one");
	CHECK_EQ_INT(dvr_flush(dev, 2000), DVR_OK, "flush");
}

#endif /* DVR_TEST_E2E_COMMON_H */
