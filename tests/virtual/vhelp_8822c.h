/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test helper for the RTL8822C personality: program the chip model
 * through its USB interface the way an 8822C driver must (card enable,
 * reserved-page + DDMA firmware download, RF windows), and build 48-byte
 * TX descriptors by hand from the documented layout. Independent of hal/
 * on purpose: these tests check the model, not a driver.
 */
#ifndef DVR_TEST_VHELP_8822C_H
#define DVR_TEST_VHELP_8822C_H

#include <stdbool.h>

#include "tests/virtual/vhelp.h"

static inline uint32_t c_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline void c_put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static inline struct vchip *c_create(const char *name, const char *air_dir,
                                     const char *opts)
{
	struct vchip_config cfg = {.name = name, .air_dir = air_dir,
	                           .no_air = air_dir == NULL};
	char err[128];
	if (vchip_config_parse(&cfg, opts ? opts : "chip=8822c", err,
	                       sizeof err))
		return NULL;
	struct vchip *vc = NULL;
	if (vchip_create(&cfg, &vc))
		return NULL;
	return vc;
}

/* What the model says its engines take (personality_3081.h): a DDMA
 * copy moves 320 bytes a microsecond, the firmware starts in 5 ms. */
#define C_DDMA_BYTES_PER_US 320
#define C_FW_BOOT_US 5000

/* the first read of each DDMA copy's OWN and of FW_INIT_RDY after the
 * CPU's enable, in c_fw_download */
static struct vh_busy_probe c_ddma_probe, c_boot_probe;

/* Poll a byte until (v & mask) == want, for 50 ms: ten times the
 * slowest engine of the chip (the firmware's start). */
static inline bool c_poll8(struct vchip *vc, uint16_t a, uint8_t mask,
                           uint8_t want)
{
	return vh_poll(vc, a, 1, mask, want, 50000);
}

/* The 8822C USB card-enable rows (rtw88 rtw8822c.c
 * trans_carddis_to_cardemu / trans_cardemu_to_act), then the
 * post-sequence steps of rtw88 mac.c. 0 on success. */
static inline int c_power_on(struct vchip *vc)
{
	vh_set8(vc, 0x2E, 0x04, 0);
	vh_set8(vc, 0x2D, 0, 0x01);
	vh_set8(vc, 0x7F, 0, 0x80);
	vh_set8(vc, 0x4A, 0, 0x01);
	vh_set8(vc, 0x05, 0, 0x98);
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
	/* init_system_cfg: platform reset release + DDMA, SYS_FUNC_EN */
	vh_w32(vc, 0x1080, vh_read(vc, 0x1080, 4) | 1u << 16 | 1u << 8);
	vh_set8(vc, 0x03, 0xD8, 0);
	return 0;
}

/* 48-byte descriptor: TXPKTSIZE, OFFSET 48, LS, QSEL, PKT_OFFSET,
 * USE_RATE + rate, bandwidth; checksum over 48 + 8 * pkt_offset bytes
 * (the 8822C rule). */
static inline void c_desc(uint8_t *d, size_t pkt, unsigned qsel, int rate,
                          unsigned bw_code, unsigned pkt_offset)
{
	memset(d, 0, 48 + 8 * pkt_offset);
	c_put32(d, (uint32_t)pkt | 48u << 16 | 1u << 26);
	c_put32(d + 4, (uint32_t)qsel << 8 | (uint32_t)pkt_offset << 24);
	if (rate >= 0) {
		c_put32(d + 12, 1u << 8);
		c_put32(d + 16, (uint32_t)rate & 0x7F);
	}
	c_put32(d + 20, bw_code << 5);
	c_put32(d + 32, 1u << 15); /* EN_HWSEQ */
}

static inline void c_desc_csum(uint8_t *d)
{
	unsigned pkt_offset = (d[7] & 0x1F);
	d[28] = d[29] = 0;
	uint16_t x = 0;
	for (size_t i = 0; i < (48 + 8u * pkt_offset) / 2; i++)
		x ^= (uint16_t)(d[2 * i] | d[2 * i + 1] << 8);
	d[28] = (uint8_t)x;
	d[29] = (uint8_t)(x >> 8);
}

static inline uint8_t *c_load(const char *name, size_t *len)
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

/* One segment through the reserved page and DDMA (rtw88 mac.c
 * download_firmware_to_mem). Returns 1 when the chip's checksum status
 * is clean, 0 when it reports an error, -1 when the engine stalled. */
static inline int c_segment(struct vchip *vc, const uint8_t *data,
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
		c_desc_csum(x);
		if (vchip_bulk_out(vc, 0x02, x, 48 + have, 500) != (int)(48 + have))
			return -1;
		if (!c_poll8(vc, 0x205, 0x80, 0x80))
			return -1;
		if (!c_poll8(vc, 0x120B, 0x80, 0x00))
			return -1;
		vh_w32(vc, 0x1200, 0x18780000u + 48);
		vh_w32(vc, 0x1204, dst + (uint32_t)off);
		struct timespec t0;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		vh_w32(vc, 0x1208, 1u << 31 | 1u << 29 | (uint32_t)n |
		                       (first ? 0 : 1u << 24));
		uint8_t own = (uint8_t)vh_read(vc, 0x120B, 1);
		if (vh_us_since(&t0) < (long)n / C_DDMA_BYTES_PER_US) {
			c_ddma_probe.conclusive++;
			c_ddma_probe.busy += (own & 0x80) != 0;
		}
		if (!c_poll8(vc, 0x120B, 0x80, 0x00))
			return -1;
		first = false;
		off += n;
	}
	return (vh_read(vc, 0x120B, 1) & 0x08) ? 0 : 1;
}

