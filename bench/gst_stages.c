/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The GStreamer element stage: what devourersink and devourersrc cost per
 * packet on top of the library path they wrap, both measured in one
 * process, in one run, with the same settings.
 *
 *   gst_stages [--packets N] [--reps R] [--sizes 64,512,1500,3800]
 *              [--part tx|rx|both] [--callgrind] [--threads]
 *
 * Needs the plugin on GST_PLUGIN_PATH (the build's gst/ directory).
 *
 * TX. The bench thread pushes N buffers of S bytes (from a buffer pool, so
 * the application allocates nothing per packet) into
 *   appsrc ! devourersink      (adapter virtual:gst-tx, channel 149)
 * and then hands the same N packets to the path the sink wraps, called
 * directly from the bench thread:
 *   dvr_link_tx_send -> frame callback -> dvr_send   (virtual:lib-tx, 157)
 * Same rate (HT MCS7, 40 MHz, short GI, no ACK), FEC 8/12, key, link id,
 * FEC timeout and maximum payload as the sink configures. Between the two,
 * the camera's path, without appsrc's queue thread: the bench thread
 * pushes from a pad of its own into
 *   devourersink               (adapter virtual:gst-pad, channel 36)
 * single buffers (stage tx_pad), then one buffer list per 8-packet video
 * frame, marker on the last (tx_list), as rtph264pay does.
 *
 * RX. A second process (this program, --sender) transmits N link packets
 * of S bytes on the same private air, once to each receiver in turn:
 *   devourersrc streaming-rx=false ! appsink  (virtual:gst-rx, channel
 *                               149: the driver's thread hands each
 *                               packet over; a callback pulls every
 *                               sample and counts it)
 *   dvr_open + on_rx -> dvr_link_rx_push -> packet callback counts
 *                              (virtual:lib-rx, channel 157)
 *   devourersrc streaming-rx=true ! appsink  (virtual:pump-rx, channel 36:
 *                               its streaming thread completes the
 *                               adapter's transfers, runs on_rx, the link
 *                               and the buffer itself: the RX pump)
 *   devourersrc streaming-rx=true -> a sink pad of the bench's own
 *                              (virtual:pad-rx, channel 60, stage
 *                               rx_pump_pad: its chain counts and drops
 *                               each buffer, as a depayloader's chain
 *                               takes it; no appsink queue or sample)
 *   dvr_share_open + a bench thread looping dvr_share_rx_pump -> on_rx ->
 *     dvr_link_rx_push -> packet callback counts   (virtual:lib-pump, 52:
 *                               the library path of the pump, stage
 *                               rx_lib_pump)
 * The sender's CPU is not in this process, so the receiver's can be
 * attributed.
 *
 * Wake-ups. A receiver that keeps up with the air sleeps in the bulk IN
 * reap between frames, and in this VM each sleep and wake-up costs the
 * sleeping thread several core-us (the switch is charged to it): at 1500
 * B, 1.5 frames per packet (FEC 8/12) and two sleeps per frame (the
 * model wakes a waiting reap when a frame opens an aggregate, the reap
 * then sleeps out the aggregation timeout) are most of what a library
 * path costs. How often a thread sleeps depends on how it waits, so the
 * pump's own cost is taken against the library path that waits as it
 * does (rx_lib_pump), not against the driver thread's (rx_lib); every
 * record carries its host threads' sleeps (host_blocks).
 *
 * Attribution. The chip model runs in this process (its threads do in
 * silicon-less software what an adapter does), so a window's CPU is split
 * by thread (bench/thread_cpu.h). Before a device is opened the bench
 * thread renames itself "dvr:<device>", so every thread libdevourer and the
 * model start for that device inherits that name; GStreamer's streaming
 * and timer threads name themselves. Classes:
 *   main   the bench thread (TX: pushing buffers / calling the link)
 *   gst    threads not named dvr:* (appsrc/devourersrc streaming threads,
 *          the elements' timer threads)
 *   drv    RX: the driver's bulk IN worker of the device (it walks the
 *          aggregates and runs on_rx: dvr_link_rx_push and, for the
 *          element, its packet queueing). It is the device's last thread
 *          (created at the end of dvr_start); the library run checks that
 *          against the thread on_rx actually runs on.
 *   model  the device's other threads: virtual transport OUT worker, chip
 *          model TX/RX, air socket (the adapter's work, not the host's)
 *   other  threads of the other device (idle: it is on another channel)
 * Host path per packet: TX element = main + gst (for the pad path, main
 * runs the sink and gst is its timer thread), TX library = main;
 * RX element = drv + gst, RX library = drv, RX library pump = drv + its
 * pumping thread (counted as gst). In an RX element's window only the
 * threads that element started count as gst: the other receivers'
 * streaming and timer threads (named alike) are "other". The element's own cost is the
 * difference, same size, same repetition. With streaming-rx the drv
 * thread is parked (it only takes over when the streaming thread stays
 * away from the adapter for a lapse) and the frames' work moves into the
 * streaming thread (gst); the host path is the same drv + gst.
 *
 * Prints a JSON array (bench/run.py): one record per stage, size and
 * repetition with the class totals. With --callgrind each window is
 * bracketed by callgrind client requests (zero, dump "stage size"); run
 * valgrind with --separate-threads=yes so each thread's instructions come
 * in a file of their own (bench/run.py classifies them by function).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/gst.h>

#include <devourer/devourer.h>
#include <devourer/link.h>
#include <devourer/radiotap.h>

#include "bench/bench_probe.h"
#include "bench/thread_cpu.h"

#ifdef DVR_BENCH_CALLGRIND
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_ZERO_STATS do { } while (0)
#define CALLGRIND_DUMP_STATS_AT(name) do { (void)(name); } while (0)
#endif

extern char **environ;

#define MAX_SIZES 8
#define FEC_K 8
#define FEC_N 12
#define MCS 7
#define BW 40
#define CH_GST 149
#define CH_LIB 157
#define CH_PAD 36        /* devourersink fed from a pad (camera path) */
#define PACKETS_PER_FRAME 8
/* devourersrc streaming-rx=true (its streaming thread pumps the adapter):
 * a channel whose 40 MHz none of the others overlaps. */
#define CH_PUMP 44
/* The library path of the pump (a bench thread pumping a share of its
 * own adapter): again a 40 MHz of its own. */
#define CH_LIB_PUMP 52
/* devourersrc streaming-rx=true pushing into a pad of the bench's own. */
#define CH_PAD_PUMP 60
/* The elements' defaults, which the library side copies. */
#define LINK_ID 7669206u
#define SINK_FEC_TIMEOUT_MS 20u
#define SRC_FEC_TIMEOUT_MS 50u
#define MAIN_NAME "bench-main"

static long packets = 2000;
static int reps = 5;
static bool callgrind, show_threads;
static unsigned sizes[MAX_SIZES], n_sizes;
static uint8_t pool_bytes[8192];
static pid_t main_tid;
static struct bench_json js;
static char key_dir[64], drone_key_path[96], gs_key_path[96];
static struct dvr_link_keys drone, ground;
static struct dvr_tx_params tx_params;
static volatile uint8_t sink_byte;

static _Noreturn void die(const char *what, const char *why)
{
	fprintf(stderr, "gst_stages: %s: %s\n", what, why);
	exit(1);
}

static _Noreturn void die_st(const char *what, int st)
{
	die(what, dvr_strerror(st));
}

/* Input packets: slices of a random pool, a different one each time. */
static const uint8_t *packet_at(long i)
{
	return pool_bytes + (size_t)(i * 61) % 4096;
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level <= DVR_LOG_WARN)
		fprintf(stderr, "gst_stages: driver: %s\n", msg);
}

