/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libdevourer — a userspace driver for Realtek USB Wi-Fi adapters in monitor
 * mode: inject raw 802.11 frames, receive every frame on a channel.
 *
 * Threading contract
 * ------------------
 *  - dvr_open(), dvr_start(), dvr_set_channel(), dvr_set_tx_power_mbm() and
 *    dvr_close() are "control" calls: call them from one thread at a time for
 *    a given device (any thread, but not concurrently with each other).
 *  - dvr_send() may be called from any thread, concurrently with itself and
 *    with dvr_set_channel(); frames are serialised internally in call order.
 *  - dvr_get_tx_stats() / dvr_get_rx_stats() / dvr_get_thermal_stats() may
 *    be called from any thread; so may dvr_get_tsf(), except from a
 *    device callback (it reads a register over the bus).
 *  - The rx and event callbacks run on a thread owned by the device. They
 *    must return quickly, must not block on the device and must never call
 *    dvr_close() on their own device. They may call dvr_send() and the stats
 *    getters.
 *  - dvr_close() may be called from any thread except a callback; it stops
 *    every device thread, waits for them, powers the chip down and frees
 *    everything. After it returns no callback runs.
 *  - Different devices are fully independent.
 *  - Several users of one adapter in a process share it through
 *    dvr_share_open() (below), which says what runs concurrently there.
 *
 * Errors are negative enum dvr_status values; dvr_strerror() names them.
 */
#ifndef DEVOURER_DEVOURER_H
#define DEVOURER_DEVOURER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <devourer/export.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Status codes. 0 is success, every error is negative. */
enum dvr_status {
	DVR_OK = 0,
	DVR_E_INVALID = -1,     /**< bad argument or malformed input */
	DVR_E_NO_MEM = -2,      /**< allocation failed */
	DVR_E_NOT_FOUND = -3,   /**< no adapter matches the selector */
	DVR_E_NO_DEVICE = -4,   /**< the device vanished (unplugged) */
	DVR_E_IO = -5,          /**< USB transfer error */
	DVR_E_TIMEOUT = -6,     /**< USB transfer timed out */
	DVR_E_PIPE = -7,        /**< endpoint stalled */
	DVR_E_BUSY = -8,        /**< device in use, or queue full */
	DVR_E_ACCESS = -9,      /**< permission denied (see the udev rule) */
	DVR_E_FIRMWARE = -10,   /**< firmware missing, corrupt or refused */
	DVR_E_CHIP = -11,       /**< chip did not reach an expected state */
	DVR_E_UNSUPPORTED = -12,/**< not supported by this chip or build */
	DVR_E_OVERFLOW = -13,   /**< buffer or frame too large */
	DVR_E_STATE = -14,      /**< call not valid in the current state */
};

/** Human-readable name of a dvr_status value (never NULL). */
DVR_API const char *dvr_strerror(int status);

/** Library version string, e.g. "0.1.0". */
DVR_API const char *dvr_version(void);

/** The chips this build drives, comma-separated in the order the driver
 * tries them, e.g. "RTL8812AU, RTL8822CU/RTL8812CU", a chip with a caveat
 * users must know followed by it in parentheses. Never NULL; static
 * storage; safe from any thread. */
DVR_API const char *dvr_supported_chips(void);

/* ------------------------------------------------------------------ */
/* Rates and channels                                                  */
/* ------------------------------------------------------------------ */

enum dvr_rate_kind {
	DVR_RATE_LEGACY = 0, /**< CCK or OFDM, rate in 500 kbit/s units */
	DVR_RATE_HT = 1,     /**< 802.11n, MCS 0..31 */
	DVR_RATE_VHT = 2,    /**< 802.11ac, NSS 1..4 and MCS 0..9 */
};

struct dvr_rate {
	uint8_t kind;        /**< enum dvr_rate_kind */
	uint8_t legacy_500k; /**< legacy: 2,4,11,22 (CCK) or 12..108 (OFDM) */
	uint8_t mcs;         /**< HT: 0..31; VHT: 0..9 */
	uint8_t nss;         /**< VHT: 1..4 (HT: derived from mcs) */
};

/** A monitor channel: primary 20 MHz channel number plus bandwidth. */
struct dvr_channel {
	uint16_t channel;   /**< primary channel number: 1..14, 36..177 */
	uint16_t bw_mhz;    /**< 5, 10, 20, 40 or 80. 5 and 10 are
	                         narrowband: the chip's 20 MHz baseband on a
	                         quarter / half clock, the RF still tuned at
	                         20 MHz, on chips that have it (others refuse
	                         with DVR_E_UNSUPPORTED). Every frame is 4x /
	                         2x as long, heard only by a receiver on the
	                         same width, and radiotap still says 20 MHz:
	                         the waveform is a 20 MHz one played slower. */
	int8_t secondary;   /**< 40 MHz only: +1 = secondary above (HT40+),
	                         -1 = below (HT40-), 0 = usual choice for the
	                         channel. 80 MHz uses the standard block. */
};

