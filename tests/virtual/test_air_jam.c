/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jammers on the air (air.h; jam=, jam-dbm=, jam-dwell=): 20 MHz of noise
 * that a receiver adds to its noise floor for a frame whose band and
 * airtime it covers, so the rate's PER curve decides. A pair of RTL8812A
 * stations (rssi -40 dBm, noise -95 dBm: 55 dB of SNR) and a jammer:
 *   - on the link's channel, far above the link (-30 dBm): every frame
 *     lost and counted as jammed, and the sender is not held off;
 *   - on the next channel: nothing lost;
 *   - 20 dB under the link (-60 dBm, an SNR of 20 dB): MCS0 and 6 Mbit/s
 *     lose nothing, MCS7 (22 dB) and 54 Mbit/s (21 dB) everything;
 *   - sweeping 36:40:44:48 with a 50 ms dwell: the frames sent while it
 *     sits on the link's channel die, the others live (each frame's
 *     airtime bounded on the air's clock by when it was handed over and
 *     when it was heard);
 *   - of a process that is gone (killed), destroyed, unplugged or closed
 *     through dvr_close: nothing jammed;
 * and the options' bad values are refused with what is wrong. Below the
 * model, the air's schedule: where a sweeping jammer is when, how much of
 * its power falls into a band, jammers adding up, the slots running out.
 */
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>

#include "devourer/devourer.h"
#include "tests/check.h"
#include "tests/virtual/vhelp.h"

static char air[64];
static const char *fw;

/* 8812A TX descriptor rate codes */
#define RATE_6M 0x04
#define RATE_54M 0x0B
#define RATE_MCS0 0x0C
#define RATE_MCS7 0x13

/* What a receiver made of a burst. */
struct burst {
	int heard, decoded, jammed, covered, undecodable, deferred;
};

static uint8_t drain[65536];

/* Send n frames of 200 octets at rate from tx and wait until rx heard
 * them all; what rx made of them, and how often tx was held off. */
static struct burst send_burst(struct vchip *tx, struct vchip *rx, unsigned n,
                               uint8_t rate)
{
	struct burst b = {-1, -1, -1, -1, -1, -1};
	struct vchip_stats r0, t0, r1, t1;
	vchip_get_stats(rx, &r0);
	vchip_get_stats(tx, &t0);
	for (unsigned i = 0; i < n; i++) {
		if (!vh_send(tx, 200, (uint8_t)i, rate))
			return b;
		/* a host that reads keeps the RX FIFO from filling */
		vchip_bulk_in(rx, 0x81, drain, sizeof drain, 1);
	}
	if (!vh_wait_heard(rx, r0.rx_heard + n))
		return b;
	vchip_get_stats(rx, &r1);
	vchip_get_stats(tx, &t1);
	b.heard = (int)(r1.rx_heard - r0.rx_heard);
	b.undecodable = (int)(r1.rx_undecodable - r0.rx_undecodable);
	b.decoded = b.heard - b.undecodable;
	b.jammed = (int)(r1.rx_jammed - r0.rx_jammed);
	b.covered = (int)(r1.rx_jam_covered - r0.rx_jam_covered);
	b.deferred = (int)(t1.tx_deferred - t0.tx_deferred);
	return b;
}

static struct vchip *jammer(const char *name, const char *opts)
{
	struct vchip_config cfg = {.name = name, .air_dir = air};
	char err[160] = "";
	if (vchip_config_parse(&cfg, opts, err, sizeof err)) {
		printf("# %s: %s\n", opts, err);
		return NULL;
	}
	struct vchip *vc = NULL;
	return vchip_create(&cfg, &vc) == 0 ? vc : NULL;
}

/* Every one of n frames at rate got through and no jammer touched it. */
static void check_clean(struct vchip *tx, struct vchip *rx, unsigned n,
                        uint8_t rate, const char *what)
{
	struct burst b = send_burst(tx, rx, n, rate);
	char w[200];
	snprintf(w, sizeof w, "%s: all %u decoded", what, n);
	CHECK_EQ_INT(b.decoded, n, w);
	snprintf(w, sizeof w, "%s: none under a jammer", what);
	CHECK_EQ_INT(b.covered, 0, w);
}

