/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the RTL8812AU personality's own files (personality_8812a*.c) give
 * the Jaguar1 layer and its one-path bonding (personality_8811a.c): its EFUSE map with its board= variants and its table
 * sentinels. Caller holds vc->lock.
 */
#ifndef DVR_PERSONALITY_8812A_H
#define DVR_PERSONALITY_8812A_H

#include "libdevourer/virtual/personality_jaguar1.h"

/* personality_8812a_efuse.c: board= names (the EFUSE TX-power
 * calibration variants), default first, and the logical map */
extern const char *const p8812a_boards[];
void p8812a_efuse_map(struct vchip *vc, uint8_t *m);

/* A plausible 8812A SYS_CFG: low byte 0x35 as observed on real parts
 * (OpenIPC devourer src/jaguar1/EepromManager.cpp), CHIP_VER 1 (= C-cut
 * after the 8812A's +1, rtw88 rtw88xxa.c rtw88xxa_read_efuse), TSMC
 * (bit 19 = 0), MP chip (bit 23 = 0), 2T2R (bit 27 = 0), no BT function. */
#define P8812A_SYS_CFG 0x00001035u

/* personality_8812a.c: the die's CCK receive power formula, which its
 * one-path bonding shares */
bool p8812a_cck_rx_pwr(unsigned lna, unsigned vga, int *dbm);

/* personality_8812a_tables.c */
extern const struct pjaguar1_tables p8812a_tables;

#endif /* DVR_PERSONALITY_8812A_H */
