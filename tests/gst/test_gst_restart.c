/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The drone restarts while the ground keeps running. A camera without a
 * real-time clock comes back with an epoch far below the one the ground
 * follows: devourersrc follows it again once the old run has been silent
 * for session-takeover, counts it in session-older and says so in a
 * session-older warning (not that the sender uses another key). A sink
 * with an epoch-file starts above its last run whatever its clock says,
 * so its restart is followed at once, as a re-key; a damaged epoch file
 * is an error at start, never silently reset.
 */
#include "gst_test_common.h"

#define DEADLINE_S 60
#define EPOCH_2025 G_GUINT64_CONSTANT(1764700000000000)
#define EPOCH_NO_CLOCK G_GUINT64_CONSTANT(1000000000000)

/* A run's packets, and how many were sent. */
struct run {
	struct gst_test_packets pk;
	guint sent;
};

static gboolean sent_by(const struct run *r, GstBuffer *b)
{
	for (guint i = 0; r && i < r->sent; i++)
		if (gst_test_packet_matches(&r->pk, b, i))
			return TRUE;
	return FALSE;
}

/* Push packets of @r to @hsink until at least @want of them (in the
 * order sent, gaps allowed while the ground has not yet followed this
 * run) came out of @hsrc; the deadline only bounds a broken run. The last
 * packets of the run before (@prev) may still come out first. Returns how
 * many of this run's arrived, which can pass @want when the ground hands
 * several out at once (the first FEC block after a takeover); *@wrong
 * counts buffers that are neither, *@gaps this run's packets missing
 * after the first one that arrived (once followed, nothing is lost). */
static guint stream_until(GstHarness *hsink, GstHarness *hsrc,
                          struct run *r, const struct run *prev, guint want,
                          GstBus *bus_rx, GPtrArray *msgs, guint *wrong,
                          guint *gaps)
{
	gint64 deadline = g_get_monotonic_time() +
	                  DEADLINE_S * G_TIME_SPAN_SECOND;
	guint got = 0, next = 0, first = 0;

	*wrong = 0;
	r->sent = 0;
	while (got < want && g_get_monotonic_time() < deadline) {
		GstBuffer *b;

		if (gst_harness_push(hsink, gst_test_packet_make(&r->pk,
		                                                 r->sent)) !=
		    GST_FLOW_OK)
			break;
		r->sent++;
		while ((b = gst_harness_try_pull(hsrc)) != NULL) {
			/* The packet it is, at or after the last one. */
			guint at = next;
			while (at < r->sent &&
			       !gst_test_packet_matches(&r->pk, b, at))
				at++;
			if (at < r->sent) {
				if (got++ == 0)
					first = at;
				next = at + 1;
			} else if (!sent_by(prev, b)) {
				(*wrong)++;
			}
			gst_buffer_unref(b);
		}
		gst_test_drain_bus(bus_rx, 0, msgs);
		/* About a video frame's packets per millisecond. */
		if (r->sent % 4 == 0)
			g_usleep(1000);
	}
	*gaps = got ? next - first - got : 0;
	return got;
}

static GstHarness *sink_run(const struct gst_test_env *env, GstBus **bus,
                            guint64 epoch, const gchar *epoch_file,
                            const gchar *what)
{
	return gst_test_sink_harness_with(env, "virtual:drone", 149, bus, what,
	                                  "epoch", epoch, "epoch-file",
	                                  epoch_file, NULL);
}

static void stop_run(GstHarness *h, GstBus *bus, guint64 *epoch)
{
	if (epoch)
		*epoch = gst_test_stat_u64(h->element, "epoch");
	gst_harness_teardown(h);
	gst_test_drain_bus(bus, 0, NULL);
	gst_object_unref(bus);
}

