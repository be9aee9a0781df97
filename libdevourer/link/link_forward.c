/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The datagram of wfb-ng's distributed reception: a forwarder header
 * (where the frame was heard) followed by the WFB part of the frame.
 * Layout and checks from wfb-ng src/wifibroadcast.hpp (wrxfwd_t, packed,
 * frequency the only multi-byte field, sent with htons) and src/rx.cpp
 * (Forwarder::process_packet, network_loop, Aggregator::process_packet).
 */
#include <devourer/link.h>

#include <string.h>

#include "wire.h"

/* Offsets of the header fields. */
#define FWD_WLAN_OFF 0
#define FWD_ANTENNA_OFF 1
#define FWD_RSSI_OFF (FWD_ANTENNA_OFF + DVR_LINK_FWD_ANTENNAS)
#define FWD_NOISE_OFF (FWD_RSSI_OFF + DVR_LINK_FWD_ANTENNAS)
#define FWD_FREQ_OFF (FWD_NOISE_OFF + DVR_LINK_FWD_ANTENNAS)
#define FWD_MCS_OFF (FWD_FREQ_OFF + 2)
#define FWD_BW_OFF (FWD_MCS_OFF + 1)

/* wfb-ng's header has four antenna slots: room for every chain of every
 * adapter the library drives (devourersrc forwards each one it heard). */
_Static_assert(DVR_LINK_FWD_ANTENNAS >= DVR_MAX_RF_PATHS,
               "a forwarder header holds every RF path's chain");
_Static_assert(FWD_BW_OFF + 1 == DVR_LINK_FWD_HDR_LEN,
               "forwarder header fields fill its 17 bytes");

/* The smallest packets wfb-ng's aggregator accepts per type: a data
 * fragment carries its block header, the AEAD tag and the inner packet
 * header; a session packet its header, the session data and the
 * crypto_box MAC. */
#define FWD_MIN_DATA                                                         \
	(DVR_LINK_BLOCK_HDR_LEN + DVR_LINK_TAG_LEN + DVR_LINK_PACKET_HDR_LEN)
#define FWD_MIN_SESSION                                                      \
	(DVR_LINK_SESSION_HDR_LEN + DVR_LINK_SESSION_DATA_LEN + 16)

void dvr_link_fwd_put_header(const struct dvr_link_fwd_info *info,
                             uint8_t out[DVR_LINK_FWD_HDR_LEN])
{
	out[FWD_WLAN_OFF] = info->wlan_idx;
	for (int i = 0; i < DVR_LINK_FWD_ANTENNAS; i++) {
		out[FWD_ANTENNA_OFF + i] = info->antenna[i];
		out[FWD_RSSI_OFF + i] = (uint8_t)info->rssi[i];
		out[FWD_NOISE_OFF + i] = (uint8_t)info->noise[i];
	}
	wire_put_be16(out + FWD_FREQ_OFF, info->freq_mhz);
	out[FWD_MCS_OFF] = info->mcs_index;
	out[FWD_BW_OFF] = info->bandwidth_mhz;
}

size_t dvr_link_fwd_payload(const uint8_t *frame, size_t len,
                            const uint8_t **payload)
{
	/* wfb-ng's receiver hands on only frames longer than the header. */
	if (frame == NULL || len <= DVR_LINK_IEEE80211_HDR_LEN)
		return 0;
	*payload = frame + DVR_LINK_IEEE80211_HDR_LEN;
	return len - DVR_LINK_IEEE80211_HDR_LEN;
}

static void get_header(const uint8_t *p, struct dvr_link_fwd_info *info)
{
	info->wlan_idx = p[FWD_WLAN_OFF];
	for (int i = 0; i < DVR_LINK_FWD_ANTENNAS; i++) {
		info->antenna[i] = p[FWD_ANTENNA_OFF + i];
		info->rssi[i] = (int8_t)p[FWD_RSSI_OFF + i];
		info->noise[i] = (int8_t)p[FWD_NOISE_OFF + i];
	}
	info->freq_mhz = wire_get_be16(p + FWD_FREQ_OFF);
	info->mcs_index = p[FWD_MCS_OFF];
	info->bandwidth_mhz = p[FWD_BW_OFF];
}

