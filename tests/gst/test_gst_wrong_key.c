/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A receiver with the wrong password hears the sender but cannot open its
 * session: the src must say so, not look like an empty channel. Its
 * "stats" count the session packets failing authentication, and the
 * periodic devourer-rx-stats message carries session-auth-failed and
 * no-session (the data frames it cannot open), with no packet delivered,
 * and the signal of the sender it hears (not "nothing heard"); a bus
 * warning says the sender uses another key.
 */
#include "gst_test_common.h"

#define INTERVAL_MS 100
#define DEADLINE_S 60

/* Sum of a guint64 field over the devourer-rx-stats messages so far;
 * @fields_ok cleared when one message lacks it. */
static guint64 sum_field(GPtrArray *msgs, const gchar *field,
                         gboolean *fields_ok)
{
	guint64 total = 0;

	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		guint64 v = 0;

		if (!gst_test_is_element_msg(m, "devourer-rx-stats"))
			continue;
		if (!gst_structure_get_uint64(gst_message_get_structure(m),
		                              field, &v))
			*fields_ok = FALSE;
		total += v;
	}
	return total;
}

/* The best "rssi" of the devourer-rx-stats messages so far (-127 when
 * none heard this link). */
static gint best_rssi(GPtrArray *msgs)
{
	gint best = -127;

	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		gint v = -127;

		if (!gst_test_is_element_msg(m, "devourer-rx-stats"))
			continue;
		gst_structure_get_int(gst_message_get_structure(m), "rssi", &v);
		best = MAX(best, v);
	}
	return best;
}

/* The details of the first "auth-failed" warning, or NULL. */
static const GstStructure *auth_warning(GPtrArray *msgs)
{
	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		const GstStructure *d = NULL;

		if (GST_MESSAGE_TYPE(m) != GST_MESSAGE_WARNING)
			continue;
		gst_message_parse_warning_details(m, &d);
		if (d && g_strcmp0(gst_structure_get_string(d, "kind"),
		                   "auth-failed") == 0)
			return d;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstElement *tx, *rx, *src;
	GstBus *bus_rx, *bus_tx;
	GPtrArray *msgs;
	gchar *desc;
	guint errors = 0;
	gboolean fields_ok = TRUE;
	guint64 sess_fail = 0, no_session = 0, packets = 0;
	gint64 deadline;
	const GstStructure *warned = NULL;
	guint64 warned_fails = 0, v = 0;

	gst_test_setup(&env, &argc, &argv);
	msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);

	desc = g_strdup_printf(
	        "devourersrc name=src device=virtual:ground "
	        "password=not-the-password stats-interval=%d ! fakesink",
	        INTERVAL_MS);
	rx = gst_test_parse(desc);
	g_free(desc);
	tx = gst_test_parse(
	        "audiotestsrc is-live=true samplesperbuffer=480 ! "
	        "audio/x-raw,format=S16LE,rate=48000,channels=1 ! "
	        "devourersink name=sink device=virtual:drone mcs=1 "
	        "password=hunter2");
	if (!CHECK(rx && tx, "pipelines parse"))
		return check_done();
	src = gst_bin_get_by_name(GST_BIN(rx), "src");
	bus_rx = gst_element_get_bus(rx);
	bus_tx = gst_element_get_bus(tx);

	/* A live src with nothing to push never completes PLAYING: do not
	 * wait for it. */
	CHECK(gst_element_set_state(rx, GST_STATE_PLAYING) !=
	      GST_STATE_CHANGE_FAILURE, "receiver starts");
	CHECK(gst_test_set_state(tx, GST_STATE_PLAYING, 30) !=
	      GST_STATE_CHANGE_FAILURE, "sender plays");

	/* Wait for the condition: session packets refused, and a message
	 * that says so for the sessions and for the data. The deadline only
	 * bounds a broken run. */
	deadline = g_get_monotonic_time() + DEADLINE_S * G_TIME_SPAN_SECOND;
	while (g_get_monotonic_time() < deadline) {
		errors += gst_test_drain_bus(bus_rx, 50, msgs);
		errors += gst_test_drain_bus(bus_tx, 0, NULL);
		sess_fail = sum_field(msgs, "session-auth-failed", &fields_ok);
		no_session = sum_field(msgs, "no-session", &fields_ok);
		warned = auth_warning(msgs);
		if (!fields_ok || (sess_fail > 0 && no_session > 0 &&
		                   warned && best_rssi(msgs) > -127))
			break;
	}
	packets = sum_field(msgs, "packets", &fields_ok);
	printf("# rx-stats: session-auth-failed %" G_GUINT64_FORMAT
	       " no-session %" G_GUINT64_FORMAT " packets %" G_GUINT64_FORMAT
	       "\n", sess_fail, no_session, packets);
	CHECK(fields_ok, "rx-stats: session-auth-failed and no-session present");
	CHECK(sess_fail > 0, "rx-stats: wrong key shows as session-auth-failed");
	CHECK(no_session > 0, "rx-stats: data heard without a session counted");
	CHECK_EQ_INT(packets, 0, "rx-stats: nothing delivered");
	CHECK(best_rssi(msgs) > -127,
	      "rx-stats: the sender's signal is reported, though no frame "
	      "authenticates");
	CHECK(warned != NULL, "a warning says the key is wrong");
	if (warned && gst_structure_get_uint64(warned, "session-auth-failed",
	                                       &v))
		warned_fails += v;
	if (warned && gst_structure_get_uint64(warned, "auth-failed", &v))
		warned_fails += v;
	CHECK(warned_fails > 0, "... counting the frames that failed");
	CHECK(gst_test_stat_u64(src, "link-frames") > 0 &&
	      gst_test_stat_u64(src, "link-frames") != G_MAXUINT64,
	      "src stats: the frames are counted as this link's");
	CHECK(gst_test_stat_u64(src, "session-auth-failed") >= sess_fail &&
	      sess_fail > 0, "src stats: session-auth-failed counted");
	CHECK(gst_test_stat_u64(src, "no-session") > 0,
	      "src stats: no-session counted");
	CHECK_EQ_INT(gst_test_stat_u64(src, "sessions"), 0,
	             "src stats: no session adopted");
	CHECK_EQ_INT(gst_test_stat_u64(src, "packets-received"), 0,
	             "src stats: no packet received");

	gst_element_set_state(tx, GST_STATE_NULL);
	gst_element_set_state(rx, GST_STATE_NULL);
	errors += gst_test_drain_bus(bus_rx, 0, NULL);
	errors += gst_test_drain_bus(bus_tx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "no error message");

	gst_object_unref(src);
	gst_object_unref(bus_rx);
	gst_object_unref(bus_tx);
	gst_object_unref(tx);
	gst_object_unref(rx);
	g_ptr_array_unref(msgs);
	gst_test_teardown(&env);
	return check_done();
}