static void fill_tx_params(void)
{
	/* What devourersink's build_tx_params makes of mcs=7 bandwidth=40
	 * short-gi=true: HT, no ACK (broadcast injection). */
	tx_params = (struct dvr_tx_params){
		.rate = { .kind = DVR_RATE_HT, .mcs = MCS }, .bw_mhz = BW,
		.short_gi = true, .no_ack = true,
	};
}

/* The largest packet whose data fragment fits one frame of the adapter,
 * computed as devourersink does. */
static uint16_t max_payload_of(dvr_device *dev)
{
	size_t overhead = DVR_LINK_IEEE80211_HDR_LEN + DVR_LINK_BLOCK_HDR_LEN +
	                  DVR_LINK_TAG_LEN + DVR_LINK_PACKET_HDR_LEN;
	size_t frame_max = dvr_max_frame_len(dev);
	if (frame_max > overhead && frame_max - overhead < DVR_LINK_MAX_PAYLOAD)
		return (uint16_t)(frame_max - overhead);
	return DVR_LINK_MAX_PAYLOAD;
}

static dvr_device *open_device(const char *name, uint16_t channel,
                               const struct dvr_config *cfg)
{
	char sel[64];
	snprintf(sel, sizeof sel, "virtual:%s", name);
	dvr_device *dev;
	int st = dvr_open(sel, cfg, &dev);
	if (st != DVR_OK)
		die_st("dvr_open", st);
	struct dvr_channel ch = { .channel = channel, .bw_mhz = BW };
	if ((st = dvr_start(dev, &ch)) != DVR_OK) {
		fprintf(stderr, "gst_stages: %s\n", dvr_last_error(dev));
		die_st("dvr_start", st);
	}
	return dev;
}

/* ---------------- TX transmitter used by the library side and sender -- */

struct lib_tx {
	dvr_device *dev;
	struct dvr_link_tx *link;
	uint64_t send_errors;
};

static int lib_tx_frame(void *user, const uint8_t *frame, size_t len)
{
	struct lib_tx *l = user;
	int st = dvr_send(l->dev, frame, len);
	if (st != DVR_OK) {
		l->send_errors++;
		return -1;
	}
	return 0;
}

static void lib_tx_open(struct lib_tx *l, const char *name, uint16_t channel,
                        const struct dvr_link_keys *keys)
{
	struct dvr_config cfg = {
		.on_log = on_log, .tx_mode = DVR_TX_ASYNC, .enable_rx = false,
		.tx_defaults = tx_params,
	};
	memset(l, 0, sizeof *l);
	l->dev = open_device(name, channel, &cfg);
	struct dvr_link_tx_config lcfg = {
		.link_id = LINK_ID, .radio_port = 0, .k = FEC_K, .n = FEC_N,
		.fec_timeout_ms = SINK_FEC_TIMEOUT_MS,
		.max_payload = max_payload_of(l->dev),
	};
	int st = dvr_link_tx_new(&lcfg, keys, lib_tx_frame, l, &l->link);
	if (st != DVR_OK)
		die_st("dvr_link_tx_new", st);
	uint8_t prefix[64];
	size_t plen = dvr_radiotap_build_tx(&tx_params, prefix, sizeof prefix);
	st = plen ? dvr_link_tx_set_prefix(l->link, prefix, plen) : DVR_E_OVERFLOW;
	if (st != DVR_OK)
		die_st("dvr_link_tx_set_prefix", st);
}

static void lib_tx_send(struct lib_tx *l, unsigned size, long n, long base,
                        unsigned pace_us)
{
	for (long i = 0; i < n; i++) {
		/* The sink reads the clock once per buffer; so does this. */
		dvr_link_tx_send(l->link, packet_at(base + i), size,
		                 bench_now_ms());
		if (pace_us) {
			struct timespec ts = { 0, (long)pace_us * 1000L };
			nanosleep(&ts, NULL);
		}
	}
}

static void lib_tx_close(struct lib_tx *l)
{
	dvr_link_tx_flush(l->link, bench_now_ms());
	dvr_flush(l->dev, 5000);
	dvr_link_tx_free(l->link);
	dvr_close(l->dev);
}

/* ---------------- the RX part's sender (a separate process) ---------- */

/* Reads "<a|b|c|d|e> SIZE COUNT PACE_US" lines; sends COUNT packets on
 * adapter a (channel 149, heard by devourersrc), b (157, heard by the
 * library receiver), c (44, devourersrc streaming-rx=true), d (52, the
 * library receiver pumping in its own thread) or e (60, devourersrc
 * streaming-rx=true into the bench's pad), waits until the adapter has
 * aired them, answers "ok". */
static int sender_main(const char *key_file)
{
	struct dvr_link_keys keys;
	int st = dvr_link_keys_load(key_file, &keys);
	if (st != DVR_OK)
		die_st("sender: key file", st);
	struct lib_tx tx[5];
	lib_tx_open(&tx[0], "bench-send-a", CH_GST, &keys);
	lib_tx_open(&tx[1], "bench-send-b", CH_LIB, &keys);
	lib_tx_open(&tx[2], "bench-send-c", CH_PUMP, &keys);
	lib_tx_open(&tx[3], "bench-send-d", CH_LIB_PUMP, &keys);
	lib_tx_open(&tx[4], "bench-send-e", CH_PAD_PUMP, &keys);
	printf("ready\n");
	fflush(stdout);
	char line[128];
	long base = 0;
	while (fgets(line, sizeof line, stdin)) {
		char which;
		unsigned size, pace;
		long n;
		if (sscanf(line, "%c %u %ld %u", &which, &size, &n, &pace) != 4 ||
		    which < 'a' || which > 'e' || size > 4096 || n < 0)
			die("sender", "bad command");
		struct lib_tx *l = &tx[which - 'a'];
		lib_tx_send(l, size, n, base, pace);
		base += n;
		/* A partial block would wait for the FEC timeout: close it. */
		dvr_link_tx_flush(l->link, bench_now_ms());
		st = dvr_flush(l->dev, 20000);
		printf("ok %d %llu\n", st,
		       (unsigned long long)l->send_errors);
		fflush(stdout);
	}
	lib_tx_close(&tx[0]);
	lib_tx_close(&tx[1]);
	lib_tx_close(&tx[2]);
	lib_tx_close(&tx[3]);
	lib_tx_close(&tx[4]);
	return 0;
}

/* ---------------- windows and attribution ---------------------------- */

enum cls { CLS_MAIN, CLS_GST, CLS_DRV, CLS_MODEL, CLS_OTHER, CLS_N };
static const char *const cls_name[CLS_N] = {
	"main", "gst", "drv", "model", "other",
};

struct window {
	struct thread_cpu_snap a, b;
	struct bench_probe whole;  /* process CPU, getrusage, wall */
	struct bench_probe main;   /* the bench thread's own part */
	char cg[64];
};

static void window_begin(struct window *w, const char *stage, unsigned size)
{
	snprintf(w->cg, sizeof w->cg, "%s %u", stage, size);
	if (thread_cpu_take(&w->a) != 0)
		die("thread_cpu_take", "/proc/self/task unreadable");
	CALLGRIND_ZERO_STATS;
	bench_probe_begin(&w->whole);
	bench_probe_begin(&w->main);
}

static void window_main_done(struct window *w)
{
	bench_probe_end(&w->main);
}

static void window_end(struct window *w)
{
	bench_probe_end(&w->whole);
	CALLGRIND_DUMP_STATS_AT(w->cg);
	thread_cpu_take(&w->b);
}

/* Threads carrying @tag in snapshot s. */
static unsigned count_named(const struct thread_cpu_snap *s, const char *tag)
{
	unsigned n = 0;
	for (unsigned i = 0; i < s->n; i++)
		n += !strcmp(s->t[i].name, tag);
	return n;
}

/* Position of thread i among the threads carrying its name, oldest first
 * (thread ids grow in creation order). */
