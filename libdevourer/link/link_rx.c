/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * WFB-NG receiver: authenticates fragments, keeps a window of FEC blocks
 * (the "RX ring"), delivers data in order as soon as it can, rebuilds
 * missing fragments once any k of a block's n are in, and gives up blocks
 * that cannot complete (counting what was lost, never delivering guesses).
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include <devourer/link.h>

#include "aead.h"
#include "fec.h"
#include "fresh.h"
#include "wire.h"

#define FRAG_STRIDE ((DVR_LINK_MAX_FEC_PAYLOAD + 63) & ~63)
#define RING_DEFAULT 40
#define RING_MAX 1024
/* Blocks behind the reorder window whose fragments are still remembered
 * (a late copy is told from a replay); the history spans the window too. */
#define HIST_BEHIND 256
#define RETIRED_KEYS 8
#define NO_BLOCK UINT64_MAX
/* A sender's run (one start) announces epochs that rise by one per re-key
 * from its first; a session within this span above the current one is
 * taken as the same sender re-keying and adopted at once. */
#define RUN_SPAN (UINT64_C(1) << 32)
/* Runs followed and then left for another, remembered so that none of
 * their sessions delivers twice. */
#define RUNS_KEPT 8
#define TAKEOVER_DEFAULT_MS 1000

struct rx_block {
	uint64_t block_idx;
	uint64_t open_ms;
	unsigned send_idx;     /* next data fragment to deliver */
	unsigned have;         /* fragments held */
	uint8_t *present;      /* n flags */
	uint16_t *len;         /* n plaintext lengths */
	uint8_t **frag;        /* n buffers */
	/* n: what the radio said about the frame each fragment came in;
	 * a rebuilt one gets that of the block's last arrival */
	struct dvr_link_rx_heard *heard;
	unsigned last_fi;      /* fragment that arrived last */
};

struct rx_hist {
	uint64_t block_idx;
	uint64_t seen[4];      /* fragment bitmap */
	/* Packets given up with this block while fewer than @c need of its
	 * fragments had been heard: if that many arrive after all, the block
	 * was within FEC capacity and they count as lost_within_capacity. */
	uint16_t pending_lost;
	uint16_t need;
};

/* A run the receiver followed and left because it fell silent. Its
 * sessions in [lo, hi) are spent; the one at hi may come back (the same
 * sender back in range) but only with blocks from next_block on. */
struct rx_run {
	uint64_t lo, hi;
	uint8_t key_hash[32];
	uint64_t next_block;
};

struct dvr_link_rx {
	uint32_t channel_id;
	/* the most data fragments a block finished since the last
	 * dvr_link_rx_take_worst_block() lacked (rebuilt or lost) */
	unsigned worst_block_missing;
	uint8_t backend;
	unsigned ring_size;
	uint64_t min_epoch;
	uint32_t block_timeout_ms;
	uint32_t takeover_ms;      /* UINT32_MAX: never */
	/* crypto_box key shared by our secret and the peer's public key:
	 * fixed for the receiver's life, so the X25519 step that derives it
	 * is done once, not for every session packet (a forged one would
	 * otherwise cost a scalar multiplication to refuse). */
	uint8_t box_key[crypto_box_BEFORENMBYTES];
	bool box_key_ok;           /* false: the peer key is unusable */
	dvr_link_packet_cb cb;
	void *user;
	struct dvr_link_fresh *fresh; /* freshness over the uplink, or NULL */

	/* session */
	bool have_session;
	bool adopted_any;          /* a session was adopted (epoch, key valid) */
	uint64_t epoch;
	uint8_t key[DVR_AEAD_KEY_LEN];
	struct dvr_aead *aead;     /* keyed with key while have_session */
	uint8_t session_hash[32];  /* of the last accepted session packet */
	uint8_t key_hash[32];      /* of key */
	uint8_t retired[RETIRED_KEYS][32]; /* hashes of superseded keys */
	unsigned retired_count, retired_pos;
	uint64_t run_lo;           /* lowest epoch followed in this run */
	uint64_t live_ms;          /* last new authentic fragment (or adoption) */
	uint64_t block_floor;      /* blocks below were delivered before */
	struct rx_run runs[RUNS_KEPT];
	unsigned runs_count;
	unsigned k, n;

	/* FEC and ring, sized for (k, n) */
	struct dvr_fec *fec;
	struct rx_block *blocks;   /* ring_size */
	uint8_t *frag_mem;
	uint8_t *present_mem;
	uint16_t *len_mem;
	uint8_t **ptr_mem;
	struct dvr_link_rx_heard *heard_mem;
	/* The frame behind the packet the callback has now; NULL outside
	 * it (dvr_link_rx_packet_heard). */
	const struct dvr_link_rx_heard *delivering;
	bool ring_started;
	uint64_t front;            /* oldest block in the window */
	unsigned alloc;            /* blocks [front, front + alloc) live */
	uint64_t newest;           /* highest authenticated block index */
	/* Fragments heard of the blocks (newest - hist_size, newest], one
	 * entry per block index modulo hist_size. It spans the whole window
	 * plus HIST_BEHIND blocks, so no two blocks the receiver can still
	 * accept a fragment of share an entry. */
	struct rx_hist *hist;
	unsigned hist_size;

	uint8_t plain[DVR_LINK_MAX_SESSION_PACKET];
	uint8_t probe[DVR_LINK_MAX_SESSION_PACKET]; /* dvr_link_rx_authentic */
	struct dvr_link_rx_stats stats;
};

