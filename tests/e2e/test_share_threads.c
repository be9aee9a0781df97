// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Shares opened and closed from several threads while another share of
 * the same adapter streams both ways (run under ThreadSanitizer by the
 * 'threaded' suite):
 *  - the streaming share hears every frame its peer sent and its replies
 *    (sent from its own RX callback, which also asks how many users the
 *    adapter has) all arrive, while three threads keep joining and
 *    leaving that adapter as listeners on the same port, on another
 *    port and as senders;
 *  - no callback of a share runs after its dvr_share_close() returned,
 *    and a sending share may close with its frames still in flight;
 *  - two threads opening and closing the last shares of another adapter
 *    at once: every open succeeds (a join, or a fresh open after the
 *    last close), nothing is used after it was freed;
 *  - from inside a callback, dvr_share_open() is refused with
 *    DVR_E_STATE and dvr_share_close() of its own share is refused with
 *    a logged error (either would wait for the callback itself);
 *  - a callback that sends into a device that just vanished gets
 *    DVR_E_NO_DEVICE, and the error (log and event) that send reports
 *    reaches the shares from inside that callback;
 *  - a share opened after the device died is not a share of the dead
 *    device.
 */
#include <pthread.h>

#include <devourer/link.h>

#include "tests/e2e/e2e_common.h"

#define BACKLOG_MAX 32
#define STREAM_FRAMES 1500u
#define REPLY_EVERY 16u

static const char *fw_dir;

/* e2e_tagged_frame with addr2 set to WFB-NG stream link 7 / port and a
 * sequence number after the tag. */
#define FRAME_LEN E2E_FRAME_LEN
static void stream_frame(uint8_t *fr, uint8_t port, uint32_t seq)
{
	e2e_tagged_frame(fr, 1, "thread");
	uint32_t id = dvr_link_channel_id(7, port);
	uint8_t *a2 = fr + 9 + 10;
	a2[0] = 'W';
	a2[1] = 'B';
	a2[2] = (uint8_t)(id >> 24);
	a2[3] = (uint8_t)(id >> 16);
	a2[4] = (uint8_t)(id >> 8);
	a2[5] = (uint8_t)id;
	uint8_t *p = fr + 9 + 24 + E2E_TAG_LEN;
	p[0] = (uint8_t)(seq >> 24);
	p[1] = (uint8_t)(seq >> 16);
	p[2] = (uint8_t)(seq >> 8);
	p[3] = (uint8_t)seq;
}

/* The radio port of a frame built so, -1 for any other frame. */
static int port_of(const struct dvr_rx_frame *f)
{
	if (f->len < 16 || f->data[10] != 'W' || f->data[11] != 'B')
		return -1;
	return f->data[15];
}

static struct dvr_share_config share_cfg(dvr_rx_fn on_rx, void *user,
                                         int port)
{
	struct dvr_share_config cfg = { 0 };
	cfg.device.firmware_dir = fw_dir;
	cfg.device.on_rx = on_rx;
	cfg.device.user = user;
	cfg.device.tx_mode = DVR_TX_ASYNC;
	cfg.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };
	if (port >= 0)
		dvr_link_rx_match(7, (uint8_t)port, &cfg.match);
	return cfg;
}

/* Frames heard by the station's host vs by its chip. */
static uint64_t backlog(const char *name, dvr_share *any)
{
	struct vchip *vc = vchip_find(name);
	if (!vc)
		return 0;
	struct vchip_stats v;
	vchip_get_stats(vc, &v);
	struct dvr_rx_stats r;
	dvr_get_rx_stats(dvr_share_device(any), &r);
	uint64_t gone = v.rx_lost + v.rx_filtered + v.rx_fifo_overflow +
	                v.rx_too_long + r.frames + r.crc_errors;
	return v.rx_heard > gone ? v.rx_heard - gone : 0;
}

/* ------------------------------------------------------------------ */
/* callback rules                                                      */
/* ------------------------------------------------------------------ */

struct rules {
	dvr_share *self;
	atomic_int done;
	int open_status;
	unsigned users;
	char refusal[320];
};

static void rules_log(void *user, enum dvr_log_level level, const char *m)
{
	struct rules *r = user;
	if (level == DVR_LOG_ERROR && strstr(m, "dvr_share_close"))
		snprintf(r->refusal, sizeof r->refusal, "%s", m);
}

static void rules_rx(void *user, const struct dvr_rx_frame *f)
{
	(void)f;
	struct rules *r = user;
	if (atomic_load(&r->done))
		return;
	struct dvr_share_config cfg = share_cfg(NULL, NULL, -1);
	dvr_share *other = NULL;
	r->open_status = dvr_share_open("virtual:cb-other", &cfg, &other);
	dvr_share_close(r->self);
	r->users = dvr_share_users(r->self);
	atomic_store(&r->done, 1);
}

