/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The udev rule we ship (contrib/60-devourer.rules) must grant access to
 * every adapter the HAL drives: a VID:PID missing there means a user's
 * adapter works as root and fails with "permission denied" otherwise.
 * Every line tags the device for the seat user (uaccess).
 * argv[1] is the rule file.
 */
#include "hal/hal.h"
#include "tests/check.h"

int main(int argc, char **argv)
{
	if (argc < 2)
		CHECK_SKIP("usage: test_udev_rule RULES_FILE");
	FILE *f = fopen(argv[1], "r");
	if (!CHECK(f != NULL, "rule file opens"))
		return check_done();
	static char text[64 * 1024];
	size_t n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);

	unsigned ids = 0, missing = 0;
	for (const struct dvr_chip_info *const *c = dvr_chip_registry; *c;
	     c++) {
		for (size_t i = 0; i < (*c)->n_usb_ids; i++) {
			char want[96];
			snprintf(want, sizeof want,
			         "ATTRS{idVendor}==\"%04x\", "
			         "ATTRS{idProduct}==\"%04x\"",
			         (*c)->usb_ids[i].vid, (*c)->usb_ids[i].pid);
			/* a VID:PID two dies share (their probes decide)
			 * needs one line: count it at its first chip */
			if (dvr_hal_find_chip((*c)->usb_ids[i].vid,
			                      (*c)->usb_ids[i].pid) == *c)
				ids++;
			if (!strstr(text, want)) {
				missing++;
				printf("# missing %04x:%04x (%s)\n",
				       (*c)->usb_ids[i].vid,
				       (*c)->usb_ids[i].pid, (*c)->name);
			}
		}
	}
	/* Each adapter line also grants the seat user access (uaccess):
	 * a desktop user is in no plugdev group by default. */
	unsigned lines = 0, no_uaccess = 0;
	for (char *line = text; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (strstr(line, "ATTRS{idVendor}")) {
			lines++;
			if (!strstr(line, "TAG+=\"uaccess\"")) {
				no_uaccess++;
				printf("# no uaccess: %s\n", line);
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	CHECK(lines >= ids, "one rule line per supported id");
	CHECK_EQ_INT(no_uaccess, 0, "every rule line tags uaccess");
	CHECK(ids > 0, "the registry lists USB ids");
	CHECK_EQ_INT(missing, 0, "every supported VID:PID has a udev line");
	return check_done();
}
