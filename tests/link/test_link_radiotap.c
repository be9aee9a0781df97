/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Link frames carry the radiotap header the driver's parser reads back. */
#include <devourer/link.h>
#include <devourer/radiotap.h>

#include "tests/check.h"

static uint8_t last[DVR_LINK_MAX_PREFIX + DVR_LINK_WIFI_MTU];
static size_t last_len;

static int keep(void *user, const uint8_t *f, size_t len)
{
	(void)user;
	memcpy(last, f, len);
	last_len = len;
	return 0;
}

int main(void)
{
	struct dvr_link_keys drone, gs;
	CHECK_EQ_INT(dvr_link_keygen_random(&drone, &gs), DVR_OK, "keys");
	struct dvr_link_tx_config c = { .link_id = 7, .k = 2, .n = 3 };
	struct dvr_link_tx *tx = NULL;
	CHECK_EQ_INT(dvr_link_tx_new(&c, &drone, keep, NULL, &tx), DVR_OK, "tx");
	struct dvr_tx_params p = { .rate = { .kind = DVR_RATE_HT, .mcs = 1 },
		.bw_mhz = 20, .no_ack = true, .short_gi = true };
	CHECK_EQ_INT(dvr_link_tx_set_radiotap(tx, &p), DVR_OK, "set radiotap");
	uint8_t pkt[100] = { 1, 2, 3 };
	dvr_link_tx_send(tx, pkt, sizeof(pkt), 0);
	struct dvr_radiotap_tx rt;
	CHECK_EQ_INT(dvr_radiotap_parse_tx(last, last_len, &rt), DVR_OK,
	             "frame starts with a valid radiotap header");
	CHECK(rt.has_rate && rt.params.rate.kind == DVR_RATE_HT &&
	      rt.params.rate.mcs == 1 && rt.params.no_ack &&
	      rt.params.short_gi, "radiotap says MCS1, short GI, NOACK");
	CHECK(last_len > rt.header_len + 24 && last[rt.header_len] == 0x08 &&
	      last[rt.header_len + 10] == 0x57 &&
	      last[rt.header_len + 24] == DVR_LINK_PACKET_DATA,
	      "802.11 WFB-NG frame follows the radiotap header");
	struct dvr_tx_params bad = { .rate = { .kind = 9 } };
	CHECK_EQ_INT(dvr_link_tx_set_radiotap(tx, &bad), DVR_E_INVALID,
	             "unexpressible rate refused");
	dvr_link_tx_free(tx);
	return check_done();
}
