/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Session adoption in the link receiver (libdevourer/link/link_rx.c):
 * the fuzz input sets up to four sender runs on the air at once, each
 * with its own epoch (fixed across its re-keys or not), some of them
 * strangers (another key pair) or on another radio port, and then plays
 * their frames to one receiver in any order and any number of times:
 * session packets of mixed epochs and keys, data of any of them.
 *
 * Oracles:
 * - dvr_link_rx_authentic() (the aggregator's test before it gives a
 *   network sender a slot) says yes exactly for the frames push then
 *   takes as this link's own traffic, and changes nothing;
 * - a session gives way to one of a lower epoch (another run: a
 *   restarted sender or a recording) only after it delivered no new
 *   fragment for the receiver's takeover time;
 * - a stranger's or another port's frame never opens a session nor
 *   delivers;
 * - every packet delivered is one some run sent, byte for byte, and
 *   none is delivered twice, whatever was replayed;
 * - with an uplink (the input's freshness mode: the receiver's side has a
 *   transmitter carrying its challenge), a run whose sink echoes
 *   challenges but never heard that one (a recording of a run that began
 *   before this receiver, a second drone) delivers nothing, whatever its
 *   epoch; runs that heard it, and runs that never echo, follow the
 *   one-way rules above.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include <devourer/link.h>

#include "fuzz_link_air.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define LINK_ID 0x00beefu
#define PORT 5
#define MAX_RUNS 4
#define MAX_PACKETS 24
#define MAX_LEN 200
/* Packets carry their run in byte 2: RUN_TAG + run index. */
#define RUN_TAG 0x60

#define FAIL(...)                                                            \
	do {                                                                 \
		fprintf(stderr, "fuzz_link_session: " __VA_ARGS__);          \
		abort();                                                     \
	} while (0)

struct run {
	bool stranger;      /* sealed with a key pair the receiver lacks */
	bool other_port;
	bool tagged;        /* carries the freshness tags (freshness mode) */
	bool answers;       /* ... and echoes the receiver's side's challenge */
	struct fuzz_air air;
	uint8_t data[MAX_PACKETS][MAX_LEN];
	size_t plen[MAX_PACKETS];
	unsigned sent;
	unsigned delivered[MAX_PACKETS];
};

static struct run runs[MAX_RUNS];
static unsigned n_runs;

static void sink_cb(void *user, const uint8_t *data, size_t len)
{
	(void)user;
	if (len < 3 || data[2] < RUN_TAG || data[2] >= RUN_TAG + n_runs)
		FAIL("delivered a packet no run sent (%zu bytes)\n", len);
	struct run *r = &runs[data[2] - RUN_TAG];
	unsigned id = (unsigned)data[0] << 8 | data[1];
	if (r->stranger || r->other_port)
		FAIL("delivered a packet of a run not on this link\n");
	if (id >= r->sent || len != r->plen[id] ||
	    memcmp(data, r->data[id], len) != 0)
		FAIL("delivered bytes run %u did not send as packet %u\n",
		     data[2] - RUN_TAG, id);
	if (++r->delivered[id] > 1)
		FAIL("run %u packet %u delivered twice\n", data[2] - RUN_TAG,
		     id);
	if (r->tagged && !r->answers)
		FAIL("run %u never heard the uplink, yet packet %u was "
		     "delivered\n", data[2] - RUN_TAG, id);
}

/*
 * Freshness mode: the receiving side's object, with a transmitter that
 * carries its challenge on the uplink, and the frames that transmitter
 * sent (what a drone's uplink receiver hears).
 */
static struct dvr_link_fresh *ground_fresh;
static struct dvr_link_tx *uplink_tx;
static struct fuzz_air uplink_air;

/* A drone side's object that heard (@p answers) the ground's uplink or
 * not. */
