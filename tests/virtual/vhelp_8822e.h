/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test helper for the RTL8822E personality: program the chip model
 * through its USB interface the way an 8822E driver must, from the
 * references (the vendor driver OpenHD/rtl88x2eu and OpenIPC devourer
 * src/jaguar3/), not from hal/. What the 8822E shares with the other
 * 3081-CPU chips — the reserved-page + DDMA firmware download, the
 * 48-byte TX descriptor — is vhelp_3081.h's; what it shares with the
 * 8822C — the card-enable rows but one, the download descriptor's
 * checksum, the RF windows, RF 0x18 and 0x9B0 — is vhelp_8822c.h's;
 * what is its own is here: the card-enable row it differs in, the OTP
 * read with its power cut and burst mode, the RFE pins and the eFEM
 * pin-mux, the RX aggregation the RX DMA needs, and the RF calibration
 * chain (DACK, IQK, TX gap-K, DPK bypass) a station runs before it is
 * on the air.
 */
#ifndef DVR_TEST_VHELP_8822E_H
#define DVR_TEST_VHELP_8822E_H

#include "tests/virtual/vhelp_8822c.h"

/* The 8822E USB card-enable rows (rtl88x2eu halmac_pwr_seq_8822e.c
 * TRANS_CARDDIS_TO_CARDEMU_8822E, TRANS_CARDEMU_TO_ACT_8822E) are the
 * 8822C's but for row 5, which clears 0x05 bits 4:3 where the 8822C's
 * clears 0x98; then 0xF5 bit 0 and init_system_cfg (platform reset
 * release + DDMA, SYS_FUNC_EN high byte 0xD8, halmac_init_8822e.c
 * init_system_cfg_8822e): the 8822C's switch, its enable flow the
 * 8822C's rows patched into rows. */
#define E_ENABLE_ROWS (sizeof c_card_enable / sizeof c_card_enable[0])

static inline struct v3_power e_power(struct v3_pwr_row rows[E_ENABLE_ROWS])
{
	memcpy(rows, c_card_enable, sizeof c_card_enable);
	rows[4].mask = 0x18;
	struct v3_power p = c_power;
	p.enable.rows = rows;
	return p;
}

static inline int e_power_on(struct vchip *vc)
{
	struct v3_pwr_row rows[E_ENABLE_ROWS];
	struct v3_power p = e_power(rows);
	return v3_power_on(vc, &p);
}

/* The software power cut around OTP reads, read variant, and OTP burst
 * mode (rtl88x2eu halmac_efuse_8822e.c enable_efuse_sw_pwr_cut /
 * disable_efuse_sw_pwr_cut, read_hw_efuse_8822e; devourer
 * HalJaguar3.cpp efuse_pwr_cut_8822e). The vendor waits 1 ms between
 * the two power steps; the model does not judge that wait, so the test
 * does not sleep. */
static inline void e_otp_power(struct vchip *vc, bool on, bool burst)
{
	uint32_t iso;
	if (on) {
		vh_set8(vc, 0xCC, 0x04, 0);
		iso = vh_read(vc, 0x00, 2) | 1u << 14;
		vh_write(vc, 0x00, iso, 2);
		vh_write(vc, 0x00, vh_read(vc, 0x00, 2) | 1u << 15, 2);
		vh_write(vc, 0x00, vh_read(vc, 0x00, 2) & ~(1u << 8), 2);
		if (burst)
			vh_w32(vc, 0xA4, vh_read(vc, 0xA4, 4) | 1u << 19);
	} else {
		vh_w32(vc, 0xA4, vh_read(vc, 0xA4, 4) & ~(1u << 19));
		vh_write(vc, 0x00, vh_read(vc, 0x00, 2) | 1u << 8, 2);
		vh_write(vc, 0x00, vh_read(vc, 0x00, 2) & ~(1u << 15), 2);
		vh_write(vc, 0x00, vh_read(vc, 0x00, 2) & ~(1u << 14), 2);
		vh_set8(vc, 0xCC, 0, 0x04);
	}
}

/* One OTP byte through the 8822E's port: 0x30 read-modify-written with
 * the address in [26:16] and RDY (bit 29) clear, then RDY polled
 * (devourer HalJaguar3.cpp efuse_phys_read_8822e). -1 when RDY never
 * came. */
static inline int e_otp_read(struct vchip *vc, unsigned addr)
{
	uint32_t v = vh_read(vc, 0x30, 4);
	v = (v & ~(0x7FFu << 16 | 0xFFFFu | 1u << 29)) |
	    (uint32_t)(addr & 0x7FF) << 16;
	vh_w32(vc, 0x30, v);
	if (!vh_poll(vc, 0x30, 4, 1u << 29, 1u << 29, 50000))
		return -1;
	return (int)(vh_read(vc, 0x30, 4) & 0xFF);
}

/* The logical map out of the OTP's packed area, the way devourer
 * HalJaguar3.cpp read_efuse_logical_map walks it on the 8822E: 0xFF
 * bytes skipped (the security area and padding) until a run of 64, a
 * header pair 0x3_ / (block low nibble << 4 | word-enable), the present
 * words after it; any other byte ends the map. Returns the number of
 * blocks found. */
static inline unsigned e_otp_map(struct vchip *vc, uint8_t *log, size_t n)
{
	memset(log, 0xFF, n);
	unsigned phys = 0, ff = 0, blocks = 0;
	while (phys < 1216) {
		int h0 = e_otp_read(vc, phys++);
		if (h0 < 0)
			break;
		if (h0 == 0xFF) {
			if (++ff >= 64)
				break;
			continue;
		}
		ff = 0;
		if ((h0 & 0xF0) != 0x30)
			break;
		int h1 = e_otp_read(vc, phys++);
		if (h1 < 0)
			break;
		unsigned blk = (unsigned)(h0 & 0x0F) << 4 | (unsigned)h1 >> 4;
		blocks++;
		for (unsigned w = 0; w < 4; w++) {
			if (h1 & (1 << w))
				continue;
			for (unsigned k = 0; k < 2; k++) {
				int d = e_otp_read(vc, phys++);
				size_t at = blk * 8u + w * 2u + k;
				if (at < n)
					log[at] = (uint8_t)d;
			}
		}
	}
	return blocks;
}

/* The RFE pin functions for RFE 21/22 (rtl88x2eu phydm_hal_api8822e.c
 * phydm_rfe_8822e; devourer HalJaguar3.cpp config_rfe): the "no path"
 * pattern on 2.4 GHz, both paths on 5 GHz. */
static inline void e_rfe_pins(struct vchip *vc, bool band5)
{
	vh_w32(vc, 0x1840, band5 ? 0x00002000 : 0x00007000);
	vh_w32(vc, 0x1844, band5 ? 0x00003000 : 0x00007007);
	vh_w32(vc, 0x4140, band5 ? 0x00200000 : 0x70700000);
	vh_w32(vc, 0x4144, band5 ? 0x00000030 : 0x00000070);
}

/* The eFEM GPIO pin-mux of RFE 21/22: for each of RFE_CTRL_3, 5, 7, 8,
 * 9, 11 HalMAC walks the pin's claim list top-down, disabling every
 * claim above the target and enabling the target, then fixes WL/BT
 * ownership (rtl88x2eu hal/rtl8822e/rtl8822e_halinit.c
 * _efem_pinmux_config, halmac_gpio_8822e.c pinmux_set_func_8822e; the
 * byte registers, masks and values as devourer RtlJaguar3Device.cpp
 * efem_pinmux_8822e transcribes them). */
