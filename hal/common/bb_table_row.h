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

#include <stddef.h>
#include <stdint.h>

#include "hal/common/phy_table.h"

struct dvr_chip;

/* @p ctx is the chip's struct dvr_io. Returns its I/O status. */
int dvr_bb_table_row(void *ctx, uint32_t addr, uint32_t data);

/* Writer of one row of a MAC table: an 8-bit register write (rtw88 phy.c
 * rtw_phy_cfg_mac), on every chip that has one. @p ctx as above. */
int dvr_mac_table_row(void *ctx, uint32_t addr, uint32_t data);

/* Walk @p n words of one of @p chip's tables against @p cond, each
 * selected row to @p fn with @p ctx; a failure is recorded in chip->error
 * as "<what> table load failed". DVR_OK or the walk's status. */
int dvr_chip_table_load(struct dvr_chip *chip, const char *what,
                        const uint32_t *table, size_t n,
                        const struct dvr_phy_cond *cond, dvr_phy_row_fn fn,
                        void *ctx);

#endif /* DVR_HAL_BB_TABLE_ROW_H */
