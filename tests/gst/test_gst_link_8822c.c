/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink -> virtual air -> devourersrc over two RTL8822CU adapters
 * (device=virtual:NAME,chip=8822c), each brought up by the plugin through
 * the RTL8822C HAL, USB3 switch included: every buffer arrives byte-exact
 * and in order and the stats add up; then the sink's regulatory-domain
 * moves the power the adapter allows.
 */
#include "gst_test_common.h"
#include "libdevourer/virtual/vchip.h"

#define N_PACKETS 200
#define MAX_SIZE 1200

/* Every 8th packet ends a "video frame": the FEC block closes. */
static const struct gst_test_packets packets = {
	.size_step = 4099, .max_size = MAX_SIZE, .seed = 0x85ebca6bu,
	.seed_offset = 7, .marker_every = 8,
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

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstHarness *hs, *ht;
	GstBus *bus_rx, *bus_tx;
	guint received, exact = 0, errors = 0;

	gst_test_setup(&env, &argc, &argv);

	hs = gst_test_src_harness(&env, "virtual:g22c,chip=8822c", 149, 40,
	                          &bus_rx,
	                          "devourersrc on an RTL8822C reaches PLAYING");
	if (!hs)
		return check_done();
	ht = gst_test_sink_harness(&env, "virtual:d22c,chip=8822c", 149,
	                           &bus_tx,
	                           "devourersink on an RTL8822C reaches PLAYING");
	if (!ht)
		return check_done();
	errors += gst_test_drain_bus(bus_rx, 0, NULL);
	errors += gst_test_drain_bus(bus_tx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "both elements start without an error");

	/* both models are RTL8822Cs, switched to SuperSpeed on the way */
	const gchar *names[] = { "g22c", "d22c" };
	for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
		struct vchip *vc = vchip_find(names[i]);
		struct vchip_usb_desc d = { 0 };
		if (vc)
			vchip_usb_desc(vc, &d);
		gchar *what = g_strdup_printf("%s: an 8822c model at 5000 "
		                              "Mbit/s", names[i]);
		CHECK(vc && strcmp(vchip_chip_name(vc), "8822c") == 0 &&
		      d.speed_mbps == 5000, what);
		g_free(what);
	}

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
	                                 NULL);
	CHECK_EQ_INT(received, N_PACKETS, "every packet arrives");
	CHECK_EQ_INT(exact, N_PACKETS, "every packet is byte-exact, in order");
	CHECK_EQ_INT(gst_test_stat_u64(ht->element, "packets-sent"), N_PACKETS,
	             "sink stats: packets-sent");
	/* The default TX mode on this chip is sync: one frame per USB
	 * transfer, which the stats show. */
	CHECK_EQ_INT(gst_test_stat_u64(ht->element, "transfers"),
	             gst_test_stat_u64(ht->element, "frames-sent"),
	             "sink stats: one transfer per frame in sync mode");
	CHECK_EQ_INT(gst_test_stat_u64(ht->element, "aggregated-transfers"), 0,
	             "sink stats: none aggregated");
	CHECK(gst_test_stat_u64(ht->element, "adapter-transfers") >=
	      gst_test_stat_u64(ht->element, "transfers"),
	      "sink stats: the adapter's transfers include the stream's");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "packets-received"),
	             N_PACKETS, "src stats: packets-received");
	CHECK_EQ_INT(gst_test_stat_lost_any(hs->element), 0,
	             "src stats: nothing lost on a clean air");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "auth-failed"), 0,
	             "src stats: no authentication failure");

	/* The regulatory domain reaches the RTL8822C's limits (rtw88
	 * rtw8822c_txpwr_lmt_type0). At ch 149/20 on the model's typical
	 * board MCS7 on path A has the EFUSE level 70 (0x46); its limit is
	 * HT 1SS at 20 MHz ch 149 minus the by-rate base 64: worldwide 28
	 * (-36), so 20 dBm asked gives 70 - 36 = 34 (850 mBm); FCC 76
	 * (+12), so 20 dBm = index 80 passes, under 70 + 12 = 82. */
	g_object_set(ht->element, "tx-power", 20, NULL);
	CHECK_EQ_INT(stat_int(ht->element, "tx-power-mbm"), 850,
	             "worldwide: 20 dBm stops at the ch 149 HT limit");
	gst_harness_teardown(ht);

	/* A third sink opened under FCC. */
	GstElement *fcc = gst_element_factory_make("devourersink", NULL);
	GstBus *bus_fcc = gst_bus_new();
	g_object_set(fcc, "device", "virtual:f22c,chip=8822c", "channel", 149,
	             "key-file", env.drone_key, "sync", FALSE, "async", FALSE,
	             "regulatory-domain", DVR_REGD_FCC, "tx-power", 20, NULL);
	gst_element_set_bus(fcc, bus_fcc);
	CHECK(gst_element_set_state(fcc, GST_STATE_PLAYING) !=
	      GST_STATE_CHANGE_FAILURE, "FCC sink reaches PLAYING");
	CHECK_EQ_INT(stat_int(fcc, "tx-power-mbm"), 2000,
	             "FCC: 20 dBm is under the limit");
	gst_element_set_state(fcc, GST_STATE_NULL);
	errors = gst_test_drain_bus(bus_fcc, 0, NULL);
	CHECK_EQ_INT(errors, 0, "FCC sink: no error message");
	gst_object_unref(fcc);
	gst_object_unref(bus_fcc);

	gst_harness_teardown(hs);
	errors = gst_test_drain_bus(bus_rx, 0, NULL) +
	         gst_test_drain_bus(bus_tx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "no error message during the run");
	gst_object_unref(bus_rx);
	gst_object_unref(bus_tx);
	gst_test_teardown(&env);
	return check_done();
}
