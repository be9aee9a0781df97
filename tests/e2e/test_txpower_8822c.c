/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Calibrated TX power and the init-time RF trims of the RTL8822CU: a
 * virtual adapter is brought up on each of the model's board variants
 * (board=, libdevourer/virtual/personality_8822c_efuse.c) and channels,
 * and the TX power references, the per-rate differences, the power the
 * API reports and the RF trim registers are compared with values worked
 * out by hand from the model's EFUSE bytes and the formulas of rtw88
 * phy.c rtw_phy_get_2g_tx_power_index / rtw_phy_get_5g_tx_power_index
 * with the 8822C's txgi_factor 2 (every EFUSE difference counts twice):
 *
 *   2.4 GHz CCK:   cck_base[group]
 *   OFDM:          bw40_base[group] + 2 * ofdm diff (1S byte [3:0])
 *   MCS at 20 MHz: bw40_base[group] + 2 * bw20 diff (1S byte [7:4])
 *                  (+ 2 * 2S byte [3:0] for the second stream)
 *   MCS at 80 MHz: (bw40_base[group] + bw40_base[group + 1]) / 2
 *                  + 2 * VHT1S byte [7:4] (+ 2 * VHT2S byte [7:4])
 *   6M, 9M, MCS0/1, MCS8/9, VHT 1SS/2SS MCS0/1: 12 lower (rtw88 phy.c
 *   rtw_phy_get_dis_dpd_by_rate_diff, -6 x txgi_factor)
 *
 * Registers (rtw88 rtw8822c.c rtw8822c_set_tx_power_index): CCK reference
 * 0x18A0 / 0x41A0 [22:16] = 11M, OFDM reference 0x18E8 / 0x41E8 [16:10] =
 * MCS7, differences at 0x3A00 + (rate & 0xFC), signed 7-bit, the smaller
 * of the two paths'. A blank base (0xFF) is taken for 64 and a blank
 * difference nibble 0xF is -1.
 *
 * Groups: channel 6 -> 2; channel 36 (20 MHz) -> 0; 149/80 has centre
 * 155 -> groups 10 and 11.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"

/* One path's levels: CCK 11M (2.4 GHz only), OFDM 54M, MCS7, MCS15. */
struct path_want {
	int cck, ofdm, ss1, ss2;
};

/* RF trim results after bring-up (same on every channel). */
struct trim_want {
	uint32_t thermal[2];          /* RF 0x43 [19:16] */
	uint32_t pa_2g[2], pa_5g[2];  /* RF 0x60 [15:12], [19:16] */
	bool x2k_restarted;           /* RF A 0xB8/0xBA rewritten */
};

struct txp_case {
	const char *board;
	struct dvr_channel ch;
	struct path_want a, b;
};

