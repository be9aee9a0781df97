/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourer:// URIs on the elements: gst_element_make_from_uri finds both
 * directions, the parameters land in the properties, get_uri round-trips,
 * a bad URI is a GError naming the fault, and elements made from URIs
 * carry a link over virtual adapters, also through urisourcebin.
 */
#include "tests/gst/gst_test_common.h"

#define N_PACKETS 40u

static const struct gst_test_packets packets = {
	.size_step = 37, .max_size = 1200, .seed = 0x5eed, .seed_offset = 3,
	.marker_every = 8,
};

/* devourer://DEVICE?channel=36&key-file=KEY plus @extra ("&a=b..."). */
static gchar *uri_for(const gchar *device, const gchar *key,
                      const gchar *extra)
{
	gchar *k = g_uri_escape_string(key, "/", FALSE);
	gchar *uri = g_strdup_printf("devourer://%s?channel=36&key-file=%s%s",
	                             device, k, extra ? extra : "");

	g_free(k);
	return uri;
}

static GstElement *make(GstURIType type, const gchar *uri)
{
	GError *err = NULL;
	GstElement *e = gst_element_make_from_uri(type, uri, NULL, &err);

	if (!e)
		printf("# %s: %s\n", uri, err ? err->message : "(no error)");
	g_clear_error(&err);
	return e;
}

/* make_from_uri must fail with a message containing @needle. */
static void refused(GstURIType type, const gchar *uri, const gchar *needle,
                    const gchar *what)
{
	GError *err = NULL;
	GstElement *e = gst_element_make_from_uri(type, uri, NULL, &err);

	if (!CHECK(!e && err && strstr(err->message, needle), what))
		printf("#   %s -> %s\n", uri, err ? err->message : "(made)");
	if (e)
		gst_object_unref(e);
	g_clear_error(&err);
}

/* As refused(), and the message never shows @secret (a password's text). */
static void refused_hiding(GstURIType type, const gchar *uri,
                           const gchar *needle, const gchar *secret,
                           const gchar *what)
{
	GError *err = NULL;
	GstElement *e = gst_element_make_from_uri(type, uri, NULL, &err);

	if (!CHECK(!e && err && strstr(err->message, needle) &&
	           !strstr(err->message, secret), what))
		printf("#   %s -> %s\n", uri, err ? err->message : "(made)");
	if (e)
		gst_object_unref(e);
	g_clear_error(&err);
}

