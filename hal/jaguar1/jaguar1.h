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
/* PHY status (driver info) the family asks for: 4 units of 8 bytes
 * (rtw88 mac.h PHY_STATUS_SIZE, written to REG_RX_DRVINFO_SZ). */
#define JAGUAR1_PHY_STATUS_LEN 32u
/* Largest VHT MPDU including its FCS, the length REG_RX_PKT_LIMIT 0x18
 * is set for (rtw88 rtw88xxa.c rtw88xxa_power_on, "VHT packet length
 * 11K"). */
#define JAGUAR1_MAX_RX_FRAME 11454u
/* Logical EFUSE size of every die (rtw88 rtw8812a.c / rtw8821a.c
 * log_efuse_size). */
#define JAGUAR1_EFUSE_SIZE 512u

/*
 * The 8051 reset of a Jaguar1 die as power-sequence rows: 0x1C bit 1
 * off, the die's CPU reset release bit in 0x1D (@p rst_bit: bit 3 on the
 * 8812A, bit 0 on the 8821A) off, CPU off, 0x1C bit 1 off again, the
 * release bit on, CPU on (rtw88 rtw88xxa.c rtw88xxa_reset_8051). The die
 * ends the array with an END row.
 */
#define JAGUAR1_RESET_ROW(reg, mask, value)                                  \
	{ (reg), 0xFF, DVR_PWR_INTF_USB, DVR_PWR_BASE_MAC, DVR_PWR_CMD_WRITE, \
	  (mask), (value) }
#define JAGUAR1_CPU_RESET_ROWS(rst_bit)                                      \
	JAGUAR1_RESET_ROW(0x001C, 0x02, 0x00),                               \
	JAGUAR1_RESET_ROW(0x001D, (rst_bit), 0x00),                          \
	JAGUAR1_RESET_ROW(0x0003, 0x04, 0x00),                               \
	JAGUAR1_RESET_ROW(0x001C, 0x02, 0x00),                               \
	JAGUAR1_RESET_ROW(0x001D, (rst_bit), (rst_bit)),                     \
	JAGUAR1_RESET_ROW(0x0003, 0x04, 0x04),                               \
	{ 0, 0, 0, 0, DVR_PWR_CMD_END, 0, 0 }

/* The 8051 image of every die: a 32-byte header, at most 32 KiB of code
 * (vendor FW_SIZE_8812), written in 4 KiB pages at 0x1000 (rtw88 fw.h
 * DLFW_PAGE_SIZE_LEGACY, FW_START_ADDR_LEGACY); the die adds its
 * signature value and CPU reset rows. */
#define JAGUAR1_FW_8051_SPEC                                                 \
	.hdr_len = 32,                                                       \
	.max_code = 0x8000,                                                  \
	.page_size = 4096,                                                   \
	.window = 0x1000,                                                    \
	.sig_mask = 0xFFF0

/* The die's 8051 spec @p name: its reset rows (release bit @p rst_bit),
 * the family's image layout and its signature @p sig. */
#define JAGUAR1_DEFINE_FW_8051(name, sig, rst_bit)                           \
	static const struct dvr_pwr_cmd name##_reset_rows[] = {              \
		JAGUAR1_CPU_RESET_ROWS(rst_bit),                             \
	};                                                                   \
	static const struct dvr_pwr_cmd *const name##_reset[] = {            \
		name##_reset_rows, NULL,                                     \
	};                                                                   \
	static const struct dvr_fw_8051_spec name = {                        \
		JAGUAR1_FW_8051_SPEC,                                        \
		.sig_value = (sig),                                          \
		.cpu_reset = name##_reset,                                   \
	}

/* Queue -> DMA priority per bulk OUT count, the same on both dies (rtw88
 * rtw8812a.c rqpn_table_8812a, rtw8821a.c rqpn_table_8821a). One bulk
 * OUT endpoint, which no rtw88 table covers, puts every queue on HIGH:
 * the only one that endpoint feeds. */
#define JAGUAR1_USB_RQPN                                                     \
	{                                                                    \
		[1] = DVR_RQPN(HIGH, HIGH, HIGH, HIGH, HIGH, HIGH),          \
		[2] = DVR_RQPN(HIGH, HIGH, NORMAL, NORMAL, HIGH, HIGH),      \
		[3] = DVR_RQPN(HIGH, NORMAL, LOW, LOW, HIGH, HIGH),          \
		[4] = DVR_RQPN(NORMAL, NORMAL, LOW, LOW, EXTRA, HIGH),       \
	}
