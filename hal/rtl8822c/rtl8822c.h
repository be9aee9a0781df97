/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822CU / RTL8812CU (Jaguar3) chip driver: internal interface between
 * the files of hal/rtl8822c/ (one job each). What every HalMAC chip does
 * the same is in hal/halmac/ (driven by this chip's data in
 * rtl8822c_halmac.c), what the Jaguar3 family does its own way in
 * hal/jaguar3/. Only rtl8822c_info is public (hal/registry.c lists it).
 */
#ifndef DVR_RTL8822C_H
#define DVR_RTL8822C_H

#include "hal/hal.h"
#include "hal/common/phy_table.h"
#include "hal/common/txpwr_limit.h"
#include "hal/halmac/halmac.h"
#include "hal/jaguar3/jaguar3.h"

extern const struct dvr_chip_info rtl8822c_info;

#define RTL8822C_CHIP_ID 0x13        /* SYS_CFG2 0xFC */
#define RTL8822C_FW_SIGNATURE 0x8822
#define RTL8822C_EFUSE_PHYS 512u
#define RTL8822C_EFUSE_PROTECTED 124u
#define RTL8822C_EFUSE_LOG 768u
#define RTL8822C_MAX_TX_INDEX 127

/* Logical EFUSE offsets (rtw88 rtw8822c.h struct rtw8822c_efuse). */
#define EFUSE8822C_USB_MODE 0x06
#define EFUSE8822C_TX_POWER 0x10
#define EFUSE8822C_XTAL 0xB9
#define EFUSE8822C_RF_BOARD 0xC1
#define EFUSE8822C_RFE 0xCA
#define EFUSE8822C_THERMAL_A 0xD0
#define EFUSE8822C_MAC 0x157

/* Thermal power tracking state (rtl8822c_pwrtrack.c), per RF path. */
struct rtl8822c_pwrtrack {
	bool triggered;          /* meters started, read on the next tick */
	uint32_t ewma[2];        /* moving averages, 10 fractional bits */
	uint8_t avg[2];          /* their integer parts; 0xFF: none yet */
	uint8_t lck_ref;         /* path A average at the last LCK */
	int8_t delta[2];         /* compensation in 0x18A0 / 0x41A0 [6:0] */
};

/* Chip-private state behind chip->priv (allocated by identify; every op
 * tolerates NULL and then uses defaults). The EFUSE map, the TX power
 * tables and the power last asked are the chip's common state (struct
 * dvr_chip). */
struct rtl8822c_priv {
	bool btcoex;             /* RTL8822CU (BT) rather than RTL8812CU */
	struct jaguar3_cck_gain cck_gain;
	bool is_5g;              /* band the BB is set up for */
	bool band_valid;
	struct rtl8822c_pwrtrack pwrtrack;
	/* what a hop writes without reading (rtl8822c_channel.c) */
	struct jaguar3_hop hop;
	/* rtl8822c_channel.c: the last channel set re-clocked the baseband
	 * for 5/10 MHz */
	bool narrow;
};

static inline struct rtl8822c_priv *rtl8822c_priv(const struct dvr_chip *c)
{
	return (struct rtl8822c_priv *)c->priv;
}

/* The chip's data for hal/halmac (rtl8822c_halmac.c). */
extern const struct halmac_data rtl8822c_halmac;
extern const struct dvr_queue_layout rtl8822c_queues;

/* The phy_cond description of this chip for the table walker. */
void rtl8822c_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out);

/* Ops (the rest are hal/halmac's). */
int rtl8822c_identify(struct dvr_chip *chip);
extern const struct dvr_fw3081_spec rtl8822c_fw_spec;
int rtl8822c_phy_init(struct dvr_chip *chip);
int rtl8822c_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch);
/* BB reset: REG_SYS_FUNC_EN bit 17 1-0-1 (rtl8822c_phy.c). */
void rtl8822c_bb_reset(struct dvr_io *io);
/* ops->hop_channel: RF 0x18 under the 3-wire hold, the IGI toggle and
 * the BB registers that differ between the channels (hal/jaguar3
 * jaguar3_hop.c); declined without a word cached by a full set of the
 * channel at this bandwidth since phy_init and the calibration. */
