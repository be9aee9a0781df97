/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The three element messages arrive with plausible values while a live
 * stream (~770 kbit/s) crosses the virtual air, keys derived from a
 * password on both ends:
 *   devourer-init-timing: every stage and "total" from both elements;
 *   devourer-tx-duty: duty in 0..1, airtime consistent with bytes and rate;
 *   devourer-rx-stats: packets and bitrate consistent, RSSI per adapter.
 */
#include <math.h>

#include "gst_test_common.h"

#define INTERVAL_MS 200
/* Messages of each kind to collect; the run lasts until both elements
 * have posted that many (a loaded machine only makes it longer). */
#define MIN_MESSAGES 8
/* A hang guard only: what is missing after it is reported. */
#define RUN_GUARD_MS 60000
#define RSSI_DBM (-58)

static guint count_named(GPtrArray *msgs, const gchar *name)
{
	guint n = 0;

	for (guint i = 0; i < msgs->len; i++)
		if (gst_test_is_element_msg(g_ptr_array_index(msgs, i), name))
			n++;
	return n;
}

static void check_init_timing(GPtrArray *msgs, const gchar *who,
                              const gchar *device)
{
	const gchar *stages[] = { "identify", "power_on", "firmware", "mac",
	                          "phy", "monitor", "channel", "total" };
	gboolean seen[G_N_ELEMENTS(stages)] = { FALSE };
	gboolean sane = TRUE, device_ok = TRUE;
	gdouble total = -1, biggest = 0;
	gchar *what;

	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		const GstStructure *s;
		const gchar *stage, *dev;
		gdouble ms = -1;

		if (!gst_test_is_element_msg(m, "devourer-init-timing"))
			continue;
		s = gst_message_get_structure(m);
		stage = gst_structure_get_string(s, "stage");
		dev = gst_structure_get_string(s, "device");
		if (!stage || !gst_structure_get_double(s, "ms", &ms) ||
		    ms < 0 || ms > 60000)
			sane = FALSE;
		if (!dev || strcmp(dev, device) != 0)
			device_ok = FALSE;
		for (guint k = 0; stage && k < G_N_ELEMENTS(stages); k++)
			if (strcmp(stage, stages[k]) == 0)
				seen[k] = TRUE;
		if (stage && strcmp(stage, "total") == 0)
			total = ms;
		else if (ms > biggest)
			biggest = ms;
	}
	for (guint k = 0; k < G_N_ELEMENTS(stages); k++) {
		what = g_strdup_printf("%s: init-timing stage '%s'", who,
		                       stages[k]);
		CHECK(seen[k], what);
		g_free(what);
	}
	what = g_strdup_printf("%s: init-timing values sane, total >= every "
	                       "stage", who);
	CHECK(sane && total >= biggest, what);
	g_free(what);
	what = g_strdup_printf("%s: init-timing names the device", who);
	CHECK(device_ok, what);
	g_free(what);
}

