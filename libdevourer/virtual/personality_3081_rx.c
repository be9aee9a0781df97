/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the MAC of a 3081-CPU chip does with a received frame: its receive
 * filter, the 24-byte RX descriptor it puts before the frame (rtw88 rx.h,
 * the vendor HalMAC RX descriptor), with the 32-byte PHY status after it
 * when the driver asks for one — whose encoding is the chip's (Jaguar2
 * and Jaguar3 differ; its phy_status hook) — and the packet count of an
 * RX aggregate.
 */
#include <string.h>

#include "libdevourer/virtual/personality_3081.h"
#include "libdevourer/virtual/personality_3081_regs.h"

/* The receive filter by the RCR bits of rtw88 reg.h (AAP 0, APM 1,
 * AM 2, AB 3, CBSSID_DATA 6, CBSSID_BCN 7) and the per-subtype maps
 * RXFLTMAP0/1/2 (0x6A0 management, 0x6A2 control, 0x6A4 data). Group
 * frames are also subject to REG_MAR (0x620/0x624). */
bool p3081_rx_accept(const struct vchip *vc, const uint8_t *f, size_t n,
                     bool crc_err)
{
	uint32_t rcr = vc_reg32(vc, P3081_RCR);
	if (crc_err && !(rcr & (1u << 8))) /* ACRC32 */
		return false;
	if (n < 10 + 4)
		return false;
	unsigned type = (f[0] >> 2) & 3, subtype = f[0] >> 4;
	if (type == 3)
		return false;
	static const uint16_t map_reg[3] = {P3081_RXFLTMAP0, P3081_RXFLTMAP1,
	                                    P3081_RXFLTMAP2};
	uint16_t map = (uint16_t)(vc->regs[map_reg[type]] |
	                          vc->regs[map_reg[type] + 1] << 8);
	if (!(map & (1u << subtype)))
		return false;
	/* Jaguar2: any of RCR bits 11-13 drops the beacons of other BSSs,
	 * every ambient beacon in monitor mode (OpenIPC devourer
	 * src/jaguar2/HalJaguar2.cpp enable_rx, bisected on hardware).
	 * Which bit does what is not documented; the model drops a beacon
	 * whose BSSID (A3) is not REG_BSSID when any is set. */
	if (type == 0 && subtype == 8 &&
	    p3081_chip_of(vc)->rcr_11_13_drop_beacons &&
	    (rcr & (RCR_ADF | RCR_ACF | RCR_AMF)) &&
	    (n < 24 + 4 || memcmp(f + 16, &vc->regs[P3081_BSSID], 6) != 0))
		return false;
	/* same-BSS checks: A3 of beacons, the BSSID of data frames */
	if (n >= 24 + 4 && ((type == 0 && subtype == 8 && (rcr & (1u << 7))) ||
	                    (type == 2 && (rcr & (1u << 6))))) {
		const uint8_t *bssid = type == 0 ? f + 16
		                     : (f[1] & 0x01) ? f + 4 : (f[1] & 0x02)
		                     ? f + 10 : f + 16;
		if (memcmp(bssid, &vc->regs[P3081_BSSID], 6) != 0)
			return false;
	}
	const uint8_t *a1 = f + 4;
	if (a1[0] & 1) {
		static const uint8_t bc[6] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		                              0xFF};
		bool bcast = memcmp(a1, bc, 6) == 0;
		if (!(rcr & (bcast ? 1u << 3 : 1u << 2)))
			return false;
		/* With REG_MAR all zero every group frame, beacons
		 * included, is dropped (OpenIPC devourer init_wmac_cfg).
		 * The hash that picks a MAR bit is not documented, so the
		 * model asks only for a non-empty MAR. */
		return vc_reg32(vc, P3081_MAR) || vc_reg32(vc, P3081_MAR + 4);
	}
	if (rcr & (1u << 0))
		return true;
	return (rcr & (1u << 1)) &&
	       memcmp(a1, &vc->regs[P3081_MACID], 6) == 0;
}

size_t p3081_rx_encode(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *hdr, size_t *frame_len)
{
	uint32_t rcr = vc_reg32(vc, P3081_RCR);
	const uint8_t *f = m->frame;
	size_t flen = (rcr & RCR_APP_FCS) ? m->len : m->len - 4;
	unsigned drv_units = vc->regs[P3081_RX_DRVINFO_SZ] & 0x0F;
	bool physt = (rcr & RCR_APP_PHYSTS) && drv_units;
	/* the PHY status is 32 bytes; DRV_INFO_SIZE says what the driver
	 * configured (rtw88 mac.c rtw_drv_info_cfg writes 4) */
	size_t drv = physt ? (drv_units * 8u < P3081_PHYST ? P3081_PHYST
	                                                   : drv_units * 8u)
	                   : 0;
	if (drv > P3081_PHYST)
		drv = P3081_PHYST;
	memset(hdr, 0, P3081_RX_DESC + drv);
	unsigned type = (f[0] >> 2) & 3;
	bool group = f[4] & 1;
	bool bcast = group && f[4] == 0xFF && f[5] == 0xFF && f[6] == 0xFF &&
	             f[7] == 0xFF && f[8] == 0xFF && f[9] == 0xFF;
	/* the size the descriptor reports; the PHY status is there either
	 * way (struct p3081_chip drvinfo_needs_115) */
	size_t drv_field = drv;
	if (p3081_chip_of(vc)->drvinfo_needs_115 &&
	    (vc->regs[P3081_RX_DESC_LEN_FIX] & 0x0F) != 0x0F)
		drv_field = 0;
	uint32_t dw0 = (uint32_t)(flen & 0x3FFF) | (m->crc_err ? 1u << 14 : 0) |
	               (uint32_t)(drv_field / 8) << 16 |
	               (physt ? 1u << 26 : 0);
	uint32_t dw1 = type << 28 | (group && !bcast ? 1u << 30 : 0) |
	               (bcast ? 1u << 31 : 0);
	uint32_t dw2 = m->crc_err ? 0 : 1u << 31; /* FCS_OK */
	if (flen >= 24 && type != 1) {
		uint16_t sc = (uint16_t)(f[22] | f[23] << 8);
		dw2 |= (uint32_t)(sc >> 4) | (uint32_t)(sc & 0xF) << 12;
	}
	vc_put_le32(hdr, dw0);
	vc_put_le32(hdr + 4, dw1);
	vc_put_le32(hdr + 8, dw2);
	vc_put_le32(hdr + 12, (uint32_t)m->rate_code & 0x7F);
	vc_put_le32(hdr + 16, 0);
	vc_put_le32(hdr + 20, (uint32_t)m->tsf_us);
	if (physt)
		p3081_chip_of(vc)->phy_status(vc, m, hdr + P3081_RX_DESC);
	*frame_len = flen;
	return P3081_RX_DESC + drv;
}

/* DMA_AGG_NUM: dword 3 [23:16] of the first descriptor */
void p3081_rx_agg_count(uint8_t *first_desc, unsigned count)
{
	first_desc[14] = (uint8_t)(count > 255 ? 255 : count);
}
