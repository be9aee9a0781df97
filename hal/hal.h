/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The chip-operations table: everything that differs between Realtek chips
 * sits behind struct dvr_chip_ops (behaviour) and struct dvr_chip_info
 * (pure data). The generic core (libdevourer/src) calls through these and
 * never tests a chip id. A chip lives in hal/<chip>/ on its family layer
 * (hal/<family>/) and hal/common/, and is listed once in hal/registry.c
 * (docs/adding-a-chip.md).
 *
 * Shapes this table must fit (rtw88 mac.c __rtw_download_firmware_legacy
 * and __rtw_download_firmware, tx.h and rx.h, each chip's rtw_chip_info;
 * the TX modes are OpenIPC devourer's, RtlJaguar3Device.cpp send_packet):
 *  - Jaguar1 8812A/8821A: 8051 firmware by page writes to 0x1000, 40-byte
 *    TX descriptor, Jaguar1 PHY status, async TX preferred.
 *  - 8814A and Jaguar2/3: firmware through reserved pages + DDMA (bulk OUT
 *    during download: dvr_io_bulk_out_sync), 40/48-byte TX descriptor,
 *    other PHY status layouts, sync TX preferred.
 */
#ifndef DVR_HAL_H
#define DVR_HAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <devourer/devourer.h>

#include "libdevourer/io/io.h"
#include "firmware/firmware.h"

struct dvr_chip;
struct dvr_pwr_cmd;          /* hal/common/pwr_seq.h */
struct dvr_txpwr_tables;     /* hal/common/txpwr_limit.h */
struct dvr_queue_layout;     /* hal/common/queue_layout.h */
struct dvr_fw_8051_spec;     /* hal/common/fw_8051.h */
struct dvr_fw3081_spec;      /* hal/common/fw_3081.h */

/* The largest frame a chip here sends, without the FCS it appends: the
 * largest VHT MPDU, 11454 octets FCS included (IEEE 802.11-2016
 * 9.3.2.1 and the VHT Capabilities' Maximum MPDU Length; rtw88's
 * "VHT packet length 11K"). 40 + 11450 bytes fit rtw88's 20 KiB bulk
 * OUT buffer. */
#define DVR_MAX_TX_FRAME (11454u - 4u)

struct dvr_usb_id {
	uint16_t vid, pid;
};

/* Parsed packet from an RX aggregate (one RX descriptor and what follows). */
struct dvr_rx_pkt {
	size_t total_len;      /* descriptor + driver info + shift + frame,
	                          before alignment to the next packet */
	bool is_c2h;           /* firmware report, not an 802.11 frame */
	bool crc_err;
	const uint8_t *frame;  /* 802.11 frame (or C2H payload) */
	size_t frame_len;      /* including the FCS when the chip appends it */
	bool has_fcs;          /* frame ends with a 4-byte FCS */
	struct dvr_rx_info info; /* channel/freq/tsf filled by the core */
	uint32_t tsf_low;      /* TSF low 32 bits from the descriptor */
};

/* What the core asks the TX descriptor builder for. */
struct dvr_tx_desc_req {
	const struct dvr_tx_params *params;
	size_t frame_len;        /* 802.11 frame without FCS */
	bool group_addressed;    /* A1 is broadcast/multicast */
	uint16_t seq;            /* used when params->keep_seq */
};

struct dvr_chip_ops {
	/* Optional. One VID:PID can carry more than one die: read the
	 * chip-id registers and answer DVR_OK when this chip is the one
	 * behind the bus, DVR_E_NOT_FOUND when it is another. The core
	 * asks every chip listing the VID:PID, in registry order, and
	 * drives the first that answers DVR_OK. NULL: the VID:PID alone
	 * decides. Runs before identify, on an unpowered chip. */
	int (*probe)(struct dvr_chip *chip);
	/* Optional (NULL: the chip never switches). A USB3-capable chip
	 * found enumerated at USB 2.0 on a SuperSpeed port writes its
	 * switch registers here and sets *reenumerating: the device then
	 * drops off the bus and comes back at 5 Gbit/s, and the core
	 * reopens it and starts the bring-up over. */
	int (*usb_mode_switch)(struct dvr_chip *chip, bool *reenumerating);
	/* Read chip version/cut, EFUSE (MAC address, RFE type, amplifiers,
	 * crystal, TX power calibration); fill chip->id. Runs before
	 * power_on; may itself need the chip partly powered. */
	int (*identify)(struct dvr_chip *chip);
	/* Card enable: power sequence and what the firmware download needs
	 * before it (Jaguar1: the LLT). */
	int (*power_on)(struct dvr_chip *chip);
	/* Check the image header for this chip and download it; returns
	 * DVR_E_FIRMWARE with a message in chip->error for a bad image or a
	 * failed handshake. */
	int (*download_firmware)(struct dvr_chip *chip,
	                         const struct dvr_firmware *fw);
	/* MAC table and MAC registers (queues, EDCA, WMAC, TX/RX enable). */
	int (*mac_init)(struct dvr_chip *chip);
	/* BB, AGC and RF tables, crystal, RF path configuration. */
	int (*phy_init)(struct dvr_chip *chip);
	/* Monitor-mode RX: accept every frame (and bad-FCS ones if asked). */
	int (*set_monitor)(struct dvr_chip *chip, bool keep_corrupted);
	/* Optional. The MAC carrier-sense gate: defer (true) or transmit
	 * regardless of a busy channel (false). Run in the monitor stage;
	 * NULL: the chip keeps its reset behaviour and only "defer" can be
	 * asked for. */
	int (*set_carrier_sense)(struct dvr_chip *chip, bool defer);
	/* Band, channel and bandwidth. Programs the chip only: the core
	 * records chip->channel afterwards, under the locks TX holds while
	 * it builds descriptors from it. */
	int (*set_channel)(struct dvr_chip *chip, const struct dvr_channel *ch);
	/* Optional. A hop: @p ch is in the band and bandwidth the chip is
	 * tuned to now (chip->channel, which still holds the old channel),
	 * and the chip may tune it by writing only what differs between
	 * the two channels: RF channel words and what it cached when it
	 * last set @p ch in full (calibration results, while the die's
	 * temperature holds). It sets *hopped when it did, leaving the chip
	 * exactly as set_channel(ch) would; it leaves *hopped false, having
	 * written nothing, when only a full set will do (no cache for the
	 * channel yet, the temperature drifted since its calibration), and
	 * the core then calls set_channel. The core applies the TX power
	 * afterwards either way (set_tx_power, whose unchanged registers
	 * the chip's shadow leaves alone). NULL: every change is full. */
	int (*hop_channel)(struct dvr_chip *chip, const struct dvr_channel *ch,
	                   bool *hopped);
	/* Optional. Calibration the chip needs before it transmits well
	 * (DACK, IQK, LCK ...), run as the "calibrate" bring-up stage
	 * after the first channel is set; timed like every stage. */
	int (*calibrate)(struct dvr_chip *chip);
	/* TX power index info->tx_power_min..tx_power_max for every rate
	 * on every path; a chip with calibrated_tx_power gives index to its
	 * reference rate and keeps every other rate and path at its
	 * calibrated distance from it. The core sets chip->tx_power_index
	 * to index first; a chip whose reference rate is held lower (a
	 * regulatory limit) stores there the index that rate got. */
	int (*set_tx_power)(struct dvr_chip *chip, int index);
	/* Optional. The index set_tx_power takes for the calibrated power
	 * at chip->channel (EFUSE TX-power block, power by rate, the
	 * limit of chip->regd): what the core applies
	 * when the application sets no power. NULL: default_tx_power. */
	int (*calibrated_tx_power)(struct dvr_chip *chip);
	/* Optional. The chip's periodic upkeep (thermal power tracking and
	 * the recalibration it triggers), as the references run it from
	 * their watchdog: called every dvr_config.track_period_ms on the
	 * core's watchdog thread, under the control lock, while started.
	 * Updates *st (the core keeps it and counts st->ticks; a chip that
	 * tracks nothing sets thermal_cal -1). NULL: no watchdog thread. */
	int (*track)(struct dvr_chip *chip, struct dvr_thermal_stats *st);
	/* Wait until the chip's TX queues are empty — every frame it took
	 * over USB has left the antenna — at most timeout_ms. DVR_OK, or
	 * DVR_E_TIMEOUT with frames still queued. */
	int (*wait_tx_idle)(struct dvr_chip *chip, unsigned timeout_ms);
	/* Card disable (best effort; errors ignored). */
	void (*power_off)(struct dvr_chip *chip);
	/* Optional. What is known to go wrong with TX on channel @p ch on
	 * this board even though the chip accepts it — e.g. a front end
	 * whose 2.4 GHz frames no receiver decodes: one sentence with the
	 * reason, or NULL when nothing is known. Pure (chip->id is read,
	 * nothing written); the returned text is static. NULL op: nothing
	 * known. */
	const char *(*tx_caveat)(const struct dvr_chip *chip,
	                         const struct dvr_channel *ch);

	/* --- hot path: pure functions of chip state, no I/O --- */

	/* Which bulk OUT (index into the transport's out_ep[]) injected
	 * frames use, given n_out endpoints. */
	unsigned (*tx_out_index)(const struct dvr_chip *chip, unsigned n_out);
	/* Write the TX descriptor (and any padding) for one frame at desc;
	 * returns bytes written (the frame follows), or a negative status
	 * when the chip cannot send this TX vector (e.g. 2 streams on 1T). */
	int (*build_tx_desc)(const struct dvr_chip *chip, uint8_t *desc,
	                     const struct dvr_tx_desc_req *req);
	/* Optional. Make the descriptor at desc, built by build_tx_desc,
	 * the head of a bulk OUT that carries n >= 2 frames (USB TX
	 * aggregation): write the count where the chip's TX DMA reads it
	 * and whatever that changes (the checksum). Never called for a
	 * transfer of one frame, whose descriptor stays as built. NULL:
	 * one frame per transfer, whatever tx_agg_max says. */
	void (*tx_agg_head)(const struct dvr_chip *chip, uint8_t *desc,
	                    unsigned n);
	/* Optional. Would build_tx_desc refuse @p req? The same status it
	 * would return, decided by the same code, and on a refusal one
	 * sentence in why (why_len bytes, may be NULL/0) naming the rule
	 * and the chip's limit. NULL: build_tx_desc refuses nothing a
	 * caller could ask about in advance. */
	int (*check_tx_vector)(const struct dvr_chip *chip,
	                       const struct dvr_tx_desc_req *req, char *why,
	                       size_t why_len);
	/* Parse the packet at p (avail bytes left in the transfer). Returns
	 * DVR_OK, DVR_E_OVERFLOW when the packet runs past avail (truncated),
	 * DVR_E_INVALID for impossible fields. With DVR_E_INVALID a non-zero
	 * out->total_len says the packet is refused (longer than the driver
	 * takes) but where it ends is known; zero: the descriptor cannot be
	 * trusted at all. */
	int (*parse_rx_pkt)(const struct dvr_chip *chip, const uint8_t *p,
	                    size_t avail, struct dvr_rx_pkt *out);
};

/* How firmware reaches the chip's CPU; hal/common/fw_download.c picks the
 * download path from it. */
enum dvr_fw_kind {
	DVR_FW_NONE = 0,        /* no path named: downloading is refused */
	/* 8051 (rtw88 RTW_WCPU_11N): the image is written page by page
	 * into a register window (Jaguar1 8812A/8821A); info->fw_8051. */
	DVR_FW_8051_PAGES,
	/* 3081 (rtw88 RTW_WCPU_11AC): the image goes through reserved TX
	 * pages and the DDMA engine (8814A, Jaguar2/3). */
	DVR_FW_3081_DDMA,
};

/* The width the baseband runs its 20/40/80 MHz machinery at on a
 * channel of @p bw_mhz: a 5 or 10 MHz channel is the 20 MHz baseband
 * on a divided clock, so its descriptors, TX vectors and PHY status
 * speak of 20 MHz (OpenIPC devourer docs/narrowband.md: "The MAC still
 * thinks it is 20 MHz"). */
static inline unsigned dvr_baseband_bw_mhz(unsigned bw_mhz)
{
	return bw_mhz && bw_mhz < 20 ? 20 : bw_mhz;
}

/* Pure data, one per chip. */
struct dvr_chip_info {
	const char *name;            /* "RTL8812AU" */
	/* NULL, or what a user must know before buying or flying it, in a
	 * few words: shown beside the name wherever the chips are listed
	 * (dvr_supported_chips: gst-inspect, the tools). */
	const char *caveat;
	const struct dvr_usb_id *usb_ids;
	size_t n_usb_ids;
	const char *fw_file;         /* "rtw8812a_fw.bin" (under rtw88/) */
	/* The distribution package that ships fw_file under rtw88/, as a
	 * hint in the missing-firmware error; NULL: no distribution does
	 * (devourer's installed copy is the only one) */
	const char *fw_package;
	size_t tx_desc_len;          /* 40 or 48 */
	size_t rx_desc_len;          /* 24 */
	size_t rx_agg_align;         /* packets in an aggregate start here */
	size_t max_tx_frame;         /* largest 802.11 frame, no FCS */
	size_t max_rx_pkt;           /* largest sane packet in an aggregate */
	unsigned rf_paths;           /* RF chains, 1..DVR_MAX_RF_PATHS */
	unsigned max_nss;            /* spatial streams */
	unsigned max_bw_mhz;
	/* 5 and 10 MHz channels: the baseband re-clocked to a half or a
	 * quarter of its 20 MHz sample rate, the RF left at 20 MHz
	 * (OpenIPC devourer docs/narrowband.md). Only a chip whose
	 * references show the divider registers and whose HAL programs
	 * them sets this; the core refuses 5/10 MHz for every other. */
	bool narrowband;
	bool has_5ghz;
	/* The TX descriptor's DATA_STBC and DATA_LDPC fields exist and the
	 * chip's baseband sends what they ask for (STBC still needs two
	 * chains and one stream: hal/common/tx_vector.c). */
	bool tx_stbc;
	bool tx_ldpc;
	enum dvr_tx_mode preferred_tx_mode;
	int default_tx_power;        /* TX power index used when the
	                                application sets none */
	/* TX power as the chip counts it: an index from tx_power_min to
	 * tx_power_max, tx_power_step_mbm (1/100 dB) apart. The public API
	 * speaks mBm; the core converts with these. */
	int tx_power_min, tx_power_max;
	int tx_power_step_mbm;
	/* The chip answers with STALL on its bulk OUT endpoints until
	 * they are cleared once after enumeration (rtw88 usb.c clears
	 * every pipe at probe for this reason on Jaguar2/3). */
	bool clear_halt_before_tx;
	/* USB TX aggregation: most frames the chip takes in one bulk OUT
	 * transfer (1 = one frame per transfer), the largest such transfer
	 * in bytes, and the alignment every [descriptor][frame] block after
	 * the first starts at (from the start of the transfer). The core
	 * packs only when all three are set and ops->tx_agg_head exists. */
	unsigned tx_agg_max;
	size_t tx_agg_max_bytes;
	size_t tx_agg_align;
	/* The MAC's 64-bit TSF counter (REG_TSFTR: low word here, high word
	 * 4 bytes on), in microseconds since the MAC powered on: what the RX
	 * descriptor's TSFL samples and dvr_get_tsf() reads. 0x0560 on every
	 * Realtek chip (rtw88 reg.h REG_TSFTR); 0 = the chip has none. */
	uint16_t tsf_reg;
	const struct dvr_chip_ops *ops;

	/* --- what the generic and family layers program the chip from --- */
	enum dvr_fw_kind fw_kind;
	const struct dvr_fw_8051_spec *fw_8051;  /* DVR_FW_8051_PAGES */
	const struct dvr_fw3081_spec *fw_3081;   /* DVR_FW_3081_DDMA */
	/* Power flows, run by hal/common/card_power.c: card enable, card
	 * disable, and (optional, NULL) the enter-LPS flow a family runs
	 * before card disable. */
	const struct dvr_pwr_cmd *const *pwr_on_flow;
	const struct dvr_pwr_cmd *const *pwr_off_flow;
	const struct dvr_pwr_cmd *const *pwr_lps_flow;
	/* TX FIFO pages, DMA queue maps, RX FIFO size. */
	const struct dvr_queue_layout *queues;
	size_t phy_status_len;       /* driver-info block the RX descriptor
	                                announces, bytes */
	size_t efuse_log_size;       /* logical EFUSE map, bytes */
	/* Data only the chip's generation layer reads (hal/halmac/ for the
	 * 3081-CPU chips with Realtek's HalMAC MAC: halmac_data()); NULL
	 * for a chip on no generation layer. */
	const void *generation_data;
	/* Data only the chip's family layer reads; its type and accessor
	 * are in hal/<family>/<family>.h (e.g. jaguar1_data()). */
	const void *family_data;
};

/* Facts read from the chip by ops->identify. */
struct dvr_chip_id {
	uint32_t sys_cfg;
	uint8_t cut;                 /* 0 = A-cut, 1 = B ... */
	bool is_1t1r;
	uint8_t rfe_type;
	bool ext_pa_2g, ext_lna_2g, ext_pa_5g, ext_lna_5g;
	uint8_t type_gpa, type_apa, type_glna, type_alna;
	uint8_t crystal_cap;
	uint8_t mac_addr[6];
	bool usb3;
	/* The part's own name where one HAL entry drives parts sold under
	 * several (an RTL8821A die without its Bluetooth half, or an
	 * RTL8812A die bonded with one RF path, is an RTL8811AU): static
	 * text, NULL = info->name. What dvr_chip_name() reports once
	 * identify has read it. */
	const char *part_name;
};

/* Outcome of the chip's last calibration run (the calibrate stage, or a
 * channel set that calibrates again), filled by the chip's ops and
 * reported by the core to the application after the op returns. */
struct dvr_calib_result {
	unsigned runs;            /* calibrations so far; 0: none yet */
	const char *what;         /* which calibration, e.g. "IQK" */
	unsigned channel;         /* primary channel it ran on */
	unsigned paths;           /* RF paths calibrated */
	uint32_t failed_tx;       /* bit p: path p's TX part failed */
	uint32_t failed_rx;       /* bit p: path p's RX part failed */
};

/* A chip being driven: context for every op. */
struct dvr_chip {
	const struct dvr_chip_info *info;
	struct dvr_io *io;
	struct dvr_chip_id id;
	struct dvr_channel channel;   /* current; written by the core only,
	                                 under sync_lock + tx_lock */
	int tx_power_index;           /* the reference rate's, see
	                                 set_tx_power */
	enum dvr_regd regd;           /* TX power limits to obey; set by the
	                                 core at open (dvr_config.regd) */
	unsigned n_out;               /* bulk OUT endpoints present */
	bool usb3;                    /* bus speed is SuperSpeed */
	unsigned usb_speed_mbps;      /* 12, 480 or 5000: DMA burst sizes */
	char error[512];              /* detail for the last failure */
	/* A warning of the last op that still succeeded (a board taken
	 * for another because its EFUSE says nothing, ...): the core logs
	 * it at DVR_LOG_WARN after the bring-up stage and clears it.
	 * Written by dvr_chip_warn. */
	char warning[256];
	struct dvr_calib_result calib; /* last calibration; the chip's */
	/* What every chip keeps once identified, in one place whatever the
	 * chip: the logical EFUSE map (info->efuse_log_size bytes, 0xFF =
	 * unset; NULL until identify read it), whether it was blank, the
	 * board's power by rate and regulatory limits (NULL until parsed),
	 * and the index set_tx_power was last asked for (-1: none yet),
	 * applied again when the chip must rewrite its TX power. Freed by
	 * the core (dvr_chip_state_free). */
	uint8_t *efuse;
	bool efuse_blank;
	struct dvr_txpwr_tables *txpwr;
	int tx_power_asked;
	/* The firmware mailboxes (H2C): next packet sequence number,
	 * restarted by each download, and next register mailbox. */
	uint16_t h2c_seq;
	uint8_t h2c_box;
	/* What the driver last wrote to the registers it writes through
	 * the shadow (libdevourer/io/io.h); emptied by the core
	 * whenever the chip powers on or off. */
	struct dvr_reg_shadow shadow;
	/* Chip-private state: allocated with malloc by the chip's ops when
	 * they need it (an op may free it and set NULL); whatever is left
	 * is freed by the core when the device closes. */
	void *priv;
};

/* RF paths in use: the chip's, or 1 on a board strapped 1T1R. Every
 * per-path array is sized DVR_MAX_RF_PATHS (devourer.h) and holds this
 * many. */
static inline unsigned dvr_chip_rf_paths(const struct dvr_chip *c)
{
	return c->id.is_1t1r ? 1u : c->info->rf_paths;
}

/* Every chip the driver knows; NULL-terminated. */
extern const struct dvr_chip_info *const dvr_chip_registry[];

/* The chip that drives VID:PID, or NULL. */
const struct dvr_chip_info *dvr_hal_find_chip(uint16_t vid, uint16_t pid);

/* Free what the chip keeps (the state above and chip->priv) and clear the
 * pointers; the chip is as before identify. */
void dvr_chip_state_free(struct dvr_chip *chip);

/* chip->priv, allocated zeroed (@p size bytes) when there is none yet;
 * NULL with chip->error set when memory runs out. */
void *dvr_chip_priv_alloc(struct dvr_chip *chip, size_t size);

/* Record a failure detail in chip->error (printf-style) and return status. */
int dvr_chip_fail(struct dvr_chip *chip, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Record a warning in chip->warning (printf-style), for the core to log;
 * a second warning before the core took the first replaces it. */
void dvr_chip_warn(struct dvr_chip *chip, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif /* DVR_HAL_H */
