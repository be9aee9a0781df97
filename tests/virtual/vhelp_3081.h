/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test helper for the chips with the 3081 CPU (RTL8822B, RTL8821C,
 * RTL8822C, RTL8822E, RTL8814A): what their drivers do the same way at
 * the USB interface, written once and fed each chip's own data from its
 * vhelp_<chip>.h. Power flows as rows and the runner rtw88 phy.c uses
 * for them; the steps around the flow in rtw88 mac.c rtw_mac_power_on;
 * the reserved-page + DDMA firmware download and the CPU start of rtw88
 * mac.c __rtw_download_firmware; the 48-byte TX descriptor and its two
 * checksum rules; the SI-port RF access of the chips that have one; the
 * Jaguar2 monitor RX set-up; and the checks and frames the chips' tests
 * share (EFUSE map, boot, TX rules, firmware IQK, RX of one packet).
 * Independent of hal/ on purpose: these tests check the model, not a
 * driver.
 */
#ifndef DVR_TEST_VHELP_3081_H
#define DVR_TEST_VHELP_3081_H

#include <stdbool.h>

#include "tests/check.h"
#include "tests/le_bytes.h"
#include "tests/virtual/vhelp.h"

/* A chip of the options string opts ("chip=..."; each vhelp_<chip>.h
 * names its own default), on the air in air_dir or alone (NULL). */
static inline struct vchip *v3_create(const char *name, const char *air_dir,
                                      const char *opts)
{
	struct vchip_config cfg = {.name = name, .air_dir = air_dir,
	                           .no_air = air_dir == NULL};
	char err[128];
	if (vchip_config_parse(&cfg, opts, err, sizeof err))
		return NULL;
	struct vchip *vc = NULL;
	if (vchip_create(&cfg, &vc))
		return NULL;
	return vc;
}

/* A firmware image of the firmware directory, whole; NULL if absent. */
static inline uint8_t *v3_load(const char *name, size_t *len)
{
	const char *dir = check_firmware_dir();
	if (!dir)
		return NULL;
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	uint8_t *b = n > 0 ? malloc((size_t)n) : NULL;
	if (!b || fread(b, 1, (size_t)n, f) != (size_t)n) {
		free(b);
		b = NULL;
	}
	fclose(f);
	*len = b ? (size_t)n : 0;
	return b;
}

/* What the model says its engines take (personality_3081.h): a DDMA
 * copy moves 320 bytes a microsecond, the firmware starts in 5 ms. */
#define V3_DDMA_BYTES_PER_US 320
#define V3_FW_BOOT_US 5000

/* the first read of each DDMA copy's OWN and of FW_INIT_RDY after the
 * CPU's enable, in v3_fw_download */
static struct vh_busy_probe v3_ddma_probe, v3_boot_probe;

/* Poll a byte until (v & mask) == want, for 50 ms: ten times the
 * slowest engine of the chip (the firmware's start). */
static inline bool v3_poll8(struct vchip *vc, uint16_t a, uint8_t mask,
                            uint8_t want)
{
	return vh_poll(vc, a, 1, mask, want, 50000);
}

/* ---- power flows ---- */

/* One row of a Realtek power flow (rtw88 main.h struct rtw_pwr_seq_cmd),
 * the USB rows only: masked write, poll, or (mask 0) a pause the host
 * takes, which the model needs no wait for. A cut_only row belongs to
 * one cut of the chip alone (the chip's flow names which). */
struct v3_pwr_row {
	uint16_t reg;
	uint8_t cut_only, poll, mask, value;
};

/* Run a flow as rtw88 phy.c rtw_sub_pwr_seq_parser does: the chip's cut
 * (SYS_CFG1 [15:12], read once a cut_only row comes) against `cut`, the
 * one its cut_only rows are for; each poll for poll_us. 0, or -1 at a
 * poll that never completes. */
