/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * WFB-NG transmitter: input packets become data fragments of FEC blocks,
 * each sealed with ChaCha20-Poly1305 and emitted at once (latency), parity
 * follows when a block closes. Session packets announce key, epoch and k/n.
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include <devourer/link.h>

#include "aead.h"
#include "fec.h"
#include "epoch_file.h"
#include "fresh.h"
#include "wire.h"

/* The wire's tag is the AEAD's. */
_Static_assert(DVR_AEAD_TAG_LEN == DVR_LINK_TAG_LEN, "tag length");

/*
 * Where fragments sit. A data row starts DATA_ROW_LEAD bytes into its
 * slot, so that the packet after the 3-byte fragment header, the bulk of
 * the copy into the row, is written in whole cache lines; parity rows
 * (written by the FEC in 64-byte stores) and the filler start on one.
 */
#define DATA_ROW_LEAD (64 - DVR_LINK_PACKET_HDR_LEN)
#define ROW_LINES_MIN ((DATA_ROW_LEAD + DVR_LINK_MAX_FEC_PAYLOAD + 63) / 64)
/*
 * Slots are ROW_LINES cache lines apart: 10 more than a multiple of 64,
 * the number of sets of a 32 KiB 8-way or 48 KiB 12-way L1 data cache.
 * Spaced by a multiple of 4 KiB, or one line short of it (as they were),
 * the first lines of every row of a block fall in the same few sets and
 * an 8/12 block of 1400-byte fragments evicted itself and the AEAD's
 * buffers on every block (about 34 more L1 misses per packet than the
 * seals alone, under cachegrind); 10 lines apart, rows of any length
 * spread over the sets nearly evenly for 6 to 24 rows.
 */
#define ROW_LINES (ROW_LINES_MIN + (10 + 64 - ROW_LINES_MIN % 64) % 64)
#define FRAG_STRIDE ((size_t)ROW_LINES * 64)
/* Least time between two announcements a changed echo brings forward. */
#define FRESH_PROMPT_MS 100
_Static_assert(DATA_ROW_LEAD + DVR_LINK_MAX_FEC_PAYLOAD <= ROW_LINES * 64,
               "a data row fits its slot");

struct dvr_link_tx {
	/* configuration */
	uint32_t channel_id;
	uint8_t frame_type;
	uint8_t backend;
	uint64_t epoch;            /* of the current session */
	bool epoch_fixed;
	uint32_t fec_timeout_ms;
	uint64_t (*clock_ms)(void *clock_user);
	void *clock_user;
	uint32_t session_interval_ms;
	size_t max_payload;
	uint8_t tlv[DVR_LINK_MAX_SESSION_TLV];
	size_t tlv_len;
	struct dvr_link_keys keys;
	/* crypto_box key of our secret and the peer's public key, derived
	 * once: sessions are re-sealed at every announcement when they carry
	 * the freshness tags. */
	uint8_t box_key[crypto_box_BEFORENMBYTES];
	/* Freshness over the uplink (NULL: no tags). fresh_gen is the echo
	 * generation last sealed; a change is announced once, no sooner
	 * than prompt_ms (a storm of challenges, replayed, costs one
	 * announcement per FRESH_PROMPT_MS). */
	struct dvr_link_fresh *fresh;
	unsigned fresh_gen;
	uint64_t prompt_ms;
	dvr_link_frame_cb cb;
	void *user;

	/* FEC block being filled */
	struct dvr_fec *fec;
	unsigned k, n;
	uint8_t *frag_mem;            /* n * FRAG_STRIDE */
	uint8_t **frag;               /* n pointers into frag_mem */
	uint16_t *frag_len;           /* plaintext length of data fragments */
	unsigned frag_idx;            /* next data fragment in the block */
	uint64_t block_idx;
	size_t block_max;             /* longest data fragment so far */
	/* When the open block took its first packet, moved later by every
	 * ms the link has since spent handing its own frames over (known
	 * with clock_ms): the FEC timeout bounds how long the application
	 * leaves a block open, and a sender blocked in a slow radio is not
	 * the application pausing. */
	uint64_t block_open_ms;

