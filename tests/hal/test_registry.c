/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The registry carries exactly the chips the build was asked for
 * (-Dchips, hal/chips_built.h): each built chip once, none other, and
 * every USB id of theirs found by the registry.
 */
#include "../check.h"
#include "hal/chips_built.h"
#include "hal/hal.h"

static const struct {
	const char *name;
	int built;
} chips[] = {
	{ "RTL8812AU", DVR_CHIP_RTL8812A },
	{ "RTL8821AU", DVR_CHIP_RTL8821A },
	{ "RTL8822CU/RTL8812CU", DVR_CHIP_RTL8822C },
	{ "RTL8821CU/RTL8811CU", DVR_CHIP_RTL8821C },
	{ "RTL8822BU/RTL8812BU", DVR_CHIP_RTL8822B },
	{ "RTL8812EU/RTL8822EU", DVR_CHIP_RTL8822E },
	{ "RTL8814AU", DVR_CHIP_RTL8814A },
};

int main(void)
{
	size_t n = 0, want = 0;
	char what[128];

	while (dvr_chip_registry[n])
		n++;
	for (size_t i = 0; i < sizeof chips / sizeof chips[0]; i++) {
		unsigned found = 0;
		for (size_t r = 0; r < n; r++)
			found += strcmp(dvr_chip_registry[r]->name,
			                chips[i].name) == 0;
		want += chips[i].built ? 1 : 0;
		snprintf(what, sizeof what, "%s registered %s", chips[i].name,
		         chips[i].built ? "once" : "not at all (not built)");
		CHECK_EQ_INT(found, chips[i].built ? 1 : 0, what);
	}
	CHECK_EQ_INT(n, want, "nothing else registered");
	CHECK(n >= 1, "at least one chip");

	for (size_t r = 0; r < n; r++) {
		const struct dvr_chip_info *ci = dvr_chip_registry[r];
		for (size_t i = 0; i < ci->n_usb_ids; i++) {
			const struct dvr_usb_id *id = &ci->usb_ids[i];
			snprintf(what, sizeof what, "%04x:%04x of %s found",
			         id->vid, id->pid, ci->name);
			CHECK(dvr_hal_find_chip(id->vid, id->pid) != NULL, what);
		}
	}
	return check_done();
}
