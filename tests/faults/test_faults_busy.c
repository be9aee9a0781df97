/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Two users of one adapter over the real libusb (usbfs model under
 * umockdev). The kernel lets one file descriptor claim an interface; a
 * second claim is answered EBUSY. So while this process holds the
 * adapter:
 *  - another process opening it gets DVR_E_BUSY and a message saying
 *    the adapter is in use, and exits normally (no abort);
 *  - a second handle in this process gets the same;
 *  - the first handle keeps working (its frames still go out);
 * and once it is closed, the other process opens the adapter.
 *
 * The other process is this program again ("child EXPECT"), started
 * with the test bed's environment, so it sees the same adapter.
 */
#include "libdevourer/virtual/vchip_fault.h"
#include "tests/vusb/vusb_test.h"

/* Exit codes of the child. */
enum { CHILD_BUSY = 0, CHILD_OPENED = 10, CHILD_OTHER = 20 };

static char last_log[512];

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level <= DVR_LOG_WARN || !last_log[0])
		snprintf(last_log, sizeof last_log, "%s", msg);
}

/* Open "auto"; DVR_E_BUSY must come with a message saying why. */
static int try_open(dvr_device **out, char *msg, size_t msg_len)
{
	struct dvr_config cfg = {.on_log = on_log};
	last_log[0] = '\0';
	*out = NULL;
	int r = dvr_open("auto", &cfg, out);
	snprintf(msg, msg_len, "%s", last_log);
	return r;
}

static bool says_in_use(const char *msg)
{
	return strstr(msg, "in use") != NULL;
}

static int child(void)
{
	dvr_device *dev;
	char msg[512];
	int r = try_open(&dev, msg, sizeof msg);
	fprintf(stderr, "child: open: %s: %s\n", dvr_strerror(r), msg);
	dvr_close(dev);
	if (r == DVR_OK)
		return CHILD_OPENED;
	return r == DVR_E_BUSY && says_in_use(msg) ? CHILD_BUSY : CHILD_OTHER;
}

static int run_child(const char *self, unsigned timeout_ms)
{
	char *argv[] = {(char *)self, "child", NULL};
	pid_t pid = vt_spawn(argv);
	if (pid < 0)
		return -1;
	return vt_wait_exit(pid, timeout_ms);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "child") == 0)
		return child();
	char air[64];
	const char *fw = vt_setup(argv, air, sizeof air);
	struct vusb *vb = NULL;
	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = {.name = "shared", .seed = 3};
	if (!vt_bed_one(&vcfg, &vb, &ud, "test bed with one adapter"))
		return check_done();

	struct dvr_config cfg = {.firmware_dir = fw, .tx_mode = DVR_TX_ASYNC};
	dvr_device *dev = NULL;
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	int r = dvr_open("auto", &cfg, &dev);
	CHECK_EQ_INT(r, DVR_OK, "first user opens the adapter");
	if (r == DVR_OK)
		CHECK_EQ_INT(dvr_start(dev, &ch), DVR_OK, "and brings it up");

	CHECK_EQ_INT(run_child(argv[0], 30000), CHILD_BUSY,
	             "another process: DVR_E_BUSY saying the adapter is in "
	             "use, a normal exit");

	dvr_device *second = NULL;
	char msg[512];
	r = try_open(&second, msg, sizeof msg);
	printf("# second handle: %s: %s\n", dvr_strerror(r), msg);
	CHECK_EQ_INT(r, DVR_E_BUSY, "a second handle here: DVR_E_BUSY");
	CHECK(says_in_use(msg), "its message says the adapter is in use");
	CHECK(second == NULL, "no handle handed out");
	dvr_close(second);

	if (dev) {
		uint8_t f[300];
		struct dvr_tx_params p = vt_params();
		struct dvr_tx_stats ts;
		for (unsigned i = 0; i < 5; i++) {
			vt_frame(f, sizeof f, 500 + i);
			dvr_send_raw(dev, f, sizeof f, &p);
		}
		dvr_flush(dev, 4000);
		dvr_get_tx_stats(dev, &ts);
		CHECK_EQ_INT(ts.completed, 5, "the first user's frames still go "
		             "out");
	}
	dvr_close(dev);
	CHECK_EQ_INT(run_child(argv[0], 30000), CHILD_OPENED,
	             "once closed, another process opens it");
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
