/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The stream through the whole stack (devourersink -> virtual air ->
 * devourersrc, GstHarness on both ends) while the link misbehaves:
 *
 *  - the sender's FEC changes three times while PLAYING: every packet
 *    arrives once, byte-exact, in order, across the re-keys;
 *  - loss beyond what the FEC can repair (45 % on 4/6): what arrives is
 *    byte-exact and in order, the rest is counted in packets-lost and
 *    unrecoverable-blocks, every packet is delivered or counted lost;
 *  - a CRC-error storm (60 % of frames decoded with errors, kept by
 *    keep-corrupted=true): counted in crc-errors, refused by the link
 *    (auth-failed), never delivered;
 *  - forged frames (right link, wrong nonce, garbage) and frames of this
 *    run replayed after the stream: counted (auth-failed, duplicates /
 *    late / replayed), nothing delivered twice, nothing new delivered;
 *  - the frames of an earlier run replayed into a later one: its session
 *    is refused (session-replayed), no packet of it is delivered, the
 *    live stream goes on.
 * Each case ends with a state change to NULL that must return promptly.
 *
 * The oracle: packet i of a case is recognisable by its size and bytes
 * (gst_test_packet_fill); a delivered buffer must be a packet later than
 * the last one delivered, which rules out corrupt, repeated and
 * reordered delivery at once.
 */
#include "tests/gst/gst_air_capture.h"
#include "tests/gst/gst_test_common.h"

#include "libdevourer/virtual/vchip.h"

#define MAX_SIZE 1200
#define HANG_MS 10000
#define STATE_CHANGE_MS 3000

static struct gst_test_env env;

/* Packets of one case; seed_offset makes each case's packets its own. */
static struct gst_test_packets packets_of(guint offset)
{
	struct gst_test_packets pk = {
		.size_step = 7919, .max_size = MAX_SIZE, .seed = 0x9e3779b9u,
		.seed_offset = offset, .marker_every = 8,
	};
	return pk;
}

