/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822CU / RTL8812CU (Jaguar3) chip driver: internal interface between
 * the files of hal/rtl8822c/ (one job each). The shared Jaguar3 pieces are
 * in hal/jaguar3/, the 3081-CPU firmware loader in hal/common/fw_3081.c.
 * Only rtl8822c_info is public (hal/registry.c lists it).
 */
#ifndef DVR_RTL8822C_H
#define DVR_RTL8822C_H

#include "hal/hal.h"
#include "hal/common/fw_3081.h"
#include "hal/common/phy_table.h"
#include "hal/common/txpwr_limit.h"
#include "hal/jaguar3/jaguar3.h"
#include "hal/jaguar3/jaguar3_mac.h"

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
 * tolerates NULL and then uses defaults). */
struct rtl8822c_priv {
	uint8_t efuse[RTL8822C_EFUSE_LOG];
	bool efuse_blank;
	bool btcoex;             /* RTL8822CU (BT) rather than RTL8812CU */
	bool usb3_switch_ok;     /* EFUSE 0x06 bit 7 */
	struct jaguar3_cck_gain cck_gain;
	bool is_5g;              /* band the BB is set up for */
	bool band_valid;
	uint16_t h2c_seq;        /* next H2C packet sequence number */
	uint8_t h2c_box;         /* next register H2C mailbox (0..3) */
	/* power by rate and regulatory limits of the board's RFE type,
	 * parsed at identify (rtl8822c_txpower_tables_load) */
	struct dvr_txpwr_tables txpwr;
	struct rtl8822c_pwrtrack pwrtrack;
	/* the index set_tx_power was last asked for (chip->tx_power_index
	 * holds what the reference rate got), to write it again after the
	 * firmware heartbeat; -1: none yet */
	int tx_power_asked;
};

static inline struct rtl8822c_priv *rtl8822c_priv(const struct dvr_chip *c)
{
	return (struct rtl8822c_priv *)c->priv;
}

/* MAC parameters (TX/RX FIFO, pages, queue map, constants). */
extern const struct jaguar3_mac_cfg rtl8822c_mac_cfg;

/* RF access: direct window 0x3C00/0x4C00, RF 0x00 through LSSI. */
uint32_t rtl8822c_rf_read(struct dvr_chip *chip, unsigned path, uint8_t addr,
                          uint32_t mask);
void rtl8822c_rf_write(struct dvr_chip *chip, unsigned path, uint8_t addr,
                       uint32_t mask, uint32_t data);

/* AGC re-settle after a baseband change (rtl8822c_phy.c). */
void rtl8822c_toggle_igi(struct dvr_io *io);

/* The phy_cond description of this chip for the table walker. */
void rtl8822c_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out);

/* H2C packet (category 1, command 0xFF) of @p sub with @p payload after
 * the 8-byte header, on the H2C queue (rtw88 fw.c rtw_fw_send_h2c_packet). */
int rtl8822c_h2c_packet(struct dvr_chip *chip, uint16_t sub,
                        const uint8_t *payload, size_t len);

/* Ops. */
int rtl8822c_identify(struct dvr_chip *chip);
int rtl8822c_power_on(struct dvr_chip *chip);
void rtl8822c_power_off(struct dvr_chip *chip);
extern const struct dvr_fw3081_spec rtl8822c_fw_spec;
int rtl8822c_download_firmware(struct dvr_chip *chip,
                               const struct dvr_firmware *fw);
int rtl8822c_mac_init(struct dvr_chip *chip);
int rtl8822c_phy_init(struct dvr_chip *chip);
int rtl8822c_set_monitor(struct dvr_chip *chip, bool keep_corrupted);
int rtl8822c_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch);
int rtl8822c_set_tx_power(struct dvr_chip *chip, int index);
int rtl8822c_calibrated_tx_power(struct dvr_chip *chip);
/* Calibrated TX power index (0..127) of descriptor rate code @p rate on
 * @p path (0/1) at centre channel @p center_ch and @p bw_mhz, from the
 * logical EFUSE map @p efuse; -1 for a channel or rate without one. */
int rtl8822c_txpwr_index(const uint8_t *efuse, unsigned path, uint8_t rate,
                         unsigned center_ch, unsigned bw_mhz);
