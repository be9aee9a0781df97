/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821AU / RTL8811AU chip driver: internal interface between the files
 * of hal/rtl8821a/ (one job each). The die sits on the Jaguar1 family
 * layer (hal/jaguar1/); this directory keeps what rtw88 keeps in
 * rtw8821a.c and the 8821A branches of rtw88xxa.c: ids and the probe of
 * a VID:PID the 8812A shares, EFUSE fields and the BT function, band
 * registers with its RFE pins and external band switch, the antenna it
 * shares with Bluetooth, its one-path IQK, TX power rules, tracking step
 * tables and CCK gain table. Only rtl8821a_info is public, through
 * hal/registry.c.
 */
#ifndef DVR_RTL8821A_H
#define DVR_RTL8821A_H

#include "hal/hal.h"
#include "hal/common/txpwr_index.h"
#include "hal/jaguar1/jaguar1.h"

extern const struct dvr_chip_info rtl8821a_info;

/* Logical EFUSE offsets of the 8821A's own fields (rtw88 rtw88xxa.h
 * struct rtw88xxa_efuse, struct rtw8821au_efuse). */
#define RTL8821A_EFUSE_TX_PWR    0x10
#define RTL8821A_EFUSE_PA_TYPE   0xBC
#define RTL8821A_EFUSE_LNA_2G    0xBD
#define RTL8821A_EFUSE_LNA_5G    0xBF
#define RTL8821A_EFUSE_BT_SET    0xC3  /* bit 0: antenna shared with BT */
#define RTL8821A_EFUSE_MAC_ADDR  0x107

/* The 8821A's ops (the rest are the family's). */
int rtl8821a_probe(struct dvr_chip *chip);
int rtl8821a_identify(struct dvr_chip *chip);
int rtl8821a_phy_init(struct dvr_chip *chip);

/* The WLAN side takes the antenna switch it shares with Bluetooth
 * (rtl8821a_coex.c); no-op on a part without BT. */
void rtl8821a_antenna_to_wlan(struct dvr_chip *chip);

/* Family hooks (struct jaguar1_data). */
void rtl8821a_band_regs(struct dvr_chip *chip, bool is_5g, unsigned bw);
int rtl8821a_iqk(struct dvr_chip *chip, bool band_5g);
int rtl8821a_phy_calibration(struct dvr_chip *chip, unsigned channel);
const struct dvr_pwrtrk_tables *rtl8821a_pwrtrk_tables(
	const struct dvr_chip *chip);
int rtl8821a_cck_rx_power(uint8_t agc);
void rtl8821a_mac_quirks(struct dvr_chip *chip);

/* How the die reads its EFUSE TX-power block, and its by-rate and
 * limit tables loaded into chip state (rtl8821a_txpower.c). */
extern const struct dvr_txpwr_chip rtl8821a_txpwr;
int rtl8821a_txpower_tables_load(struct dvr_chip *chip);

#endif /* DVR_RTL8821A_H */