static void test_callback_rules(void)
{
	struct rules r = { .open_status = 1 };
	struct dvr_share_config cfg = share_cfg(rules_rx, &r, -1);
	cfg.device.on_log = rules_log;
	dvr_share *far = NULL;
	struct dvr_share_config fc = share_cfg(NULL, NULL, -1);
	if (!CHECK(dvr_share_open("virtual:cb-hub", &cfg, &r.self) == DVR_OK,
	           "rules: a listening share") ||
	    !CHECK(dvr_share_open("virtual:cb-far", &fc, &far) == DVR_OK,
	           "rules: its peer")) {
		dvr_share_close(r.self);
		return;
	}
	uint8_t fr[FRAME_LEN];
	stream_frame(fr, 1, 0);
	for (int i = 0; i < 5000 && !atomic_load(&r.done); i++) {
		if (i % 200 == 0)
			dvr_share_send(far, fr, sizeof fr);
		e2e_pause_1ms();
	}
	CHECK(atomic_load(&r.done), "rules: the callback ran");
	CHECK_EQ_INT(r.open_status, DVR_E_STATE,
	             "rules: dvr_share_open() from a callback: DVR_E_STATE");
	printf("# refusal: %s\n", r.refusal);
	CHECK(strstr(r.refusal, "refused") != NULL,
	      "rules: closing its own share from a callback is refused, "
	      "logged");
	CHECK_EQ_INT(r.users, 1, "rules: the share is still open");
	CHECK_EQ_INT(dvr_share_send(r.self, fr, sizeof fr), DVR_OK,
	             "rules: and still works");
	dvr_share_close(r.self);
	dvr_share_close(far);
}

/* ------------------------------------------------------------------ */
/* a send from a callback finds the device gone                        */
/* ------------------------------------------------------------------ */

struct vanish {
	dvr_share *self;
	atomic_int done;
	int send_status;
	atomic_int errors_seen;   /* DVR_EVENT_ERROR */
	atomic_int error_logs;
};

static void vanish_event(void *user, const struct dvr_event *ev)
{
	struct vanish *v = user;
	if (ev->type == DVR_EVENT_ERROR)
		atomic_fetch_add(&v->errors_seen, 1);
}

static void vanish_log(void *user, enum dvr_log_level level, const char *m)
{
	(void)m;
	struct vanish *v = user;
	if (level == DVR_LOG_ERROR)
		atomic_fetch_add(&v->error_logs, 1);
}

static void vanish_rx(void *user, const struct dvr_rx_frame *f)
{
	(void)f;
	struct vanish *v = user;
	if (atomic_load(&v->done))
		return;
	vchip_unplug(vchip_find("dd-hub"));
	uint8_t fr[FRAME_LEN];
	stream_frame(fr, 2, 0);
	v->send_status = dvr_share_send(v->self, fr, sizeof fr);
	atomic_store(&v->done, 1);
}

static void test_vanish(void)
{
	struct vanish v = { .send_status = 1 };
	struct dvr_share_config cfg = share_cfg(vanish_rx, &v, -1);
	/* Sync: the send itself meets the vanished device, on this
	 * callback's thread. */
	cfg.device.tx_mode = DVR_TX_SYNC;
	cfg.device.on_event = vanish_event;
	cfg.device.on_log = vanish_log;
	dvr_share *far = NULL;
	struct dvr_share_config fc = share_cfg(NULL, NULL, -1);
	if (!CHECK(dvr_share_open("virtual:dd-hub", &cfg, &v.self) == DVR_OK,
	           "vanish: a share sending from its callback") ||
	    !CHECK(dvr_share_open("virtual:dd-far", &fc, &far) == DVR_OK,
	           "vanish: its peer")) {
		dvr_share_close(v.self);
		return;
	}
	dvr_device *old = dvr_share_device(v.self);
	uint8_t fr[FRAME_LEN];
	stream_frame(fr, 1, 0);
	for (int i = 0; i < 5000 && !atomic_load(&v.done); i++) {
		if (i % 200 == 0)
			dvr_share_send(far, fr, sizeof fr);
		e2e_pause_1ms();
	}
	CHECK(atomic_load(&v.done), "vanish: the callback ran and returned");
	CHECK_EQ_INT(v.send_status, DVR_E_NO_DEVICE,
	             "vanish: its send: DVR_E_NO_DEVICE");
	for (int i = 0; i < 5000 && atomic_load(&v.errors_seen) == 0; i++)
		e2e_pause_1ms();
	CHECK_EQ_INT(atomic_load(&v.errors_seen), 1,
	             "vanish: the share got the error event once");
	CHECK(atomic_load(&v.error_logs) > 0, "vanish: and its log line");

	struct dvr_share_config again = share_cfg(NULL, NULL, -1);
	again.device.on_log = vanish_log;
	again.device.user = &v;
	dvr_share *fresh = NULL;
	int r = dvr_share_open("virtual:dd-hub", &again, &fresh);
	printf("# open after the device died: %s\n", dvr_strerror(r));
	CHECK(r != DVR_OK || dvr_share_device(fresh) != old,
	      "vanish: a later open does not join the dead device");
	dvr_share_close(fresh);
	dvr_share_close(v.self);
	dvr_share_close(far);
}