static inline int v3_flow(struct vchip *vc, const struct v3_pwr_row *rows,
                          size_t n, unsigned cut, unsigned poll_us)
{
	int chip_cut = -1;
	for (size_t i = 0; i < n; i++) {
		const struct v3_pwr_row *r = &rows[i];
		if (r->cut_only) {
			if (chip_cut < 0)
				chip_cut =
				    (int)((vh_read(vc, 0xF0, 4) >> 12) & 0xF);
			if ((unsigned)chip_cut != cut)
				continue;
		}
		if (!r->mask)
			continue; /* a pause of the host's */
		if (r->poll) {
			if (!vh_poll(vc, r->reg, 1, r->mask, r->value, poll_us))
				return -1;
			continue;
		}
		uint8_t v = r->mask == 0xFF ? 0 : (uint8_t)vh_read(vc, r->reg, 1);
		vh_w8(vc, r->reg, (uint8_t)((v & ~r->mask) | (r->value & r->mask)));
	}
	return 0;
}

/* A chip's power flow: its rows, the cut its cut_only rows are for, and
 * how long its polls may wait. */
struct v3_flow {
	const struct v3_pwr_row *rows;
	size_t n;
	unsigned cut, poll_us;
};

#define V3_FLOW(tbl, cut_, poll_us_)                                         \
	{.rows = (tbl), .n = sizeof(tbl) / sizeof((tbl)[0]), .cut = (cut_),  \
	 .poll_us = (poll_us_)}

static inline int v3_run(struct vchip *vc, const struct v3_flow *f)
{
	return v3_flow(vc, f->rows, f->n, f->cut, f->poll_us);
}

/* rtw88 mac.c rtw_mac_pre_system_cfg, byte by byte: RSV_CTRL 0, the
 * PAPE/LNAON pads to WL/BT select, their LED-pin use off, RFE 4/5 pins
 * on, BB and RF held off. */
static inline void v3_pre_system_cfg(struct vchip *vc)
{
	vh_w8(vc, 0x1C, 0x00);
	vh_set8(vc, 0x67, 0x30, 0);
	vh_set8(vc, 0x4F, 0, 0x06);
	vh_set8(vc, 0x40, 0x04, 0);
	vh_set8(vc, 0x02, 0, 0x03);
	vh_set8(vc, 0x1F, 0, 0x07);
	vh_set8(vc, 0xEF, 0, 0x07);
}

/* What rtw88 mac.c rtw_mac_power_on does after the card-enable flow: on
 * USB, 0xF5 bit 0 clear (usb_f5), then __rtw_mac_init_system_cfg:
 * platform reset release and DDMA enable (0x1080 bits 16 and 8),
 * SYS_FUNC_EN's high byte the chip's sys_func_en (hw_spec), and where
 * the chip has it the PHY request delay 0x1103 [3:0] = 0xC. */
static inline void v3_init_system_cfg(struct vchip *vc, bool usb_f5,
                                      uint8_t sys_func_en,
                                      bool phy_req_delay)
{
	if (usb_f5)
		vh_set8(vc, 0xF5, 0, 0x01);
	vh_w32(vc, 0x1080, vh_read(vc, 0x1080, 4) | 1u << 16 | 1u << 8);
	vh_set8(vc, 0x03, sys_func_en, 0);
	if (phy_req_delay)
		vh_w8(vc, 0x1103,
		      (uint8_t)((vh_read(vc, 0x1103, 1) & 0xF0) | 0x0C));
}

/* A chip's power switch (rtw88 mac.c rtw_mac_power_switch and
 * rtw_mac_power_on): what comes before the card-enable flow (NULL:
 * nothing), the flow, the steps after it (v3_init_system_cfg's
 * arguments), and the card-disable flow (none: n 0). */
struct v3_power {
	void (*pre)(struct vchip *vc);
	struct v3_flow enable;
	bool usb_f5;
	uint8_t sys_func_en;
	bool phy_req_delay;
	struct v3_flow disable;
};

/* 0 on success, -1 at a poll of the flow that never completed. */
static inline int v3_power_on(struct vchip *vc, const struct v3_power *p)
{
	if (p->pre)
		p->pre(vc);
	if (v3_run(vc, &p->enable))
		return -1;
	v3_init_system_cfg(vc, p->usb_f5, p->sys_func_en, p->phy_req_delay);
	return 0;
}