static void test_properties(const struct gst_test_env *env)
{
	gchar *uri = uri_for("virtual:gs", env->gs_key,
	                     "&bandwidth=40&fec-timeout=20&keep-corrupted=true"
	                     "&caps=application/x-rtp,media=video");
	GstElement *src = make(GST_URI_SRC, uri);
	GstElement *again;
	gchar *device = NULL, *key = NULL, *back = NULL, *back2 = NULL;
	guint channel = 0, fec = 0;
	gint bw = 0;
	gboolean corrupted = FALSE;
	GstCaps *caps = NULL;

	g_free(uri);
	if (!CHECK(src != NULL, "make_from_uri(SRC) makes a devourersrc"))
		return;
	CHECK(strcmp(GST_OBJECT_NAME(gst_element_get_factory(src)),
	             "devourersrc") == 0, "the source is a devourersrc");
	g_object_get(src, "device", &device, "channel", &channel,
	             "key-file", &key, "bandwidth", &bw, "fec-timeout", &fec,
	             "keep-corrupted", &corrupted, "caps", &caps, NULL);
	CHECK(device && strcmp(device, "virtual:gs") == 0,
	      "the URI path is the device");
	CHECK(channel == 36 && bw == 40 && fec == 20 && corrupted,
	      "numbers, enums and booleans reach their properties");
	CHECK(key && strcmp(key, env->gs_key) == 0, "key-file is decoded");
	{
		GstCaps *want = gst_caps_from_string(
		        "application/x-rtp,media=video");

		CHECK(caps && gst_caps_is_equal(caps, want),
		      "caps are read as gst-launch-1.0 writes them");
		gst_caps_unref(want);
	}
	if (caps)
		gst_caps_unref(caps);

	back = gst_uri_handler_get_uri(GST_URI_HANDLER(src));
	printf("# get_uri: %s\n", back);
	again = make(GST_URI_SRC, back);
	if (again)
		back2 = gst_uri_handler_get_uri(GST_URI_HANDLER(again));
	CHECK(back && back2 && strcmp(back, back2) == 0,
	      "an element made from get_uri() reads back the same URI");
	if (again) {
		g_object_get(again, "channel", &channel, "fec-timeout", &fec,
		             NULL);
		CHECK(channel == 36 && fec == 20,
		      "and is configured like the first");
		gst_object_unref(again);
	}

	/* The URI is the whole configuration. */
	CHECK(gst_uri_handler_set_uri(GST_URI_HANDLER(src),
	                              "devourer://virtual:other", NULL),
	      "set_uri on a NULL element");
	g_free(device);
	device = NULL;
	g_object_get(src, "device", &device, "channel", &channel,
	             "fec-timeout", &fec, NULL);
	{
		GParamSpec *ps = g_object_class_find_property(
		        G_OBJECT_GET_CLASS(src), "fec-timeout");
		GParamSpec *pc = g_object_class_find_property(
		        G_OBJECT_GET_CLASS(src), "channel");

		CHECK(device && strcmp(device, "virtual:other") == 0 &&
		      channel == G_PARAM_SPEC_UINT(pc)->default_value &&
		      fec == G_PARAM_SPEC_UINT(ps)->default_value &&
		      fec != 20 && channel != 36,
		      "parameters a URI leaves out go back to their defaults");
	}
	g_free(device);
	device = NULL;
	CHECK(gst_uri_handler_set_uri(GST_URI_HANDLER(src), "devourer://",
	                              NULL), "devourer:// alone is accepted");
	g_object_get(src, "device", &device, NULL);
	CHECK(device && strcmp(device, "auto") == 0,
	      "no device in the URI: auto");

	/* A bad URI changes nothing. */
	CHECK(gst_uri_handler_set_uri(GST_URI_HANDLER(src),
	                              "devourer://virtual:x?channel=40", NULL),
	      "set_uri channel=40");
	CHECK(!gst_uri_handler_set_uri(GST_URI_HANDLER(src),
	                               "devourer://virtual:y?channel=44&"
	                               "queue-size=0", NULL),
	      "a URI with one bad value is refused");
	g_object_get(src, "channel", &channel, NULL);
	CHECK_EQ_INT(channel, 40, "and leaves every property as it was");

	g_free(device);
	g_free(key);
	g_free(back);
	g_free(back2);
	gst_object_unref(src);

	{
		GstElement *sink = make(GST_URI_SINK,
		                        "devourer://virtual:tx?mcs=-1&"
		                        "legacy-rate=5.5&tx-power=10&password=a%20b");
		gint mcs = 0, power = 0;
		gchar *u = NULL;

		if (CHECK(sink != NULL, "make_from_uri(SINK) makes a sink")) {
			CHECK(strcmp(GST_OBJECT_NAME(gst_element_get_factory(
			                     sink)), "devourersink") == 0,
			      "the sink is a devourersink");
			g_object_get(sink, "mcs", &mcs, "tx-power", &power,
			             NULL);
			CHECK(mcs == -1 && power == 10,
			      "signed values reach the sink's properties");
			u = gst_uri_handler_get_uri(GST_URI_HANDLER(sink));
			printf("# sink get_uri: %s\n", u);
			CHECK(u && !strstr(u, "password") &&
			      strstr(u, "legacy-rate=5.5") &&
			      strstr(u, "mcs=-1"),
			      "get_uri names the enum by its nick and never "
			      "shows the password");
			g_free(u);
			gst_object_unref(sink);
		}
	}
}

static void test_refusals(void)
{
	refused(GST_URI_SRC, "devourer://virtual:a?chanel=36",
	        "unknown parameter 'chanel' (devourersrc takes channel,",
	        "an unknown parameter is named with the ones that exist");
	refused(GST_URI_SRC, "devourer://virtual:a?channel=300",
	        "channel=300 is not valid", "an out-of-range channel");
	refused(GST_URI_SRC, "devourer://virtual:a?channel=300", "1-177",
	        "the message gives the range");
	refused(GST_URI_SRC, "devourer://virtual:a?channel=-1",
	        "expected a decimal number", "a negative unsigned value");
	refused(GST_URI_SRC, "devourer://virtual:a?bandwidth=30",
	        "expected 5, 10, 20, 40, 80", "a bad enum names the choices");
	refused(GST_URI_SRC, "devourer://virtual:a?keep-corrupted=maybe",
	        "true or false", "a bad boolean");
	refused(GST_URI_SRC, "devourer://virtual:a?stats=x",
	        "unknown parameter 'stats'", "a read-only property");
	refused(GST_URI_SRC, "devourer://virtual:a?do-timestamp=true",
	        "unknown parameter 'do-timestamp'",
	        "an inherited base-class property is not a parameter");
	refused(GST_URI_SINK, "devourer://virtual:a?caps=ANY",
	        "devourersink takes", "the sink's own list is given");
	refused(GST_URI_SRC, "devourer://usb:0bda:8812#1", "%23",
	        "a raw '#' names %23");

	/* Error messages reach logs and screens; the key must not. */
	refused_hiding(GST_URI_SRC,
	               "devourer://virtual:u?channel=300&password=hunter2pw",
	               "password=***", "hunter2pw",
	               "a bad value beside a password: the URI shown hides it");
	refused_hiding(GST_URI_SINK,
	               "devourer://virtual:u?password=hunter2pw&chanel=36",
	               "unknown parameter 'chanel'", "hunter2pw",
	               "an unknown parameter after a password hides it");
	refused_hiding(GST_URI_SRC,
	               "devourer://virtual:u?password=hunter2pw&x",
	               "is not NAME=VALUE", "hunter2pw",
	               "a malformed parameter after a password hides it");
	refused_hiding(GST_URI_SRC,
	               "devourer://virtual:u?password=hunter2pw%zz",
	               "value '***'", "hunter2pw",
	               "a bad escape inside the password is not echoed");
	refused_hiding(GST_URI_SINK,
	               "devourer://virtual:u?password=hunt#er2pw",
	               "%23", "er2pw",
	               "a '#' inside the password: the message hides it all");
	refused_hiding(GST_URI_SRC,
	               "devourer://virtual:u?pass%77ord=hunter2pw&channel=300",
	               "channel=300 is not valid", "hunter2pw",
	               "an escaped parameter name is still the password");
	refused_hiding(GST_URI_SRC,
	               "devourer://virtual:u?password=hunter2pw&password=x",
	               "given twice", "hunter2pw",
	               "a password given twice is not echoed");
}

