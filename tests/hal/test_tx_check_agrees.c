/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every registered chip's check_tx_vector op and its build_tx_desc agree
 * on every TX vector of a grid (rates of every kind, bandwidths, STBC,
 * LDPC, short GI, channels on both bands and all widths, a 1T1R strap):
 * the check accepts exactly what the builder builds, refuses with the
 * builder's status, and every refusal comes with a sentence. This is what
 * lets dvr_check_tx_params promise that a vector it accepts is sent.
 */
#include <string.h>

#include "tests/check.h"

#include "hal/hal.h"

static const struct dvr_rate rates[] = {
	{ DVR_RATE_LEGACY, 2, 0, 0 },  { DVR_RATE_LEGACY, 22, 0, 0 },
	{ DVR_RATE_LEGACY, 12, 0, 0 }, { DVR_RATE_LEGACY, 108, 0, 0 },
	{ DVR_RATE_LEGACY, 3, 0, 0 },  { DVR_RATE_HT, 0, 0, 0 },
	{ DVR_RATE_HT, 0, 7, 0 },      { DVR_RATE_HT, 0, 8, 0 },
	{ DVR_RATE_HT, 0, 15, 0 },     { DVR_RATE_HT, 0, 16, 0 },
	{ DVR_RATE_HT, 0, 31, 0 },     { DVR_RATE_HT, 0, 32, 0 },
	{ DVR_RATE_VHT, 0, 0, 1 },     { DVR_RATE_VHT, 0, 9, 1 },
	{ DVR_RATE_VHT, 0, 9, 2 },     { DVR_RATE_VHT, 0, 4, 3 },
	{ DVR_RATE_VHT, 0, 9, 3 },     { DVR_RATE_VHT, 0, 0, 4 },
	{ DVR_RATE_VHT, 0, 10, 1 },    { DVR_RATE_VHT, 0, 0, 0 },
};
static const uint8_t bws[] = { 0, 20, 40, 80, 160 };
static const struct dvr_channel chans[] = {
	{ 6, 20, 0 }, { 6, 40, 1 }, { 36, 20, 0 }, { 36, 40, 0 },
	{ 149, 80, 0 }, { 0, 0, 0 },
};

struct tally {
	unsigned vectors, agree, accepted, refused, sentences;
};

static void one(const struct dvr_chip *chip, const struct dvr_tx_params *tp,
                struct tally *t)
{
	const struct dvr_chip_ops *ops = chip->info->ops;
	struct dvr_tx_desc_req req = { .params = tp, .frame_len = 200 };
	uint8_t desc[64];
	char why[200];
	int built, checked;

	memset(why, 0, sizeof why);
	built = ops->build_tx_desc(chip, desc, &req);
	checked = ops->check_tx_vector(chip, &req, why, sizeof why);
	t->vectors++;
	if ((built >= 0 && checked == DVR_OK) ||
	    (built < 0 && checked == built)) {
		t->agree++;
	} else {
		printf("# %s ch%u/%u 1t1r=%d kind %u mcs %u nss %u leg %u "
		       "bw %u stbc %u ldpc %d sgi %d: build %d check %d (%s)\n",
		       chip->info->name, chip->channel.channel,
		       chip->channel.bw_mhz, chip->id.is_1t1r, tp->rate.kind,
		       tp->rate.mcs, tp->rate.nss, tp->rate.legacy_500k,
		       tp->bw_mhz, tp->stbc, tp->ldpc, tp->short_gi, built,
		       checked, why);
	}
	if (checked == DVR_OK) {
		t->accepted++;
	} else {
		t->refused++;
		if (why[0] != '\0')
			t->sentences++;
	}
}

static void grid(const struct dvr_chip_info *info)
{
	struct dvr_chip chip = { .info = info };
	struct tally t = { 0 };
	char what[160];

	CHECK(info->ops->check_tx_vector != NULL, info->name);
	if (!info->ops->check_tx_vector)
		return;
	for (int strap = 0; strap < 2; strap++) {
		chip.id.is_1t1r = strap != 0;
		for (size_t c = 0; c < sizeof chans / sizeof chans[0]; c++) {
			chip.channel = chans[c];
			for (size_t r = 0; r < sizeof rates / sizeof rates[0];
			     r++)
				for (size_t b = 0; b < sizeof bws; b++)
					for (unsigned bits = 0; bits < 16;
					     bits++) {
						struct dvr_tx_params tp = {
							.rate = rates[r],
							.bw_mhz = bws[b],
							.stbc = (uint8_t)(bits & 3),
							.ldpc = bits & 4,
							.short_gi = bits & 8,
						};
						one(&chip, &tp, &t);
					}
		}
	}
	snprintf(what, sizeof what, "%s: check and descriptor agree on all "
	         "%u vectors", info->name, t.vectors);
	CHECK_EQ_INT(t.agree, t.vectors, what);
	snprintf(what, sizeof what, "%s: the grid has both outcomes "
	         "(%u sent, %u refused)", info->name, t.accepted, t.refused);
	CHECK(t.accepted > 0 && t.refused > 0, what);
	snprintf(what, sizeof what, "%s: every refusal says why", info->name);
	CHECK_EQ_INT(t.sentences, t.refused, what);
}

int main(void)
{
	for (const struct dvr_chip_info *const *i = dvr_chip_registry; *i;
	     i++)
		grid(*i);
	return check_done();
}
