/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar1 family layer (RTL8812A, RTL8821A/8811A, and the parts the
 * RTL8814A shares): the programming these chips have in common, driven by
 * chip data, split where rtw88 splits rtw88xxa.c from rtw8812a.c and
 * rtw8821a.c. A chip of the family fills struct dvr_chip_info, points its
 * family_data at a struct jaguar1_data, uses the jaguar1_* ops below for
 * what the family does one way (power, firmware, MAC, queues, TX/RX
 * descriptors, channel and bandwidth switch, TX power registers, thermal
 * power tracking) and keeps in hal/<chip>/ only what differs.
 *
 * What a die supplies (hal/<chip>/):
 *  - its ops identify (ids, EFUSE fields into jaguar1_priv, RFE type,
 *    then dvr_chip_txpwr_load of its by-rate/limit tables), phy_init
 *    (its BB/AGC/RF tables through jaguar1_phy_cond, dvr_bb_table_row,
 *    jaguar1_rf_row) and calibrate (its IQK, then priv->calibrated);
 *  - in struct jaguar1_data: its MAC table and constants, the CCK gain
 *    table, the band registers of a band switch (its RFE pin mux: the
 *    8812A's per RFE type, the 8821A's with the BT antenna and the
 *    external band switch), the optional spur fix, the unlinked IGI, the
 *    per-channel calibration, its EFUSE TX-power rules, its BB swing step
 *    tables, CCK's default swing index, an optional LCK and its IQK;
 *  - the IQK sequence itself (rtw88 keeps rtw8812a_iqk and rtw8821a_iqk
 *    apart), built on the helpers at the end of this header.
 */
#ifndef DVR_JAGUAR1_H
#define DVR_JAGUAR1_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"
#include "hal/common/phy_table.h"
#include "hal/common/pwrtrack.h"
#include "hal/common/txpwr_index.h"
#include "hal/common/txpwr_limit.h"

/* The largest logical EFUSE map of the family (info->efuse_log_size may
 * be smaller). */
#define JAGUAR1_EFUSE_MAX 512u
#define JAGUAR1_TX_DESC_LEN 40u
#define JAGUAR1_RX_DESC_LEN 24u
/* Logical EFUSE offset of the thermal meter calibration, the same in
 * every die's map (rtw88 rtw88xxa.h struct rtw88xxa_efuse). */
#define JAGUAR1_EFUSE_THERMAL 0xBAu
/* Largest TX AGC index of a rate (6 bits). */
#define JAGUAR1_TXAGC_MAX 0x3F

/* One plain byte write (no read-modify-write). */
struct jaguar1_byte_write {
	uint16_t addr;
	uint8_t value;
};

/* Family data of one chip (info->family_data). Hooks marked optional may
 * be NULL; the family calls every other one unchecked. */
struct jaguar1_data {
	/* Plain byte writes before the card-enable flow (8812A on USB: RF
	 * reset after a U2/U3 switch, rtw88 rtw88xxa_power_on). */
	const struct jaguar1_byte_write *pre_power_writes;
	size_t n_pre_power_writes;
	/* MAC table (phy_cond rows of 8-bit writes) and its length in
	 * words (a pointer: generated tables export their length as an
	 * object, not a constant). */
	const uint32_t *mac_table;
	const size_t *mac_table_len;
	/* REG_PBP (TX/RX page size codes), written with the queue pages
	 * when set_pbp; chips that keep the reset value leave it false. */
	bool set_pbp;
	uint8_t pbp;
	uint8_t ampdu_max_time;      /* REG_AMPDU_MAX_TIME */
	/* Optional: the chip's own MAC register steps, run where rtw88
	 * rtw88xxa_power_on runs them (after REG_MAX_AGGR_NUM). */
	void (*mac_quirks)(struct dvr_chip *chip);
	/* CCK RX power (dBm) from the PHY status AGC byte: LNA index in
	 * [7:5], VGA index in [4:0]; the gain table is the chip's. */
	int (*cck_rx_power)(uint8_t agc);

