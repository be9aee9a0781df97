/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822C (RTL8822CU / RTL8812CU) personality of the chip model, a
 * Jaguar3 chip on the layer the 3081-CPU chips share
 * (personality_3081.h): the state it keeps beyond that layer's, and the
 * functions its files share. One file per part: personality_8822c.c
 * (identity, constants, the personality table), _efuse.c (its EFUSE
 * contents and boards), _fw.c (what its firmware answers to H2C),
 * _phy.c (RF access, tuning, calibration read-backs), _thermal.c
 * (thermal meters, LCK), _rx.c (its PHY status).
 * Caller holds vc->lock in every function below.
 */
#ifndef DVR_PERSONALITY_8822C_H
#define DVR_PERSONALITY_8822C_H

#include "libdevourer/virtual/personality_3081.h"

struct p8822c_state {
	struct p3081_state base; /* first: the shared layer's */

	/* RF A 0xB8 bit 15: the synthesiser's X2 calibration reports busy
	 * from power-up on a board that has it stuck, until the driver
	 * writes 0xB8 (which restarts it; the model completes it at once) */
	bool x2k_stuck, x2k_busy;
	uint8_t primary_sc;   /* BB primary sub-channel index */
	/* the ADC's own noise generator, apart from the air's so that a
	 * bring-up's samples depend on the seed alone */
	uint64_t adc_noise;
	uint32_t adc_held;    /* the sample the last read of 0x2DBC took */
};

static inline struct p8822c_state *p8822c_of(const struct vchip *vc)
{
	return (struct p8822c_state *)vc->pstate;
}

/* personality_8822c_efuse.c */
void p8822c_efuse_build(struct vchip *vc); /* vc->mac_addr set before */
/* board= names (the EFUSE calibration variants), default first */
extern const char *const p8822c_boards[];

/* personality_8822c_fw.c: the firmware's answers (p3081_chip hooks) */
void p8822c_h2c_command(struct vchip *vc, const uint8_t *cmd);
void p8822c_h2c_packet(struct vchip *vc, unsigned sub, const uint8_t *p,
                       size_t len);

/* personality_8822c_phy.c: the values its tables leave */
extern const struct p3081_tables p8822c_tables;
bool p8822c_phy_read(const struct vchip *vc, uint32_t a, uint8_t *out);
/* one loop-back ADC sample of the DC-offset calibration: I [21:12],
 * Q [9:0] */
uint32_t p8822c_adc_sample(const struct vchip *vc);
void p8822c_phy_written(struct vchip *vc, uint16_t addr, size_t len);

/* personality_8822c_thermal.c: RF register @p reg of @p path is written
 * (@p old what it held, @p v the new 20-bit value); returns what it holds
 * afterwards (the meter's reading kept or latched, finished runs' busy
 * bits clear). */
uint32_t p8822c_thermal_rf_written(struct vchip *vc, unsigned path,
                                   uint8_t reg, uint32_t old, uint32_t v);

/* personality_8822c_rx.c: the Jaguar3 PHY status (p3081_chip hook) */
void p8822c_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p);

#endif /* DVR_PERSONALITY_8822C_H */