/* A devourersrc on @device, optionally keeping frames with a bad FCS. */
static GstHarness *src_harness(const gchar *device, guint channel,
                               gboolean keep_corrupted, GstBus **bus)
{
	GstHarness *h = gst_harness_new("devourersrc");

	g_object_set(h->element, "device", device, "channel", channel,
	             "key-file", env.gs_key, "fec-timeout", 40,
	             "keep-corrupted", keep_corrupted, NULL);
	*bus = gst_bus_new();
	gst_element_set_bus(h->element, *bus);
	if (gst_element_set_state(h->element, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(*bus, 0, NULL);
		CHECK(0, "devourersrc reaches PLAYING");
		gst_harness_teardown(h);
		gst_object_unref(*bus);
		return NULL;
	}
	return h;
}

struct link {
	GstHarness *hs, *ht;
	GstBus *bus_rx, *bus_tx;
};

static gboolean link_up(struct link *l, const gchar *rx_dev,
                        const gchar *tx_dev, guint channel,
                        gboolean keep_corrupted, guint k, guint n)
{
	memset(l, 0, sizeof *l);
	l->hs = src_harness(rx_dev, channel, keep_corrupted, &l->bus_rx);
	if (!l->hs)
		return FALSE;
	l->ht = gst_test_sink_harness(&env, tx_dev, channel, &l->bus_tx,
	                              "devourersink reaches PLAYING");
	if (!l->ht)
		return FALSE;
	g_object_set(l->ht->element, "fec-k", k, "fec-n", n, NULL);
	return TRUE;
}

/* Bounded PLAYING -> NULL of @e. */
static void to_null(GstElement *e, const gchar *what)
{
	guint ms = 0;
	GstStateChangeReturn r = gst_test_set_state_bounded(e, GST_STATE_NULL,
	                                                    HANG_MS, &ms);
	gchar *label = g_strdup_printf("%s: back to NULL within %u ms", what,
	                               STATE_CHANGE_MS);

	CHECK(r == GST_STATE_CHANGE_SUCCESS && ms < STATE_CHANGE_MS, label);
	g_free(label);
}

static void link_down(struct link *l, const gchar *what)
{
	guint errors = 0;

	if (l->ht) {
		to_null(l->ht->element, what);
		errors += gst_test_drain_bus(l->bus_tx, 0, NULL);
		gst_harness_teardown(l->ht);
		gst_object_unref(l->bus_tx);
	}
	if (l->hs) {
		to_null(l->hs->element, what);
		errors += gst_test_drain_bus(l->bus_rx, 0, NULL);
		gst_harness_teardown(l->hs);
		gst_object_unref(l->bus_rx);
	}
	gchar *label = g_strdup_printf("%s: no ERROR on either bus", what);
	CHECK_EQ_INT(errors, 0, label);
	g_free(label);
}

static gboolean push_range(struct link *l, const struct gst_test_packets *pk,
                           guint from, guint to)
{
	for (guint i = from; i < to; i++)
		if (gst_harness_push(l->ht, gst_test_packet_make(pk, i)) !=
		    GST_FLOW_OK) {
			printf("# push %u failed\n", i);
			return FALSE;
		}
	return TRUE;
}

/* What the oracle saw. */
struct oracle {
	gint last;        /* index of the last packet delivered, -1: none */
	guint delivered;
	guint bad;        /* not a later packet of this case: a failure */
};

/* Is @b packet j > last (< @sent)? Advances the oracle. */
static void judge(struct oracle *o, const struct gst_test_packets *pk,
                  GstBuffer *b, guint sent)
{
	for (guint j = (guint)(o->last + 1); j < sent; j++)
		if (gst_test_packet_matches(pk, b, j)) {
			o->last = (gint)j;
			o->delivered++;
			return;
		}
	o->bad++;
	printf("# buffer of %zu bytes after packet %d is no later packet\n",
	       gst_buffer_get_size(b), o->last);
}

/* Pull what is there, and wait up to @timeout_ms for more until
 * @enough() says the receiver has accounted for what it will. */
static void pull_until(struct link *l, struct oracle *o,
                       const struct gst_test_packets *pk, guint sent,
                       gboolean (*enough)(struct link *, struct oracle *,
                                          guint),
                       guint timeout_ms)
{
	gint64 deadline = g_get_monotonic_time() +
	                  (gint64)timeout_ms * G_TIME_SPAN_MILLISECOND;

	for (;;) {
		GstBuffer *b = gst_harness_try_pull(l->hs);

		if (b) {
			judge(o, pk, b, sent);
			gst_buffer_unref(b);
			continue;
		}
		if (enough(l, o, sent) ||
		    g_get_monotonic_time() > deadline)
			return;
		g_usleep(2000);
	}
}

static gboolean all_arrived(struct link *l, struct oracle *o, guint sent)
{
	(void)l;
	return o->delivered >= sent;
}

/* Every packet delivered or counted, lost or maybe lost. */
static gboolean all_accounted(struct link *l, struct oracle *o, guint sent)
{
	guint64 lost = gst_test_stat_u64(l->hs->element, "packets-lost");
	guint64 maybe = gst_test_stat_u64(l->hs->element,
	                                  "packets-maybe-lost");

	return lost != G_MAXUINT64 && maybe != G_MAXUINT64 &&
	       o->delivered + lost + maybe >= sent;
}

/* ---- FEC changed while PLAYING ---- */

static void fec_change(void)
{
	const gchar *what = "FEC changed mid-stream";
	const guint per_step = 80;
	static const guint kn[][2] = { {8, 12}, {2, 4}, {1, 1}, {16, 24} };
	struct gst_test_packets pk = packets_of(1);
	struct oracle o = { .last = -1 };
	struct link l;
	guint sent = 0;

	if (!link_up(&l, "virtual:fs-fec-rx", "virtual:fs-fec-tx", 149, FALSE,
	             kn[0][0], kn[0][1])) {
		link_down(&l, what);
		return;
	}
	for (guint s = 0; s < G_N_ELEMENTS(kn); s++) {
		g_object_set(l.ht->element, "fec-k", kn[s][0], "fec-n",
		             kn[s][1], NULL);
		if (!push_range(&l, &pk, sent, sent + per_step))
			break;
		sent += per_step;
	}
	gst_harness_push_event(l.ht, gst_event_new_eos());
	pull_until(&l, &o, &pk, sent, all_arrived, 15000);
	printf("# %s: %u of %u delivered\n", what, o.delivered, sent);
	CHECK_EQ_INT(o.delivered, G_N_ELEMENTS(kn) * per_step,
	             "FEC change: every packet delivered across the re-keys");
	CHECK_EQ_INT(o.bad, 0, "FEC change: nothing corrupt, repeated or "
	             "out of order");
	CHECK(gst_test_stat_u64(l.hs->element, "session-changes") >=
	      G_N_ELEMENTS(kn), "FEC change: the receiver followed each "
	      "re-key (session-changes)");
	CHECK_EQ_INT(gst_test_stat_u64(l.hs->element, "packets-lost"), 0,
	             "FEC change: nothing counted lost");
	link_down(&l, what);
}

/* ---- loss beyond FEC capacity ---- */

static void loss_beyond_fec(void)
{
	const gchar *what = "loss beyond FEC capacity";
	const guint sent = 400;
	struct gst_test_packets pk = packets_of(2);
	struct oracle o = { .last = -1 };
	struct link l;

	if (!link_up(&l, "virtual:fs-loss-rx,loss=0.45,seed=11",
	             "virtual:fs-loss-tx", 153, FALSE, 4, 6)) {
		link_down(&l, what);
		return;
	}
	push_range(&l, &pk, 0, sent);
	gst_harness_push_event(l.ht, gst_event_new_eos());
	pull_until(&l, &o, &pk, sent, all_accounted, 15000);
	guint64 lost = gst_test_stat_u64(l.hs->element, "packets-lost");
	guint64 unrec = gst_test_stat_u64(l.hs->element,
	                                  "unrecoverable-blocks");
	guint64 rec = gst_test_stat_u64(l.hs->element, "fec-recovered");
	guint64 got = gst_test_stat_u64(l.hs->element, "packets-received");
	printf("# %s: delivered %u, packets-received %" G_GUINT64_FORMAT
	       ", lost %" G_GUINT64_FORMAT ", recovered %" G_GUINT64_FORMAT
	       ", unrecoverable blocks %" G_GUINT64_FORMAT " of %u sent\n",
	       what, o.delivered, got, lost, rec, unrec, sent);
	CHECK_EQ_INT(o.bad, 0, "beyond FEC: nothing corrupt, repeated or out "
	             "of order");
	CHECK(o.delivered < sent && lost > 0 && lost != G_MAXUINT64,
	      "beyond FEC: the losses are counted (packets-lost)");
	CHECK(unrec > 0 && unrec != G_MAXUINT64,
	      "beyond FEC: unrecoverable-blocks counted");
	CHECK(rec > 0 && rec != G_MAXUINT64,
	      "beyond FEC: what could be repaired was (fec-recovered)");
	CHECK_EQ_INT(got, o.delivered,
	             "beyond FEC: packets-received is what was delivered");
	/* A slot whose block was lost whole cannot be told from a filler
	 * of a block the sender's timeout closed: packets-lost counts only
	 * the slots known to have held a packet, packets-maybe-lost the
	 * rest (link.h), so the real loss lies between the two. */
	guint64 fillers = gst_test_stat_u64(l.ht->element, "filler-frames");
	guint64 maybe = gst_test_stat_u64(l.hs->element, "packets-maybe-lost");
	printf("# the sender's fillers: %" G_GUINT64_FORMAT ", maybe lost %"
	       G_GUINT64_FORMAT "\n", fillers, maybe);
	CHECK(o.delivered + lost <= sent,
	      "beyond FEC: packets-lost never counts a filler");
	CHECK(maybe != G_MAXUINT64 && o.delivered + lost + maybe >= sent &&
	      o.delivered + lost + maybe <= sent + fillers,
	      "beyond FEC: every undelivered packet counted, in packets-lost "
	      "or packets-maybe-lost, nothing silent");
	link_down(&l, what);
}

/* ---- CRC-error storm ---- */

static void crc_storm(void)
{
	const gchar *what = "CRC-error storm";
	const guint sent = 240;
	struct gst_test_packets pk = packets_of(3);
	struct oracle o = { .last = -1 };
	struct link l;

	if (!link_up(&l, "virtual:fs-crc-rx,loss=0.6,seed=4",
	             "virtual:fs-crc-tx", 157, TRUE, 2, 8)) {
		link_down(&l, what);
		return;
	}
	push_range(&l, &pk, 0, sent);
	gst_harness_push_event(l.ht, gst_event_new_eos());
	pull_until(&l, &o, &pk, sent, all_accounted, 15000);
	guint64 crc = gst_test_stat_u64(l.hs->element, "crc-errors");
	guint64 auth = gst_test_stat_u64(l.hs->element, "auth-failed");
	guint64 mal = gst_test_stat_u64(l.hs->element, "malformed");
	guint64 other = gst_test_stat_u64(l.hs->element, "other-link");
	guint64 lost = gst_test_stat_u64(l.hs->element, "packets-lost");
	printf("# %s: delivered %u of %u; crc-errors %" G_GUINT64_FORMAT
	       ", auth-failed %" G_GUINT64_FORMAT ", malformed %"
	       G_GUINT64_FORMAT ", other-link %" G_GUINT64_FORMAT
	       ", lost %" G_GUINT64_FORMAT "\n", what, o.delivered, sent, crc,
	       auth, mal, other, lost);
	CHECK(crc > sent && crc != G_MAXUINT64,
	      "CRC storm: the bad frames are counted (crc-errors)");
	CHECK(auth > 0 && auth != G_MAXUINT64,
	      "CRC storm: corrupted frames fail authentication (auth-failed)");
	CHECK_EQ_INT(o.bad, 0, "CRC storm: no corrupt packet delivered");
	CHECK(o.delivered > sent / 2, "CRC storm: the FEC still delivers");
	guint64 fillers = gst_test_stat_u64(l.ht->element, "filler-frames");
	guint64 maybe = gst_test_stat_u64(l.hs->element, "packets-maybe-lost");
	CHECK(o.delivered + lost <= sent && maybe != G_MAXUINT64 &&
	      o.delivered + lost + maybe >= sent &&
	      o.delivered + lost + maybe <= sent + fillers,
	      "CRC storm: every undelivered packet counted, no filler as "
	      "lost");
	link_down(&l, what);
}

/* ---- forged and replayed frames ---- */

/* Wait until the receiver has taken in @n more frames than @before. */
static gboolean wait_frames(struct link *l, guint64 before, guint n)
{
	return gst_test_wait_stat_above(l->hs->element, "frames-received",
	                                before + n - 1, 10000);
}

static dvr_device *bystander(const gchar *name, guint channel,
                             struct capture *c)
{
	struct dvr_config cfg = { .on_rx = capture_rx, .user = c };
	struct dvr_channel ch = { .channel = channel, .bw_mhz = 20 };
	dvr_device *dev = NULL;

	if (dvr_open(name, &cfg, &dev) != DVR_OK ||
	    dvr_start(dev, &ch) != DVR_OK) {
		CHECK(0, "the bystander's adapter comes up");
		dvr_close(dev);
		return NULL;
	}
	return dev;
}

/* Frames on the right link that are not the sender's: a data frame with
 * another nonce (its tag no longer fits), and short and long garbage. */
static guint forge(dvr_device *spy, struct capture *c)
{
	struct dvr_tx_params p = {
		.rate = { .kind = DVR_RATE_LEGACY, .legacy_500k = 12 },
		.bw_mhz = 20, .no_ack = true, .keep_seq = true,
	};
	const gsize hdr = DVR_LINK_IEEE80211_HDR_LEN;
	guint8 f[1600];
	guint sent = 0, data = 0;

	g_mutex_lock(&c->lock);
	for (guint i = 0; i < c->n && data < 50; i++) {
		if (c->f[i][hdr] != DVR_LINK_PACKET_DATA ||
		    c->len[i] > sizeof f)
			continue;
		memcpy(f, c->f[i], c->len[i]);
		/* the block index a million blocks ahead */
		f[hdr + 3] ^= 0x0f;
		if (dvr_send_raw(spy, f, c->len[i], &p) == DVR_OK)
			sent++;
		data++;
		/* the same header, the payload replaced by noise */
		for (gsize j = hdr + 9; j < c->len[i]; j++)
			f[j] = (guint8)(j * 31 + i);
		f[hdr + 3] ^= 0x0f;
		f[hdr + 8] ^= 0x80;
		if (dvr_send_raw(spy, f, c->len[i], &p) == DVR_OK)
			sent++;
	}
	g_mutex_unlock(&c->lock);
	dvr_flush(spy, 4000);
	return sent;
}

static guint64 src_stat(struct link *l, const gchar *f)
{
	return gst_test_stat_u64(l->hs->element, f);
}

static void forged_and_replayed(void)
{
	const gchar *what = "forged and replayed frames";
	const guint sent = 160;
	struct gst_test_packets pk = packets_of(4);
	struct oracle o = { .last = -1 };
	static struct capture cap;
	struct link l;
	dvr_device *spy;

	g_mutex_init(&cap.lock);
	cap.on = TRUE;
	/* Listening before the sender starts: its first session
	 * announcement is part of the recording. */
	spy = bystander("virtual:fs-rep-spy", 161, &cap);
	if (!spy)
		return;
	if (!link_up(&l, "virtual:fs-rep-rx", "virtual:fs-rep-tx", 161, FALSE,
	             4, 8)) {
		dvr_close(spy);
		link_down(&l, what);
		return;
	}
	push_range(&l, &pk, 0, sent);
	gst_harness_push_event(l.ht, gst_event_new_eos());
	pull_until(&l, &o, &pk, sent, all_arrived, 15000);
	CHECK_EQ_INT(o.delivered, sent, "replay: the stream itself arrives");
	capture_set(&cap, FALSE);
	guint sessions = 0;
	for (guint i = 0; i < cap.n; i++)
		sessions += cap.f[i][DVR_LINK_IEEE80211_HDR_LEN] ==
		            DVR_LINK_PACKET_SESSION;
	printf("# the bystander recorded %u frames, %u of them session "
	       "announcements\n", capture_count(&cap), sessions);
	CHECK(capture_count(&cap) > sent && sessions > 0,
	      "the bystander recorded the stream and its session");

	/* The whole recording again, in this run. */
	guint64 frames0 = src_stat(&l, "frames-received");
	guint64 seen0 = src_stat(&l, "duplicates") +
	                src_stat(&l, "redundant-fragments") +
	                src_stat(&l, "replayed");
	guint64 changes0 = src_stat(&l, "session-changes");
	guint n = capture_replay(spy, &cap, -1);
	CHECK(wait_frames(&l, frames0, n), "replay: the receiver heard the "
	      "replayed frames");
	pull_until(&l, &o, &pk, sent, all_arrived, 0);
	guint64 seen = src_stat(&l, "duplicates") +
	               src_stat(&l, "redundant-fragments") +
	               src_stat(&l, "replayed") - seen0;
	printf("# %u frames replayed: duplicates + redundant-fragments + "
	       "replayed grew by "
	       "%" G_GUINT64_FORMAT "\n", n, seen);
	CHECK_EQ_INT(o.delivered, sent, "replay: nothing delivered twice");
	CHECK_EQ_INT(o.bad, 0, "replay: nothing corrupt or repeated");
	CHECK(seen > 0, "replay: counted (duplicates, late, replayed)");
	CHECK_EQ_INT(src_stat(&l, "session-changes"), changes0,
	             "replay: the session is not re-adopted");

	/* Forged frames on the link. */
	frames0 = src_stat(&l, "frames-received");
	guint64 auth0 = src_stat(&l, "auth-failed");
	guint64 bad0 = src_stat(&l, "malformed") + src_stat(&l, "duplicates");
	n = forge(spy, &cap);
	CHECK(wait_frames(&l, frames0, n), "forged: the receiver heard them");
	pull_until(&l, &o, &pk, sent, all_arrived, 0);
	guint64 auth = src_stat(&l, "auth-failed") - auth0;
	guint64 bad = src_stat(&l, "malformed") + src_stat(&l, "duplicates") - bad0;
	printf("# %u forged frames: auth-failed +%" G_GUINT64_FORMAT
	       ", malformed/duplicates +%" G_GUINT64_FORMAT "\n", n, auth,
	       bad);
	CHECK(auth > 0, "forged: counted as auth-failed");
	CHECK_EQ_INT(auth + bad, n, "forged: every forged frame is counted");
	CHECK_EQ_INT(o.delivered, sent, "forged: nothing delivered");
	CHECK_EQ_INT(o.bad, 0, "forged: nothing corrupt delivered");

	/* A later run: a new sink (a later epoch) on the same link. The
	 * first run's recording must not take it over. */
	to_null(l.ht->element, "first run's sender");
	gst_test_drain_bus(l.bus_tx, 0, NULL);
	gst_harness_teardown(l.ht);
	gst_object_unref(l.bus_tx);
	l.ht = gst_test_sink_harness(&env, "virtual:fs-rep-tx2", 161,
	                             &l.bus_tx, "second run's devourersink");
	if (l.ht) {
		struct gst_test_packets pk2 = packets_of(5);
		struct oracle o2 = { .last = -1 };

		g_object_set(l.ht->element, "fec-k", 4, "fec-n", 8, NULL);
		push_range(&l, &pk2, 0, 40);
		pull_until(&l, &o2, &pk2, 40, all_arrived, 10000);
		CHECK_EQ_INT(o2.delivered, 40, "later run: its packets arrive");
		guint64 rej0 = src_stat(&l, "session-replayed");
		guint64 changes1 = src_stat(&l, "session-changes");
		frames0 = src_stat(&l, "frames-received");
		n = capture_replay(spy, &cap, -1);
		CHECK(wait_frames(&l, frames0, n), "earlier run replayed: "
		      "heard");
		guint64 refused = src_stat(&l, "session-replayed") - rej0;
		printf("# earlier run replayed (%u frames, %u sessions): "
		       "session-replayed +%" G_GUINT64_FORMAT "\n", n,
		       sessions, refused);
		CHECK_EQ_INT(refused, sessions, "earlier run replayed: each of "
		             "its session packets refused (session-replayed)");
		CHECK_EQ_INT(src_stat(&l, "session-changes"), changes1,
		             "earlier run replayed: the current key stays");
		push_range(&l, &pk2, 40, 80);
		gst_harness_push_event(l.ht, gst_event_new_eos());
		pull_until(&l, &o2, &pk2, 80, all_arrived, 10000);
		CHECK_EQ_INT(o2.delivered, 80, "earlier run replayed: the live "
		             "stream goes on");
		CHECK_EQ_INT(o2.bad, 0, "earlier run replayed: no packet of "
		             "it delivered");
	}
	dvr_close(spy);
	capture_clear(&cap);
	link_down(&l, what);
	g_mutex_clear(&cap.lock);
}

int main(int argc, char **argv)
{
	gst_test_setup(&env, &argc, &argv);
	fec_change();
	loss_beyond_fec();
	crc_storm();
	forged_and_replayed();
	gst_test_teardown(&env);
	return check_done();
}