static unsigned rank_in_name(const struct thread_cpu_snap *s, unsigned i)
{
	unsigned r = 0;
	for (unsigned j = 0; j < s->n; j++)
		r += !strcmp(s->t[j].name, s->t[i].name) &&
		     s->t[j].tid < s->t[i].tid;
	return r;
}

/*
 * Split the window by class. The device's threads (named @tag) are, in
 * creation order: the ones libdevourer starts (lib_threads of them,
 * counted on the library device of the same kind: model, OUT worker and,
 * with RX, the bulk IN worker last, at the end of dvr_start), then any the
 * element starts after dvr_start (its timer thread, whose own name GLib
 * could not set: it is longer than 15 characters) — those are the
 * element's (CLS_GST). With @rx the last library thread is the driver's
 * RX thread (CLS_DRV); its id goes to *drv_tid.
 */
struct split {
	double ns[CLS_N];
	double user[CLS_N], sys[CLS_N];   /* kernel's user/system split */
	double blocks[CLS_N];             /* times its threads blocked */
};

/* The threads an element receiver started itself (its GStreamer
 * streaming and timer threads), by id: GStreamer threads of the other
 * receivers are not this one's (both name their threads alike). NULL:
 * every thread not named dvr:* is GStreamer's. */
struct own_threads {
	unsigned n;
	pid_t tid[16];
};

static const struct own_threads *classify_own;

static bool is_own(pid_t tid)
{
	if (!classify_own)
		return true;
	for (unsigned i = 0; i < classify_own->n; i++)
		if (classify_own->tid[i] == tid)
			return true;
	return false;
}

static void classify_as(const struct window *w, const char *tag,
                        unsigned lib_threads, bool rx, pid_t drv_hint,
                        struct split *sp, pid_t *drv_tid);

static void classify(const struct window *w, const char *tag,
                     unsigned lib_threads, bool rx, struct split *sp,
                     pid_t *drv_tid)
{
	classify_as(w, tag, lib_threads, rx, 0, sp, drv_tid);
}

/* As classify, with the driver RX thread known by its id (@drv_hint, 0:
 * by rank). A device opened and started with dvr_open/dvr_start posts its
 * ring inside dvr_start, before its watchdog thread starts, so there the
 * RX worker is not the newest thread: the library receiver passes the
 * thread its on_rx ran on. */
static void classify_as(const struct window *w, const char *tag,
                        unsigned lib_threads, bool rx, pid_t drv_hint,
                        struct split *sp, pid_t *drv_tid)
{
	double *out = sp->ns;
	memset(sp, 0, sizeof *sp);
	*drv_tid = 0;
	out[CLS_MAIN] = w->main.thread_ns;
	sp->user[CLS_MAIN] = w->main.thread_user_ns;
	sp->sys[CLS_MAIN] = w->main.thread_sys_ns;
	for (unsigned i = 0; i < w->b.n; i++) {
		const struct thread_cpu *t = &w->b.t[i];
		double ns = thread_cpu_since(&w->a, &w->b, i);
		enum cls c;
		if (t->tid == main_tid)
			continue; /* its own part is w->main */
		if (strncmp(t->name, "dvr:", 4) != 0) {
			c = is_own(t->tid) ? CLS_GST : CLS_OTHER;
		} else if (strcmp(t->name, tag) != 0) {
			c = CLS_OTHER;
		} else {
			unsigned r = rank_in_name(&w->b, i);
			if (r >= lib_threads)
				c = CLS_GST;
			else if (rx && drv_hint ? t->tid == drv_hint
			                        : rx && r == lib_threads - 1)
				c = CLS_DRV;
			else
				c = CLS_MODEL;
			if (c == CLS_DRV)
				*drv_tid = t->tid;
		}
		out[c] += ns;
		double u, sy;
		thread_cpu_split_since(&w->a, &w->b, i, &u, &sy);
		sp->user[c] += u;
		sp->sys[c] += sy;
		double blocks = thread_cpu_blocks_since(&w->a, &w->b, i);
		sp->blocks[c] += blocks;
		if (show_threads)
			fprintf(stderr, "  %-20s tid %-7d %-16s %-6s %10.0f ns "
			        "%6.0f blocks\n", w->cg, (int)t->tid, t->name,
			        cls_name[c], ns, blocks);
	}
}

/* The host path's classes (bit mask of 1 << enum cls). */
#define HOST_TX_GST ((1u << CLS_MAIN) | (1u << CLS_GST))
#define HOST_TX_LIB (1u << CLS_MAIN)
#define HOST_RX_GST ((1u << CLS_DRV) | (1u << CLS_GST))
#define HOST_RX_LIB (1u << CLS_DRV)

static void emit(const char *stage, unsigned size, int rep, double units,
                 const struct window *w, const char *tag, pid_t drv_tid,
                 unsigned host, const struct split *sp, double check,
                 double check2)
{
	double host_ns = 0, host_user = 0, host_sys = 0, host_blocks = 0;
	for (int c = 0; c < CLS_N; c++) {
		if (!(host & (1u << c)))
			continue;
		host_ns += sp->ns[c];
		host_user += sp->user[c];
		host_sys += sp->sys[c];
		host_blocks += sp->blocks[c];
	}
	const double *cls = sp->ns;
	bench_json_record(&js);
	bench_json_str(&js, "bench", "gst");
	bench_json_str(&js, "stage", stage);
	bench_json_str(&js, "device", tag);
	bench_json_num(&js, "size", size);
	bench_json_num(&js, "rep", rep);
	bench_json_num(&js, "packets", units);
	bench_json_num(&js, "host_ns", host_ns);
	bench_json_num(&js, "host_user_ns", host_user);
	bench_json_num(&js, "host_sys_ns", host_sys);
	bench_json_num(&js, "host_blocks", host_blocks);
	for (int c = 0; c < CLS_N; c++) {
		char key[16];
		snprintf(key, sizeof key, "%s_ns", cls_name[c]);
		bench_json_num(&js, key, cls[c]);
	}
	bench_json_num(&js, "drv_tid", drv_tid);
	bench_json_num(&js, "threads", w->b.n);
	bench_json_num(&js, "threads_exited", thread_cpu_exited(&w->a, &w->b));
	bench_json_num(&js, "check", check);
	bench_json_num(&js, "check2", check2);
	bench_json_probe(&js, &w->whole);
	bench_json_end_record(&js);
}

static unsigned lib_threads_of(const char *tag)
{
	struct thread_cpu_snap s;
	if (thread_cpu_take(&s) != 0)
		die("thread_cpu_take", "/proc/self/task unreadable");
	unsigned n = count_named(&s, tag);
	if (!n)
		die("thread attribution", "the device started no thread");
	return n;
}

/* ---------------- GStreamer helpers ---------------------------------- */

static GstElement *launch(const char *desc)
{
	GError *err = NULL;
	GstElement *p = gst_parse_launch(desc, &err);
	if (!p || err)
		die("gst_parse_launch", err ? err->message : desc);
	return p;
}

/* Fail loudly on an element error (no adapter, key, plugin missing). */
static void check_bus(GstElement *pipe)
{
	GstBus *bus = gst_element_get_bus(pipe);
	GstMessage *m;
	while ((m = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR))) {
		GError *err = NULL;
		gchar *dbg = NULL;
		gst_message_parse_error(m, &err, &dbg);
		fprintf(stderr, "gst_stages: %s (%s)\n", err->message,
		        dbg ? dbg : "");
		exit(1);
	}
	gst_object_unref(bus);
}

static void set_state(GstElement *pipe, GstState state)
{
	if (gst_element_set_state(pipe, state) == GST_STATE_CHANGE_FAILURE) {
		check_bus(pipe);
		die("set_state", "state change failed");
	}
}

static GstStructure *get_stats(GstElement *e)
{
	GstStructure *s = NULL;
	g_object_get(e, "stats", &s, NULL);
	if (!s)
		die("stats", "element has no stats");
	return s;
}

