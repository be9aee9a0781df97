/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Absolute deadlines on the monotonic clock, for pthread_cond_timedwait
 * on a condition variable created with CLOCK_MONOTONIC (the transport's
 * waits and the core's watchdog period): wall-clock steps never shorten
 * or stretch them.
 */
#ifndef DVR_BUS_DEADLINE_H
#define DVR_BUS_DEADLINE_H

#include <time.h>

/* Now on CLOCK_MONOTONIC plus ms milliseconds, normalised. */
struct timespec dvr_deadline_after_ms(unsigned ms);

#endif
