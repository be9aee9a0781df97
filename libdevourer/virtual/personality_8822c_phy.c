/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822C BB/RF: the two RF paths' 20-bit registers behind the direct
 * access windows (0x3C00 / 0x4C00 + reg * 4, read and write) and the SI
 * write ports (0x1808 / 0x4108), which are the only way to write RF 0x00
 * — a window write to it has no effect (rtw88 phy.c
 * rtw_phy_write_rf_reg_mix; devourer docs/8822e-quirks.md). The tuned
 * channel is what RF 0x18 of path A and the BB primary-channel field
 * select (rtw88 rtw8822c.c rtw8822c_set_channel_rf / _bb), and the
 * DAC-calibration blocks answer with the values a converged DACK reads
 * (rtw88 rtw8822c.c rtw8822c_dac_cal_*).
 */
#include "libdevourer/virtual/personality_8822c.h"
#include "libdevourer/virtual/personality_8822c_regs.h"

#define RF18 0x18
#define RF_X2K 0xB8     /* bit 15: X2 (crystal doubler) calibration busy */
#define X2K_ARM (1u << 18)
#define BB_TXBWCTL 0x9B0 /* [11:8] primary 20 MHz sub-channel index,
                            [7:6] small bandwidth (5 / 10 MHz) */
#define BB_TXCLK 0x9B4   /* [10:8] DAC clock, [22:20] ADC clock */

/* Where path's direct RF window starts. */
static uint32_t window_of(unsigned path)
{
	return path ? P8822C_RF_WIN_B : P8822C_RF_WIN_A;
}

static int window_path(uint32_t a)
{
	if (a >= P8822C_RF_WIN_A && a < P8822C_RF_WIN_A + 0x400)
		return 0;
	if (a >= P8822C_RF_WIN_B && a < P8822C_RF_WIN_B + 0x400)
		return 1;
	return -1;
}

/* The width the baseband's clocks are divided for: 0x9B0 [7:6] small
 * BW 1 / 2 with the DAC [10:8] / ADC [22:20] codes 4 / 4 (5 MHz) or
 * 6 / 5 (10 MHz) (rtw88 rtw8822c.c rtw8822c_set_channel_bb,
 * RTW_CHANNEL_WIDTH_5 / _10; OpenIPC devourer docs/narrowband.md,
 * "Jaguar3 ... the 0x9b0/0x9b4 dividers"). 0: the 20 MHz clocks, or
 * -1: a small-BW mode on clocks that do not fit it, which samples at
 * the wrong rate (not tuned). */
static int narrow_mhz(const struct vchip *vc)
{
	unsigned small = (vc->regs[BB_TXBWCTL] >> 6) & 3;
	uint32_t clk = vc_reg32(vc, BB_TXCLK);
	unsigned dac = (clk >> 8) & 7, adc = (clk >> 20) & 7;
	if (small == 0)
		return 0;
	if (small == 1 && dac == 4 && adc == 4)
		return 5;
	if (small == 2 && dac == 6 && adc == 5)
		return 10;
	return -1;
}

static void update_tuning(struct vchip *vc)
{
	struct p8822c_state *s = p8822c_of(vc);
	int narrow = narrow_mhz(vc);
	if (narrow < 0) {
		vc_set_tuning(vc, &(struct vchip_tuning){0});
		return;
	}
	p3081_jgr3_update_tuning(vc, s->base.rf[0][RF18],
	                         vc->regs[BB_TXBWCTL + 1], (unsigned)narrow,
	                         &s->primary_sc);
}

/*
 * Table milestones. The BB table's first row and one of its last
 * unconditional rows (rtw88 rtw8822c_table.c rtw8822c_bb); the unconditional
 * tail of each RF path's table, written in order (rtw8822c_rf_a /
 * rtw8822c_rf_b). A few values only: the model checks that the tables
 * reached the chip, it does not carry them.
 */
