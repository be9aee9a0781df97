/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 5 and 10 MHz channels, run once per chip (the chip's model name is the
 * one argument). On a chip that has them (the 8812A die, as RTL8812AU or
 * RTL8811AU, the RTL8814AU, the Jaguar2 RTL8822BU and RTL8821CU, the
 * RTL8822CU and the RTL8812EU/RTL8822EU: their HALs re-clock the
 * baseband, their models read the dividers):
 *  - a 10 MHz pair and a 5 MHz pair exchange frames byte-exact, and the
 *    receiver reports the true width;
 *  - a 20 MHz receiver on the same channel hears the 10 MHz sender only
 *    as energy it cannot decode (the model's rx_undecodable), and a
 *    10 MHz receiver does not decode a 20 MHz sender either;
 *  - the TX power is the 20 MHz channel's;
 *  - a 10 MHz frame takes twice a 20 MHz one's airtime on the air (the
 *    model's count) and in dvr_airtime_us, a 5 MHz one four times;
 *  - the SNR a receiver reports is 3 dB (10 MHz) / 6 dB (5 MHz) above a
 *    20 MHz frame's at the same signal: the noise over a narrower band
 *    (the means over a burst's frames and chains; within 1 dB where the
 *    model fades each chain, as the RTL8814AU's does, else exactly).
 *  - back at 20 and then 40 MHz the pair exchanges frames on the full
 *    clock again (each HAL undoes its re-clock).
 * Any other chip refuses 5 and 10 MHz, saying which chip and why.
 * Every wait is on a condition.
 */
#include <math.h>
#include <pthread.h>

#include "e2e_common.h"

static const char TAG[] = "narrow";

#define N_FRAMES 12u

struct listener {
	pthread_mutex_t lock;
	atomic_uint heard;
	unsigned exact;        /* frames equal to what was sent */
	unsigned last_bw;
	/* the SNR of every chain of every frame heard */
	long snr_sum;
	unsigned snr_n;
	int snr_min, snr_max;
};

static struct listener ln10 = { .lock = PTHREAD_MUTEX_INITIALIZER };
static struct listener ln20 = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* Frame i of a burst: the tagged frame with i in its last byte and a
 * pattern over the rest, so a wrong byte anywhere shows. */
static void burst_frame(uint8_t *fr, unsigned i)
{
	e2e_tagged_frame(fr, 7, TAG);
	for (size_t k = 9 + 24 + E2E_TAG_LEN; k < E2E_FRAME_LEN; k++)
		fr[k] = (uint8_t)(k * 31u + i);
	fr[E2E_FRAME_LEN - 1] = (uint8_t)i;
}

static void on_rx(void *u, const struct dvr_rx_frame *f)
{
	struct listener *l = u;
	if (!e2e_frame_has_tag(f, TAG))
		return;
	uint8_t want[E2E_FRAME_LEN];
	bool exact = false;
	if (f->len == E2E_FRAME_LEN - 9) {
		burst_frame(want, f->data[f->len - 1]);
		/* all but the sequence number, which the MAC assigns */
		exact = memcmp(f->data, want + 9, 22) == 0 &&
		        memcmp(f->data + 24, want + 9 + 24, f->len - 24) == 0;
	}
	pthread_mutex_lock(&l->lock);
	if (exact)
		l->exact++;
	l->last_bw = f->info.bw_mhz;
	for (unsigned c = 0; c < f->info.n_chains && c < DVR_MAX_CHAINS;
	     c++) {
		int s = f->info.snr_db[c];
		l->snr_sum += s;
		l->snr_min = l->snr_n && l->snr_min < s ? l->snr_min : s;
		l->snr_max = l->snr_n && l->snr_max > s ? l->snr_max : s;
		l->snr_n++;
	}
	pthread_mutex_unlock(&l->lock);
	atomic_fetch_add(&l->heard, 1);
}

static void reset(struct listener *l)
{
	pthread_mutex_lock(&l->lock);
	atomic_store(&l->heard, 0);
	l->exact = 0;
	l->last_bw = 0;
	l->snr_sum = 0;
	l->snr_n = 0;
	pthread_mutex_unlock(&l->lock);
}

static unsigned exact_of(struct listener *l)
{
	pthread_mutex_lock(&l->lock);
	unsigned n = l->exact;
	pthread_mutex_unlock(&l->lock);
	return n;
}

struct snr {
	double mean;     /* -128: none heard */
	bool spread;     /* the samples differ (a fading model) */
};

static struct snr snr_of(struct listener *l)
{
	pthread_mutex_lock(&l->lock);
	struct snr s = {
		.mean = l->snr_n ? (double)l->snr_sum / l->snr_n : -128.0,
		.spread = l->snr_n && l->snr_min != l->snr_max,
	};
	pthread_mutex_unlock(&l->lock);
	return s;
}

static unsigned bw_of(struct listener *l)
{
	pthread_mutex_lock(&l->lock);
	unsigned b = l->last_bw;
	pthread_mutex_unlock(&l->lock);
	return b;
}

/* Send a burst and return the airtime the talker's model put on the air
 * for it. */
static uint64_t send_burst(dvr_device *tx, const char *name)
{
	struct vchip *vc = vchip_find(name);
	struct vchip_stats before = { 0 }, after = { 0 };
	if (vc)
		vchip_get_stats(vc, &before);
	uint8_t fr[E2E_FRAME_LEN];
	for (unsigned i = 0; i < N_FRAMES; i++) {
		burst_frame(fr, i);
		CHECK_EQ_INT(dvr_send(tx, fr, sizeof fr), DVR_OK, "send");
	}
	CHECK_EQ_INT(dvr_flush(tx, 3000), DVR_OK, "flush");
	if (vc)
		vchip_get_stats(vc, &after);
	return after.tx_airtime_us - before.tx_airtime_us;
}

static dvr_device *open_on(const char *chip, const char *name,
                           struct listener *l, unsigned bw)
{
	char sel[128];
	snprintf(sel, sizeof sel, "virtual:%s,chip=%s,rssi=-60", name, chip);
	struct dvr_config cfg = { .on_rx = l ? on_rx : NULL, .user = l };
	dvr_device *d = NULL;
	if (dvr_open(sel, &cfg, &d) != DVR_OK)
		return NULL;
	struct dvr_channel ch = { .channel = 44, .bw_mhz = (uint16_t)bw };
	if (dvr_start(d, &ch) != DVR_OK) {
		printf("# start %s at %u MHz: %s\n", name, bw,
		       dvr_last_error(d));
		dvr_close(d);
		return NULL;
	}
	return d;
}

static void set_bw(dvr_device *d, unsigned bw, const char *who)
{
	char what[96];
	struct dvr_channel ch = { .channel = 44, .bw_mhz = (uint16_t)bw };
	snprintf(what, sizeof what, "%s to 44 at %u MHz", who, bw);
	CHECK_EQ_INT(dvr_set_channel(d, &ch), DVR_OK, what);
}

static void check_refused(const char *chip)
{
	dvr_device *d = NULL;
	char sel[96];
	snprintf(sel, sizeof sel, "virtual:plain,chip=%s", chip);
	CHECK_EQ_INT(dvr_open(sel, NULL, &d), DVR_OK, "open");
	if (!d)
		return;
	for (unsigned bw = 5; bw <= 10; bw += 5) {
		struct dvr_channel ch = { .channel = 44,
			                  .bw_mhz = (uint16_t)bw };
		CHECK_EQ_INT(dvr_start(d, &ch), DVR_E_UNSUPPORTED,
		             bw == 5 ? "5 MHz refused" : "10 MHz refused");
		const char *why = dvr_last_error(d);
		printf("# %s\n", why);
		CHECK(strstr(why, dvr_chip_name(d)) != NULL,
		      "the refusal names the chip");
		CHECK(strstr(why, "no narrowband") != NULL,
		      "and says it has no narrowband mode");
	}
	struct dvr_channel c20 = { .channel = 44, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_start(d, &c20), DVR_OK, "20 MHz still starts");
	struct dvr_channel c5 = { .channel = 44, .bw_mhz = 5 };
	CHECK_EQ_INT(dvr_set_channel(d, &c5), DVR_E_UNSUPPORTED,
	             "a retune to 5 MHz refused too");
	dvr_close(d);
}

static void check_airtime_api(void)
{
	struct dvr_rate r = { .kind = DVR_RATE_HT, .mcs = 3 };
	uint32_t a20 = dvr_airtime_us(&r, 20, false, 1000);
	CHECK(a20 > 0, "20 MHz airtime");
	CHECK_EQ_INT(dvr_airtime_us(&r, 10, false, 1000), 2 * a20,
	             "dvr_airtime_us: 10 MHz twice 20 MHz");
	CHECK_EQ_INT(dvr_airtime_us(&r, 5, false, 1000), 4 * a20,
	             "dvr_airtime_us: 5 MHz four times");
	CHECK_EQ_INT(dvr_phy_rate_kbps(&r, 10, false) * 2,
	             dvr_phy_rate_kbps(&r, 20, false),
	             "10 MHz phy rate is half");
}

static void pair_at(dvr_device *tx, dvr_device *rx10, unsigned bw,
                    struct snr snr20)
{
	char what[120];
	set_bw(tx, bw, "talker");
	set_bw(rx10, bw, "narrow listener");
	reset(&ln10);
	reset(&ln20);
	uint64_t und = e2e_wait_undecodable("wide", 0);
	send_burst(tx, "talker");
	snprintf(what, sizeof what, "%u MHz pair: all %u heard", bw, N_FRAMES);
	CHECK_EQ_INT(e2e_wait_count(&ln10.heard, N_FRAMES), N_FRAMES, what);
	snprintf(what, sizeof what, "%u MHz pair: every frame byte-exact", bw);
	CHECK_EQ_INT(exact_of(&ln10), N_FRAMES, what);
	snprintf(what, sizeof what, "the receiver reports %u MHz", bw);
	CHECK_EQ_INT(bw_of(&ln10), bw, what);
	struct snr snr = snr_of(&ln10);
	double gain = snr.mean - snr20.mean, want = bw == 10 ? 3.0 : 6.0;
	double slack = snr.spread || snr20.spread ? 1.0 : 0.0;
	printf("# SNR at %u MHz: %.2f dB (20 MHz %.2f dB)\n", bw, snr.mean,
	       snr20.mean);
	snprintf(what, sizeof what, "SNR at %u MHz is %.0f dB above 20 MHz's "
	         "(within %.0f dB)", bw, want, slack);
	CHECK(fabs(gain - want) <= slack, what);
	snprintf(what, sizeof what,
	         "a 20 MHz receiver hears the %u MHz frames as energy", bw);
	CHECK_EQ_INT(e2e_wait_undecodable("wide", und + N_FRAMES) - und,
	             N_FRAMES, what);
	CHECK_EQ_INT(atomic_load(&ln20.heard), 0, "and decodes none");
}

int main(int argc, char **argv)
{
	const char *chip = argc > 1 ? argv[1] : "8812a";
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-narrow-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);
	printf("# chip %s\n", chip);
	check_airtime_api();

	/* every chip but the 8821A, whose DAC divide starves its TX */
	static const char *const narrow_chips[] = {
		"8812a", "8811a", "8814a", "8822b", "8821c", "8822c", "8822e",
	};
	bool narrowband = false;
	for (size_t i = 0; i < sizeof narrow_chips / sizeof *narrow_chips;
	     i++)
		narrowband |= strcmp(chip, narrow_chips[i]) == 0;
	if (!narrowband) {
		check_refused(chip);
		e2e_air_remove(dir);
		return check_done();
	}

	dvr_device *rx10 = open_on(chip, "narrow", &ln10, 10);
	dvr_device *rx20 = open_on(chip, "wide", &ln20, 20);
	dvr_device *tx = open_on(chip, "talker", NULL, 20);
	CHECK(rx10 && rx20 && tx, "three adapters up, one at 10 MHz");
	if (rx10 && rx20 && tx) {
		struct vchip_tuning tu;
		char what[96];
		vchip_get_tuning(vchip_find("narrow"), &tu);
		CHECK_EQ_INT(tu.bw_mhz, 10, "the model reads 10 MHz from the "
		             "baseband's dividers");
		CHECK_EQ_INT(tu.channel, 44, "on channel 44");

		/* 20 MHz first: the reference SNR and airtime, and a
		 * 10 MHz receiver decodes none of it */
		uint64_t und = e2e_wait_undecodable("narrow", 0);
		uint64_t air20 = send_burst(tx, "talker");
		CHECK_EQ_INT(e2e_wait_count(&ln20.heard, N_FRAMES), N_FRAMES,
		             "20 MHz pair: all heard");
		CHECK_EQ_INT(exact_of(&ln20), N_FRAMES, "20 MHz byte-exact");
		CHECK_EQ_INT(bw_of(&ln20), 20, "20 MHz reported");
		struct snr snr20 = snr_of(&ln20);
		printf("# 20 MHz: SNR %.2f dB, %llu us on the air\n",
		       snr20.mean, (unsigned long long)air20);
		CHECK_EQ_INT(e2e_wait_undecodable("narrow", und + N_FRAMES) -
		                     und,
		             N_FRAMES, "a 10 MHz receiver hears a 20 MHz "
		             "sender as energy");
		CHECK_EQ_INT(atomic_load(&ln10.heard), 0, "and decodes none");

		/* TX power folds to the 20 MHz column: the regulatory and
		 * by-rate tables have no 5/10 MHz rows (OpenIPC devourer
		 * docs/narrowband.md) */
		int mbm20 = dvr_tx_power_mbm(tx);
		set_bw(tx, 10, "talker");
		CHECK_EQ_INT(dvr_tx_power_mbm(tx), mbm20,
		             "10 MHz: the 20 MHz channel's TX power");
		uint64_t air10 = send_burst(tx, "talker");
		CHECK_EQ_INT(air10, 2 * air20, "10 MHz frames take twice "
		             "the airtime");
		set_bw(tx, 5, "talker");
		CHECK_EQ_INT(dvr_tx_power_mbm(tx), mbm20,
		             "5 MHz: the 20 MHz channel's TX power");
		uint64_t air5 = send_burst(tx, "talker");
		CHECK_EQ_INT(air5, 4 * air20, "5 MHz frames four times");
		printf("# airtime of %u frames: 20 MHz %llu us, 10 MHz %llu "
		       "us, 5 MHz %llu us\n", N_FRAMES,
		       (unsigned long long)air20, (unsigned long long)air10,
		       (unsigned long long)air5);

		pair_at(tx, rx10, 10, snr20);
		pair_at(tx, rx10, 5, snr20);

		/* a move to another channel at 5 MHz keeps the re-clock (a
		 * full set: no hop carries it) */
		struct dvr_channel c48 = { .channel = 48, .bw_mhz = 5 };
		CHECK_EQ_INT(dvr_set_channel(tx, &c48), DVR_OK, "talker to 48");
		CHECK_EQ_INT(dvr_set_channel(rx10, &c48), DVR_OK,
		             "listener to 48");
		vchip_get_tuning(vchip_find("talker"), &tu);
		CHECK(tu.channel == 48 && tu.bw_mhz == 5,
		      "the talker's model: channel 48 at 5 MHz");
		reset(&ln10);
		send_burst(tx, "talker");
		CHECK_EQ_INT(e2e_wait_count(&ln10.heard, N_FRAMES), N_FRAMES,
		             "5 MHz on 48: all heard");
		CHECK_EQ_INT(exact_of(&ln10), N_FRAMES, "and byte-exact");
		set_bw(tx, 5, "talker back");

		/* TX vectors: radiotap's 20 MHz is the channel's width, a
		 * 40 MHz PPDU does not fit a 5 MHz channel */
		struct dvr_tx_params p = { .rate = { .kind = DVR_RATE_HT,
			                             .mcs = 1 },
			                   .bw_mhz = 20 };
		char why[160];
		CHECK_EQ_INT(dvr_check_tx_params(tx, &p, why, sizeof why),
		             DVR_OK, "a 20 MHz vector on a 5 MHz channel");
		p.bw_mhz = 40;
		CHECK_EQ_INT(dvr_check_tx_params(tx, &p, why, sizeof why),
		             DVR_E_INVALID, "a 40 MHz vector is refused");
		printf("# %s\n", why);

		/* back to 20 MHz, then 40: the re-clock undone, the pair
		 * on the full clock again */
		for (unsigned bw = 20; bw <= 40; bw += 20) {
			struct dvr_channel wide = { .channel = 44,
				                    .bw_mhz = (uint16_t)bw,
				                    .secondary = bw == 40 };
			snprintf(what, sizeof what, "both to 44 at %u MHz", bw);
			CHECK(dvr_set_channel(tx, &wide) == DVR_OK &&
			      dvr_set_channel(rx10, &wide) == DVR_OK, what);
			vchip_get_tuning(vchip_find("narrow"), &tu);
			snprintf(what, sizeof what, "the listener's model: "
			         "%u MHz", bw);
			CHECK_EQ_INT(tu.bw_mhz, bw, what);
			reset(&ln10);
			uint64_t air = send_burst(tx, "talker");
			snprintf(what, sizeof what, "%u MHz again: all heard, "
			         "byte-exact", bw);
			CHECK(e2e_wait_count(&ln10.heard, N_FRAMES) == N_FRAMES &&
			      exact_of(&ln10) == N_FRAMES, what);
			if (bw == 20)
				CHECK_EQ_INT(air, air20, "at 20 MHz airtime");
		}
	}
	if (tx)
		dvr_close(tx);
	if (rx20)
		dvr_close(rx20);
	if (rx10)
		dvr_close(rx10);
	e2e_air_remove(dir);
	return check_done();
}
