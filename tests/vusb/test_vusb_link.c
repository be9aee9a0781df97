/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The whole driver over the real libusb against the chip model under
 * umockdev: a virtual 0bda:8812 is listed and opened by selector "auto",
 * brought up (stages and the model's milestones), and exchanges frames
 * byte for byte with a virtual: adapter on the same air in both
 * directions. Async TX keeps several bulk OUT URBs in flight (seen on the
 * device side), the register trace is written over this transport too,
 * and closing leaves no thread behind.
 */
#include "libdevourer/virtual/vchip.h"
#include "tests/vusb/vusb_test.h"

#define N_OUT 60     /* usb → virtual; large enough to fill the TX FIFO */
#define N_BACK 30    /* virtual → usb */

static struct vt_rx usb_rx, peer_rx;

static size_t big_len(unsigned i)
{
	return 3000 + (i % 7) * 150;
}

static size_t mixed_len(unsigned i)
{
	return 40 + (i * 97) % 1400;
}

static bool has_m(struct vchip *vc, enum vchip_milestone m)
{
	enum vchip_milestone ms[512];
	size_t n = vchip_milestones(vc, ms, 512);
	for (size_t i = 0; i < n && i < 512; i++)
		if (ms[i] == m)
			return true;
	return false;
}

static unsigned n_stages;
static void on_usb_event(void *user, const struct dvr_event *ev)
{
	vt_on_event(user, ev);
	if (ev->type == DVR_EVENT_INIT_STAGE)
		n_stages++;
}

int main(int argc, char **argv)
{
	(void)argc;
	char air[64];
	const char *fw = vt_setup(argv, air, sizeof air);
	vt_rx_init(&usb_rx);
	vt_rx_init(&peer_rx);

	char err[200];
	struct vusb *vb = NULL;
	int r = vusb_new(&vb, err, sizeof err);
	CHECK_EQ_INT(r, 0, "test bed created");
	if (r)
		return check_done();
	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = {.name = "usbsta", .seed = 1};
	r = vusb_add(vb, &vcfg, &ud, err, sizeof err);
	CHECK_EQ_INT(r, 0, "virtual USB adapter plugged in");
	if (r) {
		printf("# %s\n", err);
		vusb_free(vb);
		return check_done();
	}
	int threads0 = vt_threads();

	struct dvr_adapter_info list[8];
	int n = dvr_list_adapters(list, 8);
	bool listed = false;
	for (int i = 0; i < n && i < 8; i++)
		listed |= strcmp(list[i].selector, "usb:0bda:8812#0") == 0 &&
		          strcmp(list[i].location, "usb 1-1") == 0;
	CHECK(listed, "listed as usb:0bda:8812#0 at usb 1-1");

	char trace[128];
	snprintf(trace, sizeof trace, "%s/usb.trace", air);
	struct dvr_config cfg = {.on_rx = vt_on_rx, .on_event = on_usb_event,
	                         .user = &usb_rx, .firmware_dir = fw,
	                         .trace_path = trace, .tx_queue_depth = 16,
	                         .tx_mode = DVR_TX_ASYNC};
	dvr_device *dev = NULL;
	CHECK_EQ_INT(dvr_open("auto", &cfg, &dev), DVR_OK, "open auto over libusb");
	if (!dev) {
		vusb_free(vb);
		return check_done();
	}
	CHECK(strcmp(dvr_chip_name(dev), "RTL8812AU") == 0, "chip RTL8812AU");
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	uint64_t t0 = vt_now_ms();
	r = dvr_start(dev, &ch);
	CHECK_EQ_INT(r, DVR_OK, "bring-up over libusb");
	if (r != DVR_OK)
		printf("# %s\n", dvr_last_error(dev));
	printf("# bring-up took %llu ms\n",
	       (unsigned long long)(vt_now_ms() - t0));
	CHECK_EQ_INT(n_stages, 8, "eight init stages (calibrate last)");
	struct vchip *vc = vusb_chip(ud);
	CHECK(has_m(vc, VCHIP_M_POWER_ON) && has_m(vc, VCHIP_M_FW_BOOTED) &&
	      has_m(vc, VCHIP_M_RF_TABLE) && has_m(vc, VCHIP_M_MONITOR),
	      "model: power-on, firmware, tables, monitor");
	CHECK(!has_m(vc, VCHIP_M_FW_FAILED), "model: firmware not refused");
	struct vchip_tuning tu;
	vchip_get_tuning(vc, &tu);
	CHECK_EQ_INT(tu.channel, 36, "model tuned to 36");

	struct dvr_config pcfg = {.on_rx = vt_on_rx, .on_event = vt_on_event,
	                          .user = &peer_rx, .firmware_dir = fw};
	dvr_device *peer = NULL;
	CHECK_EQ_INT(dvr_open("virtual:peer", &pcfg, &peer), DVR_OK,
	             "open virtual:peer");
	CHECK_EQ_INT(peer ? dvr_start(peer, &ch) : -1, DVR_OK, "peer up");

	/* usb → virtual, async, faster than the air drains the FIFO */
	static uint8_t f[VT_MAX_LEN];
	struct dvr_tx_params p = vt_params();
	int send_err = 0;
	for (unsigned i = 0; i < N_OUT; i++) {
		vt_frame(f, big_len(i), 1000 + i);
		r = dvr_send_raw(dev, f, big_len(i), &p);
		if (r != DVR_OK && !send_err)
			send_err = r;
	}
	CHECK_EQ_INT(send_err, DVR_OK, "usb: every frame queued");
	CHECK_EQ_INT(dvr_flush(dev, 5000), DVR_OK, "usb: flushed");
	struct dvr_tx_stats ts;
	dvr_get_tx_stats(dev, &ts);
	CHECK_EQ_INT(ts.completed, N_OUT, "usb: all bulk OUT completed");
	CHECK_EQ_INT(ts.timeouts + ts.failed, 0, "usb: no TX errors");
	struct vusb_stats us;
	vusb_get_stats(ud, &us);
	printf("# bulk OUT URBs in flight at most %u\n", us.out_in_flight_max);
	CHECK(us.out_in_flight_max >= 4, "async TX: several URBs in flight");
	CHECK(vt_wait_rx(&peer_rx, N_OUT, 5000) >= N_OUT,
	      "virtual peer heard every frame");
	CHECK(vt_rx_exact(&peer_rx, 1000, N_OUT, big_len),
	      "usb → virtual byte-exact");

	/* virtual → usb: the RX ring over libusb */
	for (unsigned i = 0; i < N_BACK && peer; i++) {
		vt_frame(f, mixed_len(i), 2000 + i);
		dvr_send_raw(peer, f, mixed_len(i), &p);
	}
	if (peer)
		dvr_flush(peer, 3000);
	CHECK(vt_wait_rx(&usb_rx, N_BACK, 5000) >= N_BACK,
	      "usb adapter heard every frame");
	CHECK(vt_rx_exact(&usb_rx, 2000, N_BACK, mixed_len),
	      "virtual → usb byte-exact");
	struct dvr_rx_stats rs;
	dvr_get_rx_stats(dev, &rs);
	CHECK_EQ_INT(rs.malformed + rs.errors, 0, "usb RX: clean");

	CHECK_EQ_INT(atomic_load(&usb_rx.error_status), 0, "no error event");
	dvr_close(dev);
	dvr_close(peer);
	CHECK_EQ_INT(vt_threads_settle(threads0, 2000), threads0, "close: every driver thread gone");

	/* The register trace was written by the core over this transport. */
	FILE *tf = fopen(trace, "r");
	unsigned reads = 0, writes = 0, txs = 0;
	char line[256];
	while (tf && fgets(line, sizeof line, tf)) {
		reads += line[0] == 'R' && line[1] == ' ';
		writes += line[0] == 'W' && line[1] == ' ';
		txs += strncmp(line, "TX ", 3) == 0;
	}
	if (tf)
		fclose(tf);
	printf("# trace: %u reads, %u writes, %u TX\n", reads, writes, txs);
	CHECK(reads > 100 && writes > 1000 && txs >= N_OUT,
	      "register trace written over libusb");

	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
