/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Freshness over the uplink. A drone and a ground, each a "process" with
 * one dvr_link_fresh shared by its transmitter and receiver: the drone
 * sends video down on port 0 and hears the ground's uplink on port 144.
 * Where the ground has an uplink, a recording of an earlier drone run
 * heard before the real drone delivers nothing, the real drone is adopted
 * once it has heard the ground's challenge and echoed it, blocks it sent
 * before it echoed (a recording made earlier) are refused, and a rebooted
 * drone is heard again within takeover + one uplink announcement. Without
 * an uplink, or from a sender that never echoes (wfb-ng), the one-way
 * rules hold as before.
 */
#include <sodium.h>

#include <devourer/link.h>

#include "tests/check.h"
#include "tests/link/link_air.h"

#define LINK_ID 0x3b3b3bu
#define VIDEO_PORT 0
#define UPLINK_PORT 144
#define MAX_FRAMES LINK_AIR_MAX
#define EPOCH_2025 UINT64_C(1764700000000000)
#define EPOCH_NO_CLOCK UINT64_C(1000000000000)

static struct dvr_link_keys drone_keys, gs_keys;

static bool is_session(const uint8_t *f, size_t len)
{
	return len > DVR_LINK_IEEE80211_HDR_LEN &&
	       f[DVR_LINK_IEEE80211_HDR_LEN] == DVR_LINK_PACKET_SESSION;
}

/* Packets carry their number; the receiver records the numbers. */
struct sink {
	uint32_t id[MAX_FRAMES];
	size_t count;
};

static void sink_cb(void *user, const uint8_t *data, size_t len)
{
	struct sink *s = user;
	if (len == 4 && s->count < MAX_FRAMES)
		s->id[s->count++] = (uint32_t)data[0] << 24 |
		                    (uint32_t)data[1] << 16 |
		                    (uint32_t)data[2] << 8 | data[3];
}

/* The clock every side shares. */
static uint64_t now;

/*
 * One side of the link, as one process: its transmitter, its receiver and
 * the freshness object both share. What its transmitter makes is recorded
 * and, while @c reach holds, heard by the peer's receiver at once.
 */
struct side {
	struct dvr_link_fresh *fresh;
	struct dvr_link_tx *tx;
	struct dvr_link_rx *rx;
	struct sink got;
	struct link_air rec;
	struct side *peer;
	bool reach;
	unsigned notified;
	uint64_t sessions_sent;
};

static int side_air(void *user, const uint8_t *frame, size_t len)
{
	struct side *sd = user;
	if (link_air_add(&sd->rec, frame, len) != 0)
		return -1;
	if (is_session(frame, len))
		sd->sessions_sent++;
	if (sd->reach && sd->peer && sd->peer->rx)
		dvr_link_rx_push(sd->peer->rx, 0, DVR_LINK_RSSI_UNKNOWN, frame,
		                 len, now);
	return 0;
}

static void on_notify(void *user)
{
	((struct side *)user)->notified++;
}

/*
 * A side: @p drone sends on the video port with the drone's keys and
 * hears the uplink; the ground the other way round. @p with_fresh false:
 * neither tags nor proofs (a wfb-ng peer, or an older devourer). @p tx_up
 * false: the side has no transmitter (the ground without an uplink).
 */
static bool side_open(struct side *sd, bool drone, uint64_t epoch,
                      bool with_fresh, bool tx_up)
{
	memset(sd, 0, sizeof(*sd));
	if (with_fresh) {
		if (dvr_link_fresh_new(&sd->fresh) != DVR_OK)
			return false;
		dvr_link_fresh_set_notify(sd->fresh, on_notify, sd);
	}
	struct dvr_link_rx_config rc = {
		.link_id = LINK_ID,
		.radio_port = drone ? UPLINK_PORT : VIDEO_PORT,
		.fresh = sd->fresh,
	};
	if (dvr_link_rx_new(&rc, drone ? &drone_keys : &gs_keys, sink_cb,
	                    &sd->got, &sd->rx) != DVR_OK)
		return false;
	if (!tx_up)
		return true;
	struct dvr_link_tx_config tc = {
		.link_id = LINK_ID,
		.radio_port = drone ? VIDEO_PORT : UPLINK_PORT,
		.k = 4, .n = 6, .epoch = epoch, .fresh = sd->fresh,
	};
	return dvr_link_tx_new(&tc, drone ? &drone_keys : &gs_keys, side_air,
	                       sd, &sd->tx) == DVR_OK;
}

