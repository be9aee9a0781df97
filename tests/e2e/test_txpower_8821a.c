/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Calibrated TX power on the RTL8821AU / RTL8811AU: a virtual adapter is
 * brought up on each of the model's boards (board=,
 * libdevourer/virtual/personality_8821a_efuse.c) and on channels of both
 * bands and domains, and path A's TX AGC registers, its power-training
 * register and the power the API reports are compared with indices
 * worked out by hand from the EFUSE block and the formulas of rtw88 phy.c
 * rtw_phy_get_2g_tx_power_index / rtw_phy_get_5g_tx_power_index:
 *
 *   2.4 GHz CCK:   cck_base[group]                       (record [g])
 *   OFDM:          bw40_base[group] + 1S byte [3:0]      ([6+g] / [18+g])
 *   MCS at 20 MHz: bw40_base[group] + 1S byte [7:4]      ([11] / [32])
 *   MCS at 80 MHz: (bw40_base[g] + bw40_base[g + 1]) / 2 + 80 MHz byte
 *                  [7:4]                                  ([38])
 *   training (0xC54): MCS7 - 10, - 18, - 24, bytes 0..2, each at least 2
 *
 * The boards (path A's 42 bytes at EFUSE 0x10; there is no path B):
 *  - t2u-plus and 8811au: the vendor's 8821A defaults — CCK and 2.4 GHz
 *    BW40 bases 0x2D (45), 1S byte 0x24 (BW20 +2, OFDM +4); 5 GHz BW40
 *    bases 0x2A (42), 1S byte 0x04 (BW20 +0, OFDM +4), 80 MHz byte 0x00.
 *    So ch 6: CCK 45, OFDM 49, MCS 47; ch 36/20: OFDM 46, MCS 42; 149/80
 *    (centre 155, groups 10 and 11): OFDM 46, MCS (42 + 42) / 2 = 42.
 *  - blank: nothing burnt; a base above 63 takes the vendor's default
 *    (0x2D on 2.4 GHz, 0x2A on 5 GHz: hal/rtl8821a/rtl8821a_txpower.c),
 *    every difference nibble 0xF is -1. So ch 6: CCK 45, OFDM 44, MCS 44;
 *    ch 36/20 and 149/80: OFDM 41, MCS 41.
 *
 * On top of that EFUSE index E, rtw88 phy.c rtw_phy_get_tx_power_index
 * adds min(by-rate offset, limit): index = E + min(P(rate) - P(base),
 * L - P(base)), P the power by rate (rtw8821a_bb_pg, BCD bytes, byte 0 =
 * the register's lowest rate) and L the limit (rtw8821a_txpwr_lmt), 0.5 dB
 * steps, "base" the section's top rate (11M, 54M, MCS7, VHT MCS7):
 *
 *   2.4 GHz 0xC20 0x32343638: 1M 38, 11M 32 (base)         -> 1M +6
 *           0xC24 0x36363838: 6M 38; 0xC28 0x28303234: 54M 28 -> 6M +10
 *           0xC2C 0x34363838: MCS0 38; 0xC30 0x26283032: MCS7 26
 *                                                          -> MCS0 +12
 *           0xC40 0x24262830: VHT MCS7 24; 0xC44 0x2022: MCS9 20 -> -4
 *   5 GHz   0xC24 0x34343636: 6M 36; 0xC28 0x26283032: 54M 26 -> +10
 *           0xC2C 0x32343636: MCS0 36; 0xC30 0x24262830: MCS7 24 -> +12
 *           VHT as HT, MCS9 20                              -> -4
 *
 * Limits (worldwide = the least of FCC, ETSI and MKK; CCK and OFDM at
 * 20 MHz on the primary channel, HT at every width up to the one tuned
 * but not past 40 MHz, VHT at every width up to the one tuned, 5 GHz VHT
 * taking HT's rows at 20 and 40 MHz; rtw88 phy.c
 * rtw_phy_get_tx_power_limit, rtw_xref_5g_txpwr_lmt; 2.4 GHz VHT has no
 * row, so only 63 holds it):
 *
 *   ch 6     CCK 20: FCC 36, ETSI 28, MKK 32 -> worldwide 28 (L - 32: -4,
 *            FCC +4); OFDM 32 all (+4); HT1S 20 32 all (+6)
 *   ch 36/20 OFDM 20: FCC 32, ETSI 30, MKK 30 -> 30 (+4, FCC +6);
 *            HT1S 20 the same -> 30 (+6, FCC +8); VHT at 20 takes HT's
 *   149/80   OFDM at 149: FCC 32, ETSI 30, MKK 63 -> 30 (+4, FCC +6);
 *            HT1S 149/20 30 (FCC 32), 151/40 30 (FCC 30) -> +6 both;
 *            VHT1S 155/80 FCC 28, ETSI 30, MKK 63 -> 28 (+4 both)
 *
 * One path: the second stream's registers (MCS8-15 0xC34/0xC38, VHT 2SS
 * 0xC48/0xC4C) are not written, and 0xC44 only in its low half, VHT 1SS
 * MCS8/9 (rtw88 rtw88xxa.c rtw88xxa_set_tx_power_index).
 */
#include <stdio.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/txpower_harness.h"

#define CCK1    0x00
#define OFDM6   0x04
#define OFDM54  0x0B
#define MCS0    0x0C
#define MCS7    0x13
#define VHT1SS9 0x35

static const uint8_t rates[] = { CCK1, OFDM6, OFDM54, MCS0, MCS7, VHT1SS9 };
#define N_RATES (sizeof rates / sizeof rates[0])
#define I_MCS7 4

/* Expected index per rate of rates[] on path A; CCK 0 = not written (5
 * GHz). */
struct txp_case {
	const char *board;
	enum dvr_regd regd;
	struct dvr_channel ch;
	int a[N_RATES];
};

#define WW DVR_REGD_WORLDWIDE
static const struct txp_case cases[] = {
	/* ch 6, worldwide: CCK1 45 + min(6, -4) = 41; 6M 49 + min(10, 4) =
	 * 53; 54M 49; MCS0 47 + min(12, 6) = 53; MCS7 47; VHT MCS9 47 - 4
	 * = 43. */
	{ "t2u-plus", WW, { 6, 20, 0 }, { 41, 53, 49, 53, 47, 43 } },
	/* FCC: CCK1 45 + min(6, 4) = 49; the rest as worldwide. */
	{ "t2u-plus", DVR_REGD_FCC, { 6, 20, 0 }, { 49, 53, 49, 53, 47, 43 } },
	/* ch 36/20, worldwide: 6M 46 + 4 = 50; 54M 46; MCS0 42 + 6 = 48;
	 * MCS7 42; VHT MCS9 42 - 4 = 38. */
	{ "t2u-plus", WW, { 36, 20, 0 }, { 0, 50, 46, 48, 42, 38 } },
	/* FCC: 6M 46 + 6 = 52; MCS0 42 + 8 = 50. */
	{ "t2u-plus", DVR_REGD_FCC, { 36, 20, 0 }, { 0, 52, 46, 50, 42, 38 } },
	/* 149/80, worldwide: 6M 46 + 4 = 50; 54M 46; MCS0 42 + 6 = 48; MCS7
	 * 42; VHT MCS9 42 + min(-4, 4) = 38. */
	{ "t2u-plus", WW, { 149, 80, 0 }, { 0, 50, 46, 48, 42, 38 } },
	/* FCC: 6M 46 + 6 = 52; HT still +6 (151/40 FCC 30). */
	{ "t2u-plus", DVR_REGD_FCC, { 149, 80, 0 }, { 0, 52, 46, 48, 42, 38 } },
	/* The RTL8811AU board carries the same TX power block. */
	{ "8811au", WW, { 36, 20, 0 }, { 0, 50, 46, 48, 42, 38 } },
	/* blank, worldwide. ch 6: CCK1 45 - 4 = 41; 6M 44 + 4 = 48; 54M
	 * 44; MCS0 44 + 6 = 50; MCS7 44; VHT MCS9 40. */
	{ "blank", WW, { 6, 20, 0 }, { 41, 48, 44, 50, 44, 40 } },
	/* ch 36/20: 6M 41 + 4 = 45; 54M 41; MCS0 41 + 6 = 47; MCS7 41; VHT
	 * MCS9 37. */
	{ "blank", WW, { 36, 20, 0 }, { 0, 45, 41, 47, 41, 37 } },
	/* 149/80: (42 + 42) / 2 - 1 = 41 for MCS, OFDM 41: as ch 36. */
	{ "blank", WW, { 149, 80, 0 }, { 0, 45, 41, 47, 41, 37 } },
};

/* Path A's TX AGC index of a rate. */
static int peek_rate(struct vchip *vc, uint8_t rate)
{
	return txp_jaguar1_index(vc, 0xC20, rate);
}

static const char *rate_name(uint8_t rate)
{
	switch (rate) {
	case CCK1: return "CCK 1M";
	case OFDM6: return "OFDM 6M";
	case OFDM54: return "OFDM 54M";
	case MCS0: return "MCS0";
	case MCS7: return "MCS7";
	default: return "VHT1SS MCS9";
	}
}

/* Every rate of want[] on path A, each shifted by shift. */
static void check_path(struct vchip *vc, const char *what, const int *want,
                       int shift)
{
	char m[200];
	for (unsigned i = 0; i < N_RATES; i++) {
		if (rates[i] == CCK1 && !want[i])
			continue;
		snprintf(m, sizeof m, "%s %s", what, rate_name(rates[i]));
		CHECK_EQ_INT(peek_rate(vc, rates[i]), want[i] + shift, m);
	}
	snprintf(m, sizeof m, "%s training from MCS7", what);
	CHECK_EQ_HEX(vchip_peek32(vc, 0xC54) & 0xFFFFFF,
	             txp_jaguar1_training(want[I_MCS7] + shift), m);
}

/* The second stream's registers as they were: never written. */
struct two_ss {
	uint32_t mcs8, mcs12, vht2ss2, vht2ss6, vht2ss0_hi;
};

static struct two_ss read_2ss(struct vchip *vc)
{
	return (struct two_ss){ vchip_peek32(vc, 0xC34),
		                vchip_peek32(vc, 0xC38),
		                vchip_peek32(vc, 0xC48),
		                vchip_peek32(vc, 0xC4C),
		                vchip_peek32(vc, 0xC44) >> 16 };
}

static void run_case(const struct txp_case *c, const char *fw, unsigned n)
{
	char name[32], what[128], m[200];
	snprintf(name, sizeof name, "txp%u", n);
	txp_case_name(what, sizeof what, c->board, c->regd, &c->ch);
	struct vchip *vc = NULL;
	dvr_device *dev = txp_start("8821a", name, c->board, c->regd, &c->ch,
	                            fw, what, &vc);
	if (!dev)
		return;
	snprintf(m, sizeof m, "%s path A", what);
	check_path(vc, m, c->a, 0);
	/* The power reported is MCS7's on path A, 0.5 dB an index. */
	txp_check_reported(dev, what, "reported power", c->a[I_MCS7], 50);

	/* An explicit 15 dBm = index 30 for MCS7, below every limit: every
	 * other rate keeps its distance from it; the second stream's
	 * registers and 5 GHz's CCK stay as they were. */
	int shift = 30 - c->a[I_MCS7];
	uint32_t cck = vchip_peek32(vc, 0xC20);
	struct two_ss before = read_2ss(vc);
	snprintf(m, sizeof m, "%s: set 15 dBm", what);
	CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 1500), DVR_OK, m);
	snprintf(m, sizeof m, "%s: 15 dBm reported", what);
	CHECK_EQ_INT(dvr_tx_power_mbm(dev), 1500, m);
	snprintf(m, sizeof m, "%s 15 dBm path A", what);
	check_path(vc, m, c->a, shift);
	struct two_ss after = read_2ss(vc);
	snprintf(m, sizeof m, "%s: no second stream written", what);
	CHECK(memcmp(&before, &after, sizeof before) == 0, m);
	if (!c->a[0]) {
		snprintf(m, sizeof m, "%s: CCK not written on 5 GHz", what);
		CHECK_EQ_HEX(vchip_peek32(vc, 0xC20), cck, m);
	}
	dvr_close(dev);
}

