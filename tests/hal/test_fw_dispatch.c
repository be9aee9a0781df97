/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Firmware download chosen by the chip data: the firmware kind picks the
 * path, a chip naming no path or one this build lacks is refused before
 * any register access, and the 8051 path takes everything chip-specific
 * from its spec (here an 8821A-style spec: signature 0x210x, CPU reset
 * release in 0x1D bit 0).
 */
#include "../check.h"
#include "fake_regs.h"
#include "firmware/firmware.h"
#include "hal/common/fw_3081.h"
#include "hal/common/fw_8051.h"
#include "hal/common/fw_download.h"
#include "hal/common/pwr_seq.h"

extern const struct dvr_chip_info rtl8812a_info;

#define ROW(reg, mask, value) \
	{ (reg), 0xFF, DVR_PWR_INTF_USB, DVR_PWR_BASE_MAC, DVR_PWR_CMD_WRITE, \
	  (mask), (value) }
static const struct dvr_pwr_cmd reset_rows[] = {
	ROW(0x001D, 0x01, 0x00), ROW(0x0003, 0x04, 0x00),
	ROW(0x001D, 0x01, 0x01), ROW(0x0003, 0x04, 0x04),
	{ 0, 0, 0, 0, DVR_PWR_CMD_END, 0, 0 },
};
static const struct dvr_pwr_cmd *const reset_flow[] = { reset_rows, NULL };

static const struct dvr_fw_8051_spec spec_2100 = {
	.hdr_len = 32, .max_code = 0x8000, .page_size = 4096,
	.window = 0x1000, .sig_mask = 0xFFF0, .sig_value = 0x2100,
	.cpu_reset = reset_flow,
};

struct watch {
	unsigned window_writes;
	bool rst_low, rst_high_after_low;
};

static void on_write(struct fake_regs *f, uint16_t addr, const uint8_t *buf,
                     uint16_t len, const uint8_t *old)
{
	struct watch *w = f->user;
	(void)old;
	if (addr >= 0x1000 && addr < 0x2000)
		w->window_writes++;
	if (addr == 0x1D && len == 1) {
		if (!(buf[0] & 1))
			w->rst_low = true;
		else if (w->rst_low)
			w->rst_high_after_low = true;
	}
}

static void image(uint8_t *img, size_t code, uint16_t sig)
{
	memset(img, 0x5A, 32 + code);
	memset(img, 0, 32);
	img[0] = (uint8_t)sig;
	img[1] = (uint8_t)(sig >> 8);
	img[0x0C] = (uint8_t)code;
	img[0x0D] = (uint8_t)(code >> 8);
}

int main(void)
{
	static struct fake_regs f;
	static uint8_t img[32 + 600];
	struct dvr_io io;
	struct watch w;
	struct dvr_firmware fw = { .data = img, .size = sizeof img };

	CHECK(dvr_fw_downloader(DVR_FW_8051_PAGES) == dvr_fw_8051_download,
	      "8051 kind -> the page path");
	CHECK(dvr_fw_downloader(DVR_FW_NONE) == NULL, "no kind, no path");
	CHECK(dvr_fw_downloader((enum dvr_fw_kind)99) == NULL,
	      "unknown kind, no path");
	CHECK_EQ_INT(rtl8812a_info.fw_kind, DVR_FW_8051_PAGES,
	             "the 8812A names the 8051 path");

	struct dvr_chip_info info = { .name = "TESTCHIP" };
	struct dvr_chip chip = { .info = &info, .io = &io };
	image(img, 600, 0x2101);

	/* No kind named. */
	fake_init(&f, &io);
	CHECK_EQ_INT(dvr_fw_download(&chip, &fw), DVR_E_INVALID,
	             "chip without a firmware kind refused");
	CHECK(strstr(chip.error, "TESTCHIP") != NULL, "refusal names the chip");
	CHECK_EQ_INT(f.reads + f.writes, 0, "no register access");

	/* The 3081 path has its own downloader, which wants its spec. */
	info.fw_kind = DVR_FW_3081_DDMA;
	fake_init(&f, &io);
	CHECK(dvr_fw_downloader(DVR_FW_3081_DDMA) == dvr_fw3081_download_chip,
	      "3081 kind dispatches to the reserved-page + DDMA path");
	CHECK_EQ_INT(dvr_fw_download(&chip, &fw), DVR_E_INVALID,
	             "3081 kind without a spec refused");
	CHECK(strstr(chip.error, "no spec") != NULL, "and says so");
	CHECK_EQ_INT(f.reads + f.writes, 0, "no register access");

	/* The 8051 path without a spec. */
	info.fw_kind = DVR_FW_8051_PAGES;
	fake_init(&f, &io);
	CHECK_EQ_INT(dvr_fw_download(&chip, &fw), DVR_E_INVALID,
	             "8051 kind without a spec refused");
	CHECK_EQ_INT(f.reads + f.writes, 0, "no register access");

	/* The 8812A's spec refuses an image of the 0x210x family ... */
	chip.info = &rtl8812a_info;
	fake_init(&f, &io);
	CHECK_EQ_INT(dvr_fw_download(&chip, &fw), DVR_E_FIRMWARE,
	             "0x2101 image refused by the 8812A spec");
	CHECK(strstr(chip.error, "signature") != NULL, "signature named");
	CHECK_EQ_INT(f.writes, 0, "nothing written");

	/* ... which the 0x2100 spec takes: the image reaches the window, the
	 * old firmware is stopped with the spec's own reset rows; the fake
	 * keeps the checksum bit the driver sets, but no firmware ever
	 * reports ready, so the download fails cleanly. */
	info.fw_8051 = &spec_2100;
	chip.info = &info;
	fake_init(&f, &io);
	memset(&w, 0, sizeof w);
	f.user = &w;
	f.on_write = on_write;
	f.mem[0x80] = 0x80;          /* RAM code running */
	int st = dvr_fw_download(&chip, &fw);
	CHECK_EQ_INT(st, DVR_E_FIRMWARE, "never ready: firmware error");
	CHECK(strstr(chip.error, "ready") != NULL, "missing ready named");
	CHECK(w.window_writes > 0, "code written into the window");
	CHECK(w.rst_low && w.rst_high_after_low,
	      "CPU reset through the spec's 0x1D bit 0");

	/* A spec whose pages cannot reach its largest image is refused. */
	struct dvr_fw_8051_spec small = spec_2100;
	small.page_size = 1024;       /* 8 x 1 KiB < 32 KiB */
	info.fw_8051 = &small;
	fake_init(&f, &io);
	CHECK_EQ_INT(dvr_fw_download(&chip, &fw), DVR_E_INVALID,
	             "spec with unreachable pages refused");
	CHECK_EQ_INT(f.reads + f.writes, 0, "no register access");
	return check_done();
}
