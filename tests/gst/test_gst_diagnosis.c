/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersrc says what is wrong on the link: a bus warning naming the
 * fix when the sender is on another link id or radio port, when nothing
 * at all is heard, and when a live retune is refused (the channel and
 * bandwidth properties then read back the channel in effect). A run
 * shorter than stats-interval still reports: the final devourer-rx-stats
 * goes out before EOS, and only once.
 */
#include "gst_test_common.h"

#define DEADLINE_S 60

/* CHECK and CHECK_EQ_INT with a printf-style description. */
#define CHECKF(cond, ...)                                                    \
	do {                                                                 \
		gchar *what_ = g_strdup_printf(__VA_ARGS__);                 \
		CHECK(cond, what_);                                          \
		g_free(what_);                                               \
	} while (0)
#define CHECK_EQ_INTF(a, b, ...)                                             \
	do {                                                                 \
		gchar *what_ = g_strdup_printf(__VA_ARGS__);                 \
		CHECK_EQ_INT(a, b, what_);                                   \
		g_free(what_);                                               \
	} while (0)

/* Collect @bus until a warning of @kind is there (or the deadline). */
static const GstStructure *wait_warning(GstBus *bus, GstBus *other,
                                        GPtrArray *msgs, const gchar *kind,
                                        guint *errors)
{
	gint64 deadline = g_get_monotonic_time() +
	                  DEADLINE_S * G_TIME_SPAN_SECOND;
	const GstStructure *d = NULL;

	while (!(d = gst_test_find_warning(msgs, kind)) &&
	       g_get_monotonic_time() < deadline) {
		*errors += gst_test_drain_bus(bus, 50, msgs);
		if (other)
			*errors += gst_test_drain_bus(other, 0, NULL);
	}
	return d;
}

static guint detail_uint(const GstStructure *d, const gchar *field)
{
	guint v = G_MAXUINT;

	if (d)
		gst_structure_get_uint(d, field, &v);
	return v;
}

/* A sender with one setting the receiver does not share: the receiver
 * warns of kind @kind, naming @value_field = @value, and counts it. */
static void misconfigured_sender(const gchar *what, const gchar *tx_extra,
                                 const gchar *kind, const gchar *value_field,
                                 guint value, const gchar *stat,
                                 const gchar *id_stat)
{
	GstElement *rx, *tx, *src;
	GstBus *bus_rx, *bus_tx;
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	const GstStructure *d;
	guint errors = 0;
	gchar *desc;

	desc = g_strdup_printf("devourersrc name=src device=virtual:%s-rx "
	                       "password=pw stats-interval=0 ! fakesink",
	                       what);
	rx = gst_test_parse(desc);
	g_free(desc);
	desc = g_strdup_printf(
	        "audiotestsrc is-live=true samplesperbuffer=480 ! "
	        "audio/x-raw,format=S16LE,rate=48000,channels=1 ! "
	        "devourersink device=virtual:%s-tx mcs=1 password=pw %s",
	        what, tx_extra);
	tx = gst_test_parse(desc);
	g_free(desc);
	if (!CHECK(rx && tx, "misconfigured sender: pipelines parse"))
		return;
	src = gst_bin_get_by_name(GST_BIN(rx), "src");
	bus_rx = gst_element_get_bus(rx);
	bus_tx = gst_element_get_bus(tx);

	/* A live src with nothing to push never completes PLAYING. */
	CHECKF(gst_element_set_state(rx, GST_STATE_PLAYING) !=
	      GST_STATE_CHANGE_FAILURE, "%s: receiver starts", what);
	CHECKF(gst_test_set_state(tx, GST_STATE_PLAYING, 30) !=
	      GST_STATE_CHANGE_FAILURE, "%s: sender plays", what);

	d = wait_warning(bus_rx, bus_tx, msgs, kind, &errors);
	if (d) {
		gchar *text = gst_structure_to_string(d);
		printf("# %s: %s\n", what, text);
		g_free(text);
	}
	CHECKF(d != NULL, "%s: a '%s' warning", what, kind);
	CHECK_EQ_INTF(detail_uint(d, value_field), value,
	             "%s: the warning names the %s heard", what, value_field);
	CHECKF(gst_test_find_warning(msgs, "auth-failed") == NULL,
	      "%s: not taken for a wrong key", what);
	CHECKF(gst_test_stat_u64(src, stat) > 0 &&
	      gst_test_stat_u64(src, stat) != G_MAXUINT64,
	      "%s: stats count %s", what, stat);
	{
		GstStructure *s = NULL;
		guint id = G_MAXUINT;

		g_object_get(src, "stats", &s, NULL);
		if (s) {
			gst_structure_get_uint(s, id_stat, &id);
			gst_structure_free(s);
		}
		CHECK_EQ_INTF(id, value, "%s: stats %s", what, id_stat);
	}
	CHECK_EQ_INTF(gst_test_stat_u64(src, "link-frames"), 0,
	             "%s: no frame of this link", what);

	gst_element_set_state(tx, GST_STATE_NULL);
	gst_element_set_state(rx, GST_STATE_NULL);
	errors += gst_test_drain_bus(bus_rx, 0, NULL);
	errors += gst_test_drain_bus(bus_tx, 0, NULL);
	CHECK_EQ_INTF(errors, 0, "%s: no error message", what);
	gst_object_unref(src);
	gst_object_unref(bus_rx);
	gst_object_unref(bus_tx);
	gst_object_unref(tx);
	gst_object_unref(rx);
	g_ptr_array_unref(msgs);
}

