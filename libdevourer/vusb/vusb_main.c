/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourer-vusb: run any program with virtual USB adapters plugged in.
 *
 *   devourer-vusb [--adapter NAME[:VID:PID][,options]]... [--trace FILE]
 *                 [--fault [NAME@]KIND[:k=v,...]]... -- PROGRAM ARGS...
 *
 * This process creates the umockdev test bed, one chip model per
 * --adapter (on the shared air, $DEVOURER_AIR_DIR, like virtual:
 * adapters) and answers the usbfs ioctls of their device nodes. PROGRAM
 * runs as a child with libumockdev-preload.so.0 in LD_PRELOAD and the
 * test bed's $UMOCKDEV_DIR: its libusb (unmodified) finds the adapters
 * on bus 1 (bus 2 once a chip has re-enumerated at SuperSpeed, which
 * the test bed's hub thread here does for it) and every ioctl comes back
 * here over umockdev's socket. The child is started with posix_spawn, so
 * nothing of umockdev's state is carried across a fork (0.17.16 does not
 * reinitialise its locks).
 *
 * Exit status: PROGRAM's, 128+signal when it was killed, 2 on bad usage,
 * 1 when the adapters could not be set up.
 */
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libdevourer/virtual/vchip_fault.h"
#include "libdevourer/virtual/vchip_personality.h"
#include "libdevourer/vusb/vusb.h"

#define PROG "devourer-vusb"
#define MAX_ADAPTERS 8
#define MAX_FAULTS 16

extern char **environ;

static volatile sig_atomic_t child_pid;

static void usage(FILE *to)
{
	fprintf(to,
	        "usage: " PROG " [--adapter NAME[:VID:PID][,options]]... "
	        "[--trace FILE]\n"
	        "                     [--fault [NAME@]KIND[:k=v,...]]... -- "
	        "PROGRAM [ARGS...]\n"
	        "  --adapter  a virtual USB adapter (default: one named vusb,\n"
	        "             0bda:8812); VID:PID chooses the chip model\n"
	        "             (chip= overrides); options as for virtual:\n"
	        "             adapters: chip=NAME, loss=0..1, rssi=dBm,\n"
	        "             noise=dBm, seed=N, eps=2..4, usb3switch=0\n"
	        "             (an 8822C or 8822B whose EFUSE asks for the\n"
	        "             USB3 switch; the adapter then re-enumerates on\n"
	        "             bus 2)\n"
	        "  --trace    register trace of the driver in PROGRAM "
	        "(sets DEVOURER_TRACE)\n"
	        "  --fault    bus fault on every adapter or on NAME:\n"
	        "             tx-nak[:at=MS,for=MS]   bulk OUT NAKs (TX FIFO "
	        "full)\n"
	        "             stall[:ep=0xNN,at=MS]   endpoint halts until "
	        "cleared\n"
	        "             ctrl-timeout[:at=MS,for=MS] control transfers "
	        "time out\n"
	        "             short-rx[:at=MS,count=N] bulk IN transfers cut "
	        "short\n"
	        "             unplug[:at=MS]          surprise removal\n"
	        "             any of them after-ctrl=N: due once N control "
	        "transfers\n"
	        "             were answered\n"
	        "  Adapters share the air with virtual: adapters "
	        "($DEVOURER_AIR_DIR).\n");
}

struct adapter_arg {
	char name[48];
	char options[192];
	uint16_t vid, pid;
};