/* elapsed_ms: how long the sender ran, as this test measured it. */
static void check_tx_duty(GPtrArray *msgs, guint64 elapsed_ms)
{
	guint n = 0, busy = 0;
	gboolean duty_ok = TRUE, rate_ok = TRUE, interval_ok = TRUE;
	gboolean airtime_ok = TRUE, duty_matches = TRUE, fields_ok = TRUE;
	guint64 covered_ms = 0;

	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		const GstStructure *s;
		gdouble duty = -1, rate = 0;
		guint64 frames = 0, bytes = 0, airtime = 0, interval = 0;
		guint64 failed = 0, timeouts = 0;
		gboolean final = FALSE;

		if (!gst_test_is_element_msg(m, "devourer-tx-duty"))
			continue;
		n++;
		s = gst_message_get_structure(m);
		/* The last one, at stop, covers a partial interval. */
		gst_structure_get_boolean(s, "final", &final);
		if (!gst_structure_get_double(s, "duty", &duty) ||
		    !gst_structure_get_double(s, "phy-rate-mbps", &rate) ||
		    !gst_structure_get_uint64(s, "frames", &frames) ||
		    !gst_structure_get_uint64(s, "air-bytes", &bytes) ||
		    !gst_structure_get_uint64(s, "airtime-us", &airtime) ||
		    !gst_structure_get_uint64(s, "interval-ms", &interval) ||
		    !gst_structure_get_uint64(s, "failed", &failed) ||
		    !gst_structure_get_uint64(s, "timeouts", &timeouts)) {
			fields_ok = FALSE;
			continue;
		}
		if (duty < 0 || duty > 1)
			duty_ok = FALSE;
		/* HT MCS1, 20 MHz, long GI: 13 Mbit/s. */
		if (rate < 12.99 || rate > 13.01)
			rate_ok = FALSE;
		/* each interval is the time since the previous message: never
		 * none, and together no more than the sender ran (how long
		 * one lasts is up to how the machine schedules the timer) */
		if (!final && interval == 0)
			interval_ok = FALSE;
		covered_ms += interval;
		if (frames == 0)
			continue;
		busy++;
		/* Airtime covers at least the bits at the PHY rate, and at
		 * most that plus a preamble/header allowance per frame. */
		{
			gdouble bits_us = bytes * 8.0 / rate;
			if (airtime < bits_us ||
			    airtime > bits_us + frames * 100.0) {
				airtime_ok = FALSE;
				printf("# airtime %" G_GUINT64_FORMAT " us for %"
				       G_GUINT64_FORMAT " bytes in %"
				       G_GUINT64_FORMAT " frames\n", airtime,
				       bytes, frames);
			}
		}
		if (fabs(duty - airtime / (interval * 1000.0)) > 0.01)
			duty_matches = FALSE;
	}
	CHECK(n >= MIN_MESSAGES, "tx-duty: periodic messages");
	CHECK(fields_ok, "tx-duty: every documented field present");
	CHECK(busy >= 2, "tx-duty: intervals with traffic");
	CHECK(duty_ok, "tx-duty: duty within 0..1");
	CHECK(rate_ok, "tx-duty: phy-rate-mbps is the MCS1 rate (13)");
	CHECK(interval_ok && covered_ms <= elapsed_ms,
	      "tx-duty: interval-ms, the time since the previous message");
	CHECK(airtime_ok, "tx-duty: airtime consistent with bytes and rate");
	CHECK(duty_matches, "tx-duty: duty = airtime / interval");
}

