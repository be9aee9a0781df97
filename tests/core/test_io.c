/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Register I/O over a fake transport: little-endian data, masked writes,
 * sticky errors, polling, block splitting and the trace file format.
 */
#include <stdlib.h>
#include <unistd.h>

#include "libdevourer/io/io.h"
#include "tests/check.h"

struct fake {
	struct dvr_transport t;
	uint8_t regs[0x10000];
	int fail_after;    /* transfers left before DVR_E_NO_DEVICE; -1 never */
	unsigned transfers;
	unsigned max_len;
};

static int fake_step(struct fake *f)
{
	f->transfers++;
	if (f->fail_after == 0)
		return DVR_E_NO_DEVICE;
	if (f->fail_after > 0)
		f->fail_after--;
	return DVR_OK;
}

static int fake_in(struct dvr_transport *t, uint16_t addr, uint16_t index,
                   uint8_t *buf, uint16_t len, unsigned timeout_ms)
{
	struct fake *f = (struct fake *)t;
	(void)index;
	(void)timeout_ms;
	int r = fake_step(f);
	if (r)
		return r;
	for (unsigned i = 0; i < len; i++)
		buf[i] = f->regs[(uint16_t)(addr + i)];
	return len;
}

static int fake_out(struct dvr_transport *t, uint16_t addr, uint16_t index,
                    const uint8_t *buf, uint16_t len, unsigned timeout_ms)
{
	struct fake *f = (struct fake *)t;
	(void)index;
	(void)timeout_ms;
	int r = fake_step(f);
	if (r)
		return r;
	if (len > f->max_len)
		f->max_len = len;
	for (unsigned i = 0; i < len; i++)
		f->regs[(uint16_t)(addr + i)] = buf[i];
	/* a self-clearing bit, like APFM_ONMAC */
	f->regs[0x05] &= (uint8_t)~0x01;
	return len;
}

static const struct dvr_transport_ops fake_ops = {
	.name = "fake", .ctrl_in = fake_in, .ctrl_out = fake_out,
};

int main(void)
{
	struct fake *f = calloc(1, sizeof(*f));
	f->t.ops = &fake_ops;
	f->fail_after = -1;
	struct dvr_io io;
	dvr_io_init(&io, &f->t);

	char path[] = "/tmp/dvr-io-trace-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0, "temp trace file");
	close(fd);
	CHECK_EQ_INT(dvr_io_trace_open(&io, path), DVR_OK, "trace opens");

	dvr_w32(&io, 0x0100, 0x12345678);
	CHECK_EQ_HEX(f->regs[0x100], 0x78, "w32 little-endian byte 0");
	CHECK_EQ_HEX(f->regs[0x103], 0x12, "w32 little-endian byte 3");
	CHECK_EQ_HEX(dvr_r16(&io, 0x0102), 0x1234, "r16");
	CHECK_EQ_HEX(dvr_r8(&io, 0x0101), 0x56, "r8");
	dvr_w32_mask(&io, 0x0100, 0x0000FF00, 0xAB);
	CHECK_EQ_HEX(dvr_r32(&io, 0x0100), 0x1234AB78, "w32_mask shifts to the mask");
	CHECK_EQ_HEX(dvr_r32_mask(&io, 0x0100, 0x00F00000), 0x3, "r32_mask");
	dvr_w8_mask(&io, 0x0200, 0x0C, 0x3);
	CHECK_EQ_HEX(f->regs[0x200], 0x0C, "w8_mask");

	uint8_t block[500];
	for (unsigned i = 0; i < sizeof block; i++)
		block[i] = (uint8_t)i;
	dvr_write_block(&io, 0x1000, block, sizeof block, 196);
	CHECK_MEM(&f->regs[0x1000], block, sizeof block, "block written");
	CHECK_EQ_INT(f->max_len, 196, "block split at 196 bytes");

	dvr_w8(&io, 0x05, 0x01);
	CHECK_EQ_INT(dvr_poll8(&io, 0x05, 0x01, 0x00, 3, 0), DVR_OK,
	             "poll sees self-cleared bit");
	f->regs[0x06] = 0;
	CHECK_EQ_INT(dvr_poll8(&io, 0x06, 0x02, 0x02, 5, 0), DVR_E_CHIP,
	             "poll times out as DVR_E_CHIP");

	dvr_io_trace_close(&io);
	FILE *tf = fopen(path, "r");
	char line[128];
	CHECK(tf && fgets(line, sizeof line, tf), "trace has a first line");
	CHECK(strcmp(line, "W 0x0100 4 0x12345678\n") == 0,
	      "trace line: W addr len little-endian value");
	CHECK(fgets(line, sizeof line, tf) &&
	      strcmp(line, "R 0x0102 2 0x1234\n") == 0, "trace line: R 16-bit");
	fclose(tf);
	unlink(path);

	/* Sticky error: after the device vanishes, nothing more is sent. */
	f->fail_after = 1;
	dvr_w8(&io, 0x10, 1);
	CHECK_EQ_INT(dvr_io_status(&io), DVR_OK, "one more transfer works");
	unsigned before = f->transfers;
	CHECK_EQ_HEX(dvr_r32(&io, 0x10), 0xFFFFFFFF, "failed read is all-ones");
	CHECK_EQ_INT(dvr_io_status(&io), DVR_E_NO_DEVICE, "error is sticky");
	for (int i = 0; i < 100; i++)
		dvr_w32(&io, 0x20, 0);
	CHECK_EQ_INT(f->transfers, before + 1,
	             "no transfer is attempted after the first failure");
	CHECK_EQ_INT(dvr_poll8(&io, 0x06, 0x02, 0x02, 1000, 10),
	             DVR_E_NO_DEVICE, "poll returns the io error at once");
	free(f);
	return check_done();
}