static guint64 stat_u64(const GstStructure *s, const char *field)
{
	guint64 v = 0;
	guint u = 0;
	if (gst_structure_get_uint64(s, field, &v))
		return v;
	if (gst_structure_get_uint(s, field, &u))
		return u;
	die("stats field", field);
	return 0;
}

/* ---------------- TX part -------------------------------------------- */

struct gst_tx {
	GstElement *pipe, *sink;
	GstAppSrc *src;
	GstBus *bus;
	GstBufferPool *pool;
	uint64_t pushed;
	long base;
};

/* devourersink on @p device at @p channel with the settings the library
 * path copies (rate, FEC, timeout, key), then @p extra. */
static void sink_desc(char *desc, size_t size, const char *prefix,
                      const char *device, int channel, const char *extra)
{
	snprintf(desc, size,
	         "%sdevourersink name=sink device=%s channel=%d "
	         "bandwidth=%d mcs=%d short-gi=true fec-k=%d fec-n=%d "
	         "fec-timeout=%u key-file=%s tx-mode=async sync=false%s",
	         prefix, device, channel, BW, MCS, FEC_K, FEC_N,
	         SINK_FEC_TIMEOUT_MS, drone_key_path, extra);
}

static void gst_tx_open(struct gst_tx *g)
{
	char desc[768];
	sink_desc(desc, sizeof desc, "appsrc name=src format=bytes block=true ! ",
	          "virtual:gst-tx", CH_GST, "");
	memset(g, 0, sizeof *g);
	g->pipe = launch(desc);
	g->src = GST_APP_SRC(gst_bin_get_by_name(GST_BIN(g->pipe), "src"));
	g->sink = gst_bin_get_by_name(GST_BIN(g->pipe), "sink");
	g->bus = gst_element_get_bus(g->pipe);
	/* The sink opens its adapter in this thread (READY->PAUSED): the
	 * driver's and the model's threads inherit this name. */
	thread_cpu_name_self("dvr:gst-tx");
	set_state(g->pipe, GST_STATE_PLAYING);
	thread_cpu_name_self(MAIN_NAME);
	check_bus(g->pipe);

	g->pool = gst_buffer_pool_new();
	GstStructure *cfg = gst_buffer_pool_get_config(g->pool);
	gst_buffer_pool_config_set_params(cfg, NULL, 4096, 32, 64);
	if (!gst_buffer_pool_set_config(g->pool, cfg) ||
	    !gst_buffer_pool_set_active(g->pool, TRUE))
		die("buffer pool", "cannot configure");
}

static void gst_tx_push(struct gst_tx *g, unsigned size, long n)
{
	for (long i = 0; i < n; i++) {
		GstBuffer *buf = NULL;
		if (gst_buffer_pool_acquire_buffer(g->pool, &buf, NULL) !=
		    GST_FLOW_OK)
			die("gst_buffer_pool_acquire_buffer", "failed");
		gst_buffer_fill(buf, 0, packet_at(g->base + i), size);
		gst_buffer_set_size(buf, size);
		if (gst_app_src_push_buffer(g->src, buf) != GST_FLOW_OK)
			die("gst_app_src_push_buffer", "flow error");
	}
	g->base += n;
	g->pushed += (uint64_t)n;
}

/* Blocks (no CPU) until the sink has rendered everything pushed so far:
 * a sink-message event is serialized behind the buffers, and the sink
 * posts its message when the event reaches it. */
static void gst_tx_wait_rendered(struct gst_tx *g)
{
	GstMessage *mark = gst_message_new_application(
		GST_OBJECT(g->src), gst_structure_new_empty("bench-mark"));
	if (!gst_element_send_event(GST_ELEMENT(g->src),
	                            gst_event_new_sink_message("bench-mark",
	                                                       mark)))
		die("sink-message event", "refused");
	gst_message_unref(mark);
	for (;;) {
		GstMessage *m = gst_bus_timed_pop_filtered(
			g->bus, 60 * GST_SECOND,
			GST_MESSAGE_APPLICATION | GST_MESSAGE_ERROR);
		if (!m)
			die("waiting for the sink", "timeout");
		bool err = GST_MESSAGE_TYPE(m) == GST_MESSAGE_ERROR;
		const GstStructure *s = gst_message_get_structure(m);
		bool ours = !err && s && gst_structure_has_name(s, "bench-mark");
		gst_message_unref(m);
		if (err) {
			set_state(g->pipe, GST_STATE_NULL);
			die("devourersink", "element error");
		}
		if (ours)
			return;
	}
}

/* Until the adapter took every frame, then the chip's FIFO airs: the next
 * window starts on an idle model. Outside the measured windows. */
static void sink_drain(GstElement *sink, uint64_t pushed)
{
	for (int i = 0; i < 3000; i++) {
		GstStructure *s = get_stats(sink);
		bool idle = stat_u64(s, "packets-sent") >= pushed &&
		            stat_u64(s, "frames-in-flight") == 0;
		gst_structure_free(s);
		if (idle)
			break;
		sleep_ms(10);
	}
	sleep_ms(50);
}

static void gst_tx_drain(struct gst_tx *g)
{
	sink_drain(g->sink, g->pushed);
}

static void gst_tx_close(struct gst_tx *g)
{
	gst_buffer_pool_set_active(g->pool, FALSE);
	gst_object_unref(g->pool);
	set_state(g->pipe, GST_STATE_NULL);
	gst_object_unref(g->bus);
	gst_object_unref(g->src);
	gst_object_unref(g->sink);
	gst_object_unref(g->pipe);
}

/*
 * The camera's path: no appsrc. A payloader (rtph264pay) pushes from the
 * encoder's streaming thread straight into the sink's chain function, so
 * here the bench thread does the same from a source pad of its own linked
 * to devourersink's sink pad: stream-start, RTP caps and a TIME segment
 * first, then either single buffers or one buffer list per video frame
 * (PACKETS_PER_FRAME packets; the last one carries the RTP marker, as the
 * payloader sets it on a frame's last packet). Every render runs in the
 * bench thread, so no queue and no other streaming thread is involved.
 *
 * The packets are made before the window (a ring of RING_FRAMES frames,
 * as buffers and as lists of the same buffers, over the library path's
 * packet bytes) and each push hands the sink one more reference: the window holds the stage and nothing of the
 * payloader's own work (allocating and filling buffers), which the
 * library path has no counterpart of either.
 */
#define RING_FRAMES 64
#define RING (RING_FRAMES * PACKETS_PER_FRAME)

struct gst_pad_tx {
	GstElement *pipe, *sink;
	GstPad *pad;
	GstBuffer *ring[RING];
	GstBufferList *frames[RING_FRAMES];
	unsigned ring_size;     /* bytes per packet in the ring; 0: none */
	uint64_t pushed;
	unsigned long next;     /* next packet of the ring */
};

