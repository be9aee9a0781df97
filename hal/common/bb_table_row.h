/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Writers of the selected rows of the register tables (dvr_phy_row_fn
 * for dvr_phy_table_walk). A BB or AGC row is a 32-bit baseband register
 * write, except that the addresses 0xF9-0xFE are not registers but waits
 * the table asks for (1 us, 5 us, 50 us, 1 ms, 5 ms, 50 ms; rtw88 phy.c
 * rtw_phy_cfg_bb), the same on every Jaguar generation.
 */
#ifndef DVR_HAL_BB_TABLE_ROW_H
#define DVR_HAL_BB_TABLE_ROW_H

#include <stdint.h>

/* @p ctx is the chip's struct dvr_io. Returns its I/O status. */
int dvr_bb_table_row(void *ctx, uint32_t addr, uint32_t data);

/* Writer of one row of a MAC table: an 8-bit register write (rtw88 phy.c
 * rtw_phy_cfg_mac), on every chip that has one. @p ctx as above. */
int dvr_mac_table_row(void *ctx, uint32_t addr, uint32_t data);

#endif /* DVR_HAL_BB_TABLE_ROW_H */
