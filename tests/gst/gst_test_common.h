/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Shared set-up for the GStreamer element tests: a private virtual air and
 * temporary directory per test process (parallel tests must not hear each
 * other), firmware from the test copy, a fresh link key pair, and helpers
 * to run pipelines and collect their bus messages.
 */
#ifndef DVR_GST_TEST_COMMON_H
#define DVR_GST_TEST_COMMON_H

#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gst/check/gstharness.h>
#include <gst/gst.h>

#include <devourer/link.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"

struct gst_test_env {
	gchar *tmp_dir;        /* removed at teardown */
	gchar *air_dir;        /* DEVOURER_AIR_DIR */
	gchar *drone_key;      /* sender key file */
	gchar *gs_key;         /* receiver key file */
};

static int gst_test_rm_one_(const char *path, const struct stat *sb,
                            int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/*
 * Skip (exit 77) without firmware; otherwise make the private air and key
 * files and initialise GStreamer.
 */
static inline void gst_test_setup(struct gst_test_env *env, int *argc,
                                  char ***argv)
{
	const char *fw = check_firmware_dir();
	struct dvr_link_keys drone, gs;
	GError *err = NULL;

	if (!fw)
		CHECK_SKIP("no test firmware (DEVOURER_TEST_FIRMWARE_DIR)");
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);

	env->tmp_dir = g_dir_make_tmp("devourer-gst-test-XXXXXX", &err);
	if (!env->tmp_dir) {
		printf("# cannot make a temporary directory: %s\n",
		       err->message);
		exit(1);
	}
	env->air_dir = g_build_filename(env->tmp_dir, "air", NULL);
	g_mkdir(env->air_dir, 0700);
	setenv("DEVOURER_AIR_DIR", env->air_dir, 1);

	env->drone_key = g_build_filename(env->tmp_dir, "drone.key", NULL);
	env->gs_key = g_build_filename(env->tmp_dir, "gs.key", NULL);
	if (dvr_link_keygen_random(&drone, &gs) != DVR_OK ||
	    dvr_link_keys_save(env->drone_key, &drone) != DVR_OK ||
	    dvr_link_keys_save(env->gs_key, &gs) != DVR_OK) {
		printf("# cannot write key files\n");
		exit(1);
	}
	gst_init(argc, argv);
}

static inline void gst_test_teardown(struct gst_test_env *env)
{
	nftw(env->tmp_dir, gst_test_rm_one_, 16, FTW_DEPTH | FTW_PHYS);
	g_free(env->tmp_dir);
	g_free(env->air_dir);
	g_free(env->drone_key);
	g_free(env->gs_key);
	/* Release GStreamer's global state so LeakSanitizer sees only real
	 * leaks. */
	gst_deinit();
}

/* gst_parse_launch or fail the test with the parser's message. */
static inline GstElement *gst_test_parse(const gchar *description)
{
	GError *err = NULL;
	GstElement *p = gst_parse_launch(description, &err);

	if (err) {
		printf("# parse '%s': %s\n", description, err->message);
		g_clear_error(&err);
		if (p)
			gst_object_unref(p);
		return NULL;
	}
	return p;
}

/* Set @state and wait for it (up to @timeout_s). Returns the result. */
static inline GstStateChangeReturn gst_test_set_state(GstElement *p,
                                                      GstState state,
                                                      guint timeout_s)
{
	GstStateChangeReturn r = gst_element_set_state(p, state);

	if (r == GST_STATE_CHANGE_ASYNC)
		r = gst_element_get_state(p, NULL, NULL,
		                          timeout_s * GST_SECOND);
	return r;
}

