/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the RTL8822C's running firmware answers to the H2C commands the
 * 3081-CPU layer hands it (personality_3081_fw.c takes the mailboxes and
 * packets, checks the firmware runs and the packet header): the
 * calibration handshakes, answered in the registers the driver polls
 * (0x49C bit 0, 0x2D9C = 0xAA).
 */
#include "libdevourer/virtual/personality_8822c.h"
#include "libdevourer/virtual/personality_8822c_regs.h"

#define H2C_WIFI_CALIBRATION 0x6D  /* rtw88 fw.h */
#define H2C_PKT_IQK 0x0E           /* packet H2C sub-command */
#define IQK_DONE 0xAA              /* rtw88 rtw8822c.c IQK_DONE_8822C */

static void calibration_command(struct vchip *vc, const uint8_t *cmd)
{
	/* WIFI_CALIBRATION start (bit 8) and stop both get the RFK
	 * acknowledgement rtw88 rtw8822c.c rtw8822c_rfk_handshake polls. */
	(void)cmd;
	vc->regs[P8822C_WL_RFK] |= 0x01;
}

void p8822c_h2c_command(struct vchip *vc, const uint8_t *cmd)
{
	if (cmd[0] == H2C_WIFI_CALIBRATION)
		calibration_command(vc, cmd);
}

void p8822c_h2c_packet(struct vchip *vc, unsigned sub, const uint8_t *p,
                       size_t len)
{
	(void)p;
	(void)len;
	if (sub == H2C_PKT_IQK) {
		/* the firmware's IQK finishes and reports it in 0x2D9C */
		vc->regs[P8822C_IQK_STATUS] = IQK_DONE;
		vc_milestone(vc, VCHIP_M_CALIBRATION);
	}
}
