/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8814A BB/RF: a Jaguar1 baseband with four RF paths.
 *  - Enables (rtw88 rtw8814a.c rtw8814a_phy_set_param, rtw8814a_switch_band):
 *    the BB's register file needs 0x1000 bit 17 (BIT_FEN_BB_GLB_RST)
 *    released, else it drops writes and reads 0xEA, as OpenIPC devourer
 *    found ("BB writes over USB are silently ignored" without it); bit 16
 *    (BIT_FEN_BB_RSTB) clocks CCK/OFDM — rtw88 clears it across a band
 *    switch, while it writes BB registers — so without it the PHY
 *    neither sends nor receives but its registers still take writes. The
 *    RF paths are enabled in 0x1F, 0x20, 0x21, 0x76 [2:0] (rtw88 reg.h
 *    REG_RF_CTRL.._CTRL3). The 8812A's 0x02 bits 0-1 gate nothing here.
 *  - RF writes through the 3-wire ports 0xC90/0xE90/0x1890/0x1A90, reads
 *    through the direct windows 0x2800/0x2C00/0x3800/0x3C00 + 4 x reg
 *    (rtw8814a_hw_spec rf_sipi_addr, rf_base_addr; phy.c
 *    rtw_phy_write_rf_reg_sipi, rtw_phy_read_rf). The windows are
 *    read-only here: no reference writes RF through them.
 *  - TX power: the packed port 0x1998 (rtw8814a.c
 *    rtw8814a_set_tx_power_index_by_rate; vendor rtl8814a_phycfg.c
 *    PHY_SetTxPowerIndex_8814A): [29:24] index, [9:8] path, [6:0] rate
 *    code, stored per path and rate; the port reads back 0 (OpenIPC
 *    devourer src/TxPower.h: write-only).
 *  - Tuning: path A's RF 0x18 with BB 0x8AC [1:0] and 0x483, decoded as
 *    on every Jaguar1 BB (pjaguar1_tuning_decode), re-clocked to 5 or
 *    10 MHz by 0x8AC's Jaguar2-layout clock fields (narrow_decode).
 *  - Thermal meter: RF A 0x42, [17:16] = 3 measures, [15:10] the reading
 *    (rtw8814a.c rtw8814a_phy_pwrtrack: one meter, on path A).
 *  - IQK: the NCTL engine (0x1B00) runs a one-shot written with bit 0
 *    and reads bit 0 clear once through; what it measures and when it
 *    fails is personality_8814a_iqk.c's.
 *  - Table milestones by a few values of rtw88 rtw8814a_table.c.
 * Caller holds vc->lock.
 */
#include <string.h>

#include "libdevourer/virtual/personality_3081_regs.h"
#include "libdevourer/virtual/personality_8814a.h"
#include "libdevourer/virtual/personality_jaguar1.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static const uint16_t lssi_port[P8814A_RF_PATHS] = {
	P8814A_LSSI_A, P8814A_LSSI_B, P8814A_LSSI_C, P8814A_LSSI_D,
};
static const uint16_t rf_window[P8814A_RF_PATHS] = {
	P8814A_RF_WIN_A, P8814A_RF_WIN_B, P8814A_RF_WIN_C, P8814A_RF_WIN_D,
};
static const uint16_t rf_ctrl[P8814A_RF_PATHS] = {
	P8814A_RF_CTRL_A, P8814A_RF_CTRL_B, P8814A_RF_CTRL_C,
	P8814A_RF_CTRL_D,
};

/* ---- table milestones (rtw88 rtw8814a_table.c) ---- */

/* MAC rows no later code rewrites, checked when its late row 0x7D8 is
 * written */
static const struct p3081_reg_val mac_sentinels[] = {
	{0x428, 0x0A}, {0x709, 0x43}, {0x718, 0x40}, {0x7D8, 0x28},
};
/* the BB table's first row and two of the NCTL program's, each written
 * once and outside every RFE condition */
static const struct p3081_reg_val bb_sentinels[] = {
	{0x0800, 0x9020D010}, {0x1B04, 0xE24628D2}, {0x1B10, 0x88010D46},
};
/* the last unconditional rows of each path's RF table, in order */
static const struct p3081_reg_val rf_a_tail[] = {
	{0xEF, 0x00000}, {0xDF, 0x00001}, {0x18, 0x1712A}, {0xEF, 0x00010},
};
static const struct p3081_reg_val rf_bcd_tail[] = {
	{0x3C, 0x00000}, {0xEF, 0x00000}, {0xEF, 0x00800}, {0x3B, 0x00000},
};

const struct p3081_tables p8814a_tables = {
	.mac = mac_sentinels,
	.n_mac = N_OF(mac_sentinels),
	.mac_lo = 0x7D8,
	.mac_hi = 0x7D8,
	.bb = bb_sentinels,
	.n_bb = N_OF(bb_sentinels),
	.rf_tail = {rf_a_tail, rf_bcd_tail, rf_bcd_tail, rf_bcd_tail},
	.n_rf_tail = {N_OF(rf_a_tail), N_OF(rf_bcd_tail), N_OF(rf_bcd_tail),
	              N_OF(rf_bcd_tail)},
};