/* Print an ERROR/WARNING message to the TAP log (as a comment). */
static inline void gst_test_print_message(GstMessage *msg)
{
	GError *err = NULL;
	gchar *dbg = NULL;

	if (GST_MESSAGE_TYPE(msg) == GST_MESSAGE_ERROR)
		gst_message_parse_error(msg, &err, &dbg);
	else if (GST_MESSAGE_TYPE(msg) == GST_MESSAGE_WARNING)
		gst_message_parse_warning(msg, &err, &dbg);
	else
		return;
	/* TAP comments are one line each: flatten multi-line texts. */
	g_strdelimit(err->message, "\n", ' ');
	if (dbg)
		g_strdelimit(dbg, "\n", ' ');
	printf("# %s from %s: %s\n#   %s\n",
	       GST_MESSAGE_TYPE_NAME(msg), GST_OBJECT_NAME(msg->src),
	       err->message, dbg ? dbg : "");
	g_clear_error(&err);
	g_free(dbg);
}

/* Does @msg carry an element structure named @name? */
static inline gboolean gst_test_is_element_msg(GstMessage *msg,
                                               const gchar *name)
{
	const GstStructure *s;

	if (GST_MESSAGE_TYPE(msg) != GST_MESSAGE_ELEMENT)
		return FALSE;
	s = gst_message_get_structure(msg);
	return s && gst_structure_has_name(s, name);
}

/*
 * Pop every message now on @bus (waiting up to @wait_ms for the first),
 * append copies of ERROR/WARNING/element messages to @into. Returns the
 * number of ERROR messages seen.
 */
static inline guint gst_test_drain_bus(GstBus *bus, guint wait_ms,
                                       GPtrArray *into)
{
	GstMessage *msg;
	guint errors = 0;
	GstClockTime wait = wait_ms * GST_MSECOND;

	while ((msg = gst_bus_timed_pop_filtered(bus, wait,
	                GST_MESSAGE_ERROR | GST_MESSAGE_WARNING |
	                GST_MESSAGE_ELEMENT | GST_MESSAGE_EOS))) {
		wait = 0;
		if (GST_MESSAGE_TYPE(msg) == GST_MESSAGE_ERROR)
			errors++;
		gst_test_print_message(msg);
		if (into)
			g_ptr_array_add(into, msg);
		else
			gst_message_unref(msg);
	}
	return errors;
}

/* A guint field of @e's "stats" structure; G_MAXUINT when missing. */
static inline guint gst_test_stat_uint(GstElement *e, const gchar *field)
{
	GstStructure *s = NULL;
	guint v = G_MAXUINT;

	g_object_get(e, "stats", &s, NULL);
	if (s) {
		gst_structure_get_uint(s, field, &v);
		gst_structure_free(s);
	}
	return v;
}

/* The details of @m when it is a WARNING whose "kind" is @kind, else
 * NULL. Owned by the message. */
static inline const GstStructure *gst_test_warning_of_kind(GstMessage *m,
                                                           const gchar *kind)
{
	const GstStructure *d = NULL;
	const gchar *k;

	if (GST_MESSAGE_TYPE(m) != GST_MESSAGE_WARNING)
		return NULL;
	gst_message_parse_warning_details(m, &d);
	k = d ? gst_structure_get_string(d, "kind") : NULL;
	return k && strcmp(k, kind) == 0 ? d : NULL;
}

/* The details of the first WARNING in @msgs whose "kind" is @kind, or
 * NULL. Owned by the message. */
static inline const GstStructure *gst_test_find_warning(GPtrArray *msgs,
                                                        const gchar *kind)
{
	for (guint i = 0; i < msgs->len; i++) {
		const GstStructure *d = gst_test_warning_of_kind(
			g_ptr_array_index(msgs, i), kind);
		if (d)
			return d;
	}
	return NULL;
}

/* How many WARNINGs in @msgs have "kind" @kind. */
static inline guint gst_test_count_warnings(GPtrArray *msgs,
                                            const gchar *kind)
{
	guint n = 0;

	for (guint i = 0; i < msgs->len; i++)
		if (gst_test_warning_of_kind(g_ptr_array_index(msgs, i), kind))
			n++;
	return n;
}

/* A guint64 field of @e's "stats" structure; G_MAXUINT64 when missing. */
static inline guint64 gst_test_stat_u64(GstElement *e, const gchar *field)
{
	GstStructure *s = NULL;
	guint64 v = G_MAXUINT64;

	g_object_get(e, "stats", &s, NULL);
	if (s) {
		gst_structure_get_uint64(s, field, &v);
		gst_structure_free(s);
	}
	return v;
}

