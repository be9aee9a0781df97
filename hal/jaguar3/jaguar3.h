/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hal/jaguar3/: what the Jaguar3 family (RTL8822C today, the RTL8822E
 * later) does its own way on the HalMAC generation (hal/halmac/): the
 * 24-byte RX descriptor followed by the "jgr3" PHY status. Chip files in
 * hal/<chip>/ supply the data and call these.
 */
#ifndef DVR_JAGUAR3_H
#define DVR_JAGUAR3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"
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

#endif /* DVR_JAGUAR3_H */
