/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The list of chips the driver knows. Adding a chip = one line here plus
 * its hal/<chip>/ directory.
 */
#include "hal/hal.h"

extern const struct dvr_chip_info rtl8812a_info;
extern const struct dvr_chip_info rtl8822c_info;
extern const struct dvr_chip_info rtl8821c_info;
extern const struct dvr_chip_info rtl8822b_info;

const struct dvr_chip_info *const dvr_chip_registry[] = {
	&rtl8812a_info,
	&rtl8822c_info,
	&rtl8821c_info,
	&rtl8822b_info,
	NULL,
};

const struct dvr_chip_info *dvr_hal_find_chip(uint16_t vid, uint16_t pid)
{
	for (const struct dvr_chip_info *const *c = dvr_chip_registry; *c; c++)
		for (size_t i = 0; i < (*c)->n_usb_ids; i++)
			if ((*c)->usb_ids[i].vid == vid &&
			    (*c)->usb_ids[i].pid == pid)
				return *c;
	return NULL;
}
