/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822E BB/RF: the two RF paths' 20-bit registers behind the direct
 * access windows (0x3C00 / 0x4C00 + reg * 4, read and write) and the SI
 * write ports (0x1808 / 0x4108), the only way to write RF 0x00 — a
 * window write to it is dropped (rtl88x2eu
 * hal/phydm/rtl8822e/phydm_hal_api8822e.c config_phydm_write_rf_reg_8822e;
 * OpenIPC devourer docs/8822e-quirks.md, "RF register 0x0 needs the
 * legacy FON write port"). The tuned channel is what RF 0x18 of path A
 * and the BB primary-channel field 0x9B0 [11:8] select, in the 8822C's
 * layout (config_phydm_switch_channel_8822e: channel [7:0], 5 GHz bits
 * 16 and 8, bandwidth [13:12]), re-clocked to 5 or 10 MHz by the
 * small-BW field, the 0x9B4 clocks and the MAC clock (narrow_mhz). The
 * calibration engine (NCTL) answers a command with its go bit the way
 * the driver's software IQK waits for it (halrf_iqk_8822e.c; devourer
 * src/jaguar3/Halrf8822e.cpp phy_iq_calibrate): 0x2D9C reads 0x55 and
 * 0x1BFC [15:0] 0x8000, the fail flag 0x1B08 bit 26 as
 * personality_8822e_calib.c judges the step, which also runs the DAC
 * calibration's AFE banks (0x3800, 0x3900).
 */
#include "libdevourer/virtual/personality_8822e.h"
#include "libdevourer/virtual/personality_8822e_regs.h"

#define RF18 0x18

static uint32_t window_of(unsigned path)
{
	return path ? P8822E_RF_WIN_B : P8822E_RF_WIN_A;
}

static int window_path(uint32_t a)
{
	if (a >= P8822E_RF_WIN_A && a < P8822E_RF_WIN_A + 0x400)
		return 0;
	if (a >= P8822E_RF_WIN_B && a < P8822E_RF_WIN_B + 0x400)
		return 1;
	return -1;
}

/*
 * The width the die runs at: 0x9B0 [7:6] small BW 1 (5 MHz) / 2 (10 MHz)
 * with the ADC clock 0x9B4 [22:20] at 4 / 5 (rtl88x2eu
 * phydm_hal_api8822e.c config_phydm_switch_bandwidth_8822e: 40 / 80 MHz
 * ADC for BW5 / BW10), a DAC clock 0x9B4 [10:8] that airs the narrow
 * PPDU — 4 or 6; the vendor's own 5 MHz code 2 transmits nothing on the
 * silicon (OpenIPC devourer src/jaguar3/RadioManagementJaguar3.cpp
 * set_bandwidth_dividers: "only 0x4 and 0x6 emit the 5 MHz lobe"; the
 * vendor's 10 MHz code is 4, the 8822C's 6) — and the MAC clock
 * REG_AFE_CTRL1 0x24 [21:20] at 3 (the 20 MHz clock of 5 MHz) / 2
 * (20 MHz) (vendor halmac cfg_mac_clk_88xx; without it 5 MHz never
 * reaches the air, same OpenIPC source). 0: no small BW; -1: any other
 * small-BW state, which samples or clocks at the wrong rate (not
 * tuned).
 */
static int narrow_mhz(const struct vchip *vc)
{
	unsigned small = (vc->regs[P8822E_TXBWCTL] >> 6) & 3;
	if (small == 0)
		return 0;
	uint32_t clk = vc_reg32(vc, P8822E_TXCLK);
	unsigned dac = (clk >> 8) & 7, adc = (clk >> 20) & 7;
	unsigned mac = (vc_reg32(vc, P8822E_AFE_CTRL1) >> 20) & 3;
	bool airs = dac == 4 || dac == 6;
	if (small == 1 && adc == 4 && airs && mac == 3)
		return 5;
	if (small == 2 && adc == 5 && airs && mac == 2)
		return 10;
	return -1;
}

static void update_tuning(struct vchip *vc)
{
	struct p8822e_state *s = p8822e_of(vc);
	int narrow = narrow_mhz(vc);
	if (narrow < 0) {
		vc_set_tuning(vc, &(struct vchip_tuning){0});
		return;
	}
	p3081_jgr3_update_tuning(vc, s->base.rf[0][RF18],
	                         vc->regs[P8822E_TXBWCTL + 1],
	                         (unsigned)narrow, &s->primary_sc);
}

/*
 * Table milestones: the BB table's first row and one of its last rows,
 * and the last writes of each RF path's table, in order — the same for
 * every cut and RFE type the vendor's walk selects (rtl88x2eu
 * halhwimg8822e_bb.c array_mp_8822e_phy_reg, halhwimg8822e_rf.c
 * array_mp_8822e_radioa / _radiob, walked with halbb_sel_headline's
 * rule). A few values only: the model checks that the tables reached
 * the chip, it does not carry them.
 */
