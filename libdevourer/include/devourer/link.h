/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourer link layer: the WFB-NG radio protocol (wire-compatible with
 * svpcom/wfb-ng, see its doc/wfb-ng-std-draft.md) in plain C.
 *
 *   TX: packets in -> FEC blocks of k data + (n-k) parity fragments ->
 *       ChaCha20-Poly1305 under a session key -> 802.11 frames out, plus
 *       session packets (crypto_box) announcing key, epoch and k/n.
 *   RX: 802.11 frames in (from one or several adapters) -> authenticate,
 *       de-duplicate, reorder, FEC-recover -> packets out, in order.
 *
 * Nothing here talks to hardware or starts threads: the caller hands frames
 * to the driver (dvr_send) and feeds received ones in (dvr_rx_frame), and
 * drives time with millisecond timestamps of its own monotonic clock.
 *
 * Threading: a TX or RX object is used by one thread at a time (no internal
 * locking); different objects are independent. Key functions are
 * thread-safe. Callbacks run synchronously inside the call that caused them
 * and must not call back into the same object (dvr_link_rx_lost() is the
 * one exception).
 *
 * Errors: functions return enum dvr_status values (DVR_OK = 0, negative on
 * error) from <devourer/devourer.h>. Dropped input is never silent: it is
 * counted in the stats structures below.
 *
 * Allocation: only the constructors, dvr_link_tx_set_fec(), an RX
 * session change that alters k/n and, under DVR_LINK_FEC_FIT, the first
 * block of each k' (its coder, kept) allocate; per-packet paths never do.
 */
#ifndef DEVOURER_LINK_H
#define DEVOURER_LINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <devourer/devourer.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Wire constants (bytes), as WFB-NG defines them                       */
/* ------------------------------------------------------------------ */

/** Largest WFB-NG frame: 802.11 header + WFB payload (no radiotap, no FCS). */
#define DVR_LINK_WIFI_MTU 4045
#define DVR_LINK_IEEE80211_HDR_LEN 24
/** Data packet header: type (1) + big-endian nonce (8). */
#define DVR_LINK_BLOCK_HDR_LEN 9
/** Inner header of each data fragment: flags (1) + big-endian size (2). */
#define DVR_LINK_PACKET_HDR_LEN 3
/** ChaCha20-Poly1305 tag. */
#define DVR_LINK_TAG_LEN 16
/** Session header: type (1) + crypto_box nonce (24). */
#define DVR_LINK_SESSION_HDR_LEN 25
/** Session data without TLVs: epoch 8, channel 4, fec type/k/n 3, key 32. */
#define DVR_LINK_SESSION_DATA_LEN 47
/** Largest input packet a data fragment can carry (3993). */
#define DVR_LINK_MAX_PAYLOAD                                                 \
	(DVR_LINK_WIFI_MTU - DVR_LINK_IEEE80211_HDR_LEN -                    \
	 DVR_LINK_BLOCK_HDR_LEN - DVR_LINK_TAG_LEN - DVR_LINK_PACKET_HDR_LEN)
/** Largest plaintext fragment (header + payload) (3996). */
#define DVR_LINK_MAX_FEC_PAYLOAD (DVR_LINK_MAX_PAYLOAD + DVR_LINK_PACKET_HDR_LEN)
/** Largest session packet after the 802.11 header (4021). */
#define DVR_LINK_MAX_SESSION_PACKET                                          \
	(DVR_LINK_WIFI_MTU - DVR_LINK_IEEE80211_HDR_LEN)
/** Room for TLVs in a session packet. */
#define DVR_LINK_MAX_SESSION_TLV                                             \
	(DVR_LINK_MAX_SESSION_PACKET - DVR_LINK_SESSION_HDR_LEN -            \
	 DVR_LINK_SESSION_DATA_LEN - 16)
/** Largest radiotap (or other) prefix dvr_link_tx_set_prefix() accepts. */
#define DVR_LINK_MAX_PREFIX 256

/** Packet types (first WFB byte after the 802.11 header). */
#define DVR_LINK_PACKET_DATA 0x1
#define DVR_LINK_PACKET_SESSION 0x2
/** FEC type in session packets: Reed-Solomon on a Vandermonde matrix. */
#define DVR_LINK_FEC_VDM_RS 0x1
/** Fragment flag: empty filler closing a partial FEC block. */
#define DVR_LINK_FLAG_FEC_ONLY 0x1

/** Channel id carried in the MAC addresses: (link_id << 8) | radio_port. */
static inline uint32_t dvr_link_channel_id(uint32_t link_id, uint8_t port)
{
	return ((link_id & 0xffffffu) << 8) | port;
}

/* ------------------------------------------------------------------ */
/* Keys                                                                */
/* ------------------------------------------------------------------ */

/**
 * One side's key material, as in a wfb_keygen file: this side's X25519
 * secret key followed by the peer's public key (64 bytes on disk).
 * drone.key = drone secret + ground public; gs.key = ground secret + drone
 * public. The TX uses the drone (or uplink sender's) file, the RX the other.
 */
struct dvr_link_keys {
	uint8_t secret[32];
	uint8_t peer_public[32];
};

#define DVR_LINK_KEY_FILE_LEN 64

/**
 * Load a key file. Returns DVR_OK; DVR_E_NOT_FOUND (no such file),
 * DVR_E_ACCESS (permission), DVR_E_UNSUPPORTED (not a regular file: a
 * FIFO or device is refused at once, never waited on), DVR_E_INVALID
 * (not exactly 64 bytes), DVR_E_IO (other read error). @p out is cleared
 * on error.
 */
DVR_API int dvr_link_keys_load(const char *path, struct dvr_link_keys *out);

/**
 * Can @p keys seal or open a session? DVR_E_INVALID for an all-zero
 * secret or peer key (a blank or wiped file) or a peer key libsodium
 * refuses (low order): with those no session is ever made. DVR_OK else.
 */
DVR_API int dvr_link_keys_usable(const struct dvr_link_keys *keys);

/** Parse 64 key-file bytes. DVR_E_INVALID unless @p len == 64. */
DVR_API int dvr_link_keys_from_bytes(const uint8_t *buf, size_t len,
                             struct dvr_link_keys *out);

/**
 * Write a key file (mode 0600, replaced atomically via a temporary file).
 * Returns DVR_OK, DVR_E_ACCESS or DVR_E_IO.
 */
DVR_API int dvr_link_keys_save(const char *path, const struct dvr_link_keys *keys);

/**
 * A fresh random drone/ground key pair (the files wfb_keygen writes without
 * a password). Returns DVR_OK or DVR_E_IO if libsodium cannot initialise.
 */
DVR_API int dvr_link_keygen_random(struct dvr_link_keys *drone,
                           struct dvr_link_keys *gs);

/**
 * Key pairs derived from a password as the WFB-NG draft specifies:
 * argon2i13 (interactive limits, salt "wifibroadcastkey") -> 64-byte seed;
 * drone pair from its first 32 bytes, ground pair from the last 32.
 * Needs ~64 MiB of memory for a fraction of a second. Returns DVR_OK,
 * DVR_E_INVALID (NULL password), DVR_E_NO_MEM (argon2 failed).
 */
DVR_API int dvr_link_keygen_password(const char *password,
                             struct dvr_link_keys *drone,
                             struct dvr_link_keys *gs);

/* ------------------------------------------------------------------ */
/* Freshness over the uplink                                           */
/* ------------------------------------------------------------------ */

/*
 * A session packet says nothing about when it was made: a recording of an
 * earlier run looks like a live sender. Where the link has an uplink (the
 * receiving side also transmits on the same link id, as a ground station
 * sending telemetry up does), a receiver can ask the live sender to prove
 * itself: the ground's transmitters carry a random challenge in their
 * session packets, the drone's receivers hear it, and the drone's
 * transmitters echo it in theirs. Only a sender that heard the challenge
 * can seal a session that echoes it, so a session echoing this receiver's
 * challenge was made after the receiver started listening.
 *
 * Both live in optional session TLVs (wfb-ng's tags, which its receivers
 * skip), inside the crypto_box, so nobody without the key can forge or
 * strip them:
 *   DVR_LINK_TAG_CHALLENGE: 16 random bytes, this side's challenge.
 *   DVR_LINK_TAG_ECHO: the sender's next block index (be64) when the
 *   packet was sealed, then the challenges it echoes, 16 bytes each (its
 *   own side's first, then those its receivers heard, most recent first).
 * A devourer transmitter with a dvr_link_fresh always carries both (the
 * echo empty of peers' challenges until it hears one), so its recordings
 * stay recognisable as such.
 *
 * One dvr_link_fresh object serves every transmitter and receiver of one
 * link id in a process (a ground's video receiver and its telemetry
 * uplink); it is thread-safe. A receiver given one:
 *   - takes the challenge of every authentic session packet it would keep
 *     or adopt into the echo its side's transmitters send;
 *   - once a transmitter carries the object's challenge (the link has an
 *     uplink), adopts a new key (its first session, another run's, or a
 *     re-key) from a sender that echoes challenges only if the echo holds
 *     this object's challenge; otherwise it counts it in session_unproven
 *     and waits (a live sender keeps echoing a challenge once heard, so
 *     its re-keys pass). A sender without the echo tag (wfb-ng's wfb_tx,
 *     or a devourer sink without one) keeps the one-way rules
 *     (takeover_ms);
 *   - on adopting a session that carries the echo tag, refuses its blocks
 *     below the block index it states (sent before that packet was
 *     sealed: a recording made before the adoption).
 */
