/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The errno → dvr_status mapping the buses share (usbfs and the chip model
 * both speak negative errno). */
#include <errno.h>

#include <devourer/devourer.h>

#include "libdevourer/bus/transport.h"

int dvr_status_from_errno(int neg_errno)
{
	if (neg_errno >= 0)
		return neg_errno;
	switch (-neg_errno) {
	case ENODEV:
	case ESHUTDOWN:
		return DVR_E_NO_DEVICE;
	case ETIMEDOUT:
		return DVR_E_TIMEOUT;
	case EPIPE:
		return DVR_E_PIPE;
	case EINVAL:
		return DVR_E_INVALID;
	case ENOMEM:
		return DVR_E_NO_MEM;
	case EOVERFLOW:
	case EMSGSIZE:
		return DVR_E_OVERFLOW;
	case EBUSY:
		return DVR_E_BUSY;
	case EACCES:
	case EPERM:
		return DVR_E_ACCESS;
	case ENOENT:
		return DVR_E_NOT_FOUND;
	default:
		return DVR_E_IO;
	}
}