/* ------------------------------------------------------------------ */
/* comings and goings beside a stream                                  */
/* ------------------------------------------------------------------ */

struct streamer {
	dvr_share *self;
	atomic_uint heard;
	atomic_uint users_asked;
	atomic_int reply_errors;
};

static void streamer_rx(void *user, const struct dvr_rx_frame *f)
{
	struct streamer *s = user;
	/* Its match also takes what nobody claims (the other stations'
	 * visitors): only the stream counts. */
	if (port_of(f) != 1)
		return;
	unsigned n = atomic_fetch_add(&s->heard, 1) + 1;
	if (dvr_share_users(s->self) >= 1)
		atomic_fetch_add(&s->users_asked, 1);
	if (n % REPLY_EVERY == 0) {
		uint8_t fr[FRAME_LEN];
		stream_frame(fr, 2, n);
		if (dvr_share_send(s->self, fr, sizeof fr) != DVR_OK)
			atomic_fetch_add(&s->reply_errors, 1);
	}
}

/* Replies (port 2) only. */
static void count_rx(void *user, const struct dvr_rx_frame *f)
{
	if (port_of(f) == 2)
		atomic_fetch_add((atomic_uint *)user, 1);
}

/* One passing share: its callbacks must stop when close returns. */
struct visitor {
	atomic_int closed;
	atomic_uint calls;
	atomic_uint late;   /* callbacks after close returned */
};

static void visitor_rx(void *user, const struct dvr_rx_frame *f)
{
	(void)f;
	struct visitor *v = user;
	atomic_fetch_add(&v->calls, 1);
	if (atomic_load(&v->closed))
		atomic_fetch_add(&v->late, 1);
}

#define VISITS 40
#define VISITORS 3

struct worker {
	const char *selector;
	unsigned id;
	unsigned visits;
	struct visitor v[VISITS];
	atomic_uint open_failures;
	atomic_uint send_failures;
};

static void *visiting(void *arg)
{
	struct worker *w = arg;
	for (unsigned i = 0; i < w->visits; i++) {
		struct visitor *v = &w->v[i];
		unsigned kind = (w->id + i) % 3;
		/* 0: listens on the stream's port beside the streamer;
		 * 1: listens on a port nobody sends on; 2: only sends. */
		struct dvr_share_config cfg =
			kind == 2 ? share_cfg(NULL, NULL, -1)
			          : share_cfg(visitor_rx, v, kind == 0 ? 1 : 3);
		dvr_share *s = NULL;
		if (dvr_share_open(w->selector, &cfg, &s) != DVR_OK) {
			atomic_fetch_add(&w->open_failures, 1);
			continue;
		}
		if (kind == 2) {
			uint8_t fr[FRAME_LEN];
			for (uint32_t k = 0; k < 3; k++) {
				stream_frame(fr, 4, k);
				if (dvr_share_send(s, fr, sizeof fr) != DVR_OK)
					atomic_fetch_add(&w->send_failures, 1);
			}
			/* Every other one leaves with its frames still in
			 * flight: close waits for them. */
			if (i % 2 == 0 && dvr_share_flush(s, 2000) != DVR_OK)
				atomic_fetch_add(&w->send_failures, 1);
		} else {
			/* Stay until it heard something, or briefly. */
			for (int t = 0; t < 20 && atomic_load(&v->calls) == 0;
			     t++)
				e2e_pause_1ms();
		}
		dvr_share_close(s);
		atomic_store(&v->closed, 1);
	}
	return NULL;
}

struct far_sender {
	dvr_share *far, *hub;
	atomic_int errors;
};