static const struct p3081_reg_val bb_sentinels[] = {
	{ 0x1D0C, 0x00410000 }, { 0x0C0C, 0x02F1D8B7 },
};
static const struct p3081_reg_val rf_a_tail[] = {
	{ 0x33, 0x00007 }, { 0x3E, 0x00003 }, { 0x3F, 0x7DEFF },
	{ 0xEF, 0x00000 },
};
static const struct p3081_reg_val rf_b_tail[] = {
	{ 0x33, 0x00006 }, { 0x3F, 0x00002 }, { 0x33, 0x00007 },
	{ 0x3F, 0x00002 }, { 0xEF, 0x00000 },
};
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* no MAC table: its MAC set-up is the auto-LLT (mac_table_is_llt) */
const struct p3081_tables p8822c_tables = {
	.bb = bb_sentinels,
	.n_bb = N_OF(bb_sentinels),
	.rf_tail = { rf_a_tail, rf_b_tail },
	.n_rf_tail = { N_OF(rf_a_tail), N_OF(rf_b_tail) },
};

static void rf_set(struct vchip *vc, unsigned path, uint8_t reg, uint32_t v)
{
	struct p8822c_state *s = p8822c_of(vc);
	v &= 0xFFFFF;
	/* The X2 calibration runs when bit 18 of RF A 0xB8 drops (the last
	 * write of rtw88 rtw8822c_rf_x2_check; the RF table leaves the bit
	 * set) and completes at once. Which bit starts it is our reading
	 * of that sequence: no reference documents the register. */
	if (path == 0 && reg == RF_X2K && (s->base.rf[0][RF_X2K] & X2K_ARM) &&
	    !(v & X2K_ARM))
		s->x2k_busy = false;
	v = p8822c_thermal_rf_written(vc, path, reg, s->base.rf[path][reg], v);
	s->base.rf[path][reg] = v;
	p3081_rf_table_match(vc, path, reg, v);
	/* the window word mirrors the register, so that a byte write to it
	 * merges with what the register holds */
	vc_put_le32(&vc->regs[window_of(path) + reg * 4u], v);
	if (reg == RF18 && path == 0)
		update_tuning(vc);
}

static uint32_t dack_msbk(unsigned path, unsigned vec, unsigned idx)
{
	/* the per-step MSB calibration vector, a spread of mid-scale codes
	 * as a calibrated DAC reports them */
	return 0x1F0u - 3u * idx + 5u * path + 9u * vec;
}

/* Noise of the loop-back ADC around a residual DC offset of +2 (I) and
 * -2 (Q) codes: mostly within +-2 codes, now and then up to +-5, and
 * about one sample in a hundred a spike of several hundred codes. rtw88
 * rtw8822c.c rtw8822c_dac_cal_iq_sample drops samples beyond 100 codes,
 * rtw8822c_dac_cal_iq_search narrows the rest to a spread of 5 and
 * averages the middle 80 — a measurement built for such samples. */
static int adc_noise(struct p8822c_state *s)
{
	/* xorshift64: the generator is the model's, not the air's */
	uint64_t x = s->adc_noise;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	s->adc_noise = x;
	unsigned r = (unsigned)(x >> 32) % 100;
	int sign = (x >> 8) & 1 ? 1 : -1;
	if (r == 0)
		return sign * (int)(200 + (x >> 16) % 200);
	if (r < 10)
		return sign * (int)(3 + (x >> 16) % 3);
	return (int)((x >> 16) % 5) - 2;
}

uint32_t p8822c_adc_sample(const struct vchip *vc)
{
	struct p8822c_state *s = p8822c_of(vc);
	int i = 2 + adc_noise(s), q = -2 + adc_noise(s);
	return ((uint32_t)i & 0x3FF) << 12 | ((uint32_t)q & 0x3FF);
}

