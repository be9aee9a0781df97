/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The BB and RF table milestones of a 3081-CPU chip: how its personality
 * recognises that a driver loaded its register tables, from a few values
 * of each (the chip's sentinels and the unconditional tails of its RF
 * tables), once a MAC power cycle. Which values tell is the chip's data;
 * the recognising is the same on every chip.
 */
#include "libdevourer/virtual/personality_3081.h"

static bool touches(uint16_t addr, size_t len, uint32_t a)
{
	return addr < a + 4 && (uint32_t)addr + len > a;
}

void p3081_bb_table_check(struct vchip *vc, uint16_t addr, size_t len,
                          const struct p3081_reg_val *sentinels, size_t n)
{
	struct p3081_state *s = p3081_of(vc);
	if (s->bb_done)
		return;
	bool touched = false;
	for (size_t i = 0; i < n; i++)
		touched |= touches(addr, len, sentinels[i].addr);
	if (!touched)
		return;
	for (size_t i = 0; i < n; i++)
		if (vc_reg32(vc, sentinels[i].addr) != sentinels[i].val)
			return;
	s->bb_done = true;
	vc_milestone(vc, VCHIP_M_BB_TABLE);
}

void p3081_rf_table_match(struct vchip *vc, unsigned path, uint8_t reg,
                          uint32_t v, const struct p3081_rf_tails *t)
{
	struct p3081_state *s = p3081_of(vc);
	if (s->rf_done || path >= t->paths)
		return;
	const struct p3081_reg_val *tail = t->tail[path];
	unsigned *m = &s->rf_match[path];
	if (*m >= t->n[path])
		return;
	/* in order: a write out of turn starts the match again (from the
	 * first row when it is that one) */
	if (tail[*m].addr == reg && tail[*m].val == v)
		(*m)++;
	else
		*m = tail[0].addr == reg && tail[0].val == v;
	for (unsigned p = 0; p < t->paths; p++)
		if (s->rf_match[p] != t->n[p])
			return;
	s->rf_done = true;
	vc_milestone(vc, VCHIP_M_RF_TABLE);
}
