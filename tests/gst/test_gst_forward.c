/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Distributed reception, wfb-ng's way (devourersrc forward= / aggregate=):
 *
 *  1. one devourersink; two devourersrc receivers on their own virtual
 *     adapters with different seeded loss, both forwarding over UDP
 *     loopback to a third devourersrc with no adapter (device=none
 *     aggregate=): the aggregator delivers more packets than either
 *     receiver alone, every one byte-exact, and names both senders in
 *     its per-adapter stats;
 *  2. the aggregator takes the datagrams a real wfb_rx -f forwarded
 *     (tests/link/vectors/wfb_rx_forwarder_capture.txt: frames wfb_tx
 *     sent, heard on two interfaces) over UDP and delivers wfb_tx's
 *     packets, in order; the forwarder's dedup batches are recognised,
 *     not pushed, and a datagram cut inside its header is refused;
 *  3. an aggregator hearing only refused datagrams warns
 *     (nothing-forwarded) and counts them by reason; a ninth sender finds
 *     no adapter slot: its frames are counted, and a warning
 *     (aggregate-full) says so;
 *  4. an aggregator with an adapter of its own: the remote receiver takes
 *     the slot after the local one, and the two together deliver more
 *     than the forwarding receiver alone.
 */
#include <gio/gio.h>

#include "gst_test_common.h"

#define N_JUDGED 400           /* packets compared */
#define N_SENT (N_JUDGED + 16) /* two more FEC blocks close the last ones */
#define FEC_TIMEOUT_MS 30
#define WAIT_MS 30000          /* hang guard only */

static const struct gst_test_packets packets = {
	.size_step = 7919, .max_size = 1000, .seed = 0x2545f491u,
	.seed_offset = 3, .marker_every = 8,
};

/* A devourersrc in a harness, configured by @props (NULL-terminated
 * name/value pairs of strings), playing on its own bus. */