static const struct p3081_reg_val bb_sentinels[] = {
	{ 0x1D0C, 0x00410000 }, { 0x0C0C, 0x02F1D8B7 },
};
static const struct p3081_reg_val rf_a_tail[] = {
	{ 0xEE, 0x00004 }, { 0x33, 0x00008 }, { 0x3F, 0x00043 },
	{ 0x33, 0x00009 }, { 0x3F, 0x00042 }, { 0x33, 0x0000A },
	{ 0x3F, 0x00041 }, { 0x33, 0x0000B }, { 0x3F, 0x00040 },
	{ 0xEE, 0x00000 },
};
static const struct p3081_reg_val rf_b_tail[] = {
	{ 0x33, 0x0001C }, { 0x3F, 0x0003F }, { 0xEE, 0x00000 },
	{ 0x8F, 0x01B4C }, { 0x93, 0x8483F }, { 0x9F, 0x63800 },
};
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* no MAC table: its MAC set-up is the auto-LLT (mac_table_is_llt) */
const struct p3081_tables p8822e_tables = {
	.bb = bb_sentinels,
	.n_bb = N_OF(bb_sentinels),
	.rf_tail = { rf_a_tail, rf_b_tail },
	.n_rf_tail = { N_OF(rf_a_tail), N_OF(rf_b_tail) },
};

static void rf_set(struct vchip *vc, unsigned path, uint8_t reg, uint32_t v)
{
	struct p8822e_state *s = p8822e_of(vc);
	v &= 0xFFFFF;
	v = p8822e_thermal_rf_written(vc, path, reg, s->base.rf[path][reg], v);
	s->base.rf[path][reg] = v;
	p3081_rf_table_match(vc, path, reg, v);
	/* the window word mirrors the register, so that a byte write to it
	 * merges with what the register holds */
	vc_put_le32(&vc->regs[window_of(path) + reg * 4u], v);
	if (reg == RF18 && path == 0)
		update_tuning(vc);
	p8822e_calib_rf_written(vc, path, reg);
}

bool p8822e_phy_read(const struct vchip *vc, uint32_t a, uint8_t *out)
{
	int path = window_path(a);
	if (path < 0)
		return false;
	unsigned reg = (a - window_of((unsigned)path)) >> 2;
	uint32_t v = 0;
	if (p3081_rf_on(vc, (unsigned)path))
		v = p3081_of(vc)->rf[path][reg] |
		    p8822e_thermal_rf_busy(vc, (unsigned)path, (uint8_t)reg);
	*out = (uint8_t)(v >> (8 * (a & 3)));
	return true;
}

void p8822e_phy_written(struct vchip *vc, uint16_t addr, size_t len)
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
		rf_set(vc, (unsigned)path, (uint8_t)reg,
		       vc_reg32(vc, (uint16_t)w));
	}
	for (unsigned path = 0; path < 2; path++) {
		uint32_t word;
		if (p3081_si_sent(vc, addr, len,
		                  path ? P8822E_LSSI_B : P8822E_LSSI_A, &word) &&
		    p3081_rf_on(vc, path))
			rf_set(vc, path, (uint8_t)(word >> 20), word);
	}
	if ((addr <= P8822E_TXCLK + 2 && end > P8822E_TXBWCTL) ||
	    (addr <= P8822E_AFE_CTRL1 + 2 && end > P8822E_AFE_CTRL1 + 2))
		update_tuning(vc);
	p8822e_txagc_written(vc, addr, len);
	p8822e_calib_written(vc, addr, len);
	if (addr <= P8822E_NCTL0 && end > P8822E_NCTL0 && p3081_bb_on(vc) &&
	    (vc->regs[P8822E_NCTL0] & 0x01)) {
		/* a command with its go bit completes at once (its time is
		 * not modelled) and consumes the go bit: ready, done, and
		 * the fail flag per personality_8822e_calib.c */
		bool ok = p8822e_calib_nctl_go(vc, vc_reg32(vc, P8822E_NCTL0));
		vc->regs[P8822E_NCTL0] &= (uint8_t)~0x01u;
		vc->regs[P8822E_IQK_STATUS] = 0x55;
		vc->regs[P8822E_NCTL_DONE] = 0x00;
		vc->regs[P8822E_NCTL_DONE + 1] = 0x80;
		if (ok)
			vc->regs[P8822E_NCTL_RPT + 3] &= (uint8_t)~0x04u;
		else
			vc->regs[P8822E_NCTL_RPT + 3] |= 0x04u;
	}
}
