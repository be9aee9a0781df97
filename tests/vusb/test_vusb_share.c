/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Shared adapters over the real libusb (umockdev test bed with two
 * adapters, both 0bda:8812):
 *  - shares naming the second adapter by its port ("usb:BUS-PORT"), by
 *    "auto" and by "usb:VID:PID#1" end on one device: "auto" is the
 *    adapter this process drives, not the free one listed first;
 *  - "usb:VID:PID#0" is the other adapter, another device;
 *  - a share sends while a share of the other adapter receives its
 *    frames byte for byte, both over libusb;
 *  - another process's dvr_share_open() and dvr_open() of an adapter
 *    shared here get DVR_E_BUSY with a message saying it is in use, and
 *    exit normally;
 *  - one share leaving leaves the others working; after the last one
 *    closed, the other process opens the adapter.
 *
 * The other process is this program again ("child share|open SELECTOR
 * busy|free"), started with the test bed's environment.
 */
#include "tests/vusb/vusb_test.h"

static char last_log[512];

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level == DVR_LOG_ERROR)
		snprintf(last_log, sizeof last_log, "%s", msg);
}

static int open_share(const char *sel, struct vt_rx *rx, dvr_share **out)
{
	struct dvr_share_config cfg = { 0 };
	cfg.device.firmware_dir = check_firmware_dir();
	cfg.device.on_log = on_log;
	cfg.device.tx_mode = DVR_TX_ASYNC;
	if (rx) {
		cfg.device.on_rx = vt_on_rx;
		cfg.device.user = rx;
	}
	cfg.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };
	last_log[0] = '\0';
	*out = NULL;
	return dvr_share_open(sel, &cfg, out);
}

/* Exit 0 when the outcome is the one expected. */
static int child(const char *how, const char *sel, const char *expect)
{
	int r;
	if (strcmp(how, "share") == 0) {
		dvr_share *s = NULL;
		r = open_share(sel, NULL, &s);
		dvr_share_close(s);
	} else {
		dvr_device *d = NULL;
		struct dvr_config cfg = { .on_log = on_log };
		last_log[0] = '\0';
		r = dvr_open(sel, &cfg, &d);
		dvr_close(d);
	}
	fprintf(stderr, "child: %s %s: %s: %s\n", how, sel, dvr_strerror(r),
	        last_log);
	if (strcmp(expect, "busy") == 0)
		return r == DVR_E_BUSY && strstr(last_log, "in use") ? 0 : 1;
	return r == DVR_OK ? 0 : 1;
}

static int run_child(const char *self, const char *how, const char *sel,
                     const char *expect)
{
	char *argv[] = { (char *)self, "child", (char *)how, (char *)sel,
		         (char *)expect, NULL };
	pid_t pid = vt_spawn(argv);
	return pid < 0 ? -1 : vt_wait_exit(pid, 30000);
}

static size_t len_300(unsigned i)
{
	(void)i;
	return 300;
}

