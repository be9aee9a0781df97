/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8821C (RTL8821CU with BT / RTL8811CU without) personality of the
 * chip model, a Jaguar2 1T1R chip on the layer the 3081-CPU chips share
 * (personality_3081.h): the state it keeps beyond that layer's, and the
 * functions its files share. One file per part: personality_8821c.c
 * (identity, constants, the personality table), _efuse.c (its EFUSE
 * contents and boards), _fw.c (what its firmware answers to H2C), _phy.c
 * (RF access, tuning, table milestones), _thermal.c (the thermal meter),
 * _coex.c (the WLAN/BT antenna switch and grants), _rx.c (its Jaguar2
 * PHY status).
 * Caller holds vc->lock in every function below.
 */
#ifndef DVR_PERSONALITY_8821C_H
#define DVR_PERSONALITY_8821C_H

#include "libdevourer/virtual/personality_3081.h"

struct p8821c_state {
	struct p3081_state base; /* first: the shared layer's */

	/* the firmware's IQK (H2C packet): RF A 0x08 reads the done word
	 * from iqk_done_ns on, until the driver writes the register */
	bool iqk_pending;
	uint64_t iqk_done_ns;
};

static inline struct p8821c_state *p8821c_of(const struct vchip *vc)
{
	return (struct p8821c_state *)vc->pstate;
}

/* personality_8821c_efuse.c */
void p8821c_efuse_build(struct vchip *vc); /* vc->mac_addr set before */
/* board= names (the EFUSE variants), default first */
extern const char *const p8821c_boards[];
/* The board's RFE option (EFUSE 0xCA [4:0]), what its front end is. */
unsigned p8821c_rfe(const struct vchip *vc);

/* personality_8821c_fw.c: the firmware's answers (p3081_chip hooks) */
void p8821c_h2c_packet(struct vchip *vc, unsigned sub, const uint8_t *p,
                       size_t len);

/* personality_8821c_phy.c: the values its tables leave */
extern const struct p3081_tables p8821c_tables;
bool p8821c_phy_read(const struct vchip *vc, uint32_t a, uint8_t *out);
/* RF register reg of path A as a read finds it now. */
uint32_t p8821c_rf_value(const struct vchip *vc, uint8_t reg);
uint32_t p8821c_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg);
void p8821c_phy_written(struct vchip *vc, uint16_t addr, size_t len);

/* personality_8821c_thermal.c: RF register reg of path A is written
 * (old what it held, v the new 20-bit value); returns what it holds
 * afterwards (a measurement's reading latched). */
uint32_t p8821c_thermal_rf_written(struct vchip *vc, uint8_t reg,
                                   uint32_t old, uint32_t v);

/* personality_8821c_coex.c: the antenna as the coexistence registers set
 * it, and whether WLAN has it (its frames reach the air, it hears the
 * air). */
bool p8821c_antenna(const struct vchip *vc, struct vchip_antenna *out);
bool p8821c_wlan_has_antenna(const struct vchip *vc);

/* personality_8821c_rx.c: the Jaguar2 PHY status (p3081_chip hook) */
void p8821c_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p);

#endif /* DVR_PERSONALITY_8821C_H */
