/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the driver knows about a board reaches the application as element
 * warnings, not as a link that seems to run and delivers nothing:
 *  - a devourersink on the model's RTL8812EU (the LB-LINK BL-M8812EU2
 *    board, RFE type 21) at 2.4 GHz warns "tx-not-decodable" with the
 *    reason, on start and again on a retune back into 2.4 GHz, and not
 *    at 5 GHz;
 *  - a devourersrc there at 2.4 GHz does not (reception works), nor does
 *    a devourersink on an RTL8812AU at 2.4 GHz;
 *  - a board whose EFUSE leaves the RFE type blank comes up with the
 *    driver's default and an "adapter-warning" naming the EFUSE byte.
 */
#include "gst_test_common.h"

static void sink_case(const struct gst_test_env *env, const gchar *device,
                      guint channel, guint expect, const gchar *what)
{
	GstBus *bus = NULL;
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	GstHarness *h = gst_test_sink_harness(env, device, channel, &bus, what);

	if (h) {
		CHECK_EQ_INT(gst_test_drain_bus(bus, 0, msgs), 0, what);
		CHECK_EQ_INT(gst_test_count_warnings(msgs, "tx-not-decodable"),
		             expect, what);
		gst_element_set_state(h->element, GST_STATE_NULL);
		gst_harness_teardown(h);
	}
	if (bus)
		gst_object_unref(bus);
	g_ptr_array_unref(msgs);
}

int main(int argc, char **argv)
{
	struct gst_test_env env;
	GstBus *bus = NULL;
	GPtrArray *msgs = g_ptr_array_new_with_free_func(
	        (GDestroyNotify)gst_message_unref);
	const GstStructure *d;
	guint ch = 0;

	gst_test_setup(&env, &argc, &argv);

	/* The RTL8812EU drone at 2.4 GHz, then 5 GHz, then back. */
	GstHarness *h = gst_test_sink_harness(&env, "virtual:eu,chip=8822e", 6,
	                                      &bus, "8812EU sink plays on 6");
	if (h) {
		CHECK_EQ_INT(gst_test_drain_bus(bus, 0, msgs), 0, "no error");
		CHECK_EQ_INT(gst_test_count_warnings(msgs, "tx-not-decodable"),
		             1, "one tx-not-decodable warning at channel 6");
		d = gst_test_find_warning(msgs, "tx-not-decodable");
		if (d) {
			const gchar *why = gst_structure_get_string(d, "reason");
			const gchar *chip = gst_structure_get_string(d, "chip");
			CHECK(gst_structure_get_uint(d, "channel", &ch) && ch == 6,
			      "the warning names channel 6");
			CHECK(why && strstr(why, "2.4 GHz") &&
			      strstr(why, "BL-M8812EU2"),
			      "the reason names the band and the board");
			CHECK(chip && strstr(chip, "RTL8812EU"),
			      "the warning names the chip");
		}
		g_ptr_array_set_size(msgs, 0);
		g_object_set(h->element, "channel", 36, NULL);
		CHECK_EQ_INT(gst_test_drain_bus(bus, 0, msgs), 0, "retune to 36");
		CHECK_EQ_INT(gst_test_count_warnings(msgs, "tx-not-decodable"),
		             0, "no warning at 5 GHz");
		g_ptr_array_set_size(msgs, 0);
		g_object_set(h->element, "channel", 1, NULL);
		CHECK_EQ_INT(gst_test_drain_bus(bus, 0, msgs), 0, "retune to 1");
		CHECK_EQ_INT(gst_test_count_warnings(msgs, "tx-not-decodable"),
		             1, "the warning again back at 2.4 GHz");
		gst_element_set_state(h->element, GST_STATE_NULL);
		gst_harness_teardown(h);
	}
	if (bus)
		gst_object_unref(bus);
	bus = NULL;
	g_ptr_array_set_size(msgs, 0);

	sink_case(&env, "virtual:eu5,chip=8822e", 149, 0,
	          "8812EU sink at 149: no warning");
	sink_case(&env, "virtual:au,chip=8812a", 6, 0,
	          "8812AU sink at 6: no warning");

	/* Reception at 2.4 GHz is not concerned. */
	h = gst_test_src_harness(&env, "virtual:eurx,chip=8822e", 6, 5, &bus,
	                         "8812EU src plays on 6");
	if (h) {
		CHECK_EQ_INT(gst_test_drain_bus(bus, 0, msgs), 0, "no error");
		CHECK_EQ_INT(gst_test_count_warnings(msgs, "tx-not-decodable"),
		             0, "a src at 2.4 GHz is not warned");
		CHECK_EQ_INT(gst_test_count_warnings(msgs, "adapter-warning"),
		             0, "a programmed board brings no adapter warning");
		gst_element_set_state(h->element, GST_STATE_NULL);
		gst_harness_teardown(h);
	}
	if (bus)
		gst_object_unref(bus);
	bus = NULL;
	g_ptr_array_set_size(msgs, 0);

	/* A blank RFE byte. */
	h = gst_test_src_harness(&env, "virtual:eublank,chip=8822e,board=blank",
	                         36, 5, &bus, "blank-EFUSE 8812EU src plays");
	if (h) {
		CHECK_EQ_INT(gst_test_drain_bus(bus, 0, msgs), 0, "no error");
		CHECK_EQ_INT(gst_test_count_warnings(msgs, "adapter-warning"),
		             1, "one adapter warning");
		d = gst_test_find_warning(msgs, "adapter-warning");
		if (d) {
			const gchar *m = gst_structure_get_string(d, "message");
			const gchar *stage = gst_structure_get_string(d, "stage");
			CHECK(m && strstr(m, "0xCA") && strstr(m, "RFE type 21"),
			      "it names EFUSE byte 0xCA and the type taken");
			CHECK(stage && strcmp(stage, "identify") == 0,
			      "during identification");
		}
		gst_element_set_state(h->element, GST_STATE_NULL);
		gst_harness_teardown(h);
	}
	if (bus)
		gst_object_unref(bus);
	g_ptr_array_unref(msgs);
	gst_test_teardown(&env);
	return check_done();
}
