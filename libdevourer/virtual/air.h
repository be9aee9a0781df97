/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The shared air between virtual adapters, in this or any other process of
 * the same user on the host. No server: a directory (DEVOURER_AIR_DIR, or
 * /tmp/devourer-air-<uid>) holds
 *   - "medium": a small shared-memory file with, per channel, the time
 *     (CLOCK_MONOTONIC ns, the same in every process) until which the
 *     medium is busy; a transmitter reserves [start, start+airtime) with an
 *     atomic compare-and-swap, so frames on one channel never overlap and
 *     throughput is bounded by airtime as on a real radio;
 *     The same file holds the schedules of the jammers on the air
 *     (below);
 *   - one Unix datagram socket per station, "<name>.<pid>.sock"; a frame is
 *     sent to every other station's socket when its airtime has elapsed,
 *     and each receiver decides (channel, loss, RSSI, jammers) what it
 *     hears.
 * Sockets of dead processes are removed by whoever finds them refused.
 */
#ifndef DVR_AIR_H
#define DVR_AIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The PHY family of a frame on the air (the values of the public
 * enum dvr_rate_kind, fixed here as part of the air's format). */
enum air_rate_kind {
	AIR_RATE_LEGACY = 0, /* CCK or OFDM, rate in 500 kbit/s units */
	AIR_RATE_HT = 1,     /* 802.11n, MCS 0..31 */
	AIR_RATE_VHT = 2,    /* 802.11ac, NSS 1..4, MCS 0..9 */
};

#define AIR_MAX_FRAME 12000   /* 802.11 frame incl. FCS */

/* What travels with every frame: the TX vector as the PHY would signal it. */
struct air_frame_hdr {
	uint32_t magic;          /* AIR_MAGIC */
	uint16_t version;        /* AIR_VERSION */
	uint16_t len;            /* 802.11 frame bytes that follow, incl FCS */
	uint32_t sender_id;      /* random per station; receivers skip own */
	uint16_t channel;        /* primary 20 MHz channel */
	uint16_t center;         /* centre channel of bw */
	uint16_t bw_mhz;         /* 20, 40, 80, or 10 / 5: a 20 MHz PPDU
	                            from a baseband on a half / quarter
	                            clock, which only a receiver clocked
	                            the same way decodes */
	uint8_t rate_kind;       /* AIR_RATE_* */
	uint8_t legacy_500k;
	uint8_t mcs, nss;
	uint8_t short_gi, ldpc, stbc;
	int8_t tx_power_dbm;     /* on the air, when AIR_F_TX_POWER */
	uint8_t flags;           /* AIR_F_* */
	/* the transmitter's modulation error as an SNR ceiling, in dB
	 * (0: clean, not limiting) */
	uint8_t tx_evm_db;
	uint32_t airtime_us;
	uint64_t tx_end_ns;      /* CLOCK_MONOTONIC when the PPDU ended */
};
#define AIR_MAGIC 0x44564152u /* "DVAR" */
#define AIR_VERSION 3 /* 3: bw_mhz 5 and 10 */
/* flags: the transmitter's radio model set tx_power_dbm (else the
 * receiver's configured rssi= stands for the link as it is); the PPDU
 * reaches the air as energy only, which carrier sense sees and no
 * receiver decodes */
#define AIR_F_TX_POWER 0x01u
#define AIR_F_ENERGY_ONLY 0x02u
/* The transmit power a receiver's rssi= option describes: a frame whose
 * power is modelled arrives that much stronger or weaker than it (the
 * model's choice, a typical per-chain output of a USB adapter). */
#define AIR_REF_TX_DBM 15

struct air;

/* Join the air as a station. name may repeat across processes. Every frame
 * any station sends after this returns is delivered to it. */
int air_join(const char *dir, const char *name, struct air **out);
void air_leave(struct air *air);
const char *air_dir(const struct air *air);

/* Reserve the medium of a channel for airtime_us starting no earlier than
 * not_before_ns (CLOCK_MONOTONIC ns; it may lie in the past: a
 * transmitter on a fixed schedule that woke late claims the slot it was
 * due, as long as nobody holds the medium then); returns the reserved
 * start time. Slots never overlap. */
uint64_t air_reserve(struct air *air, unsigned channel, uint64_t not_before_ns,
                     uint32_t airtime_us);

/* Transmit at start_ns for airtime_us whether or not the medium is held,
 * as a radio with its carrier sense off does: the slot may overlap
 * another station's (collisions are not modelled; both frames are
 * heard), and the medium is held at least until this frame ends. */
