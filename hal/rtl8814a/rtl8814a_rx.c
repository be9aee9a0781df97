/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * CCK receive power of the 8814A from the PHY status AGC report (rtw88
 * rtw8814a.c rtw8814a_cck_rx_pwr): LNA index [7:5], VGA index [4:0], a
 * gain table of its own; an LNA index it does not list gives 0 there,
 * as here.
 */
#include "hal/rtl8814a/rtl8814a.h"

int rtl8814a_cck_rx_power(uint8_t agc)
{
	int vga = agc & 0x1F;

	switch (agc >> 5) {
	case 7:
		return -38 - 2 * vga;
	case 5:
		return -28 - 2 * vga;
	case 3:
		return -8 - 2 * vga;
	case 2:
		return -1 - 2 * vga;
	default:
		return 0;
	}
}
