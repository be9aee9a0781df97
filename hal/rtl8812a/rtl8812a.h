/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812AU chip driver: internal interface between the files of
 * hal/rtl8812a/ (one job each). The chip sits on the Jaguar1 family layer
 * (hal/jaguar1/); this directory keeps what is the 8812A's own (rtw88
 * rtw8812a.c and the 8812A branches of rtw88xxa.c): ids, EFUSE fields,
 * tables, BB/RF bring-up, band registers with the RFE pin mux per RFE
 * type, the C-cut spur fix, EFUSE TX-power rules and by-rate tables (RFE
 * type 3 has its own), tracking step tables and LCK, its two-path IQK
 * and the 5 GHz AGC difference after it. Only
 * rtl8812a_info is public, through hal/registry.c.
 */
#ifndef DVR_RTL8812A_H
#define DVR_RTL8812A_H

#include "hal/hal.h"
#include "hal/common/txpwr_index.h"
#include "hal/jaguar1/jaguar1.h"

extern const struct dvr_chip_info rtl8812a_info;

/* Logical EFUSE offsets used (rtw88 rtw88xxa.c rtw88xxa_read_efuse). */
#define EFUSE_TX_PWR        0x10
#define EFUSE_THERMAL       0xBA
#define EFUSE_PA_TYPE       0xBC
#define EFUSE_LNA_2G        0xBD
#define EFUSE_LNA_5G        0xBF
#define EFUSE_RF_BOARD_OPT  0xC1
#define EFUSE_RFE_OPTION    0xCA
#define EFUSE_MAC_ADDR      0xD7

/* The 8812A's ops (the rest are the family's). */
int rtl8812a_identify(struct dvr_chip *chip);
/* Family hooks of identify and phy_init: the marks past the logical
 * EFUSE map (1T1R, 11n-only) and the 1T setting of a 1T1R board. */
int rtl8812a_efuse_extra(struct dvr_chip *chip, struct jaguar1_efuse *port);
void rtl8812a_config_1t(struct dvr_io *io);
/* IQK, then the AGC difference of the 5 GHz sub-band, for the channel
 * set now; fills chip->calib (rtl8812a_calibrate.c). */
int rtl8812a_phy_calibration(struct dvr_chip *chip, unsigned channel);
/* What a hop to @p channel redoes of it (the sub-band's AGC difference). */
int rtl8812a_hop_calibration(struct dvr_chip *chip, unsigned channel);

/* The die's part of thermal power tracking (rtl8812a_pwrtrack.c): the
 * step tables of the board and the LCK (family hooks). */
const struct dvr_pwrtrk_tables *rtl8812a_pwrtrk_tables(
	const struct dvr_chip *chip);
void rtl8812a_lck(struct dvr_chip *chip);
/* IQK of every path on the channel set now (rtl8812a_iqk.c). */
int rtl8812a_iqk(struct dvr_chip *chip, bool band_5g);

/* How the die reads its EFUSE TX-power block (the family's
 * jaguar1_data.txpwr). */
extern const struct dvr_txpwr_chip rtl8812a_txpwr;

/* Calibrated TX AGC index (0..63) of one rate (DESC rate code) on one
 * path (0 = A, 1 = B) at a centre channel and bandwidth, from the logical
 * EFUSE map's TX-power block; -1 for a channel with no group or a path
 * the block has no room for. Pure: no chip state. */
int rtl8812a_txpwr_index(const uint8_t *efuse, unsigned path, uint8_t rate,
                         unsigned center_ch, unsigned bw_mhz);

/* Power by rate (bb_pg, or bb_pg_rfe3 on RFE type 3) and the regulatory
 * limits parsed into chip->priv; run by identify once the RFE type is
 * known. */
int rtl8812a_txpower_tables_load(struct dvr_chip *chip);

/* The index rtw88 programs for a rate: the EFUSE index plus
 * min(by-rate offset, limit) for regd on the tuned channel (primary,
 * centre, bandwidth), clamped to 0..63; *cap (may be NULL) is the most
 * the limit lets the rate have (EFUSE index + limit, clamped). -1 as
 * rtl8812a_txpwr_index. Pure. */
int rtl8812a_txpwr_rate_index(const uint8_t *efuse,
                              const struct dvr_txpwr_by_rate *by_rate,
                              const struct dvr_txpwr_limits *limits,
                              enum dvr_regd regd, unsigned path,
                              uint8_t rate, unsigned primary,
                              unsigned center_ch, unsigned bw_mhz, int *cap);

/* The die's part of the band and channel switch (rtl8812a_channel.c,
 * family hooks). */
void rtl8812a_band_regs(struct dvr_chip *chip, bool is_5g, unsigned bw);
void rtl8812a_fix_spur(struct dvr_chip *chip, unsigned bw, unsigned center);

/* Family hooks (struct jaguar1_data). */
void rtl8812a_mac_quirks(struct dvr_chip *chip);
int rtl8812a_cck_rx_power(uint8_t agc);

#endif /* DVR_RTL8812A_H */