/** Centre frequency in MHz of a 20 MHz channel number (0 if invalid). */
DVR_API unsigned dvr_channel_to_freq(unsigned channel);
/** Channel number of a centre frequency in MHz (0 if invalid). */
DVR_API unsigned dvr_freq_to_channel(unsigned freq_mhz);

/**
 * Airtime of one PPDU in microseconds: preamble + symbols for
 * @p psdu_len bytes (802.11 frame including its 4-byte FCS) at the given
 * rate, bandwidth and guard interval. Returns 0 for an invalid rate.
 * @p bw_mhz 10 or 5: the 20 MHz PPDU on a half / quarter clock, twice /
 * four times as long.
 */
DVR_API uint32_t dvr_airtime_us(const struct dvr_rate *rate, unsigned bw_mhz,
                        bool short_gi, size_t psdu_len);

/** PHY rate in kbit/s of a rate at a bandwidth/GI (0 if invalid); at
 * 10 / 5 MHz a half / a quarter of the 20 MHz rate. */
DVR_API uint32_t dvr_phy_rate_kbps(const struct dvr_rate *rate, unsigned bw_mhz,
                           bool short_gi);

/* ------------------------------------------------------------------ */
/* Transmit                                                            */
/* ------------------------------------------------------------------ */

/** The TX vector of one frame. Built from radiotap plus device defaults. */
struct dvr_tx_params {
	struct dvr_rate rate;
	uint8_t bw_mhz;      /**< 20, 40 or 80 (not above the tuned channel);
	                          on a 5/10 MHz channel 20 (or 0) is a
	                          frame of the channel's own width, as
	                          radiotap describes it */
	bool short_gi;
	bool ldpc;
	uint8_t stbc;        /**< 0 = off, 1 = one extra stream */
	bool no_ack;         /**< radiotap TX_FLAGS NOACK: no retries */
	uint8_t retries;     /**< hardware retry limit when !no_ack */
	bool has_tx_power;
	int8_t tx_power_dbm; /**< when has_tx_power */
	bool keep_seq;       /**< keep the frame's sequence number */
};

enum dvr_tx_mode {
	DVR_TX_AUTO = 0,  /**< the chip's preferred mode */
	DVR_TX_ASYNC = 1, /**< many bulk OUT transfers in flight */
	DVR_TX_SYNC = 2,  /**< one blocking transfer per frame */
};

/**
 * USB TX aggregation: several frames in one bulk OUT transfer, as the
 * chip's TX DMA takes them (up to 3 on the RTL8822CU, RTL8822BU and
 * RTL8821CU; the RTL8812AU takes one). Only in DVR_TX_ASYNC mode
 * (DVR_TX_AUTO is sync on those three: ask for async), and only while
 * frames come faster than transfers complete: a frame that finds transfers on
 * the bus waits behind them (where it would have queued anyway) in a
 * transfer that leaves full, or alone with the frames that came
 * meanwhile when the bus drains; a frame that finds the bus idle goes at
 * once, alone.
 */
enum dvr_tx_agg {
	DVR_TX_AGG_AUTO = 0, /**< the driver's choice: on in async mode
	                          where the chip packs (the sender spends
	                          about a third less CPU per frame, at the
	                          same duty and burst latency: bench/README.md,
	                          "TX aggregation") */
	DVR_TX_AGG_OFF = 1,  /**< one frame per transfer */
	DVR_TX_AGG_ON = 2,   /**< pack up to the chip's limit */
};

/** TX counters since dvr_start(). */
struct dvr_tx_stats {
	uint64_t submitted;   /**< frames accepted by dvr_send() */
	uint64_t completed;   /**< frames the adapter took (bulk OUT done) */
	uint64_t failed;      /**< bulk OUT errors other than timeouts */
	uint64_t timeouts;    /**< bulk OUT timeouts (back-pressure) */
	uint64_t rejected;    /**< frames refused before submission */
	uint64_t bytes;       /**< 802.11 bytes of completed frames */
	uint64_t airtime_us;  /**< estimated airtime of completed frames */
	uint32_t in_flight;   /**< frames accepted, not yet completed (on
	                           the bus, or waiting to share a transfer) */
	/** Bulk OUT transfers completed, whatever their outcome (each
	 *  frame's is in completed, failed or timeouts); for a share, the
	 *  transfers that carried at least one of its frames. Frames per
	 *  transfer = (completed + failed + timeouts) / transfers. */
	uint64_t transfers;
	uint64_t agg_transfers; /**< of those, transfers carrying more than
	                             one frame (USB TX aggregation) */
};

/* ------------------------------------------------------------------ */
/* Receive                                                             */
/* ------------------------------------------------------------------ */

enum dvr_rx_flags {
	DVR_RX_FCS_BAD = 1u << 0, /**< CRC32 failed (kept: keep_corrupted) */
	DVR_RX_SHORT_GI = 1u << 1,
	DVR_RX_LDPC = 1u << 2,
	DVR_RX_STBC = 1u << 3,
	DVR_RX_AMPDU = 1u << 4,
	DVR_RX_HAS_SNR = 1u << 5, /**< snr_db[] valid */
	DVR_RX_HAS_EVM = 1u << 6, /**< evm_db[] valid */
};

