/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The fault module of the chip model on its own (no umockdev, no air):
 * the text form accepts what the README documents and refuses the rest
 * with a message; each armed fault does exactly its USB-level thing at
 * the model's endpoint functions, which both front ends call.
 */
#include <errno.h>

#include "libdevourer/virtual/vchip_fault.h"
#include "tests/vusb/vusb_test.h"

static int ctrl_read(struct vchip *vc, unsigned timeout_ms)
{
	uint8_t b[4];
	return vchip_control(vc, 0xC0, 0x05, 0x0000, 0, b, 4, timeout_ms);
}

/* A one-byte register write; what it writes does not matter here. */
static int ctrl_write(struct vchip *vc, unsigned timeout_ms)
{
	uint8_t b[1] = {0};
	return vchip_control(vc, 0x40, 0x05, 0x00FE, 0, b, 1, timeout_ms);
}

int main(void)
{
	struct vchip_fault f;
	char err[160];
	CHECK_EQ_INT(vchip_fault_parse("tx-nak", &f, err, sizeof err), 0,
	             "parse tx-nak");
	CHECK(f.kind == VCHIP_FAULT_TX_NAK && f.at_ms == 0, "tx-nak at once");
	CHECK_EQ_INT(vchip_fault_parse("stall:ep=0x81,at=250", &f, err,
	                               sizeof err), 0, "parse stall");
	CHECK(f.kind == VCHIP_FAULT_STALL && f.ep == 0x81 && f.at_ms == 250,
	      "stall fields");
	CHECK_EQ_INT(vchip_fault_parse("short-rx:count=3", &f, err,
	                               sizeof err), 0, "parse short-rx");
	CHECK_EQ_INT(f.count, 3, "short-rx count");
	static const char *bad[] = {
		"", "jam", "stall:ep=0x80", "stall:ep=0x1ff", "tx-nak:for=0",
		"tx-nak:for=-5", "unplug:at", "unplug:at=x", "short-rx:count=0",
		"tx-nak:what=1", "ctrl-timeout:at=1,,for",
		"unplug:after-ctrl=", "unplug:after-ctrl=-1",
		"unplug:after-ctrl=1x", NULL};
	for (int i = 0; bad[i]; i++) {
		err[0] = '\0';
		int r = vchip_fault_parse(bad[i], &f, err, sizeof err);
		char what[96];
		snprintf(what, sizeof what, "refused '%s' with a message",
		         bad[i]);
		CHECK(r == -EINVAL && err[0], what);
	}
	char longspec[300];
	memset(longspec, 'a', sizeof longspec - 1);
	longspec[sizeof longspec - 1] = '\0';
	CHECK_EQ_INT(vchip_fault_parse(longspec, &f, err, sizeof err), -EINVAL,
	             "overlong spec refused");

	struct vchip_config cfg = {.name = "faultunit", .no_air = true};
	struct vchip *vc = NULL;
	CHECK_EQ_INT(vchip_create(&cfg, &vc), 0, "chip created");
	if (!vc)
		return check_done();
	CHECK_EQ_INT(ctrl_read(vc, 100), 4, "control answers before faults");

	/* ctrl-timeout: NAK until the host's timeout, then normal again */
	vchip_fault_parse("ctrl-timeout:for=300", &f, err, sizeof err);
	CHECK_EQ_INT(vchip_fault_arm(vc, &f), 0, "arm ctrl-timeout");
	uint64_t t0 = vt_now_ms();
	CHECK_EQ_INT(ctrl_read(vc, 100), -ETIMEDOUT, "control times out");
	uint64_t dt = vt_now_ms() - t0;
	/* Not before the host's timeout; how much later depends on the
	 * scheduler, so it is printed, not asserted. */
	printf("# control timed out after %llu ms\n", (unsigned long long)dt);
	CHECK(dt >= 90, "after the host's timeout");
	CHECK_EQ_INT(ctrl_read(vc, 1000), 4,
	             "a long enough wait outlasts the NAK window");
	vchip_fault_clear(vc);

	/* stall: -EPIPE on that endpoint only, until cleared */
	vchip_fault_parse("stall:ep=0x03", &f, err, sizeof err);
	CHECK_EQ_INT(vchip_fault_arm(vc, &f), 0, "arm stall");
	uint8_t junk[64] = {0};
	CHECK_EQ_INT(vchip_bulk_out(vc, 0x03, junk, sizeof junk, 50), -EPIPE,
	             "stalled endpoint refuses");
	CHECK_EQ_INT(vchip_bulk_out(vc, 0x03, NULL, 0, 50), -EPIPE,
	             "even a zero-length packet");
	CHECK(vchip_bulk_out(vc, 0x02, NULL, 0, 50) == 0,
	      "other endpoints unaffected");
	CHECK_EQ_INT(vchip_clear_halt(vc, 0x03), 0, "clear halt");
	CHECK_EQ_INT(vchip_bulk_out(vc, 0x03, NULL, 0, 50), 0,
	             "endpoint works after clear");
	struct vchip_fault_stats fs;
	vchip_fault_get_stats(vc, &fs);
	CHECK(fs.stalled == 2 && fs.halts_cleared == 1, "stall counted");
	f.ep = 0x05;
	CHECK_EQ_INT(vchip_fault_arm(vc, &f), -EINVAL,
	             "stall on an endpoint the chip lacks refused");
	vchip_fault_clear(vc);

	/* table bound */
	vchip_fault_parse("short-rx", &f, err, sizeof err);
	int r = 0;
	for (int i = 0; i < VCHIP_MAX_FAULTS && r == 0; i++)
		r = vchip_fault_arm(vc, &f);
	CHECK_EQ_INT(r, 0, "eight faults armed");
	CHECK_EQ_INT(vchip_fault_arm(vc, &f), -ENOSPC, "a ninth refused");
	vchip_fault_clear(vc);

	/* after-ctrl: counted in the host's control transfers, not time */
	CHECK_EQ_INT(vchip_fault_parse("ctrl-timeout:after-ctrl=3,for=200",
	                               &f, err, sizeof err), 0,
	             "parse after-ctrl");
	CHECK(f.after_ctrl_set && f.after_ctrl == 3, "after-ctrl fields");
	CHECK_EQ_INT(vchip_fault_arm(vc, &f), 0, "arm ctrl-timeout after 3");
	vt_sleep_ms(250); /* longer than the window: time alone does nothing */
	int answered = 0;
	for (int i = 0; i < 3; i++)
		answered += ctrl_read(vc, 50) == 4;
	CHECK_EQ_INT(answered, 3, "the first three answered");
	CHECK_EQ_INT(ctrl_read(vc, 50), -ETIMEDOUT,
	             "the fourth meets the NAK window");
	CHECK_EQ_INT(ctrl_read(vc, 1000), 4, "the window ends as timed");
	vchip_fault_clear(vc);
	CHECK_EQ_INT(vchip_fault_parse("ctrl-timeout:after-ctrl=0", &f, err,
	                               sizeof err), 0, "parse after-ctrl=0");
	CHECK_EQ_INT(vchip_fault_arm(vc, &f), 0, "arm after-ctrl=0");
	CHECK_EQ_INT(ctrl_read(vc, 50), -ETIMEDOUT, "after 0: the next one");
	vchip_fault_clear(vc);
	/* after-writes: the host's reads (its polls) do not count */
	CHECK_EQ_INT(vchip_fault_parse("ctrl-timeout:after-writes=2", &f,
	                               err, sizeof err), 0,
	             "parse after-writes");
	CHECK(f.after_ctrl_set && f.writes_only && f.after_ctrl == 2,
	      "after-writes fields");
	CHECK_EQ_INT(vchip_fault_arm(vc, &f), 0, "arm after 2 writes");
	answered = 0;
	for (int i = 0; i < 5; i++)
		answered += ctrl_read(vc, 50) == 4;
	answered += ctrl_write(vc, 50) == 1;
	answered += ctrl_read(vc, 50) == 4;
	answered += ctrl_write(vc, 50) == 1;
	CHECK_EQ_INT(answered, 8, "six reads and two writes answered");
	CHECK_EQ_INT(ctrl_read(vc, 50), -ETIMEDOUT,
	             "the transfer after the second write meets the window");
	vchip_fault_clear(vc);
	/* bulk traffic does not count */
	vchip_fault_parse("unplug:after-ctrl=1", &f, err, sizeof err);
	CHECK_EQ_INT(vchip_fault_arm(vc, &f), 0, "arm unplug after 1");
	for (int i = 0; i < 5; i++)
		vchip_bulk_out(vc, 0x02, NULL, 0, 50);
	CHECK(!vchip_is_unplugged(vc), "bulk OUT transfers do not count");
	CHECK_EQ_INT(ctrl_read(vc, 100), 4, "one control transfer answered");
	CHECK(!vchip_is_unplugged(vc), "still there after it");
	CHECK_EQ_INT(ctrl_read(vc, 100), -ENODEV, "the second: removed");
	CHECK(vchip_is_unplugged(vc), "unplugged by count");
	vchip_destroy(vc);
	vc = NULL;
	CHECK_EQ_INT(vchip_create(&cfg, &vc), 0, "chip created again");
	if (!vc)
		return check_done();

	/* unplug at a time: fires on the next transfer after it */
	vchip_fault_parse("unplug:at=150", &f, err, sizeof err);
	uint64_t armed = vt_now_ms();
	CHECK_EQ_INT(vchip_fault_arm(vc, &f), 0, "arm unplug");
	int before = ctrl_read(vc, 100);
	/* "before" holds only if this host got there before the time; a
	 * host held back that long has nothing to say about it */
	if (vt_now_ms() - armed < 150) {
		CHECK_EQ_INT(before, 4, "before: still there");
		CHECK(!vchip_is_unplugged(vc), "not yet unplugged");
	} else {
		printf("# the host took 150 ms to look: no before\n");
	}
	/* at least 200 ms from the arming: the time has come */
	vt_sleep_ms(200);
	CHECK_EQ_INT(ctrl_read(vc, 100), -ENODEV, "after: removed");
	CHECK(vchip_is_unplugged(vc), "unplugged");
	CHECK_EQ_INT(vchip_bulk_out(vc, 0x02, junk, sizeof junk, 50), -ENODEV,
	             "bulk OUT fails too");
	vchip_fault_get_stats(vc, &fs);
	CHECK(fs.unplugged, "unplug recorded");
	vchip_destroy(vc);
	return check_done();
}
