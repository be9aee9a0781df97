/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * OpenIPC adaptive-link, both ways.
 *
 * Drone: a devourersink with adapt and alink-port takes the datagrams an
 * OpenIPC alink_gs sends alink_drone, sent here from a UDP socket of the
 * test: O-form score messages (OpenIPC/adaptive-link dca368db) climb it
 * to the built-in ladder's fastest row, an S-form one (sickgreg/
 * OpenIPC-Adaptive-Link 4401083a) of a bad link takes it to the slowest,
 * each with a devourer-link-profile message marked alink; a keyframe
 * code asks the encoder once (force-key-unit upstream), its repeats
 * within a second are counted, not obeyed; special:pause_adaptive holds
 * the row through good scores and silence, resume lets it climb again;
 * garbage is counted as refused. alink-port without adapt is refused.
 *
 * Ground: a devourersrc with alink-send (and no feedback-interval)
 * receives a drone sink's packets and sends, every 100 ms, what O's
 * alink_gs would to a UDP socket of the test, checked field by field:
 * O form, both scores O's formula of the best RSSI and SNR it reports,
 * a keyframe code in the first 20 messages after video starts, no
 * loss, one message per span only while the link is heard.
 */
#include <gio/gio.h>
#include <gst/video/video-event.h>

#include "gst_test_common.h"

#define CHANNEL 36

static const struct gst_test_packets packets = {61, 900, 7, 0, 5};

/* A UDP socket on 127.0.0.1 at a free port. */
static GSocket *udp_socket(guint *port)
{
	GInetAddress *lo = g_inet_address_new_loopback(G_SOCKET_FAMILY_IPV4);
	GSocketAddress *sa = g_inet_socket_address_new(lo, 0);
	GSocket *s = g_socket_new(G_SOCKET_FAMILY_IPV4,
	                          G_SOCKET_TYPE_DATAGRAM,
	                          G_SOCKET_PROTOCOL_UDP, NULL);
	g_socket_bind(s, sa, FALSE, NULL);
	g_object_unref(sa);
	sa = g_socket_get_local_address(s, NULL);
	*port = g_inet_socket_address_get_port(G_INET_SOCKET_ADDRESS(sa));
	g_object_unref(sa);
	g_object_unref(lo);
	return s;
}

/* ---------------------------------------------------------------- */
/* Drone: alink_gs -> devourersink                                   */
/* ---------------------------------------------------------------- */

struct drone {
	GstHarness *ht;
	GstBus *bus;
	GPtrArray *msgs;
	GSocket *tx;
	GSocketAddress *to;
	guint sent;	/* datagrams sent */
};

static void send_text(struct drone *d, const char *text)
{
	/* send_udp(): a 4-byte big-endian length, then the text */
	guint8 buf[DVR_LINK_ALINK_MAX_DATAGRAM];
	size_t n = strlen(text);
	buf[0] = buf[1] = 0;
	buf[2] = (guint8)(n >> 8);
	buf[3] = (guint8)n;
	memcpy(buf + 4, text, n);
	if (g_socket_send_to(d->tx, d->to, (const gchar *)buf, 4 + n, NULL,
	                     NULL) == (gssize)(4 + n))
		d->sent++;
}

/* An O-form score message as O's alink_gs sends it (same score twice). */
static void send_o(struct drone *d, gint score, const char *code)
{
	char t[128];
	snprintf(t, sizeof t, "%lld:%d:%d:0:%d:-60:25:2:0:0%s%s",
	         (long long)(g_get_real_time() / G_USEC_PER_SEC), score, score,
	         code ? 1 : 0, code ? ":" : "", code ? code : "");
	send_text(d, t);
}

/* An S-form one: RSSI and SNR scored apart, one antenna. */
static void send_s(struct drone *d, gint rssi_score, gint snr_score)
{
	char t[128];
	snprintf(t, sizeof t, "%lld:%d:%d:0:0:-84:6:-105:-105",
	         (long long)(g_get_real_time() / G_USEC_PER_SEC), rssi_score,
	         snr_score);
	send_text(d, t);
}

