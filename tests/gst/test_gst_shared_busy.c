/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One adapter, two programs: elements of one process share an adapter,
 * but another process asking for it is refused, as usbfs lets one open
 * file claim a real adapter (the same under devourer-vusb:
 * tests/vusb/test_vusb_busy.c). On virtual adapters:
 *  - this process holds virtual:held with a devourersrc and a
 *    devourersink sharing it; gst-launch-1.0 with either element on it
 *    fails with exactly one element ERROR, saying the device is in use by
 *    another program;
 *  - two gst-launch-1.0 processes: while the first runs a devourersrc on
 *    virtual:launch, the second is refused the same way;
 *  - once the holders are gone (this process's last element stopped, the
 *    other process ended), a gst-launch-1.0 on the adapter runs.
 */
#include <signal.h>
#include <sys/wait.h>

#include "gst_shared_common.h"

static guint count_of(const gchar *hay, const gchar *needle)
{
	guint n = 0;

	for (const gchar *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* Run @pipeline to its end; its exit status (-1: could not run) and
 * everything it printed (*@said, freed by the caller). */
static gint run_launch(const gchar *pipeline, gchar **said)
{
	gchar **argv = gst_test_launch_argv(pipeline);
	gchar **envp = gst_test_launch_env();
	gchar *out = NULL, *err = NULL;
	gint status = -1;
	gboolean ran;

	ran = argv && g_spawn_sync(NULL, argv, envp, G_SPAWN_SEARCH_PATH,
	                           NULL, NULL, &out, &err, &status, NULL);
	*said = g_strdup_printf("%s%s", out ? out : "", err ? err : "");
	g_free(out);
	g_free(err);
	g_strfreev(argv);
	g_strfreev(envp);
	if (!ran)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* The second program on @device: one clear ERROR from @element. */
static void expect_busy(const gchar *pipeline, const gchar *element,
                        const gchar *what)
{
	gchar *said = NULL, *label;
	gint st = run_launch(pipeline, &said);
	const gchar *first = strstr(said, "ERROR: from element");
	gboolean ok;

	label = g_strdup_printf("%s: gst-launch-1.0 fails (no crash)", what);
	CHECK(st == 1 || st == 255, label);
	g_free(label);
	label = g_strdup_printf("%s: exactly one element ERROR", what);
	CHECK_EQ_INT(count_of(said, "ERROR: from element"), 1, label);
	g_free(label);
	label = g_strdup_printf("%s: from %s", what, element);
	CHECK(first && strstr(first, element) &&
	      strstr(first, element) < strchr(first, '\n'), label);
	g_free(label);
	ok = strstr(said, "is in use") &&
	     strstr(said, "in use by another program");
	label = g_strdup_printf("%s: it says the adapter is in use by "
	                        "another program", what);
	CHECK(ok, label);
	g_free(label);
	if (!ok || st == 0) {
		gchar **lines = g_strsplit(said, "\n", -1);

		for (guint i = 0; lines[i]; i++)
			printf("#   | %s\n", lines[i]);
		g_strfreev(lines);
	}
	g_free(said);
}

#define SRC_ON(dev) \
	"devourersrc device=" dev " channel=149 password=busy num-buffers=1 " \
	"! fakesink"
#define SINK_ON(dev) \
	"fakesrc num-buffers=3 sizetype=fixed sizemax=64 ! devourersink " \
	"device=" dev " channel=149 password=busy sync=false"

static void test_this_process_holds(const struct gst_test_env *env)
{
	GstBus *rx_bus, *tx_bus;
	GstHarness *rx, *tx;
	gchar *said = NULL;
	gint st;

	rx = gst_test_src_harness(env, "virtual:held", 149, 40, &rx_bus,
	                          "holder: a src plays");
	if (!rx)
		return;
	tx = gst_test_sink_harness(env, "virtual:held", 149, &tx_bus,
	                           "holder: a sink joins it");
	expect_busy(SRC_ON("virtual:held"), "devourersrc",
	            "another program's src");
	expect_busy(SINK_ON("virtual:held"), "devourersink",
	            "another program's sink");
	CHECK_EQ_INT(gst_test_drain_bus(rx_bus, 0, NULL) +
	             (tx ? gst_test_drain_bus(tx_bus, 0, NULL) : 0), 0,
	             "holder: its elements saw no error");
	if (tx) {
		gst_harness_teardown(tx);
		gst_object_unref(tx_bus);
	}
	/* one user left: still held */
	expect_busy(SINK_ON("virtual:held"), "devourersink",
	            "another program's sink, one user left here");
	gst_harness_teardown(rx);
	gst_object_unref(rx_bus);

	st = run_launch(SINK_ON("virtual:held"), &said);
	CHECK_EQ_INT(st, 0, "released: another program's sink runs");
	if (st != 0)
		printf("# %s\n", said);
	g_free(said);
}

static void test_two_launches(void)
{
	gchar **argv = gst_test_launch_argv(
	        "devourersrc device=virtual:launch channel=149 password=busy "
	        "! fakesink");
	gchar **envp = gst_test_launch_env();
	GPid pid = 0;
	gint status = 0;
	gboolean ran;

	ran = g_spawn_async(NULL, argv, envp,
	                    G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD |
	                    G_SPAWN_STDOUT_TO_DEV_NULL |
	                    G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &pid, NULL);
	g_strfreev(argv);
	g_strfreev(envp);
	if (!CHECK(ran, "two launches: the first gst-launch-1.0 starts"))
		return;
	/* up once its adapter is on the air (a hang guard, not a pause) */
	WAIT_UNTIL(on_air("launch"), 60000);
	if (CHECK(on_air("launch"), "two launches: the first holds the "
	          "adapter"))
		expect_busy(SRC_ON("virtual:launch"), "devourersrc",
		            "two launches: the second");
	/* However it ends (SIGINT may come before gst-launch-1.0 handles
	 * it), its claim goes with it. */
	kill(pid, SIGINT);
	waitpid(pid, &status, 0);
	g_spawn_close_pid(pid);
	{
		gchar *said = NULL;
		gint st = run_launch(SINK_ON("virtual:launch"), &said);

		CHECK_EQ_INT(st, 0, "two launches: once the first is gone, "
		             "another runs on the adapter");
		if (st != 0)
			printf("# %s\n", said);
		g_free(said);
	}
}

int main(int argc, char **argv)
{
	struct gst_test_env env;

	gst_test_setup(&env, &argc, &argv);
	test_this_process_holds(&env);
	test_two_launches();
	gst_test_teardown(&env);
	return check_done();
}
