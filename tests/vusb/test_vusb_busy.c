/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One adapter, several users, as usbfs arbitrates them (linux
 * drivers/usb/core/devio.c): an interface is claimed by one open file at
 * a time.
 *  - usbfs itself, with raw ioctls on two opens of the device node: the
 *    second file's claim is EBUSY, the holder's claims succeed again, a
 *    release by a non-holder is EINVAL, interface numbers are checked,
 *    GETDRIVER names "usbfs" while it is held, libusb's disconnect-and-
 *    claim (sparing usbfs) is EBUSY, a bulk URB or CLEAR_HALT on a held
 *    interface is EBUSY while vendor control requests still go through,
 *    closing the holder frees it, and a disconnect-and-claim that spares
 *    nobody takes it over (the old holder's URB ends with -ESHUTDOWN);
 *  - two libusb handles in one program: the second claim is
 *    LIBUSB_ERROR_BUSY (with and without auto-detach), the first keeps
 *    working, after its release or close the second can claim;
 *  - the driver: a second dvr_open() of an adapter in use — in this
 *    program and in another one on the same test bed — fails with
 *    DVR_E_BUSY and a message that says the adapter is in use by another
 *    program and where it is, while the first keeps working; "auto"
 *    passes over an adapter in use for a free one; after dvr_close() the
 *    other program opens it;
 *  - a GStreamer pipeline on the adapter in use fails with the element's
 *    RESOURCE BUSY error naming the cause (when gst-launch-1.0 and the
 *    plugin are given and built).
 *
 *  - two programs under one devourer-vusb: the second is refused as
 *    busy while the first holds the adapter, and opens it after; a first
 *    program whose two streams share the adapter (dvr_share_open) holds
 *    it until the last of them leaves.
 *
 * Arguments: [gst-launch-1.0 plugin-build-dir [devourer-vusb]]. Run again
 * by itself with --child busy|free as the other program, and with
 * --pair as the first program under the launcher.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/ioctl.h>

#include <libusb.h>
#include <linux/usbdevice_fs.h>

#include "tests/vusb/vusb_test.h"

static char last_msg[512];

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level == DVR_LOG_ERROR)
		snprintf(last_msg, sizeof last_msg, "%s", msg);
}

static int open_dev(const char *sel, dvr_device **dev)
{
	struct dvr_config cfg = {.on_log = on_log,
	                         .firmware_dir = check_firmware_dir()};
	*dev = NULL;
	last_msg[0] = '\0';
	return dvr_open(sel, &cfg, dev);
}

/* ------------------------------------------------------------------ */
/* The other program                                                   */
/* ------------------------------------------------------------------ */

static int child(const char *expect)
{
	dvr_device *dev = NULL;
	int r = open_dev("auto", &dev);
	printf("# child: dvr_open auto: %d (%s) \"%s\"\n", r, dvr_strerror(r),
	       last_msg);
	if (strcmp(expect, "busy") == 0) {
		CHECK_EQ_INT(r, DVR_E_BUSY, "other program: open is busy");
		CHECK(dev == NULL, "other program: no device handed out");
		CHECK(strstr(last_msg, "in use by another program") != NULL,
		      "other program: the message says it is in use");
		CHECK(strstr(last_msg, "0bda:8812") != NULL &&
		      strstr(last_msg, "bus 1 port 1") != NULL,
		      "other program: the message says which adapter, where");
	} else {
		CHECK_EQ_INT(r, DVR_OK, "other program: open once it is free");
	}
	dvr_close(dev);
	return check_done();
}

/* Under devourer-vusb: this program holds the adapter while another
 * program under the same launcher tries it. */
static int run_child(const char *self, const char *expect);

static void ignore_rx(void *user, const struct dvr_rx_frame *frame)
{
	(void)user;
	(void)frame;
}

/* A program whose streams share the adapter (dvr_share_open: a TX one,
 * then an RX one joining by another selector) holds it for all of them:
 * another program is busy until the last stream leaves. */