	/* session */
	uint8_t session_key[DVR_AEAD_KEY_LEN];
	struct dvr_aead *aead;        /* keyed with session_key */
	uint8_t session_pkt[DVR_LINK_MAX_SESSION_PACKET];
	size_t session_len;
	unsigned announce_pending;    /* copies still to send (burst) */
	bool clock_started;
	uint64_t next_session_ms;
	bool first_session_done;

	/* output: prefix right-aligned before out[DVR_LINK_MAX_PREFIX] */
	uint16_t seq;
	size_t prefix_len;
	uint8_t out[DVR_LINK_MAX_PREFIX + DVR_LINK_WIFI_MTU];

	struct dvr_link_tx_stats stats;

	/* DVR_LINK_FEC_FIT: packets wait in frag[0..frag_idx) until the
	 * block closes; frag[cap..cap+parity) take the parity, frag[cap+parity]
	 * is the one filler (all fillers are the same plaintext). */
	uint8_t policy;
	unsigned parity;              /* n - k: losses every block repairs */
	unsigned hold_cap;            /* most packets one block holds */
	uint8_t max_k_cfg;            /* fit_max_k as configured */
	struct dvr_fec **coders;      /* [k'] for (k', k' + parity), lazily */
	uint8_t **enc;                /* the data pointers of one encode */
};

static void free_block_buffers(struct dvr_link_tx *tx)
{
	dvr_fec_free(tx->fec);
	free(tx->frag_mem);
	free(tx->frag);
	free(tx->frag_len);
	tx->fec = NULL;
	tx->frag_mem = NULL;
	tx->frag = NULL;
	tx->frag_len = NULL;
}

/* Allocate coder and buffers for (k, n) into *tx only if all succeed. */
static int alloc_block_buffers(struct dvr_link_tx *tx, unsigned k, unsigned n)
{
	struct dvr_fec *fec = NULL;
	int rc = dvr_fec_new(k, n, tx->backend, &fec);
	if (rc != DVR_OK)
		return rc;
	uint8_t *mem = aligned_alloc(64, (size_t)n * FRAG_STRIDE);
	uint8_t **frag = calloc(n, sizeof(*frag));
	uint16_t *len = calloc(k, sizeof(*len));
	if (!mem || !frag || !len) {
		dvr_fec_free(fec);
		free(mem);
		free(frag);
		free(len);
		return DVR_E_NO_MEM;
	}
	free_block_buffers(tx);
	tx->fec = fec;
	tx->frag_mem = mem;
	tx->frag = frag;
	tx->frag_len = len;
	for (unsigned i = 0; i < n; i++)
		frag[i] = mem + (size_t)i * FRAG_STRIDE +
		          (i < k ? DATA_ROW_LEAD : 0);
	tx->k = k;
	tx->n = n;
	return DVR_OK;
}

/* Seal the session packet announcing the current key: the caller's TLVs,
 * then the freshness tags as they stand now (the echo and the block the
 * next data goes to). */
static void seal_session(struct dvr_link_tx *tx)
{
	uint8_t plain[DVR_LINK_SESSION_DATA_LEN + DVR_LINK_MAX_SESSION_TLV];
	wire_put_be64(plain, tx->epoch);
	wire_put_be32(plain + 8, tx->channel_id);
	plain[12] = DVR_LINK_FEC_VDM_RS;
	plain[13] = (uint8_t)tx->k;
	plain[14] = (uint8_t)tx->n;
	memcpy(plain + 15, tx->session_key, sizeof(tx->session_key));
	memcpy(plain + DVR_LINK_SESSION_DATA_LEN, tx->tlv, tx->tlv_len);
	size_t plain_len = DVR_LINK_SESSION_DATA_LEN + tx->tlv_len;
	if (tx->fresh) {
		tx->fresh_gen = fresh_generation(tx->fresh);
		plain_len += fresh_write_tags(tx->fresh, tx->block_idx,
		                              plain + plain_len);
	}

	uint8_t *p = tx->session_pkt;
	p[0] = DVR_LINK_PACKET_SESSION;
	randombytes_buf(p + 1, crypto_box_NONCEBYTES);
	/* Cannot fail: the key was derived and its length is in range. */
	crypto_box_easy_afternm(p + DVR_LINK_SESSION_HDR_LEN, plain, plain_len,
	                        p + 1, tx->box_key);
	sodium_memzero(plain, sizeof(plain));
	tx->session_len = DVR_LINK_SESSION_HDR_LEN + plain_len +
	                  crypto_box_MACBYTES;
}