/*
 * Asking for more than the limit. ch 6 worldwide, 27 dBm = index 54, 7
 * above the calibrated MCS7 47: every rate moves up 7 but none past E +
 * L - P(base): MCS7 54 -> 47 + 6 = 53 (the API reports 53 = 26.5 dBm);
 * MCS0 53 + 7 -> 53; 6M 53 + 7 -> 49 + 4 = 53; 54M 49 + 7 -> 53; CCK1
 * 41 + 7 -> 45 - 4 = 41; VHT MCS9 43 + 7 = 50 (no VHT limit at 2.4 GHz).
 * ch 36/20, 25 dBm = index 50: worldwide MCS7 stops at 42 + 6 = 48 (24
 * dBm); FCC's 42 + 8 = 50 grants it.
 */
static void above_limit(const char *fw)
{
	static const struct dvr_channel ch6 = { 6, 20, 0 };
	static const struct dvr_channel ch36 = { 36, 20, 0 };
	static const struct { uint8_t rate; int want; } ww_want[] = {
		{ MCS7, 53 }, { MCS0, 53 }, { OFDM6, 53 }, { OFDM54, 53 },
		{ CCK1, 41 }, { VHT1SS9, 50 },
	};
	struct vchip *vc = NULL;
	char m[160];
	dvr_device *dev = txp_start("8821a", "txpcap", "t2u-plus", WW, &ch6,
	                            fw, "above limit", &vc);
	if (dev) {
		CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 2700), DVR_OK,
		             "above limit: set 27 dBm");
		CHECK_EQ_INT(dvr_tx_power_mbm(dev), 2650,
		             "above limit: reports the limited 26.5 dBm");
		for (size_t i = 0; i < sizeof ww_want / sizeof ww_want[0];
		     i++) {
			snprintf(m, sizeof m, "above limit: %s",
			         rate_name(ww_want[i].rate));
			CHECK_EQ_INT(peek_rate(vc, ww_want[i].rate),
			             ww_want[i].want, m);
		}
		dvr_close(dev);
	}
	dev = txp_start("8821a", "txpww36", "t2u-plus", WW, &ch36, fw,
	                "ch 36 worldwide", &vc);
	if (dev) {
		CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 2500), DVR_OK,
		             "ch 36 worldwide: set 25 dBm");
		CHECK_EQ_INT(dvr_tx_power_mbm(dev), 2400,
		             "ch 36 worldwide: held at 24 dBm");
		CHECK_EQ_INT(peek_rate(vc, MCS7), 48, "ch 36 worldwide: MCS7 48");
		dvr_close(dev);
	}
	dev = txp_start("8821a", "txpfcc36", "t2u-plus", DVR_REGD_FCC, &ch36,
	                fw, "ch 36 FCC", &vc);
	if (dev) {
		CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 2500), DVR_OK,
		             "ch 36 FCC: set 25 dBm");
		CHECK_EQ_INT(dvr_tx_power_mbm(dev), 2500,
		             "ch 36 FCC: 25 dBm is within the limit");
		CHECK_EQ_INT(peek_rate(vc, MCS7), 50, "ch 36 FCC: MCS7 50");
		dvr_close(dev);
	}
}

int main(void)
{
	char dir[] = "/tmp/dvr-txp-XXXXXX";
	const char *fw = txp_begin(dir);

	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i], fw, i);
	above_limit(fw);
	txp_check_unknown_board("8821a", fw);
	e2e_air_remove(dir);
	return check_done();
}
