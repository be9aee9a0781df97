/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Calibrated TX power on the RTL8812AU: a virtual adapter is brought up
 * on each of the model's board variants (board=) and channels, and the
 * per-rate TX AGC registers, the power-training registers and the power
 * the API reports are compared with indices worked out by hand from the
 * EFUSE blocks the model carries (libdevourer/virtual/
 * personality_8812a_efuse.c) and the formulas of rtw88 phy.c
 * rtw_phy_get_2g_tx_power_index / rtw_phy_get_5g_tx_power_index:
 *
 *   2.4 GHz CCK:  cck_base[group]
 *   2.4 GHz OFDM: bw40_base[group] + ofdm diff (1S byte [3:0])
 *   5 GHz OFDM:   bw40_base[group] + ofdm diff (1S byte [3:0])
 *   MCS at 20 MHz: bw40_base[group] + bw20 diff (1S byte [7:4])
 *                  (+ 2S byte [3:0] for the second stream)
 *   MCS at 80 MHz: (bw40_base[group] + bw40_base[group + 1]) / 2
 *                  + VHT1S byte [7:4] (+ VHT2S byte [7:4])
 *   training (0xC54/0xE54): MCS7 - 10, - 18, - 24, bytes 0..2
 *
 * A blank block takes the vendor's default bases (0x2D on 2.4 GHz, 0x2A
 * on 5 GHz) and reads every difference nibble 0xF as -1.
 *
 * Groups: channel 6 -> 2; channel 36 (20 MHz) -> 0; 149/80 has centre
 * 155 -> groups 10 and 11.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"

/* Expected indices of one path: CCK (0 = not written, 5 GHz), OFDM, one
 * stream, two streams. */
struct path_want {
	int cck, ofdm, ss1, ss2;
};

struct txp_case {
	const char *board;
	struct dvr_channel ch;
	struct path_want a, b;
};

static const struct txp_case cases[] = {
	/* vendor-default, both paths alike. 2.4 GHz: bases 0x2D, 1S byte
	 * 0x02 (BW20 0, OFDM +2), 2S byte 0xEE (BW20 -2).
	 * ch 6: CCK 45; OFDM 45+2 = 47; 1SS 45+0 = 45; 2SS 45-2 = 43. */
	{ "vendor-default", { 6, 20, 0 },
	  { 0x2D, 0x2F, 0x2D, 0x2B }, { 0x2D, 0x2F, 0x2D, 0x2B } },
	/* 5 GHz: bases 0x2A, 1S 0x02, 2S 0xEE. ch 36: OFDM 42+2 = 44;
	 * 1SS 42; 2SS 42-2 = 40. */
	{ "vendor-default", { 36, 20, 0 },
	  { 0, 0x2C, 0x2A, 0x28 }, { 0, 0x2C, 0x2A, 0x28 } },
	/* 149/80: (42+42)/2 = 42; VHT1S 0x00 -> 1SS 42; VHT2S 0xEE -> 2SS
	 * 42-2 = 40; OFDM 42+2 = 44. */
	{ "vendor-default", { 149, 80, 0 },
	  { 0, 0x2C, 0x2A, 0x28 }, { 0, 0x2C, 0x2A, 0x28 } },

	/* graded, ch 6 (group 2). A: CCK 0x2E = 46, BW40 0x2C = 44, 1S 0x12
	 * (BW20 +1, OFDM +2), 2S 0xFE (BW20 -2): OFDM 46, 1SS 45, 2SS 43.
	 * B: CCK 0x2D = 45, BW40 0x2B = 43, 1S 0x02: OFDM 45, 1SS 43, 2SS
	 * 43-2 = 41. */
	{ "graded", { 6, 20, 0 },
	  { 0x2E, 0x2E, 0x2D, 0x2B }, { 0x2D, 0x2D, 0x2B, 0x29 } },
	/* ch 36 (group 0). 1S 0x13 (BW20 +1, OFDM +3), 2S 0xEF (BW20 -1).
	 * A: base 0x2C = 44: OFDM 47, 1SS 45, 2SS 44. B: base 0x2A = 42:
	 * OFDM 45, 1SS 43, 2SS 42. */
	{ "graded", { 36, 20, 0 },
	  { 0, 0x2F, 0x2D, 0x2C }, { 0, 0x2D, 0x2B, 0x2A } },
	/* 149/80, groups 10/11. VHT1S 0xFE (BW80 -1), VHT2S 0xEE (-2).
	 * A: 0x27 = 39, 0x26 = 38: (39+38)/2 = 38; 1SS 37, 2SS 35; OFDM
	 * 39+3 = 42. B: 0x25 = 37, 0x24 = 36: 36; 1SS 35, 2SS 33; OFDM
	 * 37+3 = 40. */
	{ "graded", { 149, 80, 0 },
	  { 0, 0x2A, 0x25, 0x23 }, { 0, 0x28, 0x23, 0x21 } },

	/* blank: ch 6: CCK 45; OFDM 45-1 = 44; 1SS 45-1 = 44; 2SS
	 * 44-1 = 43. */
	{ "blank", { 6, 20, 0 },
	  { 0x2D, 0x2C, 0x2C, 0x2B }, { 0x2D, 0x2C, 0x2C, 0x2B } },
	/* ch 36: OFDM 42-1 = 41; 1SS 41; 2SS 40. */
	{ "blank", { 36, 20, 0 },
	  { 0, 0x29, 0x29, 0x28 }, { 0, 0x29, 0x29, 0x28 } },
	/* 149/80: (42+42)/2 - 1 = 41; 2SS 40; OFDM 41. */
	{ "blank", { 149, 80, 0 },
	  { 0, 0x29, 0x29, 0x28 }, { 0, 0x29, 0x29, 0x28 } },
};

