/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hal/jaguar2/: what the Jaguar2 family (RTL8822B, RTL8821C) does its own
 * way on the HalMAC generation (hal/halmac/): the "jgr2" PHY status,
 * whose CCK page each chip reads its own way (a hook in its family data)
 * and whose OFDM page names the receiver's bandwidth when it names no
 * sub-channel.
 */
#ifndef DVR_JAGUAR2_H
#define DVR_JAGUAR2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"
#include "hal/halmac/halmac.h"

/* Family data of one chip (info->family_data). */
struct jaguar2_data {
	/* CCK RX power (dBm) from the "jgr2" CCK page (page 0): the
	 * RTL8822B reads a PWDB, the RTL8821C an LNA/VGA gain index pair
	 * against its board's gain table. CCK is received on one path. */
	int (*cck_rx_power)(const struct dvr_chip *chip, const uint8_t *ps);
};

static inline const struct jaguar2_data *jaguar2_data(const struct dvr_chip *c)
{
	return (const struct jaguar2_data *)c->info->family_data;
}

/* The parse_rx_pkt op of the family. */
int jaguar2_parse_rx_pkt(const struct dvr_chip *chip, const uint8_t *p,
                         size_t avail, struct dvr_rx_pkt *out);

#endif /* DVR_JAGUAR2_H */