struct e_pin_claim {
	uint8_t off, msk, val;
};
struct e_pin_fix {
	uint8_t off, bit;
	bool set;
};
static inline void e_efem_pinmux(struct vchip *vc)
{
	static const struct e_pin_claim rfe3[] = {
		{0x66, 0x04, 0x04}, {0x4F, 0x40, 0x40}, {0x41, 0x02, 0x00},
		{0x41, 0x04, 0x04}, {0x40, 0x03, 0x01}, {0x40, 0x03, 0x02},
		{0x40, 0x03, 0x03}, {0x4F, 0x04, 0x04}, {0x42, 0x01, 0x01},
		{0x42, 0x01, 0x01},
	};
	static const struct e_pin_claim rfe5[] = {
		{0x4E, 0x40, 0x40}, {0x4F, 0x40, 0x40}, {0x40, 0x04, 0x04},
	};
	static const struct e_pin_claim rfe7[] = {
		{0x67, 0x02, 0x02}, {0x40, 0x08, 0x08},
	};
	static const struct e_pin_claim rfe8[] = {
		{0x66, 0x10, 0x10}, {0x42, 0x08, 0x08}, {0x67, 0x01, 0x01},
		{0x65, 0x80, 0x80}, {0x73, 0x08, 0x08}, {0x40, 0x03, 0x01},
		{0x40, 0x03, 0x02}, {0x40, 0x03, 0x03}, {0x4E, 0x80, 0x80},
		{0x42, 0x02, 0x02}, {0x42, 0x02, 0x02},
	};
	static const struct e_pin_claim rfe9[] = {
		{0x4E, 0x40, 0x40}, {0x4F, 0x40, 0x40}, {0x4E, 0x80, 0x80},
		{0x42, 0x02, 0x02}, {0x42, 0x02, 0x02},
	};
	static const struct e_pin_claim rfe11[] = {
		{0x66, 0x04, 0x04}, {0x4F, 0x40, 0x40}, {0x41, 0x02, 0x00},
		{0x41, 0x04, 0x04}, {0x40, 0x03, 0x01}, {0x40, 0x03, 0x02},
		{0x40, 0x03, 0x03}, {0x40, 0x04, 0x04},
	};
	static const struct e_pin_fix fix3[] = {{0x43, 0x80, false},
	                                        {0x67, 0x10, true}};
	static const struct e_pin_fix fix5[] = {{0x3F, 0x04, true}};
	static const struct e_pin_fix fix8[] = {{0x43, 0x04, true},
	                                        {0x4F, 0x01, true}};
	static const struct e_pin_fix fix9[] = {{0x43, 0x08, false},
	                                        {0x43, 0x10, true},
	                                        {0x4F, 0x01, true}};
	static const struct e_pin_fix fix11[] = {{0x3F, 0x01, false}};
	static const struct {
		const struct e_pin_claim *c;
		size_t nc;
		const struct e_pin_fix *f;
		size_t nf;
	} fn[] = {
		{rfe3, 10, fix3, 2}, {rfe5, 3, fix5, 1}, {rfe7, 2, NULL, 0},
		{rfe8, 11, fix8, 2}, {rfe9, 5, fix9, 3}, {rfe11, 8, fix11, 1},
	};
	for (size_t i = 0; i < sizeof fn / sizeof fn[0]; i++) {
		for (size_t k = 0; k < fn[i].nc; k++) {
			const struct e_pin_claim *e = &fn[i].c[k];
			uint8_t v = (uint8_t)vh_read(vc, e->off, 1);
			v &= (uint8_t)~e->msk;
			v |= (uint8_t)((k + 1 == fn[i].nc ? e->val : ~e->val) &
			               e->msk);
			vh_w8(vc, e->off, v);
		}
		for (size_t k = 0; k < fn[i].nf; k++) {
			const struct e_pin_fix *x = &fn[i].f[k];
			uint8_t v = (uint8_t)vh_read(vc, x->off, 1);
			vh_w8(vc, x->off, x->set ? (uint8_t)(v | x->bit)
			                         : (uint8_t)(v & ~x->bit));
		}
	}
}

/* The RX baseband filter in RF 0x1A [14:10] of both paths: 20 MHz bits
 * 11|10, 40 MHz 12|11, 80 MHz 13|10 (rtl88x2eu phydm_hal_api8822e.c
 * config_phydm_switch_bandwidth_8822e; devourer apply_rxbb). */
static inline void e_rxbb(struct vchip *vc, unsigned bw)
{
	uint32_t f = bw == 80 ? 0x09 : bw == 40 ? 0x06 : 0x03;
	for (unsigned p = 0; p < 2; p++)
		c_rf_write(vc, p, 0x1A,
		           (c_rf_read(vc, p, 0x1A) & ~(0x1Fu << 10)) | f << 10);
}

/* The OFDM AGC table of the band, 0x18AC / 0x41AC [8:4]: 0 on 2.4 GHz,
 * 1 / 2 / 3 for channels 36-64 / 100-144 / 149 on
 * (phydm_set_agc_table_8822e); @p table < 0: the channel's. */
static inline void e_agc_table(struct vchip *vc, unsigned ch, int table)
{
	uint32_t t = table >= 0 ? (uint32_t)table
	             : ch <= 14 ? 0 : ch < 100 ? 1 : ch < 149 ? 2 : 3;
	vh_w32(vc, 0x18AC, (vh_read(vc, 0x18AC, 4) & ~0x1F0u) | t << 4);
	vh_w32(vc, 0x41AC, (vh_read(vc, 0x41AC, 4) & ~0x1F0u) | t << 4);
}

/* TX paths as devourer settled them on the BL-M8812EU2: one-stream OFDM
 * on one chain (0x820 [7:0] 0x32, path B, at 5 GHz; 0x31, path A, at
 * 2.4 GHz), 0x1E2C [15:0] 0x0400, CCK on both (0x1A04 [31:28] 0xC)
 * (HalJaguar3.cpp config_channel_8822e; docs/8822e-quirks.md). */
static inline void e_tx_paths(struct vchip *vc, bool band5)
{
	vh_w8(vc, 0x820, band5 ? 0x32 : 0x31);
	vh_write(vc, 0x1E2C, 0x0400, 2);
	vh_w8(vc, 0x1A07, (uint8_t)((vh_read(vc, 0x1A07, 1) & 0x0F) | 0xC0));
}

/* Every TX AGC reference of both paths to @p ref, through the gate
 * 0x1C90 bit 15 the vendor clears first
 * (config_phydm_write_txagc_ref_8822e). */
static inline void e_txagc_ref(struct vchip *vc, unsigned ref)
{
	vh_w32(vc, 0x1C90, vh_read(vc, 0x1C90, 4) & ~(1u << 15));
	static const uint16_t cck[2] = {0x18A0, 0x41A0};
	static const uint16_t ofdm[2] = {0x18E8, 0x41E8};
	for (unsigned p = 0; p < 2; p++) {
		vh_w32(vc, cck[p], (vh_read(vc, cck[p], 4) & ~(0x7Fu << 16)) |
		                       (ref & 0x7F) << 16);
		vh_w32(vc, ofdm[p], (vh_read(vc, ofdm[p], 4) & ~(0x7Fu << 10)) |
		                        (ref & 0x7F) << 10);
	}
}

/* The PA-enable pads after coex: 0x40 |= 0x14030008, 0x64 &= ~0x02040000,
 * 0x64 [29:28] set (devourer RtlJaguar3Device.cpp InitWrite). */