static void pair_shared(const char *self)
{
	struct dvr_share_config sc = {
		.device = {.on_log = on_log,
		           .firmware_dir = check_firmware_dir()},
		.channel = {.channel = 36, .bw_mhz = 20},
	};
	dvr_share *tx = NULL, *rx = NULL;
	CHECK_EQ_INT(dvr_share_open("auto", &sc, &tx), DVR_OK,
	             "shared: a TX stream opens the adapter");
	sc.device.on_rx = ignore_rx;
	CHECK_EQ_INT(dvr_share_open("usb:1-1", &sc, &rx), DVR_OK,
	             "shared: an RX stream joins it by another selector");
	CHECK_EQ_INT(dvr_share_users(rx), 2, "shared: two users");
	CHECK_EQ_INT(run_child(self, "busy"), 0,
	             "shared: another program is refused while both run");
	dvr_share_close(tx);
	CHECK_EQ_INT(run_child(self, "busy"), 0,
	             "shared: ... and while the last stream runs");
	dvr_share_close(rx);
	CHECK_EQ_INT(run_child(self, "free"), 0,
	             "shared: after the last stream left, it opens");
}

static int pair(const char *self)
{
	dvr_device *dev = NULL;
	if (check_firmware_dir())
		pair_shared(self);
	CHECK_EQ_INT(open_dev("auto", &dev), DVR_OK,
	             "launcher: the first program opens the adapter");
	CHECK_EQ_INT(run_child(self, "busy"), 0,
	             "launcher: a second program under the same launcher "
	             "is refused as busy");
	dvr_close(dev);
	CHECK_EQ_INT(run_child(self, "free"), 0,
	             "launcher: after the first closes, the second opens it");
	return check_done();
}

/* ------------------------------------------------------------------ */
/* usbfs, raw                                                          */
/* ------------------------------------------------------------------ */

static int xioctl(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) == 0 ? 0 : -errno;
}

static int claim(int fd, unsigned ifnum)
{
	return xioctl(fd, USBDEVFS_CLAIMINTERFACE, &ifnum);
}

static int release(int fd, unsigned ifnum)
{
	return xioctl(fd, USBDEVFS_RELEASEINTERFACE, &ifnum);
}

static int disconnect_claim(int fd, unsigned flags)
{
	struct usbdevfs_disconnect_claim dc = {.interface = 0,
	                                       .flags = flags};
	snprintf(dc.driver, sizeof dc.driver, "usbfs");
	return xioctl(fd, USBDEVFS_DISCONNECT_CLAIM, &dc);
}

/* Reap one URB of fd, waiting at most timeout_ms; 0 or -errno. */
static int reap(int fd, struct usbdevfs_urb **got, unsigned timeout_ms)
{
	uint64_t end = vt_now_ms() + timeout_ms;
	for (;;) {
		void *p = NULL;
		int r = xioctl(fd, USBDEVFS_REAPURBNDELAY, &p);
		if (r != -EAGAIN) {
			*got = p;
			return r;
		}
		if (vt_now_ms() > end)
			return r;
		vt_sleep_ms(2);
	}
}

/* Claim on fd, retried while the claim is EBUSY (a close of the holder
 * reaches the device asynchronously), at most timeout_ms. */
static int claim_when_free(int fd, unsigned timeout_ms)
{
	uint64_t end = vt_now_ms() + timeout_ms;
	int r;
	while ((r = claim(fd, 0)) == -EBUSY && vt_now_ms() < end)
		vt_sleep_ms(5);
	return r;
}

