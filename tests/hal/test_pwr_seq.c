/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Power-sequence parser against a fake register file: cut and interface
 * masks, write masking, delays, poll success and poll timeout.
 */
#include "../check.h"
#include "hal/common/pwr_seq.h"
#include "hal/rtl8812a/rtl8812a_tables.h"

struct fake {
	uint8_t mem[0x400];
	unsigned writes, reads;
	unsigned long delayed_us;
	uint16_t last_write;
	int status;
	bool autoclear_05; /* APFM_ONMAC clears itself like the chip */
};

static uint8_t f_read8(void *ctx, uint16_t a)
{
	struct fake *f = ctx;
	f->reads++;
	return f->mem[a & 0x3FF];
}

static void f_write8(void *ctx, uint16_t a, uint8_t v)
{
	struct fake *f = ctx;
	f->writes++;
	f->last_write = a;
	if (f->autoclear_05 && a == 0x05)
		v &= (uint8_t)~0x01;
	f->mem[a & 0x3FF] = v;
}

static void f_delay(void *ctx, unsigned us)
{
	((struct fake *)ctx)->delayed_us += us;
}

static int f_status(void *ctx)
{
	return ((struct fake *)ctx)->status;
}

static const struct dvr_pwr_cmd seq_a[] = {
	{ 0x0010, 0xFF, 0x0F, 0, DVR_PWR_CMD_WRITE, 0x0F, 0x05 },
	{ 0x0011, 0xFF, DVR_PWR_INTF_PCI, 0, DVR_PWR_CMD_WRITE, 0xFF, 0x77 },
	{ 0x0012, 0x04, 0x0F, 0, DVR_PWR_CMD_WRITE, 0xFF, 0x22 }, /* B-cut */
	{ 0x0013, 0x08, 0x0F, 0, DVR_PWR_CMD_WRITE, 0xFF, 0x33 }, /* C-cut */
	{ 3, 0xFF, 0x0F, 0, DVR_PWR_CMD_DELAY, 0, DVR_PWR_DELAY_MS },
	{ 7, 0xFF, 0x0F, 0, DVR_PWR_CMD_DELAY, 0, DVR_PWR_DELAY_US },
	{ 0xFFFF, 0xFF, 0x0F, 0, DVR_PWR_CMD_END, 0, 0 },
};
static const struct dvr_pwr_cmd seq_poll[] = {
	{ 0x0020, 0xFF, 0x0F, 0, DVR_PWR_CMD_POLL, 0x02, 0x02 },
	{ 0x0021, 0xFF, 0x0F, 0, DVR_PWR_CMD_WRITE, 0xFF, 0x99 },
	{ 0xFFFF, 0xFF, 0x0F, 0, DVR_PWR_CMD_END, 0, 0 },
};

