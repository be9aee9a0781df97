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

/* The aggregator's address on loopback, and @n UDP sockets to send to
 * it from as many source ports. */
static GSocketAddress *udp_senders_to(GstHarness *agg, GSocket **socks,
                                      guint n)
{
	for (guint i = 0; i < n; i++)
		socks[i] = g_socket_new(G_SOCKET_FAMILY_IPV4,
		                        G_SOCKET_TYPE_DATAGRAM,
		                        G_SOCKET_PROTOCOL_UDP, NULL);
	return g_inet_socket_address_new_from_string(
	        "127.0.0.1", gst_test_stat_uint(agg->element, "aggregate-port"));
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
	lost = gst_test_stat_lost_any(h->element);
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
	guint got = 0, exact = 0, sent = 0;
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
	to = udp_senders_to(agg, &sock, 1);
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
	CHECK_EQ_INT(gst_test_stat_uint(agg->element, "aggregate-remotes"), 1,
	             "vector: wlan 0 has a slot");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "aggregate-unproven"), 3,
	             "vector: wlan 1 none: it only repeated wlan 0's session "
	             "packets (its data went as dedup records)");
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

/* A string field of @e's stats (g_free it), or NULL. */
static gchar *stat_string(GstElement *e, const gchar *field)
{
	GstStructure *s = NULL;
	gchar *v = NULL;

	g_object_get(e, "stats", &s, NULL);
	if (s) {
		v = g_strdup(gst_structure_get_string(s, field));
		gst_structure_free(s);
	}
	return v;
}

/* Wait up to @timeout_ms until the uint stats field @field of @e is
 * @want. */
static gboolean wait_stat_uint_is(GstElement *e, const gchar *field,
                                  guint want, guint timeout_ms)
{
	gint64 deadline = g_get_monotonic_time() +
	                  (gint64)timeout_ms * G_TIME_SPAN_MILLISECOND;

	do {
		if (gst_test_stat_uint(e, field) == want)
			return TRUE;
		g_usleep(5000);
	} while (g_get_monotonic_time() < deadline);
	return FALSE;
}

static GByteArray *record(GPtrArray *recs, guint i)
{
	return g_ptr_array_index(recs, i);
}

static void send_record(GSocket *sock, GSocketAddress *to, GByteArray *d)
{
	g_socket_send_to(sock, to, (const gchar *)d->data, d->len, NULL, NULL);
}

/*
 * The vector's datagrams (wfb_tx's link 0x123456, port 7, vector keys):
 * 0 is wlan 0's session packet, 2..11 wlan 0's data fragments, each a
 * different one.
 */
