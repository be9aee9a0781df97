/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One-way latency through both elements, as users meet it:
 *
 *   gst_latency [--packets N] [--fec-timeout MS]
 *
 *   appsrc is-live=true do-timestamp=true ! devourersink   (virtual:lat-tx)
 *   devourersrc fec-timeout=MS ! fakesink                  (virtual:lat-rx)
 *
 * from the push into appsrc to fakesink's handoff, one packet in flight at
 * a time (each flagged MARKER, so it closes its FEC block at once, as the
 * last RTP packet of a video frame does). Two configurations, in this
 * order, each with fresh pipelines:
 *   defaults    devourersink as it comes, fakesink sync=true (standing for
 *               a display sink, which syncs by default)
 *   sync-false  sync=false on both sinks
 * The gap between them is what clock sync costs: the display sink's own
 * processing-deadline (GstBaseSink: 20 ms), and nothing for the FEC
 * hold-back, because devourersrc stamps a packet after it.
 *
 * Needs the plugin on GST_PLUGIN_PATH (the build's gst/ directory). Prints
 * a JSON array (bench/run.py): one record per configuration with every
 * latency sample in µs (the report takes median and p99).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/gst.h>

#include "bench/bench_probe.h"

#define MAX_PACKETS 10000
#define PACKET_SIZE 1000
#define PACKET_WAIT_US (5 * G_TIME_SPAN_SECOND)

struct run {
	GMutex lock;
	GCond cond;
	guint received;
	gint64 pushed_us[MAX_PACKETS + 1];
	gint64 out_us[MAX_PACKETS + 1];
};

static _Noreturn void die(const char *what, const char *why)
{
	fprintf(stderr, "gst_latency: %s: %s\n", what, why);
	exit(1);
}

static void on_handoff(GstElement *sink, GstBuffer *buf, GstPad *pad,
                       gpointer user)
{
	struct run *r = user;
	gint64 now = g_get_monotonic_time();
	guint8 h[4] = { 0 };
	guint i;

	(void)sink;
	(void)pad;
	gst_buffer_extract(buf, 0, h, sizeof h);
	i = (guint)h[0] << 24 | (guint)h[1] << 16 | (guint)h[2] << 8 | h[3];
	g_mutex_lock(&r->lock);
	if (i <= MAX_PACKETS) {
		r->out_us[i] = now;
		r->received++;
	}
	g_cond_broadcast(&r->cond);
	g_mutex_unlock(&r->lock);
}

static gboolean wait_received(struct run *r, guint n)
{
	gint64 deadline = g_get_monotonic_time() + PACKET_WAIT_US;
	gboolean ok;

	g_mutex_lock(&r->lock);
	while (r->received < n)
		if (!g_cond_wait_until(&r->cond, &r->lock, deadline))
			break;
	ok = r->received >= n;
	g_mutex_unlock(&r->lock);
	return ok;
}

static void push(GstElement *appsrc, struct run *r, guint i)
{
	GstBuffer *buf = gst_buffer_new_allocate(NULL, PACKET_SIZE, NULL);
	guint8 h[4] = { (guint8)(i >> 24), (guint8)(i >> 16),
	                (guint8)(i >> 8), (guint8)i };
	GstFlowReturn ret = GST_FLOW_ERROR;

	gst_buffer_memset(buf, 0, 0x5a, PACKET_SIZE);
	gst_buffer_fill(buf, 0, h, sizeof h);
	GST_BUFFER_FLAG_SET(buf, GST_BUFFER_FLAG_MARKER);
	g_mutex_lock(&r->lock);
	r->pushed_us[i] = g_get_monotonic_time();
	g_mutex_unlock(&r->lock);
	g_signal_emit_by_name(appsrc, "push-buffer", buf, &ret);
	gst_buffer_unref(buf);
	if (ret != GST_FLOW_OK)
		die("push-buffer", gst_flow_get_name(ret));
}

static GstElement *launch(const char *desc)
{
	GError *err = NULL;
	GstElement *p = gst_parse_launch(desc, &err);

	if (!p || err)
		die("gst_parse_launch", err ? err->message : desc);
	return p;
}

static void fail_on_error(GstElement *pipe)
{
	GstBus *bus = gst_element_get_bus(pipe);
	GstMessage *m = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR);

	if (m) {
		GError *err = NULL;
		gchar *dbg = NULL;

		gst_message_parse_error(m, &err, &dbg);
		fprintf(stderr, "gst_latency: %s (%s)\n", err->message,
		        dbg ? dbg : "");
		exit(1);
	}
	gst_object_unref(bus);
}

