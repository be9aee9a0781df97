/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * BB and RF of a Jaguar1 chip: RF registers behind the LSSI port (path B
 * only on a chip that has it), their read-back, the channel/bandwidth the
 * registers select, the monitor filter state, and the milestones that say
 * the characteristic tables were programmed. Caller holds vc->lock.
 *
 * Table milestones are judged by content, against the sentinel rows the
 * chip gives (struct pjaguar1_tables; a chip without them reaches none):
 *  - MAC: a set of registers holds its table value at the same time;
 *  - BB: likewise, and the AGC table rows for this board were written to
 *    0x81C in table order (a sample of every 8th row plus the last);
 *  - RF: sampled rows of the path A and path B tables arrived through
 *    LSSI in table order.
 * A driver that loads the wrong condition branch, skips a table or stops
 * half-way does not reach the milestone.
 */
#include <stdlib.h>

#include "libdevourer/virtual/personality_jaguar1.h"

bool pjaguar1_rf_alive(const struct vchip *vc, unsigned path)
{
	/* RF_CTRL (0x1F, path A) / RF_B_CTRL (0x76): 0x07 = enabled and out
	 * of reset (rtw88 rtw88xxa.c rtw88xxa_power_on) */
	if (path >= pjaguar1_chip(vc)->rf_paths)
		return false; /* no such path on this die */
	return pjaguar1_bb_alive(vc) &&
	       (vc->regs[path ? PJAGUAR1_RF_B_CTRL : PJAGUAR1_RF_CTRL] &
	        0x07) == 0x07;
}

/* Every RF path the die has bonded out has seen its whole table; a path
 * that is not there (its LSSI port goes nowhere) cannot count. */
static bool rf_tables_matched(const struct vchip *vc,
                              const struct pjaguar1_tables *t)
{
	for (unsigned p = 0; p < pjaguar1_chip(vc)->rf_paths; p++)
		if (pjaguar1_of(vc)->rf_match[p] != t->n_rf[p])
			return false;
	return true;
}

void pjaguar1_phy_lssi_write(struct vchip *vc, unsigned path)
{
	if (!pjaguar1_rf_alive(vc, path)) {
		vc->writes_ignored++;
		return;
	}
	uint32_t w = vc_reg32(vc, path ? 0xE90 : 0xC90);
	uint8_t addr = (uint8_t)(w >> 20);
	uint32_t data = w & 0xFFFFF;

	/* sequence matching for the RF table milestone */
	struct pjaguar1_state *s = pjaguar1_of(vc);
	const struct pjaguar1_tables *t = pjaguar1_chip(vc)->tables;
	if (t) {
		const struct pjaguar1_rf_row *seq = t->rf[path];
		size_t n = t->n_rf[path];
		if (s->rf_match[path] < n &&
		    seq[s->rf_match[path]].addr == addr &&
		    seq[s->rf_match[path]].val == data)
			s->rf_match[path]++;
	}

	s->rf[path][addr] = pjaguar1_thermal_rf_written(vc, path, addr, data);

	if (t && !s->rf_table_done && rf_tables_matched(vc, t)) {
		s->rf_table_done = true;
		vc_milestone(vc, VCHIP_M_RF_TABLE);
	}
	if (addr == 0x18 && path == 0)
		pjaguar1_phy_update_tuning(vc);
}

/* 0xD04/0xD08 (path A PI/SI) and 0xD44/0xD48 (path B): the RF register
 * named in 0x8B0[7:0]. Only the read-back of the mode the path is in
 * (0xC00/0xE00 bit2: 1 = PI) carries the value; the other reads 0. */
uint32_t pjaguar1_phy_rf_readback(const struct vchip *vc, uint16_t addr)
{
	unsigned path = addr >= 0xD40;
	bool pi_reg = (addr & 0x0F) == 0x04;
	if (!pjaguar1_rf_alive(vc, path))
		return 0;
	bool pi_mode = vc->regs[path ? 0xE00 : 0xC00] & 0x04;
	if (pi_reg != pi_mode)
		return 0;
	return pjaguar1_of(vc)->rf[path][vc->regs[0x8B0]] & 0xFFFFF;
}

