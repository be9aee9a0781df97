/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A hopping pair whose dwell is in FEC blocks (hop-dwell-blocks=2): the
 * drone's sink starts on its hop-dwell (100 ms) and, once a stream
 * flows, sets its slots to two of the stream's blocks at the block rate
 * it measured over the round before; the ground's src has a hop-dwell of
 * its own that matches neither (20 ms) and follows the dwell the drone's
 * markers announce. The stream is paced by the sink's clock (sync=true,
 * a packet every PACKET_MS of running time, FEC_K packets a block), so
 * the dwell it should come to is known: 2 * FEC_K * PACKET_MS. Every
 * packet pushed across the change of dwell and the rounds after it
 * arrives byte-exact and in order, and the ground never loses the drone.
 */
#include "gst_test_common.h"

#define HOP_SET "36,40,44,48"
#define N_CHANNELS 4
#define DRONE_DWELL_MS 100
#define GROUND_DWELL_MS 20
#define DWELL_BLOCKS 2
#define FEC_K 4
#define FEC_N 6
#define PACKET_MS 5
#define N_PACKETS 1000
/* what the drone's slots should come to, and how far the measured rate
 * of a loaded host may move them */
#define WANT_DWELL_US (DWELL_BLOCKS * FEC_K * PACKET_MS * 1000)
#define TOLERANCE_US (WANT_DWELL_US / 4)

/* no marker flags: a block is FEC_K packets, as the rate assumes */
static const struct gst_test_packets packets = {
	.size_step = 7919, .max_size = 1200, .seed = 0x424c4b53u,
	.seed_offset = 7, .marker_every = 0,
};

/* Wait (hang guard @timeout_ms) until @e's hop-dwell-us is within
 * TOLERANCE_US of WANT_DWELL_US; the last value read in *@last. */
static gboolean wait_dwell_near(GstElement *e, guint timeout_ms,
                                guint64 *last)
{
	gint64 deadline = g_get_monotonic_time() +
	                  (gint64)timeout_ms * G_TIME_SPAN_MILLISECOND;

	do {
		*last = gst_test_stat_u64(e, "hop-dwell-us");
		if (*last != G_MAXUINT64 &&
		    *last + TOLERANCE_US >= WANT_DWELL_US &&
		    *last <= WANT_DWELL_US + TOLERANCE_US)
			return TRUE;
		g_usleep(5000);
	} while (g_get_monotonic_time() < deadline);
	return FALSE;
}