static GstHarness *src_harness(const struct gst_test_env *env,
                               const gchar *key, GstBus **bus,
                               const gchar *what, ...)
{
	GstHarness *h = gst_harness_new("devourersrc");
	va_list ap;
	const gchar *name;

	g_object_set(h->element, "channel", 149, "key-file", key,
	             "fec-timeout", FEC_TIMEOUT_MS, "stats-interval", 0, NULL);
	(void)env;
	va_start(ap, what);
	while ((name = va_arg(ap, const gchar *)) != NULL)
		gst_util_set_object_arg(G_OBJECT(h->element), name,
		                        va_arg(ap, const gchar *));
	va_end(ap);
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

/* What one receiver delivered: which of the sent packets, all exact. */
struct tally {
	guint next;            /* first index a later buffer may be */
	guint judged;          /* delivered packets with index < N_JUDGED */
	guint wrong;           /* buffers that are no sent packet in order */
};

static void pull_all(GstHarness *h, struct tally *t)
{
	GstBuffer *b;

	while ((b = gst_harness_try_pull(h)) != NULL) {
		guint i = t->next;

		while (i < N_SENT && !gst_test_packet_matches(&packets, b, i))
			i++;
		if (i == N_SENT) {
			t->wrong++;
		} else {
			if (i < N_JUDGED)
				t->judged++;
			t->next = i + 1;
		}
		gst_buffer_unref(b);
	}
}

/* Every packet below N_JUDGED delivered or given up by @h's link. */
static gboolean judged(GstHarness *h, struct tally *t)
{
	guint64 got, lost;

	pull_all(h, t);
	got = gst_test_stat_u64(h->element, "packets-received");
	lost = gst_test_stat_u64(h->element, "packets-lost");
	return got != G_MAXUINT64 && lost != G_MAXUINT64 &&
	       got + lost >= N_JUDGED;
}

/* The remote entries of the aggregator's per-adapter stats. */
static guint remote_adapters(GstElement *agg, guint64 *frames)
{
	GstStructure *s = NULL;
	const GValue *arr;
	guint n = 0;

	*frames = 0;
	g_object_get(agg, "stats", &s, NULL);
	if (!s)
		return 0;
	arr = gst_structure_get_value(s, "adapters");
	for (guint i = 0; arr && i < gst_value_array_get_size(arr); i++) {
		const GstStructure *a = gst_value_get_structure(
		        gst_value_array_get_value(arr, i));
		const gchar *dev = gst_structure_get_string(a, "device");
		gboolean remote = FALSE;
		guint64 f = 0;

		gst_structure_get_boolean(a, "remote", &remote);
		gst_structure_get_uint64(a, "frames", &f);
		if (remote && dev && g_str_has_prefix(dev, "udp:127.0.0.1:")) {
			n++;
			*frames += f;
		}
	}
	gst_structure_free(s);
	return n;
}

static void test_two_forwarders(const struct gst_test_env *env)
{
	GstHarness *agg, *ra, *rb, *ht;
	GstBus *bus_agg, *bus_a, *bus_b, *bus_tx;
	struct tally ta = { 0 }, tb = { 0 }, tg = { 0 };
	gchar *fwd;
	guint port, errors = 0;
	gint64 deadline;
	gboolean done = FALSE;
	guint64 remote_frames;

	agg = src_harness(env, env->gs_key, &bus_agg,
	                  "aggregator with device=none reaches PLAYING",
	                  "device", "none", "aggregate", "127.0.0.1:0", NULL);
	if (!agg)
		return;
	port = gst_test_stat_uint(agg->element, "aggregate-port");
	CHECK(port > 0 && port < 65536, "the aggregator says its UDP port");
	fwd = g_strdup_printf("127.0.0.1:%u", port);
	ra = src_harness(env, env->gs_key, &bus_a, "receiver A reaches PLAYING",
	                 "device", "virtual:rxa,loss=0.3,seed=11",
	                 "forward", fwd, NULL);
	rb = src_harness(env, env->gs_key, &bus_b, "receiver B reaches PLAYING",
	                 "device", "virtual:rxb,loss=0.3,seed=29",
	                 "forward", fwd, NULL);
	g_free(fwd);
	if (!ra || !rb)
		return;
	ht = gst_test_sink_harness(env, "virtual:drone", 149, &bus_tx,
	                           "devourersink reaches PLAYING");
	if (!ht)
		return;

	for (guint i = 0; i < N_SENT; i++) {
		GstFlowReturn fr = gst_harness_push(
		        ht, gst_test_packet_make(&packets, i));
		if (fr != GST_FLOW_OK) {
			CHECK(0, "the sink takes every packet");
			break;
		}
	}

	/* Each link has judged every compared packet (delivered or lost):
	 * from then on none of them can change its count. */
	deadline = g_get_monotonic_time() + WAIT_MS * G_TIME_SPAN_MILLISECOND;
	while (!done && g_get_monotonic_time() < deadline) {
		gboolean a = judged(ra, &ta), b = judged(rb, &tb);
		gboolean g = judged(agg, &tg);

		done = a && b && g;
		if (!done)
			g_usleep(5000);
	}
	CHECK(done, "all three links judged every packet");
	printf("# delivered of %d: A %u, B %u, aggregator %u\n", N_JUDGED,
	       ta.judged, tb.judged, tg.judged);
	CHECK(ta.judged < N_JUDGED && tb.judged < N_JUDGED,
	      "each receiver alone loses packets FEC cannot repair");
	CHECK(tg.judged > ta.judged && tg.judged > tb.judged,
	      "the aggregator delivers more than either receiver");
	CHECK_EQ_INT(ta.wrong + tb.wrong + tg.wrong, 0,
	             "every delivered buffer is a sent packet, byte-exact, "
	             "in order");
	CHECK(gst_test_stat_u64(ra->element, "forwarded") > 0 &&
	      gst_test_stat_u64(rb->element, "forwarded") > 0,
	      "both receivers forward");
	CHECK_EQ_INT(gst_test_stat_u64(ra->element, "forward-errors") +
	             gst_test_stat_u64(rb->element, "forward-errors"), 0,
	             "no send error");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "aggregate-refused"), 0,
	             "no datagram refused");
	CHECK_EQ_INT(gst_test_stat_uint(agg->element, "aggregate-remotes"), 2,
	             "two remote senders");
	CHECK_EQ_INT(remote_adapters(agg->element, &remote_frames), 2,
	             "both appear in the per-adapter stats with their address");
	CHECK(remote_frames > 0, "and the link counts their frames");
	CHECK(gst_test_stat_u64(agg->element, "duplicates") > 0,
	      "frames both heard are dropped as duplicates");

	errors += gst_test_drain_bus(bus_agg, 0, NULL);
	errors += gst_test_drain_bus(bus_a, 0, NULL);
	errors += gst_test_drain_bus(bus_b, 0, NULL);
	errors += gst_test_drain_bus(bus_tx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "no error message");

	gst_harness_teardown(ht);
	gst_harness_teardown(ra);
	gst_harness_teardown(rb);
	gst_harness_teardown(agg);
	gst_object_unref(bus_agg);
	gst_object_unref(bus_a);
	gst_object_unref(bus_b);
	gst_object_unref(bus_tx);
}

