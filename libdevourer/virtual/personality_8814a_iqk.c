/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8814A's IQK engine: the NCTL block at 0x1B00 that rtw88 drives
 * itself on this chip (rtw88 rtw8814a.c rtw8814a_iqk, rtw8814a_lok_one_shot,
 * rtw8814a_iqk_tx_one_shot, rtw8814a_iqk_rx_one_shot).
 *
 * The interface, as the reference drives it:
 *  - 0x1B00 written with bit 0 set starts a one-shot: [11:8] the command
 *    and [7:4] the paths. Command 0xE / 0xF with all four paths is the
 *    band preset (2.4 / 5 GHz) every run starts with; 0 is the LO leakage
 *    calibration (LOK), 3-5 the TX IQK at 20/40/80 MHz (bw + 3), 9-7 the
 *    RX IQK at 20/40/80 MHz (9 - bw), each for one path. Bit 0 reads 1
 *    while the shot runs; 0x1B08 bit 26 then says whether it failed.
 *  - 0x1B00 written with bit 0 clear selects the result page of the path
 *    in [2:1] (0xF8000000 | path << 1): 0x1B38 is that path's TX IQ
 *    correction (the engine leaves its measurement there, the driver
 *    reads it and writes it back), 0x1B3C its RX IQ correction (read
 *    after writing 0x20000000, the read-back select), 0x1BFC the LOK
 *    result ([21:17] and [5:1], 5-bit offsets around 0x10).
 *  - the correction a path's BB applies is switched on by that path's
 *    0xC94 / 0xE94 / 0x1894 / 0x1A94 bit 0 (TX) and bit 10 (RX): rtw88
 *    sets those two before the run (0x401 under bits 11, 10 and 0) and
 *    clears bit 0, or bits 11:10, for a path whose TX or RX IQK failed.
 * rtw88 moves the result words whole, so their layout is the model's:
 * X in [30:20], Y in [10:0], 11-bit two's complement, X 0x200 unity.
 *
 * A shot fails (0x1B08 bit 26) when the path's RF is off, when the path
 * has not had the preset of the band its RF 0x18 is on, when its AFE is
 * not in the IQK mode (0xC60 / 0xE60 / 0x1860 / 0x1A60 bit 27, rtw88
 * rtw8814a_iqk_afe_setting: 0x0E808003 for IQK, 0x07808003 after), when
 * a TX/RX command's bandwidth is not the BB's (0x8AC [1:0]), and for a
 * 2.4 GHz RX IQK whose path's loop-back gain table is not unlocked
 * (RF 0xDF bit 11, rtw8814a_iqk_rx_one_shot).
 *
 * What it measures is the correction of an I/Q imbalance the model
 * derives from the board (its EFUSE MAC address), the path and the
 * channel/band bits of the path's RF 0x18: never identity, different per
 * path and per channel, the same every shot. Caller holds vc->lock.
 */
#include <string.h>

#include "libdevourer/virtual/personality_8814a.h"

#define FAIL_BIT (1u << 26)

static const uint16_t afe_reg[P8814A_RF_PATHS] = {
	0x0C60, 0x0E60, 0x1860, 0x1A60,
};
static const uint16_t apply_reg[P8814A_RF_PATHS] = {
	0x0C94, 0x0E94, 0x1894, 0x1A94,
};

static uint32_t imbalance_hash(const struct vchip *vc, unsigned path)
{
	uint32_t rf18 = p8814a_of(vc)->rf[path][P8814A_RF_CFGCH];
	uint32_t h = 0x811C9DC5u;
	for (unsigned i = 0; i < 6; i++)
		h = (h ^ vc->mac_addr[i]) * 0x01000193u;
	h = (h ^ (0x40u + path)) * 0x01000193u;
	h = (h ^ (rf18 & 0xFFu)) * 0x01000193u;
	h = (h ^ ((rf18 >> 16) & 0x7u) ^ ((rf18 >> 8) & 0x3u) << 3) *
	    0x01000193u;
	h ^= h >> 16;
	h *= 0x7FEB352Du;
	h ^= h >> 15;
	return h;
}

/* A signed offset lo..hi in magnitude (never 0) from bits of h. */
static int offset_of(uint32_t h, unsigned shift, int lo, int hi)
{
	int mag = lo + (int)((h >> shift) % (unsigned)(hi - lo + 1));
	return ((h >> (shift + 5)) & 1) ? -mag : mag;
}

static uint32_t pack(int x, int y)
{
	return ((uint32_t)x & 0x7FFu) << 20 | ((uint32_t)y & 0x7FFu);
}

/* The corrections of @p path on its current channel: TX X/Y, RX X/Y,
 * LOK I/Q (5-bit codes). */
static void measure(const struct vchip *vc, unsigned path, int m[6])
{
	uint32_t h = imbalance_hash(vc, path);
	m[0] = 0x200 + offset_of(h, 0, 5, 30);
	m[1] = offset_of(h, 6, 2, 26);
	m[2] = 0x200 + offset_of(h, 12, 3, 20);
	m[3] = offset_of(h, 18, 2, 18);
	m[4] = 0x10 + offset_of(h, 24, 1, 7);
	m[5] = 0x10 + offset_of(h, 26, 1, 7);
}

static bool band_5g(const struct vchip *vc, unsigned path)
{
	uint32_t rf18 = p8814a_of(vc)->rf[path][P8814A_RF_CFGCH];
	return (rf18 & (1u << 16)) && (rf18 & (1u << 8));
}