static void *far_sending(void *arg)
{
	struct far_sender *fs = arg;
	uint8_t fr[FRAME_LEN];
	for (uint32_t i = 0; i < STREAM_FRAMES; i++) {
		stream_frame(fr, 1, i);
		if (dvr_share_send(fs->far, fr, sizeof fr) != DVR_OK)
			atomic_fetch_add(&fs->errors, 1);
		for (int t = 0; t < 5000 && backlog("th-hub", fs->hub) >
		                                BACKLOG_MAX; t++)
			e2e_pause_1ms();
	}
	return NULL;
}

static void test_comings_and_goings(void)
{
	struct streamer st = { 0 };
	atomic_uint replies = 0;
	struct dvr_share_config hc = share_cfg(streamer_rx, &st, 1);
	struct dvr_share_config fc = share_cfg(count_rx, &replies, 2);
	dvr_share *far = NULL;
	if (!CHECK(dvr_share_open("virtual:th-hub", &hc, &st.self) == DVR_OK,
	           "streams: the streaming share") ||
	    !CHECK(dvr_share_open("virtual:th-far", &fc, &far) == DVR_OK,
	           "streams: its peer")) {
		dvr_share_close(st.self);
		return;
	}

	static struct worker hub_w[VISITORS], eph_w[2];
	pthread_t th[VISITORS + 2], sender;
	for (unsigned i = 0; i < VISITORS; i++) {
		hub_w[i].selector = "virtual:th-hub";
		hub_w[i].id = i;
		hub_w[i].visits = VISITS;
		pthread_create(&th[i], NULL, visiting, &hub_w[i]);
	}
	/* The other adapter's users come and go all at once: its last
	 * share closes while another opens or leaves. */
	for (unsigned i = 0; i < 2; i++) {
		eph_w[i].selector = "virtual:th-eph";
		eph_w[i].id = i;
		eph_w[i].visits = 6;
		pthread_create(&th[VISITORS + i], NULL, visiting, &eph_w[i]);
	}
	struct far_sender fs = { .far = far, .hub = st.self };
	pthread_create(&sender, NULL, far_sending, &fs);
	for (unsigned i = 0; i < VISITORS + 2; i++)
		pthread_join(th[i], NULL);
	pthread_join(sender, NULL);

	e2e_wait_count(&st.heard, STREAM_FRAMES);
	e2e_wait_count(&replies, STREAM_FRAMES / REPLY_EVERY);
	CHECK_EQ_INT(atomic_load(&fs.errors), 0, "streams: the peer sent all");
	CHECK_EQ_INT(atomic_load(&st.heard), STREAM_FRAMES,
	             "streams: the streaming share heard every frame");
	CHECK_EQ_INT(atomic_load(&st.users_asked), STREAM_FRAMES,
	             "streams: its callback asked the users count each time");
	CHECK_EQ_INT(atomic_load(&st.reply_errors), 0,
	             "streams: its replies were sent");
	CHECK_EQ_INT(atomic_load(&replies), STREAM_FRAMES / REPLY_EVERY,
	             "streams: and every reply arrived");

	unsigned fails = 0, sfails = 0, late = 0, calls = 0;
	for (unsigned i = 0; i < VISITORS + 2; i++) {
		struct worker *w = i < VISITORS ? &hub_w[i]
		                                : &eph_w[i - VISITORS];
		fails += atomic_load(&w->open_failures);
		sfails += atomic_load(&w->send_failures);
		for (unsigned k = 0; k < w->visits; k++) {
			late += atomic_load(&w->v[k].late);
			calls += atomic_load(&w->v[k].calls);
		}
	}
	printf("# visitors' callbacks: %u\n", calls);
	CHECK_EQ_INT(fails, 0, "visitors: every open succeeded");
	CHECK_EQ_INT(sfails, 0, "visitors: every send and flush succeeded");
	CHECK(calls > 0, "visitors: the listening ones heard the stream");
	CHECK_EQ_INT(late, 0, "visitors: no callback after close returned");
	CHECK_EQ_INT(dvr_share_users(st.self), 1,
	             "streams: the streaming share is alone again");
	dvr_share_close(st.self);
	dvr_share_close(far);

	/* The other adapter closed with its last share. */
	dvr_device *d = e2e_start("virtual:th-eph", NULL, NULL, 36);
	CHECK(d != NULL, "the other adapter closed with its last share");
	dvr_close(d);
}

int main(void)
{
	fw_dir = getenv("DEVOURER_TEST_FIRMWARE_DIR");
	if (fw_dir)
		setenv("DEVOURER_FIRMWARE_DIR", fw_dir, 1);
	char air[] = "/tmp/dvr-share-th-XXXXXX";
	if (e2e_air_make(air) != 0)
		return 1;
	test_callback_rules();
	test_vanish();
	test_comings_and_goings();
	e2e_air_remove(air);
	return check_done();
}
