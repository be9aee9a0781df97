/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink and TX vectors the adapter cannot send, on virtual adapters
 * of both chip models:
 *  - set before start (mcs=31 and vht-nss=4 on a 2-stream chip, CCK on
 *    5 GHz, STBC on 2 streams): the state change fails with an ERROR naming
 *    the property and the reason;
 *  - set while PLAYING: a WARNING with the reason, counted in stats
 *    tx-vector-refused, and frames keep going out with the previous vector;
 *  - refused per frame (a CCK vector after a retune to 5 GHz): one WARNING
 *    for the vector, every refused frame counted in stats frames-refused.
 */
#include "gst_test_common.h"

static struct gst_test_env env;

/* "stats" double field; -1 when missing. */
static gdouble stat_double(GstElement *e, const gchar *field)
{
	GstStructure *s = NULL;
	gdouble v = -1.0;

	g_object_get(e, "stats", &s, NULL);
	if (s) {
		gst_structure_get_double(s, field, &v);
		gst_structure_free(s);
	}
	return v;
}

/* The text and debug of the next @type message on @bus within @wait_ms,
 * or NULL. */
static gchar *next_text(GstBus *bus, GstMessageType type, guint wait_ms)
{
	GstMessage *msg = gst_bus_timed_pop_filtered(bus,
	                                             wait_ms * GST_MSECOND,
	                                             type);
	GError *err = NULL;
	gchar *dbg = NULL, *all;

	if (!msg)
		return NULL;
	gst_test_print_message(msg);
	if (type == GST_MESSAGE_ERROR)
		gst_message_parse_error(msg, &err, &dbg);
	else
		gst_message_parse_warning(msg, &err, &dbg);
	all = g_strdup_printf("%s %s", err->message, dbg ? dbg : "");
	g_clear_error(&err);
	g_free(dbg);
	gst_message_unref(msg);
	return all;
}

static gboolean has_all(const gchar *text, const gchar *const *needles)
{
	if (!text)
		return FALSE;
	for (guint i = 0; needles[i]; i++)
		if (!strstr(text, needles[i]))
			return FALSE;
	return TRUE;
}

static GstElement *make_sink(const gchar *device, guint channel,
                             GstBus **bus)
{
	GstElement *sink = gst_element_factory_make("devourersink", NULL);

	g_object_set(sink, "device", device, "channel", channel,
	             "key-file", env.drone_key, "sync", FALSE,
	             "fec-timeout", 5, "async", FALSE, "stats-interval", 0,
	             NULL);
	*bus = gst_bus_new();
	gst_element_set_bus(sink, *bus);
	return sink;
}

/* The sink refuses to start with the vector @props make; the ERROR holds
 * every string of @needles. */
static void refused_at_start(const gchar *device, guint channel,
                             const gchar *what,
                             const gchar *const *needles, ...)
{
	GstBus *bus;
	GstElement *sink = make_sink(device, channel, &bus);
	const gchar *first;
	gchar *label, *text;
	va_list ap;

	va_start(ap, needles);
	first = va_arg(ap, const gchar *);
	g_object_set_valist(G_OBJECT(sink), first, ap);
	va_end(ap);

	label = g_strdup_printf("%s: start fails", what);
	CHECK(gst_element_set_state(sink, GST_STATE_PLAYING) ==
	      GST_STATE_CHANGE_FAILURE, label);
	g_free(label);
	text = next_text(bus, GST_MESSAGE_ERROR, 5000);
	label = g_strdup_printf("%s: ERROR names the property and the reason",
	                        what);
	if (!CHECK(has_all(text, needles), label))
		printf("#   got: %s\n", text ? text : "(no error)");
	g_free(label);
	g_free(text);
	label = g_strdup_printf("%s: back to NULL", what);
	CHECK(gst_element_set_state(sink, GST_STATE_NULL) ==
	      GST_STATE_CHANGE_SUCCESS, label);
	g_free(label);
	gst_object_unref(sink);
	gst_object_unref(bus);
}