static void ring_free(struct dvr_link_rx *rx)
{
	dvr_fec_free(rx->fec);
	free(rx->blocks);
	free(rx->frag_mem);
	free(rx->present_mem);
	free(rx->len_mem);
	free(rx->ptr_mem);
	free(rx->heard_mem);
	rx->fec = NULL;
	rx->blocks = NULL;
	rx->frag_mem = NULL;
	rx->present_mem = NULL;
	rx->len_mem = NULL;
	rx->ptr_mem = NULL;
	rx->heard_mem = NULL;
	rx->k = rx->n = 0;
}

static int ring_alloc(struct dvr_link_rx *rx, unsigned k, unsigned n)
{
	const size_t R = rx->ring_size;
	ring_free(rx);
	int rc = dvr_fec_new(k, n, rx->backend, &rx->fec);
	if (rc != DVR_OK)
		return rc;
	rx->blocks = calloc(R, sizeof(*rx->blocks));
	rx->frag_mem = aligned_alloc(64, R * n * FRAG_STRIDE);
	rx->present_mem = calloc(R * n, 1);
	rx->len_mem = calloc(R * n, sizeof(uint16_t));
	rx->ptr_mem = calloc(R * n, sizeof(uint8_t *));
	rx->heard_mem = calloc(R * n, sizeof(*rx->heard_mem));
	if (!rx->blocks || !rx->frag_mem || !rx->present_mem ||
	    !rx->len_mem || !rx->ptr_mem || !rx->heard_mem) {
		ring_free(rx);
		return DVR_E_NO_MEM;
	}
	for (size_t b = 0; b < R; b++) {
		struct rx_block *blk = &rx->blocks[b];
		blk->present = rx->present_mem + b * n;
		blk->len = rx->len_mem + b * n;
		blk->frag = rx->ptr_mem + b * n;
		blk->heard = rx->heard_mem + b * n;
		for (size_t i = 0; i < n; i++)
			blk->frag[i] = rx->frag_mem + (b * n + i) * FRAG_STRIDE;
	}
	rx->k = k;
	rx->n = n;
	return DVR_OK;
}

static void hist_reset(struct dvr_link_rx *rx)
{
	for (unsigned i = 0; i < rx->hist_size; i++) {
		rx->hist[i].block_idx = NO_BLOCK;
		memset(rx->hist[i].seen, 0, sizeof(rx->hist[i].seen));
		rx->hist[i].pending_lost = 0;
	}
}

static bool hist_seen(const struct dvr_link_rx *rx, uint64_t blk, unsigned f)
{
	const struct rx_hist *h = &rx->hist[blk % rx->hist_size];
	return h->block_idx == blk && (h->seen[f >> 6] >> (f & 63)) & 1;
}

static void hist_mark(struct dvr_link_rx *rx, uint64_t blk, unsigned f)
{
	struct rx_hist *h = &rx->hist[blk % rx->hist_size];
	if (h->block_idx != blk) {
		h->block_idx = blk;
		memset(h->seen, 0, sizeof(h->seen));
		h->pending_lost = 0;
	}
	h->seen[f >> 6] |= 1ull << (f & 63);
}

static unsigned hist_heard(const struct rx_hist *h)
{
	unsigned c = 0;
	for (unsigned i = 0; i < 4; i++)
		c += (unsigned)__builtin_popcountll(h->seen[i]);
	return c;
}

/*
 * Block @p blk was given up with @p lost packets missing. It was beyond
 * FEC capacity only if fewer than @p need fragments (k minus the fillers
 * known without hearing them) ever arrive; decide now if enough were
 * heard, or when a late one completes the count.
 */
static void hist_given_up(struct dvr_link_rx *rx, uint64_t blk,
                          unsigned lost, unsigned need)
{
	struct rx_hist *h = &rx->hist[blk % rx->hist_size];
	if (h->block_idx != blk)
		return;
	if (hist_heard(h) >= need) {
		rx->stats.lost_within_capacity += lost;
		return;
	}
	h->pending_lost = (uint16_t)lost;
	h->need = (uint16_t)need;
}

static void hist_late(struct dvr_link_rx *rx, uint64_t blk)
{
	struct rx_hist *h = &rx->hist[blk % rx->hist_size];
	if (h->block_idx == blk && h->pending_lost &&
	    hist_heard(h) >= h->need) {
		rx->stats.lost_within_capacity += h->pending_lost;
		h->pending_lost = 0;
	}
}

static struct rx_block *slot(struct dvr_link_rx *rx, uint64_t blk)
{
	return &rx->blocks[blk % rx->ring_size];
}

/*
 * A filler is the empty fragment a sender uses to close a block early (a
 * flush or FEC timeout): flag FEC_ONLY, size 0 (svpcom/wfb-ng src/tx.cpp
 * Transmitter::send_packet; src/rx.cpp send_packet does not forward it).
 * It is not a packet, so it is never counted as lost or recovered.
 */
static bool is_filler(const struct rx_block *b, unsigned i)
{
	return b->len[i] >= DVR_LINK_PACKET_HDR_LEN &&
	       (b->frag[i][0] & DVR_LINK_FLAG_FEC_ONLY);
}

/*
 * Fillers only pad the tail of a block, and slot 0 always holds a packet
 * (a sender never closes a block it has not opened: wfb-ng src/tx.cpp
 * refuses FEC_ONLY at fragment 0). So every data slot after the first
 * filler heard is a filler too. Returns that slot, or k if none was heard.
 */
static unsigned first_filler_heard(const struct dvr_link_rx *rx,
                                   const struct rx_block *b)
{
	for (unsigned i = 1; i < rx->k; i++)
		if (b->present[i] && is_filler(b, i))
			return i;
	return rx->k;
}