/* Count buffers reaching a fakesink (streaming thread). */
static void on_handoff(GstElement *sink, GstBuffer *buf, GstPad *pad,
                       gpointer data)
{
	(void)sink;
	(void)buf;
	(void)pad;
	g_atomic_int_inc((gint *)data);
}

static void on_pad_added(GstElement *bin, GstPad *pad, gpointer data)
{
	GstPad *sinkpad = gst_element_get_static_pad(GST_ELEMENT(data),
	                                             "sink");

	(void)bin;
	if (!gst_pad_is_linked(sinkpad) &&
	    GST_PAD_LINK_FAILED(gst_pad_link(pad, sinkpad)))
		printf("# urisourcebin: cannot link its new pad\n");
	gst_object_unref(sinkpad);
}

static GstHarness *sink_harness_from_uri(const gchar *uri, GstBus **bus)
{
	GstElement *sink = make(GST_URI_SINK, uri);
	GstHarness *h;

	if (!sink)
		return NULL;
	/* Base-class settings, not URI parameters. */
	g_object_set(sink, "sync", FALSE, "async", FALSE, NULL);
	*bus = gst_bus_new();
	gst_element_set_bus(sink, *bus);
	if (gst_element_set_state(sink, GST_STATE_PLAYING) ==
	    GST_STATE_CHANGE_FAILURE) {
		gst_test_drain_bus(*bus, 0, NULL);
		gst_object_unref(sink);
		return NULL;
	}
	h = gst_harness_new_with_element(sink, "sink", NULL);
	gst_object_unref(sink);
	gst_harness_set_src_caps_str(h, "application/x-devourer-test");
	return h;
}

static void test_link(const struct gst_test_env *env)
{
	gchar *src_uri = uri_for("virtual:ground", env->gs_key, NULL);
	gchar *sink_uri = uri_for("virtual:drone", env->drone_key,
	                          "&fec-timeout=5");
	GstElement *src = make(GST_URI_SRC, src_uri);
	GstHarness *hs = NULL, *ht;
	GstBus *bus_rx = gst_bus_new(), *bus_tx = NULL;
	guint exact = 0, received;

	g_free(src_uri);
	if (!CHECK(src != NULL, "link: source from a URI"))
		goto out;
	gst_element_set_bus(src, bus_rx);
	hs = gst_harness_new_with_element(src, NULL, "src");
	gst_object_unref(src);
	if (!CHECK(gst_element_set_state(hs->element, GST_STATE_PLAYING) !=
	           GST_STATE_CHANGE_FAILURE, "link: source plays")) {
		gst_test_drain_bus(bus_rx, 0, NULL);
		goto out;
	}
	ht = sink_harness_from_uri(sink_uri, &bus_tx);
	if (!CHECK(ht != NULL, "link: sink from a URI plays"))
		goto out;
	for (guint i = 0; i < N_PACKETS; i++)
		if (gst_harness_push(ht, gst_test_packet_make(&packets, i)) !=
		    GST_FLOW_OK)
			break;
	gst_harness_push_event(ht, gst_event_new_eos());
	received = gst_test_pull_packets(hs, &packets, N_PACKETS, 15, &exact,
	                                 NULL);
	CHECK_EQ_INT(received, N_PACKETS,
	             "every packet from the URI-made sink reaches the "
	             "URI-made source");
	CHECK_EQ_INT(exact, N_PACKETS, "byte-exact, in order");
	CHECK_EQ_INT(gst_test_drain_bus(bus_rx, 0, NULL) +
	             gst_test_drain_bus(bus_tx, 0, NULL), 0,
	             "no error on either side");
	gst_harness_teardown(ht);
	gst_object_unref(bus_tx);
out:
	if (hs)
		gst_harness_teardown(hs);
	gst_object_unref(bus_rx);
	g_free(sink_uri);
}