/* Push @n packets; TRUE when every push was accepted. */
static gboolean push_packets(GstHarness *h, guint n)
{
	for (guint i = 0; i < n; i++) {
		GstBuffer *b = gst_buffer_new_allocate(NULL, 300, NULL);

		gst_buffer_memset(b, 0, (guint8)i, 300);
		GST_BUFFER_FLAG_SET(b, GST_BUFFER_FLAG_MARKER);
		if (gst_harness_push(h, b) != GST_FLOW_OK)
			return FALSE;
	}
	return TRUE;
}

/* Frames keep leaving: frames-sent grows past @than while packets go in. */
static gboolean frames_flow(GstHarness *h, GstElement *sink, guint64 than)
{
	return push_packets(h, 10) &&
	       gst_test_wait_stat_above(sink, "frames-sent", than, 10000);
}

static void live_change(const gchar *device, const gchar *chip)
{
	GstBus *bus;
	GstElement *sink = make_sink(device, 36, &bus);
	GstHarness *h;
	gchar *label, *text;
	gdouble rate;
	guint64 sent;
	const gchar *const want[] = { "mcs=31", "4 spatial streams",
	                              "at most 2", chip,
	                              "Keeping the previous", NULL };

	g_object_set(sink, "mcs", 3, NULL);
	label = g_strdup_printf("%s: PLAYING with mcs=3", device);
	if (!CHECK(gst_element_set_state(sink, GST_STATE_PLAYING) !=
	           GST_STATE_CHANGE_FAILURE, label)) {
		gst_test_drain_bus(bus, 0, NULL);
		g_free(label);
		gst_object_unref(sink);
		gst_object_unref(bus);
		return;
	}
	g_free(label);
	h = gst_harness_new_with_element(sink, "sink", NULL);
	gst_harness_set_src_caps_str(h, "application/x-devourer-test");

	label = g_strdup_printf("%s: frames go out at mcs=3", device);
	CHECK(frames_flow(h, sink, 0), label);
	g_free(label);
	rate = stat_double(sink, "phy-rate-mbps");

	/* An impossible live change: warned, counted, not applied. */
	g_object_set(sink, "mcs", 31, NULL);
	text = next_text(bus, GST_MESSAGE_WARNING, 2000);
	label = g_strdup_printf("%s: mcs=31 while PLAYING warns with the "
	                        "reason", device);
	if (!CHECK(has_all(text, want), label))
		printf("#   got: %s\n", text ? text : "(no warning)");
	g_free(label);
	g_free(text);
	label = g_strdup_printf("%s: counted in tx-vector-refused", device);
	CHECK_EQ_INT(gst_test_stat_u64(sink, "tx-vector-refused"), 1, label);
	g_free(label);
	label = g_strdup_printf("%s: the rate stays %.1f Mbit/s", device,
	                        rate);
	CHECK(stat_double(sink, "phy-rate-mbps") == rate, label);
	g_free(label);

	sent = gst_test_stat_u64(sink, "frames-sent");
	label = g_strdup_printf("%s: frames keep going out after the refused "
	                        "change", device);
	CHECK(frames_flow(h, sink, sent), label);
	g_free(label);
	label = g_strdup_printf("%s: none of them refused", device);
	CHECK_EQ_INT(gst_test_stat_u64(sink, "frames-rejected") +
	             gst_test_stat_u64(sink, "frames-refused"), 0, label);
	g_free(label);

	/* A vector the chip can send is taken, silently. */
	g_object_set(sink, "mcs", 31, "mcs", 4, NULL);
	text = next_text(bus, GST_MESSAGE_WARNING, 200);
	g_free(text);   /* the passing mcs=31 warns again; mcs=4 must not */
	text = next_text(bus, GST_MESSAGE_WARNING, 200);
	label = g_strdup_printf("%s: mcs=4 applies without a warning", device);
	CHECK(text == NULL, label);
	g_free(label);
	g_free(text);
	label = g_strdup_printf("%s: the rate follows mcs=4", device);
	CHECK(stat_double(sink, "phy-rate-mbps") > rate, label);
	g_free(label);

	gst_harness_teardown(h);
	gst_element_set_state(sink, GST_STATE_NULL);
	gst_object_unref(bus);
}

/* A CCK vector that became impossible by a retune to 5 GHz: every frame
 * is refused by the chip code; the sink says so once and counts them. */
