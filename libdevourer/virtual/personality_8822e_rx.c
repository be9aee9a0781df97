/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822E's 32-byte PHY status, which the 3081-CPU layer's RX
 * descriptor (personality_3081_rx.c) carries before a frame when the
 * driver asks for one. The 8822E is a third-generation ("jgr3") PHY-status
 * IC like the 8822C (rtl88x2eu hal/phydm/phydm_pre_define.h
 * PHYSTS_3RD_TYPE_IC; OpenIPC devourer src/jaguar3/FrameParserJaguar3.h
 * parse_phy_sts_jgr3 reads both dies' alike): page 0 for CCK, page 1 for
 * OFDM/HT/VHT, in the layout rtw88 rtw8822c.c query_phy_status_page0/1
 * reads. What is the 8822E's own: path B's power is the noise floor
 * unless the DPDT switch gives it its antenna (devourer
 * docs/8822e-quirks.md: chain-B pwdb pinned at the floor, ~-99 dBm, while
 * path A hides the loss in frame counts;
 * personality_8822e_frontend.c) and its RF 0x18 tunes it as path A.
 */
#include <string.h>

#include "libdevourer/virtual/personality_8822e.h"

/* Sub-channel code of a frame inside the tuned channel: 0 = the whole
 * channel, 1..4 = a 20 MHz sub-channel, 9/10 = a 40 MHz half of 80. */
static uint8_t rx_subchannel(const struct vchip *vc,
                             const struct air_frame_hdr *h)
{
	const struct vchip_tuning *t = &vc->tuning;
	if (h->bw_mhz >= t->bw_mhz)
		return 0;
	if (h->bw_mhz == 20)
		return p8822e_of(vc)->primary_sc
		               ? p8822e_of(vc)->primary_sc
		               : (t->channel > t->center ? 1 : 2);
	return t->channel > t->center ? 9 : 10;
}

void p8822e_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p)
{
	const struct air_frame_hdr *h = m->air;
	int rssi = m->rssi_dbm, snr = p3081_clamp(rssi - m->noise_dbm, 0, 63);
	uint8_t pwdb = (uint8_t)p3081_clamp(rssi + 110, 0, 127);
	bool b_hears = p8822e_path_b_antenna(vc) && p8822e_path_tuned(vc, 1);
	uint8_t pwdb_b = b_hears
	                 ? pwdb
	                 : (uint8_t)p3081_clamp(m->noise_dbm + 110, 0, 127);
	memset(p, 0, P3081_PHYST);
	unsigned ch = vc->tuning.channel;
	if (p3081_is_cck(h)) {
		/* page 0: the power of the CCK path (A) and the AGC gain
		 * index it was taken at, one inside the window the BB holds
		 * (lower bound 0x1A98 [7:6] : 0x1A70 [27:24]), where the
		 * estimate needs no correction; the gain index of 0 a zeroed
		 * field would say reads as 32 dB too strong */
		uint8_t lb = (uint8_t)(((vc->regs[0x1A98] >> 6) & 3) << 4 |
		                       (vc->regs[0x1A73] & 0x0F));
		p[0] = 0;
		p[1] = pwdb;
		p[2] = lb & 0x3F;
		p[6] = (uint8_t)ch;
		p[16] = pwdb;
		p[19] = lb & 0x3F;
		return;
	}
	p[0] = (uint8_t)(1 | ((ch >> 8) & 3) << 6);
	p[1] = pwdb;   /* path A */
	p[2] = pwdb_b; /* path B */
	uint8_t sc = rx_subchannel(vc, h);
	p[5] = (uint8_t)(sc | sc << 4);
	p[6] = (uint8_t)ch;
	p[7] = (uint8_t)((vc->tuning.band_5g ? 1 : 0) | (h->ldpc ? 0x20 : 0) |
	                 (h->stbc ? 0x40 : 0));
	/* EVM per stream, negative in 0.5 dB units (-128 = none; an unused
	 * stream reads 0), SNR per path in 0.5 dB */
	uint8_t evm = (uint8_t)(int8_t)p3081_clamp(-2 * snr, -127, 0);
	p[16] = evm;
	p[17] = h->nss >= 2 ? evm : 0;
	p[24] = (uint8_t)p3081_clamp(2 * snr, 0, 127);
	p[25] = b_hears ? p[24] : 0;
}