static void test_refusals_and_slots(const struct gst_test_env *env)
{
	const gchar *dir = g_getenv("DEVOURER_TEST_VECTORS_DIR");
	gchar *path = g_build_filename(dir ? dir : ".",
	                               "wfb_rx_forwarder_capture.txt", NULL);
	gchar *key = g_build_filename(dir ? dir : ".", "gs.key", NULL);
	GPtrArray *dgrams = read_records(path, 'D');
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	GSocket *socks[DVR_LINK_MAX_ADAPTERS + 2];
	GSocketAddress *to;
	GstHarness *agg;
	GstBus *bus;
	const GstStructure *d;
	guint port, errors = 0, port_warned = 0;
	guint8 bad[40];

	(void)env;
	g_free(path);
	if (!CHECK(dgrams->len == 25, "slots: the vector is there"))
		goto out;
	/* A short slot timeout, for the expiry below. */
	agg = src_harness(env, key, &bus, "slots: aggregator reaches PLAYING",
	                  "device", "none", "aggregate", "127.0.0.1:0",
	                  "link-id", "1193046", "radio-port", "7",
	                  "aggregate-timeout", "300", NULL);
	if (!agg)
		goto out;
	port = gst_test_stat_uint(agg->element, "aggregate-port");
	to = udp_senders_to(agg, socks, G_N_ELEMENTS(socks));

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

	/* Data before any session proves nothing: no slot. */
	send_record(socks[0], to, record(dgrams, 2));
	CHECK(gst_test_wait_stat_above(agg->element,
	                               "aggregate-unauthenticated", 0, WAIT_MS),
	      "slots: data without a session is not authenticated");
	CHECK_EQ_INT(gst_test_stat_uint(agg->element, "aggregate-remotes"), 0,
	             "slots: and gets no slot");

	/* The session from sender 0, then a different fragment from each of
	 * eight more senders: seven find a slot, the last none. */
	send_record(socks[0], to, record(dgrams, 0));
	for (guint i = 1; i <= DVR_LINK_MAX_ADAPTERS; i++)
		send_record(socks[i], to, record(dgrams, 1 + i));
	CHECK(gst_test_wait_stat_above(agg->element, "aggregate-datagrams",
	                               3 + 1 + DVR_LINK_MAX_ADAPTERS - 1,
	                               WAIT_MS),
	      "slots: every datagram taken in");
	CHECK_EQ_INT(gst_test_stat_uint(agg->element, "aggregate-remotes"),
	             DVR_LINK_MAX_ADAPTERS, "slots: eight senders have a slot");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "aggregate-no-slot"), 1,
	             "slots: the ninth's frame is counted, not used");
	d = wait_warning(bus, msgs, "aggregate-full", &errors);
	CHECK(d != NULL, "slots: a warning says the slots ran out");

	/* A recording proves nothing: the session and a fragment the link
	 * already has, from a new sender, earn no slot. */
	CHECK(wait_stat_uint_is(agg->element, "aggregate-live", 0, WAIT_MS),
	      "slots: the senders fall silent");
	send_record(socks[DVR_LINK_MAX_ADAPTERS + 1], to, record(dgrams, 0));
	send_record(socks[DVR_LINK_MAX_ADAPTERS + 1], to, record(dgrams, 3));
	CHECK(gst_test_wait_stat_above(agg->element, "aggregate-unproven", 1,
	                               WAIT_MS),
	      "slots: a replayed session and fragment are authentic, not new");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "aggregate-expired"), 0,
	             "slots: and take no silent sender's slot");

	/* A fragment the link has not heard, from the sender that found no
	 * slot: the silent senders' slots are free for it now. */
	send_record(socks[DVR_LINK_MAX_ADAPTERS], to, record(dgrams, 10));
	CHECK(gst_test_wait_stat_above(agg->element, "aggregate-expired", 0,
	                               WAIT_MS),
	      "slots: a new authentic sender takes a silent sender's slot");
	CHECK_EQ_INT(gst_test_stat_uint(agg->element, "aggregate-live"), 1,
	             "slots: and is the live one");
	CHECK(gst_test_stat_u64(agg->element, "packets-received") > 0,
	      "slots: the link delivered what the slot holders forwarded");
	errors += gst_test_drain_bus(bus, 0, msgs);
	CHECK_EQ_INT(errors, 0, "slots: no error");

	for (guint i = 0; i < G_N_ELEMENTS(socks); i++)
		g_object_unref(socks[i]);
	g_object_unref(to);
	gst_harness_teardown(agg);
	gst_object_unref(bus);
out:
	g_free(key);
	g_ptr_array_unref(msgs);
	g_ptr_array_unref(dgrams);
}

/*
 * Garbage that reaches as far into the aggregator as each kind can: raw
 * bytes (kind 0, refused by the forwarder format), a valid forwarder
 * header with a data fragment (1, 2) or a session packet (3) of a valid
 * length but random content (refused by authentication); -1: any. @hdr
 * is a real forwarder header to start from.
 */
static gsize make_garbage(GRand *rnd, gint kind, const guint8 *hdr,
                          guint8 *out, gsize cap)
{
	gsize len;

	if (kind < 0)
		kind = g_rand_int_range(rnd, 0, 4);
	if (kind == 0) {
		len = (gsize)g_rand_int_range(rnd, 1, (gint)cap);
		for (gsize i = 0; i < len; i++)
			out[i] = (guint8)g_rand_int(rnd);
		return len;
	}
	memcpy(out, hdr, DVR_LINK_FWD_HDR_LEN);
	/* Other wlan indices look like other adapters of one forwarder. */
	out[0] = (guint8)g_rand_int_range(rnd, 0, 4);
	if (kind == 3) {
		len = DVR_LINK_FWD_HDR_LEN + 88; /* a session packet's size */
		out[DVR_LINK_FWD_HDR_LEN] = 0x02;
	} else {
		len = DVR_LINK_FWD_HDR_LEN +
		      (gsize)g_rand_int_range(rnd, 40, 1000);
		out[DVR_LINK_FWD_HDR_LEN] = 0x01;
	}
	for (gsize i = DVR_LINK_FWD_HDR_LEN + 1; i < len; i++)
		out[i] = (guint8)g_rand_int(rnd);
	/* Fragment index 0, a low block: past the cheap checks. */
	if (kind != 3)
		memset(out + DVR_LINK_FWD_HDR_LEN + 1, 0, 8);
	return len;
}

