/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822B (RTL8822BU / RTL8812BU) personality of the chip model, a
 * Jaguar2 chip on the layer the 3081-CPU chips share
 * (personality_3081.h): the state it keeps beyond that layer's, and the
 * functions its files share. One file per part: personality_8822b.c
 * (identity, constants, the personality table), _efuse.c (its EFUSE
 * contents and boards), _fw.c (what its firmware answers to H2C), _phy.c
 * (RF access, tuning, table milestones), _thermal.c (thermal meter,
 * LCK), _rx.c (its Jaguar2 PHY status).
 * Caller holds vc->lock in every function below.
 */
#ifndef DVR_PERSONALITY_8822B_H
#define DVR_PERSONALITY_8822B_H

#include "libdevourer/virtual/personality_3081.h"

struct p8822b_state {
	struct p3081_state base; /* first: the shared layer's */

	unsigned iqk_runs;       /* firmware IQKs completed */
	/* the baseband width (0: 20 MHz clocks, 5, 10) at the last change
	 * of RF A 0x18's value, which the synthesiser latched with
	 * (personality_8822b_phy.c) */
	unsigned rf18_latched_narrow;
};

static inline struct p8822b_state *p8822b_of(const struct vchip *vc)
{
	return (struct p8822b_state *)vc->pstate;
}

/* personality_8822b_efuse.c */
void p8822b_efuse_build(struct vchip *vc); /* vc->mac_addr set before */
/* board= names (the EFUSE variants), default first */
extern const char *const p8822b_boards[];
/* logical map offsets other parts read */
#define P8822B_EF_THERMAL 0xBA

/* personality_8822b_fw.c: the firmware's answers (p3081_chip hooks) */
void p8822b_h2c_packet(struct vchip *vc, unsigned sub, const uint8_t *p,
                       size_t len);

/* personality_8822b_phy.c: the values its tables leave */
extern const struct p3081_tables p8822b_tables;
bool p8822b_phy_read(const struct vchip *vc, uint32_t a, uint8_t *out);
void p8822b_phy_written(struct vchip *vc, uint16_t addr, size_t len);

/* personality_8822b_thermal.c: RF register @p reg of @p path is written
 * (@p old what it held, @p v the new 20-bit value); returns what it holds
 * afterwards (the meter's reading kept or latched, a finished LCK's busy
 * bit clear). */
uint32_t p8822b_thermal_rf_written(struct vchip *vc, unsigned path,
                                   uint8_t reg, uint32_t old, uint32_t v);

/* personality_8822b_rx.c: the Jaguar2 PHY status (p3081_chip hook) */
void p8822b_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p);

#endif /* DVR_PERSONALITY_8822B_H */
