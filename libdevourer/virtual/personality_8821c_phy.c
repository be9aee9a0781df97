/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821C BB/RF: the one RF path's 20-bit registers, written through the
 * SI port 0xC90 (word [27:20] register, [19:0] value, sent when its top
 * byte lands) and read through the direct window 0x2800 + reg * 4 (rtw88
 * rtw8821c.c hw_spec rf_sipi_addr / rf_base_addr, phy.c
 * rtw_phy_write_rf_reg_sipi / rtw_phy_read_rf; OpenIPC devourer reads
 * and writes the 8821C the same way). No reference writes the RF through
 * the window, so the model reads it as a read port only; the path-B
 * window and port (0x2C00, 0xE90) of the two-path sibling lead to no RF
 * on this die. RF and window answer only with the BB out of reset (0x02
 * [1:0]) and the RF enabled (0x1F [2:0] = 7, rtw88 rtw8821c.c
 * rtw8821c_phy_set_param).
 *
 * The tuned channel is what RF 0x18 and the BB bandwidth word 0x8AC
 * select (rtw88 rtw8821c.c rtw8821c_set_channel_rf / _bb): RF 0x18 [7:0]
 * the (centre) channel, bits 16 and 8 the 5 GHz band (none of 16, 9, 8,
 * 18, 17 on 2.4 GHz), [11:10] the RF bandwidth (3 = 20, 2 = 40, 1 = 80
 * MHz); 0x8AC [1:0] the BB bandwidth (0, 1, 2) and [5:2] the primary
 * 20 MHz sub-channel; at 20 MHz its small-BW field and clock codes may
 * re-clock the baseband to 5 or 10 MHz (narrow_mhz). A state where RF
 * and BB disagree (half-way through a switch) is "not tuned".
 *
 * Table milestones: rows of the MAC table (8-bit) and of the BB table
 * (32-bit) no later init step rewrites, and the unconditional tail of
 * the RF table written in order (rtw88 rtw8821c_table.c rtw8821c_mac,
 * rtw8821c_bb, rtw8821c_rf_a). A few values only: the model checks that
 * the tables reached the chip, it does not carry them.
 */
#include "libdevourer/virtual/personality_8821c.h"
#include "libdevourer/virtual/personality_8821c_regs.h"

#define IQK_DONE_WORD 0xABCDEu /* rtw88 rtw8821c.c rtw8821c_do_iqk */

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static const struct p3081_reg_val mac_sentinels[] = {
	{0x433, 0x01}, {0x43F, 0x08}, {0x4A3, 0x40}, {0x525, 0x4F},
	{0x577, 0x0B}, {0x63E, 0x0E}, {0x642, 0x40}, {0x66E, 0x05},
	{0x6DE, 0x84}, {0x70B, 0x87},
};
static const struct p3081_reg_val bb_sentinels[] = {
	{0x87C, 0x5C8FC000}, {0x8E4, 0x49092925}, {0x920, 0xE0767233},
	{0xA10, 0x9500BB78}, {0xB48, 0x3F0000FA},
};
/* the same for every RFE option and package */
static const struct p3081_reg_val rf_tail[] = {
	{0xEE, 0x01000}, {0x33, 0x00005}, {0x3F, 0x01ECF}, {0xEE, 0x00000},
	{0xEE, 0x01000}, {0x33, 0x00006}, {0x3F, 0x01F9D}, {0xEE, 0x00000},
};

/* MAC sentinels checked by the writes that reach their rows; one RF
 * path */
const struct p3081_tables p8821c_tables = {
	.mac = mac_sentinels,
	.n_mac = N_OF(mac_sentinels),
	.mac_lo = 0x433,
	.mac_hi = 0x70B,
	.bb = bb_sentinels,
	.n_bb = N_OF(bb_sentinels),
	.rf_tail = { rf_tail, NULL },
	.n_rf_tail = { N_OF(rf_tail), 0 },
};

uint32_t p8821c_rf_value(const struct vchip *vc, uint8_t reg)
{
	const struct p8821c_state *s = p8821c_of(vc);
	if (reg == P8821C_RF_DTXLOK && s->iqk_pending &&
	    air_now_ns() >= s->iqk_done_ns)
		return IQK_DONE_WORD;
	return s->base.rf[0][reg];
}

bool p8821c_phy_read(const struct vchip *vc, uint32_t a, uint8_t *out)
{
	if (a < P8821C_RF_WIN_A || a >= P8821C_RF_WIN_B + 0x400)
		return false;
	uint32_t v = 0;
	if (a < P8821C_RF_WIN_B && p3081_rf_on(vc, 0))
		v = p8821c_rf_value(vc, (uint8_t)((a - P8821C_RF_WIN_A) >> 2));
	*out = (uint8_t)(v >> (8 * (a & 3)));
	return true;
}

