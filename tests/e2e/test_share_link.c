// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Two WFB-NG link streams each way over one shared virtual adapter per
 * side, as a drone and its ground station carry them: video and
 * telemetry down, telemetry and commands up. Every stream is its own
 * share with its own link id or radio port, keys, FEC k/n and TX vector
 * (dvr_link_tx_set_radiotap), sent from its own thread; both adapters
 * lose frames on the air (loss=, seed=), so FEC has to repair.
 *
 * Checked: every stream delivers every packet byte for byte and in order,
 * FEC repaired some, nothing was lost; each stream's frames arrive at its
 * own TX vector; no receiver ever sees a frame of a stream another share
 * claims (other_link and other_port stay 0), while a frame of a link
 * nobody claims reaches every receiver's diagnostics.
 */
#include <limits.h>
#include <pthread.h>

#include <devourer/link.h>

#include "tests/e2e/e2e_common.h"

/* Frames on their way from one station's host to the other's (queued
 * to send, on the air, or heard and not yet taken) before a sender
 * waits. What a receiving station can hold: the 16 bulk IN transfers
 * the driver posts (dvr_config.rx_transfers' default; one frame each
 * while the host keeps up) and the 8812A's 16000-byte RX FIFO, about
 * ten 1.4 kB frames: some 26 frames. A sender may overshoot by a block's parity (6 frames
 * at 8/14) and the other sender to that station by a frame or two, so
 * the bound leaves room for both; beyond that capacity the chip drops,
 * as the silicon does when its host falls behind the air. */
#define BACKLOG_MAX 8

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

struct station {
	const char *name;
	const char *selector;
	dvr_share *any;       /* one of its shares, for the device */
};

struct stream {
	const char *what;
	uint32_t link_id;
	uint8_t port;
	uint8_t k, n;
	unsigned packets;
	size_t max_len;
	struct dvr_tx_params vector;
	struct station *from, *to;
	struct dvr_link_keys tx_keys, rx_keys;

	dvr_share *tx_share, *rx_share;
	struct dvr_link_tx *tx;
	struct dvr_link_rx *rx;
	atomic_int send_errors;

	/* RX side: on the receiving device's thread only */
	unsigned next_seq;
	unsigned wrong;          /* packets not as sent, or out of order */
	unsigned wrong_rate;     /* own frames at another TX vector */
	atomic_uint delivered;
	atomic_uint mine;        /* frames of its own link and port */
	atomic_uint foreign;     /* frames of a link nobody claims */
};

/* Packet seq of stream s: its length and every byte follow from both. */
static size_t make_packet(const struct stream *s, unsigned seq, uint8_t *buf)
{
	size_t len = 8 + (seq * 37u) % (s->max_len - 7);
	buf[0] = (uint8_t)s->link_id;
	buf[1] = s->port;
	buf[2] = (uint8_t)(seq >> 8);
	buf[3] = (uint8_t)seq;
	uint32_t x = seq * 2654435761u + s->port;
	for (size_t i = 4; i < len; i++) {
		x = x * 1103515245u + 12345u;
		buf[i] = (uint8_t)(x >> 16);
	}
	return len;
}

static void on_packet(void *user, const uint8_t *data, size_t len)
{
	struct stream *s = user;
	uint8_t want[DVR_LINK_MAX_PAYLOAD];
	size_t want_len = make_packet(s, s->next_seq, want);
	if (len != want_len || memcmp(data, want, len) != 0)
		s->wrong++;
	s->next_seq++;
	atomic_fetch_add(&s->delivered, 1);
}

static bool same_rate(const struct dvr_rate *a, const struct dvr_rate *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == DVR_RATE_LEGACY)
		return a->legacy_500k == b->legacy_500k;
	return a->mcs == b->mcs;
}

static void on_frame(void *user, const struct dvr_rx_frame *f)
{
	struct stream *s = user;
	uint32_t own = dvr_link_channel_id(s->link_id, s->port);
	bool mine = f->len >= 16 && f->data[10] == 'W' &&
	            f->data[11] == 'B' &&
	            ((uint32_t)f->data[12] << 24 | (uint32_t)f->data[13] << 16 |
	             (uint32_t)f->data[14] << 8 | f->data[15]) == own;
	if (!mine) {
		atomic_fetch_add(&s->foreign, 1);
	} else {
		atomic_fetch_add(&s->mine, 1);
		if (!same_rate(&f->info.rate, &s->vector.rate))
			s->wrong_rate++;
	}
	dvr_link_rx_push(s->rx, 0, f->info.signal_dbm, f->data, f->len,
	                 now_ms());
}