/* A die's queue layout: 256 TX pages of @p page bytes, @p rsvd of them
 * the driver's, the 16128-byte RX FIFO less 128 for reports (rtw88
 * rtw88xxa.c REPORT_BUF), and the high, low and extra queue pages of its
 * page table (two bulk OUTs: high only; three: high and low; four: all
 * three; the normal queue none, one page of gap; one bulk OUT as two). */
#define JAGUAR1_QUEUE_LAYOUT(page, rsvd, hq, lq, exq)                        \
	{                                                                    \
		.page_size = (page),                                         \
		.tx_pages = 256,                                             \
		.rsvd_pages = (rsvd),                                        \
		.rxff_size = 16128,                                          \
		.rx_report_size = 128,                                       \
		.rqpn = JAGUAR1_USB_RQPN,                                    \
		.pages = {                                                   \
			[1] = { (hq), 0, 0, 0, 1 },                          \
			[2] = { (hq), 0, 0, 0, 1 },                          \
			[3] = { (hq), 0, (lq), 0, 1 },                       \
			[4] = { (hq), 0, (lq), (exq), 1 },                   \
		},                                                           \
	}

/* One plain byte write (no read-modify-write). */
struct jaguar1_byte_write {
	uint16_t addr;
	uint8_t value;
};

struct jaguar1_efuse;

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
	/* After the card-enable flow: set 0x7C bit 6 when SYS_CFG bit 24
	 * (the LDO regulator strap) reads set (the 8821A's step in rtw88
	 * rtw88xxa.c rtw88xxau_init_power_on). */
	bool ldo_from_strap;
	/* The TX DMA also takes the aggregation depth (info->tx_agg_max),
	 * doubled, in REG_DWBCN1_CTRL (0x228): the 8821A's (rtw88
	 * rtw88xxa.c rtw88xxau_tx_aggregation). */
	bool agg_depth_dwbcn1;
	/* RF reads: true when CCA must be off while the read port is
	 * switched, except on the C-cut, which waits 20 us instead (the
	 * 8812A); false: every read waits 20 us (the 8821A) (rtw88
	 * rtw88xxa.c rtw88xxa_phy_read_rf). */
	bool rf_read_cca_by_cut;
	/* Optional: the chip's own MAC register steps, run where rtw88
	 * rtw88xxa_power_on runs them (after REG_MAX_AGGR_NUM). */
	void (*mac_quirks)(struct dvr_chip *chip);
	/* CCK RX power (dBm) from the PHY status AGC byte: LNA index in
	 * [7:5], VGA index in [4:0]; the gain table is the chip's. */
	int (*cck_rx_power)(uint8_t agc);

	/* --- identify (jaguar1_identify.c) --- */
	/* What the die reads before the generic fields: SYS_CFG's cut
	 * number plus cut_add (rtw88 rtw88xxa_read_efuse adds 1 on the
	 * 8812A), the MAC address at efuse_mac in the logical map (the
	 * USB block: 0xD7 on the 8812AU, 0x107 on the 8821AU) or the
	 * fallback address of a blank part. */
	uint8_t cut_add;
	uint16_t efuse_mac;
	uint8_t fallback_mac[6];
	/* Optional: physical EFUSE bytes past the logical map, read while
	 * the port is open (the 8812A's 1T1R and 11n-only marks). */
	int (*efuse_extra)(struct dvr_chip *chip, struct jaguar1_efuse *port);

	/* --- BB/RF bring-up (jaguar1_phy.c) --- */
	/* BB and AGC tables, the RF table of each path (phy_cond rows),
	 * word counts through pointers as mac_table's. */
	const uint32_t *bb_table, *agc_table;
	const size_t *bb_table_len, *agc_table_len;
	const uint32_t *rf_table[2];
	const size_t *rf_table_len[2];
	/* Field of REG_AFE_XTAL_CTRL (0x2C) the crystal cap goes to, as
	 * cap | cap << 6 (rtw88 rtw88xxa_phy_bb_config: [30:19] on the
	 * 8812A, [23:12] on the 8821A). */
	uint32_t xtal_mask;
	/* Optional: a two-path die strapped 1T1R receives and sends on
	 * path A only (the 8812A's rtw8812a_config_1t); a one-path die
	 * needs none. */
	void (*config_1t)(struct dvr_io *io);

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
	/* Optional: what calibrate_channel writes beyond the IQK, done
	 * again by a hop to @p channel (the 8812A's AGC difference table of
	 * the sub-band, when the BB holds another one: priv->cal_table). */
	int (*hop_calibration)(struct dvr_chip *chip, unsigned channel);

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

