/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8814AU: a Jaguar1 baseband with four RF paths (4T4R RF, 3 spatial
 * streams) behind a HalMAC-style MAC and a 3081 WLAN CPU (rtw88 drives it
 * with the generic 3081 MAC code of mac.c and its own rtw8814a.c, not
 * rtw88xxa.c). Power, firmware, MAC queues and H2C come from hal/halmac
 * (struct halmac_data), the 40-byte TX descriptor and the RX descriptor +
 * PHY status from hal/jaguar1 (struct jaguar1_data); this folder keeps
 * the chip's ids, data, EFUSE fields, BB/RF bring-up, channel switch,
 * TX power port and thermal meter.
 */
#ifndef DVR_RTL8814A_H
#define DVR_RTL8814A_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"
#include "hal/halmac/halmac.h"
#include "hal/jaguar1/jaguar1.h"

#define RTL8814A_CHIP_ID 0x08        /* SYS_CFG2 0xFC (halmac chip_id_hw_def) */
#define RTL8814A_FW_SIGNATURE 0x8814
#define RTL8814A_EFUSE_PHYS 1024u    /* rtw8814a hw_spec phy_efuse_size */
#define RTL8814A_EFUSE_LOG 512u      /* log_efuse_size */
#define RTL8814A_PHY_STATUS_LEN 32u
#define RTL8814A_MAX_RX_FRAME 11454u /* largest VHT MPDU with FCS */

/* Logical EFUSE offsets (rtw88 rtw8814a.h struct rtw8814a_efuse). */
#define EFUSE8814A_XTAL 0xB9
#define EFUSE8814A_THERMAL 0xBA
#define EFUSE8814A_SWING_2G 0xC6
#define EFUSE8814A_SWING_5G 0xC7
#define EFUSE8814A_TRX_ANTENNA 0xC9
#define EFUSE8814A_RFE 0xCA
#define EFUSE8814A_MAC 0xD8

/*
 * What a full channel set leaves that differs between two channels of one
 * band and bandwidth (rtl8814a_hop.c): fc_area 0x860, the AGC table
 * select 0x958, the CCK TX filter 0xA20-0xA28, the primary's position in
 * a 40/80 MHz channel (0x483, 0x8AC, 0xA00) and RF 0x18 of each path.
 */
#define RTL8814A_HOP_ENTRIES 48u
#define RTL8814A_PATHS 4u
struct rtl8814a_chan_regs {
	struct dvr_channel ch;            /* channel 0: empty slot */
	uint32_t clktrk, agc_sel;         /* 0x860, 0x958 */
	uint32_t cck_dfir[3];             /* 0xA20, 0xA24, 0xA28 */
	uint32_t adcclk, rxsb;            /* 0x8AC, 0xA00 */
	uint8_t data_sc;                  /* 0x483 */
	uint32_t rf18[RTL8814A_PATHS];
};

struct rtl8814a_hop_cache {
	struct rtl8814a_chan_regs e[RTL8814A_HOP_ENTRIES];
	unsigned next;
	int live;                         /* entry the chip holds; -1 none */
	uint8_t calib_thermal;            /* the thermal average at the IQK */
};

/* Rate codes of the TX AGC table (0x00-0x49). */
#define RTL8814A_TXAGC_RATES 0x4Au

/* The chip's state (chip->priv). The Jaguar1 part comes first: the
 * family's TX check reads chip->priv as a struct jaguar1_priv. */
struct rtl8814a_priv {
	struct jaguar1_priv j1;
	bool efuse_read;          /* the EFUSE is read after the download */
	bool band_set;            /* a band switch has run */
	bool band_5g;
	/* the last channel set re-clocked the baseband for 5/10 MHz */
	bool narrow;
	struct rtl8814a_hop_cache hop;
	/* The index last written to each rate of each path's TX AGC table
	 * (0x1998 is a port: the register shadow cannot tell its entries
	 * apart); known[] false until written since phy_init. */
	uint8_t txagc[RTL8814A_PATHS][RTL8814A_TXAGC_RATES];
	bool txagc_known[RTL8814A_PATHS][RTL8814A_TXAGC_RATES];
};

extern const struct halmac_data rtl8814a_halmac;
extern const struct dvr_fw3081_spec rtl8814a_fw_spec;
extern const struct dvr_queue_layout rtl8814a_queues;
extern const struct jaguar1_data rtl8814a_family;

