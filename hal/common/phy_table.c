/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "hal/common/phy_table.h"

#include <devourer/devourer.h>

#define COND_POS (1u << 31)
#define COND_NEG (1u << 30)
#define COND_BRANCH(w) (((w) >> 28) & 0x3u)
enum { BR_IF = 0, BR_ELIF = 1, BR_ELSE = 2, BR_ENDIF = 3 };

#define COND_BOARD(w) ((uint8_t)((w) & 0xFFu))
#define COND_INTF(w) (((w) >> 8) & 0xFu)
#define COND_PKG(w) (((w) >> 12) & 0xFu)
#define COND_CUT(w) (((w) >> 24) & 0xFu)

/* Cut and package 0 mean "unknown": the tables never name 0, and rtw88
 * substitutes 15 so that only wildcard rows (0) match such a chip. */
static unsigned or15(unsigned v)
{
	return v ? v : 15u;
}

static bool check_common(const struct dvr_phy_cond *chip, uint32_t c1)
{
	if (COND_CUT(c1) && COND_CUT(c1) != or15(chip->cut))
		return false;
	if (COND_PKG(c1) && COND_PKG(c1) != or15(chip->package))
		return false;
	return true;
}

/*
 * Jaguar1 rule. We follow the vendor (phydm check_positive) rather than
 * rtw88: every bit the row requires in board [7:0], interface [11:8],
 * platform [19:16] and reserved [23:20] must be present in the chip's value.
 * The two only differ for rows that require BT but no amplifier bit (8821A
 * RF-A): rtw88 applies those to every board, the vendor only to BT boards,
 * and an 8811AU has no BT - applying BT-coex RF values to it is the riskier
 * choice. For every 8812A row both rules give the same answer.
 */
static bool check_jaguar1(const struct dvr_phy_cond *chip, uint32_t c1,
                          uint32_t c2)
{
	uint32_t have = (uint32_t)chip->board |
	                ((uint32_t)(chip->intf & 0xF) << 8) |
	                ((uint32_t)(chip->platform & 0xF) << 16);
	uint32_t need = c1 & 0x00FF0FFFu;

	if ((need & have) != need)
		return false;
	uint8_t amp = COND_BOARD(c1) & 0x0F;
	if (!amp)
		return true;
	/* Each amplifier bit the row names also pins the amplifier type. */
	if ((amp & DVR_PHY_BOARD_EXT_LNA_2G) && (uint8_t)c2 != chip->type_glna)
		return false;
	if ((amp & DVR_PHY_BOARD_EXT_PA_2G) &&
	    (uint8_t)(c2 >> 8) != chip->type_gpa)
		return false;
	if ((amp & DVR_PHY_BOARD_EXT_LNA_5G) &&
	    (uint8_t)(c2 >> 16) != chip->type_alna)
		return false;
	if ((amp & DVR_PHY_BOARD_EXT_PA_5G) &&
	    (uint8_t)(c2 >> 24) != chip->type_apa)
		return false;
	return true;
}

static bool check_rfe_equal(const struct dvr_phy_cond *chip, uint32_t c1)
{
	if (COND_INTF(c1) && COND_INTF(c1) != chip->intf)
		return false;
	return COND_BOARD(c1) == chip->board;
}

bool dvr_phy_cond_check(const struct dvr_phy_cond *chip, uint32_t cond1,
                        uint32_t cond2)
{
	if (!check_common(chip, cond1))
		return false;
	if (chip->match == DVR_PHY_MATCH_RFE_EQUAL)
		return check_rfe_equal(chip, cond1);
	return check_jaguar1(chip, cond1, cond2);
}

int dvr_phy_table_walk(const uint32_t *words, size_t n_words,
                       const struct dvr_phy_cond *chip, dvr_phy_row_fn fn,
                       void *ctx, size_t *applied)
{
	/* selected: plain pairs are written; taken: a branch of the current
	 * IF chain already ran, so later ELSE-IF/ELSE must not. */
	bool selected = true, taken = false;
	uint32_t cond1 = 0, cond2 = 0;
	size_t count = 0;

	if (applied)
		*applied = 0;
	if (!words || !chip || !fn || (n_words & 1u))
		return DVR_E_INVALID;
	for (size_t i = 0; i < n_words; i += 2) {
		uint32_t a = words[i], d = words[i + 1];

		if (a & COND_POS) {
			switch (COND_BRANCH(a)) {
			case BR_IF:
			case BR_ELIF:
				cond1 = a;
				cond2 = d;
				break;
			case BR_ELSE:
				selected = !taken;
				break;
			default: /* END-IF */
				selected = true;
				taken = false;
				break;
			}
		} else if (a & COND_NEG) {
			if (taken) {
				selected = false;
			} else if (dvr_phy_cond_check(chip, cond1, cond2)) {
				selected = true;
				taken = true;
			} else {
				selected = false;
			}
		} else if (selected) {
			int st = fn(ctx, a, d);
			if (st < 0) {
				if (applied)
					*applied = count;
				return st;
			}
			count++;
		}
	}
	if (applied)
		*applied = count;
	return DVR_OK;
}