#define DVR_LINK_TAG_CHALLENGE 0xf0
#define DVR_LINK_TAG_ECHO 0xf1
#define DVR_LINK_CHALLENGE_LEN 16
/** Peers' challenges one side echoes at most (the most recently heard). */
#define DVR_LINK_ECHO_HEARD_MAX 4

struct dvr_link_fresh;

/** Called when the echo a side's transmitters send changed (a challenge
 *  heard for the first time): they re-announce their session soon after
 *  their next send or poll. Runs on the thread of the dvr_link_rx_push()
 *  that heard it, outside the object's lock. */
typedef void (*dvr_link_fresh_cb)(void *user);

/**
 * New freshness object with a random challenge. Returns DVR_OK,
 * DVR_E_INVALID (NULL @p out), DVR_E_NO_MEM, DVR_E_IO (libsodium).
 */
DVR_API int dvr_link_fresh_new(struct dvr_link_fresh **out);

/** Free it (NULL is fine), after every transmitter and receiver that uses
 *  it has been freed. */
DVR_API void dvr_link_fresh_free(struct dvr_link_fresh *f);

/** Set (or clear, @p cb NULL) the echo-changed callback. */
DVR_API void dvr_link_fresh_set_notify(struct dvr_link_fresh *f,
                                       dvr_link_fresh_cb cb, void *user);

struct dvr_link_fresh_info {
	bool uplink;               /**< a transmitter carries the challenge:
	                                receivers demand the echo */
	unsigned carriers;         /**< transmitters carrying it */
	unsigned heard;            /**< peers' challenges echoed now */
	uint64_t heard_total;      /**< distinct peers' challenges ever heard */
};

DVR_API void dvr_link_fresh_get_info(struct dvr_link_fresh *f,
                                     struct dvr_link_fresh_info *out);

/* ------------------------------------------------------------------ */
/* FEC backend choice                                                  */
/* ------------------------------------------------------------------ */

enum dvr_fec_backend {
	DVR_FEC_AUTO = 0,     /**< GFNI if the CPU has it, else ISA-L where it
	                           has SIMD (x86-64, AArch64), else NEON
	                           (32-bit ARM with NEON), else portable */
	DVR_FEC_ISAL = 1,     /**< Intel ISA-L ec_encode_data */
	DVR_FEC_PORTABLE = 2, /**< table-driven C, any target */
	DVR_FEC_GFNI = 3,     /**< AVX-512 + GFNI affine kernel (x86-64 only;
	                           DVR_E_UNSUPPORTED elsewhere) */
	DVR_FEC_NEON = 4,     /**< ARM NEON nibble-table kernel (ARMv7 with
	                           NEON, AArch64; DVR_E_UNSUPPORTED elsewhere) */
};

/* ------------------------------------------------------------------ */
/* Transmitter                                                         */
/* ------------------------------------------------------------------ */

/**
 * Receives every frame the link produces: @p frame is the prefix (radiotap,
 * see dvr_link_tx_set_prefix) + 802.11 header + WFB payload, @p len bytes,
 * valid only during the call. Return 0, or a negative value to have the
 * frame counted in dvr_link_tx_stats.emit_errors (the link carries on).
 */
typedef int (*dvr_link_frame_cb)(void *user, const uint8_t *frame,
                                 size_t len);

/**
 * How a block closed before it is full (dvr_link_tx_flush() at the end
 * of a video frame, or the FEC timeout) is sent. Both keep the guarantee
 * of the configured k/n: any n-k of a closed block's radio frames may be
 * lost. Both are what a stock wfb-ng receiver decodes.
 */
enum dvr_link_fec_policy {
	/** Every block is k/n: data fragments leave at once, a closed block
	 *  is padded with FEC_ONLY fillers to k and its n-k parity follows
	 *  (what wfb_tx does). */
	DVR_LINK_FEC_FIXED = 0,
	/** Hold the packets of the open block until it closes (flush,
	 *  timeout, or fit_max_k packets), then send them as one block of
	 *  k' = their count and n' = k' + (n-k), under a new session
	 *  announced first in n-k+1 copies, whenever that burst and the new
	 *  block take fewer radio frames than the current session's blocks
	 *  and fillers would; else as the current session's blocks. Delays
	 *  each packet until its block closes, and needs the receiver to
	 *  adopt a new session between video frames (wfb_rx does, see
	 *  bench/README.md "airtime"). */
	DVR_LINK_FEC_FIT = 1,
};

struct dvr_link_tx_config {
	uint32_t link_id;          /**< 24 bits */
	uint8_t radio_port;        /**< stream 0..255 (0 = video) */
	uint8_t k, n;              /**< FEC: 1 <= k <= n <= 255 (e.g. 8, 12) */
	uint64_t epoch;            /**< epoch of the first session; 0 = the
	                                wall clock at dvr_link_tx_new in UTC
	                                microseconds (a camera without a
	                                real-time clock restarts it near the
	                                same value: keep the epoch across
	                                runs, dvr_link_epoch_reserve()).
	                                Every re-key (FEC change, spent nonce
	                                space) adds one, so the receiver tells
	                                this run's re-keys (adopted at once)
	                                from its recordings (refused). An
	                                explicit value should exceed the last
	                                run's epoch plus its re-keys (wfb-ng:
	                                -e); a lower one is adopted only once
	                                the old run fell silent */
	bool epoch_fixed;          /**< announce @c epoch in every session, as
	                                wfb_tx does: re-keys then keep the
	                                epoch, which wfb-ng's receivers accept
	                                but which orders them only by the
	                                receiver's memory of retired keys */
	uint32_t fec_timeout_ms;   /**< close a partial block this long after
	                                its first packet (0 = only on flush),
	                                not counting the time the link spent
	                                handing its own frames over (needs
	                                clock_ms), all fillers at once
	                                (wfb_tx -T sends one filler per
	                                timeout instead; both are valid on
	                                the wire) */
	uint32_t session_interval_ms; /**< re-announce period (0 = 1000) */
	uint16_t max_payload;      /**< largest input packet (0 or above
	                                DVR_LINK_MAX_PAYLOAD = the maximum) */
	uint8_t frame_type;        /**< 802.11 frame control byte 0: 0 = data
	                                (0x08); 0xb4 = RTS as wfb-ng's -f rts */
	uint8_t fec_backend;       /**< enum dvr_fec_backend */
	const uint8_t *session_tlv;/**< optional TLV bytes (id, be16 len,
	                                value)... appended to session data */
	size_t session_tlv_len;    /**< <= DVR_LINK_MAX_SESSION_TLV */
	/** Optional: the clock the caller's now_ms values come from. The
	 *  link reads it around the frames it emits while a block is open
	 *  and when a block opens, so time the frame callback spent blocked
	 *  (a full TX queue at a slow rate) or the caller spent waiting for
	 *  this object never ages a block: a slow radio alone never closes
	 *  one with fillers. NULL: blocks age by the now_ms of the calls. */
	uint64_t (*clock_ms)(void *clock_user);
	void *clock_user;          /**< passed to clock_ms */
	uint8_t fec_policy;        /**< enum dvr_link_fec_policy (0 = fixed) */
	uint8_t fit_max_k;         /**< DVR_LINK_FEC_FIT: most packets one
	                                block holds (0, or above 255-(n-k):
	                                255-(n-k)); a longer video frame
	                                takes several blocks */
	struct dvr_link_fresh *fresh; /**< optional ("Freshness over the
	                                uplink"): carry its challenge and echo
	                                in every session packet, re-sealed at
	                                each announcement, and re-announce
	                                soon after the echo changes. It must
	                                outlive the transmitter */
};

struct dvr_link_tx_stats {
	uint64_t packets;          /**< input packets accepted */
	uint64_t bytes;            /**< input bytes accepted */
	uint64_t oversize;         /**< input packets refused: too large */
	uint64_t data_frames;      /**< data fragments emitted (incl. parity) */
	uint64_t parity_frames;    /**< of which parity */
	uint64_t filler_frames;    /**< FEC_ONLY fragments closing blocks */
	uint64_t session_frames;   /**< session announcements emitted */
	uint64_t blocks;           /**< FEC blocks completed */
	uint64_t timeouts;         /**< blocks closed by fec_timeout_ms */
	uint64_t flushes;          /**< blocks closed by dvr_link_tx_flush */
	uint64_t emit_errors;      /**< frames the callback refused */
	uint64_t emit_bytes;       /**< bytes of all frames emitted */
	uint64_t rekeys;           /**< new session keys after the first */
	uint64_t epoch;            /**< epoch the current session announces */
};

struct dvr_link_tx;

/**
 * New transmitter. @p keys: this side's secret + the receiver's public key
 * (drone.key for the down link). The first call of send/flush/poll
 * announces the session in n-k+1 copies (wfb_tx sends one copy at start
 * and n-k+1 after a FEC change; receivers ignore repeats). Returns DVR_OK,
 * DVR_E_INVALID (bad k/n, NULL arguments, TLVs too long), DVR_E_NO_MEM,
 * DVR_E_IO (libsodium failed to initialise).
 */
DVR_API int dvr_link_tx_new(const struct dvr_link_tx_config *cfg,
                    const struct dvr_link_keys *keys, dvr_link_frame_cb cb,
                    void *user, struct dvr_link_tx **out);

/** Free a transmitter (NULL is fine). A partial block is discarded: call
 *  dvr_link_tx_flush() first to send it. */