static void refused_per_frame(const gchar *device)
{
	GstBus *bus;
	GstElement *sink = make_sink(device, 6, &bus);
	GstHarness *h;
	gchar *label, *text;
	guint64 sent;
	const gchar *const want[] = { "refuses the frames", "CCK",
	                              "frames-refused", NULL };

	g_object_set(sink, "mcs", -1, "legacy-rate", 22, NULL);
	label = g_strdup_printf("%s: PLAYING with CCK 11M on channel 6",
	                        device);
	if (!CHECK(gst_element_set_state(sink, GST_STATE_PLAYING) !=
	           GST_STATE_CHANGE_FAILURE, label)) {
		gst_test_drain_bus(bus, 0, NULL);
		g_free(label);
		gst_object_unref(sink);
		gst_object_unref(bus);
		return;
	}
	g_free(label);
	h = gst_harness_new_with_element(sink, "sink", NULL);
	gst_harness_set_src_caps_str(h, "application/x-devourer-test");
	label = g_strdup_printf("%s: CCK frames go out on 2.4 GHz", device);
	CHECK(frames_flow(h, sink, 0), label);
	g_free(label);

	g_object_set(sink, "channel", 36, NULL);
	push_packets(h, 20);
	text = next_text(bus, GST_MESSAGE_WARNING, 5000);
	label = g_strdup_printf("%s: refused frames are reported", device);
	if (!CHECK(has_all(text, want), label))
		printf("#   got: %s\n", text ? text : "(no warning)");
	g_free(label);
	g_free(text);
	push_packets(h, 20);
	text = next_text(bus, GST_MESSAGE_WARNING, 300);
	label = g_strdup_printf("%s: once, not per frame", device);
	CHECK(text == NULL, label);
	g_free(label);
	g_free(text);
	label = g_strdup_printf("%s: every refused frame counted", device);
	CHECK(gst_test_stat_u64(sink, "frames-refused") >= 40, label);
	g_free(label);

	/* Back on 2.4 GHz the same vector goes out again. */
	g_object_set(sink, "channel", 6, NULL);
	sent = gst_test_stat_u64(sink, "frames-sent");
	label = g_strdup_printf("%s: back on channel 6 frames flow", device);
	CHECK(frames_flow(h, sink, sent), label);
	g_free(label);

	gst_harness_teardown(h);
	gst_element_set_state(sink, GST_STATE_NULL);
	gst_object_unref(bus);
}

int main(int argc, char **argv)
{
	gst_test_setup(&env, &argc, &argv);

	const gchar *const mcs31[] = { "with mcs=31", "MCS 31 needs 4 spatial "
	                               "streams", "RTL8812AU sends at most 2",
	                               NULL };
	refused_at_start("virtual:vec8812", 36, "mcs=31 on RTL8812AU", mcs31,
	                 "mcs", 31, NULL);
	const gchar *const nss4[] = { "with vht-nss=4",
	                              "needs 4 spatial streams", NULL };
	refused_at_start("virtual:vec8812", 36, "vht-nss=4", nss4, "mcs", 0,
	                 "vht-nss", 4, "bandwidth", 80, NULL);
	const gchar *const cck[] = { "with legacy-rate=11", "CCK", "5 GHz",
	                             NULL };
	refused_at_start("virtual:vec8812", 36, "CCK on 5 GHz", cck, "mcs",
	                 -1, "legacy-rate", 22, NULL);
	const gchar *const stbc[] = { "with stbc=1", "STBC", "2 streams", NULL };
	refused_at_start("virtual:vec8812", 36, "STBC on 2 streams", stbc,
	                 "mcs", 8, "stbc", 1, NULL);
	const gchar *const c22[] = { "with mcs=31", "RTL8822C",
	                             "4 spatial streams", NULL };
	refused_at_start("virtual:vec8822,chip=8822c", 36,
	                 "mcs=31 on RTL8822C", c22, "mcs", 31, NULL);

	live_change("virtual:live8812", "RTL8812AU");
	refused_per_frame("virtual:pf8812");

	gst_test_teardown(&env);
	return check_done();
}
