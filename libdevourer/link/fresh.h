/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the transmitter and the receiver use of a dvr_link_fresh (link.h
 * "Freshness over the uplink"): the session TLVs that carry a side's
 * challenge and its echo, written and parsed here only.
 */
#ifndef DVR_LINK_FRESH_H
#define DVR_LINK_FRESH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <devourer/link.h>

/* Both tags at their longest: the challenge, then the echo's block index
 * and its challenges (this side's own and the peers' heard). */
#define FRESH_TAGS_MAX                                                      \
	(3 + DVR_LINK_CHALLENGE_LEN + 3 + 8 +                               \
	 (1 + DVR_LINK_ECHO_HEARD_MAX) * DVR_LINK_CHALLENGE_LEN)

/* The tags found in a session packet's TLV list. */
struct fresh_tags {
	const uint8_t *challenge;   /* NULL: none */
	bool echo;                  /* the sender echoes (devourer, fresh) */
	uint64_t next_block;        /* of the echo */
	const uint8_t *echoed;      /* echo_count challenges, 16 bytes each */
	unsigned echo_count;
};

/*
 * Find the two tags in @p tlv (@p len bytes after the fixed session data).
 * A list that runs past its end is read up to the last whole tag; a tag of
 * ours with the wrong length is ignored (another sender's idea of it).
 */
void fresh_parse_tags(const uint8_t *tlv, size_t len, struct fresh_tags *out);

/* A transmitter carries @p f's challenge from now on (or no longer). */
void fresh_attach(struct dvr_link_fresh *f);
void fresh_detach(struct dvr_link_fresh *f);

/* Changes whenever the set of challenges echoed does. Lock-free. */
unsigned fresh_generation(const struct dvr_link_fresh *f);

/* Write both tags into @p out (room for FRESH_TAGS_MAX); returns their
 * length. */
size_t fresh_write_tags(struct dvr_link_fresh *f, uint64_t next_block,
                        uint8_t *out);

/* Do receivers demand the echo (a transmitter carries the challenge)? */
bool fresh_uplink(struct dvr_link_fresh *f);

/* Does @p t echo @p f's challenge? */
bool fresh_echoes_mine(struct dvr_link_fresh *f, const struct fresh_tags *t);

/* A peer's challenge heard in an authentic session packet: echoed from
 * now on (the oldest heard makes room). Calls the notify callback, outside
 * the lock, when the set changed. */
void fresh_heard(struct dvr_link_fresh *f, const uint8_t *challenge);

#endif /* DVR_LINK_FRESH_H */
