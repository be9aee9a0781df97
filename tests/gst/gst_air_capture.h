/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A bystander on the air for the element tests: an adapter opened with the
 * driver's own API records the frames it hears while recording is on, and
 * plays them back from its adapter later (a replay attack, a recording of
 * an earlier run).
 */
#ifndef DVR_TEST_GST_AIR_CAPTURE_H
#define DVR_TEST_GST_AIR_CAPTURE_H

#include <glib.h>

#include <devourer/devourer.h>
#include <devourer/link.h>

#define CAPTURE_MAX 4096

struct capture {
	GMutex lock;
	guint8 *f[CAPTURE_MAX];
	gsize len[CAPTURE_MAX];
	guint n;
	gboolean on;
};

/* The adapter's on_rx: WFB-NG-sized frames with a good FCS, while on. */
static inline void capture_rx(void *user, const struct dvr_rx_frame *fr)
{
	struct capture *c = user;

	g_mutex_lock(&c->lock);
	if (c->on && c->n < CAPTURE_MAX &&
	    fr->len > DVR_LINK_IEEE80211_HDR_LEN + 9 &&
	    !(fr->info.flags & DVR_RX_FCS_BAD)) {
		c->f[c->n] = g_memdup2(fr->data, fr->len);
		c->len[c->n++] = fr->len;
	}
	g_mutex_unlock(&c->lock);
}

static inline void capture_set(struct capture *c, gboolean on)
{
	g_mutex_lock(&c->lock);
	c->on = on;
	g_mutex_unlock(&c->lock);
}

static inline void capture_clear(struct capture *c)
{
	g_mutex_lock(&c->lock);
	for (guint i = 0; i < c->n; i++)
		g_free(c->f[i]);
	c->n = 0;
	g_mutex_unlock(&c->lock);
}

static inline guint capture_count(struct capture *c)
{
	g_mutex_lock(&c->lock);
	guint n = c->n;
	g_mutex_unlock(&c->lock);
	return n;
}

/* Send the captured frames (all, or only those of WFB-NG packet type
 * @only_type) from @spy's adapter, as recorded (sequence numbers kept);
 * returns how many went out. */
static inline guint capture_replay(dvr_device *spy, struct capture *c,
                                   gint only_type)
{
	struct dvr_tx_params p = {
		.rate = { .kind = DVR_RATE_LEGACY, .legacy_500k = 12 },
		.bw_mhz = 20, .no_ack = true, .keep_seq = true,
	};
	guint sent = 0;

	g_mutex_lock(&c->lock);
	for (guint i = 0; i < c->n; i++) {
		guint8 type = c->f[i][DVR_LINK_IEEE80211_HDR_LEN];

		if (only_type >= 0 && type != (guint8)only_type)
			continue;
		if (dvr_send_raw(spy, c->f[i], c->len[i], &p) == DVR_OK)
			sent++;
	}
	g_mutex_unlock(&c->lock);
	dvr_flush(spy, 4000);
	return sent;
}

#endif /* DVR_TEST_GST_AIR_CAPTURE_H */