static void test_raw(struct vusb_dev *ud)
{
	const char *node = vusb_devnode(ud);
	struct vchip_usb_desc d;
	vchip_usb_desc(vusb_chip(ud), &d);
	int a = open(node, O_RDWR | O_CLOEXEC);
	int b = open(node, O_RDWR | O_CLOEXEC);
	if (!CHECK(a >= 0 && b >= 0, "raw: two opens of the device node")) {
		if (a >= 0)
			close(a);
		if (b >= 0)
			close(b);
		return;
	}
	CHECK_EQ_INT(claim(a, 0), 0, "raw: first file claims interface 0");
	CHECK_EQ_INT(claim(a, 0), 0, "raw: its second claim succeeds too");
	CHECK_EQ_INT(claim(b, 0), -EBUSY, "raw: second file's claim: EBUSY");
	CHECK_EQ_INT(release(b, 0), -EINVAL,
	             "raw: release by a file that does not hold it: EINVAL");
	CHECK_EQ_INT(claim(b, 1), -ENOENT, "raw: interface 1: ENOENT");
	CHECK_EQ_INT(claim(b, 32), -EINVAL, "raw: interface 32: EINVAL");
	struct usbdevfs_getdriver gd = {.interface = 0};
	CHECK(xioctl(b, USBDEVFS_GETDRIVER, &gd) == 0 &&
	      strcmp(gd.driver, "usbfs") == 0,
	      "raw: GETDRIVER names usbfs while it is held");
	CHECK_EQ_INT(disconnect_claim(b, USBDEVFS_DISCONNECT_CLAIM_EXCEPT_DRIVER),
	             -EBUSY, "raw: disconnect-and-claim sparing usbfs: EBUSY");
	CHECK_EQ_INT(disconnect_claim(a, USBDEVFS_DISCONNECT_CLAIM_EXCEPT_DRIVER),
	             -EBUSY, "raw: ... also for the holder (usbfs is bound)");

	static uint8_t inbuf[512];
	struct usbdevfs_urb bulk = {.type = USBDEVFS_URB_TYPE_BULK,
	                            .endpoint = d.in_ep, .buffer = inbuf,
	                            .buffer_length = sizeof inbuf};
	CHECK_EQ_INT(xioctl(b, USBDEVFS_SUBMITURB, &bulk), -EBUSY,
	             "raw: bulk URB on the held interface: EBUSY");
	unsigned ep = d.out_ep[0];
	CHECK_EQ_INT(xioctl(b, USBDEVFS_CLEAR_HALT, &ep), -EBUSY,
	             "raw: CLEAR_HALT on the held interface: EBUSY");
	/* A vendor request needs no interface: register 0x0000 reads. */
	uint8_t ctrl[8 + 1] = {0xC0, 0x05, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00};
	struct usbdevfs_urb cu = {.type = USBDEVFS_URB_TYPE_CONTROL,
	                          .endpoint = 0, .buffer = ctrl,
	                          .buffer_length = sizeof ctrl};
	struct usbdevfs_urb *got = NULL;
	CHECK(xioctl(b, USBDEVFS_SUBMITURB, &cu) == 0 &&
	      reap(b, &got, 2000) == 0 && got == &cu && cu.status == 0 &&
	      cu.actual_length == 1,
	      "raw: a vendor control request from the other file goes through");
	/* Completed URBs are reaped by the file that submitted them only:
	 * b looks while a's request completes, then a reaps it. */
	uint8_t ctrl_a[8 + 1] = {0xC0, 0x05, 0x00, 0x00, 0x00, 0x00, 0x01,
	                         0x00};
	struct usbdevfs_urb ca = {.type = USBDEVFS_URB_TYPE_CONTROL,
	                          .endpoint = 0, .buffer = ctrl_a,
	                          .buffer_length = sizeof ctrl_a};
	CHECK_EQ_INT(xioctl(a, USBDEVFS_SUBMITURB, &ca), 0,
	             "raw: the holder submits a control request");
	got = NULL;
	CHECK_EQ_INT(reap(b, &got, 300), -EAGAIN,
	             "raw: the other file never reaps it");
	got = NULL;
	CHECK(reap(a, &got, 2000) == 0 && got == &ca && ca.status == 0,
	      "raw: its own file does");

	/* The holder's close frees it. */
	close(a);
	CHECK_EQ_INT(claim_when_free(b, 2000), 0,
	             "raw: after the holder's close the other file claims");
	CHECK_EQ_INT(release(b, 0), 0, "raw: and releases");
	CHECK_EQ_INT(release(b, 0), -EINVAL, "raw: a second release: EINVAL");
	CHECK_EQ_INT(xioctl(b, USBDEVFS_GETDRIVER, &gd), -ENODATA,
	             "raw: GETDRIVER: no driver once released");

	/* A disconnect-and-claim that spares nobody takes the interface from
	 * its holder, whose URB on it ends as its endpoint is disabled. */
	CHECK_EQ_INT(xioctl(b, USBDEVFS_SUBMITURB, &bulk), 0,
	             "raw: a bulk URB claims the free interface implicitly");
	int c = open(node, O_RDWR | O_CLOEXEC);
	CHECK_EQ_INT(claim(c, 0), -EBUSY, "raw: implicit claim holds it");
	CHECK_EQ_INT(disconnect_claim(c, 0), 0,
	             "raw: disconnect-and-claim without sparing takes it");
	got = NULL;
	CHECK(reap(b, &got, 2000) == 0 && got == &bulk &&
	      bulk.status == -ESHUTDOWN,
	      "raw: the old holder's bulk URB ends with -ESHUTDOWN");
	CHECK_EQ_INT(xioctl(b, USBDEVFS_SUBMITURB, &bulk), -EBUSY,
	             "raw: the old holder is refused now");
	close(c);
	close(b);
}

