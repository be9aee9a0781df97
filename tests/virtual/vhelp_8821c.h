/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test helper for the RTL8821C personality: program the chip model through
 * its USB interface the way an 8821C driver must, each sequence written
 * from the references (rtw88 rtw8821c.c power rows, mac.c firmware
 * download, phy.c RF access, rtw8821c.c channel words; the vendor
 * wifi-only coex of the 8821C), and build 48-byte TX descriptors by hand
 * with the Jaguar2 checksum (first 32 bytes, rtw88 rtw8821c.c
 * rtw8821c_fill_txdesc_checksum). Independent of hal/ on purpose: these
 * tests check the model, not a driver. The chip answers some requests
 * only after a while (EFUSE reads, DDMA copies, the firmware's start-up,
 * IQK), so every poll here waits on the condition against a deadline,
 * never a count.
 */
#ifndef DVR_TEST_VHELP_8821C_H
#define DVR_TEST_VHELP_8821C_H

#include <stdbool.h>

#include "tests/virtual/vhelp_8822c.h"

/* a hang guard, far beyond what any answer takes (rtw88's IQK poll
 * budget is 300 x 20 ms) */
#define K_DEADLINE_NS 6000000000ull
#define K_DEADLINE_US 6000000u
/* what the 3081 layer says an EFUSE byte takes (personality_3081.h) */
#define K_EFUSE_US 10

static inline struct vchip *k_create(const char *name, const char *air_dir,
                                     const char *opts)
{
	return c_create(name, air_dir, opts ? opts : "chip=8821c");
}

/* Read a register until (v & mask) == want, as a driver polls
 * (vh_poll), within the hang guard. */
static inline bool k_wait8(struct vchip *vc, uint16_t a, uint8_t mask,
                           uint8_t want)
{
	return vh_poll(vc, a, 1, mask, want, K_DEADLINE_US);
}

static inline bool k_wait32(struct vchip *vc, uint16_t a, uint32_t mask,
                            uint32_t want)
{
	return vh_poll(vc, a, 4, mask, want, K_DEADLINE_US);
}

/* rtw88 mac.c rtw_mac_pre_system_cfg (3081 branch), then the 8821C USB
 * card-enable rows (rtw88 rtw8821c.c trans_carddis_to_cardemu_8821c,
 * trans_cardemu_to_act_8821c; its 1 ms delay row is left out: the chip
 * asks for nothing to be timed there), then 0xF5 bit 0 and
 * init_system_cfg (mac.c __rtw_mac_init_system_cfg, 0x03 = 0xD8 as
 * rtw8821c.c hw_spec sys_func_en). 0 on success. */
static inline int k_power_on(struct vchip *vc)
{
	vh_w8(vc, 0x1C, 0x00);
	vh_w32(vc, 0x64, vh_read(vc, 0x64, 4) | 3u << 28);
	vh_w32(vc, 0x4C, vh_read(vc, 0x4C, 4) & ~(3u << 25));
	vh_set8(vc, 0x40, 0x04, 0);
	vh_set8(vc, 0x02, 0, 0x03);
	vh_set8(vc, 0x1F, 0, 0x07);
	vh_set8(vc, 0xEF, 0, 0x07);
	vh_set8(vc, 0x4A, 0, 0x01);
	vh_set8(vc, 0x05, 0, 0x98);
	vh_set8(vc, 0x20, 0x01, 0);
	vh_set8(vc, 0x00, 0, 0x20);
	vh_set8(vc, 0x05, 0, 0x1C);
	if (!k_wait8(vc, 0x06, 0x02, 0x02))
		return -1;
	vh_set8(vc, 0x06, 0x01, 0);
	vh_set8(vc, 0x05, 0, 0x80);
	vh_set8(vc, 0x05, 0, 0x18);
	vh_set8(vc, 0x10C3, 0x01, 0);
	vh_set8(vc, 0x05, 0x01, 0);
	if (!k_wait8(vc, 0x05, 0x01, 0x00))
		return -1;
	vh_set8(vc, 0x20, 0x08, 0);
	vh_set8(vc, 0x7C, 0, 0x02);
	vh_set8(vc, 0xF5, 0, 0x01);
	vh_w32(vc, 0x1080, vh_read(vc, 0x1080, 4) | 1u << 16 | 1u << 8);
	vh_set8(vc, 0x03, 0xD8, 0);
	vh_w8(vc, 0x1103, (uint8_t)((vh_read(vc, 0x1103, 1) & 0xF0) | 0x0C));
	return 0;
}