/*
 * The last data slot before @p fillers_from known to have held a packet:
 * one heard that is not a filler, or slot 0, which always holds one.
 */
static unsigned last_packet_heard(const struct dvr_link_rx *rx,
                                  const struct rx_block *b,
                                  unsigned fillers_from)
{
	for (unsigned i = fillers_from < rx->k ? fillers_from : rx->k; i-- > 1;)
		if (b->present[i] && !is_filler(b, i))
			return i;
	return 0;
}

/* Hand data fragment @p i of @p b to the caller, unless it is a filler. */
static void deliver(struct dvr_link_rx *rx, struct rx_block *b, unsigned i)
{
	const uint8_t *f = b->frag[i];
	const size_t flen = b->len[i];
	if (flen < DVR_LINK_PACKET_HDR_LEN) {
		rx->stats.bad_packet++;
		return;
	}
	const uint8_t flags = f[0];
	const size_t size = wire_get_be16(f + 1);
	if (size > flen - DVR_LINK_PACKET_HDR_LEN) {
		rx->stats.bad_packet++;  /* authentic but inconsistent: drop */
		return;
	}
	if (flags & DVR_LINK_FLAG_FEC_ONLY)
		return;
	rx->stats.packets++;
	rx->stats.bytes += size;
	rx->delivering = &b->heard[i];
	rx->cb(rx->user, f + DVR_LINK_PACKET_HDR_LEN, size);
	rx->delivering = NULL;
}

static void drain_in_order(struct dvr_link_rx *rx, struct rx_block *b)
{
	while (b->send_idx < rx->k && b->present[b->send_idx])
		deliver(rx, b, b->send_idx++);
}

/* Rebuild the block's missing data fragments from any k it holds. */
static void recover(struct dvr_link_rx *rx, struct rx_block *b)
{
	size_t L = 0;
	for (unsigned i = 0; i < rx->n; i++)
		if (b->present[i] && b->len[i] > L)
			L = b->len[i];
	/* The code works on equal-length rows: zero-pad what is shorter. */
	for (unsigned i = 0; i < rx->n; i++)
		if (b->present[i] && b->len[i] < L)
			memset(b->frag[i] + b->len[i], 0, L - b->len[i]);
	int r = dvr_fec_decode(rx->fec, b->frag, b->present, L);
	if (r <= 0)
		return;
	/* Rebuilt fillers are not recovered packets: count what carries one. */
	for (unsigned i = 0; i < rx->k; i++) {
		if (!b->present[i]) {
			b->present[i] = 1;
			b->len[i] = (uint16_t)L;
			b->heard[i] = b->heard[b->last_fi];
			if (!is_filler(b, i))
				rx->stats.fec_recovered++;
		}
	}
}

/*
 * The fillers after slot @p from are known without hearing them (flag
 * FEC_ONLY, size 0, zero padding: the rows the sender encoded), so they
 * count towards the k rows FEC needs: a flushed block missing more than
 * its parity can still be repaired when enough of its fillers were lost.
 */
static unsigned restore_fillers(struct dvr_link_rx *rx, struct rx_block *b,
                                unsigned from)
{
	unsigned restored = 0;
	for (unsigned i = from + 1; i < rx->k; i++) {
		if (b->present[i])
			continue;
		b->frag[i][0] = DVR_LINK_FLAG_FEC_ONLY;
		wire_put_be16(b->frag[i] + 1, 0);
		b->len[i] = DVR_LINK_PACKET_HDR_LEN;
		b->present[i] = 1;
		b->have++;
		restored++;
	}
	return restored;
}

/* Finish the front block: recover if possible, deliver, count the rest. */
static void finish_front(struct dvr_link_rx *rx)
{
	struct rx_block *b = slot(rx, rx->front);
	/* A missing slot past a filler we heard was a filler: not a loss.
	 * One before a packet we heard (or slot 0) held a packet: lost. One
	 * in between held a packet or a filler, which nothing heard tells:
	 * counted apart, so the loss is known to lie between the two. */
	const unsigned fillers_from = first_filler_heard(rx, b);
	const unsigned last_packet = last_packet_heard(rx, b, fillers_from);
	unsigned restored = 0;
	if (b->have < rx->k)
		restored = restore_fillers(rx, b, fillers_from);
	unsigned absent = 0;
	for (unsigned i = b->send_idx; i < rx->k; i++)
		absent += !b->present[i];
	if (absent > rx->worst_block_missing)
		rx->worst_block_missing = absent;
	if (b->have >= rx->k)
		recover(rx, b);
	unsigned missing = 0;
	for (; b->send_idx < rx->k; b->send_idx++) {
		if (b->present[b->send_idx]) {
			deliver(rx, b, b->send_idx);
		} else if (b->send_idx <= last_packet) {
			rx->stats.lost++;
			missing++;
		} else if (b->send_idx < fillers_from) {
			rx->stats.lost_unknown++;
			missing++;
		}
	}
	if (missing) {
		rx->stats.unrecoverable++;
		hist_given_up(rx, b->block_idx, missing, rx->k - restored);
	}
	rx->front++;
	rx->alloc--;
}

/* Deliver from the front while blocks complete, in order. */
static void advance(struct dvr_link_rx *rx)
{
	while (rx->alloc) {
		struct rx_block *b = slot(rx, rx->front);
		drain_in_order(rx, b);
		if (b->send_idx < rx->k && b->have < rx->k)
			return;
		finish_front(rx);
	}
}