/**
 * Most RF paths (TX/RX chains) of any chip the library drives: four, the
 * RTL8814AU's 4T4R. Every per-path array of this API has this many
 * entries, whatever the adapter; an adapter fills the first
 * dvr_rf_paths() of them (fewer for a frame that reports fewer:
 * dvr_rx_info.n_chains) and leaves the rest zero. The one definition:
 * everything per path, in the library and its users, is sized by it.
 */
#define DVR_MAX_RF_PATHS 4
/** Receive chains of a frame: one per RF path (the older name). */
#define DVR_MAX_CHAINS DVR_MAX_RF_PATHS

/** Metadata of one received frame. */
struct dvr_rx_info {
	uint32_t flags;             /**< enum dvr_rx_flags */
	struct dvr_rate rate;
	uint16_t bw_mhz;            /**< the frame's width: 5 or 10 on a
	                                 narrowband channel (whose radiotap
	                                 still says 20) */
	uint16_t channel;           /**< channel the adapter is tuned to */
	uint16_t freq_mhz;
	uint8_t n_chains;           /**< valid entries in rssi_dbm[] and
	                                 snr_db[]: the chains (RF paths A,
	                                 B, C, D in order) the chip
	                                 reported for this frame, at most
	                                 dvr_rf_paths() */
	int8_t rssi_dbm[DVR_MAX_CHAINS]; /**< signal per chain, dBm */
	int8_t snr_db[DVR_MAX_CHAINS];   /**< SNR per chain, dB */
	int8_t evm_db[DVR_MAX_CHAINS]; /**< per stream, negative dB */
	int8_t signal_dbm;          /**< overall frame signal */
	uint64_t tsf_us;            /**< chip TSF at reception (low 32 bits
	                                 from the descriptor, extended) */
};

/** One received frame: the 802.11 frame without its FCS. */
struct dvr_rx_frame {
	const uint8_t *data;
	size_t len;
	struct dvr_rx_info info;
};

/** RX counters since dvr_start(). */
struct dvr_rx_stats {
	uint64_t transfers;   /**< bulk IN transfers completed */
	uint64_t frames;      /**< frames delivered to the callback */
	uint64_t bytes;       /**< bytes delivered */
	uint64_t crc_errors;  /**< frames with a bad FCS (delivered or not) */
	uint64_t malformed;   /**< packets/aggregates dropped by the parser */
	uint64_t c2h;         /**< firmware reports seen in the RX stream */
	uint64_t errors;      /**< bulk IN errors */
};

/* ------------------------------------------------------------------ */
/* Events and logging                                                  */
/* ------------------------------------------------------------------ */

enum dvr_event_type {
	DVR_EVENT_INIT_STAGE = 1, /**< init.stage finished, took init.ms */
	DVR_EVENT_INIT_DONE = 2,  /**< bring-up finished: init.stage = "total" */
	DVR_EVENT_ERROR = 3,      /**< fatal: error.status/message; the device
	                               stops (e.g. DVR_E_NO_DEVICE on unplug) */
	DVR_EVENT_CHANNEL = 4,    /**< channel changed: channel, retune */
	DVR_EVENT_CALIBRATION = 5, /**< a calibration ran (the calibrate
	                               stage, or a channel set on a chip that
	                               calibrates per channel): calibration.
	                               A failed part got the chip's neutral
	                               correction; the device keeps working,
	                               with worse EVM / image rejection */
	DVR_EVENT_WARNING = 6,    /**< the chip driver says something the
	                               user must know although the step
	                               succeeded (e.g. a board default taken
	                               for an unprogrammed EFUSE byte):
	                               warning */
};

struct dvr_event {
	enum dvr_event_type type;
	const char *device;       /**< the device's selector */
	union {
		struct {
			const char *stage;
			double ms;
			/* control transfers and their data bytes in this
			 * stage: what dominates bring-up on a real bus */
			uint64_t ctrl_transfers;
			uint64_t ctrl_bytes;
		} init;
		struct {
			int status;
			const char *message;
		} error;
		struct dvr_channel channel;
		/** DVR_EVENT_CHANNEL in full: its first member is the
		 *  channel above, so either name reads it. */
		struct {
			struct dvr_channel channel;
			/** true: a hop (only what differs between the two
			 *  channels was written); false: a full set */
			bool hop;
			double ms;              /**< time the retune took */
			/** control transfers and their data bytes, and the
			 *  settle time the chip required (µs): on a real
			 *  bus each transfer is at least a 125 µs USB 2.0
			 *  microframe, and the settle time adds to it */
			uint64_t ctrl_transfers;
			uint64_t ctrl_bytes;
			uint64_t delay_us;
			/** of ctrl_transfers, those the TX power took after
			 *  the move: none when the new channel's per-rate
			 *  power words equal the old's, the changed ones
			 *  when its EFUSE group or regulatory limit differ */
			uint64_t power_transfers;
		} retune;
		struct {
			const char *what;       /**< e.g. "IQK" */
			unsigned channel;       /**< primary channel */
			unsigned paths;         /**< RF paths calibrated */
			uint32_t failed_tx;     /**< bit p: path p TX failed */
			uint32_t failed_rx;     /**< bit p: path p RX failed */
		} calibration;
		struct {
			const char *stage;      /**< e.g. "identify" */
			const char *message;
		} warning;
	};
};

