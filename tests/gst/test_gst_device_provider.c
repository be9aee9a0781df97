/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The device provider lists a virtual adapter while this process has it
 * open on the (test's private) air, as a source and a sink device whose
 * elements are a devourersrc / devourersink on that adapter, and no longer
 * after it is closed; gst-device-monitor-1.0, another process, sees it
 * too.
 */
#include "tests/gst/gst_test_common.h"

#include <devourer/devourer.h>

#define SELECTOR "virtual:monitored"

/* The provider's device of @klass for SELECTOR (a new reference), or
 * NULL. */
static GstDevice *find_device(GList *devices, const gchar *klass)
{
	for (GList *l = devices; l; l = l->next) {
		GstStructure *props = gst_device_get_properties(l->data);
		const gchar *sel = props ? gst_structure_get_string(
		                                   props, "devourer.selector")
		                         : NULL;
		gboolean hit = sel && strcmp(sel, SELECTOR) == 0 &&
		               gst_device_has_classes(l->data, klass);

		if (props)
			gst_structure_free(props);
		if (hit)
			return gst_object_ref(l->data);
	}
	return NULL;
}

static GList *probe(void)
{
	GstDeviceProvider *provider =
	        gst_device_provider_factory_get_by_name(
	                "devourerdeviceprovider");
	GList *devices;

	if (!provider)
		return NULL;
	devices = gst_device_provider_get_devices(provider);
	gst_object_unref(provider);
	return devices;
}

static void check_device(GstDevice *device, const gchar *factory,
                         const gchar *what)
{
	GstStructure *props = gst_device_get_properties(device);
	gchar *name = gst_device_get_display_name(device);
	const gchar *chip = gst_structure_get_string(props, "devourer.chip");
	const gchar *loc = gst_structure_get_string(props, "devourer.location");
	const gchar *bus = gst_structure_get_string(props, "device.bus");
	const gchar *vid = gst_structure_get_string(props, "device.vendor.id");
	guint pid = 0;
	GstElement *e;
	gchar *dev = NULL;

	printf("# %s: \"%s\"\n", what, name);
	gst_structure_get_uint(props, "devourer.pid", &pid);
	CHECK(chip && *chip && strcmp(chip, "unknown") != 0 && loc &&
	      strcmp(loc, "virtual") == 0 && bus && strcmp(bus, "virtual") == 0
	      && vid && strlen(vid) == 4 && pid != 0,
	      "properties: chip, location, bus, vendor and product ids");
	CHECK(name && strstr(name, SELECTOR) && chip && strstr(name, chip),
	      "the display name gives the chip and the selector");
	e = gst_device_create_element(device, NULL);
	if (CHECK(e != NULL, "create_element makes an element")) {
		CHECK(strcmp(GST_OBJECT_NAME(gst_element_get_factory(e)),
		             factory) == 0, factory);
		g_object_get(e, "device", &dev, NULL);
		CHECK(dev && strcmp(dev, SELECTOR) == 0,
		      "the element's device is the adapter's selector");
		g_free(dev);
		gst_object_unref(e);
	}
	g_free(name);
	gst_structure_free(props);
}

/* gst-device-monitor-1.0 Source/Network; its output, or NULL. */
static gchar *run_monitor(void)
{
	const gchar *monitor = g_getenv("GST_DEVICE_MONITOR");
	const gchar *preload = g_getenv("GST_TEST_SANITIZE_PRELOAD");
	const gchar *argv[] = { monitor, "Source/Network", NULL };
	gchar **envp = g_get_environ();
	gchar *out = NULL, *err = NULL;
	gint status = -1;
	gboolean ran;

	/* Not instrumented: it needs the sanitizer runtimes preloaded to
	 * load the instrumented plugin; its own exit-time leaks are not
	 * ours. */
	if (preload && *preload) {
		envp = g_environ_setenv(envp, "LD_PRELOAD", preload, TRUE);
		envp = g_environ_setenv(envp, "ASAN_OPTIONS", "detect_leaks=0",
		                        TRUE);
	}
	ran = g_spawn_sync(NULL, (gchar **)argv, envp, G_SPAWN_DEFAULT, NULL,
	                   NULL, &out, &err, &status, NULL);
	if (!CHECK(ran && g_spawn_check_wait_status(status, NULL),
	           "gst-device-monitor-1.0 runs")) {
		printf("#   %s\n", err ? err : "");
		g_clear_pointer(&out, g_free);
	}
	g_free(err);
	g_strfreev(envp);
	return out;
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	struct dvr_config cfg = { 0 };
	dvr_device *dev = NULL;
	GList *devices;
	GstDevice *src, *sink;
	int r;

	gst_test_setup(&env, &argc, &argv);

	devices = probe();
	src = find_device(devices, "Source/Network");
	CHECK(src == NULL, "nothing listed before the adapter is open");
	g_clear_object(&src);
	g_list_free_full(devices, gst_object_unref);

	/* Opened, not started: a station on the air already. */
	r = dvr_open(SELECTOR, &cfg, &dev);
	if (!CHECK(r == DVR_OK, "a virtual adapter opens")) {
		printf("#   %s\n", dvr_strerror(r));
		gst_test_teardown(&env);
		return check_done();
	}

	devices = probe();
	CHECK(devices != NULL, "the provider probes");
	src = find_device(devices, "Source/Network");
	sink = find_device(devices, "Sink/Network");
	g_list_free_full(devices, gst_object_unref);
	if (CHECK(src != NULL, "the open adapter is a Source/Network device"))
		check_device(src, "devourersrc", "source device");
	if (CHECK(sink != NULL, "and a Sink/Network device"))
		check_device(sink, "devourersink", "sink device");
	g_clear_object(&src);
	g_clear_object(&sink);

	if (g_getenv("GST_DEVICE_MONITOR") && *g_getenv("GST_DEVICE_MONITOR")) {
		gchar *out = run_monitor();

		if (out) {
			gchar *flat = g_strdelimit(g_strdup(out), "\n\t", ' ');

			printf("# monitor: %s\n", flat);
			g_free(flat);
		}
		CHECK(out && strstr(out, SELECTOR) &&
		      strstr(out, "Source/Network") &&
		      strstr(out, "devourersrc device=" SELECTOR),
		      "gst-device-monitor-1.0 in another process lists the "
		      "adapter with its launch line");
		CHECK(out && !strstr(out, "Sink/Network"),
		      "and filters by class");
		g_free(out);
	} else {
		printf("# gst-device-monitor-1.0 not installed: not run\n");
	}

	dvr_close(dev);
	devices = probe();
	src = find_device(devices, "Source/Network");
	CHECK(src == NULL, "a closed adapter is no longer listed");
	g_clear_object(&src);
	g_list_free_full(devices, gst_object_unref);

	gst_test_teardown(&env);
	return check_done();
}
