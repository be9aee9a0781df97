/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Fatal set-ups end in an ERROR message that names the device (or setting)
 * and the cure, the state change fails, nothing crashes or hangs:
 * no such adapter, corrupt firmware, no key, unreadable key file, too many
 * diversity adapters, fec-k > fec-n.
 */
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

	expect_error("fakesrc num-buffers=1 ! devourersink "
	             "device=virtual:nokey",
	             (const gchar *[]){ "key-file", "password", NULL },
	             "no key configured");

	expect_error("devourersrc device=virtual:badkey "
	             "key-file=/nonexistent/gs.key ! fakesink",
	             (const gchar *[]){ "/nonexistent/gs.key", NULL },
	             "missing key file");

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