int main(int argc, char **argv)
{
	if (argc == 5 && strcmp(argv[1], "child") == 0)
		return child(argv[2], argv[3], argv[4]);
	char air[64];
	vt_setup(argv, air, sizeof air);
	struct vusb *vb = NULL;
	struct vusb_dev *first = NULL, *second = NULL;
	struct vchip_config c1 = { .name = "sh-first", .seed = 5 };
	struct vchip_config c2 = { .name = "sh-second", .seed = 6 };
	char err[200] = "";
	if (!vt_bed_one(&c1, &vb, &first, "test bed with one adapter"))
		return check_done();
	if (!CHECK(vusb_add(vb, &c2, &second, err, sizeof err) == 0,
	           "and a second one")) {
		printf("# %s\n", err);
		vusb_free(vb);
		return check_done();
	}
	struct vchip_usb_desc d;
	vchip_usb_desc(vusb_chip(second), &d);
	/* The bus lists them (the air lists their chips too, as virtual). */
	struct dvr_adapter_info all[8], found[2];
	int listed = dvr_list_adapters(all, 8);
	int n = 0;
	for (int i = 0; i < listed && i < 8; i++)
		if (strncmp(all[i].location, "usb ", 4) == 0 && n < 2)
			found[n++] = all[i];
	CHECK_EQ_INT(n, 2, "the bus lists two USB adapters");
	if (n != 2) {
		vusb_free(vb);
		return check_done();
	}
	/* The second listed, by its port; the IDs of both. */
	char by_port[48], by_id0[32], by_id1[32];
	snprintf(by_port, sizeof by_port, "usb:%s", found[1].location + 4);
	snprintf(by_id0, sizeof by_id0, "usb:%04x:%04x#0", d.vid, d.pid);
	snprintf(by_id1, sizeof by_id1, "usb:%04x:%04x#1", d.vid, d.pid);
	printf("# %s, auto, %s; %s\n", by_port, by_id1, by_id0);

	dvr_share *a = NULL, *b = NULL, *c = NULL, *other = NULL;
	struct vt_rx *rx = calloc(1, sizeof *rx);
	vt_rx_init(rx);
	int r = open_share(by_port, NULL, &a);
	if (r != DVR_OK)
		printf("# %s\n", last_log);
	CHECK_EQ_INT(r, DVR_OK, "a share of the second adapter by its port");
	CHECK_EQ_INT(open_share("auto", NULL, &b), DVR_OK,
	             "a share by \"auto\"");
	CHECK_EQ_INT(open_share(by_id1, NULL, &c), DVR_OK,
	             "a share by VID:PID#1");
	if (!a || !b || !c) {
		dvr_share_close(c);
		dvr_share_close(b);
		dvr_share_close(a);
		vusb_free(vb);
		return check_done();
	}
	CHECK(dvr_share_device(a) == dvr_share_device(b) &&
	      dvr_share_device(b) == dvr_share_device(c),
	      "all three on one device: \"auto\" is the adapter in use here");
	CHECK_EQ_INT(dvr_share_users(a), 3, "three users");
	CHECK_EQ_INT(open_share(by_id0, rx, &other), DVR_OK,
	             "VID:PID#0 opens the first adapter");
	CHECK(other && dvr_share_device(other) != dvr_share_device(a),
	      "another device");
	CHECK_EQ_INT(dvr_share_users(a), 3, "the second still has three");

	CHECK_EQ_INT(run_child(argv[0], "share", "auto", "busy"), 0,
	             "another process: dvr_share_open(\"auto\") is busy, "
	             "saying the adapter is in use");
	CHECK_EQ_INT(run_child(argv[0], "open", by_port, "busy"), 0,
	             "another process: dvr_open() of the shared adapter is "
	             "busy, saying it is in use");
	CHECK_EQ_INT(run_child(argv[0], "share", by_id1, "busy"), 0,
	             "another process: dvr_share_open() by VID:PID#1 too");

	/* One share sends while a share of the other adapter listens. */
	uint8_t f[300];
	struct dvr_tx_params p = vt_params();
	for (unsigned i = 0; i < 5; i++) {
		vt_frame(f, sizeof f, 700 + i);
		CHECK_EQ_INT(dvr_share_send_raw(b, f, sizeof f, &p), DVR_OK,
		             "the \"auto\" share sends");
	}
	vt_wait_rx(rx, 5, 5000);
	CHECK(vt_rx_exact(rx, 700, 5, len_300),
	      "the other adapter's share hears them byte for byte");

	dvr_share_close(b);
	CHECK_EQ_INT(dvr_share_users(a), 2, "one left, two stay");
	for (unsigned i = 0; i < 3; i++) {
		vt_frame(f, sizeof f, 800 + i);
		dvr_share_send_raw(c, f, sizeof f, &p);
	}
	CHECK_EQ_INT(dvr_share_flush(c, 4000), DVR_OK, "the others send on");
	struct dvr_tx_stats ts;
	dvr_share_get_tx_stats(c, &ts);
	CHECK_EQ_INT(ts.completed, 3, "their frames went out");
	dvr_share_close(c);
	dvr_share_close(a);
	CHECK_EQ_INT(run_child(argv[0], "share", by_port, "free"), 0,
	             "after the last share closed, another process opens "
	             "the adapter");
	dvr_share_close(other);
	pthread_mutex_destroy(&rx->lock);
	free(rx);
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
