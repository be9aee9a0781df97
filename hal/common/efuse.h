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
 * The OTP encoding of the RTL8822E (vendor rtl88x2eu
 * halmac_efuse_8822e.c eeprom_parser_8822e, the WLAN branch): every block
 * has a two-byte header, the block number's high nibble in the low nibble
 * of the first byte (whose high nibble the parser does not read; it is 0x3
 * in written blocks, OpenIPC devourer HalJaguar3.cpp
 * read_efuse_logical_map) and its low nibble in the high nibble of the
 * second, whose low nibble is the word-enable (bit set = word absent); a
 * block covers 8 logical bytes. Decoding starts at physical @p start (the
 * vendor skips a 4-byte security-control area) and ends at a 0xFF header
 * byte. An entry that would land outside @p log, or run past @p phy_size,
 * ends the walk there (the vendor calls such a map a parse failure and
 * keeps what it decoded). Same return and *used as dvr_efuse_decode.
 */
int dvr_efuse_decode_2byte(dvr_efuse_read_fn read, void *ctx, size_t start,
                           size_t phy_size, uint8_t *log, size_t log_size,
                           size_t *used);

/*
 * The chip's logical map (chip->efuse, info->efuse_log_size bytes),
 * allocated when missing: a chip's identify reads into it. A fresh map
 * is a fresh identification, so nothing was asked of set_tx_power yet
 * (chip->tx_power_asked = -1). NULL when out of memory.
 */
uint8_t *dvr_chip_efuse_map(struct dvr_chip *chip);

#endif /* DVR_HAL_EFUSE_H */