	/* --- descriptor variants (false: the 8812A's) --- */
	/* TX descriptor dword 0 bits 27 and 31 are AMSDU_PAD_EN and
	 * DISQSELSEQ, not FIRST_SEG and OWN, and stay 0; DATA_RATE_FB_LIMIT
	 * stays 0 (vendor rtl8814a_xmit.h SET_TX_DESC_*_8814A; rtw88
	 * rtw8814a hw_spec old_datarate_fb_limit = false). */
	bool tx_dw0_plain;
	/* RX descriptor dword 4 carries no SGI/LDPC/STBC/bandwidth (the
	 * 8814A's PATTERN_IDX, RX_EOF, scrambler seed ... there): no such
	 * flags, and the bandwidth of every frame from the PHY status
	 * (rtw88 rtw8814a_query_phy_status). */
	bool rx_dw4_no_phy;
	/* The frame's signal is the second-lowest path gain, not the
	 * highest: a 4-path die reports "unbelievably high" gain on paths
	 * A and C now and then (rtw88 rtw8814a_query_phy_status). */
	bool rx_signal_second_lowest;

	/* --- band and channel switch (jaguar1_channel.c) --- */
	/* The die's band registers, run between the RX path select and
	 * the TX path select of a band switch (rtw88 rtw88xxa_switch_band):
	 * on the 8812A the BW indication, packet-detect thresholds, AGC
	 * table select and its RFE pin mux per RFE type; on the 8821A its
	 * own RFE pins, the TX scaler bits [11:8] and, on a board with no
	 * BT and no antenna diversity, the external band switch. */
	void (*band_regs)(struct dvr_chip *chip, bool is_5g, unsigned bw);
	/* Optional: the die's ADC clock spur fix after the bandwidth
	 * registers (the 8812A's rtw8812a_phy_fix_spur; none on the
	 * 8821A). */
	void (*fix_spur)(struct dvr_chip *chip, unsigned bw, unsigned center);
	/* Initial gain both paths' IGI get at a band switch (the unlinked
	 * DIG floor of the die). */
	uint8_t igi_unlinked;
	/* The calibration every channel set runs once bring-up has
	 * calibrated (priv->calibrated): the die's IQK and whatever follows
	 * it (the 8812A's 5 GHz AGC difference tables); it fills
	 * chip->calib. */
	int (*calibrate_channel)(struct dvr_chip *chip, unsigned channel);

	/* --- TX power (jaguar1_txpower.c) --- */
	/* How the die reads its EFUSE TX-power block: the offset of path
	 * A's record, the index step and the vendor's default bases of a
	 * blank part (the 8812A's 0x2D/0x2A; a second die gives its own).
	 * The die loads its power-by-rate and limit tables into chip state
	 * itself at identify (dvr_chip_txpwr_load), choosing by board. */
	const struct dvr_txpwr_chip *txpwr;

	/* --- thermal power tracking (jaguar1_pwrtrack.c) --- */
	/* The BB swing step tables of the board (the die may choose by
	 * RFE type, as the 8812A's type 3 has its own). */
	const struct dvr_pwrtrk_tables *(*pwrtrk_tables)(
		const struct dvr_chip *chip);
	/* Swing index CCK's remnant counts from (rtw88
	 * rtw88xxa_pwrtrack_init: 24 on the 8812A, 0 on the 8821A). */
	uint8_t cck_default_index;
	/* Optional: LC-tank calibration run when the die has warmed or
	 * cooled past the threshold (the 8812A's; rtw88 runs none on the
	 * 8821A). */
	void (*lck)(struct dvr_chip *chip);
	/* IQK of every path on the channel set now (the die's flow: rtw88
	 * shares only helpers between rtw8812a_do_iqk and rtw8821a_do_iqk);
	 * tracking runs it after an LCK-worthy temperature change. */
	int (*iqk)(struct dvr_chip *chip, bool band_5g);
};

static inline const struct jaguar1_data *jaguar1_data(const struct dvr_chip *c)
{
	return (const struct jaguar1_data *)c->info->family_data;
}

enum jaguar1_band { JAGUAR1_BAND_NONE = 0, JAGUAR1_BAND_2G = 2,
                    JAGUAR1_BAND_5G = 5 };

/*
 * Chip state behind chip->priv: allocated by identify (which the core
 * always runs first, jaguar1_priv_alloc) and freed by power_off. Every op
 * tolerates priv == NULL (defaults), so the pure ops work without identify.
 */
/* IQK result of one path as applied (the die's IQK): TX X/Y
 * 11-bit, RX X/Y 10-bit two's complement; ok false = the calibration
 * failed and the identity correction was applied. */