static void gst_pad_tx_open(struct gst_pad_tx *g)
{
	char desc[768];
	/* async=false: nothing prerolls in another thread; the first
	 * buffer finds the sink PLAYING already. */
	sink_desc(desc, sizeof desc, "", "virtual:gst-pad", CH_PAD,
	          " async=false");
	memset(g, 0, sizeof *g);
	/* A description of one element parses to that element: put it in
	 * a pipeline of its own (its bus, its clock). */
	g->sink = launch(desc);
	g->pipe = gst_pipeline_new("bench-pad");
	if (!gst_bin_add(GST_BIN(g->pipe), gst_object_ref(g->sink)))
		die("gst_bin_add", "devourersink");
	g->pad = gst_pad_new("bench-src", GST_PAD_SRC);
	GstPad *peer = gst_element_get_static_pad(g->sink, "sink");
	if (!g->pad || !peer || gst_pad_link(g->pad, peer) != GST_PAD_LINK_OK)
		die("gst_pad_link", "cannot link to devourersink");
	gst_object_unref(peer);
	thread_cpu_name_self("dvr:gst-pad");
	set_state(g->pipe, GST_STATE_PLAYING);
	thread_cpu_name_self(MAIN_NAME);
	check_bus(g->pipe);
	if (!gst_pad_set_active(g->pad, TRUE))
		die("gst_pad_set_active", "failed");
	GstCaps *caps = gst_caps_from_string(
		"application/x-rtp, media=(string)video, payload=(int)96, "
		"clock-rate=(int)90000, encoding-name=(string)H264");
	GstSegment seg;
	gst_segment_init(&seg, GST_FORMAT_TIME);
	if (!caps ||
	    !gst_pad_push_event(g->pad, gst_event_new_stream_start("bench-tx")) ||
	    !gst_pad_push_event(g->pad, gst_event_new_caps(caps)) ||
	    !gst_pad_push_event(g->pad, gst_event_new_segment(&seg)))
		die("devourersink", "refused stream-start, caps or segment");
	gst_caps_unref(caps);
}

static void gst_pad_tx_drop_ring(struct gst_pad_tx *g)
{
	for (unsigned i = 0; g->ring_size && i < RING; i++)
		gst_buffer_unref(g->ring[i]);
	for (unsigned f = 0; g->ring_size && f < RING_FRAMES; f++)
		gst_buffer_list_unref(g->frames[f]);
	g->ring_size = 0;
}

/* The ring for @size-byte packets, each frame's last one marked. */
static void gst_pad_tx_ring(struct gst_pad_tx *g, unsigned size)
{
	if (g->ring_size == size)
		return;
	gst_pad_tx_drop_ring(g);
	for (unsigned i = 0; i < RING; i++) {
		/* The very bytes the library path reads (packet_at), not a
		 * copy: both paths read the same cache-warm pool, so the
		 * difference between them is the stage, not where the
		 * packets lie. Read-only: nothing writes through it. */
		GstBuffer *buf = gst_buffer_new_wrapped_full(
			GST_MEMORY_FLAG_READONLY, (gpointer)packet_at(i), size,
			0, size, NULL, NULL);
		if (!buf)
			die("gst_buffer_new_wrapped_full", "failed");
		if (i % PACKETS_PER_FRAME == PACKETS_PER_FRAME - 1)
			GST_BUFFER_FLAG_SET(buf, GST_BUFFER_FLAG_MARKER);
		g->ring[i] = buf;
	}
	for (unsigned f = 0; f < RING_FRAMES; f++) {
		g->frames[f] = gst_buffer_list_new_sized(PACKETS_PER_FRAME);
		for (unsigned j = 0; j < PACKETS_PER_FRAME; j++)
			gst_buffer_list_add(g->frames[f], gst_buffer_ref(
				g->ring[f * PACKETS_PER_FRAME + j]));
	}
	g->ring_size = size;
	g->next = 0;
}

/* N packets of the ring, whole frames as one buffer list each (@lists)
 * or one push per buffer; each render returns before the push does. */
static void gst_pad_tx_push(struct gst_pad_tx *g, long n, bool lists)
{
	for (long i = 0; i < n;) {
		unsigned long at = g->next % RING;
		GstFlowReturn fr;
		long m = 1;
		if (lists && at % PACKETS_PER_FRAME == 0 &&
		    n - i >= PACKETS_PER_FRAME) {
			m = PACKETS_PER_FRAME;
			fr = gst_pad_push_list(g->pad, gst_buffer_list_ref(
				g->frames[at / PACKETS_PER_FRAME]));
		} else {
			fr = gst_pad_push(g->pad, gst_buffer_ref(g->ring[at]));
		}
		if (fr != GST_FLOW_OK) {
			check_bus(g->pipe);
			die("gst_pad_push", gst_flow_get_name(fr));
		}
		i += m;
		g->next += (unsigned long)m;
	}
	g->pushed += (uint64_t)n;
}

static void gst_pad_tx_close(struct gst_pad_tx *g)
{
	gst_pad_push_event(g->pad, gst_event_new_eos());
	gst_pad_set_active(g->pad, FALSE);
	set_state(g->pipe, GST_STATE_NULL);
	gst_pad_tx_drop_ring(g);
	gst_object_unref(g->pad);
	gst_object_unref(g->sink);
	gst_object_unref(g->pipe);
}

/* One window of the pad path: warm, measure, record, drain. */
static void tx_pad_window(struct gst_pad_tx *g, const char *stage,
                          unsigned size, int rep, bool lists,
                          unsigned lib_threads)
{
	struct window w;
	struct split cls;
	pid_t none;

	gst_pad_tx_ring(g, size);
	gst_pad_tx_push(g, packets / 4, lists);
	sink_drain(g->sink, g->pushed);
	check_bus(g->pipe);
	GstStructure *st0 = get_stats(g->sink);
	guint64 sent0 = stat_u64(st0, "packets-sent");
	gst_structure_free(st0);
	window_begin(&w, stage, size);
	gst_pad_tx_push(g, packets, lists);
	window_main_done(&w);
	window_end(&w);
	GstStructure *st1 = get_stats(g->sink);
	double sent = (double)(stat_u64(st1, "packets-sent") - sent0);
	double errors = (double)stat_u64(st1, "send-errors");
	gst_structure_free(st1);
	classify(&w, "dvr:gst-pad", lib_threads, false, &cls, &none);
	emit(stage, size, rep, (double)packets, &w, "dvr:gst-pad", 0,
	     HOST_TX_GST, &cls, sent, errors);
	sink_drain(g->sink, g->pushed);
}

static void tx_part(void)
{
	struct gst_tx g;
	struct lib_tx l;
	/* The library device first: how many threads libdevourer starts
	 * for a TX device tells the sink's device threads from its own. */
	thread_cpu_name_self("dvr:lib-tx");
	lib_tx_open(&l, "lib-tx", CH_LIB, &drone);
	thread_cpu_name_self(MAIN_NAME);
	unsigned lib_threads = lib_threads_of("dvr:lib-tx");
	gst_tx_open(&g);
	struct gst_pad_tx p;
	gst_pad_tx_open(&p);
	long lib_base = 0;
	for (int rep = 0; rep < reps; rep++) {
		for (unsigned s = 0; s < n_sizes; s++) {
			const unsigned S = sizes[s];
			struct window w;
			struct split cls;

			/* Warm: a stream is running; sessions are announced,
			 * block buffers paged in, the pool is full. */
			gst_tx_push(&g, S, packets / 4);
			gst_tx_wait_rendered(&g);
			gst_tx_drain(&g);
			check_bus(g.pipe);

			GstStructure *st0 = get_stats(g.sink);
			guint64 sent0 = stat_u64(st0, "packets-sent");
			gst_structure_free(st0);
			window_begin(&w, "tx_gst", S);
			gst_tx_push(&g, S, packets);
			window_main_done(&w);
			gst_tx_wait_rendered(&g);
			window_end(&w);
			GstStructure *st1 = get_stats(g.sink);
			double sent = (double)(stat_u64(st1, "packets-sent") - sent0);
			double errors = (double)stat_u64(st1, "send-errors");
			gst_structure_free(st1);
			pid_t none;
			classify(&w, "dvr:gst-tx", lib_threads, false, &cls, &none);
			emit("tx_gst", S, rep, (double)packets, &w, "dvr:gst-tx", 0,
			     HOST_TX_GST, &cls, sent, errors);
			gst_tx_drain(&g);

			tx_pad_window(&p, "tx_pad", S, rep, false, lib_threads);
			tx_pad_window(&p, "tx_list", S, rep, true, lib_threads);

			lib_tx_send(&l, S, packets / 4, lib_base, 0);
			lib_base += packets / 4;
			dvr_flush(l.dev, 10000);
			window_begin(&w, "tx_lib", S);
			lib_tx_send(&l, S, packets, lib_base, 0);
			lib_base += packets;
			window_main_done(&w);
			dvr_flush(l.dev, 10000);
			window_end(&w);
			struct dvr_link_tx_stats ls;
			dvr_link_tx_get_stats(l.link, &ls);
			classify(&w, "dvr:lib-tx", lib_threads, false, &cls, &none);
			emit("tx_lib", S, rep, (double)packets, &w, "dvr:lib-tx", 0,
			     HOST_TX_LIB, &cls, (double)packets,
			     (double)l.send_errors);
			sleep_ms(50);
		}
	}
	lib_tx_close(&l);
	gst_pad_tx_close(&p);
	gst_tx_close(&g);
}