static bool all_present(const struct vchip *vc,
                        const struct pjaguar1_reg_val *s, size_t n,
                        bool bytes)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t v = bytes ? vc->regs[s[i].addr] : vc_reg32(vc, s[i].addr);
		if (v != s[i].val)
			return false;
	}
	return true;
}

static void check_bb(struct vchip *vc)
{
	const struct pjaguar1_tables *t = pjaguar1_chip(vc)->tables;
	if (t && !pjaguar1_of(vc)->bb_table_done &&
	    pjaguar1_of(vc)->agc_match == t->n_agc &&
	    all_present(vc, t->bb, t->n_bb, false)) {
		pjaguar1_of(vc)->bb_table_done = true;
		vc_milestone(vc, VCHIP_M_BB_TABLE);
	}
}

void pjaguar1_phy_check_tables(struct vchip *vc, uint16_t addr, size_t len)
{
	uint32_t end = (uint32_t)addr + len;
	const struct pjaguar1_tables *t = pjaguar1_chip(vc)->tables;
	if (!vc->mac_on || !t)
		return;
	if (!pjaguar1_of(vc)->mac_table_done && end > t->mac[0].addr &&
	    addr <= t->mac[t->n_mac - 1].addr &&
	    all_present(vc, t->mac, t->n_mac, true)) {
		pjaguar1_of(vc)->mac_table_done = true;
		vc_milestone(vc, VCHIP_M_MAC_TABLE);
	}
	if (end > 0x800 && addr < 0x1000)
		check_bb(vc);
}

void pjaguar1_phy_agc_write(struct vchip *vc, uint32_t value)
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	const struct pjaguar1_tables *t = pjaguar1_chip(vc)->tables;
	if (t && s->agc_match < t->n_agc && t->agc[s->agc_match] == value)
		s->agc_match++;
	check_bb(vc);
}

static unsigned bw_of_code(unsigned c)
{
	return c == 0 ? 20 : c == 1 ? 40 : c == 2 ? 80 : 0;
}

/* Channel as the registers select it (rtw88 rtw88xxa.c
 * rtw88xxa_switch_channel, rtw88xxa_set_reg_bw): RF 0x18 of path A gives
 * the (centre) channel, band bits and RF bandwidth; BB 0x8AC[1:0] the BB
 * bandwidth; 0x483[3:0] the primary 20 MHz sub-channel. A state where RF
 * and BB disagree (e.g. half-way through a switch) is "not tuned". */
void pjaguar1_tuning_decode(uint32_t rf18, unsigned rfmod, unsigned sc,
                       struct vchip_tuning *out)
{
	struct vchip_tuning t = {0};
	unsigned ch = rf18 & 0xFF;
	bool band5 = (rf18 & (1u << 16)) && (rf18 & (1u << 8));
	bool band2 = !(rf18 & ((1u << 16) | (3u << 8) | (3u << 17)));
	static const unsigned rf_bw[4] = {80, 40, 0, 20};
	unsigned bw_rf = rf_bw[(rf18 >> 10) & 3];
	unsigned bw_bb = bw_of_code(rfmod & 3);
	bool ok = ch && bw_rf && bw_rf == bw_bb && (band5 || band2);
	if (ok && band2 && (ch > 14 || bw_rf == 80))
		ok = false;
	if (ok && band5 && (ch < 32 || ch > 177))
		ok = false;
	if (ok) {
		int primary = (int)ch;
		if (bw_rf == 40)
			primary += sc == 1 ? 2 : -2;
		else if (bw_rf == 80)
			primary += sc == 1 ? 2 : sc == 3 ? 6 : sc == 4 ? -6 : -2;
		if (primary < 1)
			ok = false;
		t.channel = (unsigned)primary;
		t.center = ch;
		t.bw_mhz = bw_rf;
		t.band_5g = band5;
	}
	*out = ok ? t : (struct vchip_tuning){0};
}

