/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test helper for the RTL8814A personality: program the chip model
 * through its USB interface with the register sequences of the references
 * for this chip (rtw88 rtw8814a_table.c power flows, mac.c firmware
 * download and queue set-up, rtw8814a.c BB/RF enables, RF access and TX
 * power port; the vendor rtl8814au download order as a second valid
 * sequence), and build 40-byte TX descriptors by hand. Independent of
 * hal/ on purpose: these tests check the model, not a driver.
 */
#ifndef DVR_TEST_VHELP_8814A_H
#define DVR_TEST_VHELP_8814A_H

#include <stdbool.h>

#include "tests/virtual/vhelp_8822c.h"

/* One USB row of a power flow: masked write, or poll. */
struct a_pwr_row {
	uint16_t reg;
	uint8_t poll, mask, value;
};

/* rtw88 rtw8814a_table.c init_power_on_8814a,
 * trans_carddis_to_cardemu_8814a, trans_cardemu_to_act_8814a (USB rows) */
static const struct a_pwr_row a_card_enable[] = {
	{0x10C2, 0, 0x02, 0x02}, {0x0012, 0, 0x40, 0x40},
	{0x0015, 0, 0x20, 0x00}, {0x0015, 0, 0x40, 0x00},
	{0x0023, 0, 0x10, 0x00}, {0x0046, 0, 0xFF, 0x00},
	{0x0062, 0, 0xFF, 0x00}, {0x0005, 0, 0x08, 0x00},
	{0x0005, 0, 0x04, 0x00}, {0x0006, 1, 0x02, 0x02},
	{0x0005, 0, 0x08, 0x00}, {0x00F0, 0, 0x80, 0x00},
	{0x0081, 0, 0x30, 0x20}, {0x0005, 0, 0x01, 0x01},
	{0x0005, 1, 0x01, 0x00},
};

/* trans_act_to_cardemu_8814a, trans_cardemu_to_carddis_8814a (USB rows,
 * the 2 us pause left to the host) */
static const struct a_pwr_row a_card_disable[] = {
	{0x0C00, 0, 0xFF, 0x04}, {0x0E00, 0, 0xFF, 0x04},
	{0x1002, 0, 0x01, 0x00}, {0x001F, 0, 0xFF, 0x00},
	{0x0007, 0, 0xFF, 0x28}, {0x0008, 0, 0x02, 0x00},
	{0x0066, 0, 0x80, 0x00}, {0x0041, 0, 0x10, 0x00},
	{0x0042, 0, 0x02, 0x00}, {0x004E, 0, 0x20, 0x20},
	{0x0041, 0, 0x01, 0x00}, {0x0005, 0, 0x02, 0x02},
	{0x0005, 1, 0x02, 0x00}, {0x0003, 0, 0x04, 0x00},
	{0x0080, 0, 0xFF, 0x01}, {0x0081, 0, 0xFF, 0x30},
	{0x0045, 0, 0xFF, 0x00}, {0x0046, 0, 0xFF, 0xFF},
	{0x0047, 0, 0xFF, 0x00}, {0x0015, 0, 0x40, 0x40},
	{0x0015, 0, 0x20, 0x20}, {0x0012, 0, 0x40, 0x00},
	{0x0023, 0, 0x10, 0x10}, {0x0008, 0, 0x02, 0x00},
	{0x0007, 0, 0xFF, 0x20}, {0x001F, 0, 0x02, 0x00},
	{0x0020, 0, 0x02, 0x00}, {0x0021, 0, 0x02, 0x00},
	{0x0076, 0, 0x02, 0x00}, {0x0091, 0, 0xA0, 0xA0},
	{0x0070, 0, 0x08, 0x08}, {0x0005, 0, 0x08, 0x08},
};