/* ---------------- RX part -------------------------------------------- */

struct sender {
	pid_t pid;
	FILE *to, *from;
};

static void sender_start(struct sender *s)
{
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		die("readlink /proc/self/exe", strerror(errno));
	self[n] = '\0';
	int in[2], out[2];
	if (pipe(in) || pipe(out))
		die("pipe", strerror(errno));
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in[0], 0);
	posix_spawn_file_actions_adddup2(&fa, out[1], 1);
	posix_spawn_file_actions_addclose(&fa, in[1]);
	posix_spawn_file_actions_addclose(&fa, out[0]);
	char *argv[] = { self, "--sender", drone_key_path, NULL };
	int rc = posix_spawn(&s->pid, self, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc)
		die("posix_spawn", strerror(rc));
	close(in[0]);
	close(out[1]);
	s->to = fdopen(in[1], "w");
	s->from = fdopen(out[0], "r");
	char line[64];
	if (!s->to || !s->from || !fgets(line, sizeof line, s->from) ||
	    strncmp(line, "ready", 5))
		die("sender", "did not start (see its messages above)");
}

/* Blocks until the sender has aired all COUNT packets. Not inlined: the
 * callgrind split names it (the bench thread's part of an RX window). */
__attribute__((noinline)) static void sender_send(struct sender *s, char which, unsigned size, long n,
                        unsigned pace_us)
{
	fprintf(s->to, "%c %u %ld %u\n", which, size, n, pace_us);
	fflush(s->to);
	char line[64];
	int st = DVR_OK;
	unsigned long long errs = 0;
	if (!fgets(line, sizeof line, s->from) ||
	    sscanf(line, "ok %d %llu", &st, &errs) != 2)
		die("sender", "no answer");
	if (st != DVR_OK || errs)
		fprintf(stderr, "gst_stages: sender: flush %s, %llu send "
		        "errors\n", dvr_strerror(st), errs);
}

static void sender_stop(struct sender *s)
{
	fclose(s->to);
	fclose(s->from);
	int status;
	waitpid(s->pid, &status, 0);
}

struct lib_rx {
	dvr_device *dev;
	struct dvr_link_rx *link;
	atomic_ulong delivered;
	atomic_int rx_tid;
};

static void lib_rx_packet(void *user, const uint8_t *data, size_t len)
{
	struct lib_rx *l = user;
	if (len)
		sink_byte ^= data[0];
	atomic_fetch_add_explicit(&l->delivered, 1, memory_order_relaxed);
}

static void lib_rx_frame(void *user, const struct dvr_rx_frame *f)
{
	struct lib_rx *l = user;
	/* Once: which thread on_rx runs on (checks the attribution). */
	if (!atomic_load_explicit(&l->rx_tid, memory_order_relaxed))
		atomic_store(&l->rx_tid, (int)thread_cpu_self());
	dvr_link_rx_push(l->link, 0, f->info.signal_dbm, f->data, f->len,
	                 bench_now_ms());
}

/*
 * The library path of streaming-rx: a share of its own adapter, pumped by
 * a thread of its own as devourersrc's create() pumps (dvr_share_rx_pump
 * with the element's period, the link polled once a period), so the
 * frames' wake-ups and walks are the element's, and the element's own
 * cost is what its streaming thread does besides (buffer, queue,
 * timestamps, the push into appsink).
 */
struct lib_pump {
	struct lib_rx rx;
	dvr_share *share;
	pthread_t thread;
	atomic_bool stop;
	atomic_int tid;
};

static void lib_pump_frame(void *user, const struct dvr_rx_frame *f)
{
	struct lib_pump *p = user;
	dvr_link_rx_push(p->rx.link, 0, f->info.signal_dbm, f->data, f->len,
	                 bench_now_ms());
}

static void *lib_pump_main(void *arg)
{
	struct lib_pump *p = arg;
	atomic_store(&p->tid, (int)thread_cpu_self());
	const unsigned period = SRC_FEC_TIMEOUT_MS / 5;
	uint64_t next_poll = 0;
	while (!atomic_load_explicit(&p->stop, memory_order_relaxed)) {
		int r = dvr_share_rx_pump(p->share, period);
		uint64_t now = bench_now_ms();
		if (now >= next_poll) {
			dvr_link_rx_poll(p->rx.link, now);
			next_poll = now + period;
		}
		if (r < 0) {
			fprintf(stderr, "gst_stages: library pump: %s\n",
			        dvr_strerror(r));
			break;
		}
	}
	dvr_share_rx_pump_release(p->share);
	return NULL;
}

static void lib_pump_open(struct lib_pump *p)
{
	struct dvr_link_rx_config rcfg = {
		.link_id = LINK_ID, .block_timeout_ms = SRC_FEC_TIMEOUT_MS,
	};
	int st = dvr_link_rx_new(&rcfg, &ground, lib_rx_packet, &p->rx,
	                         &p->rx.link);
	if (st != DVR_OK)
		die_st("dvr_link_rx_new", st);
	struct dvr_share_config sc = {
		.device = { .on_rx = lib_pump_frame, .on_log = on_log,
		            .user = p, .enable_rx = true },
		.channel = { .channel = CH_LIB_PUMP, .bw_mhz = BW },
	};
	thread_cpu_name_self("dvr:lib-pump");
	st = dvr_share_open("virtual:lib-pump", &sc, &p->share);
	if (st != DVR_OK)
		die_st("dvr_share_open", st);
	/* Created after the device's threads: the first of rank
	 * lib_threads (CLS_GST, as the element's streaming thread). */
	if (pthread_create(&p->thread, NULL, lib_pump_main, p))
		die("pthread_create", "library pump");
	thread_cpu_name_self(MAIN_NAME);
}

static void lib_pump_close(struct lib_pump *p)
{
	atomic_store(&p->stop, true);
	dvr_share_rx_pump_wake(p->share);
	pthread_join(p->thread, NULL);
	dvr_share_close(p->share);
	dvr_link_rx_free(p->rx.link);
}

/* Until COUNT more packets arrived, or none for a while (loss). Not
 * inlined, as sender_send. */
__attribute__((noinline)) static unsigned long wait_count(atomic_ulong *c, unsigned long target)
{
	unsigned long last = atomic_load(c);
	double quiet_since = bench_now_ns();
	double quiet_limit = callgrind ? 5e9 : 0.5e9;
	while (last < target) {
		sleep_ms(2);
		unsigned long now = atomic_load(c);
		if (now != last) {
			last = now;
			quiet_since = bench_now_ns();
		} else if (bench_now_ns() - quiet_since > quiet_limit) {
			break;
		}
	}
	return last;
}

/* An element receiver: its pipeline, its src (stats) and its counter;
 * its consumer is an appsink (out), or with @pad a sink pad of the
 * bench's own whose chain counts and drops each buffer, as a
 * depayloader's chain takes them in the streaming thread. */
struct gst_rx {
	GstElement *pipe, *src, *out;
	GstPad *pad;
	atomic_ulong count;
	const char *tag;     /* its device's thread name */
	char which;          /* the sender's adapter it hears */
	struct own_threads own;  /* the threads its start created */
};