DVR_API void dvr_link_tx_free(struct dvr_link_tx *tx);

/**
 * Bytes put in front of every emitted frame, typically a radiotap TX header
 * from dvr_radiotap_build_tx(). @p len <= DVR_LINK_MAX_PREFIX (else
 * DVR_E_OVERFLOW); @p len 0 removes it. Copied.
 */
DVR_API int dvr_link_tx_set_prefix(struct dvr_link_tx *tx, const uint8_t *prefix,
                           size_t len);

/**
 * Prefix every frame with a radiotap TX header describing @p params (rate,
 * bandwidth, GI, LDPC, STBC, NOACK, power), built by dvr_radiotap_build_tx.
 * Returns DVR_OK or DVR_E_INVALID (rate radiotap cannot express). Part of
 * the full libdevourer only (not of the link layer built on its own).
 */
DVR_API int dvr_link_tx_set_radiotap(struct dvr_link_tx *tx,
                             const struct dvr_tx_params *params);

/**
 * Queue one input packet (0..max_payload bytes). Its data fragment is
 * emitted at once (DVR_LINK_FEC_FIT: held until its block closes); when
 * it completes a block the n-k parity fragments follow. @p now_ms: caller's monotonic clock. Returns DVR_OK,
 * DVR_E_OVERFLOW (too large: dropped and counted in stats.oversize),
 * DVR_E_INVALID (NULL data with len > 0).
 */
DVR_API int dvr_link_tx_send(struct dvr_link_tx *tx, const uint8_t *data,
                     size_t len, uint64_t now_ms);

/**
 * Close the open block now (e.g. at the end of a video frame): pad it with
 * FEC_ONLY fillers to k fragments and emit its parity, so the receiver can
 * deliver/recover without waiting for more input (DVR_LINK_FEC_FIT: emit
 * the held packets as its policy says). No-op when no block is open.
 * Returns DVR_OK.
 */
DVR_API int dvr_link_tx_flush(struct dvr_link_tx *tx, uint64_t now_ms);

/**
 * Timekeeping: closes a block older than fec_timeout_ms and re-announces
 * the session when due. A @p now_ms earlier than the block's opening
 * (read on another thread before it waited for this object) closes
 * nothing. Call at least every few ms while idle (see
 * dvr_link_tx_next_deadline). Returns DVR_OK.
 */
DVR_API int dvr_link_tx_poll(struct dvr_link_tx *tx, uint64_t now_ms);

/** The earliest now_ms at which dvr_link_tx_poll() has work to do. */
DVR_API uint64_t dvr_link_tx_next_deadline(const struct dvr_link_tx *tx);

/**
 * Change FEC parameters: flushes the open block, starts a new session
 * (fresh key, block index 0) and announces it. With the same k/n this just
 * rekeys. Under DVR_LINK_FEC_FIT, n-k becomes the parity of every block. Returns DVR_OK, DVR_E_INVALID, DVR_E_NO_MEM (old settings kept).
 */
DVR_API int dvr_link_tx_set_fec(struct dvr_link_tx *tx, unsigned k, unsigned n,
                        uint64_t now_ms);

DVR_API void dvr_link_tx_get_stats(const struct dvr_link_tx *tx,
                           struct dvr_link_tx_stats *out);

/**
 * An epoch for a new run that is above every epoch the runs before it
 * could announce, kept in the file @p path (one decimal number) for
 * senders without a real-time clock. The run starts at the larger of
 * @p floor (0 = the wall clock in UTC microseconds) and the stored value,
 * and the file is atomically rewritten (write, fsync, rename) to that
 * plus 2^32 before this returns: room for the run's re-keys, one epoch
 * each, while the next run's start stays within the receivers' run span
 * (adopted at once). A missing file counts as 0. Returns DVR_OK and
 * *epoch (pass it as dvr_link_tx_config.epoch), DVR_E_INVALID (not a
 * regular file, or not one number: it is never silently reset),
 * DVR_E_IO (cannot read or write it), DVR_E_OVERFLOW.
 */
DVR_API int dvr_link_epoch_reserve(const char *path, uint64_t floor,
                                   uint64_t *epoch);

/* ------------------------------------------------------------------ */
/* Receiver                                                            */
/* ------------------------------------------------------------------ */

/** Receives each delivered packet, in order; @p data valid during the call. */
typedef void (*dvr_link_packet_cb)(void *user, const uint8_t *data,
                                   size_t len);

#define DVR_LINK_MAX_ADAPTERS 8
/** rssi_dbm value meaning "unknown": not counted in RSSI stats. */
#define DVR_LINK_RSSI_UNKNOWN 127

struct dvr_link_rx_config {
	uint32_t link_id;          /**< 24 bits, must match the TX */
	uint8_t radio_port;
	uint8_t fec_backend;       /**< enum dvr_fec_backend */
	uint16_t ring_blocks;      /**< reorder window in FEC blocks (0 = 40,
	                                wfb-ng's size; at most 1024). The
	                                memory of fragments heard (duplicate
	                                vs late vs replayed) covers the window
	                                plus 256 blocks behind it */
	uint64_t min_epoch;        /**< drop sessions with a lower epoch (a
	                                fixed floor, 0 = none) */
	uint32_t block_timeout_ms; /**< give up the oldest incomplete block
	                                this long after it opened, once it
	                                holds a packet back (a fragment after
	                                a gap, or a later block); one that
	                                delayed nothing stays open for its
	                                late fragments (0 = only when later
	                                blocks complete or the window
	                                overflows) */
	uint32_t takeover_ms;      /**< a session of another run (a sender
	                                restarted at any epoch, or a
	                                recording) is adopted only after the
	                                current session has delivered no new
	                                fragment for this long (0 = 1000;
	                                UINT32_MAX = never: wfb-ng's strict
	                                epoch order). A re-key of the current
	                                run (an epoch up to 2^32 above it, or
	                                the same epoch with a key never
	                                followed) is adopted at once */
	struct dvr_link_fresh *fresh; /**< optional ("Freshness over the
	                                uplink"): demand its challenge's echo
	                                from senders that echo, once a
	                                transmitter carries it; pass the
	                                challenges heard to its transmitters.
	                                It must outlive the receiver */
};

struct dvr_link_adapter_stats {
	uint64_t frames;           /**< authenticated data frames heard */
	uint64_t rssi_samples;
	int rssi_min, rssi_max;    /**< dBm (valid when rssi_samples > 0) */
	int64_t rssi_sum;          /**< avg = rssi_sum / rssi_samples */
};

struct dvr_link_rx_stats {
	uint64_t frames;           /**< frames pushed (all) */
	uint64_t other_channel;    /**< not WFB or another link/port: ignored
	                                (not_wfb + other_link + other_port) */
	uint64_t not_wfb;          /**< no WFB-NG address at all (other
	                                networks, too short for a header) */
	uint64_t other_link;       /**< WFB-NG frames of another link id */
	uint64_t other_port;       /**< this link id, another radio port */
	uint32_t other_link_id;    /**< link id of the last other_link frame */
	uint8_t other_port_id;     /**< radio port of the last other_port
	                                frame */
	uint64_t link_frames;      /**< frames addressed to this link id and
	                                port, whatever became of them
	                                (= frames - other_channel) */
	uint64_t air_bytes;        /**< 802.11 bytes of those frames: what
	                                the link cost on the air as heard,
	                                parity, sessions and diversity copies
	                                included (bytes counts the payload
	                                delivered) */
	uint64_t malformed;        /**< too short/long, unknown type, a
	                                fragment index >= n or a block index
	                                past the nonce space (refused before
	                                authentication) */
	uint64_t packets;          /**< packets delivered */
	uint64_t bytes;            /**< bytes delivered */
	uint64_t lost;             /**< packets never delivered: slots of
	                                blocks given up that held a packet
	                                (slot 0, or before a packet heard).
	                                Never more than the real loss */
	uint64_t lost_unknown;     /**< slots of blocks given up that held a
	                                packet or a filler (a sender closing a
	                                block early pads its tail with
	                                fillers), which no fragment heard
	                                tells: the real loss lies between
	                                lost and lost + lost_unknown. A
	                                filler heard marks the tail, which is
	                                in neither */
	uint64_t fec_recovered;    /**< packets rebuilt from parity (fillers
	                                rebuilt with them are not counted) */
	uint64_t unrecoverable;    /**< blocks given up with data missing */
	uint64_t lost_within_capacity; /**< of lost and lost_unknown, the
	                                    slots of blocks of which k
	                                    fragments (fillers known unheard
	                                    included) did arrive, only too
	                                    late or not decodable: loss FEC
	                                    should have repaired. 0 on a
	                                    healthy link; the rest was
	                                    beyond capacity */
	uint64_t duplicates;       /**< fragment already received (diversity;
	                                detected before authentication) */
	uint64_t redundant_fragments; /**< authentic fragment of a block
	                                   already finished: parity (or a
	                                   late data copy) the block no
	                                   longer needed. Normal whenever a
	                                   block completes before all n
	                                   arrive */
	uint64_t replayed;         /**< data fragments authenticated but older
	                                than the history window */
	uint64_t auth_failed;      /**< data frames failing ChaCha20-Poly1305
	                                (forged, corrupted, other key) */
	uint64_t no_session;       /**< data frames before any valid session */
	uint64_t sessions;         /**< valid session packets (incl. repeats) */
	uint64_t session_changes;  /**< new session keys adopted */
	uint64_t session_auth_failed; /**< crypto_box open failed: wrong key
	                                   or forged */
	uint64_t stale_epoch;      /**< session epoch below min_epoch */
	uint64_t session_replayed; /**< authentic session packets of sessions
	                                this receiver followed and left (a
	                                retired key, the last 8; an earlier
	                                epoch of a run it followed): refused
	                                for good, the current key stays */
	uint64_t session_deferred; /**< authentic session packets of another
	                                run heard while the current session
	                                is live: not adopted (a second sender
	                                with this key, or a recording) */
	uint64_t session_takeovers;/**< sessions of another run adopted after
	                                the current one fell silent for
	                                takeover_ms */
	uint64_t session_older;    /**< of those, with a lower epoch than the
	                                session they replaced: a sender that
	                                restarted without a clock or a kept
	                                epoch (or a recording, when silent) */
	uint64_t session_unproven; /**< authentic session packets of a new
	                                key (another run, the first heard, a
	                                re-key) from a sender that echoes
	                                challenges but not this side's, while
	                                the link has an uplink
	                                (cfg.fresh): not adopted. A recording,
	                                or a live sender whose side does not
	                                hear this side's transmitters */
	uint64_t bad_session;      /**< authentic but unusable: other channel,
	                                unknown FEC type, bad k/n */
	uint64_t bad_packet;       /**< fragment whose size field is corrupt */
	struct dvr_link_adapter_stats adapter[DVR_LINK_MAX_ADAPTERS];
};

