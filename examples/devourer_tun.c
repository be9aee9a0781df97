/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourer-tun: an IP tunnel's end, between a TUN interface and UDP, for a
 * GStreamer pipeline that carries it over the radio (udpsrc -> devourersink,
 * devourersrc -> udpsink; examples/drone_telemetry.sh TUNNEL=1).
 *
 *   devourer-tun [-i IFNAME] [-a ADDR/PREFIX] [-m MTU] [-l [ADDR:]PORT]
 *                [-s ADDR:PORT] [-v]
 *   devourer-tun -h
 *
 * It holds no adapter: adapters are shared between the streams of one
 * process only, so the pipeline that sends the video owns the radio and
 * this program hands it IP packets over the loopback.
 *
 * On the UDP side every datagram is one wfb-ng tunnel payload (wfb-ng
 * wfb_ng/tuntap.py and src/wfb_tun.c): IP packets, each behind its length
 * as a big-endian 16-bit number, several to a datagram at most 1445 bytes
 * long (wfb-ng's radio_mtu), and an empty datagram is a keepalive. It sends
 * one packet a datagram (no aggregation delay) and takes batches, so a
 * wfb-ng tunnel on the other side understands it and is understood.
 *
 * Nothing is dropped silently: packets too long for a datagram, malformed
 * batches, packets from the radio longer than the interface's MTU, packets
 * the kernel refuses and send errors are counted, printed every second
 * with -v and always at the end.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/if_tun.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* wfb-ng's radio_mtu: the longest tunnel payload, length headers included. */
#define TUN_PAYLOAD_MAX 1445
#define LEN_HDR 2
#define DEFAULT_MTU (TUN_PAYLOAD_MAX - LEN_HDR)

struct counters {
	uint64_t to_udp, to_udp_bytes;     /* packets read from the TUN, sent */
	uint64_t from_udp, from_udp_bytes; /* packets written to the TUN */
	uint64_t too_long;      /* read from the TUN, longer than a payload */
	uint64_t oversize;      /* from the radio, longer than the TUN's MTU */
	uint64_t send_errors;   /* sendto failed */
	uint64_t malformed;     /* datagrams whose batch did not parse */
	uint64_t refused;       /* packets the TUN would not take */
	uint64_t keepalives;    /* empty datagrams */
};

static void usage(FILE *to, int status)
{
	fprintf(to,
	        "usage: devourer-tun [-i IFNAME] [-a ADDR/PREFIX] [-m MTU] "
	        "[-l [ADDR:]PORT] [-s ADDR:PORT] [-v]\n"
	        "  -i  TUN interface name (default devourer0)\n"
	        "  -a  IPv4 address and prefix to give it, e.g. 10.5.0.2/24 "
	        "(default: none, set it yourself)\n"
	        "  -m  interface MTU, at most %d (default %d)\n"
	        "  -l  UDP address to take packets from the radio on "
	        "(default 127.0.0.1:5800)\n"
	        "  -s  UDP address to send packets for the radio to "
	        "(default 127.0.0.1:5801)\n"
	        "  -v  print the counters every second\n"
	        "  -h  print the usage and exit\n",
	        DEFAULT_MTU, DEFAULT_MTU);
	exit(status);
}

/* "PORT", "ADDR:PORT" (IPv4). */
static bool parse_udp(const char *s, bool need_addr, struct sockaddr_in *out)
{
	const char *colon = strrchr(s, ':');
	const char *port_s = colon ? colon + 1 : s;
	char addr[INET_ADDRSTRLEN];
	char *end;
	unsigned long port;

	memset(out, 0, sizeof(*out));
	out->sin_family = AF_INET;
	out->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (colon) {
		size_t n = (size_t)(colon - s);

		if (n == 0 || n >= sizeof(addr))
			return false;
		memcpy(addr, s, n);
		addr[n] = '\0';
		if (inet_pton(AF_INET, addr, &out->sin_addr) != 1)
			return false;
	} else if (need_addr) {
		return false;
	}
	errno = 0;
	port = strtoul(port_s, &end, 10);
	if (errno || end == port_s || *end || port == 0 || port > 65535)
		return false;
	out->sin_port = htons((uint16_t)port);
	return true;
}

/* "A.B.C.D/N". */
static bool parse_prefix(const char *s, struct in_addr *addr,
                         struct in_addr *mask)
{
	const char *slash = strchr(s, '/');
	char a[INET_ADDRSTRLEN];
	char *end;
	unsigned long bits;
	size_t n;

	if (!slash)
		return false;
	n = (size_t)(slash - s);
	if (n == 0 || n >= sizeof(a))
		return false;
	memcpy(a, s, n);
	a[n] = '\0';
	if (inet_pton(AF_INET, a, addr) != 1)
		return false;
	errno = 0;
	bits = strtoul(slash + 1, &end, 10);
	if (errno || end == slash + 1 || *end || bits > 32)
		return false;
	mask->s_addr = htonl(bits == 0 ? 0 : 0xffffffffu << (32 - bits));
	return true;
}

static const char *why_open(int err)
{
	if (err == EPERM || err == EACCES)
		return " (creating a TUN interface needs CAP_NET_ADMIN: run it "
		       "as root or give it the capability, e.g. setcap "
		       "cap_net_admin+ep)";
	if (err == ENOENT || err == ENODEV)
		return " (no TUN support: load the tun module)";
	if (err == EBUSY)
		return " (another program holds an interface of that name)";
	return "";
}

/* The interface, configured and up. Returns its descriptor or -1. */
static int tun_open(const char *name, int mtu, const char *prefix)
{
	struct ifreq ifr;
	struct in_addr addr = { 0 }, mask = { 0 };
	int fd, ctl = -1;

	if (prefix && !parse_prefix(prefix, &addr, &mask)) {
		fprintf(stderr, "devourer-tun: -a %s: not ADDR/PREFIX "
		        "(e.g. 10.5.0.2/24)\n", prefix);
		return -1;
	}
	fd = open("/dev/net/tun", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "devourer-tun: /dev/net/tun: %s%s\n",
		        strerror(errno), why_open(errno));
		return -1;
	}
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
	memcpy(ifr.ifr_name, name, strlen(name) + 1);
	if (ioctl(fd, TUNSETIFF, &ifr) < 0) {
		fprintf(stderr, "devourer-tun: cannot create %s: %s%s\n", name,
		        strerror(errno), why_open(errno));
		goto fail;
	}
	ctl = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (ctl < 0) {
		fprintf(stderr, "devourer-tun: socket: %s\n", strerror(errno));
		goto fail;
	}
	ifr.ifr_mtu = mtu;
	if (ioctl(ctl, SIOCSIFMTU, &ifr) < 0) {
		fprintf(stderr, "devourer-tun: %s: mtu %d: %s\n", name, mtu,
		        strerror(errno));
		goto fail;
	}
	if (prefix) {
		struct sockaddr_in *sin = (struct sockaddr_in *)&ifr.ifr_addr;

		memset(&ifr.ifr_addr, 0, sizeof(ifr.ifr_addr));
		sin->sin_family = AF_INET;
		sin->sin_addr = addr;
		if (ioctl(ctl, SIOCSIFADDR, &ifr) < 0) {
			fprintf(stderr, "devourer-tun: %s: address %s: %s\n",
			        name, prefix, strerror(errno));
			goto fail;
		}
		sin->sin_addr = mask;
		if (ioctl(ctl, SIOCSIFNETMASK, &ifr) < 0) {
			fprintf(stderr, "devourer-tun: %s: netmask of %s: %s\n",
			        name, prefix, strerror(errno));
			goto fail;
		}
	}
	if (ioctl(ctl, SIOCGIFFLAGS, &ifr) < 0) {
		fprintf(stderr, "devourer-tun: %s: %s\n", name, strerror(errno));
		goto fail;
	}
	ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
	if (ioctl(ctl, SIOCSIFFLAGS, &ifr) < 0) {
		fprintf(stderr, "devourer-tun: %s: cannot bring it up: %s\n",
		        name, strerror(errno));
		goto fail;
	}
	close(ctl);
	return fd;
fail:
	if (ctl >= 0)
		close(ctl);
	close(fd);
	return -1;
}