void air_occupy(struct air *air, unsigned channel, uint64_t start_ns,
                uint32_t airtime_us);

/* A station of this process may take frames straight from an in-process
 * sender, as a radio hears a frame while it is sent, without a thread of
 * its own having to be scheduled: once fn is set, every air_send of this
 * process to that station calls fn (on the sender's thread, never two at
 * once for one station) instead of queueing a datagram. Frames from other
 * processes still arrive through air_recv. fn must not call air_* but
 * air_jam_mw; after air_leave returns, fn runs no more. */
typedef void (*air_rx_fn)(void *ctx, const struct air_frame_hdr *hdr,
                          const uint8_t *frame);
void air_set_receiver(struct air *air, air_rx_fn fn, void *ctx);

/* Deliver a frame to every other station (call at the reserved end time;
 * a station of this process with a receiver gets it through that). */
int air_send(struct air *air, const struct air_frame_hdr *hdr,
             const uint8_t *frame);

/* Receive the next frame, waiting up to timeout_ms; returns frame length,
 * 0 on timeout, negative errno on error. Own frames are skipped. */
int air_recv(struct air *air, struct air_frame_hdr *hdr, uint8_t *frame,
             size_t cap, unsigned timeout_ms);

/*
 * Jammers. A jammer puts noise, not frames, on the air: 20 MHz of it at a
 * fixed power on one channel, or on a list of channels in turn, a fixed
 * dwell on each, from the moment it came on. It sends nothing through the
 * sockets and runs no thread: it publishes that schedule in the medium
 * file, and a receiver asks, for each frame, how much jammer power fell
 * into the frame's band during its airtime (air_jam_mw) — the schedule and
 * the shared monotonic clock say where every jammer was at any instant.
 * An entry names the jammer's process; the entry of a process that is
 * gone counts for nothing, and the next jammer to come on takes its place.
 * The medium's busy times are left alone: a chip's default carrier sense
 * defers on decodable 802.11 preambles only, its energy detection parked
 * (vchip_wmac.c), so a jammer never holds a transmitter off.
 */
#define AIR_JAM_MAX_CHANNELS 16
#define AIR_JAM_SLOTS 16    /* jammers on one air at once */

struct air_jammer {
	uint64_t start_ns;       /* CLOCK_MONOTONIC when it came on: the
	                            first dwell (freq_mhz[0]) starts here */
	uint32_t dwell_us;       /* on each frequency in turn, > 0 */
	int32_t power_dbm;       /* what a receiver gets over its band */
	uint16_t bw_mhz;         /* width of the noise, the power spread
	                            evenly over it */
	uint8_t n_freqs;         /* 1..AIR_JAM_MAX_CHANNELS */
	uint16_t freq_mhz[AIR_JAM_MAX_CHANNELS]; /* centres, in order */
	int32_t pid;             /* its process (set by the air) */
};

/* Put this station's jammer on the air (one per station: a second call
 * replaces the schedule). -EINVAL: a schedule without frequencies, dwell
 * or width; -ENOSPC: AIR_JAM_SLOTS live jammers are on already. */
int air_jam_on(struct air *air, const struct air_jammer *j);
/* Take it off (air_leave does too). */
void air_jam_off(struct air *air);
/* The power, in mW, that live jammers put into [f_lo_mhz, f_hi_mhz]
 * at any time in [start_ns, end_ns): each jammer's share of its width
 * that overlaps the band, at the worst moment of the interval (a frame
 * hit during part of its airtime is hit). 0.0 when none. Lock-free: a
 * receiver fn (air_set_receiver) may call it. */
double air_jam_mw(struct air *air, unsigned f_lo_mhz, unsigned f_hi_mhz,
                  uint64_t start_ns, uint64_t end_ns);
/* The live jammers' schedules (up to max); returns how many are live. */
size_t air_jammers(struct air *air, struct air_jammer *out, size_t max);

/* Claim the adapter name across processes, as a USB interface is claimed
 * by one open file at a time: an advisory lock on "<name>.claim" in the
 * air directory (dir NULL: the default), holding the claimer's pid.
 * Returns the lock's descriptor (>= 0; close it to release, as the
 * process's exit does), -EBUSY with *holder set to the pid that has it
 * (0 if unknown), or another negative errno. */
int air_claim(const char *dir, const char *name, long *holder);

/* Names of the stations currently on the air (for dvr_list_adapters). */
size_t air_list(const char *dir, char names[][48], size_t max);

/* CLOCK_MONOTONIC now, in ns. */
uint64_t air_now_ns(void);

#endif /* DVR_AIR_H */