static guint get_uint_prop(GstElement *e, const gchar *name)
{
	guint v = 0;

	g_object_get(e, name, &v, NULL);
	return v;
}

static gint get_enum_prop(GstElement *e, const gchar *name)
{
	gint v = 0;

	g_object_get(e, name, &v, NULL);
	return v;
}

/* No sender: "nothing heard" names channel, bandwidth and adapter. Then
 * live retunes: a refused one warns and reads back the channel in
 * effect; accepted ones read back what was set. */
static void nothing_heard_and_retune(void)
{
	GstElement *rx, *src;
	GstBus *bus;
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	const GstStructure *d;
	guint errors = 0;

	rx = gst_test_parse("devourersrc name=src device=virtual:lonely "
	                    "channel=149 password=pw stats-interval=0 ! "
	                    "fakesink");
	if (!CHECK(rx != NULL, "lonely receiver parses"))
		return;
	src = gst_bin_get_by_name(GST_BIN(rx), "src");
	bus = gst_element_get_bus(rx);
	CHECK(gst_element_set_state(rx, GST_STATE_PLAYING) !=
	      GST_STATE_CHANGE_FAILURE, "lonely receiver starts");

	d = wait_warning(bus, NULL, msgs, "nothing-heard", &errors);
	CHECK(d != NULL, "nothing heard: warned");
	CHECK_EQ_INT(detail_uint(d, "channel"), 149,
	             "nothing heard: names the channel");
	CHECK_EQ_INT(detail_uint(d, "bandwidth"), 20,
	             "nothing heard: names the bandwidth");
	CHECK(d && gst_structure_get_string(d, "devices") &&
	      strstr(gst_structure_get_string(d, "devices"),
	             "virtual:lonely") != NULL,
	      "nothing heard: names the adapter");

	/* The adapters are up (the warning came from the running timer):
	 * retune live. */
	g_object_set(src, "bandwidth", 80, NULL);
	CHECK_EQ_INT(get_enum_prop(src, "bandwidth"), 80,
	             "accepted retune to 80 MHz reads back");
	g_object_set(src, "channel", 36, NULL);
	CHECK_EQ_INT(get_uint_prop(src, "channel"), 36,
	             "accepted retune to channel 36 reads back");
	/* Back-to-back retunes: the timer reads back each retune's report
	 * whenever it runs, and a report taken late (after the next retune
	 * was set) must not overwrite the channel just set. */
	{
		guint wrong = 0;

		for (guint i = 0; i < 40; i++) {
			guint want = (i % 2) ? 36 : 149;

			g_object_set(src, "channel", want, NULL);
			if (get_uint_prop(src, "channel") != want ||
			    get_enum_prop(src, "bandwidth") != 80)
				wrong++;
		}
		CHECK_EQ_INT(wrong, 0, "40 back-to-back retunes each read "
		             "back what was set");
	}
	errors += gst_test_drain_bus(bus, 0, msgs);
	CHECK(gst_test_find_warning(msgs, "retune-refused") == NULL,
	      "accepted retunes: no warning");

	/* Channel 20 is no Wi-Fi channel: the driver refuses it. */
	g_object_set(src, "channel", 20, NULL);
	CHECK_EQ_INT(get_uint_prop(src, "channel"), 36,
	             "refused retune: channel reads back the one in effect");
	CHECK_EQ_INT(get_enum_prop(src, "bandwidth"), 80,
	             "refused retune: bandwidth unchanged");
	d = wait_warning(bus, NULL, msgs, "retune-refused", &errors);
	CHECK(d != NULL, "refused retune: warned");
	CHECK_EQ_INT(detail_uint(d, "channel-refused"), 20,
	             "refused retune: names the refused channel");
	CHECK_EQ_INT(detail_uint(d, "channel"), 36,
	             "refused retune: names the channel kept");

	gst_element_set_state(rx, GST_STATE_NULL);
	errors += gst_test_drain_bus(bus, 0, NULL);
	CHECK_EQ_INT(errors, 0, "lonely receiver: no error message");
	/* Stopped, a channel is only stored for the next start. */
	g_object_set(src, "channel", 20, NULL);
	CHECK_EQ_INT(get_uint_prop(src, "channel"), 20,
	             "stopped: the property stores the value set");
	gst_object_unref(src);
	gst_object_unref(bus);
	gst_object_unref(rx);
	g_ptr_array_unref(msgs);
}

