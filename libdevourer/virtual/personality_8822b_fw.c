/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the RTL8822B's running firmware answers to the H2C commands the
 * 3081-CPU layer hands it (personality_3081_fw.c takes the mailboxes and
 * packets, checks the firmware has booted and the packet header).
 *
 * IQK: rtw88 rtw8822b.c rtw8822b_do_iqk sends the IQK packet (fw.c
 * rtw_fw_do_iqk, sub-command 0x0E) and waits for the firmware to write
 * 0xABCDE into RF A 0x08 (RF_DTXLOK), then clears it; the report in
 * 0x1BF0 says whether a stored result was reloaded (bit 16) and which
 * paths failed ([7:0]). The firmware calibrates through the RF, so with
 * path A's RF off (or in reset) it can write nothing there and the
 * driver's wait runs out. The model's IQK succeeds at once on both
 * paths: nothing reloaded, nothing failed.
 *
 * The other packets rtw88 and OpenIPC devourer send this firmware
 * (GENERAL_INFO 0x0D, PHYDM_INFO 0x11) and the mailbox commands need no
 * answer a driver reads back.
 */
#include "libdevourer/virtual/personality_8822b.h"
#include "libdevourer/virtual/personality_8822b_regs.h"

#define H2C_PKT_IQK 0x0E    /* rtw88 fw.h */
#define IQK_DONE 0xABCDEu   /* rtw88 rtw8822b.c rtw8822b_do_iqk */

void p8822b_h2c_packet(struct vchip *vc, unsigned sub, const uint8_t *p,
                       size_t len)
{
	struct p8822b_state *s = p8822b_of(vc);
	(void)p;
	(void)len;
	if (sub != H2C_PKT_IQK)
		return;
	vc_milestone(vc, VCHIP_M_CALIBRATION);
	if (!p3081_rf_on(vc, 0))
		return;
	s->base.rf[0][P8822B_RF_DTXLOK] = IQK_DONE;
	uint32_t rpt = vc_reg32(vc, P8822B_IQK_FAILMSK) & ~0x100FFu;
	vc_put_le32(&vc->regs[P8822B_IQK_FAILMSK], rpt);
	s->iqk_runs++;
}