/** What dvr_link_rx_push() did with a frame (>= 0). */
enum dvr_link_rx_verdict {
	DVR_LINK_RX_DATA = 0,         /**< accepted data fragment */
	DVR_LINK_RX_SESSION = 1,      /**< session packet accepted */
	DVR_LINK_RX_SESSION_NEW = 2,  /**< ... and it started a new session */
	DVR_LINK_RX_IGNORED = 3,      /**< other channel / not WFB-NG */
	DVR_LINK_RX_DUPLICATE = 4,
	DVR_LINK_RX_LATE = 5,         /**< redundant: its block is finished */
	DVR_LINK_RX_REPLAYED = 6,
	DVR_LINK_RX_AUTH_FAILED = 7,  /**< data or session authentication */
	DVR_LINK_RX_NO_SESSION = 8,
	DVR_LINK_RX_STALE_EPOCH = 9,
	DVR_LINK_RX_BAD_SESSION = 10,
	DVR_LINK_RX_MALFORMED = 11,
	DVR_LINK_RX_SESSION_DEFERRED = 12, /**< another run's session heard
	                                        while the current is live */
	DVR_LINK_RX_SESSION_UNPROVEN = 13, /**< a session that does not echo
	                                        this side's challenge
	                                        (session_unproven) */
};

struct dvr_link_rx_session {
	bool valid;
	uint64_t epoch;
	uint8_t fec_type, k, n;
};

struct dvr_link_rx;

/**
 * New receiver. @p keys: this side's secret + the transmitter's public key
 * (gs.key for the down link). Returns DVR_OK, DVR_E_INVALID, DVR_E_NO_MEM,
 * DVR_E_IO (libsodium failed to initialise).
 */
DVR_API int dvr_link_rx_new(const struct dvr_link_rx_config *cfg,
                    const struct dvr_link_keys *keys, dvr_link_packet_cb cb,
                    void *user, struct dvr_link_rx **out);

DVR_API void dvr_link_rx_free(struct dvr_link_rx *rx);

/**
 * Feed one received 802.11 frame (no radiotap, no FCS) heard by adapter
 * @p adapter (0..DVR_LINK_MAX_ADAPTERS-1) at @p rssi_dbm
 * (DVR_LINK_RSSI_UNKNOWN if none). Packets that become deliverable are
 * passed to the callback before this returns. Returns a verdict (>= 0) or
 * DVR_E_INVALID (NULL frame, adapter out of range).
 */
DVR_API int dvr_link_rx_push(struct dvr_link_rx *rx, unsigned adapter, int rssi_dbm,
                     const uint8_t *frame, size_t len, uint64_t now_ms);

/**
 * What the radio said about one frame it heard, given with the frame
 * (dvr_link_rx_push_heard()) and handed back with every packet the frame
 * completed (dvr_link_rx_packet_heard()). Zero-initialise, then fill
 * what the radio knows (a dvr_rx_info has all of it).
 */
struct dvr_link_rx_heard {
	/** The receiving chip's TSF when the frame arrived
	 *  (dvr_rx_info.tsf_us), microseconds on that adapter's own clock;
	 *  valid when has_tsf */
	uint64_t tsf_us;
	bool has_tsf;
	int rssi_dbm;       /**< the frame's signal, dBm, or
	                         DVR_LINK_RSSI_UNKNOWN (counted per adapter as
	                         dvr_link_rx_push()'s rssi_dbm) */
	uint8_t n_chains;   /**< valid entries of chain_rssi_dbm, 0 = none */
	int8_t chain_rssi_dbm[DVR_MAX_RF_PATHS]; /**< per receive chain, dBm */
	uint16_t channel;   /**< channel it was heard on, 0 = unknown */
	uint16_t freq_mhz;  /**< its centre frequency, 0 = unknown */
	/** Set by the receiver, not the caller: the adapter slot that
	 *  heard the frame (dvr_link_rx_push_heard()'s adapter) */
	uint8_t adapter;
};

/**
 * dvr_link_rx_push() with what the radio said about the frame: the
 * receiver keeps it with the fragment the frame carried, so that the
 * packet the fragment completes is delivered with it
 * (dvr_link_rx_packet_heard()). @p heard NULL: as dvr_link_rx_push()
 * with DVR_LINK_RSSI_UNKNOWN.
 */
DVR_API int dvr_link_rx_push_heard(struct dvr_link_rx *rx, unsigned adapter,
                                   const struct dvr_link_rx_heard *heard,
                                   const uint8_t *frame, size_t len,
                                   uint64_t now_ms);

/**
 * From inside this receiver's packet callback (like dvr_link_rx_lost(),
 * it only reads): the frame that completed the packet being delivered —
 * the one that carried it, or, for a packet rebuilt from parity, the
 * last fragment of its block that arrived before the rebuild (the frame
 * that made the recovery possible). Its adapter slot and what
 * dvr_link_rx_push_heard() was told about it; a frame given to
 * dvr_link_rx_push() has has_tsf false, its rssi_dbm and nothing else.
 * Packets come in order, so with no loss their frames' TSFs rise; a
 * rebuilt packet carries its parity frame's later TSF, ahead of the
 * packets after it in its block that arrived before the parity did.
 * DVR_OK and *out, DVR_E_STATE outside the packet callback,
 * DVR_E_INVALID for NULL arguments.
 */
DVR_API int dvr_link_rx_packet_heard(const struct dvr_link_rx *rx,
                                     struct dvr_link_rx_heard *out);

/**
 * Would @p frame count as this link's own traffic now: a data fragment
 * that authenticates under the current session key, or a session packet
 * sealed for this receiver, of this channel, that dvr_link_rx_push()
 * would keep or adopt (not older than the current session)? Nothing is
 * delivered, adopted or counted; the frame is only checked, at the cost
 * of one authentication. For giving network peers a share of the
 * receiver (the aggregator's adapter slots) only once they prove they
 * carry the link: garbage and recordings of earlier runs prove nothing.
 * NULL arguments: false.
 */
DVR_API bool dvr_link_rx_authentic(struct dvr_link_rx *rx,
                                   const uint8_t *frame, size_t len);

/**
 * Timekeeping: gives up incomplete blocks older than block_timeout_ms
 * that hold packets back (delivering what they hold, in order). A
 * @p now_ms earlier than a block's first fragment gives that block up
 * never. Returns DVR_OK.
 */
DVR_API int dvr_link_rx_poll(struct dvr_link_rx *rx, uint64_t now_ms);

/** Give up every pending block now (end of stream). Returns DVR_OK. */
DVR_API int dvr_link_rx_flush(struct dvr_link_rx *rx);

DVR_API void dvr_link_rx_get_stats(const struct dvr_link_rx *rx,
                           struct dvr_link_rx_stats *out);

/**
 * The running total of dvr_link_rx_stats.lost + lost_unknown (every slot
 * given up that may have held a packet), and the one call that may
 * be made from inside this receiver's packet callback (it only reads).
 * Packets are delivered in order and every slot given up is counted
 * before any packet after it is delivered, so a value that rose since the
 * previous packet's callback means packets are missing right before the
 * one being delivered (a stream discontinuity). @p rx NULL: 0.
 */
DVR_API uint64_t dvr_link_rx_lost(const struct dvr_link_rx *rx);

/**
 * The dvr_rx_match (devourer.h) of the stream @p link_id / @p radio_port
 * on a shared adapter: its frames by the channel id in addr2, and, for
 * the receiver's diagnostics (other_link, other_port), the frames no
 * other share claims.
 */
DVR_API void dvr_link_rx_match(uint32_t link_id, uint8_t radio_port,
                               struct dvr_rx_match *out);

DVR_API void dvr_link_rx_get_session(const struct dvr_link_rx *rx,
                             struct dvr_link_rx_session *out);

/**
 * The most data fragments one block lacked when it was finished (FEC
 * rebuilt them, or they were lost) since the previous call, which starts
 * the count again: how close the link runs to its FEC's edge, n - k. A
 * slot past the sender's last packet (a filler nobody needed) is not
 * counted. @p rx NULL: 0.
 */
DVR_API unsigned dvr_link_rx_take_worst_block(struct dvr_link_rx *rx);

