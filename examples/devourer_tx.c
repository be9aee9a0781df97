/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourer-tx: inject numbered broadcast data frames through libdevourer.
 *
 *   devourer-tx [-d selector] [-c channel] [-w 5|10|20|40|80] [-n count]
 *               [-r rate] [-s payload bytes] [-i interval ms]
 *               [-t seconds] [-g] [-l] [-p power dBm] [-m auto|async|sync]
 *
 * Each frame is a radiotap header (the TX vector from -r/-g/-l, NOACK) and
 * an 802.11 data frame to ff:ff:ff:ff:ff:ff whose payload carries its
 * sequence number and a pattern devourer-rx -v checks byte for byte.
 * Prints the init stages as they finish, counters every second and a final summary
 * line:
 *   devourer-tx: sent=N completed=N failed=N timeouts=N rejected=N bytes=N
 *                airtime_us=N
 * Exit status: 0 done, 1 fatal device error, 2 bad usage.
 */
#include <stdatomic.h>

#include <devourer/radiotap.h>

#include "demo_common.h"

#define PROG "devourer-tx"

struct tx_options {
	struct demo_options c;   /* -d -c -w -n -t */
	struct dvr_tx_params params;
	unsigned long payload_len;
	unsigned long interval_ms;
	unsigned long power;
	enum dvr_tx_mode mode;
};

static atomic_bool fatal_error;

static void on_event(void *user, const struct dvr_event *ev)
{
	(void)user;
	demo_print_event(PROG, ev);
	if (ev->type == DVR_EVENT_ERROR)
		atomic_store(&fatal_error, true);
}

static void usage(FILE *to)
{
	fprintf(to,
	        "usage: " PROG " [-d selector] [-c channel] [-w 5|10|20|40|80] "
	        "[-n count] [-r rate]\n"
	        "                   [-s payload] [-i interval_ms] [-t seconds] "
	        "[-g] [-l] [-p power] [-m mode]\n"
	        "  -d  adapter: auto (default), usb:VID:PID[#N], usb:BUS-PORT, "
	        "virtual:NAME\n"
	        "  -c  channel (default 36)       -w  bandwidth MHz (default 20)\n"
	        "  -n  frames to send (default 100, 0 = until -t or Ctrl-C)\n"
	        "  -r  rate: legacy Mbit/s (1, 2, 5.5, 11, 6 ... 54), mcs:N, "
	        "vht:NSS:MCS (default 6)\n"
	        "  -s  payload bytes, %d..2000 (default 256)\n"
	        "  -i  ms between frames (default 10, 0 = as fast as accepted)\n"
	        "  -t  stop after this many seconds (default: no limit)\n"
	        "  -g  short guard interval   -l  LDPC\n"
	        "  -p  TX power in dBm, 1..40 (default: chip default)\n"
	        "  -m  auto | async | sync TX mode\n",
	        DEMO_PAYLOAD_MIN);
}

/* "6", "5.5", "mcs:7", "vht:2:9" -> TX rate. */
static bool parse_rate(const char *s, struct dvr_rate *r)
{
	memset(r, 0, sizeof *r);
	unsigned long a, b;
	if (strncmp(s, "mcs:", 4) == 0) {
		if (!demo_parse_uint(s + 4, 0, 31, &a))
			return false;
		r->kind = DVR_RATE_HT;
		r->mcs = (uint8_t)a;
		return true;
	}
	if (strncmp(s, "vht:", 4) == 0) {
		char nss[8];
		const char *colon = strchr(s + 4, ':');
		size_t n = colon ? (size_t)(colon - (s + 4)) : 0;
		if (!colon || n == 0 || n >= sizeof nss)
			return false;
		memcpy(nss, s + 4, n);
		nss[n] = '\0';
		if (!demo_parse_uint(nss, 1, 4, &a) ||
		    !demo_parse_uint(colon + 1, 0, 9, &b))
			return false;
		r->kind = DVR_RATE_VHT;
		r->nss = (uint8_t)a;
		r->mcs = (uint8_t)b;
		return true;
	}
	char *end;
	double mbps = strtod(s, &end);
	if (end == s || *end != '\0' || mbps <= 0 || mbps > 54)
		return false;
	double units = mbps * 2.0;
	long u = (long)(units + 0.5);
	if (units - (double)u > 0.01 || (double)u - units > 0.01)
		return false;
	r->kind = DVR_RATE_LEGACY;
	r->legacy_500k = (uint8_t)u;
	/* Only the rates a PHY has. */
	return dvr_phy_rate_kbps(r, 20, false) != 0;
}