/* Fresh session key and the sealed session packet announcing it. */
static int new_session(struct dvr_link_tx *tx)
{
	/* The epoch is the only order the session packet carries (wfb-ng
	 * wsession_data_t): a re-key announces a strictly higher one so a
	 * receiver can tell every earlier session of this run from it. */
	if (tx->first_session_done && !tx->epoch_fixed &&
	    tx->epoch < UINT64_MAX)
		tx->epoch++;
	randombytes_buf(tx->session_key, sizeof(tx->session_key));
	if (dvr_aead_set_key(tx->aead, tx->session_key) != DVR_OK)
		return DVR_E_IO;
	tx->block_idx = 0;
	seal_session(tx);
	tx->frag_idx = 0;
	tx->block_max = 0;
	/* n-k+1 copies so a lossy start still gets the key; wfb_tx does
	 * this after a FEC change (src/tx.cpp CMD_SET_FEC), one copy at its
	 * start-up. Receivers skip repeats by hash. */
	tx->announce_pending = tx->n - tx->k + 1;
	if (tx->first_session_done)
		tx->stats.rekeys++;
	tx->first_session_done = true;
	return DVR_OK;
}

/* Hand the frame in out[] (802.11 header + @p wfb_len bytes) to the caller. */
static void emit(struct dvr_link_tx *tx, size_t wfb_len)
{
	uint8_t *hdr = tx->out + DVR_LINK_MAX_PREFIX;
	wire_ieee80211_header(hdr, tx->frame_type, tx->channel_id, tx->seq++);
	size_t len = tx->prefix_len + DVR_LINK_IEEE80211_HDR_LEN + wfb_len;
	tx->stats.emit_bytes += len;
	if (tx->cb(tx->user, hdr - tx->prefix_len, len) < 0)
		tx->stats.emit_errors++;
}

static void emit_session(struct dvr_link_tx *tx)
{
	memcpy(tx->out + DVR_LINK_MAX_PREFIX + DVR_LINK_IEEE80211_HDR_LEN,
	       tx->session_pkt, tx->session_len);
	tx->stats.session_frames++;
	emit(tx, tx->session_len);
}

/* Seal fragment @p idx of the current block and emit it. */
static void emit_fragment(struct dvr_link_tx *tx, unsigned idx,
                          const uint8_t *plain, size_t len)
{
	uint8_t *b = tx->out + DVR_LINK_MAX_PREFIX + DVR_LINK_IEEE80211_HDR_LEN;
	b[0] = DVR_LINK_PACKET_DATA;
	wire_put_be64(b + 1, wire_data_nonce(tx->block_idx, (uint8_t)idx));
	/* The whole 9-byte block header is associated data; its nonce field
	 * is the 64-bit ChaCha20-Poly1305 nonce, bytes as on the wire. */
	if (dvr_aead_seal(tx->aead, b + 1, b, DVR_LINK_BLOCK_HDR_LEN, plain,
	                  len, b + DVR_LINK_BLOCK_HDR_LEN) != DVR_OK) {
		/* Nothing half-sealed goes on the air: the receiver sees a
		 * lost fragment, the sender counts it. */
		tx->stats.emit_errors++;
		return;
	}
	tx->stats.data_frames++;
	emit(tx, DVR_LINK_BLOCK_HDR_LEN + len + DVR_AEAD_TAG_LEN);
}

/*
 * Frames the link emits while a block is open (later packets' fragments,
 * announcements) take the sender's own time: bracket them so the block
 * does not age meanwhile. Returns the clock at the start, 0 when nothing
 * is measured (no clock, or no block open).
 */
static uint64_t own_time_begin(const struct dvr_link_tx *tx)
{
	if (!tx->clock_ms || !tx->frag_idx)
		return 0;
	const uint64_t t = tx->clock_ms(tx->clock_user);
	return t ? t : 1;
}

