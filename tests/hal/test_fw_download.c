/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812A firmware download through a fake bus: header checks happen
 * before any register write; a good image lands page by page in the 0x1000
 * window in <= 196-byte writes; missing checksum report / ready bits fail
 * with a clear message.
 */
#include <stdlib.h>

#include "../check.h"
#include "fake_regs.h"
#include "firmware/firmware.h"
#include "hal/hal.h"

extern const struct dvr_chip_info rtl8812a_info;

/* Emulated 8051 download logic. */
struct fwsim {
	uint8_t image[0x8000];
	size_t written, pass_bytes, expected;
	bool armed, never_checksum, never_ready;
	unsigned window_writes;
	unsigned odd_writes;   /* window writes not 196, 8 or 1 bytes long */
};

static void sim_write(struct fake_regs *f, uint16_t addr, const uint8_t *buf,
                      uint16_t len, const uint8_t *old)
{
	struct fwsim *s = f->user;
	(void)old;
	if (addr >= 0x1000 && addr < 0x2000) {
		size_t page = f->mem[0x82] & 7;
		size_t off = page * 4096 + (addr - 0x1000);
		if (off + len <= sizeof s->image)
			memcpy(s->image + off, buf, len);
		s->written += len;
		s->pass_bytes += len;
		s->window_writes++;
		if (len != 196 && len != 8 && len != 1)
			s->odd_writes++;
		return;
	}
	if (fake_hits(addr, len, 0x80)) {
		/* checksum report: writing 1 clears it and starts a pass,
		 * writing 0 leaves it alone */
		if (buf[0x80 - addr] & 0x04) {
			f->mem[0x80] &= (uint8_t)~0x04;
			s->armed = true;
			s->pass_bytes = 0;
		} else {
			f->mem[0x80] = (uint8_t)((f->mem[0x80] & ~0x04) |
			                         (old[0x80 - addr] & 0x04));
		}
	}
}

static void sim_read(struct fake_regs *f, uint16_t addr, uint16_t len)
{
	struct fwsim *s = f->user;
	if (!fake_hits(addr, len, 0x80))
		return;
	if (s->armed && s->pass_bytes == s->expected && !s->never_checksum) {
		f->mem[0x80] |= 0x04;
		s->armed = false;
	}
	/* driver set MCUFWDL_RDY and left download mode: firmware boots */
	if ((f->mem[0x80] & 0x03) == 0x02 && !s->never_ready)
		f->mem[0x80] |= 0xC4;
}

static uint8_t *make_image(size_t payload, uint16_t sig, size_t size_field)
{
	uint8_t *img = malloc(32 + payload);
	memset(img, 0, 32);
	img[0] = (uint8_t)sig;
	img[1] = (uint8_t)(sig >> 8);
	img[0x0C] = (uint8_t)size_field;
	img[0x0D] = (uint8_t)(size_field >> 8);
	for (size_t i = 0; i < payload; i++)
		img[32 + i] = (uint8_t)(i * 7 + (i >> 8));
	return img;
}

static int run(struct fake_regs *f, struct dvr_chip *chip,
               struct fwsim *s, const uint8_t *img, size_t size)
{
	struct dvr_firmware fw = { .data = (uint8_t *)img, .size = size };
	struct dvr_io *io = chip->io;
	fake_init(f, io);
	f->on_write = sim_write;
	f->on_read = sim_read;
	f->user = s;
	s->expected = size > 32 ? size - 32 : 0;
	chip->error[0] = '\0';
	return rtl8812a_info.ops->download_firmware(chip, &fw);
}

