/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822C's init-time RF fixes (hal/rtl8822c/rtl8822c_rf_trim.c)
 * against a fake register file whose physical EFUSE holds chosen trim
 * bytes: the X2 restart, the thermal trim, all fifteen power-trim
 * entries per path, the PA bias, and what a blank byte leaves alone, as
 * rtw88 rtw8822c.c rtw8822c_rf_x2_check, rtw8822c_thermal_trim,
 * rtw8822c_power_trim / rtw8822c_set_power_trim and rtw8822c_pa_bias do.
 */
#include <stdio.h>
#include <string.h>

#include "../check.h"
#include "../le_bytes.h"
#include "fake_regs.h"
#include "hal/rtl8822c/rtl8822c.h"

static struct fake_regs fr;
static uint8_t efuse_phys[512];
static bool efuse_ok;
/* the power-trim table the chip keeps per path: what RF 0x3F took for
 * each RF 0x33 selection while RF 0xEE bit 19 was set */
static uint32_t lut[2][16];
static bool lut_written[2][16];
static unsigned lut_writes;

static const uint16_t rf_win[2] = { 0x3C00, 0x4C00 };

static uint32_t rf(unsigned p, uint8_t reg)
{
	return fake_r32(&fr, (uint16_t)(rf_win[p] + reg * 4u)) & 0xFFFFF;
}

static void set_rf(unsigned p, uint8_t reg, uint32_t v)
{
	put32(fr.mem + rf_win[p] + reg * 4u, v);
}

static void on_write(struct fake_regs *f, uint16_t addr, const uint8_t *b,
                     uint16_t len, const uint8_t *old)
{
	(void)b;
	(void)old;
	if (fake_hits(addr, len, 0x33) && !(f->mem[0x33] & 0x80) && efuse_ok) {
		unsigned a = (f->mem[0x31] | f->mem[0x32] << 8) & 0x3FF;
		f->mem[0x30] = a < sizeof efuse_phys ? efuse_phys[a] : 0xFF;
		f->mem[0x33] |= 0x80;
	}
	for (unsigned p = 0; p < 2; p++)
		if (fake_hits(addr, len, (uint16_t)(rf_win[p] + 0x3F * 4 + 3)) &&
		    (rf(p, 0xEE) & (1u << 19))) {
			unsigned sel = rf(p, 0x33) & 0xF;
			lut[p][sel] = rf(p, 0x3F);
			lut_written[p][sel] = true;
			lut_writes++;
		}
}

static void reset(struct dvr_io *io, struct dvr_chip *chip, bool one_path)
{
	fake_init(&fr, io);
	fr.on_write = on_write;
	efuse_ok = true;
	memset(efuse_phys, 0xFF, sizeof efuse_phys);
	memset(lut, 0, sizeof lut);
	memset(lut_written, 0, sizeof lut_written);
	lut_writes = 0;
	*chip = (struct dvr_chip){ .info = &rtl8822c_info, .io = io };
	chip->id.is_1t1r = one_path;
	/* what the RF table leaves (rtw88 rtw8822c_table.c) and sentinels
	 * in the trim fields, to see what is left alone */
	set_rf(0, 0xB8, 0xC0440);
	set_rf(0, 0xBA, 0xE840D);
	for (unsigned p = 0; p < 2; p++) {
		set_rf(p, 0x43, 0x50000);
		set_rf(p, 0x60, 0x05500);
	}
}

