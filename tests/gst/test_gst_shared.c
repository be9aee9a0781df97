/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Elements sharing an adapter (dvr_share) in running pipelines: each side
 * has one pipeline holding a devourersink and a devourersrc on its one
 * virtual adapter, each with its own stream (radio port).
 *  - the drone sends video and receives telemetry, the ground the mirror
 *    image: both byte-exact; one element of each side brought the adapter
 *    up (init timings), the other posted devourer-adapter-joined;
 *  - removing an element from a running pipeline (to NULL, out of the
 *    bin: the drone's telemetry src, then the ground's telemetry sink)
 *    leaves the video stream on those adapters untouched: no DISCONT,
 *    nothing lost, no warning; each adapter stays up for its other user
 *    and leaves the air when the last one stops.
 * Not in the TSan stage (GStreamer's own task pool hand-offs between the
 * pipelines); the shared adapter's threading is: test_gst_shared_streams.
 */
#include "gst_shared_common.h"

/* ------------------------------------------------------------------ */
/* one pipeline per side: video down, telemetry up; then removals       */
/* ------------------------------------------------------------------ */

static void push_app(GstElement *appsrc, const struct gst_test_packets *pk,
                     guint i)
{
	GstFlowReturn ret = GST_FLOW_ERROR;
	GstBuffer *b = gst_test_packet_make(pk, i);

	/* push-buffer takes its own reference */
	g_signal_emit_by_name(appsrc, "push-buffer", b, &ret);
	gst_buffer_unref(b);
	if (ret != GST_FLOW_OK)
		printf("# push %u: %s\n", i, gst_flow_get_name(ret));
}

/* Pull @n packets of @pk from @appsink, starting at packet *@next;
 * counts the byte-exact ones and the DISCONT buffers after the first. */
struct pulled {
	guint next, exact, disconts;
};

static void pull_app(GstElement *appsink, const struct gst_test_packets *pk,
                     guint n, struct pulled *p)
{
	gint64 deadline = g_get_monotonic_time() + 30 * G_TIME_SPAN_SECOND;
	guint want = p->next + n;

	while (p->next < want && g_get_monotonic_time() < deadline) {
		GstSample *sample = NULL;
		GstBuffer *b;

		g_signal_emit_by_name(appsink, "try-pull-sample",
		                      (GstClockTime)(100 * GST_MSECOND), &sample);
		if (!sample)
			continue;
		b = gst_sample_get_buffer(sample);
		if (gst_test_packet_matches(pk, b, p->next))
			p->exact++;
		else
			printf("# packet %u differs (size %zu)\n", p->next,
			       gst_buffer_get_size(b));
		if (p->next > 0 && GST_BUFFER_FLAG_IS_SET(b,
		                                         GST_BUFFER_FLAG_DISCONT))
			p->disconts++;
		p->next++;
		gst_sample_unref(sample);
	}
}

#define PIPE_VIDEO 200
#define PIPE_TEL 60

