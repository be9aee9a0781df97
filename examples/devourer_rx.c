/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourer-rx: receive everything on a channel through libdevourer, count
 * it, optionally check devourer-tx's frames byte for byte and write a
 * pcap.
 *
 *   devourer-rx [-d selector] [-c channel] [-w 5|10|20|40|80] [-n count]
 *               [-t seconds] [-v] [-k] [-o file.pcap]
 *
 * Prints the init stages as they finish, counters every second and a final
 * summary line:
 *   devourer-rx: valid=N invalid=N other=N crc=N malformed=N frames=N ...
 * "valid"/"invalid" count devourer-tx frames (with -v: every payload
 * byte checked; without: recognised by header only), "other" anything
 * else.
 * Exit status: 0 done, 1 fatal device error, 2 bad usage, 3 -v saw an
 * invalid frame, 4 -n N was given and fewer than N valid frames arrived.
 */
#include <stdatomic.h>

#include <devourer/radiotap.h>

#include "demo_common.h"

#define PROG "devourer-rx"
#define LINKTYPE_IEEE802_11_RADIOTAP 127

struct rx_options {
	struct demo_options c;   /* -d -c -w -n -t */
	bool verify;
	bool keep_corrupted;
	const char *pcap_path;
};

/* Written by the device's RX thread, read by main. */
struct rx_state {
	bool verify;
	unsigned long stop_after;
	FILE *pcap;
	atomic_ullong valid, invalid, other, crc_delivered;
	atomic_ullong pcap_errors;
	atomic_llong rssi_sum;
	atomic_ullong rssi_n;
	/* per receive chain (RF path A, B, ...), of frames reporting it */
	atomic_llong chain_sum[DVR_MAX_RF_PATHS];
	atomic_ullong chain_n[DVR_MAX_RF_PATHS];
	atomic_bool enough;
	atomic_bool fatal;
	/* Only touched by the RX thread; read after dvr_close(). */
	bool have_seq;
	uint32_t first_seq, last_seq;
};

static void usage(FILE *to)
{
	fprintf(to,
	        "usage: " PROG " [-d selector] [-c channel] [-w 5|10|20|40|80] "
	        "[-n count] [-t seconds] [-v] [-k] [-o file.pcap]\n"
	        "  -d  adapter: auto (default), usb:VID:PID[#N], usb:BUS-PORT, "
	        "virtual:NAME\n"
	        "  -c  channel (default 36)      -w  bandwidth MHz (default 20)\n"
	        "  -n  stop after this many valid devourer-tx frames (exit 4 "
	        "if fewer came)\n"
	        "  -t  stop after this many seconds (default: until Ctrl-C)\n"
	        "  -v  verify devourer-tx payloads byte for byte (exit 3 on a "
	        "bad one)\n"
	        "  -k  also deliver frames with a bad FCS\n"
	        "  -o  write every frame to a pcap file (radiotap link type)\n");
}

static int parse_options(int argc, char **argv, struct rx_options *o)
{
	*o = (struct rx_options){
		.c = {.selector = "auto",
		      .channel = {.channel = 36, .bw_mhz = 20}},
	};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			usage(stdout);
			exit(0);
		}
		if (strcmp(a, "-v") == 0) {
			o->verify = true;
			continue;
		}
		if (strcmp(a, "-k") == 0) {
			o->keep_corrupted = true;
			continue;
		}
		if (a[0] != '-' || a[1] == '\0' || a[2] != '\0' || i + 1 >= argc)
			goto bad;
		const char *val = argv[++i];
		int common = demo_common_option(a[1], val, &o->c);
		if (common < 0)
			goto bad;
		if (common > 0)
			continue;
		switch (a[1]) {
		case 'o': o->pcap_path = val; break;
		default:
			goto bad;
		}
	}
	return 0;
bad:
	usage(stderr);
	return 2;
}

static void put_le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put_le32(uint8_t *p, uint32_t v)
{
	put_le16(p, (uint16_t)v);
	put_le16(p + 2, (uint16_t)(v >> 16));
}

/* pcap file header (classic format, microsecond timestamps). */
static bool pcap_write_header(FILE *f)
{
	uint8_t h[24];
	put_le32(h, 0xa1b2c3d4u);
	put_le16(h + 4, 2);
	put_le16(h + 6, 4);
	put_le32(h + 8, 0);      /* thiszone */
	put_le32(h + 12, 0);     /* sigfigs */
	put_le32(h + 16, 65535); /* snaplen */
	put_le32(h + 20, LINKTYPE_IEEE802_11_RADIOTAP);
	return fwrite(h, sizeof h, 1, f) == 1;
}