static inline void e_pads(struct vchip *vc)
{
	vh_w32(vc, 0x40, vh_read(vc, 0x40, 4) | 0x14030008u);
	vh_w32(vc, 0x64, (vh_read(vc, 0x64, 4) & ~0x02040000u) | 0x30000000u);
}


/* ---- calibration, register by register ----
 *
 * The 8822E's RF calibration chain as a driver runs it after the radio
 * is set up: the NCTL engine's program (the RF-calibration init table),
 * DACK in the AFE banks 0x3800 (S0 = path A) / 0x3900 (S1 = path B),
 * the software IQK on the NCTL engine, TX gap-K, the DPK bypass. The
 * sequences are the vendor's (rtl88x2eu hal/phydm/halrf/rtl8822e/
 * halrf_8822e.c, halrf_iqk_8822e.c, halrf_txgapk_8822e.c,
 * halrf_dpk_8822e.c) as OpenIPC devourer src/jaguar3/Halrf8822e.cpp
 * ports them; the vendor's microsecond waits between steps are left out
 * (the model's engines complete at once, tests do not sleep). */

/* @p v into the field @p mask of a 32-bit register (odm_set_bb_reg). */
static inline void e_mask(struct vchip *vc, uint16_t a, uint32_t mask,
                          uint32_t v)
{
	unsigned sh = 0;
	while (sh < 31 && !(mask >> sh & 1))
		sh++;
	vh_w32(vc, a, (vh_read(vc, a, 4) & ~mask) | (v << sh & mask));
}

/* The AFE digital block takes a write on its slow clock only: every
 * DACK field is written twice (halrf_wdack_8822e). */
static inline void e_wdack(struct vchip *vc, uint16_t a, uint32_t mask,
                           uint32_t v)
{
	e_mask(vc, a, mask, v);
	e_mask(vc, a, mask, v);
}

/* A field of an RF register: through the window, except RF 0x00, which
 * only the SI port 0x1808 / 0x4108 writes (phydm_hal_api8822e.c
 * config_phydm_write_rf_reg_8822e). */
static inline void e_rf_mask(struct vchip *vc, unsigned p, uint8_t reg,
                             uint32_t mask, uint32_t v)
{
	unsigned sh = 0;
	while (sh < 19 && !(mask >> sh & 1))
		sh++;
	uint32_t nv = (c_rf_read(vc, p, reg) & ~mask) | (v << sh & mask);
	if (reg == 0)
		vh_w32(vc, p ? 0x4108 : 0x1808, nv & 0xFFFFF);
	else
		c_rf_write(vc, p, reg, nv);
}

/* The per-path BB block around the AFE (0x1800 A, 0x4100 B) and the
 * path's AFE bank. */
static inline uint16_t e_bb(unsigned p, unsigned off)
{
	return (uint16_t)((p ? 0x4100 : 0x1800) + off);
}

static inline uint16_t e_bank(unsigned p, unsigned off)
{
	return (uint16_t)((p ? 0x3900 : 0x3800) + off);
}

/* What odm_read_and_config_mp_8822e_cal_init (halrf_rfk_init_8822e.c)
 * writes before the RF-calibration init table: the NCTL clocks (0x1CD0
 * [30:28] = 7, bit 31 clear; 0x1E24 bit 17) and the RX IQ correction
 * enables (0x180C / 0x410C bit 31); then the table's closing rows. The
 * table (array_mp_8822e_cal_init, "01_nctl_8822E_IQK_DPK_V2") is the
 * NCTL engine's program, loaded word by word through 0x1B80; a driver
 * writes all of it. The test writes only its last four rows — the
 * strobe of the program's final word (address 0x3FD) and the closing
 * 0x6, 0x2 — which is what tells the engine the load is complete; the
 * program's content is not the test's to carry. */
static inline void e_cal_init(struct vchip *vc)
{
	e_mask(vc, 0x1CD0, 0xF0000000u, 0x7);
	e_mask(vc, 0x1E24, 1u << 17, 1);
	e_mask(vc, 0x180C, 1u << 31, 1);
	e_mask(vc, 0x410C, 1u << 31, 1);
	vh_w32(vc, 0x1B80, 0x00013FD5);
	vh_w32(vc, 0x1B80, 0x00013FD7);
	vh_w32(vc, 0x1B80, 0x00000006);
	vh_w32(vc, 0x1B80, 0x00000002);
}

/* A bank write checked the vendor's way: a write of a bank can race
 * the engine and leave the bank base reading 0 ("DAC FIFO reset IO
 * race"); then the base is rewritten, up to 100 times
 * (halrf_write_check_afe_8822e). */
static inline void e_afe_write_check(struct vchip *vc, uint16_t a,
                                     uint32_t v)
{
	uint16_t base = (uint16_t)(a & 0xFF00);
	uint32_t again = a == base ? v : 0xEE32001Fu;
	for (unsigned n = 0; n < 100; n++) {
		vh_w32(vc, 0x2DD4, 0);
		vh_w32(vc, a, v);
		vh_w32(vc, a, v);
		vh_w32(vc, 0x2DD4, 0);
		if (vh_read(vc, base, 4) != 0)
			return;
		vh_w32(vc, base, again);
		vh_w32(vc, base, again);
	}
}

/* halrf_dack_soft_rst_8822e: hold, then release, each bank half. */
static inline void e_afe_soft_reset(struct vchip *vc)
{
	static const uint16_t half[4] = {0x3800, 0x382C, 0x3900, 0x392C};
	for (unsigned i = 0; i < 4; i++) {
		e_afe_write_check(vc, half[i], 0xEE30001F);
		e_afe_write_check(vc, half[i], 0xEE32001F);
	}
}

/* halrf_addck_s0_8822e / _s1 with halrf_check_addc_8822e: short the
 * ADC input, let the SAR ADC average its DC, load the complement to
 * the mid code 0x800 into 0x1868 / 0x4168. Whether the engine said
 * done (I and Q). */
static inline bool e_addck(struct vchip *vc, unsigned p)
{
	e_mask(vc, e_bb(p, 0x30), 1u << 30, 0);
	e_mask(vc, e_bb(p, 0x60), 0xF0000000u, 0xF);
	e_mask(vc, e_bb(p, 0x60), 1u << 26, 0);
	e_mask(vc, e_bb(p, 0x60), 1u << 12, 0);     /* ADC input shorted */
	e_mask(vc, e_bb(p, 0x10), 1u << 19, 1);
	e_wdack(vc, e_bank(p, 0x1C), 0x60000, 3);   /* samples averaged */
	e_wdack(vc, e_bank(p, 0x1C), 1u << 16, 0);
	e_wdack(vc, e_bank(p, 0x1C), 1u << 16, 1);
	bool done = vh_read(vc, e_bank(p, 0x78), 4) &
	            vh_read(vc, e_bank(p, 0xA8), 4) & (1u << 12);
	uint32_t i = vh_read(vc, e_bank(p, 0x78), 4) & 0xFFF;
	uint32_t q = vh_read(vc, e_bank(p, 0xA8), 4) & 0xFFF;
	vh_w32(vc, e_bb(p, 0x68),
	       ((0x800u - i) & 0x3FF) | ((0x800u - q) & 0x3FF) << 10);
	e_mask(vc, e_bb(p, 0x10), 1u << 19, 0);
	e_mask(vc, e_bb(p, 0x60), 1u << 12, 1);
	e_mask(vc, e_bb(p, 0x30), 1u << 30, 1);
	return done;
}

