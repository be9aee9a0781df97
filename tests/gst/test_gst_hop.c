/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A hopping pair (hop-channels) in one process: the ground's devourersrc
 * starts first and parks on its channel knowing nothing of the drone; the
 * drone's devourersink then walks the keyed schedule over four channels.
 * The ground finds it from cold (its first marker), follows it slot by
 * slot — every packet pushed while it hops arrives byte-exact and in
 * order, and the drone's slots visited every channel of the set —, loses
 * it when the drone goes away (two rounds without a marker) and finds a
 * new drone again. The ground's 'channel' property stays what it was
 * asked: the hops are in its stats.
 */
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>

#include "gst_test_common.h"

#define HOP_SET "36,40,44,48"
#define N_CHANNELS 4
#define CHUNKS 12
#define PER_CHUNK 20
/* Long enough for a full channel set of the default virtual chip, which
 * recalibrates on every set until hops are made without it. */
#define DWELL_MS 100

static const struct gst_test_packets packets = {
	.size_step = 7919, .max_size = 1200, .seed = 0x48305050u,
	.seed_offset = 3, .marker_every = 5,
};

static gchar *stat_str(GstElement *e, const gchar *field)
{
	GstStructure *st = NULL;
	gchar *v = NULL;

	g_object_get(e, "stats", &st, NULL);
	if (st) {
		v = g_strdup(gst_structure_get_string(st, field));
		gst_structure_free(st);
	}
	return v;
}

/* @field of @e's stats as a boolean: 0, 1, or -1 when absent. */
static int stat_bool(GstElement *e, const gchar *field)
{
	GstStructure *st = NULL;
	gboolean v = FALSE;
	int r = -1;

	g_object_get(e, "stats", &st, NULL);
	if (st) {
		if (gst_structure_get_boolean(st, field, &v))
			r = v ? 1 : 0;
		gst_structure_free(st);
	}
	return r;
}

/* May a thread of this process take real-time FIFO priority 10 (or the
 * RLIMIT_RTPRIO below it)? Asked of a thread of its own, which ends. */
static void *try_fifo(void *arg)
{
	struct sched_param sp = {.sched_priority = 10};
	struct rlimit rl;

	if (getrlimit(RLIMIT_RTPRIO, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur > 0 && rl.rlim_cur < 10)
		sp.sched_priority = (int)rl.rlim_cur;
	*(int *)arg = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp) == 0;
	return NULL;
}

static int process_may_realtime(void)
{
	pthread_t t;
	int may = -1;

	if (pthread_create(&t, NULL, try_fifo, &may) == 0)
		pthread_join(t, NULL);
	return may;
}