static guint64 read_epoch_file(const gchar *path)
{
	gchar *text = NULL;
	guint64 v = 0;

	if (g_file_get_contents(path, &text, NULL, NULL))
		v = g_ascii_strtoull(text, NULL, 10);
	g_free(text);
	return v;
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstBus *bus_rx, *bus_tx;
	GstHarness *hsrc, *hsink;
	GPtrArray *msgs;
	guint wrong = 0, gaps = 0, got;
	guint64 epoch3 = 0, epoch4 = 0;
	struct run run1 = {{7, 900, 11, 0, 4}, 0};
	struct run run2 = {{5, 1000, 23, 0, 4}, 0};
	struct run run3 = {{3, 800, 37, 0, 4}, 0};
	struct run run4 = {{9, 700, 41, 0, 4}, 0};
	gchar *efile, *bad;

	gst_test_setup(&env, &argc, &argv);
	msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	efile = g_build_filename(env.tmp_dir, "epoch", NULL);
	bad = g_build_filename(env.tmp_dir, "bad-epoch", NULL);

	hsrc = gst_test_src_harness(&env, "virtual:ground", 149, 20, &bus_rx,
	                            "ground src plays");
	if (!hsrc)
		goto out;

	/* Run 1, with a clock. */
	hsink = sink_run(&env, &bus_tx, EPOCH_2025, NULL, "run 1 plays");
	if (!hsink)
		goto out;
	got = stream_until(hsink, hsrc, &run1, NULL, 200, bus_rx, msgs, &wrong,
	                   &gaps);
	CHECK(got >= 200 && wrong == 0 && gaps == 0, "run 1 delivered");
	stop_run(hsink, bus_tx, NULL);

	/* Run 2: rebooted without a clock, far lower epoch. */
	hsink = sink_run(&env, &bus_tx, EPOCH_NO_CLOCK, NULL, "run 2 plays");
	if (!hsink)
		goto out;
	got = stream_until(hsink, hsrc, &run2, &run1, 300, bus_rx, msgs, &wrong,
	                   &gaps);
	if (!CHECK(got >= 300 && wrong == 0 && gaps == 0,
	           "run 2 (lower epoch) is delivered again"))
		printf("# got %u wrong %u gaps %u\n", got, wrong, gaps);
	stop_run(hsink, bus_tx, NULL);
	CHECK_EQ_INT(gst_test_stat_u64(hsrc->element, "session-older"), 1,
	             "src stats: session-older counts the restart");
	/* The diagnosis runs on its own timer: wait for its warning. */
	{
		gint64 deadline = g_get_monotonic_time() +
		                  DEADLINE_S * G_TIME_SPAN_SECOND;
		while (!gst_test_find_warning(msgs, "session-older") &&
		       g_get_monotonic_time() < deadline)
			gst_test_drain_bus(bus_rx, 50, msgs);
	}
	CHECK(gst_test_find_warning(msgs, "session-older") != NULL,
	      "a session-older warning names the cause");
	CHECK(gst_test_find_warning(msgs, "auth-failed") == NULL,
	      "no warning blames the key");

	/* Runs 3 and 4 keep their epoch in a file; run 4's clock restarted
	 * low again, and the file still puts it above run 3. */
	hsink = sink_run(&env, &bus_tx, 0, efile, "run 3 plays");
	if (!hsink)
		goto out;
	got = stream_until(hsink, hsrc, &run3, &run2, 100, bus_rx, msgs, &wrong,
	                   &gaps);
	if (!CHECK(got >= 100 && wrong == 0 && gaps == 0, "run 3 delivered"))
		printf("# got %u wrong %u gaps %u\n", got, wrong, gaps);
	stop_run(hsink, bus_tx, &epoch3);
	CHECK(read_epoch_file(efile) == epoch3 + (G_GUINT64_CONSTANT(1) << 32),
	      "the file holds the end of run 3's reserved epochs");
	const guint64 takeovers =
	        gst_test_stat_u64(hsrc->element, "session-takeovers");
	hsink = sink_run(&env, &bus_tx, EPOCH_NO_CLOCK, efile, "run 4 plays");
	if (!hsink)
		goto out;
	got = stream_until(hsink, hsrc, &run4, &run3, 100, bus_rx, msgs, &wrong,
	                   &gaps);
	if (!CHECK(got >= 100 && wrong == 0 && gaps == 0, "run 4 delivered"))
		printf("# got %u wrong %u gaps %u\n", got, wrong, gaps);
	stop_run(hsink, bus_tx, &epoch4);
	CHECK(epoch4 > epoch3, "run 4 announces a higher epoch than run 3");
	CHECK_EQ_INT(gst_test_stat_u64(hsrc->element, "session-takeovers"),
	             takeovers, "and is followed as a re-key, at once");

	/* A damaged epoch file stops the start with a clear error. */
	g_file_set_contents(bad, "12x\n", -1, NULL);
	{
		GstElement *sink = gst_element_factory_make("devourersink", NULL);
		GstBus *b = gst_bus_new();
		GPtrArray *errs = g_ptr_array_new_with_free_func(
		        (GDestroyNotify)gst_message_unref);
		gboolean named = FALSE;

		g_object_set(sink, "device", "virtual:drone", "key-file",
		             env.drone_key, "epoch-file", bad, NULL);
		gst_element_set_bus(sink, b);
		CHECK(gst_element_set_state(sink, GST_STATE_PAUSED) ==
		      GST_STATE_CHANGE_FAILURE, "a damaged epoch file: no start");
		gst_test_drain_bus(b, 0, errs);
		for (guint i = 0; i < errs->len; i++) {
			GstMessage *m = g_ptr_array_index(errs, i);
			GError *e = NULL;

			if (GST_MESSAGE_TYPE(m) != GST_MESSAGE_ERROR)
				continue;
			gst_message_parse_error(m, &e, NULL);
			named = named || strstr(e->message, bad) != NULL;
			g_error_free(e);
		}
		CHECK(named, "... an error naming the file");
		gchar *text = NULL;
		g_file_get_contents(bad, &text, NULL, NULL);
		CHECK(g_strcmp0(text, "12x\n") == 0, "... left as it was");
		g_free(text);
		gst_element_set_state(sink, GST_STATE_NULL);
		gst_object_unref(sink);
		gst_object_unref(b);
		g_ptr_array_unref(errs);
	}
out:
	if (hsrc) {
		gst_harness_teardown(hsrc);
		gst_object_unref(bus_rx);
	}
	g_free(efile);
	g_free(bad);
	g_ptr_array_unref(msgs);
	gst_test_teardown(&env);
	return check_done();
}
