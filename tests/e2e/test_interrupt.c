/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * dvr_interrupt(): a sender blocked on a stuck adapter (every TX slot in
 * flight, the bus NAKing) returns DVR_E_BUSY at once when interrupted,
 * instead of after the transfer timeouts; sending resumes afterwards.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip_fault.h"
#include "tests/check.h"

static dvr_device *dev;
static atomic_int send_result = 1; /* 1 = still blocked */

static const uint8_t frame[9 + 24 + 100] = {
	0x00, 0x00, 0x09, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0c,
	0x08, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0x02, 0, 0, 0, 0, 4, 0x02, 0, 0, 0, 0, 4,
};

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void *sender(void *arg)
{
	(void)arg;
	/* The first sends fill the two slots; the next one waits. */
	int r = DVR_OK;
	for (int i = 0; i < 3 && r == DVR_OK; i++)
		r = dvr_send(dev, frame, sizeof frame);
	atomic_store(&send_result, r);
	return NULL;
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-intr-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);

	struct dvr_config cfg = { .firmware_dir = fw, .tx_queue_depth = 2,
		                  .tx_timeout_ms = 3000,
		                  .tx_mode = DVR_TX_ASYNC };
	CHECK_EQ_INT(dvr_open("virtual:stuck", &cfg, &dev), DVR_OK, "open");
	struct dvr_channel ch = { .channel = 1, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_start(dev, &ch), DVR_OK, "start");

	struct vchip_fault f;
	char err[128];
	CHECK_EQ_INT(vchip_fault_parse("tx-nak:for=20000", &f, err, sizeof err),
	             0, "fault parses");
	CHECK_EQ_INT(vchip_fault_arm(vchip_find("stuck"), &f), 0,
	             "bus NAKs every bulk OUT");

	pthread_t th;
	pthread_create(&th, NULL, sender, NULL);
	/* Both slots taken: the sender is in its third send, which can only
	 * wait (the bus takes nothing). An interrupt that comes before that
	 * send has begun to wait fails it at once just the same. */
	struct dvr_tx_stats ts;
	WAIT_UNTIL((dvr_get_tx_stats(dev, &ts),
	            ts.submitted == 2 && ts.in_flight == 2),
	           20000);
	CHECK(ts.submitted == 2 && ts.in_flight == 2, "two frames in flight");
	CHECK_EQ_INT(atomic_load(&send_result), 1,
	             "third send waits for a free slot");

	uint64_t t0 = now_ms();
	dvr_interrupt(dev, true);
	pthread_join(th, NULL);
	uint64_t waited = now_ms() - t0;
	printf("# interrupted sender returned after %llu ms\n",
	       (unsigned long long)waited);
	CHECK_EQ_INT(atomic_load(&send_result), DVR_E_BUSY,
	             "interrupted send returns DVR_E_BUSY");
	/* The transfers still hold their 3 s timeout: had the sender waited
	 * for one of them, it would be counted. */
	dvr_get_tx_stats(dev, &ts);
	CHECK_EQ_INT(ts.timeouts, 0,
	             "it returned before any transfer timed out");
	CHECK_EQ_INT(dvr_send(dev, frame, sizeof frame), DVR_E_BUSY,
	             "sends fail fast while interrupted");

	dvr_interrupt(dev, false);
	vchip_fault_clear(vchip_find("stuck"));
	CHECK_EQ_INT(dvr_flush(dev, 8000), DVR_OK, "in-flight frames drain");
	CHECK_EQ_INT(dvr_send(dev, frame, sizeof frame), DVR_OK,
	             "sending resumes after dvr_interrupt(false)");
	dvr_get_tx_stats(dev, &ts);
	CHECK(ts.rejected >= 2, "interrupted sends are counted as rejected");
	dvr_close(dev);

	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return check_done();
}