int rtl8822c_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                         bool *hopped);
/* The hop's knowledge dropped: after phy_init and after the
 * calibration, which write the BB behind it. */
void rtl8822c_hop_forget(struct dvr_chip *chip);
int rtl8822c_set_tx_power(struct dvr_chip *chip, int index);
int rtl8822c_calibrated_tx_power(struct dvr_chip *chip);
/* Calibrated TX power index (0..127) of descriptor rate code @p rate on
 * @p path (0/1) at centre channel @p center_ch and @p bw_mhz, from the
 * logical EFUSE map @p efuse; -1 for a channel or rate without one. */
int rtl8822c_txpwr_index(const uint8_t *efuse, unsigned path, uint8_t rate,
                         unsigned center_ch, unsigned bw_mhz);
/* Power by rate and the regulatory limits of the RFE type in chip->id
 * parsed into chip->txpwr; run by identify. DVR_OK, or the error of a
 * table the generic parser rejects. */
int rtl8822c_txpower_tables_load(struct dvr_chip *chip);
/* The index rtw88 programs for a rate: rtl8822c_txpwr_index's EFUSE
 * level plus min(by-rate offset, limit of regd on the tuned channel:
 * primary, centre, bandwidth) plus the no-DPD back-off, clamped to
 * 0..127; by_rate NULL: no by-rate or limit. *cap (may be NULL): the
 * most the limit lets the rate have (EFUSE level + limit + back-off,
 * clamped). -1 as rtl8822c_txpwr_index. Pure. */
int rtl8822c_txpwr_rate_index(const uint8_t *efuse,
                              const struct dvr_txpwr_by_rate *by_rate,
                              const struct dvr_txpwr_limits *limits,
                              enum dvr_regd regd, unsigned path,
                              uint8_t rate, unsigned primary,
                              unsigned center_ch, unsigned bw_mhz, int *cap);
int rtl8822c_parse_rx_pkt(const struct dvr_chip *chip, const uint8_t *p,
                          size_t avail, struct dvr_rx_pkt *out);

/*
 * The ops beyond the bring-up basics:
 *
 * rtl8822c_calibrate (ops->calibrate): firmware IQK (H2C) with its
 *   completion poll, then TXPAUSE cleared; after phy_init and the first
 *   set_channel (20 MHz), firmware running. DVR_OK, DVR_E_TIMEOUT when
 *   the firmware never reports completion (radio still usable,
 *   uncalibrated), bus error.
 *
 * Internal steps of phy_init: antenna and grants to WLAN
 * (rtl8822c_coex.c); DAC/ADC offset calibration (rtl8822c_dack.c).
 */
int rtl8822c_coex_wlan_only(struct dvr_chip *chip);
int rtl8822c_dack(struct dvr_chip *chip);
/* The RF fixes after DACK (rtl8822c_rf_trim.c): X2 check, thermal trim,
 * power trim, PA bias. DVR_OK or the bus error. */
int rtl8822c_rf_trims(struct dvr_chip *chip);
int rtl8822c_calibrate(struct dvr_chip *chip);
/* Thermal power tracking (rtl8822c_pwrtrack.c): the state reset by
 * phy_init, as rtw88 rtw8822c_pwrtrack_init; one watchdog tick (ops->
 * track) with the firmware heartbeat (hal/halmac halmac_fw_keepalive)
 * and TX power applied again after it. DVR_OK, DVR_E_TIMEOUT when LCK
 * never finished (the compensation is written all the same), or the bus
 * error. */
void rtl8822c_pwrtrack_init(struct dvr_chip *chip);
int rtl8822c_track(struct dvr_chip *chip, struct dvr_thermal_stats *st);

#endif /* DVR_RTL8822C_H */