/* "RATE at BW MHz, N chains" of adapter 0 of an rx-stats message, with
 * every chain's RSSI and SNR required to be real readings. */
static gchar *adapter_summary(const GstStructure *s)
{
	const GValue *list = gst_structure_get_value(s, "adapters");
	const GstStructure *a;
	const GValue *rssi, *snr;
	guint bw = 0, n;

	if (!list || gst_value_array_get_size(list) < 1)
		return NULL;
	a = gst_value_get_structure(gst_value_array_get_value(list, 0));
	rssi = gst_structure_get_value(a, "chain-rssi");
	snr = gst_structure_get_value(a, "chain-snr");
	if (!rssi || !snr || !gst_structure_get_uint(a, "bandwidth", &bw))
		return NULL;
	n = gst_value_array_get_size(rssi);
	if (gst_value_array_get_size(snr) != n)
		return NULL;
	for (guint c = 0; c < n; c++) {
		gint r = g_value_get_int(gst_value_array_get_value(rssi, c));

		if (r <= -127 || r >= 0)
			return NULL;
	}
	return g_strdup_printf("%s at %u MHz, %u chains",
	                       gst_structure_get_string(a, "rate"), bw, n);
}

static gboolean is_rx_stats(GstMessage *m, gboolean *final)
{
	if (!gst_test_is_element_msg(m, "devourer-rx-stats"))
		return FALSE;
	*final = FALSE;
	gst_structure_get_boolean(gst_message_get_structure(m), "final",
	                          final);
	return TRUE;
}

/* A run shorter than stats-interval: one final message, with what the
 * run delivered: before EOS when the run ends @via_eos (none at the stop
 * after it), else at stop. */
