/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A hop (a channel change within the band and bandwidth, made by writing
 * what differs between the two channels) leaves the chip tuned exactly as
 * a full channel set does, and costs at most 1 ms of a USB 2.0 bus.
 *
 * For each band: visit two channels in full (the first visit of a channel
 * is always a full set: the chip has nothing cached for it), read the
 * whole baseband register file and every RF register of every path back
 * from the chip model, go to the other channel and come back. The way
 * back must be a hop (DVR_EVENT_CHANNEL says which), and the register
 * files after the full visit and after the hop must be equal, register
 * for register, except the calibration results of the chips whose hop
 * keeps the calibration in force (kept_calibration below): those must be
 * exactly what they were before the hop. A hop must also stay in budget:
 * its control transfers at one 125 us USB 2.0 microframe each (the floor
 * of a synchronous control transfer, USB 2.0 8.4.3.1), its bytes at 35
 * B/us and the settle time the chip asked for, at most 1000 us together,
 * without what the TX power after it wrote (none on the budget pairs but
 * where the chip's regulatory limit differs between the two channels).
 *
 * The budget pairs (6-8, 36-40, 132-136) each lie within one of the
 * EFUSE's TX power channel groups and clear of the band-edge limits, at a
 * fixed TX power, as a hopping link's channels would be chosen: there the
 * per-rate power words are the same on both channels and a hop leaves
 * them alone. Between groups (and at the calibrated default power) they
 * differ, and a hop writes them as a full set does: those pairs are
 * checked for equality, and their cost printed, not budgeted (the
 * 2.4 GHz groups: rtw88 phy.c rtw_get_channel_group, 1-2, 3-5, 6-8, 9-11,
 * 12-13, 14), and off the RTL8812EU's spur channels (153, 161, 169 at
 * 20 MHz), where a hop reruns the spur fix.
 *
 * Argument: the model's chip name.
 */
#include <inttypes.h>
#include <string.h>

#include "e2e_common.h"

#define BB_FIRST 0x800u
#define BB_END 0x5000u
#define RF_REGS 0x100u
#define BUDGET_US 1000.0

struct snapshot {
	uint32_t bb[(BB_END - BB_FIRST) / 4];
	uint32_t rf[DVR_MAX_RF_PATHS][RF_REGS];
};

struct retune {
	bool seen, hop;
	uint64_t xfers, bytes, delay_us, power_xfers;
};

static void on_event(void *user, const struct dvr_event *ev)
{
	struct retune *r = user;
	if (ev->type != DVR_EVENT_CHANNEL)
		return;
	r->seen = true;
	r->hop = ev->retune.hop;
	r->xfers = ev->retune.ctrl_transfers;
	r->bytes = ev->retune.ctrl_bytes;
	r->delay_us = ev->retune.delay_us;
	r->power_xfers = ev->retune.power_transfers;
}

static void snap(struct vchip *vc, struct snapshot *s)
{
	for (uint32_t a = BB_FIRST; a < BB_END; a += 4)
		s->bb[(a - BB_FIRST) / 4] = vchip_peek32(vc, (uint16_t)a);
	for (unsigned p = 0; p < DVR_MAX_RF_PATHS; p++)
		for (unsigned r = 0; r < RF_REGS; r++)
			s->rf[p][r] = vchip_peek_rf(vc, p, (uint8_t)r);
}

/* BB registers the chip model documents as updated by the hardware, not
 * set by the driver: two reads of one state differ, so they are left
 * out of the comparison. */
static const struct {
	const char *chip;
	uint32_t addr;
} hw_updated[] = {
	/* the DACK ADC sample port: every read of the word takes a new
	 * sample of the loop-back (rtw88 rtw8822c.c
	 * rtw8822c_dac_cal_iq_sample; personality_8822c_phy.c) */
	{ "8822c", 0x2DBC },
};