/* Every one of n frames at rate lost, and counted as jammed. */
static void check_jammed(struct vchip *tx, struct vchip *rx, unsigned n,
                         uint8_t rate, const char *what)
{
	struct burst b = send_burst(tx, rx, n, rate);
	char w[200];
	snprintf(w, sizeof w, "%s: all %u heard, none decoded", what, n);
	CHECK(b.heard == (int)n && b.decoded == 0, w);
	snprintf(w, sizeof w, "%s: each counted as jammed", what);
	CHECK_EQ_INT(b.jammed, n, w);
	snprintf(w, sizeof w, "%s: the sender was never held off", what);
	CHECK_EQ_INT(b.deferred, 0, w);
}

/* ---- a jammer in another process, killed ---- */

struct child {
	pid_t pid;
	int hold;     /* the child lives while this is open */
};

/* Fork a process whose only station jams channel ch at -30 dBm (before
 * this process has threads: the child may then do anything). */
static bool spawn_jammer(unsigned ch, struct child *c)
{
	int up[2], hold[2];
	if (pipe(up) || pipe(hold))
		return false;
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		close(up[0]);
		close(hold[1]);
		char opts[64];
		snprintf(opts, sizeof opts, "jam=%u,jam-dbm=-30", ch);
		char ok = jammer("jam-child", opts) ? 'y' : 'n';
		if (write(up[1], &ok, 1) != 1)
			_exit(1);
		/* until the parent kills us, or is gone itself */
		char x;
		while (read(hold[0], &x, 1) > 0)
			;
		_exit(0);
	}
	close(up[1]);
	close(hold[0]);
	c->pid = pid;
	c->hold = hold[1];
	/* a hang guard, not a pace: the child answers once its jammer is
	 * on the air */
	struct pollfd p = {.fd = up[0], .events = POLLIN};
	char ok = 'n';
	bool up_ok = poll(&p, 1, 20000) == 1 && read(up[0], &ok, 1) == 1 &&
	             ok == 'y';
	close(up[0]);
	return up_ok;
}

static void test_dead_process(struct child *c, bool child_up)
{
	if (!CHECK(child_up, "a jammer on 149 in another process"))
		return;
	struct vchip *tx = vh_station("jd-tx", air, "seed=21", fw, 149);
	struct vchip *rx = vh_station("jd-rx", air, "seed=22", fw, 149);
	if (CHECK(tx && rx, "a pair on 149")) {
		check_jammed(tx, rx, 20, RATE_MCS0,
		             "another process's jammer on 149");
		kill(c->pid, SIGKILL);
		int st;
		CHECK(waitpid(c->pid, &st, 0) == c->pid && WIFSIGNALED(st),
		      "the jammer's process is killed");
		c->pid = 0;
		check_clean(tx, rx, 20, RATE_MCS0,
		            "its process gone, its entry left behind");
	}
	vchip_destroy(tx);
	vchip_destroy(rx);
}

/* ---- on one channel ---- */

static void test_fixed(struct vchip *tx, struct vchip *rx)
{
	check_clean(tx, rx, 20, RATE_MCS7, "no jammer, MCS7 on 44");

	struct vchip *j = jammer("jam-strong", "jam=44,jam-dbm=-30");
	if (!CHECK(j != NULL, "a -30 dBm jammer on 44"))
		return;
	check_jammed(tx, rx, 30, RATE_MCS0, "jammer on 44, link on 44, MCS0");
	check_jammed(tx, rx, 30, RATE_6M, "jammer on 44, link on 44, 6 Mbit/s");

	vh_tune(tx, 48, 20, 0);
	vh_tune(rx, 48, 20, 0);
	check_clean(tx, rx, 30, RATE_MCS7, "jammer on 44, link on 48, MCS7");
	vh_tune(tx, 44, 20, 0);
	vh_tune(rx, 44, 20, 0);

	vchip_destroy(j);
	check_clean(tx, rx, 30, RATE_MCS0, "the jammer destroyed");

	j = jammer("jam-unplug", "jam=44,jam-dbm=-30");
	if (CHECK(j != NULL, "a jammer on 44 again")) {
		check_jammed(tx, rx, 10, RATE_MCS0, "jammer back on 44");
		vchip_unplug(j);
		CHECK_EQ_INT(vchip_jam_start_ns(j), 0,
		             "an unplugged jammer says it is off");
		check_clean(tx, rx, 10, RATE_MCS0, "the jammer unplugged");
		vchip_destroy(j);
	}
}

