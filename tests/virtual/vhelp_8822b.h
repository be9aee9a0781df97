/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test helper for the RTL8822B personality: program the chip model
 * through its USB interface with the register sequences of the references
 * for this chip (rtw88 rtw8822b.c power flows, mac.c firmware download,
 * phy.c RF access, rtw8822b.c channel set), and build 48-byte TX
 * descriptors by hand with the Jaguar2 checksum. Independent of hal/ on
 * purpose: these tests check the model, not a driver. The chip-neutral
 * helpers (register access, polling, file loading) are vhelp.h's and
 * vhelp_8822c.h's.
 */
#ifndef DVR_TEST_VHELP_8822B_H
#define DVR_TEST_VHELP_8822B_H

#include <stdbool.h>

#include "tests/virtual/vhelp_8822c.h"

/* One row of a Realtek power flow (rtw88 main.h struct rtw_pwr_seq_cmd),
 * the USB rows only: masked write, poll, or (mask 0) a pause the host
 * takes, which the model needs no wait for. */
struct b_pwr_row {
	uint16_t reg;
	uint8_t c_cut_only, poll, mask, value;
};

/* rtw88 rtw8822b.c trans_carddis_to_cardemu_8822b and
 * trans_cardemu_to_act_8822b. */
static const struct b_pwr_row b_card_enable[] = {
	{0x004A, 0, 0, 0x01, 0x00}, {0x0005, 0, 0, 0x98, 0x00},
	{0x0012, 0, 0, 0x02, 0x00}, {0x0012, 0, 0, 0x01, 0x01},
	{0x0020, 0, 0, 0x01, 0x01}, {0x0001, 0, 0, 0x00, 0x00}, /* 1 ms */
	{0x0000, 0, 0, 0x20, 0x00}, {0x0005, 0, 0, 0x1C, 0x00},
	{0x0006, 0, 1, 0x02, 0x02}, {0xFF1A, 0, 0, 0xFF, 0x00},
	{0x0006, 0, 0, 0x01, 0x01}, {0x0005, 0, 0, 0x80, 0x00},
	{0x0005, 0, 0, 0x18, 0x00}, {0x10C3, 0, 0, 0x01, 0x01},
	{0x0005, 0, 0, 0x01, 0x01}, {0x0005, 0, 1, 0x01, 0x00},
	{0x0020, 0, 0, 0x08, 0x08}, {0x10A8, 1, 0, 0xFF, 0x00},
	{0x10A9, 1, 0, 0xFF, 0xEF}, {0x10AA, 1, 0, 0xFF, 0x0C},
	{0x0029, 0, 0, 0xFF, 0xF9}, {0x0024, 0, 0, 0x04, 0x00},
	{0x00AF, 0, 0, 0x20, 0x20},
};

/* rtw88 rtw8822b.c trans_act_to_cardemu_8822b and
 * trans_cardemu_to_carddis_8822b. */
static const struct b_pwr_row b_card_disable[] = {
	{0x0093, 0, 0, 0x08, 0x00}, {0x001F, 0, 0, 0xFF, 0x00},
	{0x00EF, 0, 0, 0xFF, 0x00}, {0xFF1A, 0, 0, 0xFF, 0x30},
	{0x0049, 0, 0, 0x02, 0x00}, {0x0006, 0, 0, 0x01, 0x01},
	{0x0002, 0, 0, 0x02, 0x00}, {0x10C3, 0, 0, 0x01, 0x00},
	{0x0005, 0, 0, 0x02, 0x02}, {0x0005, 0, 1, 0x02, 0x00},
	{0x0020, 0, 0, 0x08, 0x00}, {0x0000, 0, 0, 0x20, 0x20},
	{0x0007, 0, 0, 0xFF, 0x20}, {0x0067, 0, 0, 0x20, 0x00},
	{0x004A, 0, 0, 0x01, 0x00}, {0x0081, 0, 0, 0xC0, 0x00},
	{0x0005, 0, 0, 0x18, 0x08}, {0x0090, 0, 0, 0x02, 0x00},
};

/* Run a flow as rtw88 phy.c rtw_sub_pwr_seq_parser does: the chip's cut
 * (SYS_CFG1 [15:12], 2 = C) picks the C-cut rows. 0, or -1 at a poll
 * that never completes. */
static inline int b_flow(struct vchip *vc, const struct b_pwr_row *rows,
                         size_t n)
{
	bool c_cut = ((vh_read(vc, 0xF0, 4) >> 12) & 0xF) == 2;
	for (size_t i = 0; i < n; i++) {
		const struct b_pwr_row *r = &rows[i];
		if (r->c_cut_only && !c_cut)
			continue;
		if (!r->mask)
			continue; /* a pause of the host's */
		if (r->poll) {
			if (!c_poll8(vc, r->reg, r->mask, r->value))
				return -1;
			continue;
		}
		uint8_t v = r->mask == 0xFF ? 0 : (uint8_t)vh_read(vc, r->reg, 1);
		vh_w8(vc, r->reg, (uint8_t)((v & ~r->mask) | (r->value & r->mask)));
	}
	return 0;
}

