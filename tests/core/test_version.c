/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* dvr_version(), through libdevourer.so, is the version meson.build
 * declares (passed as the argument). */
#include <string.h>

#include <devourer/devourer.h>

#include "tests/check.h"

int main(int argc, char **argv)
{
	CHECK(argc == 2, "usage: test_version MESON_VERSION");
	if (argc != 2)
		return check_done();
	printf("# dvr_version() = \"%s\", meson = \"%s\"\n", dvr_version(),
	       argv[1]);
	CHECK(strcmp(dvr_version(), argv[1]) == 0,
	      "dvr_version() equals the meson project version");
	return check_done();
}
