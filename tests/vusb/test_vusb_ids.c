/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every USB id the HAL drives, plugged in over the real libusb: for each
 * VID:PID of every chip in the registry, each die whose HAL entry lists
 * it (the chip model's personality of each row of tests/chip_table.h)
 * is plugged in alone under that id (the one before it unplugged) and
 * opened as "usb:VID:PID": the HAL must take it as the entry of its row,
 * through the probes where two entries list the id. The model must
 * present every such id by itself too. dvr_open() only: the id, the
 * descriptors, the probe and, for a chip whose EFUSE asks for it, the
 * switch to USB 3; the bring-up of each die is vusb_e2e_<chip>'s.
 */
#include "hal/hal.h"
#include "libdevourer/virtual/vchip_personality.h"
#include "tests/chip_table.h"
#include "tests/vusb/vusb_test.h"

/* The HAL's entry called name, or NULL. */
static const struct dvr_chip_info *hal_entry(const char *name)
{
	for (const struct dvr_chip_info *const *c = dvr_chip_registry; *c; c++)
		if (strcmp((*c)->name, name) == 0)
			return *c;
	return NULL;
}

static bool lists(const struct dvr_chip_info *ci, uint16_t vid, uint16_t pid)
{
	for (size_t i = 0; ci && i < ci->n_usb_ids; i++)
		if (ci->usb_ids[i].vid == vid && ci->usb_ids[i].pid == pid)
			return true;
	return false;
}

/* The die of row tc plugged in alone at vid:pid and opened: the HAL
 * entry of its row must take it. */
static void check_die(struct vusb *vb, const struct test_chip *tc,
                      uint16_t vid, uint16_t pid)
{
	char what[200], err[200] = "";
	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = {.name = "ids", .vid = vid, .pid = pid,
	                            .no_air = true,
	                            .chip = vchip_personality_by_name(tc->name)};
	snprintf(what, sizeof what, "%04x:%04x with the %s die plugged in",
	         vid, pid, tc->name);
	CHECK(vcfg.chip && vusb_add(vb, &vcfg, &ud, err, sizeof err) == 0,
	      what);
	if (!ud) {
		printf("# %s\n", err);
		return;
	}
	char sel[32];
	snprintf(sel, sizeof sel, "usb:%04x:%04x", vid, pid);
	dvr_device *dev = NULL;
	int r = dvr_open(sel, NULL, &dev);
	snprintf(what, sizeof what, "%s with the %s die opens as the %s", sel,
	         tc->name, test_chip_hal_name(tc));
	CHECK(r == DVR_OK && dev &&
	              strcmp(dvr_chip_name(dev), test_chip_hal_name(tc)) == 0,
	      what);
	if (r != DVR_OK)
		printf("# %s\n", dev ? dvr_last_error(dev) : dvr_strerror(r));
	else if (dev && strcmp(dvr_chip_name(dev), test_chip_hal_name(tc)))
		printf("# driven as the %s\n", dvr_chip_name(dev));
	dvr_close(dev);
	/* off the bus, so the next one is the only adapter there */
	vusb_unplug(ud);
}

/* Every die whose HAL entry lists vid:pid, behind that id: where two
 * entries list it, the probes must tell the dies apart. The model must
 * also present the id by itself (as the die that ships under it
 * first). */
static void check_id(struct vusb *vb, const struct dvr_chip_info *ci,
                     uint16_t vid, uint16_t pid)
{
	char what[200];
	snprintf(what, sizeof what, "%s %04x:%04x: the model presents it",
	         ci->name, vid, pid);
	CHECK(vchip_personality_by_usb_id(vid, pid) != NULL, what);
	/* an id two entries list: its dies once, with its first entry */
	if (dvr_hal_find_chip(vid, pid) != ci)
		return;
	for (size_t k = 0; k < TEST_CHIP_COUNT; k++) {
		const struct test_chip *tc = &test_chip_table[k];
		if (lists(hal_entry(test_chip_hal_name(tc)), vid, pid))
			check_die(vb, tc, vid, pid);
	}
}

int main(int argc, char **argv)
{
	(void)argc;
	char air[64];
	vt_setup(argv, air, sizeof air);
	unsigned ids = 0;
	for (const struct dvr_chip_info *const *c = dvr_chip_registry; *c;
	     c++) {
		/* a test bed a chip: a bus has 127 addresses, and every
		 * plug-in and USB 3 switch takes one */
		struct vusb *vb = NULL;
		char err[200] = "";
		CHECK(vusb_new(&vb, err, sizeof err) == 0, "test bed");
		if (!vb) {
			printf("# %s\n", err);
			break;
		}
		for (size_t i = 0; i < (*c)->n_usb_ids; i++, ids++)
			check_id(vb, *c, (*c)->usb_ids[i].vid,
			         (*c)->usb_ids[i].pid);
		vusb_free(vb);
	}
	printf("# %u USB ids\n", ids);
	vt_rm_dir(air);
	return check_done();
}
