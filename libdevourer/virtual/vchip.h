/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The virtual adapter: a model of a Realtek chip at its USB interface.
 * One model core and one personality per chip (vchip_personality.h): the
 * chip is chosen with chip= (default 8812a) or from the VID:PID.
 *
 * It answers what a host controller would send a real adapter — vendor
 * control transfers, bulk OUT, bulk IN — and nothing else, so the HAL runs
 * on it unchanged. Two front ends use this one API: the in-process
 * transport (libdevourer/src/transport_virtual.c) and, later, a usbfs
 * emulation under umockdev for the real libusb.
 *
 * It is as strict as the chip: a bad TX descriptor is dropped and counted,
 * not transmitted; firmware boots only when its reset vector leads into
 * the code downloaded without a hole (any genuine image); RX aggregates are
 * laid out exactly as the chip lays them out. Frames go out on the shared
 * air (air.h) paced by their airtime and come back from it filtered by
 * channel, with the configured loss, RSSI and noise.
 *
 * Return values follow usbfs: bytes moved (>= 0) or a negative errno:
 * -EPIPE (stall), -ETIMEDOUT (NAK until the timeout), -ENODEV (removed),
 * -EINVAL (request the chip does not understand), -EOVERFLOW.
 * All functions are thread-safe.
 */
#ifndef DVR_VCHIP_H
#define DVR_VCHIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct vchip;
struct vchip_personality;

#define VCHIP_JAM_MAX_CHANNELS 16  /* = AIR_JAM_MAX_CHANNELS */
#define VCHIP_JAM_MAX_DWELL_MS 60000

struct vchip_config {
	const char *name;        /* station name on the air (required) */
	/* The chip (chip= option). NULL: the personality whose USB ids list
	 * vid:pid when they are set (none: vchip_create fails with
	 * -ENODEV), else the default (8812a). */
	const struct vchip_personality *chip;
	uint16_t vid, pid;       /* 0: the chip's first USB id */
	unsigned n_out_eps;      /* bulk OUT endpoints, 2..4 (default 3) */
	unsigned speed_mbps;     /* 480 (default) or 5000 */
	/* The port's top speed: 5000 (default, a SuperSpeed port) or 480
	 * (a USB2-only port or cable): the chip never enumerates faster. */
	unsigned port_mbps;
	double loss;             /* probability a received frame is lost */
	int rssi_dbm;            /* signal at this receiver (default -40) */
	int noise_dbm;           /* noise floor (default -95) */
	/* pathloss=FILE: a scripted path (vchip_pathloss.h) whose loss,
	 * from the transmitter's power, sets what this receiver hears and
	 * decodes, over time from plug-in; rssi= is then unused. */
	char pathloss_file[200];
	uint32_t seed;           /* loss RNG seed (0: from time and pid) */
	const char *air_dir;     /* NULL: $DEVOURER_AIR_DIR or
	                            /tmp/devourer-air-<uid> */
	bool no_air;             /* model only, not on the air (unit tests) */
	/* usb3switch=0: a board whose EFUSE tells the driver to leave it
	 * on USB 2 (by default a USB3-capable stick's EFUSE invites the
	 * switch, as the shipped ones do). */
	bool efuse_stay_usb2;
	/* board=NAME: which of the chip's board variants (its EFUSE
	 * calibration) to model; empty: the chip's first. vchip_create
	 * refuses a name the chip does not list (-EINVAL). */
	char board[24];
	/* thermal=N: the die's thermal meter reading (0..63) at plug-in;
	 * unset: the board's calibration temperature (chips with a meter;
	 * vchip_set_thermal() changes it while running). */
	bool thermal_set;
	uint8_t thermal;
	/* jam=CH[:CH...]: the station is also a jammer (air.h): from
	 * vchip_create until it is destroyed or unplugged, 20 MHz of noise
	 * on jam_channels[0], or on each of them in turn for jam_dwell_ms
	 * (jam-dwell=; 0: 100 ms) when there are several, at jam_dbm
	 * (jam-dbm=, -127..20; unset: -40 dBm, the default rssi=) at every
	 * receiver whose band it falls in. jam_n 0: no jammer. A jammer
	 * needs no firmware or set-up: being on the air is enough. */
	unsigned jam_n;
	uint8_t jam_channels[VCHIP_JAM_MAX_CHANNELS];
	unsigned jam_dwell_ms;
	bool jam_dbm_set;
	int jam_dbm;
};