static bool pcap_write_frame(FILE *f, const struct dvr_rx_frame *fr)
{
	uint8_t rt[128];
	size_t rt_len = dvr_radiotap_build_rx(&fr->info, rt, sizeof rt);
	if (rt_len == 0)
		return false;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint8_t rec[16];
	uint32_t len = (uint32_t)(rt_len + fr->len);
	put_le32(rec, (uint32_t)ts.tv_sec);
	put_le32(rec + 4, (uint32_t)(ts.tv_nsec / 1000));
	put_le32(rec + 8, len);
	put_le32(rec + 12, len);
	return fwrite(rec, sizeof rec, 1, f) == 1 &&
	       fwrite(rt, rt_len, 1, f) == 1 &&
	       (fr->len == 0 || fwrite(fr->data, fr->len, 1, f) == 1);
}

static void on_rx(void *user, const struct dvr_rx_frame *fr)
{
	struct rx_state *s = user;
	atomic_fetch_add(&s->rssi_sum, fr->info.signal_dbm);
	atomic_fetch_add(&s->rssi_n, 1);
	for (unsigned c = 0; c < fr->info.n_chains && c < DVR_MAX_RF_PATHS;
	     c++) {
		atomic_fetch_add(&s->chain_sum[c], fr->info.rssi_dbm[c]);
		atomic_fetch_add(&s->chain_n[c], 1);
	}
	if (s->pcap && !pcap_write_frame(s->pcap, fr))
		atomic_fetch_add(&s->pcap_errors, 1);
	if (fr->info.flags & DVR_RX_FCS_BAD) {
		/* Only with -k; its bytes are not trustworthy. */
		atomic_fetch_add(&s->crc_delivered, 1);
		return;
	}
	uint32_t seq = 0;
	switch (demo_check_frame(fr->data, fr->len, s->verify, &seq)) {
	case DEMO_NOT_OURS:
		atomic_fetch_add(&s->other, 1);
		return;
	case DEMO_INVALID:
		atomic_fetch_add(&s->invalid, 1);
		return;
	case DEMO_VALID:
		break;
	}
	unsigned long long n = atomic_fetch_add(&s->valid, 1) + 1;
	if (!s->have_seq) {
		s->have_seq = true;
		s->first_seq = s->last_seq = seq;
	} else if (seq > s->last_seq) {
		s->last_seq = seq;
	} else if (seq < s->first_seq) {
		s->first_seq = seq;
	}
	if (s->stop_after && n >= s->stop_after)
		atomic_store(&s->enough, true);
}

static void on_event(void *user, const struct dvr_event *ev)
{
	struct rx_state *s = user;
	demo_print_event(PROG, ev);
	if (ev->type == DVR_EVENT_ERROR)
		atomic_store(&s->fatal, true);
}

/* Counters of one second; the library's plus the demo's own. */
struct second {
	struct dvr_rx_stats lib;
	unsigned long long valid, invalid;
	long long rssi_sum;
	unsigned long long rssi_n;
	unsigned paths;         /* the adapter's RF paths */
	long long chain_sum[DVR_MAX_RF_PATHS];
	unsigned long long chain_n[DVR_MAX_RF_PATHS];
};

static void take_second(dvr_device *dev, struct rx_state *s,
                        struct second *out)
{
	dvr_get_rx_stats(dev, &out->lib);
	out->valid = atomic_load(&s->valid);
	out->invalid = atomic_load(&s->invalid);
	out->rssi_sum = atomic_load(&s->rssi_sum);
	out->rssi_n = atomic_load(&s->rssi_n);
	out->paths = dvr_rf_paths(dev);
	for (unsigned c = 0; c < DVR_MAX_RF_PATHS; c++) {
		out->chain_sum[c] = atomic_load(&s->chain_sum[c]);
		out->chain_n[c] = atomic_load(&s->chain_n[c]);
	}
}

static void print_second(const struct second *now, const struct second *prev)
{
	unsigned long long n = now->rssi_n - prev->rssi_n;
	char rssi[16] = "-";
	if (n)
		snprintf(rssi, sizeof rssi, "%lld",
		         (now->rssi_sum - prev->rssi_sum) / (long long)n);
	/* Every chain the adapter has, A first: its average signal this
	 * second, or "-" when no frame reported it. */
	char chains[8 * DVR_MAX_RF_PATHS + 2] = "";
	size_t at = 0;
	for (unsigned c = 0; c < now->paths && c < DVR_MAX_RF_PATHS; c++) {
		unsigned long long cn = now->chain_n[c] - prev->chain_n[c];
		int w = cn ? snprintf(chains + at, sizeof chains - at, "%s%lld",
		                      c ? "/" : "",
		                      (now->chain_sum[c] - prev->chain_sum[c]) /
		                              (long long)cn)
		           : snprintf(chains + at, sizeof chains - at, "%s-",
		                      c ? "/" : "");
		if (w < 0 || (size_t)w >= sizeof chains - at)
			break;
		at += (size_t)w;
	}
	printf(PROG ": frames=%llu bytes=%llu crc=%llu malformed=%llu "
	       "valid=%llu invalid=%llu rssi=%s chains=%s\n",
	       (unsigned long long)(now->lib.frames - prev->lib.frames),
	       (unsigned long long)(now->lib.bytes - prev->lib.bytes),
	       (unsigned long long)(now->lib.crc_errors - prev->lib.crc_errors),
	       (unsigned long long)(now->lib.malformed - prev->lib.malformed),
	       now->valid - prev->valid, now->invalid - prev->invalid, rssi,
	       at ? chains : "-");
	fflush(stdout);
}