static uint32_t lanes(int v)
{
	return (uint32_t)v * 0x01010101u;
}

static uint32_t training(int mcs7)
{
	int t[3] = { mcs7 - 10, mcs7 - 18, mcs7 - 24 };
	uint32_t w = 0;
	for (int i = 0; i < 3; i++)
		w |= (uint32_t)(t[i] < 2 ? 2 : t[i]) << (8 * i);
	return w;
}

static void check_path(struct vchip *vc, const char *what, uint16_t base,
                       const struct path_want *w)
{
	char m[160];
#define PATH_CHECK(off, want, name)                                           \
	do {                                                                  \
		snprintf(m, sizeof m, "%s 0x%03X %s", what,                   \
		         (unsigned)(base + (off)), name);                     \
		CHECK_EQ_HEX(vchip_peek32(vc, (uint16_t)(base + (off))),      \
		             want, m);                                        \
	} while (0)
	if (w->cck)
		PATH_CHECK(0x00, lanes(w->cck), "CCK");
	PATH_CHECK(0x04, lanes(w->ofdm), "OFDM 6-18");
	PATH_CHECK(0x08, lanes(w->ofdm), "OFDM 24-54");
	PATH_CHECK(0x0C, lanes(w->ss1), "MCS0-3");
	PATH_CHECK(0x10, lanes(w->ss1), "MCS4-7");
	PATH_CHECK(0x18, lanes(w->ss2), "MCS12-15");
	PATH_CHECK(0x20, lanes(w->ss1), "VHT1SS 4-7");
	PATH_CHECK(0x24, (lanes(w->ss2) & 0xFFFF0000u) |
	                 (lanes(w->ss1) & 0xFFFFu),
	           "VHT1SS 8-9 + VHT2SS 0-1");
	PATH_CHECK(0x2C, lanes(w->ss2), "VHT2SS 6-9");
	snprintf(m, sizeof m, "%s training from MCS7", what);
	CHECK_EQ_HEX(vchip_peek32(vc, (uint16_t)(base + 0x34)) & 0xFFFFFF,
	             training(w->ss1), m);
#undef PATH_CHECK
}

static void run_case(const struct txp_case *c, const char *fw, unsigned n)
{
	char name[32], sel[128], what[128];
	snprintf(name, sizeof name, "txp%u", n);
	snprintf(sel, sizeof sel, "virtual:%s,chip=8812a,board=%s", name,
	         c->board);
	snprintf(what, sizeof what, "%s ch %u/%u", c->board, c->ch.channel,
	         c->ch.bw_mhz);
	struct dvr_config cfg = { .firmware_dir = fw };
	dvr_device *dev = NULL;
	char m[200];
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
		snprintf(m, sizeof m, "%s path A", what);
		check_path(vc, m, 0xC20, &c->a);
		snprintf(m, sizeof m, "%s path B", what);
		check_path(vc, m, 0xE20, &c->b);
		/* The power reported is MCS7's on path A, 0.5 dB an index. */
		snprintf(m, sizeof m, "%s: reported power", what);
		CHECK_EQ_INT(dvr_tx_power_mbm(dev), c->a.ss1 * 50, m);

		/* An explicit 15 dBm = index 30 for MCS7 on path A; every
		 * other rate and path keeps its distance from it. */
		int shift = 30 - c->a.ss1;
		uint32_t cck_a = vchip_peek32(vc, 0xC20);
		snprintf(m, sizeof m, "%s: set 15 dBm", what);
		CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 1500), DVR_OK, m);
		snprintf(m, sizeof m, "%s: 15 dBm reported", what);
		CHECK_EQ_INT(dvr_tx_power_mbm(dev), 1500, m);
		snprintf(m, sizeof m, "%s: 15 dBm A MCS4-7", what);
		CHECK_EQ_HEX(vchip_peek32(vc, 0xC30), lanes(30), m);
		snprintf(m, sizeof m, "%s: 15 dBm A OFDM keeps its distance",
		         what);
		CHECK_EQ_HEX(vchip_peek32(vc, 0xC24), lanes(c->a.ofdm + shift),
		             m);
		snprintf(m, sizeof m, "%s: 15 dBm B 2SS keeps its distance",
		         what);
		CHECK_EQ_HEX(vchip_peek32(vc, 0xE4C), lanes(c->b.ss2 + shift),
		             m);
		if (!c->a.cck) {
			snprintf(m, sizeof m, "%s: CCK not written on 5 GHz",
			         what);
			CHECK_EQ_HEX(vchip_peek32(vc, 0xC20), cck_a, m);
		}
	}
	dvr_close(dev);
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-txp-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);

	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i], fw, i);

	/* A board the model does not have is refused, not guessed. */
	dvr_device *dev = NULL;
	struct dvr_config cfg = { .firmware_dir = fw };
	CHECK(dvr_open("virtual:txpbad,chip=8812a,board=nosuch", &cfg, &dev) !=
	              DVR_OK,
	      "unknown board refused");
	if (dev)
		dvr_close(dev);

	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