static void own_time_end(struct dvr_link_tx *tx, uint64_t t0)
{
	if (!t0 || !tx->frag_idx)
		return;   /* nothing measured, or the block closed meanwhile */
	const uint64_t t1 = tx->clock_ms(tx->clock_user);
	if (t1 > t0)
		tx->block_open_ms += t1 - t0;
}

/* Is the echo this transmitter announces out of date, and may it say so
 * now? */
static bool echo_due(const struct dvr_link_tx *tx, uint64_t now_ms)
{
	return tx->fresh && fresh_generation(tx->fresh) != tx->fresh_gen &&
	       now_ms >= tx->prompt_ms;
}

static void announce(struct dvr_link_tx *tx, uint64_t now_ms)
{
	if (!tx->clock_started) {
		tx->clock_started = true;
		tx->next_session_ms = now_ms;
	}
	const bool echo = echo_due(tx, now_ms);
	if (!tx->announce_pending && now_ms < tx->next_session_ms && !echo)
		return;
	const uint64_t t0 = own_time_begin(tx);
	/* The tags say what the side heard lately and where this session's
	 * data stands: each announcement is sealed anew. */
	if (tx->fresh)
		seal_session(tx);
	if (echo)
		tx->prompt_ms = now_ms + FRESH_PROMPT_MS;
	if (tx->announce_pending) {
		while (tx->announce_pending) {
			tx->announce_pending--;
			emit_session(tx);
		}
	} else {
		emit_session(tx);
	}
	tx->next_session_ms = now_ms + tx->session_interval_ms;
	own_time_end(tx, t0);
}

/* Put one fragment (flags, size, payload) into the block; close if full. */
static void add_fragment(struct dvr_link_tx *tx, uint8_t flags,
                         const uint8_t *data, size_t len);

static void close_block(struct dvr_link_tx *tx)
{
	const unsigned k = tx->k, n = tx->n;
	const size_t L = tx->block_max;
	/* Parity covers every data fragment zero-padded to the longest; only
	 * the bytes beyond each fragment need clearing. */
	for (unsigned i = 0; i < k; i++)
		if (tx->frag_len[i] < L)
			memset(tx->frag[i] + tx->frag_len[i], 0,
			       L - tx->frag_len[i]);
	if (n > k) {
		dvr_fec_encode(tx->fec, (const uint8_t *const *)tx->frag,
		               tx->frag + k, L);
		for (unsigned i = k; i < n; i++) {
			emit_fragment(tx, i, tx->frag[i], L);
			tx->stats.parity_frames++;
		}
	}
	tx->stats.blocks++;
	tx->block_idx++;
	tx->frag_idx = 0;
	tx->block_max = 0;
	if (tx->block_idx > WIRE_MAX_BLOCK_IDX) {
		/* The nonce space of this key is spent: never reuse a nonce. */
		if (new_session(tx) != DVR_OK)
			tx->stats.emit_errors++;
	}
}

static void add_fragment(struct dvr_link_tx *tx, uint8_t flags,
                         const uint8_t *data, size_t len)
{
	const unsigned idx = tx->frag_idx;
	uint8_t *f = tx->frag[idx];
	f[0] = flags;
	wire_put_be16(f + 1, (uint16_t)len);
	if (len)
		memcpy(f + DVR_LINK_PACKET_HDR_LEN, data, len);
	const size_t flen = DVR_LINK_PACKET_HDR_LEN + len;
	tx->frag_len[idx] = (uint16_t)flen;
	if (flen > tx->block_max)
		tx->block_max = flen;
	emit_fragment(tx, idx, f, flen);
	tx->frag_idx++;
	if (tx->frag_idx == tx->k)
		close_block(tx);
}

static void fill_and_close(struct dvr_link_tx *tx)
{
	while (tx->frag_idx != 0) {
		tx->stats.filler_frames++;
		add_fragment(tx, DVR_LINK_FLAG_FEC_ONLY, NULL, 0);
	}
}

/* ------------------------------------------------------------------ */
/* DVR_LINK_FEC_FIT: a closed block as one block of its own k           */
/* ------------------------------------------------------------------ */

