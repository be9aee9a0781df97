/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The aggregator's slot rules (gst/gstdevourerforward.c), one datagram
 * at a time through gst_devourer_aggregator_take() at the time the input
 * says: no socket, no thread. Twelve sender addresses (IPv4 and IPv6,
 * several ports of one host), each with two adapter indexes, forward
 * frames of a live link a real transmitter made: the frame just on the
 * air (first, or as a later copy), replays of earlier ones, frames of an
 * earlier run with the same keys; others send frames tampered with or
 * sealed with another key pair, garbage behind a valid header, raw input
 * bytes, header-only, dedup, short and oversize datagrams. A local
 * adapter may hear the air first. The aggregator's callbacks push into a
 * real link receiver as devourersrc's do: a remote's frame at the adapter
 * slot after the local ones, a newcomer judged by dvr_link_rx_authentic().
 *
 * Oracles, on a model of the slots kept from what the link answered:
 * - a slot goes only to the sender of the datagram being taken, whose
 *   frame authenticated and which the link then took as new (data, late
 *   or a new session), at the slot the frame was pushed at;
 * - a sender that only sent garbage never holds a slot, and a
 *   newcomer's frame that does not authenticate never reaches the link;
 * - a newcomer gets a never used slot first, else the slot whose sender
 *   has been silent longest if for the slot timeout; it is refused
 *   (no_slot) only when every slot's sender is live, and a sender whose
 *   current traffic the link took within the timeout is never displaced;
 * - a holder's frames the link does not take as current (copies it had
 *   from another adapter first, or worse) are checked, one
 *   authentication, once its slot is half-way to the timeout and at most
 *   every 100 ms, and an authentic one keeps the slot;
 * - n_remotes <= max_remotes, and no sender holds two slots;
 * - every datagram is counted once by kind, and a frame once more: in
 *   unauthenticated, unproven, no_slot or its slot's datagrams;
 * - every packet the link delivers was sent, byte for byte, and once.
 *
 * Input: local adapters (the remotes get the rest of the 8 slots), slot
 * timeout, the receiver's block timeout and takeover time, this run's
 * k, n, packets, pace and re-key point, the earlier run's packets, then
 * three bytes per event: op (high nibble what, low nibble the sender),
 * a time step, an argument (see the switch in LLVMFuzzerTestOneInput).
 * Randomness (session keys, nonces) is seeded per input, so an input
 * replays byte for byte.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include <devourer/link.h>

#include "fuzz_link_air.h"
#include "gstdevourerforward.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define LINK_ID 0x0a66e6u
#define PORT 3
#define N_ADDRS 12
#define N_IDS (N_ADDRS * 256)
#define MAX_PACKETS 48
#define MAX_LEN 64
/* Packets carry their run in byte 2: RUN_TAG + run. */
#define RUN_TAG 0x70
/* The aggregator checks a holder's copy at most this often. */
#define PROBE_INTERVAL_US 100000
/* The monotonic clock at the first event. */
#define T0_US 10000000

#define FAIL(...)                                                            \
	do {                                                                 \
		fprintf(stderr, "fuzz_aggregator: " __VA_ARGS__);            \
		abort();                                                     \
	} while (0)

enum { RUN_NOW, RUN_EARLIER, RUN_STRANGER, N_RUNS };

struct run {
	struct fuzz_air air;
	uint8_t data[MAX_PACKETS][MAX_LEN];
	size_t plen[MAX_PACKETS];
	unsigned sent;
	unsigned delivered[MAX_PACKETS];
};

static struct run runs[N_RUNS];

/* Sender addresses; a sender is an address and an adapter index:
 * id = address * 256 + wlan_idx, as the aggregator tells them apart. */
static struct sockaddr_storage addrs[N_ADDRS];
static socklen_t addr_lens[N_ADDRS];
/* Senders that forwarded a frame some run of this link put on the air
 * (not necessarily one that proved anything). */
static bool real[N_IDS];

/* What the callbacks saw during one take. */
struct take_log {
	unsigned auth_calls, fn_calls;
	bool auth_before_fn;
	bool auth_said;
	guint fn_remote;
	int fn_verdict;
};

struct world {
	struct dvr_link_rx *rx;
	unsigned n_local, max_remotes;
	int64_t now_us, timeout_us;
	struct take_log log;
};