static void block_init(struct dvr_link_rx *rx, uint64_t blk, uint64_t now)
{
	struct rx_block *b = slot(rx, blk);
	b->block_idx = blk;
	b->open_ms = now;
	b->send_idx = 0;
	b->have = 0;
	b->last_fi = 0;
	memset(b->present, 0, rx->n);
}

/* Make block @p blk (>= front) part of the window, sliding it if needed. */
static struct rx_block *window_get(struct dvr_link_rx *rx, uint64_t blk,
                                   uint64_t now)
{
	if (!rx->ring_started) {
		rx->ring_started = true;
		rx->front = blk;
		rx->alloc = 0;
	}
	while (blk - rx->front >= rx->ring_size && rx->alloc) {
		finish_front(rx);   /* window overflow: oldest block gives up */
		advance(rx);
	}
	if (rx->alloc == 0 && blk - rx->front >= rx->ring_size) {
		/* Jumped past whole blocks nobody heard: each held a packet
		 * in slot 0; the rest could have been fillers. */
		uint64_t skip = blk - rx->front - (rx->ring_size - 1);
		rx->stats.lost += skip;
		rx->stats.lost_unknown += skip * (rx->k - 1);
		rx->stats.unrecoverable += skip;
		rx->front += skip;
	}
	while (rx->front + rx->alloc <= blk) {
		block_init(rx, rx->front + rx->alloc, now);
		rx->alloc++;
	}
	return slot(rx, blk);
}

/* Give up everything pending (session change, flush). */
static void give_up_all(struct dvr_link_rx *rx)
{
	while (rx->alloc) {
		finish_front(rx);
		advance(rx);
	}
}

static int on_data(struct dvr_link_rx *rx, const struct dvr_link_rx_heard *h,
                   const uint8_t *p, size_t plen, uint64_t now)
{
	const unsigned adapter = h->adapter;
	const int rssi = h->rssi_dbm;
	if (plen < DVR_LINK_BLOCK_HDR_LEN + DVR_LINK_TAG_LEN +
	                   DVR_LINK_PACKET_HDR_LEN ||
	    plen > DVR_LINK_BLOCK_HDR_LEN + DVR_LINK_TAG_LEN +
	                   DVR_LINK_MAX_FEC_PAYLOAD) {
		rx->stats.malformed++;
		return DVR_LINK_RX_MALFORMED;
	}
	if (!rx->have_session) {
		rx->stats.no_session++;
		return DVR_LINK_RX_NO_SESSION;
	}
	const uint64_t nonce = wire_get_be64(p + 1);
	const uint64_t blk = nonce >> 8;
	const unsigned fi = (unsigned)(nonce & 0xff);

	/* No session of ours has such a fragment or block: refuse it
	 * without spending an authentication on it. */
	if (fi >= rx->n || blk > WIRE_MAX_BLOCK_IDX) {
		rx->stats.malformed++;
		return DVR_LINK_RX_MALFORMED;
	}
	/* Diversity copies are common: skip their decryption. */
	if (hist_seen(rx, blk, fi)) {
		rx->stats.duplicates++;
		return DVR_LINK_RX_DUPLICATE;
	}
	/* Forged or not, or libcrypto failing: nothing of it is used. */
	if (dvr_aead_open(rx->aead, p + 1, p, DVR_LINK_BLOCK_HDR_LEN,
	                  p + DVR_LINK_BLOCK_HDR_LEN,
	                  plen - DVR_LINK_BLOCK_HDR_LEN, rx->plain) != DVR_OK) {
		rx->stats.auth_failed++;
		return DVR_LINK_RX_AUTH_FAILED;
	}
	/* A session followed again after another one: what it sent before
	 * was delivered then. */
	if (blk < rx->block_floor) {
		rx->stats.replayed++;
		return DVR_LINK_RX_REPLAYED;
	}
	const size_t mlen = plen - DVR_LINK_BLOCK_HDR_LEN - DVR_AEAD_TAG_LEN;
	struct dvr_link_adapter_stats *as = &rx->stats.adapter[adapter];
	as->frames++;
	if (rssi != DVR_LINK_RSSI_UNKNOWN) {
		if (as->rssi_samples == 0 || rssi < as->rssi_min)
			as->rssi_min = rssi;
		if (as->rssi_samples == 0 || rssi > as->rssi_max)
			as->rssi_max = rssi;
		as->rssi_sum += rssi;
		as->rssi_samples++;
	}
	if (rx->ring_started && blk < rx->front) {
		if (rx->newest >= blk + rx->hist_size) {
			rx->stats.replayed++;
			return DVR_LINK_RX_REPLAYED;
		}
		hist_mark(rx, blk, fi);
		hist_late(rx, blk);
		rx->stats.redundant_fragments++;
		rx->live_ms = now;
		return DVR_LINK_RX_LATE;
	}
	/* Only a fragment never heard before shows the session is on the
	 * air now: a recording of it could only repeat what was heard. */
	rx->live_ms = now;
	if (!rx->ring_started || blk > rx->newest)
		rx->newest = blk;
	hist_mark(rx, blk, fi);

	struct rx_block *b = window_get(rx, blk, now);
	/* A slot is filled once: a second copy would count twice towards
	 * the k fragments FEC needs (the history above already refuses it). */
	if (b->present[fi]) {
		rx->stats.duplicates++;
		return DVR_LINK_RX_DUPLICATE;
	}
	memcpy(b->frag[fi], rx->plain, mlen);
	b->len[fi] = (uint16_t)mlen;
	b->present[fi] = 1;
	b->heard[fi] = *h;
	b->last_fi = fi;
	b->have++;

	/* A later block that can complete means the earlier ones will not
	 * (the RX ring rule of the draft): give them up, keep order. */
	if (b->have >= rx->k && blk != rx->front) {
		while (rx->front != blk)
			finish_front(rx);
	}
	advance(rx);
	return DVR_LINK_RX_DATA;
}

