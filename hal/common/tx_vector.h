/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Can this chip send this TX vector on the tuned channel? The checks every
 * Realtek TX descriptor builder makes before packing fields, whatever the
 * descriptor layout: frame length, bandwidth against the chip and the
 * channel, the rate against the chip's streams and chains, CCK on 5 GHz,
 * STBC and LDPC only on HT/VHT. The answer is the descriptor rate code
 * (rate_codes.h), its stream count and the rate-adaptation table
 * (RATE_ID, rtw88 main.h enum rtw_rate_index numbering) the frame belongs
 * to, and where in the tuned channel it goes; a refusal carries a status
 * and a sentence naming the rule and the chip's limit, for the person who
 * chose the vector (dvr_check_tx_params shows it to applications).
 *
 * Pure function of the request and the chip state: no I/O.
 */
#ifndef DVR_HAL_TX_VECTOR_H
#define DVR_HAL_TX_VECTOR_H

#include <stdbool.h>
#include <stdint.h>

#include <devourer/devourer.h>

#include "hal/hal.h"

/* L-SIG length is 12 bits: 4095 bytes including the 4-byte FCS. */
#define DVR_TX_LEGACY_MAX_FRAME 4091u

/* RATE_ID: the rate-adaptation table of a frame (rtw88 main.h). */
enum {
	DVR_RATE_ID_BGN40_2SS = 0,
	DVR_RATE_ID_BGN40_1SS = 1,
	DVR_RATE_ID_BGN20_2SS = 2,
	DVR_RATE_ID_BGN20_1SS = 3,
	DVR_RATE_ID_G = 7,
	DVR_RATE_ID_B = 8,
	DVR_RATE_ID_AC_2SS = 9,
	DVR_RATE_ID_AC_1SS = 10,
	DVR_RATE_ID_AC_3SS = 13,
	DVR_RATE_ID_BGN_3SS = 14,
};

/* What the chip can send that its chip info does not say (the board's
 * efuse decides it); LDPC and STBC are chip data (dvr_chip_info). */
struct dvr_tx_caps {
	bool vht;          /* false: an 11n-only part or board */
};

/* An accepted vector. */
struct dvr_tx_vector {
	unsigned bw_mhz;   /* of the PPDU: 20 for every legacy rate */
	uint8_t code;      /* DESC_RATE */
	uint8_t nss;       /* spatial streams (1 for legacy) */
	uint8_t rate_id;   /* DVR_RATE_ID_* */
	uint8_t data_sc;   /* DATA_SC: where a PPDU narrower than the tuned
	                      channel sits in it (DVR_SC_*, chan_geometry.h);
	                      DVR_SC_DONT_CARE when it fills the channel */
	bool ht_vht;       /* HT or VHT PPDU (not CCK/OFDM) */
};

/*
 * Check @p req against @p chip (its info limits, 1T1R strap and tuned
 * channel) and @p caps. DVR_OK fills @p out; otherwise the status is
 * DVR_E_INVALID (no such vector: empty frame, unknown bandwidth or rate,
 * wider than the tuned channel, VHT MCS9 at 20 MHz outside 3 streams),
 * DVR_E_OVERFLOW (frame too long for the chip or for a legacy PPDU) or
 * DVR_E_UNSUPPORTED (a real vector this chip cannot send), and @p why
 * (when not NULL: @p why_len bytes, always terminated) holds one sentence
 * saying which rule refused it and what the chip offers instead, e.g.
 * "MCS 31 needs 4 spatial streams; the RTL8812AU sends at most 2". The
 * sentence is only written on a refusal: the accepting path formats
 * nothing. @p req and @p req->params must not be NULL.
 */
int dvr_tx_vector_check(const struct dvr_chip *chip,
                        const struct dvr_tx_caps *caps,
                        const struct dvr_tx_desc_req *req,
                        struct dvr_tx_vector *out, char *why, size_t why_len);

#endif /* DVR_HAL_TX_VECTOR_H */