/* The slots as the link's answers say they must be. */
struct slot_model {
	unsigned id;
	int64_t live_us;  /* last current traffic taken (or the install) */
	int64_t probe_us; /* last copy checked (0: none) */
};

static struct slot_model model[DVR_LINK_MAX_ADAPTERS];
static unsigned model_n;

/* ---- Randomness seeded per input -------------------------------- */

static uint64_t rng_state;

static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static const char *rng_name(void)
{
	return "fuzz_aggregator";
}

static uint32_t rng_random(void)
{
	return (uint32_t)(rng_next() >> 32);
}

static void rng_buf(void *const buf, const size_t size)
{
	uint8_t *p = buf;
	for (size_t i = 0; i < size; i += 8) {
		uint64_t v = rng_next();
		size_t n = size - i < 8 ? size - i : 8;
		memcpy(p + i, &v, n);
	}
}

static randombytes_implementation rng_impl = {
	.implementation_name = rng_name,
	.random = rng_random,
	.buf = rng_buf,
};

/* ---- The air ---------------------------------------------------- */

static void sink_cb(void *user, const uint8_t *data, size_t len)
{
	(void)user;
	if (len < 3 || data[2] < RUN_TAG || data[2] >= RUN_TAG + N_RUNS)
		FAIL("delivered a packet no run sent (%zu bytes)\n", len);
	unsigned ri = data[2] - RUN_TAG;
	struct run *r = &runs[ri];
	unsigned id = (unsigned)data[0] << 8 | data[1];
	if (ri == RUN_STRANGER)
		FAIL("delivered a packet sealed with another key pair\n");
	if (id >= r->sent || len != r->plen[id] ||
	    memcmp(data, r->data[id], len) != 0)
		FAIL("delivered bytes run %u did not send as packet %u\n", ri,
		     id);
	if (++r->delivered[id] > 1)
		FAIL("run %u packet %u delivered twice\n", ri, id);
}

/* One sender run, its frames recorded: @n_pkts packets of varied sizes,
 * a tx clock stepping by the pace's low bits (session re-announcements
 * in between), blocks closed early when the pace says so, and a re-key
 * after packet @rekey_at. */
static void transmit(struct run *r, unsigned ri,
                     const struct dvr_link_keys *keys, uint64_t epoch,
                     uint8_t k, uint8_t n, unsigned n_pkts, uint8_t pace,
                     unsigned rekey_at)
{
	struct dvr_link_tx_config cfg = {
		.link_id = LINK_ID,
		.radio_port = PORT,
		.k = k,
		.n = n,
		.epoch = epoch,
		.session_interval_ms = 25,
		.fec_backend = DVR_FEC_PORTABLE,
	};
	struct dvr_link_tx *tx;
	uint64_t now = 0;

	if (dvr_link_tx_new(&cfg, keys, fuzz_air_record, &r->air, &tx) !=
	    DVR_OK)
		FAIL("transmitter refused a valid configuration\n");
	for (unsigned i = 0; i < n_pkts; i++) {
		uint8_t *p = r->data[i];
		size_t len = 3 + (i * 29 + ri * 7 + pace) % (MAX_LEN - 3);
		p[0] = (uint8_t)(i >> 8);
		p[1] = (uint8_t)i;
		p[2] = (uint8_t)(RUN_TAG + ri);
		for (size_t b = 3; b < len; b++)
			p[b] = (uint8_t)(i * 13 + b + ri);
		r->plen[i] = len;
		r->sent = i + 1;
		now += pace & 0x0f;
		if (dvr_link_tx_send(tx, p, len, now) != DVR_OK)
			FAIL("transmitter refused packet %u\n", i);
		if ((pace & 0x10) && i % 3 == 2)
			dvr_link_tx_flush(tx, now);
		if (i == rekey_at &&
		    dvr_link_tx_set_fec(tx, 1 + (pace >> 6), 2 + (pace >> 6),
		                        now) != DVR_OK)
			FAIL("FEC change refused\n");
		dvr_link_tx_poll(tx, now);
	}
	dvr_link_tx_flush(tx, now);
	dvr_link_tx_free(tx);
}

