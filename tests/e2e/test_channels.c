/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Channel isolation, run once per chip (the chip's model name is the one
 * argument; none means the default adapter): of three adapters brought up
 * through the real HAL, one tuned to another channel hears nothing of a
 * talker, one on the talker's channel hears everything, and retuning the
 * deaf one (the RF and BB registers the model reads) makes it hear; the
 * same holds across bands, and dvr_flush returns only once the frames are
 * on the air. Every wait is on a condition: the deaf adapter's model
 * counts the frames it heard on another channel, so "nothing heard" is
 * checked only after every frame reached it.
 */
#include "e2e_common.h"

static const char TAG[] = "isochn";

static atomic_uint heard_same, heard_other;

static void on_rx(void *u, const struct dvr_rx_frame *f)
{
	if (e2e_frame_has_tag(f, TAG))
		atomic_fetch_add((atomic_uint *)u, 1);
}

static void send_burst(dvr_device *tx, unsigned n)
{
	uint8_t fr[E2E_FRAME_LEN];
	e2e_tagged_frame(fr, 4, TAG);
	for (unsigned i = 0; i < n; i++)
		dvr_send(tx, fr, sizeof fr);
	dvr_flush(tx, 2000);
}

/* "virtual:NAME" with the chip appended when one was asked for. */
static dvr_device *start(const char *chip, const char *name,
                         atomic_uint *counter, unsigned chan)
{
	char sel[96];
	if (chip)
		snprintf(sel, sizeof sel, "virtual:%s,chip=%s", name, chip);
	else
		snprintf(sel, sizeof sel, "virtual:%s", name);
	return e2e_start(sel, counter ? on_rx : NULL, counter, chan);
}

/* dvr_flush returns when the frames have left the chip, not when USB
 * took them: 30 frames of 1.6 ms airtime each are all aired by then. */
static void check_flush_airs_all(dvr_device *tx, const char *name)
{
	struct vchip *vc = vchip_find(name);
	struct vchip_stats before = { 0 }, after = { 0 };
	if (vc)
		vchip_get_stats(vc, &before);
	uint8_t big[9 + 24 + 1200];
	memset(big, 0, sizeof big);
	e2e_tagged_frame(big, 3, "bigfrm");
	for (int i = 0; i < 30; i++)
		dvr_send(tx, big, sizeof big);
	CHECK_EQ_INT(dvr_flush(tx, 3000), DVR_OK, "flush of 30 frames");
	if (vc)
		vchip_get_stats(vc, &after);
	CHECK_EQ_INT(after.tx_aired - before.tx_aired, 30,
	             "all 30 on the air when dvr_flush returns");
}

int main(int argc, char **argv)
{
	const char *chip = argc > 1 ? argv[1] : NULL;
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-chan-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);
	printf("# chip %s\n", chip ? chip : "(default)");

	dvr_device *same = start(chip, "same", &heard_same, 44);
	dvr_device *other = start(chip, "other", &heard_other, 48);
	dvr_device *tx = start(chip, "talker", NULL, 44);
	CHECK(same && other && tx, "three adapters up");
	if (same && other && tx) {
		uint64_t before = e2e_wait_other_channel("other", 0);
		send_burst(tx, 40);
		CHECK_EQ_INT(e2e_wait_count(&heard_same, 40), 40,
		             "same channel hears all 40");
		CHECK_EQ_INT(e2e_wait_other_channel("other", before + 40) -
		                     before,
		             40, "channel 48 saw 40 frames of channel 44 go by");
		CHECK_EQ_INT(atomic_load(&heard_other), 0,
		             "channel 48 delivers nothing from 44");

		struct dvr_channel c44 = { .channel = 44, .bw_mhz = 20 };
		CHECK_EQ_INT(dvr_set_channel(other, &c44), DVR_OK,
		             "retune 48 -> 44");
		send_burst(tx, 10);
		CHECK_EQ_INT(e2e_wait_count(&heard_other, 10), 10,
		             "after retune it hears the next 10");
		CHECK_EQ_INT(e2e_wait_count(&heard_same, 50), 50,
		             "same channel heard 50 in all");

		check_flush_airs_all(tx, "talker");

		/* 2.4 GHz: the talker moves to channel 1, nobody follows */
		struct dvr_channel c1 = { .channel = 1, .bw_mhz = 20 };
		CHECK_EQ_INT(dvr_set_channel(tx, &c1), DVR_OK, "talker to 1");
		before = e2e_wait_other_channel("other", 0);
		send_burst(tx, 8);
		CHECK_EQ_INT(e2e_wait_other_channel("other", before + 8) -
		                     before,
		             8, "channel 44 saw 8 frames of channel 1 go by");
		CHECK_EQ_INT(atomic_load(&heard_other), 10,
		             "nothing from channel 1 delivered on 44");
		CHECK_EQ_INT(atomic_load(&heard_same), 50,
		             "nothing from channel 1 delivered on 44 (2)");
		CHECK_EQ_INT(dvr_set_channel(same, &c1), DVR_OK,
		             "listener to 1");
		/* A board whose 2.4 GHz TX no receiver decodes (the driver
		 * says so: dvr_tx_caveat) reaches the listener as energy
		 * only. */
		const char *caveat = dvr_tx_caveat(tx, &c1);
		before = e2e_wait_undecodable("same", 0);
		send_burst(tx, 8);
		if (caveat) {
			printf("# the talker's board: %s\n", caveat);
			CHECK_EQ_INT(e2e_wait_undecodable("same", before + 8) -
			                     before,
			             8, "on channel 1 it hears the 8 as energy, "
			             "as the driver warns");
			CHECK_EQ_INT(atomic_load(&heard_same), 50,
			             "and decodes none of them");
		} else {
			CHECK_EQ_INT(e2e_wait_count(&heard_same, 58), 58,
			             "on channel 1 it hears the 8");
		}
	}
	if (tx)
		dvr_close(tx);
	if (other)
		dvr_close(other);
	if (same)
		dvr_close(same);
	e2e_air_remove(dir);
	return check_done();
}