uint32_t p8821c_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg)
{
	return path == 0 ? p8821c_rf_value(vc, reg) : 0;
}

static unsigned bw_of_code(unsigned c)
{
	return c == 0 ? 20 : c == 1 ? 40 : c == 2 ? 80 : 0;
}

/*
 * The width the baseband runs at, from BB 0x8AC: [7:6] small BW (1 =
 * 5 MHz, 2 = 10 MHz) with the clock bits [28] (DAC) and [16] (ADC)
 * released and the divide codes DAC [21:20] / ADC [9:8] 2 / 2 (5 MHz)
 * or 3 / 3 (10 MHz) (rtw88 rtw8821c.c rtw8821c_set_channel_bb,
 * RTW_CHANNEL_WIDTH_5 / _10: 0x200240, 0x300380 after clearing those
 * fields; OpenIPC devourer docs/narrowband.md calls them this die's
 * divide codes). 0: no small BW; -1: a small-BW mode on clocks that do
 * not fit it, which samples at the wrong rate (not tuned).
 */
static int narrow_mhz(const struct vchip *vc)
{
	uint32_t w = vc_reg32(vc, P8821C_ADCCLK);
	unsigned small = (w >> 6) & 3;
	if (small == 0)
		return 0;
	unsigned dac = (w >> 20) & 3, adc = (w >> 8) & 3;
	bool released = !(w & ((1u << 28) | (1u << 16)));
	if (released && small == 2 && dac == 3 && adc == 3)
		return 10;
	if (released && small == 1 && dac == 2 && adc == 2)
		return 5;
	return -1;
}

static void update_tuning(struct vchip *vc)
{
	uint32_t r18 = p3081_of(vc)->rf[0][P8821C_RF_CHNLBW];
	unsigned ch = r18 & 0xFF;
	const uint32_t band_bits = (1u << 16) | (3u << 8);
	bool band5 = (r18 & band_bits) == ((1u << 16) | (1u << 8));
	bool band2 = !(r18 & (band_bits | (3u << 17)));
	static const unsigned rf_bw[4] = {0, 80, 40, 20};
	unsigned bw_rf = rf_bw[(r18 >> 10) & 3];
	unsigned bw_bb = bw_of_code(vc->regs[P8821C_ADCCLK] & 3);
	unsigned sc = (vc->regs[P8821C_ADCCLK] >> 2) & 0x0F;
	struct vchip_tuning t = {0};
	bool ok = vc->mac_on && ch && bw_rf && bw_rf == bw_bb &&
	          (band5 || band2) && vc_channel_freq(ch) &&
	          (band2 ? ch <= 14 && bw_rf != 80 : ch >= 32 && ch <= 177);
	int primary = p3081_primary_channel(ch, bw_rf, sc);
	int narrow = narrow_mhz(vc);
	if (narrow < 0 || (narrow && bw_rf != 20))
		ok = false;
	if (ok && primary >= 1) {
		t.channel = (unsigned)primary;
		t.center = ch;
		t.bw_mhz = narrow ? (unsigned)narrow : bw_rf;
		t.band_5g = band5;
	}
	vc_set_tuning(vc, &t);
}

static void rf_set(struct vchip *vc, uint8_t reg, uint32_t v)
{
	struct p8821c_state *s = p8821c_of(vc);
	v &= 0xFFFFF;
	/* the driver takes the firmware's done word by writing over it */
	if (reg == P8821C_RF_DTXLOK)
		s->iqk_pending = false;
	v = p8821c_thermal_rf_written(vc, reg, s->base.rf[0][reg], v);
	s->base.rf[0][reg] = v;
	p3081_rf_table_match(vc, 0, reg, v);
	if (reg == P8821C_RF_CHNLBW)
		update_tuning(vc);
}

void p8821c_phy_written(struct vchip *vc, uint16_t addr, size_t len)
{
	uint32_t word;
	if (p3081_si_sent(vc, addr, len, P8821C_LSSI_A, &word) &&
	    p3081_rf_on(vc, 0))
		rf_set(vc, (uint8_t)(word >> 20), word);
	/* [1:0] and [5:2] the bandwidth and primary; [28], [21:20], [16],
	 * [9:6] the narrowband clocks and small BW */
	if (p3081_in(addr, len, P8821C_ADCCLK, P8821C_ADCCLK + 3))
		update_tuning(vc);
}
