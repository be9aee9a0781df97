/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Chip time on devourersrc's buffers (gst/gstdevourerrxmeta.h), read as
 * an application reads it, through gst_buffer_get_devourer_rx_meta():
 *  - every buffer carries a GstDevourerRxMeta with a TSF, the channel,
 *    its frequency and the adapter that heard it;
 *  - the TSF rises strictly over the stream (a lossless air: each packet
 *    arrived in a frame of its own, after the one before);
 *  - the adapter's tsf-first / tsf-last in 'stats' bracket them (they
 *    count every frame of the link, the session packets before the
 *    first data too);
 *  - "equal on both chains": two devourersrc sharing ONE adapter receive
 *    the same packets, each with the same TSF in both (one chip, one
 *    counter, one frame);
 *  - devourersink's 'stats' carry its chip's TSF now (dvr_get_tsf), which
 *    rises from one read to the next.
 */
#include "gst_shared_common.h"

#include "gst/gstdevourerrxmeta.h"

#define N_PACKETS 120

/* What one src's buffers said. */
struct seen {
	guint count, exact, with_meta, with_tsf, right_channel;
	gboolean rising;
	guint64 tsf[N_PACKETS];
	guint adapter_max;
};

static void pull_all(GstHarness *h, struct seen *s)
{
	gint64 deadline = g_get_monotonic_time() + 30 * G_TIME_SPAN_SECOND;

	s->rising = TRUE;
	while (s->count < N_PACKETS && g_get_monotonic_time() < deadline) {
		GstBuffer *b = gst_harness_try_pull(h);
		GstDevourerRxMeta *m;

		if (!b) {
			g_usleep(2000);
			continue;
		}
		if (gst_test_packet_matches(&video, b, s->count))
			s->exact++;
		m = gst_buffer_get_devourer_rx_meta(b);
		if (m) {
			s->with_meta++;
			if (m->has_tsf)
				s->with_tsf++;
			if (m->channel == 149 && m->frequency == 5745)
				s->right_channel++;
			s->adapter_max = MAX(s->adapter_max, m->adapter);
			s->tsf[s->count] = m->tsf;
			if (s->count > 0 && m->tsf <= s->tsf[s->count - 1]) {
				printf("# packet %u: TSF %" G_GUINT64_FORMAT
				       " after %" G_GUINT64_FORMAT "\n",
				       s->count, m->tsf, s->tsf[s->count - 1]);
				s->rising = FALSE;
			}
		}
		s->count++;
		gst_buffer_unref(b);
	}
}

/* The first local adapter's tsf-first and tsf-last in @src's stats. */
static gboolean adapter_tsf(GstElement *src, guint64 *first, guint64 *last)
{
	GstStructure *st = NULL;
	const GValue *adapters, *a0;
	gboolean ok = FALSE;

	g_object_get(src, "stats", &st, NULL);
	if (!st)
		return FALSE;
	adapters = gst_structure_get_value(st, "adapters");
	if (adapters && gst_value_array_get_size(adapters) > 0) {
		a0 = gst_value_array_get_value(adapters, 0);
		ok = gst_structure_get_uint64(gst_value_get_structure(a0),
		                              "tsf-first", first) &&
		     gst_structure_get_uint64(gst_value_get_structure(a0),
		                              "tsf-last", last);
	}
	gst_structure_free(st);
	return ok;
}

static guint64 sink_tsf(GstElement *sink)
{
	return gst_test_stat_u64(sink, "tsf");
}