static inline int v3_power_off(struct vchip *vc, const struct v3_power *p)
{
	return v3_run(vc, &p->disable);
}

/* ---- the 48-byte TX descriptor ---- */

/* 48-byte descriptor: TXPKTSIZE, OFFSET 48, LS, QSEL, PKT_OFFSET,
 * USE_RATE + rate (rate < 0: none), bandwidth, EN_HWSEQ; no checksum
 * yet (v3_csum_j2 or v3_csum_j3, by the chip). */
static inline void v3_desc(uint8_t *d, size_t pkt, unsigned qsel, int rate,
                           unsigned bw_code, unsigned pkt_offset)
{
	memset(d, 0, 48 + 8 * pkt_offset);
	put32(d, (uint32_t)pkt | 48u << 16 | 1u << 26);
	put32(d + 4, (uint32_t)qsel << 8 | (uint32_t)pkt_offset << 24);
	if (rate >= 0) {
		put32(d + 12, 1u << 8);
		put32(d + 16, (uint32_t)rate & 0x7F);
	}
	put32(d + 20, bw_code << 5);
	put32(d + 32, 1u << 15); /* EN_HWSEQ */
}

/* The Jaguar2 checksum (8822B, 8821C): XOR of the first 16
 * little-endian words with the checksum word cleared (rtw88 rtw8822b.c
 * rtw8822b_fill_txdesc_checksum, rtw8821c.c
 * rtw8821c_fill_txdesc_checksum) — the 40-byte descriptor's rule, so
 * vhelp.h's. */
static inline void v3_csum_j2(uint8_t *d)
{
	vh_txdesc_csum(d);
}

/* The Jaguar3 checksum (8822C, 8822E): the same XOR over 48 + 8 *
 * PKT_OFFSET bytes (rtw88 rtw8822c.c rtw8822c_fill_txdesc_checksum). */
static inline void v3_csum_j3(uint8_t *d)
{
	unsigned pkt_offset = (d[7] & 0x1F);
	d[28] = d[29] = 0;
	uint16_t x = 0;
	for (size_t i = 0; i < (48 + 8u * pkt_offset) / 2; i++)
		x ^= (uint16_t)(d[2 * i] | d[2 * i + 1] << 8);
	d[28] = (uint8_t)x;
	d[29] = (uint8_t)(x >> 8);
}

/* ---- firmware download ---- */

/* What differs between the chips in the download: the descriptor the
 * reserved page takes (its length, and a function that builds it for
 * `len` bytes of QSEL 0x10 with the chip's checksum), and how long each
 * poll may wait. */
struct v3_fw_chip {
	size_t desc_len;
	void (*desc)(uint8_t *d, size_t len);
	unsigned poll_us;
};

/* One segment through the reserved page and DDMA (rtw88 mac.c
 * download_firmware_to_mem, fw.c rtw_fw_write_data_rsvd_page): `avail`
 * of its `size` bytes from data (the rest, of an image cut short, sent
 * as nothing), in chunks of at most `chunk` bytes stored at page `head`
 * of 128 bytes (rtw88: page 0, 4096-byte chunks). 1 when the chip's
 * checksum status is clean, 0 when it reports an error, -1 when an
 * engine or the page stalled. */