static GstFlowReturn on_gst_rx_sample(GstAppSink *appsink, gpointer user)
{
	struct gst_rx *g = user;
	GstSample *smp = gst_app_sink_pull_sample(appsink);
	if (smp) {
		atomic_fetch_add_explicit(&g->count, 1, memory_order_relaxed);
		gst_sample_unref(smp);
	}
	return GST_FLOW_OK;
}

static GstFlowReturn on_pad_rx_chain(GstPad *pad, GstObject *parent,
                                     GstBuffer *buf)
{
	(void)parent;
	struct gst_rx *g = gst_pad_get_element_private(pad);
	atomic_fetch_add_explicit(&g->count, 1, memory_order_relaxed);
	gst_buffer_unref(buf);
	return GST_FLOW_OK;
}

static gboolean on_pad_rx_event(GstPad *pad, GstObject *parent,
                                GstEvent *ev)
{
	(void)pad;
	(void)parent;
	gst_event_unref(ev);
	return TRUE;
}

/* Takes any caps, as an appsink without caps does. */
static gboolean on_pad_rx_query(GstPad *pad, GstObject *parent, GstQuery *q)
{
	(void)pad;
	(void)parent;
	if (GST_QUERY_TYPE(q) == GST_QUERY_CAPS) {
		GstCaps *any = gst_caps_new_any();
		gst_query_set_caps_result(q, any);
		gst_caps_unref(any);
		return TRUE;
	}
	if (GST_QUERY_TYPE(q) == GST_QUERY_ACCEPT_CAPS) {
		gst_query_set_accept_caps_result(q, TRUE);
		return TRUE;
	}
	return FALSE;
}

static void gst_rx_open(struct gst_rx *g, const char *device,
                        unsigned channel, const char *extra, bool pad)
{
	char desc[768];
	snprintf(desc, sizeof desc,
	         "devourersrc name=src device=virtual:%s channel=%u "
	         "bandwidth=%d fec-timeout=%u key-file=%s %s ! "
	         "appsink name=out sync=false",
	         device, channel, BW, SRC_FEC_TIMEOUT_MS, gs_key_path, extra);
	g->pipe = launch(desc);
	g->src = gst_bin_get_by_name(GST_BIN(g->pipe), "src");
	g->out = gst_bin_get_by_name(GST_BIN(g->pipe), "out");
	if (pad) {
		/* The appsink out, the bench's pad in. */
		gst_element_unlink(g->src, g->out);
		gst_bin_remove(GST_BIN(g->pipe), g->out);
		gst_object_unref(g->out);
		g->out = NULL;
		g->pad = gst_pad_new("bench-sink", GST_PAD_SINK);
		gst_pad_set_element_private(g->pad, g);
		gst_pad_set_chain_function(g->pad, on_pad_rx_chain);
		gst_pad_set_event_function(g->pad, on_pad_rx_event);
		gst_pad_set_query_function(g->pad, on_pad_rx_query);
		GstPad *srcpad = gst_element_get_static_pad(g->src, "src");
		if (!gst_pad_set_active(g->pad, TRUE) || !srcpad ||
		    gst_pad_link(srcpad, g->pad) != GST_PAD_LINK_OK)
			die("gst_pad_link", "cannot link devourersrc to the "
			    "bench's pad");
		gst_object_unref(srcpad);
	} else {
		GstAppSinkCallbacks cbs;
		memset(&cbs, 0, sizeof cbs);
		cbs.new_sample = on_gst_rx_sample;
		gst_app_sink_set_callbacks(GST_APP_SINK(g->out), &cbs, g,
		                           NULL);
	}
	static struct thread_cpu_snap before, after;
	if (thread_cpu_take(&before) != 0)
		die("thread_cpu_take", "/proc/self/task unreadable");
	thread_cpu_name_self(g->tag);
	set_state(g->pipe, GST_STATE_PLAYING);
	/* Its streaming thread exists once the change completed. */
	gst_element_get_state(g->pipe, NULL, NULL, 10 * GST_SECOND);
	thread_cpu_name_self(MAIN_NAME);
	check_bus(g->pipe);
	thread_cpu_take(&after);
	g->own.n = 0;
	for (unsigned i = 0; i < after.n; i++) {
		bool old = false;
		for (unsigned j = 0; j < before.n && !old; j++)
			old = before.t[j].tid == after.t[i].tid;
		if (!old && g->own.n < sizeof g->own.tid / sizeof g->own.tid[0])
			g->own.tid[g->own.n++] = after.t[i].tid;
	}
}

static void gst_rx_close(struct gst_rx *g)
{
	set_state(g->pipe, GST_STATE_NULL);
	gst_object_unref(g->src);
	if (g->out)
		gst_object_unref(g->out);
	if (g->pad) {
		gst_pad_set_active(g->pad, FALSE);
		gst_object_unref(g->pad);
	}
	gst_object_unref(g->pipe);
}

/* One measured window of an element receiver. */
static void gst_rx_window(struct gst_rx *g, struct sender *snd,
                          const char *stage, unsigned S, int rep,
                          unsigned lib_threads, unsigned pace)
{
	struct window w;
	struct split cls;
	GstStructure *st0 = get_stats(g->src);
	guint64 dropped0 = stat_u64(st0, "packets-dropped");
	gst_structure_free(st0);
	unsigned long before = atomic_load(&g->count);
	window_begin(&w, stage, S);
	sender_send(snd, g->which, S, packets, pace);
	unsigned long total = wait_count(&g->count,
	                                 before + (unsigned long)packets);
	window_main_done(&w);
	window_end(&w);
	GstStructure *st1 = get_stats(g->src);
	double dropped = (double)(stat_u64(st1, "packets-dropped") - dropped0);
	gst_structure_free(st1);
	pid_t drv;
	classify_own = &g->own;
	classify(&w, g->tag, lib_threads, true, &cls, &drv);
	classify_own = NULL;
	emit(stage, S, rep, (double)(total - before), &w, g->tag, drv,
	     HOST_RX_GST, &cls, (double)(total - before), dropped);
}

