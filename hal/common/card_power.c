/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A chip's power flows run through the power-sequence interpreter. */
#include "hal/common/card_power.h"

int dvr_chip_pwr_flow(struct dvr_chip *chip,
                      const struct dvr_pwr_cmd *const *flow,
                      unsigned poll_tries, uint16_t *failed_row)
{
	struct dvr_pwr_io pio;

	if (!flow)
		return DVR_E_INVALID;
	dvr_pwr_io_from_dvr_io(&pio, chip->io);
	return dvr_pwr_seq_run(flow, dvr_pwr_cut_mask(chip->id.cut),
	                       DVR_PWR_INTF_USB, &pio, poll_tries,
	                       DVR_PWR_POLL_US, failed_row);
}

int dvr_card_enable(struct dvr_chip *chip)
{
	uint16_t row = 0;
	int st;

	if (!chip->info->pwr_on_flow)
		return dvr_chip_fail(chip, DVR_E_INVALID, "%s has no "
		                     "card-enable power flow in its chip data",
		                     chip->info->name);
	st = dvr_chip_pwr_flow(chip, chip->info->pwr_on_flow,
	                       DVR_PWR_POLL_TRIES, &row);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "card-enable power sequence "
		                     "failed at register 0x%04x", row);
	return DVR_OK;
}
