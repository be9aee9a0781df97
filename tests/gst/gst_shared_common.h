/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the shared-adapter element tests have in common: elements for one
 * stream (a radio port, FEC) on a named adapter in harnesses, a tally of
 * what their buses carried, and whether a virtual adapter is on the air.
 */
#ifndef DVR_GST_SHARED_COMMON_H
#define DVR_GST_SHARED_COMMON_H

#include "gst_test_common.h"

#define FEC_TIMEOUT_MS 40

/* A "video" stream: large packets, a frame every 10 packets. */
G_GNUC_UNUSED static const struct gst_test_packets video = {
	.size_step = 7919, .max_size = 1400, .seed = 0x9e3779b9u,
	.seed_offset = 1, .marker_every = 10,
};
/* "Telemetry": small packets, each one sent at once (its own block). */
G_GNUC_UNUSED static const struct gst_test_packets telemetry = {
	.size_step = 13, .max_size = 120, .seed = 0x85ebca6bu,
	.seed_offset = 3, .marker_every = 1,
};
G_GNUC_UNUSED static const struct gst_test_packets video2 = {
	.size_step = 4093, .max_size = 1200, .seed = 0xc2b2ae35u,
	.seed_offset = 5, .marker_every = 8,
};
G_GNUC_UNUSED static const struct gst_test_packets telemetry2 = {
	.size_step = 31, .max_size = 200, .seed = 0x27d4eb2fu,
	.seed_offset = 7, .marker_every = 1,
};

/* A devourersrc for @port on @device in a harness, on its own bus. */
static inline GstHarness *src_on(const struct gst_test_env *env,
                                 const gchar *device, guint port,
                                 GstBus **bus, const gchar *what)
{
	GstHarness *h = gst_harness_new("devourersrc");

	g_object_set(h->element, "device", device, "channel", 149,
	             "radio-port", port, "key-file", env->gs_key,
	             "fec-timeout", FEC_TIMEOUT_MS, NULL);
	*bus = gst_bus_new();
	gst_element_set_bus(h->element, *bus);
	if (gst_element_set_state(h->element, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(*bus, 0, NULL);
		CHECK(0, what);
		gst_harness_teardown(h);
		gst_object_unref(*bus);
		*bus = NULL;
		return NULL;
	}
	return h;
}

/* A devourersink for @port (FEC @k/@n) on @device in a harness. */
static inline GstHarness *sink_on(const struct gst_test_env *env,
                                  const gchar *device, guint port, guint k,
                                  guint n, GstBus **bus, const gchar *what)
{
	GstElement *sink = gst_element_factory_make("devourersink", NULL);
	GstHarness *h;

	g_object_set(sink, "device", device, "channel", 149, "radio-port",
	             port, "key-file", env->drone_key, "sync", FALSE,
	             "fec-timeout", 5, "fec-n", n, "fec-k", k, "async", FALSE,
	             NULL);
	*bus = gst_bus_new();
	gst_element_set_bus(sink, *bus);
	if (gst_element_set_state(sink, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(*bus, 0, NULL);
		CHECK(0, what);
		gst_element_set_state(sink, GST_STATE_NULL);
		gst_object_unref(sink);
		gst_object_unref(*bus);
		*bus = NULL;
		return NULL;
	}
	h = gst_harness_new_with_element(sink, "sink", NULL);
	gst_object_unref(sink);
	gst_harness_set_src_caps_str(h, "application/x-devourer-test");
	return h;
}

/* Messages a bus carried: ERRORs, warnings of @kind (NULL: any), the
 * joined messages (and the highest user count they gave), init totals. */
struct tally {
	guint errors, warnings, joined, max_users, init_done;
};

static inline void tally_bus(GstBus *bus, const gchar *kind,
                             struct tally *t)
{
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);

	t->errors += gst_test_drain_bus(bus, 0, msgs);
	for (guint i = 0; i < msgs->len; i++) {
		GstMessage *m = g_ptr_array_index(msgs, i);
		const GstStructure *s = gst_message_get_structure(m);

		if (GST_MESSAGE_TYPE(m) == GST_MESSAGE_WARNING) {
			const GstStructure *d = NULL;
			const gchar *k = NULL;

			gst_message_parse_warning_details(m, &d);
			if (d)
				k = gst_structure_get_string(d, "kind");
			if (!kind || (k && strcmp(k, kind) == 0))
				t->warnings++;
		}
		if (gst_test_is_element_msg(m, "devourer-adapter-joined")) {
			guint users = 0;

			gst_structure_get_uint(s, "users", &users);
			t->joined++;
			t->max_users = MAX(t->max_users, users);
		}
		if (gst_test_is_element_msg(m, "devourer-init-timing") &&
		    g_strcmp0(gst_structure_get_string(s, "stage"),
		              "total") == 0)
			t->init_done++;
	}
	g_ptr_array_unref(msgs);
}

/* Is the virtual adapter @name on the air (some process has it open)? */
static inline gboolean on_air(const gchar *name)
{
	struct dvr_adapter_info found[32];
	gchar *want = g_strdup_printf("virtual:%s", name);
	int n = dvr_list_adapters(found, 32);
	gboolean seen = FALSE;

	for (int i = 0; i < n && i < 32; i++)
		if (strcmp(found[i].selector, want) == 0)
			seen = TRUE;
	g_free(want);
	return seen;
}

#endif /* DVR_GST_SHARED_COMMON_H */