static inline int v3_segment(struct vchip *vc, const struct v3_fw_chip *chip,
                             const uint8_t *data, size_t avail, uint32_t dst,
                             size_t size, unsigned head, size_t chunk)
{
	static uint8_t x[48 + 4096 + 8];
	if (chunk > 4096)
		chunk = 4096;
	vh_w32(vc, 0x1208, vh_read(vc, 0x1208, 4) | 1u << 25);
	for (size_t off = 0; off < size; off += chunk) {
		size_t n = size - off < chunk ? size - off : chunk;
		size_t have = off < avail ? (avail - off < n ? avail - off : n) : 0;
		vh_write(vc, 0x204, 0x8000 | head, 2);
		vh_set8(vc, 0x101, 0x01, 0);
		chip->desc(x, have);
		memcpy(x + chip->desc_len, data + off, have);
		int l = (int)(chip->desc_len + have);
		if (vchip_bulk_out(vc, 0x02, x, (size_t)l, 500) != l)
			return -1;
		if (!vh_poll(vc, 0x205, 1, 0x80, 0x80, chip->poll_us))
			return -1;
		if (!vh_poll(vc, 0x120B, 1, 0x80, 0x00, chip->poll_us))
			return -1;
		vh_w32(vc, 0x1200, 0x18780000u + head * 128u +
		                       (uint32_t)chip->desc_len);
		vh_w32(vc, 0x1204, dst + (uint32_t)off);
		struct timespec t0;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		vh_w32(vc, 0x1208, 1u << 31 | 1u << 29 | (uint32_t)n |
		                       (off ? 1u << 24 : 0));
		uint8_t own = (uint8_t)vh_read(vc, 0x120B, 1);
		if (vh_us_since(&t0) < (long)n / V3_DDMA_BYTES_PER_US) {
			v3_ddma_probe.conclusive++;
			v3_ddma_probe.busy += (own & 0x80) != 0;
		}
		if (!vh_poll(vc, 0x120B, 1, 0x80, 0x00, chip->poll_us))
			return -1;
	}
	return (vh_read(vc, 0x120B, 1) & 0x08) ? 0 : 1;
}

/* The segments of an image as its 64-byte header gives them: DMEM
 * (address 0x20, size 0x24), IMEM (size 0x30, address 0x3C, or imem_dst
 * when that is not negative), EMEM when header byte 0x18 has bit 4
 * (size 0x34, address 0x38); each followed by its 8-byte trailer, size
 * 0 for one the image does not have. */
struct v3_fw_seg {
	uint32_t addr, size;
};

static inline void v3_fw_segments(const uint8_t *fw, long imem_dst,
                                  struct v3_fw_seg seg[3])
{
	uint32_t dmem = le32(fw + 0x24), imem = le32(fw + 0x30);
	uint32_t emem = (fw[0x18] & 0x10) ? le32(fw + 0x34) : 0;
	seg[0] = (struct v3_fw_seg){le32(fw + 0x20) & 0x7FFFFFFF, dmem + 8};
	seg[1] = (struct v3_fw_seg){imem_dst >= 0
	                                ? (uint32_t)imem_dst
	                                : le32(fw + 0x3C) & 0x7FFFFFFF,
	                            imem + 8};
	seg[2] = (struct v3_fw_seg){le32(fw + 0x38) & 0x7FFFFFFF,
	                            emem ? emem + 8 : 0};
}

/* The whole download of an image of len bytes (possibly cut short)
 * whose header says how large it should be, then the CPU start (rtw88
 * mac.c __rtw_download_firmware: CPU off, the queues for the download
 * as download_firmware_reg_backup sets them, platform reset, DL enable,
 * the segments DMEM, IMEM, EMEM, end flow, CPU on), the IMEM segment at
 * imem_dst (negative: the header's address). *seg_fail counts the
 * segments whose checksum failed; the host announces the download done
 * either way, to see that the chip itself refuses a bad image.
 * *start_ns (when not NULL) gets the air time the CPU was started.
 * Returns 0x80 (16-bit) read once right after the start (counted in
 * v3_boot_probe when it came back within the boot time). */
static inline uint32_t v3_fw_download(struct vchip *vc,
                                      const struct v3_fw_chip *chip,
                                      const uint8_t *fw, size_t len,
                                      long imem_dst, int *seg_fail,
                                      uint64_t *start_ns)
{
	struct v3_fw_seg seg[3];
	v3_fw_segments(fw, imem_dst, seg);
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
		int r = v3_segment(vc, chip, fw + (pos < len ? pos : len),
		                   avail, seg[i].addr, seg[i].size, 0, 4096);
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
	if (start_ns)
		*start_ns = air_now_ns();
	vh_set8(vc, 0x03, 0x04, 0);
	uint32_t first = vh_read(vc, 0x80, 2);
	if (vh_us_since(&t0) < V3_FW_BOOT_US) {
		v3_boot_probe.conclusive++;
		v3_boot_probe.busy += !(first & 0x8000);
	}
	return first;
}

