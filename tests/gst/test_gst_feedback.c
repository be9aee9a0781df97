/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The ground's link feedback (devourersrc feedback-interval): a drone's
 * devourersink sends packets at HT MCS3; the ground's src receives them
 * and, every 100 ms, sends a record of what it heard on feedback-port.
 * A listener on the drone's adapter (a share of it, as a sink of the
 * drone process would have) opens the records with the drone's key and
 * checks them against what was sent: every packet counted once across
 * the records, the rate and FEC the sink used, both chains of the
 * 2T2R adapter with their signal, the sequence without a gap, silent
 * records once the drone stops. A feedback-port equal to the port the
 * src receives is refused at start.
 */
#include "gst_test_common.h"

#define CHANNEL 36
#define N_PACKETS 240
#define MAX_RECORDS 1000
/* devourersrc's defaults: wfb-ng's link id, the feedback port */
#define LINK_ID 7669206
#define PORT 0xFE

static const struct gst_test_packets packets = {37, 1200, 5, 0, 8};

/* The drone's listener: records heard, on the adapter's RX thread. */
static GMutex lock;
static struct dvr_link_feedback records[MAX_RECORDS];
static guint n_records, bad_records;

static void on_record(void *user, const uint8_t *data, size_t len)
{
	(void)user;
	struct dvr_link_feedback fb;
	g_mutex_lock(&lock);
	if (dvr_link_feedback_read(data, len, &fb) != DVR_OK)
		bad_records++;
	else if (n_records < MAX_RECORDS)
		records[n_records++] = fb;
	g_mutex_unlock(&lock);
}

static struct dvr_link_rx *listener;

static void on_frame(void *user, const struct dvr_rx_frame *f)
{
	(void)user;
	g_mutex_lock(&lock);
	struct dvr_link_rx *rx = listener;
	g_mutex_unlock(&lock);
	/* only this thread pushes; records land under the lock */
	if (rx)
		dvr_link_rx_push(rx, 0, f->info.signal_dbm, f->data, f->len,
		                 (uint64_t)(g_get_monotonic_time() / 1000));
}

/* Packets the records counted, and whether the last @silent of them
 * were silent. */
static guint64 counted(guint *n_out, guint *silent_tail)
{
	guint64 sum = 0;
	g_mutex_lock(&lock);
	*n_out = n_records;
	*silent_tail = 0;
	for (guint i = 0; i < n_records; i++) {
		sum += records[i].packets;
		if (records[i].flags & DVR_LINK_FEEDBACK_SILENT)
			(*silent_tail)++;
		else
			*silent_tail = 0;
	}
	g_mutex_unlock(&lock);
	return sum;
}