#define GARBAGE_PORTS 32
/* About 3 s of a 10 000 datagram/s flood. */
#define FLOOD_DATAGRAMS 30000

/*
 * Eight garbage datagrams from eight source ports before the forwarder
 * starts, then a flood from 32 ports all through its stream: the stream
 * is delivered in full, the forwarder has the only slot, every piece of
 * garbage is counted as refused or unauthenticated. The flood goes in
 * bursts the socket buffer holds, each taken in before the next, so what
 * is judged is the aggregator's rule and not the host's scheduling.
 */
static void test_garbage(const struct gst_test_env *env)
{
	const gchar *dir = g_getenv("DEVOURER_TEST_VECTORS_DIR");
	gchar *path = g_build_filename(dir ? dir : ".",
	                               "wfb_rx_forwarder_capture.txt", NULL);
	GPtrArray *dgrams = read_records(path, 'D');
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	GSocket *socks[GARBAGE_PORTS];
	GSocketAddress *to;
	GstHarness *agg, *ra, *ht;
	GstBus *bus_agg, *bus_a, *bus_tx;
	struct tally tg = { 0 };
	GRand *rnd = g_rand_new_with_seed(0x5eed);
	guint8 buf[1500];
	gchar *fwd;
	guint port, errors = 0, burst, per_packet;
	guint64 garbage = 0, flood = 0;
	gint64 deadline;
	gint bufsize = 0;
	gboolean done = FALSE;

	g_free(path);
	if (!CHECK(dgrams->len == 25, "garbage: the vector is there"))
		goto out;
	agg = src_harness(env, env->gs_key, &bus_agg,
	                  "garbage: aggregator reaches PLAYING", "device",
	                  "none", "aggregate", "0", NULL);
	if (!agg)
		goto out;
	port = gst_test_stat_uint(agg->element, "aggregate-port");
	to = udp_senders_to(agg, socks, G_N_ELEMENTS(socks));

	/* Eight datagrams from eight ports, each far enough to be judged by
	 * authentication. */
	for (guint i = 0; i < DVR_LINK_MAX_ADAPTERS; i++) {
		gsize len = make_garbage(rnd, 1 + (gint)(i % 3),
		                         record(dgrams, 2)->data, buf,
		                         sizeof(buf));

		g_socket_send_to(socks[i], to, (const gchar *)buf, len, NULL,
		                 NULL);
		garbage++;
	}
	CHECK(gst_test_wait_stat_above(agg->element,
	                               "aggregate-unauthenticated",
	                               DVR_LINK_MAX_ADAPTERS - 1, WAIT_MS),
	      "garbage: eight garbage senders refused by authentication");
	CHECK_EQ_INT(gst_test_stat_uint(agg->element, "aggregate-remotes"), 0,
	             "garbage: none of them has a slot");

	fwd = g_strdup_printf("127.0.0.1:%u", port);
	ra = src_harness(env, env->gs_key, &bus_a,
	                 "garbage: the forwarding receiver plays", "device",
	                 "virtual:rxf", "forward", fwd, NULL);
	g_free(fwd);
	ht = gst_test_sink_harness(env, "virtual:dronef", 149, &bus_tx,
	                           "garbage: devourersink plays");
	if (!ra || !ht)
		goto out;

	/* Bursts of at most half the socket buffer's worth (a small
	 * datagram takes about 1 KiB of it with the kernel's overhead). */
	{
		GstStructure *s = NULL;

		g_object_get(agg->element, "stats", &s, NULL);
		if (s) {
			gst_structure_get_int(s, "aggregate-buffer-size",
			                      &bufsize);
			gst_structure_free(s);
		}
	}
	burst = CLAMP((guint)(bufsize / 2048), 16, 1000);
	per_packet = FLOOD_DATAGRAMS / N_SENT + 1;
	for (guint i = 0; i < N_SENT; i++) {
		if (gst_harness_push(ht, gst_test_packet_make(&packets, i)) !=
		    GST_FLOW_OK) {
			CHECK(0, "garbage: the sink takes every packet");
			break;
		}
		for (guint j = 0; j < per_packet; j++) {
			gsize len = make_garbage(rnd, -1,
			                         record(dgrams, 2)->data, buf,
			                         sizeof(buf));

			g_socket_send_to(socks[(flood + j) % GARBAGE_PORTS],
			                 to, (const gchar *)buf, len, NULL,
			                 NULL);
			garbage++;
			flood++;
			if (flood % burst == 0) {
				guint64 judged_so_far;

				deadline = g_get_monotonic_time() +
				           WAIT_MS * G_TIME_SPAN_MILLISECOND;
				do {
					judged_so_far =
					        gst_test_stat_u64(
					                agg->element,
					                "aggregate-refused") +
					        gst_test_stat_u64(
					                agg->element,
					                "aggregate-unauthenticated");
					if (judged_so_far + burst < garbage)
						g_usleep(1000);
				} while (judged_so_far + burst < garbage &&
				         g_get_monotonic_time() < deadline);
			}
		}
	}

	deadline = g_get_monotonic_time() + WAIT_MS * G_TIME_SPAN_MILLISECOND;
	while (!done && g_get_monotonic_time() < deadline) {
		done = judged(agg, &tg);
		if (!done)
			g_usleep(5000);
	}
	CHECK(done, "garbage: the aggregator judged every packet");
	printf("# garbage: %" G_GUINT64_FORMAT " datagrams of garbage, "
	       "delivered %u of %d\n", garbage, tg.judged, N_JUDGED);
	CHECK_EQ_INT(tg.judged, N_JUDGED,
	             "garbage: the forwarder's stream delivered in full");
	if (tg.judged != N_JUDGED) {
		gst_test_print_stats(agg->element, "garbage: aggregator");
		gst_test_print_model("dronef", "sender");
		gst_test_print_model("rxf", "forwarder");
	}
	CHECK_EQ_INT(tg.wrong, 0, "garbage: every packet byte-exact");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "aggregate-kernel-drops"),
	             0, "garbage: the socket buffer dropped nothing");
	/* Random bytes can also read as a dedup batch or an empty frame,
	 * which the format takes and the link never sees. The last of the
	 * garbage may still sit in the socket when the stream is judged. */
	deadline = g_get_monotonic_time() + WAIT_MS * G_TIME_SPAN_MILLISECOND;
	guint64 counted;
	for (;;) {
		counted = gst_test_stat_u64(agg->element, "aggregate-refused") +
		          gst_test_stat_u64(agg->element,
		                            "aggregate-unauthenticated") +
		          gst_test_stat_u64(agg->element,
		                            "aggregate-dedup-batches") +
		          gst_test_stat_u64(agg->element, "aggregate-empty");
		if (counted >= garbage || g_get_monotonic_time() >= deadline)
			break;
		g_usleep(2000);
	}
	CHECK(counted >= garbage, "garbage: all of it counted where it stopped");
	CHECK_EQ_INT(gst_test_stat_uint(agg->element, "aggregate-remotes"), 1,
	             "garbage: the forwarder has the only slot");
	CHECK_EQ_INT(gst_test_stat_uint(agg->element, "aggregate-live"), 1,
	             "garbage: and it is live");
	CHECK_EQ_INT(gst_test_stat_u64(agg->element, "auth-failed") +
	             gst_test_stat_u64(agg->element, "session-auth-failed"), 0,
	             "garbage: none of it reached the link");
	errors += gst_test_drain_bus(bus_agg, 0, msgs);
	errors += gst_test_drain_bus(bus_a, 0, NULL);
	errors += gst_test_drain_bus(bus_tx, 0, NULL);
	CHECK_EQ_INT(errors, 0, "garbage: no error message");

	for (guint i = 0; i < G_N_ELEMENTS(socks); i++)
		g_object_unref(socks[i]);
	g_object_unref(to);
	gst_harness_teardown(ht);
	gst_harness_teardown(ra);
	gst_harness_teardown(agg);
	gst_object_unref(bus_agg);
	gst_object_unref(bus_a);
	gst_object_unref(bus_tx);
