/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812EU / RTL8822EU (Jaguar3, a second 8822C-class die) chip driver:
 * internal interface between the files of hal/rtl8822e/. What every
 * HalMAC chip does the same is in hal/halmac/ (driven by this chip's data
 * in rtl8822e_halmac.c), the Jaguar3 RX descriptor and PHY status in
 * hal/jaguar3/. Only rtl8822e_info is public (hal/registry.c lists it).
 *
 * What is here so far: identification (chip id, the OTP EFUSE, the RFE
 * type), the chip data for power-on, firmware and MAC set-up (the
 * vendor's MAC constants), the condition description of the vendor
 * tables, the BB/RF bring-up with the WiFi-only coexistence set-up and
 * the front end (RFE control pins, eFEM pin-mux, the RF 0x1A baseband
 * filter), the channel switch, calibrated TX power, LCK and thermal
 * tracking, and the RF calibration (DACK in phy_init; IQK, TX gap-K and
 * the DPK bypass as ops->calibrate).
 */
#ifndef DVR_RTL8822E_H
#define DVR_RTL8822E_H

#include "hal/hal.h"
#include "hal/common/phy_table.h"
#include "hal/common/txpwr_limit.h"
#include "hal/halmac/halmac.h"
#include "hal/jaguar3/jaguar3.h"

extern const struct dvr_chip_info rtl8822e_info;

/* SYS_CFG2 0xFC (vendor rtl88x2eu halmac_api.c get_chip_info,
 * CHIP_ID_HW_DEF_8822E; the 8822C reads 0x13). */
#define RTL8822E_CHIP_ID 0x17
/* The image signature is the 8822C's (vendor hal8822e_fw.c header;
 * OpenIPC devourer hal/hal8822e_fw.c): the file is chosen by chip id. */
#define RTL8822E_FW_SIGNATURE 0x8822
/* The OTP's 11-bit address space (vendor halmac_efuse_8822e.c
 * read_hw_efuse_8822e, BIT_MASK_EF_ADDR_8822E 0x7FF): the WLAN map in
 * its first EFUSE_SIZE_8822E = 1216 bytes, above it the protected
 * PRTCT_EFUSE_SIZE_8822E = 832 (security data 192, WLAN hidden 128 with
 * the RF trims at 0x5A0-0x5DF, vendor halrf_kfree.h PPG_*_22E; BT 512 at
 * BT_START_OFFSET 0x600) (halmac_8822e_cfg.h, halmac_efuse_8822e.h). */
#define RTL8822E_EFUSE_PHYS 2048u
#define RTL8822E_EFUSE_PROTECTED 832u
/* SEC_CTRL_EFUSE_SIZE_8822E: the security-control bytes the map starts
 * after (vendor eeprom_parser_8822e). */
#define RTL8822E_EFUSE_MAP_START 4u
#define RTL8822E_EFUSE_LOG 2048u      /* EEPROM_SIZE_8822E */

/* Logical EFUSE offsets (vendor rtl88x2eu include/hal_pg.h *_8822E,
 * *_8822EU). */
#define EFUSE8822E_USB_MODE 0x06
#define EFUSE8822E_TX_POWER 0x10
#define EFUSE8822E_XTAL 0xB9
#define EFUSE8822E_RF_BOARD 0xC1
#define EFUSE8822E_ANT_OPTION 0xC9
#define EFUSE8822E_RFE 0xCA
#define EFUSE8822E_THERMAL_A 0xD0
#define EFUSE8822E_THERMAL_B 0xD1
#define EFUSE8822E_MAC 0x157

/* The RFE type taken when EFUSE 0xCA says nothing (0 or 0xFF): the
 * LB-LINK BL-M8812EU2's front end, the one FPV module the 8822E has been
 * characterised on (OpenIPC devourer HalJaguar3.cpp rtw_hal_init,
 * docs/8822e-quirks.md). */
#define RTL8822E_RFE_DEFAULT 21

/* Thermal tracking state (rtl8822e_pwrtrack.c), per RF path; the LCK
 * baselines are rtl8822e_lck.c's. */
#define RTL8822E_TRK_AVG_N 4u    /* vendor AVG_THERMAL_NUM_8822E */
#define RTL8822E_LCK_AVG_N 2u    /* vendor AVG_THERMAL_NUM_LCK */
struct rtl8822e_thermal_ring {
	uint8_t v[2][RTL8822E_TRK_AVG_N];
	uint8_t n, next;         /* readings held, slot of the next */
};
struct rtl8822e_pwrtrack {
	struct rtl8822e_thermal_ring trk;   /* for power tracking */
	struct rtl8822e_thermal_ring lck;   /* for the re-lock rule */
	bool lck_ref_valid;      /* false: the next tick takes its average */
	uint8_t lck_ref[2];      /* meter per path at the last LCK */
	int8_t delta[2];         /* swing index in 0x18A0 / 0x41A0 [7:0] */
};

/* Chip-private state behind chip->priv (allocated by identify; every op
 * tolerates NULL and then uses defaults). The EFUSE map, the TX power
 * tables and the power last asked are the chip's common state (struct
 * dvr_chip). Each part belongs to the file named beside it. */
struct rtl8822e_priv {
	/* rtl8822e_channel.c: the band the BB is set up for */
	bool is_5g;
	bool band_valid;
	/* rtl8822e_phy.c: CCK gain-index bounds for the RX parser, and the
	 * DIG lower bound of each AGC table found while it loaded (bit n of
	 * agc_lbound_found: table n has one) */
	struct jaguar3_cck_gain cck_gain;
	uint8_t agc_lbound[16];
	uint16_t agc_lbound_found;
	/* rtl8822e_pwrtrack.c and rtl8822e_lck.c: thermal tracking and
	 * the LCK re-lock */
	struct rtl8822e_pwrtrack pwrtrack;
	/* rtl8822e_channel.c: what a hop writes without reading, and
	 * SYS_FUNC_EN 0x0002 as the last BB reset left it */
	struct jaguar3_hop hop;
	uint8_t sys_func_en;
	bool sys_func_known;
	/* rtl8822e_channel.c: the last channel set re-clocked the baseband
	 * and the MAC for 5/10 MHz */
	bool narrow;
};

static inline struct rtl8822e_priv *rtl8822e_priv(const struct dvr_chip *c)
{
	return (struct rtl8822e_priv *)c->priv;
}

/* The chip's data for hal/halmac (rtl8822e_halmac.c). */
extern const struct halmac_data rtl8822e_halmac;
extern const struct dvr_queue_layout rtl8822e_queues;
extern const struct dvr_fw3081_spec rtl8822e_fw_spec;

/* What identify reads (rtl8822e_efuse.c): halmac_identify through the
 * OTP port, then the RFE type with its default for a blank byte. */
int rtl8822e_identify(struct dvr_chip *chip);
/* Pure: the RFE type the tables are walked with for EFUSE byte 0xCA
 * @p raw; *defaulted (may be NULL) tells whether RTL8822E_RFE_DEFAULT
 * stood in for it. */
uint8_t rtl8822e_rfe_type(uint8_t raw, bool *defaulted);

/* The condition description of the vendor tables for this chip: the
 * halbb headline rule with the cut as read and the RFE type of
 * chip->id (rtl8822e_phy.c). */
void rtl8822e_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out);