static const struct txp_case cases[] = {
	/* typical: flat bases, all differences 0. ch 6: CCK 0x3A = 58;
	 * BW40 0x3C = 60 for OFDM, MCS7 and MCS15. */
	{ "typical", { 6, 20, 0 }, { 58, 60, 60, 60 }, { 58, 60, 60, 60 } },
	/* ch 36: 5 GHz base 0x46 = 70 everywhere. */
	{ "typical", { 36, 20, 0 }, { 0, 70, 70, 70 }, { 0, 70, 70, 70 } },
	/* 149/80: (70 + 70) / 2 = 70; OFDM 70. */
	{ "typical", { 149, 80, 0 }, { 0, 70, 70, 70 }, { 0, 70, 70, 70 } },

	/* graded ch 6 (group 2). A: CCK 0x4A = 74; BW40 0x46 = 70; 1S
	 * 0x12 (BW20 +1, OFDM +2): OFDM 70 + 4 = 74, MCS7 70 + 2 = 72; 2S
	 * 0xFE (BW20 -2): MCS15 72 - 4 = 68. B: CCK 0x48 = 72; BW40 0x44 =
	 * 68; 1S 0x02: OFDM 68 + 4 = 72, MCS7 68; 2S 0xEE (BW20 -2): MCS15
	 * 68 - 4 = 64. */
	{ "graded", { 6, 20, 0 }, { 74, 74, 72, 68 }, { 72, 72, 68, 64 } },
	/* graded ch 36 (group 0). A: base 0x50 = 80; 1S 0x13 (BW20 +1,
	 * OFDM +3): OFDM 86, MCS7 82; 2S 0xFF (BW20 -1): MCS15 80. B: base
	 * 0x4E = 78; 1S 0x12: OFDM 82, MCS7 80; 2S 0xFE (BW20 -2): MCS15
	 * 76. */
	{ "graded", { 36, 20, 0 }, { 0, 86, 82, 80 }, { 0, 82, 80, 76 } },
	/* graded 149/80 (groups 10, 11). A: 0x5A = 90, 0x5C = 92 -> 91;
	 * VHT1S 0xF0 (BW80 -1): MCS7 91 - 2 = 89; VHT2S 0xE0 (BW80 -2):
	 * MCS15 89 - 4 = 85; OFDM 90 + 6 = 96. B: 0x58 = 88, 0x59 = 89 ->
	 * 177 / 2 = 88; VHT1S 0x10 (+1): MCS7 90; VHT2S 0xF0 (-1): MCS15
	 * 88; OFDM 88 + 4 = 92. */
	{ "graded", { 149, 80, 0 }, { 0, 96, 89, 85 }, { 0, 92, 90, 88 } },

	/* blank: bases 64, every nibble -1 (x2 = -2). ch 6: CCK 64; OFDM
	 * 62; MCS7 64 - 2 = 62; MCS15 62 - 2 = 60. */
	{ "blank", { 6, 20, 0 }, { 64, 62, 62, 60 }, { 64, 62, 62, 60 } },
	/* ch 36: the same sums on the 5 GHz bytes. */
	{ "blank", { 36, 20, 0 }, { 0, 62, 62, 60 }, { 0, 62, 62, 60 } },
	/* 149/80: (64 + 64) / 2 - 2 = 62, MCS15 60; OFDM 64 - 2 = 62. */
	{ "blank", { 149, 80, 0 }, { 0, 62, 62, 60 }, { 0, 62, 62, 60 } },
};

/*
 * Trims from the model's physical EFUSE bytes (rtw88 rtw8822c.c
 * rtw8822c_thermal_trim: RF field = fuse [3:1] | fuse bit 0 << 3;
 * rtw8822c_pa_bias: fuse [3:0]):
 *  typical: thermal A 0xF2 -> 1 | 0 = 0x1, B 0xF5 -> 2 | 8 = 0xA; PA
 *           bias 2.4 GHz 0xF5 / 0xF6 -> 5 / 6, 5 GHz 0xF7 / 0xF8 -> 7 / 8;
 *  graded:  thermal A 0xF7 -> 3 | 8 = 0xB, B 0xF0 -> 0; PA bias 0xF3 /
 *           0xF4 -> 3 / 4, 0xF9 / 0xFA -> 9 / 0xA; its X2 calibration
 *           reports busy, so it is restarted;
 *  blank:   nothing written: the fields keep the RF table's 0.
 */
static const struct {
	const char *board;
	struct trim_want t;
} trims[] = {
	{ "typical", { { 0x1, 0xA }, { 5, 6 }, { 7, 8 }, false } },
	{ "graded", { { 0xB, 0x0 }, { 3, 4 }, { 9, 0xA }, true } },
	{ "blank", { { 0, 0 }, { 0, 0 }, { 0, 0 }, false } },
};

static uint32_t d7(int d)
{
	return (uint32_t)d & 0x7F;
}

static uint32_t word4(int d0, int d1, int d2, int d3)
{
	return d7(d0) | d7(d1) << 8 | d7(d2) << 16 | d7(d3) << 24;
}

static int min2(int a, int b)
{
	return a < b ? a : b;
}