/* A 20 MHz tuning re-clocked to 5 or 10 MHz by BB 0x8AC (the 8812A's
 * rRFMOD_Jaguar): [7:6] small BW (1 = 5, 2 = 10 MHz) with the sample
 * clocks divided one notch per halving — DAC [21:20] 3 / 2 / 1 and ADC
 * [9:8] 2 / 1 / 0 at 20 / 10 / 5 MHz (OpenIPC devourer
 * docs/narrowband.md, the Jaguar1 table; the vendor's 20 MHz word
 * 0x00300200, aircrack-ng/rtl8812au hal/rtl8812a/rtl8812a_phycfg.c
 * phy_PostSetBwMode8812). A small-BW mode on clocks that do not match
 * it samples at the wrong rate: the model calls that not tuned. */
static void narrow_decode(uint32_t rfmod, struct vchip_tuning *t)
{
	unsigned small = (rfmod >> 6) & 3;
	if (!t->channel || small == 0)
		return;
	unsigned dac = (rfmod >> 20) & 3, adc = (rfmod >> 8) & 3;
	bool ok = t->bw_mhz == 20 &&
	          ((small == 2 && dac == 2 && adc == 1) ||
	           (small == 1 && dac == 1 && adc == 0));
	if (ok)
		t->bw_mhz = small == 2 ? 10 : 5;
	else
		*t = (struct vchip_tuning){0};
}

void pjaguar1_phy_update_tuning(struct vchip *vc)
{
	struct vchip_tuning t = {0};
	unsigned sc = vc->regs[0x483] & 0x0F;
	if (vc->mac_on) {
		pjaguar1_tuning_decode(pjaguar1_of(vc)->rf[0][0x18],
		                       vc->regs[0x8AC], sc, &t);
		narrow_decode(vc_reg32(vc, 0x8AC), &t);
	}
	pjaguar1_of(vc)->primary_sc = (uint8_t)sc;
	vc_set_tuning(vc, &t);
}

/* Monitor: RCR accepts every unicast address and all data, control and
 * management frames with PHY status appended, and the management and
 * data subtype maps are fully open (the vendor's monitor setting,
 * aircrack-ng/rtl8812au hal/rtl8812a/rtl8812a_hal_init.c
 * hw_var_set_monitor). */
void pjaguar1_phy_update_monitor(struct vchip *vc)
{
	const uint32_t need = (1u << 0) | (1u << 11) | (1u << 12) |
	                      (1u << 13) | (1u << 28);
	uint32_t rcr = vc_reg32(vc, 0x608);
	uint16_t map0 = (uint16_t)(vc->regs[0x6A0] | vc->regs[0x6A1] << 8);
	uint16_t map2 = (uint16_t)(vc->regs[0x6A4] | vc->regs[0x6A5] << 8);
	bool on = vc->mac_on && (rcr & need) == need && map0 == 0xFFFF &&
	          map2 == 0xFFFF;
	if (on && !pjaguar1_of(vc)->monitor_on)
		vc_milestone(vc, VCHIP_M_MONITOR);
	pjaguar1_of(vc)->monitor_on = on;
}

void pjaguar1_phy_power_off(struct vchip *vc)
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	/* Tables must be loaded again after the next power-on. */
	s->mac_table_done = s->bb_table_done = s->rf_table_done = false;
	s->agc_match = 0;
	s->rf_match[0] = s->rf_match[1] = 0;
	pjaguar1_iqk_power_off(vc);
}

uint32_t pjaguar1_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg)
{
	return path < pjaguar1_chip(vc)->rf_paths
		       ? pjaguar1_of(vc)->rf[path][reg]
		       : 0;
}
