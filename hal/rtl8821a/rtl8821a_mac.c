/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The 8821A's own MAC register steps inside the family's mac_init. */
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8821a/rtl8821a.h"

#define REG_FAST_EDCA_CTRL 0x0460

void rtl8821a_mac_quirks(struct dvr_chip *chip)
{
	/* rtw88 rtw88xxa.c rtw88xxa_power_on, 8821A branch: 0x420 byte
	 * written whole (bit 7 only), and the fast EDCA queue timers. */
	dvr_w8(chip->io, REG_FWHW_TXQ_CTRL, 0x80);
	dvr_w32(chip->io, REG_FAST_EDCA_CTRL, 0x03087777u);
}
