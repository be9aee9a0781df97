/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The generic TX-vector check (hal/common/tx_vector) on a made-up chip
 * whose limits are set here, so every refusal is reached on purpose: each
 * case names the status and the check (reason) that must answer it, and
 * the sentences name the rule and the chip's limit.
 */
#include "../check.h"
#include "hal/common/chan_geometry.h"
#include "hal/common/rate_codes.h"
#include "hal/common/tx_vector.h"

static struct dvr_chip_info info = {
	.name = "RTL-TEST",
	.tx_stbc = true,
	.tx_ldpc = true,
	.max_tx_frame = 11000,
	.max_bw_mhz = 80,
	.max_nss = 2,
	.rf_paths = 2,
	.has_5ghz = true,
};

static struct dvr_chip make_chip(uint16_t ch, uint16_t bw)
{
	struct dvr_chip c = { .info = &info };
	c.channel.channel = ch;
	c.channel.bw_mhz = bw;
	return c;
}

static const struct dvr_tx_caps vht = { .vht = true };
static const struct dvr_tx_caps no_vht = { .vht = false };

static struct dvr_rate legacy(uint8_t r500k)
{
	return (struct dvr_rate){ .kind = DVR_RATE_LEGACY,
	                          .legacy_500k = r500k };
}

static struct dvr_rate ht(uint8_t mcs)
{
	return (struct dvr_rate){ .kind = DVR_RATE_HT, .mcs = mcs };
}

static struct dvr_rate vhtr(uint8_t nss, uint8_t mcs)
{
	return (struct dvr_rate){ .kind = DVR_RATE_VHT, .nss = nss,
	                          .mcs = mcs };
}

static int run(const struct dvr_chip *c, const struct dvr_tx_caps *caps,
               const struct dvr_tx_params *tp, size_t len,
               struct dvr_tx_vector *v, const char **why)
{
	static char buf[200];
	struct dvr_tx_desc_req req = { .params = tp, .frame_len = len };
	int st;

	buf[0] = '\0';
	st = dvr_tx_vector_check(c, caps, &req, v, buf, sizeof buf);
	*why = buf[0] ? buf : NULL;
	return st;
}

/* A refusal whose sentence holds @p words. */
static void says(const char *name, const struct dvr_chip *c,
                 const struct dvr_tx_params *tp, const char *words)
{
	struct dvr_tx_vector v;
	const char *why;
	char what[300];

	CHECK(run(c, &vht, tp, 100, &v, &why) != DVR_OK && why &&
	      strstr(why, words), name);
	snprintf(what, sizeof what, "#   sentence: %s (wanted \"%s\")",
	         why ? why : "none", words);
	printf("%s\n", what);
}

/* A refusal: status and that a reason is given. */
static void refused(const char *name, const struct dvr_chip *c,
                    const struct dvr_tx_caps *caps,
                    const struct dvr_tx_params *tp, size_t len, int want)
{
	struct dvr_tx_vector v;
	const char *why;
	char what[160];
	int st = run(c, caps, tp, len, &v, &why);

	snprintf(what, sizeof what, "%s: status %d", name, want);
	CHECK_EQ_INT(st, want, what);
	snprintf(what, sizeof what, "%s: a reason is given (%s)", name,
	         why ? why : "none");
	CHECK(why && *why, what);
}