/* What one DAC calibration of a path found (the vendor's dm_dack_info):
 * the engines' done reports and the codes read back. */
struct e_dac_result {
	bool msb_done, dc_done;
	uint8_t msbk[2][16];       /* [I/Q][MSB step] */
	uint16_t biask;
	uint8_t dadck[2];          /* [I/Q] */
};

/* halrf_dac_fifo_reset_8822e */
static inline void e_dac_fifo_reset(struct vchip *vc)
{
	for (unsigned p = 0; p < 2; p++) {
		e_mask(vc, e_bank(p, 0x00), 1u << 21, 0);
		e_mask(vc, e_bank(p, 0x2C), 1u << 21, 0);
		e_mask(vc, e_bank(p, 0x00), 1u << 21, 1);
		e_mask(vc, e_bank(p, 0x2C), 1u << 21, 1);
	}
}

/* halrf_dack_s0_8822e / _s1: the 160 MHz calibration clock (0x9B4
 * [16:8] = 0xDB), comparator on, DAC gain in calibration mode, the MSB
 * auto mode; then the DC-offset calibration in the normal gain; then
 * the results read back step by step (halrf_dack_backup_s0_8822e) and
 * loaded into the bank's coefficient words 0xC0.. (I) / 0xD4.. (Q),
 * four MSB steps a word from the highest (halrf_dack_reload_by_path_8822e). */
static inline void e_dac_path(struct vchip *vc, unsigned p,
                              struct e_dac_result *r)
{
	uint32_t clk = vh_read(vc, 0x9B4, 4);
	e_mask(vc, 0x9B4, 0x1FF00, 0xDB);
	e_mask(vc, e_bb(p, 0x30), 1u << 30, 0);
	e_mask(vc, e_bb(p, 0x60), 1u << 30, 1);
	e_mask(vc, e_bb(p, 0x60), 1u << 27, 0);
	e_mask(vc, e_bb(p, 0x10), 1u << 15, 1);
	e_mask(vc, e_bb(p, 0x18), 0x0C000000u, 3);
	e_wdack(vc, e_bank(p, 0x04), 0x3FF00000u, 0x58);
	e_wdack(vc, e_bank(p, 0x30), 0x3FF00000u, 0x58);
	e_dac_fifo_reset(vc);
	e_wdack(vc, e_bank(p, 0x0C), 1u << 1, 0);
	e_wdack(vc, e_bank(p, 0x04), 1u << 0, 1);
	r->msb_done = vh_read(vc, e_bank(p, 0x5C), 4) &
	              vh_read(vc, e_bank(p, 0x8C), 4) & 2;
	e_mask(vc, e_bb(p, 0x18), 0x0C000000u, 0);
	e_wdack(vc, e_bank(p, 0x0C), 1u << 1, 1);
	r->dc_done = vh_read(vc, e_bank(p, 0x70), 4) &
	             vh_read(vc, e_bank(p, 0xA0), 4) & 4;
	e_wdack(vc, e_bank(p, 0x04), 1u << 0, 0);
	e_mask(vc, e_bb(p, 0x10), 1u << 15, 0);
	for (unsigned i = 0; i < 16; i++)
		for (unsigned iq = 0; iq < 2; iq++) {
			e_wdack(vc, e_bank(p, iq * 0x2C), 0x1E, i);
			r->msbk[iq][i] = (uint8_t)(vh_read(vc,
				e_bank(p, iq ? 0xA0 : 0x70), 4) >> 24);
		}
	r->biask = (uint16_t)(vh_read(vc, e_bank(p, 0x78), 4) >> 22);
	r->dadck[0] = (uint8_t)(vh_read(vc, e_bank(p, 0x74), 4) >> 24);
	r->dadck[1] = (uint8_t)(vh_read(vc, e_bank(p, 0xA4), 4) >> 24);
	for (unsigned iq = 0; iq < 2; iq++) {
		unsigned w = 0xC0 + iq * 0x14;
		for (unsigned word = 0; word < 4; word++) {
			uint32_t v = 0;
			for (unsigned b = 0; b < 4; b++)
				v |= (uint32_t)r->msbk[iq][12 - 4 * word + b]
				     << (8 * b);
			e_wdack(vc, e_bank(p, w + 4 * word), 0xFFFFFFFFu, v);
		}
		e_wdack(vc, e_bank(p, w + 0x10), 0xFFFFFFFFu,
		        (uint32_t)r->biask << 16 | (uint32_t)r->dadck[iq] << 8);
	}
	vh_w32(vc, 0x9B4, clk);
	e_dac_fifo_reset(vc);
	e_mask(vc, e_bb(p, 0x30), 1u << 30, 1);
}

/* halrf_dack_val_8822e: the DAC runs on the coefficients loaded into
 * the bank (0xD0 / 0xE4 bit 0 set) or on the engine's own. */
static inline void e_dac_from_regs(struct vchip *vc, bool from_regs)
{
	for (unsigned p = 0; p < 2; p++) {
		e_wdack(vc, e_bank(p, 0xD0), 1u, from_regs);
		e_wdack(vc, e_bank(p, 0xE4), 1u, from_regs);
	}
}

/* halrf_dac_cal_8822e: ADDCK of both paths, then the DAC calibration of
 * both, rerun (after halrf_dack_reset_8822e's 0x1818 / 0x4118 bit 25
 * pulse) while a bank base lacks bit 17, the engine's verdict
 * (halrf_dack_checkfail_8822e), at most 10 times; then the DACs on the
 * loaded coefficients. Whether everything converged. */
static inline bool e_dack(struct vchip *vc)
{
	bool ok = e_addck(vc, 0);
	ok = e_addck(vc, 1) && ok;
	struct e_dac_result r[2];
	bool passed = false;
	for (unsigned run = 0; run <= 10 && !passed; run++) {
		for (unsigned p = 0; p < 2; p++) {
			e_mask(vc, e_bb(p, 0x18), 1u << 25, 0);
			e_mask(vc, e_bb(p, 0x18), 1u << 25, 1);
		}
		e_dac_from_regs(vc, false);
		for (unsigned p = 0; p < 2; p++)
			e_dac_path(vc, p, &r[p]);
		passed = (vh_read(vc, 0x3800, 4) & vh_read(vc, 0x3900, 4) &
		          (1u << 17)) != 0;
	}
	e_dac_from_regs(vc, true);
	return ok && passed && r[0].msb_done && r[0].dc_done &&
	       r[1].msb_done && r[1].dc_done;
}

/* 0x1B00 [2:1]: the NCTL page, the path (0, 1) or subpage 2 whose
 * results 0x1B04..0x1BFC show. */
static inline void e_nctl_page(struct vchip *vc, unsigned page)
{
	e_mask(vc, 0x1B00, 0x6, page);
}

/* One NCTL step (_iqk_one_shot_8822e, _iqk_check_cal_8822e): the
 * command, then again with its go bit; ready (0x2D9C = 0x55), the done
 * word (0x1BFC [15:0] = 0x8000), the fail flag 0x1B08 bit 26 read and
 * cleared with the status 0x1B10 [7:0]. Whether the step passed. */
static inline bool e_nctl(struct vchip *vc, uint32_t cmd)
{
	vh_w32(vc, 0x1B00, cmd);
	vh_w32(vc, 0x1B00, cmd + 1);
	bool fail = !v3_poll8(vc, 0x2D9C, 0xFF, 0x55) ||
	            !vh_poll(vc, 0x1BFC, 2, 0xFFFF, 0x8000, 50000) ||
	            (vh_read(vc, 0x1B08, 4) & (1u << 26));
	e_mask(vc, 0x1B10, 0xFF, 0);
	e_mask(vc, 0x1B08, 1u << 26, 0);
	return !fail;
}

