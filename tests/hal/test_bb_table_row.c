/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The shared BB/AGC table row writer (hal/common/bb_table_row): a plain
 * row is one 32-bit register write, the delay pseudo-addresses 0xF9-0xFE
 * touch no register, and a failed bus shows in the returned status.
 */
#include "../check.h"
#include "fake_regs.h"
#include "hal/common/bb_table_row.h"

static int dead_ctrl_out(struct dvr_transport *t, uint16_t addr,
                         uint16_t index, const uint8_t *buf, uint16_t len,
                         unsigned timeout_ms)
{
	(void)t, (void)addr, (void)index, (void)buf, (void)len;
	(void)timeout_ms;
	return DVR_E_NO_DEVICE;
}

int main(void)
{
	static struct fake_regs f;
	struct dvr_io io;

	fake_init(&f, &io);
	CHECK_EQ_INT(dvr_bb_table_row(&io, 0x808, 0x12345678u), DVR_OK,
	             "plain row: OK");
	CHECK_EQ_HEX(fake_r32(&f, 0x808), 0x12345678u, "plain row written");
	CHECK_EQ_INT(f.writes, 1, "plain row: one write");
	CHECK_EQ_INT(dvr_bb_table_row(&io, 0x1D0C, 0xA5u), DVR_OK,
	             "row past 0xFF: OK");
	CHECK_EQ_HEX(fake_r32(&f, 0x1D0C), 0xA5u, "row past 0xFF written");
	CHECK_EQ_INT(dvr_bb_table_row(&io, 0xF8, 7), DVR_OK, "0xF8: OK");
	CHECK_EQ_HEX(fake_r32(&f, 0xF8), 7, "0xF8 is a register");

	unsigned before = f.writes;
	memset(f.mem + 0xF8, 0, 8);
	for (uint32_t a = 0xF9; a <= 0xFE; a++)
		CHECK_EQ_INT(dvr_bb_table_row(&io, a, 0xFFFFFFFFu), DVR_OK,
		             "delay row: OK");
	CHECK_EQ_INT(f.writes, before, "delay rows write nothing");
	CHECK_EQ_HEX(fake_r32(&f, 0xFC), 0, "delay rows leave 0xFC-0xFF");

	static const struct dvr_transport_ops dead = {
		.name = "dead",
		.ctrl_in = fake_ctrl_in,
		.ctrl_out = dead_ctrl_out,
	};
	f.t.ops = &dead;
	CHECK(dvr_bb_table_row(&io, 0x808, 1) != DVR_OK,
	      "a failed write is reported");
	CHECK(dvr_bb_table_row(&io, 0xFE, 0) != DVR_OK,
	      "the failure stays reported on a delay row");
	return check_done();
}