out:
	g_rand_free(rnd);
	g_ptr_array_unref(msgs);
	g_ptr_array_unref(dgrams);
}

/* A bare port listens on bind-address, loopback unless told; the
 * receive buffer asked for is granted (as root) and read back. */
static void test_bind_and_buffer(const struct gst_test_env *env)
{
	GstHarness *h;
	GstBus *bus;
	gchar *addr, *want;
	guint port;
	GstStructure *s = NULL;
	gint got = 0;

	h = src_harness(env, env->gs_key, &bus, "bind: default plays",
	                "device", "none", "aggregate", "0", NULL);
	if (!h)
		return;
	port = gst_test_stat_uint(h->element, "aggregate-port");
	addr = stat_string(h->element, "aggregate-address");
	want = g_strdup_printf("127.0.0.1:%u", port);
	CHECK(addr && strcmp(addr, want) == 0,
	      "bind: a bare port is bound on loopback by default");
	printf("# bind: %s\n", addr ? addr : "(none)");
	g_free(addr);
	g_free(want);
	g_object_get(h->element, "stats", &s, NULL);
	if (s) {
		gst_structure_get_int(s, "aggregate-buffer-size", &got);
		gst_structure_free(s);
	}
	if (geteuid() == 0)
		CHECK_EQ_INT(got, 4 * 1024 * 1024,
		             "bind: the 4 MiB receive buffer is granted");
	else
		CHECK(got > 0, "bind: the receive buffer is read back");
	CHECK_EQ_INT(gst_test_drain_bus(bus, 0, NULL), 0, "bind: no error");
	gst_harness_teardown(h);
	gst_object_unref(bus);

	h = src_harness(env, env->gs_key, &bus, "bind: any address plays",
	                "device", "none", "aggregate", "0", "bind-address",
	                "0.0.0.0", "aggregate-buffer-size", "65536", NULL);
	if (!h)
		return;
	port = gst_test_stat_uint(h->element, "aggregate-port");
	addr = stat_string(h->element, "aggregate-address");
	want = g_strdup_printf("0.0.0.0:%u", port);
	CHECK(addr && strcmp(addr, want) == 0,
	      "bind: bind-address=0.0.0.0 listens on every address");
	g_free(addr);
	g_free(want);
	g_object_get(h->element, "stats", &s, NULL);
	got = 0;
	if (s) {
		gst_structure_get_int(s, "aggregate-buffer-size", &got);
		gst_structure_free(s);
	}
	CHECK_EQ_INT(got, 65536, "bind: a smaller buffer is what is asked");
	CHECK_EQ_INT(gst_test_drain_bus(bus, 0, NULL), 0, "bind: no error");
	gst_harness_teardown(h);
	gst_object_unref(bus);
}

