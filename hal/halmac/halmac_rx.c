/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What every HalMAC chip's RX packet shares: the 24-byte RX descriptor
 * (vendor HalMAC halmac_rx_desc_nic.h; rtw88 rx.c rtw_rx_query_rx_desc),
 * SHIFT bytes, the 32-byte PHY status when DRV_INFO_SIZE says so, then the
 * 802.11 frame with its FCS or a firmware report (C2H); and the OFDM page
 * of the PHY status, whose offsets the "jgr2" and "jgr3" layouts share
 * (rtw88 rtw8822b.c / rtw8822c.c query_phy_status_page1). The CCK page,
 * which differs, is the family's. Pure parsing: every length is checked
 * against the bytes really there before anything is read.
 */
#include <string.h>

#include "hal/common/le32.h"
#include "hal/common/rx_desc.h"
#include "hal/halmac/halmac.h"

#define PWDB_OFFSET 110     /* dBm = PWDB - 110 */
#define MIN_POWER (-120)

int halmac_rx_dbm(int pwdb)
{
	int v = pwdb - PWDB_OFFSET;

	return v < MIN_POWER ? MIN_POWER : v > 127 ? 127 : v;
}

/* The paths and streams whose slots the OFDM page's offsets below are
 * known for: A and B (rtw88 rtw8822b.h / rtw8822c.h GET_PHY_STAT_P1_
 * PWDB_A/B, RXSNR_A/B, RXEVM_A/B); every HalMAC chip driven has no more.
 * A chip of more paths would bring the offsets of C and D. */
#define PAGE1_PATHS 2u

unsigned halmac_rx_paths(const struct dvr_chip *chip)
{
	unsigned paths = dvr_chip_rf_paths(chip);

	return paths > PAGE1_PATHS ? PAGE1_PATHS : paths;
}

static unsigned rxsc_bw(uint8_t rxsc, unsigned bw_unknown)
{
	if (rxsc == 0)
		return bw_unknown ? bw_unknown : 20;
	if (rxsc <= 8)
		return 20;
	if (rxsc <= 12)
		return 40;
	return 80;
}

static unsigned streams_of(const struct dvr_rate *r)
{
	if (r->kind == DVR_RATE_HT)
		return r->mcs / 8u + 1u;
	if (r->kind == DVR_RATE_VHT)
		return r->nss;
	return 1;
}

void halmac_phy_status_ofdm(const struct dvr_chip *chip, const uint8_t *ps,
                            unsigned bw_unknown, struct dvr_rx_info *info)
{
	unsigned paths = halmac_rx_paths(chip);
	const struct dvr_rate *r = &info->rate;
	int best = MIN_POWER;

	info->n_chains = (uint8_t)paths;
	for (unsigned i = 0; i < paths; i++) {
		int p = halmac_rx_dbm(ps[1 + i]);
		info->rssi_dbm[i] = (int8_t)p;
		if (p > best)
			best = p;
		info->snr_db[i] = (int8_t)((int8_t)ps[24 + i] / 2);
	}
	info->signal_dbm = (int8_t)best;
	info->flags |= DVR_RX_HAS_SNR;

	/* EVM per stream in 0.5 dB units; -128 = not measured. */
	unsigned streams = streams_of(r);
	bool any = false;
	if (streams > PAGE1_PATHS)
		streams = PAGE1_PATHS;
	for (unsigned s = 0; s < streams; s++) {
		int8_t e = (int8_t)ps[16 + s];
		if (e == -128)
			continue;
		info->evm_db[s] = (int8_t)(e / 2);
		any = true;
	}
	if (any)
		info->flags |= DVR_RX_HAS_EVM;

	/* Legacy OFDM reports its sub-channel in l_rxsc, HT/VHT in
	 * ht_rxsc. */
	uint8_t rxsc = r->kind == DVR_RATE_LEGACY ? (ps[5] & 0x0F)
	                                           : (uint8_t)(ps[5] >> 4);
	info->bw_mhz = (uint16_t)rxsc_bw(rxsc, bw_unknown);
	if (r->kind != DVR_RATE_LEGACY) {
		if (ps[7] & (1u << 5))
			info->flags |= DVR_RX_LDPC;
		if (ps[7] & (1u << 6))
			info->flags |= DVR_RX_STBC;
	}
}

bool halmac_rate_is_cck(const struct dvr_rate *r)
{
	return r->kind == DVR_RATE_LEGACY &&
	       (r->legacy_500k == 2 || r->legacy_500k == 4 ||
	        r->legacy_500k == 11 || r->legacy_500k == 22);
}

int halmac_rx_open(const struct dvr_chip *chip, const uint8_t *p,
                   size_t avail, struct dvr_rx_pkt *out,
                   const uint8_t **phy_status)
{
	*phy_status = NULL;
	if (!chip || !p || !out)
		return DVR_E_INVALID;
	memset(out, 0, sizeof *out);
	/* The MAC is set up for 4 units (32 bytes) of driver info. */
	struct dvr_rx_span sp = { 0 };
	int st = dvr_rx_span_read(p, avail, HALMAC_RX_DESC_LEN,
	                          HALMAC_PHY_STATUS_LEN,
	                          chip->info->max_rx_pkt, &sp);
	if (st != DVR_OK) {
		/* An oversized packet keeps its extent: the walk steps over
		 * it (span_read fills sp only then). */
		out->total_len = sp.total_len;
		return st;
	}

	bool physt = dvr_le32_get(p) & (1u << 26);

	dvr_rx_desc_fill(p, &sp, out);
	if (out->is_c2h)
		return DVR_OK;     /* no PHY status of interest */
	/* A frame shorter than its FCS still has a trustworthy length: it
	 * is reported and the core drops it, the walk goes on. */
	out->has_fcs = true;       /* RCR APP_FCS */
	out->info.bw_mhz = 20;
	if (physt && sp.drv_info_len == HALMAC_PHY_STATUS_LEN)
		*phy_status = p + HALMAC_RX_DESC_LEN + sp.shift;
	return DVR_OK;
}
