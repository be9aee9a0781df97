/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Missing, corrupt and truncated firmware give a clear DVR_E_FIRMWARE from
 * dvr_start(), and the model confirms where it failed: an image whose
 * reset vector jumps out of its code is downloaded but never boots; a
 * truncated one is refused by the driver before download.
 */
#include <stdlib.h>
#include <unistd.h>

#include "e2e_common.h"

/* The file the RTL8812A HAL asks for. */
#define FW_FILE "rtw8812a_fw.bin"

static uint8_t image[64 * 1024];
static size_t image_len;

/* Start an adapter named name with firmware from fw_dir. */
static int try_start(const char *name, const char *fw_dir, char *msg,
                     size_t msg_len, struct vchip **vc_out,
                     dvr_device **dev_out)
{
	char sel[64];
	snprintf(sel, sizeof sel, "virtual:%s", name);
	struct dvr_config cfg = { .firmware_dir = fw_dir };
	dvr_device *dev;
	int r = dvr_open(sel, &cfg, &dev);
	if (r != DVR_OK)
		return r;
	struct dvr_channel ch = { .channel = 1, .bw_mhz = 20 };
	r = dvr_start(dev, &ch);
	snprintf(msg, msg_len, "%s", dvr_last_error(dev));
	*vc_out = vchip_find(name);
	*dev_out = dev;
	return r;
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char path[600];
	snprintf(path, sizeof path, "%s/rtw8812a_fw.bin", fw);
	FILE *f = fopen(path, "rb");
	image_len = f ? fread(image, 1, sizeof image, f) : 0;
	if (f)
		fclose(f);
	CHECK(image_len == 27030, "genuine image read");

	char air[] = "/tmp/dvr-fwerr-XXXXXX";
	char empty[] = "/tmp/dvr-fwempty-XXXXXX";
	char corrupt[] = "/tmp/dvr-fwcorrupt-XXXXXX";
	char trunc[] = "/tmp/dvr-fwtrunc-XXXXXX";
	if (!mkdtemp(air) || !mkdtemp(empty) || !mkdtemp(corrupt) ||
	    !mkdtemp(trunc))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", air, 1);
	/* Only the directory given in the config may be searched: make
	 * sure the environment cannot rescue a missing file. */
	unsetenv("DEVOURER_FIRMWARE_DIR");

	char msg[512];
	struct vchip *vc = NULL;
	dvr_device *dev = NULL;

	int r = try_start("nofw", empty, msg, sizeof msg, &vc, &dev);
	CHECK_EQ_INT(r, DVR_E_FIRMWARE, "missing firmware: DVR_E_FIRMWARE");
	printf("# %s\n", msg);
	CHECK(strstr(msg, "rtw8812a_fw.bin") != NULL,
	      "message names the missing file");
	CHECK(strstr(msg, empty) != NULL, "message names where it looked");
	CHECK(strstr(msg, "firmware-realtek") != NULL,
	      "message names the package that ships it");
	CHECK(dev && !strcmp(dvr_firmware_file(dev), FW_FILE) &&
	      dvr_firmware_package(dev) != NULL,
	      "dvr_firmware_file and _package give the chip's");
	CHECK(vc && !e2e_has_milestone(vc, VCHIP_M_FW_CHECKSUM_OK),
	      "model saw no firmware download");
	dvr_close(dev);

	/* The 8051 starts at its reset vector, LJMP 0x4836: aimed past the
	 * downloaded code (0x7FF0), the code never runs. A corrupt byte the
	 * CPU would only reach later is invisible to the chip (the model
	 * boots it; test_vchip_fw says so). */
	uint8_t hi = image[33], lo = image[34];
	image[33] = 0x7F;
	image[34] = 0xF0;
	CHECK_EQ_INT(e2e_write_file(corrupt, FW_FILE, image, image_len), 0,
	             "corrupt copy");
	image[33] = hi;
	image[34] = lo;
	r = try_start("badfw", corrupt, msg, sizeof msg, &vc, &dev);
	CHECK_EQ_INT(r, DVR_E_FIRMWARE, "corrupt firmware: DVR_E_FIRMWARE");
	printf("# %s\n", msg);
	CHECK(vc && e2e_has_milestone(vc, VCHIP_M_FW_CHECKSUM_OK),
	      "corrupt image was downloaded intact");
	CHECK(vc && !e2e_has_milestone(vc, VCHIP_M_FW_BOOTED) &&
	      e2e_has_milestone(vc, VCHIP_M_FW_FAILED),
	      "corrupt image never booted in the model");
	CHECK(vc && !e2e_has_milestone(vc, VCHIP_M_MAC_TABLE),
	      "bring-up stopped at the firmware");
	dvr_close(dev);

	CHECK_EQ_INT(e2e_write_file(trunc, FW_FILE, image, image_len - 1000),
	             0, "truncated copy");
	r = try_start("shortfw", trunc, msg, sizeof msg, &vc, &dev);
	CHECK_EQ_INT(r, DVR_E_FIRMWARE, "truncated firmware: DVR_E_FIRMWARE");
	printf("# %s\n", msg);
	CHECK(vc && !e2e_has_milestone(vc, VCHIP_M_FW_CHECKSUM_OK),
	      "truncated image refused before download");
	dvr_close(dev);

	r = try_start("goodfw", fw, msg, sizeof msg, &vc, &dev);
	CHECK_EQ_INT(r, DVR_OK, "genuine firmware still starts");
	dvr_close(dev);

	char cmd[700];
	snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s' '%s' '%s'", air, empty,
	         corrupt, trunc);
	if (system(cmd) != 0)
		printf("# cleanup failed\n");
	return check_done();
}