/* rtl8814a_efuse.c: the chip id and cut at identify; the EFUSE after the
 * firmware download (rtw88 main.c rtw_chip_efuse_enable order), with the
 * 8814A's fields: RFE option (0 and 1 only, as rtw88), the amplifiers
 * it implies, the BB swing of four paths. The TRX antenna option (0xC9)
 * is not read: every board runs 3T3R (the vendor's rule; rtw88 drops to
 * 2T2R on USB 2 and for the 2T antenna options). */
int rtl8814a_identify(struct dvr_chip *chip);
int rtl8814a_download_firmware(struct dvr_chip *chip,
                               const struct dvr_firmware *fw);
/* The RFE option identify keeps in chip->id.rfe_type from the raw EFUSE
 * byte (rtw88 rtw8814a_read_rfe_type: bit 7 set -> 1 on USB). */
uint8_t rtl8814a_rfe_from_efuse(uint8_t raw);

/* rtl8814a_mac.c: the chip's MAC set-up inside hal/halmac's MAC init. */
int rtl8814a_mac_init(struct dvr_chip *chip);

/* rtl8814a_phy.c */
int rtl8814a_phy_init(struct dvr_chip *chip);
/* RF register of a path (0..3), the bits of @p mask: hal/halmac's
 * direct window / LSSI access with the chip's four ports. */
uint32_t rtl8814a_rf_read(struct dvr_chip *chip, unsigned path, uint8_t addr,
                          uint32_t mask);
void rtl8814a_rf_write(struct dvr_chip *chip, unsigned path, uint8_t addr,
                       uint32_t mask, uint32_t data);

/* rtl8814a_channel.c */
int rtl8814a_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch);
/* The TX scaler of a path's EFUSE BB swing on a band (rtw88
 * rtw8814a_get_bb_swing). */
uint32_t rtl8814a_bb_swing(const struct dvr_chip *chip, bool is_5g,
                           unsigned path);

/* rtl8814a_hop.c: the hop_channel op (the calibration in force stays),
 * the cache a full set (after its IQK) fills, and forgetting it (power,
 * BB/RF tables). */
int rtl8814a_hop_channel(struct dvr_chip *chip, const struct dvr_channel *ch,
                         bool *hopped);
void rtl8814a_hop_store(struct dvr_chip *chip, const struct dvr_channel *ch);
void rtl8814a_hop_forget(struct dvr_chip *chip);
/* The calibrate op: the family's, then the channel cached. */
int rtl8814a_calibrate(struct dvr_chip *chip);

/* rtl8814a_txpower.c */
/* The 0x1998 TX AGC table word of @p index for @p rate (DESC_RATE code)
 * on @p path: 0x00801000 | index << 24 | path << 8 | rate (rtw88
 * rtw8814a_set_tx_power_index_by_rate). Pure. */
uint32_t rtl8814a_txagc_word(unsigned path, uint8_t rate, unsigned index);
/* The index written for an asked @p index (see rtl8814a_txpower.c on
 * rtw88's +2): clamped to 0..0x3F. Pure. */
unsigned rtl8814a_txagc_index(int index);
int rtl8814a_set_tx_power(struct dvr_chip *chip, int index);
/* The index of the EFUSE calibration at the channel (HT MCS7, path A):
 * what the core applies when no power is asked. */
int rtl8814a_calibrated_tx_power(struct dvr_chip *chip);
/* The board's power-by-rate and limit tables, by chip->id.rfe_type (0 or
 * 1, rtw88 rtw8814a.c rtw8814a_rfe_defs), into chip->txpwr. */
int rtl8814a_txpower_tables_load(struct dvr_chip *chip);

/* rtl8814a_pwrtrack.c */
int rtl8814a_track(struct dvr_chip *chip, struct dvr_thermal_stats *st);

/* rtl8814a_iqk.c: the IQK of all four paths on the NCTL engine for the
 * band, and the calibration of a channel (struct jaguar1_data
 * calibrate_channel: the IQK, then chip->calib). */
int rtl8814a_iqk(struct dvr_chip *chip, bool band_5g);
int rtl8814a_calibrate_channel(struct dvr_chip *chip, unsigned channel);

/* rtl8814a_rx.c: CCK RX power from the PHY status AGC byte (rtw88
 * rtw8814a_cck_rx_pwr). */
int rtl8814a_cck_rx_power(uint8_t agc);

#endif /* DVR_RTL8814A_H */