static void test_one_pipeline_per_side(const struct gst_test_env *env)
{
	gchar *drone_desc = g_strdup_printf(
	        "appsrc name=video is-live=true format=time "
	        "caps=application/x-devourer-test ! "
	        "devourersink name=vtx device=virtual:pd channel=149 "
	        "radio-port=0 key-file=%s sync=false async=false fec-timeout=5 "
	        "devourersrc name=trx device=virtual:pd channel=149 "
	        "radio-port=16 key-file=%s fec-timeout=%d ! "
	        "appsink name=tel sync=false async=false",
	        env->drone_key, env->gs_key, FEC_TIMEOUT_MS);
	gchar *ground_desc = g_strdup_printf(
	        "devourersrc name=vrx device=virtual:pg channel=149 "
	        "radio-port=0 key-file=%s fec-timeout=%d ! "
	        "appsink name=video sync=false async=false "
	        "appsrc name=tel is-live=true format=time "
	        "caps=application/x-devourer-test ! "
	        "devourersink name=ttx device=virtual:pg channel=149 "
	        "radio-port=16 key-file=%s sync=false async=false fec-timeout=5",
	        env->gs_key, FEC_TIMEOUT_MS, env->drone_key);
	GstElement *drone = gst_test_parse(drone_desc);
	GstElement *ground = gst_test_parse(ground_desc);
	GstElement *d_video, *d_tel, *g_video, *g_tel, *trx, *ttx;
	GstBus *d_bus, *g_bus;
	struct tally dt = { 0 }, gt = { 0 };
	struct pulled pv = { 0 }, pt = { 0 };
	guint pushed_v = 0;

	g_free(drone_desc);
	g_free(ground_desc);
	if (!CHECK(drone && ground, "pipelines: both parse"))
		return;
	d_bus = gst_element_get_bus(drone);
	g_bus = gst_element_get_bus(ground);
	d_video = gst_bin_get_by_name(GST_BIN(drone), "video");
	d_tel = gst_bin_get_by_name(GST_BIN(drone), "tel");
	g_video = gst_bin_get_by_name(GST_BIN(ground), "video");
	g_tel = gst_bin_get_by_name(GST_BIN(ground), "tel");
	trx = gst_bin_get_by_name(GST_BIN(drone), "trx");
	ttx = gst_bin_get_by_name(GST_BIN(ground), "ttx");

	/* live pipelines: PLAYING once started (no preroll) */
	CHECK(gst_test_set_state(ground, GST_STATE_PLAYING, 30) ==
	      GST_STATE_CHANGE_SUCCESS, "pipelines: ground plays");
	CHECK(gst_test_set_state(drone, GST_STATE_PLAYING, 30) ==
	      GST_STATE_CHANGE_SUCCESS, "pipelines: drone plays");

	/* Each side's sender started before the other side's receiver
	 * listened: wait for a session announcement to reach both. */
	{
		GstElement *vrx = gst_bin_get_by_name(GST_BIN(ground), "vrx");

		CHECK(gst_test_wait_stat_above(vrx, "sessions", 0, 20000) &&
		      gst_test_wait_stat_above(trx, "sessions", 0, 20000),
		      "pipelines: both receivers have their sender's session");
		gst_object_unref(vrx);
	}
	/* video down and telemetry up at once */
	for (guint i = 0; i < PIPE_VIDEO; i++) {
		push_app(d_video, &video, pushed_v++);
		if (i % 3 == 0 && i / 3 < PIPE_TEL)
			push_app(g_tel, &telemetry, i / 3);
	}
	pull_app(g_video, &video, PIPE_VIDEO, &pv);
	pull_app(d_tel, &telemetry, PIPE_TEL, &pt);
	CHECK_EQ_INT(pv.exact, PIPE_VIDEO,
	             "pipelines: every video packet down, byte-exact");
	CHECK_EQ_INT(pt.exact, PIPE_TEL,
	             "pipelines: every telemetry packet up, byte-exact");

	tally_bus(d_bus, NULL, &dt);
	tally_bus(g_bus, NULL, &gt);
	CHECK_EQ_INT(dt.errors + gt.errors, 0, "pipelines: no error");
	CHECK_EQ_INT(dt.init_done, 1,
	             "drone: one element brought the adapter up");
	CHECK_EQ_INT(dt.joined, 1, "drone: the other joined it");
	CHECK_EQ_INT(dt.max_users, 2, "drone: joined as the second user");
	CHECK_EQ_INT(gt.init_done, 1,
	             "ground: one element brought the adapter up");
	CHECK_EQ_INT(gt.joined, 1, "ground: the other joined it");

	/* The drone's telemetry receiver leaves while video streams. */
	for (guint i = 0; i < PIPE_VIDEO / 2; i++)
		push_app(d_video, &video, pushed_v++);
	CHECK(gst_element_set_state(trx, GST_STATE_NULL) ==
	      GST_STATE_CHANGE_SUCCESS, "removal: drone's src to NULL");
	gst_element_set_state(d_tel, GST_STATE_NULL);
	gst_bin_remove_many(GST_BIN(drone), trx, d_tel, NULL);
	for (guint i = 0; i < PIPE_VIDEO / 2; i++)
		push_app(d_video, &video, pushed_v++);
	CHECK(on_air("pd"), "removal: the drone's adapter stays up for its "
	      "other user");

	/* The ground's telemetry sender leaves while video arrives. */
	for (guint i = 0; i < PIPE_VIDEO / 2; i++)
		push_app(d_video, &video, pushed_v++);
	CHECK(gst_element_set_state(ttx, GST_STATE_NULL) ==
	      GST_STATE_CHANGE_SUCCESS, "removal: ground's sink to NULL");
	gst_element_set_state(g_tel, GST_STATE_NULL);
	gst_bin_remove_many(GST_BIN(ground), g_tel, ttx, NULL);
	for (guint i = 0; i < PIPE_VIDEO / 2; i++)
		push_app(d_video, &video, pushed_v++);
	CHECK(on_air("pg"), "removal: the ground's adapter stays up for its "
	      "other user");

	pull_app(g_video, &video, pushed_v - pv.next, &pv);
	CHECK_EQ_INT(pv.next, pushed_v,
	             "removal: every video packet arrives meanwhile");
	CHECK_EQ_INT(pv.exact, pushed_v,
	             "removal: ... byte-exact, in order");
	CHECK_EQ_INT(pv.disconts, 0, "removal: no DISCONT in the video");
	{
		GstElement *vrx = gst_bin_get_by_name(GST_BIN(ground), "vrx");

		CHECK_EQ_INT(gst_test_stat_lost_any(vrx), 0,
		             "removal: the video receiver lost nothing");
		if (gst_test_stat_lost_any(vrx) != 0) {
			gst_test_print_stats(vrx, "removal: video receiver");
			gst_test_print_model("pd", "drone");
			gst_test_print_model("pg", "ground");
		}
		gst_object_unref(vrx);
	}
	memset(&dt, 0, sizeof dt);
	memset(&gt, 0, sizeof gt);
	tally_bus(d_bus, NULL, &dt);
	tally_bus(g_bus, NULL, &gt);
	CHECK_EQ_INT(dt.errors + gt.errors + dt.warnings + gt.warnings, 0,
	             "removal: no error or warning");

	gst_object_unref(trx);
	gst_object_unref(ttx);
	gst_object_unref(d_tel);
	gst_object_unref(g_tel);
	gst_object_unref(d_video);
	gst_object_unref(g_video);
	gst_test_set_state(drone, GST_STATE_NULL, 30);
	gst_test_set_state(ground, GST_STATE_NULL, 30);
	CHECK(!on_air("pd") && !on_air("pg"),
	      "last user gone: both adapters closed (off the air)");
	gst_object_unref(d_bus);
	gst_object_unref(g_bus);
	gst_object_unref(drone);
	gst_object_unref(ground);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	test_one_pipeline_per_side(&env);
	gst_test_teardown(&env);
	return check_done();
}
