/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Adapters that fail while the elements run. The elements run in this
 * process on virtual adapters, so the test reaches the chip model behind
 * each one (vchip_find) and unplugs it or makes it stop taking frames:
 *
 * - devourersink streaming, adapter unplugged: an ERROR naming the device
 *   and the cure arrives, NULL does not hang;
 * - devourersrc receiving, adapter unplugged: the same;
 * - devourersrc with two adapters: one unplugged is a WARNING and packets
 *   keep coming from the other; the second unplugged is the ERROR;
 * - devourersink on an adapter that NAKs every bulk OUT: PLAYING -> NULL
 *   gives up the packet in flight instead of waiting out each of its
 *   frames' transfer timeouts (the sink's unlock); the lost frames are
 *   counted;
 * - devourersrc whose adapter cuts bulk IN transfers short: the cut
 *   transfers show in the src's stats (rx-malformed, overall and for the
 *   adapter) and packets keep arriving.
 *
 * Every wait is bounded; a state change that blocks ends the test.
 */
#include "gst_test_common.h"

#include "libdevourer/virtual/vchip.h"
#include "libdevourer/virtual/vchip_fault.h"

/* How long an unplug may take to reach the bus as an ERROR/WARNING. The
 * driver notices at its next transfer (RX polls every few ms, TX at the
 * next frame), well under a second; this is a guard against a hang on a
 * loaded machine, not a latency figure (the time taken is printed). */
#define NOTICE_MS 20000
/* A state change after a failure still blocked after this is a hang: the
 * test bails out. The time a state change took is printed, not asserted
 * (a loaded machine decides it); what bounds it is the sink's and
 * dvr_close()'s own flush budgets. */
#define HANG_MS 10000

/* 100 packets of 800 bytes per second, live; @extra: more sink
 * properties. */
static gchar *sender_desc(const gchar *device, const gchar *key,
                          const gchar *extra)
{
	return g_strdup_printf("audiotestsrc is-live=true "
	                       "samplesperbuffer=400 ! audio/x-raw,"
	                       "format=S16LE,rate=40000,channels=1 ! "
	                       "devourersink name=sink device=%s key-file=%s "
	                       "stats-interval=0 %s", device, key, extra);
}

static gchar *receiver_desc(const gchar *device, const gchar *key)
{
	return g_strdup_printf("devourersrc name=src device=\"%s\" "
	                       "key-file=%s stats-interval=0 ! "
	                       "fakesink name=out sync=false", device, key);
}

/* Buffers that reached the receiver's fakesink. */
static gint delivered;

static GstPadProbeReturn count_buffer(GstPad *pad, GstPadProbeInfo *info,
                                      gpointer user)
{
	(void)pad;
	(void)info;
	(void)user;
	g_atomic_int_inc(&delivered);
	return GST_PAD_PROBE_OK;
}

static void count_delivered(GstElement *rx)
{
	GstElement *out = gst_bin_get_by_name(GST_BIN(rx), "out");
	GstPad *pad = gst_element_get_static_pad(out, "sink");

	gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, count_buffer, NULL,
	                  NULL);
	gst_object_unref(pad);
	gst_object_unref(out);
}

/* Wait for more than @than buffers delivered downstream (20 s: a hang
 * guard only). */
static gboolean wait_delivered_above(gint than)
{
	gint64 deadline = g_get_monotonic_time() + 20 * G_TIME_SPAN_SECOND;

	while (g_get_monotonic_time() < deadline) {
		if (g_atomic_int_get(&delivered) > than)
			return TRUE;
		g_usleep(5000);
	}
	return FALSE;
}

static GstElement *child(GstElement *pipeline, const gchar *name)
{
	return gst_bin_get_by_name(GST_BIN(pipeline), name);
}

/* Unplug the virtual adapter of station @name (as in virtual:NAME). */
static gboolean unplug(const gchar *name)
{
	struct vchip *vc = vchip_find(name);

	if (!vc) {
		printf("# no virtual chip named %s\n", name);
		return FALSE;
	}
	vchip_unplug(vc);
	return TRUE;
}

