/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Running a chip's power flows (chip data in struct dvr_chip_info) over
 * its register bus: the chip's cut selects the rows, USB is the interface.
 */
#ifndef DVR_HAL_CARD_POWER_H
#define DVR_HAL_CARD_POWER_H

#include <stdint.h>

#include "hal/hal.h"
#include "hal/common/pwr_seq.h"

/* Run flow on the chip with poll_tries polls of DVR_PWR_POLL_US per POLL
 * row. DVR_OK, a bus error, DVR_E_CHIP (a poll never matched; *failed_row,
 * may be NULL, gets its register) or DVR_E_INVALID for a NULL flow. */
int dvr_chip_pwr_flow(struct dvr_chip *chip,
                      const struct dvr_pwr_cmd *const *flow,
                      unsigned poll_tries, uint16_t *failed_row);

/* The chip's card-enable flow with the full polling budget; a failure is
 * explained in chip->error. */
int dvr_card_enable(struct dvr_chip *chip);

/* Teardown flows are best effort and must not hang a closing device: this
 * is the polling budget they get (a twentieth of the enable budget). */
#define DVR_PWR_TEARDOWN_POLL_TRIES (DVR_PWR_POLL_TRIES / 20)

#endif /* DVR_HAL_CARD_POWER_H */
