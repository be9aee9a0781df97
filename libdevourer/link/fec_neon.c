/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The NEON kernel of fec_neon.h. On 32-bit ARM the build compiles this one
 * file with -mfpu=neon (Debian armhf's baseline, vfpv3-d16, has none) and
 * fec_neon_cpu.c decides at run time whether it may be called.
 */
#include "fec_neon.h"

#if defined(__ARM_NEON)
#include <arm_neon.h>

bool dvr_fec_neon_built(void)
{
	return true;
}

/* One 16-entry table lookup per byte: tbl on AArch64; on ARMv7 the
 * table is two d registers and each half of the index a vtbl2. */
#if defined(__aarch64__)
typedef uint8x16_t nib_table;

static inline nib_table load_table(const uint8_t *t)
{
	return vld1q_u8(t);
}

static inline uint8x16_t lookup(nib_table t, uint8x16_t idx)
{
	return vqtbl1q_u8(t, idx);
}
#else
typedef uint8x8x2_t nib_table;

static inline nib_table load_table(const uint8_t *t)
{
	nib_table r;
	r.val[0] = vld1_u8(t);
	r.val[1] = vld1_u8(t + 8);
	return r;
}

static inline uint8x16_t lookup(nib_table t, uint8x16_t idx)
{
	return vcombine_u8(vtbl2_u8(t, vget_low_u8(idx)),
	                   vtbl2_u8(t, vget_high_u8(idx)));
}
#endif

static inline uint8x16_t mul16(const uint8_t *t, uint8x16_t x,
                               uint8x16_t mask)
{
	const uint8x16_t lo = lookup(load_table(t), vandq_u8(x, mask));
	const uint8x16_t hi = lookup(load_table(t + 16), vshrq_n_u8(x, 4));
	return veorq_u8(lo, hi);
}

/* Up to 4 output rows per pass: each source block is loaded once. */
static void combine4(const uint8_t *tables, unsigned nrows, unsigned k,
                     unsigned char *const *src, unsigned char *const *dst,
                     size_t len)
{
	const size_t row = (size_t)k * DVR_FEC_NEON_TABLE_BYTES;
	const uint8x16_t mask = vdupq_n_u8(0x0f);
	size_t off = 0;
	for (; off + 16 <= len; off += 16) {
		uint8x16_t acc0 = vdupq_n_u8(0), acc1 = acc0, acc2 = acc0,
		           acc3 = acc0;
		for (unsigned j = 0; j < k; j++) {
			const uint8x16_t x = vld1q_u8(src[j] + off);
			const uint8_t *t = tables + (size_t)j *
			                   DVR_FEC_NEON_TABLE_BYTES;
			acc0 = veorq_u8(acc0, mul16(t, x, mask));
			if (nrows > 1)
				acc1 = veorq_u8(acc1, mul16(t + row, x, mask));
			if (nrows > 2)
				acc2 = veorq_u8(acc2, mul16(t + 2 * row, x, mask));
			if (nrows > 3)
				acc3 = veorq_u8(acc3, mul16(t + 3 * row, x, mask));
		}
		vst1q_u8(dst[0] + off, acc0);
		if (nrows > 1)
			vst1q_u8(dst[1] + off, acc1);
		if (nrows > 2)
			vst1q_u8(dst[2] + off, acc2);
		if (nrows > 3)
			vst1q_u8(dst[3] + off, acc3);
	}
	/* The last len % 16 bytes, byte by byte from the same tables: no
	 * load or store ever reaches past a buffer's end. */
	for (; off < len; off++) {
		for (unsigned r = 0; r < nrows; r++) {
			const uint8_t *t = tables + r * row;
			uint8_t acc = 0;
			for (unsigned j = 0; j < k; j++) {
				const uint8_t x = src[j][off];
				acc ^= t[j * DVR_FEC_NEON_TABLE_BYTES + (x & 15)] ^
				       t[j * DVR_FEC_NEON_TABLE_BYTES + 16 + (x >> 4)];
			}
			dst[r][off] = acc;
		}
	}
}

void dvr_fec_neon_combine(const uint8_t *tables, unsigned rows, unsigned k,
                          unsigned char *const *src,
                          unsigned char *const *dst, size_t len)
{
	for (unsigned r = 0; r < rows; r += 4) {
		const unsigned nr = rows - r < 4 ? rows - r : 4;
		combine4(tables + (size_t)r * k * DVR_FEC_NEON_TABLE_BYTES, nr,
		         k, src, dst + r, len);
	}
}
#else
bool dvr_fec_neon_built(void)
{
	return false;
}

void dvr_fec_neon_combine(const uint8_t *tables, unsigned rows, unsigned k,
                          unsigned char *const *src,
                          unsigned char *const *dst, size_t len)
{
	(void)tables; (void)rows; (void)k; (void)src; (void)dst; (void)len;
}
#endif