/* ------------------------------------------------------------------ */
/* Link feedback: what the ground hears, told to the drone             */
/* ------------------------------------------------------------------ */

/*
 * The ground's receiver sums up what it heard over a span and sends it to
 * the drone as one packet of a link stream of its own on the uplink
 * (encrypted and authenticated by that stream, like telemetry), so the
 * drone's sender can adapt its rate, FEC and power. A fixed 40-byte
 * big-endian record:
 *
 *   0  'D' 'F'  magic          24  chains (0..4)
 *   2  version (1)             25  RSSI per chain, dBm (4 x int8)
 *   3  flags                   29  SNR per chain, dB (4 x int8)
 *   4  sequence (u16)          33  rate kind (enum dvr_rate_kind)
 *   6  span, ms (u16)              (+1; 0: no frame heard)
 *                              34  MCS, or legacy rate in 500 kbit/s
 *   8  packets delivered (u32) 35  VHT streams
 *  12  packets lost (u32)      36  bandwidth, MHz
 *  16  recovered by FEC (u32)  37  FEC k, 38 FEC n of the session heard
 *  20  link frames heard (u32) 39  the most fragments one block missed
 *
 * Counts are of the span alone. A record of a later version is refused
 * (its fields may mean something else); unknown flags are ignored.
 */

/** Bytes of a feedback record. */
#define DVR_LINK_FEEDBACK_LEN 40
/** Record version this library writes and reads. */
#define DVR_LINK_FEEDBACK_VERSION 1
/** Flag: the ground lost packets beyond repair in the span; a video
 *  sender should make its next frame a keyframe. */
#define DVR_LINK_FEEDBACK_KEYFRAME 0x01u
/** Flag: nothing of the link was heard in the span (the counts are 0). */
#define DVR_LINK_FEEDBACK_SILENT 0x02u

struct dvr_link_feedback {
	uint16_t seq;            /**< the sender's record count (wraps) */
	uint16_t span_ms;        /**< time the record covers */
	uint8_t flags;           /**< DVR_LINK_FEEDBACK_* */
	uint8_t n_chains;        /**< chains reported, 0..DVR_MAX_RF_PATHS */
	int8_t rssi_dbm[DVR_MAX_RF_PATHS]; /**< average per chain */
	int8_t snr_db[DVR_MAX_RF_PATHS];   /**< average per chain */
	uint32_t packets;        /**< delivered */
	uint32_t lost;           /**< given up (lost + maybe lost) */
	uint32_t recovered;      /**< repaired by FEC */
	uint32_t frames;         /**< link frames heard */
	bool has_rate;           /**< rate and bw_mhz are of a frame heard */
	struct dvr_rate rate;    /**< of the last frame heard */
	uint8_t bw_mhz;          /**< of the last frame heard */
	uint8_t fec_k, fec_n;    /**< the session heard (0: none) */
	uint8_t worst_block_missing; /**< most fragments one block missed */
};

/**
 * Write @p fb as a record into @p out (at least DVR_LINK_FEEDBACK_LEN
 * bytes). Returns the length, or 0 when @p fb cannot be written
 * (n_chains above DVR_MAX_RF_PATHS, NULL).
 */
DVR_API size_t dvr_link_feedback_write(const struct dvr_link_feedback *fb,
                                       uint8_t *out, size_t cap);

/**
 * Read a record. Returns DVR_OK, or DVR_E_INVALID for anything that is not
 * a version-1 record: too short, another magic, a later version, more
 * chains than DVR_MAX_RF_PATHS, an unknown rate kind, k > n. Bytes past
 * DVR_LINK_FEEDBACK_LEN are ignored.
 */
DVR_API int dvr_link_feedback_read(const uint8_t *buf, size_t len,
                                   struct dvr_link_feedback *out);

/* ------------------------------------------------------------------ */
/* Distributed reception                                               */
/* ------------------------------------------------------------------ */

/*
 * wfb-ng's distributed mode: receivers ("forwarders", wfb_rx -f) send
 * every frame of the link they hear over UDP to an "aggregator"
 * (wfb_rx -a) that combines them as one diversity receiver. One UDP
 * datagram is one frame: a 17-byte header saying where and how it was
 * heard, then the frame from its first WFB byte on -- the 802.11 header
 * is not carried (the aggregator knows its link id and radio port), nor
 * the FCS (wfb-ng src/wifibroadcast.hpp wrxfwd_t, src/rx.cpp
 * Forwarder::process_packet and network_loop).
 *
 * Only the codec is here (no sockets): build and parse datagrams, refuse
 * malformed ones with a reason the caller counts.
 */

/** Forwarder header: wlan index 1, antennas 4, rssi 4, noise 4, big-endian
 *  frequency 2, MCS 1, bandwidth 1. */
#define DVR_LINK_FWD_HDR_LEN 17
/** Antenna slots per header; unused slots hold the values below. */
#define DVR_LINK_FWD_ANTENNAS 4
#define DVR_LINK_FWD_NO_ANTENNA 0xff
#define DVR_LINK_FWD_NO_RSSI (-128)
#define DVR_LINK_FWD_NO_NOISE 127
/** The wlan index wfb-ng's forwarder gives its own service datagrams. */
#define DVR_LINK_FWD_SELF_WLAN 0xff
/** Largest frame part after the header: WIFI_MTU less the 802.11 header
 *  (4021), what wfb-ng's aggregator reads. */
#define DVR_LINK_FWD_MAX_PAYLOAD                                             \
	(DVR_LINK_WIFI_MTU - DVR_LINK_IEEE80211_HDR_LEN)
#define DVR_LINK_FWD_MAX_DATAGRAM                                            \
	(DVR_LINK_FWD_HDR_LEN + DVR_LINK_FWD_MAX_PAYLOAD)
/** Packet type of wfb-ng's forwarder-only record batch: copies of data
 *  frames its other adapters also heard, sent as an 8-byte packet hash
 *  + a forwarder header each instead of the frame. Never on the air. */
#define DVR_LINK_PACKET_DEDUP_STATS 0x3
#define DVR_LINK_FWD_DEDUP_RECORD_LEN (8 + DVR_LINK_FWD_HDR_LEN)

/** Where and how a forwarded frame was heard. */
struct dvr_link_fwd_info {
	uint8_t wlan_idx;        /**< the forwarder's adapter index */
	uint8_t antenna[DVR_LINK_FWD_ANTENNAS]; /**< antenna (chain) index
	                              per slot, DVR_LINK_FWD_NO_ANTENNA unused */
	int8_t rssi[DVR_LINK_FWD_ANTENNAS];  /**< dBm per slot, or
	                                           DVR_LINK_FWD_NO_RSSI */
	int8_t noise[DVR_LINK_FWD_ANTENNAS]; /**< dBm (rssi - snr) per slot, or
	                                           DVR_LINK_FWD_NO_NOISE */
	uint16_t freq_mhz;       /**< channel frequency, 0 unknown */
	uint8_t mcs_index;       /**< HT/VHT MCS of the frame (0 legacy) */
	uint8_t bandwidth_mhz;   /**< 20, 40, 80 (wfb-ng: 20 unless known) */
};

/** What a datagram is (>= 0), or why it was refused (< 0). */
enum dvr_link_fwd_kind {
	DVR_LINK_FWD_FRAME = 0,        /**< a forwarded frame: push it */
	DVR_LINK_FWD_DEDUP = 1,        /**< a dedup record batch: no frame */
	DVR_LINK_FWD_EMPTY = 2,        /**< a header and nothing else (wfb-ng
	                                    counts and skips it) */
	DVR_LINK_FWD_E_SHORT = -1,     /**< shorter than the header */
	DVR_LINK_FWD_E_OVERSIZE = -2,  /**< payload above
	                                    DVR_LINK_FWD_MAX_PAYLOAD */
	DVR_LINK_FWD_E_TYPE = -3,      /**< unknown WFB packet type */
	DVR_LINK_FWD_E_LENGTH = -4,    /**< too short (or long) for its type:
	                                    data below header + tag, session
	                                    below its minimum, a dedup batch
	                                    not a whole number of records or
	                                    not from wlan 0xff */
};

/** Counters of an aggregator's input, one per kind and refusal. */
struct dvr_link_fwd_stats {
	uint64_t datagrams;      /**< all datagrams seen */
	uint64_t frames;         /**< DVR_LINK_FWD_FRAME */
	uint64_t dedup_batches;  /**< DVR_LINK_FWD_DEDUP */
	uint64_t empty;          /**< DVR_LINK_FWD_EMPTY */
	uint64_t refused;        /**< sum of the four below */
	uint64_t short_hdr;
	uint64_t oversize;
	uint64_t bad_type;
	uint64_t bad_length;
};

/** Write the forwarder header of @p info into @p out (17 bytes). */
DVR_API void dvr_link_fwd_put_header(const struct dvr_link_fwd_info *info,
                                     uint8_t out[DVR_LINK_FWD_HDR_LEN]);

/**
 * The part of an 802.11 frame (no radiotap, no FCS) a forwarder sends
 * after its header: all after the 24-byte 802.11 header. Returns its
 * length and sets @p *payload, or 0 if the frame is no longer than that
 * header (wfb-ng forwards nothing then).
 */
DVR_API size_t dvr_link_fwd_payload(const uint8_t *frame, size_t len,
                                    const uint8_t **payload);

