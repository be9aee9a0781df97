/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What every chip's 5/10 MHz channel starts from: the RF stays at 20 MHz
 * and only the baseband is re-clocked after the 20 MHz channel is set
 * (OpenIPC devourer docs/narrowband.md), so a narrow channel is first
 * the 20 MHz channel of the same number.
 */
#ifndef DVR_HAL_NARROWBAND_H
#define DVR_HAL_NARROWBAND_H

#include "hal/hal.h"

/* The 20 MHz channel *wide that @p ch (5 or 10 MHz) is tuned as before
 * its re-clock. DVR_OK, or the refusal: a chip without narrowband
 * (chip_info.narrowband, named in the error) or another width. */
int dvr_narrow_base(struct dvr_chip *chip, const struct dvr_channel *ch,
                    struct dvr_channel *wide);

#endif /* DVR_HAL_NARROWBAND_H */