/* "X <hex>" lines of @path with tag @tag, as byte arrays. */
static GPtrArray *read_records(const gchar *path, char tag)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)g_byte_array_unref);
	gchar *text = NULL;
	gchar **lines;

	if (!g_file_get_contents(path, &text, NULL, NULL))
		return out;
	lines = g_strsplit(text, "\n", -1);
	for (gchar **l = lines; *l; l++) {
		GByteArray *b;
		const gchar *hex;

		if ((*l)[0] != tag || ((*l)[1] != ' ' && (*l)[1] != '\0'))
			continue;
		hex = (*l)[1] ? *l + 2 : "";
		b = g_byte_array_new();
		for (gsize i = 0; hex[i] && hex[i + 1]; i += 2) {
			guint8 v = (guint8)((g_ascii_xdigit_value(hex[i]) << 4) |
			                    g_ascii_xdigit_value(hex[i + 1]));
			g_byte_array_append(b, &v, 1);
		}
		g_ptr_array_add(out, b);
	}
	g_strfreev(lines);
	g_free(text);
	return out;
}

static void test_wfbng_vector(const struct gst_test_env *env)
{
	const gchar *dir = g_getenv("DEVOURER_TEST_VECTORS_DIR");
	gchar *path, *key;
	GPtrArray *pkts, *dgrams;
	GstHarness *agg;
	GstBus *bus;
	GSocket *sock;
	GSocketAddress *to;
	guint port, got = 0, exact = 0, sent = 0;
	gint64 deadline;

	if (!CHECK(dir != NULL, "DEVOURER_TEST_VECTORS_DIR is set"))
		return;
	path = g_build_filename(dir, "wfb_rx_forwarder_capture.txt", NULL);
	key = g_build_filename(dir, "gs.key", NULL);
	pkts = read_records(path, 'P');
	dgrams = read_records(path, 'D');
	CHECK(pkts->len == 8 && dgrams->len == 25,
	      "vector: 8 packets, 25 datagrams");

	agg = src_harness(env, key, &bus, "vector aggregator reaches PLAYING",
	                  "device", "none", "aggregate", "127.0.0.1:0",
	                  "link-id", "1193046", "radio-port", "7", NULL);
	if (!agg)
		goto out;
	port = gst_test_stat_uint(agg->element, "aggregate-port");
	sock = g_socket_new(G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
	                    G_SOCKET_PROTOCOL_UDP, NULL);
	to = g_inet_socket_address_new_from_string("127.0.0.1", port);
	for (guint i = 0; i < dgrams->len; i++) {
		GByteArray *d = g_ptr_array_index(dgrams, i);

		if (g_socket_send_to(sock, to, (const gchar *)d->data, d->len,
		                     NULL, NULL) == (gssize)d->len)
			sent++;
	}
	CHECK_EQ_INT(sent, dgrams->len, "vector: every datagram sent");
	/* And one cut inside its header, which must be refused. */
	if (dgrams->len > 0 &&
	    g_socket_send_to(sock, to,
	                     (const gchar *)((GByteArray *)g_ptr_array_index(
	                             dgrams, 0))->data,
	                     9, NULL, NULL) == 9)
		sent++;
	/* Every datagram taken in, then every packet out. */
	CHECK(gst_test_wait_stat_above(agg->element, "aggregate-datagrams",
	                               sent - 1, WAIT_MS),
	      "vector: the aggregator took every datagram");
	deadline = g_get_monotonic_time() + WAIT_MS * G_TIME_SPAN_MILLISECOND;
	while (got < pkts->len && g_get_monotonic_time() < deadline) {
		GstBuffer *b = gst_harness_try_pull(agg);
		GByteArray *want;
		GstMapInfo map;

		if (!b) {
			g_usleep(2000);
			continue;
		}
		want = g_ptr_array_index(pkts, got);
		gst_buffer_map(b, &map, GST_MAP_READ);
		if (map.size == want->len &&
		    (want->len == 0 ||
		     memcmp(map.data, want->data, want->len) == 0))
			exact++;
		else
			printf("# vector packet %u differs\n", got);
		gst_buffer_unmap(b, &map);
		gst_buffer_unref(b);
		got++;
	}
	CHECK_EQ_INT(got, 8, "vector: wfb_tx's 8 packets delivered");
	CHECK_EQ_INT(exact, 8, "vector: byte-exact and in order");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "aggregate-frames"), 23,
	             "vector: 23 frames (wlan 1's data copies went as dedup "
	             "records)");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element,
	                               "aggregate-dedup-batches"), 2,
	             "vector: both dedup batches recognised, not pushed");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "aggregate-short"), 1,
	             "vector: the cut datagram is refused as short");
	CHECK_EQ_INT(gst_test_stat_uint(agg->element, "aggregate-remotes"), 2,
	             "vector: wlan 0 and wlan 1 are two remote adapters");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "auth-failed") +
	             gst_test_stat_u64(agg->element, "session-auth-failed") +
	             gst_test_stat_u64(agg->element, "malformed"), 0,
	             "vector: every frame authenticates");
	CHECK_EQ_INT(gst_test_drain_bus(bus, 0, NULL), 0, "vector: no error");

	g_object_unref(to);
	g_object_unref(sock);
	gst_harness_teardown(agg);
	gst_object_unref(bus);
