/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The adapter fails in the middle of each bring-up stage dvr_start()
 * reports (identify, power_on, firmware, mac, phy, monitor, channel,
 * calibrate where the chip has it), over the in-process virtual bus
 * ("virtual") or over the real libusb against the usbfs model ("vusb").
 *
 * A clean bring-up first tells how many register writes each stage
 * makes (the chip model's count when the stage's init-timing event
 * arrives); then, on a fresh adapter per stage, the chip model is armed
 * to vanish half way through that stage ("unplug:after-writes=N",
 * counted in the host's own writes — its polls of the chip's engines
 * vary with the machine, its writes do not — so the cut lands in the
 * same stage however loaded the machine is). Each time:
 *  - dvr_start() fails with DVR_E_NO_DEVICE and its message names the
 *    stage it was in;
 *  - every earlier stage was reported done, that one and later ones not;
 *  - one DVR_EVENT_ERROR with DVR_E_NO_DEVICE reaches the application;
 *  - dvr_close() returns and leaves no driver thread behind.
 * Then the endpoint 0 timing out during the firmware download: a
 * DVR_E_TIMEOUT naming the firmware stage, not fatal, and the same
 * handle brings the adapter up once the bus answers again.
 *
 * The RTL8822C is told by its EFUSE to stay on USB 2 (usb3switch=0): a
 * re-enumeration in the middle would be another adapter to count on.
 *
 * In-process also: a selector with an impossible option is refused at
 * dvr_open() with the option's own complaint, not a generic failure.
 *
 * Arguments: virtual|vusb CHIP (a chip of the test list, tests/meson.build).
 */
#include <errno.h>

#include "libdevourer/virtual/vchip_fault.h"
#include "tests/vusb/vusb_test.h"

#define MAX_STAGES 16

struct stage {
	char name[24];
	uint64_t ctrl;   /* control transfers the stage made */
	uint64_t writes; /* ... of them register writes */
};

/* What one bring-up reported. */
struct seen {
	pthread_mutex_t lock;
	struct stage st[MAX_STAGES];
	unsigned n;
	unsigned errors;
	int error_status;
	bool done;
	struct vchip *vc;     /* the adapter's chip model, once known */
	uint64_t writes_at;   /* its write count when the last stage ended */
};

static uint64_t chip_writes(struct vchip *vc)
{
	struct vchip_stats st;
	vchip_get_stats(vc, &st);
	return st.ctrl_writes;
}

static void on_event(void *user, const struct dvr_event *ev)
{
	struct seen *s = user;
	pthread_mutex_lock(&s->lock);
	if (ev->type == DVR_EVENT_INIT_STAGE && s->n < MAX_STAGES) {
		snprintf(s->st[s->n].name, sizeof s->st[s->n].name, "%s",
		         ev->init.stage);
		s->st[s->n].ctrl = ev->init.ctrl_transfers;
		if (s->vc) {
			/* the event comes from the bring-up's own thread,
			 * between one stage and the next */
			uint64_t w = chip_writes(s->vc);
			s->st[s->n].writes = w - s->writes_at;
			s->writes_at = w;
		}
		s->n++;
	} else if (ev->type == DVR_EVENT_INIT_DONE) {
		s->done = true;
	} else if (ev->type == DVR_EVENT_ERROR) {
		s->errors++;
		s->error_status = ev->error.status;
	}
	pthread_mutex_unlock(&s->lock);
}

static void seen_reset(struct seen *s)
{
	pthread_mutex_lock(&s->lock);
	s->n = 0;
	s->errors = 0;
	s->error_status = 0;
	s->done = false;
	s->vc = NULL;
	pthread_mutex_unlock(&s->lock);
}

/* Count the stages' writes of a's chip from now on. */
static void seen_watch(struct seen *s, struct vchip *vc)
{
	pthread_mutex_lock(&s->lock);
	s->vc = vc;
	s->writes_at = chip_writes(vc);
	pthread_mutex_unlock(&s->lock);
}

/* The bed: in-process virtual adapters, or one adapter behind usbfs. */
static bool over_vusb;
static const char *chip_name;
static const char *fw;
static struct vusb *vb;

struct adapter {
	dvr_device *dev;
	struct vchip *vc;
	struct vusb_dev *ud;
	int threads;     /* before dvr_open: the test bed's own included */
};

