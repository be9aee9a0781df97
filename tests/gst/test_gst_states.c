/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * State changes: live property changes while PLAYING keep the link
 * working (channel, rate, FEC, power), then sender and receiver go
 * NULL -> PLAYING -> NULL fifty times with data flowing: no error, no hang
 * (every change returns within its timeout), no file descriptor left
 * behind, and LeakSanitizer (at exit) finds no leak. The src receives in
 * its streaming thread (streaming-rx=true), so each change also gets
 * create() out of the adapter's RX pump.
 */
#include <dirent.h>

#include "gst_test_common.h"

#define CYCLES 50

static guint count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	guint n = 0;

	if (!d)
		return 0;
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

static guint64 packets_received(GstElement *src)
{
	return gst_test_stat_u64(src, "packets-received");
}

/* Wait until the receiver counted more than @than packets (or 5 s). */
static gboolean wait_for_packets(GstElement *src, guint64 than)
{
	return gst_test_wait_stat_above(src, "packets-received", than, 5000);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstElement *tx, *rx, *sink, *src;
	GstBus *bus_tx, *bus_rx;
	gchar *desc;
	guint errors = 0, fds_before = 0, failed_cycles = 0;
	guint64 before;

	gst_test_setup(&env, &argc, &argv);

	/* Receiving in the streaming thread (streaming-rx): every state
	 * change must get create() out of the adapter's pump. */
	desc = g_strdup_printf("devourersrc name=src device=virtual:ground "
	                       "key-file=%s stats-interval=50 streaming-rx=true "
	                       "! fakesink sync=false", env.gs_key);
	rx = gst_test_parse(desc);
	g_free(desc);
	desc = g_strdup_printf("audiotestsrc is-live=true samplesperbuffer=400 "
	                       "! audio/x-raw,format=S16LE,rate=40000,"
	                       "channels=1 ! devourersink name=sink "
	                       "device=virtual:drone key-file=%s "
	                       "stats-interval=50", env.drone_key);
	tx = gst_test_parse(desc);
	g_free(desc);
	if (!CHECK(rx && tx, "pipelines parse"))
		return check_done();
	src = gst_bin_get_by_name(GST_BIN(rx), "src");
	sink = gst_bin_get_by_name(GST_BIN(tx), "sink");
	bus_tx = gst_element_get_bus(tx);
	bus_rx = gst_element_get_bus(rx);

	/* Live changes while PLAYING. */
	gst_element_set_state(rx, GST_STATE_PLAYING);
	CHECK(gst_test_set_state(tx, GST_STATE_PLAYING, 10) ==
	      GST_STATE_CHANGE_SUCCESS, "sender plays");
	CHECK(wait_for_packets(src, 0), "packets flow");

	g_object_set(src, "channel", 36, NULL);
	g_object_set(sink, "channel", 36, NULL);
	before = packets_received(src);
	CHECK(wait_for_packets(src, before + 20),
	      "both retuned to channel 36 while PLAYING: packets flow");

	g_object_set(sink, "mcs", 4, "short-gi", TRUE, "tx-power", 30, NULL);
	before = packets_received(src);
	CHECK(wait_for_packets(src, before + 20),
	      "rate, guard interval and power changed live: packets flow");

	g_object_set(sink, "fec-k", 4, "fec-n", 8, NULL);
	before = packets_received(src);
	CHECK(wait_for_packets(src, before + 20),
	      "FEC switched to 4/8 live (new session): packets flow");

	g_object_set(sink, "mcs", -1, NULL);
	before = packets_received(src);
	CHECK(wait_for_packets(src, before + 20),
	      "legacy 6 Mbit/s OFDM live: packets flow");

	errors += gst_test_drain_bus(bus_tx, 0, NULL);
	errors += gst_test_drain_bus(bus_rx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "no error from live changes");
	gst_element_set_state(tx, GST_STATE_NULL);
	gst_element_set_state(rx, GST_STATE_NULL);
	g_object_set(src, "channel", 149, NULL);
	g_object_set(sink, "channel", 149, "mcs", 1, NULL);

	/* The cycles. The first one is the baseline for descriptors that
	 * libraries open once. */
	for (guint i = 0; i < CYCLES; i++) {
		gboolean ok = TRUE;

		if (i == 1)
			fds_before = count_fds();
		if (gst_element_set_state(rx, GST_STATE_PLAYING) ==
		    GST_STATE_CHANGE_FAILURE)
			ok = FALSE;
		if (gst_test_set_state(tx, GST_STATE_PLAYING, 10) !=
		    GST_STATE_CHANGE_SUCCESS)
			ok = FALSE;
		/* Every other cycle waits for data; the rest stop while
		 * the link may still be starting up. */
		if (i % 2 == 0 && !wait_for_packets(src, 0))
			ok = FALSE;
		if (gst_element_set_state(tx, GST_STATE_NULL) !=
		    GST_STATE_CHANGE_SUCCESS)
			ok = FALSE;
		if (gst_element_set_state(rx, GST_STATE_NULL) !=
		    GST_STATE_CHANGE_SUCCESS)
			ok = FALSE;
		errors = gst_test_drain_bus(bus_tx, 0, NULL) +
		         gst_test_drain_bus(bus_rx, 0, NULL);
		if (!ok || errors) {
			printf("# cycle %u failed\n", i);
			failed_cycles++;
		}
	}
	CHECK_EQ_INT(failed_cycles, 0,
	             "NULL -> PLAYING -> NULL fifty times, no error");
	CHECK_EQ_INT(count_fds(), fds_before,
	             "no file descriptor left behind");

	gst_object_unref(src);
	gst_object_unref(sink);
	gst_object_unref(bus_tx);
	gst_object_unref(bus_rx);
	gst_object_unref(tx);
	gst_object_unref(rx);
	gst_test_teardown(&env);
	return check_done();
}