/*
 * Wait up to @timeout_ms for a message of @type (ERROR or WARNING) posted
 * by @from; other warnings are printed and dropped, another ERROR ends the
 * wait. Returns the message (unref it) or NULL, and the wait in
 * *@waited_ms.
 */
static GstMessage *wait_message_from(GstBus *bus, GstMessageType type,
                                     GstElement *from, guint timeout_ms,
                                     guint *waited_ms)
{
	gint64 start = g_get_monotonic_time();
	gint64 deadline = start + (gint64)timeout_ms *
	                  G_TIME_SPAN_MILLISECOND;
	GstMessage *msg;

	for (;;) {
		gint64 left = deadline - g_get_monotonic_time();

		if (left <= 0)
			return NULL;
		msg = gst_bus_timed_pop_filtered(bus, left * GST_USECOND,
		                                 GST_MESSAGE_ERROR |
		                                 GST_MESSAGE_WARNING);
		if (!msg)
			return NULL;
		gst_test_print_message(msg);
		if (GST_MESSAGE_TYPE(msg) == type &&
		    GST_MESSAGE_SRC(msg) == GST_OBJECT(from)) {
			*waited_ms = (guint)((g_get_monotonic_time() - start) /
			                     G_TIME_SPAN_MILLISECOND);
			return msg;
		}
		/* An ERROR where a WARNING was due is a failure, not noise. */
		if (GST_MESSAGE_TYPE(msg) == GST_MESSAGE_ERROR) {
			gst_message_unref(msg);
			return NULL;
		}
		gst_message_unref(msg);
	}
}

/* Do the text and debug string of an ERROR/WARNING contain every needle? */
static gboolean message_says(GstMessage *msg, const gchar *const *needles)
{
	GError *err = NULL;
	gchar *dbg = NULL, *all;
	gboolean ok = TRUE;

	if (GST_MESSAGE_TYPE(msg) == GST_MESSAGE_ERROR)
		gst_message_parse_error(msg, &err, &dbg);
	else
		gst_message_parse_warning(msg, &err, &dbg);
	all = g_strdup_printf("%s %s", err->message, dbg ? dbg : "");
	for (guint i = 0; needles[i]; i++)
		if (!strstr(all, needles[i]))
			ok = FALSE;
	if (!ok)
		printf("#   expected every one of the words in: %s\n", all);
	g_free(all);
	g_free(dbg);
	g_clear_error(&err);
	return ok;
}

/*
 * Expect @from to post an ERROR within NOTICE_MS that names @selector and
 * says to reconnect the adapter.
 */
static void expect_unplug_error(GstBus *bus, GstElement *from,
                                const gchar *selector, const gchar *what)
{
	guint waited = 0;
	GstMessage *msg = wait_message_from(bus, GST_MESSAGE_ERROR, from,
	                                    NOTICE_MS, &waited);
	gchar *label = g_strdup_printf("%s: an ERROR on the bus", what);

	CHECK(msg != NULL, label);
	g_free(label);
	if (!msg)
		return;
	printf("# %s: ERROR after %u ms\n", what, waited);
	label = g_strdup_printf("%s: ERROR names %s and the cure", what,
	                        selector);
	CHECK(message_says(msg, (const gchar *[]){ selector, "unplugged",
	                                           "Reconnect", NULL }),
	      label);
	g_free(label);
	gst_message_unref(msg);
}

/* Take @p to NULL, short of a hang. */
static void stop_bounded(GstElement *p, const gchar *what)
{
	guint ms = 0;
	GstStateChangeReturn r = gst_test_set_state_bounded(p, GST_STATE_NULL,
	                                                    HANG_MS, &ms);
	gchar *label = g_strdup_printf("%s: back to NULL", what);

	printf("# %s: NULL took %u ms\n", what, ms);
	CHECK(r == GST_STATE_CHANGE_SUCCESS, label);
	g_free(label);
}

