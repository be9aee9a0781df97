/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Freshness over the uplink (link.h): one side's challenge, the peers'
 * challenges its receivers heard, and the session tags that carry both.
 * Shared by the transmitters and receivers of one link id, on their own
 * threads: everything below the lock, except the generation counter a
 * transmitter reads on every send.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "fresh.h"
#include "wire.h"

struct dvr_link_fresh {
	pthread_mutex_t lock;
	uint8_t challenge[DVR_LINK_CHALLENGE_LEN];
	unsigned carriers;
	/* Peers' challenges, heard[0] the most recently heard. */
	uint8_t heard[DVR_LINK_ECHO_HEARD_MAX][DVR_LINK_CHALLENGE_LEN];
	unsigned heard_count;
	uint64_t heard_total;
	atomic_uint generation;
	dvr_link_fresh_cb notify;
	void *notify_user;
};

int dvr_link_fresh_new(struct dvr_link_fresh **out)
{
	if (!out)
		return DVR_E_INVALID;
	*out = NULL;
	if (sodium_init() < 0)
		return DVR_E_IO;
	struct dvr_link_fresh *f = calloc(1, sizeof(*f));
	if (!f)
		return DVR_E_NO_MEM;
	if (pthread_mutex_init(&f->lock, NULL) != 0) {
		free(f);
		return DVR_E_NO_MEM;
	}
	randombytes_buf(f->challenge, sizeof(f->challenge));
	atomic_init(&f->generation, 0);
	*out = f;
	return DVR_OK;
}

void dvr_link_fresh_free(struct dvr_link_fresh *f)
{
	if (!f)
		return;
	pthread_mutex_destroy(&f->lock);
	sodium_memzero(f, sizeof(*f));
	free(f);
}

void dvr_link_fresh_set_notify(struct dvr_link_fresh *f, dvr_link_fresh_cb cb,
                               void *user)
{
	if (!f)
		return;
	pthread_mutex_lock(&f->lock);
	f->notify = cb;
	f->notify_user = user;
	pthread_mutex_unlock(&f->lock);
}

void dvr_link_fresh_get_info(struct dvr_link_fresh *f,
                             struct dvr_link_fresh_info *out)
{
	memset(out, 0, sizeof(*out));
	if (!f)
		return;
	pthread_mutex_lock(&f->lock);
	out->carriers = f->carriers;
	out->uplink = f->carriers > 0;
	out->heard = f->heard_count;
	out->heard_total = f->heard_total;
	pthread_mutex_unlock(&f->lock);
}

void fresh_attach(struct dvr_link_fresh *f)
{
	pthread_mutex_lock(&f->lock);
	f->carriers++;
	pthread_mutex_unlock(&f->lock);
}

void fresh_detach(struct dvr_link_fresh *f)
{
	pthread_mutex_lock(&f->lock);
	if (f->carriers)
		f->carriers--;
	pthread_mutex_unlock(&f->lock);
}

unsigned fresh_generation(const struct dvr_link_fresh *f)
{
	return atomic_load_explicit(&f->generation, memory_order_relaxed);
}

bool fresh_uplink(struct dvr_link_fresh *f)
{
	pthread_mutex_lock(&f->lock);
	const bool up = f->carriers > 0;
	pthread_mutex_unlock(&f->lock);
	return up;
}

static uint8_t *put_tag(uint8_t *p, uint8_t id, size_t len)
{
	p[0] = id;
	wire_put_be16(p + 1, (uint16_t)len);
	return p + 3;
}

