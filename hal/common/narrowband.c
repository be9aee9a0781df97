/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The 20 MHz base of a 5/10 MHz channel; see narrowband.h. */
#include "hal/common/narrowband.h"

int dvr_narrow_base(struct dvr_chip *chip, const struct dvr_channel *ch,
                    struct dvr_channel *wide)
{
	if (!chip->info->narrowband)
		return dvr_chip_fail(chip, DVR_E_UNSUPPORTED, "%s has no "
		                     "narrowband mode (5/10 MHz)",
		                     chip->info->name);
	if (ch->bw_mhz != 5 && ch->bw_mhz != 10)
		return DVR_E_INVALID;
	*wide = *ch;
	wide->bw_mhz = 20;
	wide->secondary = 0;
	return DVR_OK;
}
