/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8821C's 32-byte Jaguar2 PHY status, which the 3081-CPU layer's
 * RX descriptor (personality_3081_rx.c) carries before a frame when the
 * driver asks for one, encoded from the signal the air delivered at this
 * receiver (vc_rx_meta rssi_dbm / noise_dbm). Layouts of the vendor
 * phydm_phystatus.h phy_sts_rpt_jgr2_type0 / _type1, as rtw88
 * rtw8821c.c query_phy_status_page0 / _page1 (and rtw8822b.c's page 1,
 * the same format with SNR, EVM and CFO) read them.
 *
 * Page 0 (CCK): the power is not a PWDB but the AGC's setting, LNA index
 * (byte 13 [7:5] low bits, byte 14 bit 7 high bit) and VGA index (byte 13
 * [4:0]): power = LNA gain - 2 x VGA, the LNA gains being the front
 * end's — one table for RFE option 0, another for every other board
 * (rtw88 rtw8821c.c get_cck_rx_pwr, lna_gain_table_0/1). The model's AGC
 * picks the highest LNA gain whose VGA index reaches the power, to the
 * dB where the gains' parity allows. Byte 1 carries the PWDB as well.
 *
 * Page 1 (OFDM, HT, VHT): PWDB of path A in byte 1 (power + 110), the
 * sub-channel of a frame narrower than the tuned channel in byte 5
 * (legacy [3:0], HT [7:4]: 1-8 a 20 MHz, 9-12 a 40 MHz part; 0 the
 * whole channel, whose width byte 15 [5:4] RF mode gives), channel,
 * band and LDPC / STBC / GNT_BT flags in bytes 6-7, the L-SIG length of
 * a legacy frame in bytes 8-9, RX EVM in byte 16 (s8, -2 x dB; EVM
 * follows SNR on a clean channel), SNR in byte 24 (s8, 2 x dB).
 */
#include <string.h>

#include "libdevourer/virtual/personality_8821c.h"

static const int8_t lna_gain_rfe0[8] = {22, 8, -6, -22, -31, -40, -46, -52};
static const int8_t lna_gain_other[16] = {10,  6,   2,   -2,  -6,  -10,
	                                  -14, -17, -20, -24, -28, -31,
	                                  -34, -37, -40, -44};

/* The CCK AGC: LNA and VGA indices that bring power_dbm in. */
static void cck_agc(const struct vchip *vc, int power_dbm, unsigned *lna,
                    unsigned *vga)
{
	const int8_t *g = p8821c_rfe(vc) == 0 ? lna_gain_rfe0 : lna_gain_other;
	unsigned n = p8821c_rfe(vc) == 0 ? 8 : 16;
	int best_err = 1 << 20;
	*lna = 0;
	*vga = 0;
	for (unsigned i = 0; i < n; i++) {
		int v = p3081_clamp((g[i] - power_dbm + 1) / 2, 0, 31);
		if (g[i] - power_dbm < 0)
			v = 0;
		int err = g[i] - 2 * v - power_dbm;
		err = err < 0 ? -err : err;
		if (err < best_err) {
			best_err = err;
			*lna = i;
			*vga = (unsigned)v;
		}
	}
}

/* Sub-channel code of a frame inside the tuned channel (0: all of it). */
static uint8_t rx_subchannel(const struct vchip *vc,
                             const struct air_frame_hdr *h)
{
	const struct vchip_tuning *t = &vc->tuning;
	if (h->bw_mhz >= t->bw_mhz)
		return 0;
	int off = (int)h->channel - (int)t->center;
	if (h->bw_mhz == 20) {
		if (t->bw_mhz == 40)
			return off > 0 ? 1 : 2;
		return off == 2 ? 1 : off == -2 ? 2 : off == 6 ? 3 : 4;
	}
	return off > 0 ? 9 : 10;
}

static uint8_t bw_code(unsigned mhz)
{
	return mhz == 80 ? 2 : mhz == 40 ? 1 : 0;
}

void p8821c_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p)
{
	const struct air_frame_hdr *h = m->air;
	int rssi = m->rssi_dbm;
	int snr = p3081_clamp(rssi - m->noise_dbm, 0, 63);
	uint8_t pwdb = (uint8_t)p3081_clamp(rssi + 110, 0, 127);
	unsigned ch = vc->tuning.channel;
	struct vchip_antenna ant;
	p8821c_antenna(vc, &ant);
	memset(p, 0, P3081_PHYST);
	p[6] = (uint8_t)ch;
	p[7] = vc->tuning.band_5g ? 1 : 0;
	if (p3081_is_cck(h)) {
		unsigned lna, vga;
		cck_agc(vc, rssi, &lna, &vga);
		p[0] = 0;
		p[1] = pwdb;
		p[13] = (uint8_t)(vga | (lna & 7) << 5);
		p[14] = (uint8_t)((lna >> 3) << 7);
		return;
	}
	p[0] = 1;
	p[1] = pwdb; /* the one path; B-D stay 0 */
	uint8_t sc = rx_subchannel(vc, h);
	p[5] = (uint8_t)(sc | sc << 4);
	p[7] |= (uint8_t)((ant.gnt_bt == 3 ? 0x10 : 0) | (h->ldpc ? 0x20 : 0) |
	                  (h->stbc ? 0x40 : 0));
	if (h->rate_kind == AIR_RATE_LEGACY) {
		p[8] = (uint8_t)m->len;
		p[9] = (uint8_t)(m->len >> 8);
	}
	p[15] = (uint8_t)(bw_code(vc->tuning.bw_mhz) << 4);
	p[16] = (uint8_t)(int8_t)-p3081_clamp(2 * snr, 0, 127);
	p[24] = (uint8_t)p3081_clamp(2 * snr, 0, 127);
}