/* A pipeline under test, the devourer element in it and its bus. */
struct running {
	GstElement *pipeline;
	GstElement *element;
	GstBus *bus;
};

/* Parse @desc and find the element named @name in it. */
static gboolean parse_running(const gchar *desc, const gchar *name,
                              struct running *r)
{
	memset(r, 0, sizeof *r);
	r->pipeline = gst_test_parse(desc);
	if (!r->pipeline)
		return FALSE;
	r->element = child(r->pipeline, name);
	r->bus = gst_element_get_bus(r->pipeline);
	return TRUE;
}

/* A sender on virtual:@station, PLAYING and sending. */
static gboolean start_sender(struct gst_test_env *env, const gchar *station,
                             const gchar *extra, struct running *r)
{
	gchar *device = g_strdup_printf("virtual:%s", station);
	gchar *desc = sender_desc(device, env->drone_key, extra);
	gboolean ok = parse_running(desc, "sink", r);

	g_free(desc);
	g_free(device);
	return ok &&
	       gst_test_set_state(r->pipeline, GST_STATE_PLAYING, 10) ==
	       GST_STATE_CHANGE_SUCCESS &&
	       gst_test_wait_stat_above(r->element, "frames-sent", 10, 5000);
}

/* A receiver on @devices hearing a sender on virtual:@tx_station; both
 * PLAYING and packets arriving. */
static gboolean start_link(struct gst_test_env *env, const gchar *devices,
                           const gchar *tx_station, struct running *rx,
                           struct running *tx)
{
	gchar *desc = receiver_desc(devices, env->gs_key);
	gboolean ok = parse_running(desc, "src", rx);

	g_free(desc);
	if (!ok)
		return FALSE;
	count_delivered(rx->pipeline);
	/* A live receiver completes PLAYING when data arrives: no wait. */
	return gst_element_set_state(rx->pipeline, GST_STATE_PLAYING) !=
	       GST_STATE_CHANGE_FAILURE &&
	       start_sender(env, tx_station, "", tx) &&
	       gst_test_wait_stat_above(rx->element, "packets-received", 10,
	                                5000);
}

/* Release @r (in NULL). */
static void release(struct running *r)
{
	gst_test_drain_bus(r->bus, 0, NULL);
	gst_object_unref(r->bus);
	if (r->element)
		gst_object_unref(r->element);
	gst_object_unref(r->pipeline);
}

/* Take @r to NULL, short of a hang, and release it. */
static void finish(struct running *r, const gchar *what)
{
	if (!r->pipeline)
		return;
	stop_bounded(r->pipeline, what);
	release(r);
}

static void sink_unplugged(struct gst_test_env *env)
{
	const gchar *what = "sink unplugged while streaming";
	struct running tx;

	if (CHECK(start_sender(env, "tx-unplug", "", &tx),
	          "sink is streaming") &&
	    CHECK(unplug("tx-unplug"), "sink adapter unplugged"))
		expect_unplug_error(tx.bus, tx.element, "virtual:tx-unplug",
		                    what);
	finish(&tx, what);
}

static void src_unplugged(struct gst_test_env *env)
{
	const gchar *what = "src unplugged while receiving";
	struct running rx, tx = { 0 };

	if (CHECK(start_link(env, "virtual:rx-unplug", "tx-for-rx-unplug",
	                     &rx, &tx), "src is receiving") &&
	    CHECK(unplug("rx-unplug"), "src adapter unplugged"))
		expect_unplug_error(rx.bus, rx.element, "virtual:rx-unplug",
		                    what);
	finish(&rx, what);
	finish(&tx, "sender of the src unplug test");
}

