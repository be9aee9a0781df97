/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourer-busmon: run a gst-launch style pipeline and print its bus
 * messages as they arrive — the devourer element messages (init timing, TX duty, RX
 * stats) as readable lines, other element messages, warnings and errors.
 *
 *   devourer-busmon [-t SECONDS] [-c NAME] [-e NAME] [-a] PIPELINE...
 *   devourer-busmon -h
 *
 *   -t SECONDS  stop (with EOS) after this long; default: run until EOS,
 *               error or Ctrl-C (which also sends EOS)
 *   -c NAME     count the buffers reaching the element named NAME and print
 *               the total at the end (e.g. decoded frames)
 *   -e NAME     end the whole pipeline (EOS from every source) once the
 *               element named NAME has had its EOS: a pipeline with live
 *               sources that never end (udpsrc, devourersrc) stops when
 *               its one finite branch does
 *   -a          print every element message raw, not only devourer ones
 *   -h          print the usage and exit
 *
 * Exit status: 0 after EOS or the time limit, 1 on an error.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib-unix.h>
#include <gst/gst.h>

static GMainLoop *loop;
static GstElement *pipeline;
static gboolean failed;
static gboolean print_all;
static guint64 counted;

static gdouble seconds_since_start(void)
{
	static gint64 start;
	gint64 now = g_get_monotonic_time();

	if (start == 0)
		start = now;
	return (now - start) / 1e6;
}

static guint64 get_u64(const GstStructure *s, const gchar *f)
{
	guint64 v = 0;

	gst_structure_get_uint64(s, f, &v);
	return v;
}

/* "a/b/c" of the ints in a GstValueArray field ("-" when empty). */
static void print_int_list(const GstStructure *s, const gchar *f)
{
	const GValue *list = gst_structure_get_value(s, f);
	guint n = list ? gst_value_array_get_size(list) : 0;

	if (n == 0)
		printf("-");
	for (guint i = 0; i < n; i++)
		printf("%s%d", i ? "/" : "",
		       g_value_get_int(gst_value_array_get_value(list, i)));
}

static void print_rx_stats(const GstStructure *s)
{
	const GValue *adapters = gst_structure_get_value(s, "adapters");
	gint rssi = 0, heard = 0;
	gboolean final = FALSE;
	guint64 refused;

	gst_structure_get_int(s, "rssi", &rssi);
	gst_structure_get_int(s, "rssi-heard", &heard);
	gst_structure_get_boolean(s, "final", &final);
	printf("rx-stats%s %6" G_GUINT64_FORMAT " pkts %8.3f Mbit/s "
	       "(air %.3f)  lost %" G_GUINT64_FORMAT "  maybe-lost %"
	       G_GUINT64_FORMAT "  fec-recovered %"
	       G_GUINT64_FORMAT "  unrecoverable %" G_GUINT64_FORMAT
	       "  within-capacity %" G_GUINT64_FORMAT "  dup %"
	       G_GUINT64_FORMAT "  redundant %" G_GUINT64_FORMAT
	       "  rssi %d dBm (all heard %d)",
	       final ? " (final)" : "",
	       get_u64(s, "packets"), get_u64(s, "bitrate") / 1e6,
	       get_u64(s, "air-bitrate") / 1e6,
	       get_u64(s, "lost"), get_u64(s, "maybe-lost"),
	       get_u64(s, "fec-recovered"),
	       get_u64(s, "unrecoverable"), get_u64(s, "lost-within-capacity"),
	       get_u64(s, "duplicates"), get_u64(s, "redundant-fragments"),
	       rssi, heard);
	/* What was heard but refused: the reason a link is silent. */
	refused = get_u64(s, "auth-failed") + get_u64(s, "session-auth-failed") +
	          get_u64(s, "no-session") + get_u64(s, "other-link") +
	          get_u64(s, "other-port");
	if (refused > 0)
		printf("\n          refused: auth-failed %" G_GUINT64_FORMAT
		       "  session-auth-failed %" G_GUINT64_FORMAT
		       "  no-session %" G_GUINT64_FORMAT "  other-link %"
		       G_GUINT64_FORMAT "  other-port %" G_GUINT64_FORMAT,
		       get_u64(s, "auth-failed"),
		       get_u64(s, "session-auth-failed"),
		       get_u64(s, "no-session"), get_u64(s, "other-link"),
		       get_u64(s, "other-port"));
	for (guint i = 0; adapters && i < gst_value_array_get_size(adapters);
	     i++) {
		const GstStructure *a = gst_value_get_structure(
		        gst_value_array_get_value(adapters, i));
		guint bw = 0;
		gint r = 0;

		gst_structure_get_int(a, "rssi", &r);
		gst_structure_get_uint(a, "bandwidth", &bw);
		printf("\n          [%u %s: %" G_GUINT64_FORMAT " frames %d dBm,"
		       " chains ", i, gst_structure_get_string(a, "device"),
		       get_u64(a, "frames"), r);
		print_int_list(a, "chain-rssi");
		printf(" dBm snr ");
		print_int_list(a, "chain-snr");
		printf(" dB, %s at %u MHz; %" G_GUINT64_FORMAT " heard]",
		       gst_structure_get_string(a, "rate"), bw,
		       get_u64(a, "frames-heard"));
	}
	printf("\n");
}

