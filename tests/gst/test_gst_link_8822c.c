/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink -> virtual air -> devourersrc over two RTL8822CU adapters
 * (device=virtual:NAME,chip=8822c), each brought up by the plugin through
 * the RTL8822C HAL, USB3 switch included: every buffer arrives byte-exact
 * and in order and the stats add up.
 */
#include <gst/check/gstharness.h>

#include "gst_test_common.h"
#include "libdevourer/virtual/vchip.h"

#define N_PACKETS 200
#define MAX_SIZE 1200

static gsize packet_size(guint i)
{
	return 1 + (i * 4099u) % MAX_SIZE;
}

static void fill_packet(guint8 *p, gsize len, guint i)
{
	guint32 x = 0x85ebca6bu * (i + 7);

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
	if (i % 8 == 7)
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

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstHarness *hs, *ht;
	GstBus *bus_rx, *bus_tx;
	guint received = 0, exact = 0, errors = 0;
	gint64 deadline;

	gst_test_setup(&env, &argc, &argv);

	hs = gst_harness_new("devourersrc");
	g_object_set(hs->element, "device", "virtual:g22c,chip=8822c",
	             "channel", 149, "key-file", env.gs_key,
	             "fec-timeout", 40, NULL);
	bus_rx = gst_bus_new();
	gst_element_set_bus(hs->element, bus_rx);
	if (gst_element_set_state(hs->element, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(bus_rx, 0, NULL);
		CHECK(0, "devourersrc on an RTL8822C reaches PLAYING");
		return check_done();
	}
	{
		GstElement *sink = gst_element_factory_make("devourersink",
		                                            NULL);
		g_object_set(sink, "device", "virtual:d22c,chip=8822c",
		             "channel", 149, "key-file", env.drone_key,
		             "sync", FALSE, "fec-timeout", 5, "async", FALSE,
		             NULL);
		bus_tx = gst_bus_new();
		gst_element_set_bus(sink, bus_tx);
		if (gst_element_set_state(sink, GST_STATE_PLAYING) ==
		    GST_STATE_CHANGE_FAILURE) {
			gst_test_drain_bus(bus_tx, 0, NULL);
			CHECK(0, "devourersink on an RTL8822C reaches PLAYING");
			return check_done();
		}
		ht = gst_harness_new_with_element(sink, "sink", NULL);
		gst_object_unref(sink);
	}
	gst_harness_set_src_caps_str(ht, "application/x-devourer-test");
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

	for (guint i = 0; i < N_PACKETS; i++)
		if (gst_harness_push(ht, make_packet(i)) != GST_FLOW_OK) {
			printf("# push %u failed\n", i);
			break;
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
		received++;
		gst_buffer_unref(b);
	}
	CHECK_EQ_INT(received, N_PACKETS, "every packet arrives");
	CHECK_EQ_INT(exact, N_PACKETS, "every packet is byte-exact, in order");
	CHECK_EQ_INT(gst_test_stat_u64(ht->element, "packets-sent"), N_PACKETS,
	             "sink stats: packets-sent");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "packets-received"),
	             N_PACKETS, "src stats: packets-received");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "packets-lost"), 0,
	             "src stats: nothing lost on a clean air");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "auth-failed"), 0,
	             "src stats: no authentication failure");

	gst_harness_teardown(ht);
	gst_harness_teardown(hs);
	errors = gst_test_drain_bus(bus_rx, 0, NULL) +
	         gst_test_drain_bus(bus_tx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "no error message during the run");
	gst_object_unref(bus_rx);
	gst_object_unref(bus_tx);
	gst_test_teardown(&env);
	return check_done();
}
