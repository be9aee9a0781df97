/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * CCK RX power of the 8812A from the PHY status AGC byte: LNA index in
 * [7:5], VGA index in [4:0], read through the 8812A's LNA gain table
 * (rtw88 rtw88xxa.c rtw88xxa_query_phy_status, 8812A branch).
 */
#include "hal/rtl8812a/rtl8812a.h"

int rtl8812a_cck_rx_power(uint8_t agc)
{
	int lna = agc >> 5, vga = agc & 0x1F;

	switch (lna) {
	case 7: return vga <= 27 ? -94 + 2 * (27 - vga) : -94;
	case 6: return -42 + 2 * (2 - vga);
	case 5: return -36 + 2 * (7 - vga);
	case 4: return -30 + 2 * (7 - vga);
	case 3: return -18 + 2 * (7 - vga);
	case 2: return 2 * (5 - vga);
	case 1: return 14 - 2 * vga;
	default: return 20 - 2 * vga;
	}
}
