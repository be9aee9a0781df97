/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Realtek EFUSE physical -> logical map decoding (rtw88 efuse.c
 * rtw_dump_logical_efuse_map). The physical
 * map is a packed list of {header, data words}; the logical map is what the
 * driver indexes by field offset. Bytes never written stay 0xFF.
 *
 * The physical bytes come through a callback so a chip can read them lazily
 * over USB and stop at the end marker instead of reading all of them.
 */
#ifndef DVR_HAL_EFUSE_H
#define DVR_HAL_EFUSE_H

#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"

/* Read physical byte @p addr into *out; return DVR_OK or an error. */
typedef int (*dvr_efuse_read_fn)(void *ctx, unsigned addr, uint8_t *out);

/*
 * Decode up to @p phy_size physical bytes into @p log (log_size bytes, first
 * filled with 0xFF). Entries that would land outside @p log are skipped.
 * Returns DVR_OK or the read error; *used (may be NULL) receives the number
 * of physical bytes consumed.
 */
int dvr_efuse_decode(dvr_efuse_read_fn read, void *ctx, size_t phy_size,
                     uint8_t *log, size_t log_size, size_t *used);

/*
 * The chip's logical map (chip->efuse, info->efuse_log_size bytes),
 * allocated when missing: a chip's identify reads into it. A fresh map
 * is a fresh identification, so nothing was asked of set_tx_power yet
 * (chip->tx_power_asked = -1). NULL when out of memory.
 */
uint8_t *dvr_chip_efuse_map(struct dvr_chip *chip);

#endif /* DVR_HAL_EFUSE_H */