static bool is_hw_updated(const char *chip, uint32_t addr)
{
	for (size_t i = 0; i < sizeof hw_updated / sizeof hw_updated[0]; i++)
		if (!strcmp(hw_updated[i].chip, chip) &&
		    hw_updated[i].addr == addr)
			return true;
	return false;
}

/*
 * Baseband addresses that hold no state the driver sets, per chip:
 *  - the RF serial (LSSI, 3-wire) write port of each path keeps the last
 *    word sent through it to an RF register, whichever register that was
 *    — a full set ends on the last RF write of its IQK's restore, a hop
 *    on the channel word — while the RF registers those words reach are
 *    compared one by one below (rtw88 rtw88xxa.c rtw88xxa_phy_write_rf:
 *    the write port is rf_sipi_addr, the value a command; rtw8814a.c the
 *    same on four paths);
 *  - the 8814A's NCTL LO-leakage report 0x1BFC, which its IQK engine
 *    writes at each LOK one-shot and the driver only reads (rtw88
 *    rtw8814a.c rtw8814a_lok_one_shot; the model's
 *    personality_8814a_iqk.c): the correction taken from it sits in RF
 *    0x08, compared below.
 */
static const struct {
	const char *chip;
	uint16_t addr[4];
} rf_write_ports[] = {
	{ "8812a", { 0x0C90, 0x0E90 } },
	{ "8811a", { 0x0C90, 0x0E90 } },
	{ "8821a", { 0x0C90 } },
	{ "8814a", { 0x0C90, 0x0E90, 0x1890, 0x1A90 } },
	{ "8814a", { 0x1BFC } },
};

static bool is_rf_write_port(const char *chip, uint32_t addr)
{
	for (size_t i = 0; i < sizeof rf_write_ports / sizeof rf_write_ports[0];
	     i++) {
		if (strcmp(rf_write_ports[i].chip, chip) != 0)
			continue;
		for (size_t k = 0; k < 4; k++)
			if (rf_write_ports[i].addr[k] &&
			    rf_write_ports[i].addr[k] == addr)
				return true;
	}
	return false;
}

/*
 * The calibration results a hop leaves as they were, on the chips whose
 * hop keeps the calibration in force as their vendor's driver does (it
 * runs the IQK on a band switch only: hal/jaguar1/jaguar1_hop.c,
 * hal/rtl8814a/rtl8814a_hop.c):
 *  - Jaguar1: the RX I/Q correction 0xC10 (/0xE10), the TX result the
 *    IQK engine holds 0x978, the LO leakage in RF 0x58 (rtw88 rtw8812a.c
 *    rtw8812a_iqk_rx_fill, rtw8812a_iqk; rtw8821a.c the same on one path;
 *    the TX correction sits on page C1, outside this register file);
 *  - RTL8814AU: the correction words of the NCTL result page 0x1B38 and
 *    0x1B3C, the bits that switch each path's correction on (0xC94,
 *    0xE94, 0x1894, 0x1A94), the LO leakage in each path's RF 0x08 and
 *    its direct read window (0x2820, 0x2C20, 0x3820, 0x3C20; rtw88
 *    rtw8814a.c rtw8814a_iqk and rtw8814a_lok_one_shot).
 */
static const struct {
	const char *chip;
	uint16_t bb[10];
	uint8_t rf;
} kept_calibration[] = {
	{ "8812a", { 0x0978, 0x0C10, 0x0E10 }, 0x58 },
	{ "8811a", { 0x0978, 0x0C10, 0x0E10 }, 0x58 },
	{ "8821a", { 0x0978, 0x0C10 }, 0x58 },
	{ "8814a", { 0x1B38, 0x1B3C, 0x0C94, 0x0E94, 0x1894, 0x1A94,
	             0x2820, 0x2C20, 0x3820, 0x3C20 }, 0x08 },
};

static bool is_kept_bb(const char *chip, uint32_t addr)
{
	for (size_t i = 0;
	     i < sizeof kept_calibration / sizeof kept_calibration[0]; i++) {
		if (strcmp(kept_calibration[i].chip, chip) != 0)
			continue;
		for (size_t k = 0; k < 10; k++)
			if (kept_calibration[i].bb[k] &&
			    kept_calibration[i].bb[k] == addr)
				return true;
	}
	return false;
}

