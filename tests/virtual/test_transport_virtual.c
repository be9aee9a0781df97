/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The in-process transport over the chip model: register access, queued
 * bulk OUT with completions, the RX ring between two adapters (at the
 * chip when rx_start returns, as the USB transport's URBs are), destroy. */
#include <stdatomic.h>

#include "libdevourer/bus/backend.h"
#include "tests/check.h"
#include "tests/virtual/vhelp.h"

static atomic_int done_ok, rx_frames, rx_posted;

static void on_done(void *user, int status, size_t actual)
{
	(void)user;
	if (status == DVR_OK && actual > 0)
		atomic_fetch_add(&done_ok, 1);
}

static void on_rx(void *user, int status, const uint8_t *buf, size_t len)
{
	(void)user;
	if (status == DVR_OK && len >= 24 && buf)
		atomic_fetch_add(&rx_frames, buf[14]);
}

static void on_posted(void *user, size_t len)
{
	(void)user;
	(void)len;
	atomic_fetch_add(&rx_posted, 1);
}

static struct dvr_transport *open_station(const char *name)
{
	struct dvr_selector sel = {.kind = DVR_SEL_VIRTUAL};
	snprintf(sel.name, sizeof sel.name, "%s", name);
	snprintf(sel.options, sizeof sel.options, "seed=5,trace=/dev/null");
	struct dvr_transport *t = NULL;
	return dvr_backend_virtual.open(&sel, NULL, &t, NULL, 0) == DVR_OK ? t : NULL;
}

int main(void)
{
	const char *fwdir = check_firmware_dir();
	if (!fwdir)
		CHECK_SKIP("shared firmware absent (TX needs booted firmware)");
	char air[64];
	CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir");
	setenv("DEVOURER_AIR_DIR", air, 1);

	struct dvr_transport *tx = open_station("tv-tx");
	struct dvr_transport *rx = open_station("tv-rx");
	CHECK(tx && rx, "two virtual transports open");
	if (!tx || !rx)
		return check_done();
	CHECK_EQ_INT(tx->info.vid, 0x0BDA, "vid");
	CHECK_EQ_INT(tx->info.n_out, 3, "3 OUT endpoints");
	CHECK(strcmp(tx->info.location, "virtual tv-tx") == 0, "location");
	uint8_t b[4];
	CHECK_EQ_INT(tx->ops->ctrl_in(tx, 0xF0, 0, b, 4, 500), 4, "ctrl_in");
	CHECK_EQ_INT(b[0], 0x35, "SYS_CFG through the transport");
	CHECK_EQ_INT(tx->ops->ctrl_in(tx, 0xF0, 0, b, 0, 500), DVR_E_PIPE,
	             "zero-length register read stalls -> DVR_E_PIPE");

	struct dvr_adapter_info info[8];
	size_t count = 0;
	dvr_backend_virtual.list(NULL, info, 8, &count);
	CHECK_EQ_INT(count, 2, "both stations listed");

	/* bring both chips up directly through the model */
	struct vchip *vt = vchip_find("tv-tx"), *vr = vchip_find("tv-rx");
	CHECK(vt && vr, "chips in the registry");
	CHECK(vh_power_on(vt) == 0 && vh_firmware(vt, fwdir) == 1 &&
	      vh_power_on(vr) == 0 && vh_firmware(vr, fwdir) == 1,
	      "chips powered, firmware booted");
	vh_write(vt, 0x10C, 0xF5B0, 2);
	vh_write(vr, 0x10C, 0xF5B4, 2);
	vh_tune(vt, 36, 20, 0);
	vh_tune(vr, 36, 20, 0);
	vh_monitor(vr, false);

	CHECK_EQ_INT(rx->ops->rx_start(rx, 4, 32768, on_rx, on_posted, NULL),
	             DVR_OK, "rx_start");
	/* Nothing was sent yet, so nothing completed and was posted again:
	 * the four are the ring, queued before rx_start returned, whether or
	 * not the transport's worker has run since (a sender starting now
	 * finds every transfer at the chip). */
	CHECK_EQ_INT(atomic_load(&rx_posted), 4,
	             "the whole ring is at the chip when rx_start returns");
	static uint8_t xfer[10][600];
	uint8_t f[500];
	for (int i = 0; i < 10; i++) {
		vh_frame(f, sizeof f, (uint8_t)i);
		size_t l = vh_txframe(xfer[i], f, sizeof f, 0x04, 0x12, 0);
		CHECK_EQ_INT(tx->ops->bulk_out_submit(tx, 0, xfer[i], l, 500,
		                                      on_done, NULL),
		             DVR_OK, "submit");
	}
	CHECK_EQ_INT(tx->ops->flush_out(tx, 2000), DVR_OK, "flush_out");
	CHECK_EQ_INT(atomic_load(&done_ok), 10, "10 completions");
	WAIT_UNTIL(atomic_load(&rx_frames) >= 10, 20000);
	CHECK_EQ_INT(atomic_load(&rx_frames), 10, "10 frames through RX ring");
	rx->ops->rx_stop(rx);
	int after = atomic_load(&rx_frames);
	struct vchip_stats before;
	vchip_get_stats(vr, &before);
	vh_frame(f, sizeof f, 99);
	size_t l = vh_txframe(xfer[0], f, sizeof f, 0x04, 0x12, 0);
	CHECK_EQ_INT(tx->ops->bulk_out_sync(tx, 0, xfer[0], l, 500), (int)l,
	             "bulk_out_sync");
	/* once the receiving chip has the frame, a transfer left queued
	 * after rx_stop would have taken it at once; none did: it is still in
	 * the chip's RX FIFO, and no callback came */
	struct vchip_stats now = {0};
	WAIT_UNTIL((vchip_get_stats(vr, &now), now.rx_heard > before.rx_heard),
	           20000);
	CHECK_EQ_INT(now.rx_heard, before.rx_heard + 1, "receiver heard it");
	CHECK_EQ_INT(now.rx_delivered, before.rx_delivered,
	             "no transfer took it after rx_stop");
	static uint8_t agg[32768];
	int got = vchip_bulk_in(vr, 0x81, agg, sizeof agg, 1000);
	CHECK(got > 0 && memmem(agg, (size_t)got, f + 24, 400),
	      "the frame waits in the RX FIFO");
	CHECK_EQ_INT(atomic_load(&rx_frames), after, "no callback after rx_stop");
	tx->ops->destroy(tx);
	rx->ops->destroy(rx);
	count = 0;
	dvr_backend_virtual.list(NULL, info, 8, &count);
	CHECK_EQ_INT(count, 0, "stations gone after destroy");
	vh_rm_air_dir(air);
	return check_done();
}