bool p8822c_phy_read(const struct vchip *vc, uint32_t a, uint8_t *out)
{
	int path = window_path(a);
	uint32_t v;
	if (path >= 0) {
		unsigned reg = (a - window_of((unsigned)path)) >> 2;
		v = p3081_rf_on(vc, (unsigned)path) ? p3081_of(vc)->rf[path][reg]
		                              : 0;
		if (path == 0 && reg == RF_X2K && p8822c_of(vc)->x2k_busy &&
		    p3081_rf_on(vc, 0))
			v |= 1u << 15;
	} else if (a >= P8822C_DACK_SAMPLE && a < P8822C_DACK_SAMPLE + 4) {
		/* a read of the word takes one sample; its other bytes
		 * read the same one */
		struct p8822c_state *s = p8822c_of(vc);
		if ((a & 3) == 0)
			s->adc_held = p8822c_adc_sample(vc);
		v = s->adc_held;
	} else {
		uint32_t base = a & ~3u, rd;
		bool b = base >= P8822C_DACK_RD_B;
		rd = b ? P8822C_DACK_RD_B : P8822C_DACK_RD_A;
		if (base == rd + 0x08 || base == rd + 0x34) {
			/* DACK done: bits [22:7] all set, the state the
			 * restore path of rtw8822c_dac_cal_restore polls */
			v = vc_reg32(vc, (uint16_t)base) | 0x7FFF80u;
		} else if (base == rd + 0x24 || base == rd + 0x50) {
			/* the DC-offset code the host wrote into the DAC
			 * block (I: +0xBC [31:28] low, +0xC0 [3:0] high; Q:
			 * +0xD8 / +0xDC) reads back in [26:19] once applied
			 * (rtw88 rtw8822c.c rtw8822c_dac_cal_step3) */
			uint32_t wr = b ? P8822C_DACK_WR_B : P8822C_DACK_WR_A;
			uint32_t lo = base == rd + 0x24 ? wr + 0xBC : wr + 0xD8;
			uint32_t code = (uint32_t)(vc->regs[lo + 3] >> 4) |
			                (uint32_t)(vc->regs[lo + 4] & 0x0F) << 4;
			v = (vc_reg32(vc, (uint16_t)base) & ~0x7F80000u) |
			    code << 19;
		} else if (base == rd + 0x10 || base == rd + 0x3C) {
			unsigned vec = base == rd + 0x3C;
			uint32_t wr = b ? P8822C_DACK_WR_B : P8822C_DACK_WR_A;
			wr += vec ? 0xCCu : 0xB0u;
			unsigned idx = vc->regs[wr + 3] >> 4;
			v = (vc_reg32(vc, (uint16_t)base) & ~0x7FC0000u) |
			    dack_msbk(b, vec, idx) << 18;
		} else {
			return false;
		}
	}
	*out = (uint8_t)(v >> (8 * (a & 3)));
	return true;
}

void p8822c_phy_written(struct vchip *vc, uint16_t addr, size_t len)
{
	uint32_t end = (uint32_t)addr + len;
	for (uint32_t w = addr & ~3u; w < end; w += 4) {
		int path = window_path(w);
		if (path < 0)
			continue;
		unsigned reg = (w - window_of((unsigned)path)) >> 2;
		if (!p3081_rf_on(vc, (unsigned)path) || reg == 0) {
			/* dropped; keep the mirror of what the RF holds */
			vc_put_le32(&vc->regs[w], p3081_of(vc)->rf[path][reg]);
			continue;
		}
		rf_set(vc, (unsigned)path, (uint8_t)reg, vc_reg32(vc, (uint16_t)w));
	}
	for (unsigned path = 0; path < 2; path++) {
		uint32_t word;
		if (p3081_si_sent(vc, addr, len,
		                  path ? P8822C_LSSI_B : P8822C_LSSI_A, &word) &&
		    p3081_rf_on(vc, path))
			rf_set(vc, path, (uint8_t)(word >> 20), word);
	}
	if (addr <= BB_TXCLK + 2 && end > BB_TXBWCTL)
		update_tuning(vc);
	if (addr <= P8822C_NCTL0 && end > P8822C_NCTL0 && p3081_bb_on(vc) &&
	    (vc->regs[P8822C_NCTL0] & 0x01)) {
		/* a calibration-engine command with its go bit (the "+1"
		 * write of rtw88 rtw8822c.c rtw8822c_dpk_one_shot and the
		 * vendor halrf one-shots) completes at once: 0x2D9C reads
		 * 0x55 and the report-ready flag is up */
		vc->regs[P8822C_IQK_STATUS] = 0x55;
		vc->regs[P8822C_STAT_RPT + 3] |= 0x80;
	}
}
