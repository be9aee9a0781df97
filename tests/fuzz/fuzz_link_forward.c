/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The forwarder datagram codec (libdevourer/link/link_forward.c) on any
 * datagram an aggregator's UDP port may receive, and what it accepts
 * through the link receiver as the aggregator pushes it.
 *
 * Oracle: a refused datagram hands out no payload; an accepted one's
 * payload lies inside the datagram right after the 17-byte header, within
 * the size limit; the header fields written back give the same 17 bytes;
 * the rebuilt 802.11 frame is the link's header then exactly the payload;
 * every result is counted once in the stats, refusals in one reason.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/link.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...)                                                            \
	do {                                                                 \
		fprintf(stderr, "fuzz_link_forward: " __VA_ARGS__);          \
		abort();                                                     \
	} while (0)

static void on_packet(void *user, const uint8_t *p, size_t len)
{
	(void)user;
	(void)p;
	(void)len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct dvr_link_rx *rx;
	static uint8_t frame[DVR_LINK_WIFI_MTU];
	struct dvr_link_fwd_stats st;
	struct dvr_link_fwd_info info;
	const uint8_t *payload;
	uint8_t hdr[DVR_LINK_FWD_HDR_LEN];
	size_t plen, flen;
	int kind;

	if (rx == NULL) {
		struct dvr_link_rx_config cfg = { .link_id = 0x123456,
		                                  .radio_port = 7 };
		struct dvr_link_keys keys;

		memset(&keys, 0x5a, sizeof(keys));
		if (dvr_link_rx_new(&cfg, &keys, on_packet, NULL, &rx) != DVR_OK)
			FAIL("no receiver\n");
	}

	memset(&st, 0, sizeof(st));
	kind = dvr_link_fwd_parse(data, size, &info, &payload, &plen, &st);
	if (st.datagrams != 1 ||
	    st.frames + st.dedup_batches + st.empty + st.refused != 1 ||
	    st.refused != st.short_hdr + st.oversize + st.bad_type +
	                          st.bad_length)
		FAIL("stats do not add up for kind %d\n", kind);
	if (kind < 0) {
		if (payload != NULL || plen != 0)
			FAIL("refused datagram handed out a payload\n");
		return 0;
	}
	if (size < DVR_LINK_FWD_HDR_LEN ||
	    payload != data + DVR_LINK_FWD_HDR_LEN ||
	    plen != size - DVR_LINK_FWD_HDR_LEN ||
	    plen > DVR_LINK_FWD_MAX_PAYLOAD)
		FAIL("payload not right after the header\n");
	dvr_link_fwd_put_header(&info, hdr);
	if (memcmp(hdr, data, sizeof(hdr)) != 0)
		FAIL("header does not round-trip\n");
	if (kind != DVR_LINK_FWD_FRAME)
		return 0;
	flen = dvr_link_fwd_frame(dvr_link_channel_id(0x123456, 7), payload,
	                          plen, frame, sizeof(frame));
	if (flen != DVR_LINK_IEEE80211_HDR_LEN + plen ||
	    memcmp(frame + DVR_LINK_IEEE80211_HDR_LEN, payload, plen) != 0)
		FAIL("rebuilt frame is not header + payload\n");
	if (dvr_link_rx_push(rx, info.wlan_idx % DVR_LINK_MAX_ADAPTERS,
	                     dvr_link_fwd_rssi(&info), frame, flen, 0) < 0)
		FAIL("the receiver refused a rebuilt frame's arguments\n");
	return 0;
}