int main(int argc, char **argv)
{
	struct rx_options o;
	int rc = parse_options(argc, argv, &o);
	if (rc)
		return rc;
	demo_install_signals();

	static struct rx_state s; /* zeroed; outlives every callback */
	s.verify = o.verify;
	s.stop_after = o.c.count;
	if (o.pcap_path) {
		s.pcap = fopen(o.pcap_path, "wb");
		if (!s.pcap || !pcap_write_header(s.pcap)) {
			fprintf(stderr, PROG ": cannot write %s: %s\n",
			        o.pcap_path, strerror(errno));
			if (s.pcap)
				fclose(s.pcap);
			return 1;
		}
	}

	struct dvr_config cfg = {
		.on_rx = on_rx,
		.on_event = on_event,
		.user = &s,
		.keep_corrupted = o.keep_corrupted,
		.enable_rx = true,
	};
	dvr_device *dev = NULL;
	int r = dvr_open(o.c.selector, &cfg, &dev);
	if (r != DVR_OK) {
		fprintf(stderr, PROG ": cannot open '%s': %s\n", o.c.selector,
		        dvr_strerror(r));
		if (s.pcap)
			fclose(s.pcap);
		return 1;
	}
	printf(PROG ": %s (%s), channel %u/%u MHz%s%s\n", dvr_selector(dev),
	       dvr_chip_name(dev), o.c.channel.channel, o.c.channel.bw_mhz,
	       o.verify ? ", verifying payloads" : "",
	       o.pcap_path ? ", writing pcap" : "");
	fflush(stdout);
	r = dvr_start(dev, &o.c.channel);
	if (r != DVR_OK) {
		fprintf(stderr, PROG ": start failed: %s\n", dvr_strerror(r));
		dvr_close(dev);
		if (s.pcap)
			fclose(s.pcap);
		return 1;
	}

	double start = demo_now_s(), next_report = start + 1.0;
	struct second prev = {0}, now;
	while (!atomic_load(&demo_stop) && !atomic_load(&s.enough) &&
	       !atomic_load(&s.fatal)) {
		double t = demo_now_s();
		if (o.c.seconds && t - start >= (double)o.c.seconds)
			break;
		if (t >= next_report) {
			take_second(dev, &s, &now);
			print_second(&now, &prev);
			prev = now;
			next_report += 1.0;
			if (next_report <= t)
				next_report = t + 1.0;
		}
		demo_sleep_ms(50);
	}

	struct dvr_rx_stats st;
	dvr_get_rx_stats(dev, &st);
	double elapsed = demo_now_s() - start;
	dvr_close(dev); /* no callback after this: s is ours again */
	bool pcap_failed = false;
	if (s.pcap && fclose(s.pcap) != 0)
		pcap_failed = true;
	if (atomic_load(&s.pcap_errors) || pcap_failed)
		fprintf(stderr, PROG ": %llu frames could not be written to "
		        "%s\n", (unsigned long long)atomic_load(&s.pcap_errors),
		        o.pcap_path);

	unsigned long long valid = atomic_load(&s.valid);
	unsigned long long invalid = atomic_load(&s.invalid);
	char seq_info[64] = "first_seq=- last_seq=- missing=-";
	if (s.have_seq) {
		long long span = (long long)s.last_seq - s.first_seq + 1;
		long long missing = span - (long long)valid;
		snprintf(seq_info, sizeof seq_info,
		         "first_seq=%u last_seq=%u missing=%lld", s.first_seq,
		         s.last_seq, missing > 0 ? missing : 0);
	}
	printf(PROG ": %.1f s, %llu bulk transfers, %llu transfer errors\n",
	       elapsed, (unsigned long long)st.transfers,
	       (unsigned long long)st.errors);
	printf(PROG ": valid=%llu invalid=%llu other=%llu crc=%llu "
	       "malformed=%llu frames=%llu bytes=%llu verify=%s %s\n",
	       valid, invalid, (unsigned long long)atomic_load(&s.other),
	       (unsigned long long)st.crc_errors,
	       (unsigned long long)st.malformed,
	       (unsigned long long)st.frames, (unsigned long long)st.bytes,
	       o.verify ? "on" : "off", seq_info);

	if (atomic_load(&s.fatal))
		return 1;
	if (o.verify && invalid > 0)
		return 3;
	if (o.c.count && valid < o.c.count)
		return 4;
	return 0;
}