/* @e's whole "stats" structure as a TAP comment: where a count that
 * failed went (which drop, which loss). */
static inline void gst_test_print_stats(GstElement *e, const gchar *label)
{
	GstStructure *s = NULL;

	g_object_get(e, "stats", &s, NULL);
	if (!s)
		return;
	gchar *str = gst_structure_to_string(s);
	printf("# %s: %s\n", label, str);
	g_free(str);
	gst_structure_free(s);
}

/* The chip model's counts of a virtual adapter (@device: a selector such
 * as "virtual:name,opt=..." or the bare name) as a TAP comment: what the
 * air and the RX FIFO did with the frames, beside what the link says. */
static inline void gst_test_print_model(const gchar *device,
                                        const gchar *side)
{
	const gchar *name = g_str_has_prefix(device, "virtual:")
	                    ? device + strlen("virtual:") : device;
	gchar *bare = g_strndup(name, strcspn(name, ","));
	struct vchip *vc = vchip_find(bare);
	struct vchip_stats st;

	if (vc) {
		vchip_get_stats(vc, &st);
		printf("# %s model %s: aired %" G_GUINT64_FORMAT
		       ", heard %" G_GUINT64_FORMAT ", lost by the air %"
		       G_GUINT64_FORMAT ", RX FIFO overflow %" G_GUINT64_FORMAT
		       ", delivered on bulk IN %" G_GUINT64_FORMAT
		       ", packets waited for the host to reap %"
		       G_GUINT64_FORMAT " times (longest %" G_GUINT64_FORMAT
		       " us)\n", side, bare, (guint64)st.tx_aired,
		       (guint64)st.rx_heard, (guint64)st.rx_lost,
		       (guint64)st.rx_fifo_overflow, (guint64)st.rx_delivered,
		       (guint64)st.rx_starved, (guint64)st.rx_starved_max_us);
	}
	g_free(bare);
}

/* Every slot @src's link gave up that may have held a packet: the
 * packets known lost and those maybe lost (a packet or a filler nothing
 * heard tells apart). G_MAXUINT64 when either is missing. */
static inline guint64 gst_test_stat_lost_any(GstElement *src)
{
	guint64 lost = gst_test_stat_u64(src, "packets-lost");
	guint64 maybe = gst_test_stat_u64(src, "packets-maybe-lost");

	return lost == G_MAXUINT64 || maybe == G_MAXUINT64 ? G_MAXUINT64
	                                                   : lost + maybe;
}

/* Wait up to @timeout_ms until the stats field @field of @e exceeds
 * @than. */
static inline gboolean gst_test_wait_stat_above(GstElement *e,
                                                const gchar *field,
                                                guint64 than,
                                                guint timeout_ms)
{
	gint64 deadline = g_get_monotonic_time() +
	                  (gint64)timeout_ms * G_TIME_SPAN_MILLISECOND;
	guint64 v;

	do {
		v = gst_test_stat_u64(e, field);
		if (v != G_MAXUINT64 && v > than)
			return TRUE;
		g_usleep(5000);
	} while (g_get_monotonic_time() < deadline);
	return FALSE;
}

/* Wait (hang guard @timeout_ms) until the string stats field @field of
 * @e reads @value. */
static inline gboolean gst_test_wait_stat_str(GstElement *e,
                                              const gchar *field,
                                              const gchar *value,
                                              guint timeout_ms)
{
	gint64 deadline = g_get_monotonic_time() +
	                  (gint64)timeout_ms * G_TIME_SPAN_MILLISECOND;
	do {
		GstStructure *st = NULL;
		gboolean ok = FALSE;

		g_object_get(e, "stats", &st, NULL);
		if (st) {
			const gchar *v = gst_structure_get_string(st, field);
			ok = v && g_str_equal(v, value);
			gst_structure_free(st);
		}
		if (ok)
			return TRUE;
		g_usleep(5000);
	} while (g_get_monotonic_time() < deadline);
	return FALSE;
}