/* Booted: FW_INIT_RDY and the four OK bits (rtw88 mac.c
 * download_firmware_validate), waited for budget_us. Returns 0x80
 * (16-bit) after the wait. */
static inline uint32_t v3_fw_wait(struct vchip *vc, unsigned budget_us)
{
	vh_poll(vc, 0x80, 2, 0xCFFF, 0xC078, budget_us);
	return vh_read(vc, 0x80, 2);
}

/* Download and boot the genuine image `name` (of want_len bytes, 0:
 * any); true when every segment was clean and it came up. */
static inline bool v3_boot(struct vchip *vc, const struct v3_fw_chip *chip,
                           const char *name, size_t want_len)
{
	size_t len;
	uint8_t *fw = v3_load(name, &len);
	int fail = 0;
	bool ok = fw && (!want_len || len == want_len);
	if (ok) {
		v3_fw_download(vc, chip, fw, len, -1, &fail, NULL);
		ok = fail == 0 &&
		     (v3_fw_wait(vc, chip->poll_us) & 0xCFFF) == 0xC078;
	}
	free(fw);
	return ok;
}

/* Power on, boot the genuine image `name`, then the MAC's TX and RX:
 * 0x10C 0xF5A0 (with RX aggregation, bit 2, when agg) and CR 0xFF.
 * False when the power-on or the boot failed. */
static inline bool v3_up(struct vchip *vc, const struct v3_power *p,
                         const struct v3_fw_chip *chip, const char *name,
                         bool agg)
{
	if (v3_power_on(vc, p) || !v3_boot(vc, chip, name, 0))
		return false;
	vh_write(vc, 0x10C, 0xF5A0 | (agg ? 0x04 : 0), 2);
	vh_w8(vc, 0x100, 0xFF);
	return true;
}

/* ---- BB, RF, RX ---- */

/* BB and both RF paths on (rtw88 rtw8822b.c rtw8822b_phy_set_param,
 * rtw8822c.c rtw8822c_phy_set_param step 1). */
static inline void v3_bb_rf_on(struct vchip *vc)
{
	vh_set8(vc, 0x02, 0x03, 0);
	vh_set8(vc, 0x1F, 0x07, 0);
	vh_set8(vc, 0xEF, 0x07, 0);
}

/* RF access of the chips with an SI port (rtw88 phy.c
 * rtw_phy_write_rf_reg_sipi / rtw_phy_read_rf): the 3-wire word to the
 * path's port, read through its window; paths C and D the 8814A's
 * (rtw88 rtw8814a.c). */
static const uint16_t v3_rf_port[4] = {0x0C90, 0x0E90, 0x1890, 0x1A90};
static const uint16_t v3_rf_win[4] = {0x2800, 0x2C00, 0x3800, 0x3C00};

static inline void v3_rf_write(struct vchip *vc, unsigned path, uint8_t reg,
                               uint32_t v)
{
	vh_w32(vc, v3_rf_port[path],
	       ((uint32_t)reg << 20 | (v & 0xFFFFF)) & 0x0FFFFFFF);
}

static inline uint32_t v3_rf_read(struct vchip *vc, unsigned path,
                                  uint8_t reg)
{
	return vh_read(vc, (uint16_t)(v3_rf_win[path] + reg * 4u), 4) &
	       0xFFFFF;
}

/* A masked RF write as rtw88 phy.c does it: read, merge, write. */
static inline void v3_rf_mask(struct vchip *vc, unsigned path, uint8_t reg,
                              uint32_t mask, uint32_t v)
{
	uint32_t old = v3_rf_read(vc, path, reg);
	unsigned shift = 0;
	while (shift < 20 && !((mask >> shift) & 1))
		shift++;
	v3_rf_write(vc, path, reg, (old & ~mask) | ((v << shift) & mask));
}

