/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Antenna to WLAN. The die carries the BT/WLAN coexistence block whatever
 * the bonding; its grant signals and antenna switch default to BT, and
 * without taking them the receiver is deaf and TX masked. This is the
 * one-time "WiFi only" set-up, with the external antenna switch set again
 * on every band change:
 *
 *  - rtw88 rtw8821c.c rtw8821c_coex_cfg_init (the chip's coex registers)
 *    and coex.c's COEX_SET_ANT_WONLY phase: GNT_BT software-low, GNT_WL
 *    software-high, path owner WLAN, scoreboard "active, on";
 *  - the vendor's WiFi-only module for this chip as OpenIPC devourer
 *    ports it (HalJaguar2.cpp coex_wlan_only_8821c, from
 *    halbtc8821cwifionly.c): PTA tables to WLAN and the antenna switch
 *    under BB software control, its polarity by board and band.
 */
#include "hal/rtl8821c/rtl8821c.h"

#define LTE_COEX_CTRL 0x38
#define GNT_FIELDS 0xFF00u         /* GNT_BT [15:14] [11:10], GNT_WL [13:12] [9:8] */
#define GNT_BT_LOW_WL_HIGH 0x7700u /* SW low = 1, SW high = 3 */
#define REG_LED_CFG 0x004C
#define DPDT_SEL_EN (1u << 23)
#define DPDT_WL_SEL (1u << 24)
#define REG_CTRL_TYPE 0x0067
#define CTRL_NOT_BT 0x30           /* BIT_CTRL_TYPE1 | BIT_CTRL_TYPE2 */
#define REG_RFE_CTRL8 0x0CB4
#define DPDT_CTRL_PIN 0x77         /* RFE pins 8/9 drive the DPDT switch */
#define RFE_SEL15 0xF0000000u

/* rtw8821c_coex_cfg_rfe_type: options 5, 6, 13 and 14 have no antenna
 * switch; 3, 4, 11 and 12 have the antenna at the switch's other port
 * (inverted polarity). */
static bool has_switch(uint8_t opt)
{
	return opt != 5 && opt != 6 && opt != 13 && opt != 14;
}

static bool inverted(uint8_t opt)
{
	return opt == 3 || opt == 4 || opt == 11 || opt == 12;
}

/* The BTG boards, where WLAN's 2.4 GHz path is BT's port (rtw88's
 * wlg_at_btg list; devourer's 2, 4, 7 are among them). */
static bool wlg_at_btg(uint8_t opt)
{
	return opt == 2 || opt == 4 || opt == 7 || opt == 10 || opt == 12 ||
	       opt == 15;
}

void rtl8821c_coex_antenna(struct dvr_chip *chip, bool is_5g)
{
	struct dvr_io *io = chip->io;
	uint8_t opt = chip->id.rfe_type;

	if (!has_switch(opt))
		return;
	/*
	 * The vendor WiFi-only rule (devourer): inverted boards start
	 * inverted, and on 2.4 GHz the switch turns to the other port
	 * unless WLAN's 2.4 GHz path sits on BT's. For options 0, 3 and 4
	 * this is the value rtw88's coex_cfg_ant_switch writes for WLG on
	 * 2.4 GHz and WLA on 5 GHz; on the BTG option 2 rtw88 writes 2 on
	 * both bands (its WLG_BT position) where this rule gives 1, and we
	 * follow the vendor's WiFi-only module, the one written for a
	 * radio that never shares with BT.
	 */
	bool inv = inverted(opt);
	if (!is_5g && !wlg_at_btg(opt))
		inv = !inv;
	dvr_clr32(io, REG_LED_CFG, DPDT_SEL_EN);
	dvr_set32(io, REG_LED_CFG, DPDT_WL_SEL);
	dvr_w32_mask(io, REG_RFE_CTRL8, 0xFF, DPDT_CTRL_PIN);
	dvr_w32_mask(io, REG_RFE_CTRL8, RFE_SEL15, inv ? 2 : 1);
	dvr_set8(io, REG_CTRL_TYPE, CTRL_NOT_BT);
}

int rtl8821c_coex_wlan_only(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	int st;

	/* rtw8821c_coex_cfg_init: what every HalMAC chip sets (hal/halmac);
	 * its own last row, the beacon queue at high priority (0x6CF bit
	 * 3), is the bit coex.c's priority mask sets for every chip, which
	 * hal/halmac writes too. */
	halmac_coex_cfg_init(chip);
	/* Path owner WLAN (0x70 bit 26), then the grants. */
	dvr_set8(io, 0x0073, 0x04);
	st = halmac_ltecoex_update(chip, LTE_COEX_CTRL, GNT_FIELDS,
	                           GNT_BT_LOW_WL_HIGH);
	if (st != DVR_OK)
		return halmac_coex_fail(chip, st);
	/* PTA tables all-WLAN (devourer's WiFi-only value); scoreboard
	 * "WLAN active and on" so BT keeps off the antenna. */
	dvr_w32(io, 0x06C0, 0xAAAAAAAA);
	dvr_w32(io, 0x06C4, 0xAAAAAAAA);
	dvr_w16(io, 0x00AA, 0x8003);
	/* 2.4 GHz until the first channel says otherwise. */
	rtl8821c_coex_antenna(chip, chip->channel.channel > 14);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return halmac_coex_fail(chip, st);
	return DVR_OK;
}
