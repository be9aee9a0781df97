/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Helpers every hal/<chip>/ uses. */
#include <stdarg.h>
#include <stdio.h>

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