/*
 * The smallest receive buffer the kernel gives (a few datagrams) and
 * bursts faster than one thread takes them in: the kernel's drops are
 * counted and a warning names the buffer. Bursts go on until the count
 * rises (bounded), as no single burst is sure to overflow.
 */
static void test_kernel_drops(const struct gst_test_env *env)
{
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	GstHarness *h;
	GstBus *bus;
	GSocket *sock;
	GSocketAddress *to;
	guint8 dg[DVR_LINK_FWD_HDR_LEN + 200];
	guint errors = 0, bursts = 0;
	guint64 drops = 0;
	const GstStructure *d;

	h = src_harness(env, env->gs_key, &bus, "drops: aggregator plays",
	                "device", "none", "aggregate", "0",
	                "aggregate-buffer-size", "1", NULL);
	if (!h)
		goto out;
	to = udp_senders_to(h, &sock, 1);
	memset(dg, 0, sizeof(dg));
	dg[DVR_LINK_FWD_HDR_LEN] = 0x09; /* refused at once: cheap to take */
	while (drops == 0 && bursts++ < 200) {
		for (guint i = 0; i < 1000; i++)
			g_socket_send_to(sock, to, (const gchar *)dg,
			                 sizeof(dg), NULL, NULL);
		drops = gst_test_stat_u64(h->element,
		                          "aggregate-kernel-drops");
	}
	printf("# drops: %" G_GUINT64_FORMAT " after %u bursts\n", drops,
	       bursts);
	CHECK(drops > 0 && drops != G_MAXUINT64,
	      "drops: the kernel's drops are counted");
	d = wait_warning(bus, msgs, "aggregate-kernel-drops", &errors);
	CHECK(d != NULL, "drops: a warning names the full buffer");
	CHECK_EQ_INT(errors, 0, "drops: no error");
	g_object_unref(sock);
	g_object_unref(to);
	gst_harness_teardown(h);
	gst_object_unref(bus);
out:
	g_ptr_array_unref(msgs);
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

	/* A forwarded frame crosses the other receiver's threads and a UDP
	 * socket: on a loaded host it can come later than the default
	 * fec-timeout, which would close its block as lost. */
	agg = src_harness(env, env->gs_key, &bus_agg,
	                  "local+remote: aggregator with an adapter plays",
	                  "device", "virtual:rxg,loss=0.3,seed=29",
	                  "aggregate", "127.0.0.1:0", "fec-timeout", "1000",
	                  NULL);
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
	test_garbage(&env);
	test_bind_and_buffer(&env);
	test_kernel_drops(&env);
	test_local_and_remote(&env);
	gst_test_teardown(&env);
	return check_done();
}
