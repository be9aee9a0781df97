/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The link receiver (libdevourer/link/link_rx.c) against a real stream:
 * a transmitter (link_tx.c, fixed keys) sends numbered packets, and the
 * fuzz input plays the air between them. It picks the FEC, the packet
 * sizes and any FEC changes (re-keys) of the sender, then, frame by
 * frame, whether the next frame is delivered, lost, repeated, swapped
 * with a later one, corrupted, replaced by fuzz bytes, replayed from
 * earlier in the stream or from the recording of an earlier run (same
 * keys, lower epoch), which adapter heard it, and how much time passes.
 *
 * Oracle: every packet delivered is one that was sent, byte for byte,
 * and none is delivered twice; once the receiver has adopted this run's
 * session, nothing of the earlier run is delivered any more.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include <devourer/link.h>

#include "fuzz_link_air.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define LINK_ID 0x00c0feu
#define MAX_PACKETS 96
#define MAX_LEN 320

#define FAIL(...)                                                            \
	do {                                                                 \
		fprintf(stderr, "fuzz_link_rx: " __VA_ARGS__);               \
		abort();                                                     \
	} while (0)

/* Byte 2 of every packet names the run that sent it. */
#define RUN_NOW 0xC5
#define RUN_EARLIER 0x3A

struct sent {
	uint8_t data[MAX_PACKETS][MAX_LEN];
	size_t len[MAX_PACKETS];
	unsigned count;
	unsigned delivered[MAX_PACKETS];
};

struct sink {
	struct sent now, earlier;
	bool now_adopted;   /* this run's session has been taken */
	/* Every frame is pushed with the TSF 1 + how many were pushed
	 * before it: a packet's frame (dvr_link_rx_packet_heard) is one
	 * of those already pushed. */
	struct dvr_link_rx *rx;
	uint64_t pushed;
};

static void sink_cb(void *user, const uint8_t *data, size_t len)
{
	struct sink *k = user;
	if (len < 3 || (data[2] != RUN_NOW && data[2] != RUN_EARLIER))
		FAIL("delivered a packet no run sent (%zu bytes)\n", len);
	bool earlier = data[2] == RUN_EARLIER;
	struct sent *s = earlier ? &k->earlier : &k->now;
	if (earlier && k->now_adopted)
		FAIL("the earlier run delivered after this run's session\n");
	unsigned id = (unsigned)data[0] << 8 | data[1];
	if (id >= s->count)
		FAIL("delivered packet %u; only %u were sent\n", id, s->count);
	if (len != s->len[id] || memcmp(data, s->data[id], len) != 0)
		FAIL("packet %u delivered with other bytes than sent\n", id);
	if (++s->delivered[id] > 1)
		FAIL("packet %u delivered twice\n", id);
	struct dvr_link_rx_heard h;
	if (dvr_link_rx_packet_heard(k->rx, &h) != DVR_OK || !h.has_tsf ||
	    h.tsf_us < 1 || h.tsf_us > k->pushed || h.adapter > 1)
		FAIL("packet %u delivered without the frame behind it\n", id);
}

static void make_keys(struct dvr_link_keys *drone, struct dvr_link_keys *gs)
{
	uint8_t drone_pk[32], gs_pk[32];

	fuzz_seed_keypair(drone_pk, drone->secret, 0x11);
	fuzz_seed_keypair(gs_pk, gs->secret, 0x22);
	memcpy(drone->peer_public, gs_pk, 32);
	memcpy(gs->peer_public, drone_pk, 32);
}

/* The sender: n_pkts packets, each starting with its number, with a
 * flush now and then and, where the input says, a FEC change. */
static void transmit(struct fuzz_input *in, struct fuzz_air *air, struct sent *sent,
                     const struct dvr_link_keys *drone, uint64_t epoch,
                     uint8_t run)
{
	uint8_t k = (uint8_t)(1 + fuzz_next(in) % 8);
	uint8_t n = (uint8_t)(k + fuzz_next(in) % 5);
	unsigned n_pkts = 1 + fuzz_next(in) % MAX_PACKETS;
	struct dvr_link_tx_config cfg = {
		.link_id = LINK_ID, .radio_port = 7, .k = k, .n = n,
		.epoch = epoch, .session_interval_ms = 50,
		.fec_backend = DVR_FEC_PORTABLE,
	};
	struct dvr_link_tx *tx;
	if (dvr_link_tx_new(&cfg, drone, fuzz_air_record, air, &tx) != DVR_OK)
		FAIL("transmitter refused a valid configuration\n");
	uint64_t now = 0;
	for (unsigned i = 0; i < n_pkts; i++) {
		uint8_t ctl = fuzz_next(in);
		size_t len = 3 + (size_t)fuzz_next(in) * (MAX_LEN - 3) / 255;
		uint8_t *p = sent->data[i];
		p[0] = (uint8_t)(i >> 8);
		p[1] = (uint8_t)i;
		p[2] = run;
		for (size_t b = 3; b < len; b++)
			p[b] = (uint8_t)(i * 31 + b);
		sent->len[i] = len;
		sent->count = i + 1;
		now += ctl & 0x0F;
		if (dvr_link_tx_send(tx, p, len, now) != DVR_OK)
			FAIL("transmitter refused packet %u\n", i);
		if (ctl & 0x10)
			dvr_link_tx_flush(tx, now);
		if ((ctl & 0xE0) == 0xE0) {
			uint8_t k2 = (uint8_t)(1 + fuzz_next(in) % 8);
			uint8_t n2 = (uint8_t)(k2 + fuzz_next(in) % 5);
			if (dvr_link_tx_set_fec(tx, k2, n2, now) != DVR_OK)
				FAIL("FEC change %u/%u refused\n", k2, n2);
		}
		dvr_link_tx_poll(tx, now);
	}
	dvr_link_tx_flush(tx, now);
	dvr_link_tx_free(tx);
}

