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
 * rtw8822b_set_channel_rf / _bb), re-clocked to 5 or 10 MHz by 0x8AC's
 * small-BW field and clock bits (narrow_mhz) — once the synthesiser has
 * latched that clock on an RF 0x18 value change (OpenIPC devourer
 * docs/narrowband.md, "8822B RF18 re-latch edge": a same-value rewrite
 * does nothing, so a re-clock on a channel tuned at 20 MHz leaves the
 * radio deaf and mute until RF 0x18 goes through another value). The
 * table milestones recognise the MAC, BB and RF tables by a few of their
 * values (rtw88 rtw8822b_table.c).
 */
#include <string.h>

#include "libdevourer/virtual/personality_8822b.h"
#include "libdevourer/virtual/personality_8822b_regs.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static int window_path(uint32_t a)
{
	if (a >= P8822B_RF_WIN_A && a < P8822B_RF_WIN_A + P8822B_RF_WIN_SIZE)
		return 0;
	if (a >= P8822B_RF_WIN_B && a < P8822B_RF_WIN_B + P8822B_RF_WIN_SIZE)
		return 1;
	return -1;
}

/*
 * The width the baseband runs at, from BB 0x8AC: [7:6] small BW (1 =
 * 5 MHz, 2 = 10 MHz) with the clock bits [28] (DAC) and [16] (ADC)
 * released and the divide fields [21:20] / [9:8] at 0, the word rtw88
 * writes on this die after a 20 MHz set (rtw8822b.c
 * rtw8822b_set_channel_bb, RTW_CHANNEL_WIDTH_5 / _10), which OpenIPC
 * devourer runs on it (HalJaguar2.cpp, docs/narrowband.md: the [16] /
 * [28] high bits dominate the low fields). The BB mode [1:0] stays 0.
 * 0: no small BW, the tune's own width; -1: a small-BW mode on clocks
 * that do not fit it, which samples at the wrong rate (not tuned).
 */
static int narrow_mhz(const struct vchip *vc)
{
	uint32_t w = vc_reg32(vc, P8822B_ADCCLK);
	unsigned small = (w >> 6) & 3;
	if (small == 0)
		return 0;
	const uint32_t clocks = (1u << 28) | (3u << 20) | (1u << 16) |
	                        (3u << 8) | 3u;
	if ((w & clocks) != 0 || small == 3)
		return -1;
	return small == 2 ? 10 : 5;
}

static void update_tuning(struct vchip *vc)
{
	const struct p8822b_state *s = p8822b_of(vc);
	uint32_t r18 = s->base.rf[0][P8822B_RF_CFGCH];
	unsigned center = r18 & 0xFF;
	/* [11:10]: 3 = 20 MHz, 2 = 40, 1 = 80 (rtw8822b_set_channel_rf) */
	unsigned bwf = (r18 >> 10) & 3;
	unsigned bw = bwf == 3 ? 20 : bwf == 2 ? 40 : bwf == 1 ? 80 : 0;
	bool band5 = r18 & (1u << 16);
	if (!center || !bw || !vc_channel_freq(center) ||
	    band5 != (center > 14))
		return; /* not a channel the synthesiser can lock to */
	/* the primary 20 MHz channel's index */
	unsigned p = (vc->regs[P8822B_ADCCLK] >> 2) & 0x0F;
	struct vchip_tuning t = {
		.channel = (unsigned)p3081_primary_channel(center, bw, p), .center = center, .bw_mhz = bw,
		.band_5g = band5,
	};
	int narrow = narrow_mhz(vc);
	/* a re-clock the synthesiser has not latched since: RX deaf, TX
	 * nothing decodable (OpenIPC devourer docs/narrowband.md, "8822B
	 * RF18 re-latch edge") */
	if (narrow < 0 || (narrow && bw != 20) ||
	    (narrow && s->rf18_latched_narrow != (unsigned)narrow))
		t = (struct vchip_tuning){0};
	else if (narrow)
		t.bw_mhz = (unsigned)narrow;
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

const struct p3081_tables p8822b_tables = {
	.mac = mac_sentinels,
	.n_mac = N_OF(mac_sentinels),
	.mac_lo = 0x7D4,
	.mac_hi = 0x7D4,
	.bb = bb_sentinels,
	.n_bb = N_OF(bb_sentinels),
	.rf_tail = { rf_a_tail, rf_b_tail },
	.n_rf_tail = { N_OF(rf_a_tail), N_OF(rf_b_tail) },
};

/* An RF register takes a 3-wire write. */
static void rf_set(struct vchip *vc, unsigned path, uint8_t reg, uint32_t v)
{
	struct p8822b_state *s = p8822b_of(vc);
	uint32_t old = s->base.rf[path][reg];
	v = p8822b_thermal_rf_written(vc, path, reg, old, v & 0xFFFFF);
	s->base.rf[path][reg] = v;
	/* the synthesiser takes the baseband's clock with it only on a
	 * change of RF 0x18's value, never on a rewrite of the same one */
	if (reg == P8822B_RF_CFGCH && path == 0 && v != old) {
		int narrow = narrow_mhz(vc);
		s->rf18_latched_narrow = narrow > 0 ? (unsigned)narrow : 0;
	}
	p3081_rf_table_match(vc, path, reg, v);
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
	uint32_t v = p3081_rf_on(vc, (unsigned)path)
	                     ? p3081_of(vc)->rf[path][reg]
	                     : 0;
	*out = (uint8_t)(v >> (8 * (a & 3)));
	return true;
}

void p8822b_phy_written(struct vchip *vc, uint16_t addr, size_t len)
{
	for (unsigned path = 0; path < 2; path++) {
		uint32_t word;
		if (p3081_si_sent(vc, addr, len,
		                  path ? P8822B_LSSI_B : P8822B_LSSI_A, &word) &&
		    p3081_rf_on(vc, path))
			rf_set(vc, path, (uint8_t)(word >> 20), word);
	}
	/* [5:2] the primary; [28], [21:20], [16], [9:6] the narrowband
	 * clocks and small BW */
	if (p3081_in(addr, len, P8822B_ADCCLK, P8822B_ADCCLK + 3))
		update_tuning(vc);
}
