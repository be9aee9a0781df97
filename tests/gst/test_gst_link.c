/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink -> virtual air -> devourersrc in one process (GstHarness on
 * both ends): every buffer arrives byte-exact and in order, an oversize
 * buffer is dropped with a warning naming the payloader's mtu and counted,
 * the stats properties add up, the LATENCY query answers fec-timeout.
 */
#include <gst/check/gstharness.h>

#include "gst_test_common.h"

#define N_PACKETS 300
#define MAX_SIZE 1400
#define SRC_FEC_TIMEOUT_MS 40

/* Deterministic content: index in the first bytes, then a pattern. */
static gsize packet_size(guint i)
{
	return 1 + (i * 7919u) % MAX_SIZE;
}

static void fill_packet(guint8 *p, gsize len, guint i)
{
	guint32 x = 0x9e3779b9u * (i + 1);

	for (gsize j = 0; j < len; j++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		p[j] = (guint8)x;
	}
}

static GstBuffer *make_packet(guint i)
{
	gsize len = packet_size(i);
	GstBuffer *buf = gst_buffer_new_allocate(NULL, len, NULL);
	GstMapInfo map;

	gst_buffer_map(buf, &map, GST_MAP_WRITE);
	fill_packet(map.data, len, i);
	gst_buffer_unmap(buf, &map);
	/* Every 10th packet ends a "video frame": the FEC block closes. */
	if (i % 10 == 9)
		GST_BUFFER_FLAG_SET(buf, GST_BUFFER_FLAG_MARKER);
	return buf;
}

static gboolean packet_matches(GstBuffer *buf, guint i)
{
	gsize len = packet_size(i);
	guint8 *want = g_malloc(len);
	GstMapInfo map;
	gboolean ok;

	fill_packet(want, len, i);
	gst_buffer_map(buf, &map, GST_MAP_READ);
	ok = map.size == len && memcmp(map.data, want, len) == 0;
	gst_buffer_unmap(buf, &map);
	g_free(want);
	return ok;
}

