/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink -> virtual air -> devourersrc in one process (GstHarness on
 * both ends), two adapters of a chip of the test list (the argument;
 * meson runs each: gst_link_<chip>), each brought up by the plugin
 * through the chip's HAL: the models are that chip at the link speed its
 * row of tests/chip_table.h gives (an RTL8822CU switched to USB 3 on the
 * way), every buffer arrives byte-exact and in order, the stats
 * properties add up (buffers larger than a packet: test_gst_sink_input),
 * the LATENCY query answers live, min 0 (the packets are stamped after
 * the FEC hold-back); then the sink's regulatory-domain moves the power
 * the adapter allows, as the row's worked example says.
 */
#include "gst_test_common.h"
#include "libdevourer/virtual/vchip.h"
#include "tests/chip_table.h"

#define N_PACKETS 300
#define MAX_SIZE 1400
#define SRC_FEC_TIMEOUT_MS 40

/* Every 10th packet ends a "video frame": the FEC block closes. */
static const struct gst_test_packets packets = {
	.size_step = 7919, .max_size = MAX_SIZE, .seed = 0x9e3779b9u,
	.seed_offset = 1, .marker_every = 10,
};

/* An int field of @e's "stats" structure; -1 when missing. */
static int stat_int(GstElement *e, const gchar *field)
{
	GstStructure *st = NULL;
	int v = -1;

	g_object_get(e, "stats", &st, NULL);
	if (st) {
		gst_structure_get_int(st, field, &v);
		gst_structure_free(st);
	}
	return v;
}

/* The model behind virtual:@name is the chip, at its row's link speed. */
static void check_model(const struct test_chip *tc, const gchar *name)
{
	struct vchip *vc = vchip_find(name);
	struct vchip_usb_desc d = { 0 };

	if (vc)
		vchip_usb_desc(vc, &d);
	gchar *what = g_strdup_printf("%s: an %s model at %u Mbit/s", name,
	                              tc->name, tc->usb_mbps);
	CHECK(vc && strcmp(vchip_chip_name(vc), tc->name) == 0 &&
	      d.speed_mbps == tc->usb_mbps, what);
	g_free(what);
}

/* The sink's tx-power under the worldwide limits (the running sink) and
 * under FCC's (a third sink opened so), as the chip's row works out. */
static void check_regd_power(const struct gst_test_env *env,
                             const struct test_chip *tc, GstElement *sink)
{
	gchar *what;

	g_object_set(sink, "tx-power", tc->power_149.ask_dbm, NULL);
	what = g_strdup_printf("worldwide: %d dBm asked at ch 149 gives %d "
	                       "mBm", tc->power_149.ask_dbm,
	                       tc->power_149.worldwide_mbm);
	CHECK_EQ_INT(stat_int(sink, "tx-power-mbm"),
	             tc->power_149.worldwide_mbm, what);
	g_free(what);

	GstElement *fcc = gst_element_factory_make("devourersink", NULL);
	GstBus *bus_fcc = gst_bus_new();
	gchar *dev = g_strdup_printf("virtual:fcc,chip=%s", tc->name);
	g_object_set(fcc, "device", dev, "channel", 149, "key-file",
	             env->drone_key, "sync", FALSE, "async", FALSE,
	             "regulatory-domain", DVR_REGD_FCC, "tx-power",
	             tc->power_149.ask_dbm, NULL);
	g_free(dev);
	gst_element_set_bus(fcc, bus_fcc);
	CHECK(gst_element_set_state(fcc, GST_STATE_PLAYING) !=
	      GST_STATE_CHANGE_FAILURE, "FCC sink reaches PLAYING");
	what = g_strdup_printf("FCC: %d dBm asked at ch 149 gives %d mBm",
	                       tc->power_149.ask_dbm, tc->power_149.fcc_mbm);
	CHECK_EQ_INT(stat_int(fcc, "tx-power-mbm"), tc->power_149.fcc_mbm,
	             what);
	g_free(what);
	gst_element_set_state(fcc, GST_STATE_NULL);
	CHECK_EQ_INT(gst_test_drain_bus(bus_fcc, 0, NULL), 0,
	             "FCC sink: no error message");
	gst_object_unref(fcc);
	gst_object_unref(bus_fcc);
}

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
	const struct test_chip *tc = test_chip_find(argc > 1 ? argv[1] : NULL);
	if (!CHECK(tc != NULL, "a chip of tests/chip_table.h named")) {
		gst_test_teardown(&env);
		return check_done();
	}
	gchar *ground = g_strdup_printf("virtual:ground,chip=%s", tc->name);
	gchar *drone = g_strdup_printf("virtual:drone,chip=%s", tc->name);
	msgs_rx = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	msgs_tx = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);

	/* Receiver first, so it hears the first session announcement. */
	hs = gst_test_src_harness(&env, ground, 149,
	                          SRC_FEC_TIMEOUT_MS, &bus_rx,
	                          "devourersrc reaches PLAYING");
	if (!hs)
		return check_done();
	ht = gst_test_sink_harness(&env, drone, 149, &bus_tx,
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
	check_model(tc, "ground");
	check_model(tc, "drone");

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
	/* One frame per USB transfer by default where the chip packs none
	 * (the RTL8812AU) or sends in sync mode unless told async (the
	 * HalMAC chips' preferred_tx_mode); the RTL8821AU, async with a DMA
	 * of six, may pack, and the stats add up either way. */
	guint64 xfers = gst_test_stat_u64(ht->element, "transfers");
	guint64 frames = gst_test_stat_u64(ht->element, "frames-sent");
	guint64 aggs = gst_test_stat_u64(ht->element, "aggregated-transfers");
	if (!tc->packs_by_default) {
		CHECK_EQ_INT(xfers, frames,
		             "sink stats: one transfer per frame by default");
		CHECK_EQ_INT(aggs, 0, "sink stats: none aggregated");
	} else {
		CHECK(xfers <= frames && aggs <= xfers &&
		              (aggs > 0 || xfers == frames),
		      "sink stats: transfers, some of several frames, add up");
	}
	CHECK(gst_test_stat_u64(ht->element, "adapter-transfers") >=
	      gst_test_stat_u64(ht->element, "transfers"),
	      "sink stats: the adapter's transfers include the stream's");
	CHECK(gst_test_stat_u64(ht->element, "fec-flushes") >= N_PACKETS / 10,
	      "sink stats: marker buffers closed FEC blocks");
	CHECK(gst_test_stat_u64(ht->element, "frames-sent") > N_PACKETS,
	      "sink stats: data + parity + session frames went out");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "packets-received"), N_PACKETS,
	             "src stats: packets-received");
	CHECK_EQ_INT(gst_test_stat_lost_any(hs->element), 0,
	             "src stats: nothing lost on a clean air");
	gst_test_print_model(drone, "sender");
	gst_test_print_model(ground, "receiver");
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

	check_regd_power(&env, tc, ht->element);

	gst_harness_teardown(ht);
	gst_harness_teardown(hs);
	errors = gst_test_drain_bus(bus_rx, 0, msgs_rx) +
	         gst_test_drain_bus(bus_tx, 0, msgs_tx);
	CHECK_EQ_INT(errors, 0, "no error message during the run");
	gst_object_unref(bus_rx);
	gst_object_unref(bus_tx);
	g_ptr_array_unref(msgs_rx);
	g_ptr_array_unref(msgs_tx);
	g_free(ground);
	g_free(drone);
	gst_test_teardown(&env);
	return check_done();
}