static void side_close(struct side *sd)
{
	dvr_link_tx_free(sd->tx);
	dvr_link_rx_free(sd->rx);
	dvr_link_fresh_free(sd->fresh);
	link_air_clear(&sd->rec);
	memset(sd, 0, sizeof(*sd));
}

static void link_sides(struct side *drone, struct side *ground)
{
	drone->peer = ground;
	ground->peer = drone;
	drone->reach = ground->reach = true;
}

static void send_id(struct side *sd, uint32_t id)
{
	uint8_t p[4] = {(uint8_t)(id >> 24), (uint8_t)(id >> 16),
	                (uint8_t)(id >> 8), (uint8_t)id};
	dvr_link_tx_send(sd->tx, p, sizeof(p), now);
}

/* One packet a millisecond from @p side, with the other side's
 * transmitter polled as its timer would, from @p from to @p to. */
static void run(struct side *sender, struct side *other, uint32_t from,
                uint32_t to)
{
	for (uint32_t id = from; id < to; id++, now++) {
		if (other && other->tx &&
		    now >= dvr_link_tx_next_deadline(other->tx))
			dvr_link_tx_poll(other->tx, now);
		send_id(sender, id);
	}
	dvr_link_tx_flush(sender->tx, now);
}

static void play_back(struct dvr_link_rx *rx, const struct link_air *a)
{
	for (size_t i = 0; i < a->count; i++)
		dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN, a->f[i],
		                 a->len[i], now);
}

static long first_at_least(const struct sink *s, uint32_t base)
{
	for (size_t i = 0; i < s->count; i++)
		if (s->id[i] >= base)
			return (long)i;
	return -1;
}

/* From index @p at on, every id once, consecutive, ending at @p last. */
static bool consecutive_from(const struct sink *s, size_t at, uint32_t last)
{
	if (at >= s->count)
		return false;
	for (size_t i = at + 1; i < s->count; i++)
		if (s->id[i] != s->id[i - 1] + 1)
			return false;
	return s->id[s->count - 1] == last;
}

static struct dvr_link_rx_stats rx_stats(const struct dvr_link_rx *rx)
{
	struct dvr_link_rx_stats st;
	dvr_link_rx_get_stats(rx, &st);
	return st;
}

/*
 * An earlier run of the drone, answering an earlier ground: recorded, 600
 * packets numbered from 0. Its sessions echo that ground's challenge.
 */
static bool record_earlier_run(struct link_air *out)
{
	struct side d0, g0;
	bool ok = side_open(&d0, true, EPOCH_2025, true, true) &&
	          side_open(&g0, false, 0, true, true);
	if (ok) {
		link_sides(&d0, &g0);
		run(&g0, &d0, 0, 0);   /* the earlier ground announces */
		dvr_link_tx_poll(g0.tx, now);
		run(&d0, &g0, 0, 600);
		ok = g0.got.count > 0;
		for (size_t i = 0; ok && i < d0.rec.count; i++)
			ok = link_air_add(out, d0.rec.f[i], d0.rec.len[i]) == 0;
	}
	side_close(&d0);
	side_close(&g0);
	return ok;
}

/*
 * A fresh ground with an uplink hears the whole recording of an earlier
 * run before the real drone: nothing of it is delivered, it is counted as
 * unproven. The real drone (a lower epoch: no clock) is adopted once the
 * ground's announcement reached it and it echoed, and the recording
 * played again during the live stream delivers nothing either.
 */
