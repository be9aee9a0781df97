/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the RTL8822E's running firmware answers to the H2C commands the
 * 3081-CPU layer hands it (personality_3081_fw.c takes the mailboxes and
 * packets, checks the firmware runs and the packet header). The 8822E
 * uses the 8822C's mailbox and packet H2Cs (OpenIPC devourer
 * src/jaguar3/RtlJaguar3Device.cpp InitWrite sends the same ones to both
 * dies): the RF-calibration handshake H2C 0x6D (WIFI_CALIBRATION),
 * acknowledged in 0x49C bit 0, which rtl88x2eu
 * hal/phydm/halrf/rtl8822e/halrf_8822e.c halrf_rfk_handshake_8822e polls;
 * and the firmware IQK offload, which reports done with 0x2D9C = 0xAA
 * (halrf_iqk_8822e.c _check_fwiqk_done_8822e).
 */
#include "libdevourer/virtual/personality_8822e.h"
#include "libdevourer/virtual/personality_8822e_regs.h"

#define H2C_WIFI_CALIBRATION 0x6D
#define H2C_PKT_IQK 0x0E           /* packet H2C sub-command */
#define FW_IQK_DONE 0xAA

void p8822e_h2c_command(struct vchip *vc, const uint8_t *cmd)
{
	/* start (bit 8 of the command) and stop both get the
	 * acknowledgement the handshake polls for */
	if (cmd[0] == H2C_WIFI_CALIBRATION)
		vc->regs[P8822E_WL_RFK] |= 0x01;
}

void p8822e_h2c_packet(struct vchip *vc, unsigned sub, const uint8_t *p,
                       size_t len)
{
	(void)p;
	(void)len;
	if (sub == H2C_PKT_IQK) {
		vc->regs[P8822E_IQK_STATUS] = FW_IQK_DONE;
		vc_milestone(vc, VCHIP_M_CALIBRATION);
	}
}
