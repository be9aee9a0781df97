/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink adapt=true encoder=enc with a real x264enc: the encoder's
 * bitrate follows the profile row the ground's feedback picks, and a
 * record asking for a keyframe makes x264enc's next frame one (a
 * force-key-unit event seen on its src pad going up, then a buffer
 * without DELTA_UNIT, where its GOP alone would give none for a long
 * while). The feedback is played by the test from an adapter of its own,
 * sealed with the ground's key.
 */
#include <gst/video/video-event.h>

#include "gst_feedback_player.h"

#define CHANNEL 36

/* What x264enc's src pad saw: force-key-unit events going up, and the
 * keyframes coming down after the first of them. */
static GMutex lock;
static guint fku_events, keyframes_after_fku;

static GstPadProbeReturn on_enc_src(GstPad *pad, GstPadProbeInfo *info,
                                    gpointer user)
{
	(void)pad;
	(void)user;
	g_mutex_lock(&lock);
	if (info->type & GST_PAD_PROBE_TYPE_EVENT_UPSTREAM) {
		GstEvent *e = GST_PAD_PROBE_INFO_EVENT(info);
		if (gst_video_event_is_force_key_unit(e))
			fku_events++;
	} else if (info->type & GST_PAD_PROBE_TYPE_BUFFER) {
		GstBuffer *b = GST_PAD_PROBE_INFO_BUFFER(info);
		if (fku_events > 0 &&
		    !GST_BUFFER_FLAG_IS_SET(b, GST_BUFFER_FLAG_DELTA_UNIT))
			keyframes_after_fku++;
	}
	g_mutex_unlock(&lock);
	return GST_PAD_PROBE_OK;
}

/* The last devourer-link-profile message on @bus within @ms, copied. */
static GstStructure *wait_profile(GstBus *bus, guint ms, gint snr, gint rssi,
                                  guint8 flags)
{
	GstStructure *last = NULL;
	for (guint t = 0; t < ms; t += 100) {
		fb_player_send(1, snr, rssi, flags);
		GstMessage *m;
		while ((m = gst_bus_timed_pop(bus, 100 * GST_MSECOND)) != NULL) {
			const GstStructure *s = gst_message_get_structure(m);
			if (GST_MESSAGE_TYPE(m) == GST_MESSAGE_ERROR)
				gst_test_print_message(m);
			if (s && gst_structure_has_name(s,
			                                "devourer-link-profile")) {
				if (last)
					gst_structure_free(last);
				last = gst_structure_copy(s);
			}
			gst_message_unref(m);
		}
		if (last)
			break;
	}
	return last;
}

static guint enc_bitrate(GstElement *enc)
{
	guint b = 0;
	g_object_get(enc, "bitrate", &b, NULL);
	return b;
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	g_mutex_init(&lock);
	GstElement *factory = gst_element_factory_make("x264enc", NULL);
	if (!factory)
		CHECK_SKIP("no x264enc (gstreamer1.0-plugins-ugly)");
	gst_object_unref(factory);

	gchar *desc = g_strdup_printf(
	        "videotestsrc is-live=true pattern=ball ! "
	        "video/x-raw,width=320,height=240,framerate=30/1 ! "
	        "x264enc name=enc tune=zerolatency speed-preset=ultrafast "
	        "key-int-max=100000 bitrate=300 ! rtph264pay mtu=1400 ! "
	        "devourersink name=sink device=virtual:ae-drone channel=%u "
	        "key-file=%s adapt=true encoder=enc",
	        CHANNEL, env.drone_key);
	GstElement *pipe = gst_test_parse(desc);
	g_free(desc);
	if (!pipe)
		return check_done();
	GstElement *enc = gst_bin_get_by_name(GST_BIN(pipe), "enc");
	GstPad *pad = gst_element_get_static_pad(enc, "src");
	gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_UPSTREAM |
	                               GST_PAD_PROBE_TYPE_BUFFER,
	                  on_enc_src, NULL, NULL);
	gst_object_unref(pad);
	GstBus *bus = gst_element_get_bus(pipe);
	if (!CHECK(gst_test_set_state(pipe, GST_STATE_PLAYING, 30) !=
	                   GST_STATE_CHANGE_FAILURE,
	           "the drone pipeline plays")) {
		gst_test_drain_bus(bus, 0, NULL);
		return check_done();
	}

	/* the ground's feedback, from an adapter of the test's own */
	if (!fb_player_open(&env, "virtual:ae-ground", CHANNEL))
		return check_done();

	/* a strong link: the first row, and the encoder's bitrate with it */
	GstStructure *s = wait_profile(bus, 10000, 40, -30, 0);
	if (CHECK(s != NULL, "a profile from the feedback")) {
		guint rate = 0;
		gboolean set = FALSE;
		gst_structure_get_uint(s, "bitrate", &rate);
		gst_structure_get_boolean(s, "encoder-set", &set);
		printf("# row bitrate %u kbit/s, x264enc now %u\n", rate,
		       enc_bitrate(enc));
		CHECK(set, "the sink set the encoder's bitrate");
		CHECK(rate != 300 && enc_bitrate(enc) == rate,
		      "x264enc's bitrate is the row's (it was 300)");
		gst_structure_free(s);
	}
	/* a fade: a slower row, a lower bitrate */
	guint before = enc_bitrate(enc);
	s = wait_profile(bus, 10000, 5, -90, 0);
	if (CHECK(s != NULL, "a fade changes the row")) {
		guint rate = 0;
		gst_structure_get_uint(s, "bitrate", &rate);
		CHECK(rate < before && enc_bitrate(enc) == rate,
		      "x264enc's bitrate follows it down");
		gst_structure_free(s);
	}

	/* a keyframe asked for reaches x264enc, which makes one */
	gint64 deadline = g_get_monotonic_time() + 20 * G_TIME_SPAN_SECOND;
	guint ev = 0, kf = 0;
	do {
		fb_player_send(1, 5, -90, DVR_LINK_FEEDBACK_KEYFRAME);
		gst_test_drain_bus(bus, 100, NULL);
		g_mutex_lock(&lock);
		ev = fku_events;
		kf = keyframes_after_fku;
		g_mutex_unlock(&lock);
	} while ((ev == 0 || kf == 0) && g_get_monotonic_time() < deadline);
	CHECK(ev > 0, "force-key-unit reached x264enc's src pad");
	CHECK(kf > 0, "and x264enc sent a keyframe after it");

	gst_element_set_state(pipe, GST_STATE_NULL);
	fb_player_close();
	gst_object_unref(enc);
	gst_object_unref(bus);
	gst_object_unref(pipe);
	gst_test_teardown(&env);
	return check_done();
}
