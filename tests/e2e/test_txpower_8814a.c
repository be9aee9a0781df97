/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Calibrated TX power on the RTL8814AU: a virtual adapter is brought up on
 * the model's boards (board=, libdevourer/virtual/personality_8814a_efuse.c)
 * on channels of both bands under several domains, and the index the TX
 * AGC port 0x1998 last set for each rate on each of the four paths (the
 * port is write-only: vchip_peek_txagc) and the power the API reports are
 * compared with indices worked out by hand from the EFUSE records and the
 * formulas of rtw88 phy.c rtw_phy_get_2g_tx_power_index /
 * rtw_phy_get_5g_tx_power_index (txgi_factor 1):
 *
 *   2.4 GHz CCK:   cck_base[group]
 *   OFDM:          bw40_base[group] + 1S byte [3:0]
 *   MCS at 20 MHz: bw40_base[group] + 1S byte [7:4]
 *                  + 2S byte [3:0] for 2 streams and up
 *                  + 3S byte [3:0] for 3 streams
 *   MCS at 80 MHz: (bw40_base[g] + bw40_base[g + 1]) / 2 + VHT1S [7:4]
 *                  (+ VHT2S, VHT3S [7:4])
 *
 * The boards (struct rtw_txpwr_idx at EFUSE 0x10 + 42 * path):
 *  - default: path A's 2.4 GHz CCK bases 0x29 0x29 0x2A 0x2A 0x2A 0x2A,
 *    BW40 bases 0x27 0x27 0x28 0x28 0x28, 1S byte 0x14 (BW20 +1, OFDM
 *    +4), 2S and 3S bytes 0x00; 5 GHz BW40 bases 0x25 0x25 0x25 0x24
 *    0x23 0x23 0x23 0x22 0x23 0x24 0x25 0x25 0x25 0x25, 1S byte 0x13
 *    (BW20 +1, OFDM +3), 2S and 3S 0x00, VHT1S 0x2C (BW80 +2), VHT2S and
 *    VHT3S 0x00; paths B, C, D the same with every base 1, 2, 3 higher.
 *    So path A ch 6: CCK 42, OFDM 44, MCS 41; ch 36/20: OFDM 40, MCS
 *    38; 149/80 (centre 155, groups 10 and 11): OFDM 40, MCS (37 + 37) /
 *    2 + 2 = 39.
 *  - blank: nothing burnt. A base above 63 takes the mid-scale 32
 *    (hal/rtl8814a/rtl8814a_txpower.c) and every difference nibble 0xF
 *    is -1, once per stream: ch 36/20 OFDM 31, 1-stream MCS 31,
 *    2-stream 30, 3-stream 29. The RFE option byte is blank too: RFE 1
 *    (rtw8814a_read_rfe_type), so the same tables.
 *
 * On top of that EFUSE index E, rtw88 phy.c rtw_phy_get_tx_power_index
 * adds min(by-rate offset, limit): index = E + min(P(rate) - P(base),
 * L - P(base)), P the power by rate and L the limit of RFE option 1
 * (rtw8814a_rfe_defs[1]: rtw8814a_bb_pg, BCD bytes, byte 0 the lowest
 * rate of the row; rtw8814a_txpwr_lmt_type1), 0.5 dB steps, "base" the
 * section's top rate (11M, 54M, the last MCS, VHT MCS7). Every path has
 * the same rows, both bands the same values:
 *
 *   CCK   0xC20 0x34343434: 1M 34, 11M 34 (base)              1M   0
 *   OFDM  0xC24 0x34343434: 6M 34; 0xC28 0x30323434: 54M 30    6M  +4
 *   HT1S  0xC2C 0x34343434: MCS0 34; 0xC30 0x28303234: MCS7 28 MCS0 +6
 *   HT2S  0xC34 0x32323232: MCS8 32; 0xC38 0x26283032: MCS15 26 MCS8 +6
 *   HT3S  0xCD8 0x30303030: MCS16 30; 0xCDC 0x24262830: MCS23 24
 *                                                           MCS16 +6
 *   VHT1S 0xC3C 0x34343434: MCS0 34; 0xC40 0x28303234: MCS7 28;
 *         0xC44 0x32322426: MCS9 24                   MCS0 +6, MCS9 -4
 *   VHT3S 0xCE0 0x30303030: MCS0 30; 0xCE4 0x24262830: MCS7 24;
 *         0xCE8 (low half) 0x2222: MCS9 22            MCS0 +6, MCS9 -2
 *
 * Limits (worldwide = the least of FCC, ETSI and MKK; CCK and OFDM at
 * 20 MHz on the primary channel, HT at every width up to the one tuned
 * but not past 40 MHz, VHT at every width up to the one tuned, 5 GHz VHT
 * taking HT's rows at 20 and 40 MHz; rtw88 phy.c
 * rtw_phy_get_tx_power_limit, rtw_xref_5g_txpwr_lmt; 2.4 GHz VHT has no
 * row), less the section's by-rate base:
 *
 *   ch 6     CCK FCC 34, ETSI 32, MKK 32 -> worldwide 32 (-2, FCC 0);
 *            OFDM 32 (+2); HT1S 32 (+4); HT2S 30 (+4); HT3S 28 (+4)
 *   ch 36/20 OFDM FCC 28, ETSI 32, MKK 32 -> 28 (-2, ETSI +2); HT1S 28
 *            (0, ETSI 32 +4); HT2S 26 (0, ETSI +4); HT3S 24 (0, ETSI 28
 *            +4); VHT as HT
 *   149/80   OFDM at 149: FCC 28 (-2); HT1S 149/20 28, 151/40 28 (0);
 *            HT2S 26, 26 (0); HT3S 24, 22 (-2); VHT1S 155/80 26 (-2);
 *            VHT3S 155/80 20 (-4)
 */