static int parse_options(int argc, char **argv, struct tx_options *o)
{
	*o = (struct tx_options){
		.c = {.selector = "auto",
		      .channel = {.channel = 36, .bw_mhz = 20},
		      .count = 100},
		.params = {.rate = {.kind = DVR_RATE_LEGACY, .legacy_500k = 12},
		           .no_ack = true},
		.payload_len = 256,
		.interval_ms = 10,
	};
	const char *rate = "6";
	bool sgi = false, ldpc = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			usage(stdout);
			exit(0);
		}
		if (strcmp(a, "-g") == 0) {
			sgi = true;
			continue;
		}
		if (strcmp(a, "-l") == 0) {
			ldpc = true;
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
		case 'r': rate = val; break;
		case 's':
			if (!demo_parse_uint(val, DEMO_PAYLOAD_MIN, 2000,
			                     &o->payload_len))
				goto bad;
			break;
		case 'i':
			if (!demo_parse_uint(val, 0, 60000, &o->interval_ms))
				goto bad;
			break;
		case 'p':
			if (!demo_parse_uint(val, 1, 40, &o->power))
				goto bad;
			break;
		case 'm':
			if (strcmp(val, "auto") == 0)
				o->mode = DVR_TX_AUTO;
			else if (strcmp(val, "async") == 0)
				o->mode = DVR_TX_ASYNC;
			else if (strcmp(val, "sync") == 0)
				o->mode = DVR_TX_SYNC;
			else
				goto bad;
			break;
		default:
			goto bad;
		}
	}
	if (!parse_rate(rate, &o->params.rate)) {
		fprintf(stderr, PROG ": bad rate '%s'\n", rate);
		return 2;
	}
	/* HT/VHT frames use the whole tuned channel; legacy stays 20 MHz,
	 * and so does every vector on a 5/10 MHz channel (the 20 MHz
	 * baseband on a slower clock: devourer.h, struct dvr_channel). */
	o->params.bw_mhz = o->params.rate.kind == DVR_RATE_LEGACY ||
	                   o->c.channel.bw_mhz < 20
		                   ? 20 : (uint8_t)o->c.channel.bw_mhz;
	o->params.short_gi = sgi;
	o->params.ldpc = ldpc;
	if (dvr_phy_rate_kbps(&o->params.rate, o->params.bw_mhz, sgi) == 0) {
		fprintf(stderr, PROG ": rate '%s' does not exist at %u MHz\n",
		        rate, o->params.bw_mhz);
		return 2;
	}
	return 0;
bad:
	usage(stderr);
	return 2;
}

static void print_second(const struct dvr_tx_stats *now,
                         const struct dvr_tx_stats *prev)
{
	printf(PROG ": submitted=%llu completed=%llu failed=%llu "
	       "timeouts=%llu bytes=%llu airtime_us=%llu in_flight=%u\n",
	       (unsigned long long)(now->submitted - prev->submitted),
	       (unsigned long long)(now->completed - prev->completed),
	       (unsigned long long)(now->failed - prev->failed),
	       (unsigned long long)(now->timeouts - prev->timeouts),
	       (unsigned long long)(now->bytes - prev->bytes),
	       (unsigned long long)(now->airtime_us - prev->airtime_us),
	       now->in_flight);
	fflush(stdout);
}

/* Is this send error the end of the device (not just one frame)? */
static bool send_error_is_fatal(int r)
{
	return r == DVR_E_NO_DEVICE || r == DVR_E_STATE;
}