static void make_addresses(void)
{
	static const char *const v4[] = { "127.0.0.1", "127.0.0.1",
		                           "127.0.0.2", "10.0.0.7",
		                           "10.0.0.7",  "192.168.1.20" };
	static const char *const v6[] = { "::1",          "::1",
		                           "fe80::1",      "2001:db8::7",
		                           "2001:db8::8",  "::ffff:10.0.0.7" };
	for (unsigned i = 0; i < 6; i++) {
		struct sockaddr_in *s = (struct sockaddr_in *)&addrs[i];
		memset(&addrs[i], 0, sizeof addrs[i]);
		s->sin_family = AF_INET;
		/* Two ports of one host are two senders. */
		s->sin_port = htons((uint16_t)(5600 + i % 2));
		if (inet_pton(AF_INET, v4[i], &s->sin_addr) != 1)
			FAIL("address %s\n", v4[i]);
		addr_lens[i] = sizeof(*s);
	}
	for (unsigned i = 0; i < 6; i++) {
		struct sockaddr_in6 *s = (struct sockaddr_in6 *)&addrs[6 + i];
		memset(&addrs[6 + i], 0, sizeof addrs[6 + i]);
		s->sin6_family = AF_INET6;
		s->sin6_port = htons((uint16_t)(5600 + i % 2));
		if (inet_pton(AF_INET6, v6[i], &s->sin6_addr) != 1)
			FAIL("address %s\n", v6[i]);
		addr_lens[6 + i] = sizeof(*s);
	}
}

/* ---- The aggregator's callbacks, as devourersrc wires them ------- */

static bool is_new(int v)
{
	return v == DVR_LINK_RX_DATA || v == DVR_LINK_RX_LATE ||
	       v == DVR_LINK_RX_SESSION_NEW;
}

static bool is_current(int v)
{
	return is_new(v) || v == DVR_LINK_RX_SESSION;
}

/* A remote's frame into the link at the adapter slot after the local
 * ones. */
static int on_frame(gpointer user, guint remote,
                    const struct dvr_link_fwd_info *info,
                    const guint8 *frame, gsize len)
{
	struct world *w = user;
	unsigned slot = w->n_local + remote;
	int v = DVR_LINK_RX_IGNORED;

	w->log.fn_calls++;
	w->log.fn_remote = remote;
	if (remote >= w->max_remotes)
		FAIL("a frame handed to remote %u of %u slots\n", remote,
		     w->max_remotes);
	if (slot < DVR_LINK_MAX_ADAPTERS)
		v = dvr_link_rx_push(w->rx, slot, dvr_link_fwd_rssi(info),
		                     frame, len, (uint64_t)w->now_us / 1000);
	if (v < 0)
		FAIL("the receiver refused a rebuilt frame (%d)\n", v);
	w->log.fn_verdict = v;
	return v;
}

static gboolean on_authentic(gpointer user, const guint8 *frame, gsize len)
{
	struct world *w = user;

	if (w->log.fn_calls == 0 && w->log.auth_calls == 0)
		w->log.auth_before_fn = true;
	w->log.auth_calls++;
	w->log.auth_said = dvr_link_rx_authentic(w->rx, frame, len);
	return w->log.auth_said;
}

/* ---- Counters --------------------------------------------------- */

struct snap {
	struct dvr_link_fwd_stats st;
	uint64_t no_slot, unauthenticated, unproven, expired;
	unsigned n;
	uint64_t datagrams[DVR_LINK_MAX_ADAPTERS];
	uint64_t rx_frames;
};

static void take_snap(GstDevourerAggregator *a, const struct world *w,
                      struct snap *s)
{
	struct dvr_link_rx_stats rs;
	memset(s, 0, sizeof(*s));
	s->st = a->stats;
	s->no_slot = a->no_slot;
	s->unauthenticated = a->unauthenticated;
	s->unproven = a->unproven;
	s->expired = a->expired;
	s->n = a->n_remotes;
	for (unsigned i = 0; i < s->n && i < DVR_LINK_MAX_ADAPTERS; i++)
		s->datagrams[i] = a->remotes[i].datagrams;
	dvr_link_rx_get_stats(w->rx, &rs);
	s->rx_frames = rs.frames;
}

/* Where a frame is counted besides stats. */
enum lands { LANDS_NOWHERE, LANDS_UNAUTH, LANDS_UNPROVEN, LANDS_NO_SLOT,
	     LANDS_SLOT, LANDS_INSTALL };

static const char *const lands_name[] = { "nowhere (not a frame)",
	                                  "unauthenticated", "unproven",
	                                  "no_slot", "its slot",
	                                  "a new slot" };