static void check_levels(struct vchip *vc, const char *what,
                         const struct path_want *a,
                         const struct path_want *b)
{
	char m[200];
	/* differences against each path's MCS7, the smaller path's */
	int od = min2(a->ofdm - a->ss1, b->ofdm - b->ss1);
	int sd = min2(a->ss2 - a->ss1, b->ss2 - b->ss1);
#define REG_CHECK(addr, shift, mask, want, name)                              \
	do {                                                                  \
		snprintf(m, sizeof m, "%s: %s", what, name);                  \
		CHECK_EQ_HEX((vchip_peek32(vc, addr) >> (shift)) & (mask),    \
		             (uint32_t)(want), m);                            \
	} while (0)
	if (a->cck) {
		REG_CHECK(0x18A0, 16, 0x7F, a->cck, "CCK reference A");
		REG_CHECK(0x41A0, 16, 0x7F, b->cck, "CCK reference B");
		REG_CHECK(0x3A00, 0, 0xFFFFFFFFu, 0, "CCK differences");
	}
	REG_CHECK(0x18E8, 10, 0x7F, a->ss1, "OFDM reference A (MCS7)");
	REG_CHECK(0x41E8, 10, 0x7F, b->ss1, "OFDM reference B (MCS7)");
	REG_CHECK(0x3A04, 0, 0xFFFFFFFFu, word4(od - 12, od - 12, od, od),
	          "6M-18M (6M/9M without DPD)");
	REG_CHECK(0x3A08, 0, 0xFFFFFFFFu, word4(od, od, od, od), "24M-54M");
	REG_CHECK(0x3A0C, 0, 0xFFFFFFFFu, word4(-12, -12, 0, 0), "MCS0-3");
	REG_CHECK(0x3A10, 0, 0xFFFFFFFFu, 0, "MCS4-7");
	REG_CHECK(0x3A14, 0, 0xFFFFFFFFu, word4(sd - 12, sd - 12, sd, sd),
	          "MCS8-11");
	REG_CHECK(0x3A18, 0, 0xFFFFFFFFu, word4(sd, sd, sd, sd), "MCS12-15");
	REG_CHECK(0x3A2C, 0, 0xFFFFFFFFu, word4(-12, -12, 0, 0),
	          "VHT1SS 0-3");
	REG_CHECK(0x3A34, 0, 0xFFFFFFFFu, word4(0, 0, sd - 12, sd - 12),
	          "VHT1SS 8-9 + VHT2SS 0-1");
	REG_CHECK(0x3A3C, 0, 0xFFFFFFFFu, word4(sd, sd, sd, sd),
	          "VHT2SS 6-9");
#undef REG_CHECK
}

static void check_trims(struct vchip *vc, const char *what,
                        const struct trim_want *t)
{
	char m[200];
	for (unsigned p = 0; p < 2; p++) {
		snprintf(m, sizeof m, "%s: thermal trim path %c", what,
		         'A' + p);
		CHECK_EQ_HEX((vchip_peek_rf(vc, p, 0x43) >> 16) & 0xF,
		             t->thermal[p], m);
		snprintf(m, sizeof m, "%s: 2.4 GHz PA bias path %c", what,
		         'A' + p);
		CHECK_EQ_HEX((vchip_peek_rf(vc, p, 0x60) >> 12) & 0xF,
		             t->pa_2g[p], m);
		snprintf(m, sizeof m, "%s: 5 GHz PA bias path %c", what,
		         'A' + p);
		CHECK_EQ_HEX((vchip_peek_rf(vc, p, 0x60) >> 16) & 0xF,
		             t->pa_5g[p], m);
		snprintf(m, sizeof m, "%s: power-trim entries closed, path %c",
		         what, 'A' + p);
		CHECK_EQ_HEX(vchip_peek_rf(vc, p, 0xEE) & (1u << 19), 0, m);
	}
	/* Left alone, RF A 0xB8 / 0xBA keep the RF table's 0xC0440 /
	 * 0xE840D (rtw88 rtw8822c_table.c); restarted they end at rtw88
	 * rtw8822c_rf_x2_check's 0x80440 / 0x6840D. */
	snprintf(m, sizeof m, "%s: X2 calibration %s (0xBA)", what,
	         t->x2k_restarted ? "restarted" : "left alone");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, 0xBA),
	             t->x2k_restarted ? 0x6840Du : 0xE840Du, m);
	snprintf(m, sizeof m, "%s: X2 calibration %s (0xB8)", what,
	         t->x2k_restarted ? "restarted" : "left alone");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, 0xB8),
	             t->x2k_restarted ? 0x80440u : 0xC0440u, m);
}

