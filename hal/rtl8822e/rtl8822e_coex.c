/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Antenna to WLAN: the vendor's WiFi-only hardware configuration of the
 * 8822E (rtl88x2eu halbtc8822ewifionly.c ex_hal8822e_wifi_only_hw_config,
 * run by rtl8822e_init through rtw_btcoex_wifionly_hw_config when no BT
 * coexistence is configured). The grant and PTA defaults give the antenna
 * to BT; without this the receiver is deaf and TX masked.
 */
#include "hal/rtl8822e/rtl8822e.h"

#define LTE_COEX_CTRL 0x38

int rtl8822e_coex_wlan_only(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	int st;

	/* 0x70 [31:24] = 0x0E: antenna path owner and grant debug bits as
	 * the vendor leaves them for a WiFi-only radio. */
	dvr_w32_mask(io, 0x0070, 0xFF000000u, 0x0E);
	/* LTE-coex register 0x38 = 0x7700: GNT_WL forced high, GNT_BT
	 * forced low, by software. */
	if ((st = halmac_ltecoex_write(chip, LTE_COEX_CTRL, 0x7700)) != DVR_OK)
		return halmac_coex_fail(chip, st);
	/* PTA tables: WLAN wins every slot. */
	dvr_w32(io, 0x06C0, 0xAAAAAAAA);
	dvr_w32(io, 0x06C4, 0xAAAAAAAA);
	return dvr_io_status(io);
}