static int emit(void *user, const uint8_t *frame, size_t len)
{
	struct stream *s = user;
	int r = dvr_share_send(s->tx_share, frame, len);
	if (r != DVR_OK)
		atomic_fetch_add(&s->send_errors, 1);
	return r;
}

/* Frames the station heard that its host has not taken yet. */
static uint64_t backlog(const struct station *st)
{
	struct vchip *vc = vchip_find(st->name);
	if (!vc || !st->any)
		return 0;
	struct vchip_stats v;
	vchip_get_stats(vc, &v);
	struct dvr_rx_stats r;
	dvr_get_rx_stats(dvr_share_device(st->any), &r);
	uint64_t gone = v.rx_lost + v.rx_filtered + v.rx_fifo_overflow +
	                v.rx_too_long + r.frames + r.crc_errors;
	return v.rx_heard > gone ? v.rx_heard - gone : 0;
}

/* Frames the station's host handed its adapter that are not on the air
 * yet (in the driver's or the chip's TX queue). */
static uint64_t unaired(const struct station *st)
{
	struct vchip *vc = vchip_find(st->name);
	if (!vc || !st->any)
		return 0;
	struct vchip_stats v;
	vchip_get_stats(vc, &v);
	struct dvr_tx_stats t;
	dvr_get_tx_stats(dvr_share_device(st->any), &t);
	uint64_t gone = t.failed + t.timeouts + v.tx_aired + v.tx_bad_checksum +
	                v.tx_bad_desc + v.tx_bad_queue + v.tx_not_ready;
	return t.submitted > gone ? t.submitted - gone : 0;
}

/* Bounded wait until what one station sent the other and the other's
 * host has not taken is within BACKLOG_MAX: counting only the
 * receiver's side is not enough, since frames queued at the sender while
 * its chip's thread was held back still reach the receiver at the air's
 * rate, faster than a loaded receiving host takes them. */
static void pace(const struct station *from, const struct station *to)
{
	for (int i = 0; i < 5000 && unaired(from) + backlog(to) > BACKLOG_MAX;
	     i++)
		e2e_pause_1ms();
}

/* Whether every frame from -> to has been aired, heard and handed to
 * its shares: each frame the station's host counted went either to the
 * one share claiming it or, unclaimed, to every receiver there. Only
 * then may a receiver close; a frame still on its way would be nobody's
 * by then and rightly reach the other receivers as a stray. */
static bool settled(const struct station *from, const struct station *to,
                    struct stream *st, int n)
{
	if (unaired(from) + backlog(to) != 0)
		return false;
	uint64_t mine = 0;
	unsigned foreign = UINT_MAX;
	for (int i = 0; i < n; i++) {
		if (st[i].to != to)
			continue;
		mine += atomic_load(&st[i].mine);
		unsigned f = atomic_load(&st[i].foreign);
		foreign = f < foreign ? f : foreign;
	}
	struct dvr_rx_stats r;
	dvr_get_rx_stats(dvr_share_device(to->any), &r);
	return foreign != UINT_MAX && mine + foreign == r.frames;
}

static void *sender(void *arg)
{
	struct stream *s = arg;
	uint8_t pkt[DVR_LINK_MAX_PAYLOAD];
	for (unsigned seq = 0; seq < s->packets; seq++) {
		size_t len = make_packet(s, seq, pkt);
		dvr_link_tx_send(s->tx, pkt, len, now_ms());
		pace(s->from, s->to);
	}
	dvr_link_tx_flush(s->tx, now_ms());
	return NULL;
}

static int open_share(struct station *st, struct stream *s, bool rx,
                      dvr_share **out)
{
	struct dvr_share_config cfg = { 0 };
	cfg.device.firmware_dir = getenv("DEVOURER_TEST_FIRMWARE_DIR");
	cfg.device.tx_mode = DVR_TX_ASYNC;
	cfg.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };
	if (rx) {
		cfg.device.on_rx = on_frame;
		cfg.device.user = s;
		dvr_link_rx_match(s->link_id, s->port, &cfg.match);
	}
	int r = dvr_share_open(st->selector, &cfg, out);
	if (r == DVR_OK && !st->any)
		st->any = *out;
	return r;
}

