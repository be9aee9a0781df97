/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The plugin loads (in-process and through gst-inspect-1.0), both elements
 * carry metadata, every property round-trips, mutability flags say what can
 * change while PLAYING, and the device-list splitter keeps virtual selector
 * options attached to their selector.
 */
#include <glib/gstdio.h>
#include <gst/gst.h>
#include <gst/base/gstbasesrc.h>

#include "gst/gstdevourertimer.h"
#include "gst/gstdevourerutil.h"
#include "tests/check.h"

/* Set @value on @prop and read it back. */
static void roundtrip(GstElement *e, const gchar *prop, const GValue *value)
{
	GValue got = G_VALUE_INIT;
	gchar *what = g_strdup_printf("%s:%s round-trips",
	                              GST_ELEMENT_NAME(e), prop);
	gchar *a, *b;

	g_object_set_property(G_OBJECT(e), prop, value);
	g_value_init(&got, G_VALUE_TYPE(value));
	g_object_get_property(G_OBJECT(e), prop, &got);
	a = gst_value_serialize(value);
	b = gst_value_serialize(&got);
	if (!CHECK(gst_value_compare(value, &got) == GST_VALUE_EQUAL, what))
		printf("#   set %s, got %s\n", a, b);
	g_free(a);
	g_free(b);
	g_value_unset(&got);
	g_free(what);
}

/* Round-trip a value given as a string in the property's own syntax. */
static void roundtrip_str(GstElement *e, const gchar *prop, const gchar *str)
{
	GParamSpec *ps = g_object_class_find_property(G_OBJECT_GET_CLASS(e),
	                                              prop);
	GValue v = G_VALUE_INIT;

	if (!CHECK(ps != NULL, prop))
		return;
	g_value_init(&v, ps->value_type);
	if (!CHECK(gst_value_deserialize(&v, str), str)) {
		g_value_unset(&v);
		return;
	}
	roundtrip(e, prop, &v);
	g_value_unset(&v);
}

static gboolean has_flag(GstElement *e, const gchar *prop, GParamFlags flag)
{
	GParamSpec *ps = g_object_class_find_property(G_OBJECT_GET_CLASS(e),
	                                              prop);
	return ps && (ps->flags & flag) == flag;
}

