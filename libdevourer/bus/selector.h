/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Device selectors ("auto", "usb:VID:PID[#N]", "usb:BUS-PORT",
 * "virtual:NAME[,options]", see dvr_open() in devourer.h): the address of
 * an adapter on some bus, parsed once by the core and handed to the bus
 * backend that owns its kind (backend.h).
 */
#ifndef DVR_SELECTOR_H
#define DVR_SELECTOR_H

#include <stddef.h>
#include <stdint.h>

enum dvr_selector_kind {
	DVR_SEL_AUTO,
	DVR_SEL_USB_ID,
	DVR_SEL_USB_PATH,
	DVR_SEL_VIRTUAL,
};

struct dvr_selector {
	enum dvr_selector_kind kind;
	uint16_t vid, pid;   /* DVR_SEL_USB_ID */
	unsigned index;      /* DVR_SEL_USB_ID: #N */
	char path[32];       /* DVR_SEL_USB_PATH: "1-2.3" */
	char name[48];       /* DVR_SEL_VIRTUAL */
	char options[192];   /* DVR_SEL_VIRTUAL: "loss=0.1,rssi=-60" */
};

/* Parse a selector string. DVR_E_INVALID on syntax errors. */
int dvr_selector_parse(const char *text, struct dvr_selector *out);

/* Value of option key in sel->options ("k=v,k=v") copied into buf:
 * DVR_OK, DVR_E_NOT_FOUND, or DVR_E_OVERFLOW when buf is too small. */
int dvr_selector_option(const struct dvr_selector *sel, const char *key,
                        char *buf, size_t len);

#endif /* DVR_SELECTOR_H */