static void test_weak(struct vchip *tx, struct vchip *rx)
{
	/* -60 dBm against a -40 dBm link: 20 dB of SNR. MCS0 needs 4 and
	 * 6 Mbit/s 4 (-82 dBm over -86), MCS7 22 (-64), 54 Mbit/s 21
	 * (-65): IEEE 802.11-2016 Tables 17-18 and 19-23. */
	struct vchip *j = jammer("jam-weak", "jam=44,jam-dbm=-60");
	if (!CHECK(j != NULL, "a -60 dBm jammer on 44"))
		return;
	struct burst b = send_burst(tx, rx, 40, RATE_MCS0);
	CHECK(b.heard == 40 && b.decoded == 40,
	      "a weak jammer: MCS0 loses nothing");
	CHECK_EQ_INT(b.covered, 40, "though the jammer was on every frame");
	b = send_burst(tx, rx, 40, RATE_6M);
	CHECK(b.heard == 40 && b.decoded == 40,
	      "a weak jammer: 6 Mbit/s loses nothing");
	check_jammed(tx, rx, 40, RATE_MCS7, "a weak jammer, MCS7");
	check_jammed(tx, rx, 40, RATE_54M, "a weak jammer, 54 Mbit/s");
	vchip_destroy(j);
	check_clean(tx, rx, 20, RATE_MCS7, "the weak jammer gone, MCS7");
}

/* ---- sweeping ---- */

static void test_sweep(struct vchip *tx, struct vchip *rx)
{
	enum { DWELL_MS = 50, ON_44 = 2, N_CH = 4 };
	struct vchip *j = jammer("jam-sweep",
	                         "jam=36:40:44:48,jam-dwell=50,jam-dbm=-30");
	if (!CHECK(j != NULL, "a jammer sweeping 36:40:44:48, 50 ms each"))
		return;
	uint64_t start = vchip_jam_start_ns(j);
	CHECK(start != 0 && start <= air_now_ns(), "it came on at a time "
	      "on the air's clock");
	const uint64_t dwell = DWELL_MS * 1000000ull;
	/* frames one at a time, each known to have been on the air between
	 * when it was handed over and when it was heard: inside one dwell
	 * on 44 it must die, clear of every dwell on 44 it must live */
	unsigned in44 = 0, in44_lost = 0, off44 = 0, off44_lost = 0;
	unsigned unsure = 0, failed = 0;
	uint64_t give_up = air_now_ns() + 30000000000ull; /* a hang guard */
	uint64_t two_sweeps = start + 2 * N_CH * dwell;
	while ((air_now_ns() < two_sweeps || in44 < 20 || off44 < 60) &&
	       air_now_ns() < give_up) {
		uint64_t t0 = air_now_ns();
		struct burst b = send_burst(tx, rx, 1, RATE_MCS0);
		uint64_t t1 = air_now_ns();
		if (b.heard != 1) {
			failed++;
			continue;
		}
		uint64_t k0 = (t0 - start) / dwell, k1 = (t1 - start) / dwell;
		bool touches44 = false;
		for (uint64_t k = k0; k <= k1 && k < k0 + N_CH; k++)
			touches44 |= k % N_CH == ON_44;
		if (k0 == k1 && k0 % N_CH == ON_44) {
			in44++;
			in44_lost += b.decoded == 0 && b.jammed == 1;
		} else if (!touches44) {
			off44++;
			off44_lost += b.decoded != 1 || b.covered != 0;
		} else {
			unsure++;
		}
	}
	printf("# sweep: %u frames inside a dwell on 44 (%u lost), %u clear "
	       "of it (%u lost), %u across a boundary, %u not heard\n",
	       in44, in44_lost, off44, off44_lost, unsure, failed);
	CHECK_EQ_INT(failed, 0, "every frame of the sweep heard");
	CHECK(in44 >= 20 && in44_lost == in44,
	      "each frame sent while the jammer sat on 44 is jammed");
	CHECK(off44 >= 60 && off44_lost == 0,
	      "each frame sent while it sat on 36, 40 or 48 gets through");
	vchip_destroy(j);
}