/* The first devourer-link-profile message at or after *@from whose why
 * is @why (NULL: any), *@from advanced past it. */
static const GstStructure *profile_msg(struct drone *d, const gchar *why,
                                       guint *from)
{
	for (guint i = *from; i < d->msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(d->msgs, i);
		const GstStructure *s = gst_message_get_structure(m);
		if (GST_MESSAGE_TYPE(m) != GST_MESSAGE_ELEMENT || !s ||
		    !gst_structure_has_name(s, "devourer-link-profile"))
			continue;
		if (!why || g_str_equal(gst_structure_get_string(s, "why"),
		                        why)) {
			*from = i + 1;
			return s;
		}
	}
	return NULL;
}

/* 100 ms: the bus drained in 10 ms steps. */
static void wait_100(struct drone *d)
{
	for (guint i = 0; i < 10; i++)
		gst_test_drain_bus(d->bus, 10, d->msgs);
}

static guint mcs_of(const GstStructure *s)
{
	guint m = 99;
	gst_structure_get_uint(s, "mcs", &m);
	return m;
}

/* The next force-key-unit upstream within @ms (NULL if none). */
static GstEvent *keyframe_event(struct drone *d, guint ms)
{
	for (guint t = 0; t <= ms; t += 10) {
		GstEvent *e;
		while ((e = gst_harness_try_pull_upstream_event(d->ht))) {
			if (gst_video_event_is_force_key_unit(e))
				return e;
			gst_event_unref(e);
		}
		gst_test_drain_bus(d->bus, 10, d->msgs);
	}
	return NULL;
}

static void refused_without_adapt(const struct gst_test_env *env)
{
	GstElement *sink = gst_element_factory_make("devourersink", NULL);
	GstBus *bus = gst_bus_new();
	g_object_set(sink, "device", "virtual:al-noadapt", "channel", CHANNEL,
	             "key-file", env->drone_key, "alink-port", 9999, NULL);
	gst_element_set_bus(sink, bus);
	CHECK(gst_element_set_state(sink, GST_STATE_PLAYING) ==
	              GST_STATE_CHANGE_FAILURE,
	      "alink-port without adapt: refused at start");
	gst_test_drain_bus(bus, 0, NULL);
	gst_element_set_state(sink, GST_STATE_NULL);
	gst_object_unref(sink);
	gst_object_unref(bus);
}

