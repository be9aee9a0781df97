/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test helper for the RTL8822C personality: program the chip model
 * through its USB interface the way an 8822C driver must (card enable,
 * reserved-page + DDMA firmware download, RF windows), and build 48-byte
 * TX descriptors by hand from the documented layout. Independent of hal/
 * on purpose: these tests check the model, not a driver. What the
 * 3081-CPU chips do alike (the flow runner, the download, the
 * descriptor) is vhelp_3081.h's; here is the 8822C's own data and steps,
 * which the 8822E shares (vhelp_8822e.h).
 */
#ifndef DVR_TEST_VHELP_8822C_H
#define DVR_TEST_VHELP_8822C_H

#include <stdbool.h>

#include "tests/virtual/vhelp_3081.h"

static inline struct vchip *c_create(const char *name, const char *air_dir,
                                     const char *opts)
{
	return v3_create(name, air_dir, opts ? opts : "chip=8822c");
}

/* The 8822C USB card-enable rows (rtw88 rtw8822c.c
 * trans_carddis_to_cardemu / trans_cardemu_to_act). */
static const struct v3_pwr_row c_card_enable[] = {
	{0x002E, 0, 0, 0x04, 0x04}, {0x002D, 0, 0, 0x01, 0x00},
	{0x007F, 0, 0, 0x80, 0x00}, {0x004A, 0, 0, 0x01, 0x00},
	{0x0005, 0, 0, 0x98, 0x00}, {0x0000, 0, 0, 0x20, 0x00},
	{0x0005, 0, 0, 0x1C, 0x00}, {0x0006, 0, 1, 0x02, 0x02},
	{0xFF1A, 0, 0, 0xFF, 0x00}, {0x002E, 0, 0, 0x08, 0x00},
	{0x0006, 0, 0, 0x01, 0x01}, {0x0005, 0, 0, 0x18, 0x00},
	{0x1018, 0, 0, 0x04, 0x04}, {0x0005, 0, 0, 0x01, 0x01},
	{0x0005, 0, 1, 0x01, 0x00}, {0x001F, 0, 0, 0xC0, 0x80},
	{0x00EF, 0, 0, 0xC0, 0x80}, {0x1045, 0, 0, 0x10, 0x10},
	{0x0010, 0, 0, 0x04, 0x04}, {0x1064, 0, 0, 0x02, 0x02},
};

/* The card-enable rows, then the post-sequence steps of rtw88 mac.c
 * (0xF5, init_system_cfg: platform reset release + DDMA, SYS_FUNC_EN
 * 0xD8). */
static const struct v3_power c_power = {
	NULL, V3_FLOW(c_card_enable, 0, 50000), true, 0xD8, false, {0},
};

/* The download descriptor of the 8822C (and 8822E): 48 bytes, the
 * Jaguar3 checksum. */
static inline void c_fw_desc(uint8_t *d, size_t len)
{
	v3_desc(d, len, 0x10, -1, 0, 0);
	v3_csum_j3(d);
}

static const struct v3_fw_chip c_fw = {48, c_fw_desc, 50000};

/* Whole download + boot of an image of len bytes (possibly cut short)
 * whose header says how large it should be (v3_fw_download). Returns
 * 0x80 (16-bit) after the boot attempt. */
static inline uint32_t c_fw_download(struct vchip *vc, const uint8_t *fw,
                                     size_t len, int *seg_fail)
{
	v3_fw_download(vc, &c_fw, fw, len, -1, seg_fail, NULL);
	return v3_fw_wait(vc, 50000);
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

/* RCR 0xF410400F and the MAR all ones: broadcast and multicast
 * accepted. */
static inline void c_rx_accept(struct vchip *vc)
{
	vh_w32(vc, 0x608, 0xF410400F);
	vh_w32(vc, 0x6A0, 0xFFFFFFFF);
}

/* Then every RX filter open (monitor) with 32 bytes of PHY status. */
static inline void c_rx_open(struct vchip *vc)
{
	vh_write(vc, 0x6A4, 0xFFFF, 2);
	vh_w32(vc, 0x620, 0xFFFFFFFF);
	vh_w32(vc, 0x624, 0xFFFFFFFF);
	vh_w8(vc, 0x60F, 4);
}

/* Power on, boot the genuine image, MAC TX/RX, BB/RF on, tuned to ch at
 * 20 MHz, broadcast and multicast accepted: ready to send. False when the
 * power-on or the firmware download failed. */
static inline bool c_tx_ready(struct vchip *vc, unsigned ch)
{
	if (!v3_up(vc, &c_power, &c_fw, "rtw8822c_fw.bin", true))
		return false;
	v3_bb_rf_on(vc);
	c_tune(vc, ch, 20, 0);
	c_rx_accept(vc);
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
	c_rx_open(vc);
	return vc;
}

#endif /* DVR_TEST_VHELP_8822C_H */
