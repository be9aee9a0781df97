/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Finding and reading firmware files (search order in firmware.h). A file
 * is read whole or not at all; its size is bounded before any allocation.
 */
#include "firmware/firmware.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <devourer/devourer.h>

/* The system's rtw88 locations, in search order (where linux-firmware
 * puts the files the rtw88 driver loads, "rtw88/<name>"), and how the
 * error message spells them all at once. */
static const char *const system_dirs[] = {
	"/lib/firmware/updates/rtw88",
	"/lib/firmware/rtw88",
	"/usr/lib/firmware/updates/rtw88",
	"/usr/lib/firmware/rtw88",
};
#define SYSTEM_DIRS_TEXT "{/usr,}/lib/firmware{/updates,}/rtw88"

/* The copy devourer installs (firmware/meson.build): last, so a newer
 * image from the distribution or the user wins. */
#ifndef DVR_INSTALLED_FIRMWARE_DIR
#error "DVR_INSTALLED_FIRMWARE_DIR comes from firmware/meson.build"
#endif

const char *dvr_firmware_installed_dir(void)
{
	return DVR_INSTALLED_FIRMWARE_DIR;
}

/* Message collector: appends "; "-separated notes, truncating safely. */
struct msg {
	char *buf;
	size_t len, used;
};

static void msg_add(struct msg *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void msg_add(struct msg *m, const char *fmt, ...)
{
	va_list ap;

	if (!m->buf || m->len == 0 || m->used >= m->len - 1)
		return;
	va_start(ap, fmt);
	int n = vsnprintf(m->buf + m->used, m->len - m->used, fmt, ap);
	va_end(ap);
	if (n > 0)
		m->used += (size_t)n < m->len - m->used ? (size_t)n
		                                        : m->len - m->used - 1;
}

enum try_result { TRY_ABSENT, TRY_OK, TRY_BAD };

/* Read dir/name into fw. TRY_BAD = exists but unusable (message added). */
static enum try_result try_path(const char *dir, const char *name,
                                struct dvr_firmware *fw, struct msg *m)
{
	char path[sizeof fw->path];
	struct stat sb;
	int n = snprintf(path, sizeof path, "%s/%s", dir, name);

	if (n < 0 || (size_t)n >= sizeof path) {
		msg_add(m, "%s/%s: path too long", dir, name);
		return TRY_BAD;
	}
	FILE *f = fopen(path, "rb");
	if (!f) {
		if (errno == ENOENT || errno == ENOTDIR)
			return TRY_ABSENT;
		msg_add(m, "%s: %s", path, strerror(errno));
		return TRY_BAD;
	}
	if (fstat(fileno(f), &sb) != 0 || !S_ISREG(sb.st_mode)) {
		msg_add(m, "%s: not a regular file", path);
		fclose(f);
		return TRY_BAD;
	}
	if (sb.st_size <= 0 || (uint64_t)sb.st_size > DVR_FIRMWARE_MAX_SIZE) {
		msg_add(m, "%s: size %lld outside 1..%u", path,
		        (long long)sb.st_size, DVR_FIRMWARE_MAX_SIZE);
		fclose(f);
		return TRY_BAD;
	}
	size_t size = (size_t)sb.st_size;
	uint8_t *data = malloc(size);
	if (!data) {
		msg_add(m, "%s: out of memory", path);
		fclose(f);
		return TRY_BAD;
	}
	size_t got = fread(data, 1, size, f);
	/* The file must end where stat said: a growing or shrinking file
	 * is not something to boot a chip from. */
	int extra = fgetc(f);
	bool err = ferror(f);
	fclose(f);
	if (got != size || extra != EOF || err) {
		msg_add(m, "%s: short or changing read", path);
		free(data);
		return TRY_BAD;
	}
	fw->data = data;
	fw->size = size;
	memcpy(fw->path, path, (size_t)n + 1);
	return TRY_OK;
}

int dvr_firmware_load(const char *name, const char *dir,
                      struct dvr_firmware *fw, char *err, size_t err_len)
{
	struct msg m = { .buf = err, .len = err ? err_len : 0 };
	const char *env = getenv("DEVOURER_FIRMWARE_DIR");
	bool bad = false;

	if (err && err_len)
		err[0] = '\0';
	if (!fw)
		return DVR_E_INVALID;
	memset(fw, 0, sizeof *fw);
	if (!name || !*name || strchr(name, '/')) {
		msg_add(&m, "invalid firmware file name");
		return DVR_E_INVALID;
	}
	const char *dirs[3 + sizeof system_dirs / sizeof system_dirs[0]];
	size_t nd = 0;
	if (dir && *dir)
		dirs[nd++] = dir;
	if (env && *env)
		dirs[nd++] = env;
	for (size_t i = 0; i < sizeof system_dirs / sizeof system_dirs[0]; i++)
		dirs[nd++] = system_dirs[i];
	dirs[nd++] = DVR_INSTALLED_FIRMWARE_DIR;

	for (size_t i = 0; i < nd; i++) {
		enum try_result r = try_path(dirs[i], name, fw, &m);
		if (r == TRY_OK) {
			if (err && err_len)
				err[0] = '\0';
			return DVR_OK;
		}
		if (r == TRY_BAD) {
			/* A present but unusable file is reported, not
			 * silently replaced by another copy further down. */
			bad = true;
			break;
		}
	}
	if (bad) {
		msg_add(&m, "; replace it with the linux-firmware rtw88/ copy");
	} else {
		/* Every place, compactly, in search order: given dir, env
		 * dir, system dirs, our installed copy. */
		msg_add(&m, "%s not in ", name);
		if (dir && *dir)
			msg_add(&m, "%s, ", dir);
		if (env && *env)
			msg_add(&m, "%s, ", env);
		msg_add(&m, SYSTEM_DIRS_TEXT ", %s; reinstall devourer, "
		        "install linux-firmware or set DEVOURER_FIRMWARE_DIR",
		        DVR_INSTALLED_FIRMWARE_DIR);
	}
	return DVR_E_FIRMWARE;
}

void dvr_firmware_release(struct dvr_firmware *fw)
{
	if (!fw)
		return;
	free(fw->data);
	fw->data = NULL;
	fw->size = 0;
}
