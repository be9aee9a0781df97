/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Walker for Realtek "phy_cond" register tables (MAC, BB, AGC, RF).
 *
 * A table is a flat array of u32 words read two at a time. Plain pairs are
 * {address, data}; pairs whose first word has bit 31 set are IF / ELSE-IF /
 * ELSE / END-IF markers, and a pair with only bit 30 set asks "does the
 * condition of the latest IF/ELSE-IF hold?" (rtw88 phy.c
 * rtw_parse_tbl_phy_cond; vendor halhwimg8812a_bb.c
 * odm_read_and_config_mp_8812a_agc_tab).
 * The walker decides which plain pairs apply and hands each one to a
 * callback, which knows how to write it (8-bit MAC write, 32-bit BB write,
 * RF write through LSSI with the pseudo-address delays ...).
 *
 * The RTL8822E's vendor tables keep another condition scheme, the halbb
 * "headline" (DVR_PHY_MATCH_HEADLINE below): the same IF/ELSE-IF/ELSE/
 * END-IF/check rows, keyed on (cut, RFE type) through a case list at the
 * head of the table (vendor rtl88x2eu halhwimg8822e_bb.c
 * halbb_sel_headline, odm_read_and_config_mp_8822e_agc_tab; OpenIPC
 * devourer PhyTableLoaderJaguar3.cpp).
 *
 * No I/O here: the condition logic is unit-tested on its own.
 */
#ifndef DVR_HAL_PHY_TABLE_H
#define DVR_HAL_PHY_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How a condition row is compared with the chip. */
enum dvr_phy_cond_match {
	/* Jaguar1 8812A/8821A: the low byte holds amplifier/BT board bits,
	 * the second word amplifier type codes (rtw88 phy.c check_positive,
	 * 8812A/8821A branch; vendor halhwimg8812a_bb.c check_positive). */
	DVR_PHY_MATCH_JAGUAR1 = 0,
	/* 8814A, Jaguar2/3: the low byte is an RFE type number that must be
	 * equal; the second word is unused (rtw88 phy.c check_positive, the
	 * other chips' branch, fed by rtw_phy_setup_phy_cond). */
	DVR_PHY_MATCH_RFE_EQUAL = 1,
	/*
	 * Vendor halbb "headline" tables (RTL8822E). The table opens with a
	 * run of case pairs (first word's top nibble 0xF: cut in [27:24],
	 * 0xF = any; RFE type in [7:0], 0xFF = any). One case is chosen for
	 * the chip's cut and RFE type (board): an exact match; else the
	 * RFE with cut "any"; else the RFE's case with the highest cut;
	 * else the highest-cut case of RFE "any". No case: the table is not
	 * loaded at all. A check row then selects its branch when the
	 * IF/ELSE-IF word equals the chosen case in bits [27:0]; an ELSE
	 * reached with no branch of its chain taken ends the table (ELSE
	 * bodies are never written). Interface, package and the second
	 * word play no part.
	 */
	DVR_PHY_MATCH_HEADLINE = 2,
};

/* Board bits of the Jaguar1 condition byte. */
enum {
	DVR_PHY_BOARD_EXT_LNA_2G = 1u << 0,
	DVR_PHY_BOARD_EXT_PA_2G = 1u << 1,
	DVR_PHY_BOARD_EXT_LNA_5G = 1u << 2,
	DVR_PHY_BOARD_EXT_PA_5G = 1u << 3,
	DVR_PHY_BOARD_BT = 1u << 4,
};

/* Interface codes in the condition word. */
enum {
	DVR_PHY_INTF_PCIE = 1,
	DVR_PHY_INTF_USB = 2,
	DVR_PHY_INTF_SDIO = 4,
};

/* What the chip is; compared against each condition. */
struct dvr_phy_cond {
	enum dvr_phy_cond_match match;
	uint8_t cut;       /* chip cut, 0 = A (the walker maps 0 to 15;
	                      HEADLINE: compared as it is) */
	uint8_t package;   /* 0 = unknown (mapped to 15) */
	uint8_t intf;      /* DVR_PHY_INTF_* */
	uint8_t platform;  /* rtw88 uses 0x04 */
	uint8_t board;     /* JAGUAR1: DVR_PHY_BOARD_*; RFE_EQUAL and
	                      HEADLINE: RFE type */
	uint8_t type_glna, type_gpa, type_alna, type_apa;
};

/* Does the condition (first/second word of an IF/ELSE-IF marker) hold?
 * JAGUAR1 and RFE_EQUAL only: a HEADLINE condition depends on the case
 * the table's head selects, so it is always false here. */
bool dvr_phy_cond_check(const struct dvr_phy_cond *chip, uint32_t cond1,
                        uint32_t cond2);

/* Called for every selected plain pair; a negative return stops the walk. */
typedef int (*dvr_phy_row_fn)(void *ctx, uint32_t addr, uint32_t data);

/*
 * Walk @p n_words words (an odd count is DVR_E_INVALID). Returns DVR_OK or the
 * callback's error. @p applied (may be NULL) receives the number of pairs
 * handed to the callback.
 */
int dvr_phy_table_walk(const uint32_t *words, size_t n_words,
                       const struct dvr_phy_cond *chip, dvr_phy_row_fn fn,
                       void *ctx, size_t *applied);

/* How a walk ended (dvr_phy_table_walk_info). */
enum dvr_phy_walk_end {
	DVR_PHY_WALK_DONE = 0,      /* every row looked at */
	/* HEADLINE: no case of the head fits the chip; nothing written */
	DVR_PHY_WALK_NO_CASE,
	/* HEADLINE: an ELSE with no branch of its chain taken; the rows
	 * before it were written, none after */
	DVR_PHY_WALK_ELSE_STOP,
};

struct dvr_phy_walk_info {
	size_t applied;             /* pairs handed to the callback */
	enum dvr_phy_walk_end end;
	size_t stop_word;           /* ELSE_STOP: word index of that ELSE */
	/* HEADLINE: words of the head, and the chosen case's first word
	 * with its top nibble cleared (0 with no head) */
	size_t head_words;
	uint32_t target;
};

/*
 * dvr_phy_table_walk, telling how the walk ended (@p info may be NULL).
 * A table the HEADLINE rule skips or stops is DVR_OK: the vendor loads
 * nothing more of it and goes on; the caller decides what that means
 * for its board (info->end).
 */
int dvr_phy_table_walk_info(const uint32_t *words, size_t n_words,
                            const struct dvr_phy_cond *chip,
                            dvr_phy_row_fn fn, void *ctx,
                            struct dvr_phy_walk_info *info);

/*
 * The HEADLINE case choice alone: the head of @p words (in words, 0
 * when the table has none) into *head_words and, when a case fits @p cut
 * and @p rfe, its first word with the top nibble cleared into *target.
 * Returns false when the table has a head and no case fits. A table
 * that is all head has no body and fits nothing (vendor
 * halbb_sel_headline leaves its size 0 then).
 */
bool dvr_phy_headline_select(const uint32_t *words, size_t n_words,
                             uint8_t cut, uint8_t rfe, size_t *head_words,
                             uint32_t *target);

#endif /* DVR_HAL_PHY_TABLE_H */