int main(void)
{
	static struct fake_regs f;
	static struct fwsim s;
	struct dvr_io io;
	struct dvr_chip chip = { .info = &rtl8812a_info, .io = &io };
	uint8_t *img;
	int st;

	/* corrupt signature: refused before any write */
	img = make_image(9000, 0x2101, 9000);
	memset(&s, 0, sizeof s);
	st = run(&f, &chip, &s, img, 32 + 9000);
	CHECK_EQ_INT(st, DVR_E_FIRMWARE, "8821A signature refused");
	CHECK(strstr(chip.error, "signature") != NULL, "message says signature");
	CHECK_EQ_INT(f.writes, 0, "no register written for a bad signature");
	free(img);

	/* truncated: size field says more than the file has */
	img = make_image(9000, 0x9501, 9100);
	memset(&s, 0, sizeof s);
	st = run(&f, &chip, &s, img, 32 + 9000);
	CHECK_EQ_INT(st, DVR_E_FIRMWARE, "size mismatch refused");
	CHECK(strstr(chip.error, "truncated") != NULL, "message says truncated");
	CHECK_EQ_INT(f.writes, 0, "no register written for a truncated file");
	free(img);

	/* header only / too big */
	img = make_image(0, 0x9501, 0);
	memset(&s, 0, sizeof s);
	CHECK_EQ_INT(run(&f, &chip, &s, img, 20), DVR_E_FIRMWARE,
	             "shorter than the header");
	CHECK_EQ_INT(f.writes, 0, "no write for a short file");
	free(img);
	img = make_image(0x8000 + 8, 0x9501, (0x8000 + 8) & 0xFFFF);
	memset(&s, 0, sizeof s);
	CHECK_EQ_INT(run(&f, &chip, &s, img, 32 + 0x8000 + 8), DVR_E_FIRMWARE,
	             "over 32 KiB refused");
	CHECK_EQ_INT(f.writes, 0, "no write for an oversized image");
	free(img);

	/* synthetic good image of 2.5 pages; the last page's tail (2003 =
	 * 10 x 196 + 5 x 8 + 3) needs every request size */
	size_t payload = 4096 * 2 + 2003;
	img = make_image(payload, 0x9501, payload);
	memset(&s, 0, sizeof s);
	st = run(&f, &chip, &s, img, 32 + payload);
	CHECK_EQ_INT(st, DVR_OK, "synthetic image downloads");
	CHECK_EQ_INT(s.written, payload, "every byte written once");
	CHECK(memcmp(s.image, img + 32, payload) == 0,
	      "pages land at page*4096 through the 0x1000 window");
	CHECK(f.max_write_len <= 196, "writes are at most 196 bytes");
	/* rtw88 rtw_usb_write_firmware_page / vendor _BlockWrite_8812: 196,
	 * then 8, then 1-byte requests, never an odd-sized tail. */
	CHECK_EQ_INT(s.odd_writes, 0, "window writes are 196, 8 or 1 bytes");
	CHECK_EQ_HEX(f.mem[0x1CC], 0x0F, "H2C mailboxes initialised");
	CHECK_EQ_HEX(f.mem[0x80] & 0xC6, 0xC6, "ready bits set");
	CHECK_EQ_HEX(f.mem[0x80] & 0x01, 0, "download mode left");
	free(img);

	/* checksum report never set */
	img = make_image(1000, 0x9501, 1000);
	memset(&s, 0, sizeof s);
	s.never_checksum = true;
	CHECK_EQ_INT(run(&f, &chip, &s, img, 1032), DVR_E_FIRMWARE,
	             "no checksum report");
	CHECK(strstr(chip.error, "checksum") != NULL, "message says checksum");
	/* firmware never ready */
	memset(&s, 0, sizeof s);
	s.never_ready = true;
	CHECK_EQ_INT(run(&f, &chip, &s, img, 1032), DVR_E_FIRMWARE,
	             "firmware never ready");
	CHECK(strstr(chip.error, "ready") != NULL, "message says ready");
	free(img);

	/* the real image, when the shared firmware is present */
	const char *dir = check_firmware_dir();
	if (dir) {
		struct dvr_firmware fw;
		char err[512];
		CHECK_EQ_INT(dvr_firmware_load("rtw8812a_fw.bin", dir, &fw, err,
		                               sizeof err), DVR_OK,
		             "shared firmware loads");
		memset(&s, 0, sizeof s);
		st = run(&f, &chip, &s, fw.data, fw.size);
		CHECK_EQ_INT(st, DVR_OK, "real RTL8812A image accepted");
		CHECK(s.written == fw.size - 32 &&
		      memcmp(s.image, fw.data + 32, fw.size - 32) == 0,
		      "real image payload written intact");
		dvr_firmware_release(&fw);
	} else {
		printf("# shared firmware absent: real-image check skipped\n");
	}
	return check_done();
}
