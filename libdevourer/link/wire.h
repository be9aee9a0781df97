/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * WFB-NG wire helpers shared by TX and RX: byte order, the 802.11 header
 * with the channel id in both MAC addresses, and the data nonce.
 * All multi-byte WFB fields are big-endian; the 802.11 sequence control
 * field is little-endian like every 802.11 field.
 */
#ifndef DVR_LINK_WIRE_H
#define DVR_LINK_WIRE_H

#include <stdint.h>
#include <string.h>

#include <devourer/link.h>

/* Bytes 0-1 of addr2/addr3: 'W','B' mark the frame as WFB-NG. */
#define WIRE_MAC_MAGIC0 0x57
#define WIRE_MAC_MAGIC1 0x42
#define WIRE_ADDR2_OFF 10
#define WIRE_ADDR3_OFF 16
#define WIRE_SEQ_OFF 22
/* Block index: 56 bits in the nonce; the TX rekeys before 2^55. */
#define WIRE_MAX_BLOCK_IDX ((1ull << 55) - 1)

static inline void wire_put_be16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void wire_put_be32(uint8_t *p, uint32_t v)
{
	for (int i = 3; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t)v;
}

static inline void wire_put_be64(uint8_t *p, uint64_t v)
{
	for (int i = 7; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t)v;
}

static inline uint16_t wire_get_be16(const uint8_t *p)
{
	return (uint16_t)((p[0] << 8) | p[1]);
}

static inline uint32_t wire_get_be32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
	       ((uint32_t)p[2] << 8) | p[3];
}

static inline uint64_t wire_get_be64(const uint8_t *p)
{
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v = (v << 8) | p[i];
	return v;
}

/*
 * The 802.11 header of every WFB-NG frame: data frame (or the configured
 * type), To-DS, broadcast receiver, addr2 = addr3 = 'W','B' + channel id.
 */
static inline void wire_ieee80211_header(uint8_t *h, uint8_t frame_type,
                                         uint32_t channel_id, uint16_t seq)
{
	h[0] = frame_type;
	h[1] = 0x01;       /* To DS */
	h[2] = h[3] = 0;   /* duration */
	memset(h + 4, 0xff, 6);
	h[WIRE_ADDR2_OFF] = WIRE_MAC_MAGIC0;
	h[WIRE_ADDR2_OFF + 1] = WIRE_MAC_MAGIC1;
	wire_put_be32(h + WIRE_ADDR2_OFF + 2, channel_id);
	/* addr3 = addr2, written rather than copied: a read of bytes just
	 * stored in two pieces cannot be forwarded from the stores and
	 * waits for them (it was a stall in every frame the TX emits). */
	h[WIRE_ADDR3_OFF] = WIRE_MAC_MAGIC0;
	h[WIRE_ADDR3_OFF + 1] = WIRE_MAC_MAGIC1;
	wire_put_be32(h + WIRE_ADDR3_OFF + 2, channel_id);
	/* sequence control: sequence number << 4, fragment number 0 */
	uint16_t sc = (uint16_t)(seq << 4);
	h[WIRE_SEQ_OFF] = (uint8_t)sc;
	h[WIRE_SEQ_OFF + 1] = (uint8_t)(sc >> 8);
}

/* Does addr2 carry the WFB-NG mark? */
static inline int wire_is_wfb(const uint8_t *h)
{
	return h[WIRE_ADDR2_OFF] == WIRE_MAC_MAGIC0 &&
	       h[WIRE_ADDR2_OFF + 1] == WIRE_MAC_MAGIC1;
}

/* The channel id (link id << 8 | radio port) addr2 carries. */
static inline uint32_t wire_channel_id(const uint8_t *h)
{
	return wire_get_be32(h + WIRE_ADDR2_OFF + 2);
}

/* Is this frame addressed to our channel? (wfb-ng's RX filters on addr2.) */
static inline int wire_is_channel(const uint8_t *h, uint32_t channel_id)
{
	return wire_is_wfb(h) && wire_channel_id(h) == channel_id;
}

/* Data nonce: (block_idx << 8) + fragment_idx, as 8 big-endian bytes. */
static inline uint64_t wire_data_nonce(uint64_t block_idx, uint8_t frag)
{
	return ((block_idx & ((1ull << 56) - 1)) << 8) | frag;
}

#endif /* DVR_LINK_WIRE_H */
