/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One-way latency through both elements as users run them:
 *   appsrc (live, do-timestamp) ! devourersink      (virtual:drone*)
 *   devourersrc ! fakesink                          (virtual:ground*)
 * measured from the push into appsrc to fakesink's handoff, one packet in
 * flight at a time (each closes its FEC block), once with the defaults a
 * user meets (devourersink as it comes, a syncing display sink, here
 * fakesink sync=true) and once with sync=false on both sinks.
 *
 * devourersrc stamps a packet when the link releases it, after any FEC
 * hold-back, so a syncing sink may add only its own processing-deadline:
 * the defaults stay within that plus half a fec-timeout of the sync=false
 * figure. Counting the hold-back in the LATENCY answer too would add a
 * whole fec-timeout to every packet. The bound guards against that, it is
 * not a benchmark (bench/gst_latency measures the figures).
 *
 * DISCONT: the first buffer carries it, a clean run has no other, and on
 * a lossy receiver (seeded loss) exactly the buffers that follow missing
 * packets carry it.
 */
#include "gst_test_common.h"

#define FEC_TIMEOUT_MS 100
#define N_LATENCY 30          /* measured packets, after one warm-up */
#define N_GAP 400             /* lossy run: 50 full FEC blocks of 8 */
#define N_MAX N_GAP
#define PACKET_SIZE 64
#define PACKET_WAIT_MS (2000 + FEC_TIMEOUT_MS)

struct run {
	GMutex lock;
	GCond cond;
	guint received;              /* handoffs so far */
	guint index[N_MAX];          /* packet number, in arrival order */
	gboolean discont[N_MAX];     /* DISCONT flag, in arrival order */
	gint64 pushed_us[N_MAX];     /* by packet number */
	gint64 out_us[N_MAX];        /* by packet number */
};

static void on_handoff(GstElement *sink, GstBuffer *buf, GstPad *pad,
                       gpointer user)
{
	struct run *r = user;
	gint64 now = g_get_monotonic_time();
	guint8 head[4] = { 0 };
	guint i;

	(void)sink;
	(void)pad;
	gst_buffer_extract(buf, 0, head, sizeof head);
	i = (guint)head[0] << 24 | (guint)head[1] << 16 |
	    (guint)head[2] << 8 | head[3];
	g_mutex_lock(&r->lock);
	if (r->received < N_MAX && i < N_MAX) {
		r->index[r->received] = i;
		r->discont[r->received] =
		        GST_BUFFER_FLAG_IS_SET(buf, GST_BUFFER_FLAG_DISCONT);
		r->out_us[i] = now;
		r->received++;
	}
	g_cond_broadcast(&r->cond);
	g_mutex_unlock(&r->lock);
}

/* Wait until @n buffers arrived or @timeout_ms passed. */
static gboolean wait_received(struct run *r, guint n, guint timeout_ms)
{
	gint64 deadline = g_get_monotonic_time() +
	                  (gint64)timeout_ms * G_TIME_SPAN_MILLISECOND;
	gboolean ok;

	g_mutex_lock(&r->lock);
	while (r->received < n)
		if (!g_cond_wait_until(&r->cond, &r->lock, deadline))
			break;
	ok = r->received >= n;
	g_mutex_unlock(&r->lock);
	return ok;
}

static guint received_now(struct run *r)
{
	guint n;

	g_mutex_lock(&r->lock);
	n = r->received;
	g_mutex_unlock(&r->lock);
	return n;
}

static GstFlowReturn push_packet(GstElement *appsrc, guint i,
                                 gboolean marker, struct run *r)
{
	GstBuffer *buf = gst_buffer_new_allocate(NULL, PACKET_SIZE, NULL);
	guint8 head[4] = { (guint8)(i >> 24), (guint8)(i >> 16),
	                   (guint8)(i >> 8), (guint8)i };
	GstFlowReturn ret = GST_FLOW_ERROR;

	gst_buffer_memset(buf, 0, (guint8)i, PACKET_SIZE);
	gst_buffer_fill(buf, 0, head, sizeof head);
	/* MARKER: the sender closes the FEC block now, as at the end of a
	 * video frame, so the receiver never waits for the next packet. */
	if (marker)
		GST_BUFFER_FLAG_SET(buf, GST_BUFFER_FLAG_MARKER);
	g_mutex_lock(&r->lock);
	r->pushed_us[i] = g_get_monotonic_time();
	g_mutex_unlock(&r->lock);
	g_signal_emit_by_name(appsrc, "push-buffer", buf, &ret);
	gst_buffer_unref(buf);
	return ret;
}

