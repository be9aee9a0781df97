/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar3 5 and 10 MHz: the baseband re-clock on a channel already tuned
 * at 20 MHz. The RF 0x18 bandwidth bits, the MAC and the TX power column
 * stay at 20 MHz (OpenIPC devourer docs/narrowband.md, "Jaguar3 ... the
 * 0x9b0/0x9b4 dividers"). The values are rtw88's (rtw8822c.c
 * rtw8822c_set_channel_bb, RTW_CHANNEL_WIDTH_5 / _10):
 *   0x810 [13:4]  RX DFIR 0x2AB (0x19B at 20 MHz)
 *   0x9B0 [3:0]   BB mode 0 (20 MHz); [15:6] small BW 1 (5) / 2 (10)
 *                 with the primary-channel fields [15:8] zero
 *   0x9B4 [10:8]  DAC clock 4 (5) / 6 (10), 7 at 20 MHz
 *         [22:20] ADC clock 4 (5) / 5 (10), 6 at 20 MHz
 * The 8822E takes the same codes, not its vendor's (whose 5 MHz DAC
 * code airs nothing), and also divides its MAC clock (OpenIPC devourer
 * src/jaguar3/RadioManagementJaguar3.cpp set_bandwidth_dividers; the
 * chip does that part, rtl8822e_channel.c).
 */
#include "hal/jaguar3/jaguar3.h"

void jaguar3_bb_narrowband(struct dvr_io *io, unsigned bw_mhz)
{
	bool ten = bw_mhz == 10;

	dvr_w32_mask(io, 0x0810, 0x3FF0, 0x2AB);
	dvr_w32_mask(io, 0x09B0, 0xF, 0);
	dvr_w32_mask(io, 0x09B0, 0xFFC0, ten ? 2 : 1);
	dvr_w32_mask(io, 0x09B4, 0x700, ten ? 6 : 4);
	dvr_w32_mask(io, 0x09B4, 0x700000, ten ? 5 : 4);
}

void jaguar3_bb_narrowband_undo(struct dvr_io *io,
                                const struct jaguar3_chan_data *d)
{
	dvr_w32_mask(io, 0x0810, 0x3FF0, 0x19B);
	dvr_w32_mask(io, 0x09B0, 0xC0, 0);
	dvr_w32_mask(io, 0x09B4, 0x700, d->dac_clk_20);
	dvr_w32_mask(io, 0x09B4, 0x700000, 6);
}
