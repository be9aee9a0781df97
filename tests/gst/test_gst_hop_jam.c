/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A hopping pair against a jammer parked on one channel of its set: the
 * jammer puts more noise on channel 44 than the link has signal, so every
 * frame sent there is lost (the ground's model counts them jammed); the
 * drone's gate keeps at most a block's parity of any n consecutive frames
 * on one channel, so FEC repairs every block and every packet arrives
 * byte-exact and in order — the jammer costs repairs, not packets.
 */
#include "gst_test_common.h"
#include "libdevourer/virtual/vchip.h"

#define HOP_SET "36,40,44,48,149,153,157,161"
#define DWELL_MS 20
#define N_PACKETS 200

static const struct gst_test_packets packets = {
	.size_step = 7919, .max_size = 1200, .seed = 0x4a414d21u,
	.seed_offset = 5, .marker_every = 8,
};

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstBus *bus_rx, *bus_tx;
	guint exact = 0;

	gst_test_setup(&env, &argc, &argv);
	dvr_device *jam = NULL;
	CHECK_EQ_INT(dvr_open("virtual:jam,jam=44,jam-dbm=-30", NULL, &jam),
	             DVR_OK, "a jammer parks on channel 44");

	GstHarness *hs = gst_harness_new("devourersrc");
	g_object_set(hs->element, "device", "virtual:ground", "channel", 36,
	             "key-file", env.gs_key, "fec-timeout", 200,
	             "hop-channels", HOP_SET, "hop-dwell", DWELL_MS, NULL);
	bus_rx = gst_bus_new();
	gst_element_set_bus(hs->element, bus_rx);
	if (!CHECK(gst_element_set_state(hs->element, GST_STATE_PLAYING) !=
	           GST_STATE_CHANGE_FAILURE, "the ground starts hopping")) {
		gst_test_teardown(&env);
		return check_done();
	}
	GstHarness *ht = gst_test_sink_harness_with(&env, "virtual:drone", 36,
	        &bus_tx, "the drone starts hopping", "hop-channels", HOP_SET,
	        "hop-dwell", DWELL_MS, "fec-timeout", 200, NULL);
	if (!ht) {
		gst_test_teardown(&env);
		return check_done();
	}
	CHECK(gst_test_wait_stat_str(hs->element, "hop-state", "tracking",
	                             10000),
	      "the ground finds the drone (from cold, one channel jammed)");
	/* and the video session, announced once a round (a round whose
	 * announcement lands on the jammed channel costs one more) */
	CHECK(gst_test_wait_stat_above(hs->element, "sessions", 0, 10000),
	      "the ground has the drone's session");
	CHECK(gst_test_wait_stat_above(hs->element, "hop-markers-heard", 24,
	                               10000), "and has heard three rounds");

	guint pushed = 0;
	for (; pushed < N_PACKETS; pushed++)
		if (gst_harness_push(ht, gst_test_packet_make(&packets,
		                                              pushed)) !=
		    GST_FLOW_OK)
			break;
	CHECK_EQ_INT(pushed, N_PACKETS, "every packet pushed");
	CHECK(gst_harness_push_event(ht, gst_event_new_eos()),
	      "EOS flushes the last FEC block");
	guint got = gst_test_pull_packets(hs, &packets, pushed, 30, &exact,
	                                  NULL);
	CHECK_EQ_INT(got, pushed, "every packet arrives");
	CHECK_EQ_INT(exact, pushed, "byte-exact and in order");

	struct vchip *vc = vchip_find("ground");
	struct vchip_stats vs = { 0 };
	if (vc)
		vchip_get_stats(vc, &vs);
	printf("# ground: %" G_GUINT64_FORMAT " frames jammed, %"
	       G_GUINT64_FORMAT " repaired by FEC, %" G_GUINT64_FORMAT
	       " lost\n", vs.rx_jammed,
	       gst_test_stat_u64(hs->element, "fec-recovered"),
	       gst_test_stat_lost_any(hs->element));
	CHECK(vs.rx_jammed > 0, "the jammer destroyed frames on its channel");
	CHECK(gst_test_stat_u64(hs->element, "fec-recovered") > 0,
	      "FEC repaired what it destroyed");
	CHECK_EQ_INT(gst_test_stat_lost_any(hs->element), 0,
	             "and no packet was lost");

	gst_harness_teardown(ht);
	gst_harness_teardown(hs);
	guint errors = gst_test_drain_bus(bus_rx, 0, NULL) +
	               gst_test_drain_bus(bus_tx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "no error message");
	gst_object_unref(bus_rx);
	gst_object_unref(bus_tx);
	dvr_close(jam);
	gst_test_teardown(&env);
	return check_done();
}
