/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822C EFUSE: the logical map of an RTL8812CU stick (768 bytes,
 * layout of rtw88 rtw8822c.h struct rtw8822c_efuse / rtw8822cu_efuse),
 * stored in the 512-byte physical array in the Realtek block format, and
 * the byte-read engine at REG_EFUSE_CTRL (0x30) that the driver drives
 * one physical address at a time (rtw88 efuse.c
 * rtw_dump_physical_efuse_map). Programming is not modelled.
 */
#include <string.h>

#include "libdevourer/virtual/personality_8822c.h"
#include "libdevourer/virtual/vchip_regs_8822c.h"

/* logical offsets (rtw88 rtw8822c.h) */
#define EF_RTL_ID 0x00
#define EF_USB_MODE 0x06   /* bit 7: USB3 switch allowed */
#define EF_TXPWR 0x10      /* 4 paths x 42 bytes (rtw88 main.h) */
#define EF_TXPWR_PATH 42
#define EF_CHANNEL_PLAN 0xB8
#define EF_XTAL 0xB9
#define EF_IQK_LCK 0xBB
#define EF_RF_BOARD 0xC1
#define EF_RF_BT 0xC3
#define EF_SWING_2G 0xC6
#define EF_SWING_5G 0xC7
#define EF_TXPWR_CAL 0xC8
#define EF_RFE 0xCA
#define EF_COUNTRY 0xCB
#define EF_THERMAL_A 0xD0
#define EF_THERMAL_B 0xD1
#define EF_RX_GAIN_GAP 0xD4 /* 0xD4-0xDC */
#define EF_USB_VID 0x150
#define EF_USB_PID 0x152
#define EF_USB_MAC 0x157

#define C22_THERMAL 0x20   /* both paths; the model's meter reads it */

static void build_logical(struct vchip *vc)
{
	uint8_t *m = c22(vc)->efuse_log;
	memset(m, 0xFF, C22_EFUSE_LOG);
	m[EF_RTL_ID] = 0x29; /* 0x8129 */
	m[EF_RTL_ID + 1] = 0x81;
	/* Bit 7 invites a driver to switch the link to USB3 (rtw88
	 * rtw8822c.c rtw8822c_read_efuse usb_mode_switch): a USB3 stick
	 * that enumerates at high speed is meant to be switched (rtw88
	 * usb.c switches by default, module parameter switch_usb_mode);
	 * whether the port can do SuperSpeed is the pad's answer, not
	 * the EFUSE's. */
	m[EF_USB_MODE] = vc->cfg.efuse_stay_usb2 ? 0x00 : 0x80;
	/* TX power index table (rtw88 main.h struct rtw_txpwr_idx), paths
	 * A and B programmed, C and D blank as on a 2T2R part:
	 *  [0..5] 2.4 GHz CCK bases per channel group, [6..10] 2.4 GHz
	 *  BW40 bases, [11..17] per-stream differences, [18..31] 5 GHz
	 *  BW40 bases, [32..41] 5 GHz differences (all 0 here). */
	for (unsigned p = 0; p < 2; p++) {
		uint8_t *t = &m[EF_TXPWR + p * EF_TXPWR_PATH];
		memset(t, 0x00, EF_TXPWR_PATH);
		memset(t, 0x3A, 6);
		memset(t + 6, 0x3C, 5);
		memset(t + 18, 0x46, 14);
	}
	m[EF_CHANNEL_PLAN] = 0x7F;  /* world-wide */
	m[EF_XTAL] = 0x3F;          /* 7-bit crystal cap */
	m[EF_IQK_LCK] = 0x00;
	m[EF_RF_BOARD] = 0x00;      /* regd 0, no BT coexistence (8812CU) */
	m[EF_RF_BT] = 0x00;
	m[EF_SWING_2G] = 0x00;
	m[EF_SWING_5G] = 0x00;
	m[EF_TXPWR_CAL] = 0x00;     /* power tracking enabled */
	m[EF_RFE] = 0x01;           /* one of rtw88's RFE 0-6 */
	m[EF_COUNTRY] = 'U';
	m[EF_COUNTRY + 1] = 'S';
	m[EF_THERMAL_A] = C22_THERMAL;
	m[EF_THERMAL_B] = C22_THERMAL;
	memset(&m[EF_RX_GAIN_GAP], 0x00, 9);
	m[EF_USB_VID] = (uint8_t)vc->usb.vid;
	m[EF_USB_VID + 1] = (uint8_t)(vc->usb.vid >> 8);
	m[EF_USB_PID] = (uint8_t)vc->usb.pid;
	m[EF_USB_PID + 1] = (uint8_t)(vc->usb.pid >> 8);
	memcpy(&m[EF_USB_MAC], vc->mac_addr, 6);
}

/* Realtek physical format: per 8-byte logical block that holds any
 * programmed word, a header — one byte (block << 4 | word-enable) for
 * blocks below 16, else two bytes ((block & 7) << 5 | 0x0F, then
 * (block >> 3) << 4 | word-enable) — followed by the present words; a
 * clear word-enable bit marks a present word and 0xFF ends the map. The
 * protected tail of the array is never part of it. */
static void encode_physical(struct vchip *vc)
{
	struct c22_state *s = c22(vc);
	uint8_t *ph = s->efuse_phys;
	size_t o = 0, limit = C22_EFUSE_PHYS - C22_EFUSE_PTCT;
	memset(ph, 0xFF, C22_EFUSE_PHYS);
	for (unsigned blk = 0; blk < C22_EFUSE_LOG / 8; blk++) {
		const uint8_t *b = &s->efuse_log[blk * 8];
		uint8_t wen = 0x0F;
		unsigned words = 0;
		for (unsigned w = 0; w < 4; w++)
			if (b[2 * w] != 0xFF || b[2 * w + 1] != 0xFF) {
				wen &= (uint8_t)~(1u << w);
				words++;
			}
		if (!words)
			continue;
		size_t need = (blk < 16 ? 1u : 2u) + 2u * words;
		if (o + need > limit)
			break; /* the map above fits with room to spare */
		if (blk < 16) {
			ph[o++] = (uint8_t)(blk << 4 | wen);
		} else {
			ph[o++] = (uint8_t)((blk & 7) << 5 | 0x0F);
			ph[o++] = (uint8_t)((blk >> 3) << 4 | wen);
		}
		for (unsigned w = 0; w < 4; w++)
			if (!(wen & (1u << w))) {
				ph[o++] = b[2 * w];
				ph[o++] = b[2 * w + 1];
			}
	}
}

void c22_efuse_build(struct vchip *vc)
{
	build_logical(vc);
	encode_physical(vc);
}

/* A read command (bit 31 written 0) of physical address [17:8]
 * completes at once: data in [7:0], bit 31 set. The BT bank (0x34
 * [9:8] != 0) reads blank. Write commands (bit 31 = 1) burn nothing. */
void c22_efuse_ctrl_written(struct vchip *vc)
{
	uint32_t w = vc_reg32(vc, C22_EFUSE_CTRL);
	if (w & 0x80000000u)
		return;
	unsigned a = (w >> 8) & 0x3FF;
	uint8_t byte = 0xFF;
	if ((vc->regs[C22_EFUSE_BANK + 1] & 0x03) == 0 && a < C22_EFUSE_PHYS)
		byte = c22(vc)->efuse_phys[a];
	vc_put_le32(&vc->regs[C22_EFUSE_CTRL],
	            (w & ~0xFFu) | byte | 0x80000000u);
}
