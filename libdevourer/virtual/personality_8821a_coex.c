/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The antenna the RTL8821AU shares with its Bluetooth half, as the
 * registers set its switch, and the verdict the model draws from them:
 * WLAN's frames reach the air, and the air reaches WLAN's receiver, only
 * while the WLAN side drives the switch.
 *
 * Who drives it (rtw88 rtw8821a.c rtw8821a_coex_cfg_ant_switch, every
 * phase of it; reg.h REG_LED_CFG, REG_RFE_CTRL8, REG_PAD_CTRL1):
 *  - 0x4C bit 23 (DPDT_SEL_EN): the MAC, at the level in 0x64 bit 0;
 *  - else 0x4C bit 24 (DPDT_WL_SEL): the WLAN baseband, through RFE pins
 *    8/9 whose function 0xCB4 [7:0] picks the PTA's grant (0x66), the
 *    baseband's own level (0x77, level 0xCB4 [29:28]) or antenna
 *    diversity (0x88);
 *  - neither: the BT side. That is how the die comes out of reset; the
 *    card-enable flow hands the switch to WLAN (0x4F bit 0, "DPDT_SEL_P
 *    output from WL BB", rtw88 rtw8821a_table.c
 *    trans_cardemu_to_act_8821a) and rtw88's power-on / init / WLAN-only
 *    phases keep it there; its "WLAN off" phase clears both bits.
 *
 * The model's Bluetooth is idle, so a PTA left to decide grants WLAN.
 * The PTA software-control field 0x765 [4:3] is reported (gnt_bt) but not
 * judged: rtw88 sets it at power-on and on 5 GHz, where WLAN works, and
 * clears it for WLAN-only and 2.4 GHz, so it does not say who owns the
 * antenna. Caller holds vc->lock.
 */
#include "libdevourer/virtual/personality_8821a.h"

#define DPDT_SEL_EN 0x00800000u
#define DPDT_WL_SEL 0x01000000u
#define PAD_CTRL1 0x64
#define PIN_PTA 0x66
#define PIN_ANTDIV 0x88

bool p8821a_antenna(const struct vchip *vc, struct vchip_antenna *out)
{
	uint32_t led = vc_reg32(vc, PJAGUAR1_LED_CFG);
	*out = (struct vchip_antenna){0};
	out->wl_owner = led & (DPDT_SEL_EN | DPDT_WL_SEL);
	out->gnt_bt = (uint8_t)((vc->regs[PJAGUAR1_GNT_BT] >> 3) & 3);
	if (led & DPDT_SEL_EN) {
		out->ctrl = VCHIP_ANT_BY_MAC;
		out->level = vc->regs[PAD_CTRL1] & 0x01;
	} else if (led & DPDT_WL_SEL) {
		uint8_t fn = vc->regs[PJAGUAR1_RFE_CTRL8];
		out->ctrl = fn == PIN_PTA      ? VCHIP_ANT_BY_PTA
		          : fn == PIN_ANTDIV ? VCHIP_ANT_BY_ANTDIV
		                             : VCHIP_ANT_BY_BB;
		if (out->ctrl == VCHIP_ANT_BY_BB)
			out->level =
				(vc->regs[PJAGUAR1_RFE_CTRL8 + 3] >> 4) & 3;
	} else {
		out->ctrl = VCHIP_ANT_BY_BT;
	}
	out->wlan = out->ctrl != VCHIP_ANT_BY_BT;
	return true;
}

bool p8821a_wlan_has_antenna(const struct vchip *vc)
{
	struct vchip_antenna a;
	p8821a_antenna(vc, &a);
	return a.wlan;
}
