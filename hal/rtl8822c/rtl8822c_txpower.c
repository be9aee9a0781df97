/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * TX power of the 8822C: one index for every rate on both paths. The chip
 * takes per-path references (CCK 0x18A0/0x41A0 [22:16], OFDM 0x18E8/0x41E8
 * [16:10]) plus signed 7-bit per-rate differences at 0x3A00 (rtw88
 * rtw8822c.c rtw8822c_set_write_tx_power_ref, rtw8822c_set_tx_power_diff);
 * a flat index means both references equal it and every difference is 0.
 */
#include "hal/rtl8822c/rtl8822c.h"

#define REG_TXAGC_WRITABLE 0x1C90
#define TXAGC_LOCK (1u << 15)

int rtl8822c_set_tx_power(struct dvr_chip *chip, int index)
{
	struct dvr_io *io = chip->io;
	static const uint16_t ref_cck[2] = { 0x18A0, 0x41A0 };
	static const uint16_t ref_ofdm[2] = { 0x18E8, 0x41E8 };
	/* First rate code of each group of four in the 2-stream sections:
	 * CCK + OFDM (0x00-0x0B), HT MCS0-15 (0x0C-0x1B), VHT 1SS and 2SS
	 * (0x2C-0x3F). */
	static const uint8_t groups[] = { 0x00, 0x04, 0x08, 0x0C, 0x10, 0x14,
	                                  0x18, 0x2C, 0x30, 0x34, 0x38,
	                                  0x3C };

	if (index < 0 || index > RTL8822C_MAX_TX_INDEX)
		return dvr_chip_fail(chip, DVR_E_INVALID, "TX power index %d "
		                     "outside 0..%d", index,
		                     RTL8822C_MAX_TX_INDEX);
	unsigned paths = chip->id.is_1t1r ? 1 : 2;
	for (unsigned p = 0; p < paths; p++) {
		dvr_w32_mask(io, REG_TXAGC_WRITABLE, TXAGC_LOCK, 0);
		dvr_w32_mask(io, ref_cck[p], 0x7F0000, (uint32_t)index);
	}
	for (unsigned p = 0; p < paths; p++) {
		dvr_w32_mask(io, REG_TXAGC_WRITABLE, TXAGC_LOCK, 0);
		dvr_w32_mask(io, ref_ofdm[p], 0x1FC00, (uint32_t)index);
	}
	for (size_t g = 0; g < sizeof groups; g++) {
		dvr_w32_mask(io, REG_TXAGC_WRITABLE, TXAGC_LOCK, 0);
		dvr_w32(io, (uint16_t)(0x3A00 + groups[g]), 0);
	}
	int st = dvr_io_status(io);
	return st == DVR_OK ? DVR_OK :
	       dvr_chip_fail(chip, st, "USB error setting TX power");
}