static void test_sink_properties(void)
{
	GstElement *e = gst_element_factory_make("devourersink", "sink");
	gchar *s = NULL;
	guint u = 0;

	if (!CHECK(e != NULL, "devourersink can be made"))
		return;
	g_object_get(e, "device", &s, "channel", &u, NULL);
	CHECK(s && strcmp(s, "auto") == 0, "sink device defaults to auto");
	CHECK_EQ_INT(u, 149, "sink channel default");
	g_free(s);
	g_object_get(e, "link-id", &u, NULL);
	CHECK_EQ_INT(u, 7669206, "link-id defaults to wfb-ng's default");

	roundtrip_str(e, "device", "virtual:drone,loss=0.1");
	roundtrip_str(e, "channel", "36");
	roundtrip_str(e, "bandwidth", "40");
	roundtrip_str(e, "mcs", "-1");
	roundtrip_str(e, "legacy-rate", "5.5");
	roundtrip_str(e, "legacy-rate", "54");
	roundtrip_str(e, "vht-nss", "2");
	roundtrip_str(e, "stbc", "1");
	roundtrip_str(e, "ldpc", "true");
	roundtrip_str(e, "short-gi", "true");
	roundtrip_str(e, "tx-power", "40");
	roundtrip_str(e, "tx-mode", "sync");
	{
		gint agg = -1;
		g_object_get(e, "tx-aggregation", &agg, NULL);
		CHECK_EQ_INT(agg, DVR_TX_AGG_AUTO, "tx-aggregation defaults to "
		             "auto");
		CHECK(has_flag(e, "tx-aggregation", GST_PARAM_MUTABLE_READY),
		      "tx-aggregation is READY-only");
	}
	roundtrip_str(e, "tx-aggregation", "off");
	roundtrip_str(e, "tx-aggregation", "on");
	{
		gboolean cs = FALSE;
		g_object_get(e, "carrier-sense", &cs, NULL);
		CHECK(cs, "carrier-sense defaults to on (the references)");
		CHECK(has_flag(e, "carrier-sense", GST_PARAM_MUTABLE_READY),
		      "carrier-sense is READY-only");
	}
	roundtrip_str(e, "carrier-sense", "false");
	{
		gint regd = -1;
		g_object_get(e, "regulatory-domain", &regd, NULL);
		CHECK_EQ_INT(regd, DVR_REGD_WORLDWIDE,
		             "regulatory-domain defaults to worldwide");
		CHECK(has_flag(e, "regulatory-domain", GST_PARAM_MUTABLE_READY),
		      "regulatory-domain is READY-only");
	}
	roundtrip_str(e, "regulatory-domain", "fcc");
	roundtrip_str(e, "regulatory-domain", "mkk");
	roundtrip_str(e, "link-id", "123456");
	roundtrip_str(e, "radio-port", "16");
	roundtrip_str(e, "fec-k", "4");
	roundtrip_str(e, "fec-n", "6");
	roundtrip_str(e, "fec-timeout", "7");
	roundtrip_str(e, "key-file", "/etc/drone.key");
	roundtrip_str(e, "firmware-dir", "/opt/fw");
	roundtrip_str(e, "stats-interval", "250");

	CHECK(has_flag(e, "password", G_PARAM_WRITABLE) &&
	      !has_flag(e, "password", G_PARAM_READABLE),
	      "password is write-only");
	CHECK(!has_flag(e, "stats", G_PARAM_WRITABLE),
	      "stats is read-only");
	CHECK(has_flag(e, "channel", GST_PARAM_MUTABLE_PLAYING) &&
	      has_flag(e, "mcs", GST_PARAM_MUTABLE_PLAYING) &&
	      has_flag(e, "fec-k", GST_PARAM_MUTABLE_PLAYING) &&
	      has_flag(e, "tx-power", GST_PARAM_MUTABLE_PLAYING),
	      "radio and FEC settings are changeable while PLAYING");
	CHECK(has_flag(e, "device", GST_PARAM_MUTABLE_READY) &&
	      has_flag(e, "link-id", GST_PARAM_MUTABLE_READY) &&
	      has_flag(e, "tx-mode", GST_PARAM_MUTABLE_READY),
	      "device, link-id and tx-mode are READY-only");
	{
		GstStructure *st = NULL;
		guint64 v = 1;

		g_object_get(e, "stats", &st, NULL);
		CHECK(st && gst_structure_get_uint64(st, "packets-sent", &v) &&
		      v == 0, "stats readable before start (zeros)");
		if (st)
			gst_structure_free(st);
	}
	gst_object_unref(e);
}

static void test_src_properties(void)
{
	GstElement *e = gst_element_factory_make("devourersrc", "src");
	GstCaps *caps = NULL;

	if (!CHECK(e != NULL, "devourersrc can be made"))
		return;
	CHECK(gst_base_src_is_live(GST_BASE_SRC(e)), "devourersrc is live");
	roundtrip_str(e, "device", "virtual:a,loss=0.1;virtual:b,rssi=-70");
	roundtrip_str(e, "device", "none");
	{
		/* gst-inspect-1.0 is where a user looks the selectors up: the
		 * aggregator's device=none must be among them. */
		GParamSpec *dev = g_object_class_find_property(
			G_OBJECT_GET_CLASS(e), "device");
		const gchar *blurb = dev ? g_param_spec_get_blurb(dev) : NULL;
		CHECK(blurb && strstr(blurb, "or none: no local adapter"),
		      "devourersrc's device blurb lists none");
	}
	roundtrip_str(e, "channel", "165");
	roundtrip_str(e, "bandwidth", "80");
	roundtrip_str(e, "link-id", "1");
	roundtrip_str(e, "radio-port", "32");
	roundtrip_str(e, "key-file", "/etc/gs.key");
	roundtrip_str(e, "firmware-dir", "/opt/fw");
	roundtrip_str(e, "keep-corrupted", "true");
	roundtrip_str(e, "caps", "application/x-rtp, media=(string)video, "
	              "clock-rate=(int)90000, encoding-name=(string)H264");
	roundtrip_str(e, "stats-interval", "100");
	roundtrip_str(e, "fec-timeout", "30");
	roundtrip_str(e, "queue-size", "64");
	CHECK(!has_flag(e, "password", G_PARAM_READABLE),
	      "src password is write-only");
	CHECK(has_flag(e, "caps", GST_PARAM_MUTABLE_PLAYING) &&
	      has_flag(e, "channel", GST_PARAM_MUTABLE_PLAYING),
	      "src caps and channel are changeable while PLAYING");
	CHECK(has_flag(e, "fec-timeout", GST_PARAM_MUTABLE_READY) &&
	      has_flag(e, "link-id", GST_PARAM_MUTABLE_READY) &&
	      has_flag(e, "key-file", GST_PARAM_MUTABLE_READY),
	      "src fec-timeout, link-id and key-file are READY-only");
	g_object_get(e, "caps", &caps, NULL);
	CHECK(caps && gst_caps_is_fixed(caps), "caps property readable");
	if (caps)
		gst_caps_unref(caps);
	gst_object_unref(e);
}

