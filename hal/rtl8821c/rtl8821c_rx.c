/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * CCK RX power of the 8821C for hal/jaguar2: its "jgr2" CCK page carries
 * no power figure, only the gain the AGC chose — an LNA index and a VGA
 * index — and the power is the LNA's gain less 2 dB per VGA step (rtw88
 * rtw8821c.c get_cck_rx_pwr, query_phy_status_page0; offsets rtw8821c.h
 * GET_PHY_STAT_P0_VGA / _LNA_L / _LNA_H). The LNA's gain per index
 * depends on the board: RFE option 0 has its own table.
 */
#include "hal/rtl8821c/rtl8821c.h"

#define RX_POWER_FLOOR (-120)     /* an index past the table */

/* dB by LNA index (rtw8821c.c lna_gain_table_0, lna_gain_table_1). */
static const int8_t lna_gain_rfe0[8] = { 22, 8, -6, -22, -31, -40, -46, -52 };
static const int8_t lna_gain_other[16] = {
	10, 6, 2, -2, -6, -10, -14, -17, -20, -24, -28, -31, -34, -37, -40, -44,
};

int rtl8821c_cck_rx_power(const struct dvr_chip *chip, const uint8_t *ps)
{
	/* byte 13: VGA index [4:0], LNA index bits 2:0 in [7:5]; byte 14
	 * bit 7: LNA index bit 3 */
	unsigned vga = ps[13] & 0x1F;
	unsigned lna = (ps[13] >> 5) | ((ps[14] >> 7) & 1u) << 3;
	bool rfe0 = chip->id.rfe_type == 0;
	const int8_t *gain = rfe0 ? lna_gain_rfe0 : lna_gain_other;
	unsigned n = rfe0 ? sizeof lna_gain_rfe0 : sizeof lna_gain_other;

	if (lna >= n)
		return RX_POWER_FLOOR;
	return gain[lna] - 2 * (int)vga;
}
