/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "fec_gfni.h"

#include "gf256.h"

void dvr_fec_gfni_tables(const uint8_t *coefs, unsigned rows, unsigned k,
                         uint64_t *out)
{
	const struct dvr_gf256 *gf = dvr_gf256();
	for (unsigned e = 0; e < rows * k; e++) {
		const uint8_t c = coefs[e];
		uint64_t m = 0;
		/* Output bit i of c*x is the parity of x AND row_i, where row_i
		 * collects the input bits j whose image c*2^j has bit i set.
		 * The instruction reads row_i from byte 7-i of the matrix. */
		for (unsigned i = 0; i < 8; i++) {
			uint8_t row = 0;
			for (unsigned j = 0; j < 8; j++)
				if (gf->mul[c][1u << j] >> i & 1)
					row |= (uint8_t)(1u << j);
			m |= (uint64_t)row << (8 * (7 - i));
		}
		out[e] = m;
	}
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

bool dvr_fec_gfni_available(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx512f") &&
	       __builtin_cpu_supports("avx512bw") &&
	       __builtin_cpu_supports("gfni");
}

#define GFNI_TARGET __attribute__((target("avx512f,avx512bw,gfni")))

/* acc ^= c * x for the coefficient whose affine matrix is @p m. */
#define GF_MULADD(acc, x, m) \
	((acc) = _mm512_xor_si512((acc), _mm512_gf2p8affine_epi64_epi8((x), (m), 0)))

/*
 * Up to 4 output rows per pass keeps accumulators in registers. Whole
 * 128-byte spans first, two 64-byte columns at a time: each coefficient
 * broadcast and source pointer loaded then serves two columns, which
 * leaves the loop to the multiplies (a 1403-byte 8/12 block took 4 such
 * loads per multiply one column at a time). The rest, up to 127 bytes,
 * a column at a time under a mask.
 */
GFNI_TARGET static void combine4(const uint64_t *tables, unsigned nrows,
                                 unsigned k, unsigned char *const *src,
                                 unsigned char *const *dst, size_t len)
{
	size_t off = 0;
	for (; len - off >= 128; off += 128) {
		const __m512i z = _mm512_setzero_si512();
		__m512i a0 = z, a1 = z, a2 = z, a3 = z;
		__m512i b0 = z, b1 = z, b2 = z, b3 = z;
		for (unsigned j = 0; j < k; j++) {
			const unsigned char *s = src[j] + off;
			const __m512i x = _mm512_loadu_si512((const void *)s);
			const __m512i y = _mm512_loadu_si512((const void *)(s + 64));
			__m512i m = _mm512_set1_epi64((long long)tables[j]);
			GF_MULADD(a0, x, m);
			GF_MULADD(b0, y, m);
			if (nrows > 1) {
				m = _mm512_set1_epi64((long long)tables[k + j]);
				GF_MULADD(a1, x, m);
				GF_MULADD(b1, y, m);
			}
			if (nrows > 2) {
				m = _mm512_set1_epi64((long long)tables[2 * k + j]);
				GF_MULADD(a2, x, m);
				GF_MULADD(b2, y, m);
			}
			if (nrows > 3) {
				m = _mm512_set1_epi64((long long)tables[3 * k + j]);
				GF_MULADD(a3, x, m);
				GF_MULADD(b3, y, m);
			}
		}
		_mm512_storeu_si512((void *)(dst[0] + off), a0);
		_mm512_storeu_si512((void *)(dst[0] + off + 64), b0);
		if (nrows > 1) {
			_mm512_storeu_si512((void *)(dst[1] + off), a1);
			_mm512_storeu_si512((void *)(dst[1] + off + 64), b1);
		}
		if (nrows > 2) {
			_mm512_storeu_si512((void *)(dst[2] + off), a2);
			_mm512_storeu_si512((void *)(dst[2] + off + 64), b2);
		}
		if (nrows > 3) {
			_mm512_storeu_si512((void *)(dst[3] + off), a3);
			_mm512_storeu_si512((void *)(dst[3] + off + 64), b3);
		}
	}
	for (; off < len; off += 64) {
		const size_t left = len - off;
		const __mmask64 mask = left >= 64 ? ~(__mmask64)0
		                                  : (((__mmask64)1 << left) - 1);
		__m512i acc0 = _mm512_setzero_si512(), acc1 = acc0,
		        acc2 = acc0, acc3 = acc0;
		for (unsigned j = 0; j < k; j++) {
			const __m512i x = _mm512_maskz_loadu_epi8(mask, src[j] + off);
			acc0 = _mm512_xor_si512(acc0, _mm512_gf2p8affine_epi64_epi8(
				x, _mm512_set1_epi64((long long)tables[j]), 0));
			if (nrows > 1)
				acc1 = _mm512_xor_si512(acc1, _mm512_gf2p8affine_epi64_epi8(
					x, _mm512_set1_epi64((long long)tables[k + j]), 0));
			if (nrows > 2)
				acc2 = _mm512_xor_si512(acc2, _mm512_gf2p8affine_epi64_epi8(
					x, _mm512_set1_epi64((long long)tables[2 * k + j]), 0));
			if (nrows > 3)
				acc3 = _mm512_xor_si512(acc3, _mm512_gf2p8affine_epi64_epi8(
					x, _mm512_set1_epi64((long long)tables[3 * k + j]), 0));
		}
		_mm512_mask_storeu_epi8(dst[0] + off, mask, acc0);
		if (nrows > 1)
			_mm512_mask_storeu_epi8(dst[1] + off, mask, acc1);
		if (nrows > 2)
			_mm512_mask_storeu_epi8(dst[2] + off, mask, acc2);
		if (nrows > 3)
			_mm512_mask_storeu_epi8(dst[3] + off, mask, acc3);
	}
}

void dvr_fec_gfni_combine(const uint64_t *tables, unsigned rows, unsigned k,
                          unsigned char *const *src,
                          unsigned char *const *dst, size_t len)
{
	for (unsigned r = 0; r < rows; r += 4) {
		unsigned nr = rows - r < 4 ? rows - r : 4;
		combine4(tables + (size_t)r * k, nr, k, src, dst + r, len);
	}
}
#else
bool dvr_fec_gfni_available(void)
{
	return false;
}

void dvr_fec_gfni_combine(const uint64_t *tables, unsigned rows, unsigned k,
                          unsigned char *const *src,
                          unsigned char *const *dst, size_t len)
{
	(void)tables; (void)rows; (void)k; (void)src; (void)dst; (void)len;
}
#endif