enum dvr_log_level { DVR_LOG_ERROR = 0, DVR_LOG_WARN, DVR_LOG_INFO,
	             DVR_LOG_DEBUG };

typedef void (*dvr_rx_fn)(void *user, const struct dvr_rx_frame *frame);
typedef void (*dvr_event_fn)(void *user, const struct dvr_event *event);
typedef void (*dvr_log_fn)(void *user, enum dvr_log_level level,
                           const char *message);

/* ------------------------------------------------------------------ */
/* Devices                                                             */
/* ------------------------------------------------------------------ */

typedef struct dvr_device dvr_device;

/**
 * Whether the chip defers its transmissions while the channel is busy
 * (the MAC's carrier-sense gate, applied at dvr_start()).
 */
enum dvr_carrier_sense {
	/** As the reference drivers leave it: the MAC waits while it
	 *  decodes another station's preamble (CCA); energy detection
	 *  (EDCCA) is parked, so non-802.11 energy does not hold us off. */
	DVR_CARRIER_SENSE_DEFAULT = 0,
	/** Transmit regardless of the channel: neither a decodable
	 *  preamble nor energy defers our frames. For a link that owns
	 *  its channel (an FPV downlink) this keeps the frame rate; on a
	 *  shared channel it collides with whoever is transmitting. */
	DVR_CARRIER_SENSE_OFF,
};

/**
 * Regulatory domain whose TX power limits the chip obeys (the reference
 * drivers' limit tables: rtw88 rtw8812a_table.c rtw8812a_txpwr_lmt,
 * rtw8822c_table.c rtw8822c_txpwr_lmt_type0 / _type5 by RFE type). Every
 * rate's power is clamped to the domain's limit for the channel, the
 * bandwidth and the rate's section (CCK, OFDM, HT/VHT 1 or 2 streams);
 * a power set through the API never exceeds it. Applied on the RTL8812AU
 * and the RTL8822CU.
 */
enum dvr_regd {
	/** The default, as rtw88 starts when the EFUSE names no country:
	 *  each limit is the lowest of every domain in the table. */
	DVR_REGD_WORLDWIDE = 0,
	DVR_REGD_FCC,   /**< United States and FCC-aligned countries */
	DVR_REGD_ETSI,  /**< Europe and ETSI-aligned countries */
	DVR_REGD_MKK,   /**< Japan */
};

/** Open-time configuration. Zero-initialise, then set what you need. */
struct dvr_config {
	dvr_rx_fn on_rx;           /**< NULL: received frames are dropped */
	dvr_event_fn on_event;     /**< may be NULL */
	dvr_log_fn on_log;         /**< NULL: warnings and errors to stderr */
	void *user;                /**< passed to every callback */
	enum dvr_log_level log_level; /**< most verbose level reported
	                                   (0 = errors only) */
	enum dvr_tx_mode tx_mode;  /**< DVR_TX_AUTO by default */
	unsigned tx_queue_depth;   /**< async frames in flight (0 = 8); as
	                                many transfers or, aggregated,
	                                fewer */
	unsigned tx_timeout_ms;    /**< per bulk OUT (0 = 500) */
	unsigned rx_transfers;     /**< bulk IN transfers posted (0 = 16) */
	unsigned rx_buffer_size;   /**< bytes per bulk IN (0 = 32768) */
	bool keep_corrupted;       /**< deliver frames with a bad FCS */
	bool enable_rx;            /**< post bulk IN transfers (default: on
	                                when on_rx is set) */
	struct dvr_tx_params tx_defaults; /**< used where radiotap is silent;
	                                       all-zero = OFDM 6 Mbit/s, 20 MHz */
	int tx_power;              /**< TX power in mBm (1/100 dBm), for
	                                every rate; 0 = the chip's safe
	                                default. See dvr_set_tx_power_mbm(). */
	const char *firmware_dir;  /**< NULL: $DEVOURER_FIRMWARE_DIR, then
	                                the system firmware paths */
	const char *trace_path;    /**< register trace file (NULL: selector
	                                option trace= or $DEVOURER_TRACE) */
	enum dvr_carrier_sense carrier_sense; /**< DEFAULT: defer to a
	                                busy channel as the references do;
	                                dvr_start() fails with
	                                DVR_E_UNSUPPORTED where a chip cannot
	                                change it */
	unsigned track_period_ms;  /**< period of the chip's upkeep (thermal
	                                power tracking) while started; 0 =
	                                2000, the reference drivers' watchdog */
	enum dvr_regd regd;        /**< TX power limits of this domain;
	                                WORLDWIDE (the default) obeys the
	                                lowest of all; dvr_open() fails with
	                                DVR_E_INVALID on an unknown value */
	enum dvr_tx_agg tx_agg;    /**< USB TX aggregation (AUTO by
	                                default); dvr_open() fails with
	                                DVR_E_INVALID on an unknown value */
};

