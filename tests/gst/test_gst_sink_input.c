/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What devourersink makes of the buffers it is given, checked at a
 * devourersrc on the same virtual air: nothing is dropped while the
 * pipeline carries on.
 *   - filesrc (4096-byte blocks, no caps) ! devourersink: a byte stream,
 *     cut into max-payload packets; the receiver gets the file byte for
 *     byte, and the last devourer-tx-duty (final=true, before EOS) closes
 *     the payload count;
 *   - a buffer larger than a packet on a byte stream is split in order;
 *     a zero-size one is skipped and counted, its marker still closes the
 *     FEC block;
 *   - a buffer list goes out whole, in order (render_list);
 *   - under RTP caps an oversize packet is an element ERROR naming the
 *     payloader's mtu, and the flow returns an error;
 *   - live properties read back what the adapter does: a refused retune
 *     leaves channel at the channel in effect (sink and src), tx-power
 *     reads the power applied;
 *   - a sink stopped without EOS still posts a final devourer-tx-duty.
 */
#include "gst_test_common.h"

/* Not a multiple of the 4096-byte block: the last block is short. */
#define FILE_SIZE (100 * 1000 + 17)

static void fill_pattern(guint8 *p, gsize len, guint32 seed)
{
	guint32 x = seed;

	for (gsize i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		p[i] = (guint8)x;
	}
}

static GstBuffer *pattern_buffer(gsize len, guint32 seed)
{
	GstBuffer *b = gst_buffer_new_allocate(NULL, len, NULL);
	GstMapInfo map;

	gst_buffer_map(b, &map, GST_MAP_WRITE);
	fill_pattern(map.data, len, seed);
	gst_buffer_unmap(b, &map);
	return b;
}

/*
 * Pull buffers from @hs until @want bytes arrived (or @timeout_s passed),
 * appending them to @into; each buffer's size goes to @sizes when given.
 */
static void pull_bytes(GstHarness *hs, GByteArray *into, gsize want,
                       GArray *sizes, guint timeout_s)
{
	gint64 deadline = g_get_monotonic_time() +
	                  (gint64)timeout_s * G_TIME_SPAN_SECOND;

	while (into->len < want && g_get_monotonic_time() < deadline) {
		GstBuffer *b = gst_harness_try_pull(hs);
		GstMapInfo map;

		if (!b) {
			g_usleep(2000);
			continue;
		}
		gst_buffer_map(b, &map, GST_MAP_READ);
		g_byte_array_append(into, map.data, (guint)map.size);
		if (sizes) {
			guint sz = (guint)map.size;
			g_array_append_val(sizes, sz);
		}
		gst_buffer_unmap(b, &map);
		gst_buffer_unref(b);
	}
}

/* Was a message of @type with @needle in its text or debug posted? */
static gboolean have_message_with(GPtrArray *msgs, GstMessageType type,
                                  const gchar *needle)
{
	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		GError *err = NULL;
		gchar *dbg = NULL;
		gboolean hit;

		if (GST_MESSAGE_TYPE(m) != type)
			continue;
		if (type == GST_MESSAGE_ERROR)
			gst_message_parse_error(m, &err, &dbg);
		else
			gst_message_parse_warning(m, &err, &dbg);
		hit = (err && strstr(err->message, needle)) ||
		      (dbg && strstr(dbg, needle));
		g_clear_error(&err);
		g_free(dbg);
		if (hit)
			return TRUE;
	}
	return FALSE;
}