/* Power by rate and the regulatory limits of the RFE type in chip->id
 * parsed into chip->priv; run by identify. DVR_OK, or the error of a
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
int rtl8822c_wait_tx_idle(struct dvr_chip *chip, unsigned timeout_ms);
unsigned rtl8822c_tx_out_index(const struct dvr_chip *chip, unsigned n_out);
int rtl8822c_build_tx_desc(const struct dvr_chip *chip, uint8_t *desc,
                           const struct dvr_tx_desc_req *req);
int rtl8822c_parse_rx_pkt(const struct dvr_chip *chip, const uint8_t *p,
                          size_t avail, struct dvr_rx_pkt *out);

/*
 * The ops beyond the bring-up basics:
 *
 * rtl8822c_probe_chip_id (ops->probe): read SYS_CFG2 (0xFC) and tell
 *   whether this is an 8822C die (0x13): DVR_OK, DVR_E_NOT_FOUND for
 *   another chip (PIDs collide, e.g. 13b1:0043), or the bus error.
 * rtl8822c_calibrate (ops->calibrate): firmware IQK (H2C) with its completion poll, then
 *   TXPAUSE cleared; after phy_init and the first set_channel (20 MHz),
 *   firmware running. DVR_OK, DVR_E_TIMEOUT when the firmware never
 *   reports completion (radio still usable, uncalibrated), bus error.
 * rtl8822c_usb3_switch (ops->usb_mode_switch): ask a USB2-enumerated, USB3-capable stick to
 *   re-enumerate at SuperSpeed. Returns DVR_OK and sets *switched when the
 *   device is about to drop off the bus (reopen it), DVR_OK with
 *   *switched = false when not possible/allowed/needed.
 * rtl8822c_fw_keepalive: the firmware heartbeat (power mode "all on"
 *   and WL PHY info with TX activity) through the register mailboxes;
 *   call every ~2 s while the radio runs, then re-apply TX power (these
 *   H2Cs rewrite the OFDM power references). DVR_OK, DVR_E_TIMEOUT when
 *   the firmware does not empty its mailbox, or the bus error.
 *
 * Internal steps of phy_init: antenna and grants to WLAN
 * (rtl8822c_coex.c); DAC/ADC offset calibration (rtl8822c_dack.c).
 */
int rtl8822c_coex_wlan_only(struct dvr_chip *chip);
/* GENERAL_INFO and PHYDM_INFO H2C packets: once the TX DMA runs (after
 * mac_init) and the BB is set up, before coex (rtw88 main.c
 * rtw_power_on order). */
int rtl8822c_fw_send_info(struct dvr_chip *chip);
int rtl8822c_dack(struct dvr_chip *chip);
/* One byte of the physical EFUSE at @p addr into *out (0xFF when the
 * chip never completes the read, as rtw88 efuse.c
 * rtw_read8_physical_efuse reports it). DVR_OK or the bus error. */
int rtl8822c_read_phys_efuse(struct dvr_chip *chip, unsigned addr,
                             uint8_t *out);
/* The RF fixes after DACK (rtl8822c_rf_trim.c): X2 check, thermal trim,
 * power trim, PA bias. DVR_OK or the bus error. */
int rtl8822c_rf_trims(struct dvr_chip *chip);
int rtl8822c_probe_chip_id(struct dvr_chip *chip);
int rtl8822c_fw_keepalive(struct dvr_chip *chip);
/* One 8-byte register H2C command (w0 = id | payload, w1 = extension). */
int rtl8822c_h2c_cmd(struct dvr_chip *chip, uint32_t w0, uint32_t w1);
int rtl8822c_calibrate(struct dvr_chip *chip);
/* Thermal power tracking (rtl8822c_pwrtrack.c): the state reset by
 * phy_init, as rtw88 rtw8822c_pwrtrack_init; one watchdog tick (ops->
 * track). DVR_OK, DVR_E_TIMEOUT when LCK never finished (the
 * compensation is written all the same), or the bus error. */
void rtl8822c_pwrtrack_init(struct dvr_chip *chip);
int rtl8822c_track(struct dvr_chip *chip, struct dvr_thermal_stats *st);
int rtl8822c_usb3_switch(struct dvr_chip *chip, bool *switched);

#endif /* DVR_RTL8822C_H */