/* Card disable (rtw88 rtw8821c.c trans_act_to_cardemu_8821c, USB rows
 * up to the OFFMAC poll). 0 on success. */
static inline int k_power_off(struct vchip *vc)
{
	vh_set8(vc, 0x93, 0, 0x08);
	vh_w8(vc, 0x1F, 0x00);
	vh_set8(vc, 0x49, 0, 0x02);
	vh_set8(vc, 0x06, 0x01, 0);
	vh_set8(vc, 0x02, 0, 0x02);
	vh_set8(vc, 0x10C3, 0, 0x01);
	vh_set8(vc, 0x05, 0x02, 0);
	return k_wait8(vc, 0x05, 0x02, 0x00) ? 0 : -1;
}

/* The Jaguar2 descriptor checksum: XOR of the first 16 words. */
static inline void k_desc_csum(uint8_t *d)
{
	d[28] = d[29] = 0;
	uint16_t x = 0;
	for (size_t i = 0; i < 16; i++)
		x ^= (uint16_t)(d[2 * i] | d[2 * i + 1] << 8);
	d[28] = (uint8_t)x;
	d[29] = (uint8_t)(x >> 8);
}

/* One segment through the reserved page and DDMA (rtw88 mac.c
 * download_firmware_to_mem, fw.c rtw_fw_write_data_rsvd_page). 1 when
 * the chip's checksum status is clean, 0 when it reports an error, -1
 * when the engine or the page stalled. */
static inline int k_segment(struct vchip *vc, const uint8_t *data,
                            size_t avail, uint32_t dst, size_t size)
{
	static uint8_t x[48 + 4096 + 8];
	vh_w32(vc, 0x1208, vh_read(vc, 0x1208, 4) | 1u << 25);
	size_t off = 0;
	bool first = true;
	while (off < size) {
		size_t n = size - off < 4096 ? size - off : 4096;
		size_t have = off < avail ? (avail - off < n ? avail - off : n) : 0;
		vh_write(vc, 0x204, 0x8000, 2);
		vh_set8(vc, 0x101, 0x01, 0);
		c_desc(x, have, 0x10, -1, 0, 0);
		memcpy(x + 48, data + off, have);
		k_desc_csum(x);
		if (vchip_bulk_out(vc, 0x02, x, 48 + have, 500) != (int)(48 + have))
			return -1;
		if (!k_wait8(vc, 0x205, 0x80, 0x80))
			return -1;
		if (!k_wait8(vc, 0x120B, 0x80, 0x00))
			return -1;
		vh_w32(vc, 0x1200, 0x18780000u + 48);
		vh_w32(vc, 0x1204, dst + (uint32_t)off);
		vh_w32(vc, 0x1208, 1u << 31 | 1u << 29 | (uint32_t)n |
		                       (first ? 0 : 1u << 24));
		if (!k_wait8(vc, 0x120B, 0x80, 0x00))
			return -1;
		first = false;
		off += n;
	}
	return (vh_read(vc, 0x120B, 1) & 0x08) ? 0 : 1;
}

/* The whole download of an image of len bytes (possibly cut short)
 * whose 64-byte header says how large it should be (rtw88 mac.c
 * __rtw_download_firmware), then the CPU start. *seg_fail counts the
 * segments whose checksum failed; *start_ns is when the CPU was
 * started. The host announces the download done either way, to see
 * that the chip itself refuses a bad image. Returns 0x80 (16-bit) right
 * after the CPU start. */