int main(int argc, char **argv)
{
	struct tx_options o;
	int rc = parse_options(argc, argv, &o);
	if (rc)
		return rc;
	demo_install_signals();

	struct dvr_config cfg = {
		.on_event = on_event,
		.tx_mode = o.mode,
		.tx_power = (int)o.power * 100, /* dBm → mBm */
		.tx_defaults = o.params,
	};
	dvr_device *dev = NULL;
	int r = dvr_open(o.c.selector, &cfg, &dev);
	if (r != DVR_OK) {
		fprintf(stderr, PROG ": cannot open '%s': %s\n", o.c.selector,
		        dvr_strerror(r));
		return 1;
	}
	printf(PROG ": %s (%s), channel %u/%u MHz, %s, payload %lu B\n",
	       dvr_selector(dev), dvr_chip_name(dev), o.c.channel.channel,
	       o.c.channel.bw_mhz,
	       dvr_tx_mode(dev) == DVR_TX_SYNC ? "sync" : "async",
	       o.payload_len);
	fflush(stdout);
	r = dvr_start(dev, &o.c.channel);
	if (r != DVR_OK) {
		fprintf(stderr, PROG ": start failed: %s\n", dvr_strerror(r));
		dvr_close(dev);
		return 1;
	}
	const char *caveat = dvr_tx_caveat(dev, &o.c.channel);
	if (caveat)
		fprintf(stderr, PROG ": warning: frames on channel %u will "
		        "probably not be received: %s\n",
		        o.c.channel.channel, caveat);

	uint8_t frame[128 + DEMO_HDR_LEN + 2000];
	size_t rt_len = dvr_radiotap_build_tx(&o.params, frame, 128);
	if (rt_len == 0) {
		fprintf(stderr, PROG ": cannot describe the TX vector\n");
		dvr_close(dev);
		return 2;
	}
	size_t frame_len = rt_len + DEMO_HDR_LEN + o.payload_len;

	double start = demo_now_s(), next_report = start + 1.0;
	double next_send = start;
	struct dvr_tx_stats prev = {0}, now;
	unsigned long send_errors = 0;
	int last_error = DVR_OK;
	uint32_t seq = 0;
	bool fatal = false;

	while (!atomic_load(&demo_stop) &&
	       (o.c.count == 0 || seq < o.c.count)) {
		double t = demo_now_s();
		if (o.c.seconds && t - start >= (double)o.c.seconds)
			break;
		if (atomic_load(&fatal_error)) {
			fatal = true;
			break;
		}
		if (t >= next_report) {
			dvr_get_tx_stats(dev, &now);
			print_second(&now, &prev);
			prev = now;
			next_report += 1.0;
			if (next_report <= t) /* fell behind: no catch-up burst */
				next_report = t + 1.0;
		}
		if (o.interval_ms && t < next_send) {
			double wake = next_send < next_report ? next_send
			                                      : next_report;
			if (wake > t)
				demo_sleep_ms((unsigned)((wake - t) * 1000.0) + 1);
			continue;
		}
		demo_build_frame(frame + rt_len, seq, o.payload_len);
		r = dvr_send(dev, frame, frame_len);
		seq++;
		next_send += (double)o.interval_ms / 1000.0;
		if (r != DVR_OK) {
			send_errors++;
			if (r != last_error)
				fprintf(stderr, PROG ": send: %s\n",
				        dvr_strerror(r));
			last_error = r;
			if (send_error_is_fatal(r)) {
				fatal = true;
				break;
			}
		}
	}

	if (!fatal) {
		r = dvr_flush(dev, 3000);
		if (r != DVR_OK)
			fprintf(stderr, PROG ": flush: %s\n", dvr_strerror(r));
	}
	if (atomic_load(&fatal_error))
		fatal = true;
	dvr_get_tx_stats(dev, &now);
	double elapsed = demo_now_s() - start;
	dvr_close(dev);

	printf(PROG ": %.1f s, %lu send errors\n", elapsed, send_errors);
	printf(PROG ": sent=%llu completed=%llu failed=%llu timeouts=%llu "
	       "rejected=%llu bytes=%llu airtime_us=%llu\n",
	       (unsigned long long)now.submitted,
	       (unsigned long long)now.completed,
	       (unsigned long long)now.failed,
	       (unsigned long long)now.timeouts,
	       (unsigned long long)now.rejected,
	       (unsigned long long)now.bytes,
	       (unsigned long long)now.airtime_us);
	return fatal ? 1 : 0;
}
