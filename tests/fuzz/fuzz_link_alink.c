/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * OpenIPC adaptive-link datagrams (libdevourer/link/link_alink.c): the
 * input is one datagram. Oracle: a refusal says why and leaves no code;
 * what is read is within link.h's ranges, its code terminated; a score
 * message or command read writes back (O form) to a datagram that reads
 * the same values, so what we accept we can also say.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/link.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...)                                                            \
	do {                                                                 \
		fprintf(stderr, "fuzz_link_alink: " __VA_ARGS__);            \
		abort();                                                     \
	} while (0)

static bool score_ok(int s)
{
	return s == DVR_LINK_ADAPT_SCORE_FALLBACK ||
	       (s >= DVR_LINK_ADAPT_SCORE_MIN && s <= DVR_LINK_ADAPT_SCORE_MAX);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dvr_link_alink m, back;
	struct dvr_link_alink_error err;
	uint8_t out[DVR_LINK_ALINK_MAX_DATAGRAM];

	if (dvr_link_alink_read(data, size, &m, &err) != DVR_OK) {
		if (err.msg[0] == '\0' || !memchr(err.msg, 0, sizeof err.msg))
			FAIL("refused without a reason\n");
		return 0;
	}
	if (!memchr(m.idr_code, 0, sizeof m.idr_code))
		FAIL("code not terminated\n");
	if (m.kind == DVR_LINK_ALINK_KEYFRAME && m.idr_code[0] == '\0')
		FAIL("keyframe request without a code\n");
	if (m.kind != DVR_LINK_ALINK_SCORE)
		goto round_trip;
	if (!score_ok(m.rssi_score) || !score_ok(m.snr_score) ||
	    m.timestamp < 0 || m.fec_rec < 0 || m.lost < 0 ||
	    m.best_rssi < -128 || m.best_rssi > 127 || m.best_snr < -128 ||
	    m.best_snr > 127 || m.antennas < 0 || m.antennas > 255 ||
	    m.penalty > 0 || m.penalty < -1000 || m.fec_change < 0 ||
	    m.fec_change > 5)
		FAIL("a value out of range\n");
	if (m.form == DVR_LINK_ALINK_FORM_S)
		return 0; /* we write only the O form */
round_trip:;
	size_t n = dvr_link_alink_write(&m, out, sizeof out);
	if (n == 0)
		FAIL("read but not written\n");
	if (dvr_link_alink_read(out, n, &back, NULL) != DVR_OK)
		FAIL("written but not read back\n");
	if (back.kind != m.kind || back.timestamp != m.timestamp ||
	    back.rssi_score != m.rssi_score || back.snr_score != m.snr_score ||
	    back.fec_rec != m.fec_rec || back.lost != m.lost ||
	    back.best_rssi != m.best_rssi || back.best_snr != m.best_snr ||
	    back.antennas != m.antennas || back.penalty != m.penalty ||
	    back.fec_change != m.fec_change ||
	    strcmp(back.idr_code, m.idr_code) != 0)
		FAIL("round trip changed a value\n");
	return 0;
}