/** One adapter found by dvr_list_adapters(). */
struct dvr_adapter_info {
	char selector[64];    /**< e.g. "usb:0bda:8812#0", "virtual:drone" */
	char chip[24];        /**< e.g. "RTL8812AU" */
	char location[32];    /**< e.g. "usb 1-2", "virtual" */
	uint16_t vid, pid;
};

/**
 * List the adapters present: supported USB adapters on the bus and the
 * virtual adapters currently on the shared air. Writes up to @p max entries
 * and returns how many adapters exist (may exceed @p max), or an error.
 */
DVR_API int dvr_list_adapters(struct dvr_adapter_info *out, size_t max);

/**
 * Open a device by selector:
 *   "auto"              first supported USB adapter
 *   "usb:VID:PID[#N]"   N-th adapter with these hex IDs (default 0)
 *   "usb:BUS-PORT"      adapter at that bus and port path, e.g. "usb:1-2.3"
 *   "virtual:NAME"      a virtual adapter on the shared air; options follow
 *                       after commas: loss=0.1, rssi=-60, noise=-95,
 *                       seed=N, pid=8812, chip=8812a, trace=FILE,
 *                       pathloss=FILE; jam=44 (or jam=36:40:44:48 with
 *                       jam-dwell=50, ms on each) and jam-dbm=-50 make
 *                       it a jammer: 20 MHz of noise at that power at
 *                       every receiver on the channel, from dvr_open()
 *                       to dvr_close() (README.md lists them all)
 * The device is opened but not initialised; call dvr_start().
 * Returns DVR_OK and *out, or DVR_E_NOT_FOUND, DVR_E_ACCESS, DVR_E_BUSY...
 */
DVR_API int dvr_open(const char *selector, const struct dvr_config *config,
             dvr_device **out);

/**
 * Bring the chip up in monitor mode on @p channel: power-on, firmware
 * download, MAC/BB/RF tables, monitor RX filters, channel, and on chips
 * that need it calibration. Emits one DVR_EVENT_INIT_STAGE per stage
 * ("identify", "power_on", "firmware", "mac", "phy", "monitor",
 * "channel", then "calibrate" where the chip has one) and
 * DVR_EVENT_INIT_DONE. Blocks until done
 * (typically well under 2 s). Starts RX if enabled.
 */
DVR_API int dvr_start(dvr_device *dev, const struct dvr_channel *channel);

/**
 * Retune a started device. Frames queued before the call go out first (on
 * the old channel): the call waits until they have left the chip. A move
 * within the band and bandwidth is a hop where the chip can make one
 * (only what differs between the two channels is written);
 * DVR_EVENT_CHANNEL says which it was and what it cost.
 */
DVR_API int dvr_set_channel(dvr_device *dev, const struct dvr_channel *channel);

/**
 * dvr_set_channel() without waiting for the frames already queued: they
 * leave on whichever channel the chip is on when their turn comes. For a
 * hopping link's slot boundary, where the schedule is the clock's and a
 * queue of video must not hold the retune past the moment the receiver
 * moves.
 */
DVR_API int dvr_set_channel_now(dvr_device *dev,
                                const struct dvr_channel *channel);

/**
 * Set the TX power for every rate, in mBm (1/100 dBm: 1500 = 15 dBm). The
 * chip counts power in steps of its own (0.5 dB on the RTL8812AU): the
 * value is rounded to the nearest step and clamped to the chip's range;
 * dvr_tx_power_mbm() tells what was applied.
 *
 * On the RTL8812AU and the RTL8822CU the power is that of the reference
 * rate (HT MCS7 on path A): every other rate keeps its calibrated distance
 * from it (the EFUSE calibration and the vendor's power by rate), and no
 * rate exceeds the regulatory limit of dvr_config.regd on the channel — a
 * power above
 * a rate's limit gives it the limit, and dvr_tx_power_mbm() then reports
 * the limited level of the reference rate.
 */
DVR_API int dvr_set_tx_power_mbm(dvr_device *dev, int mbm);

/** The TX power in effect, in mBm, as programmed: the reference rate's
 *  level after any regulatory limit (0 before dvr_start()). */
DVR_API int dvr_tx_power_mbm(dvr_device *dev);

/**
 * Send one frame: a radiotap header followed by the 802.11 frame (without
 * FCS, unless radiotap FLAGS has F_FCS, in which case it is stripped).
 * Radiotap RATE / MCS / VHT / TX_FLAGS / DBM_TX_POWER choose the TX vector;
 * the rest comes from the config defaults. In async mode returns once the
 * transfer is queued (blocking while tx_queue_depth are in flight); in sync
 * mode once the adapter accepted it. Returns DVR_OK or an error
 * (DVR_E_INVALID bad radiotap, DVR_E_OVERFLOW too large, DVR_E_TIMEOUT,
 * DVR_E_NO_DEVICE...).
 */
DVR_API int dvr_send(dvr_device *dev, const uint8_t *frame, size_t len);