static int cmp_i64(const void *a, const void *b)
{
	gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

	return (x > y) - (x < y);
}

struct link {
	GstElement *rx, *tx, *appsrc, *src;
	GstBus *bus_rx, *bus_tx;
};

/*
 * Start receiver then sender. @defaults: devourersink at its defaults and
 * fakesink sync=true, as a display sink (autovideosink) syncs by default
 * (fakesink's own default is false); else sync=false on both sinks.
 * @rx_opts: virtual adapter options of the receiver, @tx_props more
 * devourersink properties. @tag keeps each run's adapters apart.
 */
static gboolean link_start(struct link *l, const struct gst_test_env *env,
                           const gchar *tag, const gchar *rx_opts,
                           const gchar *tx_props, gboolean defaults,
                           struct run *r)
{
	gchar *desc;
	GstElement *out;

	desc = g_strdup_printf(
	        "devourersrc name=src device=virtual:ground-%s%s channel=%s "
	        "key-file=%s fec-timeout=%u ! fakesink name=out "
	        "signal-handoffs=true sync=%s", tag, rx_opts,
	        GST_TEST_CHANNEL, env->gs_key, FEC_TIMEOUT_MS,
	        defaults ? "true" : "false");
	l->rx = gst_test_parse(desc);
	g_free(desc);
	desc = g_strdup_printf(
	        "appsrc name=in is-live=true do-timestamp=true format=time "
	        "caps=application/x-devourer-test ! devourersink "
	        "device=virtual:drone-%s channel=%s key-file=%s%s %s", tag,
	        GST_TEST_CHANNEL, env->drone_key,
	        defaults ? "" : " sync=false", tx_props);
	l->tx = gst_test_parse(desc);
	g_free(desc);
	if (!CHECK(l->rx && l->tx, "pipelines parse"))
		return FALSE;
	l->appsrc = gst_bin_get_by_name(GST_BIN(l->tx), "in");
	l->src = gst_bin_get_by_name(GST_BIN(l->rx), "src");
	out = gst_bin_get_by_name(GST_BIN(l->rx), "out");
	g_signal_connect(out, "handoff", G_CALLBACK(on_handoff), r);
	gst_object_unref(out);
	l->bus_rx = gst_element_get_bus(l->rx);
	l->bus_tx = gst_element_get_bus(l->tx);

	/* Live pipelines reach PLAYING once data flows: started here,
	 * waited for after the first packet. */
	if (!CHECK(gst_element_set_state(l->rx, GST_STATE_PLAYING) !=
	           GST_STATE_CHANGE_FAILURE, "receiver starts") ||
	    !CHECK(gst_element_set_state(l->tx, GST_STATE_PLAYING) !=
	           GST_STATE_CHANGE_FAILURE, "sender starts")) {
		gst_test_drain_bus(l->bus_rx, 0, NULL);
		gst_test_drain_bus(l->bus_tx, 0, NULL);
		return FALSE;
	}
	return TRUE;
}

/* Packet 0 through, then both pipelines PLAYING (latency configured). */
static gboolean link_warm_up(struct link *l, struct run *r)
{
	if (push_packet(l->appsrc, 0, TRUE, r) != GST_FLOW_OK ||
	    !CHECK(wait_received(r, 1, 10000), "the first packet arrives"))
		return FALSE;
	return CHECK(gst_test_set_state(l->rx, GST_STATE_PLAYING, 10) ==
	             GST_STATE_CHANGE_SUCCESS &&
	             gst_test_set_state(l->tx, GST_STATE_PLAYING, 10) ==
	             GST_STATE_CHANGE_SUCCESS, "both pipelines reach PLAYING");
}