/* filesrc ! devourersink, as a user would write it, to a devourersrc. */
static void test_filesrc(const struct gst_test_env *env, GstHarness *hs)
{
	gchar *path = g_build_filename(env->tmp_dir, "input.bin", NULL);
	guint8 *data = g_malloc(FILE_SIZE);
	GByteArray *got = g_byte_array_new();
	GstElement *p, *sink;
	GstBus *bus;
	GstMessage *msg;
	gchar *desc;
	guint64 duty_payload = 0, duty_packets = 0;
	gboolean final_seen = FALSE, final_before_eos = FALSE;
	gboolean eos = FALSE;
	gint64 deadline;

	fill_pattern(data, FILE_SIZE, 0x2545f491u);
	if (!CHECK(g_file_set_contents(path, (const gchar *)data, FILE_SIZE,
	                               NULL), "filesrc: input file written"))
		goto out;
	desc = g_strdup_printf("filesrc location=%s blocksize=4096 ! "
	                       "devourersink name=sink device=virtual:drone "
	                       "key-file=%s sync=false fec-timeout=5 "
	                       "stats-interval=50", path, env->drone_key);
	p = gst_test_parse(desc);
	g_free(desc);
	if (!CHECK(p != NULL, "filesrc: pipeline parses"))
		goto out;
	sink = gst_bin_get_by_name(GST_BIN(p), "sink");
	bus = gst_element_get_bus(p);
	CHECK(gst_element_set_state(p, GST_STATE_PLAYING) !=
	      GST_STATE_CHANGE_FAILURE, "filesrc: pipeline plays");

	/* Every devourer-tx-duty until EOS: their payload counts add up to
	 * what the link took, the last one says final=true. */
	deadline = g_get_monotonic_time() + 30 * G_TIME_SPAN_SECOND;
	while (!eos && g_get_monotonic_time() < deadline) {
		msg = gst_bus_timed_pop_filtered(bus, 100 * GST_MSECOND,
		        GST_MESSAGE_ERROR | GST_MESSAGE_EOS |
		        GST_MESSAGE_ELEMENT);
		if (!msg)
			continue;
		if (GST_MESSAGE_TYPE(msg) == GST_MESSAGE_EOS) {
			eos = TRUE;
			final_before_eos = final_seen;
		} else if (GST_MESSAGE_TYPE(msg) == GST_MESSAGE_ERROR) {
			gst_test_print_message(msg);
			CHECK(0, "filesrc: no error");
			eos = TRUE;
		} else if (gst_test_is_element_msg(msg, "devourer-tx-duty")) {
			const GstStructure *s = gst_message_get_structure(msg);
			guint64 v = 0;
			gboolean final = FALSE;

			if (gst_structure_get_uint64(s, "payload-bytes", &v))
				duty_payload += v;
			if (gst_structure_get_uint64(s, "packets", &v))
				duty_packets += v;
			gst_structure_get_boolean(s, "final", &final);
			final_seen = final_seen || final;
		}
		gst_message_unref(msg);
	}
	CHECK(eos, "filesrc: the pipeline reaches EOS");
	CHECK(final_before_eos, "filesrc: a final devourer-tx-duty comes "
	      "before EOS");

	pull_bytes(hs, got, FILE_SIZE, NULL, 15);
	CHECK_EQ_INT(got->len, FILE_SIZE, "filesrc: every byte arrives");
	CHECK(got->len == FILE_SIZE && memcmp(got->data, data, FILE_SIZE) == 0,
	      "filesrc: the received stream is the file, byte for byte");

	CHECK_EQ_INT(gst_test_stat_u64(sink, "payload-bytes"), FILE_SIZE,
	             "filesrc: stats payload-bytes is the file size");
	CHECK_EQ_INT(duty_payload, FILE_SIZE,
	             "filesrc: tx-duty payload-bytes add up to the file");
	CHECK_EQ_INT(duty_packets, gst_test_stat_u64(sink, "packets-sent"),
	             "filesrc: tx-duty packets add up to packets-sent");
	/* 4096-byte blocks above a 3993-byte payload: each block but the
	 * last short one is split. */
	CHECK_EQ_INT(gst_test_stat_u64(sink, "buffers-split"),
	             FILE_SIZE / 4096,
	             "filesrc: each full block was split (stats buffers-split)");
	CHECK_EQ_INT(gst_test_stat_u64(sink, "buffers-refused-oversize"), 0,
	             "filesrc: nothing refused");

	gst_element_set_state(p, GST_STATE_NULL);
	gst_object_unref(sink);
	gst_object_unref(bus);
	gst_object_unref(p);
out:
	g_byte_array_unref(got);
	g_free(data);
	g_free(path);
}

