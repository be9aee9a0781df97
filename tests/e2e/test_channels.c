/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Adapters on different channels do not hear each other; one on the same
 * channel hears everything; retuning the deaf one makes it hear.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"

static atomic_uint heard_same, heard_other;

static void on_rx_same(void *u, const struct dvr_rx_frame *f)
{
	(void)u;
	if (f->len > 24 && memcmp(f->data + 24, "chan", 4) == 0)
		atomic_fetch_add(&heard_same, 1);
}

static void on_rx_other(void *u, const struct dvr_rx_frame *f)
{
	(void)u;
	if (f->len > 24 && memcmp(f->data + 24, "chan", 4) == 0)
		atomic_fetch_add(&heard_other, 1);
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

static dvr_device *start(const char *sel, dvr_rx_fn fn, unsigned chan)
{
	struct dvr_config cfg = { .on_rx = fn };
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

static void send_burst(dvr_device *tx, unsigned n)
{
	uint8_t fr[9 + 24 + 32] = {
		0x00, 0x00, 0x09, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0c,
		0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0, 0, 0, 0, 2, 0x02, 0, 0, 0, 0, 2, 0x00, 0x00,
	};
	memcpy(fr + 9 + 24, "chan", 4);
	for (unsigned i = 0; i < n; i++)
		dvr_send(tx, fr, sizeof fr);
	dvr_flush(tx, 2000);
	sleep_ms(300);
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (../shared/firmware)");
	char dir[] = "/tmp/dvr-chan-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);

	dvr_device *same = start("virtual:same", on_rx_same, 44);
	dvr_device *other = start("virtual:other", on_rx_other, 48);
	dvr_device *tx = start("virtual:talker", NULL, 44);
	CHECK(same && other && tx, "three adapters up");
	if (same && other && tx) {
		send_burst(tx, 40);
		CHECK_EQ_INT(atomic_load(&heard_same), 40,
		             "same channel hears all 40");
		CHECK_EQ_INT(atomic_load(&heard_other), 0,
		             "channel 48 hears nothing from 44");

		struct dvr_channel c44 = { .channel = 44, .bw_mhz = 20 };
		CHECK_EQ_INT(dvr_set_channel(other, &c44), DVR_OK,
		             "retune 48 → 44");
		send_burst(tx, 10);
		CHECK_EQ_INT(atomic_load(&heard_other), 10,
		             "after retune it hears the next 10");
		CHECK_EQ_INT(atomic_load(&heard_same), 50,
		             "same channel heard 50 in all");

		/* dvr_flush returns when the frames have left the chip, not
		 * when USB took them: 30 frames of 1.6 ms airtime each are
		 * all aired by then. */
		struct vchip *vc = vchip_find("talker");
		struct vchip_stats before, after;
		vchip_get_stats(vc, &before);
		uint8_t big[9 + 24 + 1200] = {
			0x00, 0x00, 0x09, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0c,
			0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff,
			0xff, 0x02, 0, 0, 0, 0, 3, 0x02, 0, 0, 0, 0, 3,
		};
		for (int i = 0; i < 30; i++)
			dvr_send(tx, big, sizeof big);
		CHECK_EQ_INT(dvr_flush(tx, 3000), DVR_OK, "flush of 30 frames");
		vchip_get_stats(vc, &after);
		CHECK_EQ_INT(after.tx_aired - before.tx_aired, 30,
		             "all 30 on the air when dvr_flush returns");
	}
	dvr_close(tx);
	dvr_close(other);
	dvr_close(same);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
