/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821CU / RTL8811CU (Jaguar2, 1T1R, 2.4 + 5 GHz) chip driver: internal
 * interface between the files of hal/rtl8821c/ (one job each). What every
 * HalMAC chip does the same is in hal/halmac/ (driven by this chip's data
 * in rtl8821c_halmac.c), what the Jaguar2 family does its own way (the
 * "jgr2" PHY status) in hal/jaguar2/. Only rtl8821c_info is public
 * (hal/registry.c lists it).
 *
 * The two bondings are one die (rtw88 drives both with one chip struct,
 * rtw8821cu.c); whether BT is present is an EFUSE bit. Some boards share
 * the 2.4 GHz front end with BT ("BTG"): EFUSE 0xCA names them.
 */
#ifndef DVR_RTL8821C_H
#define DVR_RTL8821C_H

#include "hal/hal.h"
#include "hal/common/phy_table.h"
#include "hal/common/txpwr_limit.h"
#include "hal/halmac/halmac.h"
#include "hal/jaguar2/jaguar2.h"

extern const struct dvr_chip_info rtl8821c_info;

#define RTL8821C_CHIP_ID 0x09        /* SYS_CFG2 0xFC */
#define RTL8821C_FW_SIGNATURE 0x8821
#define RTL8821C_EFUSE_PHYS 512u
#define RTL8821C_EFUSE_PROTECTED 96u
#define RTL8821C_EFUSE_LOG 512u

/* Logical EFUSE offsets (rtw88 rtw8821c.h struct rtw8821c_efuse, the
 * offsets its packed layout gives). */
#define EFUSE8821C_TX_POWER 0x10
#define EFUSE8821C_THERMAL 0xBA
#define EFUSE8821C_RF_BOARD 0xC1
#define EFUSE8821C_RF_BT 0xC3
#define EFUSE8821C_SWING_2G 0xC6
#define EFUSE8821C_SWING_5G 0xC7
#define EFUSE8821C_RFE 0xCA
#define EFUSE8821C_MAC 0x107
/* 0xCA: the RFE option in [4:0], the package type in bit 5. */
#define RTL8821C_RFE_OPTION_MASK 0x1F
#define RTL8821C_RFE_PACKAGE 0x20

/* Thermal power tracking state (rtl8821c_pwrtrack.c); path A only. */
struct rtl8821c_pwrtrack {
	bool triggered;          /* meter started, read on the next tick */
	bool first;              /* the first reading after (re)init */
	uint32_t ewma;           /* moving average, 10 fractional bits */
	uint8_t avg;             /* its integer part */
	uint8_t iqk_ref;         /* average at the last IQK */
	int8_t delta;            /* table steps against the calibration */
	int8_t delta_last;       /* ... as last applied */
	uint8_t swing_default;   /* BB swing index the channel set left */
};

/* Chip-private state behind chip->priv (allocated by identify; every op
 * tolerates NULL and then uses defaults). The EFUSE map, the TX power
 * tables and the power last asked are the chip's common state (struct
 * dvr_chip); chip->id.rfe_type holds the RFE option (0xCA & 0x1F). */
struct rtl8821c_priv {
	uint8_t rfe_full;        /* EFUSE 0xCA as read (blank: 0) */
	bool package;            /* 0xCA bit 5 */
	bool btg;                /* 2.4 GHz front end shared with BT */
	bool btcoex;             /* RTL8821CU (BT) rather than RTL8811CU */
	uint8_t swing_2g, swing_5g;   /* EFUSE BB swing settings (0..9) */
	uint8_t thermal;         /* EFUSE calibration reading, 0xFF none */
	/* CCK TX filter the tables left (0xA24, 0xA28, 0xAAC), restored
	 * off channel 14; valid once phy_init read them. */
	bool cck_filter_valid;
	uint32_t cck_filter[3];
	uint8_t cck_pd_default;  /* 0xAAA [4:0] after the tables */
	struct rtl8821c_pwrtrack pwrtrack;
	/* The RF channel words a hop writes (rtl8821c_channel.c). */
	struct jaguar2_hop_cache hop;
	/* rtl8821c_channel.c: the last channel set re-clocked the baseband
	 * for 5/10 MHz */
	bool narrow;
};

static inline struct rtl8821c_priv *rtl8821c_priv(const struct dvr_chip *c)
{
	return (struct rtl8821c_priv *)c->priv;
}