static bool key_retired(const struct dvr_link_rx *rx, const uint8_t h[32])
{
	for (unsigned i = 0; i < rx->retired_count; i++)
		if (sodium_memcmp(rx->retired[i], h, 32) == 0)
			return true;
	return false;
}

static void retire_key(struct dvr_link_rx *rx, const uint8_t h[32])
{
	memcpy(rx->retired[rx->retired_pos], h, 32);
	rx->retired_pos = (rx->retired_pos + 1) % RETIRED_KEYS;
	if (rx->retired_count < RETIRED_KEYS)
		rx->retired_count++;
}

/*
 * Is a session of @p epoch with key hash @p kh one of a left run's? Spent
 * below that run's last epoch; its last session itself (*resume = the
 * run) may come back. Runs of several senders can share an epoch.
 */
static bool left_run_spent(const struct dvr_link_rx *rx, uint64_t epoch,
                           const uint8_t kh[32], int *resume)
{
	bool spent = false;
	for (unsigned i = 0; i < rx->runs_count; i++) {
		const struct rx_run *r = &rx->runs[i];
		if (epoch >= r->lo && epoch < r->hi)
			spent = true;
		else if (epoch == r->hi &&
		         sodium_memcmp(kh, r->key_hash, 32) == 0)
			*resume = (int)i;
	}
	return spent && *resume < 0;
}

static void forget_run(struct dvr_link_rx *rx, unsigned i)
{
	memmove(&rx->runs[i], &rx->runs[i + 1],
	        (rx->runs_count - i - 1) * sizeof(rx->runs[0]));
	rx->runs_count--;
}

/* The current run, left for another one: oldest memory goes first. */
static void remember_run(struct dvr_link_rx *rx)
{
	if (rx->runs_count == RUNS_KEPT)
		forget_run(rx, 0);
	struct rx_run *r = &rx->runs[rx->runs_count++];
	r->lo = rx->run_lo;
	r->hi = rx->epoch;
	memcpy(r->key_hash, rx->key_hash, 32);
	r->next_block = rx->ring_started ? rx->newest + 1 : rx->block_floor;
}

/*
 * What an authentic session packet is to this receiver. The wire orders
 * sessions by epoch alone, and a sender without a clock or a kept epoch
 * restarts at any epoch, so the epoch is trusted only within a run: a
 * session up to RUN_SPAN above the current one is the sender re-keying
 * (adopted at once, as wfb-ng's receiver does), one below it in the span
 * this receiver followed is a recording. Any other authentic session is
 * another run: a restarted sender, or a recording of a run this receiver
 * never followed. Nothing tells those apart on a one-way link, so it is
 * adopted only once the current session has fallen silent.
 */
enum session_fate {
	FATE_CURRENT,    /* the session in use, perhaps re-sealed */
	FATE_SUCCESSOR,  /* this run re-keyed: adopt now */
	FATE_OTHER,      /* another run, or the first one heard */
	FATE_UNPROVEN,   /* a new key whose sender does not echo ours */
	FATE_SPENT,      /* followed and left: never again */
	FATE_STALE,      /* below the configured min_epoch */
	FATE_BAD,        /* authentic, unusable */
};

/*
 * A new key (another run, the first heard, or a re-key), where the link
 * has an uplink: a sender that echoes challenges must echo ours, which
 * only one that heard our side since this receiver began can. A recording
 * echoes an old one, or none; a live sender keeps echoing ours once heard,
 * re-keys included. A sender that never echoes (wfb-ng) is left to the
 * one-way rules.
 */
static enum session_fate proven(const struct dvr_link_rx *rx,
                                const struct fresh_tags *tags,
                                enum session_fate fate)
{
	if (rx->fresh && tags->echo && fresh_uplink(rx->fresh) &&
	    !fresh_echoes_mine(rx->fresh, tags))
		return FATE_UNPROVEN;
	return fate;
}

static enum session_fate judge_session(const struct dvr_link_rx *rx,
                                       const uint8_t *s,
                                       const struct fresh_tags *tags,
                                       uint8_t kh[32], int *resume)
{
	const uint64_t epoch = wire_get_be64(s);
	*resume = -1;
	if (epoch < rx->min_epoch)
		return FATE_STALE;
	if (wire_get_be32(s + 8) != rx->channel_id ||
	    s[12] != DVR_LINK_FEC_VDM_RS || s[13] < 1 || s[14] < s[13])
		return FATE_BAD;
	if (rx->have_session && sodium_memcmp(s + 15, rx->key, 32) == 0)
		return FATE_CURRENT;
	crypto_generichash(kh, 32, s + 15, 32, NULL, 0);
	if (key_retired(rx, kh))
		return FATE_SPENT;
	if (!rx->adopted_any)
		return proven(rx, tags, FATE_OTHER);
	if (left_run_spent(rx, epoch, kh, resume))
		return FATE_SPENT;
	if (*resume >= 0)
		return proven(rx, tags, FATE_OTHER);
	if (epoch >= rx->run_lo && epoch < rx->epoch)
		return FATE_SPENT;
	if (epoch >= rx->epoch && epoch - rx->epoch <= RUN_SPAN)
		return proven(rx, tags, FATE_SUCCESSOR);
	return proven(rx, tags, FATE_OTHER);
}