/*
 * Why a new session: a wfb-ng receiver takes k and n only from the session
 * packet (wfb-ng src/rx.cpp Aggregator::process_packet re-creates its FEC
 * with the announced k/n when the key changes) and needs k fragments of a
 * block before it can repair one, so under one session a block of p < k
 * packets costs k + (n-k) frames whatever it carries: fillers and parity
 * are interchangeable for the decode, and fillers are the short ones. Only
 * a session whose k is p makes it p + (n-k). The re-key is announced
 * n-k+1 times, before the block, so any n-k losses among all these frames
 * still leave one announcement and k' fragments.
 */

static void fit_free_coders(struct dvr_link_tx *tx)
{
	if (!tx->coders)
		return;
	for (unsigned i = 0; i <= DVR_FEC_MAX_N; i++)
		dvr_fec_free(tx->coders[i]);
	free(tx->coders);
	tx->coders = NULL;
}

/* The coder of (k', k' + parity), made the first time it is needed. */
static struct dvr_fec *fit_coder(struct dvr_link_tx *tx, unsigned k)
{
	if (!tx->coders[k] &&
	    dvr_fec_new(k, k + tx->parity, tx->backend, &tx->coders[k]) !=
	            DVR_OK)
		tx->coders[k] = NULL;
	return tx->coders[k];
}

/* Buffers and coder table for @p parity losses per block, and the coder
 * of the first session (k, n); into *tx only if all succeed. */
static int fit_alloc(struct dvr_link_tx *tx, unsigned k, unsigned n)
{
	const unsigned parity = n - k;
	unsigned cap = tx->max_k_cfg ? tx->max_k_cfg : DVR_FEC_MAX_N - parity;
	if (cap > DVR_FEC_MAX_N - parity)
		cap = DVR_FEC_MAX_N - parity;
	const size_t nfrag = (size_t)cap + parity + 1;
	uint8_t *mem = aligned_alloc(64, nfrag * FRAG_STRIDE);
	uint8_t **frag = calloc(nfrag, sizeof(*frag));
	uint16_t *len = calloc(cap, sizeof(*len));
	uint8_t **enc = calloc(DVR_FEC_MAX_N, sizeof(*enc));
	struct dvr_fec **coders = calloc(DVR_FEC_MAX_N + 1, sizeof(*coders));
	struct dvr_fec *first = NULL;
	int rc = DVR_E_NO_MEM;
	if (mem && frag && len && enc && coders)
		rc = dvr_fec_new(k, n, tx->backend, &first);
	if (rc != DVR_OK) {
		free(mem);
		free(frag);
		free(len);
		free(enc);
		free(coders);
		return rc;
	}
	free_block_buffers(tx);
	fit_free_coders(tx);
	free(tx->enc);
	coders[k] = first;
	for (size_t i = 0; i < nfrag; i++)
		frag[i] = mem + i * FRAG_STRIDE + (i < cap ? DATA_ROW_LEAD : 0);
	/* The filler: flags FEC_ONLY, size 0, zeros up to any block length. */
	memset(frag[cap + parity], 0, FRAG_STRIDE);
	frag[cap + parity][0] = DVR_LINK_FLAG_FEC_ONLY;
	tx->frag_mem = mem;
	tx->frag = frag;
	tx->frag_len = len;
	tx->enc = enc;
	tx->coders = coders;
	tx->parity = parity;
	tx->hold_cap = cap;
	tx->k = k;
	tx->n = n;
	return DVR_OK;
}

/* Send the re-key announcements now, ahead of the block they are for. */
static void fit_announce_now(struct dvr_link_tx *tx, uint64_t now_ms)
{
	while (tx->announce_pending) {
		tx->announce_pending--;
		emit_session(tx);
	}
	tx->clock_started = true;
	tx->next_session_ms = now_ms + tx->session_interval_ms;
}

/* Emit held packets [base, base + q) as one block of the current session:
 * data, fillers up to k, then parity. */