/* rtw88 mac.c rtw_mac_power_on for the 8822B: the pre-system set-up
 * (rtw_mac_pre_system_cfg), card enable, 0xF5 bit 0 clear, then
 * __rtw_mac_init_system_cfg (platform reset release and DDMA enable,
 * SYS_FUNC_EN 0xDC, PHY request delay). 0 on success. */
static inline int b_power_on(struct vchip *vc)
{
	vh_w8(vc, 0x1C, 0x00);
	vh_set8(vc, 0x67, 0x30, 0);
	vh_set8(vc, 0x4F, 0, 0x06);
	vh_set8(vc, 0x40, 0x04, 0);
	vh_set8(vc, 0x02, 0, 0x03);
	vh_set8(vc, 0x1F, 0, 0x07);
	vh_set8(vc, 0xEF, 0, 0x07);
	if (b_flow(vc, b_card_enable,
	           sizeof b_card_enable / sizeof b_card_enable[0]))
		return -1;
	vh_set8(vc, 0xF5, 0, 0x01);
	vh_w32(vc, 0x1080, vh_read(vc, 0x1080, 4) | 1u << 16 | 1u << 8);
	vh_set8(vc, 0x03, 0xDC, 0);
	vh_w8(vc, 0x1103, (uint8_t)((vh_read(vc, 0x1103, 1) & 0xF0) | 0x0C));
	return 0;
}

static inline int b_power_off(struct vchip *vc)
{
	return b_flow(vc, b_card_disable,
	              sizeof b_card_disable / sizeof b_card_disable[0]);
}

/* The Jaguar2 TX-descriptor checksum: XOR of the first 16 little-endian
 * words with the checksum word cleared (rtw88 rtw8822b.c
 * rtw8822b_fill_txdesc_checksum). */
static inline void b_desc_csum(uint8_t *d)
{
	d[28] = d[29] = 0;
	uint16_t x = 0;
	for (size_t i = 0; i < 16; i++)
		x ^= (uint16_t)(d[2 * i] | d[2 * i + 1] << 8);
	d[28] = (uint8_t)x;
	d[29] = (uint8_t)(x >> 8);
}

/* One segment through the reserved page and DDMA (rtw88 mac.c
 * download_firmware_to_mem, fw.c rtw_fw_write_data_rsvd_page). Returns 1
 * when the chip's checksum status is clean, 0 when it reports an error,
 * -1 when an engine stalled. */
static inline int b_segment(struct vchip *vc, const uint8_t *data,
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
		b_desc_csum(x);
		if (vchip_bulk_out(vc, 0x02, x, 48 + have, 500) != (int)(48 + have))
			return -1;
		if (!c_poll8(vc, 0x205, 0x80, 0x80))
			return -1;
		if (!c_poll8(vc, 0x120B, 0x80, 0x00))
			return -1;
		vh_w32(vc, 0x1200, 0x18780000u + 48);
		vh_w32(vc, 0x1204, dst + (uint32_t)off);
		vh_w32(vc, 0x1208, 1u << 31 | 1u << 29 | (uint32_t)n |
		                       (first ? 0 : 1u << 24));
		if (!c_poll8(vc, 0x120B, 0x80, 0x00))
			return -1;
		first = false;
		off += n;
	}
	return (vh_read(vc, 0x120B, 1) & 0x08) ? 0 : 1;
}

/* The whole download of an image of len bytes (possibly cut short) whose
 * header says how large it should be (rtw88 mac.c
 * __rtw_download_firmware: CPU off, queues for the download, platform
 * reset, the segments DMEM, IMEM, EMEM, end flow, CPU on), the IMEM
 * segment at imem_dst (negative: the header's address). *seg_fail counts
 * segments whose checksum failed; the host announces the download done
 * either way, to see that the chip itself refuses a bad image. *first
 * gets 0x80 (16-bit) as read once right after the CPU was enabled
 * (counted in c_boot_probe when it came back within the boot time).
 * Returns 0x80 (16-bit) after the boot poll. */
