/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the link fuzz targets (fuzz_link_rx.c, fuzz_link_session.c) share:
 * the input read byte by byte, the air that records a real transmitter's
 * frames for the input to replay, and key pairs seeded from a fill byte so
 * every run of a target seals with the same keys.
 */
#ifndef DVR_FUZZ_LINK_AIR_H
#define DVR_FUZZ_LINK_AIR_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#define FUZZ_AIR_MAX_FRAMES 2048

/* The input, consumed byte by byte; zeros once it runs out. */
struct fuzz_input {
	const uint8_t *p;
	size_t left;
};

static inline uint8_t fuzz_next(struct fuzz_input *in)
{
	if (in->left == 0)
		return 0;
	in->left--;
	return *in->p++;
}

/* Frames a transmitter emitted, in order, each a heap copy. */
struct fuzz_air {
	uint8_t *frame[FUZZ_AIR_MAX_FRAMES];
	size_t len[FUZZ_AIR_MAX_FRAMES];
	size_t count;
};

/* dvr_link_frame_cb: record the frame (a full air refuses it). */
static inline int fuzz_air_record(void *user, const uint8_t *frame, size_t len)
{
	struct fuzz_air *a = user;
	if (a->count >= FUZZ_AIR_MAX_FRAMES)
		return -1;
	uint8_t *copy = malloc(len);
	if (!copy)
		return -1;
	memcpy(copy, frame, len);
	a->frame[a->count] = copy;
	a->len[a->count++] = len;
	return 0;
}

static inline void fuzz_air_clear(struct fuzz_air *a)
{
	for (size_t i = 0; i < a->count; i++)
		free(a->frame[i]);
	a->count = 0;
}

/* A crypto_box key pair from a seed of one repeated byte. */
static inline void fuzz_seed_keypair(uint8_t pk[32], uint8_t sk[32],
                                     uint8_t fill)
{
	uint8_t seed[crypto_box_SEEDBYTES];
	memset(seed, fill, sizeof seed);
	crypto_box_seed_keypair(pk, sk, seed);
}

#endif