struct jaguar1_iqk {
	bool tx_ok, rx_ok;
	uint16_t tx_x, tx_y, rx_x, rx_y;
};

/* Thermal power tracking (hal/jaguar1/jaguar1_pwrtrack.c), set up
 * again at every band switch as rtw88 rtw88xxa_pwrtrack_init does. */
struct jaguar1_pwrtrack {
	bool meter_started;      /* the meter was started on the last tick */
	bool first_reading;      /* apply the next reading whatever it is */
	uint32_t avg;            /* moving average, 10 fractional bits */
	uint8_t thermal_k;       /* average at the last LCK/IQK */
	uint8_t default_index;   /* swing index of the EFUSE swing */
	int8_t steps[DVR_MAX_RF_PATHS]; /* swing steps applied per path */
	/* TX AGC index steps past the swing's tracking limit, added to
	 * every rate's index (rtw88 dm_info txagc_remnant_ofdm / _cck) */
	int8_t remnant_ofdm[DVR_MAX_RF_PATHS];
	int8_t remnant_cck;
	bool remnant_pending;    /* TX power not yet applied with it */
};

/* The EFUSE map, TX power tables and the power last asked are the chip's
 * common state (struct dvr_chip). */
struct jaguar1_priv {
	uint8_t bb_swing_2g, bb_swing_5g;   /* 2 bits per path */
	bool btcoex;
	bool no_vht;                        /* 11n-only board */
	enum jaguar1_band band;             /* band the BB/RF is set up for */
	bool calibrated;                    /* calibrate stage has run */
	unsigned iqk_runs;
	struct jaguar1_iqk iqk[DVR_MAX_RF_PATHS]; /* last IQK, per path */
	struct jaguar1_pwrtrack pwrtrack;
};

static inline struct jaguar1_priv *jaguar1_priv(const struct dvr_chip *c)
{
	return (struct jaguar1_priv *)c->priv;
}

/* chip->priv, allocated (zeroed) when missing; NULL when out of memory. */
struct jaguar1_priv *jaguar1_priv_alloc(struct dvr_chip *chip);

/* RF paths in use: info->rf_paths, or 1 on a 1T1R board. */
static inline unsigned jaguar1_paths(const struct dvr_chip *c)
{
	return dvr_chip_rf_paths(c);
}

/* The phy_cond description of the chip for the table walker. */
void jaguar1_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out);

/* --- register and table access (jaguar1_rf.c) --- */

/* RF register access through the LSSI port; path 0 = A, 1 = B. */
void jaguar1_rf_write(struct dvr_chip *chip, unsigned path, uint8_t addr,
                      uint32_t data);
uint32_t jaguar1_rf_read(struct dvr_chip *chip, unsigned path, uint8_t addr);

/* RF table row writer for dvr_phy_table_walk (ctx = struct
 * jaguar1_rf_ctx), honouring the table's pseudo-address delays; BB/AGC
 * rows go through dvr_bb_table_row (hal/common/bb_table_row.h). */
struct jaguar1_rf_ctx {
	struct dvr_chip *chip;
	unsigned path;
};
int jaguar1_rf_row(void *ctx, uint32_t addr, uint32_t data);

/* --- EFUSE port (jaguar1_efuse.c) --- */

struct jaguar1_efuse {
	struct dvr_io *io;
	uint32_t ctl;   /* REG_EFUSE_CTRL with address/data/flag cleared */
};

/* Grant the EFUSE to the driver and prepare the port. */
void jaguar1_efuse_open(struct dvr_chip *chip, struct jaguar1_efuse *port);
/* One physical byte (a dvr_efuse_read_fn; ctx = the port). */
int jaguar1_efuse_read_phys(void *ctx, unsigned addr, uint8_t *out);
/* Release the EFUSE. */
void jaguar1_efuse_close(struct dvr_chip *chip);

/* --- queues (jaguar1_queues.c) --- */

/* LLT: TX pages chained up to the boundary, reserved pages in a ring;
 * needed before the firmware download. */
int jaguar1_llt_init(struct dvr_chip *chip);
/* Queue pages, FIFO boundaries, queue -> DMA map, page size, from
 * info->queues; run by mac_init after the MAC table. */
void jaguar1_init_queues(struct dvr_chip *chip);

/* --- ops the family implements once --- */

