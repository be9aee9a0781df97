/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Antenna to WLAN. Both bondings carry the BT/WLAN coexistence block,
 * whose antenna switch and grant signals default to BT: without taking
 * them the receiver is deaf and TX is masked (OpenIPC devourer
 * HalJaguar2.cpp coex_wlan_only, its port of the vendor
 * halbtc8822bwifionly.c). This is rtw88's WLAN-only set-up for this chip,
 * which devourer's matches: rtw88 coex.c __rtw_coex_init_hw_config with
 * wifi_only (the shared coex set-up, rtw8822b.c rtw8822b_coex_cfg_init
 * and rtw8822b_coex_cfg_rfe_type, COEX_SET_ANT_WONLY with the antenna
 * switch run by the BB, rtw8822b_coex_cfg_ant_switch
 * COEX_SWITCH_CTRL_BY_BBSW) plus devourer's switch-pin direction. Which
 * port the switch takes per band follows the channel (0xCBC [9:8],
 * rtl8822b_channel.c), as devourer re-runs it per band.
 */
#include "hal/rtl8822b/rtl8822b.h"

#define LTE_COEX_CTRL 0x38
#define LTE_WL_TRX_CTRL 0xA0
#define LTE_BT_TRX_CTRL 0xA4
#define SCBD_ACTIVE_ON 0x8003     /* BT interrupt | WL on | WL active */
#define SCBD_EXTFEM 0x0100

int rtl8822b_coex_wlan_only(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	int st;

	halmac_coex_cfg_init(chip);
	/* Antenna switch by the BB: DPDT select off, WL side (0x4C [24:23]
	 * = 2), driven from RFE controls 8 and 9 (0xCB4 [7:0] = 0x77). */
	dvr_w32_mask(io, 0x004C, 0x01800000, 0x2);
	dvr_w8(io, 0x0CB4, 0x77);
	/* Switch buffer mux (rtw8822b_coex_cfg_rfe_type: 0x974 = 0xFF,
	 * 0x1990 [9:8] = 0, 0xCBC bit 19 = 0) and the pin direction
	 * devourer adds (0x974 [9:8] = 3). */
	dvr_w8(io, 0x0974, 0xFF);
	dvr_w32_mask(io, 0x0974, 0x300, 0x3);
	dvr_w32_mask(io, 0x1990, 0x300, 0x0);
	dvr_clr8(io, 0x0CBE, 0x08);
	/* LTE coex off (bit 7), GNT_BT software low ([15:14], [11:10] = 1),
	 * GNT_WL software high ([13:12], [9:8] = 3): devourer's 0x7700;
	 * WL and BT pass every LTE TRX. */
	if ((st = halmac_ltecoex_update(chip, LTE_COEX_CTRL, 0xFF80u,
	                                0x7700u)) != DVR_OK ||
	    (st = halmac_ltecoex_update(chip, LTE_WL_TRX_CTRL, 0xFFFF,
	                                0xFFFF)) != DVR_OK ||
	    (st = halmac_ltecoex_update(chip, LTE_BT_TRX_CTRL, 0xFFFF,
	                                0xFFFF)) != DVR_OK)
		goto fail;
	/* Antenna path owner WLAN (0x70 bit 26). devourer writes the whole
	 * byte 0x0E, which also sets 0x70 bit 27 that rtw88's
	 * rtw8822b_coex_cfg_gnt_debug clears; we set the owner bit only. */
	dvr_set8(io, 0x0073, 0x04);
	/* Scoreboard: WLAN active and on, so the BT side keeps off the
	 * antenna; with the external front end of RFE 2 its flag too
	 * (rtw8822b_coex_cfg_rfe_type). */
	dvr_w16(io, 0x00AA, SCBD_ACTIVE_ON |
	                    (chip->id.rfe_type == 2 ? SCBD_EXTFEM : 0));
	if ((st = dvr_io_status(io)) != DVR_OK)
		goto fail;
	return DVR_OK;
fail:
	return halmac_coex_fail(chip, st);
}