/*
 * What a channel set leaves behind that differs between two channels of
 * one band and bandwidth, taken after the set (and its calibration) so a
 * later return to the channel can be a hop (hal/jaguar1/jaguar1_hop.c):
 * the sub-band's fc_area (0x860), where the primary 20 MHz sits in a 40
 * or 80 MHz channel (0x483, 0x8AC [5:2], 0x838 [31:28], 0xA00 bit 4),
 * the ADC clock fields the 8812A's spur fix moves (0x8AC, 0x8C4), RF
 * 0x18 of every path, and what the IQK of
 * the channel wrote — RX correction 0xC10/0xE10, page-C1 TX correction
 * 0xCCC/0xCD4 and 0xECC/0xED4, the LO leakage result in RF 0x58, the TX
 * result its RX IQK loaded into the engine (0x978) — with
 * the die's temperature then. Whole register values: a hop writes, never
 * reads.
 */
#define JAGUAR1_HOP_ENTRIES 48u
struct jaguar1_chan_regs {
	struct dvr_channel ch;           /* channel 0: empty slot */
	uint32_t clktrk, adcclk, adc160; /* 0x860, 0x8AC, 0x8C4 */
	uint32_t cca2nd, rxsb;           /* 0x838, 0xA00 */
	uint8_t data_sc;                 /* 0x483 */
	uint32_t rf18[2];                /* RF 0x18 per path */
};

struct jaguar1_hop_cache {
	struct jaguar1_chan_regs e[JAGUAR1_HOP_ENTRIES];
	unsigned next;                   /* slot the next new channel takes */
	/* Entry the chip's registers hold now; -1: unknown (not calibrated
	 * yet, or something rewrote them since: tracking's recalibration) */
	int live;
	/* jaguar1_thermal_now when the calibration in force ran */
	uint8_t calib_thermal;
};

/*
 * Chip state behind chip->priv: allocated by identify (which the core
 * always runs first, jaguar1_priv_alloc) and freed by power_off. Every op
 * tolerates priv == NULL (defaults), so the pure ops work without identify.
 * The EFUSE map, TX power tables and the power last asked are the chip's
 * common state (struct dvr_chip).
 */
