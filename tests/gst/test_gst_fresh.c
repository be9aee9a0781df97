/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Freshness over the uplink, with the elements as a pilot runs them: the
 * ground (this process) receives video on radio port 0 and sends its
 * uplink on port 144; the drone is another process (gst-launch-1.0) that
 * sends on port 0 and receives on port 144. A bystander records an
 * earlier drone run and plays it back at the freshly started ground:
 * nothing of it is delivered (session-unproven counts it). A drone that
 * does not hear the uplink is not followed either, and a session-unproven
 * warning says why. The drone that hears it is followed, and the
 * recording played again meanwhile delivers nothing. A ground src with
 * freshness=false, which keeps the one-way rules, delivers the same
 * recording: what docs/reliability.md says a link without an uplink
 * cannot prevent.
 */
#include <signal.h>
#include <sys/wait.h>

#include "gst_air_capture.h"
#include "gst_test_common.h"

#define CHANNEL 149
#define UPLINK_PORT 144
#define DEADLINE_S 60
#define RECORDED 300
/* The earlier run's packets, as its sink sent them. */
static const struct gst_test_packets earlier = {7, 900, 11, 0, 4};

static gboolean from_recording(GstBuffer *b)
{
	for (guint i = 0; i < RECORDED; i++)
		if (gst_test_packet_matches(&earlier, b, i))
			return TRUE;
	return FALSE;
}

/* What came out of a ground src: how many buffers, how many of them the
 * recording's. */
struct tally {
	guint buffers, recorded;
};

static void pull_all(GstHarness *h, struct tally *t)
{
	GstBuffer *b;

	while ((b = gst_harness_try_pull(h)) != NULL) {
		t->buffers++;
		t->recorded += from_recording(b);
		gst_buffer_unref(b);
	}
}

/* Pull from @h until @done says so (or the hang guard), draining @bus
 * into @msgs. */
static void pull_until(GstHarness *h, struct tally *t, GstBus *bus,
                       GPtrArray *msgs, gboolean (*done)(GstHarness *,
                                                         struct tally *))
{
	gint64 deadline = g_get_monotonic_time() +
	                  DEADLINE_S * G_TIME_SPAN_SECOND;

	do {
		pull_all(h, t);
		gst_test_drain_bus(bus, 20, msgs);
	} while (!done(h, t) && g_get_monotonic_time() < deadline);
}

/* The drone: video down on port 0, the uplink heard on @uplink_port. The
 * uplink's branch may carry nothing for a long while: its sink must not
 * wait to preroll (async=false), or the whole pipeline, the video sink
 * with it, never reaches PLAYING. */
static GPid start_drone(const struct gst_test_env *env, guint uplink_port)
{
	gchar *pipeline = g_strdup_printf(
	        "audiotestsrc is-live=true samplesperbuffer=160 ! "
	        "audio/x-raw,format=S16LE,rate=8000,channels=1 ! "
	        "devourersink device=virtual:fr-live channel=%u key-file=%s "
	        "sync=false "
	        "devourersrc device=virtual:fr-live channel=%u key-file=%s "
	        "radio-port=%u ! fakesink async=false", CHANNEL, env->drone_key,
	        CHANNEL,
	        env->drone_key, uplink_port);
	gchar **argv = gst_test_launch_argv(pipeline);
	gchar **envp = gst_test_launch_env();
	GPid pid = 0;

	if (!g_spawn_async(NULL, argv, envp,
	                   G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD |
	                   G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, &pid, NULL))
		pid = 0;
	g_strfreev(argv);
	g_strfreev(envp);
	g_free(pipeline);
	return pid;
}

static void stop_drone(GPid pid)
{
	gint status;

	if (pid == 0)
		return;
	kill(pid, SIGINT);
	waitpid(pid, &status, 0);
	g_spawn_close_pid(pid);
}

static guint64 heard_frames;

static gboolean replay_heard(GstHarness *h, struct tally *t)
{
	(void)t;
	return gst_test_stat_u64(h->element, "link-frames") >= heard_frames;
}

static GPtrArray *msgs_seen;

static gboolean unproven_warned(GstHarness *h, struct tally *t)
{
	(void)h;
	(void)t;
	return gst_test_find_warning(msgs_seen, "session-unproven") != NULL;
}

