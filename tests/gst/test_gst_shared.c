/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Elements sharing an adapter (dvr_share): several devourersink and
 * devourersrc in one process name the same virtual adapter, each with its
 * own stream (radio port, FEC), TX and RX at once.
 *  - one drone pipeline holds a video sink and a telemetry src on its one
 *    adapter, the ground pipeline the mirror image: video down, telemetry
 *    up, byte-exact; one element of each brought the adapter up (init
 *    timings), the other posted devourer-adapter-joined;
 *  - removing an element from a running pipeline (to NULL, out of the
 *    bin) leaves the other element's stream on that adapter untouched: no
 *    DISCONT, nothing lost, and the adapter stays up until its last user
 *    goes (then it leaves the air);
 *  - two streams each way on one adapter per side, with seeded loss at
 *    both receivers: every stream byte-exact (FEC repairs), each src
 *    counts only its own packets and hears no "other port" (the other
 *    streams are the other elements'), each sink counts its own frames
 *    and the adapter's total is their sum;
 *  - a second element asking the running adapter for another channel
 *    gets one clear RESOURCE BUSY error naming both channels; a retune by
 *    one element moves the adapter, and the other reads it back and
 *    notifies.
 */
#include "gst_test_common.h"

#define FEC_TIMEOUT_MS 40

/* A "video" stream: large packets, a frame every 10 packets. */
static const struct gst_test_packets video = {
	.size_step = 7919, .max_size = 1400, .seed = 0x9e3779b9u,
	.seed_offset = 1, .marker_every = 10,
};
/* "Telemetry": small packets, each one sent at once (its own block). */
static const struct gst_test_packets telemetry = {
	.size_step = 13, .max_size = 120, .seed = 0x85ebca6bu,
	.seed_offset = 3, .marker_every = 1,
};
static const struct gst_test_packets video2 = {
	.size_step = 4093, .max_size = 1200, .seed = 0xc2b2ae35u,
	.seed_offset = 5, .marker_every = 8,
};
static const struct gst_test_packets telemetry2 = {
	.size_step = 31, .max_size = 200, .seed = 0x27d4eb2fu,
	.seed_offset = 7, .marker_every = 1,
};

/* ------------------------------------------------------------------ */
/* elements                                                             */
/* ------------------------------------------------------------------ */

/* A devourersrc for @port on @device in a harness, on its own bus. */
static GstHarness *src_on(const struct gst_test_env *env, const gchar *device,
                          guint port, GstBus **bus, const gchar *what)
{
	GstHarness *h = gst_harness_new("devourersrc");

	g_object_set(h->element, "device", device, "channel", 149,
	             "radio-port", port, "key-file", env->gs_key,
	             "fec-timeout", FEC_TIMEOUT_MS, NULL);
	*bus = gst_bus_new();
	gst_element_set_bus(h->element, *bus);
	if (gst_element_set_state(h->element, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(*bus, 0, NULL);
		CHECK(0, what);
		gst_harness_teardown(h);
		gst_object_unref(*bus);
		*bus = NULL;
		return NULL;
	}
	return h;
}

/* A devourersink for @port (FEC @k/@n) on @device in a harness. */
static GstHarness *sink_on(const struct gst_test_env *env,
                           const gchar *device, guint port, guint k, guint n,
                           GstBus **bus, const gchar *what)
{
	GstElement *sink = gst_element_factory_make("devourersink", NULL);
	GstHarness *h;

	g_object_set(sink, "device", device, "channel", 149, "radio-port",
	             port, "key-file", env->drone_key, "sync", FALSE,
	             "fec-timeout", 5, "fec-n", n, "fec-k", k, "async", FALSE,
	             NULL);
	*bus = gst_bus_new();
	gst_element_set_bus(sink, *bus);
	if (gst_element_set_state(sink, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(*bus, 0, NULL);
		CHECK(0, what);
		gst_element_set_state(sink, GST_STATE_NULL);
		gst_object_unref(sink);
		gst_object_unref(*bus);
		*bus = NULL;
		return NULL;
	}
	h = gst_harness_new_with_element(sink, "sink", NULL);
	gst_object_unref(sink);
	gst_harness_set_src_caps_str(h, "application/x-devourer-test");
	return h;
}

/* Messages a bus carried: ERRORs, warnings of @kind (NULL: any), the
 * joined messages (and the highest user count they gave), init totals. */
struct tally {
	guint errors, warnings, joined, max_users, init_done;
};

static void tally_bus(GstBus *bus, const gchar *kind, struct tally *t)
{
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);

	t->errors += gst_test_drain_bus(bus, 0, msgs);
	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		const GstStructure *s = gst_message_get_structure(m);

		if (GST_MESSAGE_TYPE(m) == GST_MESSAGE_WARNING) {
			const GstStructure *d = NULL;
			const gchar *k = NULL;

			gst_message_parse_warning_details(m, &d);
			if (d)
				k = gst_structure_get_string(d, "kind");
			if (!kind || (k && strcmp(k, kind) == 0))
				t->warnings++;
		}
		if (gst_test_is_element_msg(m, "devourer-adapter-joined")) {
			guint users = 0;

			gst_structure_get_uint(s, "users", &users);
			t->joined++;
			t->max_users = MAX(t->max_users, users);
		}
		if (gst_test_is_element_msg(m, "devourer-init-timing") &&
		    g_strcmp0(gst_structure_get_string(s, "stage"),
		              "total") == 0)
			t->init_done++;
	}
	g_ptr_array_unref(msgs);
}

/* Is the virtual adapter @name on the air (some process has it open)? */
static gboolean on_air(const gchar *name)
{
	struct dvr_adapter_info found[32];
	gchar *want = g_strdup_printf("virtual:%s", name);
	int n = dvr_list_adapters(found, 32);
	gboolean seen = FALSE;

	for (int i = 0; i < n && i < 32; i++)
		if (strcmp(found[i].selector, want) == 0)
			seen = TRUE;
	g_free(want);
	return seen;
}

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

		CHECK_EQ_INT(gst_test_stat_u64(vrx, "packets-lost"), 0,
		             "removal: the video receiver lost nothing");
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

/* ------------------------------------------------------------------ */
/* two streams each way on one adapter per side, with loss              */
/* ------------------------------------------------------------------ */

#define N_VIDEO 300
#define N_TEL 60

struct stream {
	const gchar *name;
	const struct gst_test_packets *pk;
	guint port, k, n, count;
	GstHarness *tx, *rx;
	GstBus *tx_bus, *rx_bus;
};

static void test_two_streams_each_way(const struct gst_test_env *env)
{
	/* loss at both receivers; the seeds make each adapter's losses
	 * repeatable (which stream a lost frame was is up to timing) */
	const gchar *drone = "virtual:sd,loss=0.03,seed=11";
	const gchar *ground = "virtual:sg,loss=0.03,seed=12";
	struct stream st[4] = {
		{ .name = "video down", .pk = &video, .port = 0, .k = 8,
		  .n = 12, .count = N_VIDEO },
		{ .name = "telemetry down", .pk = &telemetry, .port = 1,
		  .k = 1, .n = 4, .count = N_TEL },
		{ .name = "video up", .pk = &video2, .port = 16, .k = 8,
		  .n = 12, .count = N_VIDEO / 2 },
		{ .name = "telemetry up", .pk = &telemetry2, .port = 17,
		  .k = 1, .n = 4, .count = N_TEL },
	};
	struct tally dt = { 0 }, gt = { 0 }, other = { 0 };
	guint64 recovered = 0, adapter_sent, sum_sent;
	gboolean up = TRUE;

	/* receivers first, so each hears its sender's first session */
	for (guint s = 0; s < 4 && up; s++) {
		gchar *what = g_strdup_printf("%s: src plays", st[s].name);

		st[s].rx = src_on(env, s < 2 ? ground : drone, st[s].port,
		                  &st[s].rx_bus, what);
		up = st[s].rx != NULL;
		g_free(what);
	}
	for (guint s = 0; s < 4 && up; s++) {
		gchar *what = g_strdup_printf("%s: sink plays", st[s].name);

		st[s].tx = sink_on(env, s < 2 ? drone : ground, st[s].port,
		                   st[s].k, st[s].n, &st[s].tx_bus, what);
		up = st[s].tx != NULL;
		g_free(what);
	}
	if (up) {
		/* interleaved, as a drone sends video and telemetry */
		for (guint i = 0; i < N_VIDEO; i++)
			for (guint s = 0; s < 4; s++)
				if (i < st[s].count)
					gst_harness_push(st[s].tx,
					        gst_test_packet_make(st[s].pk, i));
		for (guint s = 0; s < 4; s++)
			gst_harness_push_event(st[s].tx, gst_event_new_eos());

		for (guint s = 0; s < 4; s++) {
			guint exact = 0, got;
			gchar *what;

			got = gst_test_pull_packets(st[s].rx, st[s].pk,
			                            st[s].count, 30, &exact,
			                            NULL);
			what = g_strdup_printf("%s: every packet, byte-exact "
			                       "(%u of %u arrived)", st[s].name,
			                       got, st[s].count);
			CHECK_EQ_INT(exact, st[s].count, what);
			g_free(what);
		}
		for (guint s = 0; s < 4; s++) {
			GstElement *rx = st[s].rx->element;
			gchar *what;

			/* its own packets only: the others' are theirs */
			what = g_strdup_printf("%s: packets-received counts its "
			                       "own stream only", st[s].name);
			CHECK_EQ_INT(gst_test_stat_u64(rx, "packets-received"),
			             st[s].count, what);
			g_free(what);
			what = g_strdup_printf("%s: no other-port frame (the "
			                       "other stream is another "
			                       "element's)", st[s].name);
			CHECK_EQ_INT(gst_test_stat_u64(rx, "other-port"), 0,
			             what);
			g_free(what);
			CHECK(gst_harness_try_pull(st[s].rx) == NULL,
			      "nothing extra arrives");
			recovered += gst_test_stat_u64(rx, "fec-recovered");
		}
		CHECK(recovered > 0, "loss: FEC repaired lost fragments");

		/* a sink's counters are its stream's; the adapter's are all */
		for (guint side = 0; side < 2; side++) {
			GstElement *a = st[side * 2].tx->element;
			GstElement *b = st[side * 2 + 1].tx->element;
			GstStructure *sa = NULL;
			guint users = 0;

			WAIT_UNTIL(gst_test_stat_u64(a, "frames-in-flight") == 0
			           && gst_test_stat_u64(b, "frames-in-flight")
			              == 0, 10000);
			sum_sent = gst_test_stat_u64(a, "frames-sent") +
			           gst_test_stat_u64(b, "frames-sent");
			g_object_get(a, "stats", &sa, NULL);
			adapter_sent = 0;
			if (sa) {
				gst_structure_get_uint64(sa,
				        "adapter-frames-sent", &adapter_sent);
				gst_structure_get_uint(sa, "adapter-users",
				                       &users);
				gst_structure_free(sa);
			}
			CHECK(gst_test_stat_u64(a, "packets-sent") !=
			      gst_test_stat_u64(b, "packets-sent"),
			      "sinks: each counts its own packets");
			CHECK_EQ_INT(adapter_sent, sum_sent,
			             "sinks: the adapter sent both streams' "
			             "frames, each sink counts its own");
			CHECK_EQ_INT(users, 4, "sinks: four elements share "
			             "the adapter");
		}
	}

	for (guint s = 0; s < 4; s++) {
		struct tally *t = s < 2 ? &gt : &dt;

		if (st[s].rx_bus)
			tally_bus(st[s].rx_bus, NULL, t);
		if (st[s].tx_bus)
			tally_bus(st[s].tx_bus, NULL, s < 2 ? &dt : &gt);
		if (st[s].rx_bus)
			tally_bus(st[s].rx_bus, "other-port", &other);
	}
	CHECK_EQ_INT(dt.errors + gt.errors, 0, "two each way: no error");
	CHECK_EQ_INT(other.warnings, 0, "two each way: no other-port warning");
	CHECK_EQ_INT(dt.init_done, 1, "drone: brought up once");
	CHECK_EQ_INT(dt.joined, 3, "drone: three elements joined it");
	CHECK_EQ_INT(dt.max_users, 4, "drone: the last joined as the fourth");
	CHECK_EQ_INT(gt.init_done + gt.joined, 4,
	             "ground: one brought it up, the others joined");

	for (guint s = 0; s < 4; s++) {
		if (st[s].tx)
			gst_harness_teardown(st[s].tx);
		if (st[s].rx)
			gst_harness_teardown(st[s].rx);
		if (st[s].tx_bus)
			gst_object_unref(st[s].tx_bus);
		if (st[s].rx_bus)
			gst_object_unref(st[s].rx_bus);
	}
}

/* ------------------------------------------------------------------ */
/* the adapter's channel                                                */
/* ------------------------------------------------------------------ */

static void count_notify(GObject *obj, GParamSpec *pspec, gpointer user)
{
	(void)obj;
	(void)pspec;
	g_atomic_int_inc((gint *)user);
}

static void test_channel(const struct gst_test_env *env)
{
	GstBus *rx_bus, *tx_bus, *bad_bus;
	GstHarness *rx, *tx;
	GstElement *bad;
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	guint errors;
	gint notified = 0;
	guint ch = 0;

	rx = src_on(env, "virtual:ch", 0, &rx_bus, "channel: src plays");
	if (!rx)
		return;

	/* another channel on the running adapter: refused, clearly */
	bad = gst_element_factory_make("devourersink", NULL);
	g_object_set(bad, "device", "virtual:ch", "channel", 36, "key-file",
	             env->drone_key, "async", FALSE, NULL);
	bad_bus = gst_bus_new();
	gst_element_set_bus(bad, bad_bus);
	CHECK(gst_element_set_state(bad, GST_STATE_PLAYING) ==
	      GST_STATE_CHANGE_FAILURE,
	      "channel: a sink asking for channel 36 does not start");
	errors = gst_test_drain_bus(bad_bus, 0, msgs);
	CHECK_EQ_INT(errors, 1, "channel: exactly one ERROR");
	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		GError *e = NULL;

		if (GST_MESSAGE_TYPE(m) != GST_MESSAGE_ERROR)
			continue;
		gst_message_parse_error(m, &e, NULL);
		CHECK(e->domain == GST_RESOURCE_ERROR &&
		      e->code == GST_RESOURCE_ERROR_BUSY,
		      "channel: a RESOURCE BUSY error");
		CHECK(strstr(e->message, "channel 149") &&
		      strstr(e->message, "channel 36"),
		      "channel: its text names the channel in use and the "
		      "one asked for");
		g_error_free(e);
	}
	gst_element_set_state(bad, GST_STATE_NULL);
	gst_object_unref(bad);
	gst_object_unref(bad_bus);
	CHECK(gst_test_stat_u64(rx->element, "frames-received") !=
	      G_MAXUINT64, "channel: the running src is still up");

	/* a retune by one element moves the adapter for all */
	tx = sink_on(env, "virtual:ch", 1, 8, 12, &tx_bus,
	             "channel: a sink on the same channel joins");
	if (tx) {
		g_signal_connect(rx->element, "notify::channel",
		                 G_CALLBACK(count_notify), &notified);
		g_object_set(tx->element, "channel", 157, NULL);
		WAIT_UNTIL(g_atomic_int_get(&notified) > 0, 10000);
		CHECK(g_atomic_int_get(&notified) > 0,
		      "retune: the other element notifies channel");
		g_object_get(rx->element, "channel", &ch, NULL);
		CHECK_EQ_INT(ch, 157, "retune: and reads back the channel in "
		             "effect");
		errors = gst_test_drain_bus(tx_bus, 0, NULL) +
		         gst_test_drain_bus(rx_bus, 0, NULL);
		CHECK_EQ_INT(errors, 0, "retune: no error");
		gst_harness_teardown(tx);
		gst_object_unref(tx_bus);
	}
	gst_harness_teardown(rx);
	gst_object_unref(rx_bus);
	g_ptr_array_unref(msgs);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	test_one_pipeline_per_side(&env);
	test_two_streams_each_way(&env);
	test_channel(&env);
	gst_test_teardown(&env);
	return check_done();
}