/* "NAME[:VID:PID][,options]" */
static int parse_adapter(const char *s, struct adapter_arg *a)
{
	memset(a, 0, sizeof *a);
	const char *comma = strchr(s, ',');
	size_t head = comma ? (size_t)(comma - s) : strlen(s);
	char buf[96];
	if (head == 0 || head >= sizeof buf)
		return -1;
	memcpy(buf, s, head);
	buf[head] = '\0';
	if (comma && strlen(comma + 1) >= sizeof a->options)
		return -1;
	if (comma)
		strcpy(a->options, comma + 1);
	char *colon = strchr(buf, ':');
	if (colon) {
		*colon = '\0';
		unsigned vid, pid;
		char tail;
		if (sscanf(colon + 1, "%4x:%4x%c", &vid, &pid, &tail) != 2 ||
		    vid == 0 || pid == 0)
			return -1;
		a->vid = (uint16_t)vid;
		a->pid = (uint16_t)pid;
	}
	size_t n = strlen(buf);
	if (n == 0 || n >= sizeof a->name)
		return -1;
	for (size_t i = 0; i < n; i++) {
		char c = buf[i];
		if (!(c == '-' || c == '_' || (c >= '0' && c <= '9') ||
		      (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
			return -1;
	}
	strcpy(a->name, buf);
	return 0;
}

/* A signal sent to us alone goes on to PROGRAM; one from the terminal
 * (si_code SI_KERNEL) reached PROGRAM's process group already. */
static void forward(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	if (child_pid > 0 && (!si || si->si_code != SI_KERNEL))
		kill((pid_t)child_pid, sig);
}

static int run_child(char **argv)
{
	pid_t pid;
	int r = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
	if (r != 0) {
		fprintf(stderr, PROG ": cannot run %s: %s\n", argv[0],
		        strerror(r));
		return 127;
	}
	child_pid = pid;
	int status = 0;
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			perror(PROG ": waitpid");
			return 1;
		}
	}
	child_pid = 0;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}

int main(int argc, char **argv)
{
	struct adapter_arg ad[MAX_ADAPTERS];
	unsigned n_ad = 0;
	struct {
		char target[48];
		struct vchip_fault f;
	} faults[MAX_FAULTS];
	unsigned n_faults = 0;
	const char *trace = NULL;
	int i = 1;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0) {
			i++;
			break;
		}
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			usage(stdout);
			return 0;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, PROG ": %s needs a value\n", a);
			usage(stderr);
			return 2;
		}
		const char *v = argv[++i];
		if (strcmp(a, "--adapter") == 0) {
			if (n_ad == MAX_ADAPTERS ||
			    parse_adapter(v, &ad[n_ad]) < 0) {
				fprintf(stderr, PROG ": bad or too many "
				        "--adapter '%s'\n", v);
				return 2;
			}
			n_ad++;
		} else if (strcmp(a, "--trace") == 0) {
			trace = v;
		} else if (strcmp(a, "--fault") == 0) {
			if (n_faults == MAX_FAULTS) {
				fprintf(stderr, PROG ": too many --fault\n");
				return 2;
			}
			const char *at = strchr(v, '@');
			const char *spec = at ? at + 1 : v;
			faults[n_faults].target[0] = '\0';
			if (at) {
				size_t n = (size_t)(at - v);
				if (n == 0 || n >= sizeof faults[0].target) {
					fprintf(stderr, PROG ": bad fault "
					        "target in '%s'\n", v);
					return 2;
				}
				memcpy(faults[n_faults].target, v, n);
				faults[n_faults].target[n] = '\0';
			}
			char err[160];
			if (vchip_fault_parse(spec, &faults[n_faults].f, err,
			                      sizeof err) < 0) {
				fprintf(stderr, PROG ": %s\n", err);
				return 2;
			}
			n_faults++;
		} else {
			fprintf(stderr, PROG ": unknown option %s\n", a);
			usage(stderr);
			return 2;
		}
	}
	if (i >= argc) {
		fprintf(stderr, PROG ": no program given after --\n");
		usage(stderr);
		return 2;
	}
	if (n_ad == 0) {
		strcpy(ad[0].name, "vusb");
		ad[0].options[0] = '\0';
		ad[0].vid = ad[0].pid = 0;
		n_ad = 1;
	}
	for (unsigned f = 0; f < n_faults; f++) {
		bool known = !faults[f].target[0];
		for (unsigned k = 0; k < n_ad; k++)
			known |= strcmp(faults[f].target, ad[k].name) == 0;
		if (!known) {
			fprintf(stderr, PROG ": --fault names no adapter '%s'\n",
			        faults[f].target);
			return 2;
		}
	}

	char err[200];
	struct vusb *vb;
	if (vusb_new(&vb, err, sizeof err) < 0) {
		fprintf(stderr, PROG ": %s\n", err);
		return 1;
	}
	int rc = 0;
	for (unsigned k = 0; k < n_ad && rc == 0; k++) {
		struct vchip_config cfg = {.name = ad[k].name};
		if (vchip_config_parse(&cfg, ad[k].options, err, sizeof err) <
		    0) {
			fprintf(stderr, PROG ": adapter %s: %s\n", ad[k].name,
			        err);
			rc = 2;
			break;
		}
		if (ad[k].vid) {
			cfg.vid = ad[k].vid;
			cfg.pid = ad[k].pid;
			/* The VID:PID says which chip it is, as a driver's
			 * ID table would, unless chip= said otherwise. */
			if (!cfg.chip)
				cfg.chip = vchip_personality_by_usb_id(cfg.vid,
				                                       cfg.pid);
			if (!cfg.chip) {
				fprintf(stderr,
				        PROG ": adapter %s: no chip model for "
				        "%04x:%04x (chips: %s; name one with "
				        "chip=)\n",
				        ad[k].name, cfg.vid, cfg.pid,
				        vchip_personality_names());
				rc = 2;
				break;
			}
		}
		struct vusb_dev *d;
		if (vusb_add(vb, &cfg, &d, err, sizeof err) < 0) {
			fprintf(stderr, PROG ": adapter %s: %s\n", ad[k].name,
			        err);
			rc = 1;
			break;
		}
		struct vchip_usb_desc u;
		vchip_usb_desc(vusb_chip(d), &u);
		unsigned bus = 0, port = 0, addr = 0, mbps = 0;
		vusb_location(d, &bus, &port, &addr, &mbps);
		fprintf(stderr, PROG ": %s: %04x:%04x (%s) at usb %u-%u, %u "
		        "Mbit/s (%s)\n", ad[k].name, u.vid, u.pid,
		        vchip_chip_name(vusb_chip(d)), bus, port, mbps,
		        vusb_devnode(d));
		for (unsigned f = 0; f < n_faults; f++) {
			if (faults[f].target[0] &&
			    strcmp(faults[f].target, ad[k].name) != 0)
				continue;
			int r = vchip_fault_arm(vusb_chip(d), &faults[f].f);
			if (r < 0) {
				fprintf(stderr, PROG ": %s: cannot arm fault: "
				        "%s\n", ad[k].name, strerror(-r));
				rc = 2;
			}
		}
	}
	if (rc == 0) {
		/* A sanitizer build of this launcher means the programs of
		 * the same build are instrumented too: their runtime must
		 * come first in LD_PRELOAD (vusb_preload_value). */
		char pre[4096];
		if (vusb_preload_value(pre, sizeof pre) == 0)
			setenv("LD_PRELOAD", pre, 1);
		if (trace)
			setenv("DEVOURER_TRACE", trace, 1);
		struct sigaction sa = {.sa_sigaction = forward,
		                       .sa_flags = SA_SIGINFO};
		sigemptyset(&sa.sa_mask);
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGHUP, &sa, NULL);
		rc = run_child(argv + i);
	}
	vusb_free(vb);
	return rc;
}