static void print_element_message(GstMessage *msg)
{
	const GstStructure *s = gst_message_get_structure(msg);
	const gchar *name = s ? gst_structure_get_name(s) : "";

	printf("%8.3f %-14s ", seconds_since_start(),
	       GST_OBJECT_NAME(GST_MESSAGE_SRC(msg)));
	if (strcmp(name, "devourer-init-timing") == 0) {
		gdouble ms = 0;

		gst_structure_get_double(s, "ms", &ms);
		printf("init      %-24s %-9s %8.1f ms\n",
		       gst_structure_get_string(s, "device"),
		       gst_structure_get_string(s, "stage"), ms);
	} else if (strcmp(name, "devourer-tx-duty") == 0) {
		gdouble duty = 0, rate = 0;

		gst_structure_get_double(s, "duty", &duty);
		gst_structure_get_double(s, "phy-rate-mbps", &rate);
		printf("tx-duty   %5.1f %% of airtime at %.1f Mbit/s: %"
		       G_GUINT64_FORMAT " frames, %" G_GUINT64_FORMAT
		       " air bytes (%" G_GUINT64_FORMAT " payload), %"
		       G_GUINT64_FORMAT " us in %" G_GUINT64_FORMAT
		       " ms, failed %" G_GUINT64_FORMAT ", timeouts %"
		       G_GUINT64_FORMAT "\n", duty * 100.0, rate,
		       get_u64(s, "frames"), get_u64(s, "air-bytes"),
		       get_u64(s, "payload-bytes"),
		       get_u64(s, "airtime-us"), get_u64(s, "interval-ms"),
		       get_u64(s, "failed"), get_u64(s, "timeouts"));
	} else if (strcmp(name, "devourer-rx-stats") == 0) {
		print_rx_stats(s);
	} else {
		gchar *str = s ? gst_structure_to_string(s) : g_strdup("");
		printf("%s\n", str);
		g_free(str);
	}
	fflush(stdout);
}

static gboolean on_bus(GstBus *bus, GstMessage *msg, gpointer user)
{
	GError *err = NULL;
	gchar *dbg = NULL;

	(void)bus;
	(void)user;
	switch (GST_MESSAGE_TYPE(msg)) {
	case GST_MESSAGE_ELEMENT: {
		const GstStructure *s = gst_message_get_structure(msg);
		if (print_all ||
		    (s && g_str_has_prefix(gst_structure_get_name(s),
		                           "devourer-")))
			print_element_message(msg);
		break;
	}
	case GST_MESSAGE_WARNING:
		gst_message_parse_warning(msg, &err, &dbg);
		fprintf(stderr, "WARNING from %s: %s\n  %s\n",
		        GST_OBJECT_NAME(GST_MESSAGE_SRC(msg)), err->message,
		        dbg ? dbg : "");
		break;
	case GST_MESSAGE_ERROR:
		gst_message_parse_error(msg, &err, &dbg);
		fprintf(stderr, "ERROR from %s: %s\n  %s\n",
		        GST_OBJECT_NAME(GST_MESSAGE_SRC(msg)), err->message,
		        dbg ? dbg : "");
		failed = TRUE;
		g_main_loop_quit(loop);
		break;
	case GST_MESSAGE_EOS:
		g_main_loop_quit(loop);
		break;
	default:
		break;
	}
	g_clear_error(&err);
	g_free(dbg);
	return G_SOURCE_CONTINUE;
}

/* Ctrl-C or the time limit: finish cleanly through EOS (so encoders and
 * devourersink flush), or quit at once if EOS does not come. */
static gboolean quit_now(gpointer user)
{
	(void)user;
	g_main_loop_quit(loop);
	return G_SOURCE_REMOVE;
}

static gboolean send_eos(gpointer user)
{
	(void)user;
	gst_element_send_event(pipeline, gst_event_new_eos());
	g_timeout_add_seconds(3, quit_now, NULL);
	return G_SOURCE_REMOVE;
}

/* The watched element's EOS arrives on a streaming thread; the pipeline
 * is ended from the main loop. */
