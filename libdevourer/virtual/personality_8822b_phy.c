/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822B BB/RF: the two RF paths' 20-bit registers, written through the
 * 3-wire (LSSI) ports 0xC90 / 0xE90 and read through the direct windows
 * 0x2800 / 0x2C00 + reg * 4 — the two paths rtw88 gives this chip
 * (rtw8822b.c: read_rf = rtw_phy_read_rf, write_rf =
 * rtw_phy_write_rf_reg_sipi; hw_spec rf_base_addr, rf_sipi_addr), as the
 * vendor phydm does (config_phydm_read/write_rf_reg_8822b). No reference
 * writes this chip's RF through the window, so a window write reaches no
 * RF register here (unlike the 8822C's, which takes them).
 *
 * The tuned channel is what RF 0x18 of path A and the BB primary
 * sub-channel field 0x8AC [5:2] select (rtw88 rtw8822b.c
 * rtw8822b_set_channel_rf / _bb). The table milestones recognise the MAC,
 * BB and RF tables by a few of their values (rtw88 rtw8822b_table.c).
 */
#include <string.h>

#include "libdevourer/virtual/personality_3081_regs.h"
#include "libdevourer/virtual/personality_8822b.h"
#include "libdevourer/virtual/personality_8822b_regs.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static bool bb_on(const struct vchip *vc)
{
	return (vc->regs[P3081_SYS_FUNC_EN] & 0x03) == 0x03;
}

/* BB out of reset and the path's RF enabled (rtw88 rtw8822b.c
 * rtw8822b_phy_set_param: 0x02 bits 1:0, 0x1F bits 2:0, 0xEC bits
 * 26:24). */
bool p8822b_rf_on(const struct vchip *vc, unsigned path)
{
	uint8_t r = vc->regs[path ? P3081_RF_CTRL_B : P3081_RF_CTRL_A];
	return bb_on(vc) && (r & 0x07) == 0x07;
}

static int window_path(uint32_t a)
{
	if (a >= P8822B_RF_WIN_A && a < P8822B_RF_WIN_A + P8822B_RF_WIN_SIZE)
		return 0;
	if (a >= P8822B_RF_WIN_B && a < P8822B_RF_WIN_B + P8822B_RF_WIN_SIZE)
		return 1;
	return -1;
}

static void update_tuning(struct vchip *vc)
{
	const struct p8822b_state *s = p8822b_of(vc);
	uint32_t r18 = s->rf[0][P8822B_RF_CFGCH];
	unsigned center = r18 & 0xFF;
	/* [11:10]: 3 = 20 MHz, 2 = 40, 1 = 80 (rtw8822b_set_channel_rf) */
	unsigned bwf = (r18 >> 10) & 3;
	unsigned bw = bwf == 3 ? 20 : bwf == 2 ? 40 : bwf == 1 ? 80 : 0;
	bool band5 = r18 & (1u << 16);
	if (!center || !bw || !vc_channel_freq(center) ||
	    band5 != (center > 14))
		return; /* not a channel the synthesiser can lock to */
	/* the primary 20 MHz channel's index (1 upper, 2 lower, 3
	 * uppermost, 4 lowest) */
	unsigned p = (vc->regs[P8822B_ADCCLK] >> 2) & 0x0F, primary = center;
	if (bw == 40)
		primary = p == 1 ? center + 2 : center - 2;
	else if (bw == 80)
		primary = p == 1 ? center + 2 : p == 3 ? center + 6
		        : p == 4 ? center - 6 : center - 2;
	struct vchip_tuning t = {
		.channel = primary, .center = center, .bw_mhz = bw,
		.band_5g = band5,
	};
	vc_set_tuning(vc, &t);
}

/*
 * Table milestones: a few values of each table, not the tables (rtw88
 * rtw8822b_table.c). The MAC table: its first write and three of its last,
 * checked when its last row (0x7D4) is written — rtw88 rtw8822b_mac_init
 * writes 0x7D4 too, earlier, while the others still hold their reset
 * values. The BB table: its first row and a late one written only once.
 * The RF tables: the unconditional tail of each path's, written in order.
 */
static const struct p3081_reg_val mac_sentinels[] = {
	{ 0x420, 0x80 }, { 0x652, 0xC8 }, { 0x66E, 0x05 }, { 0x7D4, 0x98 },
};
static const struct p3081_reg_val bb_sentinels[] = {
	{ 0x0800, 0x9020D010 }, { 0x1B18, 0x00292903 },
};
static const struct p3081_reg_val rf_a_tail[] = {
	{ 0xB0, 0xFF0FC }, { 0xC4, 0x81402 }, { 0xCC, 0x82000 },
};
static const struct p3081_reg_val rf_b_tail[] = {
	{ 0xEF, 0x00000 }, { 0x33, 0x000A3 }, { 0xEF, 0x80000 },
	{ 0x3E, 0x05934 }, { 0x3F, 0x5AFCF }, { 0xEF, 0x00000 },
};

static bool touches(uint16_t addr, size_t len, uint32_t a, size_t width)
{
	return addr < a + width && (uint32_t)addr + len > a;
}

static void check_mac(struct vchip *vc, uint16_t addr, size_t len)
{
	struct p3081_state *s = p3081_of(vc);
	if (s->mac_done || !touches(addr, len, 0x7D4, 1))
		return;
	for (size_t i = 0; i < N_OF(mac_sentinels); i++)
		if (vc->regs[mac_sentinels[i].addr] != mac_sentinels[i].val)
			return;
	s->mac_done = true;
	vc_milestone(vc, VCHIP_M_MAC_TABLE);
}

static const struct p3081_rf_tails rf_tails = {
	.tail = { rf_a_tail, rf_b_tail },
	.n = { N_OF(rf_a_tail), N_OF(rf_b_tail) },
	.paths = 2,
};

/* An RF register takes a 3-wire write. */
static void rf_set(struct vchip *vc, unsigned path, uint8_t reg, uint32_t v)
{
	struct p8822b_state *s = p8822b_of(vc);
	v = p8822b_thermal_rf_written(vc, path, reg, s->rf[path][reg],
	                              v & 0xFFFFF);
	s->rf[path][reg] = v;
	s->rf_lssi_writes++;
	p3081_rf_table_match(vc, path, reg, v, &rf_tails);
	if (reg == P8822B_RF_CFGCH && path == 0)
		update_tuning(vc);
}

bool p8822b_phy_read(const struct vchip *vc, uint32_t a, uint8_t *out)
{
	int path = window_path(a);
	if (path < 0)
		return false;
	unsigned reg = (a - (path ? P8822B_RF_WIN_B : P8822B_RF_WIN_A)) >> 2;
	/* an RF that is off (or in reset) answers nothing */
	uint32_t v = p8822b_rf_on(vc, (unsigned)path)
	                     ? p8822b_of(vc)->rf[path][reg]
	                     : 0;
	*out = (uint8_t)(v >> (8 * (a & 3)));
	return true;
}

uint32_t p8822b_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg)
{
	return path < 2 ? p8822b_of(vc)->rf[path][reg] : 0;
}

void p8822b_phy_written(struct vchip *vc, uint16_t addr, size_t len)
{
	uint32_t end = (uint32_t)addr + len;
	for (unsigned path = 0; path < 2; path++) {
		uint16_t port = path ? P8822B_LSSI_B : P8822B_LSSI_A;
		/* the word goes out when its top byte is written */
		if (addr > port + 3 || end <= (uint32_t)port + 3)
			continue;
		uint32_t word = vc_reg32(vc, port);
		if (p8822b_rf_on(vc, path))
			rf_set(vc, path, (uint8_t)(word >> 20), word);
	}
	if (touches(addr, len, P8822B_ADCCLK, 1))
		update_tuning(vc);
	check_mac(vc, addr, len);
	if (bb_on(vc))
		p3081_bb_table_check(vc, addr, len, bb_sentinels,
		                     N_OF(bb_sentinels));
}
