/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Helpers every hal/<chip>/ uses. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "hal/hal.h"

int dvr_chip_fail(struct dvr_chip *chip, int status, const char *fmt, ...)
{
	va_list ap;

	if (chip) {
		va_start(ap, fmt);
		vsnprintf(chip->error, sizeof chip->error, fmt, ap);
		va_end(ap);
	}
	return status;
}

void dvr_chip_warn(struct dvr_chip *chip, const char *fmt, ...)
{
	va_list ap;

	if (chip) {
		va_start(ap, fmt);
		vsnprintf(chip->warning, sizeof chip->warning, fmt, ap);
		va_end(ap);
	}
}

void dvr_chip_state_free(struct dvr_chip *chip)
{
	free(chip->priv);
	free(chip->efuse);
	free(chip->txpwr);
	chip->priv = NULL;
	chip->efuse = NULL;
	chip->txpwr = NULL;
	chip->efuse_blank = false;
	chip->tx_power_asked = -1;
	chip->h2c_seq = 0;
	chip->h2c_box = 0;
}

void *dvr_chip_priv_alloc(struct dvr_chip *chip, size_t size)
{
	if (!chip->priv && !(chip->priv = calloc(1, size)))
		dvr_chip_fail(chip, DVR_E_NO_MEM, "out of memory");
	return chip->priv;
}
