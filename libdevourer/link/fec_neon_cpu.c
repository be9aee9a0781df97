/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the NEON FEC kernel needs outside NEON code: its tables and the
 * question whether the CPU has NEON. Built without NEON flags, so a
 * NEON-less ARMv7 runs this file and falls back to the portable path.
 */
#include "fec_neon.h"

#include "gf256.h"

#if defined(__arm__) && defined(__linux__)
#include <sys/auxv.h>
/* The kernel's HWCAP bit for NEON on 32-bit ARM (arch/arm/include/uapi/
 * asm/hwcap.h); spelled here so no kernel header is needed. */
#define DVR_ARM_HWCAP_NEON (1ul << 12)
#endif

bool dvr_fec_neon_available(void)
{
	if (!dvr_fec_neon_built())
		return false;
#if defined(__aarch64__)
	return true;   /* Advanced SIMD is part of every AArch64 CPU */
#elif defined(__arm__) && defined(__linux__)
	return (getauxval(AT_HWCAP) & DVR_ARM_HWCAP_NEON) != 0;
#else
	return false;
#endif
}

void dvr_fec_neon_tables(const uint8_t *coefs, unsigned rows, unsigned k,
                         uint8_t *out)
{
	const struct dvr_gf256 *gf = dvr_gf256();
	for (unsigned e = 0; e < rows * k; e++) {
		const uint8_t *m = gf->mul[coefs[e]];
		uint8_t *t = out + (size_t)e * DVR_FEC_NEON_TABLE_BYTES;
		for (unsigned x = 0; x < 16; x++) {
			t[x] = m[x];
			t[16 + x] = m[x << 4];
		}
	}
}
