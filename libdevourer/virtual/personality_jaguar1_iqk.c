/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * IQ calibration (IQK) engine of the Jaguar1 chips, and the register page
 * it lives on. The RTL8821A runs the same engine on its one path (rtw88
 * rtw8821a.c rtw8821a_iqk: 0x980 one-shot, report 0xD00); a path the die
 * lacks never completes a shot.
 *
 * Page C1: with 0x82C bit 31 set, 0xC00-0xEFF address a second bank of
 * BB registers (TX/RX tone and IQK control at 0xC80-0xC8C / 0xE80-0xE8C,
 * TX I/Q correction 0xCCC/0xCD4 / 0xECC/0xED4, IQK control 0xCB8/0xEB8,
 * IQK report 0xD00/0xD40). Both reference drivers switch pages around
 * every access to them (rtw88 rtw8812a.c rtw8812a_iqk "[31] = 1 --> Page
 * C1"; aircrack-ng/rtl8812au hal/phydm/rtl8812a/halphyrf_8812a.c
 * _IQK_Tx_8812A). The model keeps page C1 apart from page C, so an LSSI
 * write (page C 0xC90) does not reach the RF while page C1 is selected.
 *
 * The engine, as the references drive it:
 *  - one-shot for every path whose page-C1 0xCB8 / 0xEB8 bit 20 is set:
 *    0x980 written with bit 25 set, then with it clear (0xFA000000 then
 *    0xF8000000); or for one path: page-C1 0xCB8 / 0xEB8 bit 21 set then
 *    clear while bit 20 stays set (0x00300000 then 0x00100000);
 *  - which calibration runs is what the tone registers leave unmasked:
 *    page-C1 0xC80 / 0xE80 is the TX tone, 0xC84 / 0xE84 the RX tone,
 *    bit 29 of each masks it. TX tone alone: TX IQK; RX tone alone: RX
 *    IQK; neither or both: the engine finds no tone to measure and
 *    reports both calibrations failed;
 *  - report at page-C1 0xD00 / 0xD40: bit 10 done, bit 11 RX IQK failed,
 *    bit 12 TX IQK failed, [26:16] the value page-C1 0xCB8 / 0xEB8
 *    [28:25] selects: 1 TX X, 2 TX Y, 3 RX X, 4 RX Y (11-bit two's
 *    complement; TX X 0x200 is unity gain, RX values are on twice the
 *    scale of the 10-bit RX correction fields 0xC10 / 0xE10).
 *  - a path whose RF is off never completes (bit 10 stays clear).
 *
 * The values are the correction for an I/Q imbalance the model derives
 * from the board (its EFUSE MAC address), the path and the channel the
 * path's RF 0x18 selects: never identity, different per path and per
 * channel, and repeatable to within one LSB from shot to shot (the
 * references accept two shots within 4 of each other, rtw88 rtw88xxa.c
 * rtw88xxa_iqk_finish). Caller holds vc->lock.
 */
#include <string.h>

#include "libdevourer/virtual/personality_jaguar1.h"

enum { SEL_TX_X = 1, SEL_TX_Y = 2, SEL_RX_X = 3, SEL_RX_Y = 4 };

bool pjaguar1_page_c1(const struct vchip *vc)
{
	return vc->regs[PJAGUAR1_CCASEL + 3] & 0x80;
}

bool pjaguar1_in_c1(uint32_t a)
{
	return a >= PJAGUAR1_C1_BASE && a < PJAGUAR1_C1_BASE + PJAGUAR1_C1_SIZE;
}

static uint32_t c1_reg32(const struct pjaguar1_state *s, uint16_t addr)
{
	const uint8_t *p = &s->c1[addr - PJAGUAR1_C1_BASE];
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* Deterministic imbalance for (board, path, channel): an FNV-1a hash of
 * the MAC address, the path and the channel/band bits of RF 0x18. */
static uint32_t imbalance_hash(const struct vchip *vc, unsigned path)
{
	const struct pjaguar1_state *s = pjaguar1_of(vc);
	uint32_t rf18 = s->rf[path][0x18];
	uint32_t h = 2166136261u;
	for (unsigned i = 0; i < 6; i++)
		h = (h ^ vc->mac_addr[i]) * 16777619u;
	h = (h ^ (path + 1u)) * 16777619u;
	h = (h ^ (rf18 & 0xFFu)) * 16777619u;
	h = (h ^ ((rf18 >> 16) & 0x7u)) * 16777619u;
	h ^= h >> 15;
	h *= 0x2C1B3C6Du;
	h ^= h >> 12;
	return h;
}

/* A signed offset of magnitude lo..hi (never 0) from 5 bits of h. */
static int offset_of(uint32_t h, unsigned shift, int lo, int hi)
{
	int mag = lo + (int)((h >> shift) % (unsigned)(hi - lo + 1));
	return ((h >> (shift + 5)) & 1) ? -mag : mag;
}

static uint16_t s11(int v)
{
	return (uint16_t)((unsigned)v & 0x7FFu);
}

/* The correction the engine measures for the path's current channel,
 * before shot noise: TX X/Y, RX X/Y on the report's scale. */
static void correction(const struct vchip *vc, unsigned path, int out[5])
{
	uint32_t h = imbalance_hash(vc, path);
	out[0] = 0;
	out[SEL_TX_X] = 0x200 + offset_of(h, 0, 6, 28);
	out[SEL_TX_Y] = offset_of(h, 6, 3, 24);
	/* within what the references accept as an RX correction (rtw88
	 * rtw8812a.c rtw8812a_iqk_rx_fill: |value/2| < 0x12) */
	out[SEL_RX_X] = 2 * (0x100 + offset_of(h, 12, 3, 15));
	out[SEL_RX_Y] = 2 * offset_of(h, 18, 2, 15);
}

static void run_path(struct vchip *vc, unsigned path)
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	struct pjaguar1_iqk *k = &s->iqk[path];
	uint16_t tone = path ? 0xE80 : 0xC80;
	bool tx_on = !(c1_reg32(s, tone) & (1u << 29));
	bool rx_on = !(c1_reg32(s, (uint16_t)(tone + 4)) & (1u << 29));

	k->shots++;
	if (!pjaguar1_rf_alive(vc, path)) {
		k->done = false;
		return;
	}
	k->done = true;
	k->tx_fail = k->rx_fail = true;
	if (tx_on == rx_on)
		return;
	int c[5];
	correction(vc, path, c);
	/* shot-to-shot noise of one LSB on the X value */
	int noise = (int)(k->shots & 1u);
	if (tx_on) {
		k->tx_fail = false;
		k->val[SEL_TX_X] = s11(c[SEL_TX_X] + noise);
		k->val[SEL_TX_Y] = s11(c[SEL_TX_Y]);
	} else {
		k->rx_fail = false;
		k->val[SEL_RX_X] = s11(c[SEL_RX_X] + noise);
		k->val[SEL_RX_Y] = s11(c[SEL_RX_Y]);
	}
}

