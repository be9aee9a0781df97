/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink -> virtual air -> devourersrc in one process (GstHarness on
 * both ends): every buffer arrives byte-exact and in order, the stats
 * properties add up (buffers larger than a packet: test_gst_sink_input),
 * the LATENCY query answers live, min 0 (the packets are stamped after
 * the FEC hold-back).
 */
#include "gst_test_common.h"

#define N_PACKETS 300
#define MAX_SIZE 1400
#define SRC_FEC_TIMEOUT_MS 40

/* Every 10th packet ends a "video frame": the FEC block closes. */
static const struct gst_test_packets packets = {
	.size_step = 7919, .max_size = MAX_SIZE, .seed = 0x9e3779b9u,
	.seed_offset = 1, .marker_every = 10,
};

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstHarness *hs, *ht;
	GstBus *bus_rx, *bus_tx;
	GPtrArray *msgs_rx, *msgs_tx;
	guint received, exact = 0, errors = 0;
	gboolean first_pts = FALSE;
	GstQuery *q;

	gst_test_setup(&env, &argc, &argv);
	msgs_rx = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	msgs_tx = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);

	/* Receiver first, so it hears the first session announcement. */
	hs = gst_test_src_harness(&env, "virtual:ground", 149,
	                          SRC_FEC_TIMEOUT_MS, &bus_rx,
	                          "devourersrc reaches PLAYING");
	if (!hs)
		return check_done();
	ht = gst_test_sink_harness(&env, "virtual:drone", 149, &bus_tx,
	                           "devourersink reaches PLAYING");
	if (!ht)
		return check_done();
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
		GstBuffer *pkt = gst_test_packet_make(&packets, i);

		if (gst_harness_push(ht, pkt) != GST_FLOW_OK) {
			printf("# push %u failed\n", i);
			break;
		}
	}
	CHECK(gst_harness_push_event(ht, gst_event_new_eos()),
	      "EOS flushes the last FEC block");

	received = gst_test_pull_packets(hs, &packets, N_PACKETS, 15, &exact,
	                                 &first_pts);
	if (received > 0)
		CHECK(first_pts, "packets are timestamped");
	CHECK_EQ_INT(received, N_PACKETS, "every packet arrives");
	CHECK_EQ_INT(exact, N_PACKETS, "every packet is byte-exact, in order");
	/* once the src's link has every frame the sink sent, what it
	 * delivered is all it will deliver: the N packets pulled */
	CHECK(gst_test_wait_all_heard(ht->element, hs->element, 20000),
	      "the receiver took in every frame sent");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "packets-received"),
	             N_PACKETS, "the link delivered no packet more");
	CHECK(gst_harness_try_pull(hs) == NULL,
	      "nothing extra arrives");

	CHECK_EQ_INT(gst_test_stat_u64(ht->element, "packets-sent"), N_PACKETS,
	             "sink stats: packets-sent");
	CHECK(gst_test_stat_u64(ht->element, "fec-flushes") >= N_PACKETS / 10,
	      "sink stats: marker buffers closed FEC blocks");
	CHECK(gst_test_stat_u64(ht->element, "frames-sent") > N_PACKETS,
	      "sink stats: data + parity + session frames went out");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "packets-received"), N_PACKETS,
	             "src stats: packets-received");
	CHECK_EQ_INT(gst_test_stat_lost_any(hs->element), 0,
	             "src stats: nothing lost on a clean air");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "auth-failed"), 0,
	             "src stats: no authentication failure");

	q = gst_query_new_latency();
	CHECK(gst_element_query(hs->element, q), "src answers LATENCY");
	{
		gboolean live = FALSE;
		GstClockTime min = 0, max = 0;

		gst_query_parse_latency(q, &live, &min, &max);
		CHECK(live, "LATENCY: live");
		CHECK_EQ_INT(min, 0,
		             "LATENCY: min 0 (the FEC hold-back is behind "
		             "the timestamps)");
		CHECK(max == GST_CLOCK_TIME_NONE || max >= min,
		      "LATENCY: max not below min");
	}
	gst_query_unref(q);

	/* Whatever fec-timeout is set to, the stamps follow the hold-back:
	 * LATENCY stays 0. */
	g_object_set(hs->element, "fec-timeout", SRC_FEC_TIMEOUT_MS * 4, NULL);
	q = gst_query_new_latency();
	if (CHECK(gst_element_query(hs->element, q),
	          "src answers LATENCY after fec-timeout changed")) {
		GstClockTime min = 1;

		gst_query_parse_latency(q, NULL, &min, NULL);
		CHECK_EQ_INT(min, 0, "LATENCY: still 0 with a longer "
		             "fec-timeout");
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