int jaguar1_power_on(struct dvr_chip *chip);
void jaguar1_power_off(struct dvr_chip *chip);
int jaguar1_download_firmware(struct dvr_chip *chip,
                              const struct dvr_firmware *fw);
int jaguar1_mac_init(struct dvr_chip *chip);
int jaguar1_set_monitor(struct dvr_chip *chip, bool keep_corrupted);
int jaguar1_wait_tx_idle(struct dvr_chip *chip, unsigned timeout_ms);
unsigned jaguar1_tx_out_index(const struct dvr_chip *chip, unsigned n_out);
int jaguar1_build_tx_desc(const struct dvr_chip *chip, uint8_t *desc,
                          const struct dvr_tx_desc_req *req);
/* The check_tx_vector op: what jaguar1_build_tx_desc would refuse. */
int jaguar1_check_tx_vector(const struct dvr_chip *chip,
                            const struct dvr_tx_desc_req *req, char *why,
                            size_t why_len);
int jaguar1_parse_rx_pkt(const struct dvr_chip *chip, const uint8_t *p,
                         size_t avail, struct dvr_rx_pkt *out);
/* TX power (jaguar1_txpower.c): every rate's TX AGC index and the power
 * training levels of each path, from jaguar1_data.txpwr and the tables
 * the die loaded. */
int jaguar1_set_tx_power(struct dvr_chip *chip, int index);
int jaguar1_calibrated_tx_power(struct dvr_chip *chip);
/* The set_channel op (jaguar1_channel.c): band switch when the band
 * changes, channel, bandwidth and RF 0x18 of every path, then the die's
 * calibrate_channel once bring-up has calibrated. */
int jaguar1_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch);
/* Thermal power tracking (jaguar1_pwrtrack.c): the track op, and the
 * fresh start every band switch gives it (after the EFUSE swing is
 * written). */
int jaguar1_track(struct dvr_chip *chip, struct dvr_thermal_stats *st);
void jaguar1_pwrtrack_reset(struct dvr_chip *chip, bool is_5g);
/* The TX scaler ([31:21] of 0xC1C/0xE1C) of a path's EFUSE BB swing on
 * a band (rtw88 rtw88xxa_get_bb_swing). */
uint32_t jaguar1_bb_swing(const struct dvr_chip *chip, bool is_5g,
                          unsigned path);

/* --- IQK helpers the dies' calibrations share (jaguar1_iqk.c) --- */

/* Shots a path may spend in one phase (rtw88 cal_retry). */
#define JAGUAR1_IQK_TRIES 10u

/* Shots of one path in one phase, until two agree. */
struct jaguar1_iqk_acc {
	int x[JAGUAR1_IQK_TRIES], y[JAGUAR1_IQK_TRIES];
	unsigned n, tries;         /* shots kept, shots failed */
	bool finished;
	int rx, ry;                /* the agreed result */
};

/* Page C (false) or C1 (true) of the 0xC00-0xEFF bank (0x82C bit 31). */
void jaguar1_iqk_page(struct dvr_io *io, bool c1);
/* Save / write back 32-bit registers on page C. */
void jaguar1_iqk_backup(struct dvr_io *io, const uint16_t *regs, size_t n,
                        uint32_t *out);
void jaguar1_iqk_restore(struct dvr_io *io, const uint16_t *regs, size_t n,
                         const uint32_t *vals);
/* TX paused, beacons, RX antennas, CCA and CCK RX off for the loop-back
 * (rtw88 rtw88xxa_iqk_configure_mac). */
void jaguar1_iqk_quiet_mac(struct dvr_io *io);
/* An 11-bit two's complement report value. */
int jaguar1_iqk_sext11(uint32_t v);
/* One successful shot; two within @p agree of each other in X and Y
 * finish the phase with their mean (rtw88 rtw88xxa_iqk_finish; the
 * 8812A uses 4, the 8821A 3 for TX and 4 for RX). */
void jaguar1_iqk_acc_add(struct jaguar1_iqk_acc *a, int x, int y,
                         int agree);
/* The path has spent all its shots. */
bool jaguar1_iqk_acc_given_up(const struct jaguar1_iqk_acc *a);
/* chip->calib from priv->iqk after the die's IQK of @p channel. */
void jaguar1_iqk_record(struct dvr_chip *chip, unsigned channel);

#endif /* DVR_JAGUAR1_H */