/* The NCTL engine's clock and each path's 3-wire paused around a
 * calibration, or back (_iqk_macbb_setting_8822e,
 * _iqk_macbb_restore_8822e; the gap-K's own per path). */
static inline void e_bb_cal_mode(struct vchip *vc, unsigned paths, bool on)
{
	if (on) {
		e_mask(vc, 0x1E24, 1u << 17, 1);
		e_mask(vc, 0x1CD0, 0x70000000u, 7);
		e_mask(vc, 0x1CD0, 0x80000000u, 0);
	}
	for (unsigned p = 0; p < 2; p++) {
		if (!(paths >> p & 1))
			continue;
		e_mask(vc, e_bb(p, 0x64), 1u << 31, on);
		e_mask(vc, e_bb(p, 0x0C), 1u << 27, on);
		e_mask(vc, e_bb(p, 0x6C), 1u << 7, on);
		e_mask(vc, e_bb(p, 0x0C), 3, on ? 0 : 3);
	}
	e_mask(vc, 0x1A00, 3, on ? 2 : 0);
	if (on)
		vh_w32(vc, 0x1B08, 0x80);
}

/* The AFE of the @p paths in its calibration state: 0x1C38 all ones,
 * the per-state words of 0x1830 / 0x4130 all "on"
 * (_iqk_afe_setting_8822e, which also sets the ADC clock in 0x1830 bit
 * 30 / 0x1860; _halrf_txgapk_afe_iqk_8822e), or back to the normal set,
 * the IQK's (_iqk_afe_restore_8822e) or gap-K's
 * (_halrf_txgapk_afe_iqk_restore_8822e); each followed by the AFE soft
 * reset. */
static inline void e_afe_cal(struct vchip *vc, unsigned paths, bool on,
                             bool gapk)
{
	static const uint32_t iqk_normal[16] = {
		0x700F0001, 0x70144001, 0x70244001, 0x70344001, 0x70444001,
		0x705B0001, 0x70644001, 0x707B0001, 0x708F0001, 0x709F0001,
		0x70AF0001, 0x70BF0001, 0x70CB0001, 0x70DB0001, 0x70EB0001,
		0x70FB0001,
	};
	static const uint32_t gapk_normal[16] = {
		0x700B8041, 0x70144041, 0x70244041, 0x70344041, 0x70444041,
		0x705B8041, 0x70644041, 0x707B8041, 0x708B8041, 0x709B8041,
		0x70AB8041, 0x70BB8041, 0x70CB8041, 0x70DB8041, 0x70EB8041,
		0x70FB8041,
	};
	const uint32_t *normal = gapk ? gapk_normal : iqk_normal;
	vh_w32(vc, 0x1C38, on && gapk ? 0xFFFFFFFFu : 0);
	for (unsigned p = 0; p < 2; p++) {
		if (!(paths >> p & 1))
			continue;
		if (!gapk) {
			e_mask(vc, e_bb(p, 0x30), 1u << 30, on ? 0 : 1);
			if (on)
				e_mask(vc, e_bb(p, 0x60), 0xFFFFF000u, 0xF0001);
		}
		if (on)
			vh_w32(vc, e_bb(p, 0x30), 0x700F0001);
		for (unsigned st = 0; st < 16; st++)
			vh_w32(vc, e_bb(p, 0x30),
			       on ? 0x700F0001u | st << 20 : normal[st]);
		if (on || !gapk)
			vh_w32(vc, e_bb(p, 0x30),
			       on ? 0x70FF0001u : 0x70FB0001u);
	}
	vh_w32(vc, 0x1C38, on ? 0xFFFFFFFFu : 0xFFA1005Eu);
	e_afe_soft_reset(vc);
}

/* What the IQK saves and puts back (_phy_iq_calibrate_8822e's
 * backup_mac_reg, backup_reg, backup_rf_reg; the vendor's BB list names
 * 0x1A14 twice, kept once here). */
struct e_iqk_backup {
	uint32_t mac[4], bb[20], rf[3][2];
};
static const uint16_t e_iqk_mac[4] = {0x0520, 0x001C, 0x00EC, 0x0070};
static const uint16_t e_iqk_bb[20] = {
	0x0820, 0x0824, 0x1C38, 0x1C68, 0x1D60, 0x180C, 0x410C, 0x1C3C,
	0x1A14, 0x1D58, 0x1D70, 0x1864, 0x4164, 0x186C, 0x416C, 0x1E70,
	0x080C, 0x1E7C, 0x18A4, 0x41A4,
};
static const uint8_t e_iqk_rf[3] = {0x19, 0x9E, 0x00};

/* Into the IQK: the backups, the RX paths on, TX paused (0x522, 0x1E70
 * [3:0] = 2; _iqk_tx_pause_8822e), the antenna to WLAN (0x70 [31:24]),
 * the BB and the AFE in calibration mode. */
static inline void e_iqk_enter(struct vchip *vc, struct e_iqk_backup *b)
{
	for (unsigned i = 0; i < 4; i++)
		b->mac[i] = vh_read(vc, e_iqk_mac[i], 4);
	for (unsigned i = 0; i < 20; i++)
		b->bb[i] = vh_read(vc, e_iqk_bb[i], 4);
	for (unsigned i = 0; i < 3; i++)
		for (unsigned p = 0; p < 2; p++)
			b->rf[i][p] = c_rf_read(vc, p, e_iqk_rf[i]);
	e_mask(vc, 0x0824, 0x30000, 3);
	vh_w8(vc, 0x522, 0xFF);
	e_mask(vc, 0x1E70, 0xF, 2);
	e_mask(vc, 0x0070, 0xFF000000u, 0x06);
	e_bb_cal_mode(vc, 3, true);
	e_afe_cal(vc, 3, true, false);
}

/* Out of it (_iqk_afe_restore_8822e, _iqk_macbb_restore_8822e,
 * _iqk_restore_rf_8822e, _iqk_restore_mac_bb_8822e): everything back,
 * then the RX IQ correction of each path in @p rx_ok enabled (0x180C /
 * 0x410C bit 31). */
static inline void e_iqk_leave(struct vchip *vc,
                               const struct e_iqk_backup *b, unsigned rx_ok)
{
	e_afe_cal(vc, 3, false, false);
	for (unsigned p = 0; p < 2; p++) {
		e_rf_mask(vc, p, 0xDE, 1u << 16, 0);
		e_nctl_page(vc, p);
		e_mask(vc, 0x1BCC, 0x3F, 0);
		e_mask(vc, 0x1B20, 1u << 25, 0);
	}
	e_nctl_page(vc, 0);
	vh_w32(vc, 0x1B08, 0);
	e_mask(vc, 0x1D0C, 1u << 16, 1);
	e_mask(vc, 0x1D0C, 1u << 16, 0);
	e_mask(vc, 0x1D0C, 1u << 16, 1);
	e_bb_cal_mode(vc, 3, false);
	for (unsigned p = 0; p < 2; p++) {
		c_rf_write(vc, p, 0xEF, 0);
		e_rf_mask(vc, p, 0xDF, 1u << 4, 0);
	}
	for (unsigned i = 0; i < 3; i++)
		for (unsigned p = 0; p < 2; p++)
			e_rf_mask(vc, p, e_iqk_rf[i], 0xFFFFF, b->rf[i][p]);
	vh_w32(vc, 0x1D70, 0x50505050);
	for (unsigned i = 0; i < 4; i++)
		vh_w32(vc, e_iqk_mac[i], b->mac[i]);
	for (unsigned i = 0; i < 20; i++)
		vh_w32(vc, e_iqk_bb[i], b->bb[i]);
	e_mask(vc, 0x180C, 1u << 31, rx_ok & 1);
	e_mask(vc, 0x410C, 1u << 31, rx_ok >> 1 & 1);
}