static void test_fresh_ground_refuses_recording(void)
{
	struct link_air old = {0};
	struct side d, g;
	if (!CHECK(record_earlier_run(&old), "an earlier run recorded")) {
		link_air_clear(&old);
		return;
	}
	if (!CHECK(side_open(&g, false, 0, true, true), "a fresh ground")) {
		link_air_clear(&old);
		return;
	}
	play_back(g.rx, &old);
	struct dvr_link_rx_stats st = rx_stats(g.rx);
	CHECK_EQ_INT(g.got.count, 0,
	             "the recording heard first delivers nothing");
	CHECK(st.session_unproven > 0 && st.session_changes == 0,
	      "its sessions are unproven and not adopted");

	CHECK(side_open(&d, true, EPOCH_NO_CLOCK, true, true), "the live drone");
	link_sides(&d, &g);
	/* The drone streams before it has heard the ground: unproven. */
	run(&d, NULL, 100000, 100200);
	CHECK_EQ_INT(g.got.count, 0, "a drone that has not heard the ground "
	             "is not adopted yet");
	/* The ground announces: the drone hears its challenge. */
	const uint64_t announced = now;
	dvr_link_tx_poll(g.tx, now);
	CHECK(d.notified == 1, "the drone's side is told its echo changed");
	run(&d, &g, 100200, 101000);
	const long at = first_at_least(&g.got, 100200);
	CHECK(at == 0, "the live drone is adopted");
	if (at == 0) {
		/* Packet 100200 went out at the announcement's millisecond. */
		const uint64_t t = announced + (g.got.id[0] - 100200);
		CHECK(t <= announced + 4,
		      "within a block of hearing the ground");
		printf("# adopted %llu ms after the ground's announcement\n",
		       (unsigned long long)(t - announced));
	}
	/* The recording again, in the middle of the live stream. */
	play_back(g.rx, &old);
	run(&d, &g, 101000, 101500);
	st = rx_stats(g.rx);
	CHECK(at == 0 && consecutive_from(&g.got, 0, 101499),
	      "every live packet from then on once, in order; none of the "
	      "recording");
	CHECK_EQ_INT(st.session_takeovers, 0,
	             "the recording displaced nothing");
	side_close(&d);
	side_close(&g);
	link_air_clear(&old);
}

/*
 * A drone streaming before the ground started was recorded; after the
 * ground adopts it, its blocks from before its echo are refused (they
 * were sent before it sealed the session packet that proved it live).
 */
static void test_blocks_before_echo_refused(void)
{
	struct side d, g;
	CHECK(side_open(&d, true, EPOCH_2025, true, true) &&
	      side_open(&g, false, 0, true, true), "drone and ground");
	d.peer = &g;
	run(&d, NULL, 0, 400);              /* the ground is not there */
	struct link_air early = {0};
	for (size_t i = 0; i < d.rec.count; i++)
		link_air_add(&early, d.rec.f[i], d.rec.len[i]);
	link_sides(&d, &g);
	dvr_link_tx_poll(g.tx, now);
	run(&d, &g, 400, 600);
	const size_t before = g.got.count;
	CHECK(before > 0 && g.got.id[0] >= 400, "adopted on its echo");
	play_back(g.rx, &early);
	struct dvr_link_rx_stats st = rx_stats(g.rx);
	CHECK_EQ_INT(g.got.count, before,
	             "its blocks from before the echo deliver nothing");
	CHECK(st.replayed > 0, "... counted as replayed");
	run(&d, &g, 600, 700);
	CHECK(consecutive_from(&g.got, 0, 699), "the live stream goes on");
	side_close(&d);
	side_close(&g);
	link_air_clear(&early);
}

/*
 * Without an uplink the ground cannot ask for a proof: what a one-way
 * link cannot prevent holds as documented (a recording heard first by a
 * fresh ground is adopted). A sender that never echoes (wfb-ng's wfb_tx,
 * modelled by a transmitter without a freshness object) is followed by
 * a ground with an uplink under the one-way rules, and a receiver without
 * one follows a sender with tags (wfb-ng's receivers skip them).
 */
