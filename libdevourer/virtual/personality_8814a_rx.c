/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8814A's PHY status: the 32-byte Jaguar1 driver info the 3081
 * layer's RX descriptor carries before a frame (personality_3081_rx.c;
 * the 8814A's dword 4 holds no SGI/LDPC/STBC/bandwidth, which the layer
 * leaves zero), with the four receive chains of this chip (rtw88
 * rtw88xxa.h RTW_JGRPHY_W*, read for the 8814A by rtw8814a.c
 * rtw8814a_query_phy_status; OpenIPC devourer src/jaguar1/FrameParser.cpp
 * reads the same bytes):
 *  - gain (power + 110, 7 bits): path A byte 0, B byte 1, C byte 23,
 *    D byte 24; RX SNR (0.5 dB): A byte 15, B 16, C 21, D 22;
 *  - RX EVM (0.5 dB, negative): streams 1/2 bytes 13/14, 3/4 bytes
 *    19/20; the signal field's byte 25 for legacy OFDM;
 *  - channel [25:16], sub-channel [29:26] and RF mode [31:30] of dword
 *    0, from which the driver takes the frame's bandwidth (rfmode 1 and
 *    sub-channel 0: 40 MHz; rfmode 2: 0 is 80 MHz, 9/10 40 MHz);
 *  - CCK: the AGC report (byte 5: LNA [7:5], VGA [4:0]) whose power by
 *    rtw8814a_cck_rx_pwr is the one received.
 * Each chain reports the power the air gave it (vc_rx_meta
 * chain_rssi_dbm: the chains fade independently).
 */
#include <stdlib.h>
#include <string.h>

#include "libdevourer/virtual/personality_8814a.h"

/* rtw88 rtw8814a.c rtw8814a_cck_rx_pwr: the LNA indices this chip
 * reports and their gain, 2 dB per VGA step */
static bool cck_rx_pwr(unsigned lna, unsigned vga, int *dbm)
{
	int base;
	switch (lna) {
	case 7: base = -38; break;
	case 5: base = -28; break;
	case 3: base = -8; break;
	case 2: base = -1; break;
	default: return false;
	}
	*dbm = base - 2 * (int)vga;
	return true;
}

/* the AGC report closest to @p rssi, LNA then VGA ascending */
static uint8_t cck_agc(int rssi)
{
	int best = 0, best_err = 1 << 30;
	for (unsigned lna = 0; lna < 8; lna++)
		for (unsigned vga = 0; vga < 32; vga++) {
			int p;
			if (!cck_rx_pwr(lna, vga, &p))
				continue;
			if (abs(p - rssi) < best_err) {
				best_err = abs(p - rssi);
				best = (int)(lna << 5 | vga);
			}
		}
	return (uint8_t)best;
}

void p8814a_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p)
{
	const struct air_frame_hdr *h = m->air;
	static const uint8_t gain_at[P8814A_RF_PATHS] = {0, 1, 23, 24};
	static const uint8_t snr_at[P8814A_RF_PATHS] = {15, 16, 21, 22};
	static const uint8_t evm_at[4] = {13, 14, 19, 20};
	memset(p, 0, P3081_PHYST);
	const struct vchip_tuning *t = &vc->tuning;
	unsigned rfmod = t->bw_mhz == 80 ? 2 : t->bw_mhz == 40 ? 1 : 0;
	uint8_t sc = p3081_jgr3_subchannel(vc, h, p8814a_of(vc)->primary_sc);
	p[2] = (uint8_t)t->center;
	p[3] = (uint8_t)(((t->center >> 8) & 3) | (sc & 0xF) << 2 |
	                 rfmod << 6);
	int snr_all = p3081_clamp(m->rssi_dbm - m->noise_dbm, 0, 63);
	if (p3081_is_cck(h)) {
		p[4] = (uint8_t)(snr_all * 100 / 63); /* signal quality */
		p[5] = cck_agc(m->rssi_dbm);
	} else {
		p[4] = (uint8_t)p3081_clamp(m->rssi_dbm + 110, 0, 127);
	}
	for (unsigned c = 0; c < P8814A_RF_PATHS; c++) {
		int rssi = m->chain_rssi_dbm[c];
		int snr = p3081_clamp(rssi - m->noise_dbm, 0, 63);
		p[gain_at[c]] = (uint8_t)p3081_clamp(rssi + 110, 0, 127);
		p[snr_at[c]] = (uint8_t)(snr * 2);
	}
	/* EVM per spatial stream, from the combined SNR */
	int8_t evm = (int8_t)p3081_clamp(-2 * snr_all, -127, 0);
	unsigned nss = h->nss ? h->nss : 1;
	for (unsigned i = 0; i < 4 && i < nss; i++)
		p[evm_at[i]] = (uint8_t)evm;
	p[25] = (uint8_t)evm;
}