/* The front end (rtl8822e_frontend.c). The RFE control pin words of
 * 0x1840, 0x1844 (path A) and 0x4140, 0x4144 (path B), in that order. */
struct rtl8822e_rfe_pins {
	uint32_t reg[4];
};
/* Pure: the pin words for RFE type @p rfe on the band, @p paths the
 * active paths (bit 0 A, bit 1 B; 0 none). false: the type has no pin
 * set-up (only 21 and 22 do). */
bool rtl8822e_rfe_pins(uint8_t rfe, bool is_2g, unsigned paths,
                       struct rtl8822e_rfe_pins *out);
/* Write them for chip->id.rfe_type (nothing for another type). */
int rtl8822e_set_rfe_pins(struct dvr_chip *chip, bool is_2g, unsigned paths);
/* Pure: RF 0x1A (20 bits) with the baseband filter of @p bw_mhz
 * (5, 10, 20, 40, 80), from path A's value @p rf1a. */
uint32_t rtl8822e_rf1a_for_bw(uint32_t rf1a, unsigned bw_mhz);
/* Read path A's RF 0x1A, write the filter of @p bw_mhz to both paths. */
int rtl8822e_set_bw_filter(struct dvr_chip *chip, unsigned bw_mhz);

/* ops->tx_caveat (rtl8822e_board.c): 2.4 GHz TX of the RFE 21 front
 * end, which no receiver decodes. */