static void rx_part(void)
{
	static struct lib_rx l;
	struct dvr_link_rx_config rcfg = {
		.link_id = LINK_ID, .block_timeout_ms = SRC_FEC_TIMEOUT_MS,
	};
	int st = dvr_link_rx_new(&rcfg, &ground, lib_rx_packet, &l, &l.link);
	if (st != DVR_OK)
		die_st("dvr_link_rx_new", st);
	struct dvr_config cfg = {
		.on_rx = lib_rx_frame, .on_log = on_log, .user = &l,
		.enable_rx = true,
	};
	thread_cpu_name_self("dvr:lib-rx");
	l.dev = open_device("lib-rx", CH_LIB, &cfg);
	thread_cpu_name_self(MAIN_NAME);
	/* Counted before the element opens its own (see tx_part). */
	unsigned lib_threads = lib_threads_of("dvr:lib-rx");

	/* Today's element (the driver's thread feeds its streaming thread)
	 * and the same element receiving in its streaming thread. */
	static struct gst_rx ge = { .tag = "dvr:gst-rx", .which = 'a' };
	static struct gst_rx gp = { .tag = "dvr:pump-rx", .which = 'c' };
	static struct gst_rx gq = { .tag = "dvr:pad-rx", .which = 'e' };
	gst_rx_open(&ge, "gst-rx", CH_GST, "streaming-rx=false", false);
	gst_rx_open(&gp, "pump-rx", CH_PUMP, "streaming-rx=true", false);
	gst_rx_open(&gq, "pad-rx", CH_PAD_PUMP, "streaming-rx=true", true);
	static struct lib_pump lp;
	lib_pump_open(&lp);

	struct sender snd;
	sender_start(&snd);
	/* Under callgrind this process runs ~50x slower than the sender:
	 * pace it so the receiving chip's FIFO does not overflow. */
	unsigned pace = callgrind ? 2000 : 0;

	/* Warm: both receivers adopt the session and page in their rings. */
	unsigned long lib_total = 0;
	long warm = packets / 4;
	sender_send(&snd, 'a', 1500, warm, pace);
	wait_count(&ge.count, (unsigned long)warm);
	sender_send(&snd, 'c', 1500, warm, pace);
	wait_count(&gp.count, (unsigned long)warm);
	sender_send(&snd, 'e', 1500, warm, pace);
	wait_count(&gq.count, (unsigned long)warm);
	sender_send(&snd, 'b', 1500, warm, pace);
	lib_total = wait_count(&l.delivered, lib_total + (unsigned long)warm);
	sender_send(&snd, 'd', 1500, warm, pace);
	wait_count(&lp.rx.delivered, (unsigned long)warm);

	for (int rep = 0; rep < reps; rep++) {
		for (unsigned s = 0; s < n_sizes; s++) {
			const unsigned S = sizes[s];
			struct window w;
			struct split cls;

			gst_rx_window(&ge, &snd, "rx_gst", S, rep, lib_threads,
			              pace);
			sleep_ms(50);
			gst_rx_window(&gp, &snd, "rx_pump", S, rep, lib_threads,
			              pace);
			sleep_ms(50);
			gst_rx_window(&gq, &snd, "rx_pump_pad", S, rep,
			              lib_threads, pace);
			sleep_ms(50);

			pid_t drv;
			unsigned long before = atomic_load(&l.delivered);
			window_begin(&w, "rx_lib", S);
			sender_send(&snd, 'b', S, packets, pace);
			lib_total = wait_count(&l.delivered,
			                       before + (unsigned long)packets);
			window_main_done(&w);
			window_end(&w);
			int seen = atomic_load(&l.rx_tid);
			classify_as(&w, "dvr:lib-rx", lib_threads, true,
			            (pid_t)seen, &cls, &drv);
			if (!seen || seen != drv)
				fprintf(stderr, "gst_stages: on_rx ran on thread "
				        "%d, not found among the device's threads "
				        "(%d): the drv/model split is wrong\n", seen,
				        (int)drv);
			emit("rx_lib", S, rep, (double)(lib_total - before), &w,
			     "dvr:lib-rx", drv, HOST_RX_LIB, &cls,
			     (double)(lib_total - before), seen == drv);
			sleep_ms(50);

			/* The pump's library path: its pumping thread (rank
			 * lib_threads, CLS_GST) and the parked driver thread,
			 * the element's host classes. */
			before = atomic_load(&lp.rx.delivered);
			window_begin(&w, "rx_lib_pump", S);
			sender_send(&snd, 'd', S, packets, pace);
			unsigned long got = wait_count(&lp.rx.delivered,
			                       before + (unsigned long)packets);
			window_main_done(&w);
			window_end(&w);
			struct own_threads pumper = {
				.n = 1, .tid = { (pid_t)atomic_load(&lp.tid) },
			};
			classify_own = &pumper;
			classify(&w, "dvr:lib-pump", lib_threads, true, &cls,
			         &drv);
			classify_own = NULL;
			emit("rx_lib_pump", S, rep, (double)(got - before), &w,
			     "dvr:lib-pump", drv, HOST_RX_GST, &cls,
			     (double)(got - before), 0);
			sleep_ms(50);
		}
	}
	sender_stop(&snd);
	lib_pump_close(&lp);
	gst_rx_close(&ge);
	gst_rx_close(&gp);
	gst_rx_close(&gq);
	dvr_close(l.dev);
	dvr_link_rx_free(l.link);
}

/* ---------------- main ----------------------------------------------- */

static void write_keys(void)
{
	int st = dvr_link_keygen_random(&drone, &ground);
	if (st != DVR_OK)
		die_st("dvr_link_keygen_random", st);
	snprintf(key_dir, sizeof key_dir, "/tmp/devourer-bench-keys-XXXXXX");
	if (!mkdtemp(key_dir))
		die("mkdtemp", strerror(errno));
	snprintf(drone_key_path, sizeof drone_key_path, "%s/drone.key", key_dir);
	snprintf(gs_key_path, sizeof gs_key_path, "%s/gs.key", key_dir);
	if ((st = dvr_link_keys_save(drone_key_path, &drone)) != DVR_OK ||
	    (st = dvr_link_keys_save(gs_key_path, &ground)) != DVR_OK)
		die_st("dvr_link_keys_save", st);
}

static void remove_keys(void)
{
	unlink(drone_key_path);
	unlink(gs_key_path);
	rmdir(key_dir);
}

int main(int argc, char **argv)
{
	fill_tx_params();
	if (argc == 3 && !strcmp(argv[1], "--sender")) {
		if (getrandom(pool_bytes, sizeof pool_bytes, 0) < 0)
			die("getrandom", strerror(errno));
		return sender_main(argv[2]);
	}
	const char *size_arg = "64,512,1500,3800", *part = "both";
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--packets") && i + 1 < argc)
			packets = atol(argv[++i]);
		else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
			reps = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--sizes") && i + 1 < argc)
			size_arg = argv[++i];
		else if (!strcmp(argv[i], "--part") && i + 1 < argc)
			part = argv[++i];
		else if (!strcmp(argv[i], "--callgrind"))
			callgrind = true;
		else if (!strcmp(argv[i], "--threads"))
			show_threads = true;
		else {
			fprintf(stderr, "usage: gst_stages [--packets N] [--reps R] "
			        "[--sizes 64,512,...] [--part tx|rx|both] "
			        "[--callgrind] [--threads]\n");
			return 2;
		}
	}
	n_sizes = bench_parse_list(size_arg, sizes, MAX_SIZES);
	bool do_tx = !strcmp(part, "tx") || !strcmp(part, "both");
	bool do_rx = !strcmp(part, "rx") || !strcmp(part, "both");
	if (!n_sizes || packets < FEC_K || packets > 100000 || reps < 1 ||
	    reps > 100 || (!do_tx && !do_rx)) {
		fprintf(stderr, "gst_stages: bad --sizes/--packets/--reps/--part\n");
		return 2;
	}
	for (unsigned s = 0; s < n_sizes; s++)
		if (sizes[s] < 1 || sizes[s] > 3800)
			die("--sizes", "each size must be 1..3800 bytes");
	if (callgrind)
		reps = 1;
	if (!getenv("GST_PLUGIN_PATH"))
		die("GST_PLUGIN_PATH", "not set: point it at the build's gst/ "
		    "directory (bench/run.py and meson test --benchmark do)");
	if (getrandom(pool_bytes, sizeof pool_bytes, 0) < 0)
		die("getrandom", strerror(errno));

	gst_init(&argc, &argv);
	GstElementFactory *f = gst_element_factory_find("devourersink");
	if (!f)
		die("devourersink", "not found on GST_PLUGIN_PATH");
	gst_object_unref(f);
	/* SIGPIPE from a dead sender would kill us silently. */
	signal(SIGPIPE, SIG_IGN);

	main_tid = thread_cpu_self();
	thread_cpu_name_self(MAIN_NAME);
	write_keys();
	bench_air_private();

	bench_json_open(&js, stdout);
	bench_json_record(&js);
	bench_json_str(&js, "bench", "gst_meta");
	bench_json_num(&js, "fec_k", FEC_K);
	bench_json_num(&js, "fec_n", FEC_N);
	bench_json_str(&js, "rate", "HT MCS7 40 MHz short GI");
	gchar *version = gst_version_string();
	bench_json_str(&js, "gstreamer", version);
	g_free(version);
	bench_json_num(&js, "callgrind", callgrind);
	bench_json_end_record(&js);
	if (do_tx)
		tx_part();
	if (do_rx)
		rx_part();
	bench_json_close(&js);

	bench_air_cleanup();
	remove_keys();
	gst_deinit();
	return 0;
}
