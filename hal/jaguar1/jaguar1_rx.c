/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One packet of a Jaguar1 RX aggregate: 24-byte descriptor, optional PHY
 * status (the driver-info block), shift, then the 802.11 frame with FCS or
 * a firmware report (rtw88 rx.c rtw_rx_query_rx_desc layout; PHY status of
 * rtw88 rtw88xxa.c rtw88xxa_query_phy_status). Pure parsing, no
 * allocation; every length is checked against what is really there before
 * anything is read.
 */
#include <string.h>

#include "hal/common/le32.h"
#include "hal/common/rx_desc.h"
#include "hal/jaguar1/jaguar1.h"

/* Bandwidth of a legacy-rate frame from PHY status byte 3 (duplicates). */
static unsigned legacy_bw(uint8_t b3)
{
	unsigned mode = b3 >> 6, sc = (b3 >> 2) & 0xF;

	if (mode == 1)
		return sc == 0 ? 40 : 20;
	if (mode == 2)
		return sc == 0 ? 80 : (sc == 9 || sc == 10) ? 40 : 20;
	return 20;
}

/* Where the PHY status keeps each path's gain and SNR, and each stream's
 * EVM: paths A and B (streams 1 and 2) where every member has them, C and
 * D (streams 3 and 4) further on, in bytes a 2T2R member fills with other
 * reports (CSI at 21/22), so they are read only up to the chip's paths
 * (rtw88 rtw88xxa.h
 * RTW_JGRPHY_W0_GAIN_A/B, W3_RXSNR_A, W4_RXSNR_B, W5_RXSNR_C/D,
 * W5_GAIN_C, W6_GAIN_D; W3_RXEVM_1/2, W4_RXEVM_3, W5_RXEVM_4). */
static const uint8_t gain_at[DVR_MAX_RF_PATHS] = { 0, 1, 23, 24 };
static const uint8_t snr_at[DVR_MAX_RF_PATHS] = { 15, 16, 21, 22 };
static const uint8_t evm_at[DVR_MAX_RF_PATHS] = { 13, 14, 19, 20 };

static void parse_phy_status(const struct dvr_chip *chip, const uint8_t *ps,
                             struct dvr_rx_info *info)
{
	const struct dvr_rate *r = &info->rate;
	bool cck = r->kind == DVR_RATE_LEGACY && r->legacy_500k <= 22 &&
	           r->legacy_500k != 12 && r->legacy_500k != 18;

	if (cck) {
		const struct jaguar1_data *jd = jaguar1_data(chip);
		int p = jd && jd->cck_rx_power ? jd->cck_rx_power(ps[5]) : -94;
		info->n_chains = 1;
		info->rssi_dbm[0] = (int8_t)p;
		info->signal_dbm = (int8_t)p;
		return;
	}
	unsigned paths = jaguar1_paths(chip);
	if (paths > DVR_MAX_RF_PATHS)
		paths = DVR_MAX_RF_PATHS;
	int best = -120;
	info->n_chains = (uint8_t)paths;
	for (unsigned i = 0; i < paths; i++) {
		int p = (ps[gain_at[i]] & 0x7F) - 110;
		info->rssi_dbm[i] = (int8_t)p;
		if (p > best)
			best = p;
		info->snr_db[i] = (int8_t)((int8_t)ps[snr_at[i]] / 2);
	}
	info->signal_dbm = (int8_t)best;
	const struct jaguar1_data *jd = jaguar1_data(chip);
	if (jd && jd->rx_signal_second_lowest && paths == 4) {
		int g[4];
		for (unsigned i = 0; i < 4; i++)
			g[i] = ps[gain_at[i]] & 0x7F;
		int lo_ab = g[0] < g[1] ? g[0] : g[1];
		int hi_ab = g[0] < g[1] ? g[1] : g[0];
		int lo_cd = g[2] < g[3] ? g[2] : g[3];
		int hi_cd = g[2] < g[3] ? g[3] : g[2];
		int m1 = lo_ab > lo_cd ? lo_ab : lo_cd;
		int m2 = hi_ab < hi_cd ? hi_ab : hi_cd;
		info->signal_dbm = (int8_t)((m1 < m2 ? m1 : m2) - 110);
	}
	info->flags |= DVR_RX_HAS_SNR;

	/* EVM, 0.5 dB units, -128 = not measured: per stream for HT/VHT,
	 * the signal-field EVM (byte 25) for legacy OFDM. */
	unsigned streams = 1;
	if (r->kind == DVR_RATE_HT)
		streams = r->mcs / 8 + 1;
	else if (r->kind == DVR_RATE_VHT)
		streams = r->nss;
	/* Streams 1 and 2 have their slots on every chip; 3 and 4 only on
	 * a chip with the paths to receive them. */
	unsigned max_streams = paths > 2 ? paths : 2;
	if (streams > max_streams)
		streams = max_streams;
	bool any = false;
	for (unsigned s = 0; s < streams; s++) {
		int8_t e = (int8_t)(r->kind == DVR_RATE_LEGACY ? ps[25]
		                                               : ps[evm_at[s]]);
		if (e == -128)
			continue;
		info->evm_db[s] = (int8_t)(e / 2);
		any = true;
	}
	if (any)
		info->flags |= DVR_RX_HAS_EVM;
	if (r->kind == DVR_RATE_LEGACY || (jd && jd->rx_dw4_no_phy))
		info->bw_mhz = (uint16_t)legacy_bw(ps[3]);
}

int jaguar1_parse_rx_pkt(const struct dvr_chip *chip, const uint8_t *p,
                          size_t avail, struct dvr_rx_pkt *out)
{
	if (!p || !out)
		return DVR_E_INVALID;
	memset(out, 0, sizeof *out);
	/* mac_init programs the chip's PHY status length as driver info. */
	size_t phy_len = chip->info->phy_status_len;
	struct dvr_rx_span sp = { 0 };
	int st = dvr_rx_span_read(p, avail, JAGUAR1_RX_DESC_LEN, phy_len,
	                          chip->info->max_rx_pkt, &sp);
	if (st != DVR_OK) {
		/* An oversized packet keeps its extent: the walk steps over
		 * it (span_read fills sp only then). */
		out->total_len = sp.total_len;
		return st;
	}

	uint32_t d4 = dvr_le32_get(p + 16);
	size_t drv = sp.drv_info_len;

	dvr_rx_desc_fill(p, &sp, out);
	if (out->is_c2h)
		return DVR_OK;

	struct dvr_rx_info *info = &out->info;
	out->has_fcs = true;               /* RCR APP_FCS */
	const struct jaguar1_data *jd = jaguar1_data(chip);
	if (jd && jd->rx_dw4_no_phy)
		d4 = 0;                        /* other fields there */
	bool ht_vht = info->rate.kind != DVR_RATE_LEGACY;
	unsigned bwc = (d4 >> 4) & 3;
	info->bw_mhz = ht_vht ? (uint16_t)(bwc == 2 ? 80 : bwc == 1 ? 40 : 20)
	                      : 20;
	if (ht_vht) {
		if (d4 & 1)
			info->flags |= DVR_RX_SHORT_GI;
		if (d4 & 2)
			info->flags |= DVR_RX_LDPC;
		if (d4 & 4)
			info->flags |= DVR_RX_STBC;
	}
	/* PHY status sits right after the descriptor (vendor placement). */
	if (drv == phy_len && phy_len >= 26)
		parse_phy_status(chip, p + JAGUAR1_RX_DESC_LEN, info);
	return DVR_OK;
}