static void drone(const struct gst_test_env *env)
{
	struct drone d = { 0 };
	guint port = 0;

	/* a free port: bound, read, let go, given to the sink */
	GSocket *probe = udp_socket(&port);
	g_socket_close(probe, NULL);
	g_object_unref(probe);
	d.msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	d.ht = gst_test_sink_harness_with(env, "virtual:al-drone", CHANNEL,
	                                  &d.bus, "the drone sink listens",
	                                  "adapt", TRUE, "alink-port", port,
	                                  "alink-address", "127.0.0.1", NULL);
	if (!d.ht)
		return;
	guint tx_port;
	d.tx = udp_socket(&tx_port);
	GInetAddress *lo = g_inet_address_new_loopback(G_SOCKET_FAMILY_IPV4);
	d.to = g_inet_socket_address_new(lo, (guint16)port);
	g_object_unref(lo);

	/* O form, a perfect link: a first row, then up to the fastest */
	guint from = 0, mcs = 99;
	const GstStructure *s = NULL;
	for (guint i = 0; i < 100 && !s; i++) {
		send_o(&d, 2000, NULL);
		wait_100(&d);
		s = profile_msg(&d, "first", &from);
	}
	if (CHECK(s != NULL, "O-form scores: a first profile")) {
		gint score = 0;
		gboolean alink = FALSE;
		gst_structure_get_int(s, "score", &score);
		gst_structure_get_boolean(s, "alink", &alink);
		CHECK_EQ_INT(score, 2000, "its score is the message's");
		CHECK(alink, "the message says alink caused it");
		mcs = mcs_of(s);
	}
	for (guint i = 0; i < 80 && mcs != 7; i++) {
		send_o(&d, 2000, NULL);
		wait_100(&d);
		while ((s = profile_msg(&d, "up", &from)))
			mcs = mcs_of(s);
	}
	CHECK_EQ_INT(mcs, 7, "O-form scores climb to MCS7");
	guint sink_mcs = 0;
	g_object_get(d.ht->element, "mcs", &sink_mcs, NULL);
	CHECK_EQ_INT(sink_mcs, 7, "the sink sends MCS7");

	/* O's keyframe code: one event; the same code again is a repeat */
	send_o(&d, 2000, "kfab");
	GstEvent *e = keyframe_event(&d, 2000);
	CHECK(e != NULL, "an O-form code: force-key-unit upstream");
	if (e)
		gst_event_unref(e);
	send_o(&d, 2000, "kfab");
	send_o(&d, 2000, "kfab");
	CHECK(gst_test_wait_stat_above(d.ht->element,
	                               "alink-keyframe-repeats", 1, 5000),
	      "the code repeated within 1 s: counted as repeats");

	/* S form, a bad link: straight down to the slowest row */
	for (guint i = 0; i < 50 && !(s = profile_msg(&d, "down", &from));
	     i++) {
		send_s(&d, 1000, 1000);
		wait_100(&d);
	}
	if (CHECK(s != NULL, "S-form scores of a bad link: a step down")) {
		gint rssi = 0, snr = 0;
		CHECK_EQ_INT(mcs_of(s), 0, "straight to MCS0");
		gst_structure_get_int(s, "feedback-rssi", &rssi);
		gst_structure_get_int(s, "feedback-snr", &snr);
		CHECK(rssi == -84 && snr == 6,
		      "the message carries alink_gs's best RSSI and SNR");
	}

	/* paused: good scores and silence change nothing */
	send_text(&d, "special:pause_adaptive");
	gboolean paused = FALSE;
	for (guint i = 0; i < 100 && !paused; i++) {
		GstStructure *st = NULL;
		wait_100(&d);
		g_object_get(d.ht->element, "stats", &st, NULL);
		if (st) {
			gst_structure_get_boolean(st, "adapt-paused", &paused);
			gst_structure_free(st);
		}
	}
	CHECK(paused, "special:pause_adaptive: paused");
	guint mark = d.msgs->len;
	guint64 taken = gst_test_stat_u64(d.ht->element, "alink-received");
	for (guint i = 0; i < 40; i++) {
		send_o(&d, 2000, NULL);
		wait_100(&d);
	}
	/* every one of them taken by the sink (not lost on the way) */
	CHECK(gst_test_wait_stat_above(d.ht->element, "alink-received",
	                               taken + 39, 5000),
	      "paused: the 40 good scores reached the sink");
	/* What is checked is that time passing changes nothing, so time has
	 * to pass: more than fallback_ms (1 s) of silence, drained from the
	 * bus as it goes. */
	for (guint i = 0; i < 15; i++)
		wait_100(&d);
	guint f2 = mark;
	CHECK(profile_msg(&d, NULL, &f2) == NULL,
	      "paused: no change for 4 s of good scores, nor for silence");
	/* a keyframe request is honoured while paused */
	send_text(&d, "special:request_keyframe:pqrs");
	e = keyframe_event(&d, 2000);
	CHECK(e != NULL, "special:request_keyframe while paused: a keyframe");
	if (e)
		gst_event_unref(e);

	/* resumed: it moves again */
	send_text(&d, "special:resume_adaptive");
	for (guint i = 0; i < 100 && !(s = profile_msg(&d, "up", &f2)); i++) {
		send_o(&d, 2000, NULL);
		wait_100(&d);
	}
	CHECK(s != NULL, "special:resume_adaptive: good scores take it up again");

	/* every good datagram read (loopback loses none) */
	guint good = d.sent;
	CHECK(gst_test_wait_stat_above(d.ht->element, "alink-received",
	                               good - 1, 5000) &&
	              gst_test_stat_u64(d.ht->element, "alink-received") ==
	                      good,
	      "stats: alink-received counts every message sent");

	/* garbage: counted, not obeyed */
	guint64 refused0 = gst_test_stat_u64(d.ht->element, "alink-refused");
	send_text(&d, "hello");
	send_text(&d, "1:2:3");
	send_text(&d, "special:drop_gop");
	g_socket_send_to(d.tx, d.to, "\x00\x00", 2, NULL, NULL);
	CHECK(gst_test_wait_stat_above(d.ht->element, "alink-refused",
	                               refused0 + 3, 5000),
	      "four bad datagrams: counted as refused");
	CHECK(gst_test_stat_u64(d.ht->element, "alink-received") == good,
	      "and not as received");

	gst_harness_teardown(d.ht);
	gst_object_unref(d.bus);
	g_object_unref(d.to);
	g_socket_close(d.tx, NULL);
	g_object_unref(d.tx);
	g_ptr_array_unref(d.msgs);
}

