/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8814A's firmware op against a fake register file that acts like
 * the chip where the loader waits (a bulk OUT into the reserved page sets
 * BCN_VALID, a DDMA start clears OWN, the CPU enabled after a complete
 * download reports FW_READY, an EFUSE read completes at once): the image
 * travels in 40-byte-descriptor chunks (rtw88 rtw8814a hw_spec
 * tx_pkt_desc_sz; mac.c send_firmware_pkt), the EFUSE is read only after
 * the download (main.c rtw_chip_efuse_info_setup), and a CPU that never
 * boots fails the op with a sentence saying TX would be dead (OpenIPC
 * devourer CLAUDE.md "Chip facts").
 */
#include <stdlib.h>

#include "../check.h"
#include "fake_regs.h"
#include "hal/rtl8814a/rtl8814a.h"

static struct fake_regs fr;
static struct {
	bool boot;
	unsigned n_bulk, bad_desc, efuse_reads_before_fw;
	bool fw_started;
} sim;

static int sim_bulk(struct dvr_transport *t, unsigned out_idx,
                    const uint8_t *buf, size_t len, unsigned timeout_ms)
{
	(void)t;
	(void)timeout_ms;
	if (out_idx != 0)
		return DVR_E_IO;
	size_t pl = (size_t)(buf[0] | buf[1] << 8);
	uint16_t x = 0;
	for (unsigned i = 0; i < 32; i += 2)
		x ^= (uint16_t)(i == 28 ? 0 : (buf[i] | buf[i + 1] << 8));
	/* OFFSET 40, QSEL BEACON, the Jaguar1 checksum, 40 + chunk bytes */
	if (buf[2] != 40 || (buf[5] & 0x1F) != 0x10 ||
	    x != (buf[28] | buf[29] << 8) || (len != 40 + pl &&
	                                      len != 41 + pl))
		sim.bad_desc++;
	sim.n_bulk++;
	sim.fw_started = true;
	fr.mem[0x205] |= 0x80;                  /* BCN_VALID */
	return (int)len;
}

static void on_write(struct fake_regs *f, uint16_t addr, const uint8_t *b,
                     uint16_t len, const uint8_t *old)
{
	(void)b;
	(void)old;
	if (fake_hits(addr, len, 0x120B) && (f->mem[0x120B] & 0x80))
		f->mem[0x120B] &= 0x7F;            /* DDMA done */
	if (fake_hits(addr, len, 0x120B) && (f->mem[0x120B] & 0x02))
		f->mem[0x120B] &= (uint8_t)~0x0A;
	if (fake_hits(addr, len, 0x0003) && (f->mem[0x03] & 0x04) &&
	    sim.boot && (f->mem[0x81] & 0x40)) {
		f->mem[0x80] = 0x78;               /* FW_READY */
		f->mem[0x81] = 0xC0;
	}
	/* EFUSE port: a read (bit 31 clear) completes with a blank byte */
	if (fake_hits(addr, len, 0x0033) && !(f->mem[0x33] & 0x80)) {
		if (!sim.fw_started)
			sim.efuse_reads_before_fw++;
		f->mem[0x30] = 0xFF;
		f->mem[0x33] |= 0x80;
	}
}

static const struct dvr_transport_ops sim_ops = {
	.name = "fake+bulk",
	.ctrl_in = fake_ctrl_in,
	.ctrl_out = fake_ctrl_out,
	.bulk_out_sync = sim_bulk,
};

extern const struct dvr_chip_info rtl8814a_info;

static void reset(struct dvr_io *io, struct dvr_chip *chip, bool boot)
{
	fake_init(&fr, io);
	fr.t.ops = &sim_ops;
	fr.on_write = on_write;
	fr.mem[0xFC] = RTL8814A_CHIP_ID;
	memset(&sim, 0, sizeof sim);
	sim.boot = boot;
	dvr_chip_state_free(chip);
	*chip = (struct dvr_chip){ .info = &rtl8814a_info, .io = io,
	                           .n_out = 3 };
}

int main(void)
{
	const char *dir = check_firmware_dir();
	char path[1200];
	struct dvr_io io;
	static struct dvr_chip chip;

	if (!dir)
		CHECK_SKIP("no firmware directory (DEVOURER_TEST_FIRMWARE_DIR)");
	snprintf(path, sizeof path, "%s/rtw8814a_fw.bin", dir);
	FILE *f = fopen(path, "rb");
	if (!f)
		CHECK_SKIP("rtw8814a_fw.bin not found");
	uint8_t *img = malloc(100000);
	size_t size = img ? fread(img, 1, 100000, f) : 0;
	fclose(f);
	CHECK_EQ_INT(size, 68320, "rtw8814a_fw.bin, 68320 bytes");
	struct dvr_firmware fw = { .data = img, .size = size };

	reset(&io, &chip, true);
	CHECK_EQ_INT(rtl8814a_info.ops->identify(&chip), DVR_OK, "identify");
	CHECK(chip.efuse == NULL, "identify reads no EFUSE");
	CHECK_EQ_INT(rtl8814a_info.ops->download_firmware(&chip, &fw), DVR_OK,
	             "download and boot");
	/* DMEM 5792 bytes: 2 chunks; IMEM 62464: 16 chunks of 4096 */
	CHECK_EQ_INT(sim.n_bulk, 2 + 16, "one bulk OUT per 4 KiB chunk");
	CHECK_EQ_INT(sim.bad_desc, 0, "40-byte descriptors, checksummed");
	CHECK_EQ_HEX(fr.mem[0x80] | fr.mem[0x81] << 8, 0xC078, "running");
	CHECK_EQ_INT(sim.efuse_reads_before_fw, 0, "no EFUSE read before it");
	CHECK(chip.efuse != NULL, "EFUSE read after the download");
	CHECK_EQ_INT(chip.id.rfe_type, 1, "blank RFE byte runs as option 1");
	CHECK_EQ_INT(fr.mem[0xCF], 0x00, "EFUSE access released");

	reset(&io, &chip, false);
	CHECK_EQ_INT(rtl8814a_info.ops->identify(&chip), DVR_OK, "identify");
	int st = rtl8814a_info.ops->download_firmware(&chip, &fw);
	CHECK_EQ_INT(st, DVR_E_FIRMWARE, "a CPU that never boots fails");
	CHECK(strstr(chip.error, "did not boot") &&
	      strstr(chip.error, "drop every frame"),
	      "the error says TX would be dead");
	CHECK(chip.efuse == NULL, "nothing read from a chip left so");
	dvr_chip_state_free(&chip);
	free(img);
	return check_done();
}