/* ---- enables and power domains ---- */

static bool bb_domain(uint32_t a)
{
	return (a >= 0x800 && a < 0x1000) || (a >= 0x1800 && a < 0x2000) ||
	       (a >= P8814A_RF_WIN_A && a < P8814A_RF_WIN_B + P8814A_RF_WIN_SIZE) ||
	       (a >= P8814A_RF_WIN_C && a < P8814A_RF_WIN_D + P8814A_RF_WIN_SIZE);
}

bool p8814a_bb_regs_on(const struct vchip *vc)
{
	return vc->mac_on && (vc->regs[P8814A_SYS_CFG3 + 2] & 0x02);
}

bool p8814a_phy_on(const struct vchip *vc)
{
	return vc->mac_on && (vc->regs[P8814A_SYS_CFG3 + 2] & 0x03) == 0x03;
}

bool p8814a_rf_on(const struct vchip *vc, unsigned path)
{
	return path < P8814A_RF_PATHS && p8814a_phy_on(vc) &&
	       (vc->regs[rf_ctrl[path]] & 0x07) == 0x07;
}

bool p8814a_powered(const struct vchip *vc, uint32_t a)
{
	if (!p3081_powered(vc, a))
		return false;
	return !bb_domain(a) || p8814a_bb_regs_on(vc);
}

/* The RFE pins reach the front end (rtw88 rtw8814a.c
 * rtw8814a_init_rfe_reg: 0x1994 [3:0] = 0xF, 0x42 |= 0xF0 or 0xC0):
 * OpenIPC devourer src/jaguar1/RadioManagementModule.cpp
 * InitRFEGpio8814A found TX "submits OK, 0 on-air" without it. */
bool p8814a_tx_front_end(const struct vchip *vc)
{
	return p8814a_phy_on(vc) && (vc->regs[P8814A_RFE_SEL] & 0x0F) == 0x0F &&
	       (vc->regs[P8814A_GPIO_MUXCFG_HI] & 0xC0) == 0xC0;
}

/* The receiver with its BB clock gated (0x1000 bit 16 clear, rtw88
 * rtw8814a_switch_band: "CCK and OFDM are disabled") or every RF path
 * off hears nothing. */
int p8814a_rx_desense_db(const struct vchip *vc, const struct air_frame_hdr *h)
{
	(void)h;
	for (unsigned p = 0; p < P8814A_RF_PATHS; p++)
		if (p8814a_rf_on(vc, p))
			return 0;
	return VC_RX_DEAF_DB;
}

/* ---- state ---- */

void p8814a_phy_reset(struct vchip *vc)
{
	struct p8814a_state *s = p8814a_of(vc);
	memset(s->rf, 0, sizeof s->rf);
	memset(s->txagc, 0, sizeof s->txagc);
	s->primary_sc = 0;
	p8814a_nctl_reset(vc);
}

void p8814a_phy_mac_power(struct vchip *vc, bool on)
{
	(void)on;
	/* the TX power table and the IQK engine's pages are the BB's and
	 * go with the MAC domain */
	memset(p8814a_of(vc)->txagc, 0, sizeof p8814a_of(vc)->txagc);
	p8814a_nctl_reset(vc);
}

uint32_t p8814a_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg)
{
	return path < P8814A_RF_PATHS ? p8814a_of(vc)->rf[path][reg] : 0;
}

/* ---- reads ---- */

bool p8814a_phy_read(const struct vchip *vc, uint32_t a, uint8_t *out)
{
	for (unsigned p = 0; p < P8814A_RF_PATHS; p++) {
		if (a < (uint32_t)rf_window[p] ||
		    a >= (uint32_t)rf_window[p] + P8814A_RF_WIN_SIZE)
			continue;
		uint32_t off = a - rf_window[p];
		uint32_t v = p8814a_rf_on(vc, p)
		                     ? p8814a_of(vc)->rf[p][off / 4] & 0xFFFFF
		                     : 0;
		*out = (uint8_t)(v >> (8 * (off & 3)));
		return true;
	}
	if (a == P8814A_NCTL_CMD) {
		/* bit 0: the one-shot still runs */
		uint8_t v = vc->regs[a] & 0xFE;
		if (air_now_ns() < p8814a_of(vc)->nctl_done_ns)
			v |= 0x01;
		*out = v;
		return true;
	}
	if (p8814a_nctl_read(vc, a, out))
		return true;
	if (a >= P8814A_TXAGC_PORT && a < P8814A_TXAGC_PORT + 4) {
		*out = 0; /* write-only */
		return true;
	}
	return false;
}

/* ---- writes ---- */

