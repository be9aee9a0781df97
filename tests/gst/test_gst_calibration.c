/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A calibration that fails reaches the application as a warning of the
 * element (kind "calibration-failed", with the channel and the failed
 * paths in its details), and the element goes on: a devourersrc on a
 * virtual RTL8812AU calibrates cleanly at bring-up, then path B's RF is
 * switched off in the chip model and a live retune runs an IQK that
 * cannot complete (both paths time out together); with the RF back, the
 * next retune calibrates without a warning.
 */
#include "gst_test_common.h"
#include "libdevourer/virtual/vchip.h"

#define DEVICE "virtual:cal,chip=8812a"

static gboolean rf_b(struct vchip *vc, guint8 v)
{
	return vchip_control(vc, 0x40, 0x05, 0x76, 0, &v, 1, 500) == 1;
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
	GstHarness *h = gst_test_src_harness(&env, DEVICE, 36, 5, &bus,
	                                     "src plays on 36");
	if (!h)
		goto out;
	CHECK_EQ_INT(gst_test_drain_bus(bus, 0, msgs), 0, "no error");
	CHECK_EQ_INT(gst_test_count_warnings(msgs, "calibration-failed"), 0,
	             "bring-up calibrated without a warning");

	struct vchip *vc = vchip_find("cal");
	CHECK(vc != NULL, "chip model found");
	if (!vc)
		goto stop;
	CHECK(rf_b(vc, 0x00), "path B RF off in the model");
	g_object_set(h->element, "channel", 40, NULL);
	CHECK_EQ_INT(gst_test_drain_bus(bus, 0, msgs), 0,
	             "the retune with a failing IQK is no error");
	CHECK_EQ_INT(gst_test_count_warnings(msgs, "calibration-failed"), 1,
	             "one calibration-failed warning");
	d = gst_test_find_warning(msgs, "calibration-failed");
	if (d) {
		const gchar *tx = gst_structure_get_string(d, "failed-tx-paths");
		const gchar *rx = gst_structure_get_string(d, "failed-rx-paths");
		const gchar *what = gst_structure_get_string(d, "calibration");
		const gchar *dev = gst_structure_get_string(d, "device");
		CHECK(gst_structure_get_uint(d, "channel", &ch) && ch == 40,
		      "warning names channel 40");
		CHECK(tx && strcmp(tx, "AB") == 0, "TX failed on paths AB");
		CHECK(rx && strcmp(rx, "AB") == 0, "RX failed on paths AB");
		CHECK(what && strcmp(what, "IQK") == 0, "the calibration is IQK");
		CHECK(dev && strcmp(dev, DEVICE) == 0, "warning names the device");
	}
	g_object_get(h->element, "channel", &ch, NULL);
	CHECK_EQ_INT(ch, 40, "the src is on channel 40 all the same");

	CHECK(rf_b(vc, 0x07), "path B RF back on");
	g_ptr_array_set_size(msgs, 0);
	g_object_set(h->element, "channel", 44, NULL);
	CHECK_EQ_INT(gst_test_drain_bus(bus, 0, msgs), 0, "retune to 44");
	CHECK_EQ_INT(gst_test_count_warnings(msgs, "calibration-failed"), 0,
	             "a clean calibration posts no warning");
stop:
	gst_element_set_state(h->element, GST_STATE_NULL);
	gst_harness_teardown(h);
out:
	if (bus)
		gst_object_unref(bus);
	g_ptr_array_unref(msgs);
	gst_test_teardown(&env);
	return check_done();
}