/* The IQK's view of the tuned channel from RF 0x18 of path A
 * (_iqk_information_8822e): 5 GHz, and the bandwidth code 0/1/2 for
 * 20/40/80 MHz. */
static inline bool e_iqk_band5(struct vchip *vc)
{
	return c_rf_read(vc, 0, 0x18) & (1u << 16);
}

static inline unsigned e_iqk_bw(struct vchip *vc)
{
	unsigned f = c_rf_read(vc, 0, 0x18) >> 12 & 3;
	return f == 2 ? 1 : f == 1 ? 2 : 0;
}

/* The steps of one path (_iqk_iqk_by_path_8822e): the RF in its IQK
 * mode, LO leakage in two steps with the MAC's PI field cleared
 * (_iqk_5g_txk_8822e / _iqk_2g_txk_8822e), TX IQ; if it passed, the
 * RX gain search (the RX baseband gain the engine picks, RF 0x00 [9:5],
 * must land in 2..9, the LNA moved otherwise;
 * _iqk_5g_rx_gain_search1_8822e) and RX IQ (_iqk_5g_rxk_8822e).
 * Narrowband commands on 2.4 GHz as devourer's port. A part without a
 * result keeps the identity matrix (0x1B38 TX, 0x1B3C RX). Bit 0: TX
 * passed, bit 1: RX passed. */
static inline unsigned e_iqk_path(struct vchip *vc, unsigned p)
{
	bool g5 = e_iqk_band5(vc);
	uint32_t sel = 1u << (4 + p) | 0x8;
	/* the vendor's literal odm_set_rf_reg(path, RF 0x01 - path ...):
	 * RF 0x01 of path A, RF 0x00 of path B, [19:16] = 1 */
	e_rf_mask(vc, p, p ? 0x00 : 0x01, 0xF0000, 1);
	e_rf_mask(vc, p, 0xDF, 0x10, 0);
	e_rf_mask(vc, p, 0xDE, 0x10000, 1);
	e_rf_mask(vc, p, 0x56, 0xC00, 0);
	e_rf_mask(vc, p, 0x56, 0x3E0, g5 ? 0x07 : 0x0F);
	e_rf_mask(vc, p, 0x56, 0x1F, g5 ? 0x0C : 0x05);
	e_rf_mask(vc, p, 0x57, 0x8000, 1);
	if (g5)
		e_rf_mask(vc, p, 0x64, 0x7000, 0);
	else
		e_rf_mask(vc, p, 0x53, 0xE0, 0);
	e_rf_mask(vc, p, 0xEF, 0x10, 1);
	e_rf_mask(vc, p, 0x33, 0x7F, g5 ? 0x20 : 0x00);
	uint16_t pi = p ? 0x00EC : 0x001C;
	uint32_t pi_old = vh_read(vc, pi, 4);
	vh_w32(vc, pi, pi_old & ~0xC0000000u);
	for (unsigned lok = 0; lok < 2; lok++) {
		e_nctl_page(vc, p);
		e_mask(vc, 0x1B10, 0xFF, 0);
		e_mask(vc, 0x1BCC, 0x3F, 0);
		e_mask(vc, 0x1BCC, 0xFC0, 0x09);
		e_mask(vc, 0x1B2C, 0xFFF, 0x038);
		e_nctl(vc, sel | lok << 8);
	}
	vh_w32(vc, pi, pi_old);
	e_rf_mask(vc, p, 0xEF, 0x10, 0);
	if (g5) {
		e_rf_mask(vc, p, 0x56, 0x1F, 0x13);
		e_rf_mask(vc, p, 0x64, 0x7000, 0x01);
	} else {
		e_rf_mask(vc, p, 0x56, 0x3E0, 0x07);
		e_rf_mask(vc, p, 0x56, 0x1F, 0x0C);
		e_rf_mask(vc, p, 0x53, 0xE0, 0x01);
	}
	e_nctl_page(vc, p);
	e_mask(vc, 0x1BCC, 0x3F, 0);
	e_mask(vc, 0x1BCC, 0xFC0, 0x12);
	if (!g5)
		e_mask(vc, 0x1B2C, 0xFFF, 0x0C);
	bool tx = e_nctl(vc, sel | (g5 ? (e_iqk_bw(vc) + 4) << 8 : 0x200));
	bool rx = false;
	if (tx) {
		e_rf_mask(vc, p, 0x9E, 0x20, 0);
		e_rf_mask(vc, p, 0x9E, 0x400, 0);
		e_rf_mask(vc, p, 0x56, 0x3E0, g5 ? 0x00 : 0x04);
		e_nctl_page(vc, p);
		e_mask(vc, 0x1B18, 0x2, 1);
		e_mask(vc, 0x1B24, 0xFFFFF, 0x70408);
		for (unsigned n = 0; n < (g5 ? 4u : 5u); n++) {
			e_nctl_page(vc, p);
			e_mask(vc, 0x1BCC, 0x3F, g5 ? 0x1B : 0x12);
			e_mask(vc, 0x1B2C, 0x0FFF0000u, 0x018);
			rx = e_nctl(vc, sel | 0xF00);
			uint32_t rf0 = c_rf_read(vc, p, 0x00);
			int lna = (int)(rf0 >> 10 & 7);
			uint32_t rxbb = rf0 >> 5 & 0x1F;
			bool settled = rxbb > 1 && rxbb <= 9;
			lna += rxbb > 9 ? 1 : settled ? 0 : -1;
			lna = lna < 0 ? 0 : lna > 7 ? 7 : lna;
			e_nctl_page(vc, p);
			e_mask(vc, 0x1B24, 0x1C00, (uint32_t)lna);
			e_mask(vc, 0x1B24, 0x3E0, rxbb);
			if (settled || !rx)
				break;
		}
		if (!g5 && !rx)
			e_mask(vc, 0x1B24, 0xFFFFF, 0x70108);
		if (rx || !g5) {
			e_nctl_page(vc, p);
			e_mask(vc, 0x1BCC, 0x3F, g5 ? 0x1B : 0x12);
			if (!g5)
				e_mask(vc, 0x1B2C, 0x0FFF0000u, 0x18);
			rx = e_nctl(vc, sel | (g5 ? (e_iqk_bw(vc) + 0xA) << 8
			                          : 0x300));
		}
	}
	e_nctl_page(vc, p);
	if (!tx) {
		vh_w32(vc, 0x1B38, 0x40000000);
		e_mask(vc, 0x1B70, 1u << 8, 0);
	}
	if (!rx) {
		vh_w32(vc, 0x1B3C, 0x40000000);
		e_mask(vc, 0x1B70, 1u, 0);
	}
	return (tx ? 1u : 0) | (rx ? 2u : 0);
}

/* One tap of the TX (rx = 0) or RX correction filter the IQK left on
 * path @p p, real part in [27:16], imaginary in [11:0]
 * (_iqk_backup_txcfir_8822e, _iqk_backup_rxcfir_8822e: the vendor's
 * backup for a later reload). */
