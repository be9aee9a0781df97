/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Channel geometry shared by every chip: from a primary 20 MHz channel and
 * a bandwidth, the centre channel the synthesiser is tuned to and the
 * position of the primary 20 (and 40) MHz inside the wider channel, in the
 * sub-channel codes Realtek registers and TX descriptors use (rtw88 main.h
 * RTW_SC_*: 1 upper, 2 lower, 3 uppermost, 4 lowest; 9 upper 40, 10 lower
 * 40). Pure arithmetic, no I/O.
 */
#ifndef DVR_HAL_CHAN_PLAN_H
#define DVR_HAL_CHAN_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include <devourer/devourer.h>

enum {
	DVR_SC_DONT_CARE = 0,
	DVR_SC_20_UPPER = 1,
	DVR_SC_20_LOWER = 2,
	DVR_SC_20_UPPERMOST = 3,
	DVR_SC_20_LOWEST = 4,
	DVR_SC_40_UPPER = 9,
	DVR_SC_40_LOWER = 10,
};

struct dvr_chan_plan {
	unsigned primary;   /* primary 20 MHz channel */
	unsigned center;    /* centre channel of the whole bandwidth */
	unsigned bw_mhz;    /* 20, 40 or 80 */
	uint8_t pri20;      /* DVR_SC_20_*: primary 20 inside the channel
	                       (DONT_CARE at 20 MHz) */
	uint8_t pri40;      /* DVR_SC_40_*: primary 40 inside an 80 MHz
	                       channel (DONT_CARE otherwise) */
	bool is_5g;
};

/*
 * Plan @p ch for a chip that supports up to @p max_bw MHz (and 5 GHz when
 * @p has_5g). Returns DVR_OK, DVR_E_INVALID for a channel/bandwidth/
 * secondary combination that does not exist, DVR_E_UNSUPPORTED for one
 * beyond the chip. 2.4 GHz: 40 MHz on 1..13 (secondary chosen above for
 * 1..7 unless given), no 80 MHz. 5 GHz: the standard 40/80 MHz blocks of
 * 36-64, 100-144 and 149-177.
 */
int dvr_chan_plan(const struct dvr_channel *ch, unsigned max_bw, bool has_5g,
                  struct dvr_chan_plan *out);

/*
 * TX descriptor DATA_SC for a frame of @p frame_bw MHz sent on the planned
 * channel: 0 when it fills the channel, else the sub-channel the frame
 * occupies (its primary 20 or primary 40).
 */
uint8_t dvr_chan_plan_data_sc(const struct dvr_chan_plan *pl,
                              unsigned frame_bw);

#endif /* DVR_HAL_CHAN_PLAN_H */
