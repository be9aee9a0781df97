/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The NEON kernel of fec_neon.h. On 32-bit ARM the build compiles this one
 * file with -mfpu=neon (Debian armhf's baseline, vfpv3-d16, has none) and
 * fec_neon_cpu.c decides at run time whether it may be called.
 */
#include "fec_neon.h"

#include <string.h>

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

/* The row loops unrolled, so the accumulators live in registers. */
#define DVR_UNROLL4 _Pragma("GCC unroll 4")

/*
 * nrows (1..4) output rows over 32 bytes a step: each source's two
 * vectors are loaded and split into nibbles once for all rows, and each
 * coefficient's tables once for both vectors. Always inlined with a
 * constant nrows, so the unused accumulators vanish.
 */
static inline __attribute__((always_inline)) void
combine_rows(const uint8_t *tables, const unsigned nrows, unsigned k,
             unsigned char *const *src, unsigned char *const *dst,
             size_t len)
{
	const size_t row = (size_t)k * DVR_FEC_NEON_TABLE_BYTES;
	const uint8x16_t mask = vdupq_n_u8(0x0f);
	size_t off = 0;
	for (; off + 32 <= len; off += 32) {
		uint8x16_t acc[4][2];
		DVR_UNROLL4
		for (unsigned r = 0; r < nrows; r++)
			acc[r][0] = acc[r][1] = vdupq_n_u8(0);
		for (unsigned j = 0; j < k; j++) {
			const uint8x16_t x0 = vld1q_u8(src[j] + off);
			const uint8x16_t x1 = vld1q_u8(src[j] + off + 16);
			const uint8x16_t l0 = vandq_u8(x0, mask);
			const uint8x16_t l1 = vandq_u8(x1, mask);
			const uint8x16_t h0 = vshrq_n_u8(x0, 4);
			const uint8x16_t h1 = vshrq_n_u8(x1, 4);
			const uint8_t *t = tables + (size_t)j *
			                   DVR_FEC_NEON_TABLE_BYTES;
			DVR_UNROLL4
		for (unsigned r = 0; r < nrows; r++) {
				const nib_table lo = load_table(t + r * row);
				const nib_table hi = load_table(t + r * row + 16);
				acc[r][0] = veorq_u8(acc[r][0],
				        veorq_u8(lookup(lo, l0), lookup(hi, h0)));
				acc[r][1] = veorq_u8(acc[r][1],
				        veorq_u8(lookup(lo, l1), lookup(hi, h1)));
			}
		}
		DVR_UNROLL4
		for (unsigned r = 0; r < nrows; r++) {
			vst1q_u8(dst[r] + off, acc[r][0]);
			vst1q_u8(dst[r] + off + 16, acc[r][1]);
		}
	}
	/* At most two 16-byte steps are left; a partial one goes through
	 * a bounce buffer, so no load or store passes a buffer's end. */
	for (; off < len; off += 16) {
		const size_t n = len - off < 16 ? len - off : 16;
		uint8x16_t acc[4];
		DVR_UNROLL4
		for (unsigned r = 0; r < nrows; r++)
			acc[r] = vdupq_n_u8(0);
		for (unsigned j = 0; j < k; j++) {
			uint8x16_t x;
			if (n == 16) {
				x = vld1q_u8(src[j] + off);
			} else {
				uint8_t b[16] = { 0 };
				memcpy(b, src[j] + off, n);
				x = vld1q_u8(b);
			}
			const uint8x16_t l = vandq_u8(x, mask);
			const uint8x16_t h = vshrq_n_u8(x, 4);
			const uint8_t *t = tables + (size_t)j *
			                   DVR_FEC_NEON_TABLE_BYTES;
			DVR_UNROLL4
		for (unsigned r = 0; r < nrows; r++)
				acc[r] = veorq_u8(acc[r], veorq_u8(
					lookup(load_table(t + r * row), l),
					lookup(load_table(t + r * row + 16), h)));
		}
		DVR_UNROLL4
		for (unsigned r = 0; r < nrows; r++) {
			if (n == 16) {
				vst1q_u8(dst[r] + off, acc[r]);
			} else {
				uint8_t b[16];
				vst1q_u8(b, acc[r]);
				memcpy(dst[r] + off, b, n);
			}
		}
	}
}

void dvr_fec_neon_combine(const uint8_t *tables, unsigned rows, unsigned k,
                          unsigned char *const *src,
                          unsigned char *const *dst, size_t len)
{
	for (unsigned r = 0; r < rows; r += 4) {
		const uint8_t *t = tables + (size_t)r * k * DVR_FEC_NEON_TABLE_BYTES;
		switch (rows - r < 4 ? rows - r : 4) {
		case 1: combine_rows(t, 1, k, src, dst + r, len); break;
		case 2: combine_rows(t, 2, k, src, dst + r, len); break;
		case 3: combine_rows(t, 3, k, src, dst + r, len); break;
		default: combine_rows(t, 4, k, src, dst + r, len); break;
		}
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