/* Parse "chip=8812a,loss=0.1,rssi=-60,noise=-95,seed=7,pid=8812,eps=3,
 * speed=480,port=5000,usb3switch=0,board=graded,thermal=30,
 * pathloss=FILE,jam=36:40,jam-dbm=-50,jam-dwell=50" over cfg (a path
 * loss file is read to check it). Unknown keys and unknown chips are an
 * error (the message lists the chips there are), so are jam-dbm= and
 * jam-dwell= without jam= and jam-dwell= with one channel; "trace=" is
 * ignored here (the core handles it). Environment DEVOURER_VIRTUAL_LOSS
 * / _RSSI / _NOISE apply first. */
int vchip_config_parse(struct vchip_config *cfg, const char *options,
                       char *err, size_t err_len);

/* Create the chip in its power-off state (as when plugged in).
 * -ENODEV: vid:pid set, no chip given, and no personality lists them. */
int vchip_create(const struct vchip_config *cfg, struct vchip **out);
void vchip_destroy(struct vchip *vc);

/* USB identity and endpoints, as its descriptors would list them. */
struct vchip_usb_desc {
	uint16_t vid, pid;
	unsigned speed_mbps;
	uint16_t bulk_max_packet;
	unsigned n_out;
	uint8_t out_ep[4];
	uint8_t in_ep;
	/* The chip can run at 5000 Mbit/s (its descriptors say USB 3 even
	 * while it is enumerated at high speed, and carry a BOS). */
	bool usb3_capable;
};
void vchip_usb_desc(const struct vchip *vc, struct vchip_usb_desc *out);

/* Control transfer on endpoint 0. */
int vchip_control(struct vchip *vc, uint8_t bm_request_type,
                  uint8_t b_request, uint16_t w_value, uint16_t w_index,
                  uint8_t *data, uint16_t w_length, unsigned timeout_ms);

/* Bulk OUT: the chip takes the transfer when its TX FIFO has room (else
 * NAKs until timeout_ms: -ETIMEDOUT). Returns len when taken — even when
 * the descriptor is then rejected, as real hardware does; rejects are
 * counted in vchip_stats. */
int vchip_bulk_out(struct vchip *vc, uint8_t ep, const uint8_t *data,
                   size_t len, unsigned timeout_ms);

/* Bulk IN: waits up to timeout_ms for received packets and returns one
 * RX aggregate (several packets, 8-byte aligned) of at most cap bytes;
 * -ETIMEDOUT when nothing arrived. One transfer at a time: between two
 * calls the chip only has its RX FIFO (see vchip_bulk_in_submit). */
int vchip_bulk_in(struct vchip *vc, uint8_t ep, uint8_t *buf, size_t cap,
                  unsigned timeout_ms);
/* How many vchip_bulk_in calls are blocked inside the chip right now,
 * waiting for packets (for tests that must act on a waiting caller). */
unsigned vchip_bulk_in_waiters(const struct vchip *vc);

/* Queued bulk IN, as a host controller keeps several transfers posted
 * (rtw88 usb.c keeps RTW_USB_RXCB_NUM of them): the chip's RX DMA fills
 * the oldest queued transfer with one aggregate as soon as packets are in
 * its RX FIFO — on whatever thread put them there, no host thread
 * needed — and completes it. buf belongs to the chip until the transfer
 * is reaped or cancelled. submit: 0, -EBUSY (VCHIP_BULK_IN_QUEUE_MAX
 * already queued), -ENODEV.
 * A halted endpoint fails the transfer and every one queued before it
 * with -EPIPE. */