/* The tags of the opened session packet @p s of @p plen sealed bytes. */
static void session_tags(const uint8_t *s, size_t plen,
                         struct fresh_tags *tags)
{
	const size_t len = plen - DVR_LINK_SESSION_HDR_LEN - crypto_box_MACBYTES;
	fresh_parse_tags(s + DVR_LINK_SESSION_DATA_LEN,
	                 len - DVR_LINK_SESSION_DATA_LEN, tags);
}

/* Has the current session gone without a new fragment for the takeover
 * time? A caller's clock read before a push on another thread can be
 * behind the last fragment: that is not silence. */
static bool session_quiet(const struct dvr_link_rx *rx, uint64_t now)
{
	if (!rx->have_session)
		return true;
	if (rx->takeover_ms == UINT32_MAX || now < rx->live_ms)
		return false;
	return now - rx->live_ms >= rx->takeover_ms;
}

static int adopt_session(struct dvr_link_rx *rx, const uint8_t *s,
                         const struct fresh_tags *tags,
                         const uint8_t h[32], const uint8_t kh[32],
                         enum session_fate fate, int resume, uint64_t now)
{
	const uint64_t epoch = wire_get_be64(s);
	const uint8_t k = s[13], n = s[14];

	/* Finish the old session's blocks with the old code. */
	if (rx->have_session)
		give_up_all(rx);
	uint64_t floor = 0;
	if (!rx->adopted_any) {
		rx->run_lo = epoch;
	} else if (fate == FATE_SUCCESSOR) {
		retire_key(rx, rx->key_hash);
	} else {
		uint64_t lo = epoch;
		if (resume >= 0) {
			lo = rx->runs[resume].lo;
			floor = rx->runs[resume].next_block;
			forget_run(rx, (unsigned)resume);
		}
		remember_run(rx);
		rx->run_lo = lo;
		rx->stats.session_takeovers++;
		if (epoch < rx->epoch)
			rx->stats.session_older++;
	}
	/* The sender's blocks below the one it was at when it sealed this
	 * packet went out before it: a recording, whatever the key. */
	if (tags->echo && tags->next_block > floor)
		floor = tags->next_block;
	rx->epoch = epoch;
	rx->adopted_any = true;
	rx->block_floor = floor;
	if (k != rx->k || n != rx->n) {
		int rc = ring_alloc(rx, k, n);
		if (rc != DVR_OK) {
			rx->have_session = false;
			rx->stats.bad_session++;
			return DVR_LINK_RX_BAD_SESSION;
		}
	}
	if (dvr_aead_set_key(rx->aead, s + 15) != DVR_OK) {
		rx->have_session = false;
		rx->stats.bad_session++;
		return DVR_LINK_RX_BAD_SESSION;
	}
	memcpy(rx->key, s + 15, 32);
	memcpy(rx->key_hash, kh, 32);
	memcpy(rx->session_hash, h, 32);
	rx->have_session = true;
	rx->live_ms = now;
	rx->ring_started = false;
	rx->alloc = 0;
	hist_reset(rx);
	rx->stats.sessions++;
	rx->stats.session_changes++;
	return DVR_LINK_RX_SESSION_NEW;
}

static int on_session(struct dvr_link_rx *rx, const uint8_t *p, size_t plen,
                      uint64_t now)
{
	if (plen < DVR_LINK_SESSION_HDR_LEN + DVR_LINK_SESSION_DATA_LEN +
	                   crypto_box_MACBYTES) {
		rx->stats.malformed++;
		return DVR_LINK_RX_MALFORMED;
	}
	uint8_t h[32];
	crypto_generichash(h, sizeof(h), p, plen, NULL, 0);
	/* The TX repeats the same sealed packet: no need to open it again. */
	if (rx->have_session && sodium_memcmp(h, rx->session_hash, 32) == 0) {
		rx->stats.sessions++;
		return DVR_LINK_RX_SESSION;
	}
	uint8_t *s = rx->plain;
	if (!rx->box_key_ok ||
	    crypto_box_open_easy_afternm(s, p + DVR_LINK_SESSION_HDR_LEN,
	                                 plen - DVR_LINK_SESSION_HDR_LEN, p + 1,
	                                 rx->box_key) != 0) {
		rx->stats.session_auth_failed++;
		return DVR_LINK_RX_AUTH_FAILED;
	}
	uint8_t kh[32];
	int resume;
	struct fresh_tags tags;
	session_tags(s, plen, &tags);
	const enum session_fate fate = judge_session(rx, s, &tags, kh, &resume);
	/* A peer's challenge is echoed from any session this side would keep
	 * or could adopt, proven or not: the peer's receivers may in turn wait
	 * for our echo before they adopt ours. */
	if (rx->fresh && tags.challenge && fate != FATE_STALE &&
	    fate != FATE_BAD && fate != FATE_SPENT)
		fresh_heard(rx->fresh, tags.challenge);
	int verdict;
	switch (fate) {
	case FATE_STALE:
		rx->stats.stale_epoch++;
		verdict = DVR_LINK_RX_STALE_EPOCH;
		break;
	case FATE_BAD:
		rx->stats.bad_session++;
		verdict = DVR_LINK_RX_BAD_SESSION;
		break;
	case FATE_SPENT:
		rx->stats.session_replayed++;
		verdict = DVR_LINK_RX_REPLAYED;
		break;
	case FATE_UNPROVEN:
		rx->stats.session_unproven++;
		verdict = DVR_LINK_RX_SESSION_UNPROVEN;
		break;
	case FATE_CURRENT:
		/* Same session, re-sealed: remember this form too. */
		memcpy(rx->session_hash, h, 32);
		rx->stats.sessions++;
		verdict = DVR_LINK_RX_SESSION;
		break;
	case FATE_OTHER:
		if (rx->adopted_any && !session_quiet(rx, now)) {
			rx->stats.session_deferred++;
			verdict = DVR_LINK_RX_SESSION_DEFERRED;
			break;
		}
		/* fall through */
	case FATE_SUCCESSOR:
	default:
		verdict = adopt_session(rx, s, &tags, h, kh, fate, resume, now);
		break;
	}
	sodium_memzero(s, DVR_LINK_SESSION_DATA_LEN);
	return verdict;
}