static bool is_kept_rf(const char *chip, unsigned reg)
{
	for (size_t i = 0;
	     i < sizeof kept_calibration / sizeof kept_calibration[0]; i++)
		if (!strcmp(kept_calibration[i].chip, chip) &&
		    kept_calibration[i].rf == reg)
			return true;
	return false;
}

/* Every register of @p hop that differs from what it must be, as a
 * comment: @p full's (the full set of the channel), or for a kept
 * calibration result @p before's (the state the hop started from). The
 * count. */
static unsigned compare(const char *chip, const struct snapshot *full,
                        const struct snapshot *before,
                        const struct snapshot *hop)
{
	unsigned n = 0;
	for (size_t i = 0; i < sizeof full->bb / sizeof full->bb[0]; i++) {
		uint32_t addr = BB_FIRST + 4 * (uint32_t)i;
		bool kept = is_kept_bb(chip, addr);
		uint32_t want = kept ? before->bb[i] : full->bb[i];
		if (want != hop->bb[i] && !is_hw_updated(chip, addr) &&
		    !is_rf_write_port(chip, addr) && n++ < 40)
			printf("#   BB 0x%04" PRIx32 ": %s %08" PRIx32
			       " hop %08" PRIx32 "\n", addr,
			       kept ? "before" : "full", want, hop->bb[i]);
	}
	for (unsigned p = 0; p < DVR_MAX_RF_PATHS; p++)
		for (unsigned r = 0; r < RF_REGS; r++) {
			bool kept = is_kept_rf(chip, r);
			uint32_t want = kept ? before->rf[p][r]
			                     : full->rf[p][r];
			if (want != hop->rf[p][r] && n++ < 40)
				printf("#   RF%c 0x%02x: %s %05" PRIx32
				       " hop %05" PRIx32 "\n", 'A' + p, r,
				       kept ? "before" : "full", want,
				       hop->rf[p][r]);
		}
	return n;
}

static bool set(dvr_device *d, struct retune *rt, unsigned channel,
                unsigned bw)
{
	struct dvr_channel ch = { .channel = (uint16_t)channel,
		                  .bw_mhz = (uint16_t)bw };
	*rt = (struct retune){ 0 };
	int st = dvr_set_channel(d, &ch);
	if (st != DVR_OK)
		printf("# channel %u: %s\n", channel, dvr_last_error(d));
	return st == DVR_OK && rt->seen;
}

static double bus_us(const struct retune *rt)
{
	return (double)rt->xfers * 125.0 + (double)rt->bytes / 35.0 +
	       (double)rt->delay_us;
}

/* The move's own bus time: without the TX power words written after it
 * (4 data bytes each). */
static double move_us(const struct retune *rt)
{
	uint64_t x = rt->xfers - rt->power_xfers;
	return (double)x * 125.0 + (double)(rt->bytes - 4 * rt->power_xfers) /
	       35.0 + (double)rt->delay_us;
}

/* Visit a then b in full (@p bw MHz), snapshot each, go to a and back to
 * b, by hops when @p must_hop: each move must leave its channel as its
 * full set did. */
