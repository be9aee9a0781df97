/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef DVR_LINK_EPOCH_FILE_H
#define DVR_LINK_EPOCH_FILE_H

#include <stdint.h>

/* Microseconds of UTC now (1 if the clock is unusable): the default
 * epoch of a run. */
uint64_t link_wall_clock_epoch(void);

#endif
