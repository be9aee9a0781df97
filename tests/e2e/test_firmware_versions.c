/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A genuine RTL8812A firmware of another version than the default one
 * (v52.10, tests/firmware/README.md) boots in the chip model and the HAL
 * brings the virtual adapter up with it, found through
 * DEVOURER_FIRMWARE_DIR under the name the driver asks for; a copy whose
 * reset vector jumps out of the downloaded code is downloaded intact but
 * never boots.
 */
#include "e2e_common.h"

/* The file the RTL8812A HAL asks for. */
#define FW_FILE "rtw8812a_fw.bin"

static uint8_t image[64 * 1024];
static size_t image_len;

/* Open and start "virtual:name" with the firmware of DEVOURER_FIRMWARE_DIR
 * (no firmware_dir in the config). */
static int start(const char *name, struct vchip **vc, dvr_device **dev)
{
	char sel[64];
	snprintf(sel, sizeof sel, "virtual:%s", name);
	struct dvr_config cfg = {0};
	*dev = NULL;
	int r = dvr_open(sel, &cfg, dev);
	if (r != DVR_OK)
		return r;
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	r = dvr_start(*dev, &ch);
	if (r != DVR_OK)
		printf("# %s\n", dvr_last_error(*dev));
	*vc = vchip_find(name);
	return r;
}

int main(void)
{
	const char *fixtures = getenv("DEVOURER_TEST_FIXTURE_FW_DIR");
	if (!fixtures || !*fixtures)
		CHECK_SKIP("DEVOURER_TEST_FIXTURE_FW_DIR not set");
	char path[600];
	snprintf(path, sizeof path, "%s/rtl8812a_fw_nic_v52.10.bin", fixtures);
	FILE *f = fopen(path, "rb");
	if (!CHECK(f != NULL, "fixture present"))
		return check_done();
	image_len = fread(image, 1, sizeof image, f);
	fclose(f);
	CHECK_EQ_INT((long)image_len, 27054, "v52.10 image read");
	CHECK(image[0] == 0x01 && image[1] == 0x95 && image[4] == 52 &&
	      image[6] == 10,
	      "header: RTL8812A signature, version 52.10");

	char air[] = "/tmp/dvr-fwver-air-XXXXXX";
	char good[] = "/tmp/dvr-fwver-good-XXXXXX";
	char bad[] = "/tmp/dvr-fwver-bad-XXXXXX";
	if (!mkdtemp(air) || !mkdtemp(good) || !mkdtemp(bad))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", air, 1);
	CHECK_EQ_INT(e2e_write_file(good, FW_FILE, image, image_len), 0,
	             "copy in place");
	uint8_t hi = image[33], lo = image[34];
	image[33] = 0x7F; /* LJMP 0x7FF0: past the downloaded code */
	image[34] = 0xF0;
	CHECK_EQ_INT(e2e_write_file(bad, FW_FILE, image, image_len), 0,
	             "corrupt copy");
	image[33] = hi;
	image[34] = lo;

	struct vchip *vc = NULL;
	dvr_device *dev = NULL;
	setenv("DEVOURER_FIRMWARE_DIR", good, 1);
	int r = start("v5210", &vc, &dev);
	CHECK_EQ_INT(r, DVR_OK, "v52.10 brings the adapter up");
	CHECK(e2e_has_milestone(vc, VCHIP_M_FW_BOOTED),
	      "the model booted v52.10");
	CHECK(e2e_has_milestone(vc, VCHIP_M_RF_TABLE) &&
	      e2e_has_milestone(vc, VCHIP_M_CHANNEL),
	      "bring-up went on past the firmware");
	dvr_close(dev);

	setenv("DEVOURER_FIRMWARE_DIR", bad, 1);
	vc = NULL;
	r = start("v5210bad", &vc, &dev);
	CHECK_EQ_INT(r, DVR_E_FIRMWARE, "corrupt v52.10: DVR_E_FIRMWARE");
	CHECK(e2e_has_milestone(vc, VCHIP_M_FW_CHECKSUM_OK),
	      "corrupt copy was downloaded intact");
	CHECK(vc && !e2e_has_milestone(vc, VCHIP_M_FW_BOOTED) &&
	              e2e_has_milestone(vc, VCHIP_M_FW_FAILED),
	      "corrupt copy never booted");
	dvr_close(dev);

	char cmd[700];
	snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s' '%s'", air, good, bad);
	if (system(cmd) != 0)
		printf("# cleanup failed\n");
	return check_done();
}