/**
 * Interrupt senders, as GstBaseSink's unlock does: while @p on, dvr_send()
 * and dvr_send_raw() return DVR_E_BUSY at once instead of waiting for a
 * free TX slot, and senders already waiting wake up with DVR_E_BUSY. A
 * sync-mode transfer already on the bus still completes or times out.
 * Call with false to resume. Safe from any thread, including callbacks.
 */
DVR_API void dvr_interrupt(dvr_device *dev, bool on);

/** Send with an explicit TX vector; @p frame is the bare 802.11 frame. */
DVR_API int dvr_send_raw(dvr_device *dev, const uint8_t *frame, size_t len,
                 const struct dvr_tx_params *params);

/**
 * Can the started adapter send frames with TX vector @p params on the
 * channel it is tuned to now? Asks the chip code that builds the TX
 * descriptors, with the chip's own data (spatial streams and TX chains,
 * including a 1T1R strap; bandwidths; VHT, STBC and LDPC) and the same
 * rules it applies to every frame, so a vector this accepts is one
 * dvr_send_raw() sends (frame length aside: that is checked per frame),
 * and one it refuses is one every frame of would be refused and counted
 * in dvr_tx_stats.rejected. Fields left zero are filled as dvr_send()
 * fills them (a legacy rate of 0 is OFDM 6 Mbit/s, bandwidth 0 is 20).
 *
 * Returns DVR_OK, or the status each frame would get: DVR_E_INVALID (no
 * such vector: HT MCS 32, a PPDU wider than the tuned channel...) or
 * DVR_E_UNSUPPORTED (a real vector this adapter cannot send: MCS 31 on
 * 2 streams, CCK on 5 GHz, STBC on 2 streams...); DVR_E_STATE before
 * dvr_start(); DVR_E_INVALID for a NULL argument. On a refusal @p why
 * (when not NULL, @p why_len bytes, always terminated) holds one
 * sentence naming the rule and the adapter's limit, e.g. "MCS 31 needs
 * 4 spatial streams; the RTL8812AU sends at most 2"; on DVR_OK it is "".
 * Safe from any thread, like dvr_send(); a later dvr_set_channel() can
 * make an accepted vector impossible (e.g. CCK after a move to 5 GHz).
 */
DVR_API int dvr_check_tx_params(dvr_device *dev,
                                const struct dvr_tx_params *params,
                                char *why, size_t why_len);

/**
 * Wait until every frame sent so far has left the adapter — its USB
 * transfer completed and the chip's TX queues are empty — at most
 * @p timeout_ms. DVR_OK, DVR_E_TIMEOUT (still sending: the link is
 * saturated or frames keep coming), DVR_E_NO_DEVICE. dvr_close() does
 * this (up to 1 s) before powering the chip off.
 */
DVR_API int dvr_flush(dvr_device *dev, unsigned timeout_ms);

DVR_API void dvr_get_tx_stats(dvr_device *dev, struct dvr_tx_stats *out);
DVR_API void dvr_get_rx_stats(dvr_device *dev, struct dvr_rx_stats *out);

/**
 * Thermal power tracking, as the chip's periodic upkeep last left it
 * (every track_period_ms while started, on chips that track: the
 * RTL8812AU). The chip reads its thermal meter and, as the die warms or
 * cools away from the temperature its EFUSE was calibrated at, moves the
 * BB swing (the digital TX scaler) by the steps its tables give, and
 * recalibrates (LCK, IQK) after a large change.
 */
struct dvr_thermal_stats {
	uint64_t ticks;          /**< upkeep runs since dvr_start() */
	int thermal;             /**< last thermal meter reading (the chip's
	                              own units, 0..63); -1 none yet */
	int thermal_cal;         /**< the EFUSE calibration reading; -1: the
	                              board has none, nothing is tracked */
	int swing_offset[DVR_MAX_RF_PATHS]; /**< steps applied per RF path
	                              (A, B, C, D; paths the chip does not
	                              have stay 0) against
	                              the calibration (+ more power): BB
	                              swing steps of about 0.5 dB (RTL8812AU),
	                              TX power index steps of 0.25 dB
	                              (RTL8822CU), TX AGC and BB swing steps
	                              of 0.5 dB (RTL8821CU, path A only),
	                              0.5 dB steps taken as TX AGC offset,
	                              then BB swing (RTL8822BU) */
	uint64_t lck_runs;       /**< LC-tank recalibrations it ran */
	uint64_t iqk_runs;       /**< IQ recalibrations it ran */
};

/** Copy the thermal tracking state; DVR_E_UNSUPPORTED on a chip that
 * does not track (out is then zeroed with thermal = thermal_cal = -1). */
DVR_API int dvr_get_thermal_stats(dvr_device *dev,
                                  struct dvr_thermal_stats *out);

/**
 * The chip's TSF now: its 64-bit microsecond counter, running since the
 * MAC powered on (dvr_start()), the clock dvr_rx_info.tsf_us of every
 * received frame is read from. So a frame's tsf_us and this value
 * compare directly (on the same adapter: every chip has its own), e.g.
 * to tell how long ago a frame arrived, or to stamp a frame about to be
 * sent with the time it leaves. Reads the counter's register over the
 * bus (a few control transfers: on USB 2.0 at least 125 us each, which
 * the value read does not include), serialised with the other control
 * calls; any thread, but not from a device callback. DVR_OK and
 * *tsf_us; DVR_E_STATE before dvr_start(); DVR_E_NO_DEVICE; DVR_E_IO /
 * DVR_E_TIMEOUT on a failed read; DVR_E_INVALID for NULL arguments.
 */