static void refused_same_port(const struct gst_test_env *env)
{
	GstElement *src = gst_element_factory_make("devourersrc", NULL);
	GstBus *bus = gst_bus_new();
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	g_object_set(src, "device", "virtual:fb-same", "channel", CHANNEL,
	             "key-file", env->gs_key, "feedback-interval", 100,
	             "feedback-port", 0, NULL);
	gst_element_set_bus(src, bus);
	CHECK(gst_element_set_state(src, GST_STATE_PLAYING) ==
	              GST_STATE_CHANGE_FAILURE,
	      "feedback on the port the src receives: refused at start");
	gst_test_drain_bus(bus, 0, msgs);
	gboolean named = FALSE;
	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		GError *e = NULL;
		if (GST_MESSAGE_TYPE(m) != GST_MESSAGE_ERROR)
			continue;
		gst_message_parse_error(m, &e, NULL);
		named = named || strstr(e->message, "feedback-port") != NULL;
		g_error_free(e);
	}
	CHECK(named, "the error names feedback-port");
	gst_element_set_state(src, GST_STATE_NULL);
	gst_object_unref(src);
	gst_object_unref(bus);
	g_ptr_array_unref(msgs);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstBus *bus_rx, *bus_tx;

	gst_test_setup(&env, &argc, &argv);
	g_mutex_init(&lock);
	refused_same_port(&env);

	/* the drone's listener: a share of its adapter, the drone's key */
	struct dvr_link_keys keys;
	struct dvr_link_rx_config rc = { .link_id = LINK_ID,
		                         .radio_port = PORT };
	struct dvr_link_rx *rx = NULL;
	dvr_share *share = NULL;
	CHECK_EQ_INT(dvr_link_keys_load(env.drone_key, &keys), DVR_OK,
	             "the drone's key");
	CHECK_EQ_INT(dvr_link_rx_new(&rc, &keys, on_record, NULL, &rx), DVR_OK,
	             "a link receiver for the feedback port");
	g_mutex_lock(&lock);
	listener = rx;
	g_mutex_unlock(&lock);
	struct dvr_share_config sc = { 0 };
	sc.device.on_rx = on_frame;
	sc.channel = (struct dvr_channel){ .channel = CHANNEL, .bw_mhz = 20 };
	dvr_link_rx_match(LINK_ID, PORT, &sc.match);
	/* it opens the drone's adapter (the sink joins it): it hears the
	 * ground's first session announcement */
	CHECK_EQ_INT(dvr_share_open("virtual:fb-drone", &sc, &share), DVR_OK,
	             "the listener on the drone's adapter");

	/* the ground: receives port 0, feeds back every 100 ms */
	GstHarness *hs = gst_harness_new("devourersrc");
	GstElement *src = hs->element;
	g_object_set(src, "device", "virtual:fb-ground", "channel", CHANNEL,
	             "key-file", env.gs_key, "fec-timeout", 20,
	             "feedback-interval", 100, NULL);
	bus_rx = gst_bus_new();
	gst_element_set_bus(src, bus_rx);
	if (!CHECK(gst_element_set_state(src, GST_STATE_PLAYING) !=
	                   GST_STATE_CHANGE_FAILURE,
	           "the ground src starts with feedback on")) {
		gst_test_drain_bus(bus_rx, 0, NULL);
		return check_done();
	}
	guint link_id = 0, port = 0, k = 0, n = 0;
	g_object_get(src, "link-id", &link_id, "feedback-port", &port, NULL);
	CHECK_EQ_INT(port, PORT, "feedback-port defaults to 254");
	CHECK_EQ_INT(link_id, LINK_ID, "link-id as the listener has it");

	GstHarness *ht = gst_test_sink_harness_with(
	        &env, "virtual:fb-drone", CHANNEL, &bus_tx,
	        "the drone sink starts", "mcs", 3, NULL);
	if (!ht)
		return check_done();
	g_object_get(ht->element, "fec-k", &k, "fec-n", &n, NULL);

	for (guint i = 0; i < N_PACKETS; i++) {
		if (gst_harness_push(ht, gst_test_packet_make(&packets, i)) !=
		    GST_FLOW_OK)
			break;
		GstBuffer *b;
		while ((b = gst_harness_try_pull(hs)) != NULL)
			gst_buffer_unref(b);
	}
	gst_harness_push_event(ht, gst_event_new_eos());

	/* every packet counted, then two silent records (hang guard) */
	guint nrec = 0, silent = 0;
	guint64 sum = 0;
	gint64 deadline = g_get_monotonic_time() + 30 * G_TIME_SPAN_SECOND;
	do {
		GstBuffer *b;
		while ((b = gst_harness_try_pull(hs)) != NULL)
			gst_buffer_unref(b);
		gst_test_drain_bus(bus_rx, 10, NULL);
		sum = counted(&nrec, &silent);
	} while ((sum < N_PACKETS || silent < 2) &&
	         g_get_monotonic_time() < deadline);

	printf("# %u records, %" G_GUINT64_FORMAT " packets counted, %u "
	       "silent at the end\n", nrec, sum, silent);
	printf("# src frames-received %" G_GUINT64_FORMAT ", link-frames %"
	       G_GUINT64_FORMAT "; sink frames-sent %" G_GUINT64_FORMAT "\n",
	       gst_test_stat_u64(src, "frames-received"),
	       gst_test_stat_u64(src, "link-frames"),
	       gst_test_stat_u64(ht->element, "frames-sent"));
	CHECK_EQ_INT(sum, N_PACKETS, "every packet counted once");
	CHECK(silent >= 2, "records keep coming, silent, once the drone stops");
	CHECK_EQ_INT(bad_records, 0, "every record reads");

	g_mutex_lock(&lock);
	guint gaps = 0, with_rate = 0, lost = 0;
	for (guint i = 0; i < n_records; i++) {
		const struct dvr_link_feedback *f = &records[i];
		if (i > 0 && (guint16)(f->seq - records[i - 1].seq) != 1)
			gaps++;
		lost += f->lost;
		if (!(f->flags & DVR_LINK_FEEDBACK_SILENT) && f->packets > 0) {
			with_rate++;
			char what[160];
			snprintf(what, sizeof what, "record %u: HT MCS3 heard, "
			         "two chains, FEC %u/%u, span about 100 ms",
			         f->seq, k, n);
			CHECK(f->has_rate && f->rate.kind == DVR_RATE_HT &&
			              f->rate.mcs == 3 && f->bw_mhz == 20 &&
			              f->n_chains == 2 && f->fec_k == k &&
			              f->fec_n == n && f->span_ms >= 50 &&
			              f->span_ms <= 1000 &&
			              f->rssi_dbm[0] < 0 &&
			              f->rssi_dbm[0] > -100 && f->snr_db[0] > 10,
			      what);
		}
	}
	g_mutex_unlock(&lock);
	CHECK(with_rate > 0, "records of the traffic");
	CHECK_EQ_INT(gaps, 0, "no record missing from the sequence");
	CHECK_EQ_INT(lost, 0, "nothing lost on a clean air");
	guint64 sent = 0;
	GstStructure *st = NULL;
	g_object_get(src, "stats", &st, NULL);
	if (st) {
		gst_structure_get_uint64(st, "feedback-sent", &sent);
		gst_structure_free(st);
	}
	CHECK(sent >= nrec, "stats: feedback-sent counts the records");

	dvr_share_close(share);
	g_mutex_lock(&lock);
	listener = NULL;
	g_mutex_unlock(&lock);
	dvr_link_rx_free(rx);
	gst_harness_teardown(ht);
	gst_harness_teardown(hs);
	gst_object_unref(bus_rx);
	gst_object_unref(bus_tx);
	gst_test_teardown(&env);
	return check_done();
}
