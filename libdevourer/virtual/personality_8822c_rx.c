/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822C's 32-byte Jaguar3 PHY status, which the 3081-CPU layer's
 * RX descriptor (personality_3081_rx.c) carries before a frame when the
 * driver asks for one: page 0 for CCK, page 1 for OFDM/HT/VHT (rtw88
 * rtw8822c.c query_phy_status_page0/1, rtw8822c.h GET_PHY_STAT_P*).
 */
#include <string.h>

#include "libdevourer/virtual/personality_8822c.h"

/* Sub-channel code of a frame inside the tuned channel: 0 = the whole
 * channel, 1..4 = a 20 MHz sub-channel, 9/10 = a 40 MHz half of 80. */
static uint8_t rx_subchannel(const struct vchip *vc,
                             const struct air_frame_hdr *h)
{
	const struct vchip_tuning *t = &vc->tuning;
	if (h->bw_mhz >= t->bw_mhz)
		return 0;
	if (h->bw_mhz == 20)
		return p8822c_of(vc)->primary_sc
		               ? p8822c_of(vc)->primary_sc
		               : (t->channel > t->center ? 1 : 2);
	return t->channel > t->center ? 9 : 10;
}

void p8822c_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p)
{
	const struct air_frame_hdr *h = m->air;
	int rssi = m->rssi_dbm, snr = p3081_clamp(rssi - m->noise_dbm, 0, 63);
	uint8_t pwdb = (uint8_t)p3081_clamp(rssi + 110, 0, 127);
	memset(p, 0, P3081_PHYST);
	unsigned ch = vc->tuning.channel;
	if (p3081_is_cck(h)) {
		/* page 0; a gain index inside the CCK window the BB holds
		 * (0x1A98/0x1A70 lower bound) needs no correction */
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
	p[1] = pwdb; /* path A */
	p[2] = pwdb; /* path B */
	uint8_t sc = rx_subchannel(vc, h);
	p[5] = (uint8_t)(sc | sc << 4);
	p[6] = (uint8_t)ch;
	p[7] = (uint8_t)((vc->tuning.band_5g ? 1 : 0) | (h->ldpc ? 0x20 : 0) |
	                 (h->stbc ? 0x40 : 0));
	/* EVM per stream as the BB measures it: negative, in 0.5 dB units
	 * (rtw88 rtw8822c.c query_phy_status_page1 takes only a negative
	 * value and reads -rx_evm / 2 as its magnitude; -128 = none). An
	 * unused stream reads 0, which that parser also discards. */
	uint8_t evm = (uint8_t)(int8_t)p3081_clamp(-2 * snr, -127, 0);
	p[16] = evm;
	p[17] = h->nss >= 2 ? evm : 0;
	p[24] = (uint8_t)p3081_clamp(2 * snr, 0, 127); /* SNR, 0.5 dB */
	p[25] = (uint8_t)p3081_clamp(2 * snr, 0, 127);
}
