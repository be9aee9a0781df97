/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One packet of a Jaguar3 RX aggregate: 24-byte RX descriptor (vendor
 * HalMAC halmac_rx_desc_nic.h; rtw88 rx.c rtw_rx_query_rx_desc), SHIFT
 * bytes, the 32-byte "jgr3" PHY status when DRV_INFO_SIZE says so, then
 * the 802.11 frame with its FCS or a firmware report (C2H). The PHY status
 * pages are read as rtw88 rtw8822c.c query_phy_status_page0/page1 read
 * them. Pure parsing: every length is checked against the bytes really
 * there before anything is read.
 */
#include <string.h>

#include "hal/common/le32.h"
#include "hal/common/rx_desc.h"
#include "hal/jaguar3/jaguar3.h"

#define PWDB_OFFSET 110     /* dBm = PWDB - 110 */
#define MIN_POWER (-120)

static int clamp_dbm(int v)
{
	return v < MIN_POWER ? MIN_POWER : v > 127 ? 127 : v;
}

/* CCK report (page 0): per-path PWDB corrected by how far the AGC gain
 * index sits outside the range the power estimate is linear in. */
static int cck_path_power(uint8_t pwdb, uint8_t gain,
                          const struct jaguar3_cck_gain *g)
{
	int p = pwdb;

	if (g && (g->lower || g->upper)) {
		if (gain < g->lower)
			p += 2 * (g->lower - gain);
		else if (gain > g->upper)
			p -= 2 * (gain - g->upper);
	}
	return clamp_dbm(p - PWDB_OFFSET);
}

static void page0(const struct dvr_chip *chip, const uint8_t *ps,
                  const struct jaguar3_cck_gain *g, struct dvr_rx_info *info)
{
	unsigned paths = chip->id.is_1t1r ? 1 : chip->info->rf_paths;
	int a = cck_path_power(ps[1], ps[2] & 0x3F, g);
	int b = cck_path_power(ps[16], ps[19] & 0x3F, g);

	info->n_chains = (uint8_t)(paths > 2 ? 2 : paths);
	info->rssi_dbm[0] = (int8_t)a;
	if (info->n_chains > 1)
		info->rssi_dbm[1] = (int8_t)b;
	/* rtw88 reports the CCK signal from path A only. */
	info->signal_dbm = (int8_t)a;
	info->bw_mhz = 20;
}

static unsigned rxsc_bw(uint8_t rxsc, unsigned cur_bw)
{
	if (rxsc == 0)
		return cur_bw ? cur_bw : 20;
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

static void page1(const struct dvr_chip *chip, const uint8_t *ps,
                  struct dvr_rx_info *info)
{
	unsigned paths = chip->id.is_1t1r ? 1 : chip->info->rf_paths;
	const struct dvr_rate *r = &info->rate;
	int best = MIN_POWER;

	if (paths > 2)
		paths = 2;
	info->n_chains = (uint8_t)paths;
	for (unsigned i = 0; i < paths; i++) {
		int p = clamp_dbm(ps[1 + i] - PWDB_OFFSET);
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
	if (streams > 2)
		streams = 2;
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
	info->bw_mhz = (uint16_t)rxsc_bw(rxsc, chip->channel.bw_mhz);
	if (r->kind != DVR_RATE_LEGACY) {
		if (ps[7] & (1u << 5))
			info->flags |= DVR_RX_LDPC;
		if (ps[7] & (1u << 6))
			info->flags |= DVR_RX_STBC;
	}
}

static bool is_cck(const struct dvr_rate *r)
{
	return r->kind == DVR_RATE_LEGACY &&
	       (r->legacy_500k == 2 || r->legacy_500k == 4 ||
	        r->legacy_500k == 11 || r->legacy_500k == 22);
}

int jaguar3_parse_rx_pkt(const struct dvr_chip *chip,
                         const struct jaguar3_cck_gain *cck,
                         const uint8_t *p, size_t avail,
                         struct dvr_rx_pkt *out)
{
	if (!chip || !p || !out)
		return DVR_E_INVALID;
	memset(out, 0, sizeof *out);
	/* The MAC is set up for 4 units (32 bytes) of driver info. */
	struct dvr_rx_span sp = { 0 };
	int st = dvr_rx_span_read(p, avail, JAGUAR3_RX_DESC_LEN,
	                          JAGUAR3_PHY_STATUS_LEN, chip->info->max_rx_pkt,
	                          &sp);
	if (st != DVR_OK) {
		/* An oversized packet keeps its extent: the walk steps over
		 * it (span_read fills sp only then). */
		out->total_len = sp.total_len;
		return st;
	}

	size_t drv = sp.drv_info_len;
	size_t shift = sp.shift;
	bool physt = dvr_le32_get(p) & (1u << 26);

	dvr_rx_desc_fill(p, &sp, out);
	if (out->is_c2h)
		return DVR_OK;     /* no PHY status of interest */

	struct dvr_rx_info *info = &out->info;
	/* A frame shorter than its FCS still has a trustworthy length: it
	 * is reported and the core drops it, the walk goes on. */
	out->has_fcs = true;       /* RCR APP_FCS */
	info->bw_mhz = 20;
	if (!physt || drv != JAGUAR3_PHY_STATUS_LEN)
		return DVR_OK;

	const uint8_t *ps = p + JAGUAR3_RX_DESC_LEN + shift;
	unsigned page = ps[0] & 0x0F;
	/* Page 0 is the CCK report, page 1 the OFDM one; a page that does
	 * not fit the frame's modulation, and the other pages (rtw88 ignores
	 * them), carry no per-frame power we could trust: the frame is kept
	 * without signal data rather than misreported. */
	if (page == 0 && is_cck(&info->rate))
		page0(chip, ps, cck, info);
	else if (page == 1 && !is_cck(&info->rate))
		page1(chip, ps, info);
	return DVR_OK;
}
