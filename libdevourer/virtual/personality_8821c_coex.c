/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The antenna the RTL8821C shares with Bluetooth, as its coexistence
 * registers set it, and the verdict the model draws: WLAN's frames reach
 * the air, and the air reaches WLAN's receiver, only while WLAN has the
 * antenna. The die is a WLAN/BT combo whose PTA / LTE-coex block and
 * antenna switch default to BT; both reference drivers give the antenna
 * to WLAN before they use the radio, and OpenIPC devourer reports the
 * Jaguar2 combo chip deaf without it (src/jaguar2/HalJaguar2.cpp
 * coex_wlan_only, coex_wlan_only_8821c).
 *
 * What the registers say (rtw88 rtw8821c.c rtw8821c_coex_cfg_ant_switch,
 * coex.c rtw_coex_set_ant_path / rtw_coex_set_gnt_wl / _bt /
 * rtw_coex_coex_ctrl_owner; the vendor halbtc8821cwifionly.c):
 *  - 0x70 bit 26: WLAN owns the grant and path-control mux (else BT);
 *  - LTE-coex register 0x38 (the 0x1700 port): GNT_BT [15:14] / [11:10]
 *    and GNT_WL [13:12] / [9:8], 0 = the PTA decides, 1 = forced low,
 *    3 = forced high;
 *  - who drives the antenna switch: 0x4C bit 23 the MAC (level 0x64
 *    bit 0), else bit 24 the WLAN side through the RFE pins 8/9, whose
 *    function 0xCB4 [7:0] picks the baseband's software level (0x77,
 *    level 0xCB4 [31:28]), the PTA (0x66) or antenna diversity (0x88),
 *    else (both clear) the BT side;
 *  - a board with no antenna switch (RFE options 5, 6, 13, 14: two
 *    antennas) has nothing to drive.
 *
 * The verdict: WLAN has the antenna unless (a) WLAN owns the grants and
 * holds its own grant low, or holds BT's high while leaving its own to
 * the PTA (the model's BT is idle, so a grant left to the PTA or to the
 * BT side goes to WLAN), or (b) the board has a switch and the BT side
 * drives it. The switch level itself is exposed but not judged: which
 * level is WLAN's on a board whose 2.4 GHz WLAN sits at the BT port
 * (RFE 2) the references disagree on (rtw88 drives 2, the vendor's
 * wifi-only code 1).
 * Caller holds vc->lock.
 */
#include "libdevourer/virtual/personality_8821c.h"
#include "libdevourer/virtual/personality_8821c_regs.h"

#define GNT_PTA 0
#define GNT_LOW 1
#define GNT_HIGH 3

static bool board_has_switch(const struct vchip *vc)
{
	unsigned rfe = p8821c_rfe(vc);
	return !(rfe == 5 || rfe == 6 || rfe == 13 || rfe == 14);
}

bool p8821c_antenna(const struct vchip *vc, struct vchip_antenna *out)
{
	uint32_t lte = p3081_of(vc)->ltecoex[P8821C_LTE_COEX_CTRL / 4];
	uint32_t led = vc_reg32(vc, P8821C_LED_CFG);
	*out = (struct vchip_antenna){0};
	out->wl_owner = vc_reg32(vc, P8821C_SYS_SDIO_CTRL) &
	                P8821C_LTE_MUX_CTRL_PATH;
	out->gnt_bt = (uint8_t)((lte >> 14) & 3);
	out->gnt_wl = (uint8_t)((lte >> 12) & 3);
	uint8_t gnt_wl_lo = (uint8_t)((lte >> 8) & 3);
	bool granted = true;
	if (out->wl_owner)
		granted = out->gnt_wl != GNT_LOW && gnt_wl_lo != GNT_LOW &&
		          (out->gnt_wl == GNT_HIGH || out->gnt_bt != GNT_HIGH);
	if (!board_has_switch(vc)) {
		out->ctrl = VCHIP_ANT_NO_SWITCH;
	} else if (led & P8821C_DPDT_SEL_EN) {
		out->ctrl = VCHIP_ANT_BY_MAC;
		out->level = vc->regs[P8821C_PAD_CTRL1] & 0x01;
	} else if (led & P8821C_DPDT_WL_SEL) {
		uint8_t fn = vc->regs[P8821C_RFE_CTRL8];
		out->ctrl = fn == P8821C_PIN_PTA      ? VCHIP_ANT_BY_PTA
		          : fn == P8821C_PIN_ANTDIV ? VCHIP_ANT_BY_ANTDIV
		                                    : VCHIP_ANT_BY_BB;
		if (out->ctrl == VCHIP_ANT_BY_BB)
			out->level = vc->regs[P8821C_RFE_CTRL8 + 3] >> 4;
	} else {
		out->ctrl = VCHIP_ANT_BY_BT;
	}
	out->wlan = granted && out->ctrl != VCHIP_ANT_BY_BT;
	return true;
}

bool p8821c_wlan_has_antenna(const struct vchip *vc)
{
	struct vchip_antenna a;
	p8821c_antenna(vc, &a);
	return a.wlan;
}