/* Every byte of a calibrated part (values chosen for the test). */
static void burn_all(void)
{
	efuse_phys[0x1EF] = 0xF7;   /* thermal A: [3:1] 3, sign 1 -> 0xB */
	efuse_phys[0x1B0] = 0xF4;   /* thermal B: 2, sign 0 -> 0x2 */
	efuse_phys[0x1D4] = 0x21;   /* 2.4 GHz low: A 1, B 2 */
	efuse_phys[0x1EE] = 0x43;   /* mid: A 3, B 4 */
	efuse_phys[0x1D2] = 0x65;   /* high: A 5, B 6 */
	static const uint16_t g5a[5] = { 0x1EC, 0x1E8, 0x1E4, 0x1E0, 0x1DC };
	static const uint16_t g5b[5] = { 0x1EB, 0x1E7, 0x1E3, 0x1DF, 0x1DB };
	for (unsigned i = 0; i < 5; i++) {
		efuse_phys[g5a[i]] = (uint8_t)(0xE0 | (0x11 + i)); /* 17.. */
		efuse_phys[g5b[i]] = (uint8_t)(0xE0 | (0x09 + i)); /* 9.. */
	}
	efuse_phys[0x1D6] = 0xF3;   /* PA bias 2.4 GHz A */
	efuse_phys[0x1D5] = 0xF4;   /* B */
	efuse_phys[0x1D8] = 0xF9;   /* 5 GHz A */
	efuse_phys[0x1D7] = 0xFA;   /* B */
}