static void check_rx_stats(GPtrArray *msgs)
{
	guint n = 0;
	guint64 packets_total = 0;
	gboolean fields_ok = TRUE, bitrate_ok = TRUE, rssi_ok = TRUE;
	gboolean adapters_ok = TRUE, lost_ok = TRUE;

	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		const GstStructure *s;
		guint64 packets, bytes, bitrate, lost, rec, unrec, dup, auth;
		guint64 interval;
		gint rssi;
		const GValue *ad;

		if (!gst_test_is_element_msg(m, "devourer-rx-stats"))
			continue;
		n++;
		s = gst_message_get_structure(m);
		if (!gst_structure_get_uint64(s, "packets", &packets) ||
		    !gst_structure_get_uint64(s, "bytes", &bytes) ||
		    !gst_structure_get_uint64(s, "bitrate", &bitrate) ||
		    !gst_structure_get_uint64(s, "lost", &lost) ||
		    !gst_structure_get_uint64(s, "fec-recovered", &rec) ||
		    !gst_structure_get_uint64(s, "unrecoverable", &unrec) ||
		    !gst_structure_get_uint64(s, "duplicates", &dup) ||
		    !gst_structure_get_uint64(s, "auth-failed", &auth) ||
		    !gst_structure_get_uint64(s, "interval-ms", &interval) ||
		    !gst_structure_get_int(s, "rssi", &rssi) ||
		    !(ad = gst_structure_get_value(s, "adapters"))) {
			fields_ok = FALSE;
			continue;
		}
		packets_total += packets;
		if (interval == 0 ||
		    bitrate != bytes * 8 * 1000 / interval)
			bitrate_ok = FALSE;
		if (lost != 0 || unrec != 0 || auth != 0)
			lost_ok = FALSE;
		if (gst_value_array_get_size(ad) != 1) {
			adapters_ok = FALSE;
			continue;
		}
		if (packets > 0) {
			const GstStructure *a = gst_value_get_structure(
			        gst_value_array_get_value(ad, 0));
			gint arssi = 0;

			if (!gst_structure_get_int(a, "rssi", &arssi) ||
			    arssi != rssi || rssi < RSSI_DBM - 10 ||
			    rssi > RSSI_DBM + 10) {
				rssi_ok = FALSE;
				printf("# rssi %d (adapter %d)\n", rssi, arssi);
			}
		}
	}
	CHECK(n >= MIN_MESSAGES, "rx-stats: periodic messages");
	CHECK(fields_ok, "rx-stats: every documented field present");
	CHECK(packets_total > 50, "rx-stats: packets counted");
	CHECK(bitrate_ok, "rx-stats: bitrate = bytes * 8 / interval");
	CHECK(lost_ok, "rx-stats: clean air, nothing lost or rejected");
	CHECK(adapters_ok, "rx-stats: one entry per adapter");
	CHECK(rssi_ok, "rx-stats: RSSI near the virtual adapter's -58 dBm");
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstElement *tx, *rx;
	GstBus *bus_tx, *bus_rx;
	GPtrArray *msgs_tx, *msgs_rx;
	gchar *desc;
	guint errors = 0;
	gint64 start, end;
	guint64 elapsed_ms;

	gst_test_setup(&env, &argc, &argv);
	msgs_tx = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	msgs_rx = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);

	desc = g_strdup_printf(
	        "devourersrc name=src device=virtual:ground,rssi=%d "
	        "password=hunter2 stats-interval=%d ! fakesink sync=true",
	        RSSI_DBM, INTERVAL_MS);
	rx = gst_test_parse(desc);
	g_free(desc);
	desc = g_strdup_printf(
	        "audiotestsrc is-live=true samplesperbuffer=480 ! "
	        "audio/x-raw,format=S16LE,rate=48000,channels=1 ! "
	        "devourersink name=sink device=virtual:drone mcs=1 "
	        "password=hunter2 stats-interval=%d", INTERVAL_MS);
	tx = gst_test_parse(desc);
	g_free(desc);
	if (!CHECK(rx && tx, "pipelines parse"))
		return check_done();
	bus_tx = gst_element_get_bus(tx);
	bus_rx = gst_element_get_bus(rx);

	/* No waiting: a live receiver completes PLAYING only once data
	 * flows, i.e. after the sender starts. */
	CHECK(gst_element_set_state(rx, GST_STATE_PLAYING) !=
	      GST_STATE_CHANGE_FAILURE, "receiver plays");
	start = g_get_monotonic_time();
	CHECK(gst_test_set_state(tx, GST_STATE_PLAYING, 30) !=
	      GST_STATE_CHANGE_FAILURE, "sender plays");

	/* from before the sender started: its intervals fall inside */
	end = g_get_monotonic_time() + RUN_GUARD_MS * 1000;
	while ((count_named(msgs_tx, "devourer-tx-duty") < MIN_MESSAGES ||
	        count_named(msgs_rx, "devourer-rx-stats") < MIN_MESSAGES) &&
	       g_get_monotonic_time() < end) {
		errors += gst_test_drain_bus(bus_tx, 10, msgs_tx);
		errors += gst_test_drain_bus(bus_rx, 10, msgs_rx);
	}
	{
		GstQuery *q = gst_query_new_latency();
		gboolean live = FALSE;
		GstClockTime min = 0;

		CHECK(gst_element_query(rx, q), "receiver pipeline latency");
		gst_query_parse_latency(q, &live, &min, NULL);
		/* The src stamps packets after the FEC hold-back (default
		 * fec-timeout 50 ms), so only the sink's processing
		 * deadline is left in the pipeline latency. */
		CHECK(live && min < 50 * GST_MSECOND,
		      "pipeline latency leaves out the src's FEC hold-back");
		gst_query_unref(q);
	}
	gst_element_set_state(tx, GST_STATE_NULL);
	elapsed_ms = (guint64)(g_get_monotonic_time() - start) / 1000;
	gst_element_set_state(rx, GST_STATE_NULL);
	errors += gst_test_drain_bus(bus_tx, 0, msgs_tx);
	errors += gst_test_drain_bus(bus_rx, 0, msgs_rx);
	CHECK_EQ_INT(errors, 0, "no error message");

	check_init_timing(msgs_tx, "sink", "virtual:drone");
	check_init_timing(msgs_rx, "src", "virtual:ground,rssi=-58");
	CHECK(count_named(msgs_rx, "devourer-tx-duty") == 0 &&
	      count_named(msgs_tx, "devourer-rx-stats") == 0,
	      "each element posts only its own kind");
	check_tx_duty(msgs_tx, elapsed_ms);
	check_rx_stats(msgs_rx);

	gst_object_unref(bus_tx);
	gst_object_unref(bus_rx);
	gst_object_unref(tx);
	gst_object_unref(rx);
	g_ptr_array_unref(msgs_tx);
	g_ptr_array_unref(msgs_rx);
	gst_test_teardown(&env);
	return check_done();
}