/* Byte stream through a harness: split, empty, lists, then RTP caps. */
static void test_harness(const struct gst_test_env *env, GstHarness *hs)
{
	GstHarness *ht;
	GstBus *bus;
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	GByteArray *got = g_byte_array_new(), *want = g_byte_array_new();
	GArray *sizes = g_array_new(FALSE, FALSE, sizeof(guint));
	GstBufferList *list;
	GstBuffer *b;
	GstMapInfo map;
	guint64 max_payload, sent;
	gsize big;
	gint oversize = -1;
	guint errors;

	ht = gst_test_sink_harness(env, "virtual:drone2", 149, &bus,
	                           "harness sink plays");
	if (!ht)
		goto out;
	/* Down to READY and back: the adapter closes and opens again, as a
	 * pipeline paused to READY and restarted does. */
	CHECK(gst_element_set_state(ht->element, GST_STATE_READY) ==
	              GST_STATE_CHANGE_SUCCESS &&
	      gst_element_set_state(ht->element, GST_STATE_PLAYING) ==
	              GST_STATE_CHANGE_SUCCESS,
	      "harness sink back to PLAYING after READY");
	max_payload = gst_test_stat_u64(ht->element, "max-payload");
	CHECK(max_payload > 1000 && max_payload < 4000,
	      "stats max-payload is the link's packet limit");
	big = 2 * max_payload + 100;

	/* One buffer over two packets long, on a byte stream: three packets
	 * in order, nothing lost. */
	b = pattern_buffer(big, 7);
	gst_buffer_map(b, &map, GST_MAP_READ);
	g_byte_array_append(want, map.data, (guint)map.size);
	gst_buffer_unmap(b, &map);
	GST_BUFFER_FLAG_SET(b, GST_BUFFER_FLAG_MARKER);
	CHECK(gst_harness_push(ht, b) == GST_FLOW_OK,
	      "a buffer above max-payload on a byte stream is taken");

	/* A zero-size buffer: skipped and counted, not an error. */
	b = gst_buffer_new();
	GST_BUFFER_FLAG_SET(b, GST_BUFFER_FLAG_MARKER);
	CHECK(gst_harness_push(ht, b) == GST_FLOW_OK,
	      "a zero-size buffer is not an error");

	/* A list: small packets, an empty one and a long one, in one go. */
	list = gst_buffer_list_new();
	for (guint i = 0; i < 12; i++) {
		gsize len = i == 5 ? 0 : i == 9 ? max_payload + 1 : 100 + i * 37;

		b = pattern_buffer(len, 100 + i);
		if (len > 0) {
			gst_buffer_map(b, &map, GST_MAP_READ);
			g_byte_array_append(want, map.data, (guint)map.size);
			gst_buffer_unmap(b, &map);
		}
		gst_buffer_list_add(list, b);
	}
	b = gst_buffer_list_get(list, 11);
	GST_BUFFER_FLAG_SET(b, GST_BUFFER_FLAG_MARKER);
	CHECK(gst_pad_push_list(ht->srcpad, list) == GST_FLOW_OK,
	      "a buffer list is taken");

	pull_bytes(hs, got, want->len, sizes, 15);
	CHECK_EQ_INT(got->len, want->len, "split + list: every byte arrives");
	CHECK(got->len == want->len &&
	      memcmp(got->data, want->data, want->len) == 0,
	      "split + list: byte-exact and in order");
	if (CHECK(sizes->len >= 3, "split: at least three packets")) {
		CHECK_EQ_INT(g_array_index(sizes, guint, 0), max_payload,
		             "split: first piece is max-payload long");
		CHECK_EQ_INT(g_array_index(sizes, guint, 2), 100,
		             "split: last piece is the rest");
	}
	/* 3 pieces, 11 non-empty list entries of which one splits in 2. */
	sent = gst_test_stat_u64(ht->element, "packets-sent");
	CHECK_EQ_INT(sent, 3 + 11 + 1, "stats packets-sent counts packets");
	CHECK_EQ_INT(sizes->len, sent, "the receiver got every packet");
	CHECK_EQ_INT(gst_test_stat_u64(ht->element, "buffers-split"), 2,
	             "stats buffers-split");
	CHECK_EQ_INT(gst_test_stat_u64(ht->element, "buffers-empty"), 2,
	             "stats buffers-empty counts the skipped empty buffers");
	CHECK(gst_test_stat_u64(ht->element, "fec-flushes") >= 2,
	      "markers (on the empty buffer too) closed FEC blocks");
	errors = gst_test_drain_bus(bus, 0, msgs);
	CHECK_EQ_INT(errors, 0, "byte stream: no error");

	/* The same sink under RTP caps: a packet stream must not be cut. */
	gst_harness_set_src_caps_str(ht, "application/x-rtp");
	CHECK(gst_harness_push(ht, pattern_buffer(big, 9)) == GST_FLOW_ERROR,
	      "RTP: an oversize packet fails the flow");
	errors = gst_test_drain_bus(bus, 0, msgs);
	CHECK_EQ_INT(errors, 1, "RTP: one ERROR message");
	CHECK(have_message_with(msgs, GST_MESSAGE_ERROR, "rtph264pay mtu="),
	      "RTP: the ERROR names the payloader's mtu");
	CHECK_EQ_INT(gst_test_stat_u64(ht->element, "buffers-refused-oversize"),
	             1, "RTP: counted in buffers-refused-oversize");
	CHECK(gst_harness_push(ht, pattern_buffer(200, 10)) == GST_FLOW_OK,
	      "RTP: a packet that fits still goes");

	g_object_get(ht->element, "oversize", &oversize, NULL);
	CHECK_EQ_INT(oversize, 0, "oversize reads back auto (the default)");

	gst_harness_teardown(ht);
	gst_test_drain_bus(bus, 0, NULL);
	gst_object_unref(bus);
out:
	g_array_unref(sizes);
	g_byte_array_unref(got);
	g_byte_array_unref(want);
	g_ptr_array_unref(msgs);
}

