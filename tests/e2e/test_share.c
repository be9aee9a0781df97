// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Shared adapters (dvr_share_open): several shares of one virtual
 * adapter in this process get one device (both directions at once),
 * each share receives the frames its match takes (and, with unclaimed,
 * those nobody's match takes), each counts its own TX, a second channel
 * is refused, and the adapter closes with its last share and opens
 * again afterwards.
 */
#include <devourer/link.h>

#include "tests/e2e/e2e_common.h"

static const char *fw_dir;

struct counter {
	atomic_uint port[4]; /* frames heard per radio port 0..3 */
};

static void count_port(void *user, const struct dvr_rx_frame *f)
{
	struct counter *c = user;
	if (f->len >= 16 && f->data[10] == 'W' && f->data[11] == 'B' &&
	    f->data[15] < 4)
		atomic_fetch_add(&c->port[f->data[15]], 1);
}

/* A tagged frame addressed as WFB-NG stream link_id/port. */
static void wfb_frame(uint8_t *fr, uint32_t link_id, uint8_t port)
{
	e2e_tagged_frame(fr, 1, "share!");
	uint32_t id = dvr_link_channel_id(link_id, port);
	for (int a = 0; a < 2; a++) {
		uint8_t *m = fr + 9 + 10 + 6 * a;
		m[0] = 'W';
		m[1] = 'B';
		m[2] = (uint8_t)(id >> 24);
		m[3] = (uint8_t)(id >> 16);
		m[4] = (uint8_t)(id >> 8);
		m[5] = (uint8_t)id;
	}
}

static int open_share(const char *sel, struct counter *c, int port,
                      unsigned chan, dvr_share **out)
{
	struct dvr_share_config cfg = { 0 };
	cfg.device.firmware_dir = fw_dir;
	cfg.device.on_rx = c ? count_port : NULL;
	cfg.device.user = c;
	cfg.channel = (struct dvr_channel){ .channel = (uint16_t)chan,
		                            .bw_mhz = 20 };
	if (port >= 0)
		dvr_link_rx_match(7, (uint8_t)port, &cfg.match);
	return dvr_share_open(sel, &cfg, out);
}

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fw_dir = getenv("DEVOURER_TEST_FIRMWARE_DIR");
	if (fw_dir)
		setenv("DEVOURER_FIRMWARE_DIR", fw_dir, 1);
	char air[] = "/tmp/dvr-share-XXXXXX";
	if (e2e_air_make(air) != 0)
		return 1;

	struct counter c1 = { 0 }, c2 = { 0 }, far = { 0 };
	dvr_share *s1 = NULL, *s2 = NULL, *tx = NULL, *ground = NULL;
	CHECK_EQ_INT(open_share("virtual:sh-air", &c1, 1, 36, &s1), DVR_OK,
	             "first share opens and starts the adapter");
	CHECK_EQ_INT(open_share("virtual:sh-air,loss=0", &c2, 2, 36, &s2),
	             DVR_OK, "a second share (other options) joins it");
	CHECK_EQ_INT(open_share("virtual:sh-air", NULL, -1, 0, &tx), DVR_OK,
	             "a sending-only share joins on whatever channel");
	CHECK(s1 && s2 && tx, "three shares");
	if (!s1 || !s2 || !tx)
		return check_done();
	CHECK(dvr_share_device(s1) == dvr_share_device(s2) &&
	      dvr_share_device(s2) == dvr_share_device(tx),
	      "one device behind every share");
	CHECK_EQ_INT(dvr_share_users(s1), 3, "three users");

	dvr_share *bad = NULL;
	CHECK_EQ_INT(open_share("virtual:sh-air", &c1, 3, 149, &bad),
	             DVR_E_BUSY, "another channel on a running adapter: busy");
	CHECK(bad == NULL, "nothing handed out");

	CHECK_EQ_INT(open_share("virtual:sh-far", &far, -1, 36, &ground),
	             DVR_OK, "the peer adapter");

	/* The peer sends two of port 1, three of port 2, one of port 3. */
	uint8_t fr[E2E_FRAME_LEN];
	const int n_of[4] = { 0, 2, 3, 1 };
	for (int port = 1; port <= 3; port++)
		for (int i = 0; i < n_of[port]; i++) {
			wfb_frame(fr, 7, (uint8_t)port);
			CHECK_EQ_INT(dvr_share_send(ground, fr, sizeof fr),
			             DVR_OK, "peer sends");
		}
	e2e_wait_count(&c1.port[3], 1);
	e2e_wait_count(&c2.port[3], 1);
	e2e_wait_count(&c2.port[2], 3);
	CHECK_EQ_INT(atomic_load(&c1.port[1]), 2, "share 1 hears port 1");
	CHECK_EQ_INT(atomic_load(&c1.port[2]), 0, "... and not port 2");
	CHECK_EQ_INT(atomic_load(&c2.port[2]), 3, "share 2 hears port 2");
	CHECK_EQ_INT(atomic_load(&c2.port[1]), 0, "... and not port 1");
	CHECK_EQ_INT(atomic_load(&c1.port[3]), 1, "unclaimed port 3: share 1");
	CHECK_EQ_INT(atomic_load(&c2.port[3]), 1, "unclaimed port 3: share 2");

	/* The shared adapter sends while it receives; counts are per share. */
	wfb_frame(fr, 7, 0);
	for (int i = 0; i < 4; i++)
		CHECK_EQ_INT(dvr_share_send(tx, fr, sizeof fr), DVR_OK,
		             "share sends");
	e2e_wait_count(&far.port[0], 4);
	CHECK_EQ_INT(atomic_load(&far.port[0]), 4, "the peer hears them");
	CHECK_EQ_INT(dvr_share_flush(tx, 2000), DVR_OK, "own flush");
	struct dvr_tx_stats st_tx, st_1;
	dvr_share_get_tx_stats(tx, &st_tx);
	dvr_share_get_tx_stats(s1, &st_1);
	CHECK_EQ_INT(st_tx.completed, 4, "the sender's share counts 4");
	CHECK_EQ_INT(st_1.submitted, 0, "a listening share counts none");

	/* One share's interrupt leaves the others sending. */
	dvr_share_interrupt(s1, true);
	CHECK_EQ_INT(dvr_share_send(s1, fr, sizeof fr), DVR_E_BUSY,
	             "interrupted share refuses at once");
	CHECK_EQ_INT(dvr_share_send(tx, fr, sizeof fr), DVR_OK,
	             "another share still sends");
	dvr_share_interrupt(s1, false);

	/* Leaving: no callback afterwards, the others carry on. */
	dvr_share_close(s1);
	CHECK_EQ_INT(dvr_share_users(s2), 2, "two left");
	unsigned before = atomic_load(&c1.port[1]);
	wfb_frame(fr, 7, 2);
	CHECK_EQ_INT(dvr_share_send(ground, fr, sizeof fr), DVR_OK, "peer");
	e2e_wait_count(&c2.port[2], 4);
	CHECK_EQ_INT(atomic_load(&c2.port[2]), 4, "share 2 still hears");
	CHECK_EQ_INT(atomic_load(&c1.port[1]), before, "share 1 is gone");
	dvr_share_close(s2);
	dvr_share_close(tx);

	/* Closed with its last share; a plain open sees it free again. */
	dvr_device *d = e2e_start("virtual:sh-air", NULL, NULL, 36);
	CHECK(d != NULL, "the adapter is free after its last share closed");
	dvr_close(d);
	dvr_share_close(ground);
	e2e_air_remove(air);
	return check_done();
}
