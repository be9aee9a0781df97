/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * USB TX aggregation end to end over two virtual RTL8822CU adapters (and
 * an RTL8821AU sender where the build has it, its Jaguar1 DMA taking six
 * frames a transfer): one
 * sends a stream of frames of many lengths in async mode fast enough to
 * fill the chip's TX FIFO (OFDM 6 Mbit/s), so its bulk OUT transfers wait
 * for the air and the frames sent meanwhile share transfers; the other
 * receives. With aggregation (the default) and without:
 *  - every frame arrives once, in order, byte for byte;
 *  - the sender's counters: every frame completed, fewer transfers than
 *    frames and some carrying several with aggregation, one transfer per
 *    frame without;
 *  - the chip model took as many multi-frame transfers as the host says
 *    it sent (each one's checksum and layout passed the model's TX DMA),
 *    and dropped none;
 *  - the setting as the device reports it (dvr_tx_agg_frames), sync mode
 *    and the RTL8812AU packing nothing, an unknown setting refused.
 * Waits are on conditions (frames heard, the flush); no sleeps.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <devourer/devourer.h>

#include "hal/chips_built.h"
#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"

#define N_FRAMES 240u
#define MIN_LEN 1000u
#define MAX_LEN 3000u
#define TAG "txagg"

struct heard {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	unsigned n;          /* tagged frames heard */
	unsigned in_order;   /* of those, the next one expected */
	unsigned exact;      /* of those, byte for byte what was sent */
	unsigned dup;        /* an index heard again */
	unsigned char seen[N_FRAMES];
};

static size_t frame_len(unsigned i)
{
	/* Odd and even lengths, so blocks end at every offset mod 8. */
	return MIN_LEN + (i * 677u) % (MAX_LEN - MIN_LEN);
}

/* Frame i: broadcast data, sequence number i, the tag, its index and a
 * pattern of its own. */
static void make_frame(uint8_t *f, unsigned i)
{
	static const uint8_t hdr[24] = {
		0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0, 0, 0, 0xa9, 0x01, 0x02, 0, 0, 0, 0xa9, 0x01,
	};
	size_t len = frame_len(i);
	memcpy(f, hdr, 24);
	f[22] = (uint8_t)(i << 4);
	f[23] = (uint8_t)(i >> 4);
	memcpy(f + 24, TAG, 5);
	f[29] = (uint8_t)i;
	f[30] = (uint8_t)(i >> 8);
	for (size_t k = 31; k < len; k++)
		f[k] = (uint8_t)(i * 29u + k * 7u);
}

static void on_rx(void *user, const struct dvr_rx_frame *fr)
{
	struct heard *h = user;
	static uint8_t want[MAX_LEN];
	if (fr->len < 31 || memcmp(fr->data + 24, TAG, 5) != 0)
		return;
	unsigned i = fr->data[29] | (unsigned)fr->data[30] << 8;
	pthread_mutex_lock(&h->lock);
	if (i < N_FRAMES) {
		make_frame(want, i);
		if (fr->len == frame_len(i) &&
		    memcmp(fr->data, want, fr->len) == 0)
			h->exact++;
		if (h->seen[i])
			h->dup++;
		h->seen[i] = 1;
		if (i == h->in_order)
			h->in_order++;
	}
	h->n++;
	pthread_cond_broadcast(&h->cond);
	pthread_mutex_unlock(&h->lock);
}

/* Wait until want tagged frames were heard (at most 20 s: the stream is
 * under a second of airtime). */
static unsigned wait_heard(struct heard *h, unsigned want)
{
	struct timespec dl;
	clock_gettime(CLOCK_REALTIME, &dl);
	dl.tv_sec += 20;
	pthread_mutex_lock(&h->lock);
	while (h->n < want &&
	       pthread_cond_timedwait(&h->cond, &h->lock, &dl) == 0)
		;
	unsigned n = h->n;
	pthread_mutex_unlock(&h->lock);
	return n;
}