/* Unplug div-a of two: a WARNING, packets still delivered, no ERROR. */
static void one_of_two_unplugged(struct running *rx)
{
	guint waited = 0;
	GstMessage *msg;
	gint before;

	if (!CHECK(unplug("div-a"), "first diversity adapter unplugged"))
		return;
	msg = wait_message_from(rx->bus, GST_MESSAGE_WARNING, rx->element,
	                        NOTICE_MS, &waited);
	if (CHECK(msg != NULL, "one adapter of two lost: a WARNING "
	                       "on the bus")) {
		printf("# WARNING after %u ms\n", waited);
		CHECK(message_says(msg, (const gchar *[]){ "virtual:div-a",
		                                           "remaining", NULL }),
		      "the WARNING names the lost adapter");
		gst_message_unref(msg);
	}
	before = g_atomic_int_get(&delivered);
	CHECK(wait_delivered_above(before + 50),
	      "packets keep flowing downstream from the other adapter");
	msg = gst_bus_pop_filtered(rx->bus, GST_MESSAGE_ERROR);
	if (!CHECK(msg == NULL, "no ERROR while one adapter remains"))
		gst_test_print_message(msg);
	if (msg)
		gst_message_unref(msg);
}

static void diversity_unplugged(struct gst_test_env *env)
{
	const gchar *what = "src with two adapters, both unplugged";
	struct running rx, tx = { 0 };

	if (CHECK(start_link(env, "virtual:div-a;virtual:div-b", "tx-for-div",
	                     &rx, &tx), "diversity src is receiving")) {
		one_of_two_unplugged(&rx);
		/* The last one: the stream ends. */
		if (CHECK(unplug("div-b"), "second diversity adapter "
		                           "unplugged"))
			expect_unplug_error(rx.bus, rx.element,
			                    "virtual:div-b", what);
	}
	finish(&rx, what);
	finish(&tx, "sender of the diversity test");
}

/* Make the adapter of virtual:@station NAK every bulk OUT for a minute:
 * no transfer completes, each one waits out its timeout. */
static gboolean stop_taking_frames(const gchar *station)
{
	struct vchip *vc = vchip_find(station);
	struct vchip_fault fault;
	struct vchip_fault_stats fs = { 0 };
	char err[128];

	if (!CHECK(vc && vchip_fault_parse("tx-nak:for=60000", &fault, err,
	                                   sizeof err) == 0 &&
	           vchip_fault_arm(vc, &fault) == 0,
	           "TX NAK fault armed on the sink's adapter"))
		return FALSE;
	/* Render is blocked inside the adapter's queue once a transfer has
	 * waited out its timeout (the bound is a hang guard). */
	WAIT_UNTIL((vchip_fault_get_stats(vc, &fs), fs.nak_timeouts > 0),
	           20000);
	return CHECK(fs.nak_timeouts > 0, "bulk OUT transfers time out");
}

static void sink_stuck(struct gst_test_env *env)
{
	const gchar *what = "sink on an adapter that takes no frame";
	struct running tx;
	guint64 errors, timeouts;
	guint paused_ms = 0;
	GstStateChangeReturn r;

	/* FEC 1/8: every packet is eight frames, so one render call alone
	 * would wait out eight transfer timeouts on a stuck adapter. */
	if (!CHECK(start_sender(env, "tx-stuck", "fec-k=1 fec-n=8", &tx),
	           "sink is streaming before the fault") ||
	    !stop_taking_frames("tx-stuck")) {
		finish(&tx, what);
		return;
	}

	/* The two halves of PLAYING -> NULL, timed apart: PAUSED is where
	 * render must stop waiting for the adapter; READY/NULL (stop) then
	 * spends at most the flush budgets, the sink's 0.5 s to report
	 * unsent frames and dvr_close()'s own 2 s. */
	struct vchip *vc = vchip_find("tx-stuck");
	struct vchip_fault_stats before = { 0 }, after = { 0 };
	if (vc)
		vchip_fault_get_stats(vc, &before);
	r = gst_test_set_state_bounded(tx.pipeline, GST_STATE_PAUSED, HANG_MS,
	                               &paused_ms);
	if (vc)
		vchip_fault_get_stats(vc, &after);
	unsigned expired = (unsigned)(after.nak_timeouts - before.nak_timeouts);
	printf("# %s: PAUSED took %u ms, %u transfer timeouts meanwhile\n",
	       what, paused_ms, expired);
	CHECK(r != GST_STATE_CHANGE_FAILURE && vc && expired <= 1,
	      "stuck adapter: PLAYING -> PAUSED waits out no transfer "
	      "timeout of the packet's other frames (unlock)");
	stop_bounded(tx.pipeline, what);

	errors = gst_test_stat_u64(tx.element, "send-errors");
	timeouts = gst_test_stat_u64(tx.element, "frames-timed-out");
	printf("# send-errors %" G_GUINT64_FORMAT ", frames-timed-out %"
	       G_GUINT64_FORMAT "\n", errors, timeouts);
	CHECK(timeouts > 0 && timeouts != G_MAXUINT64,
	      "transfers the adapter never took are counted "
	      "(frames-timed-out)");
	CHECK(errors > 0 && errors != G_MAXUINT64,
	      "frames given up by unlock are counted (send-errors)");
	release(&tx);
}

