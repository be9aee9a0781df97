/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar1 family layer (RTL8812A, RTL8821A/8811A, and the parts the
 * RTL8814A shares): the programming these chips have in common, driven by
 * chip data. A chip of the family fills struct dvr_chip_info, points its
 * family_data at a struct jaguar1_data, uses the jaguar1_* ops below for
 * what the family does one way, and keeps in hal/<chip>/ only what differs
 * (ids, tables, EFUSE parsing, band/channel/RF specifics, TX power).
 */
#ifndef DVR_JAGUAR1_H
#define DVR_JAGUAR1_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"
#include "hal/common/phy_table.h"
#include "hal/common/txpwr_limit.h"

/* The largest logical EFUSE map of the family (info->efuse_log_size may
 * be smaller). */
#define JAGUAR1_EFUSE_MAX 512u
#define JAGUAR1_TX_DESC_LEN 40u
#define JAGUAR1_RX_DESC_LEN 24u

/* One plain byte write (no read-modify-write). */
struct jaguar1_byte_write {
	uint16_t addr;
	uint8_t value;
};

/* Family data of one chip (info->family_data). */
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
/* IQK result of one path as applied (hal/rtl8812a/rtl8812a_iqk.c): TX X/Y
 * 11-bit, RX X/Y 10-bit two's complement; ok false = the calibration
 * failed and the identity correction was applied. */
struct jaguar1_iqk {
	bool tx_ok, rx_ok;
	uint16_t tx_x, tx_y, rx_x, rx_y;
};

/* Thermal power tracking (hal/rtl8812a/rtl8812a_pwrtrack.c), set up
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

#endif /* DVR_JAGUAR1_H */
