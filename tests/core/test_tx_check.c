/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * dvr_check_tx_params over virtual adapters of both chip models: each
 * impossible vector (MCS 31 and VHT NSS 4 on a 2-stream chip, CCK on
 * 5 GHz, STBC on 2 streams, HT at 80 MHz, a PPDU wider than the channel)
 * is refused with the status dvr_send_raw gives a frame sent with it and a
 * sentence naming the chip's limit; every accepted vector is one a frame
 * really goes out with; the answer follows dvr_set_channel. A frame sent
 * with a refused vector is counted in tx.rejected, one with an accepted
 * vector is not.
 */
#include <stdlib.h>

#include <devourer/devourer.h>

#include "tests/check.h"

struct vcase {
	const char *name;
	struct dvr_tx_params p;
	int want;             /* 1: accepted, 0: refused, -1: chip decides */
	const char *words;    /* in the sentence of a refusal */
};

#define HT(m) { DVR_RATE_HT, 0, (m), 0 }
#define VHT(n, m) { DVR_RATE_VHT, 0, (m), (n) }
#define LEG(r) { DVR_RATE_LEGACY, (r), 0, 0 }

/* Checked on 36/80. */
static const struct vcase on_5g_80[] = {
	{ "all zero: OFDM 6M", { .no_ack = true }, 1, NULL },
	{ "HT MCS7", { .rate = HT(7), .bw_mhz = 20 }, 1, NULL },
	{ "HT MCS15 40 MHz", { .rate = HT(15), .bw_mhz = 40 }, 1, NULL },
	{ "VHT 2SS MCS9 80 MHz SGI", { .rate = VHT(2, 9), .bw_mhz = 80,
	                              .short_gi = true }, 1, NULL },
	{ "HT MCS0 STBC", { .rate = HT(0), .stbc = 1 }, 1, NULL },
	{ "VHT 1SS LDPC", { .rate = VHT(1, 5), .bw_mhz = 80, .ldpc = true },
	  1, NULL },
	{ "MCS 31", { .rate = HT(31) }, 0, "MCS 31 needs 4 spatial streams" },
	{ "VHT NSS 4", { .rate = VHT(4, 0), .bw_mhz = 80 }, 0,
	  "needs 4 spatial streams" },
	{ "CCK 11M on 5 GHz", { .rate = LEG(22) }, 0, "5 GHz" },
	{ "STBC on 2 streams", { .rate = HT(8), .stbc = 1 }, 0,
	  "this rate has 2 streams" },
	{ "HT at 80 MHz", { .rate = HT(0), .bw_mhz = 80 }, 0, "80 MHz" },
	{ "HT MCS 32", { .rate = HT(32) }, 0, "does not exist" },
	{ "LDPC on OFDM", { .rate = LEG(12), .ldpc = true }, 0, "LDPC" },
	/* One chip ignores short GI on a legacy rate, the other refuses:
	 * the check answers for the chip at hand. */
	{ "short GI on OFDM", { .rate = LEG(12), .short_gi = true }, -1,
	  NULL },
};

/* Checked on 6/20. */
static const struct vcase on_2g_20[] = {
	{ "CCK 11M on 2.4 GHz", { .rate = LEG(22) }, 1, NULL },
	{ "HT MCS0 on 2.4 GHz", { .rate = HT(0), .bw_mhz = 20 }, 1, NULL },
	{ "VHT 80 MHz on a 20 MHz channel", { .rate = VHT(1, 0),
	  .bw_mhz = 80 }, 0, "wider than the tuned channel" },
	{ "HT40 on a 20 MHz channel", { .rate = HT(0), .bw_mhz = 40 }, 0,
	  "wider than the tuned channel" },
};

static uint64_t rejected(dvr_device *dev)
{
	struct dvr_tx_stats st;

	dvr_get_tx_stats(dev, &st);
	return st.rejected;
}