const char *rtl8822e_tx_caveat(const struct dvr_chip *chip,
                               const struct dvr_channel *ch);
/* Calibration (rtl8822e_dack.c, rtl8822e_calib.c, rtl8822e_txgapk.c).
 * DACK: ADDCK then the AFE-bank DAC calibration of both paths, retried
 * up to 10 times until the banks pass the vendor's check; a DACK that
 * does not converge is a warning (chip->warning), a USB error fails. */
int rtl8822e_dack(struct dvr_chip *chip);
/* The AFE banks' soft reset (the DAC FIFO reset after a bandwidth change
 * and around IQK), each bank write checked. */
void rtl8822e_dack_soft_reset(struct dvr_chip *chip);
/* ops->calibrate: IQK, TX gap-K, DPK bypass, TX resumed, RF 0x1A's
 * filter for chip->channel.bw_mhz re-applied. A failed IQK part is a
 * warning and in chip->calib; a USB error fails. */
int rtl8822e_calibrate(struct dvr_chip *chip);
/* The parts: the software IQK on the NCTL engine, the TX gap
 * calibration of the band RF 0x18 is tuned to, and the DPK bypass. */
int rtl8822e_iqk(struct dvr_chip *chip);
int rtl8822e_txgapk(struct dvr_chip *chip);
int rtl8822e_dpk_bypass(struct dvr_chip *chip);
/* Pure: RF TX gain entry @p entry moved by @p offset half steps. */
uint32_t rtl8822e_txgapk_gain(uint32_t entry, int offset);
/* Shared by IQK and gap-K (rtl8822e_calib.c): pause TX and wait for the
 * RF to leave TX (@p any_in_tx) or for a path to be in RX; and the BB's
 * calibration mode for the @p paths mask. */
void rtl8822e_tx_pause(struct dvr_chip *chip, bool any_in_tx);
void rtl8822e_bb_cal_mode(struct dvr_io *io, unsigned paths, bool on);
/* The eFEM GPIO pin-mux (RFE 21 and 22) and the PA pad bits of
 * GPIO_MUXCFG / PAD_CTRL1; after the coexistence set-up
 * (rtl8822e_pinmux.c). Returns the bus status. */
int rtl8822e_frontend_pinmux(struct dvr_chip *chip);
/* The vendor's WiFi-only coexistence set-up (rtl8822e_coex.c). DVR_OK,
 * DVR_E_CHIP when the LTE-coex port never becomes ready, or the bus
 * error. */
int rtl8822e_coex_wlan_only(struct dvr_chip *chip);

/* rtl8822e_phy.c: BB reset (MAC 0x00 bit 16 pulsed; returns the byte
 * 0x0002 is left holding); the TX paths for a
 * band (CCK on both, one-stream OFDM on A at 2.4 GHz and B at 5 GHz). */
uint8_t rtl8822e_bb_reset(struct dvr_io *io);
void rtl8822e_set_tx_paths(struct dvr_io *io, bool is_2g);

/* Ops. phy_init: power, tables, TRX mode, firmware information, coex,
 * pin-mux (rtl8822e_phy.c); set_channel (rtl8822e_channel.c) refuses the
 * centre channels the vendor does (15, 97-99, 145-148) with
 * DVR_E_INVALID. */
int rtl8822e_phy_init(struct dvr_chip *chip);
int rtl8822e_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch);
/* ops->hop_channel (rtl8822e_channel.c): RF 0x18, the BB registers and
 * spur fixes that differ between the channels, the BB reset and the IGI
 * toggle; declined without a word cached by a full set of the channel
 * at this bandwidth since phy_init and the calibration. */
int rtl8822e_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                         bool *hopped);
/* The hop's knowledge dropped (phy_init, calibration). */
void rtl8822e_hop_forget(struct dvr_chip *chip);