/*
 * A 20 MHz tuning re-clocked to 5 or 10 MHz by BB 0x8AC, whose clock
 * fields on this die have the Jaguar2 layout (the vendor's
 * phy_SetBwRegAdc_8814A comment: [28, 21:20, 16, 9:6, 1:0]; OpenIPC
 * devourer docs/narrowband.md): [7:6] small BW (1 = 5, 2 = 10 MHz) takes
 * the clock bits [28] (DAC) and [16] (ADC) released and the divide codes
 * DAC [21:20] / ADC [9:8] at 2 / 2 (5 MHz) or 3 / 3 (10 MHz), the codes
 * that narrow this die TX and RX (OpenIPC devourer
 * src/jaguar1/RadioManagementModule.cpp, 8814AU narrowband). With [28]
 * or [16] still set the high clocks win and nothing is divided (same
 * sources: dividing the low fields alone narrows nothing); any other
 * small-BW state samples at the wrong rate: not tuned.
 */
static void narrow_decode(uint32_t rfmod, struct vchip_tuning *t)
{
	unsigned small = (rfmod >> 6) & 3;
	if (!t->channel || small == 0)
		return;
	unsigned dac = (rfmod >> 20) & 3, adc = (rfmod >> 8) & 3;
	bool released = !(rfmod & ((1u << 28) | (1u << 16)));
	bool ok = t->bw_mhz == 20 && released &&
	          ((small == 2 && dac == 3 && adc == 3) ||
	           (small == 1 && dac == 2 && adc == 2));
	if (ok)
		t->bw_mhz = small == 2 ? 10 : 5;
	else
		*t = (struct vchip_tuning){0};
}

static void update_tuning(struct vchip *vc)
{
	struct p8814a_state *s = p8814a_of(vc);
	struct vchip_tuning t;
	s->primary_sc = vc->regs[P8814A_DATA_SC] & 0x0F;
	pjaguar1_tuning_decode(s->rf[0][P8814A_RF_CFGCH],
	                       vc->regs[P8814A_RFMOD], s->primary_sc, &t);
	narrow_decode(vc_reg32(vc, P8814A_RFMOD), &t);
	vc_set_tuning(vc, &t);
}

/* RF register @p reg of @p path takes @p v (20 bits). */
static void rf_written(struct vchip *vc, unsigned path, uint8_t reg,
                       uint32_t v)
{
	struct p8814a_state *s = p8814a_of(vc);
	if (path == 0 && reg == P8814A_RF_T_METER) {
		/* the meter measures on every trigger write; its reading
		 * field is the meter's, never the writer's */
		uint32_t field = s->rf[0][reg] & (0x3Fu << 10);
		if ((v & (3u << 16)) == (3u << 16))
			field = p3081_thermal_meter(vc, P8814A_EF_THERMAL, 0)
			        << 10;
		v = (v & ~(0x3Fu << 10)) | field;
	}
	s->rf[path][reg] = v;
	p3081_rf_table_match(vc, path, reg, v);
	if (path == 0 && reg == P8814A_RF_CFGCH)
		update_tuning(vc);
}

static void txagc_written(struct vchip *vc)
{
	uint32_t w = vc_reg32(vc, P8814A_TXAGC_PORT);
	unsigned rate = w & 0x7F, path = (w >> 8) & 3;
	if (rate < P8814A_RATE_CODES)
		p8814a_of(vc)->txagc[path][rate] = (uint8_t)((w >> 24) & 0x3F);
}

bool p8814a_txagc_peek(const struct vchip *vc, unsigned path, uint8_t rate,
                       unsigned *index)
{
	if (path >= P8814A_RF_PATHS || rate >= P8814A_RATE_CODES)
		return false;
	*index = p8814a_of(vc)->txagc[path][rate];
	return true;
}

void p8814a_phy_written(struct vchip *vc, uint16_t addr, size_t len)
{
	for (unsigned p = 0; p < P8814A_RF_PATHS; p++) {
		uint32_t w;
		if (!p3081_si_sent(vc, addr, len, lssi_port[p], &w))
			continue;
		if (!p8814a_rf_on(vc, p)) {
			vc->writes_ignored++;
			continue;
		}
		rf_written(vc, p, (uint8_t)(w >> 20), w & 0xFFFFF);
	}
	if (p3081_in(addr, len, P8814A_TXAGC_PORT + 3, P8814A_TXAGC_PORT + 3) &&
	    p8814a_bb_regs_on(vc))
		txagc_written(vc);
	p8814a_nctl_written(vc, addr, len);
	/* 0x8AC [1:0] the bandwidth; [28], [21:20], [16], [9:6] the
	 * narrowband clocks and small BW */
	if (p3081_in(addr, len, P8814A_RFMOD, P8814A_RFMOD + 3) ||
	    p3081_in(addr, len, P8814A_DATA_SC, P8814A_DATA_SC))
		update_tuning(vc);
	if (p3081_in(addr, len, P3081_TDECTRL, P3081_TDECTRL))
		p8814a_tdectrl_written(vc);
}
