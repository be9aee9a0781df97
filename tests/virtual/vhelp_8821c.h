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

#include "tests/virtual/vhelp_3081.h"

/* a hang guard, far beyond what any answer takes (rtw88's IQK poll
 * budget is 300 x 20 ms) */
#define K_DEADLINE_NS 6000000000ull
#define K_DEADLINE_US 6000000u
/* what the 3081 layer says an EFUSE byte takes (personality_3081.h) */
#define K_EFUSE_US 10

static inline struct vchip *k_create(const char *name, const char *air_dir,
                                     const char *opts)
{
	return v3_create(name, air_dir, opts ? opts : "chip=8821c");
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

/* The 8821C USB card-enable rows (rtw88 rtw8821c.c
 * trans_carddis_to_cardemu_8821c, trans_cardemu_to_act_8821c; its 1 ms
 * delay row is left out: the chip asks for nothing to be timed there). */
static const struct v3_pwr_row k_card_enable[] = {
	{0x004A, 0, 0, 0x01, 0x00}, {0x0005, 0, 0, 0x98, 0x00},
	{0x0020, 0, 0, 0x01, 0x01}, {0x0000, 0, 0, 0x20, 0x00},
	{0x0005, 0, 0, 0x1C, 0x00}, {0x0006, 0, 1, 0x02, 0x02},
	{0x0006, 0, 0, 0x01, 0x01}, {0x0005, 0, 0, 0x80, 0x00},
	{0x0005, 0, 0, 0x18, 0x00}, {0x10C3, 0, 0, 0x01, 0x01},
	{0x0005, 0, 0, 0x01, 0x01}, {0x0005, 0, 1, 0x01, 0x00},
	{0x0020, 0, 0, 0x08, 0x08}, {0x007C, 0, 0, 0x02, 0x00},
};

/* Card disable (rtw88 rtw8821c.c trans_act_to_cardemu_8821c, USB rows
 * up to the OFFMAC poll). */
static const struct v3_pwr_row k_card_disable[] = {
	{0x0093, 0, 0, 0x08, 0x00}, {0x001F, 0, 0, 0xFF, 0x00},
	{0x0049, 0, 0, 0x02, 0x00}, {0x0006, 0, 0, 0x01, 0x01},
	{0x0002, 0, 0, 0x02, 0x00}, {0x10C3, 0, 0, 0x01, 0x00},
	{0x0005, 0, 0, 0x02, 0x02}, {0x0005, 0, 1, 0x02, 0x00},
};

/* rtw88 mac.c rtw_mac_pre_system_cfg (3081 branch), the pad and LED
 * words 32-bit as rtw88 writes them. */
static inline void k_pre_system_cfg(struct vchip *vc)
{
	vh_w8(vc, 0x1C, 0x00);
	vh_w32(vc, 0x64, vh_read(vc, 0x64, 4) | 3u << 28);
	vh_w32(vc, 0x4C, vh_read(vc, 0x4C, 4) & ~(3u << 25));
	vh_set8(vc, 0x40, 0x04, 0);
	vh_set8(vc, 0x02, 0, 0x03);
	vh_set8(vc, 0x1F, 0, 0x07);
	vh_set8(vc, 0xEF, 0, 0x07);
}

/* rtw_mac_pre_system_cfg, then the card-enable rows, then 0xF5 bit 0
 * and init_system_cfg (mac.c __rtw_mac_init_system_cfg, 0x03 = 0xD8 as
 * rtw8821c.c hw_spec sys_func_en); the card-disable rows. */
static const struct v3_power k_power = {
	k_pre_system_cfg, V3_FLOW(k_card_enable, 0, K_DEADLINE_US), true, 0xD8,
	true, V3_FLOW(k_card_disable, 0, K_DEADLINE_US),
};

/* The download descriptor of the 8821C: 48 bytes, the Jaguar2
 * checksum (first 32 bytes). */
static inline void k_fw_desc(uint8_t *d, size_t len)
{
	v3_desc(d, len, 0x10, -1, 0, 0);
	v3_csum_j2(d);
}

static const struct v3_fw_chip k_fw = {48, k_fw_desc, K_DEADLINE_US};

/* The whole download of an image of len bytes (possibly cut short),
 * then the CPU start (v3_fw_download); *start_ns is when the CPU was
 * started. Returns 0x80 (16-bit) right after the CPU start. */
static inline uint32_t k_fw_download(struct vchip *vc, const uint8_t *fw,
                                     size_t len, int *seg_fail,
                                     uint64_t *start_ns)
{
	return v3_fw_download(vc, &k_fw, fw, len, -1, seg_fail, start_ns);
}

/* Booted: FW_INIT_RDY and the four OK bits, waited for within the hang
 * guard. */
static inline bool k_fw_ready(struct vchip *vc)
{
	return (v3_fw_wait(vc, K_DEADLINE_US) & 0xCFFF) == 0xC078;
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

/* RF path A, the 8821C's one path (v3_rf_write, v3_rf_read). */
static inline void k_rf_write(struct vchip *vc, uint8_t reg, uint32_t v)
{
	v3_rf_write(vc, 0, reg, v);
}

static inline uint32_t k_rf_read(struct vchip *vc, uint8_t reg)
{
	return v3_rf_read(vc, 0, reg);
}

static inline void k_rf_mask(struct vchip *vc, uint8_t reg, uint32_t mask,
                             uint32_t v)
{
	v3_rf_mask(vc, 0, reg, mask, v);
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
	if (!v3_up(vc, &k_power, &k_fw, "rtw8821c_fw.bin", true))
		return false;
	k_bb_rf_on(vc);
	if (!k_coex_wlan_only(vc, 1))
		return false;
	k_tune(vc, ch, 20, 0);
	v3_monitor_j2(vc);
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
