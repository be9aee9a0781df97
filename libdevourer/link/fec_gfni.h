/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GF(2^8) multiply-accumulate with AVX-512 + GFNI. GFNI's affine
 * instruction applies any 8x8 bit matrix to every byte; multiplication by a
 * constant in our field (0x11d, not GFNI's own 0x11b) is such a linear map,
 * so one instruction multiplies 64 bytes. Used where the CPU has it.
 */
#ifndef DVR_LINK_FEC_GFNI_H
#define DVR_LINK_FEC_GFNI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Does this CPU (and build) run the GFNI kernel? */
bool dvr_fec_gfni_available(void);

/* The bit matrix of "multiply by c" for each of rows x k coefficients. */
void dvr_fec_gfni_tables(const uint8_t *coefs, unsigned rows, unsigned k,
                         uint64_t *out);

/* dst[r] = sum_j coefs[r][j] * src[j] over len bytes (tables from above). */
void dvr_fec_gfni_combine(const uint64_t *tables, unsigned rows, unsigned k,
                          unsigned char *const *src,
                          unsigned char *const *dst, size_t len);

#endif /* DVR_LINK_FEC_GFNI_H */
