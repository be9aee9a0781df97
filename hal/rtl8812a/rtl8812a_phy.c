/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8812A's 1T setting for a board strapped 1T1R (rtw88 rtw88xxa.c
 * rtw8812a_config_1t), run by the family's phy_init after the RF tables;
 * the rest of the BB/RF bring-up is the family's (jaguar1_phy.c) from the
 * tables in rtl8812a_family.
 */
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8812a/rtl8812a.h"

/* 1T1R boards: receive and transmit on path A only. */
void rtl8812a_config_1t(struct dvr_io *io)
{
	dvr_w32_mask(io, REG_BB_RXPSEL, 0xFF, 0x11);
	dvr_w32_mask(io, REG_BB_TXPSEL, 0xFFFF, 0x1111);
	dvr_w32_mask(io, REG_BB_CCK_RX, 0x0C000000u, 0);
	dvr_w32_mask(io, REG_BB_8BC, 0xC0000060u, 4);
	dvr_w32_mask(io, REG_B_3WIRE, 0xF, 4);
	dvr_w32(io, REG_B_LSSI_WRITE, 0);
	dvr_w32(io, 0x0E60, 0);
	dvr_w32(io, 0x0E64, 0);
}