/* Monitor RX: RCR `rcr`, all subtype maps open, MAR all ones when
 * `mar` (multicast the RCR alone does not let in), 32 bytes of PHY
 * status. */
static inline void v3_monitor(struct vchip *vc, uint32_t rcr, bool mar)
{
	vh_w32(vc, 0x608, rcr);
	vh_write(vc, 0x6A0, 0xFFFF, 2);
	vh_write(vc, 0x6A2, 0xFFFF, 2);
	vh_write(vc, 0x6A4, 0xFFFF, 2);
	if (mar) {
		vh_w32(vc, 0x620, 0xFFFFFFFF);
		vh_w32(vc, 0x624, 0xFFFFFFFF);
	}
	vh_w8(vc, 0x60F, 4);
}

/* The Jaguar2 monitor RX set-up OpenIPC devourer uses
 * (src/jaguar2/HalJaguar2.cpp enable_rx): RCR 0xF000002F, MAR all
 * ones. */
static inline void v3_monitor_j2(struct vchip *vc)
{
	v3_monitor(vc, 0xF000002F, true);
}

/* ---- what the chips' tests do alike ---- */

/* A chip the options `opts` describe, which parse, is refused at
 * creation (-EINVAL). */
static inline void v3_check_refused(const char *name, const char *opts,
                                    const char *what)
{
	struct vchip *vc = NULL;
	char err[128];
	struct vchip_config cfg = {.name = name};
	CHECK(vchip_config_parse(&cfg, opts, err, sizeof err) == 0 &&
	      vchip_create(&cfg, &vc) == -EINVAL,
	      what);
}

/* rc of a power-on, and what every 3081 chip shows after one: the
 * POWER_ON milestone and a MAC block that answers (0xEA is what a
 * powered-off block reads). */
static inline void v3_check_powered(struct vchip *vc, int rc,
                                    const char *what)
{
	CHECK_EQ_INT(rc, 0, what);
	CHECK(vh_has_milestone(vc, VCHIP_M_POWER_ON), "POWER_ON milestone");
	CHECK(vh_read(vc, 0x100, 1) != 0xEA, "MAC block answers");
}

/* The auto-LLT (0x208 bit 0) takes the model 500 us: a read back
 * sooner sees it busy (busy_what; one the machine delayed longer proves
 * nothing), and a driver that polls sees it finish. */
static inline void v3_check_auto_llt(struct vchip *vc, const char *busy_what)
{
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	vh_set8(vc, 0x208, 0x01, 0);
	uint8_t first = (uint8_t)vh_read(vc, 0x208, 1);
	if (vh_us_since(&t0) < 500)
		CHECK(first & 0x01, busy_what);
	CHECK(v3_poll8(vc, 0x208, 0x01, 0x00), "auto-LLT done when polled");
}

/* The logical map out of a physical EFUSE as rtw88 efuse.c
 * rtw_dump_logical_efuse_map decodes it: a header byte (or, with its
 * low five bits 0x0F, a pair) names a block of 8 bytes and the words it
 * leaves out; the present words follow. The walk stops at a 0xFF header
 * or at byte `end` of phys (each chip's: where its protected tail
 * starts). log (log_len bytes) starts all 0xFF. false at a block beyond
 * the map. */
static inline bool v3_efuse_logical(const uint8_t *phys, size_t end,
                                    uint8_t *log, size_t log_len)
{
	memset(log, 0xFF, log_len);
	size_t p = 0;
	while (p < end && phys[p] != 0xFF) {
		unsigned blk, wen;
		if ((phys[p] & 0x1F) == 0x0F) {
			blk = (phys[p] >> 5) | (phys[p + 1] >> 4) << 3;
			wen = phys[p + 1] & 0x0F;
			p += 2;
		} else {
			blk = phys[p] >> 4;
			wen = phys[p] & 0x0F;
			p++;
		}
		if (blk * 8 >= log_len)
			return false;
		for (unsigned w = 0; w < 4; w++)
			if (!(wen & (1u << w))) {
				log[blk * 8 + 2 * w] = phys[p++];
				log[blk * 8 + 2 * w + 1] = phys[p++];
			}
	}
	return true;
}

