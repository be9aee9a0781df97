/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * BB and RF of the RTL8812AU personality: RF registers behind the LSSI port,
 * their read-back, the channel/bandwidth the registers select, the monitor
 * filter state, and the milestones that say the characteristic tables
 * were programmed. Caller holds vc->lock.
 *
 * Table milestones are judged by content, for this board (USB, C-cut,
 * internal PA/LNA, RFE 0), using values of the rtw88 8812A tables
 * (lwfinger/rtw88 rtw8812a_table.c @4ef9d994, Copyright(c) 2024 Realtek
 * Corporation, GPL-2.0 OR BSD-3-Clause):
 *  - MAC: a set of registers holds its table value at the same time;
 *  - BB: likewise, and the AGC table rows for this board were written to
 *    0x81C in table order (a sample of every 8th row plus the last);
 *  - RF: sampled rows of the path A and path B tables arrived through
 *    LSSI in table order.
 * A driver that loads the wrong condition branch, skips a table or stops
 * half-way does not reach the milestone.
 */
#include <stdlib.h>

#include "libdevourer/virtual/personality_8812a.h"

struct reg_val {
	uint16_t addr;
	uint32_t val;
};

/* MAC table rows (8-bit writes) no later init step changes. */
static const struct reg_val mac_sentinels[] = {
	{0x433, 0x01}, {0x43F, 0x07}, {0x4C9, 0x08}, {0x525, 0x4F},
	{0x63E, 0x0E}, {0x642, 0x40}, {0x66E, 0x05}, {0x70B, 0x87},
	{0x718, 0x40},
};

/* BB (PHY_REG) rows away from the band/channel/bandwidth registers. */
static const struct reg_val bb_sentinels[] = {
	{0x818, 0x03A00385}, {0x87C, 0x000FC000}, {0x8D4, 0x940008A0},
	{0x920, 0xE0767233}, {0x9B0, 0x81081008}, {0xA10, 0x9500BB78},
	{0xB08, 0xAE0201EB}, {0xB48, 0x13000032}, {0xC08, 0x80410231},
	{0xC68, 0x59799979}, {0xE68, 0x59791979}, {0xEB8, 0x00508242},
};

/* AGC rows for internal-LNA boards (the ELSE branch), sampled. */
static const uint32_t agc_seq[] = {
	0xFF000001, 0xFB100001, 0xF3200001, 0xEB300001, 0xC6400001,
	0xA5500001, 0x64600001, 0x42700001, 0xFF800001, 0xF9900001,
	0xF1A00001, 0xE9B00001, 0xA7C00001, 0x67D00001, 0x43E00001,
	0x02F00001, 0x01FE0001,
};

struct rf_row {
	uint8_t addr;
	uint32_t val;
};

static const struct rf_row rf_a_seq[] = {
	{0x00, 0x10000}, {0x18, 0x1712A}, {0x56, 0x51CF2}, {0x3B, 0x38A58},
	{0x34, 0x06DE8}, {0x35, 0x10192}, {0x18, 0x1712A}, {0x3B, 0x23070},
	{0x3B, 0x02080}, {0x3B, 0x63070}, {0x3B, 0x42080}, {0x3B, 0xA3070},
	{0x3B, 0x82080}, {0x34, 0x418C2}, {0x34, 0x208C0}, {0xEF, 0x00000},
	{0xEF, 0x00000}, {0x36, 0xCCC35}, {0x1F, 0x00064}, {0x18, 0x1712A},
};

static const struct rf_row rf_b_seq[] = {
	{0x56, 0x51CF2}, {0x66, 0x40000}, {0x89, 0x00080}, {0xEF, 0x00100},
	{0xEF, 0x00000}, {0x52, 0x006D9}, {0x3C, 0x10000}, {0x3C, 0xE4000},
	{0x3C, 0x10000}, {0x3C, 0xE4000}, {0x3C, 0x10000}, {0x3C, 0xE4000},
	{0x34, 0x46DE9}, {0x34, 0x25DE6}, {0x34, 0x04DE8}, {0x35, 0x281D7},
	{0x36, 0xA4C35}, {0x3C, 0x00880}, {0x08, 0x08400},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

bool p8812a_rf_alive(const struct vchip *vc, unsigned path)
{
	/* RF_CTRL (0x1F, path A) / RF_B_CTRL (0x76): 0x07 = enabled and out
	 * of reset (rtw88 rtw88xxa.c rtw88xxa_power_on) */
	return p8812a_bb_alive(vc) &&
	       (vc->regs[path ? P8812A_RF_B_CTRL : P8812A_RF_CTRL] & 0x07) ==
	               0x07;
}

void p8812a_phy_lssi_write(struct vchip *vc, unsigned path)
{
	if (!p8812a_rf_alive(vc, path)) {
		vc->writes_ignored++;
		return;
	}
	uint32_t w = vc_reg32(vc, path ? 0xE90 : 0xC90);
	uint8_t addr = (uint8_t)(w >> 20);
	uint32_t data = w & 0xFFFFF;

	/* sequence matching for the RF table milestone */
	struct p8812a_state *s = p8812a_of(vc);
	const struct rf_row *seq = path ? rf_b_seq : rf_a_seq;
	size_t n = path ? N(rf_b_seq) : N(rf_a_seq);
	if (s->rf_match[path] < n && seq[s->rf_match[path]].addr == addr &&
	    seq[s->rf_match[path]].val == data)
		s->rf_match[path]++;

	s->rf[path][addr] = p8812a_thermal_rf_written(vc, path, addr, data);

	if (!s->rf_table_done && s->rf_match[0] == N(rf_a_seq) &&
	    s->rf_match[1] == N(rf_b_seq)) {
		s->rf_table_done = true;
		vc_milestone(vc, VCHIP_M_RF_TABLE);
	}
	if (addr == 0x18 && path == 0)
		p8812a_phy_update_tuning(vc);
}

/* 0xD04/0xD08 (path A PI/SI) and 0xD44/0xD48 (path B): the RF register
 * named in 0x8B0[7:0]. Only the read-back of the mode the path is in
 * (0xC00/0xE00 bit2: 1 = PI) carries the value; the other reads 0. */
uint32_t p8812a_phy_rf_readback(const struct vchip *vc, uint16_t addr)
{
	unsigned path = addr >= 0xD40;
	bool pi_reg = (addr & 0x0F) == 0x04;
	if (!p8812a_rf_alive(vc, path))
		return 0;
	bool pi_mode = vc->regs[path ? 0xE00 : 0xC00] & 0x04;
	if (pi_reg != pi_mode)
		return 0;
	return p8812a_of(vc)->rf[path][vc->regs[0x8B0]] & 0xFFFFF;
}

static bool all_present(const struct vchip *vc, const struct reg_val *s,
                        size_t n, bool bytes)
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
	if (!p8812a_of(vc)->bb_table_done && p8812a_of(vc)->agc_match == N(agc_seq) &&
	    all_present(vc, bb_sentinels, N(bb_sentinels), false)) {
		p8812a_of(vc)->bb_table_done = true;
		vc_milestone(vc, VCHIP_M_BB_TABLE);
	}
}

