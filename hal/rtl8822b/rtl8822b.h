/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822BU / RTL8812BU (Jaguar2) chip driver: internal interface between
 * the files of hal/rtl8822b/ (one job each). What every HalMAC chip does
 * the same is in hal/halmac/ (driven by this chip's data in
 * rtl8822b_halmac.c), the "jgr2" PHY status in hal/jaguar2/, what every
 * chip shares (tables walker, TX power arithmetic, thermal tracking
 * steps) in hal/common/. Only rtl8822b_info is public (hal/registry.c
 * lists it).
 */
#ifndef DVR_RTL8822B_H
#define DVR_RTL8822B_H

#include "hal/hal.h"
#include "hal/common/chan_geometry.h"
#include "hal/common/phy_table.h"
#include "hal/common/txpwr_index.h"
#include "hal/halmac/halmac.h"
#include "hal/jaguar2/jaguar2.h"

extern const struct dvr_chip_info rtl8822b_info;

#define RTL8822B_CHIP_ID 0x0A        /* SYS_CFG2 0xFC */
#define RTL8822B_FW_SIGNATURE 0x8822
#define RTL8822B_EFUSE_PHYS 1024u
#define RTL8822B_EFUSE_PROTECTED 96u
#define RTL8822B_EFUSE_LOG 768u

/* Logical EFUSE offsets (rtw88 rtw8822b.h struct rtw8822b_efuse and its
 * USB part struct rtw8822bu_efuse). */
#define EFUSE8822B_USB_MODE 0x06
#define EFUSE8822B_TX_POWER 0x10
#define EFUSE8822B_XTAL 0xB9
#define EFUSE8822B_THERMAL 0xBA
#define EFUSE8822B_PA_TYPE 0xBC
#define EFUSE8822B_LNA_2G 0xBD
#define EFUSE8822B_LNA_5G 0xBF
#define EFUSE8822B_RF_BOARD 0xC1
#define EFUSE8822B_RFE 0xCA
#define EFUSE8822B_MAC 0x107

/* The RFE option a board with a blank (0xFF) RFE byte is driven as
 * (rtl8822b_efuse.c says why). */
#define RTL8822B_RFE_BLANK 3

/* Thermal power tracking state (rtl8822b_pwrtrack.c). The die has one
 * thermal meter, on path A; each path has its own compensation. */
struct rtl8822b_pwrtrack {
	bool triggered;          /* meter started, read on the next tick */
	bool first;              /* no compensation written yet */
	uint32_t ewma;           /* moving average, 10 fractional bits */
	uint8_t avg;             /* its integer part */
	uint8_t thermal_k;       /* average at the last IQK */
	uint8_t default_swing;   /* swing index the tables left (0xC1C) */
	int8_t delta[2];         /* compensation steps of path A, B */
};

/* Chip-private state behind chip->priv (allocated by identify; every op
 * tolerates NULL). The EFUSE map, the TX power tables and the power last
 * asked are the chip's common state (struct dvr_chip). */
struct rtl8822b_priv {
	bool btcoex;             /* RTL8822BU (BT) rather than RTL8812BU */
	bool aac_checked;        /* LCK's one-time AAC check done */
	struct rtl8822b_pwrtrack pwrtrack;
	/* What a hop writes without reading (rtl8822b_channel.c): the RF
	 * channel words, and RF A 0xBE and 0xDF as the last channel set
	 * left them (valid while hop.known). */
	struct jaguar2_hop_cache hop;
	uint32_t rf_be, rf_df;
	/* the last channel set re-clocked the baseband for 5/10 MHz */
	bool narrow;
};

static inline struct rtl8822b_priv *rtl8822b_priv(const struct dvr_chip *c)
{
	return (struct rtl8822b_priv *)c->priv;
}

/* The chip's data for hal/halmac (rtl8822b_halmac.c). */
extern const struct halmac_data rtl8822b_halmac;
extern const struct dvr_queue_layout rtl8822b_queues;
extern const struct dvr_fw3081_spec rtl8822b_fw_spec;

