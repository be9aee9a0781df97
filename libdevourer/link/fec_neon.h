/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GF(2^8) multiply-accumulate with ARM NEON (ARMv7 and AArch64). A product
 * c*x in our field (0x11d) is linear in x, so c*x = c*(x & 0x0f) ^
 * c*(x & 0xf0): two 16-entry tables per coefficient and one byte-table
 * lookup each (vtbl on ARMv7, tbl on AArch64) multiply 16 bytes at once.
 * The kernel (fec_neon.c) is built only where the compiler targets NEON;
 * the tables and the CPU check (fec_neon_cpu.c) are plain C everywhere.
 */
#ifndef DVR_LINK_FEC_NEON_H
#define DVR_LINK_FEC_NEON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes of tables per coefficient: c*0..c*15, then c*0x00..c*0xf0. */
#define DVR_FEC_NEON_TABLE_BYTES 32

/* Does this build carry the kernel and this CPU run it? */
bool dvr_fec_neon_available(void);

/* The nibble tables of each of rows x k coefficients (32 bytes each). */
void dvr_fec_neon_tables(const uint8_t *coefs, unsigned rows, unsigned k,
                         uint8_t *out);

/* dst[r] = sum_j coefs[r][j] * src[j] over len bytes (tables from above).
 * Only to be called when dvr_fec_neon_available(). */
void dvr_fec_neon_combine(const uint8_t *tables, unsigned rows, unsigned k,
                          unsigned char *const *src,
                          unsigned char *const *dst, size_t len);

/* Whether the kernel was compiled in (fec_neon.c, NEON target or not). */
bool dvr_fec_neon_built(void);

#endif /* DVR_LINK_FEC_NEON_H */