static void print_counters(const struct counters *c, const char *when)
{
	printf("devourer-tun:%s to-radio %" PRIu64 " packets %" PRIu64
	       " bytes, from-radio %" PRIu64 " packets %" PRIu64
	       " bytes, too-long %" PRIu64 ", send-errors %" PRIu64
	       ", malformed %" PRIu64 ", oversize %" PRIu64 ", refused %"
	       PRIu64 ", keepalives %" PRIu64 "\n",
	       when, c->to_udp, c->to_udp_bytes, c->from_udp,
	       c->from_udp_bytes, c->too_long, c->send_errors, c->malformed,
	       c->oversize, c->refused, c->keepalives);
	fflush(stdout);
}

/* One packet the TUN gave: behind its length, in a datagram of its own. */
static void tun_to_udp(int tun, int udp, const struct sockaddr_in *peer,
                       struct counters *c)
{
	uint8_t buf[LEN_HDR + 65536];
	ssize_t n = read(tun, buf + LEN_HDR, sizeof(buf) - LEN_HDR);

	if (n <= 0)
		return;
	if ((size_t)n + LEN_HDR > TUN_PAYLOAD_MAX) {
		c->too_long++;
		return;
	}
	buf[0] = (uint8_t)((size_t)n >> 8);
	buf[1] = (uint8_t)n;
	if (sendto(udp, buf, (size_t)n + LEN_HDR, 0,
	           (const struct sockaddr *)peer, sizeof(*peer)) < 0) {
		c->send_errors++;
		return;
	}
	c->to_udp++;
	c->to_udp_bytes += (uint64_t)n;
}

