/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Little-endian 32-bit words in byte buffers: every Realtek descriptor,
 * firmware header and H2C/C2H packet is a run of them (rtw88 uses
 * le32_get_bits on the same words).
 */
#ifndef DVR_HAL_LE32_H
#define DVR_HAL_LE32_H

#include <stdint.h>

static inline uint32_t dvr_le32_get(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline void dvr_le32_put(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

#endif /* DVR_HAL_LE32_H */