static struct dvr_link_fresh *drone_side(bool answers,
                                         const struct dvr_link_keys *keys)
{
	struct dvr_link_fresh *f = NULL;
	if (dvr_link_fresh_new(&f) != DVR_OK)
		FAIL("freshness object\n");
	if (!answers)
		return f;
	struct dvr_link_rx_config c = {.link_id = LINK_ID,
	                               .radio_port = PORT + 2, .fresh = f};
	struct dvr_link_rx *up;
	if (dvr_link_rx_new(&c, keys, sink_cb, NULL, &up) != DVR_OK)
		FAIL("uplink receiver\n");
	for (size_t i = 0; i < uplink_air.count; i++)
		dvr_link_rx_push(up, 0, -60, uplink_air.frame[i],
		                 uplink_air.len[i], 0);
	dvr_link_rx_free(up);
	struct dvr_link_fresh_info info;
	dvr_link_fresh_get_info(f, &info);
	if (info.heard != 1)
		FAIL("the drone side did not hear the uplink's challenge\n");
	return f;
}

/* One sender run: a handful of packets, at most one FEC change (a
 * re-key), so the receiver never meets more keys of one epoch than it
 * remembers (8: link.h session_replayed). */
static void transmit(struct fuzz_input *in, struct run *r, unsigned idx,
                     const struct dvr_link_keys *keys,
                     struct dvr_link_fresh *fresh)
{
	uint8_t k = (uint8_t)(1 + fuzz_next(in) % 4);
	uint8_t n = (uint8_t)(k + fuzz_next(in) % 3);
	uint8_t flags = fuzz_next(in);
	struct dvr_link_tx_config cfg = {
		.link_id = LINK_ID,
		.radio_port = r->other_port ? PORT + 1 : PORT,
		.k = k, .n = n,
		/* Mixed epochs: several runs may share one. */
		.epoch = 1000 + (uint64_t)(flags >> 4) * 10,
		.epoch_fixed = (flags & 0x08) != 0,
		.session_interval_ms = 20,
		.fec_backend = DVR_FEC_PORTABLE,
		.fresh = fresh,
	};
	struct dvr_link_tx *tx;
	if (dvr_link_tx_new(&cfg, keys, fuzz_air_record, &r->air, &tx) != DVR_OK)
		FAIL("transmitter refused a valid configuration\n");
	unsigned n_pkts = 1 + fuzz_next(in) % MAX_PACKETS;
	bool rekeyed = false;
	uint64_t now = 0;
	for (unsigned i = 0; i < n_pkts; i++) {
		uint8_t ctl = fuzz_next(in);
		size_t len = 3 + (size_t)fuzz_next(in) * (MAX_LEN - 3) / 255;
		uint8_t *p = r->data[i];
		p[0] = (uint8_t)(i >> 8);
		p[1] = (uint8_t)i;
		p[2] = (uint8_t)(RUN_TAG + idx);
		for (size_t b = 3; b < len; b++)
			p[b] = (uint8_t)(i * 17 + b + idx);
		r->plen[i] = len;
		r->sent = i + 1;
		now += ctl & 0x1F;
		if (dvr_link_tx_send(tx, p, len, now) != DVR_OK)
			FAIL("transmitter refused packet %u\n", i);
		if (!rekeyed && (ctl & 0xC0) == 0xC0) {
			uint8_t k2 = (uint8_t)(1 + fuzz_next(in) % 4);
			if (dvr_link_tx_set_fec(tx, k2, (uint8_t)(k2 + 1),
			                        now) != DVR_OK)
				FAIL("FEC change refused\n");
			rekeyed = true;
		}
		dvr_link_tx_poll(tx, now);
	}
	dvr_link_tx_flush(tx, now);
	dvr_link_tx_free(tx);
}

/* Does push's verdict agree with dvr_link_rx_authentic()'s answer?
 * A session packet is authentic exactly when push keeps or adopts it.
 * A data fragment is authentic when it opens under the current key;
 * push then takes it (delivered, or known as a copy, late or too old),
 * and one that does not open is never taken, though a copy of a
 * fragment already heard is refused as such before any check. */
