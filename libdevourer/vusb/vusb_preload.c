/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Getting libumockdev-preload.so into a process that wants its own libusb
 * redirected (the tests): it must be loaded at start-up, so the program
 * re-executes itself with it in LD_PRELOAD.
 *
 * Sanitizer builds: the ASan runtime insists on being first in the
 * library load order and aborts when a preloaded library comes before it.
 * So when this process already carries sanitizer runtimes, their paths go
 * first in LD_PRELOAD and the umockdev preload after them.
 */
#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libdevourer/vusb/vusb.h"

#define PRELOAD "libumockdev-preload.so.0"
#define GUARD "DEVOURER_VUSB_REEXEC"

struct san_libs {
	char list[2048];
};

static int find_sanitizers(struct dl_phdr_info *info, size_t size,
                           void *user)
{
	(void)size;
	struct san_libs *s = user;
	const char *n = info->dlpi_name;
	if (!n || !*n)
		return 0;
	const char *base = strrchr(n, '/');
	base = base ? base + 1 : n;
	if (strncmp(base, "libasan.so", 10) != 0 &&
	    strncmp(base, "libubsan.so", 11) != 0)
		return 0;
	size_t used = strlen(s->list);
	snprintf(s->list + used, sizeof s->list - used, "%s%s",
	         used ? ":" : "", n);
	return 0;
}

int vusb_preload_value(char *out, size_t cap)
{
	const char *cur = getenv("LD_PRELOAD");
	struct san_libs s = {.list = ""};
	dl_iterate_phdr(find_sanitizers, &s);
	int n = snprintf(out, cap, "%s%s" PRELOAD "%s%s", s.list,
	                 s.list[0] ? ":" : "", cur && *cur ? ":" : "",
	                 cur ? cur : "");
	return n < 0 || (size_t)n >= cap ? -ENAMETOOLONG : 0;
}

int vusb_reexec_with_preload(char **argv)
{
	const char *cur = getenv("LD_PRELOAD");
	if (cur && strstr(cur, "libumockdev-preload"))
		return 0;
	if (getenv(GUARD))
		return -ELIBACC; /* we re-executed and it still is not there */
	char value[4096];
	int r = vusb_preload_value(value, sizeof value);
	if (r < 0)
		return r;
	setenv("LD_PRELOAD", value, 1);
	setenv(GUARD, "1", 1);
	execv("/proc/self/exe", argv);
	return -errno;
}
