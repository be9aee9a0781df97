/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * dvr_supported_chips(): the names of the chips this build drives, read
 * from the HAL's registry once, so that whatever describes the driver to
 * a user (the GStreamer elements, tools) never keeps a list of its own.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <devourer/devourer.h>

#include "hal/hal.h"

static char chips_text[512];
static pthread_once_t chips_once = PTHREAD_ONCE_INIT;

static void build_chips_text(void)
{
	size_t used = 0;
	for (const struct dvr_chip_info *const *c = dvr_chip_registry; *c;
	     c++) {
		const char *cav = (*c)->caveat;
		int n = snprintf(chips_text + used, sizeof chips_text - used,
		                 "%s%s%s%s%s", used ? ", " : "", (*c)->name,
		                 cav ? " (" : "", cav ? cav : "",
		                 cav ? ")" : "");
		if (n < 0 || (size_t)n >= sizeof chips_text - used) {
			/* does not fit: end on the last whole name */
			chips_text[used] = '\0';
			return;
		}
		used += (size_t)n;
	}
}

const char *dvr_supported_chips(void)
{
	pthread_once(&chips_once, build_chips_text);
	return chips_text;
}
