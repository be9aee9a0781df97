// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The RX pump (dvr_share_rx_pump) over a virtual adapter shared by two
 * shares, a peer on the same air sending to it (run under
 * ThreadSanitizer by the 'threaded' suite). The scenario is the one
 * every bus runs (tests/pump_scenario.h):
 *  - while one share pumps, every frame the peer sent reaches both
 *    shares, and their callbacks run in the pumping thread (but for a
 *    moment the pumping thread was kept away: the device's thread then
 *    stands in);
 *  - the other share cannot take the pump meanwhile (DVR_E_BUSY), and a
 *    callback cannot pump (DVR_E_STATE);
 *  - dvr_share_rx_pump_wake() from another thread makes a pump with a
 *    timeout of ten minutes return;
 *  - after dvr_share_rx_pump_release() the device's own thread delivers
 *    again, to both shares, and a pump afterwards takes the reaping back;
 *  - a holder that stops pumping does not starve the adapter: the
 *    device's thread delivers what arrives meanwhile, and keeps doing so
 *    for a burst longer than the ring and the chip's RX FIFO together
 *    hold (the chip counts no overflow);
 *  - an adapter that vanishes ends the pump with DVR_E_NO_DEVICE, and the
 *    shares close without hanging.
 */
#include "tests/e2e/e2e_common.h"
#include "tests/pump_scenario.h"

/* More short frames than the ring (16 transfers) and the chip's RX FIFO
 * (about 180 of them) hold together. */
#define LONG_BURST 320u

static bool is_pumped(const struct dvr_rx_frame *f)
{
	return e2e_frame_has_tag(f, "pumped");
}

/* The virtual bus sends the same tagged frame each time. */
static unsigned send_tagged(void *ctx, dvr_share *far, unsigned first,
                            unsigned n)
{
	(void)ctx;
	(void)first;
	uint8_t fr[E2E_FRAME_LEN];
	e2e_tagged_frame(fr, 1, "pumped");
	unsigned sent = 0;
	for (unsigned i = 0; i < n; i++)
		sent += dvr_share_send(far, fr, sizeof fr) == DVR_OK;
	return sent;
}

/* The model unplugged between two pumps. */
static int unplug_then_pump(void *ctx, dvr_share *a)
{
	(void)ctx;
	vchip_unplug(vchip_find("pu-hub"));
	int r = 0;
	for (int i = 0; i < 500 && r >= 0; i++)
		r = dvr_share_rx_pump(a, 20);
	return r;
}

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	const char *fw_dir = getenv("DEVOURER_TEST_FIRMWARE_DIR");
	if (fw_dir)
		setenv("DEVOURER_FIRMWARE_DIR", fw_dir, 1);
	char air[] = "/tmp/dvr-pump-XXXXXX";
	if (e2e_air_make(air) != 0)
		return 1;

	struct pump_listener l1 = { 0 }, l2 = { 0 };
	dvr_share *a = pump_listener_open("virtual:pu-hub", fw_dir,
	                                  DVR_TX_AUTO, &l1, is_pumped);
	dvr_share *b = pump_listener_open("virtual:pu-hub", fw_dir,
	                                  DVR_TX_AUTO, &l2, is_pumped);
	dvr_share *far = pump_share_open("virtual:pu-far", fw_dir,
	                                 DVR_TX_AUTO, NULL, NULL);
	if (!CHECK(a && b && far, "two shares of one adapter and a peer")) {
		dvr_share_close(a);
		dvr_share_close(b);
		dvr_share_close(far);
		return check_done();
	}

	struct pump_bus bus = {
		.deliverer = "the device's thread",
		.claim_note = "",
		.chip = vchip_find("pu-hub"),
		.long_burst = LONG_BURST,
		.send = send_tagged,
		.send_long = send_tagged,
		.vanish = unplug_then_pump,
	};
	pump_scenario_run(&bus, a, b, far, &l1, &l2);
	e2e_air_remove(air);
	return check_done();
}
