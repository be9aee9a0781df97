/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The hop schedule and the hop marker (link.h, "Frequency hopping").
 *
 * The order is OpenIPC devourer's keyed schedule (src/HopSchedule.h at
 * 035fcc86, HopSchedule::permutation and ::word), so a hop set and key
 * give the same channels on both drivers: the random words are
 * SipHash-2-4 under the key of the 17 bytes 'H', round (LE64), counter
 * (LE64); the shuffle walks i = n..2, drawing words until one falls below
 * the largest multiple of i (no modulo bias) and swapping entry i-1 with
 * entry word % i. The marker is its HopSyncMarker: a vendor element
 * (0xDD, 27, OUI 57:42:75, 'H', version 1), the fingerprint, epoch, slot
 * and phase in little-endian, and the trailer 0xD7 0x3A. Ours may carry
 * two more little-endian words after that trailer, the dwells of the
 * marker's round and of the next (link.h): a reader of the 29 bytes alone
 * sees the reference's marker.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include <devourer/link.h>

#define SEQUENTIAL_FINGERPRINT 0x53455131u /* "SEQ1" */

static const uint8_t marker_head[7] = { 0xDD, 27, 0x57, 0x42, 0x75, 0x48, 1 };
static const uint8_t marker_tail[2] = { 0xD7, 0x3A };