static void check_split(const gchar *list, const gchar *const *want,
                        const gchar *what)
{
	gchar **got = gst_devourer_split_devices(list);
	gboolean ok = TRUE;
	guint i = 0;

	for (; want[i]; i++)
		if (!got || !got[i] || strcmp(got[i], want[i]) != 0)
			ok = FALSE;
	if (got && got[i])
		ok = FALSE;
	if (!CHECK(ok, what) && got)
		for (i = 0; got[i]; i++)
			printf("#   [%u] '%s'\n", i, got[i]);
	g_strfreev(got);
}

static void test_split_devices(void)
{
	const gchar *one[] = { "virtual:g,loss=0.1,rssi=-60", NULL };
	const gchar *two_comma[] = { "virtual:a,loss=0.1", "virtual:b", NULL };
	const gchar *two_semi[] = { "virtual:a,loss=0.1", "virtual:b,rssi=-7",
	                            NULL };
	const gchar *usb[] = { "usb:0bda:8812#0", "usb:0bda:8812#1", "auto",
	                       NULL };

	check_split("virtual:g,loss=0.1,rssi=-60", one,
	            "options stay with their virtual selector");
	check_split("virtual:a,loss=0.1,virtual:b", two_comma,
	            "comma before a new selector separates adapters");
	check_split("virtual:a,loss=0.1; virtual:b,rssi=-7", two_semi,
	            "semicolon separates adapters");
	check_split("usb:0bda:8812#0,usb:0bda:8812#1,,auto", usb,
	            "usb selectors, empty pieces ignored");
	CHECK(gst_devourer_split_devices(" ; ,") == NULL,
	      "an empty list gives no selector");
}

/* The stats-interval schedule both elements' timer callbacks use. */
static void test_periodic_due(void)
{
	guint64 due = 0, next;

	next = 5000;
	CHECK(!gst_devourer_timer_periodic_due(&due, 0, 100, &next) &&
	      due == 0 && next == 5000, "interval 0: never due, no wake-up");
	next = 5000;
	CHECK(!gst_devourer_timer_periodic_due(&due, 1000, 100, &next) &&
	      due == 1100 && next == 1100,
	      "first call schedules one interval ahead");
	next = 5000;
	CHECK(!gst_devourer_timer_periodic_due(&due, 1000, 1099, &next) &&
	      next == 1100, "not due one ms early");
	next = 5000;
	CHECK(gst_devourer_timer_periodic_due(&due, 1000, 1100, &next) &&
	      due == 2100 && next == 2100, "due on time, then rescheduled");
	next = 5000;
	CHECK(!gst_devourer_timer_periodic_due(&due, 200, 1200, &next) &&
	      due == 1400 && next == 1400,
	      "a shortened interval takes effect at once");
	next = 1300;
	CHECK(!gst_devourer_timer_periodic_due(&due, 200, 1250, &next) &&
	      next == 1300, "an earlier wake-up is kept");
}

/* A channel report taken late, after the element had retuned again, is
 * the echo of the element's own retune (it matches the channel it last
 * tuned): it must not overwrite the channel just set. A report of a
 * channel the element did not tune (another element on the adapter
 * moved it) is adopted, and says the properties changed. */
