/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test helper for the RTL8822E personality: program the chip model
 * through its USB interface the way an 8822E driver must, from the
 * references (the vendor driver OpenHD/rtl88x2eu and OpenIPC devourer
 * src/jaguar3/), not from hal/. What the 8822E shares with the 8822C —
 * the reserved-page + DDMA firmware download, the 48-byte TX descriptor,
 * the RF windows, RF 0x18 and 0x9B0 — is vhelp_8822c.h's; what is its
 * own is here: the card-enable rows, the OTP read with its power cut and
 * burst mode, the RFE pins and the eFEM pin-mux, the RX aggregation the
 * RX DMA needs.
 */
#ifndef DVR_TEST_VHELP_8822E_H
#define DVR_TEST_VHELP_8822E_H

#include "tests/virtual/vhelp_8822c.h"

/* The 8822E USB card-enable rows (rtl88x2eu halmac_pwr_seq_8822e.c
 * TRANS_CARDDIS_TO_CARDEMU_8822E, TRANS_CARDEMU_TO_ACT_8822E; row 5
 * clears 0x05 bits 4:3 where the 8822C's clears 0x98), then 0xF5 bit 0
 * and init_system_cfg (platform reset release + DDMA, SYS_FUNC_EN high
 * byte 0xD8, halmac_init_8822e.c init_system_cfg_8822e). 0 on success. */
static inline int e_power_on(struct vchip *vc)
{
	vh_set8(vc, 0x2E, 0x04, 0);
	vh_set8(vc, 0x2D, 0, 0x01);
	vh_set8(vc, 0x7F, 0, 0x80);
	vh_set8(vc, 0x4A, 0, 0x01);
	vh_set8(vc, 0x05, 0, 0x18);
	vh_set8(vc, 0x00, 0, 0x20);
	vh_set8(vc, 0x05, 0, 0x1C);
	if (!c_poll8(vc, 0x06, 0x02, 0x02))
		return -1;
	vh_w8(vc, 0xFF1A, 0x00);
	vh_set8(vc, 0x2E, 0, 0x08);
	vh_set8(vc, 0x06, 0x01, 0);
	vh_set8(vc, 0x05, 0, 0x18);
	vh_set8(vc, 0x1018, 0x04, 0);
	vh_set8(vc, 0x05, 0x01, 0);
	if (!c_poll8(vc, 0x05, 0x01, 0x00))
		return -1;
	vh_set8(vc, 0x1F, 0x80, 0xC0);
	vh_set8(vc, 0xEF, 0x80, 0xC0);
	vh_set8(vc, 0x1045, 0x10, 0);
	vh_set8(vc, 0x10, 0x04, 0);
	vh_set8(vc, 0x1064, 0x02, 0);
	vh_set8(vc, 0xF5, 0, 0x01);
	vh_w32(vc, 0x1080, vh_read(vc, 0x1080, 4) | 1u << 16 | 1u << 8);
	vh_set8(vc, 0x03, 0xD8, 0);
	return 0;
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

/* What a station needs besides power and firmware. */
enum {
	E_RX_AGG = 1,    /* 0x10C bit 2: USB RX aggregation on */
	E_RFE_PINS = 2,  /* the RFE pin functions for the band */
	E_EFEM = 4,      /* the eFEM pin-mux (DPDT under the RFE engine) */
	/* the radio: AGC table and RX filter for the channel, TX paths,
	 * TX AGC references at 72 with zero differences, PA pads */
	E_RADIO = 8,
	E_FULL = E_RX_AGG | E_RFE_PINS | E_EFEM | E_RADIO,
};

static inline struct vchip *e_create(const char *name, const char *air_dir,
                                     const char *opts)
{
	return c_create(name, air_dir, opts ? opts : "chip=8822e");
}

/* Power on, boot rtw8822e_fw.bin, MAC TX/RX, BB/RF on, tuned to ch at
 * 20 MHz, every RX filter open (monitor), and what @p what asks for.
 * NULL on any failure. */
static inline struct vchip *e_station(const char *name, const char *air,
                                      const char *opts, unsigned ch,
                                      unsigned what)
{
	struct vchip *vc = e_create(name, air, opts);
	size_t len;
	uint8_t *fw = c_load("rtw8822e_fw.bin", &len);
	int fail = 0;
	bool ok = vc && fw && e_power_on(vc) == 0 &&
	          (c_fw_download(vc, fw, len, &fail) & 0xCFFF) == 0xC078;
	free(fw);
	if (!ok) {
		vchip_destroy(vc);
		return NULL;
	}
	vh_write(vc, 0x10C, 0xF5A0 | (what & E_RX_AGG ? 0x04 : 0), 2);
	vh_w8(vc, 0x100, 0xFF);
	c_bb_rf_on(vc);
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
	vh_w32(vc, 0x608, 0xF410400F);
	vh_w32(vc, 0x6A0, 0xFFFFFFFF);
	vh_write(vc, 0x6A4, 0xFFFF, 2);
	vh_w32(vc, 0x620, 0xFFFFFFFF);
	vh_w32(vc, 0x624, 0xFFFFFFFF);
	vh_w8(vc, 0x60F, 4);
	return vc;
}

#endif /* DVR_TEST_VHELP_8822E_H */