static void test_tsf(const struct gst_test_env *env)
{
	const gchar *ground = "virtual:tsfg";
	GstHarness *rx[2] = { NULL, NULL }, *tx = NULL;
	GstBus *rx_bus[2] = { NULL, NULL }, *tx_bus = NULL;
	struct seen s[2];
	struct tally t = { 0 };

	memset(s, 0, sizeof s);
	/* receivers first, so they hear the sender's first session */
	rx[0] = src_on(env, ground, 0, &rx_bus[0], "first src plays");
	if (rx[0])
		rx[1] = src_on(env, ground, 0, &rx_bus[1], "second src plays");
	if (rx[1])
		tx = sink_on(env, "virtual:tsfd", 0, 8, 12, &tx_bus,
		             "sink plays");
	if (!tx)
		goto out;

	{
		guint64 a = sink_tsf(tx->element), b;

		/* Its chip's counter runs: wait until a later read moved. */
		WAIT_UNTIL((b = sink_tsf(tx->element)) > a, 5000);
		CHECK(a > 0 && b > a, "devourersink stats: tsf, the chip's TSF "
		      "now, rises from one read to the next");
	}

	/* At most one FEC block ahead of the receivers (the test is about
	 * time stamps, not how fast a loaded host drains the air). */
	for (guint i = 0; i < N_PACKETS; i++) {
		guint64 behind = i + 1 > 8 ? i + 1 - 8 : 0;

		WAIT_UNTIL(gst_test_stat_u64(rx[0]->element,
		                             "packets-received") >= behind &&
		           gst_test_stat_u64(rx[1]->element,
		                             "packets-received") >= behind,
		           10000);
		gst_harness_push(tx, gst_test_packet_make(&video, i));
	}
	gst_harness_push_event(tx, gst_event_new_eos());

	for (guint r = 0; r < 2; r++) {
		const gchar *who = r == 0 ? "first src" : "second src";
		gchar *what;

		pull_all(rx[r], &s[r]);
		what = g_strdup_printf("%s: every packet, byte-exact (%u of %u "
		                       "arrived)", who, s[r].count, N_PACKETS);
		CHECK_EQ_INT(s[r].exact, N_PACKETS, what);
		g_free(what);
		what = g_strdup_printf("%s: every buffer carries the meta, with "
		                       "a TSF", who);
		CHECK(s[r].with_meta == s[r].count && s[r].with_tsf == s[r].count,
		      what);
		g_free(what);
		what = g_strdup_printf("%s: channel 149 at 5745 MHz, adapter 0 "
		                       "in the meta", who);
		CHECK(s[r].right_channel == s[r].count && s[r].adapter_max == 0,
		      what);
		g_free(what);
		what = g_strdup_printf("%s: the TSF rises strictly over the "
		                       "stream", who);
		CHECK(s[r].rising && s[r].count == N_PACKETS, what);
		g_free(what);
	}

	if (s[0].count == N_PACKETS && s[1].count == N_PACKETS) {
		guint equal = 0;

		for (guint i = 0; i < N_PACKETS; i++)
			equal += s[0].tsf[i] == s[1].tsf[i];
		printf("# TSF of the first packet %" G_GUINT64_FORMAT
		       ", the last %" G_GUINT64_FORMAT " us\n", s[0].tsf[0],
		       s[0].tsf[N_PACKETS - 1]);
		CHECK_EQ_INT(equal, N_PACKETS, "equal on both chains: each "
		             "packet's TSF is the same in both srcs of the "
		             "shared adapter");

		for (guint r = 0; r < 2; r++) {
			guint64 first = 0, last = 0;
			gboolean ok = adapter_tsf(rx[r]->element, &first,
			                          &last);

			printf("# src %u: tsf-first %" G_GUINT64_FORMAT
			       ", tsf-last %" G_GUINT64_FORMAT "\n", r, first,
			       last);
			CHECK(ok && first > 0 && first <= s[r].tsf[0] &&
			      last >= s[r].tsf[N_PACKETS - 1] &&
			      last - first < 60 * G_USEC_PER_SEC,
			      r == 0 ? "first src stats: tsf-first / tsf-last "
			               "bracket the buffers' TSFs"
			             : "second src stats: tsf-first / tsf-last "
			               "bracket the buffers' TSFs");
		}
	}

out:
	for (guint r = 0; r < 2; r++)
		if (rx_bus[r])
			tally_bus(rx_bus[r], NULL, &t);
	if (tx_bus)
		tally_bus(tx_bus, NULL, &t);
	CHECK_EQ_INT(t.errors, 0, "no error on any bus");
	if (tx)
		gst_harness_teardown(tx);
	for (guint r = 0; r < 2; r++) {
		if (rx[r])
			gst_harness_teardown(rx[r]);
		if (rx_bus[r])
			gst_object_unref(rx_bus[r]);
	}
	if (tx_bus)
		gst_object_unref(tx_bus);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	test_tsf(&env);
	gst_test_teardown(&env);
	return check_done();
}