#define VCHIP_BULK_IN_QUEUE_MAX 256u
int vchip_bulk_in_submit(struct vchip *vc, uint8_t ep, uint8_t *buf,
                         size_t cap, uintptr_t tag);
/* Wait up to timeout_ms for the oldest queued transfer to complete; its
 * tag in *tag. Returns its length or its error (-EOVERFLOW: the packet
 * did not fit and was lost; -ENODEV: the chip was unplugged while it
 * was queued; -ECONNRESET: cancelled); -ETIMEDOUT: still waiting (it
 * stays queued); -ENOENT: none is queued. */
int vchip_bulk_in_reap(struct vchip *vc, uint8_t ep, unsigned timeout_ms,
                       uintptr_t *tag);
/* The host side's wake-up, as libusb_interrupt_event_handler is for an
 * event loop: the vchip_bulk_in_reap waiting now, or else the next one,
 * returns -EINTR at once with every transfer still queued. Lets a host
 * hand the reaping from one thread to another without waiting out a
 * reap's timeout. */
void vchip_bulk_in_interrupt(struct vchip *vc, uint8_t ep);
/* The host controller's completion interrupt: fn runs each time a
 * queued bulk IN transfer completes (filled, failed or cancelled), on
 * the thread that completed it — whichever put the packet into the RX
 * FIFO, none of the host's — with the number of completed transfers now
 * waiting to be reaped. It runs under the chip's lock: it must be quick
 * and must not call into the chip. NULL removes it; once this returns
 * the previous fn is not running and is not called again. */
typedef void (*vchip_bulk_in_completion_fn)(void *ctx, unsigned completed);
void vchip_bulk_in_set_completion(struct vchip *vc, uint8_t ep,
                                  vchip_bulk_in_completion_fn fn, void *ctx);
/* Unlink every queued transfer still waiting: each completes with
 * -ECONNRESET (those the chip completed before keep their data); once it
 * returns the chip touches none of the buffers. Reap them all (until
 * -ENOENT) before reusing the buffers. */
void vchip_bulk_in_cancel(struct vchip *vc, uint8_t ep);

/* Link-speed switch (USB2 -> USB3). A chip that can change its speed
 * leaves the bus when the driver commands the switch: every call then
 * fails with -ENODEV, as after an unplug, and vchip_reenumerate_pending()
 * returns the new speed in Mbit/s (0: nothing pending). The front end
 * then calls vchip_reenumerate(): the chip comes back powered off at that
 * speed, or at the port's top speed when the port is slower (vchip_usb_desc
 * gives the new descriptors), and the host opens it again. Returns 1 when it re-enumerated, 0 when nothing was pending. */
unsigned vchip_reenumerate_pending(const struct vchip *vc);
int vchip_reenumerate(struct vchip *vc);

/* Clear a stalled endpoint. */
int vchip_clear_halt(struct vchip *vc, uint8_t ep);

/* Surprise removal: every waiting and future call fails with -ENODEV. */
void vchip_unplug(struct vchip *vc);

/* ---- introspection for tests and demos ---- */

