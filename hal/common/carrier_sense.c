/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The carrier-sense gate (see carrier_sense.h): a read-modify-write of
 * two bits of the TX protocol control register.
 */
#include "hal/common/carrier_sense.h"

#include <devourer/devourer.h>

#define REG_TX_PTCL_CTRL 0x0520
#define DIS_CCA   (1u << 14)   /* ignore the preamble carrier sense */
#define DIS_EDCCA (1u << 15)   /* ignore energy detection */

int dvr_set_carrier_sense(struct dvr_chip *chip, bool defer)
{
	struct dvr_io *io = chip->io;
	const uint32_t gate = DIS_CCA | DIS_EDCCA;
	uint32_t v = dvr_r32(io, REG_TX_PTCL_CTRL);

	dvr_w32(io, REG_TX_PTCL_CTRL, defer ? v & ~gate : v | gate);
	int st = dvr_io_status(io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "carrier-sense register write "
		                     "failed");
	return DVR_OK;
}
