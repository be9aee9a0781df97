/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The forwarder datagram codec (link.h "Distributed reception") against
 * bytes worked out by hand from wfb-ng's wrxfwd_t (src/wifibroadcast.hpp:
 * packed, u8 wlan_idx, u8 antenna[4], s8 rssi[4], s8 noise[4], u16 freq
 * sent with htons, u8 mcs_index, u8 bandwidth), its refusals, and a frame
 * of our own TX carried through a datagram into our RX.
 */
#include <stdlib.h>
#include <string.h>

#include <devourer/link.h>

#include "tests/check.h"

static const struct dvr_link_fwd_info sample = {
	.wlan_idx = 2,
	.antenna = { 0, 1, 0xff, 0xff },
	.rssi = { -42, -57, -128, -128 },
	.noise = { -95, 127, 127, 127 },
	.freq_mhz = 5745,
	.mcs_index = 1,
	.bandwidth_mhz = 20,
};

/* wlan 2 | antennas 0,1,-,- | rssi -42 (0xd6), -57 (0xc7), unused 0x80 |
 * noise -95 (0xa1), unused 0x7f | 5745 MHz = 0x1671 big-endian | MCS 1 |
 * 20 MHz (0x14). */
static const uint8_t sample_bytes[DVR_LINK_FWD_HDR_LEN] = {
	0x02, 0x00, 0x01, 0xff, 0xff, 0xd6, 0xc7, 0x80, 0x80,
	0xa1, 0x7f, 0x7f, 0x7f, 0x16, 0x71, 0x01, 0x14,
};

/* Field by field: the struct has a padding byte before freq_mhz, whose
 * contents the compiler may leave as it likes (ARM's gcc does). */
static bool same_info(const struct dvr_link_fwd_info *a,
                      const struct dvr_link_fwd_info *b)
{
	return a->wlan_idx == b->wlan_idx &&
	       memcmp(a->antenna, b->antenna, sizeof(a->antenna)) == 0 &&
	       memcmp(a->rssi, b->rssi, sizeof(a->rssi)) == 0 &&
	       memcmp(a->noise, b->noise, sizeof(a->noise)) == 0 &&
	       a->freq_mhz == b->freq_mhz && a->mcs_index == b->mcs_index &&
	       a->bandwidth_mhz == b->bandwidth_mhz;
}

static void test_layout(void)
{
	uint8_t out[DVR_LINK_FWD_HDR_LEN];
	uint8_t dgram[DVR_LINK_FWD_HDR_LEN + 40];
	struct dvr_link_fwd_info info;
	const uint8_t *payload;
	size_t plen;

	CHECK_EQ_INT(DVR_LINK_FWD_HDR_LEN, 17, "header is 17 bytes");
	CHECK_EQ_INT(DVR_LINK_FWD_MAX_PAYLOAD, 4021,
	             "payload limit is WIFI_MTU less the 802.11 header");
	dvr_link_fwd_put_header(&sample, out);
	CHECK_MEM(out, sample_bytes, sizeof(out), "header bytes as wfb-ng's");

	memcpy(dgram, sample_bytes, sizeof(sample_bytes));
	memset(dgram + DVR_LINK_FWD_HDR_LEN, 0x5a, 40);
	dgram[DVR_LINK_FWD_HDR_LEN] = DVR_LINK_PACKET_DATA;
	CHECK_EQ_INT(dvr_link_fwd_parse(dgram, sizeof(dgram), &info, &payload,
	                                &plen, NULL),
	             DVR_LINK_FWD_FRAME, "data datagram parses as a frame");
	CHECK(same_info(&info, &sample), "header fields round-trip");
	CHECK(payload == dgram + DVR_LINK_FWD_HDR_LEN && plen == 40,
	      "payload follows the header");
	CHECK_EQ_INT(dvr_link_fwd_rssi(&info), -42, "strongest antenna rssi");
}

static void test_payload_and_frame(void)
{
	uint8_t frame[DVR_LINK_IEEE80211_HDR_LEN + 5];
	uint8_t out[DVR_LINK_WIFI_MTU];
	const uint8_t *payload = NULL;
	static const uint8_t hdr[DVR_LINK_IEEE80211_HDR_LEN] = {
		0x08, 0x01, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x57, 0x42, 0x12, 0x34, 0x56, 0x07,
		0x57, 0x42, 0x12, 0x34, 0x56, 0x07, 0x00, 0x00,
	};
	static const uint8_t body[5] = { 1, 2, 3, 4, 5 };

	memset(frame, 0xee, DVR_LINK_IEEE80211_HDR_LEN);
	memcpy(frame + DVR_LINK_IEEE80211_HDR_LEN, body, sizeof(body));
	CHECK_EQ_INT(dvr_link_fwd_payload(frame, sizeof(frame), &payload), 5,
	             "forwarded part: all after the 802.11 header");
	CHECK(payload == frame + DVR_LINK_IEEE80211_HDR_LEN, "and where");
	CHECK_EQ_INT(dvr_link_fwd_payload(frame, DVR_LINK_IEEE80211_HDR_LEN,
	                                  &payload),
	             0, "a bare 802.11 header forwards nothing");
	CHECK_EQ_INT(dvr_link_fwd_payload(NULL, 100, &payload), 0, "NULL");

	CHECK_EQ_INT(dvr_link_fwd_frame(dvr_link_channel_id(0x123456, 7), body,
	                                sizeof(body), out, sizeof(out)),
	             DVR_LINK_IEEE80211_HDR_LEN + 5, "rebuilt frame length");
	CHECK_MEM(out, hdr, sizeof(hdr),
	          "rebuilt header is wfb-ng's with the channel id");
	CHECK_MEM(out + DVR_LINK_IEEE80211_HDR_LEN, body, sizeof(body),
	          "then the payload");
	CHECK_EQ_INT(dvr_link_fwd_frame(1, body, sizeof(body), out,
	                                DVR_LINK_IEEE80211_HDR_LEN + 4),
	             0, "too small an output buffer is refused");
	CHECK_EQ_INT(dvr_link_fwd_frame(1, NULL, 3, out, sizeof(out)), 0,
	             "NULL payload with a length is refused");
}

