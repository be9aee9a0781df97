/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The buses the driver can sit on, one table entry each. The core picks
 * the entry that owns a selector's kind and calls only through it, so a
 * new bus is one more entry here and one file, never a branch in the core.
 *
 * Every function returns DVR_OK or a negative enum dvr_status.
 */
#ifndef DVR_BACKEND_H
#define DVR_BACKEND_H

#include <stddef.h>

#include <devourer/devourer.h>

#include "libdevourer/bus/selector.h"
#include "libdevourer/bus/transport.h"

#define DVR_SEL_KIND_BIT(k) (1u << (unsigned)(k))

struct dvr_backend {
	const char *prefix;   /* selector prefix: "usb", "virtual" */
	unsigned kinds;       /* DVR_SEL_KIND_BIT of every kind it opens */
	/* Open the adapter sel names; accept filters what "auto" may pick.
	 * On failure why (may be NULL) can hold the bus's own reason, e.g.
	 * a virtual adapter option it refused ("" when it has none). */
	int (*open)(const struct dvr_selector *sel,
	            const struct dvr_bus_accept *accept,
	            struct dvr_transport **out, char *why, size_t why_len);
	/* Append the adapters present that accept lets through (up to max,
	 * from *count on; *count is raised for each one found). Fills
	 * selector, location, vid and pid; the chip name is the caller's. */
	int (*list)(const struct dvr_bus_accept *accept,
	            struct dvr_adapter_info *out, size_t max, size_t *count);
	/* The device behind a closed transport dropped off the bus to
	 * re-enumerate (a USB 2 → 3 mode switch): wait at most timeout_ms
	 * for it to come back — at the same address (was->address), else
	 * with the same VID:PID — and open it. DVR_E_NOT_FOUND when it did
	 * not come back in time. */
	int (*reappear)(const struct dvr_usb_info *was,
	                const struct dvr_selector *sel,
	                const struct dvr_bus_accept *accept,
	                unsigned timeout_ms, struct dvr_transport **out);
};

extern const struct dvr_backend dvr_backend_usb;
extern const struct dvr_backend dvr_backend_virtual;

/* Every bus, NULL-terminated; dvr_list_adapters() lists them in order. */
extern const struct dvr_backend *const dvr_backends[];

/* The backend that opens selectors of this kind, or NULL. */
const struct dvr_backend *dvr_backend_for(enum dvr_selector_kind kind);

#endif /* DVR_BACKEND_H */
