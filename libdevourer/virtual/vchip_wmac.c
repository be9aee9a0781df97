/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The parts of the Realtek WMAC that the Jaguar generations lay out the
 * same way, for personalities to use: the receive filter (RCR 0x608, the
 * subtype maps RXFLTMAP0/1/2 at 0x6A0/0x6A2/0x6A4, the station address
 * MACID 0x610) and the TX queue map (TXDMA_PQ_MAP 0x10C). Register
 * layout from rtw88 reg.h (BIT_AAP ... BIT_APP_FCS, REG_RXFLTMAP0..2,
 * BIT_TXDMA_*_MAP) and mac.c txdma_queue_mapping; the endpoint order from
 * rtw88 usb.c dma_mapping_to_ep. Caller holds vc->lock.
 */
#include <string.h>

#include "libdevourer/virtual/vchip_internal.h"

/*
 * The TX protocol block's carrier-sense gate, REG_TX_PTCL_CTRL 0x520: bit
 * 14 DIS_CCA, bit 15 DIS_EDCCA (Realtek halmac_bit2.h). On the shared air
 * every other station's frame is a decodable 802.11 preamble, which the
 * primary CCA senses; so bit 14 alone decides whether we wait. The only
 * other energy on the air is a jammer's noise (air.h), which has no
 * preamble, and the energy detector behind bit 15 that could sense it
 * is parked by the drivers' set-up: its thresholds at the top of their
 * range, where it never fires (OpenIPC devourer
 * src/jaguar1/RtlJaguarDevice.cpp SetCcaMode on the Jaguar1 BB table's
 * 0x8A4; rtw88 rtw8822b.c rtw8822b_adaptivity_init, the EDCCA maximum).
 * So a jammer never holds our frames back, as it does not on the chip
 * in its default setting: it only costs receivers SNR (vchip_rx.c).
 */
bool vc_wmac_tx_defers(const struct vchip *vc)
{
	return !(vc->regs[0x521] & 0x40);
}

bool vc_wmac_rx_keeps_bad_fcs(const struct vchip *vc)
{
	return vc_reg32(vc, 0x608) & RCR_ACRC32;
}

bool vc_wmac_rx_accept(const struct vchip *vc, const uint8_t *f, size_t n,
                       bool crc_err)
{
	uint32_t rcr = vc_reg32(vc, 0x608);
	if (crc_err && !(rcr & RCR_ACRC32))
		return false;
	if (n < 10 + 4) /* frame control, duration, A1, FCS */
		return false;
	unsigned type = (f[0] >> 2) & 3, subtype = f[0] >> 4;
	static const uint32_t type_bit[3] = {RCR_AMF, RCR_ACF, RCR_ADF};
	if (type == 3 || !(rcr & type_bit[type]))
		return false;
	/* one bit per subtype: management, control, data maps */
	uint16_t map = (uint16_t)(vc->regs[0x6A0 + 2 * type] |
	                          vc->regs[0x6A1 + 2 * type] << 8);
	if (!(map & (1u << subtype)))
		return false;
	const uint8_t *a1 = f + 4;
	if (a1[0] & 1) {
		static const uint8_t bc[6] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		                              0xFF};
		return memcmp(a1, bc, 6) == 0 ? (rcr & RCR_AB) : (rcr & RCR_AM);
	}
	if (rcr & RCR_AAP)
		return true;
	return (rcr & RCR_APM) && memcmp(a1, &vc->regs[0x610], 6) == 0;
}

int vc_wmac_qsel_dma_queue(const struct vchip *vc, unsigned qsel)
{
	uint16_t pq = (uint16_t)(vc->regs[0x10C] | vc->regs[0x10D] << 8);
	unsigned shift;
	switch (qsel) {
	case 0: case 3: shift = 8; break;   /* BE */
	case 1: case 2: shift = 10; break;  /* BK */
	case 4: case 5: shift = 6; break;   /* VI */
	case 6: case 7: shift = 4; break;   /* VO */
	case 0x12: shift = 12; break;       /* MGT */
	case 0x10: case 0x11: case 0x13: shift = 14; break; /* HI/BCN/H2C */
	default: return -1;
	}
	return (pq >> shift) & 3;
}

unsigned vc_wmac_dma_queue_ep(int q)
{
	/* HIGH -> endpoint index 0, NORMAL -> 1, LOW -> 2, EXTRA -> 3 */
	static const unsigned ep[4] = {3, 2, 1, 0}; /* EXTRA LOW NORMAL HIGH */
	return ep[q & 3];
}
