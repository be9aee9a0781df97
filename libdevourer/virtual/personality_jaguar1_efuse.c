/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The EFUSE engine of a Jaguar1 chip: the chip's logical map (built by its
 * personality, struct pjaguar1_chip efuse_map) encoded into the physical image
 * in the Realtek block format, and the byte-read port at 0x30 that reads
 * the physical image (rtw88 efuse.c rtw_dump_physical_efuse_map /
 * rtw_phy_efuse_map_to_logical for the block format). Programming (write
 * operations) is not modelled: the chip model never burns fuses.
 */
#include <string.h>

#include "libdevourer/virtual/personality_jaguar1.h"

/* Physical encoding: per 8-byte logical block with any programmed
 * word, a header (1 byte for blocks 0..15, else 2 bytes) carrying the
 * word-enable nibble (bit clear = word present), then the present words.
 * 0xFF ends the map. */
static void encode_physical(struct vchip *vc)
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	uint8_t *ph = s->efuse_phys;
	size_t o = 0;
	memset(ph, 0xFF, PJAGUAR1_EFUSE_PHYS);
	for (unsigned blk = 0; blk < PJAGUAR1_EFUSE_LOG / 8; blk++) {
		const uint8_t *b = &s->efuse_log[blk * 8];
		uint8_t wen = 0x0F;
		for (unsigned w = 0; w < 4; w++)
			if (b[2 * w] != 0xFF || b[2 * w + 1] != 0xFF)
				wen &= (uint8_t)~(1u << w);
		if (wen == 0x0F)
			continue;
		unsigned words = 4 - (unsigned)__builtin_popcount(wen);
		size_t need = (blk < 16 ? 1 : 2) + 2 * words;
		if (o + need >= PJAGUAR1_EFUSE_MAP_PHYS)
			break; /* cannot happen with the map above */
		if (blk < 16) {
			ph[o++] = (uint8_t)(blk << 4 | wen);
		} else {
			ph[o++] = (uint8_t)((blk & 7) << 5 | 0x0F);
			ph[o++] = (uint8_t)((blk >> 3) << 4 | wen);
		}
		for (unsigned w = 0; w < 4; w++) {
			if (wen & (1u << w))
				continue;
			ph[o++] = b[2 * w];
			ph[o++] = b[2 * w + 1];
		}
	}
}

void pjaguar1_efuse_common(const struct vchip *vc, uint8_t *m,
                      const struct pjaguar1_efuse_board *b)
{
	m[PJAGUAR1_EF_RTL_ID] = 0x29; /* 0x8129, little-endian */
	m[PJAGUAR1_EF_RTL_ID + 1] = 0x81;
	m[PJAGUAR1_EF_CHANNEL_PLAN] = 0x20;
	m[PJAGUAR1_EF_XTAL] = 0x20;
	m[PJAGUAR1_EF_IQK_LCK] = 0x00;
	m[PJAGUAR1_EF_PA_TYPE] = 0x00; /* internal PA on both bands */
	m[PJAGUAR1_EF_LNA_2G] = 0x00;  /* internal LNA */
	m[PJAGUAR1_EF_LNA_5G] = 0x00;
	m[PJAGUAR1_EF_RF_BOARD] = b->rf_board;
	m[PJAGUAR1_EF_RF_FEATURE] = 0x00;
	m[PJAGUAR1_EF_RF_BT] = b->rf_bt;
	m[PJAGUAR1_EF_EEPROM_VER] = 0x01;
	m[PJAGUAR1_EF_CUSTOMER] = 0x00;
	m[PJAGUAR1_EF_BB_SWING_2G] = 0x00; /* 0 dB */
	m[PJAGUAR1_EF_BB_SWING_5G] = 0x00;
	m[PJAGUAR1_EF_TXPWR_CAL_RATE] = 0x00;
	m[PJAGUAR1_EF_RF_ANT] = 0x00;
	m[PJAGUAR1_EF_RFE] = 0x00; /* RFE type 0 */
	m[PJAGUAR1_EF_COUNTRY] = 'U';
	m[PJAGUAR1_EF_COUNTRY + 1] = 'S';
	uint8_t *usb = &m[b->usb_block];
	usb[0] = (uint8_t)vc->usb.vid;
	usb[1] = (uint8_t)(vc->usb.vid >> 8);
	usb[2] = (uint8_t)vc->usb.pid;
	usb[3] = (uint8_t)(vc->usb.pid >> 8);
	memcpy(&usb[7], vc->mac_addr, 6);
}

void pjaguar1_efuse_build(struct vchip *vc)
{
	memset(pjaguar1_of(vc)->efuse_log, 0xFF, PJAGUAR1_EFUSE_LOG);
	pjaguar1_chip(vc)->efuse_map(vc, pjaguar1_of(vc)->efuse_log);
	encode_physical(vc);
	if (pjaguar1_chip(vc)->efuse_marks)
		pjaguar1_chip(vc)->efuse_marks(vc, pjaguar1_of(vc)->efuse_phys);
}

/* REG_EFUSE_CTRL (0x30) written: a read command (bit31 clear) of physical
 * address [17:8] completes at once when the loader is clocked and enabled
 * (0x08 bit5 LOADER_CLK_EN, 0x03 bit4 ELDR) — data in [7:0], bit31 set.
 * Without them the chip never answers and bit31 stays clear. The BT bank
 * (0x34[9:8] != 0) is blank. Write commands (bit31 set) are ignored. */
void pjaguar1_efuse_ctrl_written(struct vchip *vc)
{
	uint32_t w = vc_reg32(vc, 0x30);
	if (w & 0x80000000u)
		return;
	if (!(vc->regs[0x08] & 0x20) || !(vc->regs[0x03] & 0x10))
		return;
	unsigned a = (w >> 8) & 0x3FF;
	uint8_t byte = 0xFF;
	if ((vc->regs[0x35] & 0x03) == 0 && a < PJAGUAR1_EFUSE_PHYS)
		byte = pjaguar1_of(vc)->efuse_phys[a];
	w = (w & ~0xFFu) | byte | 0x80000000u;
	vc_put_le32(&vc->regs[0x30], w);
}
