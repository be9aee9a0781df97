/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What makes a virtual chip one particular chip: its personality.
 *
 * The model core (vchip.c, vchip_regs.c, vchip_tx.c, vchip_rx.c, the air,
 * the faults) knows USB endpoints, the register file as bytes, the power
 * state machine every Realtek USB Wi-Fi chip of this family shares, the TX
 * FIFO and its airtime pacing, the RX FIFO and its aggregates. Everything
 * one chip does differently is behind the table below: its identity and
 * straps, its register side effects (EFUSE engine, firmware download and
 * boot, RF access, LLT, queue status), how it decodes a TX descriptor, how
 * it lays out an RX descriptor and PHY status, and which channel its
 * registers programme.
 *
 * One personality per chip, in its own files (personality_<chip>.c and
 * personality_<chip>_<part>.c), listed in vchip_personalities.c. Chips
 * of one CPU generation share a layer below their personalities
 * (personality_<layer>*.c: personality_jaguar1*.c for the 8051 Jaguar1
 * chips, personality_3081*.c for the 3081-CPU chips),
 * whose ops a personality lists as its own and which reads the chip's
 * constants and hooks through the layer field. A personality owns a
 * private state block (state_size bytes, zeroed at create, vc->pstate)
 * for whatever it must remember (firmware RAM, RF registers, table
 * trackers); on a shared layer the block starts with the layer's state.
 * Names follow the files: P<CHIP>_ registers (personality_<chip>_regs.h)
 * and p<chip>_ functions and types (PJAGUAR1_ / pjaguar1_ and P3081_ /
 * p3081_ for the family layers, personality_jaguar1*.c and
 * personality_3081*.c).
 *
 * Locking: every op is called with vc->lock held, from the thread of the
 * transfer that caused it (control, bulk OUT) or from the model's RX
 * thread (rx_* ops). Ops must not block, sleep, or take vc->lock.
 *
 * What the core gives a personality (vchip_internal.h): the register bytes
 * vc->regs[], the power state vc->mac_on, vc_store() to write one byte the
 * way the core stores it, vc_power_fsm_written(), vc_set_tuning(),
 * vc_milestone(), vc_rx_fifo_put() for packets the chip makes itself
 * (firmware reports in the RX stream), the stats block, and the helpers
 * of vchip_rate.c (rate
 * codes, airtime) and vchip_wmac.c (the receive filter and TX queue map the
 * Realtek MAC generations share).
 *
 * What a second generation needs and where it goes, e.g. the 3081-CPU
 * chips: their firmware arrives as bulk OUT packets to the reserved page
 * (tx_decode answers VC_TXD_CONSUMED and keeps the chunk in the private
 * state) and is moved by the DDMA engine their register writes drive
 * (write); their 48-byte descriptor with its checksum is tx_decode; their
 * 24-byte RX descriptor and PHY status are rx_encode; their "on" blocks
 * (0x0000-0x00FF, 0x1000-0x10FF) are powered (personality_3081*.c does
 * all of this); RF reached through BB windows and SI/LSSI ports is write,
 * read8 and rf_peek of one chip (personality_8822c_phy.c). A USB2 -> USB3
 * switch, where the device leaves the bus and comes back at the other
 * speed, is vc_drop_for_reenumeration() in the core; the front ends see
 * it through vchip_reenumerate_pending() / vchip_reenumerate().
 */
#ifndef DVR_VCHIP_PERSONALITY_H
#define DVR_VCHIP_PERSONALITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "libdevourer/virtual/air.h"

struct vchip;
struct vchip_iqk;
struct vchip_antenna;

/* One USB identity a chip ships under. The first entry of a personality
 * is its default when the configuration names none. */
struct vchip_usb_id {
	uint16_t vid, pid;
};