static void test_adopt_channel(void)
{
	GstElement *e = gst_element_factory_make("fakesink", NULL);
	GstDevourerSettings settings;
	struct dvr_channel tuned = { .channel = 149, .bw_mhz = 80 };
	struct dvr_channel stale = { .channel = 149, .bw_mhz = 80 };
	struct dvr_channel other = { .channel = 36, .bw_mhz = 20 };

	gst_devourer_settings_init(&settings, 50);
	/* The user has just set channel 36; the retune to it is under way. */
	settings.channel = 36;
	settings.bandwidth = 80;
	CHECK(!gst_devourer_adopt_channel(e, &settings, &tuned, &stale),
	      "a late echo of the element's own retune changes nothing");
	CHECK(settings.channel == 36 && settings.bandwidth == 80,
	      "a late echo leaves the channel just set");
	CHECK(gst_devourer_adopt_channel(e, &settings, &tuned, &other),
	      "a retune by someone else changes the properties");
	CHECK(settings.channel == 36 && settings.bandwidth == 20 &&
	      tuned.channel == 36 && tuned.bw_mhz == 20,
	      "a retune by someone else is adopted");
	CHECK(!gst_devourer_adopt_channel(e, &settings, &tuned, &other),
	      "the same report again changes nothing");
	gst_devourer_settings_clear(&settings);
	gst_object_unref(e);
}

static void test_gst_inspect(void)
{
	const gchar *inspect = g_getenv("GST_INSPECT");
	const gchar *preload = g_getenv("GST_TEST_SANITIZE_PRELOAD");
	const gchar *elements[] = { "devourersink", "devourersrc" };
	gchar **envp = g_get_environ();

	if (!inspect)
		inspect = "gst-inspect-1.0";
	/* gst-inspect-1.0 is not instrumented: preload the sanitizer
	 * runtimes so it can load the instrumented plugin, and keep its own
	 * exit-time leaks out of our report. */
	if (preload && *preload) {
		envp = g_environ_setenv(envp, "LD_PRELOAD", preload, TRUE);
		envp = g_environ_setenv(envp, "ASAN_OPTIONS", "detect_leaks=0",
		                        TRUE);
	}
	for (guint i = 0; i < G_N_ELEMENTS(elements); i++) {
		const gchar *argv[] = { inspect, elements[i], NULL };
		gchar *out = NULL, *err = NULL;
		gint status = -1;
		GError *error = NULL;
		gboolean ran = g_spawn_sync(NULL, (gchar **)argv, envp,
		                            G_SPAWN_SEARCH_PATH, NULL, NULL,
		                            &out, &err, &status, &error);
		gchar *what = g_strdup_printf("gst-inspect-1.0 %s",
		                              elements[i]);

		if (!CHECK(ran && g_spawn_check_wait_status(status, NULL),
		           what))
			printf("#   %s\n#   %s\n", error ? error->message : "",
			       err ? err : "");
		CHECK(out && strstr(out, "devourer") &&
		      strstr(out, "stats-interval") && strstr(out, "key-file"),
		      "gst-inspect lists the properties");
		/* The description and the device blurb name the driver's
		 * chips (dvr_supported_chips, from the registry). */
		const gchar *chips = dvr_supported_chips();
		gchar *first = out ? strstr(out, chips) : NULL;
		CHECK(first && strstr(first + 1, chips),
		      "gst-inspect: description and device= list the chips");
		CHECK(out && strstr(out, "RTL8812AU") &&
		      strstr(out, "RTL8822CU/RTL8812CU"),
		      "gst-inspect names RTL8812AU and RTL8822CU/RTL8812CU");
#ifdef DVR_TEST_HAVE_8822E
		CHECK(out && strstr(out, "RTL8812EU/RTL8822EU (its "
		                         "BL-M8812EU2 module's 2.4 GHz TX is "
		                         "not decodable"),
		      "gst-inspect names the RTL8812EU with its 2.4 GHz "
		      "caveat");
#endif
		g_clear_error(&error);
		g_free(out);
		g_free(err);
		g_free(what);
	}
	{
		const gchar *argv[] = { inspect, "devourer", NULL };
		gchar *out = NULL;
		gint status = -1;

		g_spawn_sync(NULL, (gchar **)argv, envp, G_SPAWN_SEARCH_PATH |
		             G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out,
		             NULL, &status, NULL);
		CHECK(out && strstr(out, "devourersink") &&
		      strstr(out, "devourersrc"),
		      "gst-inspect-1.0 devourer shows both elements");
		g_free(out);
	}
	g_strfreev(envp);
}