static void test_one_way_and_wfbng(void)
{
	struct link_air old = {0};
	struct side g, d;
	CHECK(record_earlier_run(&old), "an earlier run recorded");
	CHECK(side_open(&g, false, 0, true, false), "a ground without uplink");
	play_back(g.rx, &old);
	CHECK_EQ_INT(g.got.count, 600, "no uplink: the recording is taken "
	             "(the one-way limit docs/reliability.md states)");
	side_close(&g);

	CHECK(side_open(&g, false, 0, true, true) &&
	      side_open(&d, true, EPOCH_2025, false, true),
	      "a ground with uplink, a drone that never echoes");
	link_sides(&d, &g);
	run(&d, &g, 0, 300);
	CHECK(g.got.count == 300 && consecutive_from(&g.got, 0, 299),
	      "an untagged sender is followed as before");
	side_close(&g);
	side_close(&d);

	CHECK(side_open(&g, false, 0, false, false) &&
	      side_open(&d, true, EPOCH_2025, true, true),
	      "a receiver without freshness, a tagged sender");
	link_sides(&d, &g);
	run(&d, &g, 0, 300);
	CHECK(g.got.count == 300 && consecutive_from(&g.got, 0, 299),
	      "the tags are skipped");
	side_close(&g);
	side_close(&d);
	link_air_clear(&old);
}

/*
 * Both sides have an uplink and start together: each receiver waits for
 * the other side's echo, which each side sends once it has heard the
 * other's challenge, so both directions come up within one announcement
 * of each side.
 */
static void test_both_ways(void)
{
	struct side d, g;
	CHECK(side_open(&d, true, EPOCH_2025, true, true) &&
	      side_open(&g, false, EPOCH_2025, true, true), "both sides");
	link_sides(&d, &g);
	for (uint32_t i = 0; i < 3000; i++, now++) {
		send_id(&d, i);
		send_id(&g, 500000 + i);
		if (now >= dvr_link_tx_next_deadline(d.tx))
			dvr_link_tx_poll(d.tx, now);
		if (now >= dvr_link_tx_next_deadline(g.tx))
			dvr_link_tx_poll(g.tx, now);
	}
	dvr_link_tx_flush(d.tx, now);
	dvr_link_tx_flush(g.tx, now);
	const struct dvr_link_rx_stats sd = rx_stats(d.rx), sg = rx_stats(g.rx);
	CHECK(g.got.count > 2500 && consecutive_from(&g.got, 0, 2999),
	      "down: the drone adopted and followed");
	CHECK(d.got.count > 2500 && consecutive_from(&d.got, 0, 502999),
	      "up: the ground adopted and followed");
	printf("# first packet down %u, up %u; unproven down %llu up %llu\n",
	       g.got.count ? g.got.id[0] : 0, d.got.count ? d.got.id[0] : 0,
	       (unsigned long long)sg.session_unproven,
	       (unsigned long long)sd.session_unproven);
	side_close(&d);
	side_close(&g);
}

/*
 * The drone reboots without a clock while the ground keeps running with
 * its uplink: the new run is unproven until it hears the ground, then
 * taken over once the old run has been silent for takeover (1 s), so
 * within takeover + one uplink announcement interval.
 */
static void test_reboot_with_uplink(void)
{
	struct side d1, d2, g;
	CHECK(side_open(&d1, true, EPOCH_2025, true, true) &&
	      side_open(&g, false, 0, true, true), "ground, first run");
	link_sides(&d1, &g);
	dvr_link_tx_poll(g.tx, now);
	run(&d1, &g, 0, 1000);
	CHECK(consecutive_from(&g.got, 0, 999), "first run delivered");
	const uint64_t last = now;
	side_close(&d1);
	now += 300;                  /* a quick restart */
	CHECK(side_open(&d2, true, EPOCH_NO_CLOCK, true, true), "rebooted run");
	link_sides(&d2, &g);
	/* 200 ms before the ground's next announcement reaches it. */
	run(&d2, NULL, 100000, 100200);
	run(&d2, &g, 100200, 103000);
	const struct dvr_link_rx_stats st = rx_stats(g.rx);
	const long at = first_at_least(&g.got, 100000);
	CHECK(at >= 0 && st.session_takeovers == 1 && st.session_older == 1,
	      "the rebooted run is taken over");
	if (at >= 0) {
		const uint64_t t = last + 300 + (g.got.id[at] - 100000);
		CHECK(t <= last + 1000 + 1000 + 100,
		      "within takeover + the uplink's announcement interval");
		CHECK(consecutive_from(&g.got, (size_t)at, 102999),
		      "everything from then on once, in order");
		printf("# taken over %llu ms after the old run's last packet\n",
		       (unsigned long long)(t - last));
	}
	CHECK(st.session_unproven > 0, "before it heard the ground: unproven");
	side_close(&d2);
	side_close(&g);
}

