/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Calibrated TX power of the RTL8821CU / RTL8811CU: a virtual adapter is
 * brought up through the real HAL on each of the model's boards (board=,
 * libdevourer/virtual/personality_8821c_efuse.c) and on channels of both
 * bands, and the TX AGC registers and the power the API reports are
 * compared with indices worked out by hand below.
 *
 * Registers (rtw88 rtw8821c.c rtw8821c_set_tx_power_index_by_rate): one
 * RF path, one 6-bit index per rate, four rates a dword at 0x1D00 +
 * (rate & 0xFC), byte lane rate & 3; the sections written are CCK, OFDM,
 * HT 1SS and VHT 1SS (rtw8821c_set_tx_power_index skips the 2SS ones):
 *   0x1D00 1M 2M 5.5M 11M     0x1D04 6M 9M 12M 18M
 *   0x1D08 24M 36M 48M 54M    0x1D0C MCS0-3    0x1D10 MCS4-7
 *   0x1D2C VHT MCS0-3         0x1D30 VHT MCS4-7
 *   0x1D34 VHT MCS8, MCS9 in lanes 0-1; lanes 2-3 (VHT 2SS MCS0/1) 0, the
 *          dword being written as soon as VHT 1SS MCS9 is in.
 * Lane 0 is the register's low byte, so 0x1D08 = 0xAABBCCDD means 54M
 * 0xAA, 48M 0xBB, 36M 0xCC, 24M 0xDD.
 *
 * Index of a rate (rtw88 phy.c rtw_phy_get_tx_power_index; this chip has
 * txgi_factor 1, no DPD back-off, max_power_index 0x3F):
 *   E + min(P(rate) - P(section base), L - P(section base))
 * E from the EFUSE record (rtw_phy_get_2g/_5g_tx_power_index, groups of
 * the centre channel: 1-2 -> 0, 6 -> 2; 36-42 -> 0, 100-106 -> 4,
 * 149-155 -> 10, 165-171 -> 12):
 *   CCK            cck_base[g]                           (record [g])
 *   OFDM           bw40_base[g] + 1S byte [3:0]          ([6+g], [11])
 *   HT/VHT 20 MHz  bw40_base[g] + 1S byte [7:4]
 *   HT/VHT 40 MHz  bw40_base[g]
 *   HT/VHT 80 MHz  (bw40_base[g] + bw40_base[g+1]) / 2 + VHT1S byte [7:4]
 * (5 GHz: bases at [18+g], 1S byte [32], VHT1S byte [38]); difference
 * nibbles are signed, 0xF = -1.
 *
 * The boards (EFUSE 0x10 onwards, 42 bytes a path):
 *  - typical, RFE option 2: its 2.4 GHz WLAN path is the BT one, so rtw88
 *    rtw8821c_read_efuse takes path A's 2.4 GHz record from path B's place
 *    (0x3A): CCK bases 0x2F 0x2F 0x2E 0x2E 0x2E 0x2D, BW40 0x2F 0x2F 0x2E
 *    0x2E 0x2D, 1S 0x00. 5 GHz from path A: BW40 bases 0x22 0x23 0x23 0x24
 *    0x25 0x24 0x24 0x24 0x26 0x27 0x27 0x26 0x28 0x29, 1S 0x00, VHT1S
 *    0xFF (BW80 -1).
 *  - 8811cu, RFE option 0, path A for both bands: CCK 0x2A 0x2A 0x2B 0x2B
 *    0x2B 0x2C, BW40 0x2B 0x2B 0x2C 0x2C 0x2C, 1S 0x02 (OFDM +2); 5 GHz
 *    0x26 0x26 0x27 0x27 0x28 0x28 0x28 0x29 0x29 0x29 0x2A 0x2A 0x2B
 *    0x2B, 1S 0x01 (OFDM +1), VHT1S 0xFF (BW80 -1).
 *  - blank: nothing burnt (0xFF). A base above 63 takes the vendor's
 *    default (alt_rtl8821ce hal_com_phycfg.c rtl8821c_pg_txpwr_def_info:
 *    0x2D on 2.4 GHz, 0x28 on 5 GHz, as hal/rtl8821c/rtl8821c_txpower.c
 *    documents), every difference nibble 0xF is -1.
 *
 * Power by rate P (rtw8821c_table.c rtw8821c_bb_pg_type0, every RFE
 * option's; BCD bytes, byte n of a row is the nth rate of the register):
 *   2.4 GHz 0xC20 0x32343638: 1M 38, 2M 36, 5.5M 34, 11M 32 (CCK base)
 *           0xC24 0x36363636: 6M-18M 36; 0xC28 0x28303234: 24M 34,
 *           36M 32, 48M 30, 54M 28 (OFDM base)
 *           0xC2C 0x34363636: MCS0-2 36, MCS3 34; 0xC30 0x26283032: MCS4
 *           32, MCS5 30, MCS6 28, MCS7 26 (HT1S base); VHT MCS0-7 (0xC3C,
 *           0xC40) as HT; 0xC44 0x22222224: VHT MCS8 24, MCS9 22; the VHT
 *           base is VHT MCS7 26 (rtw88 phy.c
 *           rtw_phy_tx_power_by_rate_config_by_path)
 *   5 GHz   0xC24 0x34343434, 0xC28 0x26283032: 6M-18M 34, 24M 32, 36M 30,
 *           48M 28, 54M 26 (base); 0xC2C 0x32343434, 0xC30 0x24262830:
 *           MCS0-2 34, MCS3 32, MCS4 30, MCS5 28, MCS6 26, MCS7 24
 *           (base); VHT alike, 0xC44 0x20202022: VHT MCS8 22, MCS9 20.
 * So on both bands, over each section's base:
 *   CCK  1M +6, 2M +4, 5.5M +2, 11M 0
 *   OFDM 6M-18M +8, 24M +6, 36M +4, 48M +2, 54M 0
 *   HT   MCS0-2 +10, MCS3 +8, MCS4 +6, MCS5 +4, MCS6 +2, MCS7 0
 *   VHT  as HT for MCS0-7, MCS8 -2, MCS9 -4
 * and a limit L caps every offset above L - base at L - base.
 *
 * Limits L (rtw8821c_txpwr_lmt_type0; "worldwide" is the least over the
 * twelve domains, rtw88 phy.c rtw_phy_set_tx_power_limit; CCK and OFDM are
 * limited at 20 MHz on the primary channel, HT at up to 40 MHz, VHT at
 * every width up to the one tuned, the least of them,
 * rtw_phy_get_tx_power_limit; 5 GHz VHT has rows at 80 MHz only and takes
 * HT's at 20 and 40 MHz, rtw_xref_5g_txpwr_lmt; 2.4 GHz VHT has none, so
 * only the 0x3F default holds it: 63 - 26 = +37, above every offset):
 *                       FCC   worldwide (the domain that sets it)
 *   ch 1   CCK 20       30    28 (CN)       OFDM 20 30 30    HT1S 20 26 26
 *   ch 6   CCK 20       32    28 (CN)       OFDM 20 34 30    HT1S 20 34 30
 *   ch 36  OFDM 20      31    27 (Ukraine)  HT1S 20 30 27
 *          HT1S 40 ch 38: 22 22             VHT1S 80 ch 42: 19 19
 *   ch 100 OFDM 20      30    27            HT1S 20 30 27
 *          HT1S 40 ch 102: 21 21
 *   ch 149 OFDM 20      33    14 (ETSI, Qatar)  HT1S 20 33 14
 *          HT1S 40 ch 151: 32 14            VHT1S 80 ch 155: 32 14
 *   ch 165 OFDM 20      33    14            HT1S 20 33 14
 *
 * An explicit power (dvr_set_tx_power_mbm, 0.5 dB an index, at most index
 * 63) is the index HT MCS7 is asked for: every rate moves by the same
 * step from its calibrated index, none above E + L - base (its limit)
 * nor outside 0..63 (hal/rtl8821c/rtl8821c_txpower.c); the power reported
 * is what MCS7 got.
 */
#include "tests/e2e/txpower_harness.h"

enum { N_REGS = 8 };
static const uint16_t regs[N_REGS] = { 0x1D00, 0x1D04, 0x1D08, 0x1D0C,
	                               0x1D10, 0x1D2C, 0x1D30, 0x1D34 };
static const char *const reg_names[N_REGS] = {
	"CCK 1M-11M", "OFDM 6M-18M", "OFDM 24M-54M", "HT MCS0-3",
	"HT MCS4-7", "VHT MCS0-3", "VHT MCS4-7", "VHT MCS8-9",
};

struct txp_case {
	const char *board;
	enum dvr_regd regd;
	struct dvr_channel ch;
	/* the dwords of regs[]; 0x1D00 unchecked on 5 GHz (no CCK there:
	 * rtw88 phy.c rtw_phy_set_tx_power_level_by_path starts at OFDM) */
	uint32_t want[N_REGS];
	int mcs7; /* HT MCS7's index: the power reported, x 50 mBm */
	/* then an explicit power (0: none) and what every rate gets */
	int set_mbm;
	uint32_t set_want[N_REGS];
	int set_mcs7;
};

#define WW DVR_REGD_WORLDWIDE
#define FCC DVR_REGD_FCC

static const struct txp_case cases[] = {
	/* typical 36/80, worldwide: the default board and the channel
	 * tests/chip_table.h's started list reads. Centre 42, groups 0
	 * and 1: E OFDM 0x22 + 0 = 34; HT/VHT (0x22 + 0x23) / 2 = 34, - 1
	 * (VHT1S 0xFF) = 33. Limits: OFDM 27 - 26 = +1; HT1S min(27 at
	 * 36/20, 22 at 38/40) - 24 = -2; VHT1S min(27, 22, 19 at 42/80) -
	 * 24 = -5.
	 * OFDM 6M-48M 34 + 1 = 35 (0x23), 54M 34 (0x22); every HT rate
	 * 33 - 2 = 31 (0x1F); every VHT rate 33 - 5 = 28 (0x1C), MCS8 and
	 * MCS9 too (their -2 / -4 are above -5). */
	{ "typical", WW, { 36, 80, 0 },
	  { 0, 0x23232323, 0x22232323, 0x1F1F1F1F, 0x1F1F1F1F, 0x1C1C1C1C,
	    0x1C1C1C1C, 0x00001C1C }, 31,
	  /* 10 dBm = index 20, 11 below MCS7's 31: every rate 11 lower:
	   * OFDM 24 (0x18) / 54M 23, HT 20 (0x14), VHT 17 (0x11). */
	  1000,
	  { 0, 0x18181818, 0x17181818, 0x14141414, 0x14141414, 0x11111111,
	    0x11111111, 0x00001111 }, 20 },
	/* typical 36/80, FCC: OFDM 31 - 26 = +5: 6M-18M 39 (0x27), 24M
	 * 34 + 5 = 39, 36M 38, 48M 36, 54M 34; HT min(30, 22) and VHT
	 * min(30, 22, 19) as worldwide: 31 and 28. */
	{ "typical", FCC, { 36, 80, 0 },
	  { 0, 0x27272727, 0x22242627, 0x1F1F1F1F, 0x1F1F1F1F, 0x1C1C1C1C,
	    0x1C1C1C1C, 0x00001C1C }, 31, 0, { 0 }, 0 },
	/* typical 149/20, worldwide (tests/chip_table.h power_149): group
	 * 10, E 0x27 = 39 for OFDM, HT and VHT. Limits OFDM 14 - 26 = -12,
	 * HT1S and VHT1S 14 - 24 = -10: OFDM 27 (0x1B), HT and VHT 29
	 * (0x1D), every rate (VHT MCS9's -4 is above -10). */
	{ "typical", WW, { 149, 20, 0 },
	  { 0, 0x1B1B1B1B, 0x1B1B1B1B, 0x1D1D1D1D, 0x1D1D1D1D, 0x1D1D1D1D,
	    0x1D1D1D1D, 0x00001D1D }, 29,
	  /* 20 dBm = index 40, 11 above MCS7: every rate already at its
	   * limit, nothing moves, 29 = 1450 mBm reported. */
	  2000,
	  { 0, 0x1B1B1B1B, 0x1B1B1B1B, 0x1D1D1D1D, 0x1D1D1D1D, 0x1D1D1D1D,
	    0x1D1D1D1D, 0x00001D1D }, 29 },
	/* typical 149/20, FCC: OFDM 33 - 26 = +7: 6M-18M 46 (0x2E), 24M
	 * 45, 36M 43, 48M 41, 54M 39; HT 33 - 24 = +9: MCS0-2 48 (0x30),
	 * MCS3 47, MCS4 45, MCS5 43, MCS6 41, MCS7 39; VHT the same, MCS8
	 * 37, MCS9 35. */
	{ "typical", FCC, { 149, 20, 0 },
	  { 0, 0x2E2E2E2E, 0x27292B2D, 0x2F303030, 0x27292B2D, 0x2F303030,
	    0x27292B2D, 0x00002325 }, 39,
	  /* 20 dBm = index 40, 1 above MCS7's 39 and under its cap 39 + 9
	   * = 48: every rate +1 but 6M-18M (cap 39 + 7 = 46) and MCS0-2
	   * (cap 48), already there; 2000 mBm reported. */
	  2000,
	  { 0, 0x2E2E2E2E, 0x282A2C2E, 0x30303030, 0x282A2C2E, 0x30303030,
	    0x282A2C2E, 0x00002426 }, 40 },
	/* typical ch 6, worldwide, from path B's 2.4 GHz record: group 2,
	 * E CCK 0x2E = 46, OFDM / HT / VHT 0x2E + 0 = 46. Limits CCK 28 -
	 * 32 = -4, OFDM 30 - 28 = +2, HT1S 30 - 26 = +4, VHT none.
	 * CCK 42 (0x2A) all; OFDM 6M-48M 48 (0x30), 54M 46; HT MCS0-5 50
	 * (0x32), MCS6 48, MCS7 46; VHT unlimited: MCS0-2 56, MCS3 54, MCS4
	 * 52, MCS5 50, MCS6 48, MCS7 46, MCS8 44, MCS9 42. */
	{ "typical", WW, { 6, 20, 0 },
	  { 0x2A2A2A2A, 0x30303030, 0x2E303030, 0x32323232, 0x2E303232,
	    0x36383838, 0x2E303234, 0x00002A2C }, 46,
	  /* 1 dBm = index 2, 44 below MCS7's 46: every rate 44 lower,
	   * none below index 0: CCK 42 - 44 -> 0; OFDM
	   * 6M-48M 4, 54M 2; HT MCS0-5 6, MCS6 4, MCS7 2; VHT 12 12 12 10,
	   * 8 6 4 2, 0 0 (MCS8 0, MCS9 -2 -> 0). */
	  100,
	  { 0x00000000, 0x04040404, 0x02040404, 0x06060606, 0x02040606,
	    0x0A0C0C0C, 0x02040608, 0x00000000 }, 2 },
	/* typical ch 6, FCC: CCK 32 - 32 = 0: 46 (0x2E) all; OFDM 34 - 28
	 * = +6: 6M-18M 52 (0x34), 24M 52, 36M 50, 48M 48, 54M 46; HT 34 -
	 * 26 = +8: MCS0-3 54 (0x36), MCS4 52, MCS5 50, MCS6 48, MCS7 46;
	 * VHT as worldwide. */
	{ "typical", FCC, { 6, 20, 0 },
	  { 0x2E2E2E2E, 0x34343434, 0x2E303234, 0x36363636, 0x2E303234,
	    0x36383838, 0x2E303234, 0x00002A2C }, 46,
	  /* 40 dBm asks index 80, held at the index maximum 63: +17 on
	   * MCS7's 46. CCK cap 46 + 0, OFDM cap 46 + 6 = 52, HT cap 46 +
	   * 8 = 54: each section at its cap (MCS7 54, 2700 mBm reported);
	   * VHT's cap 46 + 37 is above 63, so the index maximum holds it:
	   * MCS0-7 63 (0x3F), MCS8 44 + 17 = 61, MCS9 42 + 17 = 59. */
	  4000,
	  { 0x2E2E2E2E, 0x34343434, 0x34343434, 0x36363636, 0x36363636,
	    0x3F3F3F3F, 0x3F3F3F3F, 0x00003B3D }, 54 },

	/* 8811cu ch 1, worldwide: group 0, E CCK 0x2A = 42, OFDM 0x2B + 2
	 * = 45, HT / VHT 43. Limits CCK 28 - 32 = -4, OFDM 30 - 28 = +2,
	 * HT1S 26 - 26 = 0. CCK 38 (0x26); OFDM 6M-48M 47 (0x2F), 54M 45;
	 * HT 43 (0x2B) all; VHT MCS0-2 53, MCS3 51, MCS4 49, MCS5 47, MCS6
	 * 45, MCS7 43, MCS8 41, MCS9 39. */
	{ "8811cu", WW, { 1, 20, 0 },
	  { 0x26262626, 0x2F2F2F2F, 0x2D2F2F2F, 0x2B2B2B2B, 0x2B2B2B2B,
	    0x33353535, 0x2B2D2F31, 0x00002729 }, 43, 0, { 0 }, 0 },
	/* 8811cu 100/40, worldwide: centre 102, group 4, E OFDM 0x28 + 1
	 * = 41, HT / VHT 40 (the BW40 base). Limits OFDM 27 at ch 100 - 26
	 * = +1; HT1S min(27 at 100/20, 21 at 102/40) - 24 = -3; VHT1S the
	 * same (HT's rows). OFDM 6M-48M 42 (0x2A), 54M 41; HT 37 (0x25);
	 * VHT MCS0-8 37, MCS9 40 - 4 = 36. */
	{ "8811cu", WW, { 100, 40, 0 },
	  { 0, 0x2A2A2A2A, 0x292A2A2A, 0x25252525, 0x25252525, 0x25252525,
	    0x25252525, 0x00002425 }, 37, 0, { 0 }, 0 },
	/* 8811cu 149/80, worldwide: centre 155, groups 10 and 11: E OFDM
	 * 0x2A + 1 = 43, HT / VHT (42 + 42) / 2 - 1 = 41. Limits OFDM 14 -
	 * 26 = -12, HT1S min(14, 14) - 24 = -10, VHT1S -10: OFDM 31, HT and
	 * VHT 31 (0x1F) everywhere. */
	{ "8811cu", WW, { 149, 80, 0 },
	  { 0, 0x1F1F1F1F, 0x1F1F1F1F, 0x1F1F1F1F, 0x1F1F1F1F, 0x1F1F1F1F,
	    0x1F1F1F1F, 0x00001F1F }, 31, 0, { 0 }, 0 },
	/* 8811cu 149/80, FCC: OFDM 33 - 26 = +7: 6M-18M 50 (0x32), 24M 49,
	 * 36M 47, 48M 45, 54M 43; HT1S min(33, 32) - 24 = +8: MCS0-3 49
	 * (0x31), MCS4 47, MCS5 45, MCS6 43, MCS7 41; VHT1S min(33, 32, 32)
	 * = +8: as HT, MCS8 39, MCS9 37. */
	{ "8811cu", FCC, { 149, 80, 0 },
	  { 0, 0x32323232, 0x2B2D2F31, 0x31313131, 0x292B2D2F, 0x31313131,
	    0x292B2D2F, 0x00002527 }, 41, 0, { 0 }, 0 },
	/* 8811cu 165/20, FCC: group 12, E OFDM 0x2B + 1 = 44, HT / VHT
	 * 0x2B + 0 = 43. OFDM 33 - 26 = +7: 6M-18M 51 (0x33), 24M 44 + 6 =
	 * 50, 36M 48, 48M 46, 54M 44; HT 33 - 24 = +9: MCS0-2 52 (0x34),
	 * MCS3 51, MCS4 49, MCS5 47, MCS6 45, MCS7 43; VHT alike, MCS8 41,
	 * MCS9 39. */
	{ "8811cu", FCC, { 165, 20, 0 },
	  { 0, 0x33333333, 0x2C2E3032, 0x33343434, 0x2B2D2F31, 0x33343434,
	    0x2B2D2F31, 0x00002729 }, 43,
	  /* 30 dBm = index 60, +17: OFDM cap 44 + 7 = 51 (0x33), HT and VHT
	   * cap 43 + 9 = 52 (0x34) hold every rate; 52 = 2600 mBm. */
	  3000,
	  { 0, 0x33333333, 0x33333333, 0x34343434, 0x34343434, 0x34343434,
	    0x34343434, 0x00003434 }, 52 },

	/* blank ch 6, worldwide: E CCK 0x2D = 45, OFDM 45 - 1 = 44, HT /
	 * VHT 45 - 1 = 44 (the 0xF nibbles). CCK 45 - 4 = 41 (0x29); OFDM
	 * 6M-48M 46 (0x2E), 54M 44; HT MCS0-5 48 (0x30), MCS6 46, MCS7 44;
	 * VHT MCS0-2 54, MCS3 52, MCS4 50, MCS5 48, MCS6 46, MCS7 44, MCS8
	 * 42, MCS9 40. */
	{ "blank", WW, { 6, 20, 0 },
	  { 0x29292929, 0x2E2E2E2E, 0x2C2E2E2E, 0x30303030, 0x2C2E3030,
	    0x34363636, 0x2C2E3032, 0x0000282A }, 44, 0, { 0 }, 0 },
	/* blank ch 36, worldwide: E OFDM 0x28 - 1 = 39, HT / VHT 39.
	 * Limits OFDM +1, HT1S / VHT1S 27 - 24 = +3. OFDM 6M-48M 40 (0x28),
	 * 54M 39; HT MCS0-5 42 (0x2A), MCS6 41, MCS7 39; VHT as HT, MCS8
	 * 37, MCS9 35. */
	{ "blank", WW, { 36, 20, 0 },
	  { 0, 0x28282828, 0x27282828, 0x2A2A2A2A, 0x27292A2A, 0x2A2A2A2A,
	    0x27292A2A, 0x00002325 }, 39, 0, { 0 }, 0 },
	/* blank 149/80, worldwide: E OFDM 39, HT / VHT (40 + 40) / 2 - 1 =
	 * 39. Limits -12, -10, -10: OFDM 27 (0x1B), HT and VHT 29 (0x1D). */
	{ "blank", WW, { 149, 80, 0 },
	  { 0, 0x1B1B1B1B, 0x1B1B1B1B, 0x1D1D1D1D, 0x1D1D1D1D, 0x1D1D1D1D,
	    0x1D1D1D1D, 0x00001D1D }, 29, 0, { 0 }, 0 },
};

static void check_regs(struct vchip *vc, const char *what,
                       const uint32_t *want, bool is_5g)
{
	char m[200];
	for (unsigned i = 0; i < N_REGS; i++) {
		if (i == 0 && is_5g)
			continue;
		snprintf(m, sizeof m, "%s: 0x%04X %s", what, regs[i],
		         reg_names[i]);
		CHECK_EQ_HEX(vchip_peek32(vc, regs[i]), want[i], m);
	}
}

static void run_case(const struct txp_case *c, const char *fw, unsigned n)
{
	char name[32], what[128], m[200];
	snprintf(name, sizeof name, "txp21c%u", n);
	txp_case_name(what, sizeof what, c->board, c->regd, &c->ch);
	struct vchip *vc = NULL;
	dvr_device *dev = txp_start("8821c", name, c->board, c->regd, &c->ch,
	                            fw, what, &vc);
	if (!dev)
		return;
	bool is_5g = c->ch.channel > 14;
	check_regs(vc, what, c->want, is_5g);
	txp_check_reported(dev, what, "reported power (MCS7)", c->mcs7, 50);

	if (c->set_mbm) {
		uint32_t cck = vchip_peek32(vc, 0x1D00);
		txp_set(dev, what, c->set_mbm, m, sizeof m);
		check_regs(vc, m, c->set_want, is_5g);
		txp_check_reported(dev, what, "power reported after the set",
		                   c->set_mcs7, 50);
		if (is_5g) {
			snprintf(m, sizeof m, "%s: CCK not written on 5 GHz",
			         what);
			CHECK_EQ_HEX(vchip_peek32(vc, 0x1D00), cck, m);
		}
	}
	dvr_close(dev);
}

int main(void)
{
	char dir[] = "/tmp/dvr-txp21c-XXXXXX";
	const char *fw = txp_begin(dir);
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i], fw, i);
	txp_check_unknown_board("8821c", fw);

	e2e_air_remove(dir);
	return check_done();
}