void p8812a_phy_check_tables(struct vchip *vc, uint16_t addr, size_t len)
{
	uint32_t end = (uint32_t)addr + len;
	if (!vc->mac_on)
		return;
	if (!p8812a_of(vc)->mac_table_done && end > 0x433 && addr <= 0x718 &&
	    all_present(vc, mac_sentinels, N(mac_sentinels), true)) {
		p8812a_of(vc)->mac_table_done = true;
		vc_milestone(vc, VCHIP_M_MAC_TABLE);
	}
	if (end > 0x800 && addr < 0x1000)
		check_bb(vc);
}

void p8812a_phy_agc_write(struct vchip *vc, uint32_t value)
{
	struct p8812a_state *s = p8812a_of(vc);
	if (s->agc_match < N(agc_seq) && agc_seq[s->agc_match] == value)
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
void p8812a_phy_update_tuning(struct vchip *vc)
{
	struct vchip_tuning t = {0};
	uint32_t rf18 = p8812a_of(vc)->rf[0][0x18];
	unsigned ch = rf18 & 0xFF;
	bool band5 = (rf18 & (1u << 16)) && (rf18 & (1u << 8));
	bool band2 = !(rf18 & ((1u << 16) | (3u << 8) | (3u << 17)));
	static const unsigned rf_bw[4] = {80, 40, 0, 20};
	unsigned bw_rf = rf_bw[(rf18 >> 10) & 3];
	unsigned bw_bb = vc->mac_on ? bw_of_code(vc->regs[0x8AC] & 3) : 0;
	unsigned sc = vc->regs[0x483] & 0x0F;
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
	if (!ok)
		t = (struct vchip_tuning){0};
	p8812a_of(vc)->primary_sc = (uint8_t)sc;
	vc_set_tuning(vc, &t);
}

/* Monitor: RCR accepts every unicast address and all data, control and
 * management frames with PHY status appended, and the management and
 * data subtype maps are fully open (the vendor's monitor setting,
 * aircrack-ng/rtl8812au hal/rtl8812a/rtl8812a_hal_init.c
 * hw_var_set_monitor). */
void p8812a_phy_update_monitor(struct vchip *vc)
{
	const uint32_t need = (1u << 0) | (1u << 11) | (1u << 12) |
	                      (1u << 13) | (1u << 28);
	uint32_t rcr = vc_reg32(vc, 0x608);
	uint16_t map0 = (uint16_t)(vc->regs[0x6A0] | vc->regs[0x6A1] << 8);
	uint16_t map2 = (uint16_t)(vc->regs[0x6A4] | vc->regs[0x6A5] << 8);
	bool on = vc->mac_on && (rcr & need) == need && map0 == 0xFFFF &&
	          map2 == 0xFFFF;
	if (on && !p8812a_of(vc)->monitor_on)
		vc_milestone(vc, VCHIP_M_MONITOR);
	p8812a_of(vc)->monitor_on = on;
}

void p8812a_phy_power_off(struct vchip *vc)
{
	struct p8812a_state *s = p8812a_of(vc);
	/* Tables must be loaded again after the next power-on. */
	s->mac_table_done = s->bb_table_done = s->rf_table_done = false;
	s->agc_match = 0;
	s->rf_match[0] = s->rf_match[1] = 0;
	p8812a_iqk_power_off(vc);
}

uint32_t p8812a_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg)
{
	return path < P8812A_RF_PATHS ? p8812a_of(vc)->rf[path][reg] : 0;
}