/* The chip's data for hal/halmac and hal/jaguar2 (rtl8821c_halmac.c). */
extern const struct halmac_data rtl8821c_halmac;
extern const struct dvr_queue_layout rtl8821c_queues;
extern const struct dvr_fw3081_spec rtl8821c_fw_spec;
extern const struct jaguar2_data rtl8821c_jaguar2;

/* The tables of RFE option @p option (rtw88 rtw8821c_rfe_defs: power by
 * rate, limits, the AGC-BTG table); option 0's for one rtw88 does not
 * list. */
struct rtl8821c_rfe_def;
const struct rtl8821c_rfe_def *rtl8821c_board(uint8_t option);

/* Is RFE option @p option one whose 2.4 GHz front end is BT's (rtw88
 * rtw8821c.c rtw8821c_read_efuse rfe_btg)? */
bool rtl8821c_rfe_is_btg(uint8_t option);

/* The phy_cond description of this chip for the table walker: the RFE
 * input is the whole EFUSE 0xCA byte >> 3 and the package 0xCA bit 5
 * (rtw88 phy.c rtw_phy_setup_phy_cond, rtw8821c_read_efuse). */
void rtl8821c_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out);

/* Ops (the rest are hal/halmac's and hal/jaguar2's). */
int rtl8821c_identify(struct dvr_chip *chip);
int rtl8821c_phy_init(struct dvr_chip *chip);
int rtl8821c_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch);
/* hop_channel (rtl8821c_channel.c): declines with no cached RF word for
 * the channel, or a different primary sub-channel. */
int rtl8821c_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                         bool *hopped);
int rtl8821c_set_tx_power(struct dvr_chip *chip, int index);
int rtl8821c_calibrated_tx_power(struct dvr_chip *chip);
int rtl8821c_calibrate(struct dvr_chip *chip);
int rtl8821c_track(struct dvr_chip *chip, struct dvr_thermal_stats *st);
/* The family's CCK hook (rtl8821c_rx.c): dBm from the LNA and VGA gain
 * indices of the "jgr2" CCK page against the board's LNA gain table. */
int rtl8821c_cck_rx_power(const struct dvr_chip *chip, const uint8_t *ps);

/* Power by rate and the regulatory limits of the RFE option in chip->id,
 * parsed into chip->txpwr (run by identify). DVR_OK, or the error of a
 * table the generic parser rejects. */
int rtl8821c_txpower_tables_load(struct dvr_chip *chip);
/* The index rtw88 programs for descriptor rate @p rate (path A) on the
 * chip's current channel: the EFUSE level plus min(by-rate offset, limit
 * of chip->regd), clamped to 0..63; *cap (may be NULL) the most the limit
 * lets it have. -1 with no channel or EFUSE copy yet, or a rate or
 * channel without a level. */
int rtl8821c_txpwr_index(const struct dvr_chip *chip, uint8_t rate, int *cap);

/*
 * Steps inside the ops:
 *
 * rtl8821c_coex_wlan_only (rtl8821c_coex.c): the antenna, the GNT signals
 *   and the path owner to WLAN, once after the PHY tables (phy_init).
 *   DVR_OK, DVR_E_CHIP when the LTE-coex port never becomes ready, or the
 *   bus error.
 * rtl8821c_iqk (rtl8821c_calib.c): one firmware IQK with its completion
 *   poll, recorded in chip->calib; DVR_OK (also when the firmware never
 *   reports: the radio goes on uncalibrated, as in rtw88) or the bus
 *   error.
 * rtl8821c_pwrtrack_init (rtl8821c_pwrtrack.c): the BB swing index now in
 *   0xC1C and a fresh tracking state, as rtw88 rtw8821c_pwrtrack_init
 *   after the tables and after every channel set;
 *   rtl8821c_pwrtrack_restart the same from @p swing, the 0xC1C [31:21]
 *   value the caller knows it holds, without reading it (a hop).
 */
int rtl8821c_coex_wlan_only(struct dvr_chip *chip);
/* The external antenna switch for the band (rtl8821c_coex.c): set by
 * rtl8821c_coex_wlan_only and again by every channel set. */
void rtl8821c_coex_antenna(struct dvr_chip *chip, bool is_5g);
int rtl8821c_iqk(struct dvr_chip *chip);
void rtl8821c_pwrtrack_init(struct dvr_chip *chip);
void rtl8821c_pwrtrack_restart(struct dvr_chip *chip, uint32_t swing);

#endif /* DVR_RTL8821C_H */