/* ------------------------------------------------------------------ */
/* libusb                                                              */
/* ------------------------------------------------------------------ */

static int read_reg(libusb_device_handle *h, uint16_t addr, uint8_t *v)
{
	return libusb_control_transfer(h, 0xC0, 0x05, addr, 0, v, 1, 1000);
}

/* Claim with h, retried while busy (a close of the holder arrives
 * asynchronously), at most timeout_ms. */
static int lu_claim_when_free(libusb_device_handle *h, unsigned timeout_ms)
{
	uint64_t end = vt_now_ms() + timeout_ms;
	int r;
	while ((r = libusb_claim_interface(h, 0)) == LIBUSB_ERROR_BUSY &&
	       vt_now_ms() < end)
		vt_sleep_ms(5);
	return r;
}

static void test_libusb(uint16_t vid, uint16_t pid)
{
	libusb_context *ctx = NULL;
	if (!CHECK(libusb_init(&ctx) == 0, "libusb: init"))
		return;
	libusb_device_handle *h1 = libusb_open_device_with_vid_pid(ctx, vid,
	                                                           pid);
	libusb_device_handle *h2 = libusb_open_device_with_vid_pid(ctx, vid,
	                                                           pid);
	if (!CHECK(h1 && h2, "libusb: two handles on the adapter"))
		goto out;
	/* As the driver does: libusb then claims with disconnect-and-
	 * claim, sparing usbfs. */
	libusb_set_auto_detach_kernel_driver(h1, 1);
	libusb_set_auto_detach_kernel_driver(h2, 1);
	CHECK_EQ_INT(libusb_claim_interface(h1, 0), 0, "libusb: first claims");
	CHECK_EQ_INT(libusb_claim_interface(h2, 0), LIBUSB_ERROR_BUSY,
	             "libusb: second claim (auto-detach) is BUSY");
	libusb_set_auto_detach_kernel_driver(h2, 0);
	CHECK_EQ_INT(libusb_claim_interface(h2, 0), LIBUSB_ERROR_BUSY,
	             "libusb: second claim (plain) is BUSY");
	CHECK_EQ_INT(libusb_kernel_driver_active(h2, 0), 0,
	             "libusb: usbfs holding it is no kernel driver to detach");
	uint8_t v = 0;
	CHECK_EQ_INT(read_reg(h1, 0x0000, &v), 1,
	             "libusb: the first handle keeps working");
	CHECK_EQ_INT(libusb_release_interface(h1, 0), 0,
	             "libusb: first releases");
	CHECK_EQ_INT(libusb_claim_interface(h2, 0), 0,
	             "libusb: then the second claims");
	CHECK_EQ_INT(libusb_claim_interface(h1, 0), LIBUSB_ERROR_BUSY,
	             "libusb: and the first is refused in turn");
	libusb_close(h2); /* without releasing: the close does it */
	h2 = NULL;
	CHECK_EQ_INT(lu_claim_when_free(h1, 2000), 0,
	             "libusb: after the holder's close the other claims");
	CHECK_EQ_INT(read_reg(h1, 0x0000, &v), 1, "libusb: and works");
	libusb_release_interface(h1, 0);
out:
	if (h1)
		libusb_close(h1);
	if (h2)
		libusb_close(h2);
	libusb_exit(ctx);
}