static GstPadProbeReturn end_on_eos(GstPad *pad, GstPadProbeInfo *info,
                                    gpointer user)
{
	(void)pad;
	(void)user;
	if (GST_EVENT_TYPE(GST_PAD_PROBE_INFO_EVENT(info)) == GST_EVENT_EOS) {
		g_idle_add(send_eos, NULL);
		return GST_PAD_PROBE_REMOVE;
	}
	return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn count_buffer(GstPad *pad, GstPadProbeInfo *info,
                                      gpointer user)
{
	(void)pad;
	(void)info;
	(void)user;
	__atomic_add_fetch(&counted, 1, __ATOMIC_RELAXED);
	return GST_PAD_PROBE_OK;
}

static void usage(FILE *to, int status)
{
	fprintf(to, "usage: devourer-busmon [-t SECONDS] [-c NAME] [-e NAME] "
	        "[-a] PIPELINE-DESCRIPTION...\n"
	        "  -t  send EOS after this many seconds (default: run until "
	        "EOS, error or Ctrl-C)\n"
	        "  -c  count the buffers reaching the element of this name\n"
	        "  -e  end the pipeline once the element of this name has "
	        "had EOS\n"
	        "  -a  print every element message, not only devourer ones\n");
	exit(status);
}

int main(int argc, char **argv)
{
	guint seconds = 0;
	const gchar *count_name = NULL;
	const gchar *end_name = NULL;
	GError *err = NULL;
	GstBus *bus;
	gchar *desc;
	int opt;

	gst_init(&argc, &argv);
	while ((opt = getopt(argc, argv, "t:c:e:ah")) != -1) {
		switch (opt) {
		case 't':
			seconds = (guint)strtoul(optarg, NULL, 10);
			break;
		case 'c':
			count_name = optarg;
			break;
		case 'e':
			end_name = optarg;
			break;
		case 'a':
			print_all = TRUE;
			break;
		case 'h':
			usage(stdout, 0);
			break;
		default:
			usage(stderr, 2);
		}
	}
	if (optind >= argc)
		usage(stderr, 2);

	desc = g_strjoinv(" ", argv + optind);
	pipeline = gst_parse_launch(desc, &err);
	g_free(desc);
	if (err) {
		fprintf(stderr, "devourer-busmon: %s\n", err->message);
		return 1;
	}
	if (count_name) {
		GstElement *e = GST_IS_BIN(pipeline) ?
		        gst_bin_get_by_name(GST_BIN(pipeline), count_name) :
		        NULL;
		GstPad *pad = e ? gst_element_get_static_pad(e, "sink") : NULL;

		if (!pad) {
			fprintf(stderr, "devourer-busmon: no element '%s' "
			        "with a sink pad\n", count_name);
			return 2;
		}
		gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, count_buffer,
		                  NULL, NULL);
		gst_object_unref(pad);
		gst_object_unref(e);
	}
	if (end_name) {
		GstElement *e = GST_IS_BIN(pipeline) ?
		        gst_bin_get_by_name(GST_BIN(pipeline), end_name) :
		        NULL;
		GstPad *pad = e ? gst_element_get_static_pad(e, "sink") : NULL;

		if (!pad) {
			fprintf(stderr, "devourer-busmon: no element '%s' "
			        "with a sink pad\n", end_name);
			if (e)
				gst_object_unref(e);
			gst_object_unref(pipeline);
			return 2;
		}
		gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM,
		                  end_on_eos, NULL, NULL);
		gst_object_unref(pad);
		gst_object_unref(e);
	}

	loop = g_main_loop_new(NULL, FALSE);
	bus = gst_element_get_bus(pipeline);
	gst_bus_add_watch(bus, on_bus, NULL);
	g_unix_signal_add(SIGINT, send_eos, NULL);
	if (seconds)
		g_timeout_add_seconds(seconds, send_eos, NULL);

	seconds_since_start();
	if (gst_element_set_state(pipeline, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		/* The ERROR message with the reason is on the bus. */
		failed = TRUE;
		while (g_main_context_iteration(NULL, FALSE))
			;
	} else {
		g_main_loop_run(loop);
	}

	/* Through READY first: the messages posted while stopping (a final
	 * devourer-rx-stats) are still on the bus there, and NULL would
	 * flush them. */
	gst_element_set_state(pipeline, GST_STATE_READY);
	while (g_main_context_iteration(NULL, FALSE))
		;
	gst_element_set_state(pipeline, GST_STATE_NULL);
	if (count_name)
		printf("%s received %" G_GUINT64_FORMAT " buffers\n",
		       count_name, counted);
	gst_bus_remove_watch(bus);
	gst_object_unref(bus);
	gst_object_unref(pipeline);
	g_main_loop_unref(loop);
	gst_deinit();
	return failed ? 1 : 0;
}
