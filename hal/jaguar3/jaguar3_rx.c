/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One packet of a Jaguar3 RX aggregate: the HalMAC descriptor and OFDM page
 * (hal/halmac/halmac_rx.c), and the "jgr3" CCK page as rtw88 rtw8822c.c
 * query_phy_status_page0 reads it: a power per path, corrected by the AGC
 * gain index. An OFDM report naming no sub-channel was received at the
 * channel's own bandwidth.
 */
#include "hal/jaguar3/jaguar3.h"

void jaguar3_read_cck_gain(struct dvr_io *io, struct jaguar3_cck_gain *out)
{
	uint32_t u_msb = dvr_r32_mask(io, 0x1A98, 0xC000);
	uint32_t u_lsb = dvr_r32_mask(io, 0x1AA8, 0xF0000);
	uint32_t l_msb = dvr_r32_mask(io, 0x1A98, 0xC0);
	uint32_t l_lsb = dvr_r32_mask(io, 0x1A70, 0x0F000000);

	out->upper = (uint8_t)(u_msb << 4 | u_lsb);
	out->lower = (uint8_t)(l_msb << 4 | l_lsb);
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
	return halmac_rx_dbm(p);
}

static void page0(const struct dvr_chip *chip, const uint8_t *ps,
                  const struct jaguar3_cck_gain *g, struct dvr_rx_info *info)
{
	int a = cck_path_power(ps[1], ps[2] & 0x3F, g);
	int b = cck_path_power(ps[16], ps[19] & 0x3F, g);

	info->n_chains = (uint8_t)halmac_rx_paths(chip);
	info->rssi_dbm[0] = (int8_t)a;
	if (info->n_chains > 1)
		info->rssi_dbm[1] = (int8_t)b;
	/* rtw88 reports the CCK signal from path A only. */
	info->signal_dbm = (int8_t)a;
	info->bw_mhz = 20;
}

int jaguar3_parse_rx_pkt(const struct dvr_chip *chip,
                         const struct jaguar3_cck_gain *cck,
                         const uint8_t *p, size_t avail,
                         struct dvr_rx_pkt *out)
{
	const uint8_t *ps;
	int st = halmac_rx_open(chip, p, avail, out, &ps);

	if (st != DVR_OK || !ps)
		return st;
	struct dvr_rx_info *info = &out->info;
	unsigned page = ps[0] & 0x0F;
	/* Page 0 is the CCK report, page 1 the OFDM one; a page that does
	 * not fit the frame's modulation, and the other pages (rtw88 ignores
	 * them), carry no per-frame power we could trust: the frame is kept
	 * without signal data rather than misreported. */
	if (page == 0 && halmac_rate_is_cck(&info->rate))
		page0(chip, ps, cck, info);
	else if (page == 1 && !halmac_rate_is_cck(&info->rate))
		halmac_phy_status_ofdm(chip, ps, chip->channel.bw_mhz, info);
	return DVR_OK;
}
