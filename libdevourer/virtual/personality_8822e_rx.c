/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822E's 32-byte PHY status, which the 3081-CPU layer's RX
 * descriptor (personality_3081_rx.c) carries before a frame when the
 * driver asks for one. The 8822E is a third-generation ("jgr3")
 * PHY-status IC like the 8822C (rtl88x2eu hal/phydm/phydm_pre_define.h
 * PHYSTS_3RD_TYPE_IC; OpenIPC devourer src/jaguar3/FrameParserJaguar3.h
 * parse_phy_sts_jgr3 reads both dies' alike): the layer's encoder
 * (personality_3081_jgr3.c). What is the 8822E's own: path B's power is
 * the noise floor unless the DPDT switch gives it its antenna and its RF
 * 0x18 tunes it as path A (devourer docs/8822e-quirks.md: chain-B pwdb
 * pinned at the floor, ~-99 dBm, while path A hides the loss in frame
 * counts; personality_8822e_frontend.c).
 */
#include "libdevourer/virtual/personality_8822e.h"

void p8822e_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p)
{
	bool b_hears = p8822e_path_b_antenna(vc) && p8822e_path_tuned(vc, 1);
	p3081_jgr3_phy_status(vc, m, p, p8822e_of(vc)->primary_sc, b_hears);
}