/*
 * Wait until @src's link has taken in every frame @sink had sent when
 * none was in flight any more (@sink's frames-sent against @src's
 * link-frames, both counted per 802.11 frame of the link). From then on a
 * clean air brings @src nothing more of what was sent: a negative check
 * ("nothing extra arrives") holds or fails on the counters instead of on
 * how long the test waited. @timeout_ms is a hang guard only.
 */
static inline gboolean gst_test_wait_all_heard(GstElement *sink,
                                               GstElement *src,
                                               guint timeout_ms)
{
	gint64 deadline = g_get_monotonic_time() +
	                  (gint64)timeout_ms * G_TIME_SPAN_MILLISECOND;
	guint64 sent = G_MAXUINT64, heard = G_MAXUINT64;

	for (;;) {
		GstStructure *s = NULL;
		guint in_flight = 1;

		g_object_get(sink, "stats", &s, NULL);
		if (s) {
			gst_structure_get_uint(s, "frames-in-flight", &in_flight);
			gst_structure_get_uint64(s, "frames-sent", &sent);
			gst_structure_free(s);
		}
		if (in_flight == 0 && sent != G_MAXUINT64)
			break;
		if (g_get_monotonic_time() >= deadline)
			return FALSE;
		g_usleep(2000);
	}
	for (;;) {
		gboolean done, late;

		heard = gst_test_stat_u64(src, "link-frames");
		done = heard != G_MAXUINT64 && heard >= sent;
		late = g_get_monotonic_time() >= deadline;
		if (done || late) {
			printf("# link-frames %" G_GUINT64_FORMAT
			       " of %" G_GUINT64_FORMAT " sent\n", heard, sent);
			return done;
		}
		g_usleep(2000);
	}
}

/* A state change run on its own thread so the caller can bound it. */
struct gst_test_state_job_ {
	GstElement *element;
	GstState state;
	GstStateChangeReturn result;
	gboolean done;
	GMutex lock;
	GCond cond;
};

static gpointer gst_test_state_thread_(gpointer data)
{
	struct gst_test_state_job_ *job = data;
	GstStateChangeReturn r = gst_element_set_state(job->element,
	                                               job->state);

	g_mutex_lock(&job->lock);
	job->result = r;
	job->done = TRUE;
	g_cond_signal(&job->cond);
	g_mutex_unlock(&job->lock);
	return NULL;
}

/*
 * gst_element_set_state(@p, @state) that may take at most @timeout_ms;
 * *@elapsed_ms gets how long it took. A change still blocked after the
 * bound is a hang: the test cannot go on (the pipeline is stuck inside
 * the change), so it reports the failure and bails out at once instead
 * of waiting for the meson timeout.
 */
static inline GstStateChangeReturn gst_test_set_state_bounded(
        GstElement *p, GstState state, guint timeout_ms, guint *elapsed_ms)
{
	struct gst_test_state_job_ job = { .element = p, .state = state };
	gint64 start = g_get_monotonic_time();
	gint64 deadline = start + (gint64)timeout_ms *
	                  G_TIME_SPAN_MILLISECOND;
	GThread *thread;

	g_mutex_init(&job.lock);
	g_cond_init(&job.cond);
	thread = g_thread_new("test-set-state", gst_test_state_thread_,
	                      &job);
	g_mutex_lock(&job.lock);
	while (!job.done)
		if (!g_cond_wait_until(&job.cond, &job.lock, deadline))
			break;
	if (!job.done) {
		gchar *what = g_strdup_printf(
		        "%s: change to %s returns within %u ms",
		        GST_OBJECT_NAME(p), gst_element_state_get_name(state),
		        timeout_ms);

		CHECK(0, what);
		g_free(what);
		printf("Bail out! a state change hangs\n");
		fflush(stdout);
		_exit(1);
	}
	g_mutex_unlock(&job.lock);
	g_thread_join(thread);
	g_mutex_clear(&job.lock);
	g_cond_clear(&job.cond);
	if (elapsed_ms)
		*elapsed_ms = (guint)((g_get_monotonic_time() - start) /
		                      G_TIME_SPAN_MILLISECOND);
	return job.result;
}