static inline uint32_t k_fw_download(struct vchip *vc, const uint8_t *fw,
                                     size_t len, int *seg_fail,
                                     uint64_t *start_ns)
{
	uint32_t dmem = c_le32(fw + 0x24), imem = c_le32(fw + 0x30);
	uint32_t emem = (fw[0x18] & 0x10) ? c_le32(fw + 0x34) : 0;
	struct {
		uint32_t addr, size;
	} seg[3] = {
		{c_le32(fw + 0x20) & 0x7FFFFFFF, dmem + 8},
		{c_le32(fw + 0x3C) & 0x7FFFFFFF, imem + 8},
		{c_le32(fw + 0x38) & 0x7FFFFFFF, emem ? emem + 8 : 0},
	};
	*seg_fail = 0;
	vh_set8(vc, 0x03, 0, 0x04);
	vh_set8(vc, 0x1D, 0, 0x01);
	vh_w8(vc, 0x10D, 0xC0);
	vh_w8(vc, 0x100, 0x05);
	vh_w32(vc, 0x1330, 0x80000000u);
	vh_write(vc, 0x230, 0x200, 2);
	vh_w32(vc, 0x22C, vh_read(vc, 0x22C, 4) | 1u << 31);
	vh_set8(vc, 0x1082, 0, 0x01);
	vh_set8(vc, 0x09, 0, 0x40);
	vh_set8(vc, 0x1082, 0x01, 0);
	vh_set8(vc, 0x09, 0x40, 0);
	vh_write(vc, 0x80, (vh_read(vc, 0x80, 2) & 0x3800) | 0x01, 2);
	size_t pos = 64;
	for (int i = 0; i < 3; i++) {
		if (!seg[i].size)
			continue;
		size_t avail = pos < len ? len - pos : 0;
		int r = k_segment(vc, fw + (pos < len ? pos : len), avail,
		                  seg[i].addr, seg[i].size);
		if (r != 1)
			(*seg_fail)++;
		else
			vh_set8(vc, 0x80, seg[i].addr < 0x200000 ? 0x18 : 0x60, 0);
		pos += seg[i].size;
	}
	vh_w8(vc, 0x100, 0xFF);
	vh_w8(vc, 0x210, 0x04);
	uint16_t c = (uint16_t)vh_read(vc, 0x80, 2);
	vh_write(vc, 0x80, (uint16_t)((c | 1u << 14) & ~1u), 2);
	vh_set8(vc, 0x1D, 0x01, 0);
	*start_ns = air_now_ns();
	vh_set8(vc, 0x03, 0x04, 0);
	return vh_read(vc, 0x80, 2);
}

/* Booted: FW_INIT_RDY and the four OK bits (rtw88 mac.c
 * download_firmware_validate), waited for. */
static inline bool k_fw_ready(struct vchip *vc)
{
	return vh_poll(vc, 0x80, 2, 0xCFFF, 0xC078, K_DEADLINE_US);
}

/* BB and the RF path on (rtw88 rtw8821c.c rtw8821c_phy_set_param). */
static inline void k_bb_rf_on(struct vchip *vc)
{
	uint8_t v = (uint8_t)(vh_read(vc, 0x02, 1) | 0x40);
	vh_w8(vc, 0x02, v);
	vh_w8(vc, 0x02, v | 0x03);
	vh_w8(vc, 0x02, v & (uint8_t)~0x03);
	vh_w8(vc, 0x02, v | 0x03);
	vh_w8(vc, 0x1F, 0x07);
	vh_w8(vc, 0xEF, 0x07);
}

/* RF path A: writes through the SI port (rtw88 phy.c
 * rtw_phy_write_rf_reg_sipi), reads through the 0x2800 window. */
static inline void k_rf_write(struct vchip *vc, uint8_t reg, uint32_t v)
{
	vh_w32(vc, 0x0C90, ((uint32_t)reg << 20 | (v & 0xFFFFF)) & 0x0FFFFFFF);
}

static inline uint32_t k_rf_read(struct vchip *vc, uint8_t reg)
{
	return vh_read(vc, (uint16_t)(0x2800 + reg * 4u), 4) & 0xFFFFF;
}

/* A masked RF write as rtw88 phy.c does it: read, merge, write. */
static inline void k_rf_mask(struct vchip *vc, uint8_t reg, uint32_t mask,
                             uint32_t v)
{
	unsigned shift = 0;
	while (!((mask >> shift) & 1))
		shift++;
	uint32_t old = k_rf_read(vc, reg);
	k_rf_write(vc, reg, (old & ~mask) | ((v << shift) & mask));
}

/* The BB bandwidth word and RF 0x18 of rtw88 rtw8821c.c
 * rtw8821c_set_channel_bb / _rf for a centre channel, bandwidth and
 * primary index (1 upper, 2 lower, 3 uppermost, 4 lowest). */
static inline void k_tune(struct vchip *vc, unsigned center, unsigned bw,
                          unsigned sc)
{
	uint32_t v = vh_read(vc, 0x8AC, 4);
	if (bw == 20)
		v = (v & 0xFFCFFC00u) | 0x10010000u;
	else if (bw == 40)
		v = (v & 0xFF3FF300u) | 0x20020000u | (sc & 0xF) << 2 | 1;
	else
		v = (v & 0xFCFFCF00u) | 0x40040000u | (sc & 0xF) << 2 | 2;
	vh_w32(vc, 0x8AC, v);
	uint32_t r = k_rf_read(vc, 0x18);
	r &= ~((1u << 16) | (3u << 8) | 0xFFu | (3u << 17) | (3u << 10));
	if (center > 14)
		r |= 1u << 16 | 1u << 8;
	r |= center & 0xFF;
	if (center >= 100 && center <= 140)
		r |= 1u << 17;
	else if (center > 140)
		r |= 1u << 18;
	r |= (bw == 20 ? 3u : bw == 40 ? 2u : 1u) << 10;
	k_rf_write(vc, 0x18, r);
}