static void pair(const char *chip, dvr_device *d, struct vchip *vc,
                 struct retune *rt, unsigned a, unsigned b, unsigned bw,
                 bool budget, bool must_hop)
{
	static struct snapshot full_a, full_b, hop, before;
	char what[160];
	snprintf(what, sizeof what, "%s: %u then %u set in full (%u MHz)",
	         chip, a, b, bw);
	bool ok = set(d, rt, a, bw);
	if (ok)
		snap(vc, &full_a);
	ok = ok && set(d, rt, b, bw);
	CHECK(ok, what);
	if (!ok)
		return;
	snap(vc, &full_b);
	printf("# %s full set %u -> %u (%u MHz): %" PRIu64 " transfers, %"
	       PRIu64 " bytes, %" PRIu64 " us settle: %.0f us of USB 2.0 "
	       "bus\n", chip, a, b, bw, rt->xfers, rt->bytes, rt->delay_us,
	       bus_us(rt));
	ok = set(d, rt, a, bw);
	snprintf(what, sizeof what, "%s: back to %u is a hop", chip, a);
	CHECK(ok && (rt->hop || !must_hop), what);
	if (!ok)
		return;
	snap(vc, &hop);
	snprintf(what, sizeof what, "%s: registers after the hop to %u equal "
	         "those after its full set", chip, a);
	CHECK(compare(chip, &full_a, &full_b, &hop) == 0, what);
	before = hop;
	ok = set(d, rt, b, bw);
	snprintf(what, sizeof what, "%s: on to %u is a hop", chip, b);
	CHECK(ok && (rt->hop || !must_hop), what);
	if (!ok)
		return;
	printf("# %s hop %u -> %u (%u MHz): %" PRIu64 " transfers (%" PRIu64
	       " of them TX power), %" PRIu64 " bytes, %" PRIu64 " us settle: "
	       "%.0f us of USB 2.0 bus, %.0f us without the power\n", chip,
	       a, b, bw, rt->xfers, rt->power_xfers, rt->bytes, rt->delay_us,
	       bus_us(rt), move_us(rt));
	if (budget) {
		snprintf(what, sizeof what, "%s: hop %u -> %u within %.0f us "
		         "of bus time", chip, a, b, BUDGET_US);
		CHECK(move_us(rt) <= BUDGET_US, what);
	}
	snap(vc, &hop);
	snprintf(what, sizeof what, "%s: registers after the hop to %u equal "
	         "those after its full set", chip, b);
	CHECK(compare(chip, &full_b, &before, &hop) == 0, what);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		printf("Bail out! usage: test_hop <chip>\n");
		return 1;
	}
	const char *chip = argv[1];
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char air[] = "/tmp/dvr-hop-XXXXXX";
	if (e2e_air_make(air) != 0)
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);
	struct retune rt = { 0 };
	char sel[96], name[64];
	/* First at a fixed 13 dBm, then at the calibrated default. No
	 * watchdog tick in between: its thermal upkeep would write between
	 * the snapshots. */
	for (int fixed = 1; fixed >= 0; fixed--) {
		snprintf(name, sizeof name, "hop%d-%s", fixed, chip);
		snprintf(sel, sizeof sel, "virtual:%s,chip=%s", name, chip);
		struct dvr_config cfg = { .on_event = on_event, .user = &rt,
			                  .tx_power = fixed ? 1300 : 0,
			                  .track_period_ms = 3600000 };
		dvr_device *d = e2e_start_cfg(sel, &cfg, 1);
		struct vchip *vc = d ? vchip_find(name) : NULL;
		CHECK(vc != NULL, "adapter starts");
		if (!vc) {
			dvr_close(d);
			continue;
		}
		if (fixed) {
			pair(chip, d, vc, &rt, 1, 6, 20, false, true);
			pair(chip, d, vc, &rt, 6, 8, 20, true, true);
			pair(chip, d, vc, &rt, 36, 40, 20, true, true);
			pair(chip, d, vc, &rt, 132, 136, 20, true, true);
			/* one 40 MHz channel, the primary moved: the
			 * primary's position is all that differs (a chip
			 * may make that a full set; either way the state
			 * must be the full set's) */
			pair(chip, d, vc, &rt, 36, 40, 40, false, false);
		} else {
			/* across the EFUSE channel groups and the band
			 * edge the fan-out moves: equal state, no budget */
			pair(chip, d, vc, &rt, 1, 13, 20, false, true);
			pair(chip, d, vc, &rt, 36, 64, 20, false, true);
		}
		dvr_close(d);
	}
	e2e_air_remove(air);
	return check_done();
}