/* ---- through the public API ---- */

static char logged[512];

static void keep_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level <= DVR_LOG_WARN)
		snprintf(logged, sizeof logged, "%s", msg);
}

static void test_dvr_open(struct vchip *tx, struct vchip *rx)
{
	setenv("DEVOURER_AIR_DIR", air, 1);
	struct dvr_config cfg = {.on_log = keep_log};
	dvr_device *dev = NULL;
	int r = dvr_open("virtual:jam-app,jam=44,jam-dbm=-30", &cfg, &dev);
	if (!CHECK(r == DVR_OK && dev, "dvr_open(\"virtual:jam-app,jam=44,"
	           "jam-dbm=-30\")")) {
		printf("# %s: %s\n", dvr_strerror(r), logged);
		return;
	}
	check_jammed(tx, rx, 20, RATE_MCS0, "a jammer opened with dvr_open");
	dvr_close(dev);
	check_clean(tx, rx, 20, RATE_MCS0, "after its dvr_close");

	logged[0] = '\0';
	dev = NULL;
	r = dvr_open("virtual:jam-bad,jam=44,jam-dbm=99", &cfg, &dev);
	CHECK(r == DVR_E_INVALID && dev == NULL,
	      "dvr_open refuses jam-dbm=99 (DVR_E_INVALID)");
	CHECK(strstr(logged, "jam-dbm must be -127..20 dBm") != NULL,
	      "and logs why");
	printf("# %s\n", logged);
}

/* ---- the schedule itself, on the air's own interface ---- */

static bool near(double got, double want)
{
	return got >= want * 0.999 && got <= want * 1.001;
}