int main(void)
{
	struct fake f = { 0 };
	struct dvr_pwr_io io = { &f, f_read8, f_write8, f_delay, f_status };
	const struct dvr_pwr_cmd *const flow_a[] = { seq_a, NULL };
	const struct dvr_pwr_cmd *const flow_poll[] = { seq_a, seq_poll, NULL };
	uint16_t row = 0;

	f.mem[0x10] = 0xF0;
	CHECK_EQ_INT(dvr_pwr_seq_run(flow_a, dvr_pwr_cut_mask(1),
	                             DVR_PWR_INTF_USB, &io, 10, 1, &row),
	             DVR_OK, "flow runs");
	CHECK_EQ_HEX(f.mem[0x10], 0xF5, "write keeps bits outside the mask");
	CHECK_EQ_HEX(f.mem[0x11], 0x00, "PCIe-only row skipped on USB");
	CHECK_EQ_HEX(f.mem[0x12], 0x22, "B-cut row applied on B-cut");
	CHECK_EQ_HEX(f.mem[0x13], 0x00, "C-cut row skipped on B-cut");
	CHECK_EQ_INT(f.delayed_us, 3007, "delays in ms and us");
	CHECK_EQ_INT(dvr_pwr_cut_mask(0), 0x02, "A-cut mask bit 1");

	/* poll timeout -> DVR_E_CHIP, reports the register, stops there */
	memset(&f, 0, sizeof f);
	CHECK_EQ_INT(dvr_pwr_seq_run(flow_poll, dvr_pwr_cut_mask(1),
	                             DVR_PWR_INTF_USB, &io, 25, 10, &row),
	             DVR_E_CHIP, "poll timeout");
	CHECK_EQ_HEX(row, 0x20, "failed row reported");
	CHECK_EQ_INT(f.mem[0x21], 0, "rows after a failed poll not run");
	CHECK_EQ_INT(f.delayed_us, 25 * 10 + 3007, "poll budget honoured");

	/* poll success */
	memset(&f, 0, sizeof f);
	f.mem[0x20] = 0x02;
	CHECK_EQ_INT(dvr_pwr_seq_run(flow_poll, dvr_pwr_cut_mask(1),
	                             DVR_PWR_INTF_USB, &io, 25, 10, NULL),
	             DVR_OK, "poll sees the bit");
	CHECK_EQ_HEX(f.mem[0x21], 0x99, "row after poll runs");

	/* bus error during a poll stops at once */
	memset(&f, 0, sizeof f);
	f.status = DVR_E_NO_DEVICE;
	CHECK_EQ_INT(dvr_pwr_seq_run(flow_poll, dvr_pwr_cut_mask(1),
	                             DVR_PWR_INTF_USB, &io, 25, 10, NULL),
	             DVR_E_NO_DEVICE, "bus error propagates");

	/* real 8812A card-enable flow on a fake chip that self-clears
	 * APFM_ONMAC and reports power ready */
	memset(&f, 0, sizeof f);
	f.autoclear_05 = true;
	f.mem[0x06] = 0x02;
	f.mem[0x24] = 0xFF;
	CHECK_EQ_INT(dvr_pwr_seq_run(rtl8812a_card_enable_flow,
	                             dvr_pwr_cut_mask(2), DVR_PWR_INTF_USB, &io,
	                             DVR_PWR_POLL_TRIES, DVR_PWR_POLL_US, NULL),
	             DVR_OK, "8812A card enable");
	CHECK_EQ_HEX(f.mem[0x12] & 1, 1, "PWM mode forced");
	CHECK_EQ_HEX(f.mem[0x03] & 4, 4, "8051 enabled");
	CHECK_EQ_HEX(f.mem[0x24], 0xFD, "USB-only XOSC rows ran (set, clear)");
	CHECK_EQ_HEX(f.mem[0x301], 0, "PCIe-only row skipped");
	/* without the self-clear the APFM_ONMAC poll must time out */
	memset(&f, 0, sizeof f);
	f.mem[0x06] = 0x02;
	CHECK_EQ_INT(dvr_pwr_seq_run(rtl8812a_card_enable_flow,
	                             dvr_pwr_cut_mask(2), DVR_PWR_INTF_USB, &io,
	                             100, 1, &row),
	             DVR_E_CHIP, "stuck APFM_ONMAC times out");
	CHECK_EQ_HEX(row, 0x05, "at register 0x05");

	/* bad rows */
	static const struct dvr_pwr_cmd bad[] = {
		{ 0x10, 0xFF, 0x0F, 0, 9, 0xFF, 0 },
		{ 0xFFFF, 0xFF, 0x0F, 0, DVR_PWR_CMD_END, 0, 0 },
	};
	const struct dvr_pwr_cmd *const flow_bad[] = { bad, NULL };
	CHECK_EQ_INT(dvr_pwr_seq_run(flow_bad, 0xFF, DVR_PWR_INTF_USB, &io, 1,
	                             1, NULL), DVR_E_INVALID, "unknown command");
	return check_done();
}