/* TX power (rtl8822e_txpower.c). The index range of the TX AGC table. */
#define RTL8822E_MAX_TX_INDEX 127
/* ops->set_tx_power: @p index is HT MCS7's on path A, every other rate
 * and path keeps its calibrated distance, none past its limit
 * (hal/jaguar3 jaguar3_set_tx_power). */
int rtl8822e_set_tx_power(struct dvr_chip *chip, int index);
/* ops->calibrated_tx_power: MCS7 path A's calibrated index on the
 * current channel, or default_tx_power without one. */
int rtl8822e_calibrated_tx_power(struct dvr_chip *chip);
/* Power by rate (rtl8822e_bb_pg) and the limits (rtl8822e_txpwr_lmt)
 * into chip->txpwr; run by identify. DVR_OK, or the error of a table
 * the generic parser rejects. */
int rtl8822e_txpower_tables_load(struct dvr_chip *chip);
/* Pure: the index the chip programs for descriptor rate @p rate on
 * @p path at the tuned channel, from the logical EFUSE map @p efuse and,
 * when @p by_rate is not NULL, min(by-rate offset, limit of @p regd),
 * clamped to 0..127; *cap (may be NULL) the most the limit allows. -1
 * for a rate, path or channel without one. */
int rtl8822e_txpwr_rate_index(const uint8_t *efuse,
                              const struct dvr_txpwr_by_rate *by_rate,
                              const struct dvr_txpwr_limits *limits,
                              enum dvr_regd regd, unsigned path,
                              uint8_t rate, unsigned primary,
                              unsigned center_ch, unsigned bw_mhz, int *cap);

/*
 * LCK (rtl8822e_lck.c): AACK then RTK on RF path A, then the thermal
 * meters of both paths recorded as the re-lock baseline
 * (priv->pwrtrack.lck_ref). For phy_init, after the RF tables. DVR_OK,
 * DVR_E_TIMEOUT when an engine still reported busy after 100 ms (the
 * synthesizer is then as it was; the baselines are recorded all the
 * same), or the bus error.
 */
int rtl8822e_lck(struct dvr_chip *chip);
/* The two engines alone (what the re-lock runs); DVR_OK, DVR_E_TIMEOUT
 * or the bus error as rtl8822e_lck. */
int rtl8822e_lck_run(struct dvr_chip *chip);
/* One meter reading of RF path @p path (RF 0x42 [6:1]). */
uint8_t rtl8822e_thermal_read(struct dvr_chip *chip, unsigned path);
/* Pure: whether the averages @p avg have moved 4 or more from the
 * baselines @p ref on either path (the re-lock rule). */
bool rtl8822e_lck_due(const uint8_t avg[2], const uint8_t ref[2]);

/*
 * Thermal tracking (rtl8822e_pwrtrack.c). rtl8822e_pwrtrack_init clears
 * the state (phy_init, before rtl8822e_lck). rtl8822e_track is ops->track:
 * the firmware heartbeat and the TX power applied again after it, the
 * meters of both paths, the LCK re-lock rule, and with an EFUSE thermal
 * calibration the swing index of each path into 0x18A0 / 0x41A0 [7:0].
 * DVR_OK, DVR_E_TIMEOUT when a re-lock never finished, or the bus error.
 */
void rtl8822e_pwrtrack_init(struct dvr_chip *chip);
int rtl8822e_track(struct dvr_chip *chip, struct dvr_thermal_stats *st);
/* Pure: add one reading per path to ring @p r, which keeps the last
 * @p cap (RTL8822E_TRK_AVG_N or RTL8822E_LCK_AVG_N, at most the
 * former), and give each path's average of those held (truncated). */
void rtl8822e_thermal_avg(struct rtl8822e_thermal_ring *r, unsigned cap,
                          const uint8_t reading[2], uint8_t avg[2]);
/* Pure: the swing index of @p path at channel @p ch for average @p avg
 * against the EFUSE calibration @p cal (the vendor's step tables). */
int rtl8822e_swing_index(unsigned ch, unsigned path, uint8_t avg,
                         uint8_t cal);

#endif /* DVR_RTL8822E_H */