/* Where the plugin comes from and where each feature is documented, and
 * a blurb for every number that gives its range or unit. */
static void test_metadata(void)
{
	const gchar *features[] = { "devourersink", "devourersrc" };
	GstPlugin *plugin = gst_registry_find_plugin(gst_registry_get(),
	                                             "devourer");
	GRegex *range = g_regex_new("[0-9]+-[0-9]+|ms\\b|MHz|dBm|bytes|"
	                            "microseconds|Mbit/s", 0, 0, NULL);
	GstDeviceProviderFactory *dpf;

	CHECK(plugin && strcmp(gst_plugin_get_origin(plugin),
	                       "https://github.com/OpenIPC/devourer") == 0,
	      "the plugin's origin is the project's URL");
	if (plugin)
		gst_object_unref(plugin);
	for (guint i = 0; i < G_N_ELEMENTS(features); i++) {
		GstElementFactory *f = gst_element_factory_find(features[i]);
		const gchar *doc = f ? gst_element_factory_get_metadata(
		                               f, GST_ELEMENT_METADATA_DOC_URI)
		                     : NULL;
		GstElement *e = f ? gst_element_factory_create(f, NULL) : NULL;
		gchar *want = g_strdup_printf("gst/README.md#%s", features[i]);
		guint n = 0;
		GParamSpec **specs = e ? g_object_class_list_properties(
		                                 G_OBJECT_GET_CLASS(e), &n)
		                       : NULL;
		gboolean all = e != NULL;

		CHECK(doc && g_str_has_prefix(doc, "https://github.com/"
		                                   "OpenIPC/devourer/") &&
		      g_str_has_suffix(doc, want),
		      "the element's doc-uri is its gst/README.md section");
		for (guint j = 0; j < n; j++) {
			GType t = G_PARAM_SPEC_VALUE_TYPE(specs[j]);
			const gchar *blurb = g_param_spec_get_blurb(specs[j]);

			if (specs[j]->owner_type != G_OBJECT_TYPE(e) ||
			    !(t == G_TYPE_INT || t == G_TYPE_UINT ||
			      t == G_TYPE_UINT64 || t == G_TYPE_INT64))
				continue;
			if (!blurb || !g_regex_match(range, blurb, 0, NULL)) {
				printf("# %s.%s: \"%s\"\n", features[i],
				       specs[j]->name, blurb ? blurb : "");
				all = FALSE;
			}
		}
		CHECK(all, "every number's blurb gives its range or unit");
		g_free(specs);
		g_free(want);
		if (e)
			gst_object_unref(e);
		if (f)
			gst_object_unref(f);
	}
	dpf = gst_device_provider_factory_find("devourerdeviceprovider");
	CHECK(dpf && gst_device_provider_factory_get_metadata(
	                     dpf, GST_ELEMENT_METADATA_DOC_URI),
	      "the device provider is registered, with a doc-uri");
	if (dpf)
		gst_object_unref(dpf);
	g_regex_unref(range);
}

int main(int argc, char **argv)
{
	GstPlugin *plugin;

	/* A registry cached by an earlier build keeps the element metadata
	 * of the plugin as it was when the file last changed: the chip list
	 * in the descriptions comes from libdevourer, which can change
	 * without the plugin file. Start from a fresh scan. */
	const gchar *registry = g_getenv("GST_REGISTRY");
	if (registry && *registry)
		g_remove(registry);
	gst_init(&argc, &argv);

	plugin = gst_registry_find_plugin(gst_registry_get(), "devourer");
	CHECK(plugin != NULL, "plugin 'devourer' is in the registry");
	if (plugin)
		gst_object_unref(plugin);

	test_sink_properties();
	test_src_properties();
	test_split_devices();
	test_periodic_due();
	test_adopt_channel();
	test_gst_inspect();
	test_metadata();

	gst_deinit();
	return check_done();
}
