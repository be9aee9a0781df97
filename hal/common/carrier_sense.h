/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The MAC's carrier-sense gate of the Realtek 802.11ac chips: the TX
 * protocol control register's DIS_CCA and DIS_EDCCA bits, at the same
 * place on the Jaguar1 MACs (halmac_bit2.h) and the RTL8822C
 * (halmac_bit_8822c.h REG_TX_PTCL_CTRL_8822C, BIT_DIS_CCA_8822C,
 * BIT_DIS_EDCCA_8822C); rtw88 reg.h names the register and bit 15 once
 * for every chip it drives, the RTL8821C among them.
 */
#ifndef DVR_HAL_CARRIER_SENSE_H
#define DVR_HAL_CARRIER_SENSE_H

#include <stdbool.h>

#include "hal/hal.h"

/*
 * The set_carrier_sense op. defer: both gate bits clear, the reset state
 * neither rtw88 nor the vendor driver changes, so TX waits while the BB
 * reports a busy channel. !defer: both set, as OpenIPC devourer's
 * SetCcaMode(disabled) does; bit 14 masks the preamble CCA (what lets
 * our frames out over a decodable preamble), bit 15 the energy detector.
 * The register's other bits are the MAC table's and stay as they are.
 */
int dvr_set_carrier_sense(struct dvr_chip *chip, bool defer);

#endif
