/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the RTL8822E puts on the air for a frame: its power, which chains
 * carry it, and whether a receiver can decode it.
 *
 * The TX AGC index of a path is the path's reference — CCK 0x18A0 /
 * 0x41A0 [22:16], OFDM/HT/VHT 0x18E8 / 0x41E8 [16:10] — plus the rate's
 * signed 7-bit difference at 0x3A00 + (rate & 0xFC), byte rate & 3, one
 * block for both paths (rtl88x2eu hal/phydm/rtl8822e/phydm_hal_api8822e.c
 * config_phydm_write_txagc_ref_8822e, config_phydm_write_txagc_diff_8822e),
 * plus the thermal swing the power tracking keeps in 0x18A0 / 0x41A0
 * [7:0] (OpenIPC devourer docs/8822e-quirks.md, "Thermal swing
 * tracking"), held to 0..0x7F. The references and differences reach the
 * TX AGC only while 0x1C90 bit 15 is clear — the vendor clears it before
 * every write, and the BB table leaves it set (array_mp_8822e_phy_reg
 * 0x1C90 = 0x00E49708); written with it set they stay in the register
 * file and the AGC keeps what it had (from plug-in: index 0).
 *
 * Index to power: not the nominal 0.25 dB a step of the 8822C. devourer
 * measured the 8822EU's transfer accelerating from ~0.3 dB/index low in
 * the range to ~0.9 dB/index around reference 72, ~0.55 dB/index on
 * average (docs/8822e-quirks.md; src/jaguar3/RtlJaguar3Device.cpp
 * GetTxPowerCaps). The model's curve: a slope rising linearly from
 * 0.3 dB/index at index 0 to 0.9 at 72 and flat above, anchored at
 * 16 dBm per chain at index 72 and held at a 22 dBm saturation (both
 * anchors are the model's choice; no reference gives absolute power).
 *
 * The PA-enable pads: devourer found cold-start TX 3-5 dB weak on every
 * band until 0x40 |= 0x14030008 and 0x64 &= ~0x02040000 after coex, with
 * 0x64 [29:28] set (RtlJaguar3Device.cpp InitWrite; docs/8822e-quirks.md
 * "PAD_CTRL1"). The model: any of them missing costs 4 dB.
 *
 * Chains: CCK goes out on the paths of 0x1A04 [31:28] (bit 3 A, bit 2
 * B), one-stream OFDM/HT/VHT on those of 0x820 [3:0], two-stream on
 * 0x820 [7:4] (bit 0 A, bit 1 B) (config_phydm_trx_mode_8822e). Path B
 * radiates on the tuned channel only while its RF 0x18 is set as path A's
 * (personality_8822e_frontend.c p8822e_path_tuned). The chains' powers
 * add. A one-stream frame on both chains (0x820 [3:0] = 3): devourer
 * measured MCS7 delivery collapse and MCS0 TX stalling as bulk NAK on
 * this module (docs/8822e-quirks.md "OFDM 1SS TX path must be
 * single-path"). The model gives such a frame a 15 dB modulation-error
 * ceiling (low MCS still decode, MCS4 and up no longer; the figure is
 * the model's choice) and, for HT MCS0, stalls the TX DMA: that frame
 * goes out as energy only and bulk OUT NAKs until the MAC is powered
 * down (what clears the wedge on the silicon no reference says).
 *
 * Boards: the BL-M8812EU2 airs 2.4 GHz energy that no receiver decodes,
 * under devourer and the vendor driver alike (docs/8822e-quirks.md "2.4
 * GHz TX: undecodable on this module"); whether a board has that is its
 * description's (personality_8822e_efuse.c).
 * Caller holds vc->lock.
 */
#include <math.h>

#include "libdevourer/virtual/personality_8822e.h"
#include "libdevourer/virtual/personality_8822e_regs.h"

#define MAX_INDEX 0x7F
#define ANCHOR_INDEX 72
#define ANCHOR_DBM 16.0
#define SATURATED_DBM 22.0
#define PAD_LOSS_DB 4.0
#define BOTH_CHAINS_EVM_DB 15
/* The SNR ceiling a calibrated chain's modulation error allows (an EVM
 * of -36 dB, a few dB better than the -32 dB 802.11ac asks of VHT MCS9,
 * IEEE 802.11-2016 21.3.17.4.3); what an uncalibrated chain loses
 * comes off it (personality_8822e_calib.c). */
#define CALIBRATED_EVM_DB 36

/* Power of one chain at TX AGC index i: the integral of the slope
 * 0.3 + 0.6 * i / 72 dB/index below the anchor, 0.9 dB/index above. */
static double index_dbm(int i)
{
	double p;
	int below = ANCHOR_INDEX * ANCHOR_INDEX - i * i;
	if (i <= ANCHOR_INDEX)
		p = ANCHOR_DBM -
		    (0.3 * (ANCHOR_INDEX - i) + (double)below / 240.0);
	else
		p = ANCHOR_DBM + 0.9 * (i - ANCHOR_INDEX);
	return p < SATURATED_DBM ? p : SATURATED_DBM;
}

static bool in_range(uint16_t addr, size_t len, uint16_t lo, unsigned n)
{
	return addr < lo + n && addr + len > lo;
}

void p8822e_txagc_written(struct vchip *vc, uint16_t addr, size_t len)
{
	struct p8822e_state *s = p8822e_of(vc);
	if (vc_reg32(vc, P8822E_TXAGC_GATE) & P8822E_TXAGC_LOCKED)
		return; /* the AGC keeps what it had */
	static const uint16_t cck[2] = {P8822E_TXAGC_CCK_A, P8822E_TXAGC_CCK_B};
	static const uint16_t ofdm[2] = {P8822E_TXAGC_OFDM_A,
	                                 P8822E_TXAGC_OFDM_B};
	for (unsigned p = 0; p < 2; p++) {
		uint32_t c = vc_reg32(vc, cck[p]), o = vc_reg32(vc, ofdm[p]);
		if (in_range(addr, len, cck[p], 4))
			s->txagc_cck[p] = (uint8_t)((c >> 16) & MAX_INDEX);
		if (in_range(addr, len, ofdm[p], 4))
			s->txagc_ofdm[p] = (uint8_t)((o >> 10) & MAX_INDEX);
	}
	if (!in_range(addr, len, P8822E_TXAGC_DIFF, P8822E_TXAGC_DIFF_N))
		return;
	for (unsigned r = 0; r < P8822E_TXAGC_DIFF_N; r++) {
		uint8_t b = vc->regs[P8822E_TXAGC_DIFF + r] & 0x7F;
		/* a 7-bit two's complement difference */
		s->txagc_diff[r] = (int8_t)(b & 0x40 ? b - 0x80 : b);
	}
}

static bool pads_driven(const struct vchip *vc)
{
	uint32_t pad = vc_reg32(vc, P8822E_PAD_CTRL1);
	uint32_t mux = vc_reg32(vc, P8822E_GPIO_MUXCFG);
	return (pad & P8822E_PAD_PA_EN) == P8822E_PAD_PA_EN &&
	       !(pad & P8822E_PAD_BLOCK) &&
	       (mux & P8822E_MUX_RFE) == P8822E_MUX_RFE;
}

/* The chains (bit 0 A, bit 1 B) a frame of this kind goes out on. */
static unsigned chains(const struct vchip *vc, const struct air_frame_hdr *h,
                       unsigned nss)
{
	if (p3081_is_cck(h))
		return (vc->regs[P8822E_CCK_TX_PATH + 3] >> 6 & 1) << 1 |
		       (vc->regs[P8822E_CCK_TX_PATH + 3] >> 7 & 1);
	uint8_t sel = vc->regs[P8822E_OFDM_TX_PATH];
	return (nss >= 2 ? sel >> 4 : sel) & 3;
}

static double chain_dbm(const struct vchip *vc, unsigned path, bool cck,
                        int code)
{
	const struct p8822e_state *s = p8822e_of(vc);
	int idx = cck ? s->txagc_cck[path] : s->txagc_ofdm[path];
	if (code >= 0 && code < P8822E_TXAGC_DIFF_N)
		idx += s->txagc_diff[code];
	idx += (int8_t)vc->regs[path ? P8822E_TXAGC_CCK_B : P8822E_TXAGC_CCK_A];
	idx = idx < 0 ? 0 : idx > MAX_INDEX ? MAX_INDEX : idx;
	return index_dbm(idx) - (pads_driven(vc) ? 0.0 : PAD_LOSS_DB) +
	       p8822e_calib_tx_gain_db(vc, path);
}

void p8822e_tx_radio(struct vchip *vc, struct air_frame_hdr *h)
{
	struct vc_rate r = {.kind = h->rate_kind,
	                    .legacy_500k = h->legacy_500k,
	                    .mcs = h->mcs, .nss = h->nss};
	int code = vc_rate_to_code(&r);
	unsigned nss = code >= 0 ? vc_rate_nss((uint8_t)code) : 1;
	bool cck = p3081_is_cck(h);
	unsigned mask = chains(vc, h, nss);
	if (!cck && nss == 1 && mask == 3 && h->rate_kind == AIR_RATE_HT &&
	    h->mcs == 0) {
		p8822e_of(vc)->tx_stalled = true;
		h->flags |= AIR_F_ENERGY_ONLY; /* garbage on the air */
		return;
	}
	double mw = 0;
	unsigned on_air = 0;
	int evm_loss = 0;
	for (unsigned p = 0; p < 2; p++) {
		if (!(mask & (1u << p)) || !p8822e_path_tuned(vc, p))
			continue;
		mw += pow(10.0, chain_dbm(vc, p, cck, code) / 10.0);
		on_air++;
		int l = p8822e_calib_tx_evm_loss_db(vc, p);
		evm_loss = l > evm_loss ? l : evm_loss;
	}
	/* two streams need two chains; none: nothing a receiver can use */
	if (!on_air || on_air < nss) {
		h->flags |= AIR_F_ENERGY_ONLY;
		if (!on_air)
			return;
	}
	double dbm = 10.0 * log10(mw);
	h->tx_power_dbm = (int8_t)lround(dbm < -128 ? -128 : dbm);
	h->flags |= AIR_F_TX_POWER;
	/* the worst chain's calibration bounds the frame's EVM */
	if (!cck && evm_loss > 0)
		h->tx_evm_db = (uint8_t)(CALIBRATED_EVM_DB - evm_loss);
	if (!cck && nss == 1 && mask == 3 &&
	    (!h->tx_evm_db || h->tx_evm_db > BOTH_CHAINS_EVM_DB))
		h->tx_evm_db = BOTH_CHAINS_EVM_DB;
	if (!vc->tuning.band_5g && p8822e_board_of(vc)->tx_2g_undecodable)
		h->flags |= AIR_F_ENERGY_ONLY;
}

bool p8822e_tx_stalled(const struct vchip *vc)
{
	return p8822e_of(vc)->tx_stalled;
}

void p8822e_mac_power(struct vchip *vc, bool on)
{
	if (!on)
		p8822e_of(vc)->tx_stalled = false;
}