static void run_case(const struct txp_case *c, const char *fw, unsigned n)
{
	char name[32], sel[128], what[128], m[200];
	snprintf(name, sizeof name, "txp22c%u", n);
	snprintf(sel, sizeof sel, "virtual:%s,chip=8822c,board=%s", name,
	         c->board);
	snprintf(what, sizeof what, "%s ch %u/%u", c->board, c->ch.channel,
	         c->ch.bw_mhz);
	struct dvr_config cfg = { .firmware_dir = fw };
	dvr_device *dev = NULL;
	snprintf(m, sizeof m, "%s: open", what);
	CHECK_EQ_INT(dvr_open(sel, &cfg, &dev), DVR_OK, m);
	if (!dev)
		return;
	struct vchip *vc = vchip_find(name);
	snprintf(m, sizeof m, "%s: start", what);
	int r = dvr_start(dev, &c->ch);
	CHECK_EQ_INT(r, DVR_OK, m);
	if (r != DVR_OK)
		printf("# %s\n", dvr_last_error(dev));
	snprintf(m, sizeof m, "%s: model found", what);
	CHECK(vc != NULL, m);
	if (vc && r == DVR_OK) {
		check_levels(vc, what, &c->a, &c->b);
		for (size_t i = 0; i < sizeof trims / sizeof trims[0]; i++)
			if (strcmp(trims[i].board, c->board) == 0)
				check_trims(vc, what, &trims[i].t);
		/* The power reported is MCS7's on path A, 0.25 dB an
		 * index. */
		snprintf(m, sizeof m, "%s: reported power", what);
		CHECK_EQ_INT(dvr_tx_power_mbm(dev), c->a.ss1 * 25, m);

		/* An explicit 12 dBm = index 48 for MCS7 on path A; every
		 * other level keeps its distance, so the differences stay
		 * and path B's reference moves by the same step. */
		int shift = 48 - c->a.ss1;
		uint32_t diffs = vchip_peek32(vc, 0x3A14);
		snprintf(m, sizeof m, "%s: set 12 dBm", what);
		CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 1200), DVR_OK, m);
		snprintf(m, sizeof m, "%s: 12 dBm reported", what);
		CHECK_EQ_INT(dvr_tx_power_mbm(dev), 1200, m);
		snprintf(m, sizeof m, "%s: 12 dBm OFDM reference A", what);
		CHECK_EQ_HEX((vchip_peek32(vc, 0x18E8) >> 10) & 0x7F, 48, m);
		snprintf(m, sizeof m, "%s: 12 dBm OFDM reference B keeps its "
		         "distance", what);
		CHECK_EQ_HEX((vchip_peek32(vc, 0x41E8) >> 10) & 0x7F,
		             (uint32_t)(c->b.ss1 + shift), m);
		snprintf(m, sizeof m, "%s: 12 dBm differences unchanged",
		         what);
		CHECK_EQ_HEX(vchip_peek32(vc, 0x3A14), diffs, m);
	}
	dvr_close(dev);
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-txp22c-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);

	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i], fw, i);

	/* A board the model does not have is refused, not guessed. */
	dvr_device *dev = NULL;
	struct dvr_config cfg = { .firmware_dir = fw };
	CHECK(dvr_open("virtual:txp22cbad,chip=8822c,board=nosuch", &cfg,
	               &dev) != DVR_OK,
	      "unknown board refused");
	if (dev)
		dvr_close(dev);

	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