static void test_schedule(void)
{
	struct air *a = NULL, *b = NULL;
	if (!CHECK(air_join(air, "jam-unit-a", &a) == 0 &&
	           air_join(air, "jam-unit-b", &b) == 0,
	           "two stations join the air"))
		goto out;
	/* -50 dBm (1e-5 mW) sweeping 36 then 44, 1 ms each, from T */
	const uint64_t T = 1000000000ull, MS = 1000000ull;
	struct air_jammer j = {.start_ns = T, .dwell_us = 1000,
	                       .power_dbm = -50, .bw_mhz = 20, .n_freqs = 2,
	                       .freq_mhz = {5180, 5220}};
	CHECK_EQ_INT(air_jam_on(a, &j), 0, "a schedule published");
	const double mw = 1e-5;
	CHECK(near(air_jam_mw(a, 5170, 5190, T, T + MS / 10), mw),
	      "in its first dwell, all its power on 36");
	CHECK_EQ_INT(air_jam_mw(a, 5210, 5230, T, T + MS / 10) > 0, 0,
	             "none on 44 then");
	CHECK_EQ_INT(air_jam_mw(a, 5190, 5210, T, T + MS / 10) > 0, 0,
	             "none on 40, the channel between");
	CHECK(near(air_jam_mw(a, 5180, 5200, T, T + MS / 10), mw / 2),
	      "half of it in a band over half its width (38)");
	CHECK(near(air_jam_mw(a, 5170, 5210, T, T + MS / 10), mw),
	      "all of it in a 40 MHz band that holds 36");
	CHECK(near(air_jam_mw(a, 5210, 5230, T + MS, T + MS + 1), mw),
	      "in its second dwell, on 44");
	CHECK(near(air_jam_mw(a, 5170, 5190, T + 2 * MS, T + 2 * MS + 1),
	           mw), "and back on 36 in the third");
	CHECK(near(air_jam_mw(a, 5210, 5230, T + MS - 10, T + MS + 10), mw),
	      "a frame that ends in the dwell on 44 is hit");
	CHECK(near(air_jam_mw(a, 5170, 5190, T + 5 * MS, T + 9 * MS), mw) &&
	      near(air_jam_mw(a, 5210, 5230, T + 5 * MS, T + 9 * MS), mw),
	      "an interval of several dwells meets both channels");
	CHECK_EQ_INT(air_jam_mw(a, 5170, 5190, T - MS, T) > 0, 0,
	             "nothing before it came on");
	CHECK(near(air_jam_mw(b, 5170, 5190, T - 10, T + 10), mw),
	      "a frame running as it came on is hit");

	struct air_jammer k = {.start_ns = 0, .dwell_us = 1, .power_dbm = -50,
	                       .bw_mhz = 20, .n_freqs = 1,
	                       .freq_mhz = {5180}};
	CHECK_EQ_INT(air_jam_on(b, &k), 0, "a second jammer, fixed on 36");
	CHECK(near(air_jam_mw(a, 5170, 5190, T, T + 1), 2 * mw),
	      "two jammers on one channel: their powers add");
	struct air_jammer list[4];
	CHECK_EQ_INT(air_jammers(a, list, 4), 2, "both listed");
	CHECK_EQ_INT(list[0].pid, getpid(), "with this process's pid");
	air_jam_off(b);
	CHECK(near(air_jam_mw(a, 5170, 5190, T, T + 1), mw),
	      "the second one off: one again");
	k.power_dbm = -40;
	CHECK_EQ_INT(air_jam_on(a, &k), 0, "a new schedule replaces ours");
	CHECK(near(air_jam_mw(b, 5170, 5190, T + MS, T + MS + 1), 1e-4),
	      "the new one in force");
	CHECK_EQ_INT(air_jammers(a, list, 4), 1, "one slot, not two");

	struct air_jammer bad = k;
	bad.n_freqs = 0;
	CHECK_EQ_INT(air_jam_on(b, &bad), -EINVAL, "no frequency: refused");
	bad = k;
	bad.dwell_us = 0;
	CHECK_EQ_INT(air_jam_on(b, &bad), -EINVAL, "no dwell: refused");

	/* every slot taken by a live jammer: the next is refused */
	enum { EXTRA = AIR_JAM_SLOTS };
	struct air *more[EXTRA] = {0};
	int rc = 0;
	unsigned on = 0;
	for (unsigned i = 0; i < EXTRA && rc == 0; i++) {
		char name[32];
		snprintf(name, sizeof name, "jam-unit-%u", i);
		if (air_join(air, name, &more[i]))
			break;
		rc = air_jam_on(more[i], &k);
		on += rc == 0;
	}
	CHECK(on == AIR_JAM_SLOTS - 1 && rc == -ENOSPC,
	      "the jammer past AIR_JAM_SLOTS is refused (-ENOSPC)");
	for (unsigned i = 0; i < EXTRA; i++)
		air_leave(more[i]);
	air_leave(a);
	a = NULL;
	CHECK_EQ_INT(air_jam_mw(b, 5170, 5190, T, T + 1) > 0, 0,
	             "a station that left the air jams nothing");
out:
	air_leave(a);
	air_leave(b);
}

/* ---- options ---- */

static void refused(const char *opts, const char *want)
{
	struct vchip_config cfg = {.name = "x"};
	char err[160] = "", what[320];
	int rc = vchip_config_parse(&cfg, opts, err, sizeof err);
	snprintf(what, sizeof what, "'%s' refused: %s", opts, err);
	CHECK(rc == -EINVAL && strstr(err, want) != NULL, what);
}

