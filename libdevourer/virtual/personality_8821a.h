/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the RTL8821AU personality's own files (personality_8821a*.c) give
 * the Jaguar1 layer: its EFUSE map with its board= variants and the
 * antenna it shares with Bluetooth. Caller holds vc->lock.
 */
#ifndef DVR_PERSONALITY_8821A_H
#define DVR_PERSONALITY_8821A_H

#include "libdevourer/virtual/personality_jaguar1.h"

/* personality_8821a_efuse.c: board= names, default first, the logical
 * map */
extern const char *const p8821a_boards[];
void p8821a_efuse_map(struct vchip *vc, uint8_t *m);
/* whether the board's part has the BT half (not the "8811au" board) */
bool p8821a_bt_on_board(const struct vchip *vc);

/* personality_8821a_tables.c */
extern const struct pjaguar1_tables p8821a_tables;

/* personality_8821a_coex.c: who drives the antenna switch, and whether
 * WLAN has the antenna */
bool p8821a_antenna(const struct vchip *vc, struct vchip_antenna *out);
bool p8821a_wlan_has_antenna(const struct vchip *vc);

#endif /* DVR_PERSONALITY_8821A_H */