/* Whole download + boot of an image of len bytes (possibly cut short)
 * whose header says how large it should be. Returns 0x80 (16-bit) after
 * the boot attempt, or 0xFFFF when a segment failed its checksum and
 * the CPU was started anyway (the chip still must not boot). */
static inline uint32_t c_fw_download(struct vchip *vc, const uint8_t *fw,
                                     size_t len, int *seg_fail)
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
	/* CPU off, queues for the download (rtw88 mac.c
	 * download_firmware_reg_backup), platform reset, DL enable */
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
		int r = c_segment(vc, fw + (pos < len ? pos : len), avail,
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
	/* the host announces the download done either way, to see that
	 * the chip itself refuses a bad image */
	vh_write(vc, 0x80, (uint16_t)((c | 1u << 14) & ~1u), 2);
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	vh_set8(vc, 0x1D, 0x01, 0);
	vh_set8(vc, 0x03, 0x04, 0);
	uint32_t early = vh_read(vc, 0x80, 2);
	if (vh_us_since(&t0) < C_FW_BOOT_US) {
		c_boot_probe.conclusive++;
		c_boot_probe.busy += !(early & 0x8000);
	}
	vh_poll(vc, 0x80, 2, 0xCFFF, 0xC078, 50000);
	return vh_read(vc, 0x80, 2);
}

/* BB and both RF paths on (rtw88 rtw8822c.c phy_set_param step 1). */
static inline void c_bb_rf_on(struct vchip *vc)
{
	vh_set8(vc, 0x02, 0x03, 0);
	vh_set8(vc, 0x1F, 0x07, 0);
	vh_set8(vc, 0xEF, 0x07, 0);
}

static inline void c_rf_write(struct vchip *vc, unsigned path, uint8_t reg,
                              uint32_t v)
{
	vh_w32(vc, (uint16_t)((path ? 0x4C00 : 0x3C00) + reg * 4u), v & 0xFFFFF);
}

static inline uint32_t c_rf_read(struct vchip *vc, unsigned path, uint8_t reg)
{
	return vh_read(vc, (uint16_t)((path ? 0x4C00 : 0x3C00) + reg * 4u), 4) &
	       0xFFFFF;
}

/* RF 0x18 of both paths (rtw88 rtw8822c.c rtw8822c_set_channel_rf) and
 * the BB primary sub-channel 0x9B0 [11:8]. */
static inline void c_tune(struct vchip *vc, unsigned center, unsigned bw,
                          unsigned sc)
{
	uint32_t v = vh_read(vc, 0x9B0, 4);
	vh_w32(vc, 0x9B0, (v & ~0xFF0Fu) | (bw == 20 ? 0 : bw == 40 ? 5 : 0xA) |
	                      (uint32_t)(sc | sc << 4) << 8);
	uint32_t r = center;
	if (center > 14)
		r |= 1u << 16 | 1u << 8;
	if (center >= 100 && center <= 144)
		r |= 1u << 17;
	if (center >= 149)
		r |= 1u << 18;
	r |= (bw == 20 ? 3u : bw == 40 ? 2u : 1u) << 12;
	for (unsigned p = 0; p < 2; p++)
		c_rf_write(vc, p, 0x18, r);
}

/* Power on, boot the genuine image, MAC TX/RX, BB/RF on, tuned to ch at
 * 20 MHz, broadcast and multicast accepted: ready to send. False when the
 * power-on or the firmware download failed. */
static inline bool c_tx_ready(struct vchip *vc, unsigned ch)
{
	size_t len;
	uint8_t *fw = c_load("rtw8822c_fw.bin", &len);
	int fail = 0;
	bool ok = fw && c_power_on(vc) == 0 &&
	          (c_fw_download(vc, fw, len, &fail) & 0xCFFF) == 0xC078;
	free(fw);
	if (!ok)
		return false;
	vh_write(vc, 0x10C, 0xF5A0 | 0x04, 2);
	vh_w8(vc, 0x100, 0xFF);
	c_bb_rf_on(vc);
	c_tune(vc, ch, 20, 0);
	vh_w32(vc, 0x608, 0xF410400F);
	vh_w32(vc, 0x6A0, 0xFFFFFFFF);
	return true;
}

/* A station: c_tx_ready, then every RX filter open (monitor);
 * NULL on any failure. */
static inline struct vchip *c_station(const char *name, const char *air,
                                      const char *opts, unsigned ch)
{
	struct vchip *vc = c_create(name, air, opts);
	if (!vc || !c_tx_ready(vc, ch)) {
		vchip_destroy(vc);
		return NULL;
	}
	vh_write(vc, 0x6A4, 0xFFFF, 2);
	vh_w32(vc, 0x620, 0xFFFFFFFF);
	vh_w32(vc, 0x624, 0xFFFFFFFF);
	vh_w8(vc, 0x60F, 4);
	return vc;
}

#endif /* DVR_TEST_VHELP_8822C_H */
