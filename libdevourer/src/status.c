/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Status names (dvr_strerror). */
#include <devourer/devourer.h>

const char *dvr_strerror(int status)
{
	switch (status) {
	case DVR_OK: return "success";
	case DVR_E_INVALID: return "invalid argument or malformed input";
	case DVR_E_NO_MEM: return "out of memory";
	case DVR_E_NOT_FOUND: return "no matching adapter found";
	case DVR_E_NO_DEVICE: return "device vanished (unplugged?)";
	case DVR_E_IO: return "USB I/O error";
	case DVR_E_TIMEOUT: return "USB transfer timed out";
	case DVR_E_PIPE: return "USB endpoint stalled";
	case DVR_E_BUSY: return "device busy or in use";
	case DVR_E_ACCESS: return "permission denied (install the udev rule)";
	case DVR_E_FIRMWARE: return "firmware missing, corrupt or refused";
	case DVR_E_CHIP: return "chip did not respond as expected";
	case DVR_E_UNSUPPORTED: return "not supported by this chip";
	case DVR_E_OVERFLOW: return "buffer or frame too large";
	case DVR_E_STATE: return "call not valid in the current state";
	default: return "unknown error";
	}
}