static gboolean live_flows(GstHarness *h, struct tally *t)
{
	(void)h;
	return t->buffers >= 200;
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	struct capture cap = {0};
	struct dvr_config scfg = {.on_rx = capture_rx, .user = &cap};
	struct dvr_channel sch = {.channel = CHANNEL, .bw_mhz = 20};
	dvr_device *spy = NULL;
	GstHarness *hsrc = NULL, *hup = NULL, *hsink, *hone = NULL;
	GstBus *bus_rx = NULL, *bus_up = NULL, *bus_tx, *bus_one = NULL;
	struct tally t = {0}, t_one = {0};
	GPid drone = 0;
	guint sent;

	gst_test_setup(&env, &argc, &argv);
	msgs_seen = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	g_mutex_init(&cap.lock);
	if (!CHECK(dvr_open("virtual:fr-spy", &scfg, &spy) == DVR_OK &&
	           dvr_start(spy, &sch) == DVR_OK,
	           "the bystander's adapter comes up"))
		goto out;

	/* An earlier run of the drone, recorded; no ground hears it. */
	capture_set(&cap, TRUE);
	hsink = gst_test_sink_harness(&env, "virtual:fr-drone", CHANNEL,
	                              &bus_tx, "the earlier run plays");
	if (!hsink)
		goto out;
	for (guint i = 0; i < RECORDED; i++)
		gst_harness_push(hsink, gst_test_packet_make(&earlier, i));
	gst_harness_teardown(hsink);
	gst_object_unref(bus_tx);
	capture_set(&cap, FALSE);
	CHECK(capture_count(&cap) >= RECORDED, "the bystander recorded it");

	/* The ground starts: video src, and its uplink sink (no data: it
	 * announces its session, and with it the challenge). */
	hsrc = gst_test_src_harness(&env, "virtual:fr-ground", CHANNEL, 20,
	                            &bus_rx, "the ground's src plays");
	hup = gst_test_sink_harness_with(&env, "virtual:fr-ground", CHANNEL,
	                                 &bus_up, "the ground's uplink plays",
	                                 "key-file", env.gs_key, "radio-port",
	                                 UPLINK_PORT, NULL);
	if (!hsrc || !hup)
		goto out;
	CHECK(gst_test_wait_stat_above(hup->element, "session-frames", 0,
	                               DEADLINE_S * 1000),
	      "the uplink announces its session");

	/* The recording, heard before any live drone. */
	heard_frames = gst_test_stat_u64(hsrc->element, "link-frames");
	sent = capture_replay(spy, &cap, -1);
	heard_frames += sent;
	pull_until(hsrc, &t, bus_rx, msgs_seen, replay_heard);
	printf("# replayed %u frames; ground: link-frames %" G_GUINT64_FORMAT
	       ", session-unproven %" G_GUINT64_FORMAT "\n", sent,
	       gst_test_stat_u64(hsrc->element, "link-frames"),
	       gst_test_stat_u64(hsrc->element, "session-unproven"));
	CHECK(replay_heard(hsrc, &t), "the ground heard the replay");
	CHECK_EQ_INT(t.buffers, 0, "a fresh ground with an uplink delivers "
	             "nothing of a recording heard first");
	CHECK(gst_test_stat_u64(hsrc->element, "session-unproven") > 0,
	      "its sessions count as session-unproven");
	{
		GstStructure *s = NULL;
		gboolean proof = FALSE;

		g_object_get(hsrc->element, "stats", &s, NULL);
		if (s) {
			gst_structure_get_boolean(s, "uplink-proof", &proof);
			gst_structure_free(s);
		}
		CHECK(proof, "stats: uplink-proof (a sink carries the "
		      "challenge)");
	}

	/* A drone that does not hear the uplink (its src on another port):
	 * never followed, and the warning names why. */
	drone = start_drone(&env, UPLINK_PORT + 1);
	if (!CHECK(drone != 0, "a drone deaf to the uplink starts"))
		goto out;
	pull_until(hsrc, &t, bus_rx, msgs_seen, unproven_warned);
	CHECK(unproven_warned(hsrc, &t), "a session-unproven warning");
	CHECK_EQ_INT(t.buffers, 0, "... and nothing delivered");
	CHECK(gst_test_find_warning(msgs_seen, "auth-failed") == NULL,
	      "no warning blames the key");
	stop_drone(drone);

	/* The drone that hears the uplink: followed. */
	drone = start_drone(&env, UPLINK_PORT);
	if (!CHECK(drone != 0, "the live drone starts"))
		goto out;
	pull_until(hsrc, &t, bus_rx, msgs_seen, live_flows);
	CHECK(t.buffers >= 200, "the live drone is followed");
	/* The recording again, into the live stream. */
	heard_frames = gst_test_stat_u64(hsrc->element, "link-frames") +
	               capture_replay(spy, &cap, -1);
	pull_until(hsrc, &t, bus_rx, msgs_seen, replay_heard);
	pull_all(hsrc, &t);
	CHECK_EQ_INT(t.recorded, 0, "not one packet of the recording, ever");
	CHECK_EQ_INT(gst_test_stat_u64(hsrc->element, "session-takeovers"), 0,
	             "the recording displaced nothing");
	stop_drone(drone);
	drone = 0;

	/* The one-way rules, for contrast: the same recording at a fresh
	 * src without freshness is delivered. */
	hone = gst_harness_new("devourersrc");
	g_object_set(hone->element, "device", "virtual:fr-oneway", "channel",
	             CHANNEL, "key-file", env.gs_key, "fec-timeout", 20,
	             "freshness", FALSE, NULL);
	bus_one = gst_bus_new();
	gst_element_set_bus(hone->element, bus_one);
	if (!CHECK(gst_element_set_state(hone->element, GST_STATE_PLAYING) !=
	           GST_STATE_CHANGE_FAILURE, "a src with freshness=false"))
		goto out;
	heard_frames = gst_test_stat_u64(hone->element, "link-frames") +
	               capture_replay(spy, &cap, -1);
	pull_until(hone, &t_one, bus_one, NULL, replay_heard);
	pull_all(hone, &t_one);
	printf("# freshness=false delivered %u of the recording's %u\n",
	       t_one.recorded, RECORDED);
	CHECK(t_one.recorded > 0, "freshness=false: the recording is "
	      "delivered (the one-way limit)");

out:
	stop_drone(drone);
	if (hone) {
		gst_harness_teardown(hone);
		gst_object_unref(bus_one);
	}
	if (hup) {
		gst_harness_teardown(hup);
		gst_object_unref(bus_up);
	}
	if (hsrc) {
		gst_harness_teardown(hsrc);
		gst_object_unref(bus_rx);
	}
	dvr_close(spy);
	capture_clear(&cap);
	g_mutex_clear(&cap.lock);
	g_ptr_array_unref(msgs_seen);
	gst_test_teardown(&env);
	return check_done();
}
