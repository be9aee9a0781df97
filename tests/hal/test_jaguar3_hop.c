/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * When the Jaguar3 hop takes a channel (hal/jaguar3 jaguar3_hop_rf18):
 * only with an RF 0x18 word a full set cached for the target's centre
 * channel at the target's bandwidth, an IGI word known, and the band,
 * bandwidth and primary position of the channel it leaves. The words
 * are written out here from rtw88 rtw8822c.c rtw8822c_set_channel_rf's
 * layout (channel [7:0], 5 GHz bits 16 and 8, sub-band [18:17], RF
 * bandwidth [13:12] 3 / 2 / 1 for 20 / 40 / 80 MHz).
 */
#include "../check.h"
#include "hal/common/chan_geometry.h"
#include "hal/jaguar3/jaguar3.h"

static const struct jaguar3_chan_data data = {
	.rf18_high_from = 149,
	.rf18_mid_from = 100,
};

static struct dvr_chan_geometry geo(unsigned ch, unsigned bw, int sec)
{
	struct dvr_channel c = { .channel = (uint16_t)ch,
		                 .bw_mhz = (uint16_t)bw,
		                 .secondary = (int8_t)sec };
	struct dvr_chan_geometry g = { 0 };
	CHECK(dvr_chan_geometry(&c, &g) == DVR_OK, "a valid channel");
	return g;
}

int main(void)
{
	static struct jaguar3_hop h;
	jaguar3_hop_reset(&h);
	struct dvr_chan_geometry c36 = geo(36, 20, 0), c40 = geo(40, 20, 0);
	struct dvr_chan_geometry c6 = geo(6, 20, 0);

	/* channel 40, 5 GHz, 20 MHz */
	h.rf18[40] = 0x00013128;
	CHECK_EQ_INT(jaguar3_hop_rf18(&h, &data, &c36, &c40), 0,
	             "no IGI word known: declined");
	h.igi_known = true;
	CHECK_EQ_INT(jaguar3_hop_rf18(&h, &data, &c36, &c40), 0x00013128,
	             "cached at 20 MHz: the word");
	CHECK_EQ_INT(jaguar3_hop_rf18(&h, &data, &c40, &c36), 0,
	             "nothing cached for 36: declined");
	CHECK_EQ_INT(jaguar3_hop_rf18(&h, &data, &c6, &c40), 0,
	             "from the other band: declined");
	/* the same centre at 40 MHz: the word's bandwidth is 20 MHz */
	struct dvr_chan_geometry w36 = geo(36, 40, 1), w44 = geo(44, 40, 1);
	h.rf18[38] = 0x00013126;
	CHECK_EQ_INT(jaguar3_hop_rf18(&h, &data, &w44, &w36), 0,
	             "cached at 20 MHz, asked at 40: declined");
	h.rf18[38] = 0x00012126;
	CHECK_EQ_INT(jaguar3_hop_rf18(&h, &data, &w44, &w36), 0x00012126,
	             "cached at 40 MHz: the word");
	/* 80 MHz 36-48: primary 36 (lowest) and 40 (lower) differ */
	struct dvr_chan_geometry v36 = geo(36, 80, 0), v40 = geo(40, 80, 0);
	h.rf18[42] = 0x0001112A;
	CHECK_EQ_INT(jaguar3_hop_rf18(&h, &data, &v36, &v40), 0,
	             "another primary position: declined");
	CHECK_EQ_INT(jaguar3_hop_rf18(&h, &data, &v36, &v36), 0x0001112A,
	             "the same primary position: the word");
	jaguar3_hop_reset(&h);
	CHECK_EQ_INT(jaguar3_hop_rf18(&h, &data, &c36, &c40), 0,
	             "after a reset: declined");
	return check_done();
}