DVR_API int dvr_get_tsf(dvr_device *dev, uint64_t *tsf_us);

/** Detail of the last failure of a control call (dvr_start(),
 * dvr_set_channel()...), e.g. which firmware paths were searched. Never
 * NULL; empty when there was none. */
DVR_API const char *dvr_last_error(const dvr_device *dev);

/** Chip name ("RTL8812AU"; once the chip is identified, the part's own
 * where one driver entry covers several: "RTL8811AU" for an RTL8821A
 * die without Bluetooth or an RTL8812A die bonded with one RF path) and
 * the selector the device was opened with. */
DVR_API const char *dvr_chip_name(const dvr_device *dev);
DVR_API const char *dvr_selector(const dvr_device *dev);
/** The firmware file the chip loads ("rtw8822c_fw.bin", looked for in
 *  rtw88/ of the system firmware paths; see dvr_config.firmware_dir) and
 *  the distribution package that ships it (NULL: none does, only
 *  devourer's installed copy). A dvr_start() that fails for want of it
 *  returns DVR_E_FIRMWARE with both, and every place searched, in
 *  dvr_last_error(). */
DVR_API const char *dvr_firmware_file(const dvr_device *dev);
DVR_API const char *dvr_firmware_package(const dvr_device *dev);
/** RF paths (TX/RX chains) the adapter has, 1..DVR_MAX_RF_PATHS: the
 *  chip's, or 1 on a board strapped 1T1R. Per-chain values of received
 *  frames (dvr_rx_info) and per-path thermal offsets fill at most this
 *  many entries. 0 for NULL. */
DVR_API unsigned dvr_rf_paths(const dvr_device *dev);
/** What is known to go wrong with TX on @p channel with this adapter's
 *  board although the chip accepts the channel — e.g. a front end that
 *  airs 2.4 GHz energy no receiver decodes: one sentence giving the
 *  reason, or NULL when nothing is known. The text is static. Reception
 *  is not concerned. */
DVR_API const char *dvr_tx_caveat(const dvr_device *dev,
                                  const struct dvr_channel *channel);
/** Largest 802.11 frame (bytes, without FCS) dvr_send() accepts. */
DVR_API size_t dvr_max_frame_len(const dvr_device *dev);
/** The effective TX mode (never DVR_TX_AUTO after dvr_open()). */
DVR_API enum dvr_tx_mode dvr_tx_mode(const dvr_device *dev);
/** Most frames one bulk OUT transfer carries on this device: the chip's
 *  limit with TX aggregation in effect (dvr_config.tx_agg, async mode),
 *  else 1. */
DVR_API unsigned dvr_tx_agg_frames(const dvr_device *dev);

/** Stop, power down and free. Safe on NULL. */
DVR_API void dvr_close(dvr_device *dev);

/* ------------------------------------------------------------------ */
/* Shared adapters: several streams on one opened device               */
/* ------------------------------------------------------------------ */

/**
 * One user's share of an adapter. The first dvr_share_open() of an
 * adapter in a process opens and starts it; later ones naming the same
 * adapter (by the same or another selector: a USB adapter is the port it
 * is on, so "usb:1-2", "usb:0bda:8812#0" and "auto" may be one device —
 * "auto" is the adapter this process already drives, else the first free
 * one; a virtual adapter is its NAME whatever the options) join the
 * device already running, and the last dvr_share_close() closes it. A
 * device that died (unplugged) is not joined: a later open tries the
 * adapter afresh (a replugged one opens).
 * Each share has its own callbacks and RX filter, its own TX counters,
 * interrupt and flush; TX and RX run at once. What is the adapter's and
 * not a share's — its channel, TX power, open settings — is set by
 * whoever calls: dvr_set_channel() on dvr_share_device() retunes every
 * share (each gets DVR_EVENT_CHANNEL).
 *
 * Threading: shares of one adapter may be opened, used and closed from
 * any threads concurrently. Every share's callbacks run on the device's
 * thread, one at a time per adapter; they may send and read counters,
 * but not open or close shares (dvr_share_open() there returns
 * DVR_E_STATE; dvr_share_close() logs an error and leaves the share
 * open). After dvr_share_close() returns, none of that share's callbacks
 * runs; a share may close with frames in flight (the close waits for
 * them, at most 1 s).
 * Another process's dvr_open() or dvr_share_open() of an adapter shared
 * here gets DVR_E_BUSY, as with dvr_open().
 */
typedef struct dvr_share dvr_share;

/**
 * Which received frames a share takes: the @c len bytes at @c offset of
 * the 802.11 frame, under @c mask, equal @c value under @c mask. A frame
 * goes to every share it matches. dvr_link_rx_match() in link.h builds
 * the match of one WFB-NG link id and radio port.
 */