/* The RFE options this chip's data covers (rtw88 rtw8822b.c
 * rtw8822b_rfe_info, rtw8822b_rfe_defs: 2, 3 and 5). */
bool rtl8822b_rfe_supported(uint8_t rfe);

/* ---- ops (the rest are hal/halmac's) ---- */

/* identify (rtl8822b_efuse.c): halmac_identify, then the 8822B's EFUSE
 * fields, the RFE option (blank -> RTL8822B_RFE_BLANK; one this driver
 * has no data for: DVR_E_UNSUPPORTED) and its power tables. */
int rtl8822b_identify(struct dvr_chip *chip);
/* The phy_cond description of this chip for the table walker. */
void rtl8822b_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out);
/* phy_init (rtl8822b_phy.c): BB/RF power, MAC/BB/AGC/RF tables, crystal,
 * TRX mode, RFE pin mux, power-tracking state, the firmware's
 * information H2Cs, WLAN's antenna (rtl8822b_coex.c). */
int rtl8822b_phy_init(struct dvr_chip *chip);
/* set_channel (rtl8822b_channel.c). */
int rtl8822b_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch);
/* hop_channel (rtl8822b_channel.c): declines with no cached RF word for
 * the channel, or a different primary sub-channel. */
int rtl8822b_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                         bool *hopped);
/* TX power (rtl8822b_txpower.c). */
int rtl8822b_set_tx_power(struct dvr_chip *chip, int index);
int rtl8822b_calibrated_tx_power(struct dvr_chip *chip);
/* Power by rate and the limits of the RFE option in chip->id into
 * chip->txpwr (run by identify). */
int rtl8822b_txpower_tables_load(struct dvr_chip *chip);
/* The chip's TX power data for the generic arithmetic
 * (hal/common/txpwr_index.h). */
extern const struct dvr_txpwr_chip rtl8822b_txpwr;
/* calibrate (rtl8822b_calib.c): LCK, firmware IQK, TRX mode again;
 * chip->calib says how the IQK went. DVR_OK (an IQK the firmware never
 * reports is recorded as failed, as rtw88 goes on), or the bus error. */
int rtl8822b_calibrate(struct dvr_chip *chip);
/* The firmware IQK and the TRX mode after it, without LCK: what thermal
 * tracking runs again (same statuses). */
int rtl8822b_iqk(struct dvr_chip *chip);
/* track (rtl8822b_pwrtrack.c); the state reset by phy_init. */
void rtl8822b_pwrtrack_init(struct dvr_chip *chip);
int rtl8822b_track(struct dvr_chip *chip, struct dvr_thermal_stats *st);
/* The CCK page of the "jgr2" PHY status (rtl8822b_rx.c): PWDB - 110. */
int rtl8822b_cck_rx_power(const struct dvr_chip *chip, const uint8_t *ps);

/* ---- steps shared between the files ---- */

/* TRX mode (rtl8822b_phy.c rtw8822b_config_trx_mode): TX A+B with
 * one-stream frames and CCK on A, RX on both (a 1T1R die: A only); then
 * the IGI toggle, the CCA of @p cca (channel 1 / 20 MHz at init, as
 * rtw88) and the RFE pins of @p cca's band. DVR_OK, DVR_E_CHIP when the
 * RF mode table takes no writes, or the bus error. */
int rtl8822b_config_trx_mode(struct dvr_chip *chip,
                             const struct dvr_chan_geometry *cca);
/* AGC re-settle after a baseband change (rtl8822b_phy.c). */
void rtl8822b_toggle_igi(struct dvr_chip *chip);
/* CCA thresholds and RFE pin mux of the channel (rtl8822b_channel.c). */
void rtl8822b_set_cca(struct dvr_chip *chip,
                      const struct dvr_chan_geometry *pl);
void rtl8822b_set_rfe_pins(struct dvr_chip *chip, bool is_5g);
/* Antenna and grants to WLAN (rtl8822b_coex.c): DVR_OK, DVR_E_CHIP
 * when the LTE-coex port never becomes ready, or the bus error. */
int rtl8822b_coex_wlan_only(struct dvr_chip *chip);

#endif /* DVR_RTL8822B_H */