/**
 * Parse a received datagram: @p info gets its header (when at least
 * 17 bytes), @p payload / @p payload_len the part after it. Checks the
 * lengths wfb-ng's aggregator checks (src/rx.cpp Aggregator::
 * process_packet) before any cryptography. Returns an enum
 * dvr_link_fwd_kind. @p stats, if not NULL, counts the result.
 */
DVR_API int dvr_link_fwd_parse(const uint8_t *dgram, size_t len,
                               struct dvr_link_fwd_info *info,
                               const uint8_t **payload, size_t *payload_len,
                               struct dvr_link_fwd_stats *stats);

/**
 * Rebuild the 802.11 frame dvr_link_rx_push() takes: the WFB-NG header
 * of channel @p channel_id (dvr_link_channel_id) with sequence number 0,
 * then @p payload. Returns the frame length, or 0 if @p cap is too small
 * (DVR_LINK_WIFI_MTU always suffices for a parsed payload).
 */
DVR_API size_t dvr_link_fwd_frame(uint32_t channel_id, const uint8_t *payload,
                                  size_t payload_len, uint8_t *out,
                                  size_t cap);

/** The strongest rssi among the used antenna slots, or
 *  DVR_LINK_RSSI_UNKNOWN if none has one: what to give dvr_link_rx_push. */
DVR_API int dvr_link_fwd_rssi(const struct dvr_link_fwd_info *info);

/** A short name of a dvr_link_fwd_kind ("frame", "short", ...). */
DVR_API const char *dvr_link_fwd_kind_name(int kind);

/* ------------------------------------------------------------------ */
/* Link profiles: rows of OpenIPC adaptive-link's txprofiles.conf       */
/* ------------------------------------------------------------------ */

/*
 * A profile file holds one row per link setting, in the format the drone
 * side of OpenIPC adaptive-link reads (/etc/txprofiles.conf, parsed by
 * load_profiles() in alink_drone.c of sickgreg/OpenIPC-Adaptive-Link
 * 4401083a and OpenIPC/adaptive-link dca368db):
 *
 *   # <ra - nge> <gi> <mcs> <fecK> <fecN> <bitrate> <gop> <Pwr> <roiQP> <bandwidth> <qpDelta>
 *   999 - 999 long 0 8 12 1999 10 30 0,0,0,0 20 -12
 *   1000 - 1050 long 0 8 12 2000 10 30 0,0,0,0 20 -12
 *
 * '#' starts a comment anywhere on a line; values are separated by any
 * run of spaces, tabs or CRs (so CRLF files read as LF ones); a line
 * holding only a comment or white space is skipped. The ground station
 * scores the link 1000..2000 and the drone takes the first row whose
 * range holds the score; 999 is the score meaning "no feedback" (the
 * fallback row). alink treats a later row as a better link, so rows come
 * in ascending score order.
 *
 * Stricter than alink_drone, which skips a line it cannot read, ignores
 * values after the twelfth and checks no value: here every such line is
 * an error naming its line number, and so is anything alink_drone would
 * read differently from us (a line over DVR_LINK_PROFILE_MAX_LINE bytes,
 * which it splits; a roiQP over 15 characters, which it cuts). It reads
 * at most 20 rows; this parser takes any number.
 */

/** Longest line (bytes before the newline) alink_drone reads whole. */
#define DVR_LINK_PROFILE_MAX_LINE 255
/** Highest MCS index a row may name: one spatial stream, HT 0..7 or
 *  VHT 0..9 (alink's published files use 0..7). */
#define DVR_LINK_PROFILE_MCS_MAX 9
/** Largest FEC n (and k) a row may name: what dvr_link_tx_set_fec()
 *  takes. */
#define DVR_LINK_PROFILE_FEC_MAX 255
/** Bound of the encoder QP values (roiQP, qpDelta): +-51, the H.264 and
 *  H.265 QP span. */
#define DVR_LINK_PROFILE_QP_MAX 51
/** Largest file dvr_link_profiles_load() reads (alink's own limit is 20
 *  rows of 255 bytes). */
#define DVR_LINK_PROFILE_MAX_FILE (1024 * 1024)
/** Size of dvr_link_profiles_error.msg. */
#define DVR_LINK_PROFILE_ERR_LEN 192

/** One row, in the units of the file. */
struct dvr_link_profile {
	int range_min;         /**< lowest score of the row, inclusive */
	int range_max;         /**< highest score, inclusive (>= range_min) */
	bool short_gi;         /**< "short" (true) or "long" guard interval */
	uint8_t mcs;           /**< 0..DVR_LINK_PROFILE_MCS_MAX */
	uint8_t fec_k;         /**< 1 <= fec_k <= fec_n */
	uint8_t fec_n;         /**< <= DVR_LINK_PROFILE_FEC_MAX */
	uint32_t bitrate_kbps; /**< encoder bitrate, kbit/s, >= 1 */
	double gop;            /**< encoder GOP as the file gives it (majestic's
	                            video0.gopSize: seconds), >= 0 */
	int power;             /**< TX power as written (alink multiplies it by
	                            a driver factor, 50 or -100, for iw), >= 0 */
	int8_t roi_qp[4];      /**< the four "a,b,c,d" ROI QP values, each
	                            within +-DVR_LINK_PROFILE_QP_MAX */
	uint16_t bandwidth_mhz;/**< 20, 40 or 80 */
	int8_t qp_delta;       /**< encoder qpDelta, within
	                            +-DVR_LINK_PROFILE_QP_MAX */
	unsigned line;         /**< line of the file it came from (1-based) */
};

/** A parsed file: @c count rows in file order (ascending scores). */
struct dvr_link_profiles {
	struct dvr_link_profile *rows;
	size_t count;
};

/** Why a file was refused. */
struct dvr_link_profiles_error {
	unsigned line;   /**< 1-based line at fault, 0 if not one line's */
	char msg[DVR_LINK_PROFILE_ERR_LEN]; /**< "line 4: mcs 12 is above 9" */
};

/**
 * Parse the @p len bytes at @p text (need not be NUL-terminated) as a
 * profile file. Returns DVR_OK with @p out holding at least one row
 * (free with dvr_link_profiles_free()); DVR_E_INVALID for anything
 * malformed, out of range, out of order, or no row at all, with @p err
 * (may be NULL) saying which line and what; DVR_E_NO_MEM. On an error
 * @p out is left empty.
 */
DVR_API int dvr_link_profiles_parse(const char *text, size_t len,
                                    struct dvr_link_profiles *out,
                                    struct dvr_link_profiles_error *err);

/**
 * Read and parse the file at @p path (a regular file; a FIFO or device is
 * refused, never waited on). Returns what dvr_link_profiles_parse()
 * returns, or DVR_E_NOT_FOUND, DVR_E_ACCESS, DVR_E_UNSUPPORTED (not a
 * regular file), DVR_E_OVERFLOW (over DVR_LINK_PROFILE_MAX_FILE bytes),
 * DVR_E_IO; @p err says which.
 */
DVR_API int dvr_link_profiles_load(const char *path,
                                   struct dvr_link_profiles *out,
                                   struct dvr_link_profiles_error *err);

/** Free the rows of @p p and empty it. NULL or empty is fine. A list
 *  from dvr_link_profiles_ladder() is freed with its rows. */
DVR_API void dvr_link_profiles_free(struct dvr_link_profiles *p);

/** The row alink_drone would pick for @p score: the first whose range
 *  holds it, or NULL (a score in a gap between rows). */
DVR_API const struct dvr_link_profile *
dvr_link_profiles_find(const struct dvr_link_profiles *p, int score);

/* ------------------------------------------------------------------ */
/* Link adaptation: which profile row the drone runs on                 */
/* ------------------------------------------------------------------ */

/*
 * The drone side of an adaptive link, as OpenIPC adaptive-link's
 * alink_drone decides it (start_selection() and value_chooses_profile()
 * in alink_drone.c of sickgreg/OpenIPC-Adaptive-Link 4401083a and
 * OpenIPC/adaptive-link dca368db): the ground scores the link 1000..2000
 * every interval, the drone smooths the scores (slowly up, quickly down),
 * changes row only when the smoothed value moved by a few percent, never
 * twice within min_between_changes_ms, and goes to a faster row only
 * hold_up_ms after the last change. When no score came for fallback_ms it
 * goes to the row of score 999, the fallback row, and leaves it only
 * hold_fallback_ms later. Before the first score it runs on no row: the
 * sender keeps the settings it was started with.
 *
 * Only the decision is here: no clock, thread or I/O. The caller feeds
 * each score with the time of its own monotonic clock in milliseconds,
 * calls dvr_link_adapt_poll() now and then (every 100 ms or so) so that
 * silence is noticed, and applies the row a decision names. One engine is
 * used by one thread at a time.
 */

/** The special score: no feedback, the fallback row. */
#define DVR_LINK_ADAPT_SCORE_FALLBACK 999
/** Lowest and highest score of a working link. */
#define DVR_LINK_ADAPT_SCORE_MIN 1000
#define DVR_LINK_ADAPT_SCORE_MAX 2000

/** Tuning of the engine and of dvr_link_feedback_score(). Start from
 *  dvr_link_adapt_config_default(); link_adapt.c says where each default
 *  comes from. */