/* One calibration shot of @p path; false: it failed. */
static bool shot(struct vchip *vc, unsigned path, unsigned cmd)
{
	struct p8814a_state *s = p8814a_of(vc);
	struct p8814a_nctl_path *k = &s->nctl.path[path];
	unsigned bb_bw = vc->regs[P8814A_RFMOD] & 3;
	bool is_5g = band_5g(vc, path);
	int m[6];

	k->shots++;
	if (!p8814a_rf_on(vc, path))
		return false;
	if (k->preset_band != (is_5g ? 5 : 2))
		return false;
	if (!(vc_reg32(vc, afe_reg[path]) & (1u << 27)))
		return false;
	measure(vc, path, m);
	if (cmd == 0) {
		k->lok = (uint32_t)m[5] << 17 | (uint32_t)m[4] << 1;
		return true;
	}
	if (cmd >= 3 && cmd <= 5) {
		if (cmd - 3 != bb_bw)
			return false;
		k->tx_iqc = pack(m[0], m[1]);
		return true;
	}
	if (cmd >= 7 && cmd <= 9) {
		if (9 - cmd != bb_bw)
			return false;
		if (!is_5g && !(s->rf[path][0xDF] & (1u << 11)))
			return false;
		k->rx_iqc = pack(m[2], m[3]);
		return true;
	}
	return false;
}

static void one_shot(struct vchip *vc, uint32_t v)
{
	struct p8814a_state *s = p8814a_of(vc);
	unsigned cmd = (v >> 8) & 0xF, paths = (v >> 4) & 0xF;
	bool ok = false;

	s->nctl_done_ns = air_now_ns() + P8814A_NCTL_NS;
	vc->regs[P8814A_NCTL_CMD] &= 0xFE;
	if (cmd == 0xE || cmd == 0xF) {
		for (unsigned p = 0; p < P8814A_RF_PATHS; p++)
			if (paths & (1u << p))
				s->nctl.path[p].preset_band = cmd == 0xF ? 5 : 2;
		ok = paths != 0;
	} else if (paths && !(paths & (paths - 1))) {
		unsigned p = 0;
		while (!(paths & (1u << p)))
			p++;
		ok = shot(vc, p, cmd);
	}
	uint32_t st = vc_reg32(vc, P8814A_NCTL_STATUS);
	st = ok ? st & ~FAIL_BIT : st | FAIL_BIT;
	for (unsigned i = 0; i < 4; i++)
		vc->regs[P8814A_NCTL_STATUS + i] = (uint8_t)(st >> (8 * i));
}

static bool covers_last(uint16_t addr, size_t len, uint32_t reg)
{
	return addr <= reg + 3 && (uint32_t)addr + len > reg + 3;
}

void p8814a_nctl_written(struct vchip *vc, uint16_t addr, size_t len)
{
	struct p8814a_state *s = p8814a_of(vc);
	if (!p8814a_bb_regs_on(vc))
		return;
	if (addr <= P8814A_NCTL_CMD && (uint32_t)addr + len > P8814A_NCTL_CMD) {
		uint32_t v = vc_reg32(vc, P8814A_NCTL_CMD);
		if (v & 1)
			one_shot(vc, v);
		else
			s->nctl.page = (v >> 1) & 3;
	}
	struct p8814a_nctl_path *k = &s->nctl.path[s->nctl.page];
	if (covers_last(addr, len, P8814A_NCTL_TX_IQC))
		k->tx_iqc = vc_reg32(vc, P8814A_NCTL_TX_IQC);
	if (covers_last(addr, len, P8814A_NCTL_RX_IQC)) {
		uint32_t v = vc_reg32(vc, P8814A_NCTL_RX_IQC);
		/* 0x20000000 asks for the read-back; anything else is a
		 * correction written */
		if (v != 0x20000000u)
			k->rx_iqc = v;
	}
}

bool p8814a_nctl_read(const struct vchip *vc, uint32_t a, uint8_t *out)
{
	const struct p8814a_state *s = p8814a_of(vc);
	const struct p8814a_nctl_path *k = &s->nctl.path[s->nctl.page];
	uint32_t v;
	if (a >= P8814A_NCTL_TX_IQC && a < P8814A_NCTL_TX_IQC + 4)
		v = k->tx_iqc;
	else if (a >= P8814A_NCTL_RX_IQC && a < P8814A_NCTL_RX_IQC + 4)
		v = k->rx_iqc;
	else if (a >= P8814A_NCTL_LOK && a < P8814A_NCTL_LOK + 4)
		v = k->lok;
	else
		return false;
	*out = (uint8_t)(v >> (8 * (a & 3)));
	return true;
}

void p8814a_nctl_reset(struct vchip *vc)
{
	struct p8814a_state *s = p8814a_of(vc);
	memset(&s->nctl, 0, sizeof s->nctl);
	for (unsigned p = 0; p < P8814A_RF_PATHS; p++)
		s->nctl.path[p].tx_iqc = s->nctl.path[p].rx_iqc =
			pack(0x200, 0);
}

bool p8814a_iqk_peek(const struct vchip *vc, unsigned path,
                     struct vchip_iqk *out)
{
	if (path >= P8814A_RF_PATHS)
		return false;
	const struct p8814a_nctl_path *k = &p8814a_of(vc)->nctl.path[path];
	uint32_t en = vc_reg32(vc, apply_reg[path]);
	uint32_t tx = (en & 1u) ? k->tx_iqc : pack(0x200, 0);
	uint32_t rx = (en & (1u << 10)) ? k->rx_iqc : pack(0x200, 0);
	int m[6];
	measure(vc, path, m);
	out->shots = k->shots;
	out->tx_x = m[0];
	out->tx_y = m[1];
	out->rx_x = m[2];
	out->rx_y = m[3];
	out->applied_tx_x = (tx >> 20) & 0x7FF;
	out->applied_tx_y = tx & 0x7FF;
	out->applied_rx_x = (rx >> 20) & 0x7FF;
	out->applied_rx_y = rx & 0x7FF;
	return true;
}
