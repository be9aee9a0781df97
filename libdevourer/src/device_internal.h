/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the core offers inside the driver beyond the public API: opening a
 * device against a given list of chips, so tests can drive the bring-up
 * machinery (probe order, USB mode switch, optional stages) with chips of
 * their own. dvr_open() is dvr_core_open() over hal/registry.c.
 */
#ifndef DVR_DEVICE_INTERNAL_H
#define DVR_DEVICE_INTERNAL_H

#include <devourer/devourer.h>

#include "hal/hal.h"

/* registry: NULL-terminated, probed in order. */
int dvr_core_open(const char *selector, const struct dvr_config *config,
                  const struct dvr_chip_info *const *registry,
                  dvr_device **out);

#endif /* DVR_DEVICE_INTERNAL_H */