/* A frame the TX descriptor decode accepted for the air. */
struct vc_tx_frame {
	size_t hdr_len;      /* descriptor + padding before the 802.11 bytes */
	size_t pkt_len;      /* 802.11 bytes (no FCS) */
	unsigned qsel;       /* queue select field, for the queue checks */
	uint8_t rate_code;   /* Realtek DESC rate code the frame is sent at */
	uint8_t bw_code;     /* 0/1/2 = 20/40/80 MHz */
	bool sgi, ldpc;
	uint8_t stbc;
	bool hw_seq;         /* the MAC numbers the frame (sequence control) */
};

/* Receive chains a frame's power is reported for (the RTL8814A's four). */
#define VC_RX_CHAINS_MAX 4

/* What rx_desense_db answers for a receiver that decodes nothing of a
 * frame (its energy still counts as heard). */
#define VC_RX_DEAF_DB 1000

/* Verdicts of tx_decode. */
enum vc_tx_verdict {
	VC_TXD_FRAME = 0,    /* *out describes a frame for the air */
	VC_TXD_CONSUMED,     /* the chip took it for itself (e.g. a firmware
	                        chunk into the reserved page); out->hdr_len +
	                        out->pkt_len bytes used */
	VC_TXD_BAD_CHECKSUM, /* descriptor checksum wrong: rest dropped */
	VC_TXD_BAD_LAYOUT,   /* size/offset cannot be trusted: rest dropped */
	VC_TXD_BAD_FIELD,    /* impossible field: this frame dropped, the
	                        next one follows (out->hdr_len + pkt_len) */
};

/* What the core knows about a received frame when it asks the
 * personality for its RX descriptor. */
struct vc_rx_meta {
	const struct air_frame_hdr *air; /* rate, bandwidth, timing */
	const uint8_t *frame;            /* 802.11 bytes incl. FCS */
	size_t len;                      /* bytes incl. FCS */
	bool crc_err;
	int rate_code;                   /* Realtek DESC rate code */
	uint64_t tsf_us;                 /* receive time on the chip's TSF */
	int rssi_dbm, noise_dbm;         /* link model at this receiver */
	/* the power each receive chain took in: rssi_dbm on every chain,
	 * or, on a chip with rx_fading_chains, each of those chains faded
	 * on its own (vchip_rx.c) */
	int chain_rssi_dbm[VC_RX_CHAINS_MAX];
};

struct vchip_personality {
	const char *name;          /* "8812a": the chip= option value */
	const char *description;   /* "RTL8812AU (Jaguar1, 8051 firmware)" */
	const struct vchip_usb_id *usb_ids;
	size_t n_usb_ids;
	bool usb3_capable;         /* may enumerate at 5000 Mbit/s */

	/* Geometry the core sizes its buffers and pacing by. */
	size_t state_size;         /* private state block (vc->pstate) */
	size_t tx_page;            /* TX FIFO page bytes */
	unsigned tx_pages;         /* pages the host can fill */
	size_t tx_max_xfer;        /* largest bulk OUT the chip takes */
	size_t rxff_bytes;         /* RX FIFO bytes */
	size_t rx_hdr_max;         /* largest RX descriptor + driver info */
	unsigned rf_paths;         /* RF paths vchip_peek_rf() can read */
	/* Receive chains (up to VC_RX_CHAINS_MAX) each of which fades on
	 * its own on the air, as antennas a wavelength apart do: the
	 * core draws each one's power around the link's (vc_rx_meta
	 * chain_rssi_dbm). 0: every chain reports the link's rssi_dbm, as
	 * the 1- and 2-path models always have. */
	unsigned rx_fading_chains;

	/* ---- life cycle ---- */