static void run_case(dvr_device *dev, const char *chip,
                     const struct vcase *c)
{
	static uint8_t frame[100] = { 0x08, 0x00, 0, 0, 0xff, 0xff, 0xff,
	                              0xff, 0xff, 0xff };
	char why[200], what[300];
	int st, sent;
	uint64_t before;

	memset(why, 'x', sizeof why);
	st = dvr_check_tx_params(dev, &c->p, why, sizeof why);
	if (c->want == 1) {
		snprintf(what, sizeof what, "%s %s: accepted (%s)", chip,
		         c->name, st == DVR_OK ? "ok" : why);
		CHECK_EQ_INT(st, DVR_OK, what);
		snprintf(what, sizeof what, "%s %s: empty sentence", chip,
		         c->name);
		CHECK(why[0] == '\0', what);
	} else if (c->want == 0) {
		snprintf(what, sizeof what, "%s %s: refused", chip, c->name);
		CHECK(st == DVR_E_INVALID || st == DVR_E_UNSUPPORTED, what);
		snprintf(what, sizeof what, "%s %s: \"%s\" says \"%s\"", chip,
		         c->name, st != DVR_OK ? why : "", c->words);
		CHECK(st != DVR_OK && strstr(why, c->words), what);
	}

	/* A frame with that vector gets the same answer. */
	before = rejected(dev);
	struct dvr_tx_params p = c->p;
	if (p.rate.kind == DVR_RATE_LEGACY && p.rate.legacy_500k == 0)
		p.rate.legacy_500k = 12;   /* as dvr_check_tx_params fills */
	if (p.bw_mhz == 0)
		p.bw_mhz = 20;
	sent = dvr_send_raw(dev, frame, sizeof frame, &p);
	snprintf(what, sizeof what, "%s %s: dvr_send_raw says %s as the "
	         "check did (%s)", chip, c->name, dvr_strerror(sent),
	         dvr_strerror(st));
	CHECK_EQ_INT(sent, st, what);
	snprintf(what, sizeof what, "%s %s: rejected counted %s", chip,
	         c->name, st == DVR_OK ? "not at all" : "once");
	CHECK_EQ_INT(rejected(dev) - before, st == DVR_OK ? 0 : 1, what);
}

static void chip_cases(const char *chip)
{
	char sel[64], why[200], what[400];
	const struct dvr_tx_params mcs31 = { .rate = HT(31) };
	struct dvr_channel ch = { 36, 80, 0 };
	dvr_device *dev = NULL;
	struct dvr_config cfg = { 0 };

	snprintf(sel, sizeof sel, "virtual:vec-%s,chip=%s", chip, chip);
	snprintf(what, sizeof what, "%s: open", chip);
	if (!CHECK(dvr_open(sel, &cfg, &dev) == DVR_OK, what))
		return;
	snprintf(what, sizeof what, "%s: not started: DVR_E_STATE", chip);
	CHECK_EQ_INT(dvr_check_tx_params(dev, &mcs31, why, sizeof why),
	             DVR_E_STATE, what);
	snprintf(what, sizeof what, "%s: start on 36/80", chip);
	if (!CHECK(dvr_start(dev, &ch) == DVR_OK, what)) {
		printf("# %s\n", dvr_last_error(dev));
		dvr_close(dev);
		return;
	}
	for (size_t i = 0; i < sizeof on_5g_80 / sizeof on_5g_80[0]; i++)
		run_case(dev, chip, &on_5g_80[i]);

	/* The sentence names this chip and its limit. */
	dvr_check_tx_params(dev, &mcs31, why, sizeof why);
	snprintf(what, sizeof what, "%s: MCS 31 sentence names %s and 2 "
	         "streams (%s)", chip, dvr_chip_name(dev), why);
	CHECK(strstr(why, dvr_chip_name(dev)) && strstr(why, "at most 2"),
	      what);
	snprintf(what, sizeof what, "%s: NULL sentence buffer", chip);
	CHECK_EQ_INT(dvr_check_tx_params(dev, &mcs31, NULL, 0),
	             DVR_E_UNSUPPORTED, what);
	snprintf(what, sizeof what, "%s: NULL vector", chip);
	CHECK_EQ_INT(dvr_check_tx_params(dev, NULL, why, sizeof why),
	             DVR_E_INVALID, what);

	ch = (struct dvr_channel){ 6, 20, 0 };
	snprintf(what, sizeof what, "%s: retune to 6/20", chip);
	CHECK(dvr_set_channel(dev, &ch) == DVR_OK, what);
	for (size_t i = 0; i < sizeof on_2g_20 / sizeof on_2g_20[0]; i++)
		run_case(dev, chip, &on_2g_20[i]);
	dvr_close(dev);
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-txcheck-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);

	CHECK_EQ_INT(dvr_check_tx_params(NULL, NULL, NULL, 0), DVR_E_INVALID,
	             "NULL device");
	chip_cases("8812a");
	chip_cases("8822c");
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
