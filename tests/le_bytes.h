/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Little-endian dwords and bit fields for tests that build descriptors
 * and packets by hand (TX/RX descriptors are arrays of little-endian
 * 32-bit words on every Realtek chip), so each test spells out fields
 * without its own copy of the byte shuffling.
 */
#ifndef DVR_TESTS_LE_BYTES_H
#define DVR_TESTS_LE_BYTES_H

#include <stdint.h>

static inline uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

/* v placed in bits [hi:lo] of a dword; what does not fit is cut off. */
static inline uint32_t field(unsigned hi, unsigned lo, uint32_t v)
{
	uint32_t mask = (hi == 31 ? 0xFFFFFFFFu : ((1u << (hi + 1)) - 1)) &
	                ~((1u << lo) - 1);
	return (v << lo) & mask;
}

#endif /* DVR_TESTS_LE_BYTES_H */
