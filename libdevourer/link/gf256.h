/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Arithmetic in GF(2^8) with the polynomial x^8+x^4+x^3+x^2+1 (0x11d) and
 * generator 2: the field zfec (and therefore WFB-NG) computes its
 * Reed-Solomon code in. Tables are built once, on first use, thread-safely.
 */
#ifndef DVR_LINK_GF256_H
#define DVR_LINK_GF256_H

#include <stddef.h>
#include <stdint.h>

struct dvr_gf256 {
	uint8_t exp[512];        /* exp[i] = 2^i, doubled so log sums need no mod */
	uint8_t log[256];        /* log[0] is unused (0 has no logarithm) */
	uint8_t inv[256];        /* inv[0] is unused */
	uint8_t mul[256][256];   /* full product table for the portable coder */
};

/* The shared tables (built on the first call). Never NULL. */
const struct dvr_gf256 *dvr_gf256(void);

static inline uint8_t dvr_gf_mul(const struct dvr_gf256 *gf, uint8_t a,
                                 uint8_t b)
{
	return gf->mul[a][b];
}

/*
 * Invert the @p k x @p k row-major matrix @p m in place with Gauss-Jordan
 * elimination (pivoting on rows). @p scratch must hold 2*k*k bytes.
 * Returns 0, or -1 if the matrix is singular (then @p m is unspecified).
 */
int dvr_gf_invert(uint8_t *m, unsigned k, uint8_t *scratch);

/* out (rows x cols) = a (rows x inner) * b (inner x cols), all row-major. */
void dvr_gf_matmul(const uint8_t *a, const uint8_t *b, uint8_t *out,
                   unsigned rows, unsigned inner, unsigned cols);

#endif /* DVR_LINK_GF256_H */