/* gst-launch-1.0's argv for @pipeline (GST_LAUNCH names the program). */
static inline gchar **gst_test_launch_argv(const gchar *pipeline)
{
	const gchar *launch = g_getenv("GST_LAUNCH");
	gchar **args = NULL, **argv;
	guint n;

	if (!g_shell_parse_argv(pipeline, NULL, &args, NULL))
		return NULL;
	n = g_strv_length(args);
	argv = g_new0(gchar *, n + 2);
	argv[0] = g_strdup(launch ? launch : "gst-launch-1.0");
	for (guint i = 0; i < n; i++)
		argv[i + 1] = g_strdup(args[i]);
	g_strfreev(args);
	return argv;
}

/* The environment for it: ours, with the sanitizer runtimes preloaded
 * when the plugin is instrumented. */
static inline gchar **gst_test_launch_env(void)
{
	const gchar *preload = g_getenv("GST_TEST_SANITIZE_PRELOAD");
	gchar **envp = g_get_environ();

	/* gst-launch-1.0 is not instrumented; its one-time allocations at
	 * exit are not ours. */
	if (preload && *preload) {
		envp = g_environ_setenv(envp, "LD_PRELOAD", preload, TRUE);
		envp = g_environ_setenv(envp, "ASAN_OPTIONS", "detect_leaks=0",
		                        TRUE);
	}
	return envp;
}

/* Sender pipeline properties common to the tests. */
#define GST_TEST_CHANNEL "149"

/*
 * Deterministic test packets: packet i has size 1 + (i * size_step) %
 * max_size and xorshift content seeded by seed * (i + seed_offset); every
 * marker_every-th one ends a "video frame" (MARKER set), which closes the
 * sender's FEC block.
 */
struct gst_test_packets {
	guint size_step;
	guint max_size;
	guint32 seed;
	guint seed_offset;
	guint marker_every;
};

static inline gsize gst_test_packet_size(const struct gst_test_packets *pk,
                                         guint i)
{
	return 1 + (i * pk->size_step) % pk->max_size;
}

static inline void gst_test_packet_fill(const struct gst_test_packets *pk,
                                        guint8 *p, gsize len, guint i)
{
	guint32 x = pk->seed * (i + pk->seed_offset);

	for (gsize j = 0; j < len; j++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		p[j] = (guint8)x;
	}
}

static inline GstBuffer *gst_test_packet_make(
        const struct gst_test_packets *pk, guint i)
{
	gsize len = gst_test_packet_size(pk, i);
	GstBuffer *buf = gst_buffer_new_allocate(NULL, len, NULL);
	GstMapInfo map;

	gst_buffer_map(buf, &map, GST_MAP_WRITE);
	gst_test_packet_fill(pk, map.data, len, i);
	gst_buffer_unmap(buf, &map);
	if (pk->marker_every && i % pk->marker_every == pk->marker_every - 1)
		GST_BUFFER_FLAG_SET(buf, GST_BUFFER_FLAG_MARKER);
	return buf;
}

/* Is @buf exactly packet @i (size and every byte)? */
static inline gboolean gst_test_packet_matches(
        const struct gst_test_packets *pk, GstBuffer *buf, guint i)
{
	gsize len = gst_test_packet_size(pk, i);
	guint8 *want = g_malloc(len);
	GstMapInfo map;
	gboolean ok;

	gst_test_packet_fill(pk, want, len, i);
	gst_buffer_map(buf, &map, GST_MAP_READ);
	ok = map.size == len && memcmp(map.data, want, len) == 0;
	gst_buffer_unmap(buf, &map);
	g_free(want);
	return ok;
}

/*
 * A devourersrc on @device in a harness, on its own bus (*@bus), playing
 * on @channel with the receiver key. NULL when it does not reach PLAYING:
 * the messages saying why are printed and the failure checked as @what.
 */