out:
	g_ptr_array_unref(pkts);
	g_ptr_array_unref(dgrams);
	g_free(path);
	g_free(key);
}

static const GstStructure *wait_warning(GstBus *bus, GPtrArray *msgs,
                                        const gchar *kind, guint *errors)
{
	gint64 deadline = g_get_monotonic_time() +
	                  WAIT_MS * G_TIME_SPAN_MILLISECOND;
	const GstStructure *d = NULL;

	while (!(d = gst_test_find_warning(msgs, kind)) &&
	       g_get_monotonic_time() < deadline)
		*errors += gst_test_drain_bus(bus, 50, msgs);
	return d;
}

static void test_refusals_and_slots(const struct gst_test_env *env)
{
	const gchar *dir = g_getenv("DEVOURER_TEST_VECTORS_DIR");
	gchar *path = g_build_filename(dir ? dir : ".",
	                               "wfb_rx_forwarder_capture.txt", NULL);
	GPtrArray *dgrams = read_records(path, 'D');
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	GSocket *socks[DVR_LINK_MAX_ADAPTERS + 1];
	GSocketAddress *to;
	GstHarness *agg;
	GstBus *bus;
	const GstStructure *d;
	guint port, errors = 0, port_warned = 0;
	guint8 bad[40];
	GByteArray *session;

	g_free(path);
	if (!CHECK(dgrams->len > 0, "slots: the vector is there"))
		goto out;
	session = g_ptr_array_index(dgrams, 0);
	agg = src_harness(env, env->gs_key, &bus,
	                  "slots: aggregator reaches PLAYING", "device", "none",
	                  "aggregate", "127.0.0.1:0", NULL);
	if (!agg)
		goto out;
	port = gst_test_stat_uint(agg->element, "aggregate-port");
	to = g_inet_socket_address_new_from_string("127.0.0.1", port);
	for (guint i = 0; i < G_N_ELEMENTS(socks); i++)
		socks[i] = g_socket_new(G_SOCKET_FAMILY_IPV4,
		                        G_SOCKET_TYPE_DATAGRAM,
		                        G_SOCKET_PROTOCOL_UDP, NULL);

	/* Cut inside the header, and an unknown packet type. */
	memset(bad, 0, sizeof(bad));
	bad[DVR_LINK_FWD_HDR_LEN] = 0x09;
	g_socket_send_to(socks[0], to, (const gchar *)bad, 5, NULL, NULL);
	g_socket_send_to(socks[0], to, (const gchar *)bad, sizeof(bad), NULL,
	                 NULL);
	CHECK(gst_test_wait_stat_above(agg->element, "aggregate-refused", 1,
	                               WAIT_MS),
	      "slots: both bad datagrams refused");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "aggregate-short"), 1,
	             "slots: one as short");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "aggregate-bad-type"), 1,
	             "slots: one as of an unknown type");
	d = wait_warning(bus, msgs, "nothing-forwarded", &errors);
	if (d)
		gst_structure_get_uint(d, "port", &port_warned);
	CHECK(d != NULL && port_warned == port,
	      "slots: nothing-forwarded names the port");

	/* A frame from each of nine senders: eight slots. */
	for (guint i = 0; i < G_N_ELEMENTS(socks); i++)
		g_socket_send_to(socks[i], to, (const gchar *)session->data,
		                 session->len, NULL, NULL);
	CHECK(gst_test_wait_stat_above(agg->element, "aggregate-datagrams",
	                               2 + G_N_ELEMENTS(socks) - 1, WAIT_MS),
	      "slots: every datagram taken in");
	CHECK_EQ_INT(gst_test_stat_uint(agg->element, "aggregate-remotes"),
	             DVR_LINK_MAX_ADAPTERS, "slots: eight senders have a slot");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "aggregate-no-slot"), 1,
	             "slots: the ninth's frame is counted, not used");
	d = wait_warning(bus, msgs, "aggregate-full", &errors);
	CHECK(d != NULL, "slots: a warning says the slots ran out");
	CHECK_EQ_INT(errors, 0, "slots: no error");

	for (guint i = 0; i < G_N_ELEMENTS(socks); i++)
		g_object_unref(socks[i]);
	g_object_unref(to);
	gst_harness_teardown(agg);
	gst_object_unref(bus);