static guint link_stop(struct link *l)
{
	guint errors = 0;

	if (l->tx)
		gst_element_set_state(l->tx, GST_STATE_NULL);
	if (l->rx)
		gst_element_set_state(l->rx, GST_STATE_NULL);
	if (l->bus_rx) {
		errors += gst_test_drain_bus(l->bus_rx, 0, NULL);
		gst_object_unref(l->bus_rx);
	}
	if (l->bus_tx) {
		errors += gst_test_drain_bus(l->bus_tx, 0, NULL);
		gst_object_unref(l->bus_tx);
	}
	if (l->appsrc)
		gst_object_unref(l->appsrc);
	if (l->src)
		gst_object_unref(l->src);
	if (l->tx)
		gst_object_unref(l->tx);
	if (l->rx)
		gst_object_unref(l->rx);
	return errors;
}

/*
 * One packet in flight at a time; the median one-way latency in µs, or
 * -1 if a packet did not arrive. The clean run's DISCONT flags are
 * checked here too.
 */
static gint64 measure(const struct gst_test_env *env, const gchar *tag,
                      gboolean defaults)
{
	struct run *r = g_new0(struct run, 1);
	struct link l = { 0 };
	gint64 lat[N_LATENCY], median = -1;
	guint others = 0, errors;
	gchar *what;

	g_mutex_init(&r->lock);
	g_cond_init(&r->cond);
	if (!link_start(&l, env, tag, "", "", defaults, r) ||
	    !link_warm_up(&l, r))
		goto out;
	for (guint i = 1; i <= N_LATENCY; i++) {
		if (push_packet(l.appsrc, i, TRUE, r) != GST_FLOW_OK ||
		    !wait_received(r, i + 1, PACKET_WAIT_MS)) {
			what = g_strdup_printf("%s: packet %u arrives", tag, i);
			CHECK(0, what);
			g_free(what);
			goto out;
		}
	}
	g_mutex_lock(&r->lock);
	for (guint i = 0; i < N_LATENCY; i++)
		lat[i] = r->out_us[i + 1] - r->pushed_us[i + 1];
	for (guint i = 1; i < r->received; i++)
		others += r->discont[i];
	what = g_strdup_printf("%s: the first buffer is DISCONT", tag);
	CHECK(r->discont[0], what);
	g_free(what);
	g_mutex_unlock(&r->lock);
	what = g_strdup_printf("%s: no other DISCONT on a clean air", tag);
	CHECK_EQ_INT(others, 0, what);
	g_free(what);
	qsort(lat, N_LATENCY, sizeof lat[0], cmp_i64);
	median = lat[N_LATENCY / 2];
	printf("# %s: one-way latency median %.2f ms, max %.2f ms\n", tag,
	       (double)median / 1000.0, (double)lat[N_LATENCY - 1] / 1000.0);
out:
	errors = link_stop(&l);
	what = g_strdup_printf("%s: no error message", tag);
	CHECK_EQ_INT(errors, 0, what);
	g_free(what);
	g_cond_clear(&r->cond);
	g_mutex_clear(&r->lock);
	g_free(r);
	return median;
}

/*
 * Full FEC blocks (no markers) to a receiver losing 30 % of what it
 * hears: some blocks cannot be repaired. Every buffer after a jump in
 * the packet numbers is DISCONT, and no other is.
 */
