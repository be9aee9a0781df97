/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822C's 32-byte Jaguar3 PHY status, which the 3081-CPU layer's
 * RX descriptor (personality_3081_rx.c) carries before a frame when the
 * driver asks for one: the layer's "jgr3" encoder (personality_3081_jgr3.c,
 * rtw88 rtw8822c.c query_phy_status_page0/1), both paths hearing and the
 * primary sub-channel the BB was told.
 */
#include "libdevourer/virtual/personality_8822c.h"

void p8822c_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p)
{
	p3081_jgr3_phy_status(vc, m, p, p8822c_of(vc)->primary_sc, true);
}