out:
	g_ptr_array_unref(msgs);
	g_ptr_array_unref(dgrams);
}

/* The "device" of adapter @index in @e's stats, or NULL (g_free it). */
static gchar *adapter_device(GstElement *e, guint index, guint64 *frames)
{
	GstStructure *s = NULL;
	const GValue *arr;
	gchar *dev = NULL;

	g_object_get(e, "stats", &s, NULL);
	if (!s)
		return NULL;
	arr = gst_structure_get_value(s, "adapters");
	if (arr && index < gst_value_array_get_size(arr)) {
		const GstStructure *a = gst_value_get_structure(
		        gst_value_array_get_value(arr, index));
		guint idx = G_MAXUINT;

		gst_structure_get_uint(a, "index", &idx);
		gst_structure_get_uint64(a, "frames", frames);
		if (idx == index)
			dev = g_strdup(gst_structure_get_string(a, "device"));
	}
	gst_structure_free(s);
	return dev;
}

static void test_local_and_remote(const struct gst_test_env *env)
{
	GstHarness *agg, *ra, *ht;
	GstBus *bus_agg, *bus_a, *bus_tx;
	struct tally ta = { 0 }, tg = { 0 };
	gchar *fwd, *dev0, *dev1;
	guint port, errors = 0;
	guint64 f0 = 0, f1 = 0;
	gint64 deadline;
	gboolean done = FALSE;

	agg = src_harness(env, env->gs_key, &bus_agg,
	                  "local+remote: aggregator with an adapter plays",
	                  "device", "virtual:rxg,loss=0.3,seed=29",
	                  "aggregate", "127.0.0.1:0", NULL);
	if (!agg)
		return;
	port = gst_test_stat_uint(agg->element, "aggregate-port");
	fwd = g_strdup_printf("127.0.0.1:%u", port);
	ra = src_harness(env, env->gs_key, &bus_a,
	                 "local+remote: receiver plays",
	                 "device", "virtual:rxa2,loss=0.3,seed=11",
	                 "forward", fwd, NULL);
	g_free(fwd);
	if (!ra)
		return;
	ht = gst_test_sink_harness(env, "virtual:drone2", 149, &bus_tx,
	                           "local+remote: devourersink plays");
	if (!ht)
		return;
	for (guint i = 0; i < N_SENT; i++)
		if (gst_harness_push(ht, gst_test_packet_make(&packets, i)) !=
		    GST_FLOW_OK) {
			CHECK(0, "local+remote: the sink takes every packet");
			break;
		}
	deadline = g_get_monotonic_time() + WAIT_MS * G_TIME_SPAN_MILLISECOND;
	while (!done && g_get_monotonic_time() < deadline) {
		gboolean a = judged(ra, &ta), g = judged(agg, &tg);

		done = a && g;
		if (!done)
			g_usleep(5000);
	}
	CHECK(done, "local+remote: both links judged every packet");
	printf("# local+remote: receiver %u, aggregator %u of %d\n",
	       ta.judged, tg.judged, N_JUDGED);
	CHECK(tg.judged > ta.judged,
	      "local+remote: more than the forwarding receiver alone");
	CHECK_EQ_INT(ta.wrong + tg.wrong, 0, "local+remote: all byte-exact");
	dev0 = adapter_device(agg->element, 0, &f0);
	dev1 = adapter_device(agg->element, 1, &f1);
	CHECK(dev0 && strcmp(dev0, "virtual:rxg,loss=0.3,seed=29") == 0 &&
	      f0 > 0, "local+remote: slot 0 is the local adapter, hearing");
	CHECK(dev1 && g_str_has_prefix(dev1, "udp:127.0.0.1:") && f1 > 0,
	      "local+remote: slot 1 the remote receiver, heard");
	g_free(dev0);
	g_free(dev1);
	errors += gst_test_drain_bus(bus_agg, 0, NULL);
	errors += gst_test_drain_bus(bus_a, 0, NULL);
	errors += gst_test_drain_bus(bus_tx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "local+remote: no error message");
	gst_harness_teardown(ht);
	gst_harness_teardown(ra);
	gst_harness_teardown(agg);
	gst_object_unref(bus_agg);
	gst_object_unref(bus_a);
	gst_object_unref(bus_tx);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	test_two_forwarders(&env);
	test_wfbng_vector(&env);
	test_refusals_and_slots(&env);
	test_local_and_remote(&env);
	gst_test_teardown(&env);
	return check_done();
}