/* A firmware image as a boot case wants it: byte `flip` flipped
 * (negative: none) and cut to `cut` bytes (0: whole). NULL if absent. */
static inline uint8_t *v3_load_bad(const char *name, long flip, size_t cut,
                                   size_t *len)
{
	uint8_t *fw = v3_load(name, len);
	if (!fw)
		return NULL;
	if (flip >= 0 && (size_t)flip < *len)
		fw[flip] ^= 0x10;
	if (cut)
		*len = cut;
	return fw;
}

/* What a boot case of the 8822C and 8822E checks: a good image booted
 * (no segment failed, 0x80 reads 0xC078, FW_BOOTED, the HW feature
 * report answered), a bad one refused (a segment failed, never
 * FW_INIT_RDY, no FW_BOOTED). r is 0x80 after the boot attempt. */
static inline void v3_check_boot(struct vchip *vc, int fail, uint32_t r,
                                 bool expect, const char *what)
{
	if (expect) {
		CHECK_EQ_INT(fail, 0, what);
		CHECK_EQ_HEX(r & 0xCFFF, 0xC078, what);
		CHECK(vh_has_milestone(vc, VCHIP_M_FW_BOOTED), "FW_BOOTED");
		CHECK_EQ_HEX(vh_read(vc, 0x1A0, 1), 0x19, "HW feature report");
	} else {
		CHECK(fail > 0, what);
		CHECK_EQ_HEX(r & 0x8000, 0, "never FW_INIT_RDY");
		CHECK(!vh_has_milestone(vc, VCHIP_M_FW_BOOTED), "no FW_BOOTED");
	}
}

/* Frame f of n bytes (at most 256) behind a 48-byte descriptor of QSEL
 * 0x12 at rate code `rate` and bandwidth code bw_code, checksummed by
 * csum (the chip's rule, or the other to see it refused), on the first
 * bulk OUT endpoint; whether the chip took all of it. */
static inline bool v3_send(struct vchip *vc, const uint8_t *f, size_t n,
                           int rate, unsigned bw_code,
                           void (*csum)(uint8_t *d))
{
	uint8_t x[48 + 256];
	if (n > 256)
		return false;
	v3_desc(x, n, 0x12, rate, bw_code, 0);
	memcpy(x + 48, f, n);
	csum(x);
	return vchip_bulk_out(vc, 0x02, x, 48 + n, 500) == (int)(48 + n);
}

/* The firmware IQK request as rtw88 fw.c rtw_fw_do_iqk sends it: a
 * packet H2C (category 1, 0xFF, command 0x0E, total length 9) with its
 * parameter byte `para` (bit 0 clear, bit 1 segment), on the H2C queue
 * (QSEL 0x13) behind a 48-byte descriptor checksummed by csum; whether
 * the chip took it. */
static inline bool v3_send_iqk(struct vchip *vc, uint8_t para,
                               void (*csum)(uint8_t *d))
{
	uint8_t x[48 + 32];
	v3_desc(x, 32, 0x13, -1, 0, 0);
	memset(x + 48, 0, 32);
	x[48] = 0x01; /* category */
	x[49] = 0xFF; /* packet H2C */
	x[50] = 0x0E; /* IQK */
	x[52] = 9;    /* total length */
	x[56] = para;
	csum(x);
	return vchip_bulk_out(vc, 0x02, x, sizeof x, 500) == (int)sizeof x;
}

/* Until vc has aired `want` frames, for at most 2000 bulk IN reads of
 * 5 ms each: nothing is heard off the air, so each read waits out its
 * timeout. */
static inline void v3_wait_aired_reading(struct vchip *vc, uint64_t want)
{
	static uint8_t buf[48 + 16 + 64];
	struct vchip_stats s;
	for (int i = 0; i < 2000; i++) {
		vchip_get_stats(vc, &s);
		if (s.tx_aired >= want)
			break;
		vchip_bulk_in(vc, 0x81, buf, sizeof buf, 5);
	}
}

