/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The 8812A's own MAC register steps inside the family's mac_init. */
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8812a/rtl8812a.h"

void rtl8812a_mac_quirks(struct dvr_chip *chip)
{
	/* rtw88 rtw88xxa_power_on sets 0x420 bit 7 in its protocol block
	 * and clears it again for the 8812A (the 8821A writes 0x80 there);
	 * only the final state matters. */
	dvr_clr8(chip->io, REG_FWHW_TXQ_CTRL, BIT(7));
}