/* Milestones the model observed, in the order it saw them. */
enum vchip_milestone {
	VCHIP_M_POWER_ON = 1,    /* card-enable sequence completed */
	VCHIP_M_FW_CHECKSUM_OK,  /* download checksum report set */
	VCHIP_M_FW_BOOTED,       /* firmware ready handshake answered */
	VCHIP_M_FW_FAILED,       /* image refused: never boots */
	VCHIP_M_MAC_TABLE,       /* MAC table values programmed */
	VCHIP_M_BB_TABLE,        /* BB + AGC tables programmed */
	VCHIP_M_RF_TABLE,        /* RF table programmed via LSSI */
	VCHIP_M_MONITOR,         /* RCR accepts all frames (monitor) */
	VCHIP_M_CHANNEL,         /* channel/bandwidth set (each change) */
	VCHIP_M_TX_ENABLED,      /* MAC TX + RX enabled */
	VCHIP_M_POWER_OFF,
	VCHIP_M_CALIBRATION,     /* firmware asked to calibrate (IQK) */
};
const char *vchip_milestone_name(enum vchip_milestone m);
/* Copies up to max milestones, returns how many there are. */
size_t vchip_milestones(const struct vchip *vc, enum vchip_milestone *out,
                        size_t max);

struct vchip_stats {
	uint64_t ctrl_reads, ctrl_writes;
	uint64_t tx_transfers;       /* bulk OUT transfers taken */
	uint64_t tx_agg_transfers;   /* of those, ones whose good first
	                                descriptor announced several frames
	                                (USB TX aggregation) within what
	                                the chip was told to take */
	uint64_t tx_aired;           /* frames put on the air */
	uint64_t tx_airtime_us;      /* their airtime */
	uint64_t tx_bad_checksum;    /* dropped: descriptor checksum */
	uint64_t tx_bad_desc;        /* dropped: impossible field */
	uint64_t tx_bad_queue;       /* dropped: QSEL on the wrong endpoint */
	uint64_t tx_not_ready;       /* dropped: MAC TX off / no firmware */
	uint64_t tx_phy_dropped;     /* taken, never aired: the chip drops
	                                a frame its PHY does not send (a
	                                CCK rate on 5 GHz on an RTL8814A) */
	uint64_t tx_naks;            /* bulk OUT refused: FIFO full */
	uint64_t tx_deferred;        /* started late: another station
	                                held the channel (carrier sense) */
	uint64_t rx_heard;           /* frames heard on our channel */
	uint64_t rx_lost;            /* lost by the link model */
	uint64_t rx_corrupted;       /* delivered with a bad FCS */
	uint64_t rx_filtered;        /* dropped by RCR / RX off */
	uint64_t rx_fifo_overflow;   /* dropped: RX FIFO full */
	uint64_t rx_starved;         /* times packets waited in the FIFO
	                                with every queued bulk IN transfer
	                                complete and not yet reaped */
	uint64_t rx_starved_max_us;  /* the longest such wait: how long the
	                                host left the chip without a
	                                transfer to fill */
	uint64_t rx_too_long;        /* dropped: over the RX packet limit */
	uint64_t rx_delivered;       /* packets handed out on bulk IN */
	uint64_t other_channel;      /* frames heard on another channel */
	uint64_t rf_lck_runs;        /* LC-tank calibrations the RF ran */
	uint64_t rx_undecodable;     /* heard as energy, not decoded: sent
	                                as energy only, too weak for its
	                                rate, or a receiver set deaf to it */
	uint64_t rx_jam_covered;     /* frames heard while a jammer's noise
	                                fell into their band (decoded or
	                                not) */
	uint64_t rx_jammed;          /* of those, ones not decoded: the
	                                noise plus the jammers' power left
	                                too little SNR for the rate (also
	                                counted in rx_undecodable) */
	int64_t rx_last_rssi_dbm;    /* the power the air gave the last
	                                frame decoded (what its PHY status
	                                should report); 0 before any */
};
void vchip_get_stats(const struct vchip *vc, struct vchip_stats *out);

/* Tuned channel as the BB/RF registers select it (0 if not set). */
struct vchip_tuning {
	unsigned channel;     /* primary 20 MHz channel */
	unsigned center;      /* RF 0x18 channel (centre for 40/80) */
	unsigned bw_mhz;
	bool band_5g;
};
void vchip_get_tuning(const struct vchip *vc, struct vchip_tuning *out);