	/* Registers at plug-in: reset values and straps (chip id, cut, USB
	 * speed strap, EFUSE autoload status), written into vc->regs (which
	 * the core zeroed). Called once at create, after vc->usb is set
	 * (the speed the device enumerated at) and before efuse_build. */
	void (*reset)(struct vchip *vc);
	/* Board variants the board= option names (NULL-terminated; the
	 * first is the default). NULL: the chip models one board and
	 * refuses every board= name. */
	const char *const *boards;
	/* Build the EFUSE content (logical map, physical image) into the
	 * private state for vc->cfg.board (checked against boards).
	 * vc->mac_addr is set by the core beforehand. */
	void (*efuse_build)(struct vchip *vc);
	/* The MAC power domain came up (on = true: load the MAC block's
	 * reset values) or went down (forget firmware, tables, filters). */
	void (*mac_power)(struct vchip *vc, bool on);

	/* ---- register file ---- */

	/* Whether byte a answers now: false for a block that is powered
	 * down (reads 0xEA, writes dropped, as the chip answers for an
	 * unpowered block). */
	bool (*powered)(const struct vchip *vc, uint32_t a);
	/* The byte a read returns at a (powered): computed status bits,
	 * read-backs, or vc->regs[a]. No side effects. */
	uint8_t (*read8)(struct vchip *vc, uint32_t a);
	/* After a host read of [addr, addr+len) returned data: for reads
	 * with effects the chip notes (a status the driver has seen). May
	 * be NULL. */
	void (*observe_read)(struct vchip *vc, uint16_t addr,
	                     const uint8_t *data, size_t len);
	/* A host write of [addr, addr+len) (already checked against the
	 * 64 KiB space). The personality stores what the chip stores
	 * (vc_store() per byte, skipping read-only bytes), runs the side
	 * effects (vc_power_fsm_written() when 0x04-0x07 is touched, its
	 * own engines) and decides where windows such as a firmware
	 * download port send the bytes. */
	void (*write)(struct vchip *vc, uint16_t addr, const uint8_t *data,
	              size_t len);
	/* RF register of a path as the chip holds it (tests). */
	uint32_t (*rf_peek)(const struct vchip *vc, unsigned path,
	                    uint8_t reg);
	/* Optional: the IQ calibration engine of a path (tests); false
	 * when the chip has none a driver runs register by register. */
	bool (*iqk_peek)(const struct vchip *vc, unsigned path,
	                 struct vchip_iqk *out);
	/* Optional: the WLAN/BT antenna state (tests); false when the chip
	 * has no shared antenna. */
	bool (*antenna_peek)(const struct vchip *vc,
	                     struct vchip_antenna *out);
	/* Optional: the TX power index of a rate code on a path where the
	 * chip keeps it behind a write-only port (tests); false when it
	 * has no such table or no such rate. */
	bool (*txagc_peek)(const struct vchip *vc, unsigned path,
	                   uint8_t rate, unsigned *index);

	/* ---- TX ---- */

	/* Whether the bulk OUT endpoints take transfers at all (the TX DMA
	 * engine is on); when false the core NAKs them. */
	bool (*tx_dma_on)(const struct vchip *vc);
	/* Whether the MAC would transmit a frame now (MAC TX on, firmware
	 * state as the chip needs it). Frames decoded while it is false are
	 * dropped and counted as tx_not_ready. */
	bool (*tx_ready)(const struct vchip *vc);
	/* How many descriptors the transfer starting at d carries (its
	 * aggregate count field; 1 when not aggregated) and the most the
	 * chip was told to take; the core refuses a transfer over it. */
	void (*tx_agg)(const struct vchip *vc, const uint8_t *d, size_t len,
	               unsigned *count, unsigned *max);
	/* Decode the descriptor at d (rem bytes left in the transfer) that
	 * arrived on bulk OUT endpoint index ep_idx, as the chip does:
	 * checksum, size, offset, queue, rate, bandwidth. Counts nothing
	 * (the core counts by verdict). See enum vc_tx_verdict. */
	enum vc_tx_verdict (*tx_decode)(struct vchip *vc, unsigned ep_idx,
	                                const uint8_t *d, size_t rem,
	                                struct vc_tx_frame *out);
	/* Optional: the radio's part in a frame about to air, whose TX
	 * vector *h holds (rate, bandwidth, channel): its power
	 * (tx_power_dbm with AIR_F_TX_POWER), its modulation error
	 * (tx_evm_db), or AIR_F_ENERGY_ONLY, as the chip's TX AGC, paths
	 * and front end make it now. NULL: power and quality not modelled
	 * (receivers take the link as configured). */
	void (*tx_radio)(struct vchip *vc, struct air_frame_hdr *h);