static GstHarness *ground_harness(const struct gst_test_env *env, GstBus **bus)
{
	GstHarness *h = gst_harness_new("devourersrc");

	g_object_set(h->element, "device", "virtual:ground", "channel", 36,
	             "key-file", env->gs_key, "fec-timeout", 200,
	             "hop-channels", HOP_SET, "hop-dwell", GROUND_DWELL_MS,
	             NULL);
	*bus = gst_bus_new();
	gst_element_set_bus(h->element, *bus);
	if (gst_element_set_state(h->element, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(*bus, 0, NULL);
		return NULL;
	}
	return h;
}

/* The drone: a live appsrc into a syncing devourersink, which renders
 * each packet at its timestamp. */
static GstElement *drone_pipeline(const struct gst_test_env *env)
{
	gchar *desc = g_strdup_printf(
	        "appsrc name=src is-live=true format=time max-bytes=0 "
	        "caps=application/x-devourer-test ! "
	        "devourersink name=sink sync=true device=virtual:drone channel=36 "
	        "key-file=%s fec-k=%d fec-n=%d fec-timeout=200 "
	        "hop-channels=%s hop-dwell=%d hop-dwell-blocks=%d",
	        env->drone_key, FEC_K, FEC_N, HOP_SET, DRONE_DWELL_MS,
	        DWELL_BLOCKS);
	GstElement *p = gst_test_parse(desc);

	g_free(desc);
	return p;
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstBus *bus_rx;
	guint exact = 0;
	guint64 dwell = 0;

	gst_test_setup(&env, &argc, &argv);
	GstHarness *hs = ground_harness(&env, &bus_rx);
	if (!CHECK(hs != NULL, "the ground starts hopping")) {
		gst_test_teardown(&env);
		return check_done();
	}
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "hop-dwell-us"),
	             GROUND_DWELL_MS * 1000,
	             "before any marker the ground assumes its own hop-dwell");

	GstElement *drone = drone_pipeline(&env);
	GstElement *sink = drone ? gst_bin_get_by_name(GST_BIN(drone), "sink")
	                         : NULL;
	GstElement *src = drone ? gst_bin_get_by_name(GST_BIN(drone), "src")
	                        : NULL;
	if (!CHECK(sink && src && gst_test_set_state(drone, GST_STATE_PLAYING,
	                                             10) !=
	           GST_STATE_CHANGE_FAILURE, "the drone starts hopping")) {
		gst_harness_teardown(hs);
		gst_test_teardown(&env);
		return check_done();
	}
	GstBus *bus_tx = gst_element_get_bus(drone);

	CHECK_EQ_INT(gst_test_stat_u64(sink, "hop-dwell-us"),
	             DRONE_DWELL_MS * 1000,
	             "no stream yet: the drone's slots are its hop-dwell");
	CHECK(gst_test_wait_stat_str(hs->element, "hop-state", "tracking",
	                             8 * N_CHANNELS * DRONE_DWELL_MS + 5000),
	      "the ground finds the drone");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "hop-dwell-us"),
	             DRONE_DWELL_MS * 1000,
	             "and takes the dwell its markers announce, not its own");
	CHECK(gst_test_wait_stat_above(hs->element, "sessions", 0,
	                               4 * N_CHANNELS * DRONE_DWELL_MS + 5000),
	      "the ground has the drone's session");
	CHECK(gst_test_wait_stat_above(hs->element, "hop-markers-heard",
	                               2 * N_CHANNELS,
	                               4 * N_CHANNELS * DRONE_DWELL_MS + 5000),
	      "and has heard two rounds of markers");

	/* The stream: a packet every PACKET_MS of running time from a little
	 * ahead of now, all queued at once; the sink's clock paces them. */
	GstClockTime base = gst_element_get_current_running_time(drone);
	if (!GST_CLOCK_TIME_IS_VALID(base))
		base = 0;
	base += 50 * GST_MSECOND;
	guint64 slot_first = gst_test_stat_u64(sink, "hop-slot");
	guint pushed = 0;
	for (; pushed < N_PACKETS; pushed++) {
		GstBuffer *b = gst_test_packet_make(&packets, pushed);

		GST_BUFFER_PTS(b) = base + (GstClockTime)pushed * PACKET_MS *
		                    GST_MSECOND;
		GST_BUFFER_DURATION(b) = PACKET_MS * GST_MSECOND;
		GstFlowReturn fr = GST_FLOW_ERROR;

		/* appsrc's action signal: the test needs no gstreamer-app */
		g_signal_emit_by_name(src, "push-buffer", b, &fr);
		gst_buffer_unref(b);
		if (fr != GST_FLOW_OK)
			break;
	}
	CHECK_EQ_INT(pushed, N_PACKETS, "every packet queued");

	/* The dwell follows the stream: two blocks' time at its rate. */
	CHECK(wait_dwell_near(sink, N_PACKETS * PACKET_MS, &dwell),
	      "the drone's slots come to two blocks of the stream");
	printf("# drone's dwell %" G_GUINT64_FORMAT " us (two blocks: %d us)\n",
	       dwell, WANT_DWELL_US);
	CHECK(wait_dwell_near(hs->element, 4 * N_CHANNELS * DRONE_DWELL_MS,
	                      &dwell),
	      "the ground follows the dwell the drone announces");
	printf("# ground's dwell %" G_GUINT64_FORMAT " us\n", dwell);

	GstFlowReturn eos = GST_FLOW_ERROR;
	g_signal_emit_by_name(src, "end-of-stream", &eos);
	GstMessage *m = gst_bus_timed_pop_filtered(bus_tx,
	        (GstClockTime)(N_PACKETS * PACKET_MS + 30000) * GST_MSECOND,
	        GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
	CHECK(m && GST_MESSAGE_TYPE(m) == GST_MESSAGE_EOS,
	      "the drone sent the whole stream");
	if (m && GST_MESSAGE_TYPE(m) == GST_MESSAGE_ERROR)
		gst_test_print_message(m);
	if (m)
		gst_message_unref(m);
	guint64 rounds = (gst_test_stat_u64(sink, "hop-slot") - slot_first) /
	                 N_CHANNELS;
	printf("# the stream spanned %" G_GUINT64_FORMAT " rounds\n", rounds);
	CHECK(rounds >= 5, "over several rounds");

	guint got = gst_test_pull_packets(hs, &packets, pushed, 30, &exact,
	                                  NULL);
	CHECK_EQ_INT(got, pushed, "every packet arrives");
	CHECK_EQ_INT(exact, pushed, "byte-exact and in order");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "hop-losses"), 0,
	             "the ground never lost the drone as its dwell changed");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "hop-acquisitions"), 1,
	             "found once");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "hop-markers-refused"), 0,
	             "no marker refused");
	gst_test_print_stats(hs->element, "ground");

	gst_element_set_state(drone, GST_STATE_NULL);
	guint errors = gst_test_drain_bus(bus_tx, 0, NULL);
	gst_object_unref(bus_tx);
	gst_object_unref(sink);
	gst_object_unref(src);
	gst_object_unref(drone);
	gst_harness_teardown(hs);
	errors += gst_test_drain_bus(bus_rx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "no error message");
	gst_object_unref(bus_rx);
	gst_test_teardown(&env);
	return check_done();
}
