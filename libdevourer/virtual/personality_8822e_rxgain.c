/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the RTL8822E's receive chains make of a frame on the tuned
 * channel: how much of its signal-to-noise ratio they keep (the model
 * core judges that against the rate, vchip_rx.c).
 *
 * The OFDM AGC table: 0x18AC / 0x41AC [8:4] select, per path, which of
 * the AGC table's gain tables the receiver runs — 0 for 2.4 GHz, 1 for
 * channels 36-64, 2 for 100-144, 3 from 149 (rtl88x2eu
 * hal/phydm/rtl8822e/phydm_hal_api8822e.c phydm_set_agc_table_8822e,
 * phydm_ofdm_agc_tab_sel_8822e; the 8822C's indices differ). OpenIPC
 * devourer found its 8822E deaf on 2.4 GHz without the 8822E's
 * selection (src/jaguar3/RadioManagementJaguar3.cpp select_agc_tables).
 * The model: a gain table of the other band (or one the chip does not
 * have) leaves the path deaf to OFDM; one of another 5 GHz sub-band
 * costs it 5 dB (the model's choice; no reference measures it). CCK runs
 * on its own table ([15:12]), which the model does not judge.
 *
 * The RX baseband filter: RF 0x1A [14:10] of each path — 20 MHz with
 * bits 11|10, 40 MHz 12|11, 80 MHz 13|10 (config_phydm_switch_bandwidth_8822e;
 * devourer apply_rxbb). The model takes the widest bit set as the
 * passband (13: 80, 12: 40, 11 or 10: 20, none: closed); a frame wider
 * than it does not get through that path. The 8822C's RF 0xEE/0x33/0x3F
 * filter LUT is no filter on this die (devourer: writing it left the
 * 8822E deaf on 2.4 GHz) and decides nothing here.
 *
 * Paths: A always; B when the DPDT gives it its antenna and its RF 0x18
 * is tuned as A's (personality_8822e_frontend.c). The receiver keeps the
 * better of its paths.
 * Caller holds vc->lock.
 */
#include "libdevourer/virtual/personality_8822e.h"
#include "libdevourer/virtual/personality_8822e_regs.h"

#define RF_RXBB 0x1A
#define WRONG_SUBBAND_DB 5

static unsigned filter_mhz(uint32_t rf1a)
{
	unsigned f = (rf1a >> 10) & 0x1F;
	return f & 0x08 ? 80 : f & 0x04 ? 40 : f & 0x03 ? 20 : 0;
}

/* The OFDM gain table the band of @p ch wants. */
static unsigned wanted_table(unsigned ch)
{
	return ch <= 14 ? 0 : ch < 100 ? 1 : ch < 149 ? 2 : 3;
}

static int path_desense(const struct vchip *vc, unsigned path,
                        const struct air_frame_hdr *h)
{
	if (filter_mhz(p3081_of(vc)->rf[path][RF_RXBB]) < h->bw_mhz)
		return VC_RX_DEAF_DB;
	/* an uncompensated ADC DC or RX IQ imbalance (the calibration the
	 * driver did not run) */
	int cal = p8822e_calib_rx_snr_loss_db(vc, path);
	if (p3081_is_cck(h))
		return cal;
	uint16_t sel = path ? P8822E_AGC_TAB_B : P8822E_AGC_TAB_A;
	unsigned have = (vc_reg32(vc, sel) >> 4) & 0x1F;
	unsigned want = wanted_table(vc->tuning.channel);
	if (have == want)
		return cal;
	if (have > 3 || (have == 0) != (want == 0))
		return VC_RX_DEAF_DB;
	return WRONG_SUBBAND_DB + cal;
}

int p8822e_rx_desense_db(const struct vchip *vc,
                         const struct air_frame_hdr *h)
{
	int best = path_desense(vc, 0, h);
	if (p8822e_path_b_antenna(vc) && p8822e_path_tuned(vc, 1)) {
		int b = path_desense(vc, 1, h);
		if (b < best)
			best = b;
	}
	return best;
}