static bool verdict_agrees(const uint8_t *frame, size_t len, bool authentic,
                           int v)
{
	bool session = len > DVR_LINK_IEEE80211_HDR_LEN &&
	               frame[DVR_LINK_IEEE80211_HDR_LEN] ==
	                       DVR_LINK_PACKET_SESSION;
	if (session)
		return authentic == (v == DVR_LINK_RX_SESSION ||
		                     v == DVR_LINK_RX_SESSION_NEW ||
		                     v == DVR_LINK_RX_SESSION_DEFERRED);
	if (authentic)
		return v == DVR_LINK_RX_DATA || v == DVR_LINK_RX_DUPLICATE ||
		       v == DVR_LINK_RX_LATE || v == DVR_LINK_RX_REPLAYED;
	return v != DVR_LINK_RX_DATA && v != DVR_LINK_RX_LATE &&
	       v != DVR_LINK_RX_REPLAYED && v != DVR_LINK_RX_SESSION &&
	       v != DVR_LINK_RX_SESSION_NEW;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct dvr_link_keys drone, gs, stranger;
	static bool keys_made;
	if (!keys_made) {
		uint8_t drone_pk[32], gs_pk[32], other_pk[32];
		if (sodium_init() < 0)
			FAIL("libsodium\n");
		fuzz_seed_keypair(drone_pk, drone.secret, 0x31);
		fuzz_seed_keypair(gs_pk, gs.secret, 0x42);
		fuzz_seed_keypair(other_pk, stranger.secret, 0x53);
		memcpy(drone.peer_public, gs_pk, 32);
		memcpy(gs.peer_public, drone_pk, 32);
		/* Sealed for the same ground, from a sender it does not
		 * know: crypto_box opens only with the drone's public key. */
		memcpy(stranger.peer_public, gs_pk, 32);
		keys_made = true;
	}
	struct fuzz_input in = { data, size };
	const uint8_t setup = fuzz_next(&in);
	const bool fresh_mode = (setup & 0x80) != 0;
	n_runs = 1 + setup % MAX_RUNS;
	if (fresh_mode) {
		struct dvr_link_tx_config uc = {
			.link_id = LINK_ID, .radio_port = PORT + 2, .k = 1,
			.n = 2, .fresh = NULL,
		};
		if (dvr_link_fresh_new(&ground_fresh) != DVR_OK)
			FAIL("freshness object\n");
		uc.fresh = ground_fresh;
		if (dvr_link_tx_new(&uc, &gs, fuzz_air_record, &uplink_air,
		                    &uplink_tx) != DVR_OK)
			FAIL("uplink transmitter\n");
		dvr_link_tx_poll(uplink_tx, 0);
	}
	struct dvr_link_fresh *sides[MAX_RUNS] = { NULL };
	for (unsigned i = 0; i < n_runs; i++) {
		uint8_t kind = fuzz_next(&in);
		memset(&runs[i], 0, sizeof runs[i]);
		runs[i].stranger = (kind & 0x03) == 0x03;
		runs[i].other_port = (kind & 0x0C) == 0x0C;
		runs[i].tagged = fresh_mode && (kind & 0x10);
		runs[i].answers = runs[i].tagged && (kind & 0x20);
		if (runs[i].tagged)
			sides[i] = drone_side(runs[i].answers, &drone);
		transmit(&in, &runs[i], i,
		         runs[i].stranger ? &stranger : &drone, sides[i]);
	}

	struct dvr_link_rx_config rcfg = {
		.link_id = LINK_ID, .radio_port = PORT,
		.fec_backend = DVR_FEC_PORTABLE,
		.block_timeout_ms = fuzz_next(&in) % 32,
		.takeover_ms = 1 + fuzz_next(&in) % 64,
		.fresh = ground_fresh,
	};
	struct dvr_link_rx *rx;
	if (dvr_link_rx_new(&rcfg, &gs, sink_cb, NULL, &rx) != DVR_OK)
		FAIL("receiver refused a valid configuration\n");

	uint64_t now = 0, adopted_epoch = 0, live = 0;
	bool adopted = false;
	unsigned cursor[MAX_RUNS] = { 0 };
	while (in.left > 0) {
		uint8_t op = fuzz_next(&in), arg = fuzz_next(&in);
		struct run *r = &runs[op % n_runs];
		size_t f;
		if (r->air.count == 0)
			continue;
		if (op & 0x80) {
			/* Any frame of that run again: a replay, a late
			 * copy, a session repeated. */
			f = arg % r->air.count;
		} else {
			/* The run's next frame, in its order. */
			f = cursor[op % n_runs];
			if (f >= r->air.count)
				f = arg % r->air.count;
			else
				cursor[op % n_runs]++;
		}
		now += (op >> 4) & 0x3;

		const uint8_t *fr = r->air.frame[f];
		size_t fl = r->air.len[f];
		bool proven = dvr_link_rx_authentic(rx, fr, fl);
		bool again = dvr_link_rx_authentic(rx, fr, fl);
		if (proven != again)
			FAIL("dvr_link_rx_authentic changed its own answer\n");
		int v = dvr_link_rx_push(rx, op & 0x08 ? 1 : 0, -60,
		                         fr, fl, now);
		if (v < 0)
			FAIL("push refused a frame (%d)\n", v);
		if (!verdict_agrees(fr, fl, proven, v))
			FAIL("authentic said %s, push gave verdict %d\n",
			     proven ? "yes" : "no", v);
		if ((r->stranger || r->other_port) && proven)
			FAIL("a frame of a run not on this link was taken\n");
		if (v == DVR_LINK_RX_SESSION_NEW) {
			struct dvr_link_rx_session s;
			dvr_link_rx_get_session(rx, &s);
			if (!s.valid)
				FAIL("a new session left no session\n");
			if (adopted && s.epoch < adopted_epoch &&
			    now - live < rcfg.takeover_ms)
				FAIL("epoch %llu displaced %llu, live %llu ms "
				     "ago\n", (unsigned long long)s.epoch,
				     (unsigned long long)adopted_epoch,
				     (unsigned long long)(now - live));
			adopted = true;
			adopted_epoch = s.epoch;
		}
		if (v == DVR_LINK_RX_SESSION_NEW || v == DVR_LINK_RX_DATA ||
		    v == DVR_LINK_RX_LATE)
			live = now;
		if (arg & 0x40)
			dvr_link_rx_poll(rx, now);
	}
	dvr_link_rx_poll(rx, now + 100000);

	struct dvr_link_rx_stats st;
	dvr_link_rx_get_stats(rx, &st);
	unsigned got = 0;
	for (unsigned i = 0; i < n_runs; i++)
		for (unsigned p = 0; p < runs[i].sent; p++)
			got += runs[i].delivered[p];
	if (st.packets != got)
		FAIL("stats say %llu packets delivered, the sink got %u\n",
		     (unsigned long long)st.packets, got);
	if (getenv("FUZZ_VERBOSE"))
		fprintf(stderr, "fuzz_link_session: %u runs, %u delivered, "
		        "%llu sessions adopted (%llu taking over), %llu "
		        "refused as replayed, %llu failed authentication\n",
		        n_runs, got, (unsigned long long)st.session_changes,
		        (unsigned long long)st.session_takeovers,
		        (unsigned long long)st.session_replayed,
		        (unsigned long long)st.session_auth_failed);
	dvr_link_rx_free(rx);
	for (unsigned i = 0; i < n_runs; i++) {
		fuzz_air_clear(&runs[i].air);
		dvr_link_fresh_free(sides[i]);
	}
	dvr_link_tx_free(uplink_tx);
	uplink_tx = NULL;
	dvr_link_fresh_free(ground_fresh);
	ground_fresh = NULL;
	fuzz_air_clear(&uplink_air);
	return 0;
}