static inline GstHarness *gst_test_src_harness(
        const struct gst_test_env *env, const gchar *device, guint channel,
        guint fec_timeout_ms, GstBus **bus, const gchar *what)
{
	GstHarness *h = gst_harness_new("devourersrc");

	g_object_set(h->element, "device", device, "channel", channel,
	             "key-file", env->gs_key, "fec-timeout", fec_timeout_ms,
	             NULL);
	/* The same test once more with the src's driver thread receiving
	 * instead of its streaming thread (tests/gst/meson.build runs it
	 * so with GST_TEST_SRC_STREAMING_RX=0). */
	if (g_getenv("GST_TEST_SRC_STREAMING_RX"))
		g_object_set(h->element, "streaming-rx",
		             atoi(g_getenv("GST_TEST_SRC_STREAMING_RX")) != 0,
		             NULL);
	*bus = gst_bus_new();
	gst_element_set_bus(h->element, *bus);
	if (gst_element_set_state(h->element, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(*bus, 0, NULL);
		CHECK(0, what);
		return NULL;
	}
	return h;
}

/*
 * A devourersink on @device (sender key, no clock sync, 5 ms FEC
 * timeout, then the NULL-terminated property list after @what) in a
 * harness, on its own bus (*@bus). A harness plays a sink as soon as it
 * wraps it, so the element is configured and started first and a failure
 * is reported (as @what, with the bus messages) rather than asserted;
 * NULL then.
 */
static inline GstHarness *gst_test_sink_harness_with(
        const struct gst_test_env *env, const gchar *device, guint channel,
        GstBus **bus, const gchar *what, const gchar *first_prop, ...)
{
	GstElement *sink = gst_element_factory_make("devourersink", NULL);
	GstHarness *h;
	va_list ap;

	g_object_set(sink, "device", device, "channel", channel,
	             "key-file", env->drone_key, "sync", FALSE,
	             "fec-timeout", 5, "async", FALSE, NULL);
	if (first_prop) {
		va_start(ap, first_prop);
		g_object_set_valist(G_OBJECT(sink), first_prop, ap);
		va_end(ap);
	}
	*bus = gst_bus_new();
	gst_element_set_bus(sink, *bus);
	if (gst_element_set_state(sink, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(*bus, 0, NULL);
		CHECK(0, what);
		gst_object_unref(sink);
		return NULL;
	}
	h = gst_harness_new_with_element(sink, "sink", NULL);
	gst_object_unref(sink);
	gst_harness_set_src_caps_str(h, "application/x-devourer-test");
	return h;
}

static inline GstHarness *gst_test_sink_harness(
        const struct gst_test_env *env, const gchar *device, guint channel,
        GstBus **bus, const gchar *what)
{
	return gst_test_sink_harness_with(env, device, channel, bus, what,
	                                  NULL);
}

/*
 * Pull up to @n buffers from @hs for at most @timeout_s, comparing each
 * with the next expected packet; *@exact counts the matching ones and
 * *@first_pts (if given) whether the first one carried a timestamp.
 * Returns how many arrived.
 */
static inline guint gst_test_pull_packets(GstHarness *hs,
                                          const struct gst_test_packets *pk,
                                          guint n, guint timeout_s,
                                          guint *exact, gboolean *first_pts)
{
	gint64 deadline = g_get_monotonic_time() +
	                  (gint64)timeout_s * G_TIME_SPAN_SECOND;
	guint received = 0;

	*exact = 0;
	while (received < n && g_get_monotonic_time() < deadline) {
		GstBuffer *b = gst_harness_try_pull(hs);

		if (!b) {
			g_usleep(2000);
			continue;
		}
		if (gst_test_packet_matches(pk, b, received))
			(*exact)++;
		else
			printf("# packet %u differs (size %zu)\n", received,
			       gst_buffer_get_size(b));
		if (received == 0 && first_pts)
			*first_pts = GST_BUFFER_PTS_IS_VALID(b);
		received++;
		gst_buffer_unref(b);
	}
	return received;
}

#endif /* DVR_GST_TEST_COMMON_H */