static bool setup(struct stream *s)
{
	struct dvr_link_keys drone, gs;
	if (dvr_link_keygen_random(&drone, &gs) != DVR_OK)
		return false;
	s->tx_keys = drone;
	s->rx_keys = gs;
	struct dvr_link_rx_config rc = { .link_id = s->link_id,
		                         .radio_port = s->port };
	if (dvr_link_rx_new(&rc, &s->rx_keys, on_packet, s, &s->rx) != DVR_OK)
		return false;
	/* The receiver listens before anything is sent. */
	if (open_share(s->to, s, true, &s->rx_share) != DVR_OK)
		return false;
	if (open_share(s->from, s, false, &s->tx_share) != DVR_OK)
		return false;
	struct dvr_link_tx_config tc = { .link_id = s->link_id,
		                         .radio_port = s->port, .k = s->k,
		                         .n = s->n };
	if (dvr_link_tx_new(&tc, &s->tx_keys, emit, s, &s->tx) != DVR_OK)
		return false;
	return dvr_link_tx_set_radiotap(s->tx, &s->vector) == DVR_OK;
}

static void wait_delivered(struct stream *s)
{
	for (int i = 0; i < 10000 && atomic_load(&s->delivered) < s->packets;
	     i++)
		e2e_pause_1ms();
}