/* ------------------------------------------------------------------ */
/* The driver                                                          */
/* ------------------------------------------------------------------ */

static int run_child(const char *self, const char *expect)
{
	char *argv[] = {(char *)self, "--child", (char *)expect, NULL};
	pid_t pid = vt_spawn(argv);
	return pid > 0 ? vt_wait_exit(pid, 60000) : -1;
}

/* gst-launch-1.0 with the pipeline pipe while the adapter is in use: exit
 * status (-1 when it could not run) and what it said. */
static int run_gst(const char *gst, char *const pipe[], const char *plugin_dir,
                   const char *air, char *said, size_t said_len)
{
	char out[600], registry[600];
	snprintf(out, sizeof out, "%s/gst.out", air);
	snprintf(registry, sizeof registry, "%s/registry.bin", air);
	char *asan = getenv("ASAN_OPTIONS");
	char *asan_was = asan ? strdup(asan) : NULL;
	setenv("GST_PLUGIN_PATH", plugin_dir, 1);
	setenv("GST_REGISTRY", registry, 1);
	setenv("GST_REGISTRY_FORK", "no", 1);
	/* gst-launch-1.0 and GLib keep one-time allocations to exit. */
	setenv("ASAN_OPTIONS", "detect_leaks=0:abort_on_error=1", 1);
	char *argv[16] = {(char *)gst};
	for (unsigned i = 0; pipe[i] && i + 2 < 16; i++)
		argv[i + 1] = pipe[i];
	extern char **environ;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, out,
	                                 O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	pid_t pid;
	int r = posix_spawn(&pid, gst, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (asan_was) {
		setenv("ASAN_OPTIONS", asan_was, 1);
		free(asan_was);
	}
	if (r != 0)
		return -1;
	int st = vt_wait_exit(pid, 60000);
	said[0] = '\0';
	FILE *f = fopen(out, "r");
	if (f) {
		size_t n = fread(said, 1, said_len - 1, f);
		said[n] = '\0';
		fclose(f);
	}
	return st;
}

static void test_driver(const char *self, const char *gst,
                        const char *plugin_dir, const char *air)
{
	dvr_device *first = NULL;
	CHECK_EQ_INT(open_dev("auto", &first), DVR_OK, "driver: first open");
	if (!first)
		return;
	const char *sels[] = {"auto", "usb:0bda:8812", "usb:1-1"};
	for (unsigned i = 0; i < 3; i++) {
		dvr_device *second = NULL;
		int r = open_dev(sels[i], &second);
		printf("# %s: %d (%s) \"%s\"\n", sels[i], r, dvr_strerror(r),
		       last_msg);
		CHECK_EQ_INT(r, DVR_E_BUSY, "driver: second open in this "
		             "program is busy");
		CHECK(second == NULL, "driver: no second device handed out");
		CHECK(strstr(last_msg, "in use by another program") != NULL &&
		      strstr(last_msg, "bus 1 port 1") != NULL,
		      "driver: the message says in use, and where");
		dvr_close(second);
	}
	CHECK_EQ_INT(run_child(self, "busy"), 0,
	             "driver: another program's open is busy, with the "
	             "message");

	if (gst && access(gst, X_OK) == 0) {
		char plugin[600];
		snprintf(plugin, sizeof plugin, "%s/libgstdevourer.so",
		         plugin_dir);
		char *src[] = {"devourersrc", "device=auto", "channel=36",
		               "password=busy-test", "num-buffers=1", "!",
		               "fakesink", NULL};
		char *sink[] = {"fakesrc", "num-buffers=1", "!", "devourersink",
		                "device=auto", "channel=36",
		                "password=busy-test", NULL};
		char *const *pipes[] = {src, sink};
		for (unsigned k = 0; k < 2 && access(plugin, R_OK) == 0; k++) {
			static char said[16384];
			printf("# element %s\n", k ? "devourersink"
			                            : "devourersrc");
			int st = run_gst(gst, pipes[k], plugin_dir, air, said,
			                 sizeof said);
			bool in_use = strstr(said, "is in use") != NULL;
			bool why = strstr(said, "in use by another program") !=
			           NULL;
			printf("# gst-launch-1.0 exit %d; said:\n", st);
			for (char *line = strtok(said, "\n"); line;
			     line = strtok(NULL, "\n"))
				printf("#   %s\n", line);
			/* gst-launch-1.0 exits with -1 on an error. */
			CHECK(st == 1 || st == 255, "gst: the pipeline fails "
			      "(no crash, no hang)");
			CHECK(in_use,
			      "gst: the element's error says the device is in "
			      "use");
			CHECK(why,
			      "gst: its detail gives the driver's reason");
		}
		if (access(plugin, R_OK) != 0) {
			printf("# gst plugin not built: pipeline case skipped\n");
		}
	} else {
		printf("# no gst-launch-1.0: pipeline case skipped\n");
	}

	/* The refusals left the first handle alone. */
	if (check_firmware_dir()) {
		struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
		int r = dvr_start(first, &ch);
		if (r != DVR_OK)
			printf("# start: %s\n", dvr_last_error(first));
		CHECK_EQ_INT(r, DVR_OK, "driver: the first handle still brings "
		             "the chip up");
	}
	dvr_close(first);
	CHECK_EQ_INT(run_child(self, "free"), 0,
	             "driver: after dvr_close the other program opens it");
}

/* "auto" with two adapters, the first in use: it takes the second. */
static void test_auto_passes_over(struct vusb *vb)
{
	struct vchip_config vcfg = {.name = "spare", .seed = 9};
	struct vusb_dev *spare = NULL;
	char err[200] = "";
	if (!CHECK(vusb_add(vb, &vcfg, &spare, err, sizeof err) == 0,
	           "a second adapter"))
		return;
	dvr_device *a = NULL, *b = NULL, *c = NULL;
	CHECK_EQ_INT(open_dev("auto", &a), DVR_OK, "auto: first adapter");
	CHECK_EQ_INT(open_dev("auto", &b), DVR_OK,
	             "auto: the one in use is passed over for the free one");
	int r = open_dev("auto", &c);
	CHECK_EQ_INT(r, DVR_E_BUSY, "auto: both in use: busy");
	CHECK(strstr(last_msg, "bus 1 port 1") != NULL,
	      "auto: the reason names the first adapter");
	dvr_close(c);
	dvr_close(b);
	dvr_close(a);
}

int main(int argc, char **argv)
{
	if (argc >= 3 && strcmp(argv[1], "--child") == 0) {
		/* TAP belongs to the parent: ours goes to stderr. */
		if (dup2(2, 1) < 0)
			return 1;
		return child(argv[2]);
	}
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		CHECK_SKIP("cannot find this program's path");
	self[n] = '\0';
	if (argc >= 2 && strcmp(argv[1], "--pair") == 0) {
		if (dup2(2, 1) < 0)
			return 1;
		return pair(self);
	}
	char air[64];
	vt_setup(argv, air, sizeof air);
	const char *gst = argc >= 3 ? argv[1] : NULL;
	const char *plugin_dir = argc >= 3 ? argv[2] : NULL;
	const char *launcher = argc >= 4 ? argv[3] : NULL;

	struct vusb *vb = NULL;
	struct vusb_dev *ud = NULL;
	struct vchip_config vcfg = {.name = "shared", .seed = 4};
	if (!vt_bed_one(&vcfg, &vb, &ud, "test bed with one adapter"))
		return check_done();
	struct vchip_usb_desc d;
	vchip_usb_desc(vusb_chip(ud), &d);
	test_raw(ud);
	test_libusb(d.vid, d.pid);
	test_driver(self, gst, plugin_dir, air);
	test_auto_passes_over(vb);
	vusb_free(vb);
	if (launcher) {
		/* Two programs under one devourer-vusb share its adapters. */
		char *run[] = {(char *)launcher, "--adapter", "pair", "--",
		               self, "--pair", NULL};
		pid_t pid = vt_spawn(run);
		CHECK_EQ_INT(pid > 0 ? vt_wait_exit(pid, 90000) : -1, 0,
		             "devourer-vusb: a program holding the adapter "
		             "and a second one refused as busy");
	}
	vt_rm_dir(air);
	return check_done();
}
