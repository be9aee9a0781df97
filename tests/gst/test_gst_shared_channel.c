/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The channel is the adapter's, whichever element set it:
 *  - a second element asking the running adapter for another channel
 *    gets one clear RESOURCE BUSY error naming both channels, and the
 *    element running on it goes on;
 *  - a sink joining with another tx-power does not change the power the
 *    adapter sends every stream at, and reads it back with a warning;
 *  - a retune by one element (a sink) moves the adapter, and the other
 *    element on it (a src) reads the channel back and notifies it.
 */
#include "gst_shared_common.h"

static void count_notify(GObject *obj, GParamSpec *pspec, gpointer user)
{
	(void)obj;
	(void)pspec;
	g_atomic_int_inc((gint *)user);
}

/* tx-power's int field of @e's stats. */
static gint power_mbm_of(GstElement *e)
{
	GstStructure *s = NULL;
	gint mbm = 0;

	g_object_get(e, "stats", &s, NULL);
	if (s) {
		gst_structure_get_int(s, "tx-power-mbm", &mbm);
		gst_structure_free(s);
	}
	return mbm;
}

/* A sink joining with another tx-power leaves the adapter's as it is
 * (the power @running's stream is sent at) and reads it back, warning. */
static void check_joined_power(const struct gst_test_env *env,
                               GstElement *running)
{
	gint was = power_mbm_of(running), asked, got = 0;
	GstElement *pw = gst_element_factory_make("devourersink", NULL);
	GstBus *bus = gst_bus_new();
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	guint shared_warnings = 0;

	asked = was / 100 > 10 ? was / 100 - 5 : was / 100 + 5;
	g_object_set(pw, "device", "virtual:ch", "channel", 149, "radio-port",
	             2, "key-file", env->drone_key, "tx-power", asked,
	             "async", FALSE, NULL);
	gst_element_set_bus(pw, bus);
	CHECK(gst_element_set_state(pw, GST_STATE_PLAYING) !=
	      GST_STATE_CHANGE_FAILURE, "power: a sink with another "
	      "tx-power joins");
	CHECK_EQ_INT(gst_test_drain_bus(bus, 0, msgs), 0, "power: no error");
	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		GError *e = NULL;

		if (GST_MESSAGE_TYPE(m) != GST_MESSAGE_WARNING)
			continue;
		gst_message_parse_warning(m, &e, NULL);
		if (strstr(e->message, "is shared"))
			shared_warnings++;
		g_error_free(e);
	}
	CHECK_EQ_INT(shared_warnings, 1, "power: one warning says the "
	             "adapter is shared and keeps its power");
	CHECK_EQ_INT(power_mbm_of(running), was,
	             "power: the running stream's power is unchanged");
	g_object_get(pw, "tx-power", &got, NULL);
	CHECK_EQ_INT(got, (was + 50) / 100,
	             "power: tx-power reads back the adapter's");
	gst_element_set_state(pw, GST_STATE_NULL);
	gst_object_unref(pw);
	gst_object_unref(bus);
	g_ptr_array_unref(msgs);
}

static void test_channel(const struct gst_test_env *env)
{
	GstBus *rx_bus, *tx_bus, *bad_bus;
	GstHarness *rx, *tx;
	GstElement *bad;
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	guint errors;
	gint notified = 0;
	guint ch = 0;

	rx = src_on(env, "virtual:ch", 0, &rx_bus, "channel: src plays");
	if (!rx)
		return;

	/* another channel on the running adapter: refused, clearly */
	bad = gst_element_factory_make("devourersink", NULL);
	g_object_set(bad, "device", "virtual:ch", "channel", 36, "key-file",
	             env->drone_key, "async", FALSE, NULL);
	bad_bus = gst_bus_new();
	gst_element_set_bus(bad, bad_bus);
	CHECK(gst_element_set_state(bad, GST_STATE_PLAYING) ==
	      GST_STATE_CHANGE_FAILURE,
	      "channel: a sink asking for channel 36 does not start");
	errors = gst_test_drain_bus(bad_bus, 0, msgs);
	CHECK_EQ_INT(errors, 1, "channel: exactly one ERROR");
	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		GError *e = NULL;

		if (GST_MESSAGE_TYPE(m) != GST_MESSAGE_ERROR)
			continue;
		gst_message_parse_error(m, &e, NULL);
		CHECK(e->domain == GST_RESOURCE_ERROR &&
		      e->code == GST_RESOURCE_ERROR_BUSY,
		      "channel: a RESOURCE BUSY error");
		CHECK(strstr(e->message, "channel 149") &&
		      strstr(e->message, "channel 36"),
		      "channel: its text names the channel in use and the "
		      "one asked for");
		g_error_free(e);
	}
	gst_element_set_state(bad, GST_STATE_NULL);
	gst_object_unref(bad);
	gst_object_unref(bad_bus);
	CHECK(gst_test_stat_u64(rx->element, "frames-received") !=
	      G_MAXUINT64, "channel: the running src is still up");

	/* a retune by one element moves the adapter for all */
	tx = sink_on(env, "virtual:ch", 1, 8, 12, &tx_bus,
	             "channel: a sink on the same channel joins");
	if (tx)
		check_joined_power(env, tx->element);
	if (tx) {
		g_signal_connect(rx->element, "notify::channel",
		                 G_CALLBACK(count_notify), &notified);
		g_object_set(tx->element, "channel", 157, NULL);
		WAIT_UNTIL(g_atomic_int_get(&notified) > 0, 10000);
		CHECK(g_atomic_int_get(&notified) > 0,
		      "retune: the other element notifies channel");
		g_object_get(rx->element, "channel", &ch, NULL);
		CHECK_EQ_INT(ch, 157, "retune: and reads back the channel in "
		             "effect");
		errors = gst_test_drain_bus(tx_bus, 0, NULL) +
		         gst_test_drain_bus(rx_bus, 0, NULL);
		CHECK_EQ_INT(errors, 0, "retune: no error");
		gst_harness_teardown(tx);
		gst_object_unref(tx_bus);
	}
	gst_harness_teardown(rx);
	gst_object_unref(rx_bus);
	g_ptr_array_unref(msgs);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	test_channel(&env);
	gst_test_teardown(&env);
	return check_done();
}