/* @after is @before with exactly the one count @where (at @slot). */
static void expect_counts(const struct snap *before, const struct snap *after,
                          enum lands where, unsigned slot)
{
	struct snap want = *before;

	switch (where) {
	case LANDS_NOWHERE: break;
	case LANDS_UNAUTH: want.unauthenticated++; break;
	case LANDS_UNPROVEN: want.unproven++; break;
	case LANDS_NO_SLOT: want.no_slot++; break;
	case LANDS_SLOT: want.datagrams[slot]++; break;
	case LANDS_INSTALL:
		want.datagrams[slot] = 1;
		if (slot == before->n)
			want.n++;
		else
			want.expired++;
		break;
	}
	if (after->unauthenticated != want.unauthenticated ||
	    after->unproven != want.unproven ||
	    after->no_slot != want.no_slot ||
	    after->expired != want.expired || after->n != want.n ||
	    memcmp(after->datagrams, want.datagrams,
	           sizeof(want.datagrams)) != 0)
		FAIL("a datagram should count once, in %s: unauthenticated "
		     "%llu->%llu unproven %llu->%llu no_slot %llu->%llu "
		     "expired %llu->%llu remotes %u->%u\n", lands_name[where],
		     (unsigned long long)before->unauthenticated,
		     (unsigned long long)after->unauthenticated,
		     (unsigned long long)before->unproven,
		     (unsigned long long)after->unproven,
		     (unsigned long long)before->no_slot,
		     (unsigned long long)after->no_slot,
		     (unsigned long long)before->expired,
		     (unsigned long long)after->expired, before->n, after->n);
}

/* The aggregator's slots are the model's. */
static void check_slots(GstDevourerAggregator *a, const struct world *w)
{
	if (a->n_remotes > w->max_remotes)
		FAIL("%u remotes for %u slots\n", a->n_remotes,
		     w->max_remotes);
	if (a->n_remotes != model_n)
		FAIL("%u slots held, the link's answers earned %u\n",
		     a->n_remotes, model_n);
	for (unsigned i = 0; i < model_n; i++) {
		const GstDevourerRemote *r = &a->remotes[i];
		const struct slot_model *m = &model[i];
		unsigned ai = m->id / 256;
		if (r->addr_len != addr_lens[ai] ||
		    memcmp(&r->addr, &addrs[ai], addr_lens[ai]) != 0 ||
		    r->wlan_idx != m->id % 256)
			FAIL("slot %u held by a sender that did not earn it\n",
			     i);
		if (!real[m->id])
			FAIL("slot %u held by sender %u/%u, which only sent "
			     "garbage\n", i, ai, m->id % 256);
		if (r->heard_us != m->live_us || r->probed_us != m->probe_us)
			FAIL("slot %u: heard %lld probed %lld, the link's "
			     "answers say %lld and %lld\n", i,
			     (long long)r->heard_us, (long long)r->probed_us,
			     (long long)m->live_us, (long long)m->probe_us);
		for (unsigned j = 0; j < i; j++)
			if (model[j].id == m->id)
				FAIL("sender %u/%u holds slots %u and %u\n", ai,
				     m->id % 256, j, i);
	}
}

/* ---- One datagram ----------------------------------------------- */

