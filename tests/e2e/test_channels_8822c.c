/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Channel isolation with RTL8822CU adapters, each brought up through the
 * real HAL: one tuned to another channel hears nothing of a talker, one on
 * the talker's channel hears everything, and retuning the deaf one (its
 * RF 0x18 and BB primary channel, which the model reads) makes it hear.
 * Every wait is on a condition: the deaf adapter's model counts the frames
 * it heard on another channel, so "nothing heard" is checked only after
 * every frame reached it.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"

static atomic_uint heard_same, heard_other;

static void on_rx(void *u, const struct dvr_rx_frame *f)
{
	if (f->len > 24 && memcmp(f->data + 24, "iso22c", 6) == 0)
		atomic_fetch_add((atomic_uint *)u, 1);
}

static dvr_device *start(const char *sel, atomic_uint *counter,
                         unsigned chan)
{
	struct dvr_config cfg = { .on_rx = counter ? on_rx : NULL,
		                  .user = counter };
	dvr_device *d = NULL;
	if (dvr_open(sel, &cfg, &d) != DVR_OK)
		return NULL;
	struct dvr_channel ch = { .channel = (uint16_t)chan, .bw_mhz = 20 };
	if (dvr_start(d, &ch) != DVR_OK) {
		printf("# start %s: %s\n", sel, dvr_last_error(d));
		dvr_close(d);
		return NULL;
	}
	return d;
}

static void pause_1ms(void)
{
	struct timespec ts = { 0, 1000000L };
	nanosleep(&ts, NULL);
}

/* Wait (at most 5 s) until the counter reaches want. */
static unsigned wait_count(atomic_uint *c, unsigned want)
{
	for (int i = 0; i < 5000 && atomic_load(c) < want; i++)
		pause_1ms();
	return atomic_load(c);
}

/* Wait (at most 5 s) until the model has heard want frames on a channel
 * it is not tuned to. */
static uint64_t wait_other_channel(const char *name, uint64_t want)
{
	struct vchip *vc = vchip_find(name);
	struct vchip_stats st = { 0 };
	for (int i = 0; vc && i < 5000; i++) {
		vchip_get_stats(vc, &st);
		if (st.other_channel >= want)
			break;
		pause_1ms();
	}
	return st.other_channel;
}

static void send_burst(dvr_device *tx, unsigned n)
{
	uint8_t fr[9 + 24 + 32] = {
		0x00, 0x00, 0x09, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0c,
		0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0, 0, 0, 0, 4, 0x02, 0, 0, 0, 0, 4, 0x00, 0x00,
	};
	memcpy(fr + 9 + 24, "iso22c", 6);
	for (unsigned i = 0; i < n; i++)
		dvr_send(tx, fr, sizeof fr);
	dvr_flush(tx, 2000);
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (../shared/firmware)");
	char dir[] = "/tmp/dvr-chan22c-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);

	dvr_device *same = start("virtual:s22c,chip=8822c", &heard_same, 44);
	dvr_device *other = start("virtual:o22c,chip=8822c", &heard_other, 48);
	dvr_device *tx = start("virtual:t22c,chip=8822c", NULL, 44);
	CHECK(same && other && tx, "three RTL8822C adapters up");
	if (same && other && tx) {
		uint64_t before = wait_other_channel("o22c", 0);
		send_burst(tx, 40);
		CHECK_EQ_INT(wait_count(&heard_same, 40), 40,
		             "same channel hears all 40");
		CHECK_EQ_INT(wait_other_channel("o22c", before + 40) - before,
		             40, "channel 48 saw 40 frames of channel 44 go by");
		CHECK_EQ_INT(atomic_load(&heard_other), 0,
		             "channel 48 delivers nothing from 44");

		struct dvr_channel c44 = { .channel = 44, .bw_mhz = 20 };
		CHECK_EQ_INT(dvr_set_channel(other, &c44), DVR_OK,
		             "retune 48 -> 44");
		send_burst(tx, 10);
		CHECK_EQ_INT(wait_count(&heard_other, 10), 10,
		             "after retune it hears the next 10");
		CHECK_EQ_INT(wait_count(&heard_same, 50), 50,
		             "same channel heard 50 in all");

		/* 2.4 GHz: the talker moves to channel 1, nobody follows */
		struct dvr_channel c1 = { .channel = 1, .bw_mhz = 20 };
		CHECK_EQ_INT(dvr_set_channel(tx, &c1), DVR_OK, "talker to 1");
		before = wait_other_channel("o22c", 0);
		send_burst(tx, 8);
		CHECK_EQ_INT(wait_other_channel("o22c", before + 8) - before, 8,
		             "channel 44 saw 8 frames of channel 1 go by");
		CHECK_EQ_INT(atomic_load(&heard_other), 10,
		             "nothing from channel 1 delivered on 44");
		CHECK_EQ_INT(atomic_load(&heard_same), 50,
		             "nothing from channel 1 delivered on 44 (2)");
		CHECK_EQ_INT(dvr_set_channel(same, &c1), DVR_OK,
		             "listener to 1");
		send_burst(tx, 8);
		CHECK_EQ_INT(wait_count(&heard_same, 58), 58,
		             "on channel 1 it hears the 8");
	}
	if (tx)
		dvr_close(tx);
	if (other)
		dvr_close(other);
	if (same)
		dvr_close(same);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
