/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The rows of the RTL8821A's characteristic tables the Jaguar1 layer looks
 * for before it reports them programmed (personality_jaguar1_phy.c):
 * values of the rtw88 8821A tables (lwfinger/rtw88 rtw8821a_table.c
 * @4ef9d994, Copyright(c) 2024 Realtek Corporation, GPL-2.0 OR
 * BSD-3-Clause), all of them outside the tables' condition blocks, so
 * every board and cut loads them.
 *  - MAC: the registers the 8812A's sentinels use, with the 8821A's
 *    values (the shared init, rtw88 rtw88xxa.c, leaves them alone);
 *  - BB: the 8812A's path-A and common sentinel registers (the 8821A's BB
 *    table has no conditions);
 *  - AGC: every 8th row, and the last, of the 64 rows before the table's
 *    first condition block;
 *  - RF: path A's rows outside its condition blocks, sampled every 11th
 *    row, and the last; path B has no table.
 */
#include "libdevourer/virtual/personality_8821a.h"

static const struct pjaguar1_reg_val mac_sentinels[] = {
	{0x433, 0x01}, {0x43F, 0x08}, {0x4C9, 0xFF}, {0x525, 0x4F},
	{0x63E, 0x0E}, {0x642, 0x40}, {0x66E, 0x05}, {0x70B, 0x87},
	{0x718, 0x40},
};

static const struct pjaguar1_reg_val bb_sentinels[] = {
	{0x818, 0x03A00385}, {0x87C, 0x000FD000}, {0x8D4, 0x940008A0},
	{0x920, 0xE0767233}, {0x9B0, 0x81081008}, {0xA10, 0x9500BB78},
	{0xB08, 0xAE0201EB}, {0xB48, 0x13000032}, {0xC08, 0x80410231},
	{0xC68, 0x19791979},
};

static const uint32_t agc_seq[] = {
	0xBF000001, 0xB9100001, 0xB1200001, 0xA9300001, 0x66400001,
	0x45500001, 0x25600001, 0x04700001, 0x017E0001,
};

static const struct pjaguar1_rf_row rf_a_seq[] = {
	{0x18, 0x1712A}, {0x89, 0x0D480}, {0x3F, 0xA0018}, {0x3B, 0x38027},
	{0x3A, 0x0014C}, {0x3C, 0x82000}, {0x3B, 0x5F913}, {0x3A, 0x00244},
	{0x3C, 0x42000}, {0xEF, 0x00040}, {0x1F, 0x00064}, {0x3B, 0x7824B},
	{0x34, 0x09DF0}, {0xED, 0x00010}, {0x44, 0x0006C}, {0xED, 0x00000},
	{0x51, 0x00C31}, {0x74, 0x51400}, {0x45, 0x10140}, {0x18, 0x1F12A},
	{0x18, 0x1712A},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

const struct pjaguar1_tables p8821a_tables = {
	.mac = mac_sentinels, .n_mac = N(mac_sentinels),
	.bb = bb_sentinels, .n_bb = N(bb_sentinels),
	.agc = agc_seq, .n_agc = N(agc_seq),
	.rf = { rf_a_seq, NULL },
	.n_rf = { N(rf_a_seq), 0 },
};