static void fit_emit_block(struct dvr_link_tx *tx, struct dvr_fec *coder,
                           unsigned base, unsigned q, uint64_t now_ms)
{
	const unsigned k = tx->k, parity = tx->parity;
	uint8_t *filler = tx->frag[tx->hold_cap + parity];
	size_t L = q < k ? DVR_LINK_PACKET_HDR_LEN : 0;
	for (unsigned i = 0; i < q; i++)
		if (tx->frag_len[base + i] > L)
			L = tx->frag_len[base + i];
	for (unsigned i = 0; i < q; i++) {
		const unsigned h = base + i;
		emit_fragment(tx, i, tx->frag[h], tx->frag_len[h]);
		if (tx->frag_len[h] < L)
			memset(tx->frag[h] + tx->frag_len[h], 0,
			       L - tx->frag_len[h]);
		tx->enc[i] = tx->frag[h];
	}
	for (unsigned i = q; i < k; i++) {
		tx->stats.filler_frames++;
		emit_fragment(tx, i, filler, DVR_LINK_PACKET_HDR_LEN);
		tx->enc[i] = filler;
	}
	if (parity) {
		dvr_fec_encode(coder, (const uint8_t *const *)tx->enc,
		               tx->frag + tx->hold_cap, L);
		for (unsigned i = 0; i < parity; i++) {
			emit_fragment(tx, k + i, tx->frag[tx->hold_cap + i], L);
			tx->stats.parity_frames++;
		}
	}
	tx->stats.blocks++;
	tx->block_idx++;
	if (tx->block_idx > WIRE_MAX_BLOCK_IDX) {
		if (new_session(tx) != DVR_OK)
			tx->stats.emit_errors++;
		fit_announce_now(tx, now_ms);
	}
}

/*
 * Close the held block. Radio frames either way: the current session's
 * blocks cost ceil(p/k) * n (fillers in the last); a session of k' = p
 * costs its n-k+1 announcements + p + (n-k). Re-key only when that is
 * fewer.
 */
static void fit_close(struct dvr_link_tx *tx, uint64_t now_ms)
{
	const unsigned p = tx->frag_idx, t = tx->parity;
	if (!p)
		return;
	const unsigned blocks = (p + tx->k - 1) / tx->k;
	const unsigned keep = blocks * tx->n;
	const unsigned refit = (t + 1) + p + t;
	struct dvr_fec *coder = NULL;
	if (refit < keep && p != tx->k) {
		coder = fit_coder(tx, p);
		if (coder) {
			const unsigned k0 = tx->k, n0 = tx->n;
			tx->k = p;
			tx->n = p + t;
			if (new_session(tx) == DVR_OK) {
				fit_announce_now(tx, now_ms);
			} else {
				tx->k = k0;
				tx->n = n0;
				coder = NULL;
				tx->stats.emit_errors++;
			}
		}
	}
	if (!coder)
		coder = tx->coders[tx->k];
	for (unsigned base = 0; base < p; base += tx->k) {
		const unsigned q = p - base < tx->k ? p - base : tx->k;
		fit_emit_block(tx, coder, base, q, now_ms);
	}
	tx->frag_idx = 0;
	tx->block_max = 0;
}

/* Hold one packet; close the block when it holds hold_cap. */
static void fit_hold(struct dvr_link_tx *tx, const uint8_t *data, size_t len,
                     uint64_t now_ms)
{
	uint8_t *f = tx->frag[tx->frag_idx];
	f[0] = 0;
	wire_put_be16(f + 1, (uint16_t)len);
	if (len)
		memcpy(f + DVR_LINK_PACKET_HDR_LEN, data, len);
	tx->frag_len[tx->frag_idx] = (uint16_t)(DVR_LINK_PACKET_HDR_LEN + len);
	if (tx->frag_idx++ == 0) {
		/* As in dvr_link_tx_send: @p now_ms may be stale. */
		const uint64_t t = tx->clock_ms ? tx->clock_ms(tx->clock_user)
		                                : now_ms;
		tx->block_open_ms = t > now_ms ? t : now_ms;
	}
	if (tx->frag_idx == tx->hold_cap)
		fit_close(tx, now_ms);
}