static int parse_len(uint8_t *buf, size_t len, uint8_t wlan, uint8_t type,
                     struct dvr_link_fwd_stats *st)
{
	struct dvr_link_fwd_info info;
	const uint8_t *payload;
	size_t plen;

	buf[0] = wlan;
	if (len > DVR_LINK_FWD_HDR_LEN)
		buf[DVR_LINK_FWD_HDR_LEN] = type;
	return dvr_link_fwd_parse(buf, len, &info, &payload, &plen, st);
}

static void test_refusals(void)
{
	struct dvr_link_fwd_stats st;
	uint8_t *buf = calloc(1, DVR_LINK_FWD_MAX_DATAGRAM + 16);
	struct dvr_link_fwd_info info;
	const uint8_t *payload = (const uint8_t *)"x";
	size_t plen = 99;
	const size_t h = DVR_LINK_FWD_HDR_LEN;
	const uint8_t D = DVR_LINK_PACKET_DATA, S = DVR_LINK_PACKET_SESSION,
	              X = DVR_LINK_PACKET_DEDUP_STATS;

	memset(&st, 0, sizeof(st));
	for (size_t len = 0; len < h; len++)
		CHECK_EQ_INT(parse_len(buf, len, 0, D, &st),
		             DVR_LINK_FWD_E_SHORT, "shorter than the header");
	CHECK_EQ_INT(dvr_link_fwd_parse(NULL, 40, &info, &payload, &plen, &st),
	             DVR_LINK_FWD_E_SHORT, "NULL datagram");
	CHECK(payload == NULL && plen == 0, "refused: no payload handed out");
	CHECK_EQ_INT(parse_len(buf, h, 0, D, &st), DVR_LINK_FWD_EMPTY,
	             "header alone: empty");
	CHECK_EQ_INT(parse_len(buf, DVR_LINK_FWD_MAX_DATAGRAM, 0, D, &st),
	             DVR_LINK_FWD_FRAME, "largest datagram accepted");
	CHECK_EQ_INT(parse_len(buf, DVR_LINK_FWD_MAX_DATAGRAM + 1, 0, D, &st),
	             DVR_LINK_FWD_E_OVERSIZE, "one byte more: oversize");
	CHECK_EQ_INT(parse_len(buf, h + 28, 0, D, &st), DVR_LINK_FWD_FRAME,
	             "data: block header + tag + packet header");
	CHECK_EQ_INT(parse_len(buf, h + 27, 0, D, &st), DVR_LINK_FWD_E_LENGTH,
	             "data one byte short");
	CHECK_EQ_INT(parse_len(buf, h + 88, 0, S, &st), DVR_LINK_FWD_FRAME,
	             "session: header + data + MAC");
	CHECK_EQ_INT(parse_len(buf, h + 87, 0, S, &st), DVR_LINK_FWD_E_LENGTH,
	             "session one byte short");
	CHECK_EQ_INT(parse_len(buf, h + 40, 0, 0x00, &st), DVR_LINK_FWD_E_TYPE,
	             "type 0 unknown");
	CHECK_EQ_INT(parse_len(buf, h + 40, 0, 0x04, &st), DVR_LINK_FWD_E_TYPE,
	             "type 4 unknown");
	CHECK_EQ_INT(parse_len(buf, h + 1 + 2 * 25, 0xff, X, &st),
	             DVR_LINK_FWD_DEDUP, "dedup batch of two records");
	CHECK_EQ_INT(parse_len(buf, h + 1 + 25, 3, X, &st),
	             DVR_LINK_FWD_E_LENGTH, "dedup batch from a real wlan");
	CHECK_EQ_INT(parse_len(buf, h + 1 + 24, 0xff, X, &st),
	             DVR_LINK_FWD_E_LENGTH, "dedup batch with a cut record");
	CHECK_EQ_INT(parse_len(buf, h + 1, 0xff, X, &st),
	             DVR_LINK_FWD_E_LENGTH, "dedup batch with no record");

	CHECK_EQ_INT(st.datagrams, h + 14, "every datagram counted");
	CHECK_EQ_INT(st.short_hdr, h + 1, "short ones");
	CHECK_EQ_INT(st.empty, 1, "empty ones");
	CHECK_EQ_INT(st.frames, 3, "frames");
	CHECK_EQ_INT(st.oversize, 1, "oversize");
	CHECK_EQ_INT(st.bad_type, 2, "unknown types");
	CHECK_EQ_INT(st.bad_length, 5, "bad lengths");
	CHECK_EQ_INT(st.dedup_batches, 1, "dedup batches");
	CHECK_EQ_INT(st.refused, st.short_hdr + st.oversize + st.bad_type +
	                             st.bad_length,
	             "refused is the sum of the reasons");
	CHECK(strcmp(dvr_link_fwd_kind_name(DVR_LINK_FWD_E_OVERSIZE),
	             "oversize") == 0, "reason names");
	free(buf);
}

