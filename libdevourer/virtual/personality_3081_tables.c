/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The table milestones of a 3081-CPU chip: how the model recognises that
 * a driver loaded the chip's MAC, BB and RF register tables, from a few
 * values of each (the chip's sentinels and the unconditional tails of its
 * RF tables, struct p3081_tables), once a MAC power cycle. Which values
 * tell is the chip's data; the recognising is the same on every chip.
 * Also the BB/RF pieces every 3081 chip's BB is built the same way in:
 * the BB and RF enables, the SI write port, the primary sub-channel.
 */
#include "libdevourer/virtual/personality_3081.h"
#include "libdevourer/virtual/personality_3081_regs.h"

bool p3081_bb_on(const struct vchip *vc)
{
	return (vc->regs[P3081_SYS_FUNC_EN] & 0x03) == 0x03;
}

bool p3081_rf_on(const struct vchip *vc, unsigned path)
{
	uint8_t r = vc->regs[path ? P3081_RF_CTRL_B : P3081_RF_CTRL_A];
	return p3081_bb_on(vc) && (r & 0x07) == 0x07;
}

uint32_t p3081_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg)
{
	return path < 2 ? p3081_of(vc)->rf[path][reg] : 0;
}

bool p3081_si_sent(const struct vchip *vc, uint16_t addr, size_t len,
                   uint16_t port, uint32_t *word)
{
	if (!p3081_in(addr, len, port + 3u, port + 3u))
		return false;
	*word = vc_reg32(vc, port);
	return true;
}

int p3081_primary_channel(unsigned center, unsigned bw_mhz, unsigned sc)
{
	int c = (int)center;
	if (bw_mhz == 40)
		return sc == 1 ? c + 2 : c - 2;
	if (bw_mhz == 80)
		return sc == 1 ? c + 2 : sc == 3 ? c + 6 : sc == 4 ? c - 6
		                                                  : c - 2;
	return c;
}

static bool all_hold(const struct vchip *vc, const struct p3081_reg_val *r,
                     size_t n, bool bytes)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t v = bytes ? vc->regs[r[i].addr]
		                   : vc_reg32(vc, r[i].addr);
		if (v != r[i].val)
			return false;
	}
	return true;
}

void p3081_tables_written(struct vchip *vc, uint16_t addr, size_t len)
{
	struct p3081_state *s = p3081_of(vc);
	const struct p3081_tables *t = p3081_chip_of(vc)->tables;
	if (!s->mac_done && t->n_mac &&
	    p3081_in(addr, len, t->mac_lo, t->mac_hi) &&
	    all_hold(vc, t->mac, t->n_mac, true)) {
		s->mac_done = true;
		vc_milestone(vc, VCHIP_M_MAC_TABLE);
	}
	const struct p3081_chip *c = p3081_chip_of(vc);
	bool bb_on = c->bb_regs_on ? c->bb_regs_on(vc) : p3081_bb_on(vc);
	if (s->bb_done || !t->n_bb || !bb_on)
		return;
	bool touched = false;
	for (size_t i = 0; i < t->n_bb; i++)
		touched |= p3081_in(addr, len, t->bb[i].addr,
		                    t->bb[i].addr + 3u);
	if (touched && all_hold(vc, t->bb, t->n_bb, false)) {
		s->bb_done = true;
		vc_milestone(vc, VCHIP_M_BB_TABLE);
	}
}

void p3081_rf_table_match(struct vchip *vc, unsigned path, uint8_t reg,
                          uint32_t v)
{
	struct p3081_state *s = p3081_of(vc);
	const struct p3081_tables *t = p3081_chip_of(vc)->tables;
	if (s->rf_done || path >= P3081_RF_TAILS || s->rf_match[path] >= t->n_rf_tail[path])
		return;
	const struct p3081_reg_val *tail = t->rf_tail[path];
	unsigned *m = &s->rf_match[path];
	/* in order: a write out of turn starts the match again (from the
	 * first row when it is that one) */
	if (tail[*m].addr == reg && tail[*m].val == v)
		(*m)++;
	else
		*m = tail[0].addr == reg && tail[0].val == v;
	for (unsigned p = 0; p < P3081_RF_TAILS; p++)
		if (s->rf_match[p] != t->n_rf_tail[p])
			return;
	s->rf_done = true;
	vc_milestone(vc, VCHIP_M_RF_TABLE);
}
