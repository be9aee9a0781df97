/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * CCK RX power of the 8821A from the PHY status AGC byte (LNA index in
 * [7:5], VGA index in [4:0]): the LNA's gain, less 2 dB a VGA step. The
 * die has gains for LNA indices 0, 1, 2, 4 and 5 only; the others
 * report 0 dBm, as rtw88 does (rtw8821a.c rtw8821a_cck_rx_pwr).
 */
#include "hal/rtl8821a/rtl8821a.h"

int rtl8821a_cck_rx_power(uint8_t agc)
{
	static const struct { bool used; int8_t db; } lna_gain[8] = {
		[0] = { true, 15 }, [1] = { true, -1 }, [2] = { true, -17 },
		[4] = { true, -30 }, [5] = { true, -38 },
	};
	unsigned lna = agc >> 5, vga = agc & 0x1F;

	return lna_gain[lna].used ? lna_gain[lna].db - 2 * (int)vga : 0;
}