/*
 * A session a little above the one followed reads as its re-key. With an
 * uplink, a re-key too must echo the ground's challenge: the live drone's
 * do (it keeps echoing what it heard), a sender that never heard this
 * ground (a recording of a run that began later, a second drone) is
 * unproven and takes nothing over.
 */
static void test_rekey_needs_echo(void)
{
	struct side d, x, g;
	CHECK(side_open(&d, true, EPOCH_2025, true, true) &&
	      side_open(&x, true, EPOCH_2025 + 1000, true, true) &&
	      side_open(&g, false, 0, true, true), "drone, stranger, ground");
	link_sides(&d, &g);
	dvr_link_tx_poll(g.tx, now);
	run(&d, &g, 0, 300);
	x.peer = &g;
	x.reach = true;             /* heard by the ground, hears nothing */
	run(&x, NULL, 900000, 900100);
	run(&d, &g, 300, 400);
	dvr_link_tx_set_fec(d.tx, 2, 4, now);
	run(&d, &g, 400, 600);
	const struct dvr_link_rx_stats st = rx_stats(g.rx);
	CHECK(consecutive_from(&g.got, 0, 599),
	      "the live drone's stream, its re-key included, once in order");
	CHECK(first_at_least(&g.got, 900000) < 0,
	      "nothing of the sender that never heard the ground");
	CHECK(st.session_unproven > 0 && st.session_changes == 2,
	      "its sessions unproven; two keys adopted (the drone's first "
	      "and its re-key)");
	side_close(&d);
	side_close(&x);
	side_close(&g);
}

/* dvr_link_rx_authentic answers as push would: unproven is not current. */
static void test_authentic_agrees(void)
{
	struct link_air old = {0};
	struct side g, d;
	CHECK(record_earlier_run(&old), "an earlier run recorded");
	CHECK(side_open(&g, false, 0, true, true), "a ground with uplink");
	size_t sess = 0;
	while (sess < old.count && !is_session(old.f[sess], old.len[sess]))
		sess++;
	CHECK(sess < old.count &&
	      !dvr_link_rx_authentic(g.rx, old.f[sess], old.len[sess]),
	      "a recorded session: not authentic traffic");
	CHECK_EQ_INT(dvr_link_rx_push(g.rx, 0, DVR_LINK_RSSI_UNKNOWN,
	                              old.f[sess], old.len[sess], now),
	             DVR_LINK_RX_SESSION_UNPROVEN, "... and push refuses it");
	CHECK(side_open(&d, true, EPOCH_2025, true, true), "the live drone");
	link_sides(&d, &g);
	g.reach = true;
	d.reach = false;
	dvr_link_tx_poll(g.tx, now);   /* heard by the drone */
	dvr_link_tx_poll(d.tx, now);
	size_t i = d.rec.count;
	while (i-- > 0 && !is_session(d.rec.f[i], d.rec.len[i]))
		;
	CHECK(i < d.rec.count &&
	      dvr_link_rx_authentic(g.rx, d.rec.f[i], d.rec.len[i]),
	      "the drone's echoing session: authentic traffic");
	CHECK_EQ_INT(dvr_link_rx_push(g.rx, 0, DVR_LINK_RSSI_UNKNOWN,
	                              d.rec.f[i], d.rec.len[i], now),
	             DVR_LINK_RX_SESSION_NEW, "... and push adopts it");
	side_close(&g);
	side_close(&d);
	link_air_clear(&old);
}

/*
 * What a side echoes: its own challenge always, then the peers' heard
 * lately, at most DVR_LINK_ECHO_HEARD_MAX, the oldest giving way; a
 * challenge heard again changes nothing. A storm of new challenges (old
 * grounds' sessions replayed) brings the announcement forward at most
 * once every 100 ms.
 */
