/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink adapt=true on recorded feedback: this test plays the
 * ground's feedback (records sealed with the ground's key on port 254,
 * from a share of the ground's adapter, as a devourersrc with
 * feedback-interval sends them) while the sink streams packets to a real
 * devourersrc. A strong link takes the sink to the built-in ladder's
 * fastest row, a fade to its slowest at once, silence to the fallback
 * row after a second of records saying the ground heard nothing; each
 * change is a devourer-link-profile message, and the sink's
 * mcs / fec-k / fec-n read back the row. A record asking for a keyframe
 * sends GstVideo's upstream force-key-unit event. Across every change
 * the ground gets every packet, byte for byte and in order: no packet is
 * lost to a change. A record that is not one is counted, not obeyed.
 */
#include <gst/video/video-event.h>

#include "gst_feedback_player.h"

#define CHANNEL 36

static const struct gst_test_packets packets = {53, 1300, 9, 0, 6};

struct run {
	GstHarness *hs, *ht;
	GstBus *bus_tx;
	GPtrArray *msgs;
	guint pushed, received, exact;
};

/* Pull what the ground delivered, checking each against the next
 * expected packet. */
static void pull(struct run *r)
{
	GstBuffer *b;
	while ((b = gst_harness_try_pull(r->hs)) != NULL) {
		r->exact += gst_test_packet_matches(&packets, b, r->received);
		r->received++;
		gst_buffer_unref(b);
	}
}

/* Stream for @ms: packets every 10 ms, a record with @snr / @rssi every
 * 100 ms (a silent one when @snr is G_MININT), bus messages collected. */
static void stream(struct run *r, guint ms, gint snr, gint rssi, guint8 flags)
{
	for (guint t = 0; t < ms; t += 10) {
		if (t % 100 == 0 && snr != G_MININT)
			fb_player_send(2, snr, rssi, flags);
		else if (t % 100 == 0)
			fb_player_send(0, 0, 0, DVR_LINK_FEEDBACK_SILENT);
		for (guint i = 0; i < 3; i++)
			gst_harness_push(r->ht,
			                 gst_test_packet_make(&packets,
			                                      r->pushed++));
		pull(r);
		gst_test_drain_bus(r->bus_tx, 10, r->msgs);
	}
}

/* The last devourer-link-profile message whose "why" is @why, at or
 * after index *@from (advanced past it); NULL if none yet. */
static const GstStructure *profile_msg(struct run *r, const gchar *why,
                                       guint *from)
{
	const GstStructure *found = NULL;
	for (guint i = *from; i < r->msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(r->msgs, i);
		const GstStructure *s = gst_message_get_structure(m);
		if (GST_MESSAGE_TYPE(m) != GST_MESSAGE_ELEMENT || !s ||
		    !gst_structure_has_name(s, "devourer-link-profile"))
			continue;
		if (g_str_equal(gst_structure_get_string(s, "why"), why)) {
			found = s;
			*from = i + 1;
		}
	}
	return found;
}

/* Stream until a profile message @why appears (a hang guard bounds it). */
static const GstStructure *stream_until(struct run *r, const gchar *why,
                                        guint *from, gint snr, gint rssi)
{
	const GstStructure *s = NULL;
	for (guint i = 0; i < 100 && !(s = profile_msg(r, why, from)); i++)
		stream(r, 100, snr, rssi, 0);
	return s;
}

static guint uint_prop(GstElement *e, const gchar *name)
{
	guint v = 0;
	g_object_get(e, name, &v, NULL);
	return v;
}