/* The TX descriptor rules of a 2T2R station vc (up, on its channel):
 * a good frame taken, and one with PKT_OFFSET 2 at padded_rate, whose
 * checksum also covers the 16 pad bytes; a frame under the other rule
 * (`wrong`; dword 9 set, inside 48 bytes and outside 32, so that the
 * two rules differ) dropped as a bad checksum; three spatial streams
 * dropped as a bad descriptor. bad_csum names the bad-checksum check. */
static inline void v3_check_tx_rules(struct vchip *vc,
                                     void (*good)(uint8_t *d),
                                     void (*wrong)(uint8_t *d),
                                     int padded_rate, const char *bad_csum)
{
	uint8_t f[64], x[48 + 16 + 64];
	vh_frame(f, sizeof f, 1);
	struct vchip_stats s0, s;
	vchip_get_stats(vc, &s0);
	CHECK(v3_send(vc, f, sizeof f, 0x04, 0, good), "good frame taken");
	v3_desc(x, sizeof f, 0x12, padded_rate, 0, 2);
	memset(x + 48, 0x5A, 16);
	memcpy(x + 64, f, sizeof f);
	good(x);
	CHECK_EQ_INT(vchip_bulk_out(vc, 0x02, x, 64 + sizeof f, 500),
	             (int)(64 + sizeof f), "padded frame taken");
	v3_desc(x, sizeof f, 0x12, 0x04, 0, 0);
	memcpy(x + 48, f, sizeof f);
	x[8 * 4 + 4] = 0x77;
	wrong(x);
	vchip_bulk_out(vc, 0x02, x, 48 + sizeof f, 500);
	v3_send(vc, f, sizeof f, 0x1C, 0, good);
	v3_wait_aired_reading(vc, s0.tx_aired + 2);
	vchip_get_stats(vc, &s);
	CHECK_EQ_INT((int)(s.tx_aired - s0.tx_aired), 2, "two frames aired");
	CHECK_EQ_INT((int)(s.tx_bad_checksum - s0.tx_bad_checksum), 1,
	             bad_csum);
	CHECK_EQ_INT((int)(s.tx_bad_desc - s0.tx_bad_desc), 1,
	             "impossible rate dropped and counted");
}

/* A chip's test run: the tests of `plain` (NULL-ended) always, those
 * of `fw` only with the shared firmware present; without it, a line
 * says which (`skipped`) were left out. check_done()'s exit status. */
static inline int v3_run_tests(void (*const plain[])(void),
                               void (*const fw[])(void), const char *skipped)
{
	for (size_t i = 0; plain[i]; i++)
		plain[i]();
	if (!check_firmware_dir()) {
		printf("# shared firmware absent: %s skipped\n", skipped);
		return check_done();
	}
	for (size_t i = 0; fw[i]; i++)
		fw[i]();
	return check_done();
}

/* The first packet of the next aggregate on bulk IN into pkt (the
 * 24-byte RX descriptor, DRV_INFO in 8-byte units at dw0 [19:16], the
 * frame's length at dw0 [13:0]), within `tries` reads of 100 ms; its
 * length, or 0. */
static inline size_t v3_receive_one(struct vchip *vc, uint8_t *pkt,
                                    size_t cap, int tries)
{
	static uint8_t buf[32768];
	for (int t = 0; t < tries; t++) {
		int r = vchip_bulk_in(vc, 0x81, buf, sizeof buf, 100);
		if (r < 24)
			continue;
		uint32_t dw0 = le32(buf);
		size_t tot = 24 + ((dw0 >> 16) & 0xF) * 8 + (dw0 & 0x3FFF);
		if (tot > (size_t)r || tot > cap)
			return 0;
		memcpy(pkt, buf, tot);
		return tot;
	}
	return 0;
}

#endif /* DVR_TEST_VHELP_3081_H */
