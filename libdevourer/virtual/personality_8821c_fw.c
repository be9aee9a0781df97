/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the RTL8821C's running firmware answers to the H2C commands the
 * 3081-CPU layer hands it (personality_3081_fw.c takes the mailboxes and
 * packets, checks the firmware runs and the packet header).
 *
 * IQK (packet sub-command 0x0E, rtw88 fw.c rtw_fw_do_iqk): the firmware
 * calibrates the path itself and, when done, leaves 0xABCDE in RF A 0x08
 * (RF_DTXLOK), which rtw88 rtw8821c.c rtw8821c_do_iqk polls for up to
 * 300 x 20 ms before it clears the register; 0x1BF0 then holds bit 16
 * "reload" (an earlier result reused) and [7:0] the paths that failed.
 * The model's run takes IQK_US — two or three of rtw88's polls — and
 * fails path A when the RF it would calibrate is off. The mailbox
 * commands (power mode, coex, PHY info) change nothing the USB side
 * could see.
 */
#include "libdevourer/virtual/personality_8821c.h"
#include "libdevourer/virtual/personality_8821c_regs.h"

#define H2C_PKT_IQK 0x0E   /* rtw88 fw.h H2C_PKT_IQK */
#define IQK_US 40000u

void p8821c_h2c_packet(struct vchip *vc, unsigned sub, const uint8_t *p,
                       size_t len)
{
	struct p8821c_state *s = p8821c_of(vc);
	(void)p;
	(void)len;
	if (sub != H2C_PKT_IQK)
		return;
	bool rf_ok = p3081_rf_on(vc, 0);
	uint32_t rpt = vc_reg32(vc, P8821C_IQKFAILMSK);
	rpt &= ~((1u << 16) | 0xFFu);
	if (!rf_ok)
		rpt |= 0x01;
	vc_put_le32(&vc->regs[P8821C_IQKFAILMSK], rpt);
	s->iqk_pending = true;
	s->iqk_done_ns = air_now_ns() + (uint64_t)IQK_US * 1000u;
	vc_milestone(vc, VCHIP_M_CALIBRATION);
}