static void final_stats(gboolean via_eos)
{
	GstElement *rx, *tx, *src;
	GstBus *bus_rx, *bus_tx;
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	guint errors = 0, finals = 0, periodic = 0, eos_at = G_MAXUINT;
	guint final_at = G_MAXUINT;
	guint64 packets = 0, air = 0, bytes = 0;
	gint64 deadline;
	gchar *adapter = NULL;

	rx = gst_test_parse("devourersrc name=src device=virtual:short-rx "
	                    "password=pw stats-interval=600000 ! fakesink");
	tx = gst_test_parse(
	        "audiotestsrc is-live=true samplesperbuffer=480 ! "
	        "audio/x-raw,format=S16LE,rate=48000,channels=1 ! "
	        "devourersink device=virtual:short-tx mcs=1 password=pw");
	if (!CHECK(rx && tx, "short run: pipelines parse"))
		return;
	src = gst_bin_get_by_name(GST_BIN(rx), "src");
	bus_rx = gst_element_get_bus(rx);
	bus_tx = gst_element_get_bus(tx);
	CHECK(gst_element_set_state(rx, GST_STATE_PLAYING) !=
	      GST_STATE_CHANGE_FAILURE, "short run: receiver starts");
	CHECK(gst_test_set_state(tx, GST_STATE_PLAYING, 30) !=
	      GST_STATE_CHANGE_FAILURE, "short run: sender plays");
	CHECK(gst_test_wait_stat_above(src, "packets-received", 10,
	                               DEADLINE_S * 1000),
	      "short run: packets arrive");
	CHECK(gst_test_set_state(rx, GST_STATE_PLAYING, 30) ==
	      GST_STATE_CHANGE_SUCCESS, "short run: receiver plays");
	if (via_eos)
		gst_element_send_event(rx, gst_event_new_eos());
	deadline = g_get_monotonic_time() + DEADLINE_S * G_TIME_SPAN_SECOND;
	while (via_eos && eos_at == G_MAXUINT &&
	       g_get_monotonic_time() < deadline) {
		errors += gst_test_drain_bus(bus_rx, 50, msgs);
		errors += gst_test_drain_bus(bus_tx, 0, NULL);
		for (guint i = 0; i < msgs->len; i++)
			if (GST_MESSAGE_TYPE(g_ptr_array_index(msgs, i)) ==
			    GST_MESSAGE_EOS)
				eos_at = i;
	}
	gst_element_set_state(tx, GST_STATE_NULL);
	/* READY stops the src; NULL would flush what it posted. */
	gst_element_set_state(rx, GST_STATE_READY);
	errors += gst_test_drain_bus(bus_rx, 0, msgs);
	errors += gst_test_drain_bus(bus_tx, 0, NULL);
	gst_element_set_state(rx, GST_STATE_NULL);

	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		gboolean final;

		if (!is_rx_stats(m, &final))
			continue;
		if (!final) {
			periodic++;
			continue;
		}
		finals++;
		final_at = i;
		gst_structure_get_uint64(gst_message_get_structure(m),
		                         "packets", &packets);
		gst_structure_get_uint64(gst_message_get_structure(m),
		                         "bytes", &bytes);
		gst_structure_get_uint64(gst_message_get_structure(m),
		                         "air-bytes", &air);
		g_free(adapter);
		adapter = adapter_summary(gst_message_get_structure(m));
	}
	printf("# short run: final packets %" G_GUINT64_FORMAT " bytes %"
	       G_GUINT64_FORMAT " air-bytes %" G_GUINT64_FORMAT "\n",
	       packets, bytes, air);
	if (via_eos) {
		CHECK(eos_at != G_MAXUINT, "short run: EOS reached the bus");
		CHECK(final_at < eos_at,
		      "short run: the final message precedes EOS");
	}
	CHECK_EQ_INT(periodic, 0, "short run: no periodic message");
	CHECK_EQ_INT(finals, 1, via_eos ?
	             "short run to EOS: exactly one final message" :
	             "short run to stop: exactly one final message");
	CHECK(packets > 10, "short run: the final message counts the run");
	CHECK(air > bytes && bytes > 0,
	      "short run: air bytes (frames heard) exceed the goodput");
	printf("# short run: adapter 0: %s\n", adapter ? adapter : "none");
	CHECK(adapter && strcmp(adapter, "HT MCS 1 at 20 MHz, 2 chains") == 0,
	      "short run: the rate, bandwidth and chains the sender used");
	g_free(adapter);
	CHECK_EQ_INT(errors, 0, "short run: no error message");
	gst_object_unref(src);
	gst_object_unref(bus_rx);
	gst_object_unref(bus_tx);
	gst_object_unref(tx);
	gst_object_unref(rx);
	g_ptr_array_unref(msgs);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	misconfigured_sender("link", "link-id=1234", "other-link",
	                     "link-id-heard", 1234, "other-link",
	                     "other-link-id");
	misconfigured_sender("port", "radio-port=3", "other-port",
	                     "radio-port-heard", 3, "other-port",
	                     "other-port-id");
	nothing_heard_and_retune();
	final_stats(TRUE);
	final_stats(FALSE);
	gst_test_teardown(&env);
	return check_done();
}