struct jaguar1_priv {
	uint8_t bb_swing_2g, bb_swing_5g;   /* 2 bits per path */
	bool btcoex;
	bool no_vht;                        /* 11n-only board */
	enum jaguar1_band band;             /* band the BB/RF is set up for */
	bool calibrated;                    /* calibrate stage has run */
	unsigned iqk_runs;
	struct jaguar1_iqk iqk[DVR_MAX_RF_PATHS]; /* last IQK, per path */
	struct jaguar1_pwrtrack pwrtrack;
	/* Which of the die's per-sub-band calibration tables the BB holds
	 * (the die's own numbering, 0: none; the 8812A's AGC difference) */
	uint8_t cal_table;
	/* RF 0x18 of each path as the last channel set wrote it */
	uint32_t rf18[2];
	struct jaguar1_hop_cache hop;
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

/* identify's common part (jaguar1_identify.c): chip state, SYS_CFG and
 * cut, the EFUSE map (and the die's efuse_extra), crystal cap, BB
 * swings, MAC address. The die's identify then reads its own fields
 * (amplifiers, RFE type, BT) and loads its TX power tables. */
int jaguar1_identify(struct dvr_chip *chip);
/* phy_init (jaguar1_phy.c): BB/RF blocks on, BB and AGC tables, crystal
 * cap, the RF table of each path in use, the die's config_1t on a 1T1R
 * board (rtw88 rtw88xxa.c rtw88xxa_phy_bb_config, rtw88xxa_phy_rf_config). */
int jaguar1_phy_init(struct dvr_chip *chip);
/* calibrate (jaguar1_phy.c): the die's calibrate_channel on the channel
 * set now, after which every channel set calibrates again. */
int jaguar1_calibrate(struct dvr_chip *chip);

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
/* The tx_agg_head op: the first descriptor of a bulk OUT of @p n frames
 * says so in USB_TXAGG_NUM (dword 7 [31:24]), its checksum taken again
 * (rtw88 usb.c rtw_usb_tx_agg_skb, rtw_usb_fill_tx_checksum). */
void jaguar1_tx_agg_head(const struct dvr_chip *chip, uint8_t *desc,
                         unsigned n);
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
/* A 5 or 10 MHz channel: tuned at 20 MHz, then the baseband re-clocked
 * (jaguar1_narrowband.c); jaguar1_set_channel hands such a channel here. */
int jaguar1_set_narrow_channel(struct dvr_chip *chip,
                               const struct dvr_channel *ch);
/* The hop_channel op (jaguar1_hop.c): a move within the band and
 * bandwidth to a channel set in full before, while the die is within the
 * IQK threshold of the calibration in force, made by writing what differs
 * between the two channels' cached tuning; declined (nothing written)
 * otherwise. The calibration in force stays. */
int jaguar1_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                        bool *hopped);
/* After a full channel set and its calibration: keep the channel's tuning
 * (struct jaguar1_chan_regs) for hops back to it, and the temperature of
 * the calibration now in force. */
void jaguar1_hop_store(struct dvr_chip *chip, const struct dvr_channel *ch);
/* Every cached channel is stale (power, BB/RF tables, an LCK/IQK of
 * tracking): the next change of channel is a full set. */
void jaguar1_hop_forget(struct dvr_chip *chip);
/* The die's temperature as tracking last averaged it (the EFUSE
 * calibration value before the first reading). */
uint8_t jaguar1_thermal_now(const struct dvr_chip *chip);
/* The recalibration threshold of the thermal average (rtw88 chip_info
 * iqk_threshold). */
#define JAGUAR1_IQK_THRESHOLD 8u

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

/* The IQK engine's report (page C1 0xD00 path A, 0xD40 path B): done,
 * RX and TX failure bits and the value [26:16] that page C1's
 * 0xCB8/0xEB8 selects (rtw88 rtw8812a.c / rtw8821a.c iqk); the RF
 * registers both dies' sequences set up (rtw88 reg.h). */
#define JAGUAR1_IQK_DONE     BIT(10)
#define JAGUAR1_IQK_RX_FAIL  BIT(11)
#define JAGUAR1_IQK_TX_FAIL  BIT(12)
#define JAGUAR1_IQK_VALUE    0x07FF0000u
#define JAGUAR1_IQK_SEL_TX_X 0x02000000u
#define JAGUAR1_IQK_SEL_TX_Y 0x04000000u
#define JAGUAR1_IQK_SEL_RX_X 0x06000000u
#define JAGUAR1_IQK_SEL_RX_Y 0x08000000u
#define JAGUAR1_RF_DTXLOK     0x08
#define JAGUAR1_RF_MODE_ADDR  0x30
#define JAGUAR1_RF_MODE_DATA0 0x31
#define JAGUAR1_RF_MODE_DATA1 0x32
#define JAGUAR1_RF_TXMOD      0x58
#define JAGUAR1_RF_TXA_PREPAD 0x65
#define JAGUAR1_RF_RXBB2      0x8F
#define JAGUAR1_RF_LUTWE      0xEF

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

/* The ops every Jaguar1 die points at the family, for a die's ops table
 * to start with (it adds identify, phy_init — jaguar1_phy_init or its
 * own around it — and probe where an id is shared). */