struct dvr_rx_match {
	uint16_t offset;   /**< first byte compared */
	uint8_t len;       /**< bytes compared, 0..8 (more: DVR_E_INVALID);
	                        0 = every frame */
	uint8_t value[8];
	uint8_t mask[8];   /**< bits of each byte that count */
	bool unclaimed;    /**< also take the frames no share's match took
	                        (to tell a user what else is on the air) */
};

struct dvr_share_config {
	/** Open settings (used by the share that opens the adapter; a
	 *  joining share's differ from the running device's without
	 *  effect) and this share's own callbacks: on_rx (NULL: this share
	 *  receives nothing), on_event, on_log, user, log_level (each
	 *  share's own, joiners' too). The RX ring is posted when the first
	 *  share with on_rx (or enable_rx) opens. */
	struct dvr_config device;
	/** The channel to start on. A share joining a started adapter must
	 *  ask for the channel it is on (else DVR_E_BUSY, logged naming
	 *  both); all zero: whatever channel it is on. */
	struct dvr_channel channel;
	struct dvr_rx_match match; /**< for on_rx */
};

/**
 * Open (or join) the adapter @p selector names. On success *out is a
 * share of a started device. Errors are those of dvr_open() and
 * dvr_start() (logged through this share's on_log), and DVR_E_BUSY for
 * a channel other than the running adapter's.
 */
DVR_API int dvr_share_open(const char *selector,
                           const struct dvr_share_config *config,
                           dvr_share **out);

/** The shared device, for what belongs to the adapter: channel, TX
 *  power, dvr_check_tx_params(), stats, names. Never dvr_close() it; use
 *  the share's own send/interrupt/flush below. */
DVR_API dvr_device *dvr_share_device(const dvr_share *share);

/** How many shares the adapter has now (this one included). */
DVR_API unsigned dvr_share_users(const dvr_share *share);

/** dvr_send() / dvr_send_raw() counted for this share (and the device);
 *  this share's interrupt applies. */
DVR_API int dvr_share_send(dvr_share *share, const uint8_t *frame,
                           size_t len);
DVR_API int dvr_share_send_raw(dvr_share *share, const uint8_t *frame,
                               size_t len,
                               const struct dvr_tx_params *params);

/** dvr_interrupt() for this share's senders only. */
DVR_API void dvr_share_interrupt(dvr_share *share, bool on);

/**
 * Wait until this share's frames have left the host, and when it is the
 * adapter's only share, until the chip's queues are empty too (as
 * dvr_flush()). While others share the adapter it stays powered and its
 * queues keep draining, so their traffic never holds this wait up.
 */
DVR_API int dvr_share_flush(dvr_share *share, unsigned timeout_ms);

/** TX counters of this share's frames since it opened. */
DVR_API void dvr_share_get_tx_stats(dvr_share *share,
                                    struct dvr_tx_stats *out);

/**
 * The RX pump: receive in the calling thread instead of the device's.
 * The first call makes the caller the one that completes the adapter's
 * bulk IN transfers (the device's own RX thread parks); each call then
 * completes them for up to @p timeout_ms, returning once at least one
 * was completed (with every other one completed by then) or
 * dvr_share_rx_pump_wake() was called. Their frames go
 * through the usual dispatch, to every share of the adapter whose match
 * takes them, with their on_rx running in this thread; so a streaming
 * thread that pumps gets its frames with no hand-off between threads.
 * Returns how many transfers completed (0: none in time, or woken),
 * DVR_E_BUSY while another share holds the pump, DVR_E_UNSUPPORTED on a
 * bus that cannot be pumped (receive as usual then: on_rx runs on the
 * device's thread), DVR_E_STATE without a running RX ring or from a
 * device callback, or the error that ended receiving (DVR_E_NO_DEVICE
 * when the adapter vanished, DVR_E_IO after a run of failed transfers).
 * A holder that stays away from dvr_share_rx_pump() for more than a
 * couple of milliseconds (its thread busy elsewhere) does not starve the
 * adapter: the device's thread completes what arrives meanwhile (on_rx
 * then runs there) and hands back as soon as the holder pumps again.
 * Not from a device callback.
 */
DVR_API int dvr_share_rx_pump(dvr_share *share, unsigned timeout_ms);

/** The dvr_share_rx_pump() running now, or else the next one, returns at
 *  once. Any thread; what unlocking a blocked reader needs. */
DVR_API void dvr_share_rx_pump_wake(dvr_share *share);

/** Give receiving back to the device's own thread (no-op unless this
 *  share holds the pump); waits for a pump in progress to return. Any
 *  thread but a device callback; dvr_share_close() releases too (close
 *  a share only once no thread pumps it: wake the pump, let it return). */
DVR_API void dvr_share_rx_pump_release(dvr_share *share);

/** Leave the adapter: no callback of this share runs after it returns;
 *  the last share closes the device (dvr_close()). Safe on NULL. */
DVR_API void dvr_share_close(dvr_share *share);

#ifdef __cplusplus
}
#endif

#endif /* DEVOURER_DEVOURER_H */
