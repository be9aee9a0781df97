/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The link tests' air: every frame a test transmitter made, copied, in
 * order, for the test to hand to receivers and to play back later.
 */
#ifndef DVR_TEST_LINK_AIR_H
#define DVR_TEST_LINK_AIR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/link.h>

#define LINK_AIR_MAX 16384

struct link_air {
	uint8_t *f[LINK_AIR_MAX];
	size_t len[LINK_AIR_MAX];
	size_t count;
};

static inline int link_air_add(struct link_air *a, const uint8_t *frame,
                               size_t len)
{
	if (a->count >= LINK_AIR_MAX)
		return -1;
	a->f[a->count] = malloc(len);
	if (!a->f[a->count])
		return -1;
	memcpy(a->f[a->count], frame, len);
	a->len[a->count++] = len;
	return 0;
}

/* A dvr_link_frame_cb recording into the struct link_air @p user. */
static inline int link_air_record(void *user, const uint8_t *frame,
                                  size_t len)
{
	return link_air_add(user, frame, len);
}

static inline void link_air_clear(struct link_air *a)
{
	for (size_t i = 0; i < a->count; i++)
		free(a->f[i]);
	a->count = 0;
}

/* Is frame @p i a session packet (not data)? */
static inline bool link_air_is_session(const struct link_air *a, size_t i)
{
	return a->len[i] > DVR_LINK_IEEE80211_HDR_LEN &&
	       a->f[i][DVR_LINK_IEEE80211_HDR_LEN] == DVR_LINK_PACKET_SESSION;
}

#endif /* DVR_TEST_LINK_AIR_H */