static dvr_device *start(const char *sel, const struct dvr_config *cfg)
{
	dvr_device *d = NULL;
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 20 };
	if (dvr_open(sel, cfg, &d) != DVR_OK) {
		printf("# open %s failed\n", sel);
		return NULL;
	}
	if (dvr_start(d, &ch) != DVR_OK) {
		printf("# start %s: %s\n", sel, dvr_last_error(d));
		dvr_close(d);
		return NULL;
	}
	return d;
}

/* @name, a sender of model @chip whose DMA takes @most frames a bulk
 * OUT, streams the frames with aggregation @agg. */
static void stream(const char *name, const char *chip, unsigned most,
                   enum dvr_tx_agg agg, struct heard *h)
{
	char sel[64], what[160];
	snprintf(sel, sizeof sel, "virtual:%s,chip=%s,seed=5", name, chip);
	/* The watchdog's upkeep would add its own transfers to the
	 * model's count: keep it out of the window. */
	struct dvr_config cfg = { .tx_mode = DVR_TX_ASYNC, .tx_agg = agg,
	                          .track_period_ms = 600000 };
	dvr_device *tx = start(sel, &cfg);
	struct vchip *vc = vchip_find(name);
	if (!CHECK(tx && vc, "sender up")) {
		dvr_close(tx);
		return;
	}
	unsigned want = agg == DVR_TX_AGG_OFF ? 1 : most;
	snprintf(what, sizeof what, "%s: %u frames per transfer at most",
	         name, want);
	CHECK_EQ_INT(dvr_tx_agg_frames(tx), want, what);

	pthread_mutex_lock(&h->lock);
	h->n = h->in_order = h->exact = h->dup = 0;
	memset(h->seen, 0, sizeof h->seen);
	pthread_mutex_unlock(&h->lock);
	struct vchip_stats m0, m1;
	struct dvr_tx_stats s0, s1;
	vchip_get_stats(vc, &m0);
	dvr_get_tx_stats(tx, &s0);

	const struct dvr_tx_params p = {
		.rate = { .kind = DVR_RATE_LEGACY, .legacy_500k = 12 },
		.bw_mhz = 20, .no_ack = true, .keep_seq = true,
	};
	static uint8_t f[MAX_LEN];
	unsigned sent = 0;
	for (unsigned i = 0; i < N_FRAMES; i++) {
		make_frame(f, i);
		sent += dvr_send_raw(tx, f, frame_len(i), &p) == DVR_OK;
	}
	snprintf(what, sizeof what, "%s: every frame accepted", name);
	CHECK_EQ_INT(sent, N_FRAMES, what);
	snprintf(what, sizeof what, "%s: flushed to the air", name);
	CHECK_EQ_INT(dvr_flush(tx, 20000), DVR_OK, what);
	unsigned n = wait_heard(h, N_FRAMES);
	dvr_get_tx_stats(tx, &s1);
	vchip_get_stats(vc, &m1);

	pthread_mutex_lock(&h->lock);
	snprintf(what, sizeof what, "%s: %u frames heard", name, N_FRAMES);
	CHECK_EQ_INT(n, N_FRAMES, what);
	snprintf(what, sizeof what, "%s: each once", name);
	CHECK_EQ_INT(h->dup, 0, what);
	snprintf(what, sizeof what, "%s: in order", name);
	CHECK_EQ_INT(h->in_order, N_FRAMES, what);
	snprintf(what, sizeof what, "%s: byte for byte", name);
	CHECK_EQ_INT(h->exact, N_FRAMES, what);
	pthread_mutex_unlock(&h->lock);