/* Was a devourer-tx-duty with final=true posted? */
static gboolean have_final_duty(GPtrArray *msgs)
{
	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		gboolean final = FALSE;

		if (gst_test_is_element_msg(m, "devourer-tx-duty") &&
		    gst_structure_get_boolean(gst_message_get_structure(m),
		                              "final", &final) && final)
			return TRUE;
	}
	return FALSE;
}

/* Live properties read back what the adapter does; a stop without EOS
 * still closes the last tx-duty interval. */
static void test_read_back(const struct gst_test_env *env, GstHarness *hs,
                           GstBus *bus_rx)
{
	GstHarness *ht;
	GstBus *bus;
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	guint channel = 0;
	gint power = 0, mbm = 0, bw = 0;
	GstStructure *st = NULL;

	/* The receiver too: its one adapter refuses, it stays on 149. */
	g_object_set(hs->element, "channel", 15, NULL);
	g_object_get(hs->element, "channel", &channel, NULL);
	CHECK_EQ_INT(channel, 149, "src: a refused retune reads back the "
	             "channel in effect");
	gst_test_drain_bus(bus_rx, 0, msgs);
	CHECK(have_message_with(msgs, GST_MESSAGE_WARNING, "channel 15"),
	      "src: refused retune: a warning names the channel");
	g_ptr_array_set_size(msgs, 0);

	ht = gst_test_sink_harness(env, "virtual:drone3", 149, &bus,
	                           "read-back sink plays");
	if (!ht)
		goto out;
	/* Channel 15 has no frequency: the adapter refuses the retune. */
	g_object_set(ht->element, "channel", 15, NULL);
	g_object_get(ht->element, "channel", &channel, "bandwidth", &bw, NULL);
	CHECK_EQ_INT(channel, 149, "refused retune: channel reads the one in "
	             "effect");
	CHECK_EQ_INT(bw, 20, "refused retune: bandwidth reads the one in "
	             "effect");
	gst_test_drain_bus(bus, 0, msgs);
	CHECK(have_message_with(msgs, GST_MESSAGE_WARNING, "channel 15"),
	      "refused retune: a warning names the channel");
	g_object_set(ht->element, "channel", 36, NULL);
	g_object_get(ht->element, "channel", &channel, NULL);
	CHECK_EQ_INT(channel, 36, "accepted retune: channel reads it");

	/* Far beyond any adapter's range: clamped, and read back so. */
	g_object_set(ht->element, "tx-power", 40, NULL);
	g_object_get(ht->element, "tx-power", &power, "stats", &st, NULL);
	int thermal = -2, steps_a = -99, steps_b = -99;
	if (st) {
		gst_structure_get_int(st, "tx-power-mbm", &mbm);
		gst_structure_get_int(st, "thermal", &thermal);
		gst_structure_get_int(st, "bb-swing-steps-a", &steps_a);
		gst_structure_get_int(st, "bb-swing-steps-b", &steps_b);
		gst_structure_free(st);
	}
	CHECK(mbm > 0 && mbm < 4000, "tx-power 40: the adapter clamps it "
	      "(stats tx-power-mbm)");
	/* the model's die sits at its calibration temperature */
	CHECK(thermal == -1 || thermal == 0x18,
	      "stats thermal: none yet, or the calibration reading");
	CHECK(steps_a == 0 && steps_b == 0,
	      "stats bb-swing-steps: no offset at the calibration "
	      "temperature");
	CHECK_EQ_INT(power, (mbm + 50) / 100, "tx-power reads the applied "
	             "power in whole dBm");
	gst_test_drain_bus(bus, 0, msgs);
	CHECK(have_message_with(msgs, GST_MESSAGE_WARNING, "not the 40 dBm"),
	      "clamped tx-power: a warning says what was applied");
	CHECK(!have_final_duty(msgs), "no final tx-duty while running");

	/* Stopped without an EOS: the stop posts the last interval. */
	gst_harness_teardown(ht);
	gst_test_drain_bus(bus, 0, msgs);
	CHECK(have_final_duty(msgs), "stop without EOS: a final tx-duty");
	gst_object_unref(bus);
out:
	g_ptr_array_unref(msgs);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstHarness *hs;
	GstBus *bus_rx;

	gst_test_setup(&env, &argc, &argv);
	/* Receiver first, so it hears the first session announcement. */
	hs = gst_test_src_harness(&env, "virtual:ground", 149, 20, &bus_rx,
	                          "devourersrc reaches PLAYING");
	if (!hs)
		return check_done();
	test_filesrc(&env, hs);
	test_harness(&env, hs);
	test_read_back(&env, hs, bus_rx);

	gst_harness_teardown(hs);
	gst_test_drain_bus(bus_rx, 0, NULL);
	gst_object_unref(bus_rx);
	gst_test_teardown(&env);
	return check_done();
}