static void check_row(struct run *r, const GstStructure *s, const gchar *what)
{
	guint mcs = 0, k = 0, n = 0;
	gint sink_mcs = -1;
	gst_structure_get_uint(s, "mcs", &mcs);
	gst_structure_get_uint(s, "fec-k", &k);
	gst_structure_get_uint(s, "fec-n", &n);
	g_object_get(r->ht->element, "mcs", &sink_mcs, NULL);
	char buf[200];
	snprintf(buf, sizeof buf, "%s: the sink runs the row (mcs %u, FEC "
	         "%u/%u)", what, mcs, k, n);
	CHECK(sink_mcs == (gint)mcs && uint_prop(r->ht->element, "fec-k") == k &&
	              uint_prop(r->ht->element, "fec-n") == n,
	      buf);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	struct run r = { 0 };
	GstBus *bus_rx;

	gst_test_setup(&env, &argc, &argv);
	r.msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);

	r.hs = gst_test_src_harness(&env, "virtual:ad-ground", CHANNEL, 20,
	                            &bus_rx, "the ground src starts");
	if (!r.hs)
		return check_done();
	r.ht = gst_test_sink_harness_with(&env, "virtual:ad-drone", CHANNEL,
	                                  &r.bus_tx, "the drone sink adapts",
	                                  "adapt", TRUE, NULL);
	if (!r.ht)
		return check_done();

	if (!fb_player_open(&env, "virtual:ad-ground", CHANNEL))
		return check_done();

	/* A strong link: the first record puts the sink on a row; by the
	 * hold it climbs to the fastest. */
	guint from = 0;
	const GstStructure *s = stream_until(&r, "first", &from, 40, -30);
	if (CHECK(s != NULL, "a strong link: a first profile")) {
		gint score = 0;
		gst_structure_get_int(s, "score", &score);
		CHECK_EQ_INT(score, 2000, "scored 2000 (SNR 40 dB, -30 dBm)");
		check_row(&r, s, "first");
	}
	guint mcs = 0;
	for (guint i = 0; i < 80 && mcs < 7; i++) {
		stream(&r, 100, 40, -30, 0);
		guint f2 = 0;
		const GstStructure *u = profile_msg(&r, "up", &f2);
		if (!u)
			u = profile_msg(&r, "first", &(guint){0});
		if (u)
			gst_structure_get_uint(u, "mcs", &mcs);
	}
	CHECK_EQ_INT(mcs, 7, "the fastest row of the ladder: MCS7");
	CHECK_EQ_INT(uint_prop(r.ht->element, "mcs"), 7, "the sink sends MCS7");

	/* A keyframe asked for: GstVideo's upstream event. */
	stream(&r, 100, 40, -30, DVR_LINK_FEEDBACK_KEYFRAME);
	GstEvent *e = NULL;
	for (guint i = 0; i < 50 && !e; i++) {
		e = gst_harness_try_pull_upstream_event(r.ht);
		if (e && !gst_video_event_is_force_key_unit(e)) {
			gst_event_unref(e);
			e = NULL;
		}
		if (!e)
			stream(&r, 20, 40, -30, 0);
	}
	if (CHECK(e != NULL, "a keyframe asked for: force-key-unit upstream")) {
		gboolean all_headers = FALSE;
		gst_video_event_parse_upstream_force_key_unit(e, NULL,
		                                              &all_headers, NULL);
		CHECK(all_headers, "with the stream's headers");
		gst_event_unref(e);
	}

	/* A fade: at once to the slowest row. */
	guint before = r.msgs->len;
	from = before;
	s = stream_until(&r, "down", &from, 5, -90);
	if (CHECK(s != NULL, "a fade: a step down")) {
		guint m = 99;
		gst_structure_get_uint(s, "mcs", &m);
		CHECK_EQ_INT(m, 0, "straight to MCS0");
		check_row(&r, s, "down");
		gint snr = 0;
		CHECK(gst_structure_get_int(s, "feedback-snr", &snr) && snr == 5,
		      "the message carries the feedback that caused it");
	}

	/* The ground hears nothing: silent records, then the fallback row,
	 * no sooner than a second after the last record with a score (a
	 * silent span alone may be a pause of the video, not a lost link). */
	from = r.msgs->len;
	s = stream_until(&r, "fallback", &from, G_MININT, 0);
	gint64 fell_ms = (g_get_monotonic_time() - fb_player_last_scored_us) /
	                 1000;
	if (CHECK(s != NULL, "silence: the fallback row")) {
		check_row(&r, s, "fallback");
		printf("# fallback %" G_GINT64_FORMAT " ms after the last "
		       "score\n", fell_ms);
		/* >= 999: the engine counts whole milliseconds */
		CHECK(fell_ms >= 999, "after fallback_ms (1 s) without a "
		                       "score, not at the first silent span");
	}
	CHECK(gst_test_stat_u64(r.ht->element, "feedback-silent") >= 5,
	      "stats: feedback-silent counts the silent spans");

	/* every packet, in order, across every change */
	gst_harness_push_event(r.ht, gst_event_new_eos());
	gint64 deadline = g_get_monotonic_time() + 20 * G_TIME_SPAN_SECOND;
	while (r.received < r.pushed && g_get_monotonic_time() < deadline) {
		pull(&r);
		gst_test_drain_bus(r.bus_tx, 10, r.msgs);
	}
	printf("# %u packets pushed, %u received, %u exact\n", r.pushed,
	       r.received, r.exact);
	CHECK_EQ_INT(r.received, r.pushed, "every packet arrived");
	CHECK_EQ_INT(r.exact, r.pushed, "byte for byte, in order");
	CHECK_EQ_INT(gst_test_stat_u64(r.hs->element, "packets-lost"), 0,
	             "none lost to a change");
	CHECK(gst_test_stat_u64(r.ht->element, "profile-changes") >= 3,
	      "stats: profile-changes");
	CHECK(gst_test_stat_u64(r.ht->element, "feedback-records") > 10,
	      "stats: feedback-records");

	fb_player_close();
	gst_harness_teardown(r.ht);
	gst_harness_teardown(r.hs);
	gst_object_unref(r.bus_tx);
	gst_object_unref(bus_rx);
	g_ptr_array_unref(r.msgs);
	gst_test_teardown(&env);
	return check_done();
}
