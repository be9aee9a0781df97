/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Radiotap: the header in front of injected frames (read on TX) and the
 * header a monitor capture expects in front of received frames (built on RX).
 * Pure functions, no allocation, safe from any thread.
 */
#ifndef DEVOURER_RADIOTAP_H
#define DEVOURER_RADIOTAP_H

#include <devourer/devourer.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What radiotap said about a frame to inject. */
struct dvr_radiotap_tx {
	size_t header_len;        /**< radiotap length: the 802.11 frame starts here */
	bool has_rate;            /**< RATE, MCS or VHT present */
	bool has_bw, has_gi, has_ldpc, has_stbc;
	bool has_tx_power;
	bool has_fcs;             /**< FLAGS F_FCS: frame ends with an FCS */
	/** CHANNEL present: the frame is to leave on the 20 MHz channel
	 *  of this centre frequency (MHz); dvr_send() retunes first when
	 *  the adapter is elsewhere (a hop within the band and width) */
	bool has_channel;
	uint16_t channel_freq;
	struct dvr_tx_params params; /**< fields valid where has_* says so;
	                                  no_ack/keep_seq always valid */
};

/**
 * Parse the radiotap header at the start of @p buf (@p len bytes in all).
 * Honours extended present bitmaps and field alignment; unknown fields
 * before the last known one make the header undecodable only if their size
 * is unknown. Returns DVR_OK, or DVR_E_INVALID for a malformed header
 * (bad version, length beyond @p len, truncated field, invalid MCS/VHT).
 */
DVR_API int dvr_radiotap_parse_tx(const uint8_t *buf, size_t len,
                          struct dvr_radiotap_tx *out);

/**
 * Apply parsed radiotap over defaults: every field radiotap gave replaces
 * the default, the rest stays.
 */
DVR_API void dvr_radiotap_merge(const struct dvr_radiotap_tx *rt,
                        const struct dvr_tx_params *defaults,
                        struct dvr_tx_params *out);

/**
 * Build a radiotap header describing a transmission (for dvr_send()):
 * RATE or MCS or VHT, TX_FLAGS (NOACK when params->no_ack). Returns the
 * header length written, or 0 if @p cap is too small (64 bytes suffice).
 */
DVR_API size_t dvr_radiotap_build_tx(const struct dvr_tx_params *params,
                             uint8_t *out, size_t cap);

/**
 * Build a radiotap header for a received frame (for pcap / monitor output):
 * TSFT, FLAGS (BADFCS), RATE or MCS or VHT, CHANNEL, DBM_ANTSIGNAL, and
 * per-chain antenna signal. Returns the header length written, or 0 if
 * @p cap is too small (128 bytes suffice).
 */
DVR_API size_t dvr_radiotap_build_rx(const struct dvr_rx_info *info, uint8_t *out,
                             size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* DEVOURER_RADIOTAP_H */
