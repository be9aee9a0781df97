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
	if (chip->match == DVR_PHY_MATCH_HEADLINE)
		return false;
	if (!check_common(chip, cond1))
		return false;
	if (chip->match == DVR_PHY_MATCH_RFE_EQUAL)
		return check_rfe_equal(chip, cond1);
	return check_jaguar1(chip, cond1, cond2);
}

/* ---- vendor halbb headline tables ---- */

/* Row kinds by the first word's top nibble (vendor halhwimg8822e_bb.c
 * PARA_IF, PARA_ELSE_IF, PARA_ELSE, PARA_END, PARA_CHK; 0xF = a head
 * case). Every other nibble is a plain pair. */
#define HL_KIND(w) ((w) >> 28)
enum { HL_CHK = 0x4, HL_IF = 0x8, HL_ELIF = 0x9, HL_ELSE = 0xA,
       HL_ENDIF = 0xB, HL_HEAD = 0xF };
#define HL_CUT(w) (((w) >> 24) & 0xFu)
#define HL_RFE(w) ((w) & 0xFFu)
#define HL_CUT_ANY 0xFu
#define HL_RFE_ANY 0xFFu
/* The case key: cut and RFE type; bits [23:8] are not compared when a
 * case is chosen (they are 0xFFFF in every vendor word). */
#define HL_KEY(w) ((w) & 0x0F0000FFu)

/* The highest-cut case naming RFE @p rfe; later cases win a tie, as the
 * vendor's ">=" scan does. */
static bool head_max_cut(const uint32_t *w, size_t head, uint32_t rfe,
                         size_t *idx)
{
	bool found = false;
	uint32_t cut_max = 0;

	for (size_t i = 0; i < head; i += 2) {
		if (HL_RFE(w[i]) == rfe && HL_CUT(w[i]) >= cut_max) {
			cut_max = HL_CUT(w[i]);
			*idx = i;
			found = true;
		}
	}
	return found;
}

bool dvr_phy_headline_select(const uint32_t *words, size_t n_words,
                             uint8_t cut, uint8_t rfe, size_t *head_words,
                             uint32_t *target)
{
	size_t head = 0, idx = 0;
	bool found = false;

	*head_words = 0;
	*target = 0;
	while (head + 1 < n_words && HL_KIND(words[head]) == HL_HEAD)
		head += 2;
	if (head == 0)
		return true;               /* no head: every plain pair */
	if (head + 1 >= n_words)
		return false;              /* all head (vendor: size 0) */
	*head_words = head;

	/* 1: cut and RFE; 2: the RFE with cut "any" (halbb_sel_headline
	 * case_idx 1 and 2). */
	const uint32_t keys[2] = {
		((uint32_t)(cut & 0xFu) << 24) | rfe,
		(HL_CUT_ANY << 24) | rfe,
	};
	for (unsigned k = 0; k < 2 && !found; k++)
		for (size_t i = 0; i < head && !found; i += 2)
			if (HL_KEY(words[i]) == keys[k]) {
				idx = i;
				found = true;
			}
	/* 3: the RFE's highest cut; 4: RFE "any", highest cut. */
	if (!found)
		found = head_max_cut(words, head, rfe, &idx) ||
		        head_max_cut(words, head, HL_RFE_ANY, &idx);
	if (!found)
		return false;
	*target = words[idx] & 0x0FFFFFFFu;
	return true;
}

static int walk_headline(const uint32_t *words, size_t n_words,
                         const struct dvr_phy_cond *chip, dvr_phy_row_fn fn,
                         void *ctx, struct dvr_phy_walk_info *info)
{
	/* matched: plain pairs are written; found: a branch of the current
	 * chain was taken (vendor halbb_flag_2_default sets both back at
	 * every END-IF). */
	bool matched = true, found = false;
	uint32_t cond = 0;
	size_t head;

	if (!dvr_phy_headline_select(words, n_words, chip->cut, chip->board,
	                             &head, &info->target)) {
		info->end = DVR_PHY_WALK_NO_CASE;
		return DVR_OK;
	}
	info->head_words = head;
	for (size_t i = head; i + 1 < n_words; i += 2) {
		uint32_t a = words[i], d = words[i + 1];

		switch (HL_KIND(a)) {
		case HL_IF:
		case HL_ELIF:
			cond = a & 0x0FFFFFFFu;
			break;
		case HL_ELSE:
			/* ELSE bodies are never written; with no branch of
			 * the chain taken the vendor returns from the whole
			 * table ("Init Fail"). */
			matched = false;
			if (!found) {
				info->end = DVR_PHY_WALK_ELSE_STOP;
				info->stop_word = i;
				return DVR_OK;
			}
			break;
		case HL_ENDIF:
			matched = true;
			found = false;
			break;
		case HL_CHK:
			if (found) {
				matched = false;
			} else {
				matched = cond == info->target;
				found = matched;
			}
			break;
		default:
			if (matched) {
				int st = fn(ctx, a, d);
				if (st < 0)
					return st;
				info->applied++;
			}
			break;
		}
	}
	return DVR_OK;
}

int dvr_phy_table_walk(const uint32_t *words, size_t n_words,
                       const struct dvr_phy_cond *chip, dvr_phy_row_fn fn,
                       void *ctx, size_t *applied)
{
	struct dvr_phy_walk_info info;
	int st = dvr_phy_table_walk_info(words, n_words, chip, fn, ctx, &info);

	if (applied)
		*applied = info.applied;
	return st;
}

int dvr_phy_table_walk_info(const uint32_t *words, size_t n_words,
                            const struct dvr_phy_cond *chip,
                            dvr_phy_row_fn fn, void *ctx,
                            struct dvr_phy_walk_info *out)
{
	struct dvr_phy_walk_info scratch;
	struct dvr_phy_walk_info *info = out ? out : &scratch;

	*info = (struct dvr_phy_walk_info){ .end = DVR_PHY_WALK_DONE };
	if (!words || !chip || !fn || (n_words & 1u))
		return DVR_E_INVALID;
	if (chip->match == DVR_PHY_MATCH_HEADLINE)
		return walk_headline(words, n_words, chip, fn, ctx, info);

	/* selected: plain pairs are written; taken: a branch of the current
	 * IF chain already ran, so later ELSE-IF/ELSE must not. */
	bool selected = true, taken = false;
	uint32_t cond1 = 0, cond2 = 0;

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
			if (st < 0)
				return st;
			info->applied++;
		}
	}
	return DVR_OK;
}
