/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Two chips of the test list (the arguments; meson runs every pair), a
 * virtual adapter each on one air, each brought up through its own real
 * HAL, talk to each other: every frame one sends arrives byte for byte
 * at the other, in both directions, on 5 GHz at 20, 40 and 80 MHz (VHT
 * with as many streams as both chips have, from their rows of
 * tests/chip_table.h) and on 2.4 GHz — where a sender whose board the
 * driver says airs nothing decodable (dvr_tx_caveat: the RTL8812EU's
 * BL-M8812EU2) must deliver nothing — and the receiver's RX metadata
 * (rate, bandwidth, signal) says what was sent and what the air gave it.
 * The two chips share nothing but the air: different TX/RX descriptors,
 * PHY status and firmware.
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/chip_table.h"

#define N_FRAMES 12
#define PAYLOAD 300
#define MAX_KEPT 32

struct kept {
	uint8_t data[24 + PAYLOAD];
	size_t len;
	struct dvr_rx_info info;
};

/* What one adapter heard of the test's frames (tag "xchip"). */
struct station {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct kept frames[MAX_KEPT];
	unsigned n;
	dvr_device *dev;
	struct vchip *vc; /* its chip model */
	int rssi_dbm;     /* signal the model gives this receiver from a
	                     sender at the air's reference power */
};

static void on_rx(void *user, const struct dvr_rx_frame *f)
{
	struct station *s = user;
	if (f->len != 24 + PAYLOAD || memcmp(f->data + 24, "xchip", 5) != 0)
		return;
	pthread_mutex_lock(&s->lock);
	if (s->n < MAX_KEPT) {
		memcpy(s->frames[s->n].data, f->data, f->len);
		s->frames[s->n].len = f->len;
		s->frames[s->n].info = f->info;
	}
	s->n++;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
}

/* Wait until the station heard @p want frames (at most @p secs). */
static unsigned wait_heard(struct station *s, unsigned want, unsigned secs)
{
	struct timespec dl;
	clock_gettime(CLOCK_REALTIME, &dl);
	dl.tv_sec += secs;
	pthread_mutex_lock(&s->lock);
	while (s->n < want &&
	       pthread_cond_timedwait(&s->cond, &s->lock, &dl) == 0)
		;
	unsigned n = s->n;
	pthread_mutex_unlock(&s->lock);
	return n;
}

static void reset_heard(struct station *s)
{
	pthread_mutex_lock(&s->lock);
	s->n = 0;
	pthread_mutex_unlock(&s->lock);
}

static int open_station(struct station *s, const char *sel,
                        const struct dvr_channel *ch)
{
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->cond, NULL);
	struct dvr_config cfg = { .on_rx = on_rx, .user = s };
	if (dvr_open(sel, &cfg, &s->dev) != DVR_OK)
		return -1;
	if (dvr_start(s->dev, ch) != DVR_OK) {
		printf("# start %s: %s\n", sel, dvr_last_error(s->dev));
		return -1;
	}
	return 0;
}

static void make_frame(uint8_t *fr, unsigned seq, uint8_t src)
{
	static const uint8_t hdr[24] = {
		0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0, 0, 0, 0, 0, 0x02, 0, 0, 0, 0, 0, 0x00, 0x00,
	};
	memcpy(fr, hdr, 24);
	fr[15] = src;
	fr[21] = src;
	memcpy(fr + 24, "xchip", 5);
	for (unsigned i = 5; i < PAYLOAD; i++)
		fr[24 + i] = (uint8_t)(seq * 31u + i * 7u + src);
}

struct link_case {
	const char *name;
	struct dvr_channel ch;
	struct dvr_tx_params tx;
};

/* Send N_FRAMES from tx to rx, check they arrived unchanged with the
 * TX vector in their metadata. */