bool pjaguar1_iqk_peek(const struct vchip *vc, unsigned path,
                     struct vchip_iqk *out)
{
	const struct pjaguar1_state *s = pjaguar1_of(vc);
	int c[5];
	if (path >= pjaguar1_chip(vc)->rf_paths)
		return false;
	correction(vc, path, c);
	out->shots = s->iqk[path].shots;
	out->tx_x = c[SEL_TX_X];
	out->tx_y = c[SEL_TX_Y];
	out->rx_x = c[SEL_RX_X];
	out->rx_y = c[SEL_RX_Y];
	out->applied_tx_x = c1_reg32(s, path ? 0xED4 : 0xCD4) & 0x7FF;
	out->applied_tx_y = c1_reg32(s, path ? 0xECC : 0xCCC) & 0x7FF;
	return true;
}

void pjaguar1_iqk_written(struct vchip *vc, uint16_t addr, size_t len,
                        uint32_t old_980, const uint32_t old_cb8[2])
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	uint32_t end = (uint32_t)addr + len;

	if (addr <= PJAGUAR1_IQK_COM64 + 3 && end > PJAGUAR1_IQK_COM64 + 3 &&
	    (old_980 & (1u << 25)) &&
	    !(vc_reg32(vc, PJAGUAR1_IQK_COM64) & (1u << 25))) {
		for (unsigned p = 0; p < PJAGUAR1_RF_PATHS; p++)
			if (c1_reg32(s, p ? 0xEB8 : 0xCB8) & (1u << 20))
				run_path(vc, p);
	}
	if (!pjaguar1_page_c1(vc))
		return;
	for (unsigned p = 0; p < PJAGUAR1_RF_PATHS; p++) {
		uint32_t r = p ? 0xEB8u : 0xCB8u;
		if (addr > r + 2u || end <= r + 2u)
			continue;
		uint32_t now = c1_reg32(s, (uint16_t)r);
		if ((old_cb8[p] & (1u << 21)) && !(now & (1u << 21)) &&
		    (now & (1u << 20)))
			run_path(vc, p);
	}
}

uint32_t pjaguar1_iqk_cb8(const struct vchip *vc, unsigned path)
{
	return c1_reg32(pjaguar1_of(vc), path ? 0xEB8 : 0xCB8);
}

uint8_t pjaguar1_c1_read8(const struct vchip *vc, uint32_t a)
{
	const struct pjaguar1_state *s = pjaguar1_of(vc);
	if ((a >= 0xD00 && a < 0xD04) || (a >= 0xD40 && a < 0xD44)) {
		unsigned path = a >= 0xD40;
		const struct pjaguar1_iqk *k = &s->iqk[path];
		unsigned sel = (c1_reg32(s, path ? 0xEB8 : 0xCB8) >> 25) & 0xF;
		uint32_t v = 0;
		if (k->done) {
			v |= 1u << 10;
			if (k->rx_fail)
				v |= 1u << 11;
			if (k->tx_fail)
				v |= 1u << 12;
		}
		if (sel < 5)
			v |= (uint32_t)k->val[sel] << 16;
		return (uint8_t)(v >> (8 * (a & 3)));
	}
	return s->c1[a - PJAGUAR1_C1_BASE];
}

void pjaguar1_c1_store(struct vchip *vc, uint32_t a, uint8_t v)
{
	pjaguar1_of(vc)->c1[a - PJAGUAR1_C1_BASE] = v;
}

void pjaguar1_iqk_power_off(struct vchip *vc)
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	memset(s->c1, 0, sizeof s->c1);
	memset(s->iqk, 0, sizeof s->iqk);
}