/* A fresh adapter called name, opened (not started). */
static bool adapter_open(const char *name, struct seen *s, struct adapter *a)
{
	memset(a, 0, sizeof *a);
	struct dvr_config cfg = {.on_event = on_event, .user = s,
	                         .firmware_dir = fw, .enable_rx = true};
	char sel[96];
	if (over_vusb) {
		char err[200] = "";
		struct vchip_config vcfg = {.name = name, .seed = 5};
		char opt[32];
		snprintf(opt, sizeof opt, "chip=%s,usb3switch=0", chip_name);
		if (vchip_config_parse(&vcfg, opt, err, sizeof err) != 0 ||
		    vusb_add(vb, &vcfg, &a->ud, err, sizeof err) != 0) {
			printf("# adapter %s: %s\n", name, err);
			return false;
		}
		a->vc = vusb_chip(a->ud);
		/* The one adapter of this test bed still plugged in. */
		snprintf(sel, sizeof sel, "auto");
	} else {
		/* One seed for every adapter, as over devourer-vusb: the
		 * model's random parts (a calibration engine's verdict, a
		 * lost AFE bank write the driver retries) take the same
		 * course in every bring-up, so the reference's write counts
		 * put each fault in the stage it is meant for. */
		snprintf(sel, sizeof sel,
		         "virtual:%s,chip=%s,usb3switch=0,seed=5", name,
		         chip_name);
	}
	a->threads = vt_threads();
	int r = dvr_open(sel, &cfg, &a->dev);
	if (r != DVR_OK) {
		printf("# open %s: %s\n", sel, dvr_strerror(r));
		return false;
	}
	if (!over_vusb)
		a->vc = vchip_find(name);
	if (a->vc)
		seen_watch(s, a->vc);
	return a->vc != NULL;
}

static void adapter_close(struct adapter *a)
{
	dvr_close(a->dev);
	a->dev = NULL;
	/* Off the bus, so "auto" finds the next test's adapter alone. */
	if (a->ud)
		vusb_unplug(a->ud);
	a->ud = NULL;
}

static void arm(struct vchip *vc, const char *spec)
{
	struct vchip_fault f;
	char err[160] = "";
	int r = vchip_fault_parse(spec, &f, err, sizeof err);
	if (r == 0)
		r = vchip_fault_arm(vc, &f);
	if (!CHECK(r == 0, "fault armed"))
		printf("# %s: %s\n", spec, err);
}

static const struct dvr_channel channel = {.channel = 36, .bw_mhz = 20};

/* The clean bring-up: the stages and their control transfers. */
static unsigned reference(struct seen *s, struct stage *out)
{
	struct adapter a;
	seen_reset(s);
	if (!CHECK(adapter_open("ref", s, &a), "reference adapter opens"))
		return 0;
	int r = dvr_start(a.dev, &channel);
	CHECK_EQ_INT(r, DVR_OK, "reference bring-up");
	pthread_mutex_lock(&s->lock);
	unsigned n = s->n;
	memcpy(out, s->st, sizeof s->st);
	pthread_mutex_unlock(&s->lock);
	for (unsigned i = 0; i < n; i++)
		printf("# stage %-10s %llu control transfers, %llu writes\n",
		       out[i].name, (unsigned long long)out[i].ctrl,
		       (unsigned long long)out[i].writes);
	CHECK(n >= 7, "the bring-up reports its stages");
	adapter_close(&a);
	return r == DVR_OK ? n : 0;
}

