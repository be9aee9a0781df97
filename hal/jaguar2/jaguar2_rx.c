/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One packet of a Jaguar2 RX aggregate: the HalMAC descriptor and OFDM page
 * (hal/halmac/halmac_rx.c) and the "jgr2" specifics (rtw88 rtw8822b.c /
 * rtw8821c.c query_phy_status_page0/page1; vendor phydm_phystatus.h
 * phy_sts_rpt_jgr2_type0/1): the CCK page is the chip's (its family
 * data), and an OFDM report naming no sub-channel says the receiver's
 * bandwidth in its RF-mode field, byte 15 [5:4].
 */
#include "hal/jaguar2/jaguar2.h"

static void cck_page(const struct dvr_chip *chip, const uint8_t *ps,
                     struct dvr_rx_info *info)
{
	const struct jaguar2_data *d = jaguar2_data(chip);

	if (!d || !d->cck_rx_power)
		return;
	int dbm = d->cck_rx_power(chip, ps);
	/* CCK is received on one antenna (rtw88 rtw8822b.c
	 * query_phy_status_page0): path A's report is the frame's. */
	info->n_chains = 1;
	info->rssi_dbm[0] = (int8_t)dbm;
	info->signal_dbm = (int8_t)dbm;
	info->bw_mhz = 20;
}

int jaguar2_parse_rx_pkt(const struct dvr_chip *chip, const uint8_t *p,
                         size_t avail, struct dvr_rx_pkt *out)
{
	const uint8_t *ps;
	int st = halmac_rx_open(chip, p, avail, out, &ps);

	if (st != DVR_OK || !ps)
		return st;
	struct dvr_rx_info *info = &out->info;
	unsigned page = ps[0] & 0x0F;
	/* As on Jaguar3: page 0 is CCK, page 1 OFDM; a page that does not
	 * fit the frame's modulation, or another page, gives no power. */
	if (page == 0 && halmac_rate_is_cck(&info->rate)) {
		cck_page(chip, ps, info);
	} else if (page == 1 && !halmac_rate_is_cck(&info->rate)) {
		static const uint16_t rf_mode_bw[4] = { 20, 40, 80, 0 };
		unsigned bw = rf_mode_bw[(ps[15] >> 4) & 3];
		halmac_phy_status_ofdm(chip, ps, bw, info);
	}
	return DVR_OK;
}