int main(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	char m[120];

	/* ---- a calibrated part, both paths ---- */
	reset(&io, &chip, false);
	burn_all();
	CHECK_EQ_INT(rtl8822c_rf_trims(&chip), DVR_OK, "trims run");
	CHECK_EQ_HEX(rf(0, 0x43), 0xB0000, "thermal A: 0xF7 -> 3 | 8");
	CHECK_EQ_HEX(rf(1, 0x43), 0x20000, "thermal B: 0xF4 -> 2");
	CHECK_EQ_HEX(rf(0, 0x60), 0x93500, "PA bias A: 5 GHz 9, 2.4 GHz 3");
	CHECK_EQ_HEX(rf(1, 0x60), 0xA4500, "PA bias B: 5 GHz 0xA, 2.4 GHz 4");
	CHECK_EQ_HEX(fake_r32(&fr, 0x0A70) & 0x3FF, 0x3FF,
	             "DPD off on the low rates");
	/* Selection -> entry (rtw88 rtw8822c_set_power_trim): 0 2GL, 1 2GM,
	 * 2 and 3 2GH, 4..8 5G L1..H1, 9..13 L1..H1 again, 14 H1. Entry
	 * values: A 2.4 GHz 1/3/5, 5 GHz 17..21; B 2/4/6, 9..13. */
	static const uint32_t want[2][15] = {
		{ 1, 3, 5, 5, 17, 18, 19, 20, 21, 17, 18, 19, 20, 21, 21 },
		{ 2, 4, 6, 6, 9, 10, 11, 12, 13, 9, 10, 11, 12, 13, 13 },
	};
	for (unsigned p = 0; p < 2; p++) {
		for (unsigned s = 0; s < 15; s++) {
			snprintf(m, sizeof m, "path %c power trim entry %u", 'A' + p,
			         s);
			CHECK(lut_written[p][s], m);
			CHECK_EQ_HEX(lut[p][s], want[p][s], m);
		}
		snprintf(m, sizeof m, "path %c trim table closed", 'A' + p);
		CHECK_EQ_HEX(rf(p, 0xEE) & (1u << 19), 0, m);
	}
	CHECK_EQ_INT(lut_writes, 30, "fifteen entries per path");
	CHECK_EQ_HEX(rf(0, 0xB8), 0xC0440, "X2 not busy: 0xB8 left alone");
	CHECK_EQ_HEX(rf(0, 0xBA), 0xE840D, "X2 not busy: 0xBA left alone");

	/* ---- a blank part: nothing trimmed ---- */
	reset(&io, &chip, false);
	CHECK_EQ_INT(rtl8822c_rf_trims(&chip), DVR_OK, "blank: trims run");
	CHECK_EQ_INT(lut_writes, 0, "blank: no power-trim entries");
	CHECK_EQ_HEX(rf(0, 0xEE), 0, "blank: trim table never opened");
	CHECK_EQ_HEX(rf(0, 0x43), 0x50000, "blank: thermal A untouched");
	CHECK_EQ_HEX(rf(1, 0x43), 0x50000, "blank: thermal B untouched");
	CHECK_EQ_HEX(rf(0, 0x60), 0x05500, "blank: PA bias A untouched");
	CHECK_EQ_HEX(rf(1, 0x60), 0x05500, "blank: PA bias B untouched");
	CHECK_EQ_HEX(fake_r32(&fr, 0x0A70) & 0x3FF, 0x3FF,
	             "blank: DPD still off on the low rates");

	/* ---- partly burnt parts: rtw88's early exits ---- */
	reset(&io, &chip, false);
	efuse_phys[0x1EE] = 0x87;     /* only the 2.4 GHz mid trim */
	efuse_phys[0x1B0] = 0xF3;     /* thermal B without A: never read */
	efuse_phys[0x1D5] = 0xF2;     /* PA bias 2.4 GHz B without A */
	CHECK_EQ_INT(rtl8822c_rf_trims(&chip), DVR_OK, "partial: trims run");
	CHECK_EQ_INT(lut_writes, 30, "one burnt byte writes every entry");
	CHECK_EQ_HEX(lut[0][1], 7, "A mid entry from [3:0]");
	CHECK_EQ_HEX(lut[1][1], 8, "B mid entry from [7:4]");
	CHECK_EQ_HEX(lut[0][0], 0, "unburnt entries are 0");
	CHECK_EQ_HEX(lut[1][14], 0, "unburnt 5 GHz entries are 0");
	CHECK_EQ_HEX(rf(1, 0x43), 0x50000, "thermal stops at a blank path A");
	CHECK_EQ_HEX(rf(1, 0x60), 0x05500,
	             "PA bias stops at a blank 2.4 GHz path A");

	reset(&io, &chip, false);
	efuse_phys[0x1D6] = 0xF3;     /* 2.4 GHz bias both paths, 5 GHz */
	efuse_phys[0x1D5] = 0xF4;     /* blank: taken as read (0xF) */
	CHECK_EQ_INT(rtl8822c_rf_trims(&chip), DVR_OK, "2.4 GHz bias only");
	CHECK_EQ_HEX(rf(0, 0x60), 0xF3500, "A: 2.4 GHz 3, blank 5 GHz 0xF");
	CHECK_EQ_HEX(rf(1, 0x60), 0xF4500, "B: 2.4 GHz 4, blank 5 GHz 0xF");

	/* ---- X2 calibration still busy: rtw88's restart ---- */
	reset(&io, &chip, false);
	set_rf(0, 0xB8, 0xC0440 | (1u << 15));
	CHECK_EQ_INT(rtl8822c_rf_trims(&chip), DVR_OK, "X2 busy: runs");
	CHECK_EQ_HEX(rf(0, 0xB8), 0x80440, "X2 restart ends at 0x80440");
	CHECK_EQ_HEX(rf(0, 0xBA), 0x6840D, "X2 restart sets 0xBA 0x6840D");

	/* ---- one path ---- */
	reset(&io, &chip, true);
	burn_all();
	CHECK_EQ_INT(rtl8822c_rf_trims(&chip), DVR_OK, "1T1R: trims run");
	CHECK_EQ_INT(lut_writes, 15, "1T1R: path A entries only");
	CHECK_EQ_HEX(rf(1, 0x43), 0x50000, "1T1R: thermal B untouched");
	CHECK_EQ_HEX(rf(1, 0x60), 0x05500, "1T1R: PA bias B untouched");
	CHECK_EQ_HEX(rf(0, 0x43), 0xB0000, "1T1R: thermal A trimmed");

	/* ---- an EFUSE read that never completes counts as blank ---- */
	reset(&io, &chip, false);
	burn_all();
	efuse_ok = false;
	CHECK_EQ_INT(rtl8822c_rf_trims(&chip), DVR_OK,
	             "unanswered EFUSE reads: no error");
	CHECK_EQ_INT(lut_writes, 0, "unanswered EFUSE reads: no trim");
	CHECK_EQ_HEX(rf(0, 0x43), 0x50000, "unanswered: thermal untouched");
	return check_done();
}
