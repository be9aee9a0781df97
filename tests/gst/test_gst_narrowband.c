/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink -> virtual air -> devourersrc at bandwidth=10 (GstHarness
 * on both ends, RTL8812AU models brought up by the plugin through the
 * HAL): every buffer arrives byte-exact and in order, while a third
 * adapter, a devourersrc at bandwidth=20 on the same channel, decodes
 * none of it — its model hears the frames as energy only.
 */
#include "gst_test_common.h"
#include "libdevourer/virtual/vchip.h"

#define N_PACKETS 120
#define MAX_SIZE 1200
#define SRC_FEC_TIMEOUT_MS 40
#define CHANNEL 149

static const struct gst_test_packets packets = {
	.size_step = 7919, .max_size = MAX_SIZE, .seed = 0x5bd1e995u,
	.seed_offset = 1, .marker_every = 10,
};

/* A devourersrc on @device at @bw MHz, PLAYING on its own bus; NULL
 * (checked as @what) when it does not get there. */
static GstHarness *src_at(const struct gst_test_env *env, const gchar *device,
                          guint bw, GstBus **bus, const gchar *what)
{
	GstHarness *h = gst_harness_new("devourersrc");

	g_object_set(h->element, "device", device, "channel", CHANNEL,
	             "bandwidth", bw, "key-file", env->gs_key, "fec-timeout",
	             SRC_FEC_TIMEOUT_MS, NULL);
	*bus = gst_bus_new();
	gst_element_set_bus(h->element, *bus);
	if (gst_element_set_state(h->element, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(*bus, 0, NULL);
		CHECK(0, what);
		gst_harness_teardown(h);
		return NULL;
	}
	return h;
}

static guint64 undecodable(const gchar *name)
{
	struct vchip *vc = vchip_find(name);
	struct vchip_stats st = { 0 };

	if (vc)
		vchip_get_stats(vc, &st);
	return st.rx_undecodable;
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstBus *bus_rx = NULL, *bus_wide = NULL, *bus_tx = NULL;
	guint received, exact = 0, errors = 0;

	gst_test_setup(&env, &argc, &argv);
	GstHarness *hs = src_at(&env, "virtual:ground,chip=8812a", 10, &bus_rx,
	                        "devourersrc at bandwidth=10 reaches PLAYING");
	GstHarness *hw = src_at(&env, "virtual:wide,chip=8812a", 20, &bus_wide,
	                        "devourersrc at bandwidth=20 reaches PLAYING");
	GstHarness *ht = gst_test_sink_harness_with(
	        &env, "virtual:drone,chip=8812a", CHANNEL, &bus_tx,
	        "devourersink at bandwidth=10 reaches PLAYING", "bandwidth", 10,
	        "mcs", 1, NULL);
	if (!hs || !hw || !ht) {
		gst_test_teardown(&env);
		return check_done();
	}
	guint bw = 0;
	g_object_get(ht->element, "bandwidth", &bw, NULL);
	CHECK_EQ_INT(bw, 10, "the sink reads back bandwidth=10");
	struct vchip_tuning tu = { 0 };
	vchip_get_tuning(vchip_find("drone"), &tu);
	CHECK_EQ_INT(tu.bw_mhz, 10, "the drone's model runs at 10 MHz");

	for (guint i = 0; i < N_PACKETS; i++) {
		if (gst_harness_push(ht, gst_test_packet_make(&packets, i)) !=
		    GST_FLOW_OK) {
			printf("# push %u failed\n", i);
			break;
		}
	}
	CHECK(gst_harness_push_event(ht, gst_event_new_eos()),
	      "EOS flushes the last FEC block");
	received = gst_test_pull_packets(hs, &packets, N_PACKETS, 20, &exact,
	                                 NULL);
	CHECK_EQ_INT(received, N_PACKETS, "every packet arrives at 10 MHz");
	CHECK_EQ_INT(exact, N_PACKETS, "every packet is byte-exact, in order");
	CHECK(gst_test_wait_all_heard(ht->element, hs->element, 20000),
	      "the 10 MHz receiver took in every frame sent");

	guint64 frames = gst_test_stat_u64(ht->element, "frames-sent");
	printf("# %llu frames sent, the 20 MHz adapter heard %llu as "
	       "energy\n", (unsigned long long)frames,
	       (unsigned long long)undecodable("wide"));
	CHECK(undecodable("wide") >= frames,
	      "the 20 MHz adapter heard every frame as energy only");
	CHECK_EQ_INT(gst_test_stat_u64(hw->element, "packets-received"), 0,
	             "and its devourersrc delivered nothing");
	CHECK(gst_harness_try_pull(hw) == NULL, "no buffer at 20 MHz");

	gst_harness_teardown(ht);
	gst_harness_teardown(hw);
	gst_harness_teardown(hs);
	errors = gst_test_drain_bus(bus_rx, 0, NULL) +
	         gst_test_drain_bus(bus_wide, 0, NULL) +
	         gst_test_drain_bus(bus_tx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "no error message during the run");
	gst_object_unref(bus_rx);
	gst_object_unref(bus_wide);
	gst_object_unref(bus_tx);
	gst_test_teardown(&env);
	return check_done();
}