static inline uint32_t b_fw_download(struct vchip *vc, const uint8_t *fw,
                                     size_t len, long imem_dst,
                                     int *seg_fail, uint32_t *first)
{
	uint32_t dmem = c_le32(fw + 0x24), imem = c_le32(fw + 0x30);
	uint32_t emem = (fw[0x18] & 0x10) ? c_le32(fw + 0x34) : 0;
	struct {
		uint32_t addr, size;
	} seg[3] = {
		{c_le32(fw + 0x20) & 0x7FFFFFFF, dmem + 8},
		{imem_dst >= 0 ? (uint32_t)imem_dst
		               : c_le32(fw + 0x3C) & 0x7FFFFFFF, imem + 8},
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
		int r = b_segment(vc, fw + (pos < len ? pos : len), avail,
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
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	vh_set8(vc, 0x1D, 0x01, 0);
	vh_set8(vc, 0x03, 0x04, 0);
	*first = vh_read(vc, 0x80, 2);
	if (vh_us_since(&t0) < C_FW_BOOT_US) {
		c_boot_probe.conclusive++;
		c_boot_probe.busy += !(*first & 0x8000);
	}
	vh_poll(vc, 0x80, 2, 0xCFFF, 0xC078, 50000);
	return vh_read(vc, 0x80, 2);
}

/* Download and boot rtw8822b_fw.bin; true when it came up. */
static inline bool b_boot(struct vchip *vc)
{
	size_t len;
	uint8_t *fw = c_load("rtw8822b_fw.bin", &len);
	int fail = 0;
	uint32_t first;
	bool ok = fw && (b_fw_download(vc, fw, len, -1, &fail, &first) &
	                 0xCFFF) == 0xC078;
	free(fw);
	return ok;
}

/* BB and both RF paths on (rtw88 rtw8822b.c rtw8822b_phy_set_param). */
static inline void b_bb_rf_on(struct vchip *vc)
{
	vh_set8(vc, 0x02, 0x03, 0);
	vh_set8(vc, 0x1F, 0x07, 0);
	vh_set8(vc, 0xEF, 0x07, 0);
}

/* RF access (rtw88 phy.c rtw_phy_write_rf_reg_sipi / rtw_phy_read_rf):
 * 3-wire word to 0xC90 / 0xE90, read through 0x2800 / 0x2C00. */
static inline void b_rf_write(struct vchip *vc, unsigned path, uint8_t reg,
                              uint32_t v)
{
	vh_w32(vc, path ? 0x0E90 : 0x0C90,
	       ((uint32_t)reg << 20 | (v & 0xFFFFF)) & 0x0FFFFFFF);
}

static inline uint32_t b_rf_read(struct vchip *vc, unsigned path,
                                 uint8_t reg)
{
	return vh_read(vc, (uint16_t)((path ? 0x2C00 : 0x2800) + reg * 4u), 4) &
	       0xFFFFF;
}

static inline void b_rf_mask(struct vchip *vc, unsigned path, uint8_t reg,
                             uint32_t mask, uint32_t v)
{
	uint32_t old = b_rf_read(vc, path, reg);
	unsigned shift = 0;
	while (shift < 20 && !((mask >> shift) & 1))
		shift++;
	b_rf_write(vc, path, reg, (old & ~mask) | ((v << shift) & mask));
}

/* rtw88 rtw8822b.c rtw8822b_set_channel_bb (bandwidth part) and
 * rtw8822b_set_channel_rf: 0x8AC with the primary index sc, then RF 0x18
 * read from path A, merged and written to both paths. */
static inline void b_tune(struct vchip *vc, unsigned ch, unsigned bw,
                          unsigned sc)
{
	uint32_t v = vh_read(vc, 0x8AC, 4);
	if (bw == 20)
		v &= 0xFFCFFC00u;
	else if (bw == 40)
		v = (v & 0xFF3FF300u) | (uint32_t)(sc & 0xF) << 2 | 1;
	else
		v = (v & 0xFCEFCF00u) | (uint32_t)(sc & 0xF) << 2 | 2;
	vh_w32(vc, 0x8AC, v);
	uint32_t r = b_rf_read(vc, 0, 0x18);
	r &= ~(uint32_t)(1u << 16 | 1u << 9 | 1u << 8 | 0xFF | 3u << 17 |
	                 3u << 10);
	if (ch > 14)
		r |= 1u << 16 | 1u << 8;
	r |= ch & 0xFF;
	if (ch > 144)
		r |= 1u << 18;
	else if (ch >= 80)
		r |= 1u << 17;
	r |= (bw == 20 ? 3u : bw == 40 ? 2u : 1u) << 10;
	b_rf_write(vc, 0, 0x18, r);
	b_rf_write(vc, 1, 0x18, r);
}

/* Power on, boot the genuine image, queue map and CR, BB/RF on, tuned to
 * ch at 20 MHz, and the Jaguar2 monitor RX set-up OpenIPC devourer uses
 * (src/jaguar2/HalJaguar2.cpp enable_rx: RCR 0xF000002F, all subtype
 * maps open, MAR all ones, 32 bytes of PHY status). NULL on any
 * failure. */
static inline struct vchip *b_station(const char *name, const char *air,
                                      const char *opts, unsigned ch)
{
	struct vchip *vc = c_create(name, air, opts);
	if (!vc || b_power_on(vc) || !b_boot(vc)) {
		vchip_destroy(vc);
		return NULL;
	}
	vh_write(vc, 0x10C, 0xF5A0 | 0x04, 2);
	vh_write(vc, 0x100, 0x06FF, 2);
	b_bb_rf_on(vc);
	b_tune(vc, ch, 20, 0);
	vh_w32(vc, 0x608, 0xF000002F);
	vh_write(vc, 0x6A0, 0xFFFF, 2);
	vh_write(vc, 0x6A2, 0xFFFF, 2);
	vh_write(vc, 0x6A4, 0xFFFF, 2);
	vh_w32(vc, 0x620, 0xFFFFFFFF);
	vh_w32(vc, 0x624, 0xFFFFFFFF);
	vh_w8(vc, 0x60F, 4);
	return vc;
}

#endif /* DVR_TEST_VHELP_8822B_H */