static void take(GstDevourerAggregator *a, struct world *w, unsigned who,
                 gsize len, bool from_the_air)
{
	static uint8_t frame[DVR_LINK_WIFI_MTU];
	struct dvr_link_fwd_info info;
	const uint8_t *payload;
	size_t plen;
	struct snap before, after;
	int kind = dvr_link_fwd_parse(a->dgram,
	                              len < sizeof(a->dgram) ? len
	                                                     : sizeof(a->dgram),
	                              &info, &payload, &plen, NULL);
	unsigned id = who * 256 + (kind >= 0 ? info.wlan_idx : 0);
	int holder = -1;
	bool pre_auth = false;

	if (kind == DVR_LINK_FWD_FRAME) {
		if (from_the_air)
			real[id] = true;
		for (unsigned i = 0; i < model_n; i++)
			if (model[i].id == id)
				holder = (int)i;
		if (holder < 0) {
			size_t flen = dvr_link_fwd_frame(
				dvr_link_channel_id(LINK_ID, PORT), payload,
				plen, frame, sizeof(frame));
			pre_auth = flen > 0 &&
			           dvr_link_rx_authentic(w->rx, frame, flen);
		}
	}
	take_snap(a, w, &before);
	memset(&w->log, 0, sizeof(w->log));
	gst_devourer_aggregator_take(a, &addrs[who], addr_lens[who], len,
	                             w->now_us);
	take_snap(a, w, &after);

	const struct dvr_link_fwd_stats *b = &before.st, *f = &after.st;
	if (f->datagrams - b->datagrams != 1 ||
	    (f->frames - b->frames) + (f->dedup_batches - b->dedup_batches) +
	                    (f->empty - b->empty) +
	                    (f->refused - b->refused) != 1 ||
	    f->refused - b->refused !=
	            (f->short_hdr - b->short_hdr) +
	                    (f->oversize - b->oversize) +
	                    (f->bad_type - b->bad_type) +
	                    (f->bad_length - b->bad_length) ||
	    (f->frames - b->frames == 1) != (kind == DVR_LINK_FWD_FRAME))
		FAIL("stats do not count a %s datagram once\n",
		     dvr_link_fwd_kind_name(kind));
	if (after.rx_frames - before.rx_frames != w->log.fn_calls)
		FAIL("the link got %llu frames from %u hand-overs\n",
		     (unsigned long long)(after.rx_frames - before.rx_frames),
		     w->log.fn_calls);

	if (kind != DVR_LINK_FWD_FRAME) {
		if (w->log.fn_calls || w->log.auth_calls)
			FAIL("a %s datagram reached the link\n",
			     dvr_link_fwd_kind_name(kind));
		expect_counts(&before, &after, LANDS_NOWHERE, 0);
	} else if (holder >= 0) {
		struct slot_model *m = &model[holder];
		if (w->log.fn_calls != 1 || w->log.fn_remote != (guint)holder)
			FAIL("a frame of slot %d's sender went to remote %u "
			     "(%u calls)\n", holder, w->log.fn_remote,
			     w->log.fn_calls);
		if (w->log.auth_before_fn)
			FAIL("a slot holder's frame was checked before the "
			     "link had it\n");
		if (is_current(w->log.fn_verdict)) {
			if (w->log.auth_calls)
				FAIL("current traffic checked again\n");
			m->live_us = w->now_us;
		} else {
			/* Not current: a copy the link had from another
			 * adapter first, or worse. */
			bool due = w->now_us - m->live_us >= w->timeout_us / 2 &&
			           w->now_us - m->probe_us >= PROBE_INTERVAL_US;
			if (w->log.auth_calls != (due ? 1u : 0u))
				FAIL("slot %d's copy checked %u times; due: %s "
				     "(%lld us since its current traffic, "
				     "%lld since the last check)\n", holder,
				     w->log.auth_calls, due ? "yes" : "no",
				     (long long)(w->now_us - m->live_us),
				     (long long)(w->now_us - m->probe_us));
			if (due) {
				m->probe_us = w->now_us;
				if (w->log.auth_said)
					m->live_us = w->now_us;
			}
		}
		expect_counts(&before, &after, LANDS_SLOT, (unsigned)holder);
	} else {
		if (w->log.auth_calls != 1 || !w->log.auth_before_fn)
			FAIL("a newcomer's frame was not checked first (%u "
			     "checks)\n", w->log.auth_calls);
		if (w->log.auth_said != pre_auth)
			FAIL("the link's answer changed with nothing pushed\n");
		if (!w->log.auth_said) {
			if (w->log.fn_calls)
				FAIL("a newcomer's frame that does not "
				     "authenticate reached the link\n");
			expect_counts(&before, &after, LANDS_UNAUTH, 0);
		} else {
			bool fresh = model_n < w->max_remotes;
			int64_t oldest = INT64_MAX;
			for (unsigned i = 0; i < model_n; i++)
				if (model[i].live_us < oldest)
					oldest = model[i].live_us;
			bool silent = !fresh &&
			              w->now_us - oldest >= w->timeout_us;
			if (!fresh && !silent) {
				if (w->log.fn_calls)
					FAIL("remote %u handed to a newcomer "
					     "while every slot's sender is "
					     "live\n", w->log.fn_remote);
				expect_counts(&before, &after, LANDS_NO_SLOT, 0);
			} else {
				unsigned r = w->log.fn_remote;
				if (w->log.fn_calls != 1)
					FAIL("an authentic newcomer refused "
					     "while slot %u is %s\n",
					     fresh ? model_n : 0,
					     fresh ? "unused" : "silent");
				if (fresh && r != model_n)
					FAIL("a newcomer pushed at remote %u, "
					     "not the unused slot %u\n", r,
					     model_n);
				if (!fresh && r >= model_n)
					FAIL("a newcomer pushed at remote %u "
					     "of %u\n", r, model_n);
				if (!fresh && w->now_us - model[r].live_us <
				                      w->timeout_us)
					FAIL("slot %u given away while its "
					     "sender is live (current traffic "
					     "%lld us ago, timeout %lld us)\n",
					     r,
					     (long long)(w->now_us -
					                 model[r].live_us),
					     (long long)w->timeout_us);
				if (!fresh && model[r].live_us != oldest)
					FAIL("slot %u given away, not the one "
					     "silent longest\n", r);
				if (is_new(w->log.fn_verdict)) {
					expect_counts(&before, &after,
					              LANDS_INSTALL, r);
					if (r == model_n)
						model_n++;
					model[r].id = id;
					model[r].live_us = w->now_us;
					model[r].probe_us = 0;
				} else {
					expect_counts(&before, &after,
					              LANDS_UNPROVEN, 0);
				}
			}
		}
	}
	check_slots(a, w);
}

