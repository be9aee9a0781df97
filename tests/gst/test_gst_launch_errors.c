/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a user running gst-launch-1.0 sees when a pipeline cannot run:
 * exactly one ERROR, ours, naming the cause (no GStreamer fallback "some
 * element failed to post a proper error message" after it), and a
 * failing exit status. Both elements, on virtual devices:
 *   - device=bogus: a bad selector, reported as one with the accepted
 *     forms (not as refused channel or rate settings);
 *   - no key, fec-k above fec-n: set-up errors at start;
 *   - RTP packets above the link's payload: an error naming the mtu.
 */
#include "gst_test_common.h"

/* Count the non-overlapping occurrences of @needle in @hay. */
static guint count_of(const gchar *hay, const gchar *needle)
{
	guint n = 0;

	for (const gchar *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/*
 * Run gst-launch-1.0 on @pipeline; expect a failing exit status and the
 * first ERROR on the output from @element, containing every string of
 * @needles. @only: that ERROR is the only one. (An error in the data
 * flow is followed by upstream's own "Internal data stream error": the
 * GStreamer convention for a flow that returned an error.)
 */
static void expect_launch_error(const gchar *pipeline, const gchar *element,
                                gboolean only, const gchar *const *needles,
                                const gchar *what)
{
	const gchar *launch = g_getenv("GST_LAUNCH");
	const gchar *preload = g_getenv("GST_TEST_SANITIZE_PRELOAD");
	gchar **envp = g_get_environ();
	gchar **args = NULL, **argv = NULL;
	gchar *out = NULL, *err = NULL, *all, *label;
	gint status = 0;
	GError *error = NULL;
	gboolean ran, found = TRUE, first_ok;
	guint n_args, errors;
	const gchar *first;

	if (!launch)
		launch = "gst-launch-1.0";
	/* gst-launch-1.0 is not instrumented: preload the sanitizer runtimes
	 * so it can load the instrumented plugin, without its exit-time
	 * leaks. */
	if (preload && *preload) {
		envp = g_environ_setenv(envp, "LD_PRELOAD", preload, TRUE);
		envp = g_environ_setenv(envp, "ASAN_OPTIONS", "detect_leaks=0",
		                        TRUE);
	}
	if (!g_shell_parse_argv(pipeline, NULL, &args, &error)) {
		CHECK(0, what);
		printf("#   %s\n", error->message);
		g_clear_error(&error);
		g_strfreev(envp);
		return;
	}
	n_args = g_strv_length(args);
	argv = g_new0(gchar *, n_args + 2);
	argv[0] = g_strdup(launch);
	for (guint i = 0; i < n_args; i++)
		argv[i + 1] = g_strdup(args[i]);
	ran = g_spawn_sync(NULL, argv, envp, G_SPAWN_SEARCH_PATH, NULL, NULL,
	                   &out, &err, &status, &error);
	all = g_strdup_printf("%s%s", out ? out : "", err ? err : "");

	label = g_strdup_printf("%s: gst-launch-1.0 runs and fails", what);
	if (!CHECK(ran && !g_spawn_check_wait_status(status, NULL), label))
		printf("#   %s\n", error ? error->message : "exit status 0");
	g_free(label);

	errors = count_of(all, "ERROR: from element");
	if (only) {
		label = g_strdup_printf("%s: exactly one element ERROR", what);
		CHECK_EQ_INT(errors, 1, label);
		g_free(label);
	}
	first = strstr(all, "ERROR: from element");
	if (first) {
		gchar *line = g_strndup(first, strcspn(first, "\n"));

		first_ok = strstr(line, element) != NULL;
		g_free(line);
	} else {
		first_ok = FALSE;
	}
	label = g_strdup_printf("%s: the first ERROR is from %s", what,
	                        element);
	CHECK(first_ok, label);
	g_free(label);
	label = g_strdup_printf("%s: no fallback \"failed to post a proper "
	                        "error message\"", what);
	CHECK(!strstr(all, "failed to post a proper error"), label);
	g_free(label);
	for (guint i = 0; needles[i]; i++)
		if (!strstr(all, needles[i]))
			found = FALSE;
	label = g_strdup_printf("%s: the ERROR names the cause", what);
	CHECK(found, label);
	g_free(label);
	if (!found || !first_ok || (only && errors != 1)) {
		gchar **lines = g_strsplit(all, "\n", -1);

		for (guint i = 0; lines[i]; i++)
			printf("#   | %s\n", lines[i]);
		g_strfreev(lines);
	}
	g_clear_error(&error);
	g_free(all);
	g_free(out);
	g_free(err);
	g_strfreev(argv);
	g_strfreev(args);
	g_strfreev(envp);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	gchar *desc, *path;
	guint8 block[8192];

	gst_test_setup(&env, &argc, &argv);

	expect_launch_error("fakesrc num-buffers=1 ! devourersink "
	                    "device=bogus password=x",
	                    "GstDevourerSink", TRUE, (const gchar *[]){ "\"bogus\" is not a device "
	                                       "selector", "usb:VID:PID",
	                                       "virtual:NAME", NULL },
	                    "sink device=bogus");
	expect_launch_error("devourersrc device=bogus password=x ! fakesink",
	                    "GstDevourerSrc", TRUE, (const gchar *[]){ "\"bogus\" is not a device "
	                                       "selector", "usb:VID:PID",
	                                       "virtual:NAME", NULL },
	                    "src device=bogus");
	/* A selector that parses, with an option the virtual adapter
	 * refuses: the headline names the option and its range. */
	expect_launch_error("devourersrc device=virtual:x,loss=2 password=x ! "
	                    "fakesink",
	                    "GstDevourerSrc", TRUE, (const gchar *[]){
	                            "Device \"virtual:x,loss=2\" has a bad "
	                            "option: loss must be 0..1, got '2'.",
	                            NULL },
	                    "src device=virtual:x,loss=2");
	expect_launch_error("fakesrc num-buffers=1 ! devourersink "
	                    "device=virtual:drone",
	                    "GstDevourerSink", TRUE, (const gchar *[]){ "No link key", NULL },
	                    "sink without a key");
	expect_launch_error("devourersrc device=virtual:ground ! fakesink",
	                    "GstDevourerSrc", TRUE, (const gchar *[]){ "No link key", NULL },
	                    "src without a key");
	expect_launch_error("fakesrc num-buffers=1 ! devourersink "
	                    "device=virtual:drone password=x fec-k=9 fec-n=4",
	                    "GstDevourerSink", TRUE, (const gchar *[]){ "fec-k (9) must not exceed "
	                                       "fec-n (4)", NULL },
	                    "sink fec-k > fec-n");

	/* Packets of 8 KiB declared RTP: they cannot be cut, so the pipeline
	 * stops with the payloader setting to change. */
	path = g_build_filename(env.tmp_dir, "blocks.bin", NULL);
	memset(block, 0x5a, sizeof(block));
	g_file_set_contents(path, (const gchar *)block, sizeof(block), NULL);
	desc = g_strdup_printf("filesrc location=%s blocksize=8192 ! "
	                       "application/x-rtp ! devourersink "
	                       "device=virtual:drone key-file=%s", path,
	                       env.drone_key);
	expect_launch_error(desc, "GstDevourerSink", FALSE,
	                    (const gchar *[]){ "8192-byte packet",
	                                             "mtu=", NULL },
	                    "RTP packets above the payload");
	g_free(desc);
	g_free(path);

	gst_test_teardown(&env);
	return check_done();
}
