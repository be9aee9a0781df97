/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Firmware file search and bounded reading (firmware/firmware.h). */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../check.h"
#include "firmware/firmware.h"
#include <devourer/devourer.h>

static void write_file(const char *path, size_t size, uint8_t fill)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return;
	for (size_t i = 0; i < size; i++)
		fputc(fill, f);
	fclose(f);
}

int main(void)
{
	char tmpl[] = "/tmp/devourer-fwtest-XXXXXX";
	char *dir = mkdtemp(tmpl);
	char dir2[600], path[700], err[1024];
	struct dvr_firmware fw;
	/* A name no system directory has, so only our dirs can match. */
	const char *name = "devourer_test_fw_5f3a.bin";

	if (!dir)
		CHECK_SKIP("cannot create a temp dir");
	snprintf(dir2, sizeof dir2, "%s/env", dir);
	mkdir(dir2, 0700);
	unsetenv("DEVOURER_FIRMWARE_DIR");

	CHECK_EQ_INT(dvr_firmware_load(name, dir, &fw, err, sizeof err),
	             DVR_E_FIRMWARE, "missing file");
	CHECK(strstr(err, dir) != NULL, "message names the given dir");
	CHECK(strstr(err, "/lib/firmware{/updates,}/rtw88") != NULL,
	      "message names the system dirs");
	CHECK(strstr(err, dvr_firmware_installed_dir()) != NULL,
	      "message names the installed copy's dir");
	CHECK(dvr_firmware_installed_dir()[0] == '/',
	      "the installed copy's dir is absolute");
	/* hal.h: struct dvr_chip.error[256] carries it to the user */
	CHECK(strlen(err) < 256, "message fits a chip error buffer");
	CHECK(strstr(err, "DEVOURER_FIRMWARE_DIR") != NULL,
	      "message names the cure");
	CHECK(fw.data == NULL, "nothing allocated on failure");

	snprintf(path, sizeof path, "%s/%s", dir, name);
	write_file(path, 1000, 0x5A);
	CHECK_EQ_INT(dvr_firmware_load(name, dir, &fw, err, sizeof err), DVR_OK,
	             "found via dir");
	CHECK_EQ_INT(fw.size, 1000, "size");
	CHECK(fw.data && fw.data[0] == 0x5A && fw.data[999] == 0x5A, "content");
	CHECK(strcmp(fw.path, path) == 0, "path recorded");
	dvr_firmware_release(&fw);
	CHECK(fw.data == NULL && fw.size == 0, "released");
	unlink(path);

	snprintf(path, sizeof path, "%s/%s", dir2, name);
	write_file(path, 77, 0x11);
	setenv("DEVOURER_FIRMWARE_DIR", dir2, 1);
	CHECK_EQ_INT(dvr_firmware_load(name, NULL, &fw, err, sizeof err),
	             DVR_OK, "found via DEVOURER_FIRMWARE_DIR");
	CHECK(strcmp(fw.path, path) == 0, "env path recorded");
	CHECK_EQ_INT(fw.size, 77, "env size");
	dvr_firmware_release(&fw);
	/* the caller's dir wins over the environment */
	snprintf(path, sizeof path, "%s/%s", dir, name);
	write_file(path, 55, 0x22);
	CHECK_EQ_INT(dvr_firmware_load(name, dir, &fw, err, sizeof err), DVR_OK,
	             "dir before env");
	CHECK_EQ_INT(fw.size, 55, "dir copy chosen");
	dvr_firmware_release(&fw);

	/* oversized and empty files are refused, with the reason */
	write_file(path, DVR_FIRMWARE_MAX_SIZE + 1, 0);
	CHECK_EQ_INT(dvr_firmware_load(name, dir, &fw, err, sizeof err),
	             DVR_E_FIRMWARE, "oversized file rejected");
	CHECK(strstr(err, "size") != NULL, "oversize reason given");
	CHECK(strstr(err, path) != NULL, "oversize names the file");
	CHECK(fw.data == NULL, "no buffer for oversized");
	write_file(path, 0, 0);
	CHECK_EQ_INT(dvr_firmware_load(name, dir, &fw, err, sizeof err),
	             DVR_E_FIRMWARE, "empty file rejected");
	unlink(path);

	CHECK_EQ_INT(dvr_firmware_load("../etc/passwd", dir, &fw, err,
	                               sizeof err), DVR_E_INVALID,
	             "path components refused");
	/* tiny error buffer: truncated, still terminated */
	char small[16];
	unsetenv("DEVOURER_FIRMWARE_DIR");
	CHECK_EQ_INT(dvr_firmware_load(name, dir, &fw, small, sizeof small),
	             DVR_E_FIRMWARE, "small buffer");
	CHECK(strlen(small) < sizeof small, "small buffer terminated");

	snprintf(path, sizeof path, "%s/%s", dir2, name);
	unlink(path);
	rmdir(dir2);
	rmdir(dir);
	return check_done();
}