#define JAGUAR1_CHIP_OPS                                                     \
	.power_on = jaguar1_power_on,                                        \
	.download_firmware = jaguar1_download_firmware,                      \
	.mac_init = jaguar1_mac_init,                                        \
	.set_monitor = jaguar1_set_monitor,                                  \
	.set_carrier_sense = dvr_set_carrier_sense,                          \
	.set_channel = jaguar1_set_channel,                                  \
	.hop_channel = jaguar1_hop_channel,                                  \
	.calibrate = jaguar1_calibrate,                                      \
	.set_tx_power = jaguar1_set_tx_power,                                \
	.calibrated_tx_power = jaguar1_calibrated_tx_power,                  \
	.track = jaguar1_track,                                              \
	.wait_tx_idle = jaguar1_wait_tx_idle,                                \
	.power_off = jaguar1_power_off,                                      \
	.tx_out_index = jaguar1_tx_out_index,                                \
	.build_tx_desc = jaguar1_build_tx_desc,                              \
	.tx_agg_head = jaguar1_tx_agg_head,                                  \
	.check_tx_vector = jaguar1_check_tx_vector,                          \
	.parse_rx_pkt = jaguar1_parse_rx_pkt

/*
 * The info fields every Jaguar1 die has alike: descriptor geometry, the
 * VHT MPDU limit (a frame of 11454 bytes with FCS fits one bulk OUT: the
 * vendor/rtw88 transfer buffer is 20480 bytes, and the TX FIFO keeps at
 * least 214 public pages of 512 bytes on the 8812A, 227 of 256 bytes on
 * the 8821A, rtw88 page_table_8812a / page_table_8821a; rates whose PPDU
 * cannot carry that much, legacy ones with L-SIG length <= 4095, are
 * refused per frame by build_tx_desc), the 6-bit TX AGC index in 0.5 dB steps (rtw88
 * txgi_max 63, the unit its by-rate and limit tables are kept in) with
 * 32 as the stand-in when no channel gives a calibrated level (mid-scale,
 * below what boards are calibrated to, so it cannot overdrive an
 * external PA), the 8051 download, EFUSE and PHY status sizes, and the
 * bounds of a USB TX aggregate — at most 20480 bytes, each frame 8-byte
 * aligned (rtw88 usb.h RTW_USB_MAX_XMITBUF_SZ, usb.c rtw_usb_tx_agg_skb);
 * how many frames the die's DMA takes is its own tx_agg_max.
 */
#define JAGUAR1_CHIP_INFO                                                    \
	.tx_desc_len = JAGUAR1_TX_DESC_LEN,                                  \
	.rx_desc_len = JAGUAR1_RX_DESC_LEN,                                  \
	.rx_agg_align = 8,                                                   \
	.max_tx_frame = DVR_MAX_TX_FRAME,                                    \
	.max_rx_pkt = JAGUAR1_RX_DESC_LEN + JAGUAR1_PHY_STATUS_LEN +         \
	              JAGUAR1_MAX_RX_FRAME,                                  \
	.max_bw_mhz = 80,                                                    \
	.has_5ghz = true,                                                    \
	.preferred_tx_mode = DVR_TX_ASYNC,                                   \
	.default_tx_power = 32,                                              \
	.tx_power_min = 0,                                                   \
	.tx_power_max = JAGUAR1_TXAGC_MAX,                                   \
	.tx_power_step_mbm = 50,                                             \
	.tx_agg_max_bytes = 20480,                                           \
	.tx_agg_align = 8,                                                   \
	.tsf_reg = 0x0560, /* REG_TSFTR, rtw88 reg.h */                      \
	.fw_kind = DVR_FW_8051_PAGES,                                        \
	.phy_status_len = JAGUAR1_PHY_STATUS_LEN,                            \
	.efuse_log_size = JAGUAR1_EFUSE_SIZE

/* A die's own objects by its prefix @p d: <d>_usb_ids, <d>_ops, <d>_fw
 * (JAGUAR1_DEFINE_FW_8051), its generated power flows, <d>_queues and
 * <d>_family. */
#define JAGUAR1_DIE_INFO(d)                                                  \
	.usb_ids = d##_usb_ids,                                              \
	.n_usb_ids = sizeof d##_usb_ids / sizeof d##_usb_ids[0],             \
	.ops = &d##_ops,                                                     \
	.fw_8051 = &d##_fw,                                                  \
	.pwr_on_flow = d##_card_enable_flow,                                 \
	.pwr_off_flow = d##_card_disable_flow,                               \
	.pwr_lps_flow = d##_enter_lps_flow,                                  \
	.queues = &d##_queues,                                               \
	.family_data = &d##_family

#endif /* DVR_JAGUAR1_H */
