/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the Jaguar3 dies (RTL8822C, RTL8822E) do alike at the RF and RX
 * side: the tuning their path A RF 0x18 selects, and the 32-byte "jgr3"
 * PHY status,
 * which the 3081 layer's RX descriptor carries before a frame when the
 * driver asks for one: page 0 for CCK, page 1 for OFDM/HT/VHT, in the
 * layout rtw88 rtw8822c.c query_phy_status_page0/1 reads (vendor
 * rtl88x2eu phydm_pre_define.h PHYSTS_3RD_TYPE_IC for the 8822E; OpenIPC
 * devourer FrameParserJaguar3.h parse_phy_sts_jgr3 reads both dies
 * alike). What a die does on its own (whether path B has its antenna)
 * comes in as arguments.
 */
#include <string.h>

#include "libdevourer/virtual/personality_3081.h"

uint8_t p3081_jgr3_subchannel(const struct vchip *vc,
                              const struct air_frame_hdr *h,
                              uint8_t primary_sc)
{
	const struct vchip_tuning *t = &vc->tuning;
	if (h->bw_mhz >= t->bw_mhz)
		return 0;
	if (h->bw_mhz == 20)
		return primary_sc ? primary_sc
		                  : (t->channel > t->center ? 1 : 2);
	return t->channel > t->center ? 9 : 10;
}

void p3081_jgr3_phy_status(const struct vchip *vc, const struct vc_rx_meta *m,
                           uint8_t *p, uint8_t primary_sc, bool b_hears)
{
	const struct air_frame_hdr *h = m->air;
	int rssi = m->rssi_dbm, snr = p3081_clamp(rssi - m->noise_dbm, 0, 63);
	uint8_t pwdb = (uint8_t)p3081_clamp(rssi + 110, 0, 127);
	uint8_t pwdb_b = b_hears
	                 ? pwdb
	                 : (uint8_t)p3081_clamp(m->noise_dbm + 110, 0, 127);
	memset(p, 0, P3081_PHYST);
	unsigned ch = vc->tuning.channel;
	if (p3081_is_cck(h)) {
		/* page 0: the power of the CCK path and the AGC gain index
		 * it was taken at, one inside the window the BB holds (lower
		 * bound 0x1A98 [7:6] : 0x1A70 [27:24]), where the estimate
		 * needs no correction */
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
	uint8_t sc = p3081_jgr3_subchannel(vc, h, primary_sc);
	p[5] = (uint8_t)(sc | sc << 4);
	p[6] = (uint8_t)ch;
	p[7] = (uint8_t)((vc->tuning.band_5g ? 1 : 0) | (h->ldpc ? 0x20 : 0) |
	                 (h->stbc ? 0x40 : 0));
	/* EVM per stream as the BB measures it: negative, in 0.5 dB units
	 * (rtw88 rtw8822c.c query_phy_status_page1 takes only a negative
	 * value and reads -rx_evm / 2 as its magnitude; -128 = none). An
	 * unused stream reads 0, which that parser also discards. SNR per
	 * path in 0.5 dB. */
	uint8_t evm = (uint8_t)(int8_t)p3081_clamp(-2 * snr, -127, 0);
	p[16] = evm;
	p[17] = h->nss >= 2 ? evm : 0;
	p[24] = (uint8_t)p3081_clamp(2 * snr, 0, 127);
	p[25] = b_hears ? p[24] : 0;
}

void p3081_jgr3_update_tuning(struct vchip *vc, uint32_t r18, uint8_t bw_ctl,
                              unsigned narrow_mhz, uint8_t *primary_sc)
{
	/* RF 0x18: channel [7:0], 5 GHz bit 16, bandwidth [13:12] (3 = 20,
	 * 2 = 40, 1 = 80 MHz; rtw88 rtw8822c.c rtw8822c_set_channel_rf) */
	unsigned center = r18 & 0xFF;
	unsigned bwf = (r18 >> 12) & 3;
	unsigned bw = bwf == 3 ? 20 : bwf == 2 ? 40 : bwf == 1 ? 80 : 0;
	bool band5 = r18 & (1u << 16);
	if (!center || !bw || !vc_channel_freq(center) ||
	    band5 != (center > 14))
		return; /* not a channel the synthesiser can lock to */
	unsigned p = bw_ctl & 0x0F;
	struct vchip_tuning t = {
		.channel = (unsigned)p3081_primary_channel(center, bw, p),
		.center = center, .bw_mhz = bw,
		.band_5g = band5,
	};
	/* a 20 MHz tune whose baseband runs on a divided clock */
	if (narrow_mhz && bw == 20)
		t.bw_mhz = narrow_mhz;
	*primary_sc = (uint8_t)p;
	vc_set_tuning(vc, &t);
}
