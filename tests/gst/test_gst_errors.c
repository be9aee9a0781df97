/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Fatal set-ups end in an ERROR message that names the device (or setting)
 * and the cure, the state change fails, nothing crashes or hangs:
 * no such adapter, corrupt firmware, no key, unreadable key file, a FIFO
 * as key file (refused at once, not waited on), an all-zero key, too many
 * diversity adapters, fec-k > fec-n. A key file other users can read
 * starts, with a warning saying so.
 */
#include <sys/stat.h>

#include "gst_test_common.h"

/*
 * Start @desc, expect the state change to fail with an ERROR whose text or
 * debug contains every string in @needles.
 */
static void expect_error(const gchar *desc, const gchar *const *needles,
                         const gchar *what)
{
	GstElement *p = gst_test_parse(desc);
	GstBus *bus;
	GstMessage *msg;
	GstStateChangeReturn r;
	gchar *label;

	if (!CHECK(p != NULL, what))
		return;
	bus = gst_element_get_bus(p);
	r = gst_element_set_state(p, GST_STATE_PLAYING);
	if (r == GST_STATE_CHANGE_ASYNC)
		r = gst_element_get_state(p, NULL, NULL, 20 * GST_SECOND);
	label = g_strdup_printf("%s: state change fails", what);
	CHECK(r == GST_STATE_CHANGE_FAILURE, label);
	g_free(label);

	msg = gst_bus_timed_pop_filtered(bus, 5 * GST_SECOND,
	                                 GST_MESSAGE_ERROR);
	label = g_strdup_printf("%s: ERROR message names the cause", what);
	if (msg) {
		GError *err = NULL;
		gchar *dbg = NULL, *all;
		gboolean ok = TRUE;

		gst_message_parse_error(msg, &err, &dbg);
		all = g_strdup_printf("%s %s", err->message, dbg ? dbg : "");
		for (guint i = 0; needles[i]; i++)
			if (!strstr(all, needles[i]))
				ok = FALSE;
		if (!CHECK(ok, label))
			printf("#   got: %s\n", all);
		g_free(all);
		g_free(dbg);
		g_clear_error(&err);
		gst_message_unref(msg);
	} else {
		CHECK(0, label);
	}
	g_free(label);

	label = g_strdup_printf("%s: back to NULL", what);
	CHECK(gst_element_set_state(p, GST_STATE_NULL) ==
	      GST_STATE_CHANGE_SUCCESS, label);
	g_free(label);
	gst_test_drain_bus(bus, 0, NULL);
	gst_object_unref(bus);
	gst_object_unref(p);
}

/* Start a devourersink on @device with @key_file (to PAUSED, on its own,
 * not in a pipeline: the key is read as it starts, and a sink has no
 * streaming thread of its own, so no task or bin hand-off inside
 * GStreamer, which the thread sanitizer cannot follow, is begun; both
 * elements read keys through one helper) and say whether a WARNING of
 * @kind was posted while it started. */
static gboolean warns_at_start(const gchar *device, const gchar *key_file,
                               const gchar *kind)
{
	GstElement *sink = gst_element_factory_make("devourersink", NULL);
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	GstBus *bus = gst_bus_new();
	gboolean found;

	g_object_set(sink, "device", device, "key-file", key_file, NULL);
	gst_element_set_bus(sink, bus);
	gst_element_set_state(sink, GST_STATE_PAUSED);
	gst_test_drain_bus(bus, 0, msgs);
	found = gst_test_find_warning(msgs, kind) != NULL;
	gst_element_set_state(sink, GST_STATE_NULL);
	gst_object_unref(bus);
	gst_object_unref(sink);
	g_ptr_array_unref(msgs);
	return found;
}

/* Whether the distribution's firmware paths hold @file: they come before
 * the installed copy, so a missing-firmware case cannot be made there. */
static gboolean system_has(const gchar *file)
{
	static const gchar *const dirs[] = {
		"/lib/firmware/updates/rtw88", "/lib/firmware/rtw88",
		"/usr/lib/firmware/updates/rtw88", "/usr/lib/firmware/rtw88",
	};
	for (gsize i = 0; i < G_N_ELEMENTS(dirs); i++) {
		gchar *path = g_build_filename(dirs[i], file, NULL);
		gboolean found = g_file_test(path, G_FILE_TEST_EXISTS);
		g_free(path);
		if (found)
			return TRUE;
	}
	return FALSE;
}