/* The "adapters" array of the src's stats: the first adapter's
 * rx-malformed (G_MAXUINT64 when missing). */
static guint64 first_adapter_rx_malformed(GstElement *src)
{
	GstStructure *st = NULL;
	const GValue *arr, *v;
	guint64 out = G_MAXUINT64;

	g_object_get(src, "stats", &st, NULL);
	if (!st)
		return out;
	arr = gst_structure_get_value(st, "adapters");
	if (arr && gst_value_array_get_size(arr) > 0) {
		v = gst_value_array_get_value(arr, 0);
		if (!gst_structure_get_uint64(gst_value_get_structure(v),
		                              "rx-malformed", &out))
			out = G_MAXUINT64;
	}
	gst_structure_free(st);
	return out;
}

static void src_transfers_cut(struct gst_test_env *env)
{
	const gchar *what = "src whose adapter cuts RX transfers short";
	struct running rx, tx = { 0 };
	struct vchip_fault fault;
	struct vchip_fault_stats fs = { 0 };
	struct vchip *vc;
	char err[128];
	guint64 before, per_adapter;
	gint got;

	if (!CHECK(start_link(env, "virtual:rx-cut", "tx-for-rx-cut", &rx,
	                      &tx), "src is receiving"))
		goto out;
	before = gst_test_stat_u64(rx.element, "rx-malformed");
	CHECK(before == 0, "rx-malformed starts at 0");
	vc = vchip_find("rx-cut");
	if (!CHECK(vc && vchip_fault_parse("short-rx:count=3", &fault, err,
	                                   sizeof err) == 0 &&
	           vchip_fault_arm(vc, &fault) == 0,
	           "short-rx fault armed on the src's adapter"))
		goto out;
	CHECK(gst_test_wait_stat_above(rx.element, "rx-malformed", 2,
	                               NOTICE_MS),
	      "the three cut transfers show as rx-malformed in stats");
	vchip_fault_get_stats(vc, &fs);
	CHECK_EQ_INT(fs.short_rx, 3, "the chip cut three transfers");
	per_adapter = first_adapter_rx_malformed(rx.element);
	CHECK(per_adapter >= 3 && per_adapter != G_MAXUINT64,
	      "the adapter's own stats carry rx-malformed");
	got = g_atomic_int_get(&delivered);
	CHECK(wait_delivered_above(got + 20),
	      "packets keep flowing after the cut transfers");
out:
	finish(&rx, what);
	finish(&tx, "sender of the cut-transfer test");
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	sink_unplugged(&env);
	src_unplugged(&env);
	diversity_unplugged(&env);
	sink_stuck(&env);
	src_transfers_cut(&env);
	gst_test_teardown(&env);
	return check_done();
}
