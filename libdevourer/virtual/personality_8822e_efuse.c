/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822E's EFUSE: a one-time-programmable array (OTP) behind a read
 * port of its own, not the generation's.
 *
 * The port (rtl88x2eu halmac_8822e/halmac_efuse_8822e.c
 * read_hw_efuse_8822e; OpenIPC devourer src/jaguar3/HalJaguar3.cpp
 * efuse_phys_read_8822e): REG_EFUSE_CTRL (0x30) takes the physical
 * address in [26:16] (11 bits) and starts a read when it is written with
 * RDY (bit 29) clear; the engine sets RDY with the byte in [7:0] once it
 * is through (P3081_EFUSE_READ_NS, the generation's EFUSE time). The
 * 8822C's layout (address [17:8], done flag bit 31) reads nothing here:
 * bit 31 never comes.
 *
 * The OTP answers only while the driver has cut its power in
 * (rtl88x2eu halmac_efuse_8822e.c enable_efuse_sw_pwr_cut; devourer
 * HalJaguar3.cpp efuse_pwr_cut_8822e): 0xCC (PMC_DBG_CTRL2) bit 2, and
 * SYS_ISO_CTRL 0x00 bits 14 (EV2EF_S) and 15 (EV2EF_B) set with bit 8
 * (ISO_EB2CORE) clear. Otherwise every read returns 0xFF — what devourer
 * reports of an 8822E read the 8822C way. Even powered, a read outside
 * OTP burst mode (0xA4 bit 19) now and then returns 0xFF (the same
 * devourer comment: "without it the per-byte reads intermittently return
 * 0xff"); how often no reference says, the model fails one read in four.
 * Programming is not modelled.
 *
 * The contents: the first 4 bytes are the security-control area the
 * vendor's parser skips (halmac_efuse_8822e.c eeprom_parser_8822e,
 * SEC_CTRL_EFUSE_SIZE_8822E), then the logical map packed in blocks of 8
 * bytes, each under a two-byte header: 0x30 | block >> 4, then
 * (block & 0xF) << 4 | word-enable (bit set = word absent), then the
 * present words (halmac_efuse_8822e.c proc_pg_efuse_8822e; devourer
 * HalJaguar3.cpp read_efuse_logical_map, 8822E branch). Factory trims
 * sit byte-wise far above, at 0x5A0-0x5DF (rtl88x2eu
 * hal/phydm/halrf/halrf_kfree.h PPG_*_22E).
 *
 * Boards (board=): the LB-LINK BL-M8812EU2, the one board OpenIPC
 * devourer characterised (docs/8822e-quirks.md), with the values its
 * comments report read from that module — RFE type 0x15 (21) at 0xCA,
 * 5 GHz TX-power bases 0x49 (path A, 0x22) and 0x52 (path B, 0x4C) with
 * a BW20 difference of +2 (read_efuse_txpwr_base_8822e), PA bias 2 GHz 2
 * and 5 GHz 4 (config_pa_bias_8822e); every other programmed value is
 * synthetic, chosen inside its field. And a part whose OTP was never
 * burnt ("blank"), which the vendor refuses without an RFE module
 * parameter and devourer runs as RFE 21 (rtl88x2eu rtl8822e_ops.c
 * Hal_ReadRFEType; devourer HalJaguar3.cpp rtw_hal_init).
 */
#include <string.h>

#include "libdevourer/virtual/personality_3081_regs.h"
#include "libdevourer/virtual/personality_8822e.h"
#include "libdevourer/virtual/personality_8822e_regs.h"

/* logical offsets (rtl88x2eu include/hal_pg.h) */
#define EF_RTL_ID 0x00
#define EF_USB_MODE 0x06
#define EF_TXPWR 0x10      /* 2 paths x 42 bytes, the 8822C's layout */
#define EF_TXPWR_PATH 42
#define EF_TXPWR_5G 18     /* 5 GHz section inside a path's record */
#define EF_CHANNEL_PLAN 0xB8
#define EF_XTAL 0xB9
#define EF_RF_BOARD 0xC1
#define EF_RF_BT 0xC3
#define EF_ANT 0xC9        /* 0x33: 2T2R */
#define EF_RFE 0xCA
#define EF_THERMAL_A 0xD0
#define EF_THERMAL_B 0xD1
#define EF_USB_VID 0x150
#define EF_USB_PID 0x152
#define EF_USB_MAC 0x157

/* physical layout */
#define SEC_CTRL_BYTES 4   /* skipped by the parser */
#define PPG_PABIAS_2GB 0x5C5
#define PPG_PABIAS_2GA 0x5C6
#define PPG_PABIAS_5GB 0x5C7
#define PPG_PABIAS_5GA 0x5C8

/* The BL-M8812EU2's 2.4 GHz TX reaches no receiver as frames
 * (docs/8822e-quirks.md; whether the die or the module is to blame no
 * reference settles, so it is the board's). The blank part is no module
 * anyone characterised: its 2.4 GHz TX decodes. */
static const struct p8822e_board boards[] = {
	{ .name = "bl-m8812eu2", .tx_2g_undecodable = true },
	{ .name = "blank", .blank = true },
};
const char *const p8822e_boards[] = { "bl-m8812eu2", "blank", NULL };

const struct p8822e_board *p8822e_board_of(const struct vchip *vc)
{
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
		if (vc->cfg.board[0] && strcmp(vc->cfg.board, boards[i].name) == 0)
			return &boards[i];
	return &boards[0];
}

static bool blank_board(const struct vchip *vc)
{
	return p8822e_board_of(vc)->blank;
}

uint8_t p8822e_rfe(const struct vchip *vc)
{
	return p3081_of(vc)->efuse_log[EF_RFE];
}

/* One path's TX-power record: 2.4 GHz CCK and BW40 bases and their
 * differences (synthetic, flat), then the 5 GHz BW40 bases of the 14
 * channel groups and the 1-stream difference byte whose low nibble
 * devourer adds as the BW20 difference. */
static void txpwr_record(uint8_t *r, uint8_t base_5g)
{
	memset(r, 0xFF, EF_TXPWR_PATH);
	memset(r, 0x2D, 6);        /* CCK, 6 groups */
	memset(r + 6, 0x2D, 5);    /* 2.4 GHz BW40, 5 groups */
	r[11] = 0x00;
	memset(r + EF_TXPWR_5G, base_5g, 14);
	r[EF_TXPWR_5G + 14] = 0x02;
}

static void build_logical(struct vchip *vc)
{
	uint8_t *m = p3081_of(vc)->efuse_log;
	memset(m, 0xFF, P3081_EFUSE_LOG_MAX);
	m[EF_RTL_ID] = 0x29; /* the Realtek map id 0x8129 */
	m[EF_RTL_ID + 1] = 0x81;
	/* bit 7 would invite a USB3 switch; what the module burns no
	 * reference reports, so the model leaves it at USB 2 */
	m[EF_USB_MODE] = 0x00;
	txpwr_record(&m[EF_TXPWR], 0x49);
	txpwr_record(&m[EF_TXPWR + EF_TXPWR_PATH], 0x52);
	m[EF_CHANNEL_PLAN] = 0x7F;
	m[EF_XTAL] = 0x2A;
	m[EF_RF_BOARD] = 0x00;
	m[EF_RF_BT] = 0x00;        /* RTL8812EU: WiFi only */
	m[EF_ANT] = 0x33;
	m[EF_RFE] = 21;
	m[EF_THERMAL_A] = 0x1C;
	m[EF_THERMAL_B] = 0x1D;
	m[EF_USB_VID] = (uint8_t)vc->usb.vid;
	m[EF_USB_VID + 1] = (uint8_t)(vc->usb.vid >> 8);
	m[EF_USB_PID] = (uint8_t)vc->usb.pid;
	m[EF_USB_PID + 1] = (uint8_t)(vc->usb.pid >> 8);
	memcpy(&m[EF_USB_MAC], vc->mac_addr, 6);
}

/* The logical map into the OTP's packed area, after the security bytes
 * and below the protected part (struct p3081_chip efuse_phys,
 * efuse_ptct). */
static void encode(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	const struct p3081_chip *c = p3081_chip_of(vc);
	uint8_t *ph = s->efuse_phys;
	size_t o = SEC_CTRL_BYTES, limit = c->efuse_phys - c->efuse_ptct;
	for (unsigned blk = 0; blk < c->efuse_log / 8; blk++) {
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
		if (o + 2 + 2u * words > limit)
			break; /* the board's map fits with room to spare */
		ph[o++] = (uint8_t)(0x30 | blk >> 4);
		ph[o++] = (uint8_t)((blk & 0x0F) << 4 | wen);
		for (unsigned w = 0; w < 4; w++)
			if (!(wen & (1u << w))) {
				ph[o++] = b[2 * w];
				ph[o++] = b[2 * w + 1];
			}
	}
}

void p8822e_efuse_build(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	memset(s->efuse_phys, 0xFF, P3081_EFUSE_PHYS_MAX);
	if (blank_board(vc)) {
		memset(s->efuse_log, 0xFF, P3081_EFUSE_LOG_MAX);
		return;
	}
	build_logical(vc);
	encode(vc);
	/* PA bias trims: the low nibble counts, the high one is unburnt */
	s->efuse_phys[PPG_PABIAS_2GA] = 0xF2;
	s->efuse_phys[PPG_PABIAS_2GB] = 0xF2;
	s->efuse_phys[PPG_PABIAS_5GA] = 0xF4;
	s->efuse_phys[PPG_PABIAS_5GB] = 0xF4;
}

/* ---- the read port ---- */

/* The OTP macro powered and joined to the core (the software power cut
 * in, see above). */
static bool otp_powered(const struct vchip *vc)
{
	uint16_t iso = (uint16_t)(vc->regs[P8822E_SYS_ISO_CTRL] |
	                          vc->regs[P8822E_SYS_ISO_CTRL + 1] << 8);
	return (vc->regs[P8822E_PMC_DBG_CTRL2] & P8822E_PMC_WRMSK_REL) &&
	       (iso & P8822E_EV2EF_S) && (iso & P8822E_EV2EF_B) &&
	       !(iso & P8822E_ISO_EB2CORE);
}

static bool burst_mode(const struct vchip *vc)
{
	return vc_reg32(vc, P8822E_EFUSE_CTRL_1) & P8822E_EF_BURST;
}

/* One in four reads outside burst mode fails (xorshift64, the model's
 * own generator). */
static bool read_fails(struct vchip *vc)
{
	struct p8822e_state *s = p8822e_of(vc);
	uint64_t x = s->otp_noise;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	s->otp_noise = x;
	return (x >> 40) % 4 == 0;
}

void p8822e_efuse_ctrl_written(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	uint32_t w = vc_reg32(vc, P3081_EFUSE_CTRL);
	if (w & P8822E_EF_RDY) {
		/* RDY written 1: no read command (programming is not
		 * modelled) */
		s->efuse_busy = false;
		return;
	}
	/* the macro is sampled when the read starts */
	unsigned a = (w >> P8822E_EF_ADDR_SHIFT) & P8822E_EF_ADDR_MASK;
	uint8_t byte = 0xFF;
	if (otp_powered(vc) && (burst_mode(vc) || !read_fails(vc)))
		byte = s->efuse_phys[a];
	p8822e_of(vc)->otp_pending = byte;
	s->efuse_busy = true;
	s->efuse_ready_ns = air_now_ns() + P3081_EFUSE_READ_NS;
}

/* The byte of the read in progress, once it is due: data in [7:0], RDY
 * set, the rest of the register as the driver left it. */
void p8822e_efuse_catch_up(struct vchip *vc, uint64_t now)
{
	struct p3081_state *s = p3081_of(vc);
	if (!s->efuse_busy || now < s->efuse_ready_ns)
		return;
	s->efuse_busy = false;
	uint32_t w = vc_reg32(vc, P3081_EFUSE_CTRL);
	vc_put_le32(&vc->regs[P3081_EFUSE_CTRL],
	            (w & ~0xFFu) | p8822e_of(vc)->otp_pending | P8822E_EF_RDY);
}
