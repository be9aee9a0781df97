/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The chip list the per-chip tests iterate (tests/meson.build's
 * test_chips, the arguments, in order) against what they expect of each
 * (tests/chip_table.h), the chip model and the HAL:
 *  - every listed chip has exactly one expectation row, and no row is
 *    left that the list does not name (it would never be tested);
 *  - the first is the model's default adapter: the other chips' peer in
 *    the tests that pair them with a plain "virtual:NAME";
 *  - every chip the model presents and the HAL drives is listed, or
 *    pending (test_chips_pending, each with why its tests wait): a chip
 *    whose model and HAL are both there cannot go untested unsaid; a
 *    listed one opens, and the HAL names it as its row says; a pending
 *    one is not listed and does open (else its entry is stale);
 *  - a row's USB id is one the model presents that chip under and the
 *    HAL's entry for it lists (the devourer-vusb tests plug it in by it).
 * Only dvr_open(): no bring-up, no firmware.
 */
#include <devourer/devourer.h>

#include "hal/hal.h"
#include "libdevourer/virtual/vchip_personality.h"
#include "tests/check.h"
#include "tests/chip_table.h"

/* The chips of a list of arguments. */
struct names {
	char **v;
	int n;
};

static bool listed(struct names l, const char *name)
{
	for (int i = 0; i < l.n; i++)
		if (strcmp(l.v[i], name) == 0)
			return true;
	return false;
}

/* The HAL's entry called dvr_name, or NULL. */
static const struct dvr_chip_info *hal_chip(const char *dvr_name)
{
	for (const struct dvr_chip_info *const *c = dvr_chip_registry; *c; c++)
		if (strcmp((*c)->name, dvr_name) == 0)
			return *c;
	return NULL;
}

static bool hal_lists_id(const struct dvr_chip_info *ci, uint16_t vid,
                         uint16_t pid)
{
	for (size_t i = 0; ci && i < ci->n_usb_ids; i++)
		if (ci->usb_ids[i].vid == vid && ci->usb_ids[i].pid == pid)
			return true;
	return false;
}

static void check_rows(struct names list, struct names pending)
{
	char what[200];
	for (int i = 0; i < list.n; i++) {
		unsigned rows = 0;
		for (size_t k = 0; k < TEST_CHIP_COUNT; k++)
			rows += strcmp(test_chip_table[k].name, list.v[i]) == 0;
		snprintf(what, sizeof what, "%s: one row in tests/chip_table.h",
		         list.v[i]);
		CHECK_EQ_INT(rows, 1, what);
		snprintf(what, sizeof what, "%s: listed once", list.v[i]);
		CHECK(!listed((struct names){ list.v, i }, list.v[i]), what);
		snprintf(what, sizeof what, "%s: listed, so not pending",
		         list.v[i]);
		CHECK(!listed(pending, list.v[i]), what);
	}
	for (size_t k = 0; k < TEST_CHIP_COUNT; k++) {
		const struct test_chip *tc = &test_chip_table[k];
		/* A chip this build leaves out (-Dchips): neither the HAL
		 * nor test_chips has it, and its row waits. */
		if (!hal_chip(test_chip_hal_name(tc)) &&
		    !listed(list, tc->name))
			continue;
		snprintf(what, sizeof what, "row %s: in test_chips "
		         "(tests/meson.build)", tc->name);
		CHECK(listed(list, tc->name), what);
		const struct vchip_personality *p =
			vchip_personality_by_usb_id(tc->vid, tc->pid);
		snprintf(what, sizeof what, "row %s: the model presents it as "
		         "%04x:%04x", tc->name, tc->vid, tc->pid);
		CHECK(p && strcmp(p->name, tc->name) == 0, what);
		snprintf(what, sizeof what, "row %s: the HAL's %s lists "
		         "%04x:%04x", tc->name, test_chip_hal_name(tc), tc->vid,
		         tc->pid);
		CHECK(hal_lists_id(hal_chip(test_chip_hal_name(tc)), tc->vid,
		                   tc->pid),
		      what);
		snprintf(what, sizeof what, "row %s: sane expectations",
		         tc->name);
		CHECK((tc->usb_mbps == 480 || tc->usb_mbps == 5000) &&
		      tc->nss >= 1 && tc->nss <= 4 && tc->started[0].what &&
		      tc->power_149.ask_dbm > 0, what);
	}
}

/* Every chip the model has: listed or pending exactly when the HAL
 * drives it. */
static void check_model_chips(struct names list, struct names pending)
{
	char names[256], what[240];
	snprintf(names, sizeof names, "%s", vchip_personality_names());
	printf("# the model's chips: %s\n", names);
	unsigned n = 0;
	for (char *save = NULL, *name = strtok_r(names, ",", &save); name;
	     name = strtok_r(NULL, ",", &save), n++) {
		char sel[96];
		snprintf(sel, sizeof sel, "virtual:chiptable%u,chip=%s", n,
		         name);
		dvr_device *d = NULL;
		int r = dvr_open(sel, NULL, &d);
		bool driven = r == DVR_OK;
		bool is_pending = listed(pending, name);
		printf("# %s: dvr_open %s%s\n", name,
		       driven ? "ok" : dvr_strerror(r),
		       is_pending ? "; pending (test_chips_pending)" : "");
		if (driven) {
			snprintf(what, sizeof what, "%s: the HAL drives it and "
			         "the model presents it, so test_chips lists "
			         "it (or test_chips_pending says why not)",
			         name);
			CHECK(listed(list, name) || is_pending, what);
		} else {
			snprintf(what, sizeof what, "%s: listed and pending "
			         "chips open through the HAL", name);
			CHECK(!listed(list, name) && !is_pending, what);
		}
		const struct test_chip *tc = test_chip_find(name);
		if (driven && tc) {
			/* opened, not identified: the HAL entry's name */
			snprintf(what, sizeof what, "%s: the HAL calls it %s",
			         name, test_chip_hal_name(tc));
			CHECK(strcmp(dvr_chip_name(d), test_chip_hal_name(tc)) == 0,
			      what);
		}
		dvr_close(d);
	}
	for (int i = 0; i < list.n + pending.n; i++) {
		const char *c = i < list.n ? list.v[i] : pending.v[i - list.n];
		snprintf(what, sizeof what, "%s: a chip the model has", c);
		CHECK(vchip_personality_by_name(c) != NULL, what);
	}
}

/* Arguments: the listed chips, then "--pending" and the pending ones. */
int main(int argc, char **argv)
{
	struct names list = { argv + 1, 0 }, pending = { NULL, 0 };
	while (list.n < argc - 1 && strcmp(list.v[list.n], "--pending") != 0)
		list.n++;
	if (1 + list.n < argc) {
		pending.v = argv + 2 + list.n;
		pending.n = argc - 2 - list.n;
	}
	if (!CHECK(list.n > 0, "test_chips names a chip"))
		return check_done();
	CHECK(strcmp(list.v[0], vchip_personality_default()->name) == 0,
	      "the first chip is the model's default adapter");
	check_rows(list, pending);
	char dir[] = "/tmp/dvr-chiptable-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);
	check_model_chips(list, pending);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