static inline uint32_t e_cfir_tap(struct vchip *vc, unsigned p, bool rx,
                                  unsigned tap)
{
	e_nctl_page(vc, p);
	e_mask(vc, 0x1B20, 0xC0000000u, rx ? 1 : 3);
	vh_w32(vc, 0x1BD8, 0x71);
	e_mask(vc, 0x1BD4, 1u << 21, 1);
	e_mask(vc, 0x1BD4, 0x1F0000, 0x10);
	e_mask(vc, 0x1BD8, 0x1F00000, tap);
	uint32_t v = vh_read(vc, 0x1BFC, 4);
	e_mask(vc, 0x1B20, 0xC0000000u, 0);
	vh_w32(vc, 0x1BD8, 0x70);
	return v & 0x0FFF0FFF;
}

/* The software IQK (_phy_iq_calibrate_8822e): both paths, a second
 * pass when a TX part failed. The paths whose TX and RX both passed
 * (bit 0 A, bit 1 B). */
static inline unsigned e_iqk(struct vchip *vc)
{
	struct e_iqk_backup b;
	unsigned ok[2] = {0, 0};
	for (unsigned pass = 0; pass < 2; pass++) {
		e_iqk_enter(vc, &b);
		for (unsigned p = 0; p < 2; p++)
			ok[p] = e_iqk_path(vc, p);
		e_iqk_leave(vc, &b, (ok[0] >> 1) | (ok[1] >> 1) << 1);
		if ((ok[0] & ok[1] & 1) != 0)
			break;
	}
	return (ok[0] == 3 ? 1u : 0) | (ok[1] == 3 ? 2u : 0);
}

/* The TX gain table entry (RF 0x5F [11:0]) of gain step @p i (RF 0x00
 * [7:0] = 1 + 3i) of the band RF 0x18 holds
 * (_halrf_txgapk_save_all_tx_gain_table_8822e). */
static inline uint32_t e_gain_entry(struct vchip *vc, unsigned p, unsigned i)
{
	e_rf_mask(vc, p, 0x00, 0xFF, 1 + 3 * i);
	return c_rf_read(vc, p, 0x5F) & 0xFFF;
}

/* The tuned band's gain table of the NCTL engine's SRAM select 0x1B98
 * [14:12]: 0 2.4 GHz, 2 / 3 / 4 5 GHz channels up to 96 / 144 / above
 * (_halrf_txgapk_write_gain_bb_table_8822e). */
static inline unsigned e_gapk_band(unsigned ch)
{
	return ch <= 14 ? 0 : ch <= 96 ? 2 : ch <= 144 ? 3 : 4;
}

/* One gap measurement of path @p p (_halrf_txgapk_calculate_offset_8822e):
 * the RF in its loop-back, command 0xD19 / 0xD29, then the ten signed
 * 4-bit step offsets (half dB) from 0x1BFC, selects 0x1BD4 [20:16] =
 * 0x12 and 0x1B9C [11:8] = 3 (steps 0-7) and 4 (8-9). Whether the
 * engine reported done. */
static inline bool e_gapk_measure(struct vchip *vc, unsigned p,
                                  int8_t off[10])
{
	unsigned ch = c_rf_read(vc, 0, 0x18) & 0xFF;
	e_nctl_page(vc, p);
	e_rf_mask(vc, p, 0xDE, 0x10000, 1);
	e_rf_mask(vc, p, 0x00, 0xF0000, 5);
	if (ch <= 14) {
		e_rf_mask(vc, p, 0x88, 0x70, 1);
		e_rf_mask(vc, p, 0x88, 0xF, 1);
		e_rf_mask(vc, p, 0xDF, 0x10000, 1);
		e_rf_mask(vc, p, 0x87, 0xC0000, 3);
	} else {
		e_rf_mask(vc, p, 0x8B, 0x700, 0);
		e_rf_mask(vc, p, 0xDF, 0x20000, 1);
		e_rf_mask(vc, p, 0x89, 0x3, 3);
	}
	e_rf_mask(vc, p, 0x00, 0x3E0, 0x0F);
	e_mask(vc, 0x1B98, 0x7000, e_gapk_band(ch));
	uint16_t pi = p ? 0x00EC : 0x001C;
	uint32_t pi_old = vh_read(vc, pi, 4);
	vh_w32(vc, pi, pi_old & ~0xC0000000u);
	e_nctl_page(vc, p);
	e_mask(vc, 0x1BCC, 0x3F, 0x12);
	e_mask(vc, 0x1B2C, 0xFFF, 0x038);
	vh_w32(vc, 0x1B00, p ? 0xD29 : 0xD19);
	bool done = v3_poll8(vc, 0x2D9C, 0xFF, 0x55) &&
	            vh_poll(vc, 0x1BFC, 2, 0xFFFF, 0x8000, 50000);
	e_mask(vc, 0x1B10, 0xFF, 0);
	vh_w32(vc, pi, pi_old);
	e_nctl_page(vc, p);
	e_mask(vc, 0x1BD4, 1u << 21, 1);
	e_mask(vc, 0x1BD4, 0x1F0000, 0x12);
	e_mask(vc, 0x1B9C, 0xF00, 3);
	uint32_t lo = vh_read(vc, 0x1BFC, 4);
	e_mask(vc, 0x1B9C, 0xF00, 4);
	uint32_t hi = vh_read(vc, 0x1BFC, 4) & 0xFF;
	for (unsigned i = 0; i < 10; i++) {
		uint32_t n = (i < 8 ? lo >> (4 * i) : hi >> (4 * (i - 8))) & 0xF;
		off[i] = (int8_t)(n & 8 ? (int)n - 16 : (int)n);
	}
	return done && !(vh_read(vc, 0x1B08, 4) & (1u << 26));
}

/* TX gap-K of the tuned band (halrf_txgapk_8822e): its gain table read
 * from the RF and loaded into the engine's SRAM, TX paused, each path
 * measured with the BB and AFE in calibration mode and restored
 * (_halrf_txgapk_rf_restore_8822e, _halrf_txgapk_bb_iqk_restore_8822e),
 * then the band's eleven entries rewritten through RF 0xEE / 0x33 /
 * 0x3F, each moved by the offsets of the distinct steps above it
 * (_halrf_txgapk_write_tx_gain_8822e, _halrf_txgapk_calculat_tx_gain_8822e:
 * whole steps in the entry, a half step in bit 12). The vendor reads
 * every band's table once per power-up; only the tuned band's is
 * needed here. Whether both measurements completed. */