int dvr_link_tx_new(const struct dvr_link_tx_config *cfg,
                    const struct dvr_link_keys *keys, dvr_link_frame_cb cb,
                    void *user, struct dvr_link_tx **out)
{
	if (!out)
		return DVR_E_INVALID;
	*out = NULL;
	if (!cfg || !keys || !cb || cfg->k < 1 || cfg->n < cfg->k ||
	    cfg->session_tlv_len > DVR_LINK_MAX_SESSION_TLV -
	                           (cfg->fresh ? FRESH_TAGS_MAX : 0) ||
	    (cfg->session_tlv_len && !cfg->session_tlv) ||
	    cfg->link_id > 0xffffff)
		return DVR_E_INVALID;
	if (sodium_init() < 0)
		return DVR_E_IO;
	struct dvr_link_tx *tx = calloc(1, sizeof(*tx));
	if (!tx)
		return DVR_E_NO_MEM;
	tx->channel_id = dvr_link_channel_id(cfg->link_id, cfg->radio_port);
	tx->frame_type = cfg->frame_type ? cfg->frame_type : 0x08;
	tx->backend = cfg->fec_backend;
	tx->epoch = cfg->epoch ? cfg->epoch : link_wall_clock_epoch();
	tx->epoch_fixed = cfg->epoch_fixed;
	tx->fec_timeout_ms = cfg->fec_timeout_ms;
	tx->clock_ms = cfg->clock_ms;
	tx->clock_user = cfg->clock_user;
	tx->session_interval_ms = cfg->session_interval_ms
	                                  ? cfg->session_interval_ms : 1000;
	tx->max_payload = (cfg->max_payload && cfg->max_payload <
	                   DVR_LINK_MAX_PAYLOAD) ? cfg->max_payload
	                                         : DVR_LINK_MAX_PAYLOAD;
	if (cfg->session_tlv_len)
		memcpy(tx->tlv, cfg->session_tlv, cfg->session_tlv_len);
	tx->tlv_len = cfg->session_tlv_len;
	tx->keys = *keys;
	/* An unusable (low-order) peer key cannot seal a session. */
	if (crypto_box_beforenm(tx->box_key, keys->peer_public,
	                        keys->secret) != 0) {
		sodium_memzero(tx, sizeof(*tx));
		free(tx);
		return DVR_E_INVALID;
	}
	tx->cb = cb;
	tx->user = user;
	tx->policy = cfg->fec_policy == DVR_LINK_FEC_FIT ? DVR_LINK_FEC_FIT
	                                                 : DVR_LINK_FEC_FIXED;
	tx->max_k_cfg = cfg->fit_max_k;
	int rc = dvr_aead_new(&tx->aead);
	if (rc == DVR_OK)
		rc = tx->policy == DVR_LINK_FEC_FIT
	                 ? fit_alloc(tx, cfg->k, cfg->n)
	                 : alloc_block_buffers(tx, cfg->k, cfg->n);
	if (rc == DVR_OK && cfg->fresh) {
		tx->fresh = cfg->fresh;
		fresh_attach(tx->fresh);
	}
	if (rc == DVR_OK)
		rc = new_session(tx);
	if (rc != DVR_OK) {
		dvr_link_tx_free(tx);
		return rc;
	}
	*out = tx;
	return DVR_OK;
}

void dvr_link_tx_free(struct dvr_link_tx *tx)
{
	if (!tx)
		return;
	if (tx->fresh)
		fresh_detach(tx->fresh);
	free_block_buffers(tx);
	dvr_aead_free(tx->aead);
	fit_free_coders(tx);
	free(tx->enc);
	sodium_memzero(tx, sizeof(*tx));
	free(tx);
}

int dvr_link_tx_set_prefix(struct dvr_link_tx *tx, const uint8_t *prefix,
                           size_t len)
{
	if (!tx || (len && !prefix))
		return DVR_E_INVALID;
	if (len > DVR_LINK_MAX_PREFIX)
		return DVR_E_OVERFLOW;
	memcpy(tx->out + DVR_LINK_MAX_PREFIX - len, prefix, len);
	tx->prefix_len = len;
	return DVR_OK;
}