static GstHarness *ground_harness(const struct gst_test_env *env, GstBus **bus)
{
	GstHarness *h = gst_harness_new("devourersrc");

	g_object_set(h->element, "device", "virtual:ground", "channel", 36,
	             "key-file", env->gs_key, "fec-timeout", 40,
	             "hop-channels", HOP_SET, "hop-dwell", DWELL_MS, NULL);
	*bus = gst_bus_new();
	gst_element_set_bus(h->element, *bus);
	if (gst_element_set_state(h->element, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(*bus, 0, NULL);
		return NULL;
	}
	return h;
}

/* Push CHUNKS chunks of packets, each at the start of a new slot of the
 * drone (waiting for its hop-slot to move on), noting the channels its
 * slots were on. Returns the packets pushed. */
static guint push_over_slots(GstHarness *ht, guint first, guint *seen)
{
	guint pushed = 0;

	for (guint c = 0; c < CHUNKS; c++) {
		guint64 slot = gst_test_stat_u64(ht->element, "hop-slot");

		if (!gst_test_wait_stat_above(ht->element, "hop-slot", slot,
		                              10 * DWELL_MS))
			break;
		guint ch = gst_test_stat_uint(ht->element, "hop-channel");
		for (guint i = 0; i < N_CHANNELS; i++)
			if (ch == 36 + 4 * i)
				*seen |= 1u << i;
		for (guint i = 0; i < PER_CHUNK; i++) {
			GstBuffer *pkt = gst_test_packet_make(&packets,
			                                      first + pushed);
			if (gst_harness_push(ht, pkt) != GST_FLOW_OK)
				return pushed;
			pushed++;
		}
	}
	return pushed;
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstBus *bus_rx, *bus_tx, *bus_tx2;
	guint exact = 0, seen = 0;

	gst_test_setup(&env, &argc, &argv);
	GstHarness *hs = ground_harness(&env, &bus_rx);
	if (!CHECK(hs != NULL, "the ground starts hopping")) {
		gst_test_teardown(&env);
		return check_done();
	}
	gchar *st = stat_str(hs->element, "hop-state");
	CHECK(st && g_str_equal(st, "acquiring"),
	      "with no drone yet the ground is acquiring");
	g_free(st);

	GstHarness *ht = gst_test_sink_harness_with(&env, "virtual:drone", 36,
	        &bus_tx, "the drone starts hopping", "hop-channels", HOP_SET,
	        "hop-dwell", DWELL_MS, NULL);
	if (!ht) {
		gst_test_teardown(&env);
		return check_done();
	}
	CHECK(gst_test_wait_stat_str(hs->element, "hop-state", "tracking",
	                 4 * N_CHANNELS * DWELL_MS + 5000),
	      "cold start: the ground finds the drone and tracks it");
	CHECK(gst_test_stat_u64(hs->element, "hop-acquisitions") == 1,
	      "found once");
	/* the video session comes once a round, and the estimate of the
	 * drone's slots settles over a few markers: both before the
	 * packets that must all arrive */
	CHECK(gst_test_wait_stat_above(hs->element, "sessions", 0,
	                               4 * N_CHANNELS * DWELL_MS + 5000),
	      "the ground has the drone's session");
	CHECK(gst_test_wait_stat_above(hs->element, "hop-markers-heard",
	                               2 * N_CHANNELS,
	                               4 * N_CHANNELS * DWELL_MS + 5000),
	      "and has heard two rounds of markers");

	guint pushed = push_over_slots(ht, 0, &seen);
	CHECK_EQ_INT(pushed, CHUNKS * PER_CHUNK,
	             "packets pushed over 12 slots");
	CHECK_EQ_INT(seen, (1u << N_CHANNELS) - 1,
	             "the drone's slots visited every channel of the set");
	CHECK(gst_harness_push_event(ht, gst_event_new_eos()),
	      "EOS flushes the last FEC block");
	guint got = gst_test_pull_packets(hs, &packets, pushed, 20, &exact,
	                                  NULL);
	CHECK_EQ_INT(got, pushed, "every packet sent while hopping arrives");
	CHECK_EQ_INT(exact, pushed, "byte-exact and in order");
	{
		int may = process_may_realtime();

		CHECK_EQ_INT(stat_bool(hs->element, "hop-realtime"), may,
		             "the ground's hop thread is real-time exactly "
		             "when the process may have one");
		CHECK_EQ_INT(stat_bool(ht->element, "hop-realtime"), may,
		             "the drone's too");
		printf("# hop threads real-time: %s; woken at most %"
		       G_GUINT64_FORMAT " us (ground), %" G_GUINT64_FORMAT
		       " us (drone) after their time\n", may ? "yes" : "no",
		       gst_test_stat_u64(hs->element, "hop-late-us-max"),
		       gst_test_stat_u64(ht->element, "hop-late-us-max"));
	}
	CHECK(gst_test_stat_u64(hs->element, "hops") >= CHUNKS / 2,
	      "the ground retuned with the drone");
	CHECK_EQ_INT(gst_test_stat_u64(hs->element, "hop-markers-refused"), 0,
	             "no marker refused");
	guint chan = 0;
	g_object_get(hs->element, "channel", &chan, NULL);
	CHECK_EQ_INT(chan, 36, "the ground's channel property stays 36");

	/* The drone goes: two rounds without a marker and the ground parks. */
	gst_harness_teardown(ht);
	CHECK(gst_test_wait_stat_str(hs->element, "hop-state", "acquiring",
	                 4 * N_CHANNELS * DWELL_MS + 5000),
	      "the ground notices the drone is gone");
	CHECK(gst_test_stat_u64(hs->element, "hop-losses") == 1, "lost once");

	/* A new drone (a new epoch): found again, packets flow again. */
	ht = gst_test_sink_harness_with(&env, "virtual:drone2", 36, &bus_tx2,
	        "the second drone starts hopping", "hop-channels", HOP_SET,
	        "hop-dwell", DWELL_MS, NULL);
	if (ht) {
		CHECK(gst_test_wait_stat_str(hs->element, "hop-state", "tracking",
		                 4 * N_CHANNELS * DWELL_MS + 5000),
		      "the ground finds the second drone");
		CHECK(gst_test_stat_u64(hs->element, "hop-acquisitions") == 2,
		      "found twice in all");
		gst_harness_teardown(ht);
		gst_test_drain_bus(bus_tx2, 0, NULL);
		gst_object_unref(bus_tx2);
	}

	gst_harness_teardown(hs);
	guint errors = gst_test_drain_bus(bus_rx, 0, NULL) +
	               gst_test_drain_bus(bus_tx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "no error message");
	gst_object_unref(bus_rx);
	gst_object_unref(bus_tx);
	gst_test_teardown(&env);
	return check_done();
}