/* Copy of @from at @to with @mode. */
static void copy_key(const gchar *from, const gchar *to, guint mode)
{
	gchar *data = NULL;
	gsize len = 0;

	g_file_get_contents(from, &data, &len, NULL);
	g_file_set_contents(to, data, (gssize)len, NULL);
	g_chmod(to, mode);
	g_free(data);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	gchar *desc, *bad_fw_dir, *bad_fw;

	gst_test_setup(&env, &argc, &argv);

	desc = g_strdup_printf("fakesrc num-buffers=1 ! devourersink "
	                       "device=usb:dead:beef key-file=%s",
	                       env.drone_key);
	expect_error(desc, (const gchar *[]){ "usb:dead:beef", NULL },
	             "no such USB adapter");
	g_free(desc);

	/* A present but corrupt firmware file is refused, not replaced by
	 * another copy further down the search path. */
	bad_fw_dir = g_build_filename(env.tmp_dir, "badfw", NULL);
	g_mkdir(bad_fw_dir, 0700);
	bad_fw = g_build_filename(bad_fw_dir, "rtw8812a_fw.bin", NULL);
	g_file_set_contents(bad_fw, "not a firmware image", -1, NULL);
	desc = g_strdup_printf("devourersrc device=virtual:nofw "
	                       "firmware-dir=%s key-file=%s ! fakesink",
	                       bad_fw_dir, env.gs_key);
	expect_error(desc, (const gchar *[]){ "virtual:nofw", "irmware",
	                                      "DEVOURER_FIRMWARE_DIR", NULL },
	             "corrupt firmware");
	g_free(desc);
	g_free(bad_fw);
	g_free(bad_fw_dir);

	/* A missing firmware names the file this chip needs, who ships it
	 * and where it was looked for: an RTL8822CU owner is not sent
	 * after another chip's file. Nothing but the empty directory may
	 * be searched with success, so the environment's copy is hidden. */
	if (strstr(dvr_supported_chips(), "RTL8822CU") &&
	    !system_has("rtw8822c_fw.bin")) {
		gchar *empty = g_build_filename(env.tmp_dir, "nofw", NULL);
		gchar *saved = g_strdup(g_getenv("DEVOURER_FIRMWARE_DIR"));

		g_mkdir(empty, 0700);
		g_unsetenv("DEVOURER_FIRMWARE_DIR");
		desc = g_strdup_printf("devourersrc device=virtual:nofw22c,"
		                       "chip=8822c firmware-dir=%s key-file=%s "
		                       "! fakesink", empty, env.gs_key);
		expect_error(desc, (const gchar *[]){ "rtw8822c_fw.bin",
		                                      "firmware-realtek", empty,
		                                      "RTL8822CU", NULL },
		             "RTL8822CU without its firmware");
		g_free(desc);
		if (saved)
			g_setenv("DEVOURER_FIRMWARE_DIR", saved, TRUE);
		g_free(saved);
		g_free(empty);
	}

	expect_error("fakesrc num-buffers=1 ! devourersink "
	             "device=virtual:nokey",
	             (const gchar *[]){ "key-file", "password", NULL },
	             "no key configured");

	expect_error("devourersrc device=virtual:badkey "
	             "key-file=/nonexistent/gs.key ! fakesink",
	             (const gchar *[]){ "/nonexistent/gs.key", NULL },
	             "missing key file");

	/* A FIFO as key file: before, the start waited in open() for a
	 * writer, held in PAUSED, and SIGINT did not stop it. */
	gchar *fifo = g_build_filename(env.tmp_dir, "fifo.key", NULL);
	if (CHECK(mkfifo(fifo, 0600) == 0, "a FIFO to use as key file")) {
		desc = g_strdup_printf("devourersrc device=virtual:fifo "
		                       "key-file=%s ! fakesink", fifo);
		expect_error(desc, (const gchar *[]){ fifo, "regular file",
		                                      NULL },
		             "FIFO as key file (src)");
		g_free(desc);
		desc = g_strdup_printf("fakesrc num-buffers=1 ! devourersink "
		                       "device=virtual:fifo key-file=%s", fifo);
		expect_error(desc, (const gchar *[]){ fifo, "regular file",
		                                      NULL },
		             "FIFO as key file (sink)");
		g_free(desc);
	}
	g_free(fifo);

	/* A blank (all-zero) key: before, the src started and could never
	 * open a session, and the sink said only "Could not create the link
	 * transmitter". */
	gchar *zero = g_build_filename(env.tmp_dir, "zero.key", NULL);
	guint8 zeros[DVR_LINK_KEY_FILE_LEN] = {0};
	g_file_set_contents(zero, (const gchar *)zeros, sizeof(zeros), NULL);
	g_chmod(zero, 0600);
	desc = g_strdup_printf("devourersrc device=virtual:zero key-file=%s ! "
	                       "fakesink", zero);
	expect_error(desc, (const gchar *[]){ zero, "no usable key", NULL },
	             "all-zero key (src)");
	g_free(desc);
	desc = g_strdup_printf("fakesrc num-buffers=1 ! devourersink "
	                       "device=virtual:zero key-file=%s", zero);
	expect_error(desc, (const gchar *[]){ zero, "no usable key", NULL },
	             "all-zero key (sink)");
	g_free(desc);
	g_free(zero);

	/* Other users can read the secret: it starts, and says so. */
	gchar *open_key = g_build_filename(env.tmp_dir, "open.key", NULL);
	copy_key(env.drone_key, open_key, 0644);
	CHECK(warns_at_start("virtual:openkey", open_key, "key-file-readable"),
	      "a key file of mode 0644: a key-file-readable warning");
	CHECK(!warns_at_start("virtual:closedkey", env.drone_key,
	                      "key-file-readable"),
	      "mode 0600: no such warning");
	g_free(open_key);

	desc = g_strdup_printf("devourersrc key-file=%s device=\"virtual:a;"
	                       "virtual:b;virtual:c;virtual:d;virtual:e;"
	                       "virtual:f;virtual:g;virtual:h;virtual:i\" ! "
	                       "fakesink", env.gs_key);
	expect_error(desc, (const gchar *[]){ "Too many devices", NULL },
	             "more than 8 diversity adapters");
	g_free(desc);

	desc = g_strdup_printf("fakesrc num-buffers=1 ! devourersink "
	                       "device=virtual:fec key-file=%s fec-k=10 "
	                       "fec-n=4", env.drone_key);
	expect_error(desc, (const gchar *[]){ "fec-k", NULL },
	             "fec-k above fec-n");
	g_free(desc);

	gst_test_teardown(&env);
	return check_done();
}
