// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The RX match of one WFB-NG stream on a shared adapter: the 'W','B'
 * mark and channel id in addr2, which is what wfb-ng's receiver filters
 * on (its rx.cpp checks addr2 against the channel id), so a share hears
 * its own link id and radio port and nothing of the streams beside it.
 */
#include <string.h>

#include <devourer/link.h>

#include "libdevourer/link/wire.h"

void dvr_link_rx_match(uint32_t link_id, uint8_t radio_port,
                       struct dvr_rx_match *out)
{
	memset(out, 0, sizeof *out);
	out->offset = WIRE_ADDR2_OFF;
	out->len = 6;
	out->value[0] = WIRE_MAC_MAGIC0;
	out->value[1] = WIRE_MAC_MAGIC1;
	wire_put_be32(out->value + 2, dvr_link_channel_id(link_id, radio_port));
	memset(out->mask, 0xff, out->len);
	/* Frames of nobody's stream still reach the receivers, so each can
	 * say what else it hears (another link id, another port). */
	out->unclaimed = true;
}