/* When this station's jammer came on (CLOCK_MONOTONIC ns, the air's
 * clock: its first dwell starts then); 0 when it is not jamming. */
uint64_t vchip_jam_start_ns(const struct vchip *vc);

/* The chip= name of the personality ("8812a"). */
const char *vchip_chip_name(const struct vchip *vc);

/* Register file access for tests (no side effects). */
uint32_t vchip_peek32(const struct vchip *vc, uint16_t addr);
uint32_t vchip_peek_rf(const struct vchip *vc, unsigned path, uint8_t reg);
/* Set one register byte for a bench that compares settings the HAL does
 * not offer (e.g. the RX aggregation thresholds): the value lands in the
 * register file as a driver write would, without the write's side
 * effects, so only registers the model reads live may be set this way. */
void vchip_poke8(struct vchip *vc, uint16_t addr, uint8_t value);

/* The die warms or cools: the thermal meter (on chips with one) reads
 * @p value (0..63) from its next measurement on. -EINVAL out of range. */
int vchip_set_thermal(struct vchip *vc, unsigned value);

/* IQ calibration engine of one path, for tests: the correction it
 * measures on the path's current channel (before its one-LSB shot noise;
 * TX X 0x200 = unity; RX values on the report's scale, twice that of the
 * 10-bit RX correction registers), the one-shots it ran, and the TX
 * correction the driver applied (its page-C1 registers, [10:0]). */
struct vchip_iqk {
	int tx_x, tx_y, rx_x, rx_y;
	unsigned shots;
	uint32_t applied_tx_x, applied_tx_y;
	/* the RX correction the BB applies, where the chip keeps it apart
	 * from its registers (the 8814A's per-path NCTL pages); 0 else */
	uint32_t applied_rx_x, applied_rx_y;
};
/* false: this chip model has no such engine (or no such path). */
bool vchip_peek_iqk(const struct vchip *vc, unsigned path,
                    struct vchip_iqk *out);

/* The antenna of a chip that shares it between WLAN and BT, as its
 * coexistence registers set it, for tests: who owns the grant and path
 * control, the grants, who drives the antenna switch and to which
 * level, and the verdict — whether WLAN has the antenna (its frames
 * reach the air and it hears the air; else TX is dropped as not ready
 * and RX is deaf). */
enum vchip_ant_ctrl {
	VCHIP_ANT_BY_BT = 0,   /* the BT side drives the switch */
	VCHIP_ANT_BY_BB,       /* a level the WLAN baseband software sets */
	VCHIP_ANT_BY_PTA,      /* the PTA's grant */
	VCHIP_ANT_BY_ANTDIV,   /* antenna diversity */
	VCHIP_ANT_BY_MAC,      /* a level a MAC register sets */
	VCHIP_ANT_NO_SWITCH,   /* the board has no antenna switch */
};
struct vchip_antenna {
	bool wlan;             /* the verdict */
	bool wl_owner;         /* WLAN owns the grant / path-control mux */
	uint8_t gnt_wl, gnt_bt;/* 0 hardware PTA, 1 software low, 3 high */
	uint8_t ctrl;          /* enum vchip_ant_ctrl */
	uint8_t level;         /* the level driven (VCHIP_ANT_BY_BB / _MAC) */
};
/* false: this chip model has no such switch (its WLAN always has the
 * antenna). */
bool vchip_peek_antenna(const struct vchip *vc, struct vchip_antenna *out);

/* The TX power index of rate code @p rate on @p path as a chip with a
 * write-only per-rate table port (the 8814A's 0x1998) last set it, for
 * tests; false for a chip whose levels sit in readable registers
 * (vchip_peek32) or a path or rate it has none of. */
bool vchip_peek_txagc(const struct vchip *vc, unsigned path, uint8_t rate,
                      unsigned *index);

/* The in-process registry of live virtual chips, by name (for tests). */
struct vchip *vchip_find(const char *name);

#endif /* DVR_VCHIP_H */
