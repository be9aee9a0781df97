/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a Jaguar1 chip (RTL8812AU, RTL8821AU) puts before a received frame: the 24-byte RX
 * descriptor and, when the driver asked for it (RCR APP_PHYSTS and a
 * driver-info size in 0x60F), the 32-byte Jaguar1 PHY status (rtw88
 * rx.h / rx.c rtw_rx_query_rx_desc for the descriptor, rtw88 rtw88xxa.c
 * rtw88xxa_query_phy_status / rtw88xxa.h RTW_JGRPHY_W* and the vendor
 * driver aircrack-ng/rtl8812au hal/phydm/phydm_phystatus.c for the PHY
 * status).
 */
#include <stdlib.h>
#include <string.h>

#include "libdevourer/virtual/personality_jaguar1.h"

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* CCK AGC report (LNA index [7:5], VGA index [4:0]) whose power by the
 * chip's own formula (struct pjaguar1_chip cck_rx_pwr) comes closest to the
 * configured RSSI; the first such index pair, LNA then VGA ascending. */
int pjaguar1_cck_agc_for(const struct vchip *vc, int rssi)
{
	const struct pjaguar1_chip *c = pjaguar1_chip(vc);
	int best = 0, best_err = 1 << 30;
	for (unsigned lna = 0; lna < 8; lna++) {
		for (unsigned vga = 0; vga < 32; vga++) {
			int p;
			if (!c->cck_rx_pwr(lna, vga, &p))
				continue;
			int e = abs(p - rssi);
			if (e < best_err) {
				best_err = e;
				best = (int)(lna << 5 | vga);
			}
		}
	}
	return best;
}

static void phy_status(const struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p)
{
	const struct air_frame_hdr *h = m->air;
	int rssi = m->rssi_dbm, snr = rssi - m->noise_dbm;
	snr = clamp(snr, 0, 63);
	uint8_t gain = (uint8_t)clamp(rssi + 110, 0, 127);
	memset(p, 0, PJAGUAR1_RX_PHYST);
	p[0] = gain; /* (gain & 0x7F) - 110 = RSSI, path A */
	p[1] = gain; /* path B */
	const struct vchip_tuning *t = &vc->tuning;
	unsigned bwc = t->bw_mhz == 80 ? 2 : t->bw_mhz == 40 ? 1 : 0;
	p[2] = (uint8_t)t->center;
	p[3] = (uint8_t)(((t->center >> 8) & 3) |
	                 (pjaguar1_of(vc)->primary_sc & 0xF) << 2 | bwc << 6);
	bool cck = h->rate_kind == AIR_RATE_LEGACY &&
	           (h->legacy_500k == 2 || h->legacy_500k == 4 ||
	            h->legacy_500k == 11 || h->legacy_500k == 22);
	if (cck) {
		p[4] = (uint8_t)clamp(snr * 100 / 63, 0, 100); /* quality */
		p[5] = (uint8_t)pjaguar1_of(vc)->cck_agc_byte;
	} else {
		p[4] = (uint8_t)(gain << 1); /* PWDB_ALL */
	}
	int8_t evm = (int8_t)clamp(-2 * snr, -127, 0); /* 0.5 dB units */
	p[13] = (uint8_t)evm;
	p[14] = h->nss >= 2 ? (uint8_t)evm : 0;
	p[15] = (uint8_t)(snr * 2); /* SNR path A, 0.5 dB units */
	p[16] = (uint8_t)(snr * 2);
	p[25] = (uint8_t)evm; /* signal-field EVM (legacy OFDM) */
}

size_t pjaguar1_rx_encode(struct vchip *vc, const struct vc_rx_meta *m,
                        uint8_t *p, size_t *frame_len)
{
	const struct air_frame_hdr *h = m->air;
	const uint8_t *f = m->frame;
	size_t n = m->len;
	uint32_t rcr = vc_reg32(vc, PJAGUAR1_RCR);
	size_t flen = (rcr & RCR_APP_FCS) ? n : n - 4;
	unsigned drv_units = vc->regs[PJAGUAR1_RX_DRVINFO_SZ] & 0x0F;
	bool physt = (rcr & RCR_APP_PHYSTS) && drv_units;
	size_t drv = physt ? drv_units * 8u : 0;
	memset(p, 0, PJAGUAR1_RX_DESC + drv);
	unsigned type = (f[0] >> 2) & 3;
	bool group = f[4] & 1;
	bool bcast = group && f[4] == 0xFF && f[5] == 0xFF && f[6] == 0xFF &&
	             f[7] == 0xFF && f[8] == 0xFF && f[9] == 0xFF;
	uint32_t dw0 = (uint32_t)(flen & 0x3FFF) |
	               (m->crc_err ? 1u << 14 : 0) | (uint32_t)(drv / 8) << 16 |
	               (physt ? 1u << 26 : 0) | 1u << 28 | 1u << 29;
	uint32_t dw1 = type << 28 | (group && !bcast ? 1u << 30 : 0) |
	               (bcast ? 1u << 31 : 0);
	uint32_t dw2 = 0;
	if (n >= 24 + 4 && type != 1) {
		uint16_t sc = (uint16_t)(f[22] | f[23] << 8);
		dw2 = (uint32_t)(sc >> 4) | (uint32_t)(sc & 0xF) << 12;
	}
	unsigned bwc = h->bw_mhz == 80 ? 2 : h->bw_mhz == 40 ? 1 : 0;
	uint32_t dw4 = (h->short_gi ? 1u : 0) | (h->ldpc ? 2u : 0) |
	               (h->stbc ? 4u : 0) | bwc << 4;
	vc_put_le32(p, dw0);
	vc_put_le32(p + 4, dw1);
	vc_put_le32(p + 8, dw2);
	vc_put_le32(p + 12, (uint32_t)m->rate_code & 0x7F);
	vc_put_le32(p + 16, dw4);
	vc_put_le32(p + 20, (uint32_t)m->tsf_us);
	if (physt)
		phy_status(vc, m, p + PJAGUAR1_RX_DESC);
	*frame_len = flen;
	return PJAGUAR1_RX_DESC + drv;
}

void pjaguar1_rx_agg_count(uint8_t *first_desc, unsigned count)
{
	first_desc[14] = (uint8_t)count; /* USB_AGG_PKTNUM, dword 3 [23:16] */
}