	uint64_t frames = s1.completed - s0.completed;
	uint64_t xfers = s1.transfers - s0.transfers;
	uint64_t agg_xfers = s1.agg_transfers - s0.agg_transfers;
	uint64_t model_agg = m1.tx_agg_transfers - m0.tx_agg_transfers;
	printf("# %s: %llu frames in %llu transfers, %llu of several; the "
	       "model took %llu of several\n", name,
	       (unsigned long long)frames, (unsigned long long)xfers,
	       (unsigned long long)agg_xfers, (unsigned long long)model_agg);
	snprintf(what, sizeof what, "%s: every frame completed", name);
	CHECK_EQ_INT(frames, N_FRAMES, what);
	snprintf(what, sizeof what, "%s: none failed", name);
	CHECK_EQ_INT(s1.failed + s1.timeouts - s0.failed - s0.timeouts, 0,
	             what);
	if (agg == DVR_TX_AGG_OFF) {
		snprintf(what, sizeof what, "%s: one transfer per frame", name);
		CHECK_EQ_INT(xfers, N_FRAMES, what);
		snprintf(what, sizeof what, "%s: none of several", name);
		CHECK_EQ_INT(agg_xfers, 0, what);
	} else {
		snprintf(what, sizeof what, "%s: fewer transfers than frames",
		         name);
		CHECK(xfers < N_FRAMES && xfers >= N_FRAMES / most, what);
		snprintf(what, sizeof what, "%s: transfers of several frames",
		         name);
		CHECK(agg_xfers > 0, what);
	}
	snprintf(what, sizeof what, "%s: the model took as many of several",
	         name);
	CHECK_EQ_INT(model_agg, agg_xfers, what);
	snprintf(what, sizeof what, "%s: the model dropped none", name);
	CHECK_EQ_INT(m1.tx_bad_checksum + m1.tx_bad_desc + m1.tx_bad_queue -
	             m0.tx_bad_checksum - m0.tx_bad_desc - m0.tx_bad_queue, 0,
	             what);
	snprintf(what, sizeof what, "%s: the model aired every frame", name);
	CHECK(m1.tx_aired - m0.tx_aired >= N_FRAMES, what);
	dvr_close(tx);
}

static void settings(void)
{
	dvr_device *d = NULL;
	struct dvr_config cfg = { .tx_mode = DVR_TX_SYNC,
	                          .tx_agg = DVR_TX_AGG_ON };
	if (CHECK(dvr_open("virtual:agg-sync,chip=8822c", &cfg, &d) ==
	          DVR_OK, "sync sender opens"))
		CHECK_EQ_INT(dvr_tx_agg_frames(d), 1,
		             "sync mode: one frame per transfer");
	dvr_close(d);
	d = NULL;
	cfg = (struct dvr_config){ .tx_mode = DVR_TX_ASYNC };
	if (dvr_open("virtual:agg-12a,chip=8812a", &cfg, &d) == DVR_OK)
		CHECK_EQ_INT(dvr_tx_agg_frames(d), 1,
		             "RTL8812AU: one frame per transfer");
	else
		CHECK(0, "8812A sender opens");
	dvr_close(d);
	d = NULL;
	cfg.tx_agg = (enum dvr_tx_agg)7;
	CHECK_EQ_INT(dvr_open("virtual:agg-bad,chip=8822c", &cfg, &d),
	             DVR_E_INVALID, "unknown setting refused");
	dvr_close(d);
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-txagg-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);

	static struct heard h = { .lock = PTHREAD_MUTEX_INITIALIZER,
	                          .cond = PTHREAD_COND_INITIALIZER };
	struct dvr_config rcfg = { .on_rx = on_rx, .user = &h };
	dvr_device *rx = start("virtual:agg-rx,chip=8822c,seed=6", &rcfg);
	if (CHECK(rx != NULL, "receiver up")) {
		stream("agg-on", "8822c", 3, DVR_TX_AGG_AUTO, &h);
		stream("agg-off", "8822c", 1, DVR_TX_AGG_OFF, &h);
#if DVR_CHIP_RTL8821A
		/* the Jaguar1 die whose DMA takes six (rtw88 rtw8821a.c
		 * usb_tx_agg_desc_num) */
		stream("agg-21a", "8821a", 6, DVR_TX_AGG_AUTO, &h);
#endif
	}
	dvr_close(rx);
	settings();

	char cmd[96];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