/*
 * Why a frame is not ours: another network, another WFB-NG link, or our
 * link on another radio port. The ids of the last one heard are kept so
 * a misconfigured receiver can be told which ones are on the air.
 */
static void count_other_channel(struct dvr_link_rx *rx, const uint8_t *frame,
                                size_t len)
{
	rx->stats.other_channel++;
	if (len < DVR_LINK_IEEE80211_HDR_LEN || !wire_is_wfb(frame)) {
		rx->stats.not_wfb++;
		return;
	}
	const uint32_t id = wire_channel_id(frame);
	if ((id >> 8) == (rx->channel_id >> 8)) {
		rx->stats.other_port++;
		rx->stats.other_port_id = (uint8_t)id;
	} else {
		rx->stats.other_link++;
		rx->stats.other_link_id = id >> 8;
	}
}

int dvr_link_rx_push(struct dvr_link_rx *rx, unsigned adapter, int rssi_dbm,
                     const uint8_t *frame, size_t len, uint64_t now_ms)
{
	const struct dvr_link_rx_heard h = { .rssi_dbm = rssi_dbm };
	return dvr_link_rx_push_heard(rx, adapter, &h, frame, len, now_ms);
}

int dvr_link_rx_packet_heard(const struct dvr_link_rx *rx,
                             struct dvr_link_rx_heard *out)
{
	if (!rx || !out)
		return DVR_E_INVALID;
	if (!rx->delivering)
		return DVR_E_STATE;
	*out = *rx->delivering;
	return DVR_OK;
}

int dvr_link_rx_push_heard(struct dvr_link_rx *rx, unsigned adapter,
                           const struct dvr_link_rx_heard *heard,
                           const uint8_t *frame, size_t len, uint64_t now_ms)
{
	if (!rx || !frame || adapter >= DVR_LINK_MAX_ADAPTERS)
		return DVR_E_INVALID;
	struct dvr_link_rx_heard h = { .rssi_dbm = DVR_LINK_RSSI_UNKNOWN };
	if (heard)
		h = *heard;
	h.adapter = (uint8_t)adapter;
	if (h.n_chains > DVR_MAX_RF_PATHS)
		h.n_chains = DVR_MAX_RF_PATHS;
	rx->stats.frames++;
	if (len < DVR_LINK_IEEE80211_HDR_LEN ||
	    !wire_is_channel(frame, rx->channel_id)) {
		count_other_channel(rx, frame, len);
		return DVR_LINK_RX_IGNORED;
	}
	rx->stats.link_frames++;
	rx->stats.air_bytes += len;
	const uint8_t *p = frame + DVR_LINK_IEEE80211_HDR_LEN;
	const size_t plen = len - DVR_LINK_IEEE80211_HDR_LEN;
	if (plen == 0 || plen > DVR_LINK_MAX_SESSION_PACKET) {
		rx->stats.malformed++;
		return DVR_LINK_RX_MALFORMED;
	}
	switch (p[0]) {
	case DVR_LINK_PACKET_DATA:
		return on_data(rx, &h, p, plen, now_ms);
	case DVR_LINK_PACKET_SESSION:
		return on_session(rx, p, plen, now_ms);
	default:
		rx->stats.malformed++;
		return DVR_LINK_RX_MALFORMED;
	}
}

/* Could the session packet @p p be kept or adopted, now or once the
 * current session falls silent? judge_session without its effects. */
static bool session_current(struct dvr_link_rx *rx, const uint8_t *p,
                            size_t plen)
{
	if (plen < DVR_LINK_SESSION_HDR_LEN + DVR_LINK_SESSION_DATA_LEN +
	                   crypto_box_MACBYTES || !rx->box_key_ok)
		return false;
	uint8_t *s = rx->probe;
	if (crypto_box_open_easy_afternm(s, p + DVR_LINK_SESSION_HDR_LEN,
	                                 plen - DVR_LINK_SESSION_HDR_LEN, p + 1,
	                                 rx->box_key) != 0)
		return false;
	uint8_t kh[32];
	int resume;
	struct fresh_tags tags;
	session_tags(s, plen, &tags);
	const enum session_fate fate = judge_session(rx, s, &tags, kh, &resume);
	sodium_memzero(s, DVR_LINK_SESSION_DATA_LEN);
	return fate == FATE_CURRENT || fate == FATE_SUCCESSOR ||
	       fate == FATE_OTHER;
}