int main(void)
{
	const char *fw = getenv("DEVOURER_TEST_FIRMWARE_DIR");
	if (fw)
		setenv("DEVOURER_FIRMWARE_DIR", fw, 1);
	char air[] = "/tmp/dvr-share-link-XXXXXX";
	if (e2e_air_make(air) != 0)
		return 1;

	struct station drone = { "sl-drone", "virtual:sl-drone,loss=0.05,seed=11",
		                 NULL };
	struct station ground = { "sl-ground",
		                  "virtual:sl-ground,loss=0.05,seed=29", NULL };
	struct stream st[4] = {
		{ .what = "video down", .link_id = 7, .port = 0, .k = 8,
		  .n = 14, .packets = 240, .max_len = 1400,
		  .vector = { .rate = { .kind = DVR_RATE_HT, .mcs = 1 },
		              .bw_mhz = 20, .no_ack = true },
		  .from = &drone, .to = &ground },
		{ .what = "telemetry down", .link_id = 7, .port = 16, .k = 2,
		  .n = 6, .packets = 120, .max_len = 120,
		  .vector = { .rate = { .kind = DVR_RATE_LEGACY,
		                        .legacy_500k = 12 },
		              .bw_mhz = 20, .no_ack = true },
		  .from = &drone, .to = &ground },
		{ .what = "telemetry up", .link_id = 7, .port = 144, .k = 4,
		  .n = 8, .packets = 120, .max_len = 200,
		  .vector = { .rate = { .kind = DVR_RATE_HT, .mcs = 3 },
		              .bw_mhz = 20, .short_gi = true, .no_ack = true },
		  .from = &ground, .to = &drone },
		{ .what = "commands up", .link_id = 9, .port = 160, .k = 1,
		  .n = 4, .packets = 60, .max_len = 64,
		  .vector = { .rate = { .kind = DVR_RATE_LEGACY,
		                        .legacy_500k = 24 },
		              .bw_mhz = 20, .no_ack = true },
		  .from = &ground, .to = &drone },
	};
	bool ok = true;
	for (int i = 0; i < 4 && ok; i++)
		ok = CHECK(setup(&st[i]), st[i].what);
	if (!ok)
		return check_done();
	CHECK_EQ_INT(dvr_share_users(drone.any), 4,
	             "the drone's four streams share one adapter");
	CHECK_EQ_INT(dvr_share_users(ground.any), 4,
	             "so do the ground's");

	pthread_t th[4];
	for (int i = 0; i < 4; i++)
		pthread_create(&th[i], NULL, sender, &st[i]);
	for (int i = 0; i < 4; i++)
		pthread_join(th[i], NULL);
	for (int i = 0; i < 4; i++)
		wait_delivered(&st[i]);

	/* A link nobody claims: every receiver's diagnostics hear it. */
	struct stream stray = { .what = "stray", .link_id = 11, .port = 0,
		                .k = 1, .n = 1, .packets = 6, .max_len = 50,
		                .vector = { .rate = { .kind = DVR_RATE_LEGACY,
		                                      .legacy_500k = 12 } },
		                .from = &ground, .to = &drone };
	struct dvr_link_keys dk, gk;
	dvr_link_keygen_random(&dk, &gk);
	stray.tx_keys = dk;
	CHECK_EQ_INT(open_share(&ground, &stray, false, &stray.tx_share),
	             DVR_OK, "a stray sender on the ground");
	struct dvr_link_tx_config tc = { .link_id = 11, .k = 1, .n = 1 };
	CHECK_EQ_INT(dvr_link_tx_new(&tc, &dk, emit, &stray, &stray.tx),
	             DVR_OK, "its link");
	CHECK_EQ_INT(dvr_link_tx_set_radiotap(stray.tx, &stray.vector), DVR_OK,
	             "its TX vector");
	sender(&stray);
	CHECK_EQ_INT(atomic_load(&stray.send_errors), 0, "the stray link sent");
	for (int i = 2; i < 4; i++)
		for (int w = 0; w < 5000 && atomic_load(&st[i].foreign) == 0; w++)
			e2e_pause_1ms();

	for (int w = 0; w < 10000 && !(settled(&drone, &ground, st, 4) &&
	                                settled(&ground, &drone, st, 4));
	     w++)
		e2e_pause_1ms();
	CHECK(settled(&drone, &ground, st, 4) && settled(&ground, &drone, st, 4),
	      "every frame on the air reached its shares before they close");

	/* After a share closes none of its callbacks runs: the link
	 * receivers are then ours to read. */
	for (int i = 0; i < 4; i++)
		dvr_share_close(st[i].rx_share);
	struct vchip_stats vd, vg;
	vchip_get_stats(vchip_find("sl-drone"), &vd);
	vchip_get_stats(vchip_find("sl-ground"), &vg);
	/* the hosts' view, through shares still open */
	struct dvr_rx_stats rd, rg;
	dvr_get_rx_stats(dvr_share_device(st[0].tx_share), &rd);
	dvr_get_rx_stats(dvr_share_device(st[2].tx_share), &rg);
	printf("# air losses: drone %llu, ground %llu; FIFO overflows %llu, "
	       "%llu; bad FCS at the host %llu, %llu\n",
	       (unsigned long long)vd.rx_lost, (unsigned long long)vg.rx_lost,
	       (unsigned long long)vd.rx_fifo_overflow,
	       (unsigned long long)vg.rx_fifo_overflow,
	       (unsigned long long)rd.crc_errors,
	       (unsigned long long)rg.crc_errors);
	CHECK(vd.rx_lost > 0 && vg.rx_lost > 0, "both sides lost frames");

	uint64_t repaired = 0;
	for (int i = 0; i < 4; i++) {
		struct stream *s = &st[i];
		struct dvr_link_rx_stats rs;
		dvr_link_rx_get_stats(s->rx, &rs);
		printf("# %s: delivered %u of %u, recovered %llu, lost %llu, "
		       "other_link %llu, other_port %llu, wrong rate %u\n",
		       s->what, atomic_load(&s->delivered), s->packets,
		       (unsigned long long)rs.fec_recovered,
		       (unsigned long long)rs.lost,
		       (unsigned long long)rs.other_link,
		       (unsigned long long)rs.other_port, s->wrong_rate);
		char what[120];
		snprintf(what, sizeof what, "%s: every packet delivered",
		         s->what);
		CHECK_EQ_INT(atomic_load(&s->delivered), s->packets, what);
		snprintf(what, sizeof what, "%s: byte for byte, in order",
		         s->what);
		CHECK_EQ_INT(s->wrong, 0, what);
		snprintf(what, sizeof what, "%s: nothing lost", s->what);
		CHECK_EQ_INT(rs.lost, 0, what);
		snprintf(what, sizeof what, "%s: sent without an error",
		         s->what);
		CHECK_EQ_INT(atomic_load(&s->send_errors), 0, what);
		snprintf(what, sizeof what, "%s: its frames at its TX vector",
		         s->what);
		CHECK_EQ_INT(s->wrong_rate, 0, what);
		snprintf(what, sizeof what,
		         "%s: never a frame of another port", s->what);
		CHECK_EQ_INT(rs.other_port, 0, what);
		/* The drone's receivers heard the stray link; the ground
		 * hears nothing but claimed streams. */
		snprintf(what, sizeof what,
		         "%s: other links only the unclaimed one", s->what);
		CHECK_EQ_INT(rs.other_link, atomic_load(&s->foreign), what);
		if (s->to == &drone) {
			snprintf(what, sizeof what,
			         "%s: the stray link reached it", s->what);
			CHECK(atomic_load(&s->foreign) > 0, what);
		} else {
			snprintf(what, sizeof what,
			         "%s: no other link's frame reached it",
			         s->what);
			CHECK_EQ_INT(atomic_load(&s->foreign), 0, what);
		}
		repaired += rs.fec_recovered;
	}
	CHECK(repaired > 0, "FEC repaired what the air lost");

	for (int i = 0; i < 4; i++) {
		dvr_share_close(st[i].tx_share);
		dvr_link_tx_free(st[i].tx);
		dvr_link_rx_free(st[i].rx);
	}
	dvr_share_close(stray.tx_share);
	dvr_link_tx_free(stray.tx);
	e2e_air_remove(air);
	return check_done();
}
