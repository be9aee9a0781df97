/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822B's 32-byte Jaguar2 ("jgr2") PHY status, which the 3081-CPU
 * layer's RX descriptor (personality_3081_rx.c) carries before a frame
 * when the driver asks for one. Two pages, told apart by byte 0 [3:0]:
 * page 0 for CCK, page 1 for OFDM/HT/VHT (rtw88 rtw8822b.c
 * query_phy_status, rtw8822b.h GET_PHY_STAT_P0/P1_*; field map of the
 * vendor phydm_phystatus.h phy_sts_rpt_jgr2_type0 / _type1).
 *
 * What the receiver measured comes from the air's link model at this
 * station: the signal (rssi_dbm) and the noise floor (noise_dbm). The
 * chip reports power as PWDB = dBm + 110 (rtw88: rx_power = PWDB - 110),
 * SNR in 0.5 dB steps, and EVM in 0.5 dB steps as a negative number
 * (rtw88 takes -value / 2 as the EVM in dB; phydm phydm_evm_dbm likewise;
 * -128 would mean "not measured"). With the link model's white noise the
 * EVM is the SNR, negated. CCK arrives on one antenna (rtw88
 * query_phy_status_page0: "8822B uses only 1 antenna to RX CCK rates"),
 * OFDM on both, each path hearing the same signal.
 */
#include <string.h>

#include "libdevourer/virtual/personality_8822b.h"

/* Where a frame narrower than the tuned channel sits in it, as the
 * RX sub-channel fields count (rtw88 enum rtw_sc_offset: 1 upper, 2
 * lower, 3 uppermost, 4 lowest 20 MHz; 9 upper, 10 lower 40 MHz); 0 when
 * it fills the channel. */
static uint8_t rx_subchannel(const struct vchip *vc,
                             const struct air_frame_hdr *h)
{
	const struct vchip_tuning *t = &vc->tuning;
	if (h->bw_mhz >= t->bw_mhz)
		return 0;
	int off = (int)h->center - (int)t->center; /* 5 MHz steps */
	if (h->bw_mhz == 40)
		return off > 0 ? 9 : 10;
	switch (off) {
	case 2: return 1;
	case -2: return 2;
	case 6: return 3;
	case -6: return 4;
	default: return 0;
	}
}

/* The L-SIG LENGTH the PPDU carried: the PSDU bytes for legacy OFDM; for
 * HT/VHT the length that spoofs the PPDU's duration (the HT and VHT
 * L-SIG rule of IEEE 802.11-2016: ceil((TXTIME - 20) / 4) * 3 - 3). */
static unsigned lsig_length(const struct vc_rx_meta *m)
{
	const struct air_frame_hdr *h = m->air;
	if (h->rate_kind == AIR_RATE_LEGACY)
		return (unsigned)m->len & 0xFFF;
	if (h->airtime_us <= 20)
		return 0;
	return ((h->airtime_us - 20 + 3) / 4) * 3 - 3;
}

void p8822b_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p)
{
	const struct air_frame_hdr *h = m->air;
	int snr = p3081_clamp(m->rssi_dbm - m->noise_dbm, 0, 63);
	uint8_t pwdb = (uint8_t)p3081_clamp(m->rssi_dbm + 110, 0, 127);
	unsigned ch = vc->tuning.channel;
	memset(p, 0, P3081_PHYST);
	if (p3081_is_cck(h)) {
		p[0] = 0;            /* page 0 */
		p[1] = pwdb;
		p[6] = (uint8_t)ch;
		return;
	}
	uint8_t sc = rx_subchannel(vc, h);
	unsigned bw = vc->tuning.bw_mhz;
	unsigned lsig = lsig_length(m);
	p[0] = 1;                    /* page 1 */
	p[1] = pwdb;                 /* path A */
	p[2] = pwdb;                 /* path B */
	/* legacy and HT sub-channel, the same place for one PPDU */
	p[5] = (uint8_t)(sc | sc << 4);
	p[6] = (uint8_t)ch;
	/* [1:0] band (our encoding: 1 on 5 GHz; rtw88 reads none of it),
	 * bit 5 LDPC, bit 6 STBC */
	p[7] = (uint8_t)((vc->tuning.band_5g ? 1 : 0) | (h->ldpc ? 0x20 : 0) |
	                 (h->stbc ? 0x40 : 0));
	p[8] = (uint8_t)lsig;
	p[9] = (uint8_t)(lsig >> 8);
	/* RF mode [5:4]: the receiver's bandwidth (0 = 20, 1 = 40, 2 = 80),
	 * what rtw88 takes when the sub-channel fields say 0 */
	p[15] = (uint8_t)((bw == 80 ? 2 : bw == 40 ? 1 : 0) << 4);
	/* EVM per stream, SNR per path, 0.5 dB steps */
	int8_t evm = (int8_t)-p3081_clamp(2 * snr, 0, 127);
	unsigned streams = h->rate_kind == AIR_RATE_HT ? h->mcs / 8u + 1u
	                 : h->rate_kind == AIR_RATE_VHT ? h->nss : 1u;
	p[16] = (uint8_t)evm;
	p[17] = streams >= 2 ? (uint8_t)evm : 0;
	p[24] = (uint8_t)p3081_clamp(2 * snr, 0, 127);
	p[25] = (uint8_t)p3081_clamp(2 * snr, 0, 127);
}