/* ---------------------------------------------------------------- */
/* Ground: devourersrc -> alink_drone                                */
/* ---------------------------------------------------------------- */

/* O alink_gs calculate_link() with its shipped alink_gs.conf: SNR 12..38,
 * RSSI -80..-30, weights 0.5, int() of the result. */
static gint o_score(gint rssi, gint snr)
{
	double sn = (snr - 12) / 26.0, rn = (rssi + 80) / 50.0;
	sn = sn < 0 ? 0 : sn > 1 ? 1 : sn;
	rn = rn < 0 ? 0 : rn > 1 ? 1 : rn;
	return (gint)(1000 + 1000 * (0.5 * sn + 0.5 * rn));
}

static void ground(const struct gst_test_env *env)
{
	guint port = 0;
	GSocket *rx = udp_socket(&port);
	GstBus *bus_rx, *bus_tx;
	char spec[32];

	snprintf(spec, sizeof spec, "127.0.0.1:%u", port);
	GstHarness *hs = gst_harness_new("devourersrc");
	g_object_set(hs->element, "device", "virtual:al-ground", "channel",
	             CHANNEL, "key-file", env->gs_key, "fec-timeout", 20,
	             "alink-send", spec, NULL);
	bus_rx = gst_bus_new();
	gst_element_set_bus(hs->element, bus_rx);
	if (!CHECK(gst_element_set_state(hs->element, GST_STATE_PLAYING) !=
	                   GST_STATE_CHANGE_FAILURE,
	           "the ground src starts with alink-send")) {
		gst_test_drain_bus(bus_rx, 0, NULL);
		return;
	}
	GstHarness *ht = gst_test_sink_harness_with(
	        env, "virtual:al-air", CHANNEL, &bus_tx, "the drone sink starts",
	        "mcs", 2, NULL);
	if (!ht)
		return;

	guint msgs = 0, with_code = 0, bad = 0, score_ok = 0, o_form = 0;
	guint lost = 0, antennas_ok = 0, time_ok = 0, zero_extra = 0;
	gchar first_code[8] = "";
	gint64 now_s = g_get_real_time() / G_USEC_PER_SEC;
	/* packets every 10 ms until 30 messages came (hang guard) */
	for (guint i = 0; i < 1500 && msgs < 30; i++) {
		gst_harness_push(ht, gst_test_packet_make(&packets, i));
		GstBuffer *b;
		while ((b = gst_harness_try_pull(hs)) != NULL)
			gst_buffer_unref(b);
		guint8 buf[DVR_LINK_ALINK_MAX_DATAGRAM];
		gssize n;
		while (g_socket_condition_timed_wait(rx, G_IO_IN, 10000, NULL, NULL) &&
		       (n = g_socket_receive(rx, (gchar *)buf, sizeof buf,
		                             NULL, NULL)) > 0) {
			struct dvr_link_alink m;
			struct dvr_link_alink_error why;
			if (dvr_link_alink_read(buf, (size_t)n, &m, &why) !=
			    DVR_OK) {
				printf("# refused: %s\n", why.msg);
				bad++;
				continue;
			}
			msgs++;
			o_form += m.kind == DVR_LINK_ALINK_SCORE &&
			          m.form == DVR_LINK_ALINK_FORM_O;
			score_ok += m.rssi_score == m.snr_score &&
			            m.rssi_score ==
			                    o_score(m.best_rssi, m.best_snr);
			antennas_ok += m.antennas >= 1 && m.best_rssi > -101 &&
			               m.best_rssi < 0 && m.best_snr > 0;
			time_ok += m.timestamp >= now_s &&
			           m.timestamp <= now_s + 60;
			lost += (guint)m.lost;
			zero_extra += m.penalty == 0 && m.fec_change == 0;
			if (m.idr_code[0]) {
				if (!first_code[0])
					g_strlcpy(first_code, m.idr_code,
					          sizeof first_code);
				with_code += strcmp(m.idr_code,
				                    first_code) == 0;
			}
			if (msgs == 1)
				printf("# first: rssi %d snr %d score %d "
				       "antennas %d code %s\n", m.best_rssi,
				       m.best_snr, m.rssi_score, m.antennas,
				       m.idr_code);
		}
	}
	CHECK_EQ_INT(msgs, 30, "30 alink messages while the link is heard");
	CHECK_EQ_INT(bad, 0, "every one reads as alink_gs's");
	CHECK_EQ_INT(o_form, msgs, "all in the O form");
	CHECK_EQ_INT(score_ok, msgs, "both scores O's of the best RSSI/SNR");
	CHECK_EQ_INT(antennas_ok, msgs, "antennas and signal of a heard link");
	CHECK_EQ_INT(time_ok, msgs, "the ground's Unix time");
	CHECK_EQ_INT(zero_extra, msgs, "penalty and fec_change 0");
	CHECK_EQ_INT(lost, 0, "nothing lost");
	CHECK_EQ_INT(strlen(first_code), 4, "a keyframe code on video start");
	CHECK_EQ_INT(with_code, 20,
	             "riding in idr_max_messages (20) messages");
	CHECK(gst_test_stat_u64(hs->element, "alink-sent") >= msgs,
	      "stats: alink-sent");

	/* the drone stops: spans hear nothing, nothing is sent */
	gst_harness_push_event(ht, gst_event_new_eos());
	gst_harness_teardown(ht);
	guint8 buf[DVR_LINK_ALINK_MAX_DATAGRAM];
	for (guint i = 0; i < 60; i++) {
		GstBuffer *b;
		while ((b = gst_harness_try_pull(hs)) != NULL)
			gst_buffer_unref(b);
		if (!g_socket_condition_timed_wait(rx, G_IO_IN, 50000, NULL, NULL))
			continue;
		g_socket_receive(rx, (gchar *)buf, sizeof buf, NULL, NULL);
	}
	/* the socket is drained; a further 500 ms stays quiet */
	gboolean quiet = !g_socket_condition_timed_wait(rx, G_IO_IN, 500000, NULL,
	                                                NULL);
	CHECK(quiet, "a link no longer heard: no message (the drone falls "
	             "back)");

	gst_harness_teardown(hs);
	gst_object_unref(bus_rx);
	gst_object_unref(bus_tx);
	g_socket_close(rx, NULL);
	g_object_unref(rx);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	refused_without_adapt(&env);
	drone(&env);
	ground(&env);
	gst_test_teardown(&env);
	return check_done();
}