static inline int a_flow(struct vchip *vc, const struct a_pwr_row *rows,
                         size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct a_pwr_row *r = &rows[i];
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

/* rtw88 mac.c rtw_mac_power_on for the 8814A: rtw_mac_pre_system_cfg,
 * the card-enable flow, __rtw_mac_init_system_cfg (0x1080 bits 16/8,
 * 0x03 |= 0xDC, 0x1103). 0 on success. */
static inline int a_power_on(struct vchip *vc)
{
	vh_w8(vc, 0x1C, 0x00);
	vh_set8(vc, 0x67, 0x30, 0);
	vh_set8(vc, 0x4F, 0, 0x06);
	vh_set8(vc, 0x40, 0x04, 0);
	vh_set8(vc, 0x02, 0, 0x03);
	vh_set8(vc, 0x1F, 0, 0x07);
	vh_set8(vc, 0xEF, 0, 0x07);
	if (a_flow(vc, a_card_enable,
	           sizeof a_card_enable / sizeof a_card_enable[0]))
		return -1;
	vh_w32(vc, 0x1080, vh_read(vc, 0x1080, 4) | 1u << 16 | 1u << 8);
	vh_set8(vc, 0x03, 0xDC, 0);
	vh_w8(vc, 0x1103, (uint8_t)((vh_read(vc, 0x1103, 1) & 0xF0) | 0x0C));
	return 0;
}

static inline int a_power_off(struct vchip *vc)
{
	return a_flow(vc, a_card_disable,
	              sizeof a_card_disable / sizeof a_card_disable[0]);
}

/* The 40-byte Jaguar1 descriptor: PKT_SIZE, OFFSET 40, LS, QSEL,
 * USE_RATE + rate (rate < 0: none), bandwidth, EN_HWSEQ; checksum over
 * the first 32 bytes (rtw88 rtw8814a.c rtw8814a_fill_txdesc_checksum). */
static inline void a_desc(uint8_t *d, size_t pkt, unsigned qsel, int rate,
                          unsigned bw_code)
{
	memset(d, 0, 40);
	c_put32(d, (uint32_t)pkt | 40u << 16 | 1u << 26);
	c_put32(d + 4, (uint32_t)qsel << 8);
	if (rate >= 0) {
		c_put32(d + 12, 1u << 8);
		c_put32(d + 16, (uint32_t)rate & 0x7F);
	}
	c_put32(d + 20, bw_code << 5);
	c_put32(d + 32, 1u << 15);
	vh_txdesc_csum(d);
}

/* One firmware segment through the reserved page and DDMA, in chunks of
 * at most `chunk` bytes stored at page `head`: the rtw88 way (mac.c
 * download_firmware_to_mem, fw.c rtw_fw_write_data_rsvd_page: page 0,
 * 4096-byte chunks) or the vendor's (rtl8814a_hal_init.c
 * HalROMDownloadFWRSVDPage8814A: the TX boundary page, about 1.5 KiB).
 * 1: checksum clean, 0: error, -1: an engine stalled. */
static inline int a_segment_at(struct vchip *vc, const uint8_t *data,
                               uint32_t dst, size_t size, unsigned head,
                               size_t chunk)
{
	static uint8_t x[40 + 4096];
	if (chunk > 4096)
		chunk = 4096;
	vh_w32(vc, 0x1208, vh_read(vc, 0x1208, 4) | 1u << 25);
	for (size_t off = 0; off < size; off += chunk) {
		size_t n = size - off < chunk ? size - off : chunk;
		vh_write(vc, 0x204, 0x8000 | head, 2);
		vh_set8(vc, 0x101, 0x01, 0);
		a_desc(x, n, 0x10, -1, 0);
		memcpy(x + 40, data + off, n);
		if (vchip_bulk_out(vc, 0x02, x, 40 + n, 500) != (int)(40 + n))
			return -1;
		if (!c_poll8(vc, 0x205, 0x80, 0x80))
			return -1;
		if (!c_poll8(vc, 0x120B, 0x80, 0x00))
			return -1;
		vh_w32(vc, 0x1200, 0x18780000u + head * 128u + 40);
		vh_w32(vc, 0x1204, dst + (uint32_t)off);
		vh_w32(vc, 0x1208, 1u << 31 | 1u << 29 | (uint32_t)n |
		                       (off ? 1u << 24 : 0));
		if (!c_poll8(vc, 0x120B, 0x80, 0x00))
			return -1;
	}
	return (vh_read(vc, 0x120B, 1) & 0x08) ? 0 : 1;
}

static inline int a_segment(struct vchip *vc, const uint8_t *data,
                            uint32_t dst, size_t size)
{
	return a_segment_at(vc, data, dst, size, 0, 4096);
}

/* The segments of an image (header: DMEM at 0x20 size 0x24, IMEM size
 * 0x30 at 0x3C; each followed by its 8-byte trailer). */
static inline void a_fw_segments(const uint8_t *fw, uint32_t *dmem_at,
                                 size_t *dmem, uint32_t *imem_at,
                                 size_t *imem)
{
	*dmem_at = c_le32(fw + 0x20) & 0x7FFFFFFF;
	*dmem = c_le32(fw + 0x24) + 8;
	*imem_at = c_le32(fw + 0x3C) & 0x7FFFFFFF;
	*imem = c_le32(fw + 0x30) + 8;
}

/* rtw88 mac.c __rtw_download_firmware: CPU off, queue overrides,
 * platform reset, DMEM then IMEM, end flow, CPU on, boot poll. Returns
 * 0x80 (16-bit) after the poll; *fails counts segments whose checksum
 * the chip reported bad (the host announces the image either way). */
static inline uint32_t a_fw_download(struct vchip *vc, const uint8_t *fw,
                                     int *fails)
{
	uint32_t dmem_at, imem_at;
	size_t dmem, imem;
	a_fw_segments(fw, &dmem_at, &dmem, &imem_at, &imem);
	*fails = 0;
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
	if (a_segment(vc, fw + 64, dmem_at, dmem) == 1)
		vh_set8(vc, 0x80, 0x60, 0);
	else
		(*fails)++;
	if (a_segment(vc, fw + 64 + dmem, imem_at, imem) == 1)
		vh_set8(vc, 0x80, 0x18, 0);
	else
		(*fails)++;
	vh_w8(vc, 0x100, 0xFF);
	vh_w8(vc, 0x210, 0x04);
	uint16_t c = (uint16_t)vh_read(vc, 0x80, 2);
	vh_write(vc, 0x80, (uint16_t)((c | 1u << 14) & ~1u), 2);
	vh_set8(vc, 0x1D, 0x01, 0);
	vh_set8(vc, 0x03, 0x04, 0);
	vh_poll(vc, 0x80, 2, 0xCFFF, 0xC078, 50000);
	return vh_read(vc, 0x80, 2);
}

/* Download and boot the genuine rtw8814a_fw.bin; true when it came up. */
static inline bool a_boot(struct vchip *vc)
{
	size_t len;
	uint8_t *fw = c_load("rtw8814a_fw.bin", &len);
	int fails = 0;
	bool ok = fw && len == 68320 &&
	          (a_fw_download(vc, fw, &fails) & 0xCFFF) == 0xC078;
	free(fw);
	return ok;
}

/* BB and all four RF paths on, RFE pins to the front end (rtw88
 * rtw8814a.c rtw8814a_phy_set_param, rtw8814a_init_rfe_reg for RFE 1),
 * CCK TX on path B (rtw8814a_config_trx_path). */
static inline void a_bb_rf_on(struct vchip *vc)
{
	vh_set8(vc, 0x02, 0x04, 0);
	vh_set8(vc, 0x1002, 0x03, 0);
	vh_w8(vc, 0x1F, 0x07);
	vh_w8(vc, 0x20, 0x07);
	vh_w8(vc, 0x21, 0x07);
	vh_w8(vc, 0x76, 0x07);
	vh_w32(vc, 0xA04, (vh_read(vc, 0xA04, 4) & 0x00FFFFFFu) | 0x45000000u);
	vh_w32(vc, 0x1994, vh_read(vc, 0x1994, 4) | 0x0F);
	vh_set8(vc, 0x42, 0xF0, 0);
}

static const uint16_t a_lssi[4] = {0x0C90, 0x0E90, 0x1890, 0x1A90};
static const uint16_t a_rfwin[4] = {0x2800, 0x2C00, 0x3800, 0x3C00};

static inline void a_rf_write(struct vchip *vc, unsigned path, uint8_t reg,
                              uint32_t v)
{
	vh_w32(vc, a_lssi[path],
	       ((uint32_t)reg << 20 | (v & 0xFFFFF)) & 0x0FFFFFFF);
}

static inline uint32_t a_rf_read(struct vchip *vc, unsigned path,
                                 uint8_t reg)
{
	return vh_read(vc, (uint16_t)(a_rfwin[path] + reg * 4u), 4) & 0xFFFFF;
}

/* Tune all four paths (RF 0x18 band/bandwidth/channel as on every
 * Jaguar1 BB) with BB 0x8AC [1:0] and the primary sub-channel 0x483. */
static inline void a_tune(struct vchip *vc, unsigned center, unsigned bw,
                          unsigned sc)
{
	uint32_t band = 0;
	if (center >= 36 && center <= 64)
		band = (1u << 16) | (1u << 8);
	else if (center >= 100 && center <= 140)
		band = (3u << 16) | (1u << 8);
	else if (center > 140)
		band = (5u << 16) | (1u << 8);
	uint32_t bwbits = bw == 20 ? 3 : bw == 40 ? 1 : 0;
	uint32_t v8ac = vh_read(vc, 0x8AC, 4);
	vh_w32(vc, 0x8AC, (v8ac & ~3u) | (bw == 20 ? 0 : bw == 40 ? 1 : 2));
	vh_w8(vc, 0x483, (uint8_t)sc);
	for (unsigned p = 0; p < 4; p++)
		a_rf_write(vc, p, 0x18, band | bwbits << 10 | center);
}

/* One TX power index through the packed port (rtw88 rtw8814a.c
 * rtw8814a_set_tx_power_index_by_rate). */
static inline void a_txpower(struct vchip *vc, unsigned path, uint8_t rate,
                             uint8_t index)
{
	vh_w32(vc, 0x1998, 0x00801000u | (uint32_t)index << 24 |
	                       (uint32_t)path << 8 | rate);
}

/* Every rate of every path at one index. */
static inline void a_txpower_all(struct vchip *vc, uint8_t index)
{
	for (unsigned p = 0; p < 4; p++)
		for (unsigned r = 0; r < 0x54; r++)
			a_txpower(vc, p, (uint8_t)r, index);
}

/* The queue set-up of rtw88 mac.c rtw_mac_init for the 8814A on three
 * endpoints: PQ map (VO/MGT/HI high, VI normal, BE/BK low), page counts
 * 32 per queue and the rest public, the auto-LLT (0x208 bit 0, polled
 * clear), DROP_DATA_EN, CR 0x06FF. false when the LLT never finished. */
static inline bool a_queues(struct vchip *vc)
{
	vh_write(vc, 0x10C, 0xF5B0, 2);
	vh_w8(vc, 0x100, 0xFF);
	vh_w32(vc, 0x1330, 0x80000000u);
	vh_write(vc, 0x230, 32, 2);
	vh_write(vc, 0x234, 32, 2);
	vh_write(vc, 0x238, 32, 2);
	vh_write(vc, 0x23C, 32, 2);
	vh_write(vc, 0x240, 1858, 2);
	vh_w32(vc, 0x22C, vh_read(vc, 0x22C, 4) | 1u << 31);
	vh_write(vc, 0x204, 1986, 2);
	vh_set8(vc, 0x208, 0x30, 0xF0);
	vh_w8(vc, 0x20B, 3);
	vh_set8(vc, 0x20D, 0x02, 0);
	vh_set8(vc, 0x208, 0x01, 0);
	if (!c_poll8(vc, 0x208, 0x01, 0x00))
		return false;
	vh_w8(vc, 0x103, 0);
	vh_write(vc, 0x100, 0x06FF, 2);
	return true;
}

/* Monitor RX: the vendor's 8814A setting (RCR AAP/APM/AM/AB, ADF/ACF/AMF,
 * APP_PHYSTS, subtype maps open) with 32 bytes of PHY status. */
static inline void a_monitor(struct vchip *vc)
{
	vh_w32(vc, 0x608, 0x9000380F);
	vh_write(vc, 0x6A0, 0xFFFF, 2);
	vh_write(vc, 0x6A2, 0xFFFF, 2);
	vh_write(vc, 0x6A4, 0xFFFF, 2);
	vh_w8(vc, 0x60F, 4);
}

/* Power on, boot, queues, BB/RF, tuned to ch at 20 MHz, monitor, every
 * TX power index at `index`. NULL on any failure. */
static inline struct vchip *a_station(const char *name, const char *air,
                                      const char *opts, unsigned ch,
                                      uint8_t index)
{
	struct vchip *vc = c_create(name, air, opts ? opts : "chip=8814a");
	if (!vc)
		return NULL;
	if (a_power_on(vc) || !a_boot(vc) || !a_queues(vc)) {
		vchip_destroy(vc);
		return NULL;
	}
	a_bb_rf_on(vc);
	a_tune(vc, ch, 20, 0);
	a_monitor(vc);
	a_txpower_all(vc, index);
	return vc;
}

/* Send a broadcast data frame of len bytes at rate code `rate` on the
 * first bulk OUT endpoint (MGT queue); whether the chip took it. */
static inline bool a_send(struct vchip *vc, size_t len, uint8_t tag,
                          uint8_t rate, unsigned timeout_ms)
{
	static uint8_t f[2048], x[2048 + 40];
	if (len > sizeof f)
		return false;
	vh_frame(f, len, tag);
	a_desc(x, len, 0x12, rate, 0);
	memcpy(x + 40, f, len);
	return vchip_bulk_out(vc, 0x02, x, 40 + len, timeout_ms) ==
	       (int)(40 + len);
}

#endif /* DVR_TEST_VHELP_8814A_H */
