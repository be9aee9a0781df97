/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hal/jaguar3/: what the Jaguar3 family (RTL8822C, RTL8822E) does its
 * own way on the HalMAC generation (hal/halmac/): the 24-byte RX
 * descriptor followed by the "jgr3" PHY status, and the TX AGC table
 * that holds every rate's TX power. Chip files in
 * hal/<chip>/ supply the data and call these.
 */
#ifndef DVR_JAGUAR3_H
#define DVR_JAGUAR3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"
#include "hal/common/txpwr_index.h"
#include "hal/halmac/halmac.h"

#define JAGUAR3_RX_DESC_LEN HALMAC_RX_DESC_LEN
#define JAGUAR3_PHY_STATUS_LEN HALMAC_PHY_STATUS_LEN

/* CCK gain-index bounds the jgr3 CCK power formula needs (read from the
 * BB after the tables by the chip). Zero bounds disable the correction. */
struct jaguar3_cck_gain {
	uint8_t lower, upper;
};

/*
 * Parse one packet (the parse_rx_pkt op shape). @p cck may be NULL (no
 * CCK gain correction). chip->channel.bw_mhz is used as the frame
 * bandwidth when the PHY status reports no sub-channel.
 */
int jaguar3_parse_rx_pkt(const struct dvr_chip *chip,
                         const struct jaguar3_cck_gain *cck,
                         const uint8_t *p, size_t avail,
                         struct dvr_rx_pkt *out);

/*
 * The set_tx_power op of a Jaguar3 chip (jaguar3_txagc.c): the level of
 * every rate on every path from the chip's EFUSE rules @p tc for the
 * asked @p index (the HT MCS7 level of path A; hal/common/txpwr_index.h),
 * written into the TX AGC table: per-path 11M and MCS7 references and
 * per-rate differences. DVR_E_INVALID for an index outside
 * 0..tc->max_index, or the bus error; sets chip->tx_power_asked and
 * chip->tx_power_index.
 */
int jaguar3_set_tx_power(struct dvr_chip *chip,
                         const struct dvr_txpwr_chip *tc, int index);

#endif /* DVR_JAGUAR3_H */
