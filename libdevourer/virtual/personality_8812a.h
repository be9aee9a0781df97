/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the RTL8812AU personality's own files (personality_8812a*.c) give
 * the Jaguar1 layer: its EFUSE map with its board= variants and its table
 * sentinels. Caller holds vc->lock.
 */
#ifndef DVR_PERSONALITY_8812A_H
#define DVR_PERSONALITY_8812A_H

#include "libdevourer/virtual/personality_jaguar1.h"

/* personality_8812a_efuse.c: board= names (the EFUSE TX-power
 * calibration variants), default first, and the logical map */
extern const char *const p8812a_boards[];
void p8812a_efuse_map(struct vchip *vc, uint8_t *m);

/* personality_8812a_tables.c */
extern const struct pj1_tables p8812a_tables;

#endif /* DVR_PERSONALITY_8812A_H */