static inline bool e_gapk(struct vchip *vc)
{
	unsigned ch = c_rf_read(vc, 0, 0x18) & 0xFF;
	unsigned band = e_gapk_band(ch);
	uint32_t base = band == 0 ? 0x20 : 0x200 + 0x80 * (band - 2);
	uint32_t tab[2][11];
	for (unsigned p = 0; p < 2; p++) {
		e_mask(vc, e_bb(p, 0x0C), 3, 0);
		for (unsigned i = 0; i < 11; i++)
			tab[p][i] = e_gain_entry(vc, p, i);
		e_mask(vc, e_bb(p, 0x0C), 3, 3);
		e_nctl_page(vc, p);
		e_mask(vc, 0x1B98, 0x7000, band);
		e_mask(vc, 0x1B9C, 0xFF, 0x88);
		for (unsigned i = 0; i < 11; i++) {
			e_mask(vc, 0x1B98, 0xFFF, tab[p][i]);
			e_mask(vc, 0x1B98, 0xF0000, i);
			e_mask(vc, 0x1B98, 0x8000, 1);
			e_mask(vc, 0x1B98, 0x8000, 0);
		}
	}
	static const uint16_t bb_regs[3] = {0x0520, 0x1E70, 0x1B00};
	uint32_t bb[3], kip[2][2];
	for (unsigned i = 0; i < 3; i++)
		bb[i] = vh_read(vc, bb_regs[i], 4);
	for (unsigned p = 0; p < 2; p++) {
		e_nctl_page(vc, p);
		kip[p][0] = vh_read(vc, 0x1B38, 4);
		kip[p][1] = vh_read(vc, 0x1B20, 4);
	}
	vh_w8(vc, 0x522, 0xFF);
	e_mask(vc, 0x1E70, 0xF, 2);
	int8_t off[2][10];
	bool ok = true;
	for (unsigned p = 0; p < 2; p++) {
		e_bb_cal_mode(vc, 1u << p, true);
		e_afe_cal(vc, 1u << p, true, true);
		ok = e_gapk_measure(vc, p, off[p]) && ok;
		e_rf_mask(vc, p, 0x00, 0xF0000, 3);
		e_rf_mask(vc, p, 0xDE, 0x10000, 0);
		e_rf_mask(vc, p, 0xDF, 0x30000, 0);
		e_afe_cal(vc, 1u << p, false, true);
		e_nctl_page(vc, 0);
		vh_w32(vc, 0x1B08, 0);
		e_mask(vc, 0x1D0C, 1u << 16, 1);
		e_mask(vc, 0x1D0C, 1u << 16, 0);
		e_mask(vc, 0x1D0C, 1u << 16, 1);
		e_bb_cal_mode(vc, 1u << p, false);
	}
	for (unsigned p = 0; p < 2 && ok; p++) {
		c_rf_write(vc, p, 0xEE, 0x10000);
		for (unsigned i = 0; i < 11; i++) {
			int sum = 0;
			for (unsigned j = i; j < 10; j++)
				if ((tab[p][j] & 0xFE0) != (tab[p][j + 1] & 0xFE0))
					sum += off[p][j];
			int half = sum % 2 != 0;
			int whole = sum / 2 - (sum < 0 && half ? 1 : 0);
			uint32_t e = (uint32_t)((int)tab[p][i] + whole +
			                        (half ? 0x1000 : 0)) & 0x1FFF;
			c_rf_write(vc, p, 0x33, base + i);
			c_rf_write(vc, p, 0x3F,
			           (c_rf_read(vc, p, 0x3F) & ~0x7FFFFu) | e << 6);
		}
		c_rf_write(vc, p, 0xEE, 0);
	}
	for (unsigned p = 0; p < 2; p++) {
		e_nctl_page(vc, p);
		vh_w32(vc, 0x1B38, kip[p][0]);
		vh_w32(vc, 0x1B20, kip[p][1]);
	}
	for (unsigned i = 0; i < 3; i++)
		vh_w32(vc, bb_regs[i], bb[i]);
	return ok;
}

/* The DPK forced to bypass on both paths (halrf_dpk_8822e.c
 * _dpk_force_bypass_8822e, which do_dpk_8822e runs on RFE 21/22):
 * subpage 2, 0x1B08 / 0x1B60 [15:14] = 3, 0x1B04 / 0x1B5C [7:0] = 0x5B. */
static inline void e_dpk_bypass(struct vchip *vc)
{
	e_nctl_page(vc, 2);
	e_mask(vc, 0x1B08, 0xC000, 3);
	e_mask(vc, 0x1B04, 0xFF, 0x5B);
	e_mask(vc, 0x1B60, 0xC000, 3);
	e_mask(vc, 0x1B5C, 0xFF, 0x5B);
	e_nctl_page(vc, 0);
}

/* What a station needs besides power and firmware. */
enum {
	E_RX_AGG = 1,    /* 0x10C bit 2: USB RX aggregation on */
	E_RFE_PINS = 2,  /* the RFE pin functions for the band */
	E_EFEM = 4,      /* the eFEM pin-mux (DPDT under the RFE engine) */
	/* the radio: AGC table and RX filter for the channel, TX paths,
	 * TX AGC references at 72 with zero differences, PA pads */
	E_RADIO = 8,
	/* the RF calibration after the radio set-up, each part on its
	 * own (the NCTL program is loaded for any of them) */
	E_DACK = 16,     /* ADDCK and the DAC calibration */
	E_IQK = 32,      /* the software IQK, both paths */
	E_GAPK = 64,     /* TX gap-K of the tuned band */
	E_DPK = 128,     /* the DPK bypass */
	E_CAL = E_DACK | E_IQK | E_GAPK | E_DPK,
	E_FULL = E_RX_AGG | E_RFE_PINS | E_EFEM | E_RADIO | E_CAL,
};

/* The calibration chain a driver runs once the channel is set, the
 * parts @p what asks for (E_DACK ... E_DPK), in the vendor's order: the
 * RF-calibration init table at the BB bring-up, DACK
 * (halrf_dac_cal_8822e), then IQK, TX gap-K and the DPK bypass, and
 * the TX queues the IQK leaves paused resumed (OpenIPC devourer
 * HalJaguar3.cpp run_iqk). Whether every part passed. */
static inline bool e_calibrate(struct vchip *vc, unsigned what)
{
	bool ok = true;
	if (what & E_CAL)
		e_cal_init(vc);
	if (what & E_DACK)
		ok = e_dack(vc) && ok;
	if (what & E_IQK)
		ok = e_iqk(vc) == 3 && ok;
	if (what & E_GAPK)
		ok = e_gapk(vc) && ok;
	if (what & E_DPK)
		e_dpk_bypass(vc);
	vh_w8(vc, 0x522, 0);
	return ok;
}

static inline struct vchip *e_create(const char *name, const char *air_dir,
                                     const char *opts)
{
	return v3_create(name, air_dir, opts ? opts : "chip=8822e");
}

/* Power on, boot rtw8822e_fw.bin, MAC TX/RX, BB/RF on, tuned to ch at
 * 20 MHz, every RX filter open (monitor), and what @p what asks for.
 * NULL on any failure. */
static inline struct vchip *e_station(const char *name, const char *air,
                                      const char *opts, unsigned ch,
                                      unsigned what)
{
	struct vchip *vc = e_create(name, air, opts);
	struct v3_pwr_row rows[E_ENABLE_ROWS];
	struct v3_power p = e_power(rows);
	if (!vc ||
	    !v3_up(vc, &p, &c_fw, "rtw8822e_fw.bin", what & E_RX_AGG)) {
		vchip_destroy(vc);
		return NULL;
	}
	v3_bb_rf_on(vc);
	c_tune(vc, ch, 20, 0);
	if (what & E_RFE_PINS)
		e_rfe_pins(vc, ch > 14);
	if (what & E_EFEM)
		e_efem_pinmux(vc);
	if (what & E_RADIO) {
		e_rxbb(vc, 20);
		e_agc_table(vc, ch, -1);
		e_tx_paths(vc, ch > 14);
		e_txagc_ref(vc, 72);
		e_pads(vc);
	}
	if ((what & E_CAL) && !e_calibrate(vc, what)) {
		vchip_destroy(vc);
		return NULL;
	}
	c_rx_accept(vc);
	c_rx_open(vc);
	return vc;
}

#endif /* DVR_TEST_VHELP_8822E_H */