static void test_urisourcebin(const struct gst_test_env *env)
{
	gchar *src_uri = uri_for("virtual:gs2", env->gs_key,
	                         "&caps=application/x-devourer-test");
	gchar *sink_uri = uri_for("virtual:drone2", env->drone_key,
	                          "&fec-timeout=5");
	GstElement *pipe = gst_pipeline_new("rx"), *usb, *fake;
	GstHarness *ht;
	GstBus *bus = gst_pipeline_get_bus(GST_PIPELINE(pipe)), *bus_tx = NULL;
	gint handoffs = 0;
	gint64 deadline;
	guint i = 0;

	usb = gst_element_factory_make("urisourcebin", NULL);
	fake = gst_element_factory_make("fakesink", NULL);
	if (!CHECK(usb && fake, "urisourcebin and fakesink exist"))
		goto out;
	g_object_set(usb, "uri", src_uri, NULL);
	g_object_set(fake, "sync", FALSE, "signal-handoffs", TRUE, NULL);
	g_signal_connect(fake, "handoff", G_CALLBACK(on_handoff), &handoffs);
	gst_bin_add_many(GST_BIN(pipe), usb, fake, NULL);
	/* urisourcebin's pad appears once the source is made. */
	g_signal_connect(usb, "pad-added", G_CALLBACK(on_pad_added), fake);
	if (!CHECK(gst_test_set_state(pipe, GST_STATE_PLAYING, 15) !=
	           GST_STATE_CHANGE_FAILURE,
	           "urisourcebin uri=devourer://... plays")) {
		gst_test_drain_bus(bus, 0, NULL);
		goto out;
	}
	ht = sink_harness_from_uri(sink_uri, &bus_tx);
	if (!CHECK(ht != NULL, "urisourcebin: sender plays"))
		goto stop;
	/* Send until something arrives (bounded): the first packets may go
	 * before the receiver follows the session. */
	deadline = g_get_monotonic_time() + 15 * G_TIME_SPAN_SECOND;
	while (g_atomic_int_get(&handoffs) == 0 &&
	       g_get_monotonic_time() < deadline) {
		GstBuffer *b = gst_test_packet_make(&packets, i++);

		GST_BUFFER_FLAG_SET(b, GST_BUFFER_FLAG_MARKER);
		if (gst_harness_push(ht, b) != GST_FLOW_OK)
			break;
		g_usleep(5000);
	}
	CHECK(g_atomic_int_get(&handoffs) > 0,
	      "packets come out of urisourcebin");
	gst_harness_teardown(ht);
	gst_object_unref(bus_tx);
stop:
	CHECK_EQ_INT(gst_test_drain_bus(bus, 0, NULL), 0,
	             "urisourcebin: no error");
	gst_element_set_state(pipe, GST_STATE_NULL);
out:
	gst_object_unref(bus);
	gst_object_unref(pipe);
	g_free(src_uri);
	g_free(sink_uri);
}

static void test_bad_state(const struct gst_test_env *env)
{
	gchar *uri = uri_for("virtual:busy", env->gs_key, NULL);
	GstElement *src = make(GST_URI_SRC, uri);
	GError *err = NULL;
	GstHarness *h;

	g_free(uri);
	if (!src)
		return;
	h = gst_harness_new_with_element(src, NULL, "src");
	gst_object_unref(src);
	if (CHECK(gst_element_set_state(h->element, GST_STATE_PLAYING) !=
	          GST_STATE_CHANGE_FAILURE, "bad state: source plays")) {
		CHECK(!gst_uri_handler_set_uri(GST_URI_HANDLER(h->element),
		                               "devourer://virtual:x", &err) &&
		      err && err->code == GST_URI_ERROR_BAD_STATE &&
		      strstr(err->message, "NULL or READY"),
		      "set_uri while PLAYING is refused with BAD_STATE");
		g_clear_error(&err);
	}
	gst_harness_teardown(h);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	test_properties(&env);
	test_refusals();
	test_link(&env);
	test_urisourcebin(&env);
	test_bad_state(&env);
	gst_test_teardown(&env);
	return check_done();
}