	/* ---- RX ---- */

	/* Whether the MAC receives now (RX DMA and MAC RX on). */
	bool (*rx_ready)(const struct vchip *vc);
	/* Optional: how many dB of its signal-to-noise ratio the receiver
	 * loses on the frame *h as its RF is set now (a gain table for
	 * another band, a baseband filter narrower than the frame);
	 * VC_RX_DEAF_DB or more: it decodes nothing of it. NULL: 0. */
	int (*rx_desense_db)(const struct vchip *vc,
	                     const struct air_frame_hdr *h);
	/* Optional: while rx_ready is false, whether the RX DMA still runs
	 * for every frame the radio takes in and, having nothing to push,
	 * completes the oldest waiting bulk IN transfer empty (a chip whose
	 * RX DMA needs a setting to deliver). NULL: false. */
	bool (*rx_flushes_empty)(const struct vchip *vc);
	/* Whether a frame received with a bad FCS goes on to the receive
	 * filter at all (RCR ACRC32 on Realtek MACs) rather than being
	 * dropped by the PHY/MAC at once. */
	bool (*rx_keeps_bad_fcs)(const struct vchip *vc);
	/* The MAC receive filter, with the registers as they are: does a
	 * frame (n bytes incl. FCS, crc_err when its FCS is bad) reach the
	 * RX FIFO? */
	bool (*rx_accept)(const struct vchip *vc, const uint8_t *f, size_t n,
	                  bool crc_err);
	/* Write the RX descriptor and driver info (PHY status) for m into
	 * hdr (rx_hdr_max bytes); returns its length (the frame follows at
	 * that offset) and sets *frame_len to the frame bytes the chip
	 * delivers after it (m->len, or m->len - 4 when it strips the
	 * FCS). */
	size_t (*rx_encode)(struct vchip *vc, const struct vc_rx_meta *m,
	                    uint8_t *hdr, size_t *frame_len);
	/* Record in the first descriptor of a bulk IN transfer how many
	 * packets the aggregate holds. */
	void (*rx_agg_count)(uint8_t *first_desc, unsigned count);

	/* ---- for the personality's own use ---- */

	/* Constant data of the layer a personality shares with its
	 * generation, which that layer's ops read through vc->p (a
	 * 3081-CPU chip: its struct p3081_chip, personality_3081.h);
	 * NULL when the personality has no such layer. The core never
	 * reads it. */
	const void *layer;
};

/* ---- the personality table (vchip_personalities.c) ---- */

/* By chip= name ("8812a"); NULL when unknown. */
const struct vchip_personality *vchip_personality_by_name(const char *name);
/* The personality whose USB ids list vid:pid; NULL when none does. */
const struct vchip_personality *vchip_personality_by_usb_id(uint16_t vid,
                                                            uint16_t pid);
/* The default personality (the chip of a bare virtual:NAME). */
const struct vchip_personality *vchip_personality_default(void);
/* Names of every personality, comma-separated, for error messages. */
const char *vchip_personality_names(void);

/* The personalities themselves. */
extern const struct vchip_personality vchip_personality_8812a;
extern const struct vchip_personality vchip_personality_8821a;
extern const struct vchip_personality vchip_personality_8811a;
extern const struct vchip_personality vchip_personality_8822c;
extern const struct vchip_personality vchip_personality_8822b;
extern const struct vchip_personality vchip_personality_8821c;
extern const struct vchip_personality vchip_personality_8822e;
extern const struct vchip_personality vchip_personality_8814a;

#endif /* DVR_VCHIP_PERSONALITY_H */
