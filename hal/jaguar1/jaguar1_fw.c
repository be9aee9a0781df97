/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar1 firmware: the generic download (hal/common/fw_download.c picks
 * the 8051 path from the chip data), then the H2C mailboxes the booted
 * firmware reads (rtw88 rtw88xxa.c rtw88xxa_power_on).
 */
#include "hal/common/fw_download.h"
#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"

int jaguar1_download_firmware(struct dvr_chip *chip,
                              const struct dvr_firmware *fw)
{
	int st = dvr_fw_download(chip, fw);

	if (st != DVR_OK)
		return st;
	dvr_w8(chip->io, REG_HMETFR, 0x0F);
	return dvr_io_status(chip->io);
}