/*
 * One datagram from the radio: a batch of packets, or a keepalive. A
 * packet longer than the interface's MTU is counted, not written: the
 * kernel would take it from a TUN whatever its MTU, and a peer that sends
 * one (a wfb-ng tunnel with a larger MTU, or a forger with the key) would
 * put on the network a packet the local stack never agreed to.
 */
static void udp_to_tun(int udp, int tun, size_t mtu, struct counters *c)
{
	uint8_t buf[65536];
	ssize_t n = recv(udp, buf, sizeof(buf), 0);
	size_t off = 0;

	if (n < 0)
		return;
	if (n == 0) {
		c->keepalives++;
		return;
	}
	while (off < (size_t)n) {
		size_t len;

		if ((size_t)n - off < LEN_HDR) {
			c->malformed++;
			return;
		}
		len = ((size_t)buf[off] << 8) | buf[off + 1];
		off += LEN_HDR;
		if (len > (size_t)n - off) {
			c->malformed++;
			return;
		}
		if (len > mtu) {
			c->oversize++;
		} else if (len == 0 ||
		           write(tun, buf + off, len) != (ssize_t)len) {
			c->refused++;
		} else {
			c->from_udp++;
			c->from_udp_bytes += len;
		}
		off += len;
	}
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

int main(int argc, char **argv)
{
	const char *ifname = "devourer0", *prefix = NULL;
	const char *listen_s = "127.0.0.1:5800", *send_s = "127.0.0.1:5801";
	struct sockaddr_in listen_addr, peer;
	struct counters c = {0};
	bool verbose = false;
	long mtu = DEFAULT_MTU;
	uint64_t next_print;
	sigset_t sigs;
	int opt, tun, udp, sfd, status = 0;
	char *end;

	while ((opt = getopt(argc, argv, "i:a:m:l:s:vh")) != -1) {
		switch (opt) {
		case 'i':
			ifname = optarg;
			break;
		case 'a':
			prefix = optarg;
			break;
		case 'm':
			errno = 0;
			mtu = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || mtu < 68 ||
			    mtu > DEFAULT_MTU) {
				fprintf(stderr, "devourer-tun: -m %s: an MTU "
				        "from 68 to %d (a packet and its "
				        "length must fit one %d-byte tunnel "
				        "payload)\n", optarg, DEFAULT_MTU,
				        TUN_PAYLOAD_MAX);
				return 2;
			}
			break;
		case 'l':
			listen_s = optarg;
			break;
		case 's':
			send_s = optarg;
			break;
		case 'v':
			verbose = true;
			break;
		case 'h':
			usage(stdout, 0);
			break;
		default:
			usage(stderr, 2);
		}
	}
	if (optind < argc)
		usage(stderr, 2);
	if (strlen(ifname) == 0 || strlen(ifname) >= IFNAMSIZ) {
		fprintf(stderr, "devourer-tun: -i %s: an interface name of 1 "
		        "to %d characters\n", ifname, IFNAMSIZ - 1);
		return 2;
	}
	if (!parse_udp(listen_s, false, &listen_addr)) {
		fprintf(stderr, "devourer-tun: -l %s: not [ADDR:]PORT\n",
		        listen_s);
		return 2;
	}
	if (!parse_udp(send_s, true, &peer)) {
		fprintf(stderr, "devourer-tun: -s %s: not ADDR:PORT\n", send_s);
		return 2;
	}

	/* SIGINT and SIGTERM end the loop through a descriptor it polls. */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	if (sigprocmask(SIG_BLOCK, &sigs, NULL) < 0 ||
	    (sfd = signalfd(-1, &sigs, SFD_CLOEXEC)) < 0) {
		fprintf(stderr, "devourer-tun: signals: %s\n", strerror(errno));
		return 1;
	}
	udp = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (udp < 0 || bind(udp, (const struct sockaddr *)&listen_addr,
	                    sizeof(listen_addr)) < 0) {
		fprintf(stderr, "devourer-tun: -l %s: %s\n", listen_s,
		        strerror(errno));
		return 1;
	}
	tun = tun_open(ifname, (int)mtu, prefix);
	if (tun < 0)
		return 1;
	printf("devourer-tun: %s up%s%s, mtu %ld; packets for the radio to "
	       "udp %s, from the radio on udp %s\n", ifname,
	       prefix ? ", " : "", prefix ? prefix : "", mtu, send_s,
	       listen_s);
	fflush(stdout);

	next_print = now_ms() + 1000;
	for (;;) {
		struct pollfd p[3] = {
			{.fd = tun, .events = POLLIN},
			{.fd = udp, .events = POLLIN},
			{.fd = sfd, .events = POLLIN},
		};
		int timeout = -1;

		if (verbose) {
			uint64_t t = now_ms();

			if (t >= next_print) {
				print_counters(&c, "");
				next_print = t + 1000;
			}
			timeout = (int)(next_print - t);
		}
		if (poll(p, 3, timeout) < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "devourer-tun: poll: %s\n",
			        strerror(errno));
			status = 1;
			break;
		}
		if (p[2].revents)
			break;
		if (p[0].revents & (POLLERR | POLLHUP | POLLNVAL)) {
			fprintf(stderr, "devourer-tun: %s went away\n", ifname);
			status = 1;
			break;
		}
		if (p[0].revents & POLLIN)
			tun_to_udp(tun, udp, &peer, &c);
		if (p[1].revents & POLLIN)
			udp_to_tun(udp, tun, (size_t)mtu, &c);
	}
	print_counters(&c, " end:");
	close(tun);
	close(udp);
	close(sfd);
	return status;
}