/* ---- Datagrams -------------------------------------------------- */

static void fwd_info(struct dvr_link_fwd_info *info, uint8_t wlan,
                     uint8_t arg)
{
	memset(info->antenna, DVR_LINK_FWD_NO_ANTENNA, sizeof(info->antenna));
	memset(info->rssi, (uint8_t)DVR_LINK_FWD_NO_RSSI, sizeof(info->rssi));
	memset(info->noise, DVR_LINK_FWD_NO_NOISE, sizeof(info->noise));
	info->wlan_idx = wlan;
	info->antenna[0] = 0;
	info->rssi[0] = (int8_t)(-30 - (arg & 0x3f));
	info->noise[0] = -95;
	info->freq_mhz = 5805;
	info->mcs_index = 1;
	info->bandwidth_mhz = 20;
}

/* A forwarded 802.11 frame: header, then all after its 802.11 header. */
static gsize put_frame(uint8_t *dgram, const struct dvr_link_fwd_info *info,
                       const uint8_t *frame, size_t len)
{
	const uint8_t *payload;
	size_t plen = dvr_link_fwd_payload(frame, len, &payload);

	dvr_link_fwd_put_header(info, dgram);
	memcpy(dgram + DVR_LINK_FWD_HDR_LEN, payload, plen);
	return DVR_LINK_FWD_HDR_LEN + plen;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	static struct dvr_link_keys drone, gs, stranger;
	static GstDevourerAggregator agg;

	if (!ready) {
		uint8_t drone_pk[32], gs_pk[32], other_pk[32];
		/* Before sodium_init: the transmitters' keys and nonces
		 * come from the input's seed. */
		if (randombytes_set_implementation(&rng_impl) != 0 ||
		    sodium_init() < 0)
			FAIL("libsodium\n");
		fuzz_seed_keypair(drone_pk, drone.secret, 0x61);
		fuzz_seed_keypair(gs_pk, gs.secret, 0x72);
		fuzz_seed_keypair(other_pk, stranger.secret, 0x83);
		memcpy(drone.peer_public, gs_pk, 32);
		memcpy(gs.peer_public, drone_pk, 32);
		/* Sealed for this ground by a sender it does not know. */
		memcpy(stranger.peer_public, gs_pk, 32);
		make_addresses();
		ready = true;
	}
	rng_state = 0x5eed;
	memset(runs, 0, sizeof(runs));
	memset(real, 0, sizeof(real));
	memset(model, 0, sizeof(model));
	model_n = 0;

	struct fuzz_input in = { data, size };
	struct world w = { 0 };
	w.n_local = fuzz_next(&in) % DVR_LINK_MAX_ADAPTERS;
	w.max_remotes = DVR_LINK_MAX_ADAPTERS - w.n_local;
	unsigned timeout_ms = 100 + fuzz_next(&in) * 8u;
	w.timeout_us = (int64_t)timeout_ms * 1000;
	w.now_us = T0_US;

	struct dvr_link_rx_config rcfg = {
		.link_id = LINK_ID,
		.radio_port = PORT,
		.fec_backend = DVR_FEC_PORTABLE,
		.block_timeout_ms = fuzz_next(&in) % 64,
		.takeover_ms = 1 + fuzz_next(&in) * 8u,
	};
	if (dvr_link_rx_new(&rcfg, &gs, sink_cb, NULL, &w.rx) != DVR_OK)
		FAIL("receiver refused a valid configuration\n");

	uint8_t k = (uint8_t)(1 + fuzz_next(&in) % 4);
	uint8_t n = (uint8_t)(k + fuzz_next(&in) % 3);
	unsigned n_pkts = 1 + fuzz_next(&in) % MAX_PACKETS;
	uint8_t pace = fuzz_next(&in);
	unsigned rekey_at = fuzz_next(&in);
	unsigned n_earlier = fuzz_next(&in) % 16;
	transmit(&runs[RUN_NOW], RUN_NOW, &drone, 1000000, k, n, n_pkts, pace,
	         rekey_at);
	if (n_earlier > 0)
		transmit(&runs[RUN_EARLIER], RUN_EARLIER, &drone, 1000, 2, 3,
		         n_earlier, 0x13, MAX_PACKETS);
	transmit(&runs[RUN_STRANGER], RUN_STRANGER, &stranger, 2000000, 2, 3, 4,
	         0x05, MAX_PACKETS);

	GstDevourerAggregatorConfig acfg = {
		.channel_id = dvr_link_channel_id(LINK_ID, PORT),
		.max_remotes = w.max_remotes,
		.slot_timeout_ms = timeout_ms,
		.fn = on_frame,
		.authentic = on_authentic,
		.user = &w,
	};
	gst_devourer_aggregator_init(&agg);
	gst_devourer_aggregator_configure(&agg, &acfg);

	const struct fuzz_air *air = &runs[RUN_NOW].air;
	size_t cursor = 0;
	while (in.left > 0) {
		uint8_t op = fuzz_next(&in), dt = fuzz_next(&in);
		uint8_t arg = fuzz_next(&in);
		unsigned who = (op & 0x0f) % N_ADDRS;
		uint8_t *dg = agg.dgram;
		struct dvr_link_fwd_info info;
		gsize len = 0;
		bool send = true, from_the_air = false;
		/* The frame on the air now; past the end, any of them. */
		size_t on_air = cursor < air->count ? cursor
		                                    : arg % air->count;

		w.now_us += dt < 0xc0 ? (int64_t)dt * 1000
		                      : (int64_t)(dt - 0xbf) * 50000;
		dvr_link_rx_poll(w.rx, (uint64_t)w.now_us / 1000);
		fwd_info(&info, arg & 1, arg);
		switch (op >> 4) {
		case 0: case 1: case 2: case 3:
			/* The frame on the air, forwarded first. */
			len = put_frame(dg, &info, air->frame[on_air],
			                air->len[on_air]);
			cursor = on_air + 1;
			from_the_air = true;
			break;
		case 4: case 5:
			/* The same frame again, from another forwarder. */
			len = put_frame(dg, &info, air->frame[on_air],
			                air->len[on_air]);
			from_the_air = true;
			break;
		case 6: {
			/* An earlier frame of this run: a replay, or a late
			 * copy. */
			size_t f = arg % (cursor > 0 ? cursor : 1);
			len = put_frame(dg, &info, air->frame[f], air->len[f]);
			from_the_air = true;
			break;
		}
		case 7: {
			/* A recording of the earlier run with these keys. */
			const struct fuzz_air *e = &runs[RUN_EARLIER].air;
			if (e->count == 0)
				e = air;
			size_t f = arg % e->count;
			len = put_frame(dg, &info, e->frame[f], e->len[f]);
			from_the_air = true;
			break;
		}
		case 8:
			/* The frame on the air with one byte changed. */
			len = put_frame(dg, &info, air->frame[on_air],
			                air->len[on_air]);
			dg[DVR_LINK_FWD_HDR_LEN +
			   (size_t)(arg * 7u) % (len - DVR_LINK_FWD_HDR_LEN)] ^=
				(uint8_t)(1u << (arg % 8));
			break;
		case 9: {
			/* Sealed with a key pair this link does not know. */
			const struct fuzz_air *s = &runs[RUN_STRANGER].air;
			size_t f = arg % s->count;
			len = put_frame(dg, &info, s->frame[f], s->len[f]);
			break;
		}
		case 10:
			/* Garbage behind a valid header and packet type. */
			dvr_link_fwd_put_header(&info, dg);
			len = DVR_LINK_FWD_HDR_LEN + 1 + arg;
			dg[DVR_LINK_FWD_HDR_LEN] = arg & 2
			        ? DVR_LINK_PACKET_SESSION : DVR_LINK_PACKET_DATA;
			rng_buf(dg + DVR_LINK_FWD_HDR_LEN + 1, arg);
			break;
		case 11:
			/* Input bytes as they come: any header, any frame. */
			while (len < arg && in.left > 0)
				dg[len++] = fuzz_next(&in);
			break;
		case 12: case 13:
			/* A local adapter hears the air first (devourersrc's
			 * own receive path): its forwarders' copies are
			 * duplicates. */
			if (w.n_local > 0) {
				if (dvr_link_rx_push(w.rx, arg % w.n_local,
				                     -40, air->frame[on_air],
				                     air->len[on_air],
				                     (uint64_t)w.now_us / 1000) < 0)
					FAIL("the receiver refused a frame\n");
				send = false;
			} else {
				len = put_frame(dg, &info, air->frame[on_air],
				                air->len[on_air]);
				from_the_air = true;
			}
			cursor = on_air + 1;
			break;
		case 14:
			/* No frame: header only, a dedup batch, too short,
			 * or longer than any (recvmsg's MSG_TRUNC length). */
			info.wlan_idx = DVR_LINK_FWD_SELF_WLAN;
			dvr_link_fwd_put_header(&info, dg);
			switch (arg % 4) {
			case 0: len = DVR_LINK_FWD_HDR_LEN; break;
			case 1:
				dg[DVR_LINK_FWD_HDR_LEN] =
					DVR_LINK_PACKET_DEDUP_STATS;
				len = DVR_LINK_FWD_HDR_LEN + 1 +
				      DVR_LINK_FWD_DEDUP_RECORD_LEN *
				              (1 + arg / 4 % 8);
				memset(dg + DVR_LINK_FWD_HDR_LEN + 1, arg,
				       len - DVR_LINK_FWD_HDR_LEN - 1);
				break;
			case 2: len = arg / 4 % DVR_LINK_FWD_HDR_LEN; break;
			default:
				dg[DVR_LINK_FWD_HDR_LEN] = DVR_LINK_PACKET_DATA;
				len = sizeof(agg.dgram) + 1 + arg * 100u;
				break;
			}
			break;
		default:
			/* Silence: time passes, nothing arrives. */
			w.now_us += (int64_t)arg * 10000;
			send = false;
			break;
		}
		if (send)
			take(&agg, &w, who, len, from_the_air);
	}
	dvr_link_rx_poll(w.rx, (uint64_t)w.now_us / 1000 + 100000);
	dvr_link_rx_flush(w.rx);

	struct dvr_link_rx_stats st;
	dvr_link_rx_get_stats(w.rx, &st);
	unsigned got = 0;
	for (unsigned r = 0; r < N_RUNS; r++)
		for (unsigned p = 0; p < runs[r].sent; p++)
			got += runs[r].delivered[p];
	if (st.packets != got)
		FAIL("stats say %llu packets delivered, the sink got %u\n",
		     (unsigned long long)st.packets, got);
	if (getenv("FUZZ_VERBOSE"))
		fprintf(stderr, "fuzz_aggregator: %u of %u slots held, %llu "
		        "datagrams (%llu frames, %llu refused), "
		        "%llu unauthenticated, %llu unproven, %llu no_slot, "
		        "%llu expired, %u packets delivered\n", agg.n_remotes,
		        w.max_remotes,
		        (unsigned long long)agg.stats.datagrams,
		        (unsigned long long)agg.stats.frames,
		        (unsigned long long)agg.stats.refused,
		        (unsigned long long)agg.unauthenticated,
		        (unsigned long long)agg.unproven,
		        (unsigned long long)agg.no_slot,
		        (unsigned long long)agg.expired, got);
	gst_devourer_aggregator_clear(&agg);
	dvr_link_rx_free(w.rx);
	for (unsigned r = 0; r < N_RUNS; r++)
		fuzz_air_clear(&runs[r].air);
	return 0;
}