static void test_options(void)
{
	struct vchip_config cfg = {.name = "x"};
	char err[160] = "";
	CHECK_EQ_INT(vchip_config_parse(&cfg, "jam=36:40:44:48,jam-dwell=25,"
	                                "jam-dbm=-55", err, sizeof err),
	             0, "a sweep parses");
	CHECK(cfg.jam_n == 4 && cfg.jam_channels[0] == 36 &&
	      cfg.jam_channels[3] == 48 && cfg.jam_dwell_ms == 25 &&
	      cfg.jam_dbm_set && cfg.jam_dbm == -55,
	      "channels, dwell and power as given");
	cfg = (struct vchip_config){.name = "x"};
	CHECK_EQ_INT(vchip_config_parse(&cfg, "jam=1", err, sizeof err), 0,
	             "a 2.4 GHz channel parses");

	refused("jam=", "jam wants channels separated by ':'");
	refused("jam=44:", "jam wants channels");
	refused("jam=44,48", "needs a value");
	refused("jam=36;40", "jam wants channels");
	refused("jam=abc", "jam wants channels");
	refused("jam=15", "jam: 15 is not a channel");
	refused("jam=0", "jam: 0 is not a channel");
	refused("jam=-44", "jam: -44 is not a channel");
	refused("jam=999", "jam: 999 is not a channel");
	refused("jam=36:40:44:48:52:56:60:64:100:104:108:112:116:120:124:"
	        "128:132", "jam: at most 16 channels");
	refused("jam=44,jam-dbm=21", "jam-dbm must be -127..20 dBm");
	refused("jam=44,jam-dbm=-128", "jam-dbm must be -127..20 dBm");
	refused("jam=44,jam-dbm=loud", "jam-dbm must be -127..20 dBm");
	refused("jam=36:40,jam-dwell=0", "jam-dwell must be 1..60000 ms");
	refused("jam=36:40,jam-dwell=60001", "jam-dwell must be 1..60000 ms");
	refused("jam=36:40,jam-dwell=1.5", "jam-dwell must be 1..60000 ms");
	refused("jam-dbm=-50", "need jam=CHANNEL");
	refused("jam-dwell=50", "need jam=CHANNEL");
	refused("jam=44,jam-dwell=50", "give jam= two or more channels");

	/* and a configuration built by hand is checked at creation */
	struct vchip *vc = NULL;
	cfg = (struct vchip_config){.name = "x", .no_air = true, .jam_n = 1,
	                            .jam_channels = {20}};
	CHECK_EQ_INT(vchip_create(&cfg, &vc), -EINVAL,
	             "vchip_create refuses a jammer on no channel");
	cfg = (struct vchip_config){.name = "x", .no_air = true, .jam_n = 17};
	CHECK_EQ_INT(vchip_create(&cfg, &vc), -EINVAL,
	             "vchip_create refuses 17 jammer channels");
}

int main(void)
{
	fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("shared firmware absent (TX needs booted firmware)");
	if (!CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir"))
		return check_done();
	/* first, while this process has no thread */
	struct child child = {.pid = 0, .hold = -1};
	bool child_up = spawn_jammer(149, &child);

	test_options();
	test_dead_process(&child, child_up);
	if (child.pid > 0) {
		kill(child.pid, SIGKILL);
		waitpid(child.pid, NULL, 0);
	}
	if (child.hold >= 0)
		close(child.hold);
	/* the air's own interface, with no other jammer on */
	test_schedule();

	struct vchip *tx = vh_station("jam-tx", air, "seed=11", fw, 44);
	struct vchip *rx = vh_station("jam-rx", air, "seed=12", fw, 44);
	if (CHECK(tx && rx, "a pair on 44")) {
		test_fixed(tx, rx);
		test_weak(tx, rx);
		test_sweep(tx, rx);
		test_dvr_open(tx, rx);
	}
	vchip_destroy(tx);
	vchip_destroy(rx);
	vh_rm_air_dir(air);
	return check_done();
}