static void one_way(const struct link_case *c, struct station *tx,
                    struct station *rx, const char *dir, uint8_t src)
{
	char what[160];
	reset_heard(rx);
	struct vchip_stats before = { 0 };
	if (rx->vc)
		vchip_get_stats(rx->vc, &before);
	uint8_t sent[N_FRAMES][24 + PAYLOAD];
	unsigned ok_sends = 0;
	for (unsigned i = 0; i < N_FRAMES; i++) {
		make_frame(sent[i], i, src);
		if (dvr_send_raw(tx->dev, sent[i], sizeof sent[i], &c->tx) ==
		    DVR_OK)
			ok_sends++;
	}
	snprintf(what, sizeof what, "%s %s: %u frames accepted", c->name, dir,
	         N_FRAMES);
	CHECK_EQ_INT(ok_sends, N_FRAMES, what);
	/* A board the driver knows airs nothing decodable on this channel
	 * (dvr_tx_caveat) sends them all the same, and the air gives the
	 * receiver none: the warning tells the truth. */
	const char *caveat = dvr_tx_caveat(tx->dev, &c->ch);
	if (caveat) {
		printf("# %s %s: the sender's board: %s\n", c->name, dir,
		       caveat);
		snprintf(what, sizeof what, "%s %s: the sender's frames left "
		         "its queues", c->name, dir);
		CHECK_EQ_INT(dvr_flush(tx->dev, 5000), DVR_OK, what);
		/* The receiving chip has judged every frame once its model
		 * counts them all as energy it could not decode; only then
		 * is "none heard" an answer and not a race. */
		if (rx->vc) {
			struct vchip_stats after = { 0 };
			uint64_t want = before.rx_undecodable + N_FRAMES;
			for (int i = 0; i < 5000; i++) {
				vchip_get_stats(rx->vc, &after);
				if (after.rx_undecodable >= want)
					break;
				nanosleep(&(struct timespec){ 0, 1000000L },
				          NULL);
			}
			snprintf(what, sizeof what, "%s %s: the receiver heard "
			         "all %u as undecodable energy", c->name, dir,
			         N_FRAMES);
			CHECK(after.rx_undecodable >= want, what);
		}
		pthread_mutex_lock(&rx->lock);
		unsigned none = rx->n;
		pthread_mutex_unlock(&rx->lock);
		snprintf(what, sizeof what, "%s %s: none decoded, as the "
		         "driver warns", c->name, dir);
		CHECK_EQ_INT(none, 0, what);
		return;
	}
	unsigned heard = wait_heard(rx, N_FRAMES, 5);
	snprintf(what, sizeof what, "%s %s: %u frames heard", c->name, dir,
	         N_FRAMES);
	CHECK_EQ_INT(heard, N_FRAMES, what);

	/* every frame of a case arrives with the same power */
	struct vchip_stats vst = { 0 };
	if (rx->vc)
		vchip_get_stats(rx->vc, &vst);
	int air_rssi = rx->vc ? (int)vst.rx_last_rssi_dbm : rx->rssi_dbm;
	pthread_mutex_lock(&rx->lock);
	unsigned n = rx->n < N_FRAMES ? rx->n : N_FRAMES;
	unsigned exact = 0, rate_ok = 0, bw_ok = 0, rssi_ok = 0, chan_ok = 0;
	unsigned chains_ok = 0, paths = dvr_rf_paths(rx->dev);
	for (unsigned i = 0; i < n; i++) {
		const struct kept *k = &rx->frames[i];
		/* in order: the air keeps the sender's order */
		if (k->len == sizeof sent[i] &&
		    memcmp(k->data, sent[i], k->len) == 0)
			exact++;
		const struct dvr_rate *r = &k->info.rate;
		if (r->kind == c->tx.rate.kind &&
		    (r->kind == DVR_RATE_LEGACY
		         ? r->legacy_500k == c->tx.rate.legacy_500k
		         : r->mcs == c->tx.rate.mcs &&
		               (r->kind != DVR_RATE_VHT ||
		                r->nss == c->tx.rate.nss)))
			rate_ok++;
		if (k->info.bw_mhz == c->tx.bw_mhz)
			bw_ok++;
		if (k->info.channel == c->ch.channel)
			chan_ok++;
		/* an OFDM frame is reported on every chain the receiver
		 * has (four on an RTL8814AU); a CCK one on at least one */
		unsigned v = r->legacy_500k;
		bool cck = r->kind == DVR_RATE_LEGACY &&
		           (v == 2 || v == 4 || v == 11 || v == 22);
		if (cck ? k->info.n_chains >= 1 && k->info.n_chains <= paths
		        : k->info.n_chains == paths)
			chains_ok++;
		/* the signal the air gave this receiver (the link's rssi=,
		 * moved by the sender's TX power where the sender's model
		 * has one), as the chip's PHY status reports it (a few dB
		 * of quantisation) */
		if (k->info.signal_dbm <= air_rssi + 4 &&
		    k->info.signal_dbm >= air_rssi - 4)
			rssi_ok++;
		else if (i == 0)
			printf("# %s %s: signal %d dBm\n", c->name, dir,
			       k->info.signal_dbm);
		if (i == 0)
			printf("# %s %s: kind %u mcs %u nss %u legacy %u bw %u "
			       "signal %d chains %u\n", c->name, dir, r->kind,
			       r->mcs, r->nss, r->legacy_500k, k->info.bw_mhz,
			       k->info.signal_dbm, k->info.n_chains);
	}
	pthread_mutex_unlock(&rx->lock);
	snprintf(what, sizeof what, "%s %s: byte-exact, in order", c->name,
	         dir);
	CHECK_EQ_INT(exact, N_FRAMES, what);
	snprintf(what, sizeof what, "%s %s: RX rate is the TX rate", c->name,
	         dir);
	CHECK_EQ_INT(rate_ok, N_FRAMES, what);
	snprintf(what, sizeof what, "%s %s: RX bandwidth %u MHz", c->name, dir,
	         c->tx.bw_mhz);
	CHECK_EQ_INT(bw_ok, N_FRAMES, what);
	snprintf(what, sizeof what, "%s %s: RX channel %u", c->name, dir,
	         c->ch.channel);
	CHECK_EQ_INT(chan_ok, N_FRAMES, what);
	snprintf(what, sizeof what, "%s %s: reported on the receiver's %u "
	         "chains", c->name, dir, paths);
	CHECK_EQ_INT(chains_ok, N_FRAMES, what);
	snprintf(what, sizeof what, "%s %s: signal near the %d dBm the air "
	         "gave", c->name, dir, air_rssi);
	CHECK_EQ_INT(rssi_ok, N_FRAMES, what);
}