/* Unplug half way through stage i of the reference. */
static void unplug_in_stage(struct seen *s, const struct stage *ref,
                            unsigned i)
{
	const char *stage = ref[i].name;
	uint64_t before = 0;
	for (unsigned k = 0; k < i; k++)
		before += ref[k].writes;
	char name[40], spec[64], what[160];
	snprintf(name, sizeof name, "cut-%.23s", stage);
	snprintf(spec, sizeof spec, "unplug:after-writes=%llu",
	         (unsigned long long)(before + ref[i].writes / 2));

	struct adapter a;
	seen_reset(s);
	snprintf(what, sizeof what, "%.23s: adapter opens", stage);
	if (!CHECK(adapter_open(name, s, &a), what)) {
		adapter_close(&a);
		return;
	}
	arm(a.vc, spec);
	int r = dvr_start(a.dev, &channel);
	const char *msg = dvr_last_error(a.dev);
	printf("# unplugged in %s (%s): %s: %s\n", stage, spec,
	       dvr_strerror(r), msg);
	snprintf(what, sizeof what, "unplug in %.23s: DVR_E_NO_DEVICE", stage);
	CHECK_EQ_INT(r, DVR_E_NO_DEVICE, what);
	snprintf(what, sizeof what, "unplug in %.23s: the message names it",
	         stage);
	CHECK(strncmp(msg, stage, strlen(stage)) == 0 &&
	      msg[strlen(stage)] == ':', what);

	pthread_mutex_lock(&s->lock);
	bool order = s->n == i && !s->done;
	for (unsigned k = 0; k < s->n && k < i; k++)
		order = order && strcmp(s->st[k].name, ref[k].name) == 0;
	unsigned errors = s->errors;
	int status = s->error_status;
	pthread_mutex_unlock(&s->lock);
	snprintf(what, sizeof what, "unplug in %s: the stages before it "
	         "done, it and later ones not", stage);
	CHECK(order, what);
	snprintf(what, sizeof what, "unplug in %s: one error event, "
	         "NO_DEVICE", stage);
	CHECK(errors == 1 && status == DVR_E_NO_DEVICE, what);
	snprintf(what, sizeof what, "unplug in %s: sending fails", stage);
	uint8_t f[64];
	vt_frame(f, sizeof f, 1);
	struct dvr_tx_params p = vt_params();
	CHECK(dvr_send_raw(a.dev, f, sizeof f, &p) != DVR_OK, what);
	int threads0 = a.threads;
	adapter_close(&a);
	snprintf(what, sizeof what, "unplug in %s: no driver thread left",
	         stage);
	CHECK_EQ_INT(vt_threads_settle(threads0, 2000), threads0, what);
}

/* A fresh adapter called name whose endpoint 0 NAKs for for_ms from
 * half way through the firmware stage (by its writes in ref). */
static bool open_nak_in_firmware(struct seen *s, const struct stage *ref,
                                 unsigned n, unsigned for_ms,
                                 const char *name, struct adapter *a)
{
	uint64_t before = 0;
	unsigned fw_i = n;
	for (unsigned k = 0; k < n && fw_i == n; k++) {
		if (strcmp(ref[k].name, "firmware") == 0)
			fw_i = k;
		else
			before += ref[k].writes;
	}
	if (!CHECK(fw_i < n, "the bring-up has a firmware stage"))
		return false;
	char spec[80], what[80];
	snprintf(spec, sizeof spec, "ctrl-timeout:after-writes=%llu,for=%u",
	         (unsigned long long)(before + ref[fw_i].writes / 2), for_ms);
	seen_reset(s);
	snprintf(what, sizeof what, "%s adapter opens", name);
	if (!CHECK(adapter_open(name, s, a), what)) {
		adapter_close(a);
		return false;
	}
	arm(a->vc, spec);
	return true;
}

/* Endpoint 0 stops answering half way through the firmware download. */
static void firmware_ctrl_timeout(struct seen *s, const struct stage *ref,
                                  unsigned n)
{
	/* Far longer than the three tries a timed-out transfer gets (3 x
	 * the 500 ms control timeout): it really stopped answering. */
	struct adapter a;
	if (!open_nak_in_firmware(s, ref, n, 4000, "fw-nak", &a))
		return;
	int r = dvr_start(a.dev, &channel);
	const char *msg = dvr_last_error(a.dev);
	printf("# endpoint 0 NAKs in the download: %s: %s\n",
	       dvr_strerror(r), msg);
	CHECK_EQ_INT(r, DVR_E_TIMEOUT, "firmware download timed out: "
	             "DVR_E_TIMEOUT");
	CHECK(strncmp(msg, "firmware", 8) == 0, "the message names the "
	      "firmware stage");
	CHECK(strstr(msg, "timed out, 3 tries") && strstr(msg, "of 0x"),
	      "... and the register that stopped answering, after 3 tries");
	pthread_mutex_lock(&s->lock);
	unsigned errors = s->errors;
	pthread_mutex_unlock(&s->lock);
	CHECK_EQ_INT(errors, 0, "a timeout is not fatal: no error event");
	struct vchip_fault_stats fs;
	vchip_fault_get_stats(a.vc, &fs);
	CHECK(fs.ctrl_timeouts >= 1, "the model NAKed endpoint 0");
	/* The bus answers again, and the same handle retries. */
	vchip_fault_clear(a.vc);
	seen_reset(s);
	r = dvr_start(a.dev, &channel);
	if (r != DVR_OK)
		printf("# retry: %s\n", dvr_last_error(a.dev));
	CHECK_EQ_INT(r, DVR_OK, "the same handle brings it up afterwards");
	pthread_mutex_lock(&s->lock);
	bool done = s->done;
	pthread_mutex_unlock(&s->lock);
	CHECK(done, "the retry completes every stage");
	adapter_close(&a);
}