size_t fresh_write_tags(struct dvr_link_fresh *f, uint64_t next_block,
                        uint8_t *out)
{
	pthread_mutex_lock(&f->lock);
	uint8_t *p = put_tag(out, DVR_LINK_TAG_CHALLENGE,
	                     DVR_LINK_CHALLENGE_LEN);
	memcpy(p, f->challenge, DVR_LINK_CHALLENGE_LEN);
	p += DVR_LINK_CHALLENGE_LEN;
	/* This side's own challenge is echoed too: a receiver of this process
	 * on the same channel (a loopback) hears this transmitter itself and
	 * needs no round trip to believe it. */
	const unsigned count = 1 + f->heard_count;
	p = put_tag(p, DVR_LINK_TAG_ECHO, 8 + count * DVR_LINK_CHALLENGE_LEN);
	wire_put_be64(p, next_block);
	p += 8;
	memcpy(p, f->challenge, DVR_LINK_CHALLENGE_LEN);
	p += DVR_LINK_CHALLENGE_LEN;
	for (unsigned i = 0; i < f->heard_count; i++) {
		memcpy(p, f->heard[i], DVR_LINK_CHALLENGE_LEN);
		p += DVR_LINK_CHALLENGE_LEN;
	}
	pthread_mutex_unlock(&f->lock);
	return (size_t)(p - out);
}

bool fresh_echoes_mine(struct dvr_link_fresh *f, const struct fresh_tags *t)
{
	bool found = false;
	pthread_mutex_lock(&f->lock);
	for (unsigned i = 0; i < t->echo_count && !found; i++)
		found = sodium_memcmp(t->echoed + i * DVR_LINK_CHALLENGE_LEN,
		                      f->challenge, DVR_LINK_CHALLENGE_LEN) == 0;
	pthread_mutex_unlock(&f->lock);
	return found;
}

void fresh_heard(struct dvr_link_fresh *f, const uint8_t *challenge)
{
	dvr_link_fresh_cb cb = NULL;
	void *user = NULL;
	pthread_mutex_lock(&f->lock);
	/* Our own, heard back from a transmitter of this process. */
	if (memcmp(challenge, f->challenge, DVR_LINK_CHALLENGE_LEN) == 0) {
		pthread_mutex_unlock(&f->lock);
		return;
	}
	unsigned at = f->heard_count;
	for (unsigned i = 0; i < f->heard_count; i++)
		if (memcmp(f->heard[i], challenge, DVR_LINK_CHALLENGE_LEN) == 0)
			at = i;
	const bool is_new = at == f->heard_count;
	if (is_new && f->heard_count < DVR_LINK_ECHO_HEARD_MAX)
		f->heard_count++;
	else if (is_new)
		at = DVR_LINK_ECHO_HEARD_MAX - 1;   /* the oldest gives way */
	/* Most recent first: the one heard moves to the front. */
	memmove(f->heard[1], f->heard[0], at * DVR_LINK_CHALLENGE_LEN);
	memcpy(f->heard[0], challenge, DVR_LINK_CHALLENGE_LEN);
	if (is_new) {
		f->heard_total++;
		atomic_fetch_add_explicit(&f->generation, 1,
		                          memory_order_relaxed);
		cb = f->notify;
		user = f->notify_user;
	}
	pthread_mutex_unlock(&f->lock);
	if (cb)
		cb(user);
}

void fresh_parse_tags(const uint8_t *tlv, size_t len, struct fresh_tags *out)
{
	memset(out, 0, sizeof(*out));
	size_t off = 0;
	while (len - off >= 3) {
		const uint8_t id = tlv[off];
		const size_t tlen = wire_get_be16(tlv + off + 1);
		const uint8_t *v = tlv + off + 3;
		if (tlen > len - off - 3)
			return;
		off += 3 + tlen;
		if (id == DVR_LINK_TAG_CHALLENGE &&
		    tlen == DVR_LINK_CHALLENGE_LEN) {
			out->challenge = v;
		} else if (id == DVR_LINK_TAG_ECHO && tlen >= 8 &&
		           (tlen - 8) % DVR_LINK_CHALLENGE_LEN == 0) {
			out->echo = true;
			out->next_block = wire_get_be64(v);
			out->echoed = v + 8;
			out->echo_count =
			        (unsigned)((tlen - 8) / DVR_LINK_CHALLENGE_LEN);
		}
	}
}
