/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A test playing the ground's link feedback: records sealed with the
 * ground's key on the feedback port (254) of wfb-ng's default link id,
 * sent from a share of an adapter at HT MCS0, FEC 1/2, as a devourersrc
 * with feedback-interval sends them. One player per test program.
 */
#ifndef DVR_GST_FEEDBACK_PLAYER_H
#define DVR_GST_FEEDBACK_PLAYER_H

#include "gst_test_common.h"

#define FB_PLAYER_LINK_ID 7669206
#define FB_PLAYER_PORT 0xFE

static dvr_share *fb_player_share;
static struct dvr_link_tx *fb_player_tx;
static guint16 fb_player_seq;
/* When the last record with a score (not SILENT) was sent, monotonic us. */
static gint64 fb_player_last_scored_us;

static int fb_player_emit(void *user, const uint8_t *f, size_t len)
{
	(void)user;
	return dvr_share_send(fb_player_share, f, len);
}

/* Open @selector (or join it) on @channel with the ground's key from
 * @env; checked as test steps. */
static inline gboolean fb_player_open(const struct gst_test_env *env,
                                      const gchar *selector, guint channel)
{
	struct dvr_link_keys gs;
	struct dvr_share_config sc = { 0 };
	struct dvr_link_tx_config tc = { .link_id = FB_PLAYER_LINK_ID,
		                         .radio_port = FB_PLAYER_PORT,
		                         .k = 1, .n = 2 };
	struct dvr_tx_params v = { .rate = { .kind = DVR_RATE_HT, .mcs = 0 },
		                   .bw_mhz = 20, .no_ack = true };
	sc.channel = (struct dvr_channel){ .channel = (uint16_t)channel,
		                           .bw_mhz = 20 };
	gboolean ok = CHECK(dvr_link_keys_load(env->gs_key, &gs) == DVR_OK,
	                    "the ground's key");
	ok = ok && CHECK(dvr_share_open(selector, &sc, &fb_player_share) ==
	                         DVR_OK,
	                 "a feedback sender on a ground adapter");
	ok = ok && CHECK(dvr_link_tx_new(&tc, &gs, fb_player_emit, NULL,
	                                 &fb_player_tx) == DVR_OK &&
	                         dvr_link_tx_set_radiotap(fb_player_tx, &v) ==
	                                 DVR_OK,
	                 "its feedback link");
	return ok;
}

/* One record: @chains chains at @snr dB and @rssi dBm, a span of 100 ms
 * with some packets, @flags (DVR_LINK_FEEDBACK_*); a SILENT one carries
 * no chain and no count. */
static inline void fb_player_send(guint chains, gint snr, gint rssi,
                                  guint8 flags)
{
	struct dvr_link_feedback fb;
	uint8_t rec[DVR_LINK_FEEDBACK_LEN];
	memset(&fb, 0, sizeof fb);
	fb.seq = fb_player_seq++;
	fb.span_ms = 100;
	fb.flags = flags;
	if (!(flags & DVR_LINK_FEEDBACK_SILENT)) {
		fb.n_chains = (uint8_t)chains;
		for (guint c = 0; c < chains && c < DVR_MAX_RF_PATHS; c++) {
			fb.snr_db[c] = (int8_t)snr;
			fb.rssi_dbm[c] = (int8_t)rssi;
		}
		fb.packets = 30;
		fb.frames = 45;
	}
	dvr_link_feedback_write(&fb, rec, sizeof rec);
	if (!(flags & DVR_LINK_FEEDBACK_SILENT))
		fb_player_last_scored_us = g_get_monotonic_time();
	guint64 now = (guint64)(g_get_monotonic_time() / 1000);
	dvr_link_tx_poll(fb_player_tx, now);
	dvr_link_tx_send(fb_player_tx, rec, sizeof rec, now);
}

static inline void fb_player_close(void)
{
	dvr_link_tx_free(fb_player_tx);
	fb_player_tx = NULL;
	if (fb_player_share)
		dvr_share_close(fb_player_share);
	fb_player_share = NULL;
}

#endif /* DVR_GST_FEEDBACK_PLAYER_H */