/* One late answer in the middle of the download (a loaded host, a busy
 * hub): the transfer is sent again and the bring-up goes on. */
static void firmware_one_timeout(struct seen *s, const struct stage *ref,
                                 unsigned n)
{
	/* The window outlasts one 500 ms control timeout but ends inside
	 * the second try: exactly one try times out. */
	struct adapter a;
	if (!open_nak_in_firmware(s, ref, n, 800, "fw-late", &a))
		return;
	int r = dvr_start(a.dev, &channel);
	if (r != DVR_OK)
		printf("# one late answer: %s\n", dvr_last_error(a.dev));
	CHECK_EQ_INT(r, DVR_OK, "one control transfer late: sent again, "
	             "the bring-up completes");
	struct vchip_fault_stats fs;
	vchip_fault_get_stats(a.vc, &fs);
	CHECK(fs.ctrl_timeouts >= 1, "... and the model did NAK endpoint 0");
	adapter_close(&a);
}

static char logged[512];

static void keep_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level <= DVR_LOG_WARN)
		snprintf(logged, sizeof logged, "%s", msg);
}

static void bad_selector(void)
{
	struct dvr_config cfg = {.on_log = keep_log, .firmware_dir = fw};
	dvr_device *dev = NULL;
	int r = dvr_open("virtual:badsel,loss=2", &cfg, &dev);
	printf("# loss=2: %s: %s\n", dvr_strerror(r), logged);
	CHECK_EQ_INT(r, DVR_E_INVALID, "impossible selector option: "
	             "DVR_E_INVALID");
	CHECK(strstr(logged, "loss must be 0..1") != NULL,
	      "the message is the option's own (loss must be 0..1)");
	CHECK(dev == NULL, "no handle handed out");
	dvr_close(dev);
}

int main(int argc, char **argv)
{
	if (argc < 3 || (strcmp(argv[1], "virtual") != 0 &&
	                 strcmp(argv[1], "vusb") != 0)) {
		fprintf(stderr, "usage: %s virtual|vusb CHIP\n", argv[0]);
		return 2;
	}
	over_vusb = strcmp(argv[1], "vusb") == 0;
	chip_name = argv[2];
	char air[64];
	if (over_vusb) {
		fw = vt_setup(argv, air, sizeof air);
		char err[200] = "";
		if (vusb_new(&vb, err, sizeof err) != 0) {
			CHECK(0, "test bed");
			printf("# %s\n", err);
			return check_done();
		}
	} else {
		fw = check_firmware_dir();
		if (!fw)
			CHECK_SKIP("no test firmware (firmware/)");
		snprintf(air, sizeof air, "/tmp/dvr-faults-XXXXXX");
		if (!mkdtemp(air))
			CHECK_SKIP("mkdtemp failed");
		setenv("DEVOURER_AIR_DIR", air, 1);
	}
	static struct seen s;
	pthread_mutex_init(&s.lock, NULL);
	static struct stage ref[MAX_STAGES];
	unsigned n = reference(&s, ref);
	for (unsigned i = 0; i < n; i++)
		if (ref[i].writes > 1)
			unplug_in_stage(&s, ref, i);
	if (n) {
		firmware_ctrl_timeout(&s, ref, n);
		firmware_one_timeout(&s, ref, n);
	}
	if (!over_vusb)
		bad_selector();
	vusb_free(vb);
	vt_rm_dir(air);
	return check_done();
}