/* Was a WARNING with @needle in its debug text posted? */
static gboolean have_warning_with(GPtrArray *msgs, const gchar *needle)
{
	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		GError *err = NULL;
		gchar *dbg = NULL;
		gboolean hit;

		if (GST_MESSAGE_TYPE(m) != GST_MESSAGE_WARNING)
			continue;
		gst_message_parse_warning(m, &err, &dbg);
		hit = dbg && strstr(dbg, needle);
		g_clear_error(&err);
		g_free(dbg);
		if (hit)
			return TRUE;
	}
	return FALSE;
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstHarness *hs, *ht;
	GstBus *bus_rx, *bus_tx;
	GPtrArray *msgs_rx, *msgs_tx;
	guint received = 0, exact = 0, errors = 0;
	gint64 deadline;
	GstQuery *q;

	gst_test_setup(&env, &argc, &argv);
	msgs_rx = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	msgs_tx = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);

	/* Receiver first, so it hears the first session announcement. */
	hs = gst_harness_new("devourersrc");
	g_object_set(hs->element, "device", "virtual:ground",
	             "channel", 149, "key-file", env.gs_key,
	             "fec-timeout", SRC_FEC_TIMEOUT_MS, NULL);
	bus_rx = gst_bus_new();
	gst_element_set_bus(hs->element, bus_rx);
	if (gst_element_set_state(hs->element, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(bus_rx, 0, NULL);
		CHECK(0, "devourersrc reaches PLAYING");
		return check_done();
	}

	/* A harness plays a sink as soon as it wraps it: configure and start
	 * the element first, so a failure is reported rather than asserted. */
	{
		GstElement *sink = gst_element_factory_make("devourersink",
		                                            NULL);
		g_object_set(sink, "device", "virtual:drone", "channel", 149,
		             "key-file", env.drone_key, "sync", FALSE,
		             "fec-timeout", 5, "async", FALSE, NULL);
		bus_tx = gst_bus_new();
		gst_element_set_bus(sink, bus_tx);
		if (gst_element_set_state(sink, GST_STATE_PLAYING) ==
		    GST_STATE_CHANGE_FAILURE) {
			gst_test_drain_bus(bus_tx, 0, NULL);
			CHECK(0, "devourersink reaches PLAYING");
			return check_done();
		}
		ht = gst_harness_new_with_element(sink, "sink", NULL);
		gst_object_unref(sink);
	}
	gst_harness_set_src_caps_str(ht, "application/x-devourer-test");
	if (gst_element_set_state(ht->element, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(bus_tx, 0, NULL);
		CHECK(0, "devourersink reaches PLAYING");
		return check_done();
	}

	errors += gst_test_drain_bus(bus_rx, 0, msgs_rx);
	errors += gst_test_drain_bus(bus_tx, 0, msgs_tx);
	CHECK_EQ_INT(errors, 0, "both elements start without an error");

	for (guint i = 0; i < N_PACKETS; i++) {
		if (gst_harness_push(ht, make_packet(i)) != GST_FLOW_OK) {
			printf("# push %u failed\n", i);
			break;
		}
		if (i == N_PACKETS / 2) {
			/* Too big for one frame: dropped, warned, counted. */
			GstBuffer *big = gst_buffer_new_allocate(NULL, 5000,
			                                         NULL);
			gst_buffer_memset(big, 0, 0xab, 5000);
			CHECK(gst_harness_push(ht, big) == GST_FLOW_OK,
			      "an oversize buffer is dropped, not an error");
		}
	}
	CHECK(gst_harness_push_event(ht, gst_event_new_eos()),
	      "EOS flushes the last FEC block");

	deadline = g_get_monotonic_time() + 15 * G_TIME_SPAN_SECOND;
	while (received < N_PACKETS && g_get_monotonic_time() < deadline) {
		GstBuffer *b = gst_harness_try_pull(hs);

		if (!b) {
			g_usleep(2000);
			continue;
		}
		if (packet_matches(b, received))
			exact++;
		else
			printf("# packet %u differs (size %zu)\n", received,
			       gst_buffer_get_size(b));
		if (received == 0)
			CHECK(GST_BUFFER_PTS_IS_VALID(b),
			      "packets are timestamped");
		received++;
		gst_buffer_unref(b);
	}
	CHECK_EQ_INT(received, N_PACKETS, "every packet arrives");
	CHECK_EQ_INT(exact, N_PACKETS, "every packet is byte-exact, in order");
	g_usleep(100 * 1000);
	CHECK(gst_harness_try_pull(hs) == NULL,
	      "nothing extra arrives (the oversize one was not sent)");

	CHECK_EQ_INT(gst_test_stat_u64(ht->element, "packets-sent"), N_PACKETS,
	             "sink stats: packets-sent");
	CHECK_EQ_INT(gst_test_stat_u64(ht->element, "packets-dropped-oversize"), 1,
	             "sink stats: the oversize packet is counted");
	CHECK(gst_test_stat_u64(ht->element, "fec-flushes") >= N_PACKETS / 10,
	      "sink stats: marker buffers closed FEC blocks");
	CHECK(gst_test_stat_u64(ht->element, "frames-sent") > N_PACKETS,
	      "sink stats: data + parity + session frames went out");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "packets-received"), N_PACKETS,
	             "src stats: packets-received");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "packets-lost"), 0,
	             "src stats: nothing lost on a clean air");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "auth-failed"), 0,
	             "src stats: no authentication failure");

	gst_test_drain_bus(bus_tx, 200, msgs_tx);
	CHECK(have_warning_with(msgs_tx, "rtph264pay mtu="),
	      "oversize warning tells which upstream setting to change");

	q = gst_query_new_latency();
	CHECK(gst_element_query(hs->element, q), "src answers LATENCY");
	{
		gboolean live = FALSE;
		GstClockTime min = 0, max = 0;

		gst_query_parse_latency(q, &live, &min, &max);
		CHECK(live, "LATENCY: live");
		CHECK_EQ_INT(min, SRC_FEC_TIMEOUT_MS * GST_MSECOND,
		             "LATENCY: min = fec-timeout (the FEC hold-back)");
		CHECK(max == GST_CLOCK_TIME_NONE || max >= min,
		      "LATENCY: max not below min");
	}
	gst_query_unref(q);

	/* fec-timeout is READY-only: set while PLAYING it waits for the
	 * next start, and LATENCY keeps answering the timeout in force. */
	g_object_set(hs->element, "fec-timeout", SRC_FEC_TIMEOUT_MS * 4, NULL);
	q = gst_query_new_latency();
	if (CHECK(gst_element_query(hs->element, q),
	          "src answers LATENCY after fec-timeout changed")) {
		GstClockTime min = 0;

		gst_query_parse_latency(q, NULL, &min, NULL);
		CHECK_EQ_INT(min, SRC_FEC_TIMEOUT_MS * GST_MSECOND,
		             "LATENCY: the fec-timeout in force, not one set "
		             "while PLAYING");
	}
	gst_query_unref(q);

	gst_harness_teardown(ht);
	gst_harness_teardown(hs);
	errors = gst_test_drain_bus(bus_rx, 0, msgs_rx) +
	         gst_test_drain_bus(bus_tx, 0, msgs_tx);
	CHECK_EQ_INT(errors, 0, "no error message during the run");
	gst_object_unref(bus_rx);
	gst_object_unref(bus_tx);
	g_ptr_array_unref(msgs_rx);
	g_ptr_array_unref(msgs_tx);
	gst_test_teardown(&env);
	return check_done();
}