#include <stdio.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/txpower_harness.h"

#define PATHS 4

static const struct { uint8_t code; const char *name; } rates[] = {
	{ 0x00, "CCK 1M" },       { 0x04, "OFDM 6M" },
	{ 0x0B, "OFDM 54M" },     { 0x0C, "MCS0" },
	{ 0x13, "MCS7" },         { 0x14, "MCS8" },
	{ 0x1C, "MCS16" },        { 0x23, "MCS23" },
	{ 0x2C, "VHT1SS MCS0" },  { 0x35, "VHT1SS MCS9" },
	{ 0x40, "VHT3SS MCS0" },  { 0x49, "VHT3SS MCS9" },
};
#define N_RATES (sizeof rates / sizeof rates[0])
#define I_MCS7 4

/* Expected index per rate of rates[] on path A (CCK 0: not checked, 5
 * GHz); path p has path A's plus step * p (the default board's bases
 * rise by one a path, the blank board's do not). */
struct txp_case {
	const char *board;
	enum dvr_regd regd;
	struct dvr_channel ch;
	int step;
	int a[N_RATES];
};

#define WW DVR_REGD_WORLDWIDE
static const struct txp_case cases[] = {
	/* ch 6 worldwide: CCK1 42 - 2 = 40; 6M 44 + min(4, 2) = 46; 54M
	 * 44; MCS0, MCS8, MCS16 41 + min(6, 4) = 45; MCS7, MCS23 41; VHT
	 * MCS0 1SS and 3SS 41 + 6 = 47 (no VHT limit at 2.4 GHz); VHT1SS
	 * MCS9 41 - 4 = 37; VHT3SS MCS9 41 - 2 = 39. */
	{ "default", WW, { 6, 20, 0 }, 1,
	  { 40, 46, 44, 45, 41, 45, 45, 41, 47, 37, 47, 39 } },
	/* FCC: CCK1 42 + min(0, 0) = 42; the rest as worldwide. */
	{ "default", DVR_REGD_FCC, { 6, 20, 0 }, 1,
	  { 42, 46, 44, 45, 41, 45, 45, 41, 47, 37, 47, 39 } },
	/* ch 36/20 worldwide: 6M 40 - 2 = 38; 54M 38; every MCS 38 +
	 * min(offset, 0): 38, VHT1SS MCS9 34, VHT3SS MCS9 36. */
	{ "default", WW, { 36, 20, 0 }, 1,
	  { 0, 38, 38, 38, 38, 38, 38, 38, 38, 34, 38, 36 } },
	/* ETSI: 6M 40 + 2 = 42; 54M 40; MCS0, MCS8, MCS16 and VHT MCS0
	 * 38 + 4 = 42; the section bases 38; VHT1SS MCS9 34, 3SS 36. */
	{ "default", DVR_REGD_ETSI, { 36, 20, 0 }, 1,
	  { 0, 42, 40, 42, 38, 42, 42, 38, 42, 34, 42, 36 } },
	/* 149/80 worldwide: 6M, 54M 40 - 2 = 38; MCS0, MCS7, MCS8 39;
	 * MCS16, MCS23 39 - 2 = 37; VHT1SS MCS0 39 - 2 = 37, MCS9 39 - 4 =
	 * 35; VHT3SS MCS0 39 - 4 = 35, MCS9 39 + min(-2, -4) = 35. */
	{ "default", WW, { 149, 80, 0 }, 1,
	  { 0, 38, 38, 39, 39, 39, 37, 37, 37, 35, 35, 35 } },
	/* blank ch 36/20 worldwide: 6M, 54M 31 - 2 = 29; MCS0, MCS7 31;
	 * MCS8 30; MCS16, MCS23 29; VHT1SS MCS0 31, MCS9 27; VHT3SS MCS0
	 * 29, MCS9 27. */
	{ "blank", WW, { 36, 20, 0 }, 0,
	  { 0, 29, 29, 31, 31, 30, 29, 29, 31, 27, 29, 27 } },
};