/* The LTE-coex indirect write (rtw88 util.c ltecoex_reg_write). */
static inline bool k_ltecoex_write(struct vchip *vc, uint16_t off,
                                   uint32_t v)
{
	if (!k_wait32(vc, 0x1700, 1u << 29, 1u << 29))
		return false;
	vh_w32(vc, 0x1704, v);
	vh_w32(vc, 0x1700, 0xC00F0000u | off);
	return true;
}

/* The vendor's wifi-only hardware config and antenna switch for the
 * 8821C (halbtc8821cwifionly.c ex_hal8821c_wifi_only_hw_config and
 * hal8821c_wifi_only_switch_antenna, as OpenIPC devourer
 * src/jaguar2/HalJaguar2.cpp coex_wlan_only_8821c ports them): grant
 * owner WLAN, GNT_WL high and GNT_BT low, PTA tables, and for a board
 * with a switch the BB software driving it at level `level`. */
static inline bool k_coex_wlan_only(struct vchip *vc, unsigned level)
{
	vh_w32(vc, 0x70, vh_read(vc, 0x70, 4) | 1u << 26);
	if (!k_ltecoex_write(vc, 0x38, 0x7700))
		return false;
	vh_w32(vc, 0x6C0, 0xAAAAAAAAu);
	vh_w32(vc, 0x6C4, 0xAAAAAAAAu);
	vh_w32(vc, 0x4C, (vh_read(vc, 0x4C, 4) & ~(3u << 23)) | 2u << 23);
	uint32_t cb4 = vh_read(vc, 0xCB4, 4);
	cb4 = (cb4 & ~0xFFu) | 0x77;
	cb4 = (cb4 & ~(3u << 28)) | (level & 3) << 28;
	vh_w32(vc, 0xCB4, cb4);
	return true;
}

/* Power on, boot the genuine image, MAC TX/RX, BB/RF on, the antenna to
 * WLAN, tuned to ch at 20 MHz, receive filter open with PHY status and
 * the 0x115 fix (rtw88 mac.c rtw_drv_info_cfg): a monitor station.
 * False when a step failed. */
static inline bool k_ready(struct vchip *vc, unsigned ch)
{
	size_t len;
	uint8_t *fw = c_load("rtw8821c_fw.bin", &len);
	int fail = 0;
	uint64_t t0;
	bool ok = fw && k_power_on(vc) == 0;
	if (ok) {
		k_fw_download(vc, fw, len, &fail, &t0);
		ok = fail == 0 && k_fw_ready(vc);
	}
	free(fw);
	if (!ok)
		return false;
	vh_write(vc, 0x10C, 0xF5A0 | 0x04, 2);
	vh_w8(vc, 0x100, 0xFF);
	k_bb_rf_on(vc);
	if (!k_coex_wlan_only(vc, 1))
		return false;
	k_tune(vc, ch, 20, 0);
	vh_w32(vc, 0x608, 0xF000002F); /* OpenIPC devourer Jaguar2 monitor */
	vh_write(vc, 0x6A0, 0xFFFF, 2);
	vh_write(vc, 0x6A2, 0xFFFF, 2);
	vh_write(vc, 0x6A4, 0xFFFF, 2);
	vh_w32(vc, 0x620, 0xFFFFFFFF);
	vh_w32(vc, 0x624, 0xFFFFFFFF);
	vh_w8(vc, 0x60F, 4);
	vh_w8(vc, 0x115, (uint8_t)(vh_read(vc, 0x115, 1) | 0x0F));
	return true;
}

/* A new chip made ready (k_ready); NULL on any failure. */
static inline struct vchip *k_station(const char *name, const char *air,
                                      const char *opts, unsigned ch)
{
	struct vchip *vc = k_create(name, air, opts);
	if (vc && !k_ready(vc, ch)) {
		vchip_destroy(vc);
		vc = NULL;
	}
	return vc;
}

#endif /* DVR_TEST_VHELP_8821C_H */