int dvr_link_tx_send(struct dvr_link_tx *tx, const uint8_t *data,
                     size_t len, uint64_t now_ms)
{
	if (!tx || (len && !data))
		return DVR_E_INVALID;
	if (len > tx->max_payload) {
		tx->stats.oversize++;
		return DVR_E_OVERFLOW;
	}
	announce(tx, now_ms);
	tx->stats.packets++;
	tx->stats.bytes += len;
	if (tx->policy == DVR_LINK_FEC_FIT) {
		fit_hold(tx, data, len, now_ms);
	} else if (tx->frag_idx == 0) {
		/* A block opens: its age starts once this packet's frame is
		 * out, read from the clock because @p now_ms may be stale by
		 * the time the caller waited for this object. */
		add_fragment(tx, 0, data, len);
		if (tx->frag_idx) {
			uint64_t t = tx->clock_ms ? tx->clock_ms(tx->clock_user)
			                          : now_ms;
			tx->block_open_ms = t > now_ms ? t : now_ms;
		}
	} else {
		const uint64_t t0 = own_time_begin(tx);
		add_fragment(tx, 0, data, len);
		own_time_end(tx, t0);
	}
	return DVR_OK;
}

int dvr_link_tx_flush(struct dvr_link_tx *tx, uint64_t now_ms)
{
	if (!tx)
		return DVR_E_INVALID;
	announce(tx, now_ms);
	if (tx->frag_idx) {
		tx->stats.flushes++;
		if (tx->policy == DVR_LINK_FEC_FIT)
			fit_close(tx, now_ms);
		else
			fill_and_close(tx);
	}
	return DVR_OK;
}

/* Has the open block been open fec_timeout_ms of the application's
 * time? A @p now_ms behind its opening (a caller's clock read before it
 * waited for this object) means it has just opened, not that the clock
 * wrapped. */
static bool block_timed_out(const struct dvr_link_tx *tx, uint64_t now_ms)
{
	return tx->frag_idx && tx->fec_timeout_ms &&
	       now_ms >= tx->block_open_ms &&
	       now_ms - tx->block_open_ms >= tx->fec_timeout_ms;
}

int dvr_link_tx_poll(struct dvr_link_tx *tx, uint64_t now_ms)
{
	if (!tx)
		return DVR_E_INVALID;
	announce(tx, now_ms);
	if (block_timed_out(tx, now_ms)) {
		tx->stats.timeouts++;
		if (tx->policy == DVR_LINK_FEC_FIT)
			fit_close(tx, now_ms);
		else
			fill_and_close(tx);
	}
	return DVR_OK;
}

uint64_t dvr_link_tx_next_deadline(const struct dvr_link_tx *tx)
{
	if (!tx->clock_started || tx->announce_pending)
		return 0;
	uint64_t t = tx->next_session_ms;
	if (tx->fresh && fresh_generation(tx->fresh) != tx->fresh_gen &&
	    tx->prompt_ms < t)
		t = tx->prompt_ms;
	if (tx->frag_idx && tx->fec_timeout_ms) {
		uint64_t c = tx->block_open_ms + tx->fec_timeout_ms;
		if (c < tx->block_open_ms)
			c = UINT64_MAX;   /* a clock this close to its end */
		if (c < t)
			t = c;
	}
	return t;
}

int dvr_link_tx_set_fec(struct dvr_link_tx *tx, unsigned k, unsigned n,
                        uint64_t now_ms)
{
	if (!tx || k < 1 || n < k || n > DVR_FEC_MAX_N)
		return DVR_E_INVALID;
	dvr_link_tx_flush(tx, now_ms);
	if (tx->policy == DVR_LINK_FEC_FIT) {
		int rc = fit_alloc(tx, k, n);
		if (rc != DVR_OK)
			return rc;
	} else if (k != tx->k || n != tx->n) {
		int rc = alloc_block_buffers(tx, k, n);
		if (rc != DVR_OK)
			return rc;
	}
	int rc = new_session(tx);
	if (rc != DVR_OK)
		return rc;
	announce(tx, now_ms);
	return DVR_OK;
}

void dvr_link_tx_get_stats(const struct dvr_link_tx *tx,
                           struct dvr_link_tx_stats *out)
{
	*out = tx->stats;
	out->epoch = tx->epoch;
}
