/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A frame's radiotap CHANNEL moves the adapter before the frame leaves:
 * one sender cycles its frames over channels 36, 40 and 44 by radiotap
 * alone, three receivers sit one on each, and every receiver gets exactly
 * the frames meant for its channel — none of the frames that carried a
 * hop is lost, none leaks to another channel. The moves within the band
 * are hops (DVR_EVENT_CHANNEL); a frame naming a frequency no channel has
 * is refused.
 *
 * Argument: the model's chip name.
 */
#include "e2e_common.h"

#define ROUNDS 12
static const unsigned channels[3] = { 36, 40, 44 };

struct rx {
	unsigned channel;
	atomic_uint mine, others;
};

static void on_rx(void *user, const struct dvr_rx_frame *f)
{
	struct rx *r = user;
	char tag[E2E_TAG_LEN + 1];
	snprintf(tag, sizeof tag, "hop%03u", r->channel);
	if (e2e_frame_has_tag(f, tag))
		atomic_fetch_add(&r->mine, 1);
	else if (f->len > 24 + 3 && memcmp(f->data + 24, "hop", 3) == 0)
		atomic_fetch_add(&r->others, 1);
}

struct hops {
	atomic_uint hops, full;
};

static void on_event(void *user, const struct dvr_event *ev)
{
	struct hops *h = user;
	if (ev->type == DVR_EVENT_CHANNEL)
		atomic_fetch_add(ev->retune.hop ? &h->hops : &h->full, 1);
}

/* Radiotap RATE (6 Mbit/s) and CHANNEL (freq), then a tagged frame. */
static size_t frame_for(uint8_t *out, unsigned freq, const char *tag)
{
	static const uint8_t rt[14] = { 0x00, 0x00, 14, 0x00, 0x0c, 0x00,
		                        0x00, 0x00, 0x0c, 0x00, 0, 0, 0, 0 };
	uint8_t fr[E2E_FRAME_LEN];
	e2e_tagged_frame(fr, 0x31, tag);
	memcpy(out, rt, sizeof rt);
	out[10] = (uint8_t)freq;
	out[11] = (uint8_t)(freq >> 8);
	memcpy(out + sizeof rt, fr + 9, E2E_FRAME_LEN - 9);
	return sizeof rt + E2E_FRAME_LEN - 9;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		printf("Bail out! usage: test_radiotap_hop <chip>\n");
		return 1;
	}
	const char *chip = argv[1];
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char air[] = "/tmp/dvr-rthop-XXXXXX";
	if (e2e_air_make(air) != 0)
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);

	static struct rx rx[3];
	dvr_device *rxd[3] = { NULL };
	char sel[96];
	for (int i = 0; i < 3; i++) {
		rx[i].channel = channels[i];
		snprintf(sel, sizeof sel, "virtual:rx%u,chip=%s", channels[i],
		         chip);
		rxd[i] = e2e_start(sel, on_rx, &rx[i], channels[i]);
		CHECK(rxd[i] != NULL, "a receiver starts");
	}
	static struct hops hops;
	struct dvr_config cfg = { .on_event = on_event, .user = &hops,
		                  .tx_power = 1300,
		                  .track_period_ms = 3600000 };
	snprintf(sel, sizeof sel, "virtual:hopper,chip=%s", chip);
	dvr_device *tx = e2e_start_cfg(sel, &cfg, 36);
	CHECK(tx != NULL, "the sender starts");
	if (!tx || !rxd[0] || !rxd[1] || !rxd[2])
		goto out;

	uint8_t buf[64 + E2E_FRAME_LEN];
	bool sent = true;
	for (unsigned r = 0; r < ROUNDS; r++)
		for (unsigned i = 0; i < 3; i++) {
			char tag[E2E_TAG_LEN + 1];
			snprintf(tag, sizeof tag, "hop%03u", channels[i]);
			size_t n = frame_for(buf, 5000 + 5 * channels[i], tag);
			sent = sent && dvr_send(tx, buf, n) == DVR_OK;
		}
	CHECK(sent, "every frame is taken");
	CHECK_EQ_INT(dvr_flush(tx, 5000), DVR_OK, "and leaves");
	for (int i = 0; i < 3; i++) {
		char what[96];
		snprintf(what, sizeof what, "the receiver on %u gets its %u "
		         "frames", channels[i], ROUNDS);
		CHECK_EQ_INT(e2e_wait_count(&rx[i].mine, ROUNDS), ROUNDS, what);
		snprintf(what, sizeof what, "and none meant for another "
		         "channel (%u)", channels[i]);
		CHECK_EQ_INT(atomic_load(&rx[i].others), 0, what);
	}
	/* the first visit of each channel is a full set (the start channel's
	 * too, on a chip whose bring-up calibrates after it: its cache is
	 * only filled by a set made once calibrated); every move after is a
	 * hop */
	printf("# %u hops, %u full sets\n", atomic_load(&hops.hops),
	       atomic_load(&hops.full));
	CHECK_EQ_INT(atomic_load(&hops.hops) + atomic_load(&hops.full),
	             3 * ROUNDS - 1, "one retune per change of channel");
	CHECK(atomic_load(&hops.hops) >= 3 * ROUNDS - 4,
	      "all but the first visits are hops");

	size_t n = frame_for(buf, 5003, "hopbad");
	CHECK_EQ_INT(dvr_send(tx, buf, n), DVR_E_INVALID,
	             "a frequency off the channel raster is refused");
out:
	dvr_close(tx);
	for (int i = 0; i < 3; i++)
		dvr_close(rxd[i]);
	e2e_air_remove(air);
	return check_done();
}