struct dvr_link_adapt_config {
	uint32_t fallback_ms;            /**< no score for this long: the
	                                      fallback row (score 999); >= 1 */
	uint32_t min_between_changes_ms; /**< no two changes closer than this */
	uint32_t hold_up_ms;             /**< a move to a faster row waits this
	                                      long after the last change */
	uint32_t hold_fallback_ms;       /**< leaving the fallback row waits
	                                      this long (and nothing else) */
	double hysteresis_up_pct;        /**< % rise of the smoothed score
	                                      (against the one of the last
	                                      change) needed to change row;
	                                      not applied when leaving the
	                                      fallback row */
	double hysteresis_down_pct;      /**< % fall needed */
	double smoothing_up;             /**< exponential factor (0..1] for a
	                                      score above the smoothed value */
	double smoothing_down;           /**< (0..1] for one below it */
	/* scoring our own records the way OpenIPC alink_gs does */
	int snr_min, snr_max;            /**< dB mapped to 0..1 (min < max) */
	int rssi_min, rssi_max;          /**< dBm mapped to 0..1 (min < max) */
	double snr_weight, rssi_weight;  /**< >= 0, not both 0; divided by
	                                      their sum */
	uint32_t keyframe_interval_ms;   /**< at most one keyframe request per
	                                      this */
	double loss_full_ratio;          /**< share of packets lost beyond
	                                      repair in a record that brings its
	                                      score down to 1000 (less lowers it
	                                      less); 0: loss does not lower the
	                                      score */
};

/** Fill @p cfg with the defaults (alink's shipped alink.conf and
 *  alink_gs.conf values, see link_adapt.c). NULL is ignored. */
DVR_API void dvr_link_adapt_config_default(struct dvr_link_adapt_config *cfg);

/**
 * Score a feedback record like alink_gs scores wfb-ng's statistics: the
 * best chain's SNR and the best chain's RSSI each mapped linearly from
 * [min, max] to 0..1 (clamped), weighted, 1000 + 1000 x that, rounded.
 * Packets lost beyond repair lower it: with r = lost / (packets + lost),
 * score = 1000 + (score - 1000) x (1 - sqrt(min(1, r / loss_full_ratio))),
 * because a loss at a strong signal (interference, a too fast rate) is a
 * failing link the signal alone does not show. A record with no chain
 * but something heard scores 1000 (alink_gs: no antennas, both scores
 * 1000).
 *
 * Returns 1000..2000, 999 (DVR_LINK_ADAPT_SCORE_FALLBACK) when the record
 * is silent (flag DVR_LINK_FEEDBACK_SILENT, or no packet and no frame),
 * or DVR_E_INVALID for a NULL argument, a config that
 * dvr_link_adapt_new() would refuse, more chains than DVR_MAX_RF_PATHS.
 */
DVR_API int dvr_link_feedback_score(const struct dvr_link_adapt_config *cfg,
                                    const struct dvr_link_feedback *fb);

/**
 * The score of an alink_gs message for dvr_link_adapt_feed(): its RSSI
 * and SNR score fields (1 and 2; OpenIPC/adaptive-link's ground sends the
 * same combined score in both) weighted by @p cfg's rssi_weight and
 * snr_weight as alink_drone's start_selection() combines them, rounded,
 * and clamped to 1000..2000 as alink_drone clamps its value. An RSSI
 * field of 999 is the fallback (alink_drone looks only at that field for
 * it): returns 999. DVR_E_INVALID for a NULL or bad @p cfg.
 */
DVR_API int dvr_link_adapt_alink_score(const struct dvr_link_adapt_config *cfg,
                                       int rssi_score, int snr_score);

/** Why a decision changed the row. */
enum dvr_link_adapt_reason {
	DVR_LINK_ADAPT_NONE,     /**< no change */
	DVR_LINK_ADAPT_FIRST,    /**< the first row of all */
	DVR_LINK_ADAPT_UP,       /**< to a later (faster) row */
	DVR_LINK_ADAPT_DOWN,     /**< to an earlier (slower) row */
	DVR_LINK_ADAPT_FALLBACK, /**< to the row of score 999 */
};

/** What one call decided. */
struct dvr_link_adapt_decision {
	enum dvr_link_adapt_reason why;      /**< NONE: no change */
	const struct dvr_link_profile *from; /**< the row before (NULL before
	                                          the first) */
	const struct dvr_link_profile *to;   /**< the row now in force (NULL
	                                          before any) */
	int score;       /**< the score that was fed (999 for fallback) */
	int smoothed;    /**< the smoothed value the row was chosen by (1000..
	                      2000, 999 on the fallback row; before any score
	                      the starting value 1500) */
	bool keyframe;   /**< ask the encoder for a keyframe now
	                      (rate-limited) */
};

struct dvr_link_adapt;

/**
 * A new engine on @p profiles (not copied: they must outlive the engine;
 * rows in ascending quality order, as the profile file has them). The
 * engine starts on no row. Returns DVR_OK, DVR_E_INVALID (NULL, no rows,
 * a config value outside the ranges documented above), DVR_E_NO_MEM.
 */
DVR_API int dvr_link_adapt_new(const struct dvr_link_adapt_config *cfg,
                               const struct dvr_link_profiles *profiles,
                               struct dvr_link_adapt **out);

/** Free the engine. NULL is fine. */
DVR_API void dvr_link_adapt_free(struct dvr_link_adapt *a);

/**
 * Feed one score: ours from dvr_link_feedback_score(), or an alink_gs
 * message's (its fields combined by the weights; 999 = fallback).
 * @p keyframe_asked: the feedback asked for a keyframe (record flag
 * DVR_LINK_FEEDBACK_KEYFRAME, or an alink idr code); @p out->keyframe
 * says whether to ask the encoder now. @p now_ms: the caller's monotonic
 * clock, never earlier than in a previous call. Returns DVR_OK with
 * @p out filled, or DVR_E_INVALID (NULL, a score neither 999 nor
 * 1000..2000, time going back) leaving the engine as it was.
 */
DVR_API int dvr_link_adapt_feed(struct dvr_link_adapt *a, int score,
                                bool keyframe_asked, uint64_t now_ms,
                                struct dvr_link_adapt_decision *out);

/**
 * Time passing without feedback: once a score was fed and none came for
 * fallback_ms, the decision is the fallback row (if the rows have one
 * and it is not already in force). A poll's decision has score 999 and
 * never a keyframe. Returns DVR_OK with @p out filled, or DVR_E_INVALID
 * (NULL, time going back).
 */
DVR_API int dvr_link_adapt_poll(struct dvr_link_adapt *a, uint64_t now_ms,
                                struct dvr_link_adapt_decision *out);

/** The row in force, NULL before the first decision (or for NULL). */
DVR_API const struct dvr_link_profile *
dvr_link_adapt_current(const struct dvr_link_adapt *a);

/**
 * A built-in ladder for when the user gives no profile file: a 999
 * fallback row (MCS 0, FEC 8/16), then one row per MCS 0..7 (one spatial
 * stream, long GI, FEC 8/12, every row at @p bw_mhz; the same power in
 * every row, so that a change never changes power) whose score range
 * starts where the
 * default score of that MCS's 802.11 minimum sensitivity plus a margin
 * lies; the last row ends at 2000. link_adapt.c derives each number.
 * @p max_streams (1..DVR_MAX_RF_PATHS) is the radio's spatial streams:
 * the rows use one (the profile format names one stream's MCS), a radio
 * with more chains gains diversity from them. @p bw_mhz: 20, 40 or 80.
 *
 * Returns DVR_OK with @p *out a list allocated as one block with its
 * rows: dvr_link_profiles_free(*out) frees both (the list is gone then).
 * DVR_E_INVALID (NULL, values outside the above), DVR_E_NO_MEM.
 */
DVR_API int dvr_link_profiles_ladder(unsigned max_streams, unsigned bw_mhz,
                                     struct dvr_link_profiles **out);

/* ------------------------------------------------------------------ */
/* OpenIPC adaptive-link messages                                       */
/* ------------------------------------------------------------------ */

/*
 * The ground -> drone UDP datagram of OpenIPC adaptive-link: what its
 * ground program alink_gs sends and alink_drone reads (send_udp() and
 * the score message of alink_gs, process_message() and
 * special_command_message() of alink_drone.c, in
 * sickgreg/OpenIPC-Adaptive-Link 4401083a ("S") and OpenIPC/adaptive-link
 * dca368db ("O")). A 4-byte big-endian length of the text, then the text
 * (ASCII, no terminator), one message per datagram. The text is either a
 * command,
 *
 *   special:request_keyframe:<code>   special:pause_adaptive
 *   special:resume_adaptive
 *
 * or a score message of colon-separated fields (empty fields skipped, as
 * alink_drone's strtok() skips them):
 *
 *   S (9):      time:rssi_score:snr_score:fec_rec:fec_rec_1s:best_rssi:
 *               best_snr:snr_2nd:snr_3rd
 *   O (10, 11): time:score:score:fec_rec:lost:best_rssi:best_snr:
 *               antennas:penalty:fec_change[:idr_code]
 *
 * alink_drone atoi()s whatever comes; this reader is stricter and refuses,
 * with a reason, what neither alink_gs writes: another field count, a
 * number that is not one (a decimal fraction is taken and cut toward 0,
 * as atoi() would), a score neither 999 nor 1000..2000, a value outside
 * the ranges below, a length field that does not match the datagram,
 * text beyond what alink_drone reads (DVR_LINK_ALINK_MAX_TEXT), a
 * keyframe code longer than alink_drone keeps.
 */

/** Longest text alink_drone reads whole: its 1024-byte buffer, less the
 *  NUL and the 4-byte length (S alink_drone.c main()). */