int main(void)
{
	struct dvr_chip c = make_chip(36, 80), c2g = make_chip(6, 20);
	struct dvr_tx_vector v;
	const char *why;
	struct dvr_tx_params tp;

	/* Accepted vectors and what they resolve to. */
	tp = (struct dvr_tx_params){ .rate = legacy(12), .bw_mhz = 80 };
	CHECK_EQ_INT(run(&c, &vht, &tp, 100, &v, &why), DVR_OK, "OFDM 6M ok");
	CHECK_EQ_INT(v.bw_mhz, 20, "legacy PPDU is 20 MHz whatever asked");
	CHECK_EQ_HEX(v.code, DVR_DESC_RATE_OFDM_FIRST, "OFDM 6M code");
	CHECK_EQ_INT(v.rate_id, DVR_RATE_ID_G, "OFDM: RATE_ID G");
	CHECK(!v.ht_vht && v.nss == 1, "OFDM: legacy, one stream");

	tp = (struct dvr_tx_params){ .rate = legacy(2) };
	CHECK_EQ_INT(run(&c2g, &vht, &tp, 100, &v, &why), DVR_OK,
	             "CCK 1M on 2.4 GHz ok");
	CHECK_EQ_INT(v.rate_id, DVR_RATE_ID_B, "CCK: RATE_ID B");

	tp = (struct dvr_tx_params){ .rate = ht(9), .bw_mhz = 40 };
	CHECK_EQ_INT(run(&c, &vht, &tp, 100, &v, &why), DVR_OK, "HT MCS9 40");
	CHECK_EQ_INT(v.nss, 2, "HT MCS9: 2 streams");
	CHECK_EQ_INT(v.rate_id, DVR_RATE_ID_BGN40_2SS, "HT40 2SS RATE_ID");
	CHECK_EQ_INT(v.bw_mhz, 40, "HT40 bandwidth kept");

	tp = (struct dvr_tx_params){ .rate = ht(3) };
	CHECK_EQ_INT(run(&c, &vht, &tp, 100, &v, &why), DVR_OK, "HT MCS3 20");
	CHECK_EQ_INT(v.rate_id, DVR_RATE_ID_BGN20_1SS, "HT20 1SS RATE_ID");

	tp = (struct dvr_tx_params){ .rate = vhtr(1, 9), .bw_mhz = 80,
	                             .stbc = 1, .ldpc = true };
	CHECK_EQ_INT(run(&c, &vht, &tp, 8000, &v, &why), DVR_OK,
	             "VHT 1SS MCS9 80 MHz with STBC and LDPC, long frame");
	CHECK_EQ_HEX(v.code, DVR_DESC_RATE_VHT_FIRST + 9, "VHT 1SS MCS9 code");
	CHECK_EQ_INT(v.rate_id, DVR_RATE_ID_AC_1SS, "VHT 1SS RATE_ID");
	CHECK(v.ht_vht, "VHT is HT/VHT");

	tp = (struct dvr_tx_params){ .rate = vhtr(2, 0), .bw_mhz = 40 };
	CHECK_EQ_INT(run(&c, &vht, &tp, 100, &v, &why), DVR_OK, "VHT 2SS 40");
	CHECK_EQ_INT(v.rate_id, DVR_RATE_ID_AC_2SS, "VHT 2SS RATE_ID");

	/* Where a narrower PPDU sits: what the channel geometry says. */
	struct dvr_chan_geometry g;
	CHECK_EQ_INT(dvr_chan_geometry_for_chip(&info, &c.channel, &g), DVR_OK,
	             "geometry of 36/80");
	CHECK_EQ_INT(v.data_sc, dvr_chan_data_sc(&g, 40),
	             "VHT40 on 36/80: DATA_SC of the geometry");
	CHECK(v.data_sc != DVR_SC_DONT_CARE, "VHT40 on 80: a sub-channel");
	tp = (struct dvr_tx_params){ .rate = legacy(12) };
	CHECK_EQ_INT(run(&c, &vht, &tp, 100, &v, &why), DVR_OK, "OFDM on 80");
	CHECK_EQ_INT(v.data_sc, dvr_chan_data_sc(&g, 20),
	             "OFDM on 36/80: the primary 20 MHz");
	tp = (struct dvr_tx_params){ .rate = vhtr(1, 0), .bw_mhz = 80 };
	CHECK_EQ_INT(run(&c, &vht, &tp, 100, &v, &why), DVR_OK, "VHT80");
	CHECK_EQ_INT(v.data_sc, DVR_SC_DONT_CARE, "VHT80 fills 36/80");
	tp = (struct dvr_tx_params){ .rate = ht(0) };
	CHECK_EQ_INT(run(&c2g, &vht, &tp, 100, &v, &why), DVR_OK, "HT20 on 6");
	CHECK_EQ_INT(v.data_sc, DVR_SC_DONT_CARE, "HT20 fills 6/20");

	/* Frame length. */
	tp = (struct dvr_tx_params){ .rate = ht(0) };
	refused("empty frame", &c, &vht, &tp, 0, DVR_E_INVALID);
	refused("frame past max_tx_frame", &c, &vht, &tp, 11001,
	        DVR_E_OVERFLOW);
	CHECK_EQ_INT(run(&c, &vht, &tp, 11000, &v, &why), DVR_OK,
	             "frame of exactly max_tx_frame ok");
	tp = (struct dvr_tx_params){ .rate = legacy(108) };
	refused("legacy frame past L-SIG", &c, &vht, &tp,
	        DVR_TX_LEGACY_MAX_FRAME + 1, DVR_E_OVERFLOW);
	CHECK_EQ_INT(run(&c, &vht, &tp, DVR_TX_LEGACY_MAX_FRAME, &v, &why),
	             DVR_OK, "legacy frame of exactly the L-SIG limit ok");

	/* Bandwidth. */
	tp = (struct dvr_tx_params){ .rate = ht(0), .bw_mhz = 160 };
	refused("160 MHz is no Jaguar bandwidth", &c, &vht, &tp, 100,
	        DVR_E_INVALID);
	tp = (struct dvr_tx_params){ .rate = ht(0), .bw_mhz = 30 };
	refused("30 MHz", &c, &vht, &tp, 100, DVR_E_INVALID);
	info.max_bw_mhz = 40;
	tp = (struct dvr_tx_params){ .rate = vhtr(1, 0), .bw_mhz = 80 };
	refused("80 MHz on a 40 MHz chip", &c, &vht, &tp, 100,
	        DVR_E_UNSUPPORTED);
	info.max_bw_mhz = 80;
	tp = (struct dvr_tx_params){ .rate = ht(0), .bw_mhz = 40 };
	refused("40 MHz on a 20 MHz channel", &c2g, &vht, &tp, 100,
	        DVR_E_INVALID);
	struct dvr_chip untuned = make_chip(0, 0);
	CHECK_EQ_INT(run(&untuned, &vht, &tp, 100, &v, &why), DVR_OK,
	             "no channel tuned: no channel limit");

	/* Rates. */
	tp = (struct dvr_tx_params){ .rate = legacy(3) };
	refused("1.5 Mbit/s is no rate", &c, &vht, &tp, 100, DVR_E_INVALID);
	tp = (struct dvr_tx_params){ .rate = ht(32) };
	refused("HT MCS32", &c, &vht, &tp, 100, DVR_E_INVALID);
	tp = (struct dvr_tx_params){ .rate = vhtr(5, 0) };
	refused("VHT 5SS", &c, &vht, &tp, 100, DVR_E_INVALID);
	tp = (struct dvr_tx_params){ .rate = vhtr(1, 10) };
	refused("VHT MCS10", &c, &vht, &tp, 100, DVR_E_INVALID);
	tp = (struct dvr_tx_params){ .rate = legacy(22) };
	refused("CCK on 5 GHz", &c, &vht, &tp, 100, DVR_E_UNSUPPORTED);
	tp = (struct dvr_tx_params){ .rate = ht(16) };
	refused("HT 3 streams on a 2-stream chip", &c, &vht, &tp, 100,
	        DVR_E_UNSUPPORTED);
	tp = (struct dvr_tx_params){ .rate = vhtr(3, 9) };
	refused("VHT 3SS on a 2-stream chip", &c, &vht, &tp, 100,
	        DVR_E_UNSUPPORTED);
	c.id.is_1t1r = true;
	tp = (struct dvr_tx_params){ .rate = ht(8) };
	refused("HT 2 streams on a 1T1R part", &c, &vht, &tp, 100,
	        DVR_E_UNSUPPORTED);
	c.id.is_1t1r = false;
	tp = (struct dvr_tx_params){ .rate = ht(0), .bw_mhz = 80 };
	refused("HT at 80 MHz", &c, &vht, &tp, 100, DVR_E_UNSUPPORTED);
	tp = (struct dvr_tx_params){ .rate = vhtr(1, 0) };
	refused("VHT on a part without VHT", &c, &no_vht, &tp, 100,
	        DVR_E_UNSUPPORTED);
	refused("VHT with no caps given", &c, NULL, &tp, 100,
	        DVR_E_UNSUPPORTED);
	tp = (struct dvr_tx_params){ .rate = vhtr(1, 9), .bw_mhz = 20 };
	refused("VHT MCS9 at 20 MHz", &c, &vht, &tp, 100, DVR_E_INVALID);
	tp = (struct dvr_tx_params){ .rate = vhtr(1, 8), .bw_mhz = 20 };
	CHECK_EQ_INT(run(&c, &vht, &tp, 100, &v, &why), DVR_OK,
	             "VHT MCS8 at 20 MHz ok");

	/* STBC and LDPC. */
	tp = (struct dvr_tx_params){ .rate = legacy(12), .stbc = 1 };
	refused("STBC on OFDM", &c, &vht, &tp, 100, DVR_E_UNSUPPORTED);
	tp = (struct dvr_tx_params){ .rate = ht(0), .stbc = 2 };
	refused("STBC adding two streams", &c, &vht, &tp, 100,
	        DVR_E_UNSUPPORTED);
	tp = (struct dvr_tx_params){ .rate = ht(8), .stbc = 1 };
	refused("STBC on two streams", &c, &vht, &tp, 100, DVR_E_UNSUPPORTED);
	tp = (struct dvr_tx_params){ .rate = ht(0), .stbc = 1 };
	CHECK_EQ_INT(run(&c, &vht, &tp, 100, &v, &why), DVR_OK,
	             "STBC on one HT stream, two chains ok");
	info.rf_paths = 1;
	refused("STBC on a one-chain chip", &c, &vht, &tp, 100,
	        DVR_E_UNSUPPORTED);
	info.rf_paths = 2;
	c.id.is_1t1r = true;
	refused("STBC on a 1T1R part", &c, &vht, &tp, 100, DVR_E_UNSUPPORTED);
	c.id.is_1t1r = false;
	tp = (struct dvr_tx_params){ .rate = legacy(12), .ldpc = true };
	refused("LDPC on OFDM", &c, &vht, &tp, 100, DVR_E_UNSUPPORTED);

	/* STBC and LDPC are the chip's data: a chip without them refuses. */
	info.tx_stbc = false;
	tp = (struct dvr_tx_params){ .rate = ht(0), .stbc = 1 };
	refused("STBC on a chip without STBC", &c, &vht, &tp, 100,
	        DVR_E_UNSUPPORTED);
	info.tx_stbc = true;
	info.tx_ldpc = false;
	tp = (struct dvr_tx_params){ .rate = ht(0), .ldpc = true };
	refused("LDPC on a chip without LDPC", &c, &vht, &tp, 100,
	        DVR_E_UNSUPPORTED);
	info.tx_ldpc = true;
	CHECK_EQ_INT(run(&c, &vht, &tp, 100, &v, &why), DVR_OK,
	             "LDPC on HT ok");

	/* The sentences say the rule and the chip's own limit. */
	tp = (struct dvr_tx_params){ .rate = ht(31) };
	says("MCS 31: streams needed and the chip's", &c, &tp,
	     "MCS 31 needs 4 spatial streams; the RTL-TEST sends at most 2");
	tp = (struct dvr_tx_params){ .rate = vhtr(4, 0) };
	says("VHT NSS 4", &c, &tp, "needs 4 spatial streams");
	c.id.is_1t1r = true;
	tp = (struct dvr_tx_params){ .rate = ht(8) };
	says("1T1R part named as such", &c, &tp,
	     "this RTL-TEST (a 1T1R part) sends at most 1");
	c.id.is_1t1r = false;
	tp = (struct dvr_tx_params){ .rate = legacy(22) };
	says("CCK on 5 GHz names the channel", &c, &tp, "channel 36 is 5 GHz");
	tp = (struct dvr_tx_params){ .rate = ht(8), .stbc = 1 };
	says("STBC with 2 streams", &c, &tp, "this rate has 2 streams");
	tp = (struct dvr_tx_params){ .rate = ht(0), .bw_mhz = 40 };
	says("wider than the channel", &c2g, &tp,
	     "wider than the tuned channel (channel 6, 20 MHz)");

	/* A short buffer gets a cut, terminated sentence. */
	char small[8];
	struct dvr_tx_desc_req req = { .params = &tp, .frame_len = 100 };
	memset(small, 'x', sizeof small);
	CHECK_EQ_INT(dvr_tx_vector_check(&c2g, &vht, &req, &v, small,
	                                 sizeof small),
	             DVR_E_INVALID, "short sentence buffer: same status");
	CHECK(memchr(small, '\0', sizeof small) != NULL,
	      "short sentence buffer: terminated");

	/* A refusal leaves the output alone; no sentence buffer is allowed. */
	tp = (struct dvr_tx_params){ .rate = legacy(12), .ldpc = true };
	memset(&v, 0x5A, sizeof v);
	CHECK_EQ_INT(dvr_tx_vector_check(&c, &vht, &req, &v, NULL, 0),
	             DVR_E_UNSUPPORTED, "no sentence buffer");
	CHECK_EQ_HEX(v.code, 0x5A, "refusal writes no vector");
	return check_done();
}