static int peek(struct vchip *vc, unsigned path, uint8_t rate)
{
	unsigned v = 0;
	if (!vchip_peek_txagc(vc, path, rate, &v))
		return -1;
	return (int)v;
}

/* Every rate of want[] on every path, each moved by shift. */
static void check_paths(struct vchip *vc, const char *what,
                        const struct txp_case *c, int shift)
{
	char m[200];
	for (unsigned p = 0; p < PATHS; p++)
		for (unsigned i = 0; i < N_RATES; i++) {
			if (rates[i].code == 0x00 && !c->a[i])
				continue;
			snprintf(m, sizeof m, "%s path %c %s", what, 'A' + p,
			         rates[i].name);
			CHECK_EQ_INT(peek(vc, p, rates[i].code),
			             c->a[i] + c->step * (int)p + shift, m);
		}
}

static void run_case(const struct txp_case *c, const char *fw, unsigned n)
{
	char name[32], what[128], m[200];
	snprintf(name, sizeof name, "txp8814a-%u", n);
	txp_case_name(what, sizeof what, c->board, c->regd, &c->ch);
	struct vchip *vc = NULL;
	dvr_device *dev = txp_start("8814a", name, c->board, c->regd, &c->ch,
	                            fw, what, &vc);
	if (!dev)
		return;
	check_paths(vc, what, c, 0);
	/* The power reported is MCS7's on path A, 0.5 dB an index. */
	txp_check_reported(dev, what, "reported power", c->a[I_MCS7], 50);

	/* 10 dBm = index 20 for MCS7, below every level and limit: every
	 * other rate on every path keeps its distance from it. */
	int shift = 20 - c->a[I_MCS7];
	snprintf(m, sizeof m, "%s: set 10 dBm", what);
	CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 1000), DVR_OK, m);
	snprintf(m, sizeof m, "%s: 10 dBm reported", what);
	CHECK_EQ_INT(dvr_tx_power_mbm(dev), 1000, m);
	snprintf(m, sizeof m, "%s 10 dBm", what);
	check_paths(vc, m, c, shift);
	dvr_close(dev);
}

/*
 * Asking for more than the limit, default board, ch 6 worldwide: 25 dBm
 * = index 50, 9 above the calibrated MCS7 41. Every rate moves up 9 but
 * none past E + L - P(base): path A MCS7 41 + 4 = 45 (the API reports
 * 45 = 22.5 dBm); MCS0 45 + 9 -> 45; MCS16 and MCS23 -> 41 + 4 = 45;
 * CCK1 40 + 9 -> 42 - 2 = 40; VHT1SS MCS9 37 + 9 = 46 (no VHT limit at
 * 2.4 GHz). Path D (bases 3 higher): MCS7 44 + 9 -> 48, MCS23 the same.
 */
static void above_limit(const char *fw)
{
	static const struct dvr_channel ch6 = { 6, 20, 0 };
	static const struct { unsigned path; uint8_t rate; int want;
	                      const char *name; } want[] = {
		{ 0, 0x13, 45, "A MCS7" },  { 0, 0x0C, 45, "A MCS0" },
		{ 0, 0x1C, 45, "A MCS16" }, { 0, 0x23, 45, "A MCS23" },
		{ 0, 0x00, 40, "A CCK 1M" }, { 0, 0x35, 46, "A VHT1SS MCS9" },
		{ 3, 0x13, 48, "D MCS7" },  { 3, 0x23, 48, "D MCS23" },
	};
	struct vchip *vc = NULL;
	char m[160];
	dvr_device *dev = txp_start("8814a", "txp8814acap", "default", WW,
	                            &ch6, fw, "above limit", &vc);
	if (!dev)
		return;
	CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 2500), DVR_OK,
	             "above limit: set 25 dBm");
	CHECK_EQ_INT(dvr_tx_power_mbm(dev), 2250,
	             "above limit: reports the limited 22.5 dBm");
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		snprintf(m, sizeof m, "above limit: path %s", want[i].name);
		CHECK_EQ_INT(peek(vc, want[i].path, want[i].rate),
		             want[i].want, m);
	}
	dvr_close(dev);
}

int main(void)
{
	char dir[] = "/tmp/dvr-txp-XXXXXX";
	const char *fw = txp_begin(dir);

	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i], fw, i);
	above_limit(fw);
	txp_check_unknown_board("8814a", fw);
	e2e_air_remove(dir);
	return check_done();
}