static void play(GstElement *pipe)
{
	if (gst_element_set_state(pipe, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		fail_on_error(pipe);
		die("set_state", "PLAYING failed");
	}
}

static void measure(struct bench_json *js, const char *config,
                    gboolean defaults, guint packets, guint fec_timeout)
{
	struct run *r = g_new0(struct run, 1);
	GstElement *rx, *tx, *appsrc, *out;
	gchar *desc;

	g_mutex_init(&r->lock);
	g_cond_init(&r->cond);
	desc = g_strdup_printf(
	        "devourersrc device=virtual:lat-rx-%s channel=149 "
	        "password=bench fec-timeout=%u ! fakesink name=out "
	        "signal-handoffs=true sync=%s", config, fec_timeout,
	        defaults ? "true" : "false");
	rx = launch(desc);
	g_free(desc);
	desc = g_strdup_printf(
	        "appsrc name=in is-live=true do-timestamp=true format=time "
	        "caps=application/x-rtp ! devourersink "
	        "device=virtual:lat-tx-%s channel=149 password=bench%s",
	        config, defaults ? "" : " sync=false");
	tx = launch(desc);
	g_free(desc);
	appsrc = gst_bin_get_by_name(GST_BIN(tx), "in");
	out = gst_bin_get_by_name(GST_BIN(rx), "out");
	g_signal_connect(out, "handoff", G_CALLBACK(on_handoff), r);

	play(rx);
	play(tx);
	/* Packet 0 warms up; then both pipelines are PLAYING with their
	 * latency configured. */
	push(appsrc, r, 0);
	if (!wait_received(r, 1)) {
		fail_on_error(rx);
		fail_on_error(tx);
		die(config, "the first packet did not arrive");
	}
	if (gst_element_get_state(rx, NULL, NULL, 10 * GST_SECOND) !=
	    GST_STATE_CHANGE_SUCCESS ||
	    gst_element_get_state(tx, NULL, NULL, 10 * GST_SECOND) !=
	    GST_STATE_CHANGE_SUCCESS)
		die(config, "the pipelines do not reach PLAYING");
	for (guint i = 1; i <= packets; i++) {
		push(appsrc, r, i);
		if (!wait_received(r, i + 1))
			die(config, "a packet did not arrive");
	}

	bench_json_record(js);
	bench_json_str(js, "bench", "gst_latency");
	bench_json_str(js, "config", config);
	bench_json_num(js, "fec_timeout_ms", fec_timeout);
	bench_json_num(js, "packets", packets);
	bench_json_num(js, "packet_size", PACKET_SIZE);
	fprintf(js->out, ", \"latency_us\": [");
	g_mutex_lock(&r->lock);
	for (guint i = 1; i <= packets; i++)
		fprintf(js->out, "%s%lld", i > 1 ? ", " : "",
		        (long long)(r->out_us[i] - r->pushed_us[i]));
	g_mutex_unlock(&r->lock);
	fprintf(js->out, "]");
	bench_json_end_record(js);

	gst_element_set_state(tx, GST_STATE_NULL);
	gst_element_set_state(rx, GST_STATE_NULL);
	gst_object_unref(out);
	gst_object_unref(appsrc);
	gst_object_unref(tx);
	gst_object_unref(rx);
	g_cond_clear(&r->cond);
	g_mutex_clear(&r->lock);
	g_free(r);
}

int main(int argc, char **argv)
{
	struct bench_json js;
	guint packets = 200, fec_timeout = 50;

	gst_init(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--packets") == 0 && i + 1 < argc)
			packets = (guint)strtoul(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--fec-timeout") == 0 && i + 1 < argc)
			fec_timeout = (guint)strtoul(argv[++i], NULL, 10);
		else
			die("usage", "gst_latency [--packets N] "
			    "[--fec-timeout MS]");
	}
	if (packets < 1 || packets > MAX_PACKETS || fec_timeout < 1)
		die("usage", "--packets 1..10000, --fec-timeout >= 1");
	bench_air_private();
	bench_json_open(&js, stdout);
	measure(&js, "defaults", TRUE, packets, fec_timeout);
	measure(&js, "sync-false", FALSE, packets, fec_timeout);
	bench_json_close(&js);
	bench_air_cleanup();
	return 0;
}