static void check_gap_discont(const struct gst_test_env *env)
{
	struct run *r = g_new0(struct run, 1);
	struct link l = { 0 };
	guint jumps = 0, missed = 0, spurious = 0, errors;
	guint64 lost;

	g_mutex_init(&r->lock);
	g_cond_init(&r->cond);
	/* fec-timeout=0: the sender closes blocks only when full, however
	 * slowly a loaded machine feeds it, so no filler ever pads one (a
	 * block given up with its unheard fillers counts them as maybe
	 * lost: a gap no packet number would show). Here every slot maybe
	 * lost held a packet, so lost and maybe lost together are the loss. */
	if (!link_start(&l, env, "lossy", ",loss=0.3,seed=7", "fec-timeout=0",
	                FALSE, r))
		goto out;
	/* The sender announces its session at start and every second; the
	 * burst goes out once the receiver holds it, so no packet is
	 * refused for want of a session (those would not count as lost). */
	if (!CHECK(gst_test_wait_stat_above(l.src, "sessions", 0, 10000),
	           "lossy: the receiver hears the session"))
		goto out;
	for (guint i = 0; i < N_GAP; i++)
		if (push_packet(l.appsrc, i, FALSE, r) != GST_FLOW_OK)
			break;
	/* Every block but perhaps the last is delivered or given up (a
	 * block missing only its tail holds nothing back, so it may wait
	 * for fragments that never come). */
	{
		gint64 deadline = g_get_monotonic_time() +
		                  15 * G_TIME_SPAN_SECOND;

		do {
			lost = gst_test_stat_lost_any(l.src);
			if (received_now(r) + lost >= N_GAP - 8)
				break;
			wait_received(r, received_now(r) + 1, 50);
		} while (g_get_monotonic_time() < deadline);
	}
	CHECK(received_now(r) + lost >= N_GAP - 8,
	      "lossy: every full block is delivered or given up");
	if (!CHECK(lost > 0 && lost != G_MAXUINT64,
	           "lossy: some packets are lost (FEC cannot repair all)"))
		goto out;
	g_mutex_lock(&r->lock);
	CHECK(r->received > 0 && r->discont[0],
	      "lossy: the first buffer is DISCONT");
	for (guint i = 1; i < r->received; i++) {
		gboolean jump = r->index[i] != r->index[i - 1] + 1;

		jumps += jump;
		missed += jump && !r->discont[i];
		spurious += !jump && r->discont[i];
	}
	g_mutex_unlock(&r->lock);
	printf("# lossy: %" G_GUINT64_FORMAT " lost, %u gaps\n", lost, jumps);
	CHECK(jumps > 0, "lossy: packets are missing between some buffers");
	CHECK_EQ_INT(missed, 0, "lossy: every buffer after a gap is DISCONT");
	CHECK_EQ_INT(spurious, 0, "lossy: no buffer without a gap is DISCONT");
out:
	errors = link_stop(&l);
	CHECK_EQ_INT(errors, 0, "lossy: no error message");
	g_cond_clear(&r->cond);
	g_mutex_clear(&r->lock);
	g_free(r);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	gint64 unsynced, defaults, deadline_us;
	guint64 deadline = 0;
	GstElement *probe;

	gst_test_setup(&env, &argc, &argv);

	/* A syncing sink renders at PTS + the pipeline latency, to which
	 * it adds its own processing-deadline (GstBaseSink: 20 ms): that
	 * much the defaults may add, and nothing for the FEC hold-back. */
	probe = gst_element_factory_make("fakesink", NULL);
	if (CHECK(probe != NULL, "fakesink exists")) {
		g_object_get(probe, "processing-deadline", &deadline, NULL);
		gst_object_unref(probe);
	}
	deadline_us = (gint64)(deadline / GST_USECOND);
	probe = gst_element_factory_make("devourersink", NULL);
	if (CHECK(probe != NULL, "devourersink exists")) {
		gboolean sync = TRUE;

		g_object_get(probe, "sync", &sync, NULL);
		CHECK(!sync, "devourersink sends at once by default "
		      "(sync=false)");
		gst_object_unref(probe);
	}

	unsynced = measure(&env, "sync-false", FALSE);
	defaults = measure(&env, "defaults", TRUE);
	if (unsynced >= 0 && defaults >= 0) {
		printf("# defaults add %.2f ms (sink processing-deadline "
		       "%.2f ms, fec-timeout %d ms)\n",
		       (double)(defaults - unsynced) / 1000.0,
		       (double)deadline_us / 1000.0, FEC_TIMEOUT_MS);
		CHECK(defaults - unsynced < deadline_us +
		      FEC_TIMEOUT_MS * G_TIME_SPAN_MILLISECOND / 2,
		      "default sinks add their processing-deadline and less "
		      "than half a fec-timeout more: the FEC hold-back is not "
		      "counted twice");
	}
	check_gap_discont(&env);

	gst_test_teardown(&env);
	return check_done();
}