static void test_echo_set_and_storm(void)
{
	struct side d;
	CHECK(side_open(&d, true, EPOCH_2025, true, true), "a drone");
	run(&d, NULL, 0, 10);
	const uint64_t sent0 = d.sessions_sent;
	enum { GROUNDS = 50 };
	struct side *g = calloc(GROUNDS, sizeof(*g));   /* large: not stack */
	unsigned opened = 0;
	if (!g)
		return;
	for (unsigned i = 0; i < GROUNDS; i++)
		opened += side_open(&g[i], false, 0, true, true);
	CHECK_EQ_INT(opened, GROUNDS, "50 grounds, each its own challenge");
	/* Each ground's announcement heard twice, one ground a ms. */
	for (unsigned i = 0; i < GROUNDS; i++, now++) {
		g[i].peer = &d;
		g[i].reach = true;
		dvr_link_tx_poll(g[i].tx, now);
		link_air_clear(&g[i].rec);
		dvr_link_tx_flush(g[i].tx, now);
		if (now >= dvr_link_tx_next_deadline(d.tx))
			dvr_link_tx_poll(d.tx, now);
	}
	/* The three most recent grounds again, under new sessions. */
	for (unsigned i = GROUNDS - 3; i < GROUNDS; i++)
		dvr_link_tx_set_fec(g[i].tx, 4, 6, now);
	struct dvr_link_fresh_info info;
	dvr_link_fresh_get_info(d.fresh, &info);
	CHECK_EQ_INT(info.heard, DVR_LINK_ECHO_HEARD_MAX,
	             "the echo holds the 4 most recently heard");
	CHECK_EQ_INT(info.heard_total, GROUNDS, "50 distinct heard in all");
	CHECK_EQ_INT(d.notified, GROUNDS,
	             "told once per new challenge, not per repeat");
	CHECK(info.uplink && info.carriers == 1, "the drone's side carries");
	const uint64_t storm = d.sessions_sent - sent0;
	CHECK(storm <= 1 + GROUNDS / 100 + 1,
	      "the storm brought announcements forward at most every 100 ms");
	printf("# %llu announcements during a 50 ms storm of 50 challenges\n",
	       (unsigned long long)storm);
	for (unsigned i = 0; i < GROUNDS; i++)
		side_close(&g[i]);
	free(g);
	side_close(&d);
}

/* A receiver of the process on the transmitter's own channel (a loopback,
 * as in one-process tests) is proven by the echo of its own challenge. */
static void test_loopback(void)
{
	struct dvr_link_fresh *f = NULL;
	struct sink got = {0};
	struct link_air a = {0};
	struct dvr_link_tx *tx = NULL;
	struct dvr_link_rx *rx = NULL;
	CHECK(dvr_link_fresh_new(&f) == DVR_OK, "one process's object");
	struct dvr_link_rx_config rc = {.link_id = LINK_ID, .fresh = f};
	struct dvr_link_tx_config tc = {.link_id = LINK_ID, .k = 4, .n = 6,
	                                .fresh = f};
	CHECK(dvr_link_rx_new(&rc, &gs_keys, sink_cb, &got, &rx) == DVR_OK &&
	      dvr_link_tx_new(&tc, &drone_keys, link_air_record, &a, &tx) == DVR_OK,
	      "transmitter and receiver");
	for (uint32_t i = 0; i < 100; i++) {
		uint8_t p[4] = {0, 0, 0, (uint8_t)i};
		dvr_link_tx_send(tx, p, 4, i);
	}
	dvr_link_tx_flush(tx, 100);
	play_back(rx, &a);
	CHECK_EQ_INT(got.count, 100, "every packet, from the first session");
	CHECK_EQ_INT(rx_stats(rx).session_unproven, 0, "nothing unproven");
	dvr_link_tx_free(tx);
	dvr_link_rx_free(rx);
	dvr_link_fresh_free(f);
	link_air_clear(&a);
}

int main(void)
{
	if (sodium_init() < 0)
		return 1;
	dvr_link_keygen_random(&drone_keys, &gs_keys);
	test_fresh_ground_refuses_recording();
	test_blocks_before_echo_refused();
	test_one_way_and_wfbng();
	test_both_ways();
	test_reboot_with_uplink();
	test_rekey_needs_echo();
	test_authentic_agrees();
	test_echo_set_and_storm();
	test_loopback();
	return check_done();
}
