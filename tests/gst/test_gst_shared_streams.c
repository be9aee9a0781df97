/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Streams sharing an adapter (dvr_share), elements in harnesses:
 *  - two streams each way on one adapter per side (video and telemetry
 *    down, the same up), with seeded loss at both receivers: every stream
 *    byte-exact (FEC repairs), each src counts only its own packets and
 *    hears no "other port" (the other streams are the other elements'),
 *    each sink counts its own frames and the adapter's total is their
 *    sum; one element per side brought the adapter up, three joined.
 * (The adapter's channel: test_gst_shared_channel, a process of its own:
 * a src started after these would run on a pooled streaming thread of
 * theirs, a hand-off inside GStreamer that TSan cannot follow.)
 */
#include "gst_shared_common.h"

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
		/* Interleaved, as a drone sends video and telemetry. Each
		 * stream runs at most one FEC block (k packets) ahead of what
		 * its receiver has taken: a receiving host that falls behind
		 * the air loses frames in the adapter's RX FIFO, on the chip
		 * as in its model, and this test is about which element gets
		 * which stream, not how fast a loaded host drains the air. A
		 * block's worth ahead still lets the sender close every block
		 * (its parity repairs what the air lost). */
		for (guint i = 0; i < N_VIDEO; i++)
			for (guint s = 0; s < 4; s++) {
				GstElement *rx = st[s].rx->element;
				guint64 behind = i + 1 > st[s].k
				                         ? i + 1 - st[s].k : 0;

				if (i >= st[s].count)
					continue;
				WAIT_UNTIL(gst_test_stat_u64(rx,
				                 "packets-received") >= behind,
				           10000);
				gst_harness_push(st[s].tx,
				        gst_test_packet_make(st[s].pk, i));
			}
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

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	test_two_streams_each_way(&env);
	gst_test_teardown(&env);
	return check_done();
}