static void test_rssi(void)
{
	struct dvr_link_fwd_info info = sample;

	info.rssi[0] = -128;
	CHECK_EQ_INT(dvr_link_fwd_rssi(&info), -57, "unknown slot skipped");
	info.antenna[1] = 0xff;
	CHECK_EQ_INT(dvr_link_fwd_rssi(&info), DVR_LINK_RSSI_UNKNOWN,
	             "no known rssi: unknown");
	info = sample;
	info.antenna[0] = 0xff;
	CHECK_EQ_INT(dvr_link_fwd_rssi(&info), DVR_LINK_RSSI_UNKNOWN,
	             "slots after the first unused one are not read");
}

/* One of our own frames: TX -> forwarder datagram -> parse -> rebuilt
 * frame -> RX delivers the packet. */
struct collect {
	uint8_t dgram[16][DVR_LINK_FWD_MAX_DATAGRAM];
	size_t len[16];
	int n;
	uint8_t got[64];
	size_t got_len;
	int delivered;
};

static int on_frame(void *user, const uint8_t *frame, size_t len)
{
	struct collect *c = user;
	const uint8_t *payload;
	size_t plen = dvr_link_fwd_payload(frame, len, &payload);

	if (c->n >= 16 || plen == 0)
		return -1;
	dvr_link_fwd_put_header(&sample, c->dgram[c->n]);
	memcpy(c->dgram[c->n] + DVR_LINK_FWD_HDR_LEN, payload, plen);
	c->len[c->n++] = DVR_LINK_FWD_HDR_LEN + plen;
	return 0;
}

static void on_packet(void *user, const uint8_t *data, size_t len)
{
	struct collect *c = user;

	if (len <= sizeof(c->got)) {
		memcpy(c->got, data, len);
		c->got_len = len;
	}
	c->delivered++;
}

static void test_through_link(void)
{
	struct dvr_link_keys drone, gs;
	struct dvr_link_tx_config tc = { .link_id = 0xabcdef, .radio_port = 3,
	                                 .k = 1, .n = 2, .epoch = 5 };
	struct dvr_link_rx_config rc = { .link_id = 0xabcdef, .radio_port = 3 };
	struct dvr_link_tx *tx = NULL;
	struct dvr_link_rx *rx = NULL;
	struct collect *c = calloc(1, sizeof(*c));
	static const uint8_t msg[] = "forwarded over the network";
	uint8_t frame[DVR_LINK_WIFI_MTU];

	CHECK(dvr_link_keygen_random(&drone, &gs) == DVR_OK, "keys");
	CHECK(dvr_link_tx_new(&tc, &drone, on_frame, c, &tx) == DVR_OK, "tx");
	CHECK(dvr_link_rx_new(&rc, &gs, on_packet, c, &rx) == DVR_OK, "rx");
	if (tx == NULL || rx == NULL)
		goto out;
	dvr_link_tx_send(tx, msg, sizeof(msg), 0);
	CHECK(c->n >= 3, "session + data + parity datagrams");
	for (int i = 0; i < c->n; i++) {
		struct dvr_link_fwd_info info;
		const uint8_t *payload;
		size_t plen, flen;

		if (dvr_link_fwd_parse(c->dgram[i], c->len[i], &info, &payload,
		                       &plen, NULL) != DVR_LINK_FWD_FRAME)
			continue;
		flen = dvr_link_fwd_frame(dvr_link_channel_id(0xabcdef, 3),
		                          payload, plen, frame, sizeof(frame));
		dvr_link_rx_push(rx, info.wlan_idx, dvr_link_fwd_rssi(&info),
		                 frame, flen, 1);
	}
	CHECK_EQ_INT(c->delivered, 1, "the packet delivered once");
	CHECK(c->got_len == sizeof(msg) && memcmp(c->got, msg, sizeof(msg)) == 0,
	      "byte-exact");
out:
	dvr_link_tx_free(tx);
	dvr_link_rx_free(rx);
	free(c);
}

int main(void)
{
	test_layout();
	test_payload_and_frame();
	test_refusals();
	test_rssi();
	test_through_link();
	return check_done();
}
