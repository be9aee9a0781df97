/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every USB id the HAL drives, plugged in over the real libusb: for each
 * VID:PID of every chip in the registry, an adapter with that id plugged
 * in alone (the one before it unplugged), opened as "usb:VID:PID". The model must present the id
 * (as the die that ships under it first: vchip_personality_by_usb_id),
 * and the HAL must take it as the entry that drives that die (the die's
 * row in tests/chip_table.h), through its probe where two chips list the
 * id. dvr_open() only: the id, the descriptors, the probe and, for a
 * chip whose EFUSE asks for it, the switch to USB 3; the bring-up of each
 * die is vusb_e2e_<chip>'s.
 */
#include "hal/hal.h"
#include "libdevourer/virtual/vchip_personality.h"
#include "tests/chip_table.h"
#include "tests/vusb/vusb_test.h"

static void check_id(struct vusb *vb, const struct dvr_chip_info *ci,
                     uint16_t vid, uint16_t pid)
{
	char what[200];
	const struct vchip_personality *p =
		vchip_personality_by_usb_id(vid, pid);
	snprintf(what, sizeof what, "%s %04x:%04x: the model presents it",
	         ci->name, vid, pid);
	CHECK(p != NULL, what);
	const struct test_chip *tc = p ? test_chip_find(p->name) : NULL;
	snprintf(what, sizeof what, "%s %04x:%04x: its die (%s) has a row",
	         ci->name, vid, pid, p ? p->name : "none");
	CHECK(tc != NULL, what);
	if (!tc)
		return;

	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = {.name = "ids", .vid = vid, .pid = pid,
	                            .no_air = true};
	char err[200] = "";
	snprintf(what, sizeof what, "%04x:%04x plugged in", vid, pid);
	CHECK(vusb_add(vb, &vcfg, &ud, err, sizeof err) == 0, what);
	if (!ud) {
		printf("# %s\n", err);
		return;
	}
	char sel[32];
	snprintf(sel, sizeof sel, "usb:%04x:%04x", vid, pid);
	dvr_device *dev = NULL;
	int r = dvr_open(sel, NULL, &dev);
	snprintf(what, sizeof what, "%s opens (the %s die)", sel, p->name);
	CHECK_EQ_INT(r, DVR_OK, what);
	if (r != DVR_OK)
		printf("# %s\n", dev ? dvr_last_error(dev) : dvr_strerror(r));
	if (dev) {
		snprintf(what, sizeof what, "%s: driven as the %s", sel,
		         test_chip_hal_name(tc));
		CHECK(strcmp(dvr_chip_name(dev), test_chip_hal_name(tc)) == 0,
		      what);
		dvr_close(dev);
	}
	/* off the bus, so the next id is the only adapter there */
	vusb_unplug(ud);
}

int main(int argc, char **argv)
{
	(void)argc;
	char air[64];
	vt_setup(argv, air, sizeof air);
	struct vusb *vb = NULL;
	char err[200] = "";
	CHECK(vusb_new(&vb, err, sizeof err) == 0, "test bed");
	if (!vb) {
		printf("# %s\n", err);
		return check_done();
	}
	unsigned ids = 0;
	for (const struct dvr_chip_info *const *c = dvr_chip_registry; *c;
	     c++)
		for (size_t i = 0; i < (*c)->n_usb_ids; i++, ids++)
			check_id(vb, *c, (*c)->usb_ids[i].vid,
			         (*c)->usb_ids[i].pid);
	printf("# %u USB ids\n", ids);
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