static void put_le(uint8_t *p, uint64_t v, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_le(const uint8_t *p, unsigned bytes)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static uint64_t siphash(const uint8_t key[16], const uint8_t *in, size_t len)
{
	uint8_t out[crypto_shorthash_siphash24_BYTES];
	crypto_shorthash_siphash24(out, in, len, key);
	return get_le(out, 8);
}

/* The channel numbers the driver tunes (libdevourer/src/channel.c): the
 * link layer stands apart from the driver, so it keeps its own copy of
 * the rule. */
static bool is_channel(unsigned long v)
{
	return (v >= 1 && v <= 14) || (v >= 32 && v <= 177);
}

static int fail(char *why, size_t why_len, const char *msg, unsigned v)
{
	if (why && why_len)
		snprintf(why, why_len, msg, v);
	return DVR_E_INVALID;
}

int dvr_link_hop_parse_channels(const char *text, uint16_t *channels,
                                unsigned *n, char *why, size_t why_len)
{
	unsigned count = 0;
	*n = 0;
	if (!text || !*text)
		return fail(why, why_len, "the hop set is empty%.0u", 0);
	const char *p = text;
	while (*p) {
		char *end;
		unsigned long v = strtoul(p, &end, 10);
		if (end == p || (*end && *end != ','))
			return fail(why, why_len, "the hop set is a list of "
			            "channel numbers with commas (entry %u)",
			            count + 1);
		if (!is_channel(v))
			return fail(why, why_len, "%u is no 20 MHz channel",
			            (unsigned)(v > 0xFFFF ? 0 : v));
		if (count == DVR_LINK_HOP_MAX)
			return fail(why, why_len, "a hop set holds at most %u "
			            "channels", DVR_LINK_HOP_MAX);
		for (unsigned i = 0; i < count; i++)
			if (channels[i] == v)
				return fail(why, why_len, "channel %u is in the "
				            "hop set twice", (unsigned)v);
		if (count && (channels[0] <= 14) != (v <= 14))
			return fail(why, why_len, "channel %u is in another band "
			            "than the first: a hop set stays in one band",
			            (unsigned)v);
		channels[count++] = (uint16_t)v;
		p = *end ? end + 1 : end;
		if (*end && !*p)
			return fail(why, why_len, "the hop set ends with a "
			            "comma%.0u", 0);
	}
	if (count < 2)
		return fail(why, why_len, "a hop set needs at least 2 channels, "
		            "it has %u", count);
	*n = count;
	return DVR_OK;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* 1..32 hex digits, right-aligned in 16 bytes (an odd count gets a
 * leading zero), as the reference reads its seed. */
static int parse_seed(const char *text, uint8_t key[16])
{
	if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
		text += 2;
	size_t len = strlen(text);
	if (len == 0 || len > 32)
		return DVR_E_INVALID;
	memset(key, 0, 16);
	unsigned nib = 0;
	for (size_t i = len; i-- > 0; nib++) {
		int d = hex_digit(text[i]);
		if (d < 0)
			return DVR_E_INVALID;
		key[15 - nib / 2] |= (uint8_t)(nib % 2 ? d << 4 : d);
	}
	return DVR_OK;
}

int dvr_link_hop_schedule_init(struct dvr_link_hop_schedule *s,
                               const uint16_t *channels, unsigned n,
                               const struct dvr_link_keys *keys,
                               const char *seed_hex, bool sequential)
{
	if (!s || !channels || n < 1 || n > DVR_LINK_HOP_MAX)
		return DVR_E_INVALID;
	if (sodium_init() < 0)
		return DVR_E_IO;
	memset(s, 0, sizeof *s);
	s->n = n;
	memcpy(s->channels, channels, n * sizeof channels[0]);
	s->sequential = sequential;
	if (sequential)
		return DVR_OK;
	if (seed_hex && *seed_hex)
		return parse_seed(seed_hex, s->key);
	if (!keys || dvr_link_keys_usable(keys) != DVR_OK)
		return DVR_E_INVALID;
	/* The drone's secret with the ground's public key and the ground's
	 * secret with the drone's make the same box key: one order for
	 * both ends, unknown to anyone without a half of the pair. */
	uint8_t shared[crypto_box_BEFORENMBYTES];
	if (crypto_box_beforenm(shared, keys->peer_public, keys->secret) != 0)
		return DVR_E_INVALID;
	static const char ctx[] = "devourer hop order v1";
	crypto_generichash(s->key, sizeof s->key, (const uint8_t *)ctx,
	                   sizeof ctx - 1, shared, sizeof shared);
	sodium_memzero(shared, sizeof shared);
	return DVR_OK;
}

static uint64_t word(const struct dvr_link_hop_schedule *s, uint64_t round,
                     uint64_t counter)
{
	uint8_t msg[17] = { 'H' };
	put_le(msg + 1, round, 8);
	put_le(msg + 9, counter, 8);
	return siphash(s->key, msg, sizeof msg);
}

unsigned dvr_link_hop_index(const struct dvr_link_hop_schedule *s,
                            uint64_t slot)
{
	unsigned n = s->n;
	if (n <= 1)
		return 0;
	if (s->sequential)
		return (unsigned)(slot % n);
	uint8_t p[DVR_LINK_HOP_MAX];
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)i;
	uint64_t round = slot / n, counter = 0;
	for (unsigned i = n; i > 1; i--) {
		uint64_t limit = UINT64_MAX - UINT64_MAX % i, r;
		do
			r = word(s, round, counter++);
		while (r >= limit);
		unsigned j = (unsigned)(r % i);
		uint8_t t = p[i - 1];
		p[i - 1] = p[j];
		p[j] = t;
	}
	return p[slot % n];
}

uint16_t dvr_link_hop_channel(const struct dvr_link_hop_schedule *s,
                              uint64_t slot)
{
	return s->channels[dvr_link_hop_index(s, slot)];
}

uint32_t dvr_link_hop_fingerprint(const struct dvr_link_hop_schedule *s)
{
	if (s->sequential)
		return SEQUENTIAL_FINGERPRINT;
	static const uint8_t tag[12] = { 'd', 'e', 'v', 'o', 'u', 'r',
		                         'e', 'r', '-', 'h', 'o', 'p' };
	return (uint32_t)siphash(s->key, tag, sizeof tag);
}

size_t dvr_link_hop_marker_write(const struct dvr_link_hop_marker *m,
                                 uint8_t out[DVR_LINK_HOP_MARKER_DWELL_LEN])
{
	memcpy(out, marker_head, sizeof marker_head);
	put_le(out + 7, m->fingerprint, 4);
	put_le(out + 11, m->epoch, 4);
	put_le(out + 15, m->slot, 8);
	put_le(out + 23, m->phase_us, 4);
	memcpy(out + 27, marker_tail, sizeof marker_tail);
	if (m->dwell_us == 0)
		return DVR_LINK_HOP_MARKER_LEN;
	put_le(out + 29, m->dwell_us, 4);
	put_le(out + 33, m->next_dwell_us ? m->next_dwell_us : m->dwell_us, 4);
	return DVR_LINK_HOP_MARKER_DWELL_LEN;
}

int dvr_link_hop_marker_read(const uint8_t *buf, size_t len,
                             struct dvr_link_hop_marker *out)
{
	if (!buf || !out || (len != DVR_LINK_HOP_MARKER_LEN &&
	                     len != DVR_LINK_HOP_MARKER_DWELL_LEN) ||
	    memcmp(buf, marker_head, sizeof marker_head) != 0 ||
	    memcmp(buf + 27, marker_tail, sizeof marker_tail) != 0)
		return DVR_E_INVALID;
	uint32_t dwell = 0, next = 0;
	if (len == DVR_LINK_HOP_MARKER_DWELL_LEN) {
		dwell = (uint32_t)get_le(buf + 29, 4);
		next = (uint32_t)get_le(buf + 33, 4);
		/* a slot of no time is no schedule: a writer says nothing
		 * rather than 0 */
		if (dwell == 0 || next == 0)
			return DVR_E_INVALID;
	}
	out->fingerprint = (uint32_t)get_le(buf + 7, 4);
	out->epoch = (uint32_t)get_le(buf + 11, 4);
	out->slot = get_le(buf + 15, 8);
	out->phase_us = (uint32_t)get_le(buf + 23, 4);
	out->dwell_us = dwell;
	out->next_dwell_us = next;
	return DVR_OK;
}