#define DVR_LINK_ALINK_MAX_TEXT 1019
/** Bytes of the longest datagram: the length field and the text. */
#define DVR_LINK_ALINK_MAX_DATAGRAM (4 + DVR_LINK_ALINK_MAX_TEXT)
/** Longest keyframe code alink_drone keeps (its char code[8]); alink_gs
 *  makes 4 lowercase letters. */
#define DVR_LINK_ALINK_MAX_CODE 7
/** Size of dvr_link_alink_error.msg. */
#define DVR_LINK_ALINK_ERROR_LEN 96

enum dvr_link_alink_kind {
	DVR_LINK_ALINK_SCORE,    /**< a score message */
	DVR_LINK_ALINK_KEYFRAME, /**< special:request_keyframe:<code> */
	DVR_LINK_ALINK_PAUSE,    /**< special:pause_adaptive */
	DVR_LINK_ALINK_RESUME,   /**< special:resume_adaptive */
};

/** Which alink_gs wrote a score message (by its field count). */
enum dvr_link_alink_form {
	DVR_LINK_ALINK_FORM_S,   /**< 9 fields (sickgreg, v0.1.1) */
	DVR_LINK_ALINK_FORM_O,   /**< 10 or 11 fields (OpenIPC) */
};

struct dvr_link_alink {
	enum dvr_link_alink_kind kind;
	enum dvr_link_alink_form form; /**< score messages only */
	int64_t timestamp;   /**< ground's Unix time, s (>= 0) */
	int rssi_score;      /**< 999 (fallback) or 1000..2000 */
	int snr_score;       /**< 999 or 1000..2000 (O: = rssi_score) */
	int fec_rec;         /**< packets FEC repaired, last interval (>= 0) */
	int lost;            /**< O: packets lost, last interval (S: 0) */
	int fec_rec_1s;      /**< S: fec_rec over alink_gs's 1 s (O: 0) */
	int best_rssi;       /**< best antenna's RSSI, dBm (-128..127) */
	int best_snr;        /**< best antenna's SNR, dB (-128..127) */
	int snr_2nd, snr_3rd; /**< S: next best SNRs (-105: none; O: 0) */
	int antennas;        /**< O: antennas heard, 0..255 (S: 0) */
	int penalty;         /**< O: noise penalty, -1000..0 (S: 0) */
	int fec_change;      /**< O: 0..5 (S: 0) */
	/** The keyframe code (KEYFRAME, or O's 11th field), "" if none. */
	char idr_code[DVR_LINK_ALINK_MAX_CODE + 1];
};

struct dvr_link_alink_error {
	char msg[DVR_LINK_ALINK_ERROR_LEN]; /**< why, "" on success */
};

/**
 * Read one datagram. Returns DVR_OK with @p out filled (fields a form
 * does not carry are 0, idr_code ""), or DVR_E_INVALID with @p err's
 * reason (@p err may be NULL) for anything described above, and NULL
 * @p buf / @p out.
 */
DVR_API int dvr_link_alink_read(const uint8_t *buf, size_t len,
                                struct dvr_link_alink *out,
                                struct dvr_link_alink_error *err);

/**
 * Write @p m as a datagram into @p out, as O's alink_gs formats it: a
 * SCORE message always in the O form (rssi_score and snr_score, fec_rec,
 * lost, best_rssi, best_snr, antennas, penalty, fec_change, then the
 * idr_code when not empty), or one of the three commands. Returns its
 * length, or 0 when @p m holds a value dvr_link_alink_read() would
 * refuse or @p cap is too small (DVR_LINK_ALINK_MAX_DATAGRAM is always
 * enough).
 */
DVR_API size_t dvr_link_alink_write(const struct dvr_link_alink *m,
                                    uint8_t *out, size_t cap);

/* ------------------------------------------------------------------ */
/* Frequency hopping                                                   */
/* ------------------------------------------------------------------ */

/*
 * Both ends of a hopping link walk one list of channels (the hop set) in
 * slots. Slot s is on hop-set entry
 *     permutation(s / n)[s % n]
 * where each round (one pass over the n entries) is a Fisher-Yates shuffle
 * drawn from SipHash-2-4 under a 16-byte key: every channel once per round,
 * in an order nobody without the key can predict, and computable for any
 * slot without replaying earlier ones (a receiver joining late needs only
 * the slot number). This is the schedule of OpenIPC devourer's
 * HopSchedule (src/HopSchedule.h, read at 035fcc86): the same key and hop
 * set give the same channels slot for slot.
 *
 * The sender announces where it is with a marker (slot, phase within the
 * slot, a fingerprint of the key, an epoch per start): the 29 bytes of
 * OpenIPC devourer's HopSyncMarker. Ours travel inside a sealed link
 * packet of a port of their own, so only a holder of the link's keys can
 * read or forge one.
 *
 * Slots need not all be equally long: the slot length (the dwell) may
 * change from one round to the next, never within one. Round r starts
 * where round r-1 ended (its start plus n times its dwell) and its slot
 * i at that start plus i times round r's dwell. So the dwell may follow
 * the stream while a receiver that misses a marker still knows every
 * boundary of the round it is in, and where the next round begins. Our
 * markers say the dwell of their round and of the next in 8 bytes after
 * the 29 (DVR_LINK_HOP_MARKER_DWELL_LEN): a receiver that misses the
 * first markers of a round still moves on that round's grid. The 29-byte
 * form (OpenIPC's, which says no dwell) stays readable: its receiver
 * assumes a dwell of its own.
 */

/** Most channels a hop set holds. */
#define DVR_LINK_HOP_MAX 32
/** Bytes of a hop marker without the dwell: OpenIPC devourer's
 *  HopSyncMarker. */
#define DVR_LINK_HOP_MARKER_LEN 29
/** Bytes of a hop marker with the dwells of its round and the next (two
 *  little-endian 32-bit counts of microseconds after the 29). */
#define DVR_LINK_HOP_MARKER_DWELL_LEN 37

struct dvr_link_hop_schedule {
	uint8_t key[16];
	bool sequential;            /**< channels[slot % n]: no key, public */
	unsigned n;
	uint16_t channels[DVR_LINK_HOP_MAX];
};

/**
 * Parse a hop set, "36,40,44,48": 2 to DVR_LINK_HOP_MAX channels, each a
 * valid 20 MHz channel number (dvr_channel_to_freq), none twice, all in
 * one band (a hop never changes band: that would be a full channel set).
 * DVR_OK, or DVR_E_INVALID with the reason in @p why (why_len bytes).
 */
DVR_API int dvr_link_hop_parse_channels(const char *text, uint16_t *channels,
                                        unsigned *n, char *why,
                                        size_t why_len);

/**
 * A keyed schedule over @p channels. The key is either @p seed_hex (1 to
 * 32 hex digits, an optional 0x, right-aligned in 16 bytes as OpenIPC
 * devourer's DEVOURER_HOP_SEED) or, when that is NULL or empty, derived
 * from the link's key pair: BLAKE2b of the pair's X25519 shared key,
 * which the drone's and the ground's halves both yield. @p keys NULL and
 * no seed: DVR_E_INVALID. @p sequential: the public round robin instead.
 */
DVR_API int dvr_link_hop_schedule_init(struct dvr_link_hop_schedule *s,
                                       const uint16_t *channels, unsigned n,
                                       const struct dvr_link_keys *keys,
                                       const char *seed_hex, bool sequential);

/** The hop-set index of slot @p slot. */
DVR_API unsigned dvr_link_hop_index(const struct dvr_link_hop_schedule *s,
                                    uint64_t slot);

/** The channel of slot @p slot. */
DVR_API uint16_t dvr_link_hop_channel(const struct dvr_link_hop_schedule *s,
                                      uint64_t slot);

/** Which key the schedule runs under, as the markers carry it
 *  (0x53455131, "SEQ1", for the sequential order). */
DVR_API uint32_t dvr_link_hop_fingerprint(const struct dvr_link_hop_schedule *s);

/** Where a hopping sender is. */
struct dvr_link_hop_marker {
	uint32_t fingerprint;       /**< dvr_link_hop_fingerprint */
	uint32_t epoch;             /**< random per sender start */
	uint64_t slot;
	uint32_t phase_us;          /**< time since the slot began */
	uint32_t dwell_us;          /**< slot length of this slot's round;
	                                 0: not said (the 29-byte form) */
	uint32_t next_dwell_us;     /**< slot length of the round after it
	                                 (0 when writing: the same) */
};

/**
 * The marker into @p out: DVR_LINK_HOP_MARKER_LEN bytes, byte for byte
 * OpenIPC devourer's HopSyncMarker, when @p m's dwell_us is 0; else
 * those followed by dwell_us and next_dwell_us (dwell_us again when it is
 * 0), DVR_LINK_HOP_MARKER_DWELL_LEN bytes. Returns the length written.
 */
DVR_API size_t dvr_link_hop_marker_write(const struct dvr_link_hop_marker *m,
                                         uint8_t out[DVR_LINK_HOP_MARKER_DWELL_LEN]);

/**
 * A marker from @p len bytes: DVR_LINK_HOP_MARKER_LEN (no dwell: dwell_us
 * and next_dwell_us are 0) or DVR_LINK_HOP_MARKER_DWELL_LEN (both dwells
 * non-zero). DVR_OK, or DVR_E_INVALID for any other length, a wrong
 * framing byte or a dwell of 0.
 */
DVR_API int dvr_link_hop_marker_read(const uint8_t *buf, size_t len,
                                     struct dvr_link_hop_marker *out);

#ifdef __cplusplus
}
#endif

#endif /* DEVOURER_LINK_H */