static struct sink sink;

static void push(struct dvr_link_rx *rx, unsigned adapter, const uint8_t *f,
                 size_t len, uint64_t now, bool this_run)
{
	const struct dvr_link_rx_heard h = { .tsf_us = ++sink.pushed,
		                             .has_tsf = true, .rssi_dbm = -50 };
	int v = dvr_link_rx_push_heard(rx, adapter, &h, f, len, now);
	if (v < 0)
		FAIL("push refused a frame (%d)\n", v);
	if (this_run && v == DVR_LINK_RX_SESSION_NEW)
		sink.now_adopted = true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct dvr_link_keys drone, gs;
	static bool keys_made;
	if (!keys_made) {
		if (sodium_init() < 0)
			FAIL("libsodium\n");
		make_keys(&drone, &gs);
		keys_made = true;
	}
	static struct fuzz_air air, old;
	struct fuzz_input in = { data, size };
	memset(&sink, 0, sizeof sink);
	air.count = 0;
	old.count = 0;
	/* An earlier run with the same keys, recorded; then this run. */
	transmit(&in, &old, &sink.earlier, &drone, 500, RUN_EARLIER);
	transmit(&in, &air, &sink.now, &drone, 1000, RUN_NOW);

	struct dvr_link_rx_config rcfg = {
		.link_id = LINK_ID, .radio_port = 7,
		.fec_backend = DVR_FEC_PORTABLE,
		.ring_blocks = (uint16_t)(fuzz_next(&in) % 48),
		.block_timeout_ms = fuzz_next(&in) % 64,
	};
	struct dvr_link_rx *rx;
	if (dvr_link_rx_new(&rcfg, &gs, sink_cb, &sink, &rx) != DVR_OK)
		FAIL("receiver refused a valid configuration\n");
	sink.rx = rx;

	/* The air: the input's remaining bytes are operations on the
	 * stream; what they leave is delivered in order. */
	uint64_t now = 0;
	size_t cur = 0;
	static uint8_t scratch[DVR_LINK_WIFI_MTU + 64];
	while (cur < air.count && in.left > 0) {
		uint8_t op = fuzz_next(&in), arg = fuzz_next(&in);
		now += op >> 5;
		switch (op & 0x7) {
		case 0: case 1: /* delivered, by one adapter or the other */
			push(rx, arg & 1, air.frame[cur], air.len[cur], now, true);
			cur++;
			break;
		case 2: /* lost */
			cur++;
			break;
		case 3: /* heard twice (two adapters, or a retry) */
			push(rx, arg & 1, air.frame[cur], air.len[cur], now, true);
			break;
		case 4: { /* overtaken by a later frame */
			size_t other = cur + 1 + arg % 8;
			if (other < air.count) {
				uint8_t *f = air.frame[cur];
				size_t l = air.len[cur];
				air.frame[cur] = air.frame[other];
				air.len[cur] = air.len[other];
				air.frame[other] = f;
				air.len[other] = l;
			}
			break;
		}
		case 5: { /* corrupted on the air */
			size_t l = air.len[cur];
			memcpy(scratch, air.frame[cur], l);
			scratch[arg % l] ^= (uint8_t)(fuzz_next(&in) | 1);
			push(rx, 0, scratch, l, now, false);
			cur++;
			break;
		}
		case 6: { /* someone else's bytes, or a truncated frame */
			size_t l = arg;
			if (op & 0x08) {
				/* a real frame's header, fuzz bytes after */
				size_t keep = air.len[cur] < 34 ? air.len[cur] : 34;
				memcpy(scratch, air.frame[cur], keep);
				for (size_t b = keep; b < keep + l; b++)
					scratch[b] = fuzz_next(&in);
				l += keep;
			} else {
				for (size_t b = 0; b < l; b++)
					scratch[b] = fuzz_next(&in);
			}
			push(rx, 0, scratch, l, now, false);
			break;
		}
		case 7: { /* a recording replayed: of this run, or of the
		           * earlier one */
			if ((arg & 0x80) && old.count > 0) {
				size_t o = fuzz_next(&in) % old.count;
				push(rx, 0, old.frame[o], old.len[o], now, false);
			} else {
				size_t o = cur ? arg % cur : 0;
				push(rx, 0, air.frame[o], air.len[o], now, true);
			}
			break;
		}
		}
		if (op & 0x10)
			dvr_link_rx_poll(rx, now);
	}
	for (; cur < air.count; cur++)
		push(rx, 0, air.frame[cur], air.len[cur], now, true);
	dvr_link_rx_poll(rx, now + 100000);

	struct dvr_link_rx_stats st;
	dvr_link_rx_get_stats(rx, &st);
	unsigned got = 0;
	for (unsigned i = 0; i < sink.now.count; i++)
		got += sink.now.delivered[i];
	for (unsigned i = 0; i < sink.earlier.count; i++)
		got += sink.earlier.delivered[i];
	if (st.packets != got)
		FAIL("stats say %llu packets delivered, the sink got %u\n",
		     (unsigned long long)st.packets, got);
	if (getenv("FUZZ_VERBOSE"))
		fprintf(stderr, "fuzz_link_rx: %u sent in %zu frames, %u "
		        "delivered, %llu recovered, %llu lost, %llu sessions "
		        "adopted, %llu session replays refused\n", sink.now.count,
		        air.count, got, (unsigned long long)st.fec_recovered,
		        (unsigned long long)st.lost,
		        (unsigned long long)st.session_changes,
		        (unsigned long long)st.session_replayed);
	dvr_link_rx_free(rx);
	fuzz_air_clear(&air);
	fuzz_air_clear(&old);
	return 0;
}
