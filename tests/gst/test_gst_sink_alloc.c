/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersink allocates nothing per packet. An upstream element pushes
 * into the sink's chain in its own streaming thread, as rtph264pay does
 * (here the harness's source pad, from the test thread): single buffers
 * and one buffer list per video frame, the frame's last packet carrying
 * the RTP marker. Once the stream runs (session announced, FEC blocks
 * and TX slots in use), a steady-state window of such pushes must make
 * no heap allocation in the pushing thread: the render, the link layer's
 * framing, FEC and encryption, and the driver's send all run there.
 * Every packet must still reach the adapter (packets-sent).
 */
#include "alloc_count.h"
#include "gst_test_common.h"

#define DEVICE "virtual:alloc-tx"
#define CHANNEL 36
#define PACKET_LEN 1200
#define PER_FRAME 8
/* Each part of the window: single buffers, then lists of PER_FRAME. */
#define SINGLES 256
#define LISTS 32
#define WARM_FRAMES 16

static GstBuffer *packet(guint i, gboolean marker)
{
	GstBuffer *b = gst_buffer_new_allocate(NULL, PACKET_LEN, NULL);
	GstMapInfo map;

	gst_buffer_map(b, &map, GST_MAP_WRITE);
	for (gsize j = 0; j < map.size; j++)
		map.data[j] = (guint8)(i * 31u + j);
	gst_buffer_unmap(b, &map);
	if (marker)
		GST_BUFFER_FLAG_SET(b, GST_BUFFER_FLAG_MARKER);
	return b;
}

/* The counter itself counts: an allocation in the window is seen. */
static void test_counter_counts(void)
{
	gpointer p;
	unsigned long n;

	alloc_count_begin();
	p = g_malloc(64);
	n = alloc_count_end();
	g_free(p);
	CHECK(n >= 1, "one g_malloc in the window is counted");
	alloc_count_begin();
	n = alloc_count_end();
	CHECK(n == 0, "an empty window counts nothing");
}

/* Buffers and lists are made before the window; each push hands the sink
 * a reference, so nothing is allocated or freed on this side of it. */
static void test_sink_steady_state(const struct gst_test_env *env)
{
	GstBuffer *singles[SINGLES];
	GstBufferList *lists[LISTS], *warm[WARM_FRAMES];
	GstFlowReturn flow[SINGLES + LISTS];
	GstBus *bus;
	GstHarness *h = gst_test_sink_harness(env, DEVICE, CHANNEL, &bus,
	                                      "devourersink plays");
	guint64 sent0;
	unsigned long n;
	guint bad = 0;

	if (!h)
		return;
	gst_harness_set_src_caps_str(h, "application/x-rtp, media=(string)video, "
	                             "payload=(int)96, clock-rate=(int)90000, "
	                             "encoding-name=(string)H264");
	for (guint i = 0; i < SINGLES; i++)
		singles[i] = packet(i, i % PER_FRAME == PER_FRAME - 1);
	for (guint l = 0; l < LISTS + WARM_FRAMES; l++) {
		GstBufferList *list = gst_buffer_list_new_sized(PER_FRAME);

		for (guint j = 0; j < PER_FRAME; j++)
			gst_buffer_list_add(list, packet(l * PER_FRAME + j,
			                                 j == PER_FRAME - 1));
		if (l < WARM_FRAMES)
			warm[l] = list;
		else
			lists[l - WARM_FRAMES] = list;
	}

	/* Warm: the first frames open the session, fill the TX slots and
	 * the link's block buffers, and let GLib and GStreamer set up what
	 * they keep per thread. */
	for (guint l = 0; l < WARM_FRAMES; l++) {
		if (gst_pad_push_list(h->srcpad, warm[l]) != GST_FLOW_OK)
			bad++;
		for (guint j = 0; j < PER_FRAME; j++)
			if (gst_harness_push(h, gst_buffer_ref(singles[j])) !=
			    GST_FLOW_OK)
				bad++;
	}
	CHECK(bad == 0, "the warm-up pushes are accepted");
	sent0 = gst_test_stat_u64(h->element, "packets-sent");

	alloc_count_begin();
	for (guint i = 0; i < SINGLES; i++)
		flow[i] = gst_harness_push(h, gst_buffer_ref(singles[i]));
	for (guint l = 0; l < LISTS; l++)
		flow[SINGLES + l] = gst_pad_push_list(
			h->srcpad, gst_buffer_list_ref(lists[l]));
	n = alloc_count_end();

	bad = 0;
	for (guint i = 0; i < SINGLES + LISTS; i++)
		bad += flow[i] != GST_FLOW_OK;
	CHECK(bad == 0, "every push in the window is accepted");
	printf("# %lu allocations in the pushing thread for %u packets "
	       "(%u single buffers, %u lists of %u)\n", n,
	       SINGLES + LISTS * PER_FRAME, SINGLES, LISTS, PER_FRAME);
	CHECK(n == 0, "no allocation per packet in the streaming thread");
	CHECK(gst_test_wait_stat_above(h->element, "packets-sent",
	                               sent0 + SINGLES + LISTS * PER_FRAME - 1,
	                               10000),
	      "every packet of the window reached the adapter");
	CHECK(gst_test_drain_bus(bus, 0, NULL) == 0, "no ERROR on the bus");

	for (guint i = 0; i < SINGLES; i++)
		gst_buffer_unref(singles[i]);
	for (guint l = 0; l < LISTS; l++)
		gst_buffer_list_unref(lists[l]);
	gst_harness_teardown(h);
	gst_object_unref(bus);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	if (!alloc_count_init())
		CHECK_SKIP(alloc_count_why());
	gst_test_setup(&env, &argc, &argv);
	printf("# counting with the %s\n", alloc_count_method());
	test_counter_counts();
	test_sink_steady_state(&env);
	gst_test_teardown(&env);
	return check_done();
}