/* "virtual:NAME,chip=CHIP,rssi=DBM" up on ch; 0, or -1 (and why). */
static int open_chip(struct station *s, const char *name,
                     const struct test_chip *tc, const struct dvr_channel *ch)
{
	char sel[96], what[160];
	snprintf(sel, sizeof sel, "virtual:%s,chip=%s,rssi=%d", name, tc->name,
	         s->rssi_dbm);
	int r = open_station(s, sel, ch);
	s->vc = vchip_find(name);
	snprintf(what, sizeof what, "%s adapter up", tc->dvr_name);
	CHECK_EQ_INT(r, 0, what);
	if (r == 0) {
		snprintf(what, sizeof what, "%s is the %s", name, tc->dvr_name);
		CHECK(strcmp(dvr_chip_name(s->dev), tc->dvr_name) == 0, what);
	}
	return r;
}

int main(int argc, char **argv)
{
	const struct test_chip *ta = test_chip_find(argc > 2 ? argv[1] : NULL);
	const struct test_chip *tb = test_chip_find(argc > 2 ? argv[2] : NULL);
	if (!CHECK(ta && tb, "two chips of tests/chip_table.h named"))
		return check_done();
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-xchip-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);

	uint8_t nss = (uint8_t)(ta->nss < tb->nss ? ta->nss : tb->nss);
	char vht_name[48];
	snprintf(vht_name, sizeof vht_name, "5 GHz ch36/80 VHT %uSS MCS4",
	         nss);
	const struct link_case cases[] = {
		{ "5 GHz ch36/20 OFDM 24M", { 36, 20, 0 },
		  { .rate = { DVR_RATE_LEGACY, 48, 0, 0 }, .bw_mhz = 20,
		    .no_ack = true, .keep_seq = true } },
		{ "5 GHz ch149/40 HT MCS3", { 149, 40, 0 },
		  { .rate = { DVR_RATE_HT, 0, 3, 0 }, .bw_mhz = 40,
		    .no_ack = true, .keep_seq = true } },
		{ vht_name, { 36, 80, 0 },
		  { .rate = { DVR_RATE_VHT, 0, 4, nss }, .bw_mhz = 80,
		    .no_ack = true, .keep_seq = true } },
		{ "2.4 GHz ch6/20 HT MCS1", { 6, 20, 0 },
		  { .rate = { DVR_RATE_HT, 0, 1, 0 }, .bw_mhz = 20,
		    .no_ack = true, .keep_seq = true } },
		{ "2.4 GHz ch11/20 CCK 11M", { 11, 20, 0 },
		  { .rate = { DVR_RATE_LEGACY, 22, 0, 0 }, .bw_mhz = 20,
		    .no_ack = true, .keep_seq = true } },
	};
	/* Different signals, so each receiver's report is its own. */
	/* Strong enough for every case's rate even from a sender whose
	 * regulatory limit holds a rate far below its reference power
	 * (the RTL8812EU's VHT 2SS at 36/80 airs about 20 dB under it). */
	struct station a = { .rssi_dbm = -45 }, b = { .rssi_dbm = -30 };
	char a_to_b[64], b_to_a[64];
	snprintf(a_to_b, sizeof a_to_b, "%s->%s", ta->name, tb->name);
	snprintf(b_to_a, sizeof b_to_a, "%s->%s", tb->name, ta->name);
	int ra = open_chip(&a, "xchipa", ta, &cases[0].ch);
	int rb = open_chip(&b, "xchipb", tb, &cases[0].ch);
	if (ra == 0 && rb == 0) {
		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			const struct link_case *k = &cases[i];
			int s1 = dvr_set_channel(a.dev, &k->ch);
			int s2 = dvr_set_channel(b.dev, &k->ch);
			CHECK(s1 == DVR_OK && s2 == DVR_OK, k->name);
			if (s1 != DVR_OK || s2 != DVR_OK)
				continue;
			one_way(k, &a, &b, a_to_b, 0xA1);
			one_way(k, &b, &a, b_to_a, 0xB2);
		}
	}
	if (a.dev)
		dvr_close(a.dev);
	if (b.dev)
		dvr_close(b.dev);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