bool dvr_link_rx_authentic(struct dvr_link_rx *rx, const uint8_t *frame,
                           size_t len)
{
	if (!rx || !frame || len <= DVR_LINK_IEEE80211_HDR_LEN ||
	    !wire_is_channel(frame, rx->channel_id))
		return false;
	const uint8_t *p = frame + DVR_LINK_IEEE80211_HDR_LEN;
	const size_t plen = len - DVR_LINK_IEEE80211_HDR_LEN;
	if (plen > DVR_LINK_MAX_SESSION_PACKET)
		return false;
	if (p[0] == DVR_LINK_PACKET_SESSION)
		return session_current(rx, p, plen);
	if (p[0] != DVR_LINK_PACKET_DATA || !rx->have_session ||
	    plen < DVR_LINK_BLOCK_HDR_LEN + DVR_LINK_TAG_LEN +
	                   DVR_LINK_PACKET_HDR_LEN ||
	    plen > DVR_LINK_BLOCK_HDR_LEN + DVR_LINK_TAG_LEN +
	                   DVR_LINK_MAX_FEC_PAYLOAD)
		return false;
	const uint64_t nonce = wire_get_be64(p + 1);
	if ((nonce & 0xff) >= rx->n || (nonce >> 8) > WIRE_MAX_BLOCK_IDX)
		return false;
	return dvr_aead_open(rx->aead, p + 1, p, DVR_LINK_BLOCK_HDR_LEN,
	                     p + DVR_LINK_BLOCK_HDR_LEN,
	                     plen - DVR_LINK_BLOCK_HDR_LEN, rx->probe) == DVR_OK;
}

/*
 * Does the window hold a packet back? Only then can giving up the front
 * block shorten anyone's wait: a front block whose every fragment so far
 * went out in order, with nothing after it, delays nothing, and giving it
 * up would only turn its fragments still on their way (a sender or
 * receiver thread descheduled for a while, a slow radio) into losses.
 */
static bool holds_back(const struct dvr_link_rx *rx)
{
	if (rx->alloc > 1)
		return true;
	const struct rx_block *b = &rx->blocks[rx->front % rx->ring_size];
	for (unsigned i = b->send_idx + 1; i < rx->k; i++)
		if (b->present[i])
			return true;
	return false;
}

int dvr_link_rx_poll(struct dvr_link_rx *rx, uint64_t now_ms)
{
	if (!rx)
		return DVR_E_INVALID;
	if (!rx->block_timeout_ms)
		return DVR_OK;
	/* A caller's clock read before a push on another thread can be
	 * behind the block's opening: that block is young, not expired. */
	while (rx->alloc && holds_back(rx)) {
		const uint64_t open = slot(rx, rx->front)->open_ms;
		if (now_ms < open || now_ms - open < rx->block_timeout_ms)
			break;
		finish_front(rx);
		advance(rx);
	}
	return DVR_OK;
}

int dvr_link_rx_flush(struct dvr_link_rx *rx)
{
	if (!rx)
		return DVR_E_INVALID;
	give_up_all(rx);
	return DVR_OK;
}

int dvr_link_rx_new(const struct dvr_link_rx_config *cfg,
                    const struct dvr_link_keys *keys, dvr_link_packet_cb cb,
                    void *user, struct dvr_link_rx **out)
{
	if (!out)
		return DVR_E_INVALID;
	*out = NULL;
	if (!cfg || !keys || !cb || cfg->link_id > 0xffffff ||
	    cfg->ring_blocks > RING_MAX)
		return DVR_E_INVALID;
	if (sodium_init() < 0)
		return DVR_E_IO;
	struct dvr_link_rx *rx = calloc(1, sizeof(*rx));
	if (!rx)
		return DVR_E_NO_MEM;
	rx->channel_id = dvr_link_channel_id(cfg->link_id, cfg->radio_port);
	rx->backend = cfg->fec_backend;
	rx->ring_size = cfg->ring_blocks ? cfg->ring_blocks : RING_DEFAULT;
	rx->hist_size = rx->ring_size + HIST_BEHIND;
	rx->hist = calloc(rx->hist_size, sizeof(*rx->hist));
	if (!rx->hist || dvr_aead_new(&rx->aead) != DVR_OK) {
		free(rx->hist);
		free(rx);
		return DVR_E_NO_MEM;
	}
	rx->min_epoch = cfg->min_epoch;
	rx->block_timeout_ms = cfg->block_timeout_ms;
	rx->takeover_ms = cfg->takeover_ms ? cfg->takeover_ms
	                                   : TAKEOVER_DEFAULT_MS;
	/* A low-order peer key gives no shared key (libsodium refuses it);
	 * then no session can ever open, as with crypto_box_open_easy. */
	rx->box_key_ok = crypto_box_beforenm(rx->box_key, keys->peer_public,
	                                     keys->secret) == 0;
	rx->cb = cb;
	rx->user = user;
	rx->fresh = cfg->fresh;
	hist_reset(rx);
	*out = rx;
	return DVR_OK;
}

void dvr_link_rx_free(struct dvr_link_rx *rx)
{
	if (!rx)
		return;
	ring_free(rx);
	free(rx->hist);
	dvr_aead_free(rx->aead);
	sodium_memzero(rx, sizeof(*rx));
	free(rx);
}

void dvr_link_rx_get_stats(const struct dvr_link_rx *rx,
                           struct dvr_link_rx_stats *out)
{
	*out = rx->stats;
}

uint64_t dvr_link_rx_lost(const struct dvr_link_rx *rx)
{
	return rx ? rx->stats.lost + rx->stats.lost_unknown : 0;
}

void dvr_link_rx_get_session(const struct dvr_link_rx *rx,
                             struct dvr_link_rx_session *out)
{
	memset(out, 0, sizeof(*out));
	if (!rx->have_session)
		return;
	out->valid = true;
	out->epoch = rx->epoch;
	out->fec_type = DVR_LINK_FEC_VDM_RS;
	out->k = (uint8_t)rx->k;
	out->n = (uint8_t)rx->n;
}

unsigned dvr_link_rx_take_worst_block(struct dvr_link_rx *rx)
{
	if (!rx)
		return 0;
	unsigned w = rx->worst_block_missing;
	rx->worst_block_missing = 0;
	return w;
}
