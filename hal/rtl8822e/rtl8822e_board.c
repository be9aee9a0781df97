/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What is known of the 8822E's boards beyond their registers: the
 * behaviour a user would otherwise discover as a link that delivers
 * nothing.
 */
#include "hal/rtl8822e/rtl8822e.h"

const char *rtl8822e_tx_caveat(const struct dvr_chip *chip,
                               const struct dvr_channel *ch)
{
	/* OpenIPC devourer docs/8822e-quirks.md: on the LB-LINK
	 * BL-M8812EU2 (RFE type 21) 2.4 GHz TX radiates at the expected
	 * duty, yet no receiver decodes a single CCK or OFDM frame at any
	 * power, under that driver and under the vendor kernel driver
	 * alike, while 2.4 GHz reception works; its README calls the module
	 * a bare 5 GHz FPV module. Whether other RFE 21 boards share it is
	 * not known, so it is said of that front end, a blank RFE taken as
	 * 21 included. */
	if (chip->id.rfe_type == 21 && ch->channel >= 1 && ch->channel <= 14)
		return "this board's front end (RFE type 21, the LB-LINK "
		       "BL-M8812EU2) airs 2.4 GHz energy that no receiver "
		       "decodes, under the vendor driver too; use a 5 GHz "
		       "channel to transmit";
	return NULL;
}
