/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The table of buses (backend.h). */
#include "libdevourer/bus/backend.h"

const struct dvr_backend *const dvr_backends[] = {
	&dvr_backend_usb,
	&dvr_backend_virtual,
	NULL,
};

const struct dvr_backend *dvr_backend_for(enum dvr_selector_kind kind)
{
	for (const struct dvr_backend *const *b = dvr_backends; *b; b++)
		if ((*b)->kinds & DVR_SEL_KIND_BIT(kind))
			return *b;
	return NULL;
}
