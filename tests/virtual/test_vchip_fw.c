/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Firmware download/boot in the chip model, judged as the chip can judge
 * it: any genuine image boots (v52.14 and v52.10); a transfer with a hole
 * never reports a good checksum; code whose reset vector does not jump
 * into what was downloaded never boots; damage the 8051 would only meet
 * later (a flipped byte, a cut tail) is invisible to the chip and boots —
 * catching it is the driver's job (header checks, tests/hal). */
#include "tests/check.h"
#include "tests/virtual/vhelp.h"

static struct vchip *fresh(void)
{
	struct vchip_config cfg = {.name = "fw-test", .no_air = true};
	struct vchip *vc = NULL;
	if (vchip_create(&cfg, &vc) == 0 && vh_power_on(vc) == 0)
		return vc;
	return vc;
}

int main(void)
{
	const char *dir = check_firmware_dir();
	if (!dir)
		CHECK_SKIP("shared firmware absent");
	char path[1024];
	size_t len = 0;
	snprintf(path, sizeof path, "%s/rtw8812a_fw.bin", dir);
	uint8_t *fw = vh_load(path, &len);
	if (!CHECK(fw && len == 27030, "firmware file loaded"))
		return check_done();
	const uint8_t *code = fw + 32;
	size_t clen = len - 32;

	/* genuine image */
	struct vchip *vc = fresh();
	CHECK_EQ_INT(vh_fw_download(vc, code, clen, -1), 1,
	             "intact download: checksum report set");
	uint32_t r = vh_fw_boot(vc);
	CHECK_EQ_HEX(r & 0xC6, 0xC6, "genuine image boots (0xC6 all set)");
	CHECK(vh_has_milestone(vc, VCHIP_M_FW_CHECKSUM_OK), "FW_CHECKSUM_OK");
	CHECK(vh_has_milestone(vc, VCHIP_M_FW_BOOTED), "FW_BOOTED");
	/* 8051 reset stops it */
	vh_set8(vc, 0x03, 0, 0x04);
	CHECK_EQ_HEX(vh_read(vc, 0x80, 1) & 0xC0, 0, "CPU reset stops firmware");
	vchip_destroy(vc);

	/* another genuine version */
	const char *fixtures = getenv("DEVOURER_TEST_FIXTURE_FW_DIR");
	size_t olen = 0;
	uint8_t *other = NULL;
	if (fixtures && *fixtures) {
		snprintf(path, sizeof path, "%s/rtl8812a_fw_nic_v52.10.bin",
		         fixtures);
		other = vh_load(path, &olen);
	}
	if (CHECK(other && olen == 27054, "v52.10 fixture loaded")) {
		vc = fresh();
		CHECK_EQ_INT(vh_fw_download(vc, other + 32, olen - 32, -1), 1,
		             "v52.10: checksum report set");
		r = vh_fw_boot(vc);
		CHECK_EQ_HEX(r & 0xC6, 0xC6, "v52.10 boots");
		CHECK(vh_has_milestone(vc, VCHIP_M_FW_BOOTED),
		      "v52.10: FW_BOOTED");
		vchip_destroy(vc);
	}
	free(other);

	uint8_t *bad = malloc(clen);

	/* reset vector aimed past the downloaded code */
	memcpy(bad, code, clen);
	bad[1] = 0x7F;
	bad[2] = 0xF0;
	vc = fresh();
	CHECK_EQ_INT(vh_fw_download(vc, bad, clen, -1), 1,
	             "bad entry still transfers intact");
	r = vh_fw_boot(vc);
	CHECK_EQ_HEX(r & 0xC0, 0, "entry outside the code never boots");
	CHECK(vh_has_milestone(vc, VCHIP_M_FW_FAILED), "FW_FAILED");
	CHECK(!vh_has_milestone(vc, VCHIP_M_FW_BOOTED), "no FW_BOOTED");
	vchip_destroy(vc);

	/* first instruction not a jump into the code */
	memcpy(bad, code, clen);
	bad[0] = 0x00;
	vc = fresh();
	vh_fw_download(vc, bad, clen, -1);
	r = vh_fw_boot(vc);
	CHECK_EQ_HEX(r & 0xC0, 0, "no LJMP at the reset vector: never boots");
	vchip_destroy(vc);

	/* a flipped byte deep in the code: nothing the chip checks sees it,
	 * the 8051 starts — the model says so rather than pretend */
	memcpy(bad, code, clen);
	bad[12345] ^= 0x01;
	vc = fresh();
	CHECK_EQ_INT(vh_fw_download(vc, bad, clen, -1), 1,
	             "flipped byte transfers intact");
	r = vh_fw_boot(vc);
	CHECK_EQ_HEX(r & 0xC0, 0xC0,
	             "flipped code byte: the chip starts it (driver's to catch)");
	vchip_destroy(vc);

	/* a block lost in transfer */
	vc = fresh();
	CHECK_EQ_INT(vh_fw_download(vc, code, clen, 40), 0,
	             "missing block: checksum report stays 0");
	r = vh_fw_boot(vc);
	CHECK_EQ_HEX(r & 0xC0, 0, "missing block never boots");
	vchip_destroy(vc);

	/* truncated before the code the reset vector jumps to (0x4836) */
	vc = fresh();
	CHECK_EQ_INT(vh_fw_download(vc, code, 0x4000, -1), 1,
	             "short image transfers intact");
	r = vh_fw_boot(vc);
	CHECK_EQ_HEX(r & 0xC0, 0, "entry point not downloaded: never boots");
	vchip_destroy(vc);

	/* tail cut short: the start-up code is all there */
	vc = fresh();
	vh_fw_download(vc, code, clen - 500, -1);
	r = vh_fw_boot(vc);
	CHECK_EQ_HEX(r & 0xC0, 0xC0,
	             "cut tail: the chip starts it (driver's to catch)");
	vchip_destroy(vc);

	/* a download that skips page 1 entirely leaves a hole */
	vc = fresh();
	vh_fw_download(vc, code, 4096, -1);
	vh_set8(vc, 0x80, 0x01, 0);
	uint32_t c = vh_read(vc, 0x80, 4);
	vh_w32(vc, 0x80, (c & ~(7u << 16)) | 2u << 16);
	vchip_control(vc, 0x40, 0x05, 0x1000, 0, (uint8_t *)code + 8192, 196,
	              500);
	CHECK_EQ_INT(vh_read(vc, 0x80, 1) & 0x04, 0,
	             "page hole: checksum report 0");
	vchip_destroy(vc);

	/* the whole file including its header is not the RAM code: its
	 * first byte 0x01 is no LJMP */
	vc = fresh();
	vh_fw_download(vc, fw, len, -1);
	r = vh_fw_boot(vc);
	CHECK_EQ_HEX(r & 0xC0, 0, "header + code never boots");
	vchip_destroy(vc);

	/* download before power-on goes nowhere */
	struct vchip_config cfg = {.name = "fw-off", .no_air = true};
	CHECK_EQ_INT(vchip_create(&cfg, &vc), 0, "create unpowered");
	CHECK_EQ_INT(vh_fw_download(vc, code, clen, -1), 0,
	             "no checksum report without power");
	vchip_destroy(vc);
	free(bad);
	free(fw);
	return check_done();
}