/* What the payload is, judged only by its type byte and length. */
static int classify(const struct dvr_link_fwd_info *info, const uint8_t *p,
                    size_t len)
{
	if (len == 0)
		return DVR_LINK_FWD_EMPTY;
	if (len > DVR_LINK_FWD_MAX_PAYLOAD)
		return DVR_LINK_FWD_E_OVERSIZE;
	switch (p[0]) {
	case DVR_LINK_PACKET_DATA:
		return len < FWD_MIN_DATA ? DVR_LINK_FWD_E_LENGTH
		                          : DVR_LINK_FWD_FRAME;
	case DVR_LINK_PACKET_SESSION:
		return len < FWD_MIN_SESSION ? DVR_LINK_FWD_E_LENGTH
		                             : DVR_LINK_FWD_FRAME;
	case DVR_LINK_PACKET_DEDUP_STATS:
		/* Made by the forwarder itself, so never from a real wlan. */
		if (info->wlan_idx != DVR_LINK_FWD_SELF_WLAN ||
		    len < 1 + DVR_LINK_FWD_DEDUP_RECORD_LEN ||
		    (len - 1) % DVR_LINK_FWD_DEDUP_RECORD_LEN != 0)
			return DVR_LINK_FWD_E_LENGTH;
		return DVR_LINK_FWD_DEDUP;
	default:
		return DVR_LINK_FWD_E_TYPE;
	}
}

static void count(struct dvr_link_fwd_stats *st, int kind)
{
	if (st == NULL)
		return;
	st->datagrams++;
	switch (kind) {
	case DVR_LINK_FWD_FRAME: st->frames++; return;
	case DVR_LINK_FWD_DEDUP: st->dedup_batches++; return;
	case DVR_LINK_FWD_EMPTY: st->empty++; return;
	case DVR_LINK_FWD_E_SHORT: st->short_hdr++; break;
	case DVR_LINK_FWD_E_OVERSIZE: st->oversize++; break;
	case DVR_LINK_FWD_E_TYPE: st->bad_type++; break;
	default: st->bad_length++; break;
	}
	st->refused++;
}

int dvr_link_fwd_parse(const uint8_t *dgram, size_t len,
                       struct dvr_link_fwd_info *info,
                       const uint8_t **payload, size_t *payload_len,
                       struct dvr_link_fwd_stats *stats)
{
	int kind;

	*payload = NULL;
	*payload_len = 0;
	if (dgram == NULL || len < DVR_LINK_FWD_HDR_LEN) {
		memset(info, 0, sizeof(*info));
		kind = DVR_LINK_FWD_E_SHORT;
	} else {
		get_header(dgram, info);
		*payload_len = len - DVR_LINK_FWD_HDR_LEN;
		*payload = dgram + DVR_LINK_FWD_HDR_LEN;
		kind = classify(info, *payload, *payload_len);
		if (kind < 0) {
			*payload = NULL;
			*payload_len = 0;
		}
	}
	count(stats, kind);
	return kind;
}

size_t dvr_link_fwd_frame(uint32_t channel_id, const uint8_t *payload,
                          size_t payload_len, uint8_t *out, size_t cap)
{
	if (out == NULL || (payload == NULL && payload_len > 0) ||
	    cap < DVR_LINK_IEEE80211_HDR_LEN ||
	    payload_len > cap - DVR_LINK_IEEE80211_HDR_LEN)
		return 0;
	/* Data frame type, as wfb_tx sends by default: the receiver judges
	 * by the addresses, not the frame control. */
	wire_ieee80211_header(out, 0x08, channel_id, 0);
	if (payload_len > 0)
		memcpy(out + DVR_LINK_IEEE80211_HDR_LEN, payload, payload_len);
	return DVR_LINK_IEEE80211_HDR_LEN + payload_len;
}

int dvr_link_fwd_rssi(const struct dvr_link_fwd_info *info)
{
	int best = DVR_LINK_RSSI_UNKNOWN;

	/* wfb-ng's aggregator reads the slots up to the first unused one. */
	for (int i = 0; i < DVR_LINK_FWD_ANTENNAS; i++) {
		if (info->antenna[i] == DVR_LINK_FWD_NO_ANTENNA)
			break;
		if (info->rssi[i] == DVR_LINK_FWD_NO_RSSI)
			continue;
		if (best == DVR_LINK_RSSI_UNKNOWN || info->rssi[i] > best)
			best = info->rssi[i];
	}
	return best;
}

const char *dvr_link_fwd_kind_name(int kind)
{
	switch (kind) {
	case DVR_LINK_FWD_FRAME: return "frame";
	case DVR_LINK_FWD_DEDUP: return "dedup-stats";
	case DVR_LINK_FWD_EMPTY: return "empty";
	case DVR_LINK_FWD_E_SHORT: return "short";
	case DVR_LINK_FWD_E_OVERSIZE: return "oversize";
	case DVR_LINK_FWD_E_TYPE: return "unknown-type";
	case DVR_LINK_FWD_E_LENGTH: return "bad-length";
	default: return "unknown";
	}
}
