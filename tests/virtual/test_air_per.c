/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The air's receiver model against its source: IEEE 802.11-2016's
 * minimum input sensitivity (Table 17-18 for OFDM, 19-23 for HT at
 * 20 MHz), the level at which a receiver loses at most 10 % of
 * 1000-octet (OFDM) or 4096-octet (HT) PSDUs when its noise is the
 * standard's -86 dBm (-174 dBm/Hz, 20 MHz, 10 dB NF, 5 dB margin).
 * An RTL8812A station sends to receivers whose noise is set to that
 * -86 dBm and whose path loss (pathloss=) puts the frames at chosen
 * levels around the table's: at the level about a tenth are lost, two
 * dB above almost none, a dB below all. Also: a scripted path's loss
 * changes what is heard over time, a distance costs the free-space
 * loss at the channel's frequency, and bad profiles are refused with
 * the line at fault. A 10 / 5 MHz pair (the 8812A's 0x8AC dividers)
 * integrates 3 / 6 dB less noise with the same per-rate SNR need: it
 * decodes where a 20 MHz link is lost, and loses what lies beyond that
 * gain.
 */
#include <math.h>
#include <sys/stat.h>

#include "tests/check.h"
#include "tests/virtual/vhelp.h"

static char air[64];
static const char *fw;
static char dir[96];

/* IEEE 802.11-2016 minimum sensitivity at 20 MHz, dBm (the test's own
 * copy of the table) */
struct rate_row {
	const char *name;
	uint8_t desc_rate;    /* the 8812A TX descriptor's rate code */
	int sens_dbm;
	size_t ref_octets;
};
static const struct rate_row rates[] = {
	{"6 Mbit/s", 0x04, -82, 1000},
	{"54 Mbit/s", 0x0B, -65, 1000},
	{"HT MCS0", 0x0C, -82, 4096},
	{"HT MCS7", 0x13, -64, 4096},
};

static int write_profile(const char *name, const char *text, char *path,
                         size_t cap)
{
	snprintf(path, cap, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* A receiver on channel 36 whose path loss is a constant loss_db. */
static struct vchip *receiver(const char *name, double loss_db)
{
	char text[64], path[160], opts[256];
	snprintf(text, sizeof text, "0 %.1fdB\n", loss_db);
	if (write_profile(name, text, path, sizeof path))
		return NULL;
	snprintf(opts, sizeof opts, "noise=-86,seed=5,pathloss=%s", path);
	return vh_station(name, air, opts, fw, 36);
}

/* Send n frames of len octets at rate to rx; how many it could not
 * decode (-1: not all were heard). */
static int lost_of(struct vchip *tx, struct vchip *rx, unsigned n,
                   size_t len, uint8_t rate)
{
	struct vchip_stats s;
	vchip_get_stats(rx, &s);
	uint64_t heard = s.rx_heard, undec = s.rx_undecodable;
	static uint8_t drain[65536];
	for (unsigned i = 0; i < n; i++) {
		if (!vh_send(tx, len, (uint8_t)i, rate))
			return -1;
		/* keep the receiver's FIFO from filling: not what is counted,
		 * but a host that reads */
		vchip_bulk_in(rx, 0x81, drain, sizeof drain, 1);
	}
	if (!vh_wait_heard(rx, heard + n))
		return -1;
	vchip_get_stats(rx, &s);
	return (int)(s.rx_undecodable - undec);
}

/* The transmitter's power on the air, from what a receiver behind a
 * known loss measured. */
static int tx_power_dbm(struct vchip *tx)
{
	struct vchip *rx = receiver("per-probe", 60.0);
	if (!rx)
		return 1000;
	int lost = lost_of(tx, rx, 1, 200, 0x04);
	struct vchip_stats s;
	vchip_get_stats(rx, &s);
	vchip_destroy(rx);
	return lost == 0 ? (int)s.rx_last_rssi_dbm + 60 : 1000;
}

static void test_per_against_table(struct vchip *tx, int tx_dbm)
{
	enum { N = 300 };
	for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
		const struct rate_row *r = &rates[i];
		/* the table's level, two dB above, a dB below */
		static const int offs[3] = {0, 2, -1};
		int lost[3];
		for (int k = 0; k < 3; k++) {
			char name[32];
			snprintf(name, sizeof name, "per-%zu-%d", i, k);
			struct vchip *rx =
				receiver(name, tx_dbm - (r->sens_dbm + offs[k]));
			lost[k] = rx ? lost_of(tx, rx, N, 1000, r->desc_rate)
			             : -1;
			vchip_destroy(rx);
		}
		/* 1000 octets: 10 % at the reference length 1000, and
		 * 1 - 0.9^(1000/4096) = 2.5 % where it is 4096 */
		double want = 1.0 - pow(0.9, 1000.0 / (double)r->ref_octets);
		printf("# %s at %d dBm: lost %d, %d and %d of %d at +0, +2, "
		       "-1 dB (expected about %.1f %% at +0)\n", r->name,
		       r->sens_dbm, lost[0], lost[1], lost[2], N, 100 * want);
		char what[128];
		/* a binomial count: within four standard deviations */
		double mean = want * N, sd = sqrt(N * want * (1 - want));
		snprintf(what, sizeof what,
		         "%s: at the table's %d dBm about %.0f of %d lost",
		         r->name, r->sens_dbm, mean, N);
		CHECK(lost[0] >= 0 && fabs(lost[0] - mean) <= 4 * sd + 1, what);
		snprintf(what, sizeof what, "%s: 2 dB above it, at most 1 lost",
		         r->name);
		CHECK(lost[1] >= 0 && lost[1] <= 1, what);
		snprintf(what, sizeof what, "%s: a dB below it, every one lost",
		         r->name);
		CHECK_EQ_INT(lost[2], N, what);
	}
	/* Length: at the 54 Mbit/s level a 4000-octet frame is lost as
	 * often as four 1000-octet ones: 1 - 0.9^4 = 34 %. */
	struct vchip *rx = receiver("per-long", tx_dbm - (-65));
	int lost = rx ? lost_of(tx, rx, 200, 4000, 0x0B) : -1;
	vchip_destroy(rx);
	printf("# 4000 octets at 54 Mbit/s at -65 dBm: %d of 200 lost\n",
	       lost);
	CHECK(lost >= 200 * 0.344 - 4 * 6.7 && lost <= 200 * 0.344 + 4 * 6.7,
	      "a frame four times as long: about a third lost");
}

/* A path that opens up over time: what is decoded, then what is not. */
static void test_scripted_path(struct vchip *tx, int tx_dbm)
{
	char path[160], text[128], opts[256];
	/* 100 m on channel 36 (5180 MHz): 20 log10(100) + 20 log10(5180)
	 * - 27.55 = 86.7 dB of free space */
	snprintf(text, sizeof text, "# a short hop, then out of range\n"
	                            "0    100m\n2   100m\n2.5  250dB\n");
	CHECK_EQ_INT(write_profile("flight", text, path, sizeof path), 0,
	             "profile written");
	snprintf(opts, sizeof opts, "noise=-95,seed=9,pathloss=%s", path);
	struct vchip *rx = vh_station("per-flight", air, opts, fw, 36);
	if (!CHECK(rx != NULL, "a receiver on the scripted path"))
		return;
	CHECK_EQ_INT(lost_of(tx, rx, 1, 200, 0x04), 0, "decoded at 100 m");
	struct vchip_stats s;
	vchip_get_stats(rx, &s);
	CHECK_EQ_INT(s.rx_last_rssi_dbm, (int)lround(tx_dbm - 86.7),
	             "at the transmitter's power less 100 m of free space");
	/* the path's clock runs from plug-in: by 2.5 s it is 250 dB */
	int lost = 0;
	uint64_t give_up = air_now_ns() + 20000000000ull; /* a hang guard */
	while (lost == 0 && air_now_ns() < give_up)
		lost = lost_of(tx, rx, 1, 200, 0x04);
	CHECK_EQ_INT(lost, 1, "once the path has grown, frames are lost");
	vchip_destroy(rx);
}

static void refused(const char *text, const char *want)
{
	char path[160], opts[256], err[256] = "";
	write_profile("bad", text, path, sizeof path);
	snprintf(opts, sizeof opts, "pathloss=%s", path);
	struct vchip_config cfg = {.name = "x"};
	int rc = vchip_config_parse(&cfg, opts, err, sizeof err);
	char what[320];
	snprintf(what, sizeof what, "refused: %s", err);
	CHECK(rc != 0 && strstr(err, want) != NULL, what);
}

static void test_bad_profiles(void)
{
	refused("0 10m\n\n# x\n1 abc\n", "bad:4:");
	refused("0 10m\n1 20m\n1 30m\n", "bad:3: times must rise");
	refused("0 10furlongs\n", "bad:1: unknown unit");
	refused("0 -5m\n", "bad:1:");
	refused("0 10m 20m\n", "bad:1: more than");
	refused("-1 10m\n", "bad:1:");
	refused("0 500dB\n", "bad:1:");
	refused("# nothing\n\n", "no points");
	char path[160], opts[256], err[256] = "";
	snprintf(opts, sizeof opts, "pathloss=%s/absent", dir);
	struct vchip_config cfg = {.name = "x"};
	CHECK(vchip_config_parse(&cfg, opts, err, sizeof err) != 0 &&
	      strstr(err, "absent"), "a missing file is named");
	write_profile("crlf", "0 10m\r\n1\t20m  # away\r\n", path, sizeof path);
	snprintf(opts, sizeof opts, "pathloss=%s", path);
	CHECK_EQ_INT(vchip_config_parse(&cfg, opts, err, sizeof err), 0,
	             "CRLF, tabs and trailing comments are fine");
}

/* The flight the repository ships: out to 600 m and back. */
static void test_shipped_flight(const char *path)
{
	char opts[256], err[256] = "";
	snprintf(opts, sizeof opts, "pathloss=%s", path);
	struct vchip_config cfg = {.name = "x"};
	CHECK_EQ_INT(vchip_config_parse(&cfg, opts, err, sizeof err), 0,
	             "the shipped flight profile reads");
	if (err[0])
		printf("# %s\n", err);
}

/* Re-clock an 8812A model's baseband for 5 or 10 MHz (20: back), as
 * OpenIPC devourer docs/narrowband.md gives BB 0x8AC: small BW [7:6],
 * ADC [9:8], DAC [21:20]. */
static void narrow(struct vchip *vc, unsigned bw)
{
	uint32_t w = bw == 10 ? (2u << 20 | 1u << 8 | 2u << 6)
	           : bw == 5  ? (1u << 20 | 0u << 8 | 1u << 6)
	                      : (3u << 20 | 2u << 8);
	vh_w32(vc, 0x8AC, (vh_read(vc, 0x8AC, 4) & ~0x003003C3u) | w);
}

static void test_narrowband_range(struct vchip *tx, int tx_dbm)
{
	enum { N = 200 };
	const int sens = -65; /* 54 Mbit/s */
	struct { unsigned bw; int below; bool decodes; } cases[] = {
		{10, 1, true}, {10, 4, false}, {5, 4, true}, {5, 7, false},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char name[32], what[128];
		snprintf(name, sizeof name, "per-nb-%zu", i);
		struct vchip *rx =
			receiver(name, tx_dbm - (sens - cases[i].below));
		if (rx)
			narrow(rx, cases[i].bw);
		narrow(tx, cases[i].bw);
		struct vchip_tuning t = {0};
		if (rx)
			vchip_get_tuning(rx, &t);
		CHECK_EQ_INT(t.bw_mhz, cases[i].bw, "the receiver re-clocked");
		int lost = rx ? lost_of(tx, rx, N, 1000, 0x0B) : -1;
		vchip_destroy(rx);
		printf("# 54 Mbit/s at %u MHz, %d dB below the 20 MHz "
		       "sensitivity: %d of %d lost\n", cases[i].bw,
		       cases[i].below, lost, N);
		snprintf(what, sizeof what, "%u MHz, %d dB below: %s",
		         cases[i].bw, cases[i].below,
		         cases[i].decodes ? "at most 1 lost" : "all lost");
		if (cases[i].decodes)
			CHECK(lost >= 0 && lost <= 1, what);
		else
			CHECK_EQ_INT(lost, N, what);
	}
	narrow(tx, 20);
}

int main(int argc, char **argv)
{
	fw = getenv("DEVOURER_TEST_FIRMWARE_DIR");
	if (!fw)
		fw = "firmware";
	if (!CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir"))
		return check_done();
	snprintf(dir, sizeof dir, "%s/profiles", air);
	mkdir(dir, 0700);
	test_bad_profiles();
	if (CHECK(argc > 1, "the shipped flight profile is named"))
		test_shipped_flight(argv[1]);
	struct vchip *tx = vh_station("per-tx", air, "seed=1", fw, 36);
	if (CHECK(tx != NULL, "the transmitter is up")) {
		int tx_dbm = tx_power_dbm(tx);
		printf("# the transmitter airs %d dBm\n", tx_dbm);
		if (CHECK(tx_dbm < 100, "its power measured")) {
			test_per_against_table(tx, tx_dbm);
			test_scripted_path(tx, tx_dbm);
			test_narrowband_range(tx, tx_dbm);
		}
		vchip_destroy(tx);
	}
	vh_rm_air_dir(air);
	return check_done();
}
