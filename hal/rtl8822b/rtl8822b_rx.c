/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822B's part of its RX packets: the CCK page of the "jgr2" PHY
 * status (hal/jaguar2 calls it). The chip reports a PWDB in byte 1,
 * received on one antenna, dBm = PWDB - 110, no lower than -120 (rtw88
 * rtw8822b.c query_phy_status_page0, rtw8822b.h GET_PHY_STAT_P0_PWDB).
 */
#include "hal/rtl8822b/rtl8822b.h"

int rtl8822b_cck_rx_power(const struct dvr_chip *chip, const uint8_t *ps)
{
	(void)chip;
	return halmac_rx_dbm(ps[1]);
}
